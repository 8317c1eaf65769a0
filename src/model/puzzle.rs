//! [`Puzzle`]: orbits, solved state, base moves with their generated powers, rotations, illegal
//! placements and ksolve+ extras. [`PuzzleBuilder`](super::builder::PuzzleBuilder), which both definition
//! formats feed, makes them; move names are resolved in `model/names.rs` ([`Puzzle::resolve_name`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::alg::Alg;
use crate::error::{Error, Result};
use crate::model::ksolve_plus::KsolvePlus;
use crate::model::layout::{Layout, Orbit};
use crate::model::move_names::{canonical_amount, power_name, CLOCK_SUFFIX, POCHMANN_SUFFIX};
pub use crate::model::move_ref::MoveRef;
use crate::model::state::State;

/// The largest order a base move may have: all its powers are stored.
pub const MAX_MOVE_ORDER: u32 = 4096;

/// Where a base move came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveSource {
    /// Given as a transformation (`Move`, `MoveTransformation`, a KPuzzle `moves` entry).
    Defined,
    /// Defined by an alg over other moves (`MoveSequence`, a KPuzzle `derivedMoves` entry).
    Sequence(String),
}

/// A base move (or rotation) with all its powers.
#[derive(Debug, Clone)]
pub struct BaseMove {
    /// The name as defined.
    pub name: String,
    /// Its order: the least `k >= 1` with `m^k` the identity.
    pub order: u32,
    /// Whether the naming rule makes it a whole-puzzle rotation.
    pub rotation: bool,
    /// Added by twistsearch so that a cubing.js puzzle reads and prints its users' notation (pyraminx
    /// `U` = `u 2u`, 4x4x4 `Uw`): accepted in algs and move lists, not among the default moves, not
    /// written out with the definition.
    pub notation: bool,
    /// Where it came from.
    pub source: MoveSource,
    /// `powers[k]` is the transformation of `k` turns, `k` in `0..order`.
    pub(super) powers: Vec<Box<[u8]>>,
}

impl BaseMove {
    /// The transformation of one turn.
    pub fn transform(&self) -> &[u8] {
        self.powers.get(1).unwrap_or(&self.powers[0])
    }
}

/// A placement the definition declares illegal (`Illegal SET slot piece…`): a state holding `piece` in
/// `slot` of `orbit` is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Illegal {
    /// Orbit index.
    pub orbit: usize,
    /// 0-based slot.
    pub slot: usize,
    /// 0-based piece id.
    pub piece: u8,
}

/// A symmetry the definition declares (`Symmetry NAME` in a `.tws` file): a transformation that is not a
/// move, such as the mirror of a puzzle whose orientations a mirror can write (the 3x3x3's edges). With
/// the rotations, it generates the symmetries that God's algorithm and the pruning tables reduce by; only
/// the elements whose conjugation maps the move set onto itself are used, so a declaration that is no
/// symmetry of the moves is never trusted.
#[derive(Debug, Clone)]
pub struct DeclaredSymmetry {
    /// The name as declared.
    pub name: String,
    pub(super) transform: Box<[u8]>,
}

impl DeclaredSymmetry {
    /// The transformation (a permutation per orbit with orientation offsets, as a move's).
    pub fn transform(&self) -> &[u8] {
        &self.transform
    }
}

/// A loaded puzzle.
#[derive(Debug)]
pub struct Puzzle {
    pub(super) name: String,
    pub(super) layout: Layout,
    pub(super) solved: State,
    pub(super) base_moves: Vec<BaseMove>,
    pub(super) names: HashMap<String, MoveRef>,
    pub(super) aliases: Vec<(String, String)>,
    pub(super) illegal: Vec<Illegal>,
    pub(super) extras: KsolvePlus,
    pub(super) swizzle_sets: Vec<Vec<String>>,
    pub(super) symmetries: Vec<DeclaredSymmetry>,
    pub(super) commutes: OnceLock<Vec<Vec<bool>>>,
    /// Moves printed otherwise than as one power token, so every reader reads them back
    /// (`model::spelling`; empty unless move names end in digits that make tokens ambiguous).
    pub(super) spelled: HashMap<MoveRef, String>,
}

impl Puzzle {
    /// The puzzle's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The state layout (orbits and their arithmetic).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The orbits in definition order.
    pub fn orbits(&self) -> &[Orbit] {
        self.layout.orbits()
    }

    /// Adds the state layout (each orbit's size and orientation count, in order) to a fingerprint: the
    /// puzzle part of every saved table's key that depends on the layout.
    pub(crate) fn hash_layout(&self, h: &mut crate::hash::Hasher) {
        for o in self.orbits() {
            h.number(o.size as u64).number(u64::from(o.orientations));
        }
    }

    /// Bytes in one state.
    pub fn state_size(&self) -> usize {
        self.layout.state_size()
    }

    /// The solved state (may hold identical pieces and orientation wildcards).
    pub fn solved(&self) -> &State {
        &self.solved
    }

    /// The identity transformation.
    pub fn identity(&self) -> State {
        State::from_vec(self.layout.identity())
    }

    /// All base moves and rotations, in definition order (sequences after transformations).
    pub fn base_moves(&self) -> &[BaseMove] {
        &self.base_moves
    }

    /// The move aliases (`MoveAlias NEW OLD`).
    pub fn aliases(&self) -> &[(String, String)] {
        &self.aliases
    }

    /// Placements declared illegal.
    pub fn illegal(&self) -> &[Illegal] {
        &self.illegal
    }

    /// ksolve+ blocks carried by the definition.
    pub fn extras(&self) -> &KsolvePlus {
        &self.extras
    }

    /// twsearch `SwizzleSet` lines, kept verbatim.
    pub fn swizzle_sets(&self) -> &[Vec<String>] {
        &self.swizzle_sets
    }

    /// The symmetries the definition declares besides its rotations (`Symmetry NAME` blocks).
    pub fn declared_symmetries(&self) -> &[DeclaredSymmetry] {
        &self.symmetries
    }

    /// Every named move (base names, generated powers, aliases) with what it denotes, sorted by name.
    pub fn move_names(&self) -> Vec<(&str, MoveRef)> {
        let mut v: Vec<_> = self.names.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        crate::sort::sort_by(&mut v, |a, b| (a.1, a.0).cmp(&(b.1, b.0)));
        v
    }

    /// The move a name denotes exactly (`R`, `R2'`, an alias), if any.
    pub fn lookup(&self, name: &str) -> Option<MoveRef> {
        self.names.get(name).copied()
    }

    /// A move reference for `base` turned `amount` times, with the amount made canonical.
    pub fn move_ref(&self, base: usize, amount: i64) -> MoveRef {
        MoveRef { base, amount: canonical_amount(amount, self.base_moves[base].order) }
    }

    /// The inverse of one move (the same base turned back).
    pub fn invert_move(&self, m: MoveRef) -> MoveRef {
        self.move_ref(m.base, -m.amount)
    }

    /// The inverse of a move sequence: the moves in reverse order, each inverted.
    pub fn invert_moves(&self, moves: &[MoveRef]) -> Vec<MoveRef> {
        moves.iter().rev().map(|&m| self.invert_move(m)).collect()
    }

    /// The canonical name of a move (`R2`, `U2'`; cubing.js clock moves as `UR3+` / `UR2-`). Where that
    /// token would read as another move (names ending in digits: `M12` beside `M1`), the move is written
    /// as repeated tokens every reader reads back (`M1 M1`; see `model::spelling`).
    pub fn move_name(&self, m: MoveRef) -> String {
        if !self.spelled.is_empty() {
            if let Some(s) = self.spelled.get(&m) {
                return s.clone();
            }
        }
        self.default_move_name(m)
    }

    /// The move as one token: its power name, or clock and Pochmann notation.
    pub(super) fn default_move_name(&self, m: MoveRef) -> String {
        let base = &self.base_moves[m.base].name;
        match (base.strip_suffix(CLOCK_SUFFIX), base.strip_suffix(POCHMANN_SUFFIX)) {
            (Some(dial), _) if !dial.is_empty() => {
                format!("{dial}{}{}", m.amount.unsigned_abs(), if m.amount < 0 { '-' } else { '+' })
            }
            (_, Some(family)) if !family.is_empty() && m.amount.abs() == 1 => {
                format!("{family}{}", if m.amount < 0 { "--" } else { "++" })
            }
            _ => power_name(base, m.amount),
        }
    }

    /// The transformation of a move.
    pub fn transform(&self, m: MoveRef) -> &[u8] {
        let b = &self.base_moves[m.base];
        // Canonical amounts lie in (-order/2, order/2]: no division needed.
        let k = if m.amount < 0 { m.amount + b.order as i64 } else { m.amount };
        &b.powers[k as usize]
    }

    /// `state` followed by move `m`, into `out` (no allocation).
    #[inline]
    pub fn apply_into(&self, state: &[u8], m: MoveRef, out: &mut [u8]) {
        // SAFETY: every stored move power is a transformation of this layout (validated on input and
        // closed under composition).
        unsafe { self.layout.compose_into_unchecked(state, self.transform(m), out) };
    }

    /// `state` followed by move `m`.
    pub fn apply(&self, state: &State, m: MoveRef) -> State {
        State::from_vec(self.layout.compose(state.as_bytes(), self.transform(m)))
    }

    /// `state` followed by a sequence of moves.
    pub fn apply_moves(&self, state: &State, moves: &[MoveRef]) -> State {
        let mut cur = state.clone();
        let mut next = state.clone();
        for &m in moves {
            self.apply_into(cur.as_bytes(), m, next.as_mut_bytes());
            std::mem::swap(&mut cur, &mut next);
        }
        cur
    }

    /// `state` followed by an alg.
    pub fn apply_alg(&self, state: &State, alg: &Alg) -> Result<State> {
        Ok(self.apply_moves(state, &alg.expand(self)?))
    }

    /// The position reached from the solved state by an alg.
    pub fn position(&self, alg: &Alg) -> Result<State> {
        self.apply_alg(&self.solved, alg)
    }

    /// The transformation an alg performs (applied to the identity, so identical pieces do not hide
    /// anything).
    pub fn alg_transform(&self, alg: &Alg) -> Result<State> {
        self.apply_alg(&self.identity(), alg)
    }

    /// The order of an alg: how many times it must be repeated to give the identity.
    pub fn alg_order(&self, alg: &Alg) -> Result<BigUint> {
        Ok(self.layout.order(self.alg_transform(alg)?.as_bytes()))
    }

    /// Whether two base moves commute (their transformations do).
    pub fn commutes(&self, a: usize, b: usize) -> bool {
        self.commutes.get_or_init(|| {
            let t: Vec<&[u8]> = self.base_moves.iter().map(BaseMove::transform).collect();
            t.iter()
                .map(|x| t.iter().map(|y| self.layout.compose(x, y) == self.layout.compose(y, x)).collect())
                .collect()
        })[a][b]
    }

    /// Whether a state avoids every declared illegal placement.
    pub fn is_legal(&self, state: &State) -> bool {
        self.is_legal_bytes(state.as_bytes())
    }

    /// [`Puzzle::is_legal`] on raw state bytes (of this puzzle's state size).
    #[inline]
    pub fn is_legal_bytes(&self, s: &[u8]) -> bool {
        self.illegal.iter().all(|il| s[self.orbits()[il.orbit].offset + il.slot] != il.piece)
    }

    /// The first declared illegal placement a state (raw bytes of this puzzle's state size) has, in words
    /// with the definition's 1-based numbers (`piece 2 in position 1 of set CORNER`), if it has one.
    pub fn illegal_placement(&self, s: &[u8]) -> Option<String> {
        let il = self.illegal.iter().find(|il| s[self.orbits()[il.orbit].offset + il.slot] == il.piece)?;
        let orbit = &self.orbits()[il.orbit];
        Some(format!("piece {} in position {} of set {}", il.piece as usize + 1, il.slot + 1, orbit.name))
    }

    /// Checks raw bytes against the layout and wraps them as a state of this puzzle: piece ids below the
    /// orbit size, orientations below the modulus or the wildcard `2m`.
    pub fn state_from_bytes(&self, bytes: Vec<u8>) -> Result<State> {
        if bytes.len() != self.state_size() {
            return Err(Error::new(format!(
                "a state of this puzzle has {} bytes, got {}",
                self.state_size(),
                bytes.len()
            )));
        }
        for o in self.orbits() {
            if bytes[o.pieces_range()].iter().any(|&p| p as usize >= o.size) {
                return Err(Error::new(format!("orbit {}: piece id out of range", o.name)));
            }
            if bytes[o.orientations_range()].iter().any(|&x| x >= o.orientations && x != o.wildcard()) {
                return Err(Error::new(format!("orbit {}: orientation out of range", o.name)));
            }
        }
        Ok(State::from_vec(bytes))
    }
}
