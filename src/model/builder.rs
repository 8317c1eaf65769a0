//! [`PuzzleBuilder`]: what both definition formats feed, and the checks and derivations that make a
//! [`Puzzle`] of it: every move verified and its powers generated, sequences and aliases resolved,
//! generated power names, ksolve+ move names resolved.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::OnceLock;

use num_traits::ToPrimitive;

use crate::alg::Alg;
use crate::error::{Error, Location, Result};
use crate::model::ksolve_plus::KsolvePlus;
use crate::model::layout::Layout;
use crate::model::move_names::{
    canonical_amount, check_move_names, is_rotation_name, power_family, power_name, RotationNames,
};
use crate::model::move_ref::MoveRef;
use crate::model::puzzle::{BaseMove, DeclaredSymmetry, Illegal, MoveSource, Puzzle, MAX_MOVE_ORDER};
use crate::model::state::State;

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
    symmetries: Vec<PendingMove>,
    rotation_names: RotationNames,
    /// Sequences added for the puzzle's notation ([`BaseMove::notation`]).
    notation: Vec<String>,
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
            symmetries: Vec::new(),
            rotation_names: RotationNames::default(),
            notation: Vec::new(),
        }
    }

    /// A move defined by an alg that the definition does not have, for its users' notation
    /// ([`BaseMove::notation`]).
    pub fn add_notation_sequence(&mut self, name: impl Into<String>, alg: impl Into<String>) {
        let name = name.into();
        self.notation.push(name.clone());
        self.add_sequence(name, alg, Location::Nowhere);
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

    /// Declares a symmetry that is not a move ([`DeclaredSymmetry`]; checked at build time).
    pub fn add_symmetry(&mut self, name: impl Into<String>, transform: Vec<u8>, at: Location) {
        self.symmetries.push(PendingMove { name: name.into(), transform, at });
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
            symmetries: Vec::new(),
            commutes: OnceLock::new(),
            spelled: HashMap::new(),
        };
        let symmetry_at: Vec<(String, Location)> =
            self.symmetries.iter().map(|m| (m.name.clone(), m.at.clone())).collect();
        for m in self.symmetries {
            puzzle.push_symmetry(m)?;
        }
        for m in self.moves {
            puzzle.push_base(m.name, m.transform, MoveSource::Defined, &m.at)?;
        }
        let uses: Vec<(String, String, Location)> = self
            .sequences
            .iter()
            .filter(|s| !self.notation.contains(&s.name))
            .map(|s| (s.name.clone(), s.alg.clone(), s.at.clone()))
            .chain(self.aliases.iter().map(|(new, old, at)| (new.clone(), old.clone(), at.clone())))
            .collect();
        puzzle.add_sequences(self.sequences)?;
        for (new, old, at) in self.aliases {
            let Some(r) = puzzle.resolve_name(&old) else {
                return Err(name_error(&old, &at, format!("MoveAlias {new}: unknown move {old}")));
            };
            puzzle.names.insert(new.clone(), r);
            puzzle.aliases.push((new, old));
        }
        // Generated power names ([`check_move_names`] left no defined name with such a spelling).
        for (base, b) in puzzle.base_moves.iter().enumerate() {
            for k in 2..b.order as i64 {
                let amount = canonical_amount(k, b.order);
                puzzle.names.entry(power_name(&b.name, amount)).or_insert(MoveRef { base, amount });
            }
        }
        for p in self.pending_names {
            puzzle.add_name_list(p)?;
        }
        if let Some((name, at)) = symmetry_at.iter().find(|(name, _)| puzzle.names.contains_key(name)) {
            return Err(name_error(name, at, format!("symmetry {name} has the name of a move")));
        }
        for m in &mut puzzle.base_moves {
            m.rotation = self.rotation_names.is_rotation(&m.name);
            m.notation = self.notation.contains(&m.name);
        }
        let uses: Vec<(&str, &str, &Location)> = uses.iter().map(|(n, a, at)| (n.as_str(), a.as_str(), at)).collect();
        let cubing = self.rotation_names == RotationNames::Cubing;
        crate::model::spelling::check_sequence_tokens(&puzzle, cubing, &uses)?;
        puzzle.spelled = crate::model::spelling::spellings(&puzzle)?;
        Ok(puzzle)
    }

    /// Refuses a move name defined twice or breaking the one move-name rule ([`check_move_names`]; moves,
    /// sequences and aliases share one name space).
    fn check_unique_names(&self) -> Result<()> {
        let all_names: Vec<(&str, &Location)> = self
            .moves
            .iter()
            .map(|m| (m.name.as_str(), &m.at))
            .chain(self.sequences.iter().map(|s| (s.name.as_str(), &s.at)))
            .chain(self.aliases.iter().map(|a| (a.0.as_str(), &a.2)))
            .collect();
        check_move_names(&all_names)
    }
}

/// An error at a move name: `reason` about `name`, at `at`.
fn name_error(name: &str, at: &Location, reason: String) -> Error {
    Error { kind: crate::error::ErrorKind::Input, location: at.clone(), token: Some(name.to_string()), reason }
}

impl Puzzle {
    /// Adds the moves defined by algs, each after the sequences its alg uses (whatever order they were
    /// given in; ties in definition order). Each alg is parsed once. Sequences that use each other in a
    /// cycle are refused at the first of them.
    fn add_sequences(&mut self, sequences: Vec<PendingSequence>) -> Result<()> {
        let index: HashMap<&str, usize> = sequences.iter().enumerate().map(|(i, s)| (s.name.as_str(), i)).collect();
        let mut algs = Vec::with_capacity(sequences.len());
        // Per sequence: the sequences it uses (with a token naming each, for the error of a cycle) and
        // how many of them are not yet added; per sequence, those that use it.
        let mut uses: Vec<Vec<(usize, Error)>> = Vec::with_capacity(sequences.len());
        let mut waiting: Vec<usize> = Vec::with_capacity(sequences.len());
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); sequences.len()];
        for (i, s) in sequences.iter().enumerate() {
            let alg = Alg::parse(&s.alg).map_err(|e| relocate(e, &s.at))?;
            let mut deps: Vec<(usize, Error)> = Vec::new();
            alg.for_each_move(&mut |token, at| {
                let is_name = |n: &str| index.contains_key(n) || self.names.contains_key(n);
                let Some(j) = power_family(token, is_name).and_then(|f| index.get(f.as_str()).copied()) else { return };
                if !deps.iter().any(|d| d.0 == j) {
                    deps.push((j, Error::input_at(at.clone(), Some(token.to_string()), String::new())));
                }
            });
            for d in &deps {
                users[d.0].push(i);
            }
            waiting.push(deps.len());
            uses.push(deps);
            algs.push(alg);
        }
        let mut ready: BinaryHeap<Reverse<usize>> =
            (0..sequences.len()).filter(|&i| waiting[i] == 0).map(Reverse).collect();
        while let Some(Reverse(i)) = ready.pop() {
            let s = &sequences[i];
            let t = self.alg_transform(&algs[i]).map_err(|e| relocate(e, &s.at))?;
            self.push_base(s.name.clone(), t.as_bytes().to_vec(), MoveSource::Sequence(s.alg.clone()), &s.at)?;
            for &u in &users[i] {
                waiting[u] -= 1;
                if waiting[u] == 0 {
                    ready.push(Reverse(u));
                }
            }
        }
        let Some(i) = (0..sequences.len()).find(|&i| waiting[i] > 0) else { return Ok(()) };
        let (j, e) = uses[i].iter().find(|d| waiting[d.0] > 0).expect("a waiting sequence waits on another");
        let reason = format!("the move sequences refer to each other in a cycle (through {})", sequences[*j].name);
        Err(relocate(Error { reason, ..e.clone() }, &sequences[i].at))
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
    /// A declared symmetry, verified: a transformation, its name used once and by no move.
    fn push_symmetry(&mut self, m: PendingMove) -> Result<()> {
        let error = |reason: String| Error {
            kind: crate::error::ErrorKind::Input,
            location: m.at.clone(),
            token: Some(m.name.clone()),
            reason,
        };
        if !self.layout.is_transformation(&m.transform) {
            return Err(error(format!(
                "symmetry {} is not a transformation (each orbit needs a permutation of its slots)",
                m.name
            )));
        }
        if self.symmetries.iter().any(|s| s.name == m.name) {
            return Err(error(format!("symmetry {} is declared twice", m.name)));
        }
        self.symmetries.push(DeclaredSymmetry { name: m.name, transform: m.transform.into_boxed_slice() });
        Ok(())
    }

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
        self.base_moves.push(BaseMove {
            rotation: is_rotation_name(&name),
            notation: false,
            name,
            order,
            source,
            powers,
        });
        Ok(())
    }
}
