//! One error type for the whole toolchain.
//!
//! Every error a user can cause names where it happened: the file (or
//! `<stdin>`) and, for parse errors, the line. Binaries print the error's
//! `Display` form after the command name and exit 1.

use std::io;

/// An error from any part of the toolchain.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Malformed input at a known place.
    #[error("{source_name}:{line}: {message}")]
    Parse {
        /// The file name as given by the user (`<stdin>` for standard input).
        source_name: String,
        /// One-based line number.
        line: usize,
        /// What is wrong, in words.
        message: String,
    },
    /// Reading or writing a file or stream failed.
    #[error("{name}: {source}")]
    Io {
        /// The file name or stream (`<stdout>`).
        name: String,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// An invalid combination of options or arguments.
    #[error("{0}")]
    Usage(String),
    /// A solver failed, crashed, or produced output that cannot be trusted.
    #[error("{0}")]
    Solver(String),
    /// A model or solution failed an independent check.
    #[error("{0}")]
    Check(String),
}

impl Error {
    /// A parse error at `source_name:line`.
    pub fn parse(source_name: &str, line: usize, message: impl Into<String>) -> Self {
        Error::Parse {
            source_name: source_name.to_string(),
            line,
            message: message.into(),
        }
    }

    /// An I/O error on the named file or stream.
    pub fn io(name: &str, source: io::Error) -> Self {
        Error::Io {
            name: name.to_string(),
            source,
        }
    }

    /// The file (or stream) and line the error names, where it has them:
    /// both for a parse error, the file for an I/O error.
    pub fn location(&self) -> (Option<&str>, Option<usize>) {
        match self {
            Error::Parse {
                source_name, line, ..
            } => (Some(source_name), Some(*line)),
            Error::Io { name, .. } => (Some(name), None),
            _ => (None, None),
        }
    }

    /// True when this error is a closed pipe on output (`cmd | head`), which
    /// commands treat as a quiet end rather than a failure.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// The toolchain's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Attaches a file or stream name to I/O errors.
pub trait IoContext<T> {
    /// Converts an I/O error into [`Error::Io`] naming `name`.
    fn with_name(self, name: &str) -> Result<T>;
}

impl<T> IoContext<T> for io::Result<T> {
    fn with_name(self, name: &str) -> Result<T> {
        self.map_err(|e| Error::io(name, e))
    }
}
