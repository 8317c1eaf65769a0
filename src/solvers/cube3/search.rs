//! The two-phase search (Kociemba's algorithm, as min2phase runs it): six searches — the position turned
//! onto each of the three axes, and its inverse — take turns by length; each phase-1 solution that does
//! not end in a phase-2 move is continued by an optimal phase 2 (of at most [`Goal::phase2_cap`] moves)
//! within the best total so far. As in min2phase, a length is also tried as pre-moves and a shorter
//! phase 1 (solutions end with the pre-moves), which gives many more phase-1 solutions at the short
//! lengths where phase 2 most often fits; a solve with a target that spends its soft budget takes one
//! move more and starts again from the shortest lengths.
//! Both phases are spaces of the IDA* engine ([`crate::ida`]): coordinates move by table lookups and
//! nothing is allocated per node. With the exact tables, phase 1 is screened in batches (every child's
//! entry prefetched before any is read); with the small ones, which fit in the caches, it goes child by
//! child, as phase 2 always does.

use super::coords::{Coordinate, CornerPerm, Flip, Slice, SlicePerm, Twist, UdPerm};
use super::cubie::Cubie;
use super::full::FullTables;
use super::model::{face, inverse_move, may_follow, Model, MOVES, PHASE2_MOVES};
use super::tables::Tables;
use crate::control::Control;
use crate::coord::residue::neighbour_distance;
use crate::error::{Error, Result};
use crate::ida::{Child, Flow, Ida, Space, Visit};

/// The longest solution searched for.
const MAX_LENGTH: usize = 40;
/// How often (nodes) the budgets are looked at.
const CHECK_EVERY: u64 = 1 << 12;
/// The order state before any move (no face to avoid).
const NO_MOVE: u8 = MOVES as u8;
/// The shortest phase 1 searched after pre-moves (min2phase's choice): shorter ones are found without.
const MIN_PHASE1_AFTER_PRE: u32 = 7;
/// The pre-moves a phase-1 search may start next to (the one that ends the solution): the clockwise
/// quarter turns off the U/D axis. A turn of `<U, D, R2, F2, L2, B2>` there would belong to phase 2, and
/// the counter-clockwise turn shares phase 1 with the clockwise one (they differ by a half turn of
/// phase 2), so it is tried when phase 2 starts ([`Finish::phase2_from`]).
const LAST_PRE: [u8; 4] = [3, 6, 12, 15];
/// Phase 1 ends on entering the subgroup: a path already in it with fewer moves than this left is not
/// continued (leaving and re-entering within so few moves finds little that phase 2 from the earlier
/// entry does not, and costs many probes).
const REENTRY: u32 = 5;

/// One of the six searches.
struct Start {
    cubie: Cubie,
    axis: usize,
    inverse: bool,
    node: Phase1Node,
}

/// What a solve asks for.
#[derive(Debug, Clone, Copy)]
pub(super) struct Goal {
    /// Stop at the first solution this short.
    pub target: u32,
    /// The longest total searched for at first (solutions longer are not looked for until the soft
    /// budget raises it).
    pub cap: u32,
    /// Past this many nodes without a solution of the target length, the longest total searched for
    /// grows by one and its first solution is taken (or the best solution found so far, if any).
    pub soft_nodes: u64,
    /// Past this many nodes the solve is an error (never a hang).
    pub max_nodes: u64,
    /// The longest phase 2 tried after a phase-1 solution.
    pub phase2_cap: u32,
}

/// A phase-1 node: twist, flip and slice, and its distance to phase 1's goal (exact with the full
/// tables, else the small tables' bound), with the full table's index of the node while it is screened.
#[derive(Clone, Copy, Default)]
struct Phase1Node {
    twist: u16,
    flip: u16,
    slice: u16,
    distance: u32,
    index: usize,
}

/// Phase 1: the moves to the subgroup `<U, D, R2, F2, L2, B2>`. `FULL`: with the exact tables (and
/// batches).
struct Phase1<'a, const FULL: bool> {
    t: &'a Tables,
    full: Option<&'a FullTables>,
}

impl<const FULL: bool> Phase1<'_, FULL> {
    #[inline(always)]
    fn is_goal(&self, n: &Phase1Node) -> bool {
        n.twist == 0 && n.flip == 0 && n.slice == self.t.slice_goal
    }
}

impl<const FULL: bool> Space for Phase1<'_, FULL> {
    type Node = Phase1Node;
    type Move = u8;
    /// The last move.
    type Order = u8;
    const BATCH: bool = FULL;

    fn branching(&self) -> usize {
        MOVES
    }

    fn blank(&self) -> Phase1Node {
        Phase1Node::default()
    }

    #[inline(always)]
    fn child(&self, n: &Phase1Node, last: u8, k: usize, out: &mut Phase1Node) -> Option<(u8, u8)> {
        let m = k as u8;
        if !may_follow(last, m) {
            return None;
        }
        let t = self.t;
        out.twist = t.twist_move[n.twist as usize * MOVES + k];
        out.flip = t.flip_move[n.flip as usize * MOVES + k];
        out.slice = t.slice_move[n.slice as usize * MOVES + k];
        Some((m, m))
    }

    /// The last phase-1 move must reach the goal, and not be a phase-2 move (that solution is found
    /// one move shorter): compared coordinate by coordinate, nothing written until all match.
    #[inline(always)]
    fn last_child(&self, n: &Phase1Node, last: u8, k: usize, out: &mut Phase1Node) -> Option<(u8, u8)> {
        let m = k as u8;
        let t = self.t;
        if !may_follow(last, m)
            || PHASE2_MOVES.contains(&m)
            || t.twist_move[n.twist as usize * MOVES + k] != 0
            || t.flip_move[n.flip as usize * MOVES + k] != 0
            || t.slice_move[n.slice as usize * MOVES + k] != t.slice_goal
        {
            return None;
        }
        (out.twist, out.flip, out.slice) = (0, 0, t.slice_goal);
        Some((m, m))
    }

    #[inline(always)]
    fn bound(&self, n: &Phase1Node) -> u32 {
        if FULL {
            n.distance
        } else {
            self.t.phase1_bound(n.twist, n.flip, n.slice) as u32
        }
    }

    /// With no moves left the node must be the goal: compared, not looked up. A node in the subgroup
    /// with fewer than [`REENTRY`] moves left is not gone on with.
    #[inline(always)]
    fn admits(&self, n: &Phase1Node, left: u32) -> bool {
        if left == 0 {
            self.is_goal(n)
        } else if FULL {
            n.distance <= left && (n.distance > 0 || left >= REENTRY)
        } else {
            let t = self.t;
            let d = t.phase1_bound_within(n.twist, n.flip, n.slice, left);
            d <= left && (d > 0 || left >= REENTRY)
        }
    }

    /// As [`admits`](Space::admits); where a bound (with the small tables) is more than one move over
    /// `left`, the face's other turns after this one are refused too: each is one move from this child,
    /// so at least one move over (min2phase's skip of an axis's other powers).
    #[inline(always)]
    fn admits_slot(&self, n: &Phase1Node, k: usize, left: u32) -> std::result::Result<(), usize> {
        if FULL || left == 0 {
            return if self.admits(n, left) { Ok(()) } else { Err(0) };
        }
        let d = self.t.phase1_bound_within(n.twist, n.flip, n.slice, left);
        if d <= left && (d > 0 || left >= REENTRY) {
            Ok(())
        } else {
            Err(if d > left + 1 { 2 - k % 3 } else { 0 })
        }
    }

    /// The small tables first (in cache): what they prune needs no lookup in the full table. Then two
    /// rounds of prefetches, the class maps' words and the table's, and the exact distances from the
    /// parent's (the residues of neighbours differ by one at most).
    fn screen(&self, parent: &Phase1Node, _: &[u8], children: &mut [Child<Self>], left: u32) {
        let t = self.t;
        if left == 0 {
            // Only goals were made ([`Space::last_child`]).
            for c in children.iter_mut() {
                c.live = c.step.is_some();
            }
            return;
        }
        let f = self.full.expect("phase 1 in batches has the full tables");
        // The slots the small tables keep (a few of the eighteen): only those are looked at again.
        let mut kept = [0u8; MOVES];
        let mut n = 0;
        for (k, c) in children.iter_mut().enumerate() {
            c.live = false;
            if c.step.is_some() && t.phase1_bound(c.node.twist, c.node.flip, c.node.slice) as u32 <= left {
                f.prefetch_class(c.node.flip, c.node.slice);
                kept[n] = k as u8;
                n += 1;
            }
        }
        for &k in &kept[..n] {
            let c = &mut children[k as usize].node;
            c.index = f.phase1_index(c.flip, c.slice, c.twist);
            f.prefetch(c.index);
        }
        for &k in &kept[..n] {
            let c = &mut children[k as usize];
            c.node.distance = neighbour_distance(parent.distance, f.phase1_value(c.node.index) as u32);
            c.live = c.node.distance <= left && (c.node.distance > 0 || left >= REENTRY);
        }
    }
}

/// A phase-2 node: corner, U/D edge and slice edge permutations.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Phase2Node {
    cperm: u16,
    udperm: u16,
    mperm: u16,
}

/// Phase 2: the moves of the subgroup to the solved cube (small tables: child by child).
struct Phase2<'a> {
    t: &'a Tables,
}

impl Space for Phase2<'_> {
    type Node = Phase2Node;
    type Move = u8;
    /// The last move, and whether it was phase 1's.
    type Order = (u8, bool);
    const BATCH: bool = false;

    fn branching(&self) -> usize {
        PHASE2_MOVES.len()
    }

    fn blank(&self) -> Phase2Node {
        Phase2Node::default()
    }

    #[inline(always)]
    fn child(
        &self,
        n: &Phase2Node,
        (last, seam): (u8, bool),
        j: usize,
        out: &mut Phase2Node,
    ) -> Option<(u8, (u8, bool))> {
        let m = PHASE2_MOVES[j];
        // At the seam only the same face is barred: a phase-1 solution never ends in a phase-2 move, so
        // the commuting order is not found otherwise.
        let ok = if seam { last >= NO_MOVE || face(m) != face(last) } else { may_follow(last, m) };
        if !ok {
            return None;
        }
        let t = self.t;
        out.cperm = t.cperm_move[n.cperm as usize * 10 + j];
        out.udperm = t.udperm_move[n.udperm as usize * 10 + j];
        out.mperm = t.mperm_move[n.mperm as usize * 10 + j];
        Some((m, (m, false)))
    }

    /// The last move must solve the cube: compared coordinate by coordinate.
    #[inline(always)]
    fn last_child(
        &self,
        n: &Phase2Node,
        order: (u8, bool),
        j: usize,
        out: &mut Phase2Node,
    ) -> Option<(u8, (u8, bool))> {
        let t = self.t;
        if t.cperm_move[n.cperm as usize * 10 + j] != 0
            || t.udperm_move[n.udperm as usize * 10 + j] != 0
            || t.mperm_move[n.mperm as usize * 10 + j] != 0
        {
            return None;
        }
        self.child(n, order, j, out)
    }

    #[inline(always)]
    fn bound(&self, n: &Phase2Node) -> u32 {
        self.t.phase2_bound(n.cperm, n.udperm, n.mperm) as u32
    }

    /// With no moves left the node must be solved: compared, not looked up.
    #[inline(always)]
    fn admits(&self, n: &Phase2Node, left: u32) -> bool {
        if left == 0 {
            *n == Phase2Node::default()
        } else {
            self.t.phase2_bound_within(n.cperm, n.udperm, n.mperm, left) <= left
        }
    }
}

/// What both phases' walks share: the node count and the budgets, the longest total still wanted and
/// the best solution so far (its moves and the search it came from).
struct Tally {
    goal: Goal,
    nodes: u64,
    next_soft: u64,
    limit: u32,
    best: Option<(Vec<u8>, usize)>,
    /// Stop: a solution short enough, or the soft budget spent with one in hand.
    done: bool,
    /// The node limit passed.
    failed: bool,
    /// The limit was raised: the search goes back to the shortest phase 1.
    restart: bool,
}

impl Tally {
    /// Counts a node; every [`CHECK_EVERY`] looks at the budgets.
    #[inline(always)]
    fn count(&mut self) {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            self.check();
        }
    }

    #[cold]
    fn check(&mut self) {
        if self.nodes >= self.goal.max_nodes {
            self.failed = true;
        } else if self.nodes >= self.next_soft {
            self.next_soft += self.goal.soft_nodes;
            if self.best.is_some() {
                self.done = true;
            } else if (self.limit as usize) < MAX_LENGTH - 1 {
                // The first solution within the longer limit is taken: another budget spent looking for a
                // shorter one would double the slowest solves. The search starts again from the shortest
                // phase 1, where phase 2 has the most moves left to it and succeeds most often.
                self.limit += 1;
                self.goal.target = self.goal.target.max(self.limit);
                self.restart = true;
            }
        }
    }
}

/// Phase 2's visit: a solved cube is a solution (both phases' moves), left for [`Finish`] to take.
struct Solved<'t> {
    tally: &'t mut Tally,
    found: Option<Vec<u8>>,
}

impl Visit<Phase2<'_>> for Solved<'_> {
    fn leaf(&mut self, n: &Phase2Node, path: &[u8]) -> Result<Flow> {
        if *n != Phase2Node::default() {
            return Ok(Flow::Continue);
        }
        self.found = Some(path.to_vec());
        Ok(Flow::Stop)
    }

    #[inline(always)]
    fn expanded(&mut self, _: u64) -> Flow {
        self.tally.count();
        if self.tally.failed {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// Phase 1's visit: each phase-1 solution of search `start` (after the pre-moves `pre`, from `base`) is
/// continued by the shortest phase 2 within the limit.
struct Finish<'a, 's> {
    model: &'a Model,
    t: &'a Tables,
    full: Option<&'a FullTables>,
    starts: &'s [Start],
    start: usize,
    /// The pre-moves, in the order they were put before the position: the solution ends with them in
    /// the reverse order (min2phase's pre-scramble: if `P · X · S = 1` then `X · S · P = 1`).
    pre: Vec<u8>,
    /// The position phase 1 starts from: the pre-moves, then the search's position.
    base: Cubie,
    phase2: Ida<'a, Phase2<'a>>,
    tally: Tally,
}

impl<const FULL: bool> Visit<Phase1<'_, FULL>> for Finish<'_, '_> {
    fn leaf(&mut self, n: &Phase1Node, path: &[u8]) -> Result<Flow> {
        let ends_in_phase2 = path.last().is_some_and(|m| PHASE2_MOVES.contains(m));
        if n.twist == 0 && n.flip == 0 && n.slice == self.t.slice_goal && !ends_in_phase2 {
            self.phase2_from(path)?;
        }
        let t = &self.tally;
        let used = (path.len() + self.pre.len()) as u32;
        Ok(if t.done || t.failed || t.restart || used > t.limit { Flow::Stop } else { Flow::Continue })
    }

    #[inline(always)]
    fn expanded(&mut self, _: u64) -> Flow {
        self.tally.count();
        if self.tally.done || self.tally.failed || self.tally.restart {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

impl Finish<'_, '_> {
    /// Phase 2 from the end of a phase-1 solution (`path`): the shortest within the limit. After
    /// pre-moves, also with the last pre-move turned the other way (a half turn of phase 2 apart, so
    /// the same phase 1 serves both).
    fn phase2_from(&mut self, path: &[u8]) -> Result<()> {
        let used = (path.len() + self.pre.len()) as u32;
        if used > self.tally.limit {
            return Ok(());
        }
        let end = path.iter().fold(self.base, |c, &m| c.then(&self.model.moves[m as usize]));
        self.phase2_at(path, &end, None)?;
        if let Some(&x) = self.pre.last() {
            if !self.tally.done && !self.tally.failed {
                // X' = X2 · X: the half turn goes before the base.
                let half = &self.model.moves[x as usize + 1];
                let other = path.iter().fold(half.then(&self.base), |c, &m| c.then(&self.model.moves[m as usize]));
                self.phase2_at(path, &other, Some(x + 2))?;
            }
        }
        Ok(())
    }

    /// Phase 2 from `end` (reached by the phase-1 `path`), the last pre-move replaced by `last_pre`
    /// where given.
    fn phase2_at(&mut self, path: &[u8], end: &Cubie, last_pre: Option<u8>) -> Result<()> {
        let d1 = (path.len() + self.pre.len()) as u32;
        let node = Phase2Node {
            cperm: CornerPerm.get(end) as u16,
            udperm: UdPerm(self.model).get(end) as u16,
            mperm: SlicePerm(self.model).get(end) as u16,
        };
        let mut d2 = self.t.phase2_bound(node.cperm, node.udperm, node.mperm) as u32;
        if let Some(f) = self.full {
            d2 = d2.max(f.phase2_bound(node.cperm, node.udperm) as u32);
        }
        let last = path.last().copied().unwrap_or(NO_MOVE);
        while d1 + d2 <= self.tally.limit && d2 <= self.tally.goal.phase2_cap {
            let mut solved = Solved { tally: &mut self.tally, found: None };
            self.phase2.walk(&node, (last, true), path, d2, &mut solved)?;
            if let Some(mut moves) = solved.found {
                let n = self.pre.len();
                for (i, &m) in self.pre.iter().enumerate().rev() {
                    moves.push(if i + 1 == n { last_pre.unwrap_or(m) } else { m });
                }
                let total = d1 + d2;
                let t = &mut self.tally;
                t.best = Some((moves, self.start));
                // Only shorter ones from now on (and none is shorter than nothing).
                t.limit = total.saturating_sub(1);
                if total == 0 || total <= t.goal.target {
                    t.done = true;
                }
                return Ok(());
            }
            if self.tally.failed {
                return Ok(());
            }
            d2 += 1;
        }
        Ok(())
    }

    /// Phase 1 of search `start` at `length` moves in all: from its position (no pre-moves), then after
    /// each sequence of pre-moves that leaves at least [`MIN_PHASE1_AFTER_PRE`] moves to phase 1, ending
    /// next to the solution in one of [`LAST_PRE`] (the pre-moves on different axes in turn).
    fn with_premoves<const FULL: bool>(
        &mut self,
        walker: &mut Ida<'_, Phase1<'_, FULL>>,
        base: Cubie,
        length: u32,
    ) -> Result<Flow> {
        let k = self.pre.len() as u32;
        let phase1 = length - k;
        if k == 0 || LAST_PRE.contains(self.pre.last().unwrap()) {
            let node =
                if k == 0 { self.starts[self.start].node } else { phase1_node(self.model, self.t, self.full, &base) };
            if node.distance <= phase1 {
                self.base = base;
                let flow = walker.walk(&node, NO_MOVE, &[], phase1, self)?;
                if flow == Flow::Stop && (self.tally.done || self.tally.failed || self.tally.restart) {
                    return Ok(Flow::Stop);
                }
            }
        }
        // With the exact tables phase 1 is cheap enough without: its solutions are found at once, and the
        // pre-moves' coordinates (a lookup in the large table each) would cost more than they give.
        if self.full.is_some() || phase1 < MIN_PHASE1_AFTER_PRE + 1 {
            return Ok(Flow::Continue);
        }
        let last_level = phase1 == MIN_PHASE1_AFTER_PRE + 1;
        let axis = self.pre.last().map(|&m| face(m) % 3);
        for m in 0..MOVES as u8 {
            if Some(face(m) % 3) == axis || (last_level && !LAST_PRE.contains(&m)) {
                continue;
            }
            let next = self.model.moves[m as usize].then(&base);
            self.pre.push(m);
            let flow = self.with_premoves(walker, next, length);
            self.pre.pop();
            if flow? == Flow::Stop {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }
}

/// `moves` with each run of turns on one axis written as at most one turn of each of its faces.
fn merged(moves: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(moves.len());
    let mut i = 0;
    while i < moves.len() {
        let axis = face(moves[i]) % 3;
        let mut amount = [0u8; 2];
        while i < moves.len() && face(moves[i]) % 3 == axis {
            let side = (face(moves[i]) / 3) as usize;
            amount[side] = (amount[side] + moves[i] % 3 + 1) % 4;
            i += 1;
        }
        for (side, &a) in amount.iter().enumerate() {
            if a != 0 {
                out.push((axis + 3 * side as u8) * 3 + a - 1);
            }
        }
    }
    out
}

/// Phase 1's coordinates of a cubie, and its distance (exact with the full tables, else the small
/// tables' bound).
fn phase1_node(model: &Model, t: &Tables, full: Option<&FullTables>, cubie: &Cubie) -> Phase1Node {
    let slice = Slice { model, ranks: &t.ranks };
    let (twist, flip, slice) = (Twist.get(cubie) as u16, Flip.get(cubie) as u16, slice.get(cubie) as u16);
    let distance = match full {
        Some(f) => f.distance(t, flip, slice, twist),
        None => t.phase1_bound(twist, flip, slice) as u32,
    };
    Phase1Node { twist, flip, slice, distance, index: 0 }
}

pub(super) struct Search<'a> {
    model: &'a Model,
    t: &'a Tables,
    /// The exact tables, where there are (else the small tables' bounds alone).
    full: Option<&'a FullTables>,
    control: Control<'a>,
    goal: Goal,
    starts: Vec<Start>,
    pub nodes: u64,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        model: &'a Model,
        t: &'a Tables,
        full: Option<&'a FullTables>,
        cube: &Cubie,
        goal: Goal,
        control: Control<'a>,
    ) -> Self {
        let mut starts = Vec::with_capacity(6);
        for inverse in [false, true] {
            let c = if inverse { cube.inverse() } else { *cube };
            for (axis, (r, ri, _)) in model.axes.iter().enumerate() {
                let cubie = c.conj(r, ri);
                let node = phase1_node(model, t, full, &cubie);
                starts.push(Start { cubie, axis, inverse, node });
            }
        }
        Search { model, t, full, control, goal, starts, nodes: 0 }
    }

    /// Runs the search: the best solution's moves (indices of [`Model::moves`]) in the position's own
    /// frame, verified on the cubie.
    pub(super) fn run(&mut self, cube: &Cubie) -> Result<Vec<u8>> {
        let (path, i) = match self.full {
            Some(_) => self.run_phases::<true>()?,
            None => self.run_phases::<false>()?,
        };
        let s = &self.starts[i];
        let back = &self.model.axes[s.axis].2;
        let mut moves: Vec<u8> = path.iter().map(|&m| back[m as usize]).collect();
        if s.inverse {
            moves = moves.iter().rev().map(|&m| inverse_move(m)).collect();
        }
        // Phase 2 may end on the face of the last pre-move (`R2` then `R`): merged.
        let moves = merged(&moves);
        let end = moves.iter().fold(*cube, |c, &m| c.then(&self.model.moves[m as usize]));
        if end != Cubie::SOLVED {
            return Err(Error::internal("3x3x3: a two-phase solution does not solve the position"));
        }
        Ok(moves)
    }

    /// The six searches by phase-1 length, each phase-1 walk of that length in turn: the best solution
    /// and the search it came from.
    fn run_phases<const FULL: bool>(&mut self) -> Result<(Vec<u8>, usize)> {
        let phase1 = Phase1::<FULL> { t: self.t, full: self.full };
        let phase2 = Phase2 { t: self.t };
        let mut walker = Ida::new(&phase1, self.control);
        let mut finish = Finish {
            model: self.model,
            t: self.t,
            full: self.full,
            starts: &self.starts,
            start: 0,
            pre: Vec::with_capacity(MAX_LENGTH),
            base: Cubie::SOLVED,
            phase2: Ida::new(&phase2, self.control),
            tally: Tally {
                goal: self.goal,
                nodes: 0,
                next_soft: self.goal.soft_nodes,
                limit: self.goal.cap.min(MAX_LENGTH as u32 - 1),
                best: None,
                done: false,
                failed: false,
                restart: false,
            },
        };
        loop {
            let mut d1 = 0;
            while !finish.tally.done && d1 <= finish.tally.limit {
                for i in 0..self.starts.len() {
                    if d1 > finish.tally.limit {
                        break;
                    }
                    finish.start = i;
                    let flow = finish.with_premoves(&mut walker, self.starts[i].cubie, d1);
                    self.nodes = finish.tally.nodes;
                    flow?;
                    if finish.tally.failed {
                        return Err(Error::new(format!(
                            "3x3x3: the two-phase search passed its node limit ({} nodes)",
                            self.goal.max_nodes
                        )));
                    }
                    if finish.tally.done || finish.tally.restart {
                        break;
                    }
                }
                if std::mem::take(&mut finish.tally.restart) {
                    d1 = 0;
                } else {
                    d1 += 1;
                }
            }
            // Nothing within a cap below the position's distance (a target shorter than any solution):
            // again, one move longer.
            if finish.tally.best.is_some() || finish.tally.limit as usize >= MAX_LENGTH - 1 {
                break;
            }
            finish.tally.limit += 1;
        }
        finish.tally.best.take().ok_or_else(|| Error::internal("3x3x3: the two-phase search ended without a solution"))
    }
}
