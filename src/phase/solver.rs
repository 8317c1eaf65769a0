//! [`PhaseSolver`]: builds each phase's coordinates and tables for a chain of subgroups, then solves
//! positions with them (the search itself is in `search`).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::conjugate::{conjugates, Conjugate};
use super::coords::PhaseCoords;
use super::full::FullTable;
use super::masks::MAX_MASKED_ENTRIES;
use super::relabel::Relabel;
use super::search::{Search, Shared, Tables};
use super::stage::Phase;
use super::table::{choose_projections, ProjectionTable};
use super::{
    PhaseInfo, PhasePlan, PhaseSolveOptions, PhaseSolveReport, PhaseSolverOptions, DEFAULT_PROJECTION_ENTRIES,
};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::{puzzle_chain, Membership, StabilizerChain};
use crate::model::layout::Layout;
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::search::Target;

/// A multi-phase solver: tables are built by [`PhaseSolver::new`] and immutable afterwards, so one solver
/// serves many [`PhaseSolver::solve`] calls, from several threads at once.
#[derive(Debug)]
pub struct PhaseSolver {
    pub(super) puzzle: Arc<Puzzle>,
    pub(super) target: Target,
    chain_g: StabilizerChain,
    pub(crate) phases: Vec<Phase>,
    /// Per row (see `follow_rules`: after each base move within a phase, at the start, after each base
    /// move at a phase boundary), per base move: whether a move of it may come next.
    pub(crate) follows: Vec<Vec<bool>>,
    /// Rotations turning the chain into the other chains searched beside it (see `conjugate`).
    pub(super) conjugates: Vec<Conjugate>,
    table_bytes: usize,
    /// What the tables depend on (see `persist::key`), kept for [`PhaseSolver::save_tables`].
    pub(super) plan_key: Vec<(&'static str, u64)>,
}

impl PhaseSolver {
    /// Builds the tables of every phase. Errors when a phase's subgroup is not inside the previous
    /// group, a coordinate is too large, or the tables would exceed `memory_bytes` (checked before
    /// allocating them).
    pub fn new(puzzle: Arc<Puzzle>, options: PhaseSolverOptions, control: Control) -> Result<Self> {
        Self::build(puzzle, options, None, control)
    }

    /// [`PhaseSolver::new`] with the tables read from `saved` (bytes of [`PhaseSolver::save_tables`])
    /// instead of filled: refused with an error when they were made for another puzzle, move set, chain,
    /// metric, target or table plan (another memory budget can give another plan), or are damaged. Move
    /// tables are still built (they take milliseconds).
    pub fn with_saved_tables(
        puzzle: Arc<Puzzle>,
        options: PhaseSolverOptions,
        saved: &[u8],
        control: Control,
    ) -> Result<Self> {
        Self::build(puzzle, options, Some(saved), control)
    }

    /// The tables as bytes (versioned, checksummed, compressed: see `phase::persist`), for a later
    /// [`PhaseSolver::with_saved_tables`].
    pub fn save_tables(&self) -> Vec<u8> {
        super::persist::save(&self.phases, &self.plan_key)
    }

    /// A key for the tables `options` make on `puzzle` (puzzle, moves, chain, metric, target and the
    /// options that choose the tables: memory budget, projection size, full tables, masks), as 16 hex
    /// digits: where a shell keeps their saved bytes. Cheap: no group is computed, no table planned.
    pub fn tables_key(puzzle: &Puzzle, options: &PhaseSolverOptions) -> Result<String> {
        let (target, groups) = groups_of(puzzle, options)?;
        Ok(format!("{:016x}", super::persist::combined(&super::persist::key(puzzle, &target, &groups, options))))
    }

    fn build(puzzle: Arc<Puzzle>, options: PhaseSolverOptions, saved: Option<&[u8]>, control: Control) -> Result<Self> {
        let p = &*puzzle;
        let plan = plan_all(p, &options)?;
        let plan_key = super::persist::key(p, &plan.target, &plan.groups, &options);
        let saved = match saved {
            Some(bytes) => Some(super::persist::open(bytes, &plan_key, plan.total)?),
            None => None,
        };
        let Planned { target, groups, chains, planned, total } = plan;
        let conjugates = if options.turned_searches { conjugates(p, &groups) } else { Vec::new() };
        let mut phases = Vec::new();
        let mut reader = saved.map(super::persist::TableReader::new);
        for (i, (mut phase, projections)) in planned.into_iter().enumerate() {
            phase.coords.build_tables();
            if let Some(r) = reader.as_mut() {
                r.read_phase(p, &mut phase, &projections)?;
            } else {
                phase.tables = build_tables(&phase, projections, control)?;
                // The smallest first: the search stops at the first table that prunes, and small ones are
                // likelier in cache.
                crate::sort::sort_by_key(&mut phase.tables, ProjectionTable::len);
                if phase.with_masks {
                    phase.masks = phase
                        .tables
                        .iter()
                        .map(|t| (t.len() as u64 <= MAX_MASKED_ENTRIES).then(|| t.move_masks(&phase.coords)))
                        .collect();
                }
                if phase.full_planned {
                    let gt: Vec<&[u8]> = phase.moves.iter().map(|&m| p.transform(m)).collect();
                    phase.full = Some(FullTable::build(p, &phase.coords, phase.relabel.start(), &gt, control)?);
                }
            }
            let index = chains.get(i + 1).map_or_else(|| chains[i].order(), |h| chains[i].order() / h.order());
            finish_info(&mut phase, index);
            if !phase.exact && i + 1 < chains.len() {
                phase.chain_h = Some(chains[i + 1].clone());
            }
            phases.push(phase);
        }
        if let Some(r) = reader {
            r.finish()?;
        }
        let follows = follow_rules(p);
        let chain_g = chains.into_iter().next().expect("at least one group");
        Ok(PhaseSolver { puzzle, target, chain_g, phases, follows, conjugates, table_bytes: total as usize, plan_key })
    }

    /// What each phase of a chain would be, without building any table: its coordinates, its number of
    /// cosets against the group index `|G_i| / |H_i|` (Schreier–Sims), and the bytes of its move and
    /// projection tables; a phase that cannot be planned (a coordinate past `u32`, too many coordinates)
    /// has its reason instead. For trying chains out: a phase whose cosets are fewer than the index is not
    /// exact (its solutions are kept only when they reach `H_i`, one in `index / cosets` of them on
    /// average). Errors only when the chain itself is bad (a phase's moves outside the previous group).
    pub fn plan(puzzle: &Puzzle, options: &PhaseSolverOptions) -> Result<Vec<PhasePlan>> {
        let (target, groups, chains) = chain_of(puzzle, options)?;
        let mut plans = Vec::new();
        for i in 0..groups.len() {
            let index = chains.get(i + 1).map_or_else(|| chains[i].order(), |h| chains[i].order() / h.order());
            let group_index = index.to_u128();
            let plan = match plan_phase(puzzle, target.bytes(), &groups[i], groups.get(i + 1), options) {
                Ok(((phase, projections), bytes)) => PhasePlan {
                    cosets: Some(phase.info.cosets),
                    group_index,
                    exact: group_index == Some(phase.info.cosets),
                    coordinate_sizes: phase.info.coordinate_sizes,
                    projections,
                    table_bytes: Some(bytes),
                    error: None,
                },
                Err(e) => PhasePlan {
                    cosets: None,
                    group_index,
                    exact: false,
                    coordinate_sizes: Vec::new(),
                    projections: Vec::new(),
                    table_bytes: None,
                    error: Some(e.to_string()),
                },
            };
            plans.push(plan);
        }
        Ok(plans)
    }

    /// Bytes all tables take (move tables and distance tables).
    pub fn table_bytes(&self) -> usize {
        self.table_bytes
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Arc<Puzzle> {
        &self.puzzle
    }

    /// Facts about each phase's tables.
    pub fn phase_info(&self) -> Vec<PhaseInfo> {
        // The distributions are counted here, not when the tables are built: only reports ask for them.
        self.phases
            .iter()
            .map(|ph| {
                let mut info = ph.info.clone();
                info.tables = ph.tables.iter().map(|t| (t.coords().to_vec(), t.distribution())).collect();
                if let Some(full) = &ph.full {
                    info.tables.push(((0..ph.coords.len()).collect(), full.distribution()));
                }
                info
            })
            .collect()
    }

    /// The coset of `state` in phase `phase` (0-based): the mixed-radix number of its coordinates after
    /// relabelling, `None` when the state is not a position of that phase. The target's coset is the
    /// goal; every element of the phase's subgroup applied to the target has the same coset as it.
    pub fn coset_of(&self, phase: usize, state: &State) -> Option<u128> {
        let ph = self.phases.get(phase)?;
        let p = &*self.puzzle;
        let normal = self.target.normalize(p.layout(), state.as_bytes()).ok()?;
        let relabelled = ph.relabel.apply(p.layout(), &normal)?;
        let vals = ph.coords.of_state(&relabelled)?;
        Some(vals.iter().zip(ph.coords.sizes()).fold(0u128, |a, (&v, s)| a * s as u128 + v as u128))
    }

    /// Whether a state may reach the target with the first phase's moves (group membership; `true` where
    /// undecided).
    pub fn reaches(&self, state: &State) -> Result<bool> {
        let start = self.target.normalize(self.puzzle.layout(), state.as_bytes())?;
        Ok(crate::group::reachable(&self.chain_g, self.target.bytes(), &start)? != Membership::Unreachable)
    }

    /// Solves a position: phase-1 solutions by increasing length, each continued by the later phases within
    /// the best total so far, until a solution of `target_length` or less, the node budget, the
    /// cancellation, or the proof that no shorter solution goes through the phases. Returns the best
    /// solution found (verified); on cancellation or past the node budget, the best so far, or an error
    /// when there is none.
    pub fn solve(&self, state: &State, options: &PhaseSolveOptions, control: Control) -> Result<PhaseSolveReport> {
        let p = &*self.puzzle;
        let start = self.target.normalize(p.layout(), state.as_bytes())?;
        if crate::group::reachable(&self.chain_g, self.target.bytes(), &start)? == Membership::Unreachable {
            return Err(Error::new("the position cannot be reached with these moves"));
        }
        // First only up to the target length (each phase then searched no deeper than the target leaves
        // it); only when that whole search finds nothing, without the cap, for the best there is.
        let shared = Shared::new(options.target_length.unwrap_or(u32::MAX));
        let mut outcome = self.search(&start, options, control, &shared);
        if outcome.is_ok() && shared.best().is_none() && shared.uncap() {
            outcome = self.search(&start, options, control, &shared);
        }
        let Some((solution, phase_lengths, inverse)) = shared.best() else {
            return Err(outcome.err().unwrap_or_else(|| Error::new("no solution through these phases was found")));
        };
        let end = p.apply_moves(state, &solution);
        if !self.target.matches(p.layout(), end.as_bytes()) {
            return Err(Error::new("internal error: a phase solution did not solve the position"));
        }
        match outcome {
            Err(e) if !e.is_cancelled() && !shared.over_budget() => return Err(e),
            _ => {}
        }
        let (phase_nodes, phase_starts) = shared.phase_counts();
        Ok(PhaseSolveReport { solution, phase_lengths, inverse, nodes: shared.nodes(), phase_nodes, phase_starts })
    }

    /// One search pass from `start` (normalized): with a target length and a position that has an
    /// inverse (a target of distinct pieces in their home slots), the position and its inverse side by
    /// side, as Kociemba's solvers do: twice the phase-1 solutions of each length to continue from.
    ///
    /// The position turned by each rotation of the definition that gives another chain of subgroups (the
    /// 3x3x3's other two axes) is searched beside them too, with its inverse: six phase-1 searches on the
    /// 3x3x3, taking turns by length.
    fn search(&self, start: &[u8], options: &PhaseSolveOptions, control: Control, shared: &Shared) -> Result<()> {
        let layout = self.puzzle.layout();
        let inverse = options.target_length.and_then(|_| inverse_position(layout, self.target.bytes(), start));
        let Some(inverse) = inverse else {
            return Search::new(self.tables(), options, control, shared, false, None).run(start);
        };
        let mut starts = vec![start.to_vec(), inverse];
        let mut searches = vec![
            Search::new(self.tables(), options, control, shared, false, None),
            Search::new(self.tables(), options, control, shared, true, None),
        ];
        for c in &self.conjugates {
            let turned = c.apply(layout, start);
            let Some(turned_inverse) = inverse_position(layout, self.target.bytes(), &turned) else { continue };
            starts.extend([turned, turned_inverse]);
            searches.push(Search::new(self.tables(), options, control, shared, false, Some(c)));
            searches.push(Search::new(self.tables(), options, control, shared, true, Some(c)));
        }
        Search::run_interleaved(&mut searches, &starts)
    }

    /// What a search reads of this solver.
    fn tables(&self) -> Tables<'_> {
        Tables { puzzle: &self.puzzle, target: &self.target, phases: &self.phases, follows: &self.follows }
    }
}

/// A chain planned: its target, groups and their stabilizer chains, each phase with its coordinates
/// (move tables not built) and the projections it will fill (where it gets a full table, only the masked
/// ones, where they fit), and the bytes of all tables (within the budget).
pub(super) struct Planned {
    pub(super) target: Target,
    pub(super) groups: Vec<MoveSet>,
    pub(super) chains: Vec<StabilizerChain>,
    pub(super) planned: Vec<(Phase, Vec<Vec<usize>>)>,
    pub(super) total: u64,
}

/// Plans every phase of `options`' chain and chooses full tables where they fit; errors when a phase's
/// subgroup is not inside the previous group, a coordinate is too large, or the tables would exceed the
/// memory budget.
fn plan_all(p: &Puzzle, options: &PhaseSolverOptions) -> Result<Planned> {
    let (target, groups, chains) = chain_of(p, options)?;
    let mut planned = Vec::new();
    let mut total: u64 = 0;
    for i in 0..groups.len() {
        let next = groups.get(i + 1);
        let (phase, bytes) = plan_phase(p, target.bytes(), &groups[i], next, options)?;
        total = total.saturating_add(bytes);
        planned.push(phase);
    }
    for (i, (phase, projections)) in planned.iter_mut().enumerate().filter(|_| options.full_tables) {
        let index = chains.get(i + 1).map_or_else(|| chains[i].order(), |h| chains[i].order() / h.order());
        let budget = options.memory_bytes as u64;
        if let Some(bytes) = full_table_fits(p, phase, projections, index, total, budget) {
            // The projections small enough for move masks stay beside the full table where they fit: their
            // masks keep the search from reading the full table for most children it prunes (3x3x3 phase
            // 1: 3.3 M children read instead of 12.7 M for 300 random states, 9 % less time).
            let masked = masked_projections(phase, projections);
            let with_masked = bytes.saturating_add(projection_bytes(phase, &masked));
            let keep = !masked.is_empty() && with_masked <= budget;
            total = if keep { with_masked } else { bytes };
            *projections = if keep { masked } else { Vec::new() };
            phase.full_planned = true;
        }
    }
    if total > options.memory_bytes as u64 {
        return Err(Error::new(format!(
            "the phase tables need {total} bytes, over the memory budget of {} bytes",
            options.memory_bytes
        )));
    }
    Ok(Planned { target, groups, chains, planned, total })
}

/// The target, the groups `G, H_1, …` of a chain (each inside the previous one) and their stabilizer
/// chains.
fn chain_of(p: &Puzzle, options: &PhaseSolverOptions) -> Result<(Target, Vec<MoveSet>, Vec<StabilizerChain>)> {
    let (target, groups) = groups_of(p, options)?;
    let chains: Vec<StabilizerChain> = groups.iter().map(|m| puzzle_chain(p, m)).collect::<Result<_>>()?;
    Ok((target, groups, chains))
}

/// The target and the groups `G, H_1, …` of a chain (each checked to be inside the previous one), without
/// their stabilizer chains.
pub(super) fn groups_of(p: &Puzzle, options: &PhaseSolverOptions) -> Result<(Target, Vec<MoveSet>)> {
    let target_state = options.target.clone().unwrap_or_else(|| p.solved().clone());
    let target = Target::new(p.layout(), target_state.as_bytes())?;
    let g = match options.moves.clone() {
        Some(m) => m,
        None => MoveSet::all(p)?,
    };
    let mut groups = vec![g];
    groups.extend(options.phases.iter().cloned());
    for w in groups.windows(2) {
        if let Some(m) = w[1].moves().iter().find(|m| !w[0].contains(p, m.mv)) {
            return Err(Error::new(format!(
                "phase moves {} are not all moves of the previous phase ({} is not)",
                w[1].describe(p),
                p.move_name(m.mv)
            )));
        }
    }
    Ok((target, groups))
}

/// The inverse of a normalized position, when the target is the identity up to orientations it ignores
/// (whole orbits at a time) and the position is a transformation up to those: pieces inverted, known
/// orientations negated, ignored ones left ignored. `None` otherwise.
pub(super) fn inverse_position(layout: &Layout, target: &[u8], start: &[u8]) -> Option<Vec<u8>> {
    let mut out = vec![0u8; start.len()];
    for o in layout.orbits().iter().filter(|o| o.size > 0) {
        let (n, off, m) = (o.size, o.offset, o.orientations);
        let wild = o.is_wildcard(target[off + n]);
        let home = |i: usize| target[off + i] as usize == i;
        let plain = |i: usize| o.is_wildcard(target[off + n + i]) == wild && (wild || target[off + n + i] == 0);
        if !(0..n).all(|i| home(i) && plain(i)) {
            return None;
        }
        let mut seen = vec![false; n];
        for i in 0..n {
            let (j, ori) = (start[off + i] as usize, start[off + n + i]);
            if j >= n || seen[j] || o.is_wildcard(ori) != wild {
                return None;
            }
            seen[j] = true;
            out[off + j] = i as u8;
            out[off + n + j] = if wild { ori } else { (m - ori) % m };
        }
    }
    Some(out)
}

/// A phase with its coordinates (move tables not built yet), the projections it will fill, and the bytes
/// the two will take.
#[allow(clippy::type_complexity)]
fn plan_phase(
    p: &Puzzle,
    target: &[u8],
    g: &MoveSet,
    next: Option<&MoveSet>,
    options: &PhaseSolverOptions,
) -> Result<((Phase, Vec<Vec<usize>>), u64)> {
    let (metric, cap) = (options.metric, options.projection_entries.unwrap_or(DEFAULT_PROJECTION_ENTRIES));
    let moves: Vec<MoveRef> = g.moves().iter().map(|m| m.mv).collect();
    let costs: Vec<u8> =
        g.moves().iter().map(|m| if metric == Metric::Qtm { m.qtm_cost.min(255) as u8 } else { 1 }).collect();
    let in_next: Vec<bool> = moves.iter().map(|&m| next.is_some_and(|n| n.contains(p, m))).collect();
    let gt: Vec<&[u8]> = moves.iter().map(|&m| p.transform(m)).collect();
    let ht: Vec<&[u8]> = next.map(|n| n.moves().iter().map(|m| p.transform(m.mv)).collect()).unwrap_or_default();
    let relabel = Relabel::new(p.layout(), target, &ht, &gt)?;
    let coords = PhaseCoords::new(p.layout(), relabel.start(), &gt)?;
    let sizes = coords.sizes();
    let projections = choose_projections(&sizes, cap);
    let cosets = sizes.iter().map(|&s| s as u128).try_fold(1u128, |a, s| a.checked_mul(s)).unwrap_or(u128::MAX);
    let info = PhaseInfo { cosets, group_index: None, exact: false, coordinate_sizes: sizes, tables: Vec::new() };
    let mut phase = Phase {
        moves,
        costs,
        in_next,
        relabel,
        coords,
        tables: Vec::new(),
        masks: Vec::new(),
        with_masks: false,
        full: None,
        exact: false,
        chain_h: None,
        full_planned: false,
        info,
    };
    phase.with_masks = options.move_masks && phase.masked();
    let bytes = phase.coords.table_bytes() + projection_bytes(&phase, &projections);
    Ok(((phase, projections), bytes))
}

/// The total bytes of all phases' tables when this phase takes a full table instead of its projections:
/// `Some` when its projections are not the whole coset space, its coordinates are exactly the cosets
/// (`index` of them) and index densely, and the total stays within `budget`.
fn full_table_fits(
    p: &Puzzle,
    phase: &Phase,
    projections: &[Vec<usize>],
    index: BigUint,
    total: u64,
    budget: u64,
) -> Option<u64> {
    let sizes = phase.coords.sizes();
    let all: Vec<usize> = (0..sizes.len()).collect();
    let cosets = ProjectionTable::entries(&sizes, &all)?;
    if projections == [all] || index.to_u64() != Some(cosets) {
        return None;
    }
    let with_full =
        total.checked_sub(projection_bytes(phase, projections))?.checked_add(FullTable::bytes_for(cosets))?;
    let gt: Vec<&[u8]> = phase.moves.iter().map(|&m| p.transform(m)).collect();
    (with_full <= budget && FullTable::possible(p, &phase.coords, phase.relabel.start(), &gt)).then_some(with_full)
}

/// The projections of a phase that get move masks (none where the phase has no masks).
fn masked_projections(phase: &Phase, projections: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let sizes = phase.coords.sizes();
    projections
        .iter()
        .filter(|pr| phase.with_masks && ProjectionTable::entries(&sizes, pr).is_some_and(|n| n <= MAX_MASKED_ENTRIES))
        .cloned()
        .collect()
}

/// The bytes of a phase's projection tables (with their move masks).
fn projection_bytes(phase: &Phase, projections: &[Vec<usize>]) -> u64 {
    let sizes = phase.coords.sizes();
    projections
        .iter()
        .map(|pr| phase.projection_bytes(ProjectionTable::entries(&sizes, pr).unwrap_or(u64::MAX)))
        .fold(0u64, u64::saturating_add)
}

/// Fills a phase's projection tables (in parallel with the `parallel` feature: they are independent).
fn build_tables(phase: &Phase, projections: Vec<Vec<usize>>, control: Control) -> Result<Vec<ProjectionTable>> {
    let build = |proj: Vec<usize>| ProjectionTable::build(&phase.coords, proj, &phase.costs, control);
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        projections.into_par_iter().map(build).collect()
    }
    #[cfg(not(feature = "parallel"))]
    projections.into_iter().map(build).collect()
}

/// Fills in the group index and exactness.
fn finish_info(phase: &mut Phase, index: BigUint) {
    let index = index.to_u128();
    phase.info.group_index = index;
    phase.exact = index == Some(phase.info.cosets);
    phase.info.exact = phase.exact;
}

/// Which base moves may follow which: `n` rows (base moves) within a phase, where a canonical sequence
/// never repeats a base move and puts two commuting ones only in increasing order; then the row of the
/// start (anything follows); then `n` rows for the first move of a phase after the previous phase ended
/// with each base move, where only that base move is barred. A phase never ends with a move of the next
/// phase's group, so `R | L2` (phase 1 ending with `R`) has no canonical twin `L2 R | …` of the same
/// phase-1 length: barring it would push the search to longer first phases (and, where a phase's moves
/// commute with everything, as the pyraminx's tips do, to far longer ones).
fn follow_rules(p: &Puzzle) -> Vec<Vec<bool>> {
    let n = p.base_moves().len();
    let mut rows: Vec<Vec<bool>> =
        (0..n).map(|a| (0..n).map(|b| a != b && !(b < a && p.commutes(a, b))).collect()).collect();
    rows.push(vec![true; n]);
    rows.extend((0..n).map(|a| (0..n).map(|b| a != b).collect()));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::cube3;

    /// The inverse of a position is its group inverse; orbits whose orientation the target ignores stay
    /// ignored; a target with pieces away from home has no inverse position.
    #[test]
    fn inverse_positions() {
        let p = cube3();
        let layout = p.layout();
        let id = layout.identity();
        let alg = crate::alg::Alg::parse("R U F' D2 L B'").unwrap();
        let moves = alg.expand(&p).unwrap();
        let state = p.apply_moves(p.solved(), &moves);
        let inv = inverse_position(layout, &id, state.as_bytes()).unwrap();
        assert_eq!(inv, layout.invert(state.as_bytes()));
        assert_eq!(layout.compose(state.as_bytes(), &inv), id);
        // Edge orientations ignored in the target and the position.
        let edges = &layout.orbits()[0];
        let (mut target, mut wild) = (id.clone(), state.as_bytes().to_vec());
        for i in 0..edges.size {
            target[edges.offset + edges.size + i] = edges.wildcard();
            wild[edges.offset + edges.size + i] = edges.wildcard();
        }
        let inv = inverse_position(layout, &target, &wild).unwrap();
        assert!((0..edges.size).all(|i| edges.is_wildcard(inv[edges.offset + edges.size + i])));
        assert_eq!(
            inv[edges.offset..edges.offset + edges.size],
            layout.invert(state.as_bytes())[edges.offset..edges.offset + edges.size]
        );
        // Not when only some of an orbit's orientations are ignored, or the target is another pattern.
        target[edges.offset + edges.size] = 0;
        assert_eq!(inverse_position(layout, &target, &wild), None);
        assert_eq!(inverse_position(layout, state.as_bytes(), state.as_bytes()), None);
    }

    /// Move masks only skip moves the tables would prune: without target length (the best solution
    /// through the phases, proven) the solver finds solutions of the same length with and without them,
    /// and they visit fewer nodes.
    #[test]
    fn move_masks_keep_the_best_solutions() {
        let p = Arc::new(cube3());
        let phases = vec![MoveSet::parse(&p, "U,D,F2,B2,R2,L2").unwrap()];
        let options =
            PhaseSolverOptions { phases, projection_entries: Some(1 << 21), move_masks: true, ..Default::default() };
        let masked = PhaseSolver::new(p.clone(), options.clone(), Control::none()).unwrap();
        assert!(masked.phases.iter().all(|ph| !ph.masks.is_empty() && ph.masks.iter().all(Option::is_some)));
        let options = PhaseSolverOptions { move_masks: false, ..options };
        let plain = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
        assert!(plain.phases.iter().all(|ph| ph.masks.is_empty()));
        assert!(plain.table_bytes() < masked.table_bytes());
        let (mut nodes_masked, mut nodes_plain) = (0, 0);
        for alg in ["R U2 F' L D B2 R'", "F2 D' L U R2 B' D F", "L' B2 U R' F D2", "D2 R F2 U' B L2 D R'"] {
            let state = p.position(&crate::alg::Alg::parse(alg).unwrap()).unwrap();
            let a = masked.solve(&state, &PhaseSolveOptions::default(), Control::none()).unwrap();
            let b = plain.solve(&state, &PhaseSolveOptions::default(), Control::none()).unwrap();
            assert_eq!(a.solution.len(), b.solution.len(), "{alg}");
            assert_eq!(p.apply_moves(&state, &a.solution), *p.solved());
            nodes_masked += a.nodes;
            nodes_plain += b.nodes;
        }
        assert!(nodes_masked * 2 < nodes_plain, "{nodes_masked} vs {nodes_plain}");
    }

    /// The seed's property: the powers of one face change a table's distance by at most one, and all in
    /// the same direction or not at all (which the 4-bit-per-face move masks rely on).
    #[test]
    fn powers_of_a_face_differ_by_at_most_one() {
        let p = Arc::new(cube3());
        let phases = vec![MoveSet::parse(&p, "U,D,F2,B2,R2,L2").unwrap()];
        let options = PhaseSolverOptions { phases, ..Default::default() };
        let s = PhaseSolver::new(p.clone(), options, Control::none()).unwrap();
        let mut checked = 0u64;
        for ph in &s.phases {
            let mut vals = vec![0u32; ph.coords.len()];
            let mut child = vals.clone();
            for t in &ph.tables {
                let n = t.distribution().iter().sum::<u64>();
                for i in (0..n).step_by(13) {
                    t.decode(i, &mut vals);
                    let d = t.lookup(&vals) as i32;
                    let mut per_base: Vec<(usize, i32, i32)> = Vec::new();
                    for mv in 0..ph.moves.len() {
                        ph.coords.apply(&vals, mv, &mut child);
                        let delta = t.lookup(&child) as i32 - d;
                        assert!(delta.abs() <= 1, "entry {i} move {mv}: {delta}");
                        match per_base.iter_mut().find(|x| x.0 == ph.moves[mv].base) {
                            Some(x) => (x.1, x.2) = (x.1.min(delta), x.2.max(delta)),
                            None => per_base.push((ph.moves[mv].base, delta, delta)),
                        }
                    }
                    assert!(per_base.iter().all(|&(_, lo, hi)| hi - lo <= 1), "entry {i}: {per_base:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500_000);
    }
}
