//! Errors: every failure on user input is an [`Error`] that says where (line and token, JSON path or alg
//! column) and why. Nothing in the core panics on user input.

use std::fmt;

/// Where in the input an error was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// No particular place (a whole-file problem, or a request).
    Nowhere,
    /// A 1-based line of a text definition or scramble file, with the 1-based column when known.
    Line {
        /// 1-based line number.
        line: usize,
        /// 1-based column, when known.
        column: Option<usize>,
    },
    /// A path inside a JSON document, such as `moves.R.EDGES.permutation[3]`.
    Json(String),
    /// A 1-based column of an alg string.
    Column(usize),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Nowhere => Ok(()),
            Location::Line { line, column: None } => write!(f, "line {line}"),
            Location::Line { line, column: Some(c) } => write!(f, "line {line}, column {c}"),
            Location::Json(path) if path.is_empty() => write!(f, "JSON document"),
            Location::Json(path) => write!(f, "JSON {path}"),
            Location::Column(c) => write!(f, "column {c}"),
        }
    }
}

/// What sort of failure an [`Error`] is; callers match on this instead of on message text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ErrorKind {
    /// The input (a definition, alg, pattern or option) is wrong.
    #[default]
    Input,
    /// The request is well-formed but over a limit (the memory budget, a depth or size bound).
    Limit,
    /// The work was cancelled through its [`crate::control::Control`].
    Cancelled,
    /// A bug: an invariant of the library failed (for example a solution that does not verify).
    Internal,
}

impl ErrorKind {
    /// A stable lower-case name for the kind (`input`, `limit`, `cancelled`, `internal`), as the shells report it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Input => "input",
            ErrorKind::Limit => "limit",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::Internal => "internal",
        }
    }
}

/// A user-facing error: its kind, location, the offending token (if any) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// What sort of failure this is.
    pub kind: ErrorKind,
    /// Where the problem is.
    pub location: Location,
    /// The token at fault, verbatim, when there is one.
    pub token: Option<String>,
    /// Why it is wrong, in words.
    pub reason: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if self.kind == ErrorKind::Internal {
            write!(f, "internal error")?;
            sep = ": ";
        }
        if self.location != Location::Nowhere {
            write!(f, "{}", self.location)?;
            sep = ": ";
        }
        if let Some(tok) = &self.token {
            write!(f, "{sep}token {tok:?}")?;
            sep = ": ";
        }
        write!(f, "{sep}{}", self.reason)
    }
}

/// The reason of [`Error::cancelled`].
pub const CANCELLED: &str = "cancelled";

impl Error {
    /// The error long-running work returns when it was cancelled (see [`crate::control::Control`]).
    pub fn cancelled() -> Self {
        Error::of_kind(ErrorKind::Cancelled, CANCELLED)
    }

    /// Whether this is the error of cancelled work.
    pub fn is_cancelled(&self) -> bool {
        self.kind == ErrorKind::Cancelled
    }

    /// An input error with no location.
    pub fn new(reason: impl Into<String>) -> Self {
        Error::of_kind(ErrorKind::Input, reason)
    }

    /// An error of the given kind with no location.
    pub fn of_kind(kind: ErrorKind, reason: impl Into<String>) -> Self {
        Error { kind, location: Location::Nowhere, token: None, reason: reason.into() }
    }

    /// A request over a limit (memory budget, depth or size bound), with no location.
    pub fn limit(reason: impl Into<String>) -> Self {
        Error::of_kind(ErrorKind::Limit, reason)
    }

    /// A failed invariant of the library (a bug), with no location; displayed with an `internal error: ` prefix.
    pub fn internal(reason: impl Into<String>) -> Self {
        Error::of_kind(ErrorKind::Internal, reason)
    }

    /// An input error at a line of a text file.
    pub fn at_line(line: usize, reason: impl Into<String>) -> Self {
        Error::new(reason).at(Location::Line { line, column: None })
    }

    /// An input error at a JSON path.
    pub fn at_json(path: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::new(reason).at(Location::Json(path.into()))
    }

    /// An input error at a location, naming the offending token when there is one.
    pub fn input_at(location: Location, token: Option<String>, reason: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Input, location, token, reason: reason.into() }
    }

    /// Sets the location.
    pub fn at(mut self, location: Location) -> Self {
        self.location = location;
        self
    }

    /// Attaches the offending token.
    pub fn with_token(mut self, token: impl Into<String>) -> Self {
        self.token = Some(token.into());
        self
    }

    /// Re-anchors an error found inside an embedded text (an alg on a given line of a file): a column-only
    /// location becomes that line and column; anything else becomes the line.
    pub fn on_line(mut self, line: usize) -> Self {
        self.location = match self.location {
            Location::Column(c) => Location::Line { line, column: Some(c) },
            Location::Line { line: inner, column } => Location::Line { line: line + inner - 1, column },
            _ => Location::Line { line, column: None },
        };
        self
    }

    /// Re-anchors an error found inside an alg stored at a JSON path.
    pub fn in_json(mut self, path: &str) -> Self {
        self.location = match self.location {
            Location::Column(c) => Location::Json(format!("{path} (column {c})")),
            _ => Location::Json(path.to_string()),
        };
        self
    }
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_has_line_token_and_reason() {
        let e = Error::at_line(7, "not a number").with_token("x1");
        assert_eq!(e.to_string(), "line 7: token \"x1\": not a number");
        assert_eq!(Error::new("boom").to_string(), "boom");
        let e = Error::new("r").at(Location::Column(4)).on_line(9);
        assert_eq!(e.to_string(), "line 9, column 4: r");
    }

    #[test]
    fn kinds_are_matched_not_parsed() {
        assert_eq!(Error::new("x").kind, ErrorKind::Input);
        assert!(Error::cancelled().is_cancelled());
        assert!(!Error::new(CANCELLED).is_cancelled());
        assert_eq!(Error::limit("too big").kind.name(), "limit");
        assert_eq!(Error::internal("no solution").to_string(), "internal error: no solution");
        assert_eq!(Error::internal("x").kind, ErrorKind::Internal);
    }
}
