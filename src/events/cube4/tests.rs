use rand::rngs::StdRng;
use rand::SeedableRng;

use super::coords::Node;
use super::*;
use crate::events::embedded_definition;
use crate::kpuzzle::parse_kpuzzle;

fn cube4() -> Puzzle {
    parse_kpuzzle(embedded_definition("4x4x4").unwrap()).unwrap()
}

/// Each coordinate's move function agrees with the coordinate of the moved state, on random walks in
/// the coordinate's own group.
#[test]
fn coordinates_follow_their_moves() {
    let p = cube4();
    let model = Model::new(&p).unwrap();
    let co = Coords::new(&model);
    let mut rng = StdRng::seed_from_u64(7);
    let sets8 = search::tests_support::all_sets(8);
    let sets12 = search::tests_support::all_sets(12);
    let walk = |moves: &[usize], rng: &mut StdRng, n: usize| {
        let mut node = Node::new(model.solved);
        for _ in 0..n {
            node = node.then(&model, moves[rng.gen_range(0..moves.len())]);
        }
        node
    };
    for _ in 0..200 {
        let n = walk(&co.all, &mut rng, 40);
        for &m in &co.all {
            assert_eq!(co.p1(&n.then(&model, m).c), co.p1_move(&model, &sets8, co.p1(&n.c), m));
        }
        let n = walk(&co.h1, &mut rng, 40);
        for &m in &co.h1 {
            let next = n.then(&model, m);
            assert_eq!(co.p2_centers(&next.c), co.p2_centers_move(&model, co.p2_centers(&n.c), m));
            assert_eq!(co.p2_wings(&next), co.p2_wings_move(&model, &sets12, co.p2_wings(&n), m));
        }
        let n = walk(&co.k2, &mut rng, 40);
        for &m in &co.k2 {
            let next = n.then(&model, m);
            assert_eq!(co.middle(&next.c), co.middle_move(&model, co.middle(&n.c), m));
            for which in 0..2 {
                assert_eq!(co.twist(&next.c, which), co.twist_move(&model, co.twist(&n.c, which), m, which));
            }
            assert_eq!(co.centers(&next.c), co.centers_move(&model, co.centers(&n.c), m));
        }
        let n = walk(&co.g3, &mut rng, 40);
        for (k, &m) in co.g3.iter().enumerate() {
            let next = n.then(&model, m);
            assert_eq!(co.pairing(&model, &next), Some(co.pairing_move(co.pairing(&model, &n).unwrap(), k)));
        }
    }
}

#[test]
fn random_states_are_solved_and_scrambles_reach_them() {
    let p = cube4();
    let solver = Cube4Solver::new(&p, Control::none()).unwrap();
    let moves = crate::moveset::MoveSet::parse(&p, "U,D,F,B,R,L,Uw,Rw,Fw").unwrap();
    let chain = crate::group::puzzle_chain(&p, &moves).unwrap();
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..5 {
        let (alg, n) = scramble(&solver, &p, &chain, &mut rng, Control::none()).unwrap();
        assert!(n > 30 && n < 80, "{n} moves: {alg}");
    }
}

/// Figures: `cargo test --release --lib cube4::tests::figures -- --ignored --nocapture`.
#[test]
#[ignore]
fn figures() {
    let p = cube4();
    let t = std::time::Instant::now();
    let solver = Cube4Solver::new(&p, Control::none()).unwrap();
    println!("tables {:.0} ms, {} bytes", t.elapsed().as_secs_f64() * 1e3, solver.table_bytes());
    let moves = crate::moveset::MoveSet::parse(&p, "U,D,F,B,R,L,Uw,Rw,Fw").unwrap();
    let t = std::time::Instant::now();
    let chain = crate::group::puzzle_chain(&p, &moves).unwrap();
    println!("chain {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    let mut rng = StdRng::seed_from_u64(1);
    let mut times = Vec::new();
    for _ in 0..30 {
        let state = random_position(&p, &chain, &mut rng).unwrap();
        let t = std::time::Instant::now();
        let s = match solver.solve(&p, &state, Control::none()) {
            Ok(s) => s,
            Err(e) => {
                println!("{e}");
                continue;
            }
        };
        let ms = t.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        println!(
            "{:.1} ms {} moves {:?} nodes {:?} ends {:?}",
            ms,
            s.moves.len(),
            s.phase_lengths,
            s.phase_nodes,
            s.phase_ends
        );
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("median {:.1} ms max {:.1}", times[times.len() / 2], times[times.len() - 1]);
}

#[test]
#[ignore]
fn table_depths() {
    let p = cube4();
    let model = Model::new(&p).unwrap();
    let co = Coords::new(&model);
    let t = Tables::new(&model, &co, Control::none()).unwrap();
    for (name, table) in t.named() {
        let mut counts = [0usize; 256];
        for &d in table {
            counts[d as usize] += 1;
        }
        let shown: Vec<String> =
            counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(d, c)| format!("{d}:{c}")).collect();
        println!("{name}: {}", shown.join(" "));
    }
}

/// What the tables reach: the facts the phase chain rests on. Phase 4's group pairs the wings only
/// with an even permutation of the U/D-layer edges and a Klein four-group one of the middle layer's
/// (161,280 of 8! × 4! × 2 pairing values), and reaches 10,080 center values; phase 3's reaches
/// 70 × 70 × 12 center values (a product: no coupling for phase 2's center coordinate to miss).
#[test]
fn tables_reach_what_the_chain_needs() {
    let p = cube4();
    let model = Model::new(&p).unwrap();
    let co = Coords::new(&model);
    let t = Tables::new(&model, &co, Control::none()).unwrap();
    let reached = |table: &[u8]| table.iter().filter(|&&d| d != tables::FAR).count();
    let named: std::collections::HashMap<_, _> = t.named().into_iter().collect();
    assert_eq!(reached(named["p1"]), coords::P1);
    assert_eq!(reached(named["p2 wings"]), coords::P2_WINGS);
    assert_eq!(reached(named["p4 pairing"]), 161_280);
    assert_eq!(reached(named["p4 centers"]), 10_080);
    assert_eq!(reached(named["p3 centers"]), 58_800);
    let mut fb: Vec<usize> = (0..coords::CENTERS).filter(|&x| t.p3_centers[x] != tables::FAR).map(|x| x % 70).collect();
    fb.sort();
    fb.dedup();
    assert_eq!(fb.len(), 12);
    assert!(t.bytes() < 20 << 20, "{} bytes", t.bytes());
}
