//! Algs from arbitrary text on the 3x3x3: parse, print and parse again to the same alg; expand, invert
//! and check that the alg followed by its inverse is the identity.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twistsearch::{Alg, Puzzle};

fn cube() -> &'static Puzzle {
    static CUBE: OnceLock<Puzzle> = OnceLock::new();
    CUBE.get_or_init(|| {
        twistsearch::load_puzzle(include_str!("../../data/puzzles/main/3x3x3.tws")).expect("the 3x3x3 loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(alg) = Alg::parse(text) else { return };
    let printed = alg.to_string();
    let again = Alg::parse(&printed).expect("a printed alg parses");
    assert_eq!(again.to_string(), printed);
    let p = cube();
    let (Ok(state), Ok(inverse)) = (p.position(&alg), alg.invert(p)) else { return };
    let back = p.position(&inverse).expect("the inverse applies");
    let composed = Alg::parse(&format!("{printed} {inverse}")).expect("parses");
    if let Ok(id) = p.position(&composed) {
        assert_eq!(id.as_bytes(), p.solved().as_bytes(), "alg then inverse is the identity");
    }
    let _ = (state, back);
});
