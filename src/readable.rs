//! The readable named form of a formula, one clause a line with literals
//! by name, and its exact conversion back to DIMACS.
//!
//! ```text
//! c satpipe stream 1
//! c var 1 queen(1,1)
//! ...
//! p cnf 64 736
//! queen(1,1) queen(1,2) queen(1,3) ...
//! -queen(1,1) -queen(1,2)
//! -queen(1,1) _65
//! ```
//!
//! Comment lines and the `p` line are kept as they are; a clause is its
//! literals by name (`-name` negated, `_N` for unnamed variable N) without
//! the terminating `0`; an empty clause is the line `0`. WCNF keeps its `h`
//! and weights in front. The variables fixed in the header (`c fixed`)
//! are listed by name, as literals, on `c =` lines before the `p` line.
//! [`to_dimacs`] leaves those out and recomputes the clause count, so an
//! edited readable file still compiles to a valid header, and it gives back
//! byte for byte the DIMACS that [`crate::dimacs::write_formula`] wrote.
//! A clause added by hand may name a fixed variable: that variable is then
//! no longer fixed in the header but held by a unit clause of its value
//! (fixed variables occur in no clause), so the formula means the same.

use crate::cnf::MetadataBuilder;
use crate::dimacs::{self, ProblemLine, ReadOptions, Sink};
use crate::error::{Error, IoContext, Result};
use crate::io::Input;
use crate::lines::{skip_long_line, LineReader};
use crate::names;
use rustsat::types::{Lit, Var};
use std::io::Write;

/// The start of the lines on which the readable form lists the fixed
/// literals by name (`c = cell(1,1) -cell(1,2) ...`): `cnf-names` writes
/// them before the `p` line, and [`to_dimacs`] leaves them out (the `c
/// fixed` lines they spell out stay).
pub const FIXED_BY_NAME: &str = "c =";

/// The most literals on one `c =` line.
const FIXED_PER_LINE: usize = 16;

/// Streams a DIMACS CNF/WCNF as the readable named form.
pub fn to_readable(input: &mut Input, options: ReadOptions, out: &mut dyn Write) -> Result<()> {
    let mut writer = ReadableWriter {
        out,
        meta: MetadataBuilder::default(),
        wcnf: false,
        old_top: None,
        problem_seen: false,
        fixed_listed: false,
        io_error: None,
    };
    let result = dimacs::read_into(input, options, &mut writer);
    if let Some(e) = writer.io_error.take() {
        return Err(Error::io(crate::io::STDOUT_NAME, e));
    }
    result.map(|_| ())
}

struct ReadableWriter<'a> {
    out: &'a mut dyn Write,
    meta: MetadataBuilder,
    wcnf: bool,
    /// The top weight of an old-style `p wcnf` header.
    old_top: Option<u64>,
    /// Without a `p` line the stream is 2022+ WCNF.
    problem_seen: bool,
    /// Whether the fixed literals were listed by name.
    fixed_listed: bool,
    io_error: Option<std::io::Error>,
}

impl ReadableWriter<'_> {
    fn emit(&mut self, text: &str) -> Result<(), String> {
        let result = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"));
        result.map_err(|e| {
            let message = e.to_string();
            self.io_error = Some(e);
            message
        })
    }

    /// Lists the fixed literals by name, once, when the header is read.
    fn list_fixed(&mut self) -> Result<(), String> {
        if std::mem::replace(&mut self.fixed_listed, true) {
            return Ok(());
        }
        let fixed: Vec<Lit> = self
            .meta
            .fixed()
            .iter()
            .map(|(var, value)| Lit::new(var.idx32(), !value))
            .collect();
        for chunk in fixed.chunks(FIXED_PER_LINE) {
            let text = self.clause_text(Some(FIXED_BY_NAME.to_string()), chunk);
            self.emit(&text)?;
        }
        Ok(())
    }

    fn clause_text(&self, prefix: Option<String>, clause: &[Lit]) -> String {
        let mut text = String::with_capacity(16 * clause.len() + 4);
        if let Some(prefix) = prefix {
            text.push_str(&prefix);
        }
        for lit in clause {
            if !text.is_empty() {
                text.push(' ');
            }
            if lit.is_neg() {
                text.push('-');
            }
            match self.meta.name(lit.var()) {
                Some(name) => text.push_str(&name),
                None => text.push_str(&names::auxiliary(lit.vidx32() + 1)),
            }
        }
        if text.is_empty() {
            text.push('0');
        }
        text
    }
}

impl Sink for ReadableWriter<'_> {
    fn comment(&mut self, line: &str, _in_header: bool) -> Result<(), String> {
        self.meta.absorb(line)?;
        self.emit(line)
    }

    fn problem(&mut self, problem: ProblemLine) -> Result<(), String> {
        self.problem_seen = true;
        self.list_fixed()?;
        let text = match problem {
            ProblemLine::Cnf { vars, clauses } => format!("p cnf {vars} {clauses}"),
            ProblemLine::OldWcnf { vars, clauses, top } => {
                self.wcnf = true;
                self.old_top = top;
                match top {
                    Some(top) => format!("p wcnf {vars} {clauses} {top}"),
                    None => format!("p wcnf {vars} {clauses}"),
                }
            }
        };
        self.emit(&text)
    }

    fn hard(&mut self, clause: &[Lit]) -> Result<(), String> {
        self.list_fixed()?;
        let prefix = self.wcnf_prefix_hard();
        let text = self.clause_text(prefix, clause);
        self.emit(&text)
    }

    fn soft(&mut self, weight: u64, clause: &[Lit]) -> Result<(), String> {
        self.list_fixed()?;
        self.wcnf = true;
        let text = self.clause_text(Some(weight.to_string()), clause);
        self.emit(&text)
    }
}

impl ReadableWriter<'_> {
    /// Hard clauses of a WCNF are marked `h` (2022+ format) or carry the
    /// top weight (old format).
    fn wcnf_prefix_hard(&self) -> Option<String> {
        match (self.problem_seen, self.wcnf, self.old_top) {
            (_, _, Some(top)) => Some(top.to_string()),
            (false, _, None) | (true, true, None) => Some("h".to_string()),
            (true, false, None) => None,
        }
    }
}

/// One line of a readable file after parsing.
enum Line {
    Verbatim(String),
    /// A `c fixed` line, kept as it is unless a clause names one of the
    /// variables it fixes.
    Fixed(String),
    Problem {
        wcnf: bool,
        top: Option<u64>,
    },
    Clause {
        weight: Option<u64>,
        lits: Vec<Lit>,
    },
}

/// Compiles the readable named form back to DIMACS.
pub fn to_dimacs(input: &mut Input, out: &mut dyn Write) -> Result<()> {
    let name = input.name.clone();
    // The lines that are not blank, with their numbers.
    let mut raw = Vec::new();
    let mut reader = LineReader::new(&mut *input.reader);
    let mut number = 0;
    while let Some(read) = reader.next_line().with_name(&name)? {
        number += 1;
        let mut line = match read {
            crate::lines::Line::Text(bytes) => bytes,
            crate::lines::Line::Long(head) => {
                skip_long_line(head).map_err(|m| Error::parse(&name, number, m))?;
                continue;
            }
        };
        if number == 1 {
            line = line.strip_prefix(crate::io::UTF8_BOM).unwrap_or(line);
        }
        if line.iter().all(|&b| crate::lines::is_blank(b)) {
            continue;
        }
        let text = std::str::from_utf8(line)
            .map_err(|_| Error::parse(&name, number, "the line is not UTF-8 text"))?;
        raw.push((number, text.trim_end_matches(['\n', '\r']).to_string()));
    }
    let last_line = number;
    drop(reader);
    // First pass: the name table (names may be declared anywhere).
    let mut meta = MetadataBuilder::default();
    for (number, line) in &raw {
        let trimmed = line.trim_start();
        if is_comment(trimmed)
            && (trimmed.starts_with("c var ")
                || trimmed.starts_with("c vars ")
                || trimmed.starts_with("c fixed "))
        {
            meta.absorb(line.trim_start())
                .map_err(|m| Error::parse(&name, *number, m))?;
        }
    }
    let meta = meta.finish();
    let by_name = meta.name_index().map_err(|m| Error::parse(&name, 1, m))?;
    // Second pass: every line.
    let mut lines = Vec::with_capacity(raw.len());
    let mut declared_vars = 0u32;
    let mut problem_seen = false;
    let mut wcnf = false;
    let mut max_var = meta.names.max_var().map_or(0, |v| v.idx32() + 1);
    let mut n_clauses = 0u64;
    let mut unfixed = std::collections::BTreeSet::new();
    for (number, line) in &raw {
        let err = |m: String| Error::parse(&name, *number, m);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with(FIXED_BY_NAME) {
            // What `cnf-names` listed of the `c fixed` lines, which stay.
            continue;
        }
        if trimmed.starts_with("c fixed ") {
            lines.push(Line::Fixed(trimmed.to_string()));
            continue;
        }
        if is_comment(trimmed) {
            lines.push(Line::Verbatim(trimmed.to_string()));
            continue;
        }
        let mut tokens = trimmed.split_ascii_whitespace().peekable();
        if trimmed.starts_with("p ") {
            if problem_seen || n_clauses > 0 {
                return Err(err("a 'p' line after clauses or a second 'p' line".into()));
            }
            problem_seen = true;
            let fields: Vec<&str> = tokens.collect();
            let number = |k: usize| fields.get(k).and_then(|f| f.parse::<u64>().ok());
            match (fields.get(1).copied(), fields.len()) {
                (Some("cnf"), 4) => {}
                (Some("wcnf"), 4 | 5) => wcnf = true,
                _ => return Err(err(format!("malformed problem line '{trimmed}'"))),
            }
            let vars = number(2).ok_or_else(|| err("bad number of variables".into()))?;
            number(3).ok_or_else(|| err("bad number of clauses".into()))?;
            declared_vars = u32::try_from(vars).map_err(|_| err("too many variables".into()))?;
            let top = if fields.len() == 5 {
                Some(number(4).ok_or_else(|| err("bad top weight".into()))?)
            } else {
                None
            };
            lines.push(Line::Problem { wcnf, top });
            continue;
        }
        if !problem_seen {
            // Without a `p` line, only the 2022+ WCNF format is possible.
            wcnf = true;
        }
        let mut weight = None;
        if wcnf {
            let first = tokens.next().unwrap_or_default();
            if first != "h" {
                weight = Some(first.parse::<u64>().map_err(|_| {
                    err(format!(
                        "a WCNF clause must start with 'h' or a weight, not '{first}'"
                    ))
                })?);
            }
        }
        let mut lits = Vec::new();
        while let Some(token) = tokens.next() {
            if token == "0" && lits.is_empty() {
                continue;
            }
            let (negated, var_name) = match token.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            let var = if let Some(n) = names::parse_auxiliary(var_name) {
                if n == 0 || n > crate::literal::MAX_DIMACS_VAR {
                    return Err(err(format!("'{token}' is out of range")));
                }
                let var = Var::new(n - 1);
                if let Some(other) = meta.names.get(var) {
                    return Err(err(format!(
                        "'{token}' is the named variable '{other}'; use its name"
                    )));
                }
                var
            } else {
                by_name
                    .get(var_name)
                    .ok_or_else(|| err(unknown_name(token, var_name, tokens.peek().is_none())))?
            };
            max_var = max_var.max(var.idx32() + 1);
            if meta.fixed.get(var).is_some() {
                unfixed.insert(var);
            }
            lits.push(Lit::new(var.idx32(), negated));
        }
        n_clauses += 1;
        lines.push(Line::Clause { weight, lits });
    }
    // Variables a clause names are fixed no more: the header keeps the
    // others, a unit clause (hard) holds each of these at its value.
    let mut fixed_lines = Vec::new();
    if !unfixed.is_empty() {
        let mut kept = crate::cnf::Fixed::new();
        for (var, value) in meta.fixed.iter() {
            if unfixed.contains(&var) {
                lines.push(Line::Clause {
                    weight: None,
                    lits: vec![Lit::new(var.idx32(), !value)],
                });
                n_clauses += 1;
            } else {
                kept.set(var, value)
                    .map_err(|m| Error::parse(&name, 1, m))?;
            }
        }
        fixed_lines = kept.to_comment_lines(|_| None);
    }
    let mut fixed_written = false;
    if !problem_seen && n_clauses == 0 {
        return Err(Error::parse(
            &name,
            last_line.max(1),
            "empty input: no 'p' line and no clauses",
        ));
    }
    let num_vars = declared_vars.max(max_var);
    let mut buffer = itoa::Buffer::new();
    for line in &lines {
        let result = match line {
            Line::Verbatim(text) => writeln!(out, "{text}"),
            Line::Fixed(text) if unfixed.is_empty() => writeln!(out, "{text}"),
            Line::Fixed(_) if std::mem::replace(&mut fixed_written, true) => Ok(()),
            Line::Fixed(_) => fixed_lines.iter().try_for_each(|l| writeln!(out, "{l}")),
            Line::Problem { wcnf: false, .. } => writeln!(out, "p cnf {num_vars} {n_clauses}"),
            Line::Problem { wcnf: true, top } => match top {
                Some(top) => writeln!(out, "p wcnf {num_vars} {n_clauses} {top}"),
                None => writeln!(out, "p wcnf {num_vars} {n_clauses}"),
            },
            Line::Clause { weight, lits } => {
                let prefix = match weight {
                    Some(w) => Some(buffer.format(*w).to_string()),
                    None if wcnf => Some("h".to_string()),
                    None => None,
                };
                prefix
                    .map_or(Ok(()), |p| write!(out, "{p} "))
                    .and_then(|()| dimacs::write_clause(out, lits))
            }
        };
        result.with_name(crate::io::STDOUT_NAME)?;
    }
    Ok(())
}

/// The message for a literal whose name `var_name` (of `token`) no `c
/// var` line declares, with the advice that fits: a number is DIMACS, not
/// a name (unnamed variable N is `_N`; a `0` ends no clause here), any
/// other token can be declared.
fn unknown_name(token: &str, var_name: &str, last: bool) -> String {
    let number = !var_name.is_empty() && var_name.bytes().all(|b| b.is_ascii_digit());
    if number && var_name.trim_start_matches('0').is_empty() {
        return if last {
            format!(
                "'{token}' ends the clause: a line of the readable form is one clause without \
                 a terminating 0 (drop it; the line '0' alone is the empty clause)"
            )
        } else {
            format!("'{token}' in the middle of a clause: a name or _N is expected")
        };
    }
    if number {
        return format!(
            "'{token}' is a DIMACS literal, not a name: write unnamed variable {var_name} as \
             {}_{var_name} (a name is never a number; this command reads what cnf-names writes, \
             and a DIMACS file needs no compiling)",
            if token.starts_with('-') { "-" } else { "" }
        );
    }
    format!("unknown variable '{var_name}' (declare it with 'c var N {var_name}')")
}

/// True for a comment line: `c` alone or followed by whitespace.
fn is_comment(line: &str) -> bool {
    line == "c" || line.starts_with("c ") || line.starts_with("c\t")
}
