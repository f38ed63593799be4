//! The DIMACS line parser: a state machine fed one line at a time, which
//! hands comments, the `p` line, clauses and soft clauses to a [`Sink`]
//! and names the line of every error.

use super::batch::Plain;
use super::{ProblemLine, ReadOptions, Sink, Summary, MAX_DIMACS_VAR, NO_PROBLEM_LINE};
use crate::cnf::{Clauses, Kind};
use crate::error::{Error, Result};
use crate::lines::{skip_long_line, Line};
use rustsat::types::Lit;

/// The line-by-line state machine.
pub(super) struct Parser<'a> {
    name: &'a str,
    options: ReadOptions,
    /// The number of the line being read (1 for the first).
    pub(super) line: usize,
    problem: Option<ProblemLine>,
    problem_line: usize,
    /// Without a `p` line: read as new-style WCNF (2022+), which it must
    /// prove by an `h` clause.
    new_wcnf: bool,
    /// An `h` clause was seen (new-style WCNF).
    seen_hard: bool,
    /// Soft clauses read before the first `h` of a formula without a `p`
    /// line, as `(line, weight, literals)`: passed on once an `h` shows
    /// the formula is WCNF (without one it is rejected, not misread).
    pending: Vec<(usize, u64, Vec<Lit>)>,
    seen_clause: bool,
    clause: Vec<Lit>,
    /// The weight of the clause being read (`None` for hard).
    weight: Option<u64>,
    in_clause: bool,
    clause_start_line: usize,
    max_var: u32,
    hard: u64,
    soft: u64,
}

impl<'a> Parser<'a> {
    pub(super) fn new(name: &'a str, options: ReadOptions) -> Self {
        Parser {
            name,
            options,
            line: 0,
            problem: None,
            problem_line: 1,
            new_wcnf: false,
            seen_hard: false,
            pending: Vec::new(),
            seen_clause: false,
            clause: Vec::new(),
            weight: None,
            in_clause: false,
            clause_start_line: 0,
            max_var: 0,
            hard: 0,
            soft: 0,
        }
    }

    fn err(&self, message: impl Into<String>) -> Error {
        Error::parse(self.name, self.line, message)
    }

    fn is_wcnf(&self) -> bool {
        self.new_wcnf || matches!(self.problem, Some(ProblemLine::OldWcnf { .. }))
    }

    /// Handles one line from a [`LineReader`](crate::lines::LineReader);
    /// returns false at a `%` end marker.
    pub(super) fn line<S: Sink>(&mut self, line: Line<'_>, sink: &mut S) -> Result<bool> {
        match line {
            Line::Text(bytes) => self.line_bytes(bytes, sink),
            Line::Long(head) => self.long_line(head),
        }
    }

    /// A line beyond the reader's limit (its first bytes): an unknown
    /// comment is skipped, a `%` ends the formula, anything else is
    /// refused.
    fn long_line(&self, head: &[u8]) -> Result<bool> {
        if head.trim_ascii_start().starts_with(b"%") {
            return Ok(false);
        }
        skip_long_line(head).map_err(|m| self.err(m))?;
        Ok(true)
    }

    /// Handles one line; returns false at a `%` end marker.
    pub(super) fn line_bytes<S: Sink>(&mut self, raw: &[u8], sink: &mut S) -> Result<bool> {
        let mut bytes = raw;
        if let Some(rest) = bytes.strip_suffix(b"\n") {
            bytes = rest;
        }
        if let Some(rest) = bytes.strip_suffix(b"\r") {
            bytes = rest;
        }
        if self.line == 1 {
            if let Some(rest) = bytes.strip_prefix(crate::io::UTF8_BOM) {
                bytes = rest;
            }
        }
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
        let Some(start) = start else {
            return Ok(true);
        };
        let trimmed = &bytes[start..];
        match trimmed[0] {
            b'c' => {
                // Valid UTF-8 (nearly always) is checked by the standard
                // library's word-at-a-time test, much faster than the
                // lossy conversion's walk.
                let text = match std::str::from_utf8(trimmed) {
                    Ok(text) => std::borrow::Cow::Borrowed(text),
                    Err(_) => String::from_utf8_lossy(trimmed),
                };
                let in_header = !self.seen_clause && self.problem.is_none();
                sink.comment(&text, in_header).map_err(|m| self.err(m))?;
                Ok(true)
            }
            b'p' => {
                self.problem_line(trimmed, sink)?;
                Ok(true)
            }
            b'%' => Ok(false),
            _ => {
                if !self.whole_clause_line(trimmed, sink)? {
                    self.clause_tokens(trimmed, sink)?;
                }
                Ok(true)
            }
        }
    }

    fn problem_line<S: Sink>(&mut self, bytes: &[u8], sink: &mut S) -> Result<()> {
        if self.problem.is_some() {
            return Err(self.err("a second 'p' line"));
        }
        if self.seen_clause || self.in_clause {
            return Err(self.err("the 'p' line must come before the clauses"));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| self.err("the 'p' line is not text"))?;
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let usage = "expected 'p cnf VARIABLES CLAUSES' or 'p wcnf VARIABLES CLAUSES [TOP]'";
        if fields.first() != Some(&"p") {
            return Err(self.err(format!("malformed problem line; {usage}")));
        }
        let number = |i: usize, what: &str| -> Result<u64> {
            let field = fields
                .get(i)
                .ok_or_else(|| self.err(format!("the 'p' line lacks the {what}; {usage}")))?;
            if !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit()) {
                field
                    .parse::<u64>()
                    .map_err(|_| self.err(format!("the {what} {field} is too large")))
            } else {
                Err(self.err(format!(
                    "the {what} '{}' is not a non-negative number",
                    shown(field.as_bytes())
                )))
            }
        };
        let problem = match fields.get(1) {
            Some(&"cnf") => {
                if fields.len() != 4 {
                    return Err(self.err(format!("malformed problem line; {usage}")));
                }
                ProblemLine::Cnf {
                    vars: self.var_count(number(2, "number of variables")?)?,
                    clauses: number(3, "number of clauses")?,
                }
            }
            Some(&"wcnf") => {
                if !(4..=5).contains(&fields.len()) {
                    return Err(self.err(format!("malformed problem line; {usage}")));
                }
                ProblemLine::OldWcnf {
                    vars: self.var_count(number(2, "number of variables")?)?,
                    clauses: number(3, "number of clauses")?,
                    top: if fields.len() == 5 {
                        Some(number(4, "top weight")?)
                    } else {
                        None
                    },
                }
            }
            _ => return Err(self.err(format!("malformed problem line; {usage}"))),
        };
        self.problem = Some(problem);
        self.problem_line = self.line;
        sink.problem(problem).map_err(|m| self.err(m))
    }

    fn var_count(&self, n: u64) -> Result<u32> {
        if n > u64::from(MAX_DIMACS_VAR) {
            return Err(self.err(format!(
                "{n} variables is more than the supported {}",
                u64::from(MAX_DIMACS_VAR)
            )));
        }
        Ok(n as u32)
    }

    /// Reads the common clause line of a CNF formula in one pass
    /// ([`plain_clause`]). Returns false, having read nothing, for any
    /// other line, which [`Parser::clause_tokens`] then reads (and reports
    /// on).
    fn whole_clause_line<S: Sink>(&mut self, bytes: &[u8], sink: &mut S) -> Result<bool> {
        let Some(limit) = self.clause_limit() else {
            return Ok(false);
        };
        let mut lits = std::mem::take(&mut self.clause);
        lits.clear();
        let whole = plain_clause(bytes, limit, &mut self.max_var, &mut lits);
        self.clause = lits;
        if !whole {
            return Ok(false);
        }
        self.in_clause = true;
        self.clause_start_line = self.line;
        self.weight = None;
        self.end_clause(sink)?;
        Ok(true)
    }

    /// The largest variable a plain clause line may have, when the next
    /// line may be one (a CNF's, between clauses): the declared count, or
    /// any when relaxed.
    pub(super) fn clause_limit(&self) -> Option<u32> {
        match self.problem {
            Some(ProblemLine::Cnf { vars, .. }) if !self.in_clause => {
                Some(if self.options.relaxed { u32::MAX } else { vars })
            }
            _ => None,
        }
    }

    /// Takes a batch of whole lines (`batch::read_batches`): first the
    /// plain clause lines read beside (`plain` and their clauses, if they
    /// were read from a state between clauses, which this must be in),
    /// then the rest line by line. Returns false at a `%` end marker.
    pub(super) fn take_batch<S: Sink>(
        &mut self,
        batch: &[u8],
        plain: Option<(Plain, &Clauses)>,
        sink: &mut S,
    ) -> Result<bool> {
        let mut start = 0;
        if let Some((plain, clauses)) = plain {
            if !clauses.is_empty() {
                self.hard += clauses.len() as u64;
                self.seen_clause = true;
                sink.hard_clauses(clauses).map_err(|m| self.err(m))?;
            }
            self.line += plain.lines;
            self.max_var = self.max_var.max(plain.max_var);
            start = plain.bytes;
        }
        for line in batch[start..].split_inclusive(|&b| b == b'\n') {
            self.line += 1;
            if !self.line_bytes(line, sink)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn clause_tokens<S: Sink>(&mut self, bytes: &[u8], sink: &mut S) -> Result<()> {
        let mut i = 0;
        let len = bytes.len();
        while i < len {
            let b = bytes[i];
            if b == b' ' || b == b'\t' || b == b'\r' || b == b'\x0b' || b == b'\x0c' {
                i += 1;
                continue;
            }
            let token_start = i;
            // The common token read in the same pass: an optional minus
            // and up to nine digits (anything else goes to `parse_int`).
            let negative = b == b'-';
            let digits = i + usize::from(negative);
            let mut end = digits;
            let mut magnitude: i64 = 0;
            while end < len && end - digits < 9 && bytes[end].is_ascii_digit() {
                magnitude = magnitude * 10 + i64::from(bytes[end] - b'0');
                end += 1;
            }
            let read = end > digits && (end == len || bytes[end].is_ascii_whitespace());
            i = end;
            while i < len && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let token = &bytes[token_start..i];
            if !self.in_clause && self.begin_clause(token)? {
                continue;
            }
            let value = match read {
                true if negative => -magnitude,
                true => magnitude,
                false => self.parse_int(token)?,
            };
            if value == 0 {
                self.end_clause(sink)?;
            } else {
                let magnitude = value.unsigned_abs();
                if magnitude > u64::from(MAX_DIMACS_VAR) {
                    return Err(self.err(format!("literal {value} is out of range")));
                }
                let var = magnitude as u32;
                if var > self.max_var {
                    self.max_var = var;
                    self.check_declared(var)?;
                }
                self.clause.push(Lit::new(var - 1, value < 0));
            }
        }
        Ok(())
    }

    /// Rejects (unless relaxed) a variable beyond the `p` line's count, at
    /// the line where it occurs.
    fn check_declared(&self, var: u32) -> Result<()> {
        let declared = match self.problem {
            Some(ProblemLine::Cnf { vars, .. } | ProblemLine::OldWcnf { vars, .. }) => vars,
            None => return Ok(()),
        };
        if var > declared && !self.options.relaxed {
            return Err(self.err(format!(
                "a literal uses variable {var} but the 'p' line declares {declared} variables \
                 (use --relaxed to accept)"
            )));
        }
        Ok(())
    }

    /// Starts a clause at `token`, reading a weight or `h` in WCNF. Returns
    /// true when the token was that weight or `h` (not a literal).
    fn begin_clause(&mut self, token: &[u8]) -> Result<bool> {
        self.in_clause = true;
        self.clause_start_line = self.line;
        self.clause.clear();
        self.weight = None;
        if self.problem.is_none() {
            // Without a `p` line only the 2022+ WCNF format is valid.
            self.new_wcnf = true;
        }
        if !self.is_wcnf() {
            if token == b"h" {
                return Err(self.err("'h' (a WCNF hard clause) in a CNF formula"));
            }
            return Ok(false);
        }
        if token == b"h" {
            if !self.new_wcnf {
                return Err(
                    self.err("'h' in an old-style 'p wcnf' formula; give the top weight instead")
                );
            }
            self.seen_hard = true;
            return Ok(true);
        }
        let weight = self.parse_int(token)?;
        if weight < 0 && self.problem.is_none() && !self.seen_hard {
            return Err(self.err(NO_PROBLEM_LINE));
        }
        if weight < 0 {
            return Err(self.err(format!("negative weight {weight}")));
        }
        let weight = weight as u64;
        match self.problem {
            Some(ProblemLine::OldWcnf { top: Some(top), .. }) if weight >= top => {
                self.weight = None
            }
            _ => self.weight = Some(weight),
        }
        Ok(true)
    }

    fn end_clause<S: Sink>(&mut self, sink: &mut S) -> Result<()> {
        self.in_clause = false;
        self.seen_clause = true;
        let weight = self.weight.take();
        if self.problem.is_none() && self.seen_hard {
            // The formula has shown it is WCNF: pass on the soft clauses
            // read before its first `h`.
            for (line, w, clause) in std::mem::take(&mut self.pending) {
                self.soft += 1;
                sink.soft(w, &clause)
                    .map_err(|m| Error::parse(self.name, line, m))?;
            }
        }
        let result = match weight {
            Some(w) if self.problem.is_none() && !self.seen_hard => {
                self.pending
                    .push((self.clause_start_line, w, self.clause.clone()));
                Ok(())
            }
            Some(w) => {
                self.soft += 1;
                sink.soft(w, &self.clause)
            }
            None => {
                self.hard += 1;
                sink.hard(&self.clause)
            }
        };
        result.map_err(|m| self.err(m))
    }

    fn parse_int(&self, token: &[u8]) -> Result<i64> {
        let (negative, digits) = match token.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, token),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            if token.iter().any(|b| !(0x20..0x7f).contains(b)) {
                return Err(self.err(format!(
                    "'{}' is not a number (is this binary data, not DIMACS text?)",
                    shown(token)
                )));
            }
            return Err(self.err(format!("'{}' is not a number", shown(token))));
        }
        let mut value: i64 = 0;
        for &d in digits {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d - b'0')))
                .ok_or_else(|| self.err(format!("number too large: {}", shown(token))))?;
        }
        Ok(if negative { -value } else { value })
    }

    pub(super) fn finish(self) -> Result<Summary> {
        if self.in_clause {
            return Err(Error::parse(
                self.name,
                self.clause_start_line,
                "the last clause has no terminating 0",
            ));
        }
        let (kind, declared_vars, declared_clauses) = match self.problem {
            Some(ProblemLine::Cnf { vars, clauses }) => (Kind::Cnf, Some(vars), Some(clauses)),
            Some(ProblemLine::OldWcnf { vars, clauses, .. }) => {
                (Kind::Wcnf, Some(vars), Some(clauses))
            }
            None if self.new_wcnf && !self.seen_hard => {
                return Err(Error::parse(self.name, 1, NO_PROBLEM_LINE));
            }
            None if self.new_wcnf => (Kind::Wcnf, None, None),
            None => {
                let message = if self.line == 0 {
                    crate::io::NO_INPUT
                } else {
                    "empty input: no 'p cnf' line and no clauses"
                };
                return Err(Error::parse(self.name, self.line.max(1), message));
            }
        };
        // Beyond the declared count only when relaxed (checked at the literal).
        let num_vars = declared_vars.map_or(self.max_var, |vars| vars.max(self.max_var));
        if let Some(clauses) = declared_clauses {
            let read = self.hard + self.soft;
            if read != clauses && !self.options.relaxed {
                return Err(Error::parse(
                    self.name,
                    self.line.max(1),
                    format!("the 'p' line declares {clauses} clauses but {read} were read (use --relaxed to accept)"),
                ));
            }
        }
        Ok(Summary {
            kind,
            num_vars,
            hard: self.hard,
            soft: self.soft,
            lines: self.line,
            declared: declared_vars.is_some(),
            problem_line: self.problem_line,
        })
    }
}

/// Reads `bytes` (a line without its end, not indented) as the common
/// clause line of a CNF: one whole clause, its literals (a `-` for a
/// negative one, and up to nine digits, the variable at most `limit`) each
/// followed by one space, and the final `0`. Pushes the literals to `lits`
/// and raises `max_var` to their largest variable; false for any other
/// line (`lits` then holds part of it).
pub(super) fn plain_clause(
    bytes: &[u8],
    limit: u32,
    max_var: &mut u32,
    lits: &mut Vec<Lit>,
) -> bool {
    let len = bytes.len();
    let mut i = 0;
    loop {
        let negative = bytes.get(i) == Some(&b'-');
        let digits = i + usize::from(negative);
        let mut end = digits;
        let mut value: u32 = 0;
        // At most nine digits, so that the value fits (one bound check
        // per digit).
        let stop = len.min(digits + 9);
        while end < stop {
            let digit = bytes[end].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value * 10 + u32::from(digit);
            end += 1;
        }
        if end == digits {
            return false;
        }
        if value == 0 {
            // The end of the clause, and of the line.
            return end == len && !negative;
        }
        if end == len || bytes[end] != b' ' || value > limit {
            return false;
        }
        *max_var = (*max_var).max(value);
        lits.push(Lit::new(value - 1, negative));
        i = end + 1;
    }
}

/// A token for a message: at most 40 characters, bytes that are not
/// printable ASCII escaped.
fn shown(token: &[u8]) -> String {
    let mut text: String = token[..token.len().min(40)]
        .iter()
        .flat_map(|&b| std::ascii::escape_default(b))
        .map(char::from)
        .collect();
    if token.len() > 40 {
        text.push_str("...");
    }
    text
}
