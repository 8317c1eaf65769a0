//! Scrambles for the events cubing.js knows, by cubing.js event ID (`333`, `pyram`, `clock`, …).
//!
//! - [`registry`](self) — the event table: event ID → puzzle, scramble kind, moves, phases, filters;
//! - random moves — the random-move scrambles cubing.js gives for the big cubes and the megaminx;
//! - clock — the WCA clock scramble (random dial turns in WCA order, then random pins);
//! - the puzzles' own solvers are plug-ins in [`solvers`](crate::solvers) (the 3x3x3, 4x4x4, Square-1,
//!   megaminx), and identical pieces (the FTO's centers) are labelled there too;
//! - [`event_for_puzzle`] — which event's puzzle a definition is, by its structure;
//! - [`EventScrambler`] — one event's scrambler: uniformly random states solved by a
//!   [`PhaseSolver`](crate::phase::PhaseSolver) built on first use and reused across calls.
//!
//! The core does no I/O: the cubing.js KPuzzle definitions of the events' puzzles are embedded at build
//! time ([`embedded_definition`], used by [`EventScrambler::for_event`]), or the caller passes one.

mod clock;
mod definitions;
mod random_moves;
mod recognize;
mod registry;
mod scrambler;

pub use definitions::{embedded_definition, EMBEDDED_PUZZLES};
pub use recognize::event_for_puzzle;
#[cfg(test)]
pub(crate) use registry::FTO_CENTERS;
pub use registry::{event, lookup, Event, ScrambleKind, Suffix, EVENTS};
pub use scrambler::{EventScramble, EventScrambler};
