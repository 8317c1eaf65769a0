//! Scramble files from arbitrary bytes, against the 2x2x2: every scramble that parses has a valid state.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twistsearch::Puzzle;

fn cube() -> &'static Puzzle {
    static CUBE: OnceLock<Puzzle> = OnceLock::new();
    CUBE.get_or_init(|| {
        twistsearch::load_puzzle(include_str!("../../data/puzzles/main/2x2x2.tws")).expect("the 2x2x2 loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = twistsearch::text::decode(data) else { return };
    if let Ok(file) = twistsearch::tws::parse_scrambles(cube(), text) {
        for s in file.scrambles {
            if let Some(st) = s.state {
                assert_eq!(st.as_bytes().len(), cube().solved().as_bytes().len());
            }
        }
    }
});
