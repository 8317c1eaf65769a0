//! The WCA clock scramble: every dial move of the front (`UR DR DL UL U R D L ALL`), `y2`, the back's
//! (`U R D L ALL`), each turned a uniformly random amount (`0+` to `6+`, `1-` to `5-`), then each pin of
//! the four corners up with probability ½ (`UR DL`). The fourteen moves generate every dial position,
//! so the state is uniformly random.

use rand::Rng;

const FRONT: [&str; 9] = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"];
const BACK: [&str; 5] = ["U", "R", "D", "L", "ALL"];
const PINS: [&str; 4] = ["UR", "DR", "DL", "UL"];

/// A dial turn in WCA notation: `amount` in -5..=6.
pub(super) fn dial(name: &str, amount: i32) -> String {
    if amount < 0 {
        format!("{name}{}-", -amount)
    } else {
        format!("{name}{amount}+")
    }
}

/// One clock scramble: the moves (dial turns and `y2`) and the pins left up, as one string.
pub(super) fn clock_scramble<R: Rng + ?Sized>(rng: &mut R) -> (String, Vec<String>) {
    let mut tokens: Vec<String> = FRONT.iter().map(|n| dial(n, rng.gen_range(-5..=6))).collect();
    tokens.push("y2".to_string());
    tokens.extend(BACK.iter().map(|n| dial(n, rng.gen_range(-5..=6))));
    let pins: Vec<String> = PINS.iter().filter(|_| rng.gen_bool(0.5)).map(|p| p.to_string()).collect();
    (tokens.join(" "), pins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::random::rng_from_seed;

    #[test]
    fn wca_notation() {
        assert_eq!(dial("UR", 0), "UR0+");
        assert_eq!(dial("ALL", 6), "ALL6+");
        assert_eq!(dial("D", -5), "D5-");
        let mut rng = rng_from_seed(Some(1)).unwrap();
        let (moves, pins) = clock_scramble(&mut rng);
        let tokens: Vec<&str> = moves.split(' ').collect();
        assert_eq!(tokens.len(), 15);
        assert_eq!(tokens[9], "y2");
        for (t, name) in tokens.iter().zip(FRONT.iter().chain(&["y2"]).chain(BACK.iter())) {
            assert!(t.starts_with(name), "{t} {name}");
        }
        assert!(pins.iter().all(|p| PINS.contains(&p.as_str())));
    }

    #[test]
    fn amounts_cover_every_dial_value() {
        let mut rng = rng_from_seed(Some(2)).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            for t in clock_scramble(&mut rng).0.split(' ').filter(|t| *t != "y2") {
                seen.insert(t.trim_start_matches(char::is_alphabetic).to_string());
            }
        }
        assert_eq!(seen.len(), 12, "{seen:?}");
    }
}
