//! God's algorithm against known figures: the 2x2x2 HTM and QTM distance tables, the 3x3x3 ⟨R2,U2⟩
//! group, group orders from Schreier–Sims, distinguishable positions with identical pieces, pyraminx and
//! skewb with and without their rotations, antipodes that really are where their algs lead, and refusal
//! of puzzles too large for the memory budget.

mod common;

use std::collections::{HashMap, HashSet};

use num_traits::ToPrimitive;
use twistsearch::control::Control;
use twistsearch::god::{gods_algorithm, GodOptions, GodReport, Method, Reduce};
use twistsearch::group::puzzle_chain;
use twistsearch::model::moveset::Metric;
use twistsearch::{MoveSet, Puzzle};

fn god(p: &Puzzle, moves: Option<&str>, options: GodOptions) -> GodReport {
    let set = match moves {
        Some(l) => MoveSet::parse(p, l).unwrap(),
        None => MoveSet::all(p).unwrap(),
    };
    gods_algorithm(p, &set, &options, Control::none()).unwrap()
}

fn order(p: &Puzzle, moves: &str) -> u64 {
    puzzle_chain(p, &MoveSet::parse(p, moves).unwrap()).unwrap().order().to_u64().unwrap()
}

fn with(f: impl FnOnce(&mut GodOptions)) -> GodOptions {
    let mut o = GodOptions::default();
    f(&mut o);
    o
}

#[test]
fn two_by_two_three_generators_matches_the_known_table() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let r = god(&p, Some("U,F,R"), with(|o| o.antipodes = 3));
    assert_eq!(r.counts, [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]);
    assert_eq!(r.total, 3_674_160);
    assert_eq!(r.total, order(&p, "U,F,R"));
    assert_eq!(r.method, Method::Dense);
    // The dense index drops the corner no move touches: exactly the group.
    assert_eq!(r.indexed, Some(3_674_160));
    assert_eq!(r.antipodes.len(), 3);
    for a in &r.antipodes {
        assert_eq!(a.moves.len(), 11);
        assert_eq!(p.apply_moves(p.solved(), &a.moves), a.state);
    }
}

#[test]
fn two_by_two_quarter_turns() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let r = god(&p, Some("U,F,R"), with(|o| o.metric = Metric::Qtm));
    assert_eq!(r.counts, [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]);
}

#[test]
fn three_by_three_half_turns_of_two_faces() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    for method in [Method::Auto, Method::Dense, Method::Hash] {
        let r = god(
            &p,
            Some("R2,U2"),
            with(|o| {
                o.method = method;
                o.antipodes = 5
            }),
        );
        assert_eq!(r.counts, [1, 2, 2, 2, 2, 2, 1], "{method:?}");
        assert_eq!(r.total, 12);
        assert_eq!(r.antipodes.len(), 1);
        assert_eq!(r.antipodes[0].moves.len(), 6);
    }
}

/// Every position at every distance, by a plain breadth-first search over byte states.
fn brute_force(p: &Puzzle, moves: &str, metric: Metric) -> Vec<u64> {
    let set = MoveSet::parse(p, moves).unwrap();
    let edges: Vec<_> = set.moves().iter().filter(|m| metric == Metric::Htm || m.qtm_cost == 1).map(|m| m.mv).collect();
    let mut seen: HashSet<twistsearch::State> = HashSet::from([p.solved().clone()]);
    let mut frontier = vec![p.solved().clone()];
    let mut counts = vec![1u64];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for s in &frontier {
            for &m in &edges {
                let t = p.apply(s, m);
                if seen.insert(t.clone()) {
                    next.push(t);
                }
            }
        }
        if !next.is_empty() {
            counts.push(next.len() as u64);
        }
        frontier = next;
    }
    counts
}

#[test]
fn identical_pieces_count_distinguishable_positions() {
    // Corners of two colours (top and bottom): C(7,3) arrangements of the seven moving corners times
    // 3^6 orientations.
    let p = common::puzzle("god/2x2x2-two-colours.tws");
    let dense = god(&p, Some("U,F,R"), GodOptions::default());
    assert_eq!(dense.method, Method::Dense);
    assert_eq!(dense.total, 35 * 729);
    let hash = god(&p, Some("U,F,R"), with(|o| o.method = Method::Hash));
    assert_eq!(hash.counts, dense.counts);
    assert_eq!(brute_force(&p, "U,F,R", Metric::Htm), dense.counts);
    // The group itself is larger: identical pieces make many of its elements look the same.
    assert!(order(&p, "U,F,R") > dense.total);
}

#[test]
fn pyraminx_and_skewb_with_and_without_rotations() {
    for (file, moves) in [("pyraminx.tws", "F,L,R,D"), ("skewb.tws", "DFR,DLF,DRB,DBL")] {
        let plain = common::puzzle(&format!("puzzles/main/{file}"));
        let rotations = common::puzzle(&format!("puzzles/symm/{file}"));
        let a = god(&plain, Some(moves), GodOptions::default());
        let b = god(&rotations, Some(moves), with(|o| o.symmetry = true));
        assert_eq!(a.total, order(&plain, moves), "{file}");
        assert_eq!(a.counts, b.counts, "{file}: rotations in the definition change nothing but symmetry");
        let sym = b.symmetry.expect("asked for");
        assert!(sym.symmetries > 1, "{file}");
        // Each class has at most |S| positions; the start is a class of its own.
        assert_eq!(sym.counts[0], 1);
        for (d, (&c, &k)) in a.counts.iter().zip(&sym.counts).enumerate() {
            assert!(k * sym.symmetries as u64 >= c && k <= c, "{file} distance {d}: {k} classes of {c}");
        }
        assert_eq!(sym.total, sym.counts.iter().sum::<u64>());
    }
    let pyraminx = common::puzzle("puzzles/main/pyraminx.tws");
    assert_eq!(god(&pyraminx, Some("F,L,R,D"), GodOptions::default()).total, 3_732_480);
    // Without rotations in the definition there is nothing to count by.
    let set = MoveSet::parse(&pyraminx, "F,L,R,D").unwrap();
    let e = gods_algorithm(&pyraminx, &set, &with(|o| o.symmetry = true), Control::none()).unwrap_err();
    assert!(e.to_string().contains("no rotations"), "{e}");
}

/// Classes of positions under conjugation by the rotations that keep the move set, counted directly.
fn classes_by_conjugation(p: &Puzzle, moves: &str) -> Vec<u64> {
    let layout = p.layout();
    let set = MoveSet::parse(p, moves).unwrap();
    let edges: Vec<&[u8]> = set.moves().iter().map(|m| p.transform(m.mv)).collect();
    let edge_set: HashSet<&[u8]> = edges.iter().copied().collect();
    let gens: Vec<&[u8]> = p.base_moves().iter().filter(|b| b.rotation).map(|b| b.transform()).collect();
    let mut group = vec![layout.identity()];
    let mut k = 0;
    while k < group.len() {
        for g in &gens {
            let x = layout.compose(&group[k], g);
            if !group.contains(&x) {
                group.push(x);
            }
        }
        k += 1;
    }
    let syms: Vec<(Vec<u8>, Vec<u8>)> = group
        .into_iter()
        .map(|s| (layout.invert(&s), s))
        .filter(|(inv, s)| edges.iter().all(|t| edge_set.contains(&layout.compose(&layout.compose(inv, t), s)[..])))
        .collect();
    // Distances by breadth-first search; the solved state is the identity, so positions are elements.
    let mut depth: HashMap<Vec<u8>, usize> = HashMap::from([(p.solved().as_bytes().to_vec(), 0)]);
    let mut frontier = vec![p.solved().as_bytes().to_vec()];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for s in &frontier {
            for t in &edges {
                let x = layout.compose(s, t);
                if !depth.contains_key(&x) {
                    depth.insert(x.clone(), d);
                    next.push(x);
                }
            }
        }
        frontier = next;
    }
    let mut counts = vec![0u64; d];
    for (x, &dx) in &depth {
        let rep = syms.iter().map(|(inv, s)| layout.compose(&layout.compose(inv, x), s)).min().unwrap();
        if &rep == x {
            counts[dx] += 1;
        }
    }
    counts
}

#[test]
fn symmetry_counts_match_a_direct_count_of_classes() {
    for (file, moves) in [("puzzles/symm/2x2x2.tws", "U,R"), ("puzzles/symm/3x3x3.tws", "R2,U2")] {
        let p = common::puzzle(file);
        let r = god(&p, Some(moves), with(|o| o.symmetry = true));
        let direct = classes_by_conjugation(&p, moves);
        assert_eq!(r.symmetry.unwrap().counts, direct, "{file} {moves}");
    }
}

#[test]
fn dense_and_hash_agree_and_match_brute_force() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    for (moves, metric) in [("U,R", Metric::Htm), ("U,R", Metric::Qtm), ("U,R2", Metric::Htm)] {
        let dense = god(&p, Some(moves), with(|o| o.metric = metric));
        let hash = god(
            &p,
            Some(moves),
            with(|o| {
                o.metric = metric;
                o.method = Method::Hash
            }),
        );
        assert_eq!(dense.counts, hash.counts, "{moves} {metric:?}");
        assert_eq!(dense.counts, brute_force(&p, moves, metric), "{moves} {metric:?}");
        assert_eq!(dense.total, order(&p, moves));
    }
}

#[test]
fn too_large_is_refused_with_the_size_it_needs() {
    let p = common::puzzle("puzzles/main/3x3x3.tws");
    let set = MoveSet::all(&p).unwrap();
    let e = gods_algorithm(&p, &set, &GodOptions::default(), Control::none()).unwrap_err().to_string();
    assert!(e.contains("does not fit the memory budget of 1024 MiB") && e.contains("MiB"), "{e}");
    let small = with(|o| o.memory_bytes = 1 << 20);
    let p2 = common::puzzle("puzzles/main/2x2x2.tws");
    let set2 = MoveSet::all(&p2).unwrap();
    let e = gods_algorithm(&p2, &set2, &small, Control::none()).unwrap_err().to_string();
    assert!(e.contains("a dense table of 88179840 positions needs 2"), "{e}");
    let dense_only = with(|o| {
        o.memory_bytes = 1 << 20;
        o.method = Method::Dense
    });
    let e = gods_algorithm(&p2, &set2, &dense_only, Control::none()).unwrap_err().to_string();
    assert!(e.contains("needs 2") && e.contains("more than the memory budget of 1 MiB"), "{e}");
}

#[test]
fn cancellation_stops_the_enumeration() {
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let set = MoveSet::parse(&p, "U,F,R").unwrap();
    let flag = std::sync::atomic::AtomicBool::new(true);
    let e = gods_algorithm(&p, &set, &GodOptions::default(), Control::none().with_cancel(&flag)).unwrap_err();
    assert!(e.is_cancelled(), "{e}");
    // The search reduced by symmetry too (its tables are built under the same flag).
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    let set = MoveSet::all(&p).unwrap();
    let e = gods_algorithm(&p, &set, &GodOptions::default(), Control::none().with_cancel(&flag)).unwrap_err();
    assert!(e.is_cancelled(), "{e}");
}

#[test]
fn the_search_reduced_by_symmetry_gives_the_plain_tables() {
    // The skewb's orientation coordinates do not fit the reduction (its rotations move orientations
    // between blocks): it runs the plain search, with the same results.
    let cases = [
        ("puzzles/symm/2x2x2.tws", "U,F,R", Metric::Htm, true),
        ("puzzles/symm/2x2x2.tws", "U,F,R", Metric::Qtm, true),
        ("puzzles/symm/2x2x2.tws", "U,R", Metric::Htm, true),
        ("puzzles/symm/pyraminx.tws", "F,L,R,D", Metric::Htm, true),
        ("puzzles/symm/skewb.tws", "DFR,DLF,DRB,DBL", Metric::Htm, false),
    ];
    for (file, moves, metric, reduces) in cases {
        let p = common::puzzle(file);
        let options = |reduce| with(|o| (o.reduce, o.metric, o.antipodes, o.symmetry) = (reduce, metric, 4, true));
        let plain = god(&p, Some(moves), options(Reduce::Never));
        let reduced = god(&p, Some(moves), options(Reduce::Always));
        let what = format!("{file} {moves} {metric:?}");
        assert!(plain.reduced.is_none(), "{what}");
        assert_eq!(reduced.reduced.is_some(), reduces, "{what}");
        if let Some((symmetries, stored)) = reduced.reduced {
            assert!(symmetries > 1 && stored < plain.indexed.unwrap(), "{what}: {symmetries} {stored}");
        }
        assert_eq!(reduced.counts, plain.counts, "{what}");
        assert_eq!(reduced.total, order(&p, moves), "{what}");
        assert_eq!(reduced.symmetry.unwrap().counts, plain.symmetry.unwrap().counts, "{what}");
        // Antipodes: real positions at the greatest distance, reached by their algs.
        let depth = reduced.counts.len() - 1;
        assert_eq!(reduced.antipodes.len(), 4.min(*reduced.counts.last().unwrap() as usize), "{what}");
        for a in &reduced.antipodes {
            assert_eq!(a.moves.len(), depth, "{what}");
            assert_eq!(p.apply_moves(p.solved(), &a.moves), a.state, "{what}");
        }
    }
    // By default only where it pays: not on the pyraminx, whose dense index has 27 times the positions of
    // its group (too many rows to build tables for).
    let pyraminx = common::puzzle("puzzles/symm/pyraminx.tws");
    assert!(god(&pyraminx, Some("F,L,R,D"), GodOptions::default()).reduced.is_none());
    // The whole 2x2x2 with its 24 rotations: the known table from about 1/24 of the positions.
    let p = common::puzzle("puzzles/symm/2x2x2.tws");
    let r = god(&p, None, GodOptions::default());
    assert_eq!(r.counts, [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736]);
    let (symmetries, stored) = r.reduced.unwrap();
    assert_eq!(symmetries, 24);
    assert!(stored < 88_179_840 / 20, "{stored}");
}

/// Issue 14: many antipodes are kept in amortized constant time per position (a sorted insertion made a
/// request for all of them quadratic: `god 2x2x2 --antipodes 10^12` ran for minutes), and a request over
/// [`MAX_ANTIPODES`] is refused before the search, naming the limit.
#[test]
fn many_antipodes_are_kept_quickly_and_too_many_are_refused() {
    use twistsearch::god::{Direction, MAX_ANTIPODES};
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    let first = god(&p, Some("U,F,R"), with(|o| o.antipodes = 3));
    for direction in [Direction::Auto, Direction::Forward, Direction::Backward] {
        let start = std::time::Instant::now();
        let r = god(&p, Some("U,F,R"), with(|o| (o.antipodes, o.direction) = (MAX_ANTIPODES, direction)));
        let took = start.elapsed();
        // Every one of the 2644 positions at distance 11, each once, the smallest indices first as before.
        assert_eq!(r.antipodes.len(), 2644, "{direction:?}");
        let states: HashSet<_> = r.antipodes.iter().map(|a| a.state.clone()).collect();
        assert_eq!(states.len(), 2644, "{direction:?}");
        for (a, b) in first.antipodes.iter().zip(&r.antipodes) {
            assert_eq!(a.state, b.state, "{direction:?}");
        }
        for a in &r.antipodes {
            assert_eq!(a.moves.len(), 11);
            assert_eq!(p.apply_moves(p.solved(), &a.moves), a.state);
        }
        assert!(took < std::time::Duration::from_secs(60), "{direction:?}: {took:?}");
    }
    // Reduced by symmetry: one row per class of rows is stored, so its antipodes are some of those.
    // Over a hash map (on the smaller <U,R>, the hash map being slow): the same as dense.
    let symm = common::puzzle("puzzles/symm/2x2x2.tws");
    let all = |moves, f: fn(&mut GodOptions)| {
        god(
            &symm,
            Some(moves),
            with(|o| {
                o.antipodes = MAX_ANTIPODES;
                f(o)
            }),
        )
    };
    let states = |r: &GodReport| r.antipodes.iter().map(|a| a.state.clone()).collect::<HashSet<_>>();
    let plain = all("U,F,R", |o| o.reduce = Reduce::Never);
    let reduced = all("U,F,R", |o| o.reduce = Reduce::Always);
    assert_eq!(plain.antipodes.len(), 2644);
    assert!(reduced.reduced.is_some() && !reduced.antipodes.is_empty());
    assert!(states(&reduced).is_subset(&states(&plain)));
    let dense = all("U,R", |o| o.method = Method::Dense);
    let hashed = all("U,R", |o| o.method = Method::Hash);
    assert!(!dense.antipodes.is_empty());
    assert_eq!(states(&hashed), states(&dense));
    let set = MoveSet::parse(&p, "U,F,R").unwrap();
    let too_many = with(|o| o.antipodes = MAX_ANTIPODES + 1);
    let e = gods_algorithm(&p, &set, &too_many, Control::none()).unwrap_err().to_string();
    assert_eq!(e, "10001 antipodes asked for: at most 10000 are returned (ask for fewer)");
}
