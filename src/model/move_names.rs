//! Move naming rules shared with twsearch: which names are rotations, and how powers of a base move are
//! named (`F2`, `F'`, on the megaminx `U2'`).

/// Whether a move name denotes a whole-puzzle rotation: one or more upper-case letters or underscores
/// followed by a lower-case `v` (`Uv`, `FRBv`, `Z_Av`), or `x`, `y`, `z` optionally followed by `2` or `'`.
pub fn is_rotation_name(name: &str) -> bool {
    if let Some(stem) = name.strip_suffix('v') {
        return !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
    }
    matches!(name, "x" | "y" | "z" | "x2" | "y2" | "z2" | "x'" | "y'" | "z'")
}

/// The rotation rule of cubing.js KPuzzle definitions: twsearch's rule, and also letters in either case
/// (or underscores) followed by a lower-case `v`. cubing.js names its pyraminx's whole-puzzle rotations
/// about a vertex `uv`, `rv`, `lv`, `bv`, which twsearch's rule would count as moves.
pub fn is_cubing_rotation_name(name: &str) -> bool {
    if let Some(stem) = name.strip_suffix('v') {
        return !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_');
    }
    is_rotation_name(name)
}

/// Which naming rule tells rotations from moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RotationNames {
    /// twsearch's rule ([`is_rotation_name`]), for `.tws`/`.def` definitions.
    #[default]
    Twsearch,
    /// cubing.js's rule ([`is_cubing_rotation_name`]), for KPuzzle definitions.
    Cubing,
}

impl RotationNames {
    /// Whether `name` is a rotation under this rule.
    pub fn is_rotation(self, name: &str) -> bool {
        match self {
            RotationNames::Twsearch => is_rotation_name(name),
            RotationNames::Cubing => is_cubing_rotation_name(name),
        }
    }
}

/// The signed amount twsearch uses to name the power `amount` of a move of order `order`: clockwise up to
/// and including half a turn, counter-clockwise below half a turn. Returns 0 for the identity power.
pub fn canonical_amount(amount: i64, order: u32) -> i64 {
    let order = order as i64;
    if order <= 1 {
        return 0;
    }
    let tw = amount.rem_euclid(order);
    if tw == 0 {
        0
    } else if order - tw < tw {
        tw - order
    } else {
        tw
    }
}

/// The name of `base` raised to a signed (canonical) amount: `R`, `R2`, `R'`, `R2'`.
pub fn power_name(base: &str, amount: i64) -> String {
    let mut s = String::from(base);
    if amount.abs() != 1 {
        s.push_str(&amount.abs().to_string());
    }
    if amount < 0 {
        s.push('\'');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_rule() {
        for r in ["Uv", "FRBv", "Z_Av", "x'", "y", "z2", "BLv", "U_F_Rv"] {
            assert!(is_rotation_name(r), "{r}");
        }
        for m in ["X", "F", "xx", "T", "v", "Fv2", "fv", "2Uv", "x3"] {
            assert!(!is_rotation_name(m), "{m}");
        }
    }

    #[test]
    fn cubing_rotation_rule() {
        for r in ["Uv", "uv", "rv", "BLv", "x'", "y", "z2"] {
            assert!(is_cubing_rotation_name(r), "{r}");
            assert!(RotationNames::Cubing.is_rotation(r), "{r}");
        }
        for m in ["u", "2u", "BL", "v", "Fv2", "2Uv", "x3", "U2v"] {
            assert!(!is_cubing_rotation_name(m), "{m}");
        }
        assert!(!RotationNames::Twsearch.is_rotation("uv"));
    }

    #[test]
    fn power_naming_matches_twsearch() {
        let names = |order: u32| -> Vec<String> {
            (1..order as i64).map(|k| power_name("U", canonical_amount(k, order))).collect()
        };
        assert_eq!(names(4), ["U", "U2", "U'"]);
        assert_eq!(names(5), ["U", "U2", "U2'", "U'"]);
        assert_eq!(names(2), ["U"]);
        assert_eq!(names(6), ["U", "U2", "U3", "U2'", "U'"]);
        assert_eq!(canonical_amount(-2, 4), 2);
        assert_eq!(canonical_amount(8, 4), 0);
    }
}
