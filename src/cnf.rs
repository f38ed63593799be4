//! The formula as the toolchain holds it: clauses, optional weighted soft
//! clauses (an objective), and the metadata that the CNF stream's comment
//! header carries.

use crate::names;
use rustsat::types::{Lit, Var};
use std::collections::HashMap;
use std::sync::Arc;

/// A flat list of clauses: literals stored end to end, one allocation for
/// the whole formula.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clauses {
    lits: Vec<Lit>,
    ends: Vec<usize>,
}

impl Clauses {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for `clauses` more clauses of `lits` literals in all.
    pub fn reserve(&mut self, clauses: usize, lits: usize) {
        self.ends.reserve(clauses);
        self.lits.reserve(lits);
    }

    /// Removes every clause, keeping the room.
    pub fn clear(&mut self) {
        self.lits.clear();
        self.ends.clear();
    }

    /// Appends every clause of `other`.
    pub fn append(&mut self, other: &Clauses) {
        let offset = self.lits.len();
        self.lits.extend_from_slice(&other.lits);
        self.ends.extend(other.ends.iter().map(|end| end + offset));
    }

    /// Appends a clause.
    pub fn push(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there are no clauses.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Total number of literal occurrences.
    pub fn n_lits(&self) -> usize {
        self.lits.len()
    }

    /// The clause at `index`.
    pub fn get(&self, index: usize) -> &[Lit] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.lits[start..self.ends[index]]
    }

    /// All clauses in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(move |i| self.get(i))
    }

    /// Index of the first clause with no literal for which `holds` is
    /// true.
    pub fn first_without(&self, holds: impl Fn(Lit) -> bool) -> Option<usize> {
        let mut start = 0;
        for (index, &end) in self.ends.iter().enumerate() {
            let mut satisfied = false;
            for &lit in &self.lits[start..end] {
                if holds(lit) {
                    satisfied = true;
                    break;
                }
            }
            if !satisfied {
                return Some(index);
            }
            start = end;
        }
        None
    }

    /// The largest variable occurring in any clause.
    pub fn max_var(&self) -> Option<Var> {
        self.lits.iter().map(|l| l.var()).max()
    }
}

/// What a CNF stream says about itself in its comment header.
///
/// Rendered as `c family ...`, `c encoder ...`, `c option ARGUMENT`,
/// `c puzzle LINE` (the puzzle verbatim), `c var N NAME` and
/// `c p show V... 0`; see [`Metadata::to_comment_lines`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metadata {
    /// The puzzle family, e.g. `numberlink`.
    pub family: Option<String>,
    /// The encoder and its variant, e.g. `numberlink/edges`.
    pub encoder: Option<String>,
    /// The encoder's options as command-line arguments, one a line
    /// (`c option --encoding=rank`, `c option --allow-empty`): every option
    /// with the value it took, so that the decoder gets the same options by
    /// parsing them with the encoder's own argument definitions.
    pub options: Vec<String>,
    /// The puzzle text exactly as it was read.
    pub puzzle: Option<String>,
    /// Names of the primary variables.
    pub names: HashMap<Var, String>,
    /// The projection set for enumeration (`c p show`); `None` means all
    /// variables.
    pub projection: Option<Vec<Var>>,
    /// Set by encoders whose solutions all have the same number of true
    /// projection variables (one-hot encodings): blocking the true
    /// projection literals of a model is then enough to enumerate.
    pub blocking_positive: bool,
    /// Set by encoders whose projection is covered by positive clauses of
    /// projection variables (exact covers): `solve --all` then enumerates
    /// by disjoint cubes, branching on those clauses, by default.
    pub enumerate_by_cubes: bool,
    /// Solver options the encoder recommends for its formulas, as
    /// `(solver, name, value)` (`c solver-option cadical fastelim=0`):
    /// `solve` sets them on that embedded solver unless its command line
    /// sets the same option.
    pub solver_options: Vec<(String, String, i32)>,
    /// The embedded solver the encoder recommends for its formulas
    /// (`c prefer-solver minisat`): `solve` uses it when its command line
    /// names no solver (and it is in the build), else its default.
    pub prefer_solver: Option<String>,
    /// Literals under which `solve` searches first (`c try-first 1 -7`):
    /// when the formula has a model with all of them, it is likely found
    /// quickly (e.g. a Numberlink solution that fills every cell); when it
    /// has none, their negated conjunction is added and the search goes
    /// on. Answers, counts and enumerations are unchanged.
    pub try_first: Vec<Lit>,
    /// Relaxation ladders (`c relax 4 5 6`, one line each), searched after
    /// the `try-first` literals: `solve` assumes the first literal of every
    /// ladder; when there is no model under them, every ladder whose
    /// literal is in the refutation's core moves on to its next literal
    /// (past its last, the ladder is dropped), until a model is found or
    /// no ladder is left. Each literal should only restrict the formula
    /// (e.g. "line k takes at most d extra cells"), the strictest first.
    /// Answers, counts and enumerations are unchanged. (A solver without
    /// assumptions gets the `try-first` literals and then each rung of
    /// every ladder as unit clauses instead, each in a fresh solver.)
    pub relax: Vec<Vec<Lit>>,
}

/// The first line of every stream this toolchain writes.
pub const STREAM_TAG: &str = "c satpipe stream 1";

impl Metadata {
    /// The name of `var`, if it has one.
    pub fn name(&self, var: Var) -> Option<&str> {
        self.names.get(&var).map(String::as_str)
    }

    /// The variable of every name; an error when one name is given to two
    /// variables.
    pub fn name_index(&self) -> Result<HashMap<&str, Var>, String> {
        let mut index = HashMap::with_capacity(self.names.len());
        for (var, name) in &self.names {
            if let Some(other) = index.insert(name.as_str(), *var) {
                return Err(format!(
                    "the name '{name}' is given to variables {} and {}",
                    other.to_ipasir().min(var.to_ipasir()),
                    other.to_ipasir().max(var.to_ipasir())
                ));
            }
        }
        Ok(index)
    }

    /// Renders the metadata as DIMACS comment lines (without newlines).
    pub fn to_comment_lines(&self) -> Vec<String> {
        let mut lines = vec![STREAM_TAG.to_string()];
        if let Some(family) = &self.family {
            lines.push(format!("c family {family}"));
        }
        if let Some(encoder) = &self.encoder {
            lines.push(format!("c encoder {encoder}"));
        }
        for argument in &self.options {
            lines.push(format!("c option {argument}"));
        }
        if let Some(puzzle) = &self.puzzle {
            lines.extend(puzzle_to_comments(puzzle));
        }
        if self.blocking_positive {
            lines.push("c blocking positive".to_string());
        }
        if self.enumerate_by_cubes {
            lines.push("c enumeration cubes".to_string());
        }
        if let Some(solver) = &self.prefer_solver {
            lines.push(format!("c prefer-solver {solver}"));
        }
        for (solver, name, value) in &self.solver_options {
            lines.push(format!("c solver-option {solver} {name}={value}"));
        }
        if !self.try_first.is_empty() {
            lines.push(literal_line("try-first", &self.try_first));
        }
        for ladder in &self.relax {
            lines.push(literal_line("relax", ladder));
        }
        let mut named: Vec<(&Var, &String)> = self.names.iter().collect();
        named.sort();
        for (var, name) in named {
            lines.push(format!("c var {} {name}", var.to_ipasir()));
        }
        if let Some(projection) = &self.projection {
            for chunk in projection.chunks(20) {
                let mut line = String::from("c p show");
                for var in chunk {
                    line.push(' ');
                    line.push_str(&var.to_ipasir().to_string());
                }
                line.push_str(" 0");
                lines.push(line);
            }
            if projection.is_empty() {
                lines.push("c p show 0".to_string());
            }
        }
        lines
    }
}

fn parse_var(token: &str) -> Result<Var, String> {
    let n: u32 = token
        .parse()
        .map_err(|_| format!("'{token}' is not a variable number"))?;
    if n == 0 || n > crate::literal::MAX_DIMACS_VAR {
        return Err(format!("variable number {token} is out of range"));
    }
    Ok(Var::new(n - 1))
}

/// Renders puzzle text as `c puzzle LINE` comments that restore it exactly.
fn puzzle_to_comments(puzzle: &str) -> Vec<String> {
    // CRLF mode only when every line ends so; with mixed line ends the
    // text is split at every LF, so that no comment line ever holds a line
    // break (found by the header fuzz target: splitting mixed text at CRLF
    // left bare LFs inside comments, which would end the comment and let
    // the rest of the puzzle line be read as a clause).
    let crlf =
        puzzle.contains("\r\n") && puzzle.matches('\n').count() == puzzle.matches("\r\n").count();
    let final_newline = puzzle.ends_with('\n');
    let body = puzzle.strip_suffix('\n').unwrap_or(puzzle);
    let body = if crlf && final_newline {
        body.strip_suffix('\r').unwrap_or(body)
    } else {
        body
    };
    let mut lines = Vec::new();
    if crlf {
        lines.push("c puzzle-eol crlf".to_string());
    }
    if !final_newline {
        lines.push("c puzzle-final-newline no".to_string());
    }
    let separator = if crlf { "\r\n" } else { "\n" };
    for line in body.split(separator) {
        if line.is_empty() {
            lines.push("c puzzle".to_string());
        } else {
            lines.push(format!("c puzzle {line}"));
        }
    }
    lines
}

/// Accumulates metadata from comment lines, including multi-line items such
/// as the puzzle text. Call [`MetadataBuilder::finish`] at the end.
#[derive(Debug, Clone, Default)]
pub struct MetadataBuilder {
    meta: Metadata,
    /// The `c puzzle` lines so far, each ended by a newline.
    puzzle_lines: Option<String>,
    pending_crlf: bool,
    pending_no_final_newline: bool,
}

impl MetadataBuilder {
    fn puzzle_line(&mut self, line: &str) {
        let text = self.puzzle_lines.get_or_insert_with(String::new);
        text.push_str(line);
        text.push('\n');
    }

    /// Reads one comment line (with its leading `c`) into the metadata.
    /// Lines this toolchain does not know are ignored (they are kept
    /// verbatim by the stream reader). Returns an error message for a known
    /// line that is malformed.
    pub fn absorb(&mut self, line: &str) -> Result<(), String> {
        let body = line.strip_prefix('c').unwrap_or(line);
        let body = body.strip_prefix(' ').unwrap_or(body);
        if let Some(rest) = body.strip_prefix("puzzle ") {
            self.puzzle_line(rest);
        } else if body == "puzzle" {
            self.puzzle_line("");
        } else if body == "puzzle-eol crlf" {
            self.pending_crlf = true;
        } else if body == "puzzle-final-newline no" {
            self.pending_no_final_newline = true;
        } else if let Some(rest) = body.strip_prefix("family ") {
            self.meta.family = Some(rest.trim().to_string());
        } else if let Some(rest) = body.strip_prefix("encoder ") {
            self.meta.encoder = Some(rest.trim().to_string());
        } else if let Some(rest) = body.strip_prefix("option ") {
            self.meta.options.push(rest.to_string());
        } else if body.trim() == "blocking positive" {
            self.meta.blocking_positive = true;
        } else if body.trim() == "enumeration cubes" {
            self.meta.enumerate_by_cubes = true;
        } else if let Some(rest) = body.strip_prefix("try-first ") {
            let lits = literal_list("try-first", rest)?;
            self.meta.try_first.extend(lits);
        } else if let Some(rest) = body.strip_prefix("relax ") {
            let ladder = literal_list("relax", rest)?;
            self.meta.relax.push(ladder);
        } else if let Some(rest) = body.strip_prefix("prefer-solver ") {
            let mut parts = rest.split_whitespace();
            let (Some(solver), None) = (parts.next(), parts.next()) else {
                return Err(format!("'c prefer-solver {rest}' is not 'SOLVER'"));
            };
            self.meta.prefer_solver = Some(solver.to_string());
        } else if let Some(rest) = body.strip_prefix("solver-option ") {
            let malformed = || format!("'c solver-option {rest}' is not 'SOLVER NAME=INTEGER'");
            let mut parts = rest.split_whitespace();
            let (Some(solver), Some(setting), None) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(malformed());
            };
            let (name, value) = setting.split_once('=').ok_or_else(malformed)?;
            let value: i32 = value.parse().map_err(|_| malformed())?;
            if name.is_empty() {
                return Err(malformed());
            }
            self.meta
                .solver_options
                .push((solver.to_string(), name.to_string(), value));
        } else if let Some(rest) = body.strip_prefix("var ") {
            let mut parts = rest.split_whitespace();
            let (Some(number), Some(name), None) = (parts.next(), parts.next(), parts.next())
            else {
                return Err("a 'c var' line needs a variable number and one name".into());
            };
            let var = parse_var(number)?;
            names::validate(name)?;
            if let Some(old) = self.meta.names.insert(var, name.to_string()) {
                return Err(format!(
                    "variable {number} is named twice ('{old}' and '{name}')"
                ));
            }
        } else if let Some(rest) = body.strip_prefix("p show") {
            let mut vars = Vec::new();
            let mut closed = false;
            for token in rest.split_whitespace() {
                if closed {
                    return Err("text after the closing 0 of 'c p show'".into());
                }
                if token == "0" {
                    closed = true;
                } else {
                    vars.push(parse_var(token)?);
                }
            }
            if !closed {
                return Err("a 'c p show' line must end with 0".into());
            }
            self.meta
                .projection
                .get_or_insert_with(Vec::new)
                .extend(vars);
        }
        Ok(())
    }

    /// The name of `var` as read so far.
    pub fn name(&self, var: Var) -> Option<&str> {
        self.meta.name(var)
    }

    /// The finished metadata.
    pub fn finish(mut self) -> Metadata {
        if let Some(mut text) = self.puzzle_lines.take() {
            if self.pending_no_final_newline {
                text.pop();
            }
            if self.pending_crlf {
                text = text.replace('\n', "\r\n");
            }
            self.meta.puzzle = Some(text);
        }
        self.meta
    }
}

/// Whether a formula is a plain satisfiability problem or has an objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// DIMACS CNF.
    #[default]
    Cnf,
    /// Weighted CNF (MaxSAT Evaluation 2022+ format): hard clauses and
    /// weighted soft clauses whose falsified weights sum to the cost.
    Wcnf,
}

/// A whole formula with its header.
#[derive(Debug, Clone, Default)]
pub struct Formula {
    /// The comment lines before the clauses, verbatim (each starting with
    /// `c`); passed through to the model stream.
    pub header: Vec<String>,
    /// What the header says, parsed.
    pub meta: Metadata,
    /// CNF or WCNF.
    pub kind: Kind,
    /// Number of variables (the `p cnf` count, or the largest used).
    pub num_vars: u32,
    /// Hard clauses, shared: a solver that keeps them (the `tables`
    /// solver, to extend its answers) holds the same storage
    /// ([`Arc::make_mut`] to change them).
    pub hard: Arc<Clauses>,
    /// Soft clauses (WCNF only), parallel to `weights`.
    pub soft: Clauses,
    /// Weight of each soft clause.
    pub weights: Vec<u64>,
}

impl Formula {
    /// The variables to enumerate on: the projection set, or every variable.
    pub fn projection(&self) -> Vec<Var> {
        match &self.meta.projection {
            Some(vars) => vars.clone(),
            None => (0..self.num_vars).map(Var::new).collect(),
        }
    }

    /// The name of `var` as the readable form spells it: its name, or `_N`.
    pub fn display_name(&self, var: Var) -> String {
        match self.meta.name(var) {
            Some(name) => name.to_string(),
            None => names::auxiliary(var.idx32() + 1),
        }
    }

    /// Cost of an assignment: the total weight of falsified soft clauses.
    /// `model[v]` is the value of variable index `v`.
    pub fn cost(&self, model: &[bool]) -> u64 {
        self.soft
            .iter()
            .zip(&self.weights)
            .filter(|(clause, _)| !clause_satisfied(clause, model))
            .map(|(_, w)| *w)
            .sum()
    }

    /// Index of the first hard clause that `model` falsifies, if any.
    pub fn first_falsified(&self, model: &[bool]) -> Option<usize> {
        // The truth of every literal by `Lit::lidx` (variables the model
        // lacks are false), so that each literal costs one lookup.
        let vars = (self.num_vars as usize).max(model.len());
        let mut truth = vec![false; 2 * vars];
        for (var, &value) in model.iter().enumerate() {
            truth[2 * var + usize::from(!value)] = true;
        }
        for var in model.len()..vars {
            truth[2 * var + 1] = true;
        }
        // Literals beyond `vars` cannot occur (`num_vars` is at least the
        // largest variable), but a missing one would count as false.
        self.hard
            .first_without(|lit| truth.get(lit.lidx()).copied().unwrap_or(lit.is_neg()))
    }
}

/// True when some literal of `clause` is true under `model`
/// (`model[v]` is the value of variable index `v`; missing variables are
/// false).
pub fn clause_satisfied(clause: &[Lit], model: &[bool]) -> bool {
    clause
        .iter()
        .any(|lit| model.get(lit.vidx()).copied().unwrap_or(false) != lit.is_neg())
}

/// A header line of literals such as `c try-first 1 -7`; read back by
/// [`literal_list`].
fn literal_line(keyword: &str, lits: &[Lit]) -> String {
    let numbers: Vec<String> = lits.iter().map(|l| l.to_ipasir().to_string()).collect();
    format!("c {keyword} {}", numbers.join(" "))
}

/// The literals of a header line such as `c try-first 1 -7` (`rest` is
/// what follows the keyword): at least one, none of them 0.
fn literal_list(keyword: &str, rest: &str) -> Result<Vec<Lit>, String> {
    let mut lits = Vec::new();
    for token in rest.split_whitespace() {
        let lit = crate::literal::parse_literal(token)?
            .ok_or_else(|| format!("'c {keyword}' lists 0, which is no literal"))?;
        lits.push(lit);
    }
    if lits.is_empty() {
        return Err(format!("'c {keyword}' needs literals"));
    }
    Ok(lits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(meta: &Metadata) -> Metadata {
        let mut builder = MetadataBuilder::default();
        for line in meta.to_comment_lines() {
            builder.absorb(&line).expect("own output parses");
        }
        builder.finish()
    }

    #[test]
    fn appended_clauses_follow_in_order() {
        let lit = |d: i32| Lit::from_ipasir(d).expect("not zero");
        let mut first = Clauses::new();
        first.push(&[lit(1), lit(-2)]);
        let mut second = Clauses::new();
        second.push(&[lit(3)]);
        second.push(&[]);
        second.push(&[lit(-1), lit(2), lit(3)]);
        first.reserve(3, 4);
        first.append(&second);
        let read: Vec<Vec<i32>> = first
            .iter()
            .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
            .collect();
        assert_eq!(read, [vec![1, -2], vec![3], vec![], vec![-1, 2, 3]]);
        assert_eq!((first.len(), first.n_lits()), (4, 6));
    }

    #[test]
    fn puzzle_text_survives_exactly() {
        for puzzle in [
            "x\r\ny\r",
            "a\n b \n\nc\n",
            "x\r\ny\r\n",
            "no newline",
            "\n\n",
            "tab\there\n",
        ] {
            let meta = Metadata {
                puzzle: Some(puzzle.to_string()),
                ..Metadata::default()
            };
            assert_eq!(
                round_trip(&meta).puzzle.as_deref(),
                Some(puzzle),
                "{puzzle:?}"
            );
        }
    }

    #[test]
    fn mixed_line_ends_never_break_a_comment_line() {
        let puzzle = "a\r\nb\n1 0\r\n";
        let meta = Metadata {
            puzzle: Some(puzzle.to_string()),
            ..Metadata::default()
        };
        for line in meta.to_comment_lines() {
            assert!(!line.contains('\n'), "{line:?}");
        }
        // Exact except for a CR before a LF, which DIMACS readers drop.
        let back = round_trip(&meta).puzzle.expect("puzzle");
        assert_eq!(back.replace("\r\n", "\n"), "a\nb\n1 0\n");
    }

    #[test]
    fn names_options_and_projection_survive() {
        let mut meta = Metadata {
            family: Some("demo".into()),
            encoder: Some("demo/x".into()),
            options: vec!["--a=1".into(), "--b=x=y".into(), "--flag".into()],
            projection: Some((0..45).map(Var::new).collect()),
            blocking_positive: true,
            enumerate_by_cubes: true,
            solver_options: vec![("cadical".into(), "fastelim".into(), 0)],
            prefer_solver: Some("minisat".into()),
            try_first: vec![Var::new(0).pos_lit(), Var::new(6).neg_lit()],
            relax: vec![
                vec![Var::new(2).pos_lit(), Var::new(3).pos_lit()],
                vec![Var::new(4).neg_lit()],
            ],
            ..Metadata::default()
        };
        meta.names.insert(Var::new(0), "cell(1,1)=3".into());
        meta.names.insert(Var::new(7), "edge(1,1)-(1,2)".into());
        assert_eq!(round_trip(&meta), meta);
    }

    #[test]
    fn malformed_metadata_is_rejected() {
        let mut builder = MetadataBuilder::default();
        assert!(builder.absorb("c var 0 x").is_err());
        assert!(builder.absorb("c var 1").is_err());
        assert!(builder.absorb("c var 1 -x").is_err());
        assert!(builder.absorb("c p show 1 2").is_err());
        for bad in [
            "cadical",
            "cadical fastelim",
            "cadical fastelim=x",
            "cadical =1",
            "a b=1 c",
        ] {
            assert!(
                builder.absorb(&format!("c solver-option {bad}")).is_err(),
                "{bad}"
            );
        }
        for bad in [
            "c relax ",
            "c relax 0",
            "c relax 1 x",
            "c try-first ",
            "c try-first 0",
        ] {
            assert!(builder.absorb(bad).is_err(), "{bad}");
        }
        assert!(builder.absorb("c an ordinary comment").is_ok());
    }
}
