//! `.tws` definitions from arbitrary bytes: decoded as the CLI does, then parsed; an error is fine, a
//! panic, hang or crash is a finding. A definition that loads must write back and load again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = twistsearch::text::decode(data) else { return };
    if let Ok(p) = twistsearch::tws::parse_definition(text) {
        let again = twistsearch::tws::write_definition(&p);
        twistsearch::tws::parse_definition(&again).expect("a written definition loads");
    }
});
