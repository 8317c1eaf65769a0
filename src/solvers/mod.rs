//! Puzzle solvers with a model of their own, as plug-ins beside the generic optimal
//! ([`search`](crate::search)) and multi-phase ([`phase`](crate::phase)) solvers.
//!
//! - [`big_cube`] — the 5x5x5 to 7x7x7 (any cubing.js NxNxN, N ≥ 4): a checked solution in stages, the
//!   last a beam search over automatically found 3-cycles;
//! - [`clock`] — the WCA clock, solved optimally: a minimum-support solution of its dial turns over Z/12;
//! - [`cube3`] — the 3x3x3: its two-phase search (min2phase's small symmetry-reduced tables, built in
//!   tens of milliseconds, or the exact ones) and its optimal solver ([`cube3::CubeBound`]: Kociemba's
//!   phase-1, huge and layers tables along the three axes);
//! - [`cube4`] — the 4x4x4: reduction in five phases, the last one the 3x3x3's two-phase search;
//! - [`square1`] — Square-1: its own model (slashes blocked by corners) and two-phase search;
//! - [`minx`] — the megaminx: a staged search (a face at a time, the last layer in steps);
//! - [`bounds`] — the optimal solver's second bound as the shells ask for it: a phase bound or the
//!   3x3x3's own, checked, built or read from saved bytes, reported and saved in one place;
//! - corners — the eight corners' composition, which the 3x3x3's and the 4x4x4's models share;
//! - identical — pieces a real puzzle cannot tell apart (the FTO's centers), and orbits found by name.

pub mod big_cube;
pub mod bounds;
pub mod clock;
pub(crate) mod corners;
pub mod cube3;
pub mod cube4;
pub(crate) mod identical;
pub mod minx;
pub mod square1;
