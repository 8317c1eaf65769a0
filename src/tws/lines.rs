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
            location: Location::Line { line: self.number, column: Some(token.column) },
            token: Some(token.text.to_string()),
            reason: reason.into(),
        }
    }

    /// Requires exactly `n` tokens.
    pub fn expect_tokens(&self, n: usize, usage: &str) -> Result<(), Error> {
        if self.tokens.len() != n {
            return Err(self.error(format!("expected `{usage}` ({n} tokens), found {} tokens", self.tokens.len())));
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
            for (pos, c) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
                if c.is_whitespace() || c.is_control() {
                    if let Some(s) = start.take() {
                        tokens.push(Token { text: &raw[s..pos], column: raw[..s].chars().count() + 1 });
                    }
                } else if start.is_none() {
                    if c == '#' {
                        break;
                    }
                    start = Some(pos);
                }
            }
            if !tokens.is_empty() {
                return Some(Line { number: i + 1, tokens });
            }
        }
        None
    }
}

/// Parses a non-negative decimal number token, bounded by `max`.
pub fn number(line: &Line<'_>, tok: &Token<'_>, what: &str, max: u64) -> Result<u64, Error> {
    if tok.text.is_empty() || !tok.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(line.token_error(tok, format!("{what} must be a number")));
    }
    match tok.text.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
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
