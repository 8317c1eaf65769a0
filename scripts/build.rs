//! Build script (Cargo.toml `build = "scripts/build.rs"`, kept out of the top level): names the cfg
//! conditions the sources test, so each is written once.
//!
//! - `threads`: threads may be available: natively, or in the threaded WebAssembly build (everything but
//!   the single-threaded WebAssembly build, which leaves out the parallel-only code to stay small).
//! - `wasm_threads`: the threaded WebAssembly build (shared memory, rayon on Web Workers).

fn main() {
    cfg_aliases::cfg_aliases! {
        threads: { any(not(target_arch = "wasm32"), feature = "parallel") },
        wasm_threads: { all(target_arch = "wasm32", feature = "parallel") },
    }
}
