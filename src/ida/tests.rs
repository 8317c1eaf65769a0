//! The engine on a small space whose distances a breadth-first search gives: optimal depths, paths that
//! reach the goal, the prefix, the budget, cancellation and the visit's stop.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;

use super::*;
use crate::control::Control;
use crate::error::Result;

/// Permutations of 0..5 as a rank 0..120; moves: the three adjacent transpositions (0 1), (1 2), (2 3)
/// and the 5-cycle; the canonical order refuses a transposition twice in a row.
struct Perms {
    /// Exact distances to the identity (rank 0), or all zero for the trivial bound.
    dist: Vec<u32>,
    /// What the 5-cycle costs (each transposition costs 1): with 2, a walk's depth is the cost of its
    /// moves.
    cycle_cost: u32,
}

impl Perms {
    /// Every move costing 1.
    fn new(dist: Vec<u32>) -> Self {
        Perms { dist, cycle_cost: 1 }
    }

    /// The 5-cycle costing 2.
    fn weighted(dist: Vec<u32>) -> Self {
        Perms { dist, cycle_cost: 2 }
    }
}

const MOVES: usize = 4;

/// What move `m` costs where the 5-cycle costs `cycle_cost`.
fn move_cost(m: usize, cycle_cost: u32) -> u32 {
    if m == 3 {
        cycle_cost
    } else {
        1
    }
}

/// Every sequence of `len` moves, in slot order.
fn sequences(len: u32) -> impl Iterator<Item = Vec<u8>> {
    (0..MOVES.pow(len)).map(move |code| (0..len).map(|i| (code / MOVES.pow(len - 1 - i) % MOVES) as u8).collect())
}

/// Whether a sequence keeps the canonical order (no transposition twice in a row).
fn canonical(seq: &[u8]) -> bool {
    seq.windows(2).all(|w| w[0] != w[1] || w[0] == 3)
}

fn rank(p: [u8; 5]) -> usize {
    let mut r = 0;
    for i in 0..5 {
        r = r * (5 - i) + p[i + 1..].iter().filter(|&&x| x < p[i]).count();
    }
    r
}

fn unrank(mut r: usize) -> [u8; 5] {
    let mut digits = [0; 5];
    for i in (0..5).rev() {
        digits[i] = r % (5 - i);
        r /= 5 - i;
    }
    let mut left: Vec<u8> = (0..5).collect();
    digits.map(|d| left.remove(d))
}

fn apply(x: usize, m: usize) -> usize {
    let mut p = unrank(x);
    match m {
        0..=2 => p.swap(m, m + 1),
        _ => p.rotate_left(1),
    }
    rank(p)
}

/// Moves to the identity from each position: a breadth-first search from it over the moves reversed.
fn distances() -> Vec<u32> {
    let mut before = vec![Vec::new(); 120];
    for x in 0..120 {
        for m in 0..MOVES {
            before[apply(x, m)].push(x);
        }
    }
    let mut dist = vec![u32::MAX; 120];
    dist[0] = 0;
    let mut queue = VecDeque::from([0]);
    while let Some(y) = queue.pop_front() {
        for &x in &before[y] {
            if dist[x] == u32::MAX {
                dist[x] = dist[y] + 1;
                queue.push_back(x);
            }
        }
    }
    dist
}

impl Space for Perms {
    type Node = usize;
    type Move = u8;
    type Order = Option<u8>;
    fn branching(&self) -> usize {
        MOVES
    }
    fn blank(&self) -> usize {
        0
    }
    fn child(&self, x: &usize, last: Option<u8>, k: usize, out: &mut usize) -> Option<(u8, Option<u8>)> {
        if k < 3 && last == Some(k as u8) {
            return None;
        }
        *out = apply(*x, k);
        Some((k as u8, Some(k as u8)))
    }
    fn bound(&self, x: &usize) -> u32 {
        self.dist[*x]
    }
    fn cost(&self, m: u8) -> u32 {
        move_cost(m as usize, self.cycle_cost)
    }
}

/// Takes the first solution, or collects all of them.
struct Solutions {
    all: bool,
    found: Vec<Vec<u8>>,
}

impl<S: Space<Node = usize, Move = u8>> Visit<S> for Solutions {
    fn leaf(&mut self, x: &usize, path: &[u8]) -> Result<Flow> {
        if *x != 0 {
            return Ok(Flow::Continue);
        }
        self.found.push(path.to_vec());
        Ok(if self.all { Flow::Continue } else { Flow::Stop })
    }
}

fn run(x: usize, path: &[u8]) -> usize {
    path.iter().fold(x, |x, &m| apply(x, m as usize))
}

#[test]
fn deepening_finds_optimal_solutions_with_either_bound() {
    let exact = Perms::new(distances());
    let trivial = Perms::new(vec![0; 120]);
    for x in 0..120 {
        let mut depths = Vec::new();
        let mut nodes = Vec::new();
        for space in [&exact, &trivial] {
            let mut ida = Ida::new(space, Control::none());
            let mut visit = Solutions { all: false, found: Vec::new() };
            let depth = ida.deepen(&x, None, 0, 20, &mut visit).expect("no error").expect("solved");
            assert_eq!(visit.found.len(), 1);
            assert_eq!(visit.found[0].len() as u32, depth);
            assert_eq!(run(x, &visit.found[0]), 0, "the path solves {x}");
            depths.push(depth);
            nodes.push(ida.nodes());
        }
        assert_eq!(depths, [exact.dist[x]; 2], "position {x}");
        assert!(nodes[0] <= nodes[1]);
    }
}

#[test]
fn a_walk_lists_every_canonical_solution_of_its_depth() {
    let space = Perms::new(vec![0; 120]);
    let x = 77;
    let depth = distances()[x] + 2;
    let mut visit = Solutions { all: true, found: Vec::new() };
    let flow = Ida::new(&space, Control::none()).walk(&x, None, &[], depth, &mut visit).expect("walk");
    assert_eq!(flow, Flow::Continue);
    // By brute force: every sequence of `depth` moves with no transposition twice in a row.
    let expected: Vec<Vec<u8>> = sequences(depth).filter(|seq| canonical(seq) && run(x, seq) == 0).collect();
    assert!(!expected.is_empty());
    assert_eq!(visit.found, expected, "in slot order");
}

#[test]
fn the_prefix_begins_every_path() {
    let space = Perms::new(distances());
    let x = apply(0, 3);
    let mut visit = Solutions { all: false, found: Vec::new() };
    let mut ida = Ida::new(&space, Control::none());
    // From `x` after the prefix `0` (so the order state refuses move 0 next).
    let start = apply(x, 0);
    let depth = space.dist[start];
    assert_eq!(ida.walk(&start, Some(0), &[0], depth, &mut visit).expect("walk"), Flow::Stop);
    assert_eq!(visit.found[0][0], 0);
    assert_eq!(run(x, &visit.found[0]), 0);
}

#[test]
fn the_budget_stops_a_walk_and_says_so() {
    let space = Perms::new(vec![0; 120]);
    let mut ida = Ida::new(&space, Control::none()).with_budget(10_000);
    let mut visit = Solutions { all: true, found: Vec::new() };
    let flow = ida.walk(&5, None, &[], 14, &mut visit).expect("walk");
    assert_eq!(flow, Flow::Stop);
    assert!(ida.over_budget());
    assert!(ida.nodes() > 10_000 && ida.nodes() < 10_000 + (1 << 13));
}

#[test]
fn cancellation_is_an_error() {
    let space = Perms::new(vec![0; 120]);
    let flag = AtomicBool::new(true);
    let mut ida = Ida::new(&space, Control::none().with_cancel(&flag));
    let mut visit = Solutions { all: true, found: Vec::new() };
    let err = ida.walk(&5, None, &[], 14, &mut visit).expect_err("cancelled");
    assert!(err.is_cancelled());
}

/// The cheapest cost from each position to the identity with the 5-cycle costing 2 (relaxed to a fixed
/// point).
fn weighted_distances() -> Vec<u32> {
    let mut dist = vec![u32::MAX; 120];
    dist[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for x in 0..120 {
            for m in 0..MOVES {
                let d = dist[apply(x, m)].saturating_add(move_cost(m, 2));
                if d < dist[x] {
                    dist[x] = d;
                    changed = true;
                }
            }
        }
    }
    dist
}

#[test]
fn costs_make_the_depth_a_cost() {
    let exact = weighted_distances();
    let spaces = [Perms::weighted(exact.clone()), Perms::weighted(vec![0; 120])];
    let mut used_the_cycle = false;
    for (x, &want) in exact.iter().enumerate() {
        for space in &spaces {
            let mut visit = Solutions { all: false, found: Vec::new() };
            let depth = Ida::new(space, Control::none()).deepen(&x, None, 0, 30, &mut visit).expect("no error");
            assert_eq!(depth, Some(want), "position {x}");
            let path = &visit.found[0];
            assert_eq!(path.iter().map(|&m| space.cost(m)).sum::<u32>(), want);
            assert_eq!(run(x, path), 0, "the path solves {x}");
            used_the_cycle |= path.contains(&3);
        }
    }
    assert!(used_the_cycle);
    // From each position, every path of cost exactly 4 (and none other), by brute force.
    let space = Perms::weighted(vec![0; 120]);
    let mut some = false;
    for x in 0..120 {
        let mut visit = Solutions { all: true, found: Vec::new() };
        Ida::new(&space, Control::none()).walk(&x, None, &[], 4, &mut visit).expect("walk");
        let cost = |seq: &[u8]| seq.iter().map(|&m| space.cost(m)).sum::<u32>();
        let mut expected: Vec<Vec<u8>> =
            (2..=4).flat_map(sequences).filter(|seq| cost(seq) == 4 && canonical(seq) && run(x, seq) == 0).collect();
        let mut found = visit.found;
        found.sort();
        expected.sort();
        assert_eq!(found, expected, "position {x}");
        some |= !expected.is_empty();
    }
    assert!(some);
}
