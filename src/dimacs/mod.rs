//! A streaming reader and writer for DIMACS CNF and WCNF that keeps the
//! comment header.
//!
//! Why our own and not the `dimacs` crate or rustsat's parser: both drop
//! comment lines (our header carries the puzzle, the variable names and the
//! projection set), the `dimacs` crate only parses a whole in-memory string,
//! and rustsat 0.7.5 mis-reads clauses that span lines or share a line. This
//! reader works line by line on bytes, accepts clauses across and within
//! lines, and reports every error with its line.
//!
//! Accepted: `p cnf V C`; old-style `p wcnf V C [TOP]` (weights at or above
//! TOP are hard); and the MaxSAT Evaluation 2022+ WCNF, which has no `p`
//! line and marks hard clauses with `h`. A formula with neither a `p` line
//! nor an `h` clause is refused (as CaDiCaL does), never guessed: read as
//! WCNF, the first literal of every clause would become its weight. A line `%` (SATLIB's trailer) ends
//! the formula.

use crate::cnf::{Clauses, Formula, Kind, Metadata, MetadataBuilder};
use crate::error::{Error, Result};
use crate::io::Input;
use crate::lines::LineReader;
use rustsat::types::Lit;

mod batch;
mod parse;
mod write;
use parse::Parser;
pub use write::{write_clause, write_formula};

pub use crate::literal::MAX_DIMACS_VAR;

/// The largest total weight of the soft clauses of a WCNF (2^63 - 1, as
/// the MaxSAT Evaluation rules say): every cost then fits in a `u64`.
pub const MAX_TOTAL_WEIGHT: u64 = i64::MAX as u64;

/// Why a formula without a `p` line and without an `h` clause is refused:
/// it is neither CNF (which needs its `p cnf` line, as CaDiCaL and Kissat
/// insist) nor the 2022+ WCNF (which marks its hard clauses with `h`).
const NO_PROBLEM_LINE: &str = "no 'p cnf VARIABLES CLAUSES' line before the clauses: \
    add one for a CNF (a formula without it is read only as a MaxSAT Evaluation \
    WCNF, whose hard clauses start with 'h', and this one has none)";

/// How strictly to read.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions {
    /// Accept a wrong clause count and literals beyond the declared number
    /// of variables (which then grows), as some solvers do.
    pub relaxed: bool,
}

/// The `p` line of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemLine {
    /// `p cnf VARS CLAUSES`
    Cnf {
        /// Declared variables.
        vars: u32,
        /// Declared clauses.
        clauses: u64,
    },
    /// `p wcnf VARS CLAUSES [TOP]` (pre-2022 WCNF)
    OldWcnf {
        /// Declared variables.
        vars: u32,
        /// Declared clauses, hard and soft.
        clauses: u64,
        /// Weight at or above which a clause is hard.
        top: Option<u64>,
    },
}

/// Receives the parts of a stream as the reader meets them.
pub trait Sink {
    /// A comment line (verbatim, starting with `c`). `in_header` is true for
    /// the comments before the `p` line and the first clause.
    fn comment(&mut self, line: &str, in_header: bool) -> Result<(), String>;
    /// The `p` line, if the stream has one.
    fn problem(&mut self, problem: ProblemLine) -> Result<(), String>;
    /// A hard clause.
    fn hard(&mut self, clause: &[Lit]) -> Result<(), String>;
    /// Takes hard clauses read together (in order, after those before).
    fn hard_clauses(&mut self, clauses: &Clauses) -> Result<(), String> {
        clauses.iter().try_for_each(|clause| self.hard(clause))
    }
    /// A soft clause with its weight.
    fn soft(&mut self, weight: u64, clause: &[Lit]) -> Result<(), String>;
}

/// What the reader learnt about a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// CNF or WCNF.
    pub kind: Kind,
    /// Declared variables, or (without a `p` line, or when relaxed) the
    /// largest variable seen.
    pub num_vars: u32,
    /// Hard clauses read.
    pub hard: u64,
    /// Soft clauses read.
    pub soft: u64,
    /// Lines read.
    pub lines: usize,
    /// True when a `p` line declared the number of variables.
    pub declared: bool,
    /// The line of the `p` line (1 without one).
    pub problem_line: usize,
}

/// Reads a DIMACS CNF or WCNF stream into `sink`.
pub fn read_into<S: Sink>(
    input: &mut Input,
    options: ReadOptions,
    sink: &mut S,
) -> Result<Summary> {
    read_into_in_batches(input, options, sink, Some(batch::BATCH_BYTES))
}

/// [`read_into`], the clauses after a `p cnf` line read in batches of
/// `batch_bytes` on two threads (`batch`), or line by line (`None`).
fn read_into_in_batches<S: Sink>(
    input: &mut Input,
    options: ReadOptions,
    sink: &mut S,
    batch_bytes: Option<usize>,
) -> Result<Summary> {
    let mut parser = Parser::new(&input.name, options);
    let name = input.name.as_str();
    let mut lines = LineReader::new(&mut *input.reader);
    loop {
        let line = lines
            .next_line()
            // A corrupt compressed stream fails mid-file: say where.
            .map_err(|e| Error::io(&format!("{name}:{}", parser.line + 1), e))?;
        let Some(line) = line else {
            break;
        };
        parser.line += 1;
        if !parser.line(line, sink)? {
            break;
        }
        if let Some(bytes) = batch_bytes.filter(|_| parser.clause_limit().is_some()) {
            // The `p cnf` line is read: the clauses follow, in batches.
            lines
                .finish_line()
                .map_err(|e| Error::io(&format!("{name}:{}", parser.line), e))?;
            drop(lines);
            batch::read_batches(&mut parser, &mut input.reader, name, sink, bytes)?;
            return parser.finish();
        }
    }
    parser.finish()
}

/// What [`sniff`] tells of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    /// CNF or WCNF.
    pub kind: Kind,
    /// Variables and clauses as the `p` line declares them (none in the
    /// 2022+ WCNF, which has no `p` line).
    pub declared: Option<(u32, u64)>,
}

/// The message with which [`Sniffer`] stops the reader once it knows.
const SNIFFED: &str = "sniffed";

/// A sink that stops the reader at the `p` line or the first hard clause
/// (the `h` of a 2022+ WCNF), whichever comes first.
#[derive(Default)]
struct Sniffer {
    found: Option<Sniffed>,
}

impl Sink for Sniffer {
    fn comment(&mut self, _line: &str, _in_header: bool) -> Result<(), String> {
        Ok(())
    }
    fn problem(&mut self, problem: ProblemLine) -> Result<(), String> {
        self.found = Some(match problem {
            ProblemLine::Cnf { vars, clauses } => Sniffed {
                kind: Kind::Cnf,
                declared: Some((vars, clauses)),
            },
            ProblemLine::OldWcnf { vars, clauses, .. } => Sniffed {
                kind: Kind::Wcnf,
                declared: Some((vars, clauses)),
            },
        });
        Err(SNIFFED.into())
    }
    fn hard(&mut self, _clause: &[Lit]) -> Result<(), String> {
        // Before any `p` line, a hard clause is the `h` of a 2022+ WCNF.
        self.found = Some(Sniffed {
            kind: Kind::Wcnf,
            declared: None,
        });
        Err(SNIFFED.into())
    }
    fn soft(&mut self, _weight: u64, _clause: &[Lit]) -> Result<(), String> {
        self.hard(&[])
    }
}

/// Whether a stream holds a DIMACS CNF or WCNF formula, told from its
/// first lines exactly as the reader tells it (the comments, then a `p
/// cnf` or `p wcnf` line, or the first `h` clause of a 2022+ WCNF), and
/// reading no further. The error says why the stream is none (a text, a
/// picture, clauses without a `p` line), naming the line.
pub fn sniff(input: &mut Input) -> Result<Sniffed> {
    let mut sniffer = Sniffer::default();
    let read = read_into_in_batches(input, ReadOptions::default(), &mut sniffer, None);
    match (read, sniffer.found) {
        (Err(Error::Parse { message, .. }), Some(found)) if message == SNIFFED => Ok(found),
        (Err(e), _) => Err(e),
        (Ok(summary), _) => Ok(Sniffed {
            kind: summary.kind,
            declared: None,
        }),
    }
}

/// Reads a whole formula with its header.
pub fn read_formula(input: &mut Input, options: ReadOptions) -> Result<Formula> {
    read_formula_with(input, options, None)
}

/// Reads a whole formula with its header, as [`read_formula`], calling
/// `at_problem_line` with the header's metadata when the `p` line is read
/// (so that work on the header can start while the clauses are read).
/// Comments after the `p` line may still change the final metadata.
pub fn read_formula_with(
    input: &mut Input,
    options: ReadOptions,
    at_problem_line: Option<&mut dyn FnMut(&Metadata)>,
) -> Result<Formula> {
    let mut collector = FormulaCollector {
        formula: Formula::default(),
        hard: Clauses::new(),
        metadata: MetadataBuilder::default(),
        total_weight: 0,
        at_problem_line,
    };
    let summary = read_into(input, options, &mut collector)?;
    let FormulaCollector {
        mut formula,
        hard,
        metadata,
        ..
    } = collector;
    formula.hard = std::sync::Arc::new(hard);
    formula.meta = metadata.finish();
    formula.kind = summary.kind;
    formula.num_vars = summary.num_vars;
    if !summary.declared {
        // 2022+ WCNF has no variable count: named and projected variables
        // count too.
        let named = formula.meta.names.max_var().map(|v| v.idx32() + 1);
        let fixed = formula.meta.fixed.max_var().map(|v| v.idx32() + 1);
        let projected = formula
            .meta
            .projection
            .iter()
            .flatten()
            .map(|v| v.idx32() + 1)
            .max();
        formula.num_vars = formula
            .num_vars
            .max(named.unwrap_or(0))
            .max(fixed.unwrap_or(0))
            .max(projected.unwrap_or(0));
    }
    check_metadata(&formula).map_err(|m| Error::parse(&input.name, 1, m))?;
    check_unused_vars(&mut formula, options)
        .map_err(|m| Error::parse(&input.name, summary.problem_line, m))?;
    Ok(formula)
}

/// How many declared variables a formula may leave unused before
/// [`read_formula`] refuses it: solvers allocate memory for every declared
/// variable, so `p cnf 2000000000 1` (19 bytes) would take tens of
/// gigabytes.
pub const MAX_UNUSED_VARS: u32 = 1 << 24;

/// Rejects a formula with far more variables than it mentions (more than
/// twice its literal occurrences, single names, blocks of names, fixed
/// variables and projection entries, and more than [`MAX_UNUSED_VARS`]):
/// a `p` line that overstates the count, or variable numbers far beyond
/// what is used. When relaxed, an overstated count shrinks to the largest
/// variable used instead.
fn check_unused_vars(formula: &mut Formula, options: ReadOptions) -> Result<(), String> {
    let projection = formula.meta.projection.as_ref();
    let names = &formula.meta.names;
    // A block of names is one short line, whatever its size.
    let mentions = formula.hard.n_lits()
        + formula.soft.n_lits()
        + names.singles().len()
        + names.blocks().len()
        + formula.meta.fixed.len()
        + projection.map_or(0, Vec::len);
    let limit = u32::try_from(mentions.saturating_mul(2))
        .unwrap_or(u32::MAX)
        .max(MAX_UNUSED_VARS);
    if formula.num_vars <= limit {
        return Ok(());
    }
    let largest = [
        formula.hard.max_var(),
        formula.soft.max_var(),
        formula.meta.names.max_var(),
        formula.meta.fixed.max_var(),
        projection.and_then(|p| p.iter().max().copied()),
    ]
    .into_iter()
    .flatten()
    .map(|v| v.idx32() + 1)
    .max()
    .unwrap_or(0);
    if largest > limit {
        return Err(format!(
            "variable {largest} is used but the formula mentions variables only {mentions} \
             times; solvers allocate memory for every variable up to the largest, so \
             number the variables densely"
        ));
    }
    if options.relaxed {
        formula.num_vars = largest;
        return Ok(());
    }
    Err(format!(
        "the 'p' line declares {} variables but the formula uses only {largest}; \
         refusing to allocate solver memory for the unused ones (fix the header, \
         or use --relaxed to solve on the variables used)",
        formula.num_vars
    ))
}

/// Checks that names and projection refer to declared variables.
fn check_metadata(formula: &Formula) -> Result<(), String> {
    let limit = formula.num_vars;
    if let Some(var) = formula.meta.names.max_var().filter(|v| v.idx32() >= limit) {
        return Err(format!(
            "'c var' names variable {} but the formula has {limit} variables",
            var.to_ipasir()
        ));
    }
    formula.meta.name_index()?;
    check_fixed(formula)?;
    let header_literals = (formula.meta.try_first.iter().map(|l| ("try-first", l)))
        .chain(formula.meta.relax.iter().flatten().map(|l| ("relax", l)));
    for (keyword, lit) in header_literals {
        if lit.vidx32() >= limit {
            return Err(format!(
                "'c {keyword}' names literal {} but the formula has {limit} variables",
                lit.to_ipasir()
            ));
        }
    }
    if let Some(projection) = &formula.meta.projection {
        if let Some(var) = projection.iter().find(|v| v.idx32() >= limit) {
            return Err(format!(
                "'c p show' lists variable {} but the formula has {limit} variables",
                var.to_ipasir()
            ));
        }
    }
    Ok(())
}

/// Checks that the fixed variables (`c fixed`) are declared and occur
/// nowhere else: not in a clause, the projection, `c try-first` or `c
/// relax` (the encoder takes them out; a model need not list them).
fn check_fixed(formula: &Formula) -> Result<(), String> {
    let fixed = &formula.meta.fixed;
    if fixed.is_empty() {
        return Ok(());
    }
    if let Some(var) = fixed.max_var().filter(|v| v.idx32() >= formula.num_vars) {
        return Err(format!(
            "'c fixed' fixes variable {} but the formula has {} variables",
            var.to_ipasir(),
            formula.num_vars
        ));
    }
    let is_fixed = |var: rustsat::types::Var| fixed.get(var).is_some();
    let clauses = formula.hard.iter().chain(formula.soft.iter());
    if let Some((index, lit)) = clauses
        .enumerate()
        .find_map(|(i, c)| c.iter().find(|l| is_fixed(l.var())).map(|l| (i, *l)))
    {
        return Err(format!(
            "variable {} is fixed by 'c fixed' but occurs in clause {}: a fixed variable \
             must be taken out of the clauses",
            lit.var().to_ipasir(),
            index + 1
        ));
    }
    let listed = (formula
        .meta
        .projection
        .iter()
        .flatten()
        .map(|&v| ("p show", v)))
    .chain(
        formula
            .meta
            .try_first
            .iter()
            .map(|l| ("try-first", l.var())),
    )
    .chain(
        formula
            .meta
            .relax
            .iter()
            .flatten()
            .map(|l| ("relax", l.var())),
    );
    for (keyword, var) in listed {
        if is_fixed(var) {
            return Err(format!(
                "'c {keyword}' lists variable {}, which 'c fixed' fixes",
                var.to_ipasir()
            ));
        }
    }
    Ok(())
}

/// The most clauses a `p cnf` line makes room for before they are read.
const MAX_RESERVED_CLAUSES: u64 = 1 << 24;

/// Collects a stream into a [`Formula`].
#[derive(Default)]
struct FormulaCollector<'h> {
    formula: Formula,
    /// The hard clauses, until they go into the formula.
    hard: Clauses,
    metadata: MetadataBuilder,
    total_weight: u64,
    /// Called with the header's metadata at the `p` line.
    at_problem_line: Option<&'h mut dyn FnMut(&Metadata)>,
}

impl Sink for FormulaCollector<'_> {
    fn comment(&mut self, line: &str, in_header: bool) -> Result<(), String> {
        if in_header {
            self.formula.header.push(line.to_string());
        }
        self.metadata.absorb(line)
    }
    fn problem(&mut self, problem: ProblemLine) -> Result<(), String> {
        if let ProblemLine::Cnf { clauses, .. } = problem {
            // Room for the declared clauses (up to a bound: the count is
            // the header's word), at three literals each.
            let clauses = clauses.min(MAX_RESERVED_CLAUSES) as usize;
            self.hard.reserve(clauses, 3 * clauses);
        }
        if let Some(hook) = self.at_problem_line.take() {
            hook(&self.metadata.clone().finish());
        }
        Ok(())
    }
    fn hard(&mut self, clause: &[Lit]) -> Result<(), String> {
        self.hard.push(clause);
        Ok(())
    }
    fn hard_clauses(&mut self, clauses: &Clauses) -> Result<(), String> {
        self.hard.append(clauses);
        Ok(())
    }
    fn soft(&mut self, weight: u64, clause: &[Lit]) -> Result<(), String> {
        self.total_weight = self
            .total_weight
            .checked_add(weight)
            .filter(|&total| total <= MAX_TOTAL_WEIGHT)
            .ok_or_else(|| {
                format!(
                    "the soft clause weights add up to more than {MAX_TOTAL_WEIGHT} \
                     (2^63 - 1, the MaxSAT Evaluation's limit)"
                )
            })?;
        self.formula.soft.push(clause);
        self.formula.weights.push(weight);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Formula> {
        read_formula(&mut Input::from_text("t.cnf", text), ReadOptions::default())
    }

    fn dimacs(clauses: &crate::cnf::Clauses) -> Vec<Vec<i32>> {
        clauses
            .iter()
            .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
            .collect()
    }

    #[test]
    fn the_header_hook_sees_the_header_at_the_p_line() {
        let text = "c family crossword\nc var 1 a\np cnf 1 1\nc family late\n1 0\n";
        let mut seen = Vec::new();
        let mut hook = |meta: &Metadata| seen.push(meta.clone());
        let f = read_formula_with(
            &mut Input::from_text("t.cnf", text),
            ReadOptions::default(),
            Some(&mut hook),
        )
        .expect("valid");
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].family.as_deref(), Some("crossword"));
        assert_eq!(seen[0].names.len(), 1);
        // A comment after the `p` line still counts in the end.
        assert_ne!(seen[0], f.meta);
    }

    #[test]
    fn lines_split_between_buffers_read_the_same() {
        let text = "c satpipe stream 1\nc var 1 a\np cnf 3 3\n1 -2\n3 0 -1 0\n\n  2 3 0";
        let whole = read(text).expect("valid");
        for capacity in 1..=text.len() {
            let mut input = Input {
                name: "t.cnf".into(),
                reader: Box::new(std::io::BufReader::with_capacity(
                    capacity,
                    std::io::Cursor::new(text.as_bytes().to_vec()),
                )),
            };
            let f = read_formula(&mut input, ReadOptions::default()).expect("valid");
            assert_eq!(dimacs(&f.hard), dimacs(&whole.hard), "capacity {capacity}");
            assert_eq!(f.header, whole.header);
            assert_eq!(f.meta.names, whole.meta.names);
        }
        // And an error's line is the same.
        let bad = "p cnf 2 1\n1\n 2 x 0\n";
        let mut input = Input {
            name: "t.cnf".into(),
            reader: Box::new(std::io::BufReader::with_capacity(
                3,
                std::io::Cursor::new(bad.as_bytes().to_vec()),
            )),
        };
        let err = read_formula(&mut input, ReadOptions::default()).expect_err("bad token");
        assert_eq!(err.to_string(), "t.cnf:3: 'x' is not a number");
    }

    #[test]
    fn numbers_read_alike_in_every_spelling() {
        let f = read("p cnf 12 2\n+1 -0\n0012 -3\t0\n").expect("valid");
        assert_eq!(dimacs(&f.hard), vec![vec![1], vec![12, -3]]);
        let err = read("p cnf 2 1\n1 -2x 0\n").expect_err("bad token");
        assert_eq!(err.to_string(), "t.cnf:2: '-2x' is not a number");
        let err = read("p cnf 2 1\n99999999999 0\n").expect_err("too large");
        assert!(err.to_string().contains("out of range"), "{err}");
    }

    #[test]
    fn reads_clauses_across_and_within_lines() {
        let f = read("c hello\np cnf 4 3\n1 -2\n3 0 -4 0\n  2 0\n").expect("valid");
        assert_eq!(f.header, vec!["c hello".to_string()]);
        assert_eq!(f.num_vars, 4);
        assert_eq!(dimacs(&f.hard), vec![vec![1, -2, 3], vec![-4], vec![2]]);
    }

    #[test]
    fn reads_both_wcnf_formats_alike() {
        let new = read("h 1 2 0\n3 -1 0\n5 0\n").expect("new wcnf");
        let old = read("p wcnf 2 3 10\n10 1 2 0\n3 -1 0\n5 0\n").expect("old wcnf");
        for f in [&new, &old] {
            assert_eq!(f.kind, Kind::Wcnf);
            assert_eq!(dimacs(&f.hard), vec![vec![1, 2]]);
            assert_eq!(dimacs(&f.soft), vec![vec![-1], vec![]]);
            assert_eq!(f.weights, vec![3, 5]);
        }
    }

    #[test]
    fn errors_carry_their_line() {
        let err = read("p cnf 2 1\n\n1 2 x 0\n").expect_err("bad token");
        assert_eq!(err.to_string(), "t.cnf:3: 'x' is not a number");
        let err = read("p cnf 2 2\n1 0\n").expect_err("count");
        assert!(err
            .to_string()
            .contains("declares 2 clauses but 1 were read"));
        let relaxed = read_formula(
            &mut Input::from_text("t.cnf", "p cnf 1 2\n1 2 0\n"),
            ReadOptions { relaxed: true },
        )
        .expect("relaxed");
        assert_eq!(relaxed.num_vars, 2);
    }

    #[test]
    fn an_empty_wcnf_writes_and_reads_back() {
        // Found by the `dimacs` fuzz target: an old-style WCNF without
        // clauses was written as nothing at all.
        let f = read_formula(
            &mut Input::from_text("t.wcnf", "c x\np wcnf 3 6 100\n"),
            ReadOptions { relaxed: true },
        )
        .expect("relaxed");
        let mut out = Vec::new();
        write_formula(&mut out, &f).expect("write");
        let text = String::from_utf8(out).expect("utf8");
        assert_eq!(text, "c x\np wcnf 3 0\n");
        let again = read(&text).expect("reads back");
        assert_eq!(
            (again.kind, again.num_vars, again.soft.len()),
            (Kind::Wcnf, 3, 0)
        );
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "c x\np cnf 3 2\n1 -3 0\n0\n";
        let f = read(text).expect("valid");
        let mut out = Vec::new();
        write_formula(&mut out, &f).expect("write");
        assert_eq!(String::from_utf8(out).expect("utf8"), text);
    }

    #[test]
    fn plain_and_unusual_clause_lines_read_alike() {
        // The first line is read in one pass, the others by the tokenizer.
        let text = "p cnf 3 8\n1 -2 0\n1  2 0\n3 -1 0 \n+3 0\n2\n-1 0\n1 0 2 0\n-3 -0\n";
        let f = read(text).expect("valid");
        let want: [&[i32]; 8] = [
            &[1, -2],
            &[1, 2],
            &[3, -1],
            &[3],
            &[2, -1],
            &[1],
            &[2],
            &[-3],
        ];
        assert_eq!(dimacs(&f.hard), want.map(<[i32]>::to_vec));
        // A variable beyond the declared count, on a plain line.
        let err = read("p cnf 2 2\n1 -2 0\n1 3 0\n").expect_err("undeclared");
        assert!(err.to_string().contains(":3:"), "{err}");
    }

    #[test]
    fn long_formulas_are_written_in_order_by_two_threads() {
        // Enough clauses for several chunks of each thread, of varied
        // lengths and signs.
        let clauses = 5 * (1 << 15) + 7;
        let mut text = format!("p cnf 1000 {clauses}\n");
        for i in 0..clauses {
            let len = i % 4;
            let line: Vec<String> = (0..len)
                .map(|k| {
                    let var = (i * 7 + k * 13) % 1000 + 1;
                    if (i + k) % 3 == 0 {
                        format!("-{var}")
                    } else {
                        var.to_string()
                    }
                })
                .chain(std::iter::once("0".to_string()))
                .collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        let f = read(&text).expect("valid");
        let mut out = Vec::new();
        write_formula(&mut out, &f).expect("write");
        assert!(String::from_utf8(out).expect("utf8") == text);
    }
}
