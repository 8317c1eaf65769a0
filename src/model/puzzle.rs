//! [`Puzzle`]: orbits, solved state, base moves with their generated powers, rotations, illegal
//! placements and ksolve+ extras — and [`PuzzleBuilder`], which both definition formats feed.

use std::collections::HashMap;
use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::alg::Alg;
use crate::error::{Error, Location, Result};
use crate::ksolve_plus::KsolvePlus;
use crate::layout::{Layout, Orbit};
use crate::move_names::{canonical_amount, is_rotation_name, power_name, RotationNames};
pub use crate::move_ref::MoveRef;
use crate::state::State;

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
    /// Where it came from.
    pub source: MoveSource,
    /// `powers[k]` is the transformation of `k` turns, `k` in `0..order`.
    powers: Vec<Box<[u8]>>,
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

/// A loaded puzzle.
#[derive(Debug)]
pub struct Puzzle {
    name: String,
    layout: Layout,
    solved: State,
    base_moves: Vec<BaseMove>,
    names: HashMap<String, MoveRef>,
    aliases: Vec<(String, String)>,
    illegal: Vec<Illegal>,
    extras: KsolvePlus,
    swizzle_sets: Vec<Vec<String>>,
    commutes: OnceLock<Vec<Vec<bool>>>,
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

    /// Every named move (base names, generated powers, aliases) with what it denotes, sorted by name.
    pub fn move_names(&self) -> Vec<(&str, MoveRef)> {
        let mut v: Vec<_> = self.names.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        v.sort_by(|a, b| (a.1, a.0).cmp(&(b.1, b.0)));
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

    /// The canonical name of a move (`R2`, `U2'`; cubing.js clock moves as `UR3+` / `UR2-`).
    pub fn move_name(&self, m: MoveRef) -> String {
        let base = &self.base_moves[m.base].name;
        match base.strip_suffix("_PLUS_") {
            Some(dial) if !dial.is_empty() => {
                format!("{dial}{}{}", m.amount.unsigned_abs(), if m.amount < 0 { '-' } else { '+' })
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

/// A base move waiting to be added by [`PuzzleBuilder::build`].
struct PendingMove {
    name: String,
    transform: Vec<u8>,
    at: Location,
}

/// A move defined by an alg, resolved once the moves it uses exist.
struct PendingSequence {
    name: String,
    alg: String,
    at: Location,
}

/// What a ksolve+ move-name line asks for.
enum NameListKind {
    /// `ForbiddenPairs`: the first move may not be followed by the second.
    Pair,
    /// `ForbiddenGroups`: no two of the moves may follow each other.
    Group,
    /// `MoveLimits`: the move may be used at most this many times.
    Limit(u32),
}

/// A ksolve+ move-name line, resolved at build time.
struct PendingNames {
    kind: NameListKind,
    names: Vec<(String, Location)>,
}

/// Collects a puzzle definition from either format, then validates and expands it.
pub struct PuzzleBuilder {
    name: String,
    layout: Layout,
    solved: State,
    moves: Vec<PendingMove>,
    sequences: Vec<PendingSequence>,
    aliases: Vec<(String, String, Location)>,
    illegal: Vec<Illegal>,
    extras: KsolvePlus,
    pending_names: Vec<PendingNames>,
    swizzle_sets: Vec<Vec<String>>,
    rotation_names: RotationNames,
}

impl PuzzleBuilder {
    /// Starts a puzzle from its orbits and solved state (bytes already validated against `layout`).
    pub fn new(name: impl Into<String>, layout: Layout, solved: Vec<u8>) -> Self {
        PuzzleBuilder {
            name: name.into(),
            layout,
            solved: State::from_vec(solved),
            moves: Vec::new(),
            sequences: Vec::new(),
            aliases: Vec::new(),
            illegal: Vec::new(),
            extras: KsolvePlus::default(),
            pending_names: Vec::new(),
            swizzle_sets: Vec::new(),
            rotation_names: RotationNames::default(),
        }
    }

    /// Chooses the rule that tells rotations from moves by name (twsearch's by default).
    pub fn rotation_names(&mut self, rule: RotationNames) {
        self.rotation_names = rule;
    }

    /// The layout the builder was started with.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Adds a base move given as a state-convention transformation (checked again at build time).
    pub fn add_move(&mut self, name: impl Into<String>, transform: Vec<u8>, at: Location) {
        self.moves.push(PendingMove { name: name.into(), transform, at });
    }

    /// Adds a move defined by an alg over other moves.
    pub fn add_sequence(&mut self, name: impl Into<String>, alg: impl Into<String>, at: Location) {
        self.sequences.push(PendingSequence { name: name.into(), alg: alg.into(), at });
    }

    /// Adds `MoveAlias NEW OLD`.
    pub fn add_alias(&mut self, new: impl Into<String>, old: impl Into<String>, at: Location) {
        self.aliases.push((new.into(), old.into(), at));
    }

    /// Declares a placement illegal.
    pub fn add_illegal(&mut self, illegal: Illegal) {
        self.illegal.push(illegal);
    }

    /// Mutable access to the ksolve+ extras that need no move names.
    pub fn extras_mut(&mut self) -> &mut KsolvePlus {
        &mut self.extras
    }

    /// Records a `SwizzleSet` line.
    pub fn add_swizzle_set(&mut self, names: Vec<String>) {
        self.swizzle_sets.push(names);
    }

    /// Records a `ForbiddenPairs` line (two move names).
    pub fn add_forbidden_pair(&mut self, a: (String, Location), b: (String, Location)) {
        self.pending_names.push(PendingNames { kind: NameListKind::Pair, names: vec![a, b] });
    }

    /// Records a `ForbiddenGroups` line.
    pub fn add_forbidden_group(&mut self, names: Vec<(String, Location)>) {
        self.pending_names.push(PendingNames { kind: NameListKind::Group, names });
    }

    /// Records a `MoveLimits` line.
    pub fn add_move_limit(&mut self, name: (String, Location), limit: u32) {
        self.pending_names.push(PendingNames { kind: NameListKind::Limit(limit), names: vec![name] });
    }

    /// Validates everything, generates move powers and names, resolves sequences, aliases and ksolve+
    /// move names.
    pub fn build(self) -> Result<Puzzle> {
        self.check_unique_names()?;
        let mut puzzle = Puzzle {
            name: self.name,
            layout: self.layout,
            solved: self.solved,
            base_moves: Vec::new(),
            names: HashMap::new(),
            aliases: Vec::new(),
            illegal: self.illegal,
            extras: self.extras,
            swizzle_sets: self.swizzle_sets,
            commutes: OnceLock::new(),
        };
        for m in self.moves {
            puzzle.push_base(m.name, m.transform, MoveSource::Defined, &m.at)?;
        }
        puzzle.add_sequences(self.sequences)?;
        for (new, old, at) in self.aliases {
            let Some(r) = puzzle.resolve_name(&old) else {
                return Err(name_error(&old, &at, format!("MoveAlias {new}: unknown move {old}")));
            };
            puzzle.names.insert(new.clone(), r);
            puzzle.aliases.push((new, old));
        }
        // Generated power names, unless a defined name already took that spelling.
        for (base, b) in puzzle.base_moves.iter().enumerate() {
            for k in 2..b.order as i64 {
                let amount = canonical_amount(k, b.order);
                puzzle.names.entry(power_name(&b.name, amount)).or_insert(MoveRef { base, amount });
            }
        }
        for p in self.pending_names {
            puzzle.add_name_list(p)?;
        }
        for m in &mut puzzle.base_moves {
            m.rotation = self.rotation_names.is_rotation(&m.name);
        }
        Ok(puzzle)
    }

    /// Refuses a move name defined twice (moves, sequences and aliases share one name space).
    fn check_unique_names(&self) -> Result<()> {
        let mut first_seen: HashMap<&String, &Location> = HashMap::new();
        let all_names = self
            .moves
            .iter()
            .map(|m| (&m.name, &m.at))
            .chain(self.sequences.iter().map(|s| (&s.name, &s.at)))
            .chain(self.aliases.iter().map(|a| (&a.0, &a.2)));
        for (name, at) in all_names {
            if let Some(prev) = first_seen.get(name) {
                return Err(name_error(name, at, format!("move {name} is defined twice (first at {prev})")));
            }
            first_seen.insert(name, at);
        }
        Ok(())
    }
}

/// An error at a move name: `reason` about `name`, at `at`.
fn name_error(name: &str, at: &Location, reason: String) -> Error {
    Error { kind: crate::error::ErrorKind::Input, location: at.clone(), token: Some(name.to_string()), reason }
}

impl Puzzle {
    /// Adds move sequences as base moves. They may use each other in any order: resolved in rounds until
    /// none is left (a round without progress is a cycle or an error in one of them).
    fn add_sequences(&mut self, sequences: Vec<PendingSequence>) -> Result<()> {
        let mut pending = sequences;
        while !pending.is_empty() {
            let mut progressed = false;
            let mut failed = Vec::new();
            let mut first_error = None;
            for s in pending {
                match Alg::parse(&s.alg).and_then(|alg| self.alg_transform(&alg)).map_err(|e| relocate(e, &s.at)) {
                    Ok(t) => {
                        let source = MoveSource::Sequence(s.alg.clone());
                        self.push_base(s.name.clone(), t.as_bytes().to_vec(), source, &s.at)?;
                        progressed = true;
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                        failed.push(s);
                    }
                }
            }
            if !progressed {
                let e = first_error.expect("a failed sequence left an error");
                // An unknown move that is itself a pending sequence means the sequences form a cycle.
                let cyclic = e.token.as_deref().and_then(|t| failed.iter().find(|s| s.name == t));
                return Err(match cyclic {
                    Some(s) => Error {
                        reason: format!("the move sequences refer to each other in a cycle (through {})", s.name),
                        ..e
                    },
                    None => e,
                });
            }
            pending = failed;
        }
        Ok(())
    }

    /// Resolves a ksolve+ `ForbiddenPairs`, `ForbiddenGroups` or `MoveLimits` line into the extras.
    fn add_name_list(&mut self, list: PendingNames) -> Result<()> {
        let mut refs = Vec::new();
        for (name, at) in &list.names {
            let r = self.resolve_name(name).ok_or_else(|| name_error(name, at, format!("unknown move {name}")))?;
            refs.push(r);
        }
        match list.kind {
            NameListKind::Pair => self.extras.forbidden_pairs.push((refs[0], refs[1])),
            NameListKind::Group => self.extras.forbidden_groups.push(refs),
            NameListKind::Limit(limit) => self.extras.move_limits.push((refs[0].base, limit)),
        }
        Ok(())
    }
}

/// Puts an error found in a sequence's alg at the sequence's place in the file.
fn relocate(e: Error, at: &Location) -> Error {
    match at {
        Location::Line { line, .. } => Error { location: Location::Line { line: *line, column: None }, ..e },
        Location::Json(path) => e.in_json(path),
        _ => e,
    }
}

impl Puzzle {
    fn push_base(&mut self, name: String, transform: Vec<u8>, source: MoveSource, at: &Location) -> Result<()> {
        // Moves are applied without per-slot checks, so every one is verified here, whoever built it.
        if !self.layout.is_transformation(&transform) {
            return Err(Error {
                kind: crate::error::ErrorKind::Input,
                location: at.clone(),
                token: Some(name.clone()),
                reason: format!("move {name} is not a transformation (each orbit needs a permutation of its slots)"),
            });
        }
        let order = self.layout.order(&transform);
        let order = match order.to_u32() {
            Some(o) if o <= MAX_MOVE_ORDER => o,
            _ => {
                return Err(Error {
                    kind: crate::error::ErrorKind::Input,
                    location: at.clone(),
                    token: Some(name.clone()),
                    reason: format!("move {name} has order {order}, above the supported {MAX_MOVE_ORDER}"),
                })
            }
        };
        let mut powers = Vec::with_capacity(order as usize);
        powers.push(self.layout.identity().into_boxed_slice());
        for k in 1..order as usize {
            let next = self.layout.compose(&powers[k - 1], &transform);
            powers.push(next.into_boxed_slice());
        }
        let base = self.base_moves.len();
        self.names.insert(name.clone(), MoveRef { base, amount: canonical_amount(1, order) });
        self.base_moves.push(BaseMove { rotation: is_rotation_name(&name), name, order, source, powers });
        Ok(())
    }

    /// Resolves one alg token: an exact move name (`R2'`, an alias), or a base name followed by a
    /// cubing.js amount (`R3`, `U2'`, `2R2`).
    pub fn resolve_name(&self, token: &str) -> Option<MoveRef> {
        if let Some(r) = self.lookup(token) {
            return Some(r);
        }
        if let Some(r) = self.resolve_clock_name(token) {
            return Some(r);
        }
        let (body, sign) = match token.strip_suffix('\'') {
            Some(b) => (b, -1),
            None => (token, 1),
        };
        if let Some(r) = self.lookup(body).filter(|_| sign == -1) {
            return Some(self.invert_move(r));
        }
        let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
        // Try the longest family first, so a base move named `F2` wins over `F` with amount 2.
        for split in (body.len() - digits..body.len()).rev() {
            let (family, amount) = body.split_at(split);
            if family.is_empty() {
                continue;
            }
            let Some(r) = self.lookup(family) else { continue };
            if r.amount != 1 && self.base_moves[r.base].order > 1 {
                continue;
            }
            // Reduce the amount digit by digit, so any length of digits is fine.
            let order = self.base_moves[r.base].order.max(1) as i64;
            let amount = amount.bytes().fold(0i64, |acc, d| (acc * 10 + (d - b'0') as i64) % order);
            return Some(self.move_ref(r.base, sign * amount));
        }
        None
    }

    /// cubing.js clock notation: `UR3+` is the move `UR_PLUS_` turned 3 times, `UR2-` turned -2 times.
    fn resolve_clock_name(&self, token: &str) -> Option<MoveRef> {
        let sign = match token.as_bytes().last()? {
            b'+' => 1,
            b'-' => -1,
            _ => return None,
        };
        let body = &token[..token.len() - 1];
        let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits == body.len() {
            return None;
        }
        let (family, amount) = body.split_at(body.len() - digits);
        let r = self.lookup(&format!("{family}_PLUS_"))?;
        let order = self.base_moves[r.base].order.max(1) as i64;
        let amount = amount.bytes().fold(0i64, |acc, d| (acc * 10 + (d - b'0') as i64) % order);
        Some(self.move_ref(r.base, sign * amount))
    }
}
