//! Parsing ksolve / twsearch scramble files: `Scramble` / `ScrambleState` position blocks, `ScrambleAlg`
//! move sequences, `RandomScramble`, and the search settings `MaxDepth`, `Slack`, `QTM`, `HTM`.

use super::block::{read_block, BlockKind};
use super::lines::{block_body, number, Line, Lines};
use crate::alg::Alg;
use crate::error::{Error, Location, Result};
use crate::model::puzzle::Puzzle;
use crate::model::state::State;

pub use crate::model::moveset::Metric;

/// The search settings in force at a scramble (they apply until changed later in the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchSettings {
    /// `MaxDepth n`: longest solution to look for.
    pub max_depth: Option<u32>,
    /// `Slack n`: extra moves beyond optimal to report.
    pub slack: u32,
    /// `QTM` / `HTM`.
    pub metric: Metric,
}

/// How a scramble was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScrambleKind {
    /// A position block; `(orbit, slot)`s given as ksolve+ `?` / `?N` are listed as ignored.
    Position {
        /// `(orbit, slot)`s whose permutation was `?` / `?N`.
        ignored_permutation: Vec<(usize, usize)>,
        /// `(orbit, slot)`s whose orientation was `?N`.
        ignored_orientation: Vec<(usize, usize)>,
    },
    /// A move sequence, applied to the solved state.
    Alg(Alg),
    /// `RandomScramble`: a random state is wanted.
    Random,
}

/// One scramble of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scramble {
    /// Its name.
    pub name: String,
    /// The line its block starts on.
    pub line: usize,
    /// How it was given.
    pub kind: ScrambleKind,
    /// The position to solve (`None` for `RandomScramble`).
    pub state: Option<State>,
    /// Settings in force.
    pub settings: SearchSettings,
}

/// A parsed scramble file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScrambleFile {
    /// The scrambles in file order.
    pub scrambles: Vec<Scramble>,
}

/// Parses a scramble file for `puzzle`.
pub fn parse_scrambles(puzzle: &Puzzle, text: &str) -> Result<ScrambleFile> {
    crate::text::check_characters(text)?;
    let mut lines = Lines::new(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut settings = SearchSettings::default();
    let mut file = ScrambleFile::default();
    while let Some(line) = lines.next() {
        let head = line.head();
        match head {
            "Scramble" | "ScrambleState" | "StartState" => {
                line.expect_tokens(2, &format!("{head} NAME"))?;
                let kind = BlockKind::Scramble { zero_based: head != "Scramble" };
                let v = read_block(&mut lines, &line, puzzle.layout(), kind, puzzle.solved().as_bytes())?;
                let state = puzzle.state_from_bytes(v.bytes).map_err(|e| Error::at_line(line.number, e.reason))?;
                file.scrambles.push(Scramble {
                    name: line.tokens[1].text.to_string(),
                    line: line.number,
                    kind: ScrambleKind::Position {
                        ignored_permutation: v.ignored_permutation,
                        ignored_orientation: v.ignored_orientation,
                    },
                    state: Some(state),
                    settings,
                });
            }
            "ScrambleAlg" => {
                line.expect_tokens(2, "ScrambleAlg NAME")?;
                let body = block_body(&mut lines, &line)?;
                let alg = parse_alg_lines(&body)?;
                let state = puzzle.position(&alg).map_err(|e| anchor(e, &body, line.number))?;
                file.scrambles.push(Scramble {
                    name: line.tokens[1].text.to_string(),
                    line: line.number,
                    kind: ScrambleKind::Alg(alg),
                    state: Some(state),
                    settings,
                });
            }
            "RandomScramble" => {
                line.expect_tokens(2, "RandomScramble NAME")?;
                let body = block_body(&mut lines, &line)?;
                if let Some(extra) = body.first() {
                    return Err(extra.error("RandomScramble takes no lines before its End"));
                }
                file.scrambles.push(Scramble {
                    name: line.tokens[1].text.to_string(),
                    line: line.number,
                    kind: ScrambleKind::Random,
                    state: None,
                    settings,
                });
            }
            "MaxDepth" => {
                line.expect_tokens(2, "MaxDepth N")?;
                settings.max_depth = Some(number(&line, &line.tokens[1], "the depth", u32::MAX as u64)? as u32);
            }
            "Slack" => {
                line.expect_tokens(2, "Slack N")?;
                settings.slack = number(&line, &line.tokens[1], "the slack", u32::MAX as u64)? as u32;
            }
            "QTM" | "HTM" => {
                line.expect_tokens(1, head)?;
                settings.metric = if head == "QTM" { Metric::Qtm } else { Metric::Htm };
            }
            _ => return Err(line.token_error(&line.tokens[0], format!("unknown scramble-file command {head}"))),
        }
    }
    Ok(file)
}

/// Rebuilds the alg text with every token at its original column, one text line per file line.
fn parse_alg_lines(body: &[Line<'_>]) -> Result<Alg> {
    let mut text = String::new();
    for (i, line) in body.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let mut col = 1;
        for t in &line.tokens {
            while col < t.column {
                text.push(' ');
                col += 1;
            }
            text.push_str(t.text);
            col += t.text.chars().count();
        }
    }
    // Always treat it as multi-line so errors carry (relative) line numbers.
    text.push('\n');
    Alg::parse(&text).map_err(|e| anchor(e, body, 0))
}

/// Maps an error located in the rebuilt alg text back to the file's line numbers.
fn anchor(e: Error, body: &[Line<'_>], header_line: usize) -> Error {
    let location = match e.location {
        Location::Line { line, column } => match body.get(line.wrapping_sub(1)) {
            Some(l) => Location::Line { line: l.number, column },
            None => Location::Line { line: body.last().map_or(header_line, |l| l.number), column: None },
        },
        _ => Location::Line { line: body.first().map_or(header_line, |l| l.number), column: None },
    };
    Error { location, ..e }
}
