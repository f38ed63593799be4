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
//! ```
//!
//! - [`grid`]: the letters;
//! - [`parse`]: reading them (a string, `/`-separated rows, or a file);
//! - [`lexicon`]: the word list (built-in Kotus v1) and the trie;
//! - [`search`]: the trie-guided path search, paths grouped into tiles;
//! - [`encode`]: exactly one tile per cell, the word-count objectives;
//! - [`decode`]: the cover read from a model;
//! - [`check`]: the independent check of a solution;
//! - [`render`]: the original's layout.

pub mod check;
pub mod decode;
pub mod encode;
pub mod grid;
pub mod lexicon;
pub mod parse;
pub mod render;
pub mod search;

use crate::builder::{AtMostOne, FormulaBuilder};
use crate::error::Result;
use crate::family::{Assignment, Family};
pub use encode::{Choice, Distinct, Mode};
pub use grid::Grid;
use lexicon::{Trie, WordList};
pub use render::Style;
use search::Found;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

/// Options of `encode-sanalouhos` (recorded in the CNF header).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Options {
    /// Rows of a grid given as one string of letters (default 6).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub rows: Option<u16>,
    /// Columns of a grid given as one string of letters (default 5).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub cols: Option<u16>,
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

/// A parsed grid with everything it spells.
#[derive(Debug)]
pub struct Puzzle {
    /// The letters.
    pub grid: Grid,
    /// The word list.
    pub word_list: WordList,
    /// The tiles and words the grid spells.
    pub found: Found,
    /// The encoding's variables.
    pub choices: Vec<Choice>,
    /// Variable name to index into `choices`.
    by_name: HashMap<String, usize>,
    /// The checker's own view of the word list, read on first use.
    dictionary: OnceLock<check::Dictionary>,
}

impl Puzzle {
    /// Reads the grid and the word list, and finds the words.
    pub fn new(source: &str, text: &str, options: &Options) -> Result<Puzzle> {
        let shape = grid::Shape {
            rows: options.rows.map(usize::from),
            cols: options.cols.map(usize::from),
        };
        let grid = grid::parse(source, text, shape)?;
        let word_list = WordList::load(options.words.as_deref())?;
        let trie = Trie::for_grid(&word_list, &grid);
        let found = search::find_words(&grid, &trie);
        let choices = encode::choices(&found, options.distinct);
        let by_name = choices
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        Ok(Puzzle {
            grid,
            word_list,
            found,
            choices,
            by_name,
            dictionary: OnceLock::new(),
        })
    }

    /// The cells that no word covers (the grid has no solution if any).
    pub fn uncovered(&self) -> Vec<usize> {
        let mut covered = vec![false; self.grid.len()];
        for tile in &self.found.tiles {
            for &cell in &tile.cells {
                covered[cell] = true;
            }
        }
        (0..self.grid.len()).filter(|&c| !covered[c]).collect()
    }

    /// The solution that a set of chosen choices stands for.
    pub fn solution(&self, chosen: &[usize]) -> Solution {
        let position = |cell: usize| {
            let (r, c) = self.grid.position(cell);
            [r, c]
        };
        let mut tiles: Vec<PlacedTile> = chosen
            .iter()
            .map(|&i| {
                let choice = &self.choices[i];
                let tile = &self.found.tiles[choice.tile];
                let mut words: Vec<PlacedWord> = Vec::new();
                for &s in &choice.spellings {
                    let spelling = &tile.spellings[s];
                    if words.last().is_some_and(|w| w.word == spelling.word) {
                        continue;
                    }
                    words.push(PlacedWord {
                        word: spelling.word.clone(),
                        path: spelling.path.iter().map(|&c| position(c)).collect(),
                    });
                }
                PlacedTile {
                    cells: tile.cells.iter().map(|&c| position(c)).collect(),
                    words,
                }
            })
            .collect();
        tiles.sort_by(|a, b| a.cells.cmp(&b.cells));
        Solution { tiles }
    }
}

/// A word on the grid: the word and its path of `[row, column]` cells.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlacedWord {
    /// The word, lower case.
    pub word: String,
    /// The cells in reading order, `[row, column]`, 0-based.
    pub path: Vec<[usize; 2]>,
}

/// A tile of a solution: its cells and the words spelled over them (one
/// path each).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlacedTile {
    /// The cells, `[row, column]`, ascending.
    pub cells: Vec<[usize; 2]>,
    /// The words (several when the tile spells several and solutions are
    /// distinct by tiles).
    pub words: Vec<PlacedWord>,
}

impl PlacedTile {
    /// The words joined by `separator`.
    pub fn word_list(&self, separator: &str) -> String {
        let words: Vec<&str> = self.words.iter().map(|w| w.word.as_str()).collect();
        words.join(separator)
    }
}

/// A solved grid: the tiles, ordered by their first cell.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// The tiles.
    pub tiles: Vec<PlacedTile>,
}

/// The Sanalouhos family (see the module documentation).
pub struct Sanalouhos;
impl Family for Sanalouhos {
    const NAME: &'static str = "sanalouhos";
    const ABOUT: &'static str = "Takes the letters as a string (row-major, --rows/--cols, \
        6x5 by default), as rows separated by '/', or as a file with one row a line; \
        words from --words FILE or the built-in Kotus list.";
    const EXAMPLES: &'static str = "  encode-sanalouhos TMSIIOULKNIEKIAITTAONTTIMAAOTI | solve | decode-sanalouhos\n  \
        encode-sanalouhos --mode all TMSIIOULKNIEKIAITTAONTTIMAAOTI | solve --all | decode-sanalouhos\n  \
        encode-sanalouhos --mode least-words PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET | solve | grep '^o'\n  \
        encode-sanalouhos --mode most-words grid.txt | solve | decode-sanalouhos --format words\n  \
        encode-sanalouhos --words my-words.txt --distinct paths ABC/DEF | solve --all | decode-sanalouhos --json";
    type Options = Options;
    type Puzzle = Puzzle;
    type Solution = Solution;
    type Style = Style;

    fn puzzle_text(argument: Option<&str>, _options: &Options) -> Result<Option<(String, String)>> {
        Ok(argument
            .filter(|text| grid::is_inline(text))
            .map(|text| ("<command line>".to_string(), text.to_string())))
    }

    fn parse(source_name: &str, text: &str, options: &Options) -> Result<Puzzle> {
        Puzzle::new(source_name, text, options)
    }

    fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
        Ok(encode::encode(
            puzzle.grid.len(),
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

    fn preamble(puzzle: &Puzzle, _options: &Options, solution_count: usize) -> Option<String> {
        Some(render::preamble(
            &puzzle.grid,
            puzzle.found.words.len(),
            puzzle.found.tiles.len(),
            puzzle.found.paths(),
            solution_count,
        ))
    }

    fn no_solution(puzzle: &Puzzle, _options: &Options) -> Option<String> {
        let uncovered = puzzle.uncovered();
        if uncovered.is_empty() {
            return Some(format!(
                "every cell is in some word ({} tiles), but no set of them covers the grid exactly\n",
                puzzle.found.tiles.len()
            ));
        }
        let cells: Vec<String> = uncovered
            .iter()
            .map(|&cell| {
                let (r, c) = puzzle.grid.position(cell);
                format!("({r},{c}) {}", puzzle.grid.letter(cell))
            })
            .collect();
        Some(format!(
            "no word covers these cells: {}\n",
            cells.join(", ")
        ))
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
