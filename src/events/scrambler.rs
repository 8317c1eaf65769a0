//! [`EventScrambler`]: one event's scrambles, with the solver and the group built on first use and
//! reused across calls.

use std::sync::{Arc, OnceLock};

use rand::Rng;
use serde_json::Value;

use super::clock::clock_scramble;
use super::definitions::embedded_definition;
use super::random_moves::{big_cube, megaminx};
use super::registry::{lookup, Event, ScrambleKind, Suffix};
use crate::alg::Alg;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::group::random::random_position;
use crate::group::{puzzle_chain, StabilizerChain};
use crate::kpuzzle::{kpuzzle_from_value, pattern_from_value};
use crate::model::moveset::{Metric, MoveSet};
use crate::model::omit::omit_sets;
use crate::model::puzzle::{MoveRef, Puzzle};
use crate::model::state::State;
use crate::phase::{PhaseInfo, PhaseSolveOptions, PhaseSolver, PhaseSolverOptions, DEFAULT_MEMORY};
use crate::search::beam::BeamOptions;
use crate::search::orient::reorientations;
use crate::search::Position;
use crate::solvers::big_cube::BigCubeSolver;
use crate::solvers::clock::ClockSolver;
use crate::solvers::cube3::TwoPhase;
use crate::solvers::cube4::{self, Cube4Solver};
use crate::solvers::identical::{registry_orbit, Identical};
use crate::solvers::minx::{self, MinxSolver};
use crate::solvers::square1::{self, Square1Solver};

/// The moves of 3x3x3 scrambles.
const CUBE3_MOVES: &str = "U,D,F,B,R,L";
/// The moves of 4x4x4 scrambles (cubing.js's).
const CUBE4_MOVES: &str = "U,D,F,B,R,L,Uw,Rw,Fw";

/// Search nodes one random-state solve may visit before it is an error (never a hang).
pub const MAX_NODES: u64 = 200_000_000;

/// The largest projection table of a scrambler's solver (entries). Smaller than the solver's default:
/// a first scramble builds the tables, and for the 3x3x3 the million-entry tables (corner twist × slice,
/// edge flip × slice) without corner twist × edge flip take about half the time (120 ms against 210 ms
/// natively) for about a fifth more search per scramble, which pays back only after a hundred or so.
pub const PROJECTION_ENTRIES: u64 = 1 << 21;

/// One scramble.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventScramble {
    /// The scramble in the event's notation (cubing.js's; WCA's for the clock).
    pub alg: String,
    /// Its number of moves (without an orientation suffix or fewest-moves padding; the clock's dial
    /// turns).
    pub length: usize,
}

/// The scrambler of one event: owns the puzzle (from the cubing.js KPuzzle definition the caller
/// passes) and, for random-state events, the group and the solver, built by the first scramble and
/// shared with its [siblings](EventScrambler::sibling) (the 3x3x3 events build the 3x3x3 tables once).
pub struct EventScrambler {
    event: &'static Event,
    puzzle: Arc<Puzzle>,
    tables: Arc<Tables>,
    memory_bytes: usize,
    beam: BeamOptions,
}

/// What a random-state scrambler builds on first use.
#[derive(Default)]
struct Tables {
    chain: OnceLock<StabilizerChain>,
    solver: OnceLock<PhaseSolver>,
    square1: OnceLock<Square1Solver>,
    cube3: OnceLock<TwoPhase>,
    cube4: OnceLock<Cube4Solver>,
    minx: OnceLock<MinxSolver>,
    clock: OnceLock<ClockSolver>,
    big_cube: OnceLock<BigCubeSolver>,
    /// The megaminx without its centers and the group of its face turns on it.
    minx_chain: OnceLock<(Puzzle, StabilizerChain)>,
}

impl EventScrambler {
    /// A scrambler for the event `id` (cubing.js event ID) over the embedded cubing.js definition of its
    /// puzzle ([`embedded_definition`]).
    pub fn for_event(id: &str) -> Result<Self> {
        let event = lookup(id)?;
        let definition = embedded_definition(event.puzzle)
            .ok_or_else(|| Error::internal(format!("event {id}: no embedded definition of {}", event.puzzle)))?;
        Self::new(id, definition)
    }

    /// A scrambler for the event `id` (cubing.js event ID) from the KPuzzle JSON of its puzzle
    /// ([`Event::puzzle`]). Errors for unknown or unsupported events and bad definitions.
    pub fn new(id: &str, definition: &str) -> Result<Self> {
        let event = lookup(id)?;
        if let ScrambleKind::Unsupported(why) = event.kind {
            return Err(Error::new(format!("event {id}: {why}")));
        }
        let mut def: Value =
            serde_json::from_str(definition).map_err(|e| Error::new(format!("{} definition: {e}", event.puzzle)))?;
        add_derived(&mut def, event)?;
        let mut puzzle = kpuzzle_from_value(&def)?;
        if !event.omit.is_empty() {
            let omit: Vec<String> = event.omit.iter().map(|s| s.to_string()).collect();
            puzzle = omit_sets(&puzzle, &omit)?;
        }
        let puzzle = Arc::new(puzzle);
        Ok(EventScrambler {
            event,
            puzzle,
            tables: Arc::default(),
            memory_bytes: DEFAULT_MEMORY,
            beam: BeamOptions::default(),
        })
    }

    /// A scrambler for the event `id` that shares this one's puzzle and tables (built once, by whichever
    /// scrambles first), when the two events scramble the same puzzle the same way (`333`, `333oh`,
    /// `333bf`, `333fm`, … all solve 3x3x3 random states); `None` when they do not.
    pub fn sibling(&self, id: &str) -> Result<Option<Self>> {
        let event = lookup(id)?;
        let same_states =
            matches!(event.kind, ScrambleKind::RandomState { .. } | ScrambleKind::Cube3 { .. } | ScrambleKind::Cube4)
                && event.kind == self.event.kind;
        let same_puzzle = event.puzzle == self.event.puzzle && event.derived == self.event.derived;
        if !same_puzzle || event.omit != self.event.omit || event.identical != self.event.identical || !same_states {
            return Ok(None);
        }
        Ok(Some(EventScrambler {
            event,
            puzzle: Arc::clone(&self.puzzle),
            tables: Arc::clone(&self.tables),
            memory_bytes: self.memory_bytes,
            beam: self.beam,
        }))
    }

    /// The event.
    pub fn event(&self) -> &'static Event {
        self.event
    }

    /// The puzzle (with the notation moves added).
    pub fn puzzle(&self) -> &Arc<Puzzle> {
        &self.puzzle
    }

    /// Sets the solver's memory budget (default [`DEFAULT_MEMORY`]); before the first scramble.
    pub fn set_memory_bytes(&mut self, bytes: usize) {
        self.memory_bytes = bytes;
    }

    /// Sets the limits of the big cubes' beam search over 3-cycles (default [`BeamOptions::default`]).
    pub fn set_beam(&mut self, beam: BeamOptions) {
        self.beam = beam;
    }

    /// Facts about the multi-phase solver's tables, once a random-state scramble has built them.
    pub fn phase_info(&self) -> Option<Vec<PhaseInfo>> {
        self.tables.solver.get().map(PhaseSolver::phase_info)
    }

    /// Whether the tables are built (a later scramble reuses them).
    pub fn is_warm(&self) -> bool {
        self.tables.solver.get().is_some()
            || self.tables.square1.get().is_some()
            || self.tables.cube3.get().is_some()
            || self.tables.cube4.get().is_some()
            || self.tables.minx.get().is_some()
    }

    /// The key of the multi-phase tables this scrambler builds (16 hex digits: what a shell keeps their
    /// saved bytes under; it changes with the puzzle, chain, target and memory budget's plan), or `None`
    /// for events without them (random-move events, the Square-1, the clock, the 3x3x3 events, whose
    /// tables build in tens of milliseconds). The 4x4x4 events key their
    /// reduction tables as `cube4-` and 16 hex digits.
    pub fn tables_key(&self) -> Result<Option<String>> {
        if self.event.kind == ScrambleKind::Cube4 {
            return Cube4Solver::tables_key(&self.puzzle).map(|k| Some(format!("cube4-{k}")));
        }
        match self.phase_options()? {
            Some(options) => PhaseSolver::tables_key(&self.puzzle, &options).map(Some),
            None => Ok(None),
        }
    }

    /// The multi-phase tables as bytes ([`PhaseSolver::save_tables`]) once a scramble has built them.
    pub fn save_tables(&self) -> Option<Vec<u8>> {
        if let Some(s) = self.tables.cube4.get() {
            return Some(s.save_tables());
        }
        self.tables.solver.get().map(PhaseSolver::save_tables)
    }

    /// Takes the multi-phase tables from bytes of [`EventScrambler::save_tables`] instead of building
    /// them on the first scramble. Refused (an error; the scrambler stays as it was and builds its tables
    /// when needed) when they were saved for other tables or are damaged; `false` (nothing to do) when the
    /// event has no such tables or they are already built.
    pub fn load_tables(&self, bytes: &[u8], control: Control) -> Result<bool> {
        if self.event.kind == ScrambleKind::Cube4 {
            if self.tables.cube4.get().is_some() {
                return Ok(false);
            }
            self.check_memory("4x4x4", cube4::TABLE_BYTES)?;
            let s = Cube4Solver::with_saved_tables(&self.puzzle, Box::new(EventScrambler::for_event("333")?), bytes)?;
            return Ok(self.tables.cube4.set(s).is_ok());
        }
        let Some(options) = self.phase_options()? else { return Ok(false) };
        if self.tables.solver.get().is_some() {
            return Ok(false);
        }
        let s = PhaseSolver::with_saved_tables(Arc::clone(&self.puzzle), options, bytes, control)?;
        Ok(self.tables.solver.set(s).is_ok())
    }

    /// A scramble drawn with `rng`; long work (building tables, solving) reports to and can be
    /// cancelled by `control`.
    pub fn scramble<R: Rng + ?Sized>(&self, rng: &mut R, control: Control) -> Result<EventScramble> {
        let (body, length) = match self.event.kind {
            ScrambleKind::RandomState { .. } => self.random_state(rng, control)?,
            ScrambleKind::BigCube { moves, layers } => {
                let m = big_cube(rng, moves, layers);
                self.verify_names(&m.join(" "))?;
                (m.join(" "), m.len())
            }
            ScrambleKind::Megaminx => {
                let lines = megaminx(rng);
                // `R++`, `D--` read as the megaminx's Pochmann moves (kpuzzle::notation).
                self.verify_names(&lines.join(" "))?;
                (lines.join("\n"), lines.len() * 11)
            }
            ScrambleKind::Square1 => {
                let solver = self.tables.square1.get_or_init(Square1Solver::new);
                let (_, alg) = square1::scramble(solver, rng, control)?;
                (alg.notation(), alg.slashes())
            }
            ScrambleKind::Cube3 { min_length, target_length } => {
                self.cube3_scramble(rng, min_length, target_length, control)?
            }
            ScrambleKind::Cube4 => {
                let chain = self.chain(&MoveSet::parse(&self.puzzle, CUBE4_MOVES)?)?;
                cube4::scramble(self.cube4(control)?, &self.puzzle, chain, rng, control)?
            }
            ScrambleKind::Clock => {
                let (moves, pins) = clock_scramble(rng);
                self.verify_names(&moves)?;
                let alg = if pins.is_empty() { moves } else { format!("{moves} {}", pins.join(" ")) };
                (alg, 14)
            }
            ScrambleKind::Unsupported(why) => return Err(Error::new(format!("event {}: {why}", self.event.id))),
        };
        let alg = match self.event.suffix {
            Suffix::None => body,
            Suffix::Orientation => match orientation(rng) {
                s if s.is_empty() => body,
                s => format!("{body} {s}"),
            },
            Suffix::FewestMoves => format!("R' U' F {body} R' U' F"),
        };
        Ok(EventScramble { alg, length })
    }

    /// Solves a position of the event's puzzle (a state of [`EventScrambler::puzzle`]) with the event's own
    /// solver, in the event's notation: the Square-1's two-phase search (which knows a slash is blocked while
    /// a corner straddles the cut, as the KPuzzle does not; any position, a slash blocked or not), checked on
    /// its model; the 3x3x3's two-phase search (the shortest it finds within its node budget, about a
    /// tenth of a second); the 4x4x4's reduction (444, 444bf: about 52 moves, checked on the definition);
    /// the megaminx's staged search (minx: any position, about 140 face turns, solved up to the puzzle's
    /// orientation, which a WCA scramble's `R++` changes, and the centers' orientations, checked on the
    /// definition); the other random-state events (222, pyram, skewb, fto, …)
    /// by the multi-phase solver their scrambles use, to the same target (the FTO's centers up to their
    /// colour); the clock optimally ([`ClockSolver`]: the fewest dial turns, in WCA notation with `y2`;
    /// `length` counts the dial turns); the big cubes (555, 666, 777, 555bf) in stages ([`BigCubeSolver`]:
    /// a few hundred moves, not optimal, up to the fixed centers' orientations, checked).
    pub fn solve(&self, state: &State, control: Control) -> Result<EventScramble> {
        match self.event.kind {
            ScrambleKind::Square1 => {
                let solver = self.tables.square1.get_or_init(Square1Solver::new);
                let s = square1::from_kpuzzle(&self.puzzle, state)?;
                let alg = square1::solve_any(solver, &s, control)?;
                Ok(EventScramble { alg: alg.notation(), length: alg.slashes() })
            }
            ScrambleKind::Cube3 { .. } => {
                let s = self.cube3(control)?.solve(state, None, control)?;
                let names: Vec<String> = s.moves.iter().map(|&m| self.puzzle.move_name(m)).collect();
                Ok(EventScramble { alg: names.join(" "), length: names.len() })
            }
            ScrambleKind::Cube4 => {
                // Only positions of the group: anything else (a twisted corner, a wing turned in place,
                // centers miscounted) is unsolvable, said so before any search.
                let chain = self.chain(&MoveSet::parse(&self.puzzle, CUBE4_MOVES)?)?;
                if crate::group::reachable(chain, self.puzzle.solved().as_bytes(), state.as_bytes())?
                    == crate::group::Membership::Unreachable
                {
                    return Err(Error::new(format!("event {}: the position is not solvable", self.event.id)));
                }
                let s = self.cube4(control)?.solve(&self.puzzle, state, control)?;
                Ok(EventScramble { alg: s.names.join(" "), length: s.names.len() })
            }
            ScrambleKind::RandomState { target_length, .. } => {
                // The scrambles' own multi-phase solver and target (the FTO's centers up to their colour),
                // stopping at the event's target length; an unreachable position is refused by it.
                let state = match Identical::new(&self.puzzle, self.event.identical)? {
                    Some(id) => id.apply(state),
                    None => state.clone(),
                };
                let options = PhaseSolveOptions { target_length, max_nodes: Some(MAX_NODES), sequential: true };
                let report = self.solver(control)?.solve(&state, &options, control).map_err(|mut e| {
                    if !e.is_cancelled() {
                        e.reason = format!("event {}: {}", self.event.id, e.reason);
                    }
                    e
                })?;
                let names: Vec<String> = report.solution.iter().map(|&m| self.puzzle.move_name(m)).collect();
                Ok(EventScramble { alg: names.join(" "), length: names.len() })
            }
            ScrambleKind::BigCube { .. } => {
                let s = self.big_cube(control)?.solve(&self.puzzle, state, &self.beam, control).map_err(|mut e| {
                    if !e.is_cancelled() {
                        e.reason = format!("event {}: {}", self.event.id, e.reason);
                    }
                    e
                })?;
                let names: Vec<String> = s.moves.iter().map(|&m| self.puzzle.move_name(m)).collect();
                Ok(EventScramble { alg: names.join(" "), length: names.len() })
            }
            ScrambleKind::Clock => {
                let solver = match self.tables.clock.get() {
                    Some(s) => s,
                    None => {
                        let s = ClockSolver::new(&self.puzzle)?;
                        self.tables.clock.get_or_init(|| s)
                    }
                };
                let s = solver.solve(&self.puzzle, state, control).map_err(|mut e| {
                    e.reason = format!("event {}: {}", self.event.id, e.reason);
                    e
                })?;
                let names: Vec<String> = s.moves.iter().map(|&m| self.puzzle.move_name(m)).collect();
                Ok(EventScramble { alg: names.join(" "), length: s.turns })
            }
            ScrambleKind::Megaminx => {
                // A WCA scramble's `R++`/`D--` turn the whole puzzle but its L (U) face: its centers move.
                // The position is turned by the rotation `R` that brings them home, that is solved by face
                // turns `S`, and each turn of `S` conjugated by `R` (a face turn again): `P·(R S R⁻¹)` is
                // solved up to the puzzle's orientation, as cubing.js's `ignorePuzzleOrientation` means.
                let p = &*self.puzzle;
                let faces = MoveSet::parse(p, minx::FACE_MOVES)?;
                let position = Position { start: state.clone(), target: None, known_reachable: false };
                let Some(turned) = reorientations(p, &position, &faces, |_| Ok(true))?.into_iter().next() else {
                    return Err(Error::new(format!(
                        "event {}: the position is not solvable (its centers are in no orientation of the puzzle)",
                        self.event.id
                    )));
                };
                let start = &turned.position.start;
                // Only positions of the group (the centers' orientations aside): a twisted corner, a flipped
                // edge or an odd permutation is unsolvable, said so before any search.
                let (pieces, chain) = self.minx_chain()?;
                let projected = minx::project(p, pieces, start)?;
                if crate::group::reachable(chain, pieces.solved().as_bytes(), projected.as_bytes())?
                    == crate::group::Membership::Unreachable
                {
                    return Err(Error::new(format!("event {}: the position is not solvable", self.event.id)));
                }
                let s = self.minx(control)?.solve(p, start, control)?;
                let moves = turned.solution(p, &faces, &s.moves);
                let end = p.apply_moves(&p.apply_moves(state, &moves), &turned.rotation);
                if moves.len() != s.moves.len() || !minx::solved_but_centers(p, &end) {
                    return Err(Error::internal("megaminx: the turned solution does not solve the position"));
                }
                let names: Vec<String> = moves.iter().map(|&m| p.move_name(m)).collect();
                Ok(EventScramble { alg: names.join(" "), length: names.len() })
            }
            _ => Err(Error::new(format!(
                "event {}: solved by a puzzle's solve(), not by the event's own solver",
                self.event.id
            ))),
        }
    }

    /// A position of [`EventScrambler::puzzle`] from KPattern data of cubing.js's KPuzzle for the event:
    /// the orbits the event leaves out (the kilominx's `EDGES`, `EDGES2`, `CENTERS`, which are no pieces of
    /// the real puzzle) are dropped first; any other orbit is read as `pattern_from_value` reads it.
    pub fn pattern(&self, v: &Value) -> Result<State> {
        match v.as_object() {
            Some(obj) if self.event.omit.iter().any(|o| obj.contains_key(*o)) => {
                let mut obj = obj.clone();
                for o in self.event.omit {
                    obj.remove(*o);
                }
                pattern_from_value(&self.puzzle, &Value::Object(obj))
            }
            _ => pattern_from_value(&self.puzzle, v),
        }
    }

    /// Checks that every move of `alg` is one of the puzzle's (and that it applies).
    fn verify_names(&self, alg: &str) -> Result<State> {
        let parsed = Alg::parse(alg)?;
        parsed.check_names(&self.puzzle)?;
        self.puzzle.position(&parsed)
    }

    /// Refuses a solver's tables (`what`: "4x4x4", "megaminx") when their `bytes` do not fit the memory
    /// budget (before allocating them).
    fn check_memory(&self, what: &str, bytes: usize) -> Result<()> {
        if self.memory_bytes < bytes {
            return Err(Error::new(format!(
                "event {}: the {what} tables need {} MiB, over the memory budget of {} MiB",
                self.event.id,
                bytes >> 20,
                self.memory_bytes >> 20
            )));
        }
        Ok(())
    }

    /// The megaminx solver, built on first use.
    fn minx(&self, control: Control) -> Result<&MinxSolver> {
        if let Some(s) = self.tables.minx.get() {
            return Ok(s);
        }
        self.check_memory("megaminx", minx::TABLE_BYTES)?;
        let s = MinxSolver::new(&self.puzzle, control)?;
        Ok(self.tables.minx.get_or_init(|| s))
    }

    /// The big cube solver (its 3-cycles found on first use).
    pub fn big_cube(&self, control: Control) -> Result<&BigCubeSolver> {
        if let Some(s) = self.tables.big_cube.get() {
            return Ok(s);
        }
        let s = BigCubeSolver::new(&self.puzzle, Box::new(EventScrambler::for_event("333")?), control)?;
        Ok(self.tables.big_cube.get_or_init(|| s))
    }

    /// The megaminx without its centers and the group of its face turns, built on first use.
    fn minx_chain(&self) -> Result<&(Puzzle, StabilizerChain)> {
        if let Some(c) = self.tables.minx_chain.get() {
            return Ok(c);
        }
        let pieces = minx::without_centers(&self.puzzle)?;
        let chain = puzzle_chain(&pieces, &MoveSet::parse(&pieces, minx::FACE_MOVES)?)?;
        Ok(self.tables.minx_chain.get_or_init(|| (pieces, chain)))
    }

    /// The 3x3x3 events' two-phase solver (built now if it is not yet), for its exact tables
    /// ([`TwoPhase::build_full_tables`], [`TwoPhase::load_full_tables`]: seconds to build, 177 MB, several
    /// times faster scrambles at 20 moves after); `None` for the other events.
    pub fn two_phase(&self, control: Control) -> Result<Option<&TwoPhase>> {
        match self.event.kind {
            ScrambleKind::Cube3 { .. } => self.cube3(control).map(Some),
            _ => Ok(None),
        }
    }

    /// The 3x3x3 two-phase solver, built on first use.
    fn cube3(&self, control: Control) -> Result<&TwoPhase> {
        if let Some(s) = self.tables.cube3.get() {
            return Ok(s);
        }
        let s = TwoPhase::new(&self.puzzle, control)?;
        Ok(self.tables.cube3.get_or_init(|| s))
    }

    /// A 3x3x3 random state (redrawn while under `min_length`), solved by the two-phase search,
    /// inverted and checked on the definition.
    fn cube3_scramble<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        min_length: u32,
        target_length: u32,
        control: Control,
    ) -> Result<(String, usize)> {
        let p = &*self.puzzle;
        let chain = self.chain(&MoveSet::parse(p, CUBE3_MOVES)?)?;
        let solver = self.cube3(control)?;
        loop {
            control.check()?;
            let state = random_position(p, chain, rng)?;
            let solution = solver.solve(&state, Some(target_length), control)?;
            let scramble = p.invert_moves(&solution.moves);
            if (scramble.len() as u32) < min_length {
                continue;
            }
            if p.apply_moves(p.solved(), &scramble) != state {
                return Err(Error::new(format!("event {}: the scramble does not reach the state", self.event.id)));
            }
            let names: Vec<String> = scramble.iter().map(|&m| p.move_name(m)).collect();
            return Ok((names.join(" "), scramble.len()));
        }
    }

    /// The 4x4x4 reduction solver, built on first use.
    fn cube4(&self, control: Control) -> Result<&Cube4Solver> {
        if let Some(s) = self.tables.cube4.get() {
            return Ok(s);
        }
        self.check_memory("4x4x4", cube4::TABLE_BYTES)?;
        let s = Cube4Solver::new(&self.puzzle, Box::new(EventScrambler::for_event("333")?), control)?;
        Ok(self.tables.cube4.get_or_init(|| s))
    }

    fn chain(&self, moves: &MoveSet) -> Result<&StabilizerChain> {
        if let Some(c) = self.tables.chain.get() {
            return Ok(c);
        }
        let c = puzzle_chain(&self.puzzle, moves)?;
        Ok(self.tables.chain.get_or_init(|| c))
    }

    fn solver(&self, control: Control) -> Result<&PhaseSolver> {
        if let Some(s) = self.tables.solver.get() {
            return Ok(s);
        }
        let options = self.phase_options()?.ok_or_else(|| Error::internal("a random-state event without phases"))?;
        let s = PhaseSolver::new(Arc::clone(&self.puzzle), options, control)?;
        Ok(self.tables.solver.get_or_init(|| s))
    }

    /// The options of the multi-phase solver of a random-state event.
    fn phase_options(&self) -> Result<Option<PhaseSolverOptions>> {
        let ScrambleKind::RandomState { moves, phases, implied_orientations, projection_entries, .. } = self.event.kind
        else {
            return Ok(None);
        };
        let phases = phases.iter().map(|p| MoveSet::parse(&self.puzzle, p)).collect::<Result<Vec<_>>>()?;
        let mut target = implied_target(&self.puzzle, implied_orientations)?;
        if let Some(id) = Identical::new(&self.puzzle, self.event.identical)? {
            target = Some(id.apply(target.as_ref().unwrap_or(self.puzzle.solved())));
        }
        Ok(Some(PhaseSolverOptions {
            moves: Some(MoveSet::parse(&self.puzzle, moves)?),
            phases,
            target,
            metric: Metric::Htm,
            memory_bytes: self.memory_bytes,
            projection_entries: Some(projection_entries.unwrap_or(PROJECTION_ENTRIES)),
            ..PhaseSolverOptions::default()
        }))
    }

    /// A uniformly random state (redrawn while it is under the event's minimum length), solved,
    /// inverted and checked by applying it.
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R, control: Control) -> Result<(String, usize)> {
        let ScrambleKind::RandomState { moves, tips, min_length, target_length, .. } = self.event.kind else {
            unreachable!("random_state is called for random-state events")
        };
        let p = &*self.puzzle;
        let moves = MoveSet::parse(p, moves)?;
        let chain = self.chain(&moves)?;
        let solver = self.solver(control)?;
        let tip_bases: Vec<usize> = if tips.is_empty() {
            Vec::new()
        } else {
            MoveSet::parse(p, tips)?.generators().iter().map(|g| g.base).collect()
        };
        let options = PhaseSolveOptions { target_length, max_nodes: Some(MAX_NODES), sequential: true };
        // Solved up to identical pieces: the drawn state and the scramble's are compared labelled.
        let identical = Identical::new(p, self.event.identical)?;
        let label = |s: State| match &identical {
            Some(id) => id.apply(&s),
            None => s,
        };
        loop {
            control.check()?;
            let state = label(random_position(p, chain, rng)?);
            let report = solver.solve(&state, &options, control)?;
            // Tips commute with every move: written last, as cubers read them.
            let mut scramble: Vec<MoveRef> = p.invert_moves(&report.solution);
            crate::sort::sort_by_key(&mut scramble, |m| tip_bases.contains(&m.base));
            let main = scramble.iter().filter(|m| !tip_bases.contains(&m.base)).count();
            if (main as u32) < min_length {
                continue;
            }
            if label(p.apply_moves(p.solved(), &scramble)) != state {
                return Err(Error::new(format!("event {}: the scramble does not reach the state", self.event.id)));
            }
            let names: Vec<String> = scramble.iter().map(|&m| p.move_name(m)).collect();
            return Ok((names.join(" "), scramble.len()));
        }
    }
}

/// The 333 event's scrambler solves the reduced 4x4x4 with its two-phase search: stopping at the event's
/// target length as its scrambles do, or (the 4x4x4's finish) the shortest it finds within a budget.
impl cube4::Cube3Solver for EventScrambler {
    fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn solve_moves(&self, state: &State, control: Control) -> Result<Vec<MoveRef>> {
        match self.event.kind {
            ScrambleKind::Cube3 { target_length, .. } => {
                Ok(self.cube3(control)?.solve(state, Some(target_length), control)?.moves)
            }
            ScrambleKind::RandomState { target_length, .. } => {
                let options = PhaseSolveOptions { target_length, max_nodes: Some(MAX_NODES), sequential: true };
                Ok(self.solver(control)?.solve(state, &options, control)?.solution)
            }
            _ => Err(Error::internal(format!("event {}: no 3x3x3 solver", self.event.id))),
        }
    }

    fn solve_short(&self, state: &State, soft_nodes: u64, control: Control) -> Result<Vec<MoveRef>> {
        match self.event.kind {
            ScrambleKind::Cube3 { .. } => Ok(self.cube3(control)?.solve_within(state, soft_nodes, control)?.moves),
            _ => self.solve_moves(state, control),
        }
    }
}

/// The solved state with the orientations of the `implied` orbits (comma-separated names) left out
/// (wildcards); `None` when there are none.
fn implied_target(puzzle: &Puzzle, implied: &str) -> Result<Option<State>> {
    if implied.is_empty() {
        return Ok(None);
    }
    let mut bytes = puzzle.solved().as_bytes().to_vec();
    for name in implied.split(',') {
        let o = registry_orbit(puzzle, name)?;
        bytes[o.orientations_range()].fill(o.wildcard());
    }
    Ok(Some(State::from_vec(bytes)))
}

/// Adds the event's notation moves to the definition's `derivedMoves`.
fn add_derived(def: &mut Value, event: &Event) -> Result<()> {
    if event.derived.is_empty() {
        return Ok(());
    }
    let root = def.as_object_mut().ok_or_else(|| Error::new(format!("{} definition: not an object", event.puzzle)))?;
    let derived = root.entry("derivedMoves").or_insert_with(|| Value::Object(Default::default()));
    if derived.is_null() {
        *derived = Value::Object(Default::default());
    }
    let map = derived
        .as_object_mut()
        .ok_or_else(|| Error::new(format!("{} definition: derivedMoves is not an object", event.puzzle)))?;
    for (name, alg) in event.derived {
        map.entry(name.to_string()).or_insert_with(|| Value::String(alg.to_string()));
    }
    Ok(())
}

/// A uniformly random orientation of the cube: which face goes to `U` (`Rw`, `Fw` turns), then a
/// turn about `U` (`Uw`). Empty for the identity.
fn orientation<R: Rng + ?Sized>(rng: &mut R) -> String {
    let up = ["", "Rw", "Rw2", "Rw'", "Fw", "Fw'"][rng.gen_range(0..6)];
    let turn = ["", "Uw", "Uw2", "Uw'"][rng.gen_range(0..4)];
    [up, turn].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ")
}
