//! The model stream (`solve` -> `decode-*`): SAT-competition output with the
//! CNF stream's comment header passed through.
//!
//! Read here: `s`/`v`/`o` lines as SAT and MaxSAT solvers print them
//! (literal lists or the MaxSAT Evaluation's `v 0101...` bit string), one
//! `s`/`v` block per solution when enumerating, and MiniSat's result files
//! (`SAT` then the literals). Written here: what `solve` prints.

use crate::cnf::{Metadata, MetadataBuilder};
use crate::error::{Error, IoContext, Result};
use crate::io::Input;
use crate::lines::{skip_long_line, Line, LineReader};
pub use crate::literal::parse_literal;
use crate::literal::{shorten, MAX_DIMACS_VAR};
use rustsat::types::{Lit, Var};
use std::io::Write;

/// The largest variable a model stream may name without listing the
/// variables before it (see [`Model::from_sparse_lits`]).
pub const MAX_SPARSE_MODEL_VAR: usize = 1 << 20;

/// An assignment to variables `1..=len` (index 0 is DIMACS variable 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from per-variable values (index 0 is DIMACS variable 1).
    pub fn from_values(values: Vec<bool>) -> Self {
        Model { values }
    }

    /// A model from the true/false literals listed (unlisted are false).
    pub fn from_lits(lits: &[Lit]) -> Self {
        let len = lits.iter().map(|l| l.vidx() + 1).max().unwrap_or(0);
        let mut values = vec![false; len];
        for lit in lits {
            values[lit.vidx()] = lit.is_pos();
        }
        Model { values }
    }

    /// Like [`Model::from_lits`], but refuses a list so sparse that the
    /// model would take far more memory than the text it came from
    /// (`v 2000000000 0` would otherwise allocate 2 GB).
    pub fn from_sparse_lits(lits: &[Lit]) -> Result<Self, String> {
        let largest = lits.iter().map(|l| l.vidx() + 1).max().unwrap_or(0);
        if largest > MAX_SPARSE_MODEL_VAR.max(16 * lits.len()) {
            return Err(format!(
                "the model names variable {largest} but lists only {} literals; \
                 a model must list the variables in order",
                lits.len()
            ));
        }
        Ok(Model::from_lits(lits))
    }

    /// The value of `var` (false when not assigned).
    pub fn value(&self, var: Var) -> bool {
        self.values.get(var.idx()).copied().unwrap_or(false)
    }

    /// True when `lit` is true.
    pub fn is_true(&self, lit: Lit) -> bool {
        self.value(lit.var()) != lit.is_neg()
    }

    /// The values, index 0 being DIMACS variable 1.
    pub fn values(&self) -> &[bool] {
        &self.values
    }

    /// Number of variables assigned.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when no variable is assigned.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The answer a solver gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Status {
    /// A model was found (`s SATISFIABLE`).
    #[serde(rename = "SATISFIABLE")]
    Satisfiable,
    /// No model exists (`s UNSATISFIABLE`).
    #[serde(rename = "UNSATISFIABLE")]
    Unsatisfiable,
    /// A proven optimum was found (`s OPTIMUM FOUND`).
    #[serde(rename = "OPTIMUM FOUND")]
    OptimumFound,
    /// No answer, e.g. the time limit was reached (`s UNKNOWN`).
    #[serde(rename = "UNKNOWN")]
    Unknown,
}

impl Status {
    /// The text after `s `.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Satisfiable => "SATISFIABLE",
            Status::Unsatisfiable => "UNSATISFIABLE",
            Status::OptimumFound => "OPTIMUM FOUND",
            Status::Unknown => "UNKNOWN",
        }
    }

    /// The SAT-competition exit code: 10, 20, or 0 for unknown.
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Satisfiable | Status::OptimumFound => 10,
            Status::Unsatisfiable => 20,
            Status::Unknown => 0,
        }
    }

    fn parse(text: &str) -> Option<Status> {
        match text.trim() {
            "SATISFIABLE" => Some(Status::Satisfiable),
            "UNSATISFIABLE" => Some(Status::Unsatisfiable),
            "OPTIMUM FOUND" => Some(Status::OptimumFound),
            "UNKNOWN" => Some(Status::Unknown),
            _ => None,
        }
    }
}

/// One solution in a model stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The assignment.
    pub model: Model,
    /// The cost (`o` line before it), for optimisation problems.
    pub cost: Option<u64>,
    /// The line of the stream where it starts (its `s` line, or MiniSat's
    /// `SAT`), for messages.
    pub line: usize,
}

/// Everything a model stream says.
#[derive(Debug, Clone, Default)]
pub struct ModelStream {
    /// The name of the stream in messages (the file, or `<stdin>`).
    pub source: String,
    /// The header's metadata (family, puzzle, names, projection).
    pub meta: Metadata,
    /// The last `s` status; `None` when the stream had none.
    pub status: Option<Status>,
    /// Every solution, in order.
    pub solutions: Vec<Solution>,
    /// Whether enumeration ran to the end (`c enumeration complete`):
    /// `Some(true)` means the solutions listed are all there are.
    pub complete: Option<bool>,
    /// The backbone of `solve --backbone`, when the stream has one (the
    /// solutions are then its witnesses).
    pub backbone: Option<StreamBackbone>,
    /// The number of solutions from `solve --count` (`s mc N`), in
    /// decimal: counts outgrow every integer type.
    pub model_count: Option<String>,
    /// The solver's statistics (`c stat KEY VALUE` after the header), the
    /// last value of each key, at most [`MAX_STATS`] keys (the others are
    /// passed over): what a best-scores search proved is read from them
    /// ([`crate::solver::tables::best::BestScores::from_statistics`]).
    pub stats: Vec<Stat>,
}

/// One `c stat KEY VALUE` line of a model stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stat {
    /// The statistic's name (`conflicts`, `best-lowest`).
    pub key: String,
    /// Its value, as written.
    pub value: String,
    /// The line of the stream that gave it (the last, for a key given
    /// twice).
    pub line: usize,
}

impl ModelStream {
    /// The statistics as key and value pairs.
    pub fn stat_pairs(&self) -> Vec<(String, String)> {
        self.stats
            .iter()
            .map(|stat| (stat.key.clone(), stat.value.clone()))
            .collect()
    }
}

/// The most distinct `c stat` keys a [`ModelStream`] keeps.
pub const MAX_STATS: usize = 64;

/// The prefix of a statistics line (`c stat conflicts 120`).
pub const STAT: &str = "c stat ";

/// The backbone lines of a model stream.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamBackbone {
    /// The literals listed as true in every solution.
    pub forced: Vec<Lit>,
    /// True after `c backbone complete`, false after `c backbone stopped`.
    pub complete: bool,
}

/// Comment that `solve` prints when enumeration found every solution.
pub const ENUMERATION_COMPLETE: &str = "c enumeration complete";
/// Comment that `solve` prints when enumeration stopped early: at the
/// limit of solutions asked for, or with [`TIME_LIMIT_NOTE`] at its end
/// when the time limit stopped it.
pub const ENUMERATION_STOPPED: &str = "c enumeration stopped";
/// The note that ends [`ENUMERATION_STOPPED`] when the time limit
/// stopped the enumeration.
pub const TIME_LIMIT_NOTE: &str = "time limit";

/// Comment lines of `solve --backbone` that list forced literals
/// (`c backbone 3 -7 12 0`).
pub const BACKBONE: &str = "c backbone";
/// Comment that `solve --backbone` prints when the search ran to its end.
pub const BACKBONE_COMPLETE: &str = "c backbone complete";
/// Comment that `solve --backbone` prints when the search stopped early.
pub const BACKBONE_STOPPED: &str = "c backbone stopped";

/// Reads a model stream or a MiniSat result file.
pub fn read_model_stream(input: &mut Input) -> Result<ModelStream> {
    read_model_stream_with(input, &mut |_| {})
}

/// Like [`read_model_stream`], but hands what the header says to
/// `on_header` as soon as the header has ended (at the first line that is
/// not a comment), while the solutions are still to come: a decoder can
/// parse its puzzle meanwhile, as `solve` is still solving.
pub fn read_model_stream_with(
    input: &mut Input,
    on_header: &mut dyn FnMut(Metadata),
) -> Result<ModelStream> {
    let mut stream = ModelStream {
        source: input.name.clone(),
        ..ModelStream::default()
    };
    let mut meta = MetadataBuilder::default();
    // The line where the model being read started.
    let mut model_line = 0usize;
    let mut in_header = true;
    let mut current: Option<Vec<Lit>> = None;
    let mut pending_cost: Option<u64> = None;
    let mut minisat = false;
    let mut line_no = 0usize;
    let name = input.name.clone();
    let err = |line: usize, message: String| Error::parse(&name, line, message);
    let unexpected = |line: usize, text: &str| {
        err(
            line,
            format!(
                "expected a 'c', 's', 'v' or 'o' line, found '{}'",
                shorten(text)
            ),
        )
    };
    // The model being read: its literals, and whether it has ended (the
    // terminating 0 of a literal list, or a MaxSAT bit string).
    let finish_solution = |current: &mut Option<Vec<Lit>>,
                           ended: &mut bool,
                           cost: &mut Option<u64>,
                           stream: &mut ModelStream,
                           line: usize,
                           start: usize|
     -> Result<()> {
        if let Some(lits) = current.take() {
            let number = stream.solutions.len() + 1;
            if !std::mem::replace(ended, false) {
                return Err(err(
                    line,
                    format!(
                        "the model of solution {number} has no terminating 0 \
                         (was the solver's output cut off?)"
                    ),
                ));
            }
            stream.solutions.push(Solution {
                model: Model::from_sparse_lits(&lits).map_err(|m| err(line, m))?,
                cost: cost.take(),
                line: start,
            });
        }
        Ok(())
    };
    let mut ended = false;
    // One line at a time, in bounded memory.
    let mut lines = LineReader::new(&mut *input.reader);
    while let Some(read) = lines.next_line().with_name(&name)? {
        line_no += 1;
        let bytes = match read {
            Line::Text(bytes) => bytes,
            Line::Long(head) => {
                skip_long_line(head).map_err(|m| err(line_no, m))?;
                continue;
            }
        };
        let text = std::str::from_utf8(bytes)
            .map_err(|_| err(line_no, "the line is not UTF-8 text".into()))?;
        let mut line = text.trim_end_matches(['\n', '\r']);
        if line_no == 1 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        if minisat {
            let lits = current.get_or_insert_with(Vec::new);
            if ended {
                return Err(err(
                    line_no,
                    "the model continues after its terminating 0".into(),
                ));
            }
            ended = parse_lits(trimmed, lits).map_err(|m| err(line_no, m))?;
            continue;
        }
        // The first character decides the line's kind; it need not be
        // ASCII (found by the model_stream fuzz target: `split_at(1)`
        // panicked inside a multi-byte character).
        let first = trimmed.chars().next().map_or(0, char::len_utf8);
        match trimmed.split_at(first) {
            ("c", _) => {
                if in_header {
                    meta.absorb(trimmed).map_err(|m| err(line_no, m))?;
                } else if let Some(rest) = trimmed.strip_prefix(STAT) {
                    if let Some((key, value)) = rest.trim().split_once(char::is_whitespace) {
                        let stat = Stat {
                            key: key.to_string(),
                            value: value.trim().to_string(),
                            line: line_no,
                        };
                        let known = stream.stats.iter().position(|kept| kept.key == key);
                        match known {
                            Some(i) => stream.stats[i] = stat,
                            None if stream.stats.len() < MAX_STATS => stream.stats.push(stat),
                            None => {}
                        }
                    }
                } else if trimmed.starts_with(ENUMERATION_COMPLETE) {
                    stream.complete = Some(true);
                } else if trimmed.starts_with(ENUMERATION_STOPPED) {
                    stream.complete = Some(false);
                } else if let Some(rest) = trimmed
                    .strip_prefix(BACKBONE)
                    .filter(|r| r.starts_with(' '))
                {
                    let backbone = stream.backbone.get_or_insert_with(Default::default);
                    if trimmed.starts_with(BACKBONE_COMPLETE) {
                        backbone.complete = true;
                    } else if !trimmed.starts_with(BACKBONE_STOPPED) {
                        let ended = parse_lits(rest, &mut backbone.forced)
                            .map_err(|m| err(line_no, format!("a backbone line: {m}")))?;
                        if !ended {
                            return Err(err(
                                line_no,
                                "a backbone line has no terminating 0".into(),
                            ));
                        }
                    }
                }
            }
            ("s", rest) => {
                if std::mem::replace(&mut in_header, false) {
                    on_header(meta.clone().finish());
                }
                finish_solution(
                    &mut current,
                    &mut ended,
                    &mut pending_cost,
                    &mut stream,
                    line_no,
                    model_line,
                )?;
                if let Some(count) = rest.trim().strip_prefix("mc ") {
                    let count = count.trim();
                    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(err(
                            line_no,
                            format!("a model count that is no number: '{trimmed}'"),
                        ));
                    }
                    let count = count.trim_start_matches('0');
                    let count = if count.is_empty() { "0" } else { count };
                    stream.status = Some(if count == "0" {
                        Status::Unsatisfiable
                    } else {
                        Status::Satisfiable
                    });
                    stream.model_count = Some(count.to_string());
                    continue;
                }
                let status = Status::parse(rest)
                    .ok_or_else(|| err(line_no, format!("unknown status line '{trimmed}'")))?;
                if matches!(status, Status::Satisfiable | Status::OptimumFound) {
                    current = Some(Vec::new());
                    model_line = line_no;
                }
                stream.status = Some(status);
            }
            ("v", rest) => {
                let Some(lits) = current.as_mut() else {
                    return Err(err(
                        line_no,
                        "a 'v' line without 's SATISFIABLE' before it".into(),
                    ));
                };
                let rest = rest.trim();
                let maxsat = pending_cost.is_some() || stream.status == Some(Status::OptimumFound);
                let one_token = !rest.contains(char::is_whitespace);
                if maxsat
                    && one_token
                    && rest.len() >= 2
                    && rest.bytes().all(|b| b == b'0' || b == b'1')
                {
                    // MaxSAT Evaluation 2022+: one character per variable.
                    if ended || rest.len() > MAX_DIMACS_VAR as usize {
                        return Err(err(
                            line_no,
                            "a second or oversized bit-string model".into(),
                        ));
                    }
                    for (i, b) in rest.bytes().enumerate() {
                        lits.push(Lit::new(i as u32, b == b'0'));
                    }
                    ended = true;
                } else {
                    if ended {
                        return Err(err(
                            line_no,
                            "the model continues after its terminating 0".into(),
                        ));
                    }
                    ended = parse_lits(rest, lits).map_err(|m| err(line_no, m))?;
                }
            }
            ("o", rest) => {
                if std::mem::replace(&mut in_header, false) {
                    on_header(meta.clone().finish());
                }
                let cost = rest
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| err(line_no, format!("'o' line with a bad cost: '{trimmed}'")))?;
                pending_cost = Some(cost);
            }
            _ if stream.status.is_none() && stream.solutions.is_empty() && current.is_none() => {
                // MiniSat result file: SAT / UNSAT / INDET, then the model.
                let status = match trimmed {
                    "SAT" => Status::Satisfiable,
                    "UNSAT" => Status::Unsatisfiable,
                    "INDET" => Status::Unknown,
                    _ => return Err(unexpected(line_no, trimmed)),
                };
                if std::mem::replace(&mut in_header, false) {
                    on_header(meta.clone().finish());
                }
                stream.status = Some(status);
                if status == Status::Satisfiable {
                    minisat = true;
                    current = Some(Vec::new());
                    model_line = line_no;
                }
            }
            _ => return Err(unexpected(line_no, trimmed)),
        }
    }
    finish_solution(
        &mut current,
        &mut ended,
        &mut pending_cost,
        &mut stream,
        line_no.max(1),
        model_line,
    )?;
    if stream.status.is_none() && line_no == 0 {
        // Most often the stage before failed and said why.
        return Err(Error::parse(&name, 1, crate::io::NO_INPUT));
    }
    if stream.status.is_none() {
        return Err(Error::parse(
            &name,
            line_no.max(1),
            "no solver answer: the stream has no 's' status line (was the solver's output cut off?)",
        ));
    }
    stream.meta = meta.finish();
    stream.apply_fixed();
    Ok(stream)
}

/// Parses DIMACS literals; true when a `0` ended the model (nothing may
/// follow it).
fn parse_lits(text: &str, lits: &mut Vec<Lit>) -> Result<bool, String> {
    let mut ended = false;
    for token in text.split_ascii_whitespace() {
        if ended {
            return Err(format!(
                "'{}' after the terminating 0 of the model",
                shorten(token)
            ));
        }
        // Models are long: plain literals by hand, anything else (signs,
        // long numbers, junk) through `parse_literal` and its messages.
        let literal = match small_literal(token.as_bytes()) {
            Some(0) => None,
            Some(value) => Some(Lit::new(value.unsigned_abs() - 1, value < 0)),
            None => parse_literal(token)?,
        };
        match literal {
            Some(lit) => lits.push(lit),
            None => ended = true,
        }
    }
    Ok(ended)
}

/// A literal of at most nine digits, with an optional `-`, as a number;
/// `None` for any other token.
fn small_literal(token: &[u8]) -> Option<i32> {
    let (negative, digits) = match token.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, token),
    };
    if digits.is_empty() || digits.len() > 9 {
        return None;
    }
    let mut value: i32 = 0;
    for &digit in digits {
        if !digit.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i32::from(digit - b'0');
    }
    Some(if negative { -value } else { value })
}

/// Writes `v` lines for a model over `num_vars` variables, wrapped,
/// leaving out the variables that `fixed` fixes (the header gives their
/// values). `num_vars` may leave out fixed variables at the end
/// ([`crate::cnf::Formula::solver_vars`]).
pub fn write_v_lines(
    out: &mut dyn Write,
    model: &Model,
    num_vars: u32,
    fixed: &crate::cnf::Fixed,
) -> std::io::Result<()> {
    let mut buffer = itoa::Buffer::new();
    // The whole block goes out in one write: about 6 bytes a variable.
    let listed = (num_vars as usize).saturating_sub(fixed.len());
    let mut text: Vec<u8> = Vec::with_capacity(listed * 7 + 8);
    let mut line_start = 0;
    text.push(b'v');
    for v in 0..num_vars as usize {
        if !fixed.is_empty() && fixed.get(Var::new(v as u32)).is_some() {
            continue;
        }
        let value = model.values.get(v).copied().unwrap_or(false);
        let number = (v + 1) as i64;
        let token = buffer.format(if value { number } else { -number });
        if text.len() - line_start + token.len() + 1 > 78 {
            text.extend_from_slice(b"\nv");
            line_start = text.len() - 1;
        }
        text.push(b' ');
        text.extend_from_slice(token.as_bytes());
    }
    text.extend_from_slice(b" 0\n");
    out.write_all(&text)
}

/// The first hard clause of `formula` that `values` falsify: its index and
/// its literals as DIMACS numbers (without the terminating 0).
fn falsified_clause(formula: &crate::cnf::Formula, values: &[bool]) -> Option<(usize, String)> {
    let index = formula.first_falsified(values)?;
    let clause: Vec<String> = formula
        .hard
        .get(index)
        .iter()
        .map(|l| l.to_ipasir().to_string())
        .collect();
    Some((index, clause.join(" ")))
}

/// Checks `model` against every hard clause of `clauses`; the error names
/// the first clause it falsifies.
pub fn check_model(formula: &crate::cnf::Formula, model: &Model, who: &str) -> Result<()> {
    if let Some((index, clause)) = falsified_clause(formula, model.values()) {
        return Err(Error::Check(format!(
            "{who} returned a model that falsifies clause {} ({clause} 0); the model is wrong",
            index + 1,
        )));
    }
    Ok(())
}

/// Checks a sequence of models against a formula's hard clauses, each
/// after the first only where it differs from the one before: it keeps the
/// number of true literals of every clause and updates the clauses of the
/// variables that changed. Enumeration checks thousands of models that
/// differ in a few variables; this makes each check cost what changed, not
/// the whole formula.
#[derive(Debug)]
pub struct ModelChecker<'a> {
    formula: &'a crate::cnf::Formula,
    /// Clause indices of each literal (by `Lit::lidx`): `clauses[starts[l]..starts[l + 1]]`.
    starts: Vec<u32>,
    clauses: Vec<u32>,
    /// True literals per clause under `values`.
    true_count: Vec<u32>,
    /// Clauses with no true literal.
    unsatisfied: usize,
    /// The last model checked, one value per variable; empty before the first.
    values: Vec<bool>,
}

impl<'a> ModelChecker<'a> {
    /// A checker for `formula`'s hard clauses.
    pub fn new(formula: &'a crate::cnf::Formula) -> Self {
        // The fixed variables at the end occur in no clause.
        let literals = 2 * formula.solver_vars() as usize;
        let mut starts = vec![0u32; literals + 1];
        for clause in formula.hard.iter() {
            for lit in clause {
                starts[lit.lidx() + 1] += 1;
            }
        }
        for l in 0..literals {
            starts[l + 1] += starts[l];
        }
        let mut fill = starts.clone();
        let mut clauses = vec![0u32; starts[literals] as usize];
        for (index, clause) in formula.hard.iter().enumerate() {
            for lit in clause {
                let slot = &mut fill[lit.lidx()];
                clauses[*slot as usize] = index as u32;
                *slot += 1;
            }
        }
        ModelChecker {
            formula,
            starts,
            clauses,
            true_count: vec![0; formula.hard.len()],
            unsatisfied: formula.hard.len(),
            values: Vec::new(),
        }
    }

    /// Checks `model`; the error names the first clause it falsifies.
    pub fn check(&mut self, model: &Model, who: &str) -> Result<()> {
        let num_vars = self.starts.len() / 2;
        if model.values.len() > num_vars {
            // Variables beyond the formula's: the plain check handles them.
            return check_model(self.formula, model, who);
        }
        let first = self.values.is_empty();
        if first {
            self.values = vec![false; num_vars];
            // Every variable starts false: count the negative literals.
            for var in 0..num_vars {
                self.count(Lit::new(var as u32, true), true);
            }
        }
        for var in 0..num_vars {
            let value = model.value(Var::new(var as u32));
            if value != self.values[var] {
                self.values[var] = value;
                self.count(Lit::new(var as u32, !value), true);
                self.count(Lit::new(var as u32, value), false);
            }
        }
        if self.unsatisfied > 0 {
            return check_model(self.formula, model, who);
        }
        Ok(())
    }

    /// Counts `lit` as become true (`up`) or false in its clauses.
    fn count(&mut self, lit: Lit, up: bool) {
        let (from, to) = (
            self.starts[lit.lidx()] as usize,
            self.starts[lit.lidx() + 1] as usize,
        );
        for &clause in &self.clauses[from..to] {
            let count = &mut self.true_count[clause as usize];
            if up {
                if *count == 0 {
                    self.unsatisfied -= 1;
                }
                *count += 1;
            } else {
                *count -= 1;
                if *count == 0 {
                    self.unsatisfied += 1;
                }
            }
        }
    }
}

impl ModelStream {
    /// Checks every solution against the CNF at `path` and takes that CNF's
    /// header: for solver result files (MiniSat's) that carry none. The
    /// user put the two files together, so a model that does not fit the
    /// formula is bad input naming the model file and line, with the
    /// likely cause (a model of another formula), not a solver failure
    /// (`solve` checks the models it prints itself).
    pub fn check_against_cnf(&mut self, path: &std::path::Path) -> Result<()> {
        let mut input = Input::open(path)?;
        let cnf = input.name.clone();
        let formula =
            crate::dimacs::read_formula(&mut input, crate::dimacs::ReadOptions::default())?;
        let vars = formula.num_vars as usize;
        for (i, solution) in self.solutions.iter().enumerate() {
            let set = solution.model.len();
            let number = i + 1;
            let unfit = |what: String| {
                Error::parse(
                    &self.source,
                    solution.line.max(1),
                    format!(
                        "solution {number} {what}: the model is of another formula \
                         (was {} made from {cnf}?)",
                        self.source
                    ),
                )
            };
            if set > vars {
                return Err(unfit(format!(
                    "sets variable {set}, and {cnf} has {vars} variables"
                )));
            }
            if let Some((index, clause)) = falsified_clause(&formula, solution.model.values()) {
                let sizes = if set < vars {
                    format!(" (the model has {set} variables, the formula {vars})")
                } else {
                    String::new()
                };
                return Err(unfit(format!(
                    "falsifies clause {} of {cnf} ({clause} 0){sizes}",
                    index + 1
                )));
            }
        }
        self.meta = formula.meta;
        self.apply_fixed();
        Ok(())
    }

    /// True when the stream says nothing about its formula: no header
    /// line of a CNF stream (no named variable, no family), as a solver's
    /// bare result file. Names and puzzles then come only from `--cnf`.
    pub fn lacks_formula(&self) -> bool {
        self.meta.names.is_empty() && self.meta.family.is_none()
    }

    /// Gives every solution the values of the header's fixed variables
    /// (`c fixed`), which a model need not list.
    fn apply_fixed(&mut self) {
        if self.meta.fixed.is_empty() {
            return;
        }
        for solution in &mut self.solutions {
            self.meta.fixed.apply(&mut solution.model.values);
        }
    }

    /// The variables named in the header, each with its value in `model`.
    pub fn named_values<'a>(
        &'a self,
        model: &'a Model,
    ) -> impl Iterator<Item = (std::borrow::Cow<'a, str>, bool)> + 'a {
        self.meta
            .names
            .iter()
            .map(move |(var, name)| (name, model.value(var)))
    }
}

#[cfg(test)]
mod tests;
