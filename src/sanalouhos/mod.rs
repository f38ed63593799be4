//! Sanalouhos (Helsingin Sanomat's daily word grid): cover a grid of
//! letters exactly by dictionary words, each word a simple path through
//! the 8-neighbourhood (horizontal, vertical, diagonal steps).
//!
//! The set of cells a word covers is a *tile*; words and paths over the
//! same cells are one tile, and a solution is a set of tiles that covers
//! every cell once (`--distinct words|paths` count finer).
//!
//! ```text
//! encode-sanalouhos TMSIIOULKNIEKIAITTAONTTIMAAOTI | solve | decode-sanalouhos
//! encode-sanalouhos --mode all LETTERS | solve --all | decode-sanalouhos
//! encode-sanalouhos --mode least-words LETTERS | solve   # o N: N words
//! encode-sanalouhos --date 18.4.2024 | solve | decode-sanalouhos
//! ```
//!
//! - [`grid`]: the letters, and [`puzzle`]: the puzzle with what it
//!   spells, and a solution;
//! - [`parse`]: reading them (a string, `/`-separated rows, or a file);
//! - [`daily`]: the day's puzzle fetched from Helsingin Sanomat's API
//!   (`--date D.M.YYYY|today`);
//! - [`lexicon`]: the word list (built-in Kotus v1) and the trie;
//! - [`search`]: the trie-guided path search, paths grouped into tiles;
//! - [`encode`]: exactly one tile per cell, the word-count objectives;
//! - [`decode`]: the cover read from a model;
//! - [`check`]: the independent check of a solution;
//! - [`render`]: the original's layout, and the SVG picture.

pub mod check;
pub mod daily;
pub mod decode;
pub mod encode;
pub mod grid;
pub mod lexicon;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod search;

use crate::explain::Explanation;
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::error::{Error, Result};
use crate::partial::GridCell;
use crate::family::{Assignment, Family};
pub use encode::{Choice, Distinct, Mode};
pub use grid::Grid;
pub use puzzle::{PlacedTile, PlacedWord, Puzzle, Solution};
pub use render::Style;
use std::path::PathBuf;

/// Options of `encode-sanalouhos` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// The width (letters a row) of a grid given as one string of letters
    /// (default 5; `--cols` is the older name).
    #[arg(long = "width", alias = "cols", value_name = "W", value_parser = clap::value_parser!(u16).range(1..))]
    pub cols: Option<u16>,
    /// The height (rows) of a grid given as one string of letters
    /// (default 6; `--rows` is the older name).
    #[arg(long = "height", alias = "rows", value_name = "H", value_parser = clap::value_parser!(u16).range(1..))]
    pub rows: Option<u16>,
    /// Fetch the day's puzzle from Helsingin Sanomat's API instead of
    /// reading one: D.M.YYYY (e.g. 18.4.2024), or 'today' (the date in
    /// Finland). The base address is overridden by the environment variable
    /// SATPIPE_SANALOUHOS_API. The letters are stored in the CNF header, so
    /// decoding needs no network.
    #[arg(long, value_name = "D.M.YYYY|today", conflicts_with = "input")]
    pub date: Option<daily::DateArg>,
    /// Word list, one word a line (default: the built-in Kotus v1 list of
    /// instances/sanalouhos/wordlists/). The decoder reads it again.
    #[arg(long, value_name = "FILE")]
    pub words: Option<PathBuf>,
    /// What to ask for: any cover, all covers (solve --all), or the
    /// fewest/most words (WCNF; least-words: `o N` is the word count;
    /// most-words: rows*cols - N is).
    #[arg(long, value_enum, default_value_t = Mode::Any)]
    pub mode: Mode,
    /// When two solutions differ: by their tiles (cell sets), also by the
    /// word on each tile, or also by each word's path.
    #[arg(long, value_enum, default_value_t = Distinct::Tiles)]
    pub distinct: Distinct,
    /// At-most-one encoding of each cell's covering choices.
    #[arg(long, value_enum, default_value_t = AtMostOne::Bimander)]
    pub amo: AtMostOne,
}

/// The Sanalouhos family (see the module documentation).
pub struct Sanalouhos;
impl Family for Sanalouhos {
    const NAME: &'static str = "sanalouhos";
    const ABOUT: &'static str = "Takes the letters as a string (row by row, --width/--height, \
        5 x 6 by default), as rows separated by '/', or as a file with one row a line, \
        or fetches the day's grid with --date D.M.YYYY|today; \
        words from --words FILE or the built-in Kotus list.";
    const EXAMPLES: &'static str = "  encode-sanalouhos TMSIIOULKNIEKIAITTAONTTIMAAOTI | solve | decode-sanalouhos\n  \
        encode-sanalouhos --mode all TMSIIOULKNIEKIAITTAONTTIMAAOTI | solve --all | decode-sanalouhos\n  \
        encode-sanalouhos --mode least-words PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET | solve | grep '^o'\n  \
        encode-sanalouhos --date today | solve | decode-sanalouhos\n  \
        encode-sanalouhos --mode most-words grid.txt | solve | decode-sanalouhos --format words\n  \
        encode-sanalouhos --words my-words.txt --distinct paths ABC/DEF | solve --all | decode-sanalouhos --json";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn puzzle_text(argument: Option<&str>, options: &Options) -> Result<Option<(String, String)>> {
        if let Some(date) = options.date {
            // clap rejects --date with a puzzle argument; this is the same
            // rule for callers that build the options themselves.
            if let Some(argument) = argument {
                return Err(Error::Usage(format!(
                    "--date fetches the puzzle; '{argument}' is a puzzle too: give one or the other"
                )));
            }
            return daily::fetch(date.date()).map(Some);
        }
        match argument {
            Some(text) if grid::is_inline(text) => {
                Ok(Some(("<command line>".to_string(), text.to_string())))
            }
            // Neither a file nor a grid: say both, and what a grid holds.
            Some(text) => {
                let wrong = text
                    .chars()
                    .find(|c| !c.is_alphabetic() && *c != '/')
                    .map_or(String::new(), |c| format!(" ('{c}' is not a letter)"));
                Err(Error::Usage(format!(
                    "'{text}' is no file, and not a grid of letters either{wrong}: a grid on \
                     the command line holds letters only, its rows one after the other \
                     (--width/--height) or split by '/', as in ABCDE/FGHIJ"
                )))
            }
            None => Ok(None),
        }
    }

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        Puzzle::new(source_name, text, options)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        Ok(encode::encode(
            &puzzle.grid,
            &puzzle.found,
            &puzzle.choices,
            options.mode,
            options.amo,
        ))
    }

    fn decode(
        puzzle: &Puzzle,
        _options: &Options,
        assignment: &Assignment<'_>,
    ) -> Result<Solution> {
        decode::decode(puzzle, assignment)
    }

    fn render(puzzle: &Puzzle, solution: &Solution, style: &Style) -> String {
        render::render(&puzzle.grid, solution, *style)
    }

    fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
        render::svg(&puzzle.grid, solution)
    }

    /// A cell shows its letter and is compared by the cells of the tile
    /// that covers it.
    fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
        let grid = &puzzle.grid;
        let mut tile_of = vec![String::new(); grid.len()];
        for tile in &solution.tiles {
            let key = format!("{:?}", tile.cells);
            for &[r, c] in &tile.cells {
                if let Some(slot) = tile_of.get_mut(r * grid.cols + c) {
                    slot.clone_from(&key);
                }
            }
        }
        (0..grid.len())
            .map(|cell| {
                let (r, c) = grid.position(cell);
                GridCell::keyed(r, c, grid.letter(cell).to_string(), tile_of[cell].clone())
            })
            .collect()
    }

    fn preamble(
        puzzle: &Puzzle,
        _options: &Options,
        solutions: usize,
        complete: bool,
    ) -> Option<String> {
        Some(render::preamble(
            &puzzle.grid,
            puzzle.found.words.len(),
            puzzle.found.tiles.len(),
            puzzle.found.paths(),
            complete.then_some(solutions),
        ))
    }

    fn no_solution(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
        let uncovered = puzzle.uncovered();
        if uncovered.is_empty() {
            let mut explanation = Explanation::text(format!(
                "every cell is in some word ({} tiles), but no set of them covers the grid exactly",
                puzzle.found.tiles.len()
            ));
            // The cells that cannot all be covered once: the encoder
            // groups each cell's exactly-one constraint.
            if let Some(why) =
                crate::explain::describe_builder(Self::encode(puzzle, options).ok()?)
            {
                explanation.append(why);
            }
            return Some(explanation);
        }
        let cells: Vec<String> = uncovered
            .iter()
            .map(|&cell| format!("{} {}", puzzle.grid.label(cell), puzzle.grid.letter(cell)))
            .collect();
        let heading = match cells.len() {
            1 => "no word covers this cell:".to_string(),
            n => format!("no word covers these {n} cells:"),
        };
        Some(Explanation::list(heading, cells))
    }

    fn check(
        puzzle: &Puzzle,
        _options: &Options,
        solution: &Solution,
    ) -> std::result::Result<(), String> {
        let dictionary = puzzle
            .dictionary
            .get_or_init(|| check::Dictionary::new(&puzzle.word_list.text, &puzzle.grid));
        check::check(&puzzle.grid, dictionary, solution)
    }
}
