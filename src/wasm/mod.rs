//! The WebAssembly shell (feature `wasm`, `wasm32` only): the `Puzzle` and `EventScrambler` classes that
//! the npm package's JS API (`js/`) wraps. It converts between JS values and the core's types and nothing
//! more: every computation is the core's.
//!
//! Two parts, each behind a feature (`wasm` is both): `wasm-puzzle`, the `Puzzle` class (any puzzle from its
//! definition) with the embedded definitions by cubing.js puzzle ID, and `wasm-events`, the
//! `EventScrambler` class (cubing.js events' scrambles and own solvers). Three modules come from this
//! source (scripts/build-wasm.sh, wasm-pack.toml): single-threaded, one per part (no `parallel`), so that
//! a page downloads only the part it calls; and threaded, both parts in one module (`parallel`: rayon on
//! Web Workers through wasm-bindgen-rayon, which exports `initThreadPool`). Long work takes JS hooks
//! (`onProgress`, `isCancelled`, see [`run`]) that behave the same in every build; in the threaded build
//! they are called from the calling thread only.
//!
//! Errors are JS `Error`s carrying the core's message (cancelled work: name `AbortError`; tables given as
//! anything but a `Uint8Array`: a `TypeError`); no user input panics, and a panic hook logs any bug to the
//! console.
//!
//! Tables (the optimal solver's pruning table, the multi-phase solver's, an event's) go to JS as the
//! core's saved bytes and come back from them (`tablesKey`, `saveTables`, `loadTables`): the JS API keeps
//! them in a cache of the caller's choice. Bytes the core refuses leave the solvers as they were.

#[cfg(feature = "wasm-puzzle")]
mod bound;
#[cfg(feature = "wasm-puzzle")]
mod definitions;
#[cfg(feature = "wasm-events")]
mod events;
mod options;
#[cfg(feature = "wasm-puzzle")]
mod phases;
#[cfg(feature = "wasm-puzzle")]
mod plain;
#[cfg(feature = "wasm-puzzle")]
mod puzzle;
mod run;
#[cfg(feature = "wasm-puzzle")]
mod seqs;

#[cfg(feature = "wasm-events")]
pub use events::{scramble_events, EventScrambler};
#[cfg(feature = "wasm-puzzle")]
pub use puzzle::Puzzle;
#[cfg(feature = "parallel")]
pub use wasm_bindgen_rayon::init_thread_pool;

use wasm_bindgen::prelude::*;

#[cfg(all(not(feature = "parallel"), target_feature = "atomics"))]
compile_error!("the single-threaded wasm build must not enable atomics (its hooks assume one thread)");

/// Runs once when the module is instantiated (on every thread of the threaded build).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Which build this is: `"single"` or `"threaded"`.
#[wasm_bindgen]
pub fn build() -> String {
    if cfg!(feature = "parallel") { "threaded" } else { "single" }.to_string()
}

/// The parts of the JS API this module has: `"puzzle"` (the `Puzzle` class), `"events"` (the
/// `EventScrambler` class), or both (`"puzzle,events"`).
#[wasm_bindgen]
pub fn parts() -> String {
    [(cfg!(feature = "wasm-puzzle"), "puzzle"), (cfg!(feature = "wasm-events"), "events")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect::<Vec<_>>()
        .join(",")
}

/// Threads the core's parallel work uses: the rayon pool's size in the threaded build, 1 otherwise.
#[wasm_bindgen]
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// The crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
