//! KPuzzle JSON definitions from arbitrary bytes: an error is fine; a puzzle that loads converts back to
//! KPuzzle JSON that loads again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = twistsearch::kpuzzle::parse_kpuzzle(text) {
        let json = twistsearch::kpuzzle::kpuzzle_json(&p);
        twistsearch::kpuzzle::parse_kpuzzle(&json).expect("a written KPuzzle loads");
    }
});
