//! The 4x4x4 tables as saved bytes (the crate's [`Container`]: checked header, LZ4 chunks with CRC-32s),
//! keyed by the definition's moves and the coordinates' version, so a returning page or process loads
//! what took seconds to build. A damaged, foreign or outdated file is refused, never trusted.

use super::model::Model;
use super::phase_tables::Tables;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::saved::{Container, Section};

const MAGIC: [u8; 8] = *b"TWS4X4T1";
/// The file format and the coordinates: bumped when either changes.
const VERSION: u32 = 2;
const WHAT: &str = "4x4x4 table file";

/// What the tables depend on: the definition's moves (as the model reads them) and the version.
pub(super) fn key(model: &Model) -> Vec<(&'static str, u64)> {
    let mut moves = Hasher::new();
    for m in &model.moves {
        moves.bytes(&m.step.cp).bytes(&m.step.co).bytes(&m.step.wp).bytes(&m.step.ce);
    }
    let mut solved = Hasher::new();
    solved.bytes(&model.solved.cp).bytes(&model.solved.wp).bytes(&model.solved.ce);
    vec![
        ("4x4x4 definition's moves", moves.finish()),
        ("solved state", solved.finish()),
        ("version", u64::from(VERSION)),
    ]
}

/// The key as 16 hex digits.
pub(super) fn key_string(model: &Model) -> String {
    format!("{:016x}", Hasher::of_key(&key(model)))
}

/// The tables as bytes.
pub(super) fn save(model: &Model, tables: &Tables) -> Vec<u8> {
    let mut sections: Vec<Section> = tables.named().iter().map(|(_, t)| Section::bytes(t)).collect();
    let compact: Vec<u8> = tables.compact_centers.iter().flat_map(|v| v.to_le_bytes()).collect();
    sections.push(Section::bytes(&compact));
    Container::write(&MAGIC, VERSION, &key(model), &[], sections)
}

/// Tables from bytes of [`save`], each checked against the size it must have (`like`: the sizes, from
/// [`Tables::sizes`]).
pub(super) fn load(model: &Model, bytes: &[u8], sizes: &[usize]) -> Result<Vec<Vec<u8>>> {
    let c = Container::open(bytes, WHAT, &MAGIC, VERSION, &key(model))?;
    if c.sections() != sizes.len() {
        return Err(Error::new(format!(
            "not a valid saved {WHAT}: {} tables instead of {}",
            c.sections(),
            sizes.len()
        )));
    }
    sizes
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            if c.len(i) != n as u64 {
                return Err(Error::new(format!("not a valid saved {WHAT}: table {i} has {} bytes, not {n}", c.len(i))));
            }
            c.bytes(i, n as u64)
        })
        .collect()
}
