//! A [`PhaseSolver`](super::PhaseSolver)'s tables as bytes and back, in the checksummed, compressed container of
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
use super::PhaseSolverOptions;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::model::moveset::{Metric, MoveSet};
use crate::model::puzzle::Puzzle;
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
    p.hash_layout(&mut puzzle);
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
    Hasher::of_key(key)
}

/// A solver's tables (its phases, under its key) as bytes.
pub(super) fn save(phases: &[Phase], key: &[(&str, u64)]) -> Vec<u8> {
    let mut meta = Vec::new();
    let mut sections = Vec::new();
    for phase in phases {
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
    Container::write(&MAGIC, FORMAT_VERSION, key, &meta, sections)
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
    crate::sort::sort(&mut v);
    v
}

fn corrupt(why: &str) -> Error {
    Error::new(format!("not a valid saved {WHAT}: {why}"))
}
