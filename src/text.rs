//! Checks on raw input text shared by every format: bytes that are not UTF-8, and control characters,
//! are refused with the line, column and byte offset where they are (instead of being misread).

use crate::error::{Error, Location, Result};

/// The 1-based line and column (in characters) of byte `at` of `text`, found in one pass.
fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    (line, column)
}

/// Reads input bytes as UTF-8 text; the first invalid byte is reported with its line, column and byte
/// offset.
pub fn decode(bytes: &[u8]) -> Result<&str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let valid = std::str::from_utf8(&bytes[..at]).expect("valid up to here");
        let (line, column) = line_and_column(valid, at);
        Error::input_at(
            Location::Line { line, column: Some(column) },
            None,
            format!("byte {at} (0x{:02X}) is not UTF-8 text: the input must be UTF-8", bytes[at]),
        )
    })
}

/// Refuses control characters other than tab, line feed, carriage return and form feed (a NUL or an
/// escape sequence is not whitespace): the error gives the line, column and the character's code.
pub fn check_characters(text: &str) -> Result<()> {
    let bad = text.char_indices().find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}'));
    match bad {
        None => Ok(()),
        Some((at, c)) => {
            let (line, column) = line_and_column(text, at);
            Err(Error::input_at(
                Location::Line { line, column: Some(column) },
                None,
                format!("control character U+{:04X} (byte {at}) is not allowed in the input", c as u32),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_located() {
        let e = decode(b"Name X\nSet A \xff 1\n").unwrap_err();
        assert_eq!(e.location, Location::Line { line: 2, column: Some(7) });
        assert!(e.reason.contains("byte 13 (0xFF) is not UTF-8"), "{e}");
        assert_eq!(decode("é\n".as_bytes()).unwrap(), "é\n");
    }

    #[test]
    fn control_characters_are_located() {
        let e = check_characters("Name X\nSet é\0A 1 1\n").unwrap_err();
        assert_eq!(e.location, Location::Line { line: 2, column: Some(6) });
        assert!(e.reason.contains("U+0000"), "{e}");
        assert!(check_characters("a\tb\r\n\u{c}c").is_ok());
        assert!(check_characters("a\u{1b}[31m").unwrap_err().reason.contains("U+001B"));
    }
}
