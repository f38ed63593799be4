//! Reading a stream a line at a time in bounded memory, whatever its line
//! lengths.
//!
//! Every stream reader (DIMACS and WCNF, model streams, the readable named
//! form, collections) takes its lines from a [`LineReader`]. A line that
//! lies in the input's buffer is handed out in place; a longer one is
//! gathered, and there two rules keep the memory bounded:
//!
//! - a run of whitespace (space, tab, carriage return, vertical tab, form
//!   feed) longer than [`MAX_WHITESPACE_RUN`] bytes is shortened to that
//!   length as it streams (whitespace of any length separates tokens the
//!   same way), and
//! - a line beyond the reader's limit ([`MAX_LINE_BYTES`] unless told) is
//!   not held: its first bytes are kept, and the caller gets
//!   [`Line::Long`] to skip it (an unknown comment: the next line is read
//!   after its end, as it streams) or report it with its line number.
//!
//! The limits are listed in docs/reliability.md.

use std::io::{self, BufRead};

/// The longest line a reader holds (256 MiB, after whitespace runs are
/// shortened): a clause or model line of some 30 million literals.
pub const MAX_LINE_BYTES: usize = 256 << 20;

/// The longest run of whitespace kept within a gathered line (64 KiB, the
/// size of an input's buffer, so that a line read in place never holds a
/// longer one either).
pub const MAX_WHITESPACE_RUN: usize = 1 << 16;

/// How many bytes of a line beyond the limit [`Line::Long`] keeps.
pub const LONG_LINE_HEAD: usize = 64;

/// A line as a [`LineReader`] hands it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line<'a> {
    /// A whole line without its `\n` (a `\r` before it is kept).
    Text(&'a [u8]),
    /// A line longer than the reader's limit: its first
    /// [`LONG_LINE_HEAD`] bytes (the rest is skipped by the next call).
    Long(&'a [u8]),
}

/// What to do with a [`Line::Long`] (given its first bytes): `Ok` for a
/// comment a reader may skip (one the header metadata does not read),
/// else the message that refuses the line.
pub fn skip_long_line(head: &[u8]) -> Result<(), String> {
    let head = head.strip_prefix(crate::io::UTF8_BOM).unwrap_or(head);
    let text = String::from_utf8_lossy(head.trim_ascii_start());
    if text.starts_with('c') && !crate::cnf::is_metadata_line(&text) {
        return Ok(());
    }
    Err(format!(
        "a line longer than {} MiB ('{}...'); split a long clause or model across lines",
        MAX_LINE_BYTES >> 20,
        crate::literal::shorten(&text)
    ))
}

/// True for the bytes that separate tokens in a line.
pub fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// Reads lines from a buffered stream in bounded memory (see the module
/// documentation). It consumes from the stream no more than the lines it
/// has handed out (the rest of a [`Line::Long`] only once
/// [`LineReader::finish_line`] or the next line is asked for), so that
/// another reader can go on where it stops.
pub struct LineReader<'r> {
    reader: &'r mut dyn BufRead,
    /// A gathered line (one that does not lie in the input's buffer).
    line: Vec<u8>,
    /// Bytes of the input's buffer handed out in place as the last line,
    /// consumed at the next call.
    pending: usize,
    limit: usize,
    /// The last line was too long: the rest of it is still to skip.
    skipping: bool,
}

impl<'r> LineReader<'r> {
    /// A reader of `reader`'s lines up to [`MAX_LINE_BYTES`].
    pub fn new(reader: &'r mut dyn BufRead) -> Self {
        Self::with_limit(reader, MAX_LINE_BYTES)
    }

    /// A reader of `reader`'s lines up to `limit` bytes each.
    pub fn with_limit(reader: &'r mut dyn BufRead, limit: usize) -> Self {
        LineReader {
            reader,
            line: Vec::new(),
            pending: 0,
            limit,
            skipping: false,
        }
    }

    /// The next line, `None` at the end of the input. The last line need
    /// not end with `\n`.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.reader.consume(std::mem::take(&mut self.pending));
        self.finish_line()?;
        let found = {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                return Ok(None);
            }
            memchr::memchr(b'\n', chunk)
        };
        if let Some(k) = found.filter(|&k| k <= self.limit) {
            self.pending = k + 1;
            let chunk = self.reader.fill_buf()?;
            return Ok(Some(Line::Text(&chunk[..k])));
        }
        self.line.clear();
        let mut run = 0;
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            let end = memchr::memchr(b'\n', chunk);
            let take = end.unwrap_or(chunk.len());
            let long = !gather(&mut self.line, &chunk[..take], &mut run, self.limit);
            if long {
                // The rest is skipped at the next call (a caller that
                // refuses the line reads no further).
                self.skipping = true;
                self.line.truncate(LONG_LINE_HEAD);
                self.line.shrink_to(1 << 16);
                return Ok(Some(Line::Long(&self.line)));
            }
            self.reader.consume(take + usize::from(end.is_some()));
            if end.is_some() {
                break;
            }
        }
        Ok(Some(Line::Text(&self.line)))
    }

    /// Skips the rest of a [`Line::Long`] just handed out (the next call
    /// does so too), so that another reader can go on after it.
    pub fn finish_line(&mut self) -> io::Result<()> {
        if !std::mem::take(&mut self.skipping) {
            return Ok(());
        }
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                return Ok(());
            }
            let (take, ended) = match memchr::memchr(b'\n', chunk) {
                Some(k) => (k + 1, true),
                None => (chunk.len(), false),
            };
            self.reader.consume(take);
            if ended {
                return Ok(());
            }
        }
    }
}

impl Drop for LineReader<'_> {
    fn drop(&mut self) {
        // What was handed out is read: the next reader starts after it.
        self.reader.consume(self.pending);
    }
}

/// Appends `bytes` to `line`, shortening whitespace runs to
/// [`MAX_WHITESPACE_RUN`] (`run` is the length of the run `line` ends
/// with). False when the line would grow beyond `limit` (it then stops).
fn gather(line: &mut Vec<u8>, mut bytes: &[u8], run: &mut usize, limit: usize) -> bool {
    while !bytes.is_empty() {
        // Text up to the next whitespace, whole.
        let text = bytes
            .iter()
            .position(|&b| is_blank(b))
            .unwrap_or(bytes.len());
        if text > 0 {
            *run = 0;
            if line.len() + text > limit {
                // Its first bytes stay, for the message.
                let room = limit.saturating_sub(line.len()).min(LONG_LINE_HEAD);
                line.extend_from_slice(&bytes[..room]);
                return false;
            }
            line.extend_from_slice(&bytes[..text]);
            bytes = &bytes[text..];
        }
        // Then whitespace, as much as the run may still take.
        let blank = bytes
            .iter()
            .position(|&b| !is_blank(b))
            .unwrap_or(bytes.len());
        let keep = blank.min(MAX_WHITESPACE_RUN - *run);
        if line.len() + keep > limit {
            return false;
        }
        line.extend_from_slice(&bytes[..keep]);
        *run += keep;
        bytes = &bytes[blank..];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn lines(text: &[u8], capacity: usize, limit: usize) -> Vec<String> {
        let mut reader = BufReader::with_capacity(capacity, Cursor::new(text.to_vec()));
        let mut lines = LineReader::with_limit(&mut reader, limit);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().expect("read") {
            let n = out.len() + 1;
            out.push(match line {
                Line::Text(t) => format!("{n}:{}", String::from_utf8_lossy(t)),
                Line::Long(h) => format!("{n}:long {}", String::from_utf8_lossy(h)),
            });
        }
        out
    }

    #[test]
    fn lines_read_alike_in_place_and_gathered() {
        let text = b"c one\n\n1 -2 0\r\nlast";
        let want = ["1:c one", "2:", "3:1 -2 0\r", "4:last"];
        for capacity in 1..=text.len() {
            assert_eq!(lines(text, capacity, 100), want, "capacity {capacity}");
        }
    }

    #[test]
    fn long_lines_are_skipped_and_long_blank_runs_shortened() {
        let mut text = b"1 2".to_vec();
        text.extend(std::iter::repeat_n(b' ', 3 * MAX_WHITESPACE_RUN));
        text.extend(b"0\nc ");
        text.extend(std::iter::repeat_n(b'x', 500));
        text.extend(b"\nend\n");
        let got = lines(&text, 4096, 1000 + MAX_WHITESPACE_RUN);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].len(), "1:1 2".len() + MAX_WHITESPACE_RUN + 1);
        assert!(got[0].ends_with(" 0"));
        let head = format!("2:long c {}", "x".repeat(LONG_LINE_HEAD - 2));
        let got = lines(&text, 4096, 100);
        assert_eq!(got[1], head);
        assert_eq!(got[2], "3:end");
    }

    #[test]
    fn the_reader_consumes_only_the_lines_it_handed_out() {
        let mut reader = BufReader::new(Cursor::new(b"a\nb\nc\n".to_vec()));
        {
            let mut lines = LineReader::new(&mut reader);
            assert_eq!(lines.next_line().expect("read"), Some(Line::Text(b"a")));
        }
        let mut rest = String::new();
        reader.read_to_string(&mut rest).expect("read");
        assert_eq!(rest, "b\nc\n");
    }
}
