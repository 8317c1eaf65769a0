//! Scrambles for the events cubing.js knows, by cubing.js event ID (`333`, `pyram`, `clock`, …).
//!
//! - [`registry`](self) — the event table: event ID → puzzle, scramble kind, moves, phases, filters;
//! - random moves — the random-move scrambles cubing.js gives for the big cubes and the megaminx;
//! - clock — the WCA clock scramble (random dial turns in WCA order, then random pins);
//! - [`EventScrambler`] — one event's scrambler: uniformly random states solved by a
//!   [`PhaseSolver`](crate::phase::PhaseSolver) built on first use and reused across calls.
//!
//! The core does no I/O: the caller passes the cubing.js KPuzzle definition of the event's puzzle.

mod clock;
mod random_moves;
mod registry;
mod scrambler;

pub use registry::{event, Event, ScrambleKind, Suffix, EVENTS};
pub use scrambler::{EventScramble, EventScrambler};
