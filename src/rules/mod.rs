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
//! [`render`] (the solution drawn in the layout, as text and as SVG); [`why`] says why a puzzle
//! has no solution; [`sudoku_url`] reads and writes sudokus as puzz.link URLs (a URL is
//! read as the rule text of its sudoku).
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
pub mod sudoku_url;
pub mod why;
pub mod words;

use crate::explain::Explanation;
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
    /// Which URL of a file of puzz.link sudoku URLs (1-based; default:
    /// the first).
    #[arg(long, value_name = "N")]
    pub puzzle: Option<usize>,
    /// Every URL of a file of puzz.link sudoku URLs, one formula each in
    /// one stream (`solve` and `decode-rules` take them in turn).
    #[arg(long, conflicts_with = "puzzle")]
    pub all_puzzles: bool,
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

/// The rules family (see the module documentation).
pub struct Rules;

impl Family for Rules {
    const NAME: &'static str = "rules";
    const ABOUT: &'static str = "Reads solv-o-matic's rule language: layout, range, rule \
        (sum, prod, permutation, subset, superset, in_order, in_reverse_order, word, distinct), \
        initial. Word lists are found relative to the working directory, then to the \
        puzzle's folder and the folders above it. A puzz.link sudoku URL (as the argument, or \
        one a line in a file: --puzzle N, --all-puzzles) is read as the rules of its sudoku.";
    const EXAMPLES: &'static str =
        "  encode-rules magic-square.txt | solve --all | decode-rules\n  \
        encode-rules sudoku.txt | solve --max 2 | decode-rules\n  \
        encode-rules word-square.txt | solve --max 3 | decode-rules --format explain\n  \
        encode-rules --sum-encoding pb magic-hexagon.txt | solve | decode-rules --json\n  \
        encode-rules https://puzz.link/p?sudoku/4/4/g1k23k3g | solve --max 2 | decode-rules";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn parts(
        source_name: &str,
        text: &str,
        options: &Options,
    ) -> Result<Option<Vec<crate::family::Part<Options>>>> {
        Ok(crate::puzzlink::parts(
            source_name,
            text,
            options.puzzle.unwrap_or(1),
            options.all_puzzles,
            |number| Options {
                puzzle: Some(number),
                all_puzzles: false,
                ..options.clone()
            },
            &[("puzzle", None), ("all-puzzles", None)],
        ))
    }

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        let index = options.puzzle.unwrap_or(1);
        if let Some(rules) = sudoku_url::expand(source_name, text, index)? {
            return parse::parse(source_name, &rules, parse::WordSource::Files(None));
        }
        if index != 1 || options.all_puzzles {
            return Err(Error::Usage(format!(
                "--puzzle and --all-puzzles pick URLs of a file of puzz.link URLs; \
                 {source_name} is in the rule language"
            )));
        }
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

    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
        why::why_none(puzzle, options)
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        check::check(puzzle, &solution.values)
    }
}
