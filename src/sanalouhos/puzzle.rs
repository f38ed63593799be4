//! A Sanalouhos puzzle (the letters, the word list and everything the
//! grid spells) and a solved one (its tiles and words).

use super::lexicon::{Trie, WordList};
use super::search::{self, Found};
use super::{check, encode, grid, Choice, Grid, Options};
use crate::error::Result;
use std::collections::HashMap;
use std::sync::OnceLock;

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
    pub(super) by_name: HashMap<String, usize>,
    /// The checker's own view of the word list, read on first use.
    pub(super) dictionary: OnceLock<check::Dictionary>,
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
