//! The comment header of a CNF stream: what it says about the formula
//! (family, encoder, options, puzzle, names, decided variables,
//! projection, hints for `solve`), read line by line
//! ([`MetadataBuilder`]) and written back ([`Metadata::to_comment_lines`]).

use super::fixed::Fixed;
use crate::names::{self, Block, Names};
use rustsat::types::{Lit, Var};

/// The keywords of the comment lines [`MetadataBuilder::absorb`] reads
/// (after `c `).
const KEYWORDS: &[&str] = &[
    "puzzle",
    "family ",
    "encoder ",
    "option ",
    "blocking positive",
    "enumeration cubes",
    "try-first ",
    "relax ",
    "prefer-solver ",
    "solver-option ",
    "var ",
    "vars ",
    "fixed ",
    "p show",
];

/// True when the comment `line` (from its `c`) is one the header metadata
/// reads: a reader may skip any other comment, but not such a line.
pub fn is_metadata_line(line: &str) -> bool {
    let body = line.strip_prefix('c').unwrap_or(line);
    let body = body.strip_prefix(' ').unwrap_or(body);
    KEYWORDS.iter().any(|k| body.trim_start().starts_with(k))
}

/// What a CNF stream says about itself in its comment header.
///
/// Rendered as `c family ...`, `c encoder ...`, `c option ARGUMENT`,
/// `c puzzle LINE` (the puzzle verbatim), `c var N NAME` and `c vars
/// FIRST PATTERN RANGE...` (names), `c fixed FIRST VALUES` (decided
/// variables) and `c p show V... 0`; see [`Metadata::to_comment_lines`].
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
    pub names: Names,
    /// Variables whose value the encoder decided (`c fixed`): they occur
    /// in no clause, and a model need not list them.
    pub fixed: Fixed,
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
    pub fn name(&self, var: Var) -> Option<std::borrow::Cow<'_, str>> {
        self.names.get(var)
    }

    /// An index from names to variables; an error when one name is
    /// given to two variables.
    pub fn name_index(&self) -> Result<names::NameIndex<'_>, String> {
        self.names.index()
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
        // Blocks and single names in the order of their variables.
        let singles = self.names.singles();
        let mut singles = singles.iter().peekable();
        for block in self.names.blocks() {
            while let Some((var, name)) = singles.next_if(|(v, _)| v.idx32() < block.first()) {
                lines.push(format!("c var {} {name}", var.to_ipasir()));
            }
            lines.push(format!("c vars {block}"));
        }
        for (var, name) in singles {
            lines.push(format!("c var {} {name}", var.to_ipasir()));
        }
        lines.extend(self.fixed.to_comment_lines(|var| {
            let block = self
                .names
                .blocks()
                .iter()
                .find(|b| b.contains(var.idx32()))?;
            let offset = var.idx32() - block.first();
            let row = block.row_len();
            Some((block.first() + (offset / row + 1) * row) as usize)
        }));
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
            self.meta.names.insert(var, name.to_string())?;
        } else if let Some(rest) = body.strip_prefix("vars ") {
            self.meta.names.add_block(Block::parse(rest)?)?;
        } else if let Some(rest) = body.strip_prefix("fixed ") {
            self.meta.fixed.absorb(rest)?;
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

    /// The fixed variables as read so far.
    pub fn fixed(&self) -> &super::Fixed {
        &self.meta.fixed
    }

    /// The name of `var` as read so far.
    pub fn name(&self, var: Var) -> Option<std::borrow::Cow<'_, str>> {
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
        meta.names
            .insert(Var::new(0), "cell(1,1)=3".into())
            .expect("new");
        meta.names
            .insert(Var::new(7), "edge(1,1)-(1,2)".into())
            .expect("new");
        meta.names
            .add_block(Block::parse("9 rank(r,c,i) r=1..2 c=1..3 i=0..1").expect("block"))
            .expect("new");
        meta.names
            .insert(Var::new(30), "after".into())
            .expect("new");
        meta.fixed.set(Var::new(20), true).expect("new");
        meta.fixed.set(Var::new(22), false).expect("new");
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
