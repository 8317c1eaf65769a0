//! `god --method cosets` (one work unit, its counts written atomically as JSON with `--out`) and
//! `god-merge FILES…`. The unit index comes from `--unit`, else from the job-array index of the
//! environment (Slurm's `SLURM_ARRAY_TASK_ID`, Kubernetes Indexed Jobs' `JOB_COMPLETION_INDEX`).

use std::fmt::Write as _;
use std::time::Instant;

use serde_json::json;

use crate::god_args::{reduce, CosetArgs, GodArgs};
use crate::progress::Bar;
use crate::shell::{fail, json_text, move_set, read, Failure};
use twistsearch::bytes::describe_bytes;
use twistsearch::god::cosets::{merge_units, UnitCounts};
use twistsearch::god::{gods_algorithm, CosetUnit, GodOptions, Method, Reduce};
use twistsearch::model::moveset::Metric;
use twistsearch::Puzzle;

/// Environment variables that carry a job-array index, in the order they are consulted.
const ARRAY_INDEX: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// The unit to run: `--unit`, else the job-array index, else 0.
fn unit_index(args: &CosetArgs) -> Result<u64, Failure> {
    if let Some(u) = args.unit {
        return Ok(u);
    }
    for var in ARRAY_INDEX {
        if let Ok(v) = std::env::var(var) {
            return v.trim().parse().map_err(|_| fail(var, format!("{v:?} is not a unit index")));
        }
    }
    if args.units > 1 {
        return Err(fail("--unit", "several units but no --unit and no job-array index in the environment"));
    }
    Ok(0)
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename.
fn write_atomically(path: &str, text: &str) -> Result<(), Failure> {
    let tmp = format!("{path}.tmp-{}", std::process::id());
    std::fs::write(&tmp, text).map_err(|e| fail(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(path, e)
    })
}

/// Runs one unit of `god --method cosets`.
pub fn run(puzzle: &Puzzle, args: &GodArgs, threads: usize) -> Result<String, Failure> {
    // Classes up to symmetry come with the reduction by symmetry (the core refuses it too, in its words).
    let reduce = reduce(args.reduce);
    if args.symmetry && reduce == Reduce::Never {
        return Err(fail(
            "--symmetry",
            "the coset method counts classes only when reduced by symmetry: drop --reduce never",
        ));
    }
    let set = move_set(puzzle, args.moves.as_deref())?;
    let c = &args.cosets;
    let options = GodOptions {
        metric: Metric::from_qtm(args.qtm),
        memory_bytes: args.memory.saturating_mul(1 << 20),
        max_depth: args.max_depth,
        symmetry: args.symmetry,
        method: Method::Cosets,
        reduce,
        cosets: CosetUnit {
            letters: c.letters,
            store_depth: c.store_depth,
            units: c.units,
            unit: unit_index(c)?,
            mark_cutoff: c.mark_cutoff,
        },
        ..GodOptions::default()
    };
    let bar = Bar::new(!args.json);
    let t = Instant::now();
    let r = gods_algorithm(puzzle, &set, &options, bar.control());
    bar.clear();
    let r = r.map_err(|e| fail("god", e))?.cosets.ok_or_else(|| fail("god", "no counts of the coset method"))?;
    let seconds = t.elapsed().as_secs_f64();
    let text = serde_json::to_string_pretty(&r).expect("JSON serializes") + "\n";
    if let Some(path) = &c.out {
        write_atomically(path, &text)?;
    }
    if args.json {
        let mut v = serde_json::to_value(&r).expect("JSON serializes");
        v["moves"] = json!(set.describe(puzzle));
        v["threads"] = json!(threads);
        v["seconds"] = json!(seconds);
        return Ok(json_text(v));
    }
    let mut out = String::new();
    let reduced = match (r.symmetries, r.cosets_enumerated) {
        (Some(n), Some(e)) => format!(", reduced by {n} symmetries ({e} cosets hold representatives)"),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "# {} ({}, moves {}, sets {}): cosets of {} letters{reduced}, unit {} of {} ({} of {} cosets), levels \
         stored through {}, {}, {threads} thread{}",
        r.puzzle,
        r.metric,
        set.describe(puzzle),
        r.sets.join(","),
        r.letters,
        r.unit,
        r.units,
        r.cosets,
        r.cosets_total,
        r.stored_depth,
        describe_bytes(r.memory_bytes),
        if threads == 1 { "" } else { "s" }
    );
    let classes = r.symmetries.zip(r.classes.as_deref().zip(r.inverse_classes.as_deref()));
    table(&mut out, &r.counts, classes);
    if !r.complete {
        let _ = writeln!(out, "# counted through distance {} only", r.counts.len() - 1);
    }
    let _ = writeln!(
        out,
        "# {seconds:.3} s (levels {:.3} s, cosets {:.3} s)",
        r.store_ms as f64 / 1e3,
        r.cosets_ms as f64 / 1e3
    );
    let per: Vec<String> = (r.stored_depth as usize + 1..r.distance_ms.len())
        .map(|d| format!("{d}: {:.3}", r.distance_ms[d] as f64 / 1e3))
        .chain(r.symmetry_ms.map(|m| format!("symmetry pre-calculation {:.3}", m as f64 / 1e3)))
        .collect();
    if !per.is_empty() {
        let _ = writeln!(out, "# thread seconds by distance formed: {}", per.join(", "));
    }
    Ok(out)
}

/// The symmetries, and per distance the classes up to symmetry and up to symmetry and inverse.
type Classes<'a> = (u64, (&'a [u64], &'a [u64]));

/// The counts by distance, with the classes up to symmetry and up to symmetry and inverse when given.
fn table(out: &mut String, counts: &[u64], classes: Option<Classes<'_>>) {
    let total: u64 = counts.iter().sum();
    match classes {
        Some((n, (c, i))) => {
            let _ = writeln!(out, "distance positions up-to-symmetry({n}) up-to-symmetry+inverse");
            for (d, p) in counts.iter().enumerate() {
                let at = |v: &[u64]| v.get(d).copied().unwrap_or(0);
                let _ = writeln!(out, "{d} {p} {} {}", at(c), at(i));
            }
            let _ = writeln!(out, "total {total} {} {}", c.iter().sum::<u64>(), i.iter().sum::<u64>());
        }
        None => {
            let _ = writeln!(out, "distance positions");
            for (d, c) in counts.iter().enumerate() {
                let _ = writeln!(out, "{d} {c}");
            }
            let _ = writeln!(out, "total {total}");
        }
    }
}

/// `god-merge FILES…`.
pub fn merge(files: &[String], json: bool) -> Result<String, Failure> {
    let mut units = Vec::with_capacity(files.len());
    for f in files {
        let u: UnitCounts = serde_json::from_str(&read(f)?).map_err(|e| fail(f, e))?;
        units.push(u);
    }
    let m = merge_units(&units).map_err(|e| fail("god-merge", e))?;
    if json {
        return Ok(json_text(json!({
            "puzzle": units[0].puzzle, "sets": units[0].sets, "metric": units[0].metric,
            "fingerprint": m.fingerprint, "units": m.units, "groupOrder": m.group_order,
            "complete": m.complete, "counts": m.counts, "total": m.total,
            "symmetries": m.symmetries, "classes": m.classes, "inverseClasses": m.inverse_classes,
        })));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} ({}, sets {}): {} units merged, fingerprint {}",
        units[0].puzzle,
        units[0].metric,
        units[0].sets.join(","),
        m.units,
        m.fingerprint
    );
    let classes = m.symmetries.zip(m.classes.as_deref().zip(m.inverse_classes.as_deref()));
    table(&mut out, &m.counts, classes);
    if !m.complete {
        let _ = writeln!(out, "# incomplete: {} of {} positions", m.total, m.group_order);
    }
    Ok(out)
}
