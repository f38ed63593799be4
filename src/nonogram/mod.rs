//! Nonograms (griddlers, paint by numbers): fill cells black so that every
//! row and column shows its clue, the lengths of its runs of black cells.
//! In colour nonograms every block has a colour too: blocks of different
//! colours may touch, blocks of the same colour need a gap.
//!
//! ```text
//! encode-nonogram dog.non | solve --max 2 | decode-nonogram
//! ```
//!
//! - [`puzzle`]: the clues and where each was read;
//! - [`formats`]: the clue file formats (griddler, `.non`, `.nin`,
//!   picross-solver, webpbn XML), detected from the content;
//! - [`xml`]: the webpbn XML format, read and written;
//! - [`url`]: puzz.link URLs (genre `nonogram`), read and written;
//! - [`linesolver`]: the exact line solver and the presolve fixpoint;
//! - [`colourline`]: the same for colour puzzles;
//! - [`encode`]: the block-start encoding and the automaton alternative;
//! - [`decode`]: the grid read from a model;
//! - [`check`]: the independent check of a solved grid;
//! - [`render`]: the drawing styles.

pub mod check;
pub mod colourline;
pub mod decode;
pub mod encode;
pub mod formats;
pub mod linesolver;
mod non;
pub mod puzzle;
pub mod render;
pub mod url;
pub mod xml;

use crate::explain::{describe_builder, Explanation};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::error::Result;
use crate::partial::GridCell;
use crate::family::{Assignment, Family};
pub use encode::Encoding;
pub use formats::Format;
pub use puzzle::{Cell, Puzzle};
pub use render::Style;

/// A solved grid, row-major: each cell empty (`None`) or the index of its
/// colour in [`Puzzle::colours`] (`Some(0)` is black in a black-and-white
/// puzzle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// How each colour is written in text (`#` for the one colour of a
    /// black-and-white puzzle, else the colours' symbols); `.` is empty.
    pub symbols: Vec<char>,
}

impl Grid {
    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> + '_ {
        self.cells.chunks(self.width.max(1))
    }

    /// How `cell` is written in text: `.` empty, else its colour's symbol.
    pub fn symbol(&self, cell: Cell) -> char {
        cell.map_or('.', |k| self.symbols.get(k).copied().unwrap_or('?'))
    }

    /// The symbols [`Grid::symbols`] of `puzzle`'s colours.
    pub fn symbols_of(puzzle: &Puzzle) -> Vec<char> {
        if puzzle.is_colour() {
            puzzle.colours.iter().map(|c| c.symbol).collect()
        } else {
            vec!['#']
        }
    }
}

impl serde::Serialize for Grid {
    /// `{"height": H, "width": W, "rows": ["#..#", ...]}` (colour
    /// puzzles: the colours' symbols instead of `#`).
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let rows: Vec<String> = self
            .rows()
            .map(|row| row.iter().map(|&cell| self.symbol(cell)).collect())
            .collect();
        let mut s = serializer.serialize_struct("Grid", 3)?;
        s.serialize_field("height", &self.height)?;
        s.serialize_field("width", &self.width)?;
        s.serialize_field("rows", &rows)?;
        s.end()
    }
}

/// Options of `encode-nonogram` (recorded in the CNF header).
#[derive(Debug, Clone, clap::Args)]
pub struct Options {
    /// The clue file format.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    pub format: Format,
    /// Which grid of a picross-solver file with several (default: the first).
    #[arg(long, value_name = "NAME")]
    pub grid: Option<String>,
    /// How each row and column is tied to its clue.
    #[arg(long, value_enum, default_value_t = Encoding::Starts)]
    pub encoding: Encoding,
    /// No presolve. By default each line is solved to a fixpoint first:
    /// fixed cells become unit clauses and only block starts that agree
    /// with them get variables.
    #[arg(long)]
    pub no_presolve: bool,
    /// The older spelling of --no-presolve: `--presolve false` (or
    /// `true`), still read from command lines and stream headers.
    #[arg(long = "presolve", value_name = "BOOL", hide = true, conflicts_with = "no_presolve")]
    pub presolve_legacy: Option<bool>,
    /// Line solving only: no probing after the presolve's fixpoint (by
    /// default black-and-white puzzles are probed: each undecided cell
    /// tried both ways, keeping what one try refutes or both agree on).
    #[arg(long)]
    pub no_probe: bool,
    /// At-most-one encoding of each block's start positions.
    #[arg(long, value_enum, default_value_t = AtMostOne::Ladder)]
    pub amo: AtMostOne,
    /// Which URL of a file of puzz.link URLs (1-based; default: the
    /// first).
    #[arg(long, value_name = "N")]
    pub puzzle: Option<usize>,
    /// Every URL of a file of puzz.link URLs, one formula each in one
    /// stream (`solve` and `decode-nonogram` take them in turn).
    #[arg(long, conflicts_with = "puzzle")]
    pub all_puzzles: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            format: Format::Auto,
            grid: None,
            encoding: Encoding::Starts,
            no_presolve: false,
            presolve_legacy: None,
            no_probe: false,
            amo: AtMostOne::Ladder,
            puzzle: None,
            all_puzzles: false,
        }
    }
}

impl Options {
    /// Whether the presolve runs: unless `--no-presolve` (or the older
    /// `--presolve false`).
    pub fn presolve(&self) -> bool {
        !self.no_presolve && self.presolve_legacy != Some(false)
    }
}

/// The nonogram family (see the module documentation).
pub struct Nonogram;impl Family for Nonogram {
    const NAME: &'static str = "nonogram";
    const ABOUT: &'static str = "Reads griddler (`g H W`), .non (also colour), .nin, \
        picross-solver and webpbn XML (also colour) files, and puzz.link URLs (genre nonogram; \
        given as the argument, or one a line in a file: --puzzle N, --all-puzzles); the cells \
        cell(r,c) (colour puzzles: cell(r,c)=COLOUR) are the projection set.";
    const EXAMPLES: &'static str = "  encode-nonogram dog.non | solve | decode-nonogram\n  \
        encode-nonogram p.non | solve --max 2 | decode-nonogram   # unique?\n  \
        encode-nonogram katakana.txt | solve --all | decode-nonogram --format bits\n  \
        encode-nonogram tests.txt --grid Dots | solve --external minisat | decode-nonogram\n  \
        encode-nonogram p.non --encoding dfa --no-presolve | cnf-stats\n  \
        encode-nonogram flag.xml | solve --all | decode-nonogram --svg flag.svg   # colour\n  \
        encode-nonogram p.non | solve | decode-nonogram --format xml > p.xml\n  \
        encode-nonogram https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h | solve | decode-nonogram";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Grid;
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
        formats::parse_selected(
            source_name,
            text,
            options.format,
            options.grid.as_deref(),
            options.puzzle.unwrap_or(1),
        )
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        let config = encode::Config {
            encoding: options.encoding,
            presolve: options.presolve(),
            probe: options.presolve() && !options.no_probe,
            amo: options.amo,
        };
        if puzzle.is_colour() && options.encoding == Encoding::Dfa {
            return Err(crate::error::Error::Usage(
                "--encoding dfa reads black-and-white puzzles only; this one has colours"
                    .to_string(),
            ));
        }
        Ok(encode::encode(puzzle, &config))
    }

    fn decode(puzzle: &Puzzle, _options: &Options, assignment: &Assignment<'_>) -> Result<Grid> {
        decode::decode(puzzle, assignment)
    }

    fn is_machine_format(style: &Style) -> bool {
        matches!(style, Style::Non | Style::Xml)
    }

    fn render(puzzle: &Puzzle, solution: &Grid, style: &Style) -> String {
        render::render(puzzle, solution, *style)
    }

    fn svg(puzzle: &Puzzle, solution: &Grid) -> String {
        render::svg(puzzle, solution)
    }

    fn cells(_puzzle: &Puzzle, solution: &Grid) -> Vec<GridCell> {
        let width = solution.width.max(1);
        solution
            .cells
            .iter()
            .enumerate()
            .map(|(i, &cell)| GridCell::new(i / width, i % width, solution.symbol(cell)))
            .collect()
    }

    /// The rows and columns whose clues cannot hold together, found on
    /// the encoding without presolve (which would decide the clash
    /// before any clue is blamed).
    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
        let plain = Options {
            no_presolve: true,
            presolve_legacy: None,
            ..options.clone()
        };
        describe_builder(Self::encode(puzzle, &plain).ok()?)
    }

    /// With the presolve, the cells it decides (and what they force) leave
    /// the formula for the header's `c fixed` lines.
    fn fix_forced(options: &Options) -> bool {
        options.presolve()
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Grid,
    ) -> std::result::Result<(), String> {
        check::check(puzzle, solution)
    }
}
