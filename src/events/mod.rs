//! Scrambles for the events cubing.js knows, by cubing.js event ID (`333`, `pyram`, `clock`, …).
//!
//! - [`registry`](self) — the event table: event ID → puzzle, scramble kind, moves, phases, filters;
//! - random moves — the random-move scrambles cubing.js gives for the big cubes and the megaminx;
//! - clock — the WCA clock scramble (random dial turns in WCA order, then random pins);
//! - identical — pieces the real puzzle cannot tell apart (the FTO's centers): states solved up to them;
//! - [`square1`] — Square-1: its own model (slashes blocked by corners) and two-phase search;
//! - [`cube3`] — the 3x3x3's own two-phase search (min2phase's small symmetry-reduced tables, built in
//!   tens of milliseconds) for the 3x3x3 events and the 4x4x4's last phase, and its optimal solver's
//!   bound ([`cube3::CubeBound`]: Kociemba's phase-1 or huge table along the three axes);
//! - [`cube4`] — the 4x4x4: reduction in five phases (the last one the 3x3x3's two-phase search);
//! - [`minx`] — the megaminx: a staged search (a face at a time, the last layer in steps) that solves
//!   any position, for [`EventScrambler::solve`] (its scrambles are random moves);
//! - [`EventScrambler`] — one event's scrambler: uniformly random states solved by a
//!   [`PhaseSolver`](crate::phase::PhaseSolver) built on first use and reused across calls.
//!
//! The core does no I/O: the cubing.js KPuzzle definitions of the events' puzzles are embedded at build
//! time ([`embedded_definition`], used by [`EventScrambler::for_event`]), or the caller passes one.

mod clock;
pub mod cube3;
pub mod cube4;
mod definitions;
mod identical;
pub mod minx;
mod random_moves;
mod rank;
mod registry;
mod scrambler;
pub mod square1;

pub use definitions::embedded_definition;
pub use registry::{event, lookup, Event, ScrambleKind, Suffix, EVENTS};
pub use scrambler::{EventScramble, EventScrambler};
