//! Splitting definition text into numbered lines of whitespace-separated tokens, without comments.

use crate::error::{Error, Location};

/// One token and its 1-based column.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub text: &'a str,
    pub column: usize,
}

/// A non-empty line of tokens with its 1-based number.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    pub number: usize,
    pub tokens: Vec<Token<'a>>,
}

impl<'a> Line<'a> {
    /// The first token (lines are never empty).
    pub fn head(&self) -> &'a str {
        self.tokens[0].text
    }

    /// An error about the whole line.
    pub fn error(&self, reason: impl Into<String>) -> Error {
        Error::at_line(self.number, reason)
    }

    /// An error about one token of the line.
    pub fn token_error(&self, token: &Token<'_>, reason: impl Into<String>) -> Error {
        Error {
            kind: crate::error::ErrorKind::Input,
            location: Location::Line { line: self.number, column: Some(token.column) },
            token: Some(token.text.to_string()),
            reason: reason.into(),
        }
    }

    /// Requires exactly `n` tokens.
    pub fn expect_tokens(&self, n: usize, usage: &str) -> Result<(), Error> {
        if self.tokens.len() != n {
            let plural = |k: usize| if k == 1 { "token" } else { "tokens" };
            let found = self.tokens.len();
            return Err(self.error(format!("expected `{usage}` ({n} {}), found {found} {}", plural(n), plural(found))));
        }
        Ok(())
    }
}

/// Iterates over the meaningful lines: blank lines are skipped, and a token starting with `#` starts a
/// comment that runs to the end of the line.
pub struct Lines<'a> {
    inner: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Self {
        Lines { inner: text.lines().enumerate(), last: 0 }
    }

    /// The number of the last line read (for errors at end of input).
    pub fn last_number(&self) -> usize {
        self.last
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        for (i, raw) in self.inner.by_ref() {
            self.last = i + 1;
            let mut tokens = Vec::new();
            let mut start = None;
            // Columns are counted as the line is walked (one pass: a 10 MB line costs 10 MB of work).
            for (column, (pos, c)) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))).enumerate() {
                if c.is_whitespace() || c.is_control() {
                    if let Some((s, col)) = start.take() {
                        tokens.push(Token { text: &raw[s..pos], column: col });
                    }
                } else if start.is_none() {
                    if c == '#' {
                        break;
                    }
                    start = Some((pos, column + 1));
                }
            }
            if !tokens.is_empty() {
                return Some(Line { number: i + 1, tokens });
            }
        }
        None
    }
}

/// The commands that start a line of a definition file.
pub const DEFINITION_COMMANDS: &[&str] = &[
    "Name",
    "Set",
    "Solved",
    "StartState",
    "Move",
    "MoveTransformation",
    "Symmetry",
    "MoveSequence",
    "MoveAlias",
    "Illegal",
    "SwizzleSet",
    "Ignore",
    "Block",
    "ForbiddenPairs",
    "ForbiddenGroups",
    "MoveLimits",
    "Multiplicators",
    "ParallelMoves",
];

/// The commands that start a line of a scramble file.
pub const SCRAMBLE_COMMANDS: &[&str] =
    &["Scramble", "ScrambleState", "StartState", "ScrambleAlg", "RandomScramble", "MaxDepth", "Slack", "QTM", "HTM"];

/// If `line` starts with a top-level command, the error for the block (opened at `header`) that lacks
/// its `End`.
pub fn missing_end(line: &Line<'_>, header: &Line<'_>) -> Option<Error> {
    let head = line.head();
    let is_command = DEFINITION_COMMANDS.contains(&head) || SCRAMBLE_COMMANDS.contains(&head);
    is_command.then(|| {
        line.token_error(
            &line.tokens[0],
            format!(
                "missing End: the {} block that starts at line {} is not closed before this {head}",
                header.head(),
                header.number
            ),
        )
    })
}

/// The lines of a block (opened by `header`) up to its `End`, which must stand alone on its line; a
/// top-level command before it is reported as a missing `End`.
pub fn block_body<'a>(lines: &mut Lines<'a>, header: &Line<'_>) -> Result<Vec<Line<'a>>, Error> {
    let mut out = Vec::new();
    for line in lines.by_ref() {
        if line.head() == "End" {
            line.expect_tokens(1, "End")?;
            return Ok(out);
        }
        if let Some(e) = missing_end(&line, header) {
            return Err(e);
        }
        out.push(line);
    }
    Err(Error::at_line(
        lines.last_number(),
        format!("end of file inside the {} block that starts at line {} (missing End)", header.head(), header.number),
    ))
}

/// Parses a non-negative decimal number token, bounded by `max` (a number too long for 64 bits counts as
/// the largest value, so callers' range messages apply to it too).
pub fn number(line: &Line<'_>, tok: &Token<'_>, what: &str, max: u64) -> Result<u64, Error> {
    if tok.text.is_empty() || !tok.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(line.token_error(tok, format!("{what} must be a number")));
    }
    match tok.text.parse::<u64>().unwrap_or(u64::MAX) {
        v if v <= max => Ok(v),
        _ => Err(line.token_error(tok, format!("{what} is too large (at most {max})"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_comments_and_blank_lines() {
        let text = "# header\n\nName X # trailing\n  Set  A 3 1\r\n#only\n";
        let lines: Vec<_> = Lines::new(text).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].number, 3);
        assert_eq!(lines[0].tokens.len(), 2);
        assert_eq!(lines[1].number, 4);
        assert_eq!(lines[1].tokens[1].text, "A");
        assert_eq!(lines[1].tokens[1].column, 8);
    }
}
