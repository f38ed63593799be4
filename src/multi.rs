//! Several formulas in one stream: a collection of puzzles
//! (`encode-numberlink --all-puzzles FILE`) is one CNF stream holding one
//! complete formula after the other, each starting with its own `c satpipe
//! stream 1` line; `solve` answers each in turn (an external solver gets
//! one formula at a time) and its model stream holds one answer after the
//! other, each starting with that formula's header; a decoder reads them
//! in turn. See docs/streams.md.
//!
//! [`Parts`] splits an input at those lines, as it is read: each part is
//! an [`Input`] of its own that ends where the next formula begins, so a
//! reader of one formula needs no change and nothing is held in memory
//! beyond the line being read. A stream without a second tag line is one
//! part, the whole input.

use crate::cnf::STREAM_TAG;
use crate::error::{IoContext, Result};
use crate::io::Input;
use crate::model::Status;
use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read};
use std::rc::Rc;

/// An input split into the streams of its formulas (see the module
/// documentation).
pub struct Parts {
    name: String,
    shared: Rc<RefCell<Splitter>>,
    count: usize,
}

/// The state shared between [`Parts`] and the reader of the current part.
struct Splitter {
    reader: Box<dyn BufRead>,
    /// The line being handed out, from `offset`.
    line: Vec<u8>,
    offset: usize,
    /// The current part has handed out a line (a tag line after that
    /// starts the next part).
    delivered: bool,
    /// The current part has ended at a tag line (kept in `line` for the
    /// next part).
    boundary: bool,
    /// The input has ended.
    eof: bool,
    /// `line` starts a line (not a piece of a longer one).
    starts_line: bool,
    /// The last byte taken from the input ended a line.
    line_ended: bool,
}

/// The most of one line a [`Splitter`] holds: a longer line goes through
/// in pieces (only a short line can be a tag line).
const LINE_PIECE: usize = 1 << 16;

impl Splitter {
    /// Reads the next line, or the next [`LINE_PIECE`] bytes of a longer
    /// one, into `line`; 0 at the end of the input.
    fn reader_line(&mut self) -> std::io::Result<usize> {
        self.starts_line = self.line_ended;
        let start = self.line.len();
        loop {
            let chunk = self.reader.fill_buf()?;
            if chunk.is_empty() {
                self.line_ended = true;
                break;
            }
            let end = memchr::memchr(b'\n', chunk);
            let take = end.map_or(chunk.len(), |k| k + 1);
            self.line.extend_from_slice(&chunk[..take]);
            self.reader.consume(take);
            self.line_ended = end.is_some();
            if self.line_ended || self.line.len() >= LINE_PIECE {
                break;
            }
        }
        Ok(self.line.len() - start)
    }
}

/// The reader of one part.
struct PartReader(Rc<RefCell<Splitter>>);

impl Read for PartReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut s = self.0.borrow_mut();
        if s.offset == s.line.len() {
            if s.boundary || s.eof {
                return Ok(0);
            }
            if s.delivered {
                // Whole lines straight from the input's buffer, as long as
                // none of them can be a tag line: those before the first
                // line that holds the tag anywhere (that line is read on
                // its own, below).
                let chunk = s.reader.fill_buf()?;
                let fits = &chunk[..chunk.len().min(buf.len())];
                if let Some(last) = memchr::memrchr(b'\n', fits) {
                    let lines = &fits[..=last];
                    let n = match memchr::memmem::find(lines, STREAM_TAG.as_bytes()) {
                        None => lines.len(),
                        Some(at) => memchr::memrchr(b'\n', &lines[..at]).map_or(0, |end| end + 1),
                    };
                    if n > 0 {
                        buf[..n].copy_from_slice(&lines[..n]);
                        s.reader.consume(n);
                        s.line_ended = true;
                        return Ok(n);
                    }
                }
            }
            s.line.clear();
            s.offset = 0;
            if s.reader_line()? == 0 {
                s.eof = true;
                return Ok(0);
            }
        }
        if s.offset == 0 {
            let is_tag = s.starts_line && s.line.trim_ascii_end() == STREAM_TAG.as_bytes();
            if is_tag && s.delivered {
                s.boundary = true;
                return Ok(0);
            }
            s.delivered = true;
        }
        let n = buf.len().min(s.line.len() - s.offset);
        buf[..n].copy_from_slice(&s.line[s.offset..s.offset + n]);
        s.offset += n;
        Ok(n)
    }
}

impl Parts {
    /// Splits `input` into its formulas' streams.
    pub fn new(input: Input) -> Self {
        Parts {
            name: input.name,
            shared: Rc::new(RefCell::new(Splitter {
                reader: input.reader,
                line: Vec::new(),
                offset: 0,
                delivered: false,
                boundary: false,
                eof: false,
                starts_line: true,
                line_ended: true,
            })),
            count: 0,
        }
    }

    /// The stream of the next formula; the first call always gives one
    /// (perhaps empty), later ones `None` at the end of the input. What is
    /// left unread of the previous part is skipped. Parts after the first
    /// are named `NAME (formula N)` in messages, and their line numbers
    /// count from their own `c satpipe stream 1` line.
    pub fn next_part(&mut self) -> Result<Option<Input>> {
        if self.count > 0 {
            // Skip the rest of the previous part.
            let mut rest = PartReader(Rc::clone(&self.shared));
            std::io::copy(&mut rest, &mut std::io::sink()).with_name(&self.name)?;
            let mut s = self.shared.borrow_mut();
            if !s.boundary {
                return Ok(None);
            }
            s.boundary = false;
            s.delivered = false;
        }
        self.count += 1;
        let name = match self.count {
            1 => self.name.clone(),
            n => format!("{} (formula {n})", self.name),
        };
        let reader = BufReader::with_capacity(1 << 16, PartReader(Rc::clone(&self.shared)));
        Ok(Some(Input {
            name,
            reader: Box::new(reader),
        }))
    }

    /// How many parts [`Parts::next_part`] has given so far.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The exit status of `solve` over the statuses of a stream's formulas:
/// when all have the same status, its own (10, 20, 0); else 0 when some
/// answer is unknown, 20 when some formula has no model, and 10 when every
/// one has.
pub fn exit_code(statuses: &[Status]) -> u8 {
    match statuses {
        [first, rest @ ..] if rest.iter().all(|s| s == first) => first.exit_code(),
        _ if statuses.contains(&Status::Unknown) => Status::Unknown.exit_code(),
        _ if statuses.contains(&Status::Unsatisfiable) => Status::Unsatisfiable.exit_code(),
        _ => Status::Satisfiable.exit_code(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        let mut parts = Parts::new(Input::from_text("s", text));
        let mut texts = Vec::new();
        while let Some(part) = parts.next_part().expect("reads") {
            texts.push(part.read_to_string().expect("text"));
        }
        texts
    }

    #[test]
    fn splits_at_every_later_tag_line() {
        let one = "c satpipe stream 1\nc family x\np cnf 1 1\n1 0\n";
        let two = "c satpipe stream 1\r\np cnf 1 1\n-1 0\n";
        assert_eq!(split(one), [one]);
        assert_eq!(split(&format!("{one}{two}{one}")), [one, two, one]);
        // A stream without a tag line (any DIMACS) is one part.
        assert_eq!(split("p cnf 1 1\n1 0\n"), ["p cnf 1 1\n1 0\n"]);
        // An empty input is one empty part.
        assert_eq!(split(""), [""]);
    }

    #[test]
    fn small_buffers_split_alike() {
        let one = "c satpipe stream 1\nc family x\np cnf 1 1\n1 0\n";
        let two = "c satpipe stream 1\r\np cnf 1 1\n-1 0\nc satpipe stream 10\n";
        let text = format!("{one}{two}{one}");
        for capacity in 1..40 {
            let input = Input {
                name: "s".into(),
                reader: Box::new(BufReader::with_capacity(
                    capacity,
                    std::io::Cursor::new(text.as_bytes().to_vec()),
                )),
            };
            let mut parts = Parts::new(input);
            let mut texts = Vec::new();
            while let Some(part) = parts.next_part().expect("reads") {
                texts.push(part.read_to_string().expect("text"));
            }
            assert_eq!(texts, [one, two, one], "capacity {capacity}");
        }
    }

    #[test]
    fn an_unread_rest_is_skipped() {
        let text = "c satpipe stream 1\np cnf 1 1\n1 0\nc satpipe stream 1\np cnf 2 0\n";
        let mut parts = Parts::new(Input::from_text("s", text));
        let mut first = parts.next_part().expect("reads").expect("first");
        let mut line = String::new();
        first.reader.read_line(&mut line).expect("line");
        drop(first);
        let second = parts.next_part().expect("reads").expect("second");
        assert_eq!(second.name, "s (formula 2)");
        assert_eq!(
            second.read_to_string().expect("text"),
            "c satpipe stream 1\np cnf 2 0\n"
        );
        assert!(parts.next_part().expect("reads").is_none());
        assert_eq!(parts.count(), 2);
    }
}
