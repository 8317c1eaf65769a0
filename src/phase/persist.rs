//! A [`PhaseSolver`]'s tables as bytes and back, in the checksummed, compressed container of
//! `crate::saved` (magic `TWSPHASE`): per phase its projection tables (distance bytes, move masks where
//! it has them) or its full table (two bits per coset), with the numbers that describe them. The key
//! holds what the tables depend on — the puzzle, the moves of each group of the chain, the metric, the
//! target and the options that choose the tables (budget, projection size, full tables, masks) — so
//! tables of anything else are refused, naming what differs; each table is then checked against the
//! loader's own plan. Coordinates' move tables are not saved: they are rebuilt in
//! milliseconds.

use super::full::FullTable;
use super::masks::{MoveMasks, MAX_MASKED_ENTRIES};
use super::stage::Phase;
use super::table::ProjectionTable;
use super::{PhaseSolver, PhaseSolverOptions};
use crate::error::{Error, Result};
use crate::moveset::{Metric, MoveSet};
use crate::prune::persist::Hasher;
use crate::puzzle::Puzzle;
use crate::saved::{Container, Section};
use crate::search::Target;

/// The first bytes of saved phase tables.
pub const MAGIC: [u8; 8] = *b"TWSPHASE";

/// The layout's version: any change to it, or to how coordinates and tables index positions, makes old
/// files refused.
pub const FORMAT_VERSION: u32 = 1;

/// Names files and errors.
const WHAT: &str = "phase table file";

/// What the tables of a chain depend on, as named hashes: the puzzle, the moves of `G` and of each
/// subgroup, the metric (each move's cost), the target, and the options that choose the tables (a
/// loader still checks every table against its own plan).
pub(super) fn key(
    p: &Puzzle,
    target: &Target,
    groups: &[MoveSet],
    options: &PhaseSolverOptions,
) -> Vec<(&'static str, u64)> {
    let mut puzzle = Hasher::new();
    for o in p.orbits() {
        puzzle.number(o.size as u64).number(u64::from(o.orientations));
    }
    let mut moves = Hasher::new();
    for m in groups[0].moves() {
        moves.bytes(p.transform(m.mv));
    }
    let mut chain = Hasher::new();
    for g in &groups[1..] {
        chain.number(g.moves().len() as u64);
        for m in g.moves() {
            chain.bytes(p.transform(m.mv));
        }
    }
    let mut metric = Hasher::new();
    metric.number(u64::from(options.metric == Metric::Qtm));
    for g in groups {
        for m in g.moves() {
            metric.number(u64::from(m.qtm_cost));
        }
    }
    let mut tables = Hasher::new();
    tables
        .number(options.memory_bytes as u64)
        .number(options.projection_entries.unwrap_or(0))
        .number(u64::from(options.full_tables))
        .number(u64::from(options.move_masks));
    vec![
        ("puzzle", puzzle.finish()),
        ("move set", moves.finish()),
        ("chain of subgroups", chain.finish()),
        ("metric", metric.finish()),
        ("target", Hasher::new().bytes(target.bytes()).finish()),
        ("table plan (memory budget or table options)", tables.finish()),
    ]
}

/// The key's parts as one number.
pub(super) fn combined(key: &[(&str, u64)]) -> u64 {
    let mut h = Hasher::new();
    for &(_, v) in key {
        h.number(v);
    }
    h.finish()
}

/// The solver's tables as bytes.
pub(super) fn save(solver: &PhaseSolver) -> Vec<u8> {
    let mut meta = Vec::new();
    let mut sections = Vec::new();
    for phase in &solver.phases {
        meta.push(phase.tables.len() as u64);
        for (j, t) in phase.tables.iter().enumerate() {
            meta.push(t.coords().len() as u64);
            meta.extend(t.coords().iter().map(|&c| c as u64));
            meta.push(u64::from(t.max()));
            let masks = phase.masks.get(j).and_then(Option::as_ref);
            meta.push(u64::from(masks.is_some()));
            sections.push(Section::bytes(t.distances()));
            if let Some(m) = masks {
                sections.push(Section::words(t.len(), |i| m.word_at(i)));
            }
        }
        match &phase.full {
            Some(full) => {
                meta.push(1);
                meta.push(full.weights().len() as u64);
                meta.extend_from_slice(full.weights());
                meta.push(full.counts().len() as u64);
                meta.extend_from_slice(full.counts());
                sections.push(Section::words(full.words(), |i| full.word(i)));
            }
            None => meta.push(0),
        }
    }
    Container::write(&MAGIC, FORMAT_VERSION, &solver.plan_key, &meta, &sections)
}

/// Opens saved tables for a plan (checks the header and key; the chunks are checked as they are read).
pub(super) fn open<'a>(data: &'a [u8], key: &[(&str, u64)], budget: u64) -> Result<(Container<'a>, u64)> {
    Ok((Container::open(data, WHAT, &MAGIC, FORMAT_VERSION, key)?, budget))
}

/// Reads phases' tables from an opened container, one phase after another.
pub(super) struct TableReader<'a> {
    saved: Container<'a>,
    budget: u64,
    meta: usize,
    section: usize,
}

impl<'a> TableReader<'a> {
    pub(super) fn new((saved, budget): (Container<'a>, u64)) -> Self {
        TableReader { saved, budget, meta: 0, section: 0 }
    }

    fn number(&mut self) -> Result<u64> {
        let v = self.saved.meta().get(self.meta).copied().ok_or_else(|| corrupt("its table list is cut short"))?;
        self.meta += 1;
        Ok(v)
    }

    fn numbers(&mut self, max: u64) -> Result<Vec<u64>> {
        let n = self.number()?;
        if n > max {
            return Err(corrupt("its table list is inconsistent"));
        }
        (0..n).map(|_| self.number()).collect()
    }

    fn next_section(&mut self) -> usize {
        self.section += 1;
        self.section - 1
    }

    /// Reads the next phase's tables into `phase` (planned with `projections`).
    pub(super) fn read_phase(&mut self, p: &Puzzle, phase: &mut Phase, projections: &[Vec<usize>]) -> Result<()> {
        let ntables = self.number()? as usize;
        if ntables != projections.len() {
            return Err(corrupt("its number of tables differs from the plan"));
        }
        let mut left: Vec<Vec<usize>> = projections.iter().map(|pr| sorted(pr)).collect();
        for _ in 0..ntables {
            let coords: Vec<usize> = self.numbers(phase.coords.len() as u64)?.into_iter().map(|c| c as usize).collect();
            let at = left
                .iter()
                .position(|pr| *pr == sorted(&coords))
                .ok_or_else(|| corrupt("a table covers other coordinates than the plan's"))?;
            left.swap_remove(at);
            let max =
                u8::try_from(self.number()?).map_err(|_| corrupt("a table's largest distance is out of range"))?;
            let masked = self.number()? == 1;
            let entries = ProjectionTable::entries(&phase.coords.sizes(), &coords)
                .ok_or_else(|| corrupt("a table is too large"))?;
            if masked != (phase.with_masks && entries <= MAX_MASKED_ENTRIES) {
                return Err(corrupt("a table's move masks differ from the plan"));
            }
            let i = self.next_section();
            let dist = self.saved.bytes(i, self.budget)?;
            phase.tables.push(ProjectionTable::from_parts(&phase.coords, coords, dist, max)?);
            if phase.with_masks {
                let masks = if masked {
                    let i = self.next_section();
                    let words = self.saved.words(i, self.budget)?;
                    if words.len() as u64 != entries {
                        return Err(corrupt("a table's move masks have the wrong size"));
                    }
                    Some(MoveMasks::from_words(words))
                } else {
                    None
                };
                phase.masks.push(masks);
            }
        }
        let full = self.number()? == 1;
        if full != phase.full_planned {
            return Err(corrupt("its full tables differ from the plan"));
        }
        if full {
            let weights = self.numbers(phase.coords.len() as u64)?;
            let counts = self.numbers(256)?;
            let i = self.next_section();
            let words = self.saved.words(i, self.budget)?;
            let gt: Vec<&[u8]> = phase.moves.iter().map(|&m| p.transform(m)).collect();
            phase.full =
                Some(FullTable::from_parts(p, &phase.coords, phase.relabel.start(), &gt, weights, counts, words)?);
        }
        Ok(())
    }

    /// Checks that everything saved was read.
    pub(super) fn finish(self) -> Result<()> {
        if self.meta != self.saved.meta().len() || self.section != self.saved.sections() {
            return Err(corrupt("it holds more tables than the plan"));
        }
        Ok(())
    }
}

fn sorted(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

fn corrupt(why: &str) -> Error {
    Error::new(format!("not a valid saved {WHAT}: {why}"))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::control::Control;
    use crate::moveset::MoveSet;
    use crate::phase::{PhaseSolveOptions, PhaseSolverOptions};
    use crate::{load_puzzle, Alg};

    fn cube(text: &str) -> Arc<Puzzle> {
        Arc::new(load_puzzle(text).unwrap())
    }

    /// Saved tables load to a solver whose tables save to the same bytes and which finds the same
    /// solutions; with projections and move masks (the 3x3x3's compact tables) and with a full table.
    #[test]
    fn saved_tables_load_to_the_same_bytes_and_solutions() {
        let c333 = cube(include_str!("../../tests/data/puzzles/main/3x3x3.tws"));
        let c222 = cube(include_str!("../../tests/data/puzzles/main/2x2x2.tws"));
        let cases = [
            (c333.clone(), "U,D,F2,B2,R2,L2", Some(1u64 << 21), "R U2 F' L D B2 R' F2 U L'"),
            (c222.clone(), "U,F2,R2", Some(64), "R U2 F' R U' F2 R'"),
        ];
        for (p, phase, cap, alg) in cases {
            let options = PhaseSolverOptions {
                phases: vec![MoveSet::parse(&p, phase).unwrap()],
                projection_entries: cap,
                move_masks: true,
                ..Default::default()
            };
            let built = PhaseSolver::new(p.clone(), options.clone(), Control::none()).unwrap();
            let bytes = built.save_tables();
            assert_eq!(&bytes[..8], b"TWSPHASE");
            let loaded = PhaseSolver::with_saved_tables(p.clone(), options.clone(), &bytes, Control::none()).unwrap();
            assert_eq!(loaded.save_tables(), bytes);
            assert_eq!(loaded.phase_info(), built.phase_info());
            let state = p.position(&Alg::parse(alg).unwrap()).unwrap();
            let solve = |s: &PhaseSolver| s.solve(&state, &PhaseSolveOptions::default(), Control::none()).unwrap();
            let (a, b) = (solve(&built), solve(&loaded));
            // Threads may find another solution of the same length first.
            assert_eq!(a.solution.len(), b.solution.len());
            assert_eq!(p.apply_moves(&state, &b.solution), *p.solved());
            assert_eq!(PhaseSolver::tables_key(&p, &options).unwrap().len(), 16);
        }
        // The 2x2x2 case has a full table, the 3x3x3 case masks.
        let full = PhaseSolverOptions {
            phases: vec![MoveSet::parse(&c222, "U,F2,R2").unwrap()],
            projection_entries: Some(64),
            ..Default::default()
        };
        assert!(PhaseSolver::new(c222, full, Control::none()).unwrap().phases.iter().any(|ph| ph.full.is_some()));
    }

    /// Damaged or foreign tables are refused, saying why; the key names what differs.
    #[test]
    fn damaged_and_foreign_tables_are_refused() {
        let p = cube(include_str!("../../tests/data/puzzles/main/2x2x2.tws"));
        let options = |phase: &str, cap: u64| PhaseSolverOptions {
            phases: vec![MoveSet::parse(&p, phase).unwrap()],
            projection_entries: Some(cap),
            ..Default::default()
        };
        let bytes = PhaseSolver::new(p.clone(), options("U,F2,R2", 64), Control::none()).unwrap().save_tables();
        let load = |o: PhaseSolverOptions, b: &[u8]| {
            PhaseSolver::with_saved_tables(p.clone(), o, b, Control::none()).map(|_| ()).unwrap_err().to_string()
        };
        assert!(load(options("U,F2", 64), &bytes).contains("another chain of subgroups"));
        let mut metric = options("U,F2,R2", 64);
        metric.metric = crate::moveset::Metric::Qtm;
        assert!(load(metric, &bytes).contains("another metric"));
        let mut projections = options("U,F2,R2", 64);
        projections.full_tables = false;
        assert!(load(projections, &bytes).contains("another table plan"));
        let n = bytes.len();
        let mut damaged = bytes.clone();
        damaged[n - 5] ^= 0x10;
        let e = load(options("U,F2,R2", 64), &damaged);
        assert!(e.contains("chunk") || e.contains("checksum") || e.contains("inconsistent"), "{e}");
        assert!(load(options("U,F2,R2", 64), &bytes[..n - 1]).contains("truncated"));
        let other = cube(include_str!("../../tests/data/puzzles/main/3x3x3.tws"));
        let e = PhaseSolver::with_saved_tables(
            other.clone(),
            PhaseSolverOptions {
                phases: vec![MoveSet::parse(&other, "U,D,F2,B2,R2,L2").unwrap()],
                ..Default::default()
            },
            &bytes,
            Control::none(),
        )
        .map(|_| ())
        .unwrap_err()
        .to_string();
        assert!(e.contains("another puzzle"), "{e}");
    }
}
