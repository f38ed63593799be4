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

/// The most bytes an input read whole ([`Input::read_bytes`]) may hold:
/// 256 MiB.
pub const MAX_DOCUMENT_BYTES: usize = 256 << 20;

/// A readable input with the name to use in messages.
pub struct Input {
    /// `<stdin>` or the path as the user gave it.
    pub name: String,
    /// The buffered stream.
    pub reader: Box<dyn BufRead>,
}

impl Input {
    /// Opens `path`, or standard input when `path` is `-`. A gzip, bzip2
    /// or xz stream (told by its first bytes, not by the file name, as
    /// Kissat and CaDiCaL do) is decompressed on the fly.
    pub fn open(path: &Path) -> Result<Input> {
        if path.as_os_str() == "-" {
            let reader = BufReader::with_capacity(1 << 16, io::stdin());
            return Input::decompressed(STDIN_NAME.to_string(), reader);
        }
        let name = path.display().to_string();
        let file = File::open(path).with_name(&name)?;
        Input::decompressed(name, BufReader::with_capacity(1 << 16, file))
    }

    /// An input named `name` reading `reader`, through the decompressor
    /// its first bytes ask for (as [`Input::open`] reads a file).
    pub fn decompressed<R: BufRead + 'static>(name: String, mut reader: R) -> Result<Input> {
        let head = reader.fill_buf().with_name(&name)?;
        let reader: Box<dyn BufRead> = match Compression::detect(head) {
            None => Box::new(reader),
            Some(compression) => Box::new(BufReader::with_capacity(
                1 << 16,
                NamedErrors {
                    inner: compression.decoder(reader),
                    compression,
                },
            )),
        };
        Ok(Input { name, reader })
    }

    /// A copy of the first bytes of the input (at most
    /// [`crate::cli::doors::HEAD_BYTES`]), without consuming them: for
    /// telling what an input is when its reader refuses it. Empty when
    /// nothing can be read yet.
    pub fn head(&mut self) -> Vec<u8> {
        match self.reader.fill_buf() {
            Ok(bytes) => bytes[..bytes.len().min(crate::cli::doors::HEAD_BYTES)].to_vec(),
            Err(_) => Vec::new(),
        }
    }

    /// Wraps an in-memory text, for tests and library callers.
    pub fn from_text(name: &str, text: &str) -> Input {
        Input {
            name: name.to_string(),
            reader: Box::new(io::Cursor::new(text.as_bytes().to_vec())),
        }
    }

    /// Reads the whole input into memory: at most [`MAX_DOCUMENT_BYTES`]
    /// (a puzzle file, a crossword pattern), a longer input is an error
    /// naming the line where the limit was reached.
    pub fn read_bytes(&mut self) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let limit = MAX_DOCUMENT_BYTES as u64 + 1;
        (&mut self.reader)
            .take(limit)
            .read_to_end(&mut bytes)
            .with_name(&self.name)?;
        if bytes.len() > MAX_DOCUMENT_BYTES {
            let line = memchr::memchr_iter(b'\n', &bytes).count() + 1;
            return Err(crate::Error::parse(
                &self.name,
                line,
                format!(
                    "the input goes on beyond {} MiB, the most a puzzle file may hold",
                    MAX_DOCUMENT_BYTES >> 20
                ),
            ));
        }
        Ok(bytes)
    }

    /// Reads the whole input as UTF-8 text (a puzzle file; at most
    /// [`MAX_DOCUMENT_BYTES`]).
    pub fn read_to_string(mut self) -> Result<String> {
        let mut bytes = self.read_bytes()?;
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

/// A compressed input format, recognised by its magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip (`1f 8b`).
    Gzip,
    /// bzip2 (`BZh`).
    Bzip2,
    /// xz (`fd 37 7a 58 5a 00`).
    Xz,
}

impl Compression {
    /// The compression whose magic bytes `head` starts with, if any. A
    /// DIMACS or model stream is text and starts with none of them.
    pub fn detect(head: &[u8]) -> Option<Compression> {
        if head.starts_with(&[0x1f, 0x8b]) {
            Some(Compression::Gzip)
        } else if head.starts_with(b"BZh") {
            Some(Compression::Bzip2)
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
            Some(Compression::Xz)
        } else {
            None
        }
    }

    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// A decoder of this format over `reader`. Concatenated members (as
    /// `cat a.gz b.gz` or pbzip2 write) are read as one stream.
    fn decoder<R: BufRead + 'static>(self, reader: R) -> Box<dyn Read> {
        match self {
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(reader)),
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
            Compression::Xz => Box::new(xz2::bufread::XzDecoder::new_multi_decoder(reader)),
        }
    }
}

/// A decoder whose errors say which compressed format was corrupt or cut
/// short; the reader that meets the error adds the file name and line.
struct NamedErrors {
    inner: Box<dyn Read>,
    compression: Compression,
}

impl Read for NamedErrors {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let kind = match e.kind() {
                io::ErrorKind::UnexpectedEof => "truncated",
                _ => "corrupt",
            };
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{kind} {} stream: {e}", self.compression.name()),
            )
        })
    }
}

/// Standard output, buffered; errors name `<stdout>`.
pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `value` as one line of JSON and a newline to standard output
/// (`out`): the `--json` document of every command. One document a line
/// (JSON Lines) whatever the command, so that a stream of several
/// formulas' answers is one document a formula, each readable alone
/// (`head -1`, `jq -c`), and `jq .` pretty-prints any of them
/// (docs/conventions.md).
pub fn write_json(out: &mut dyn Write, value: &impl serde::Serialize) -> Result<()> {
    serde_json::to_writer(&mut *out, value)
        .map_err(|e| crate::error::Error::io(STDOUT_NAME, e.into()))?;
    writeln!(out).with_name(STDOUT_NAME)
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
