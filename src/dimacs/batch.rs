//! The clauses of a long CNF read on two cores.
//!
//! After the `p cnf` line the reader takes the input in batches of whole
//! lines, two at a time: while the parser takes the first line by line, a
//! second thread reads the plain clause lines at the start of the second
//! (`l1 l2 ... 0` on one line, read by [`plain_clause`] as the parser
//! reads them). The parser then takes those clauses as they are and every
//! other line of the second batch (a comment, a clause across lines, an
//! error) itself, so that what is read, and every error with its line, is
//! what the line-by-line reader gives. The second thread's clauses are
//! used only if the first batch leaves the parser between clauses.

use super::parse::{plain_clause, Parser};
use super::Sink;
use crate::cnf::Clauses;
use crate::error::{Error, Result};
use crate::lines::LineReader;
use std::io::{BufRead, Read};

/// The size of a batch (it ends at the last line end within it, or the
/// first after it).
pub(super) const BATCH_BYTES: usize = 1 << 20;

/// The plain clause lines at the start of a batch (their clauses aside).
pub(super) struct Plain {
    /// The bytes and lines they take.
    pub(super) bytes: usize,
    pub(super) lines: usize,
    /// The largest variable in them.
    pub(super) max_var: u32,
}

/// Reads the plain clause lines at the start of `batch` (whole lines),
/// with variables up to `limit`, into `clauses` (emptied first), stopping
/// at the first other line.
pub(super) fn plain_lines(batch: &[u8], limit: u32, clauses: &mut Clauses) -> Plain {
    let mut plain = Plain {
        bytes: 0,
        lines: 0,
        max_var: 0,
    };
    clauses.clear();
    let mut lits = Vec::new();
    while let Some(k) = memchr::memchr(b'\n', &batch[plain.bytes..]) {
        let line = &batch[plain.bytes..plain.bytes + k];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        // The reader's own: blank or indented lines, comments, `p`, `%`.
        if line
            .first()
            .is_none_or(|b| b.is_ascii_whitespace() || matches!(b, b'c' | b'p' | b'%'))
        {
            break;
        }
        lits.clear();
        if !plain_clause(line, limit, &mut plain.max_var, &mut lits) {
            break;
        }
        clauses.push(&lits);
        plain.bytes += k + 1;
        plain.lines += 1;
    }
    plain
}

/// Reads the rest of `reader` (from the start of a line) into `parser`
/// and `sink` in batches of about `batch_bytes`, two at a time: this
/// thread takes the first line by line while another reads the plain
/// clause lines of the second. The buffers are used again and again
/// (fresh memory costs a page fault every 4 KiB).
pub(super) fn read_batches<S: Sink>(
    parser: &mut Parser<'_>,
    reader: &mut dyn BufRead,
    name: &str,
    sink: &mut S,
    batch_bytes: usize,
) -> Result<()> {
    let mut carry = Vec::new();
    let (mut first, mut second) = (Vec::new(), Vec::new());
    let mut clauses = Clauses::new();
    loop {
        let at = |parser: &Parser<'_>| format!("{name}:{}", parser.line + 1);
        let long = next_batch(reader, &mut carry, batch_bytes, &mut first)
            .map_err(|e| Error::io(&at(parser), e))?;
        if first.is_empty() {
            return Ok(());
        }
        if long {
            if !long_line(parser, &first, reader, name, sink)? {
                return Ok(());
            }
            continue;
        }
        let second_long = next_batch(reader, &mut carry, batch_bytes, &mut second)
            .map_err(|e| Error::io(&at(parser), e))?;
        let limit = parser.clause_limit();
        let (second_batch, scratch) = (&second, &mut clauses);
        let (more, plain) = std::thread::scope(|scope| {
            // The second batch's plain lines, read on the assumption that
            // the first ends between clauses.
            let helper = limit
                .filter(|_| !second_batch.is_empty() && !second_long)
                .map(|limit| scope.spawn(move || plain_lines(second_batch, limit, scratch)));
            let more = parser.take_batch(&first, None, sink);
            (more, helper.and_then(|helper| helper.join().ok()))
        });
        if !more? || second.is_empty() {
            return Ok(());
        }
        if second_long {
            if !long_line(parser, &second, reader, name, sink)? {
                return Ok(());
            }
            continue;
        }
        let plain = plain
            .filter(|_| parser.clause_limit() == limit)
            .map(|plain| (plain, &clauses));
        if !parser.take_batch(&second, plain, sink)? {
            return Ok(());
        }
    }
}

/// Reads one line longer than a batch, which starts with `start` (a
/// batch without a line end) and goes on in `reader`, through a bounded
/// [`LineReader`]. Returns false at a `%` end marker.
fn long_line<S: Sink>(
    parser: &mut Parser<'_>,
    start: &[u8],
    reader: &mut dyn BufRead,
    name: &str,
    sink: &mut S,
) -> Result<bool> {
    let mut rest = std::io::Cursor::new(start).chain(reader);
    let mut lines = LineReader::new(&mut rest);
    let line = lines
        .next_line()
        .map_err(|e| Error::io(&format!("{name}:{}", parser.line + 1), e))?;
    let Some(line) = line else {
        return Ok(true);
    };
    parser.line += 1;
    let more = parser.line(line, sink)?;
    lines
        .finish_line()
        .map_err(|e| Error::io(&format!("{name}:{}", parser.line), e))?;
    Ok(more)
}

/// Fills `batch` with the next whole lines, about `batch_bytes` (all the
/// rest at the end of the input, the last line perhaps without its end);
/// the start of a line after them stays in `carry`. True when the batch
/// holds no line end at all but only the start of a line longer than a
/// batch, which [`long_line`] then reads on.
fn next_batch(
    reader: &mut dyn BufRead,
    carry: &mut Vec<u8>,
    batch_bytes: usize,
    batch: &mut Vec<u8>,
) -> std::io::Result<bool> {
    let batch_bytes = batch_bytes.max(1);
    batch.clear();
    batch.append(carry);
    // Room for the batch once: later batches use the same.
    batch.reserve(batch_bytes.saturating_sub(batch.len()));
    while batch.len() < batch_bytes {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(false);
        }
        let take = chunk.len().min(batch_bytes - batch.len());
        batch.extend_from_slice(&chunk[..take]);
        reader.consume(take);
    }
    if let Some(k) = memchr::memrchr(b'\n', batch) {
        carry.extend_from_slice(&batch[k + 1..]);
        batch.truncate(k + 1);
        return Ok(false);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::{read_into_in_batches, ProblemLine, ReadOptions};
    use super::*;
    use crate::io::Input;
    use rustsat::types::Lit;

    /// What a reader handed its sink, in order, and how it ended.
    #[derive(Default)]
    struct Recorder(Vec<String>);

    impl Sink for Recorder {
        fn comment(&mut self, line: &str, in_header: bool) -> std::result::Result<(), String> {
            self.0.push(format!("c {in_header} {line}"));
            Ok(())
        }
        fn problem(&mut self, problem: ProblemLine) -> std::result::Result<(), String> {
            self.0.push(format!("p {problem:?}"));
            Ok(())
        }
        fn hard(&mut self, clause: &[Lit]) -> std::result::Result<(), String> {
            let lits: Vec<i32> = clause.iter().map(|l| l.to_ipasir()).collect();
            self.0.push(format!("h {lits:?}"));
            Ok(())
        }
        fn soft(&mut self, weight: u64, clause: &[Lit]) -> std::result::Result<(), String> {
            let lits: Vec<i32> = clause.iter().map(|l| l.to_ipasir()).collect();
            self.0.push(format!("s {weight} {lits:?}"));
            Ok(())
        }
    }

    fn read(text: &str, options: ReadOptions, batch_bytes: Option<usize>) -> Vec<String> {
        let mut input = Input::from_text("t.cnf", text);
        let mut recorder = Recorder::default();
        let end = read_into_in_batches(&mut input, options, &mut recorder, batch_bytes);
        recorder.0.push(match end {
            Ok(summary) => format!("{summary:?}"),
            Err(e) => format!("error: {e}"),
        });
        recorder.0
    }

    /// A CNF of `n` lines after its header, mostly plain clause lines, with
    /// every other kind of line now and then (comments, blank, indented and
    /// CRLF lines, clauses across lines and two on a line, a wrong token or
    /// variable, the `%` end marker, a last line without its end).
    fn formula(rng: &mut fastrand::Rng, n: usize) -> String {
        let mut lines = Vec::new();
        let mut clauses = 0;
        let lit = |rng: &mut fastrand::Rng| {
            let var = rng.i32(1..=40);
            if rng.bool() {
                -var
            } else {
                var
            }
        };
        for _ in 0..n {
            let (a, b) = (lit(rng), lit(rng));
            let (line, count) = match rng.u32(0..200) {
                0..=159 => (format!("{a} {b} 0"), 1),
                160..=167 => (format!("c note {a}"), 0),
                168..=171 => (String::new(), 0),
                172..=175 => (format!("  {a} {b} 0"), 1),
                176..=179 => (format!("{a} {b} 0\r"), 1),
                180..=183 => (format!("{a} {b}\n{a} 0"), 1),
                184..=187 => (format!("{a} 0 {b} 0"), 2),
                188..=191 => (format!("{a}  {b}\t0"), 1),
                192..=193 => (format!("{a} 0\n-{b}"), 1),
                194 => (format!("{a} x 0"), 1),
                195 => (format!("{a} 41 0"), 1),
                196 => ("%".to_string(), 0),
                _ => (format!("{a} -0{b} 0"), 1),
            };
            lines.push(line);
            clauses += count;
        }
        let declared = if rng.u8(0..4) == 0 {
            clauses + 1
        } else {
            clauses
        };
        let mut text = format!(
            "c satpipe stream 1\np cnf 40 {declared}\n{}",
            lines.join("\n")
        );
        if rng.bool() {
            text.push('\n');
        }
        text
    }

    #[test]
    fn batches_read_what_the_line_reader_reads() {
        let mut rng = fastrand::Rng::with_seed(17);
        let mut errors = 0;
        for round in 0..300 {
            let n = rng.usize(0..120);
            let text = formula(&mut rng, n);
            let options = ReadOptions {
                relaxed: round % 3 == 0,
            };
            let lines = read(&text, options, None);
            errors += usize::from(lines.last().is_some_and(|l| l.starts_with("error")));
            for batch_bytes in [1, 2, 9, 40, 200, 1 << 20] {
                assert_eq!(
                    read(&text, options, Some(batch_bytes)),
                    lines,
                    "batches of {batch_bytes}:\n{text}"
                );
            }
        }
        assert!((30..270).contains(&errors), "{errors} errors");
    }

    #[test]
    fn plain_lines_stop_at_the_first_other_line() {
        let batch = b"1 -2 0\n3 0\r\n-4 5 6 0\nc note\n7 0\n";
        let mut clauses = Clauses::new();
        let plain = plain_lines(batch, 6, &mut clauses);
        assert_eq!(plain.lines, 3);
        assert_eq!(plain.bytes, 21);
        assert_eq!(plain.max_var, 6);
        let lits: Vec<Vec<i32>> = clauses
            .iter()
            .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
            .collect();
        assert_eq!(lits, vec![vec![1, -2], vec![3], vec![-4, 5, 6]]);
        // A variable above the limit is the line reader's (to report).
        assert_eq!(plain_lines(batch, 5, &mut clauses).lines, 2);
    }
}
