//! Build script (Cargo.toml `build = "scripts/build.rs"`, kept out of the top level): names the cfg
//! conditions the sources test, so each is written once, and writes the embedded puzzle definitions
//! without their layout.
//!
//! - `threads`: threads may be available: natively, or in the threaded WebAssembly build (everything but
//!   the single-threaded WebAssembly build, which leaves out the parallel-only code to stay small).
//! - `wasm_threads`: the threaded WebAssembly build (shared memory, rayon on Web Workers).
//! - `$OUT_DIR/kpuzzle/NAME.kpuzzle.json`: each cubing.js KPuzzle definition of
//!   `tests/data/puzzles/cubing-kpuzzle/` with the whitespace between JSON tokens left out (the same
//!   JSON, a third of the bytes), for `src/events/definitions.rs` to embed.

use std::path::Path;

const DEFINITIONS: &str = "tests/data/puzzles/cubing-kpuzzle";

fn main() {
    cfg_aliases::cfg_aliases! {
        threads: { any(not(target_arch = "wasm32"), feature = "parallel") },
        wasm_threads: { all(target_arch = "wasm32", feature = "parallel") },
    }
    println!("cargo::rerun-if-changed=scripts/build.rs");
    println!("cargo::rerun-if-changed={DEFINITIONS}");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("kpuzzle");
    std::fs::create_dir_all(&out).expect("create OUT_DIR/kpuzzle");
    for entry in std::fs::read_dir(DEFINITIONS).expect("read the definitions folder") {
        let path = entry.expect("list the definitions folder").path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        if !name.ends_with(".kpuzzle.json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a definition");
        std::fs::write(out.join(name), compact_json(&text)).expect("write a compact definition");
    }
}

/// `json` without the whitespace between its tokens (whitespace inside strings is kept).
fn compact_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if matches!(c, ' ' | '\t' | '\n' | '\r') {
            continue;
        }
        out.push(c);
    }
    out
}
