//! Properties of invert and simplify on random algs: same effect, never longer, idempotent.

mod common;

use proptest::prelude::*;
use twistsearch::{Alg, Puzzle};

fn alg_strategy(names: Vec<String>) -> impl Strategy<Value = String> {
    let token = (proptest::sample::select(names), proptest::sample::select(vec!["", "2", "'", "2'", "3", "7"]))
        .prop_map(|(n, a)| format!("{n}{a}"));
    let leaf = proptest::collection::vec(token, 0..12).prop_map(|v| v.join(" "));
    leaf.prop_recursive(2, 40, 3, |inner| {
        prop_oneof![
            (inner.clone(), 1..4i32).prop_map(|(a, n)| format!("({a}){n}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("[{a}, {b}]")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("[{a}: {b}]")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("{a} {b}")),
        ]
    })
}

fn check(p: &Puzzle, text: &str) -> Result<(), TestCaseError> {
    let alg = Alg::parse(text).unwrap();
    let t = p.alg_transform(&alg).unwrap();
    let inv = alg.invert(p).unwrap();
    prop_assert_eq!(p.apply_alg(&t, &inv).unwrap(), p.identity(), "invert of {}", text);
    let s = alg.simplify(p).unwrap();
    prop_assert_eq!(p.alg_transform(&s).unwrap(), t, "simplify of {} gave {}", text, s);
    prop_assert!(s.nodes.len() <= alg.expand(p).unwrap().len());
    let again = Alg::parse(&s.to_string()).unwrap().simplify(p).unwrap();
    prop_assert_eq!(again.to_string(), s.to_string(), "simplify is idempotent");
    Ok(())
}

fn names(p: &Puzzle) -> Vec<String> {
    p.base_moves().iter().filter(|b| !b.rotation).map(|b| b.name.clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn cube_algs(text in alg_strategy(names(&common::puzzle("puzzles/main/3x3x3.tws")))) {
        check(&common::puzzle("puzzles/main/3x3x3.tws"), &text)?;
    }

    #[test]
    fn megaminx_algs(text in alg_strategy(names(&common::puzzle("puzzles/main/megaminx.tws")))) {
        check(&common::puzzle("puzzles/main/megaminx.tws"), &text)?;
    }

    #[test]
    fn big_cube_algs(text in alg_strategy(names(&common::puzzle("puzzles/main/5x5x5.tws")))) {
        check(&common::puzzle("puzzles/main/5x5x5.tws"), &text)?;
    }
}

#[test]
fn simplify_examples() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    let s = |a: &str| Alg::parse(a).unwrap().simplify(&p).unwrap().to_string();
    assert_eq!(s("R R"), "R2");
    assert_eq!(s("R R'"), "");
    assert_eq!(s("R L R"), "L R2");
    assert_eq!(s("R L"), s("L R"));
    assert_eq!(s("U D U'"), "D");
    assert_eq!(s("R2' R2"), "");
    assert_eq!(s("(R U R' U')6"), "R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'");
    let mega = common::puzzle("puzzles/main/megaminx.tws");
    let m = |a: &str| Alg::parse(a).unwrap().simplify(&mega).unwrap().to_string();
    assert_eq!(m("U U U"), "U2'");
    assert_eq!(m("U3"), "U2'");
    assert_eq!(m("U5"), "");
}
