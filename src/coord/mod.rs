//! Coordinates: the numbers solvers and tables index positions by.
//!
//! - [`rank`] — ranks of sets of positions (colex bit masks) and moves on masks by byte lookup;
//! - [`perm`] — ranks of permutations (Lehmer codes), their parity, and ranks of multiset arrangements;
//! - [`digits`] — ranks of orientation digits (base `m`, the implied last digit left out);
//! - [`residue`] — distances stored mod 3, decoded from a neighbour's;
//! - [`blocks`] — a puzzle's *blocks* (slots of one orbit that the moves connect) and their permutation
//!   and orientation coordinates, for any puzzle;
//! - [`index`] — [`DenseIndex`](index::DenseIndex): the positions a move set reaches numbered densely,
//!   from those coordinates in mixed radix;
//! - [`bits`] — [`DepthBits`](bits::DepthBits): two bits of depth modulo 3 per position, shared by the
//!   threads of a breadth-first fill;
//! - [`fill`] — the breadth-first distance-table builder every dense table is filled by: a space of
//!   entries and their neighbours, a packing of the depths (bytes, four bits, two bits mod 3), and one
//!   level driver choosing forward or backward sweeps.

pub(crate) mod bits;
pub(crate) mod blocks;
pub(crate) mod digits;
pub(crate) mod fill;
pub(crate) mod index;
pub(crate) mod perm;
pub(crate) mod rank;
pub(crate) mod residue;
