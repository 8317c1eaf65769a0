//! The IDA* engine every solver runs on: iterative deepening over a [`Space`] (nodes, numbered move
//! slots, a canonical order, a lower bound), with one depth-first walk ([`Ida`]) that expands a node's
//! children as a batch into a buffer made once per depth, screens them together (each child's table
//! entry prefetched before any is read, so the memory latencies overlap), counts nodes, honours
//! cancellation, a node budget and progress reports, and never allocates while walking.
//!
//! A solver is a plug-in: its `Space` says what a node is and how it moves and is bounded; a [`Visit`]
//! says what a node at the end of a walk means (a goal, a solution to keep, the start of the next phase's
//! search). Generics, not dynamic dispatch: each space gets its own compiled walk.
//!
//! ```
//! use twistsearch::error::Result;
//! use twistsearch::ida::{Flow, Ida, Space, Visit};
//! use twistsearch::control::Control;
//!
//! /// Positions 0..100 on a ring; moves +1, −1, +10, −10; the goal is 0.
//! struct Ring;
//! impl Space for Ring {
//!     type Node = i32;
//!     type Move = i32;
//!     type Order = ();
//!     fn branching(&self) -> usize { 4 }
//!     fn blank(&self) -> i32 { 0 }
//!     fn child(&self, x: &i32, _: (), k: usize, out: &mut i32) -> Option<(i32, ())> {
//!         let m = [1, -1, 10, -10][k];
//!         *out = (x + m).rem_euclid(100);
//!         Some((m, ()))
//!     }
//!     // Each move changes the position by at most 10.
//!     fn bound(&self, x: &i32) -> u32 { (x.min(&(100 - x)) + 9) as u32 / 10 }
//! }
//! struct Goal(Vec<i32>);
//! impl Visit<Ring> for Goal {
//!     fn leaf(&mut self, x: &i32, path: &[i32]) -> Result<Flow> {
//!         if *x != 0 { return Ok(Flow::Continue) }
//!         self.0 = path.to_vec();
//!         Ok(Flow::Stop)
//!     }
//! }
//! let mut goal = Goal(Vec::new());
//! let depth = Ida::new(&Ring, Control::none()).deepen(&23, (), 0, 20, &mut goal)?;
//! assert_eq!(depth, Some(5)); // −10 −10 −1 −1 −1
//! assert_eq!(goal.0.iter().sum::<i32>(), -23);
//! # Ok::<(), twistsearch::Error>(())
//! ```

pub mod lanes;
mod space;
mod walk;

pub use space::{Child, Flow, Space, Visit};
pub use walk::Ida;

#[cfg(test)]
mod tests;
