//! Masyu: draw one closed loop through orthogonally adjacent cells that
//! passes every circle; straight through a white circle, turning in the
//! cell before or after it (or both); turning on a black circle, straight
//! on through the cells on both sides of it.
//!
//! The parts: [`puzzle`] (the grid and its circles), [`parse`] (the plain
//! text format, puzz.link URLs, Tatham's game IDs), [`url`] (the genre
//! `mashu`), [`encode`] (segments, the shared loop constraint of
//! [`crate::cycle`], the circles' rules), the presolve of forced moves,
//! [`decode`], [`check`] (the rules, sharing nothing with the encoding)
//! and [`render`].
//!
//! ```text
//! encode-masyu p.txt | solve --max 2 | decode-masyu   # unique?
//! ```

pub mod check;
pub mod decode;
pub mod encode;
mod grid;
pub mod parse;
mod presolve;
pub mod puzzle;
pub mod render;
pub mod url;

use crate::builder::FormulaBuilder;
use crate::error::Result;
use crate::explain::{describe_builder, Explanation};
use crate::family::{Assignment, Family, GridSpans, Part};
use crate::partial::GridCell;
pub use puzzle::{Cell, Circle, Format, Puzzle};

/// Options of `encode-masyu` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// No presolve. By default the standard forced moves (black circles
    /// at the border or next to each other, white circles at the border
    /// or three in a row, cells with one way on) are decided first and
    /// added as unit clauses; no answer or count changes.
    #[arg(long)]
    pub no_presolve: bool,
    /// Which puzzle of a file of URLs or of grids separated by blank
    /// lines (1-based).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub puzzle: usize,
    /// Every puzzle of a file of URLs or grids, one formula each in one
    /// stream.
    #[arg(long)]
    pub all_puzzles: bool,
}

impl Options {
    /// Whether the presolve runs (unless `--no-presolve`).
    pub fn presolve(&self) -> bool {
        !self.no_presolve
    }
}

/// How `decode-masyu` draws a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// The loop in box-drawing characters, the circles on it (`○`, `●`).
    #[default]
    Loop,
    /// An SVG picture (redirect to a file; or use `--svg FILE`).
    Svg,
    /// The solution as one JSON object a line (`edges`).
    Json,
}

/// A solved puzzle: the loop's segments.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// The segments between orthogonally adjacent cells, as pairs of
    /// 0-based `(row, column)` cells, the upper or left cell first.
    pub edges: Vec<[Cell; 2]>,
}

/// The Masyu family (see the module documentation).
pub struct Masyu;
impl Family for Masyu {
    const NAME: &'static str = "masyu";
    const ABOUT: &'static str = "Reads rows of W (white circle), B (black circle) and . (empty \
        cell; also o, x, -), puzz.link URLs of the genre mashu (given as the argument, or one a \
        line in a file; --puzzle N, --all-puzzles) and game IDs of Simon Tatham's pearl \
        (6x6:...).";
    const EXAMPLES: &'static str = "  encode-masyu p.txt | solve | decode-masyu\n  \
        encode-masyu p.txt | solve --max 2 | decode-masyu\n  \
        encode-masyu https://puzz.link/p?mashu/6/6/1063000i3000 | solve --max 2 | decode-masyu\n  \
        encode-masyu p.txt | solve --backbone | decode-masyu\n  \
        encode-masyu --no-presolve p.txt | solve --all | decode-masyu --count\n  \
        encode-masyu p.txt | solve | decode-masyu --svg p.svg";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn parts(
        source_name: &str,
        text: &str,
        options: &Options,
    ) -> Result<Option<Vec<Part<Options>>>> {
        let options_for = |number: usize| Options {
            puzzle: number,
            all_puzzles: false,
            ..options.clone()
        };
        crate::family::collection_parts(
            source_name,
            text,
            (options.puzzle, options.all_puzzles),
            options_for,
            |text| GridSpans {
                spans: parse::grid_spans(text),
                complete: true,
            },
        )
    }

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        parse::parse(source_name, text, options.puzzle)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        Ok(encode::encode(puzzle, options))
    }

    fn decode(puzzle: &Puzzle, _options: &Options, assignment: &Assignment<'_>) -> Result<Solution> {
        Ok(decode::decode(puzzle, assignment))
    }

    fn is_machine_format(style: &Style) -> bool {
        matches!(style, Style::Svg | Style::Json)
    }

    fn render(puzzle: &Puzzle, solution: &Solution, style: &Style) -> String {
        render::render(puzzle, solution, *style)
    }

    fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
        render::svg(puzzle, solution)
    }

    /// A cell shows the loop's glyph there (`·` off the loop).
    fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        render::links(puzzle, solution)
            .into_iter()
            .enumerate()
            .map(|(i, link)| {
                GridCell::new(i / puzzle.cols, i % puzzle.cols, render::glyph(link).to_string())
            })
            .collect()
    }

    /// The circles that cannot all be passed together, found on the
    /// encoding without presolve (whose forced segments would decide the
    /// clash before any circle is blamed).
    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
        let plain = Options {
            no_presolve: true,
            ..options.clone()
        };
        describe_builder(Self::encode(puzzle, &plain).ok()?)
    }

    /// With the presolve, the segments it decides leave the formula for
    /// the header's `c fixed` lines.
    fn fix_forced(options: &Options) -> bool {
        options.presolve()
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        check::check(puzzle, solution)
    }
}
