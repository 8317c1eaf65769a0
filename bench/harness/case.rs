//! What a case is: what it is given ([`Ctx`]), what it measures and returns ([`CaseOutput`], with its
//! [`Timing`]s, [`TableInfo`] and [`SolveInfo`]s), and the check of a solution every solving case makes.
//! The records the harness prints are made of these.

use serde::Serialize;

use crate::failure::{fail, Failure};
use twistsearch::{MoveRef, Puzzle, State};

/// What every case is given.
pub struct Ctx {
    /// Small versions (for tests).
    pub quick: bool,
    /// Timed repetitions.
    pub repeat: usize,
    /// The run's thread count (a peer is given the same).
    pub threads: usize,
    /// The C++ twsearch binary to run beside the deep cases (`--twsearch`).
    pub twsearch: Option<std::path::PathBuf>,
    /// `--cache-dir`, for the cases that keep a table there.
    pub cache_dir: Option<String>,
}

/// A case's measuring function.
pub type CaseFn = fn(&Ctx) -> Result<CaseOutput, Failure>;

/// A benchmark case.
pub struct Case {
    /// The name on the command line.
    pub name: &'static str,
    /// What it measures, at full size (`false`) or with `--quick` (`true`).
    pub about: fn(bool) -> String,
    /// Runs with 1 thread and every core by default (the others: every core).
    pub scaling: bool,
    /// The measuring function, or why the case is not available yet.
    pub run: Result<CaseFn, &'static str>,
}

/// Seconds of repeated measurements: median, best, every sample; with the work each did (states a fill
/// generated, nodes a search looked up), the rate of the median.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timing {
    /// The median sample (the mean of the middle two for an even count).
    pub median_seconds: f64,
    /// The fastest sample.
    pub best_seconds: f64,
    /// Every sample, in the order measured.
    pub samples: Vec<f64>,
    /// The median of the work of the samples (`null` when the timing has no single kind of work).
    pub work: Option<u64>,
    /// `work / medianSeconds`.
    pub rate: Option<f64>,
    /// `states/s` (fills) or `nodes/s` (searches).
    pub rate_unit: Option<&'static str>,
}

impl Timing {
    /// A timing of `samples` seconds with no rate.
    pub fn plain(samples: Vec<f64>) -> Timing {
        let median_seconds = median(&samples);
        let best_seconds = samples.iter().copied().fold(f64::INFINITY, f64::min);
        Timing { median_seconds, best_seconds, samples, work: None, rate: None, rate_unit: None }
    }

    /// A timing of `samples` seconds, sample `i` having done `work[i]` units of `unit`.
    pub fn with_work(samples: Vec<f64>, work: &[u64], unit: &'static str) -> Timing {
        let mut t = Timing::plain(samples);
        let w = median(&work.iter().map(|&x| x as f64).collect::<Vec<_>>()).round() as u64;
        t.work = Some(w);
        t.rate = Some(if t.median_seconds > 0.0 { w as f64 / t.median_seconds } else { 0.0 });
        t.rate_unit = Some(unit);
        t
    }
}

/// The median of a non-empty list.
fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// A pruning table that a run built.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableInfo {
    /// The depth filled at the end of the run (searches may deepen the table).
    pub depth: u32,
    /// The depth filled when the build finished.
    pub build_depth: u32,
    /// Bytes of the entries (the memory budget, rounded).
    pub bytes: usize,
    /// Entries (two per byte).
    pub entries: usize,
    /// Entries set by the fill (the rest stay unset).
    pub entries_set: u64,
    /// Building the table (work: states the fill generated).
    pub build: Timing,
    /// A table of exact distances, every entry set (depths not tracked: `depth` 0).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub complete: bool,
}

/// One position solved in a run.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolveInfo {
    /// A name for the position.
    pub name: String,
    /// The alg that made it from solved.
    pub scramble: String,
    /// Its length (moves).
    pub scramble_length: usize,
    /// The optimal solution found (the solver's first in its lexicographic order).
    pub solution: String,
    /// Its length (moves, half-turn metric).
    pub solution_length: usize,
    /// The solve's time (work: nodes looked up).
    pub time: Timing,
    /// The same position solved by a peer in the same run (`--twsearch`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer: Option<PeerSolve>,
}

/// A position solved by a peer: its time (work: its node count), its solution's length, and the ratio
/// of its median to ours.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeerSolve {
    /// `twsearch`.
    pub peer: &'static str,
    pub time: Timing,
    pub solution_length: usize,
    /// The peer's median seconds over ours (above 1: we are faster).
    pub ratio: f64,
}

/// What a case function measures in one run.
pub struct CaseOutput {
    /// The headline timing.
    pub time: Timing,
    pub table: Option<TableInfo>,
    pub warm: Option<Timing>,
    pub solves: Vec<SolveInfo>,
    /// With a peer: our whole first pass (tables built, every position solved once) and the peer's
    /// whole processes (its tables and solves).
    pub peer_total: Option<(Timing, Timing)>,
}

/// The first solution of a solve, checked: it exists, it takes `state` to solved, and it is no longer
/// than the scramble that made `state` (a solution is optimal, so never longer).
pub fn checked_solution(
    name: &str,
    p: &Puzzle,
    state: &State,
    solutions: &[Vec<MoveRef>],
    scramble_length: usize,
) -> Result<Vec<MoveRef>, Failure> {
    let sol = solutions.first().ok_or_else(|| fail(name, "the solver returned no solution"))?;
    if p.apply_moves(state, sol).as_bytes() != p.solved().as_bytes() {
        return Err(fail(name, "a solution does not solve its position"));
    }
    if sol.len() > scramble_length {
        return Err(fail(
            name,
            format!("a solution of {} moves for a scramble of {scramble_length}: not optimal", sol.len()),
        ));
    }
    Ok(sol.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_rates() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        let t = Timing::with_work(vec![2.0, 1.0, 4.0], &[10, 10, 12], "nodes/s");
        assert_eq!((t.median_seconds, t.best_seconds, t.work, t.rate), (2.0, 1.0, Some(10), Some(5.0)));
        assert_eq!(t.samples, vec![2.0, 1.0, 4.0]);
    }
}
