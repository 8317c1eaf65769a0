//! Parsing cubing.js alg notation: moves with amounts (`R2'`, `2R`, `U3`), pauses (`.`), groups
//! (`(R U)3`), commutators (`[A, B]`), conjugates (`[A: B]`) and `//` comments.

use super::ast::{Alg, Node};
use super::length::MAX_EXPANDED_MOVES;
use crate::error::{Error, Location, Result};

/// The deepest nesting of brackets accepted (deeper input is refused rather than overflowing the stack).
pub const MAX_NESTING: usize = 64;

impl Alg {
    /// Parses alg text. Move tokens are checked against a puzzle only when the alg is used.
    pub fn parse(text: &str) -> Result<Alg> {
        let mut p = Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            multiline: text.contains('\n'),
            cursor: std::cell::Cell::new((0, 1, 1)),
            written: 0,
        };
        let alg = p.sequence(0)?;
        p.skip_space();
        if p.pos < p.bytes.len() {
            let c = p.peek_char();
            return Err(p
                .error_at(p.pos, format!("unexpected {c:?} (no matching opening bracket)"))
                .with_token(c.to_string()));
        }
        Ok(alg)
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    multiline: bool,
    /// The last place [`Parser::location`] computed: byte offset, line, column.
    cursor: std::cell::Cell<(usize, usize, usize)>,
    /// Move tokens read so far: past [`MAX_EXPANDED_MOVES`] the alg is refused as it is read, so a
    /// 10 MB alg costs no more memory than the longest one accepted.
    written: usize,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

impl Parser<'_> {
    /// The line and column of byte `at`, walking on from the last place asked for (nodes ask in text
    /// order, so the whole parse walks the text once; only an error may ask for an earlier place).
    fn location(&self, at: usize) -> Location {
        let at = at.min(self.text.len());
        let (mut pos, mut line, mut column) = self.cursor.get();
        if at < pos {
            (pos, line, column) = (0, 1, 1);
        }
        for &b in &self.bytes[pos..at] {
            if b == b'\n' {
                line += 1;
                column = 1;
            } else if b & 0xC0 != 0x80 {
                column += 1;
            }
        }
        self.cursor.set((at, line, column));
        if self.multiline {
            Location::Line { line, column: Some(column) }
        } else {
            Location::Column(column)
        }
    }

    fn error_at(&self, at: usize, reason: impl Into<String>) -> Error {
        Error { kind: crate::error::ErrorKind::Input, location: self.location(at), token: None, reason: reason.into() }
    }

    fn peek_char(&self) -> char {
        self.text[self.pos..].chars().next().unwrap_or('\0')
    }

    fn skip_space(&mut self) {
        loop {
            while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.text[self.pos..].starts_with("//") {
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    /// Nodes until a closing bracket, separator or the end.
    fn sequence(&mut self, depth: usize) -> Result<Alg> {
        let mut nodes = Vec::new();
        loop {
            self.skip_space();
            let Some(&b) = self.bytes.get(self.pos) else { break };
            let start = self.pos;
            match b {
                b')' | b']' | b',' | b':' => break,
                b'.' => {
                    self.pos += 1;
                    nodes.push(Node::Pause { at: self.location(start) });
                }
                b'(' | b'[' => {
                    if depth >= MAX_NESTING {
                        return Err(self.error_at(start, format!("brackets nested deeper than {MAX_NESTING}")));
                    }
                    self.pos += 1;
                    let first = self.sequence(depth + 1)?;
                    self.skip_space();
                    let close = self.bytes.get(self.pos).copied();
                    let node = if b == b'(' {
                        match close {
                            Some(b')') => {
                                self.pos += 1;
                                Node::Group { alg: first, amount: self.amount()?, at: self.location(start) }
                            }
                            Some(c) => return Err(self.mismatch(start, '(', ')', c)),
                            None => return Err(self.error_at(start, "unclosed ( : no matching )").with_token("(")),
                        }
                    } else {
                        let conjugate = match close {
                            Some(b',') => false,
                            Some(b':') => true,
                            Some(b']') => {
                                return Err(self
                                    .error_at(start, "[ ] needs two parts: [A, B] (commutator) or [A: B] (conjugate)")
                                    .with_token("["))
                            }
                            Some(c) => return Err(self.mismatch(start, '[', ']', c)),
                            None => return Err(self.error_at(start, "unclosed [ : no matching ]").with_token("[")),
                        };
                        self.pos += 1;
                        let second = self.sequence(depth + 1)?;
                        self.skip_space();
                        match self.bytes.get(self.pos).copied() {
                            Some(b']') => self.pos += 1,
                            Some(c) => return Err(self.mismatch(start, '[', ']', c)),
                            None => return Err(self.error_at(start, "unclosed [ : no matching ]").with_token("[")),
                        }
                        let amount = self.amount()?;
                        let at = self.location(start);
                        if conjugate {
                            Node::Conjugate { a: first, b: second, amount, at }
                        } else {
                            Node::Commutator { a: first, b: second, amount, at }
                        }
                    };
                    nodes.push(node);
                }
                b if is_word_byte(b) => {
                    self.written += 1;
                    if self.written > MAX_EXPANDED_MOVES {
                        return Err(Error {
                            kind: crate::error::ErrorKind::Limit,
                            location: self.location(start),
                            token: None,
                            reason: format!(
                                "the alg has more than {MAX_EXPANDED_MOVES} moves written out (the most an alg may expand to)"
                            ),
                        });
                    }
                    while self.pos < self.bytes.len() && is_word_byte(self.bytes[self.pos]) {
                        self.pos += 1;
                    }
                    // `'` for inverse; `+` ends cubing.js clock moves such as `UR3+` (`UR2-` ends in `-`), `++`
                    // the megaminx's Pochmann moves (`R++`; `R--` ends in `-`).
                    if matches!(self.bytes.get(self.pos), Some(b'\'') | Some(b'+')) {
                        if self.bytes[self.pos] == b'+' && self.bytes.get(self.pos + 1) == Some(&b'+') {
                            self.pos += 1;
                        }
                        self.pos += 1;
                    }
                    nodes.push(Node::Move { token: self.text[start..self.pos].to_string(), at: self.location(start) });
                }
                _ => {
                    let c = self.peek_char();
                    // cubing.js separates moves by ASCII spaces only: a no-break space pasted from a page
                    // is refused as it would be there, with what it is.
                    let hint = if c.is_whitespace() {
                        format!(" (U+{:04X}, a space that is not ASCII: separate moves with ordinary spaces)", c as u32)
                    } else {
                        String::new()
                    };
                    return Err(self
                        .error_at(start, format!("unexpected character {c:?}{hint}"))
                        .with_token(c.to_string()));
                }
            }
        }
        Ok(Alg { nodes })
    }

    fn mismatch(&self, open_at: usize, open: char, close: char, found: u8) -> Error {
        self.error_at(
            self.pos,
            format!("expected {close} to close the {open} at {}, found {:?}", self.location(open_at), found as char),
        )
        .with_token((found as char).to_string())
    }

    /// An optional amount after a bracket: digits then an optional `'`.
    fn amount(&mut self) -> Result<i64> {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let digits = &self.text[start..self.pos];
        let mut amount: i64 = if digits.is_empty() {
            1
        } else {
            digits.parse().map_err(|_| self.error_at(start, "amount is too large").with_token(digits))?
        };
        if self.bytes.get(self.pos) == Some(&b'\'') {
            self.pos += 1;
            amount = -amount;
        }
        Ok(amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(s: &str) -> String {
        Alg::parse(s).unwrap().to_string()
    }

    #[test]
    fn parses_cubing_notation() {
        assert_eq!(round_trip("R  U2'   F'"), "R U2' F'");
        assert_eq!(round_trip("(R U)3 (R U)' (R)2'"), "(R U)3 (R U)' (R)2'");
        assert_eq!(round_trip("[R, U] [R: U] [[R: U], D]2"), "[R, U] [R: U] [[R: U], D]2");
        assert_eq!(round_trip("2R 3-4Rw . // comment\nU"), "2R 3-4Rw . U");
        assert_eq!(round_trip("UR3+ DL2- y2"), "UR3+ DL2- y2");
        assert_eq!(round_trip(""), "");
    }

    #[test]
    fn reports_bracket_errors_with_columns() {
        let e = Alg::parse("R (U").unwrap_err();
        assert_eq!(e.location, Location::Column(3));
        let e = Alg::parse("R U)").unwrap_err();
        assert_eq!(e.location, Location::Column(4));
        assert!(Alg::parse("[R U]").unwrap_err().reason.contains("two parts"));
        assert!(Alg::parse("[R, U)").is_err());
        assert!(Alg::parse("R $").unwrap_err().reason.contains("unexpected character"));
        assert!(Alg::parse(&"(".repeat(1000)).unwrap_err().reason.contains("nested"));
        let e = Alg::parse("R\nU (").unwrap_err();
        assert_eq!(e.location, Location::Line { line: 2, column: Some(3) });
    }

    #[test]
    fn spaces_that_are_not_ascii_are_refused_as_cubing_js_refuses_them() {
        let e = Alg::parse("R\u{a0}U").unwrap_err();
        assert_eq!(e.location, Location::Column(2));
        assert!(e.reason.contains("U+00A0, a space that is not ASCII"), "{e}");
        assert!(!Alg::parse("R\u{e9}").unwrap_err().reason.contains("not ASCII"));
    }

    #[test]
    fn too_many_written_moves_are_refused_while_reading() {
        let max = MAX_EXPANDED_MOVES;
        assert_eq!(Alg::parse(&"R ".repeat(max)).unwrap().nodes.len(), max);
        let e = Alg::parse(&"R ".repeat(max + 1)).unwrap_err();
        assert_eq!(e.kind, crate::error::ErrorKind::Limit);
        assert_eq!(e.location, Location::Column(2 * max + 1));
        assert!(e.reason.contains("more than 1000000 moves written"), "{e}");
    }
}
