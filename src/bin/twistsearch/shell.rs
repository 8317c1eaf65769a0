//! What every subcommand shares: reading files, failures with the input they concern, output formats.

use clap::ValueEnum;
use serde_json::Value;

use twistsearch::kpuzzle::pattern_value;
use twistsearch::model::omit::{apply_set_options, SetOptions};
use twistsearch::tws::{write_state_block, StateNumbering};
use twistsearch::{Alg, Puzzle, State};

/// Failures (shared with `twistsearch-bench`), for every subcommand.
pub use crate::failure::{fail, Failure};

/// How a state is printed.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum PositionFormat {
    /// A 0-based `StartState` block.
    Startstate,
    /// A 1-based ksolve `Solved` block.
    Solved,
    /// cubing.js KPattern JSON.
    Kpattern,
}

pub fn read(path: &str) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| fail(path, e))?;
    twistsearch::text::decode(&bytes).map(str::to_string).map_err(|e| fail(path, e))
}

/// Loads a puzzle definition and applies the set options to it.
pub fn load(path: &str, sets: &SetOptions) -> Result<Puzzle, Failure> {
    let puzzle = twistsearch::load_puzzle(&read(path)?).map_err(|e| fail(path, e))?;
    if sets.is_empty() {
        return Ok(puzzle);
    }
    apply_set_options(&puzzle, sets).map_err(|e| fail("set options", e))
}

/// twsearch's set options, on every subcommand that loads a puzzle (twsearch's spellings are aliases).
#[derive(clap::Args, Default)]
pub struct SetArgs {
    /// Leave these sets out (comma-separated or repeated set names), e.g. `--omit CORNER` on the
    /// 3x3x3 gives the edges group.
    #[arg(long, global = true, value_delimiter = ',', value_name = "SETS")]
    pub omit: Vec<String>,
    /// Make these sets' pieces identical (only their orientations count).
    #[arg(long = "omit-perms", alias = "omitperms", global = true, value_delimiter = ',', value_name = "SETS")]
    pub omit_perms: Vec<String>,
    /// Drop these sets' orientations (only where their pieces are counts).
    #[arg(long = "omit-oris", alias = "omitoris", global = true, value_delimiter = ',', value_name = "SETS")]
    pub omit_oris: Vec<String>,
    /// Drop every set's orientations.
    #[arg(long = "no-orientation", alias = "noorientation", global = true)]
    pub no_orientation: bool,
    /// Tell every piece apart: the solved state becomes the identity.
    #[arg(long = "distinguish-all", alias = "distinguishall", global = true)]
    pub distinguish_all: bool,
    /// Leave out the sets named like corners (`c` first and `r` third: CORNERS).
    #[arg(long = "no-corners", alias = "nocorners", global = true)]
    pub no_corners: bool,
    /// Leave out the sets named like centers (starting with `ce`).
    #[arg(long = "no-centers", alias = "nocenters", global = true)]
    pub no_centers: bool,
    /// Leave out the sets named like edges (starting with `ed`).
    #[arg(long = "no-edges", alias = "noedges", global = true)]
    pub no_edges: bool,
}

impl SetArgs {
    /// The options for the core.
    pub fn options(&self) -> SetOptions {
        SetOptions {
            omit: self.omit.clone(),
            omit_perms: self.omit_perms.clone(),
            omit_oris: self.omit_oris.clone(),
            no_orientation: self.no_orientation,
            distinguish_all: self.distinguish_all,
            no_corners: self.no_corners,
            no_centers: self.no_centers,
            no_edges: self.no_edges,
        }
    }
}

pub fn parse_alg(puzzle: &Puzzle, text: &str) -> Result<Alg, Failure> {
    twistsearch::kpuzzle::notation::parse_alg(puzzle, text).map_err(|e| fail("alg", e))
}

pub fn state_text(puzzle: &Puzzle, state: &State, format: PositionFormat, header: (&str, &str)) -> String {
    match format {
        PositionFormat::Startstate => write_state_block(puzzle, state, header.0, StateNumbering::ZeroBased),
        PositionFormat::Solved => write_state_block(puzzle, state, header.1, StateNumbering::OneBased),
        PositionFormat::Kpattern => {
            serde_json::to_string_pretty(&pattern_value(puzzle, state)).expect("JSON serializes") + "\n"
        }
    }
}

pub fn json_text(v: Value) -> String {
    serde_json::to_string_pretty(&v).expect("JSON serializes") + "\n"
}

/// The `--moves` list, or every non-rotation move.
pub fn move_set(puzzle: &Puzzle, moves: Option<&str>) -> Result<twistsearch::MoveSet, Failure> {
    match moves {
        Some(list) => twistsearch::MoveSet::parse(puzzle, list).map_err(|e| fail("--moves", e)),
        None => twistsearch::MoveSet::all(puzzle).map_err(|e| fail("moves", e)),
    }
}

/// The most results a command collects into one JSON document (text output is streamed instead).
pub const MAX_BUFFERED: usize = 100_000;

/// The refusal of a JSON request for more than [`MAX_BUFFERED`] results.
pub fn too_many_for_json(count: usize) -> String {
    format!("{count} is too many for --json (one document held in memory: at most {MAX_BUFFERED}); text output streams any count")
}

/// Writes text to standard output now (streamed output); false when it is closed (`| head`), to stop.
pub fn emit(text: &str) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_ok()
}
