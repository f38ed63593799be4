//! Rules: generic puzzles in solv-o-matic's rule language.
//!
//! A puzzle file draws a `layout` whose `*` are cells, gives each cell a
//! `range` of values (numbers, or letters a-z), and states rules over
//! sequences of cells picked out by `|` patterns: `sum N`, `prod N`,
//! `permutation SET`, `subset SET`, `superset SET`, `in_order`,
//! `in_reverse_order`, `word PATH` and (beyond solv-o-matic) `distinct`;
//! `initial` fixes some cells. See [`parse`] for the grammar.
//!
//! The parts: [`layout`] (the drawing and reading blocks against it),
//! [`puzzle`] (the rules and their instances), [`parse`] (the language), [`words`] (word lists),
//! [`narrow`] (the values the rules allow, before any variable), [`limits`] (how large a rule's
//! encoding may grow), [`encode`] (the
//! CNF), [`decode`] (the cell values read from a model), [`check`] (the rules, sharing nothing with the encoding) and
//! [`render`] (the solution drawn in the layout, as text and as SVG).
//!
//! ```text
//! encode-rules magic-square.txt | solve --all | decode-rules
//! encode-rules word-square.txt | solve --max 3 | decode-rules --format explain
//! ```

pub mod check;
pub mod decode;
pub mod encode;
pub mod layout;
pub mod limits;
pub mod narrow;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod words;

use crate::builder::FormulaBuilder;
use crate::error::{Error, Result};
use crate::partial::GridCell;
use crate::family::{Assignment, Family};
pub use puzzle::{Puzzle, Rule};

/// A cell value: a number (0 or more), or a letter as minus its position
/// in the alphabet (a = -1, z = -26), as solv-o-matic represents them.
pub type Value = i32;

/// How `sum` rules are encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SumEncoding {
    /// A layered automaton over the partial sums (exactly one state per
    /// layer, forward transitions, backward supports).
    #[default]
    Layers,
    /// Two pseudo-boolean bounds (rustsat's generalized totalizer).
    Pb,
}

impl SumEncoding {
    fn as_str(self) -> &'static str {
        match self {
            SumEncoding::Layers => "layers",
            SumEncoding::Pb => "pb",
        }
    }
}

/// Options of `encode-rules` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// How `sum` rules are encoded.
    #[arg(long, value_enum, default_value_t = SumEncoding::Layers)]
    pub sum_encoding: SumEncoding,
    /// Word lists given inline instead of read from files, one line each
    /// (`PATH LENGTH WORD...`, several lines per list allowed): the encoder
    /// records the lists a puzzle uses this way in the CNF header, so the
    /// decoder needs no word-list file.
    #[arg(long = "embedded-words", value_name = "PATH LENGTH WORD...", hide = true)]
    pub embedded_words: Vec<String>,
}

/// How `decode-rules` prints a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// The layout with the values filled in.
    #[default]
    Layout,
    /// The layout, then every rule instance with its values and whether it
    /// holds.
    Explain,
}

/// A solved puzzle.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// The value of each cell in text order (numbers, upper-case letters).
    pub cells: Vec<String>,
    /// The layout with the values filled in, line by line.
    pub drawing: Vec<String>,
    /// The values as numbers (letters negative), for the checker.
    #[serde(skip)]
    pub values: Vec<Value>,
}

/// The givens and rule instances that cannot all hold (a minimal set:
/// without any one of them the puzzle has a solution), one line each,
/// under a heading; nothing when the search is not possible or too long.
fn conflicting_instances(puzzle: &Puzzle, options: &Options) -> Vec<String> {
    use crate::explain::{heading, minimal_conflict, Conflict, EXPLAIN_TIME};
    let Ok((builder, groups)) = encode::encode_with_groups(puzzle, options) else {
        return Vec::new();
    };
    let formula = builder.finish();
    match minimal_conflict(&formula, &groups, EXPLAIN_TIME) {
        Ok(Conflict::Minimal(found)) if !found.is_empty() => {
            let mut lines = vec![heading(found.len())];
            lines.extend(found.iter().map(|&g| format!("  {}\n", groups[g].label)));
            // Givens come first among the groups, then the rule instances.
            let givens = puzzle.initial.iter().flatten().count();
            let blamed: Vec<&puzzle::Constraint> = found
                .iter()
                .filter_map(|&g| g.checked_sub(givens))
                .filter_map(|c| puzzle.constraints.get(c))
                .collect();
            lines.extend(overlapping_matches(&blamed));
            lines
        }
        Ok(Conflict::Minimal(_)) => {
            vec!["the ranges and the cells' values conflict by themselves\n".to_string()]
        }
        _ => Vec::new(),
    }
}

/// A note for every pattern of which two blamed matches share a cell: a
/// pattern matches at every offset where it fits, so a box pattern such as
/// `|aa` / `|aa` in an undecorated layout also matches between the boxes.
fn overlapping_matches(blamed: &[&puzzle::Constraint]) -> Vec<String> {
    let mut notes = Vec::new();
    let mut noted = std::collections::BTreeSet::new();
    let mut pairs = Vec::new();
    for a in blamed {
        for b in blamed {
            if a.block_line == b.block_line
                && a.instance < b.instance
                && b.cells.iter().any(|cell| a.cells.contains(cell))
            {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_by_key(|(a, b)| (a.block_line, a.instance, b.instance));
    for (a, b) in pairs {
        if noted.insert(a.block_line) {
            let note = format!(
                "note: the pattern at line {} matches at overlapping places (matches {} and {} \
                 share cells): a pattern matches at every offset where it fits the layout; for \
                 separate boxes give each box its own letters, or set the boxes apart in the \
                 layout with decoration (docs/rules.md, \"A sudoku\")\n",
                a.block_line, a.instance, b.instance
            );
            notes.push(note);
        }
    }
    notes
}

/// The rules family (see the module documentation).
pub struct Rules;

impl Family for Rules {
    const NAME: &'static str = "rules";
    const ABOUT: &'static str = "Reads solv-o-matic's rule language: layout, range, rule \
        (sum, prod, permutation, subset, superset, in_order, in_reverse_order, word, distinct), \
        initial. Word lists are found relative to the working directory, then to the \
        puzzle's folder and the folders above it.";
    const EXAMPLES: &'static str =
        "  encode-rules magic-square.txt | solve --all | decode-rules\n  \
        encode-rules sudoku.txt | solve --max 2 | decode-rules\n  \
        encode-rules word-square.txt | solve --max 3 | decode-rules --format explain\n  \
        encode-rules --sum-encoding pb magic-hexagon.txt | solve | decode-rules --json";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        let mut embedded = words::Embedded::default();
        for line in &options.embedded_words {
            embedded
                .absorb(line)
                .map_err(|e| Error::Usage(format!("--embedded-words: {e}")))?;
        }
        let words = if embedded.is_empty() {
            let file =
                (source_name != crate::io::STDIN_NAME).then(|| std::path::Path::new(source_name));
            parse::WordSource::Files(file)
        } else {
            parse::WordSource::Header(&embedded)
        };
        parse::parse(source_name, text, words)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        encode::encode(puzzle, options)
    }

    fn decode(
        puzzle: &Puzzle,
        _options: &Options,
        assignment: &Assignment<'_>,
    ) -> Result<Solution> {
        decode::decode(puzzle, assignment)
    }

    fn render(puzzle: &Puzzle, solution: &Solution, style: &Style) -> String {
        match style {
            Style::Layout => render::render(puzzle, &solution.values),
            Style::Explain => render::explain(puzzle, &solution.values),
        }
    }

    fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
        render::svg(puzzle, &solution.values)
    }

    fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        puzzle
            .layout
            .cells
            .iter()
            .zip(&solution.cells)
            .map(|(at, value)| GridCell::new(at.row, at.col, value.clone()))
            .collect()
    }

    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<String> {
        let mut reasons = Vec::new();
        for (cell, given) in puzzle.initial.iter().enumerate() {
            if let Some(given) = given {
                if !puzzle.domains[cell].contains(&given.value) {
                    reasons.push(format!(
                        "initial (line {}) gives the cell at {} the value {}, outside its range {} (line {})\n",
                        given.line,
                        puzzle.layout.describe_cell(cell),
                        parse::show_value(given.value),
                        parse::show_set(&puzzle.domains[cell]),
                        puzzle.range_lines[cell]
                    ));
                }
            }
        }
        for constraint in &puzzle.constraints {
            let rule = &puzzle.rules[constraint.rule];
            if let Rule::Word(list) = rule.rule {
                if puzzle.word_lists[list]
                    .words(constraint.cells.len())
                    .is_empty()
                {
                    reasons.push(format!(
                        "rule {} (line {}): the list has no word of {} letters (pattern at line {})\n",
                        rule.text,
                        rule.line,
                        constraint.cells.len(),
                        constraint.block_line
                    ));
                }
            }
        }
        if reasons.is_empty() {
            reasons.extend(conflicting_instances(puzzle, options));
        }
        (!reasons.is_empty()).then(|| reasons.concat())
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        check::check(puzzle, &solution.values)
    }
}
