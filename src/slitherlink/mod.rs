//! Slitherlink: draw one closed loop along the edges of a grid of dots;
//! a number in a cell says how many of its four sides the loop uses.
//!
//! The parts: [`puzzle`] (the grid, its lattice of dots and edges, a
//! solution), [`parse`] (the text format, and puzz.link URLs by
//! [`url`]), [`encode`] (edge variables, clue cardinalities and the shared
//! loop constraint of [`crate::cycle`]), [`presolve`] (the standard forced
//! moves), [`decode`], [`check`] (the rules, sharing nothing with the
//! encoding) and [`render`].
//!
//! ```text
//! encode-slitherlink p.txt | solve | decode-slitherlink
//! encode-slitherlink p.txt | solve --max 2 | decode-slitherlink   # unique?
//! encode-slitherlink https://puzz.link/p?slither/5/5/cbcbcddad | solve | decode-slitherlink
//! ```

pub mod check;
pub mod decode;
pub mod encode;
pub mod parse;
pub mod presolve;
pub mod puzzle;
pub mod render;
pub mod url;

use crate::builder::FormulaBuilder;
use crate::error::Result;
use crate::explain::{describe_builder, Explanation};
use crate::family::{Assignment, Family, GridSpans, Part};
use crate::partial::GridCell;
pub use puzzle::{Clue, Edge, Format, Puzzle, Solution};
pub use render::Style;

/// Options of `encode-slitherlink` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// No presolve. By default the standard forced moves (0s, 3s side by
    /// side and diagonal, 1s, 2s and 3s in corners) and what failed-literal
    /// probing finds are added as unit clauses; no answer or count changes.
    #[arg(long)]
    pub no_presolve: bool,
    /// Which puzzle of a file of several grids or URLs (1-based).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub puzzle: usize,
    /// Every puzzle of a file of several grids or URLs, one formula each
    /// in one stream (`solve` and `decode-slitherlink` take them in turn).
    #[arg(long)]
    pub all_puzzles: bool,
}

/// The Slitherlink family (see the module documentation).
pub struct Slitherlink;
impl Family for Slitherlink {
    const NAME: &'static str = "slitherlink";
    const ABOUT: &'static str = "Reads rows of cells (0-4: a clue, '.': none, '?': a hidden clue; \
        spaces between cells allowed, # comments) and puzz.link URLs of the genre slither (given \
        as the argument, or one a line in a file).";
    const EXAMPLES: &'static str = "  encode-slitherlink p.txt | solve | decode-slitherlink\n  \
        encode-slitherlink p.txt | solve --max 2 | decode-slitherlink\n  \
        encode-slitherlink https://puzz.link/p?slither/5/5/cbcbcddad | solve | decode-slitherlink\n  \
        encode-slitherlink p.txt | solve --backbone | decode-slitherlink\n  \
        encode-slitherlink p.txt | solve --max 2 | decode-slitherlink --diff\n  \
        encode-slitherlink p.txt | solve --count\n  \
        encode-slitherlink --no-presolve p.txt | solve --all | decode-slitherlink --svg loops.svg\n  \
        encode-slitherlink --all-puzzles urls.txt | solve | decode-slitherlink";
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
        Ok(encode::encode(puzzle, !options.no_presolve))
    }

    fn decode(puzzle: &Puzzle, _options: &Options, assignment: &Assignment<'_>) -> Result<Solution> {
        decode::decode(puzzle, assignment)
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

    /// The text drawing's positions: each edge compared by whether the
    /// loop uses it, the dots and the clues.
    fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        render::cells(puzzle, solution)
    }

    /// The clues that cannot all hold, found on the encoding without
    /// presolve (whose forced edges would decide the clash before any
    /// clue is blamed).
    fn no_solution(puzzle: &Puzzle, _options: &Options) -> Option<Explanation> {
        describe_builder(encode::encode(puzzle, false))
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        check::check(puzzle, solution)
    }
}
