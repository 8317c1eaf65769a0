//! The cubing.js 0.63.4 KPuzzle definitions of the events' puzzles, embedded at build time (from
//! `tests/data/puzzles/cubing-kpuzzle/`, which the cubing.js fixture check keeps equal to what cubing.js
//! gives; the build script leaves out the whitespace between their JSON tokens), so that scramblers need
//! neither a file nor cubing.js.

macro_rules! embedded {
    ($($name:literal),*) => {
        /// The cubing.js puzzle IDs whose KPuzzle definitions are embedded ([`embedded_definition`]).
        pub const EMBEDDED_PUZZLES: &[&str] = &[$($name),*];

        /// The cubing.js KPuzzle definition (JSON text) of a puzzle an event uses ([`super::Event::puzzle`]);
        /// `None` for a puzzle no event uses.
        pub fn embedded_definition(puzzle: &str) -> Option<&'static str> {
            match puzzle {
                $($name => Some(include_str!(concat!(
                    env!("OUT_DIR"), "/kpuzzle/", $name, ".kpuzzle.json"
                ))),)*
                _ => None,
            }
        }
    };
}

embedded!(
    "2x2x2",
    "3x3x3",
    "4x4x4",
    "5x5x5",
    "6x6x6",
    "7x7x7",
    "clock",
    "megaminx",
    "pyraminx",
    "skewb",
    "square1",
    "fto",
    "master_tetraminx",
    "kilominx",
    "redi_cube",
    "baby_fto"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_has_its_definition() {
        for e in super::super::EVENTS {
            assert!(embedded_definition(e.puzzle).is_some(), "{}", e.puzzle);
        }
        assert!(embedded_definition("gigaminx").is_none());
        for id in EMBEDDED_PUZZLES {
            assert!(embedded_definition(id).is_some(), "{id}");
        }
    }

    #[test]
    fn embedded_definitions_are_the_files_json() {
        for id in EMBEDDED_PUZZLES {
            let path = format!("{}/tests/data/puzzles/cubing-kpuzzle/{id}.kpuzzle.json", env!("CARGO_MANIFEST_DIR"));
            let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            let text = embedded_definition(id).unwrap();
            let embedded: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(embedded, file, "{id}");
            assert!(!text.contains('\n'), "{id}: the layout is left out");
        }
    }
}
