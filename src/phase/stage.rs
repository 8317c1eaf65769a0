//! [`Phase`]: one phase of a [`PhaseSolver`](super::PhaseSolver), its moves, coordinates and tables, as
//! the solver builds them and the search reads them.

use super::coords::PhaseCoords;
use super::full::FullTable;
use super::masks::{MoveMasks, MAX_MASKED_ENTRIES, MAX_MASKED_MOVES};
use super::relabel::Relabel;
use super::table::ProjectionTable;
use super::PhaseInfo;
use crate::group::StabilizerChain;
use crate::model::puzzle::MoveRef;

/// One phase: from the positions of `G_i` to the cosets of `H_i` (the target for the last phase).
#[derive(Debug)]
pub(crate) struct Phase {
    /// The phase's moves, in the order of the coordinates' move tables.
    pub(crate) moves: Vec<MoveRef>,
    /// Each move's cost in the metric.
    pub(crate) costs: Vec<u8>,
    /// Whether each move belongs to the next phase's group (a phase solution never ends with one).
    pub(crate) in_next: Vec<bool>,
    /// Maps positions to this phase's cosets.
    pub(crate) relabel: Relabel,
    /// The coordinates and their move tables.
    pub(crate) coords: PhaseCoords,
    /// Projection tables (maximum of their distances is the bound).
    pub(crate) tables: Vec<ProjectionTable>,
    /// Per projection table (same order), its move masks where it has them (tables of at most
    /// [`MAX_MASKED_ENTRIES`] entries); empty where the phase has none (more than [`MAX_MASKED_MOVES`]
    /// moves, or moves of other costs than one).
    pub(crate) masks: Vec<Option<MoveMasks>>,
    /// Whether the projection tables get masks (asked for, and the phase [`masked`](Self::masked)).
    pub(crate) with_masks: bool,
    /// The exact distance of every coset, where it fits the budget (then the only projections are the
    /// masked ones, kept where they fit as a filter of the moves worth trying).
    pub(crate) full: Option<FullTable>,
    /// Whether reaching the goal coordinates means being in `H_i` (else membership is checked).
    pub(crate) exact: bool,
    /// `H_i`'s chain, for the membership check of inexact phases.
    pub(crate) chain_h: Option<StabilizerChain>,
    /// Whether [`Phase::full`] is to be built.
    pub(crate) full_planned: bool,
    pub(crate) info: PhaseInfo,
}

impl Phase {
    /// Whether the phase's projection tables can have move masks: few enough moves, each of cost one.
    pub(crate) fn masked(&self) -> bool {
        self.moves.len() <= MAX_MASKED_MOVES && self.costs.iter().all(|&c| c == 1)
    }

    /// Bytes of a projection table of `entries` entries: the distances, and the masks where it has them.
    pub(crate) fn projection_bytes(&self, entries: u64) -> u64 {
        let masks = self.with_masks && entries <= MAX_MASKED_ENTRIES;
        entries.saturating_mul(1 + if masks { MoveMasks::ENTRY_BYTES } else { 0 })
    }
}
