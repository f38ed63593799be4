//! Opening inputs (a path or `-` for standard input) and outputs.

use crate::error::{IoContext, Result};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

/// The name used in messages for standard input.
pub const STDIN_NAME: &str = "<stdin>";
/// The name used in messages for standard output.
pub const STDOUT_NAME: &str = "<stdout>";

/// The message for an input without a single line: in a pipeline, the
/// stage before printed nothing (usually it failed, and said why), so the
/// later stages say no more than this.
pub const NO_INPUT: &str = "no input (the previous stage printed nothing)";

/// The name of standard error in messages.
pub const STDERR_NAME: &str = "<stderr>";

/// The UTF-8 byte-order mark that some editors put at the start of a file;
/// every reader skips it.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A readable input with the name to use in messages.
pub struct Input {
    /// `<stdin>` or the path as the user gave it.
    pub name: String,
    /// The buffered stream.
    pub reader: Box<dyn BufRead>,
}

impl Input {
    /// Opens `path`, or standard input when `path` is `-`.
    pub fn open(path: &Path) -> Result<Input> {
        if path.as_os_str() == "-" {
            return Ok(Input {
                name: STDIN_NAME.to_string(),
                reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            });
        }
        let name = path.display().to_string();
        let file = File::open(path).with_name(&name)?;
        Ok(Input {
            name,
            reader: Box::new(BufReader::with_capacity(1 << 16, file)),
        })
    }

    /// Wraps an in-memory text, for tests and library callers.
    pub fn from_text(name: &str, text: &str) -> Input {
        Input {
            name: name.to_string(),
            reader: Box::new(io::Cursor::new(text.as_bytes().to_vec())),
        }
    }

    /// Reads the whole input as UTF-8 text (puzzle files are small).
    pub fn read_to_string(mut self) -> Result<String> {
        let mut bytes = Vec::new();
        self.reader.read_to_end(&mut bytes).with_name(&self.name)?;
        // A UTF-8 byte-order mark (Windows editors write one) is not text.
        if bytes.starts_with(UTF8_BOM) {
            bytes.drain(..UTF8_BOM.len());
        }
        String::from_utf8(bytes).map_err(|e| {
            let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
            crate::Error::parse(&self.name, line, "the file is not valid UTF-8 text")
        })
    }
}

/// Standard output, buffered; errors name `<stdout>`.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Creates (truncates) a file for writing.
pub fn create(path: &Path) -> Result<BufWriter<File>> {
    let name = path.display().to_string();
    Ok(BufWriter::new(File::create(path).with_name(&name)?))
}

/// Flushes a writer, naming it in the error.
pub fn flush(out: &mut dyn Write, name: &str) -> Result<()> {
    out.flush().with_name(name)
}
