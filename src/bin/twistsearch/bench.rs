//! `bench`: heavy end-to-end benchmarks of the native build — pruning-table fills, optimal solves with
//! the table built and kept — with wall times (median and best of repeats), rates, the results, and the
//! process's peak memory per run.
//!
//! Each case runs once per thread count on its own rayon pool (`pool.install`, never the global pool), so
//! one invocation compares thread counts. Records are printed as each case finishes: text, or with
//! `--json` one JSON object per case and line (JSON lines). See `bench/history/2026-diary.md` (its first
//! section) for the fields.
//!
//! - `cases`: what each case does (and the slot of the cases not available yet).
//! - `usage`: resident-set and processor-time figures from `/proc/self`.

mod cases;
mod deep;
mod random;
mod usage;

use std::fmt::Write as _;
use std::io::Write as _;

use serde::Serialize;

use crate::shell::{fail, Failure};
use cases::{Case, Ctx, CASES};
use twistsearch::bytes::describe_bytes;
use usage::Memory;

/// Options of `bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Cases to run, in this order (default: all of them).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(CASES.iter().map(|c| c.name)))]
    cases: Vec<String>,
    /// Thread counts to run every case with, e.g. `1,2` (default: 1 and every core for table-3x3x3,
    /// every core for the others).
    #[arg(long, value_delimiter = ',')]
    threads: Option<Vec<usize>>,
    /// Small versions of every case (seconds in all): for tests, not for figures.
    #[arg(long)]
    quick: bool,
    /// One JSON object per case, one per line (JSON lines).
    #[arg(long)]
    json: bool,
    /// Timed repetitions of each measurement (default 3, or 1 with --quick).
    #[arg(long)]
    repeat: Option<usize>,
    /// Where `3x3x3-random` reads its table (and writes it after a build), as `solve --cache-dir`.
    #[arg(long, value_name = "DIR")]
    cache_dir: Option<String>,
    /// The C++ twsearch binary (built from its public source) to run on the same positions in the same
    /// run as the deep cases (`3x3x3-deep`), with the same threads and at least the same table memory.
    #[arg(long, value_name = "PATH")]
    twsearch: Option<std::path::PathBuf>,
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

/// One run of a case: one thread count.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    threads: usize,
    /// The headline timing: the fill (table cases), the first call (tperm), all scrambles (short cases).
    time: Timing,
    /// The 1-thread run's median over this one's (`null` without a 1-thread run).
    speedup: Option<f64>,
    table: Option<TableInfo>,
    /// Later calls with the table kept (tperm).
    warm: Option<Timing>,
    solves: Vec<SolveInfo>,
    /// With a peer: our tables and first pass of solves (`ours`), the peer's whole processes (`peer`).
    #[serde(skip_serializing_if = "Option::is_none")]
    totals: Option<PeerTotals>,
    /// The whole run: every repetition, set-up and checks included.
    wall_seconds: f64,
    /// Processor time of the process during the run (user + system, every thread; `null` off Linux):
    /// near `wallSeconds × threads` when the threads had the cores to themselves.
    cpu_seconds: Option<f64>,
    /// Processor time other processes took meanwhile (the machine's busy time less this process's; `null`
    /// off Linux): on a shared machine, how much the run had to compete for the cores.
    others_cpu_seconds: Option<f64>,
    memory: Memory,
}

/// Whole passes with a peer.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct PeerTotals {
    ours: Timing,
    peer: Timing,
    /// The peer's median over ours.
    ratio: f64,
}

/// One record per case.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Record {
    case: &'static str,
    /// `ok`, or `unavailable` (with `reason`, and no runs).
    status: &'static str,
    reason: Option<&'static str>,
    about: String,
    quick: bool,
    repeat: usize,
    /// `release`, or `debug` (debug assertions on: figures not representative).
    build: &'static str,
    /// Cores available to the process.
    cores: usize,
    runs: Vec<Run>,
}

/// Runs `bench`, printing each case's record as it finishes; returns nothing more to print.
pub fn bench(args: &BenchArgs) -> Result<String, Failure> {
    let repeat = args.repeat.unwrap_or(if args.quick { 1 } else { 3 });
    if repeat == 0 {
        return Err(fail("--repeat", "needs at least 1 repetition"));
    }
    if let Some(list) = &args.threads {
        if list.is_empty() || list.contains(&0) {
            return Err(fail("--threads", "needs thread counts of at least 1"));
        }
        if !cfg!(feature = "parallel") && list.iter().any(|&n| n != 1) {
            return Err(fail("--threads", "this build has no threads (feature `parallel` off): only 1"));
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let selected: Vec<&Case> = if args.cases.is_empty() {
        CASES.iter().collect()
    } else {
        let mut v: Vec<&Case> = Vec::new();
        for name in &args.cases {
            let case = CASES.iter().find(|c| c.name == name).ok_or_else(|| fail(name, "no such case"))?;
            if !v.iter().any(|c| c.name == case.name) {
                v.push(case);
            }
        }
        v
    };
    if let Some(path) = &args.twsearch {
        if !path.is_file() {
            return Err(fail("--twsearch", format!("{}: no such file", path.display())));
        }
    }
    let mut stdout = std::io::stdout().lock();
    for case in selected {
        let threads = thread_counts(case, args.threads.as_deref(), cores);
        let mut record = Record {
            case: case.name,
            status: "ok",
            reason: None,
            about: (case.about)(args.quick),
            quick: args.quick,
            repeat,
            build: if cfg!(debug_assertions) { "debug" } else { "release" },
            cores,
            runs: Vec::new(),
        };
        match case.run {
            Err(reason) => {
                record.status = "unavailable";
                record.reason = Some(reason);
            }
            Ok(f) => {
                for &n in &threads {
                    let ctx = Ctx {
                        quick: args.quick,
                        repeat,
                        threads: n,
                        twsearch: args.twsearch.clone(),
                        cache_dir: args.cache_dir.clone(),
                    };
                    record.runs.push(run_one(f, &ctx, n)?);
                }
                let one = record.runs.iter().find(|r| r.threads == 1).map(|r| r.time.median_seconds);
                for r in &mut record.runs {
                    r.speedup = one.map(|t| t / r.time.median_seconds);
                }
            }
        }
        let text = if args.json {
            serde_json::to_string(&record).expect("JSON serializes") + "\n"
        } else {
            record_text(&record)
        };
        // A closed pipe (`| head`) is not an error worth a message.
        let _ = stdout.write_all(text.as_bytes());
        let _ = stdout.flush();
    }
    Ok(String::new())
}

/// The thread counts a case runs with.
fn thread_counts(case: &Case, given: Option<&[usize]>, cores: usize) -> Vec<usize> {
    let mut list: Vec<usize> = match given {
        Some(l) => l.to_vec(),
        None if !cfg!(feature = "parallel") => vec![1],
        None if case.scaling => vec![1, cores],
        None => vec![cores],
    };
    let mut seen = Vec::new();
    list.retain(|n| {
        let new = !seen.contains(n);
        seen.push(*n);
        new
    });
    list
}

/// One run of a case on a pool of `threads` threads, with its memory figures.
fn run_one(f: cases::CaseFn, ctx: &Ctx, threads: usize) -> Result<Run, Failure> {
    #[cfg(feature = "parallel")]
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("bench-{i}"))
        .build()
        .map_err(|e| fail("--threads", e))?;
    let start = usage::start();
    let cpu = usage::cpu_seconds();
    let machine = usage::machine_busy_seconds();
    let wall = std::time::Instant::now();
    #[cfg(feature = "parallel")]
    let out = pool.install(|| f(ctx));
    #[cfg(not(feature = "parallel"))]
    let out = f(ctx);
    let wall_seconds = wall.elapsed().as_secs_f64();
    // Both counters tick in hundredths of a second: round away the float noise of the differences.
    let ticks = |x: f64| (x * 100.0).round() / 100.0;
    let cpu_seconds = match (cpu, usage::cpu_seconds()) {
        (Some(a), Some(b)) => Some(ticks(b - a)),
        _ => None,
    };
    let others_cpu_seconds = match (machine, usage::machine_busy_seconds(), cpu_seconds) {
        (Some(a), Some(b), Some(own)) => Some(ticks(b - a - own).max(0.0)),
        _ => None,
    };
    let out = out?;
    let memory = usage::finish(start);
    Ok(Run {
        threads,
        time: out.time,
        speedup: None,
        table: out.table,
        warm: out.warm,
        solves: out.solves,
        totals: out.peer_total.map(|(ours, peer)| {
            let ratio = peer.median_seconds / ours.median_seconds.max(1e-9);
            PeerTotals { ours, peer, ratio }
        }),
        wall_seconds,
        cpu_seconds,
        others_cpu_seconds,
        memory,
    })
}

/// Seconds for people: `1.234 s`, `45.6 ms`.
fn secs(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.3} s")
    } else {
        format!("{:.1} ms", s * 1e3)
    }
}

/// A timing's median and best (and count when several).
fn timing_text(t: &Timing) -> String {
    let mut s = format!("median {} best {}", secs(t.median_seconds), secs(t.best_seconds));
    if let (Some(rate), Some(unit)) = (t.rate, t.rate_unit) {
        let _ = write!(s, ", {} {unit}", count(rate));
    }
    s
}

/// A count or rate for people: `15.31 M`, `812.4 k`, `97`.
fn count(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn memory_text(m: &Memory) -> String {
    match m.peak_rss_bytes {
        None => "peak RSS n/a".to_string(),
        Some(p) => {
            let mut s = format!("peak RSS {}", describe_bytes(p));
            match m.peak_above_start_bytes {
                Some(d) => {
                    let _ = write!(s, " (+{} over the start)", describe_bytes(d));
                }
                None => s.push_str(" (process peak so far)"),
            }
            s
        }
    }
}

/// A case's record as text.
fn record_text(r: &Record) -> String {
    let mut out = format!("{}: {}\n", r.case, r.about);
    if let Some(reason) = r.reason {
        let _ = writeln!(out, "  {reason}");
        return out;
    }
    for run in &r.runs {
        let mut head = format!("  threads {}: {}", run.threads, timing_text(&run.time));
        if let Some(s) = run.speedup.filter(|_| run.threads != 1) {
            let _ = write!(head, ", speed-up {s:.2}x over 1 thread");
        }
        let _ = writeln!(out, "{head}");
        if let Some(t) = &run.table {
            let deepened = if t.depth != t.build_depth {
                format!(" (deepened to {} by the searches)", t.depth)
            } else {
                String::new()
            };
            let depth =
                if t.complete { "exact distances".to_string() } else { format!("depth {}{deepened}", t.build_depth) };
            let _ = writeln!(
                out,
                "    table: {depth}, {}, {} of {} entries set; build {}",
                describe_bytes(t.bytes as u64),
                t.entries_set,
                t.entries,
                timing_text(&t.build)
            );
        }
        for s in &run.solves {
            let _ = writeln!(
                out,
                "    {}: {} ({}) -> {} ({}): {}, {} nodes",
                s.name,
                s.scramble,
                s.scramble_length,
                s.solution,
                s.solution_length,
                timing_text(&s.time),
                s.time.work.map_or("?".to_string(), |w| w.to_string())
            );
            if let Some(peer) = &s.peer {
                let _ = writeln!(
                    out,
                    "      {}: {} moves, {}, {} nodes; {:.2}x ours",
                    peer.peer,
                    peer.solution_length,
                    timing_text(&peer.time),
                    peer.time.work.map_or("?".to_string(), |w| w.to_string()),
                    peer.ratio
                );
            }
        }
        if let Some(w) = &run.warm {
            let _ = writeln!(out, "    warm calls: {}", timing_text(w));
        }
        if let Some(t) = &run.totals {
            let _ = writeln!(
                out,
                "    whole pass (tables and every position once): ours {}, peer's processes {}: {:.2}x ours",
                secs(t.ours.median_seconds),
                secs(t.peer.median_seconds),
                t.ratio
            );
        }
        let mut cpu = String::new();
        if let Some(c) = run.cpu_seconds {
            let _ = write!(cpu, ", processor {} ({:.2} cores busy", secs(c), c / run.wall_seconds);
            if let Some(o) = run.others_cpu_seconds {
                let _ = write!(cpu, "; other processes {:.2} cores", o / run.wall_seconds);
            }
            cpu.push(')');
        }
        let _ = writeln!(out, "    run: wall {}{cpu}; {}", secs(run.wall_seconds), memory_text(&run.memory));
    }
    out
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

    #[test]
    fn thread_lists() {
        let scaling = CASES.iter().find(|c| c.scaling).unwrap();
        let plain = CASES.iter().find(|c| !c.scaling).unwrap();
        if cfg!(feature = "parallel") {
            assert_eq!(thread_counts(scaling, None, 4), vec![1, 4]);
            assert_eq!(thread_counts(scaling, None, 1), vec![1]);
            assert_eq!(thread_counts(plain, None, 4), vec![4]);
        }
        assert_eq!(thread_counts(plain, Some(&[2, 1, 2]), 4), vec![2, 1]);
    }
}
