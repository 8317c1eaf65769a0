//! Random-move scrambles in cubing.js's notation: the big cubes (`R`, `Rw`, `3Rw` with `'`/`2`) and the
//! WCA megaminx (`R++ D-- … U'`).

use rand::Rng;

/// The faces of a cube by axis: (U, D), (L, R), (F, B).
const AXES: [[&str; 2]; 3] = [["U", "D"], ["L", "R"], ["F", "B"]];

/// The name of a block move of the `layers` outermost layers of `face`.
fn block(face: &str, layers: u32) -> String {
    match layers {
        1 => face.to_string(),
        2 => format!("{face}w"),
        n => format!("{n}{face}w"),
    }
}

/// `count` random block moves of up to `layers` layers: never the same face and depth twice in a row
/// (they would merge), never three moves in a row on one axis (the middle one would commute away), and
/// on one axis never a move that the previous one could be swapped with into order (each pair of
/// commuting moves appears in one order only), so no two consecutive moves simplify.
pub(super) fn big_cube<R: Rng + ?Sized>(rng: &mut R, count: usize, layers: u32) -> Vec<String> {
    let mut out = Vec::with_capacity(count);
    // (axis, face, depth) of the previous moves on the current axis.
    let mut run: Vec<(usize, usize, u32)> = Vec::new();
    while out.len() < count {
        let (axis, face, depth) = (rng.gen_range(0..3), rng.gen_range(0..2), rng.gen_range(1..=layers));
        if let Some(&(a, f, d)) = run.last() {
            if a == axis && (run.len() >= 2 || (f, d) >= (face, depth)) {
                continue;
            }
        }
        if run.last().is_some_and(|&(a, _, _)| a != axis) {
            run.clear();
        }
        run.push((axis, face, depth));
        let amount = ["", "2", "'"][rng.gen_range(0..3)];
        out.push(format!("{}{amount}", block(AXES[axis][face], depth)));
    }
    out
}

/// The WCA megaminx scramble: 7 lines, each 10 alternating `R`/`D` double turns (`++`/`--`, random)
/// and `U` or `U'` (clockwise after `D++`, counter-clockwise after `D--`).
pub(super) fn megaminx<R: Rng + ?Sized>(rng: &mut R) -> Vec<String> {
    let mut lines = Vec::with_capacity(7);
    for _ in 0..7 {
        let mut line = Vec::with_capacity(11);
        let mut last = true;
        for i in 0..10 {
            last = rng.gen_bool(0.5);
            line.push(format!("{}{}", if i % 2 == 0 { 'R' } else { 'D' }, if last { "++" } else { "--" }));
        }
        line.push(if last { "U" } else { "U'" }.to_string());
        lines.push(line.join(" "));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::random::rng_from_seed;

    #[test]
    fn big_cube_moves_never_simplify() {
        let mut rng = rng_from_seed(Some(3)).unwrap();
        let moves = big_cube(&mut rng, 1000, 3);
        assert_eq!(moves.len(), 1000);
        let family = |m: &str| m.trim_end_matches(['2', '\'']).to_string();
        let axis = |m: &str| {
            let f = family(m);
            AXES.iter().position(|a| a.iter().any(|x| f.trim_start_matches(char::is_numeric).starts_with(x))).unwrap()
        };
        for w in moves.windows(2) {
            assert_ne!(family(&w[0]), family(&w[1]), "{w:?}");
        }
        for w in moves.windows(3) {
            assert!(!(axis(&w[0]) == axis(&w[1]) && axis(&w[1]) == axis(&w[2])), "{w:?}");
        }
        let depths: std::collections::BTreeSet<_> =
            moves.iter().map(|m| m.starts_with('3') as u8 + m.contains('w') as u8).collect();
        assert_eq!(depths.len(), 3);
    }

    #[test]
    fn megaminx_lines() {
        let mut rng = rng_from_seed(Some(4)).unwrap();
        let lines = megaminx(&mut rng);
        assert_eq!(lines.len(), 7);
        for l in &lines {
            let t: Vec<&str> = l.split(' ').collect();
            assert_eq!(t.len(), 11);
            assert_eq!(t[10], if t[9] == "D++" { "U" } else { "U'" });
        }
    }
}
