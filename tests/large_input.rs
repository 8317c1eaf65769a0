//! Hostile sizes (issue 14, item 2): parsing must be linear in line length and in line count. Each case
//! builds a multi-megabyte input and must be answered (parsed, or refused with a located error) within a
//! bound generous for a debug build on a loaded machine, yet far below what a quadratic parser takes
//! (a 1 MB line took 16 s in a release build before the fix; these inputs are 2-4 times larger).
//! A second check compares the time of an input with that of one a quarter its size: linear work grows
//! about 4 times, quadratic work 16 times.

mod common;

use std::time::{Duration, Instant};

use common::{puzzle, read};
use twistsearch::tws::parse_scrambles;
use twistsearch::{Alg, Location};

/// The most one multi-megabyte parse may take (debug build, shared machine).
const BOUND: Duration = Duration::from_secs(20);

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    eprintln!("{what}: {took:?}");
    assert!(took < BOUND, "{what} took {took:?} (over {BOUND:?}: parsing is not linear)");
    (out, took)
}

/// `f(n)` for `n` and `4 n`; the larger must not take more than 10 times as long (plus a little for
/// timer noise): quadratic work would take 16 times.
fn scales_linearly(what: &str, n: usize, f: impl Fn(usize)) {
    let (_, small) = timed(&format!("{what} ×{n}"), || f(n));
    let (_, large) = timed(&format!("{what} ×{}", 4 * n), || f(4 * n));
    assert!(
        large <= small * 10 + Duration::from_millis(200),
        "{what}: {small:?} for {n}, {large:?} for {} (more than linear)",
        4 * n
    );
}

#[test]
fn a_definition_line_of_megabytes_is_refused_quickly_with_its_place() {
    let build = |n: usize| format!("Name X\nSet CORNER 8 3{}\n", " y".repeat(n));
    let (e, _) = timed("4 MB Set line", || twistsearch::load_puzzle(&build(2_000_000)).unwrap_err());
    assert_eq!(e.location, Location::Line { line: 2, column: None });
    assert!(e.reason.contains("found 2000004 tokens"), "{e}");
    scales_linearly("Name line of tokens", 250_000, |n| {
        twistsearch::load_puzzle(&build(n)).unwrap_err();
    });
}

#[test]
fn a_solved_line_of_megabytes_is_refused_quickly_with_its_place() {
    let text = format!("Name X\nSet CORNER 8 3\nSolved\nCORNER\n{}9\nEnd\n", "1 ".repeat(1_000_000));
    let (e, _) = timed("2 MB Solved line", || twistsearch::load_puzzle(&text).unwrap_err());
    assert_eq!(e.location, Location::Line { line: 5, column: None });
    assert!(e.reason.contains("needs 8 values, found 1000001"), "{e}");
}

#[test]
fn many_short_lines_parse_in_linear_time() {
    let def = read("puzzles/main/2x2x2.tws");
    let build = |n: usize| format!("{}{def}", "# comment\n\n".repeat(n));
    let (p, _) = timed("200k comment lines", || twistsearch::load_puzzle(&build(200_000)).unwrap());
    assert_eq!(p.name(), twistsearch::load_puzzle(&def).unwrap().name());
    scales_linearly("comment lines", 50_000, |n| {
        twistsearch::load_puzzle(&build(n)).unwrap();
    });
}

#[test]
fn a_scramble_alg_of_hundreds_of_thousands_of_moves_parses_in_linear_time() {
    let cube = puzzle("puzzles/main/2x2x2.tws");
    // 800k moves on one line (under the 1,000,000 cap), then the same over 200k lines.
    let one_line = |n: usize| format!("ScrambleAlg big\n{}\nEnd\n", "R U F' ".repeat(n / 3));
    let many_lines = |n: usize| format!("ScrambleAlg big\n{}End\n", "R U F' U2\n".repeat(n / 4));
    let (f, _) = timed("800k-move ScrambleAlg line", || parse_scrambles(&cube, &one_line(800_000)).unwrap());
    assert!(f.scrambles[0].state.is_some());
    let (f, _) = timed("800k moves over 200k lines", || parse_scrambles(&cube, &many_lines(800_000)).unwrap());
    assert!(f.scrambles[0].state.is_some());
    scales_linearly("ScrambleAlg moves", 100_000, |n| {
        parse_scrambles(&cube, &one_line(n)).unwrap();
    });
    scales_linearly("ScrambleAlg lines", 100_000, |n| {
        parse_scrambles(&cube, &many_lines(n)).unwrap();
    });
    // An error at the very end of a long multi-line alg still names its line and column.
    let bad = format!("ScrambleAlg big\n{}R $\nEnd\n", "R U\n".repeat(200_000));
    let (e, _) = timed("error after 200k alg lines", || parse_scrambles(&cube, &bad).unwrap_err());
    assert_eq!(e.location, Location::Line { line: 200_002, column: Some(3) }, "{e}");
}

#[test]
fn a_one_line_alg_of_megabytes_parses_in_linear_time() {
    let build = |n: usize| "R U' ".repeat(n / 2);
    let (alg, _) = timed("900k-move alg", || Alg::parse(&build(900_000)).unwrap());
    assert_eq!(alg.expanded_len(), 900_000);
    let (e, _) = timed("error at the end of a 4 MB alg", || Alg::parse(&format!("{}$", build(800_000))).unwrap_err());
    assert_eq!(e.location, Location::Column(2_000_001));
    scales_linearly("alg moves", 200_000, |n| {
        Alg::parse(&build(n)).unwrap();
    });
    // 10 MB, 4 M moves: refused at the first move past the cap, as it is read (its syntax tree is never
    // more than the longest alg accepted), with where that move is.
    let (e, _) = timed("10 MB alg", || Alg::parse(&build(4_000_000)).unwrap_err());
    assert!(e.reason.contains("more than 1000000 moves written out"), "{e}");
    assert_eq!(e.location, Location::Column(2_500_001));
}

/// Move sequences given in reverse dependency order (each uses the next) are added in dependency order
/// with each alg parsed once: 40,000 of them took minutes when every pass re-parsed every waiting one.
#[test]
fn move_sequences_in_reverse_dependency_order_load_in_linear_time() {
    let def = read("puzzles/main/2x2x2.tws");
    let build = |n: usize| {
        let mut text = def.clone();
        for i in 0..n {
            let next = if i + 1 < n { format!("Q{}x", i + 1) } else { "R".to_string() };
            text.push_str(&format!("MoveSequence Q{i}x {next} U\n"));
        }
        text
    };
    let (p, _) = timed("40k chained MoveSequences", || twistsearch::load_puzzle(&build(40_000)).unwrap());
    // Q(i)x is R followed by 40,000 - i U's: Q0x is R (U^4 is the identity), Q39999x is R U.
    let q = |name: &str| p.transform(p.lookup(name).unwrap()).to_vec();
    assert_eq!(q("Q0x"), q("R"));
    assert_eq!(q("Q39999x"), p.alg_transform(&Alg::parse("R U").unwrap()).unwrap().as_bytes());
    scales_linearly("chained MoveSequences", 5_000, |n| {
        twistsearch::load_puzzle(&build(n)).unwrap();
    });
}

/// Found by fuzzing (tests/fuzz, target `alg`): empty groups, commutators and conjugates repeated many
/// times expand to few moves but took minutes (or, `[,]999999999999999`, forever) to expand. The
/// expansion repeats a part that gave no moves no further, so they answer at once; what would really
/// take too many moves is refused at once, naming the bound.
#[test]
fn empty_groups_repeated_many_times_answer_quickly() {
    let p = twistsearch::load_puzzle(include_str!("data/puzzles/main/3x3x3.tws")).unwrap();
    let identity = p.solved().clone();
    for text in [
        "((R U)0)100000000000",
        "[,]999999999999999",
        "([,]999999999999999)999999999999999",
        "(((([,]9999999999)9999999999)9999999999)9999999999)9999999999",
    ] {
        let alg = twistsearch::Alg::parse(text).unwrap();
        let (r, took) = timed(text, || p.position(&alg));
        assert_eq!(r.unwrap(), identity, "{text}");
        assert!(took < Duration::from_secs(1), "{text}: {took:?}");
    }
    // Moves around the empty parts: expanded as usual.
    let alg = twistsearch::Alg::parse("((((R U)((((R U)10000001)0)1000)1000))R4)1000").unwrap();
    let (r, took) = timed("mixed", || p.position(&alg));
    assert_eq!(r.unwrap(), p.position(&twistsearch::Alg::parse("(R U)1000").unwrap()).unwrap());
    assert!(took < Duration::from_secs(1), "{took:?}");
    let alg = twistsearch::Alg::parse("([,]99999999)99999 ((R U)((R0)99999999)1000)600").unwrap();
    let (r, took) = timed("big", || p.position(&alg));
    let e = r.unwrap_err().to_string();
    assert!(e.contains("more than the 1000000 allowed") && e.contains("column 27"), "{e}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    // Zero repetitions of something small are fine.
    let alg = twistsearch::Alg::parse("((R U)0)1000 R").unwrap();
    assert_eq!(p.position(&alg).unwrap(), p.position(&twistsearch::Alg::parse("R").unwrap()).unwrap());
}

/// Found by fuzzing (targets `tws_definition` and `scramble`): an empty group repeated a billion times in
/// a `MoveSequence` or a scramble took minutes to expand; it now expands once.
#[test]
fn empty_groups_in_definitions_and_scramble_files_load_at_once() {
    let def = "Name y\nSet EDGE 4 2\n\nSolved\nEDGE\n1 2 3 4\n0 0 0 0\nEnd\n\nMove A\nEDGE\n2 3 4 1\n0 0 0 1\nEnd\n\n\
               MoveSequence S ()999999999 A [,]99999999999\n";
    let (r, took) = timed("definition", || twistsearch::load_puzzle(def));
    let p = r.unwrap();
    assert!(took < Duration::from_secs(1), "{took:?}");
    let (r, took) =
        timed("scramble file", || twistsearch::tws::parse_scrambles(&p, "ScrambleAlg T\nA ()9999999999\nEnd\n"));
    let file = r.unwrap();
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(file.scrambles.len(), 1);
    assert_eq!(
        p.alg_transform(&twistsearch::Alg::parse("S").unwrap()).unwrap(),
        p.alg_transform(&twistsearch::Alg::parse("A").unwrap()).unwrap()
    );
}

/// Found by fuzzing (`tws_definition`): a group of a move with a long power, repeated to nearly the move
/// cap, re-read the power's name on every repetition (0.5 s for a 241-byte definition, a timeout under the
/// sanitizer). Repetitions are now copies of the first; the moves are the same as spelled out.
#[test]
fn repetitions_are_copied_not_reread() {
    let def = "Name Tiny\nSet EDGE 4 2\nSet CORNER 3 3\nSolved\nEDGE\n1 2 3 4\n0 0 0 0\nCORNER\n1 2 3\n0 0 0\nEnd\n\
               Move A\nEDGE\n2 3 4 1\n0 0 0 1\nEnd\nMove B\nCORNER\n2 3 1\n1 1 1\nEnd\n\
               MoveSequence S (A B00000014423289173207620722)00000447317\n";
    let (p, took) = timed("definition", || twistsearch::tws::parse_definition(def));
    let p = p.unwrap();
    assert!(took < Duration::from_secs(1), "{took:?}");
    // 14423289173207620722 = 0 (mod 3), B has order 3: S is A 447317 times, A's order is 8: A5.
    let s = p.position(&twistsearch::Alg::parse("S").unwrap()).unwrap();
    let spelled = p.position(&twistsearch::Alg::parse("A A A A A").unwrap()).unwrap();
    assert_eq!(s, spelled);
    // Nested and inverted repetitions give the moves written out.
    let c = twistsearch::load_puzzle(include_str!("data/puzzles/main/3x3x3.tws")).unwrap();
    for (short, long) in [
        ("((R U2)3 [F, D]2)2'", "(D F D' F' D F D' F' U2' R' U2' R' U2' R')2"),
        ("[R: (U F)2']3", "R F' U' F' U' R' R F' U' F' U' R' R F' U' F' U' R'"),
        ("[(R)2, U]0 L", "L"),
    ] {
        let a = c.position(&twistsearch::Alg::parse(short).unwrap()).unwrap();
        let b = c.position(&twistsearch::Alg::parse(long).unwrap()).unwrap();
        assert_eq!(a, b, "{short}");
    }
}
