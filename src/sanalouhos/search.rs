//! Finding the words: a depth-first search over simple paths of the
//! 8-neighbourhood, pruned by the trie (a path is extended only while its
//! letters are the prefix of some word).
//!
//! Every path that spells a word is a [`Spelling`]; spellings over the same
//! set of cells form one [`Tile`].

use crate::sanalouhos::grid::Grid;
use crate::sanalouhos::lexicon::Trie;
use std::collections::HashMap;

/// A directed path that spells a word.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Spelling {
    /// The word, lower case.
    pub word: String,
    /// The cells in reading order.
    pub path: Vec<usize>,
}

/// A set of cells that some word covers, with every spelling over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    /// The cells, ascending.
    pub cells: Vec<usize>,
    /// The spellings, sorted by word, then path.
    pub spellings: Vec<Spelling>,
}

impl Tile {
    /// The distinct words of the tile, sorted.
    pub fn words(&self) -> Vec<&str> {
        let mut words: Vec<&str> = self.spellings.iter().map(|s| s.word.as_str()).collect();
        words.dedup();
        words
    }
}

/// Everything the grid spells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// The tiles, ordered by their cell lists.
    pub tiles: Vec<Tile>,
    /// The distinct words found anywhere in the grid, sorted.
    pub words: Vec<String>,
}

impl Found {
    /// Number of directed paths that spell a word.
    pub fn paths(&self) -> usize {
        self.tiles.iter().map(|t| t.spellings.len()).sum()
    }
}

/// Finds every path of `grid` that spells a word of `trie`.
pub fn find_words(grid: &Grid, trie: &Trie) -> Found {
    let letters: Vec<Option<usize>> = grid.letters.iter().map(|&l| trie.index(l)).collect();
    let neighbours: Vec<Vec<usize>> = (0..grid.len()).map(|c| grid.neighbours(c)).collect();
    let mut search = Search {
        trie,
        letters: &letters,
        neighbours: &neighbours,
        visited: vec![false; grid.len()],
        path: Vec::new(),
        hits: Vec::new(),
    };
    for start in 0..grid.len() {
        search.extend(start, Trie::ROOT);
    }
    let mut by_cells: HashMap<Vec<usize>, Vec<Spelling>> = HashMap::new();
    for (word, path) in search.hits {
        let mut cells = path.clone();
        cells.sort_unstable();
        by_cells.entry(cells).or_default().push(Spelling {
            word: trie.words()[word as usize].clone(),
            path,
        });
    }
    let mut tiles: Vec<Tile> = by_cells
        .into_iter()
        .map(|(cells, mut spellings)| {
            spellings.sort();
            Tile { cells, spellings }
        })
        .collect();
    tiles.sort_by(|a, b| a.cells.cmp(&b.cells));
    let mut words: Vec<String> = tiles
        .iter()
        .flat_map(|t| t.spellings.iter().map(|s| s.word.clone()))
        .collect();
    words.sort();
    words.dedup();
    Found { tiles, words }
}

/// The state of the depth-first search.
struct Search<'a> {
    trie: &'a Trie,
    letters: &'a [Option<usize>],
    neighbours: &'a [Vec<usize>],
    visited: Vec<bool>,
    path: Vec<usize>,
    /// (word index, path) of every spelling found.
    hits: Vec<(u32, Vec<usize>)>,
}

impl Search<'_> {
    /// Steps onto `cell` from trie node `node`, then onward.
    fn extend(&mut self, cell: usize, node: u32) {
        let Some(node) = self.letters[cell].and_then(|l| self.trie.child(node, l)) else {
            return;
        };
        self.visited[cell] = true;
        self.path.push(cell);
        if let Some(word) = self.trie.word_at(node) {
            self.hits.push((word, self.path.clone()));
        }
        for i in 0..self.neighbours[cell].len() {
            let next = self.neighbours[cell][i];
            if !self.visited[next] {
                self.extend(next, node);
            }
        }
        self.path.pop();
        self.visited[cell] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanalouhos::grid::Shape;
    use crate::sanalouhos::lexicon::WordList;
    use crate::sanalouhos::parse::parse;
    use std::borrow::Cow;

    #[test]
    fn finds_directed_simple_paths_and_merges_tiles() {
        // o v
        // i a
        let grid = parse("g", "ov/ia", Shape::default()).unwrap();
        let list = WordList {
            name: "t".into(),
            text: Cow::Borrowed("ovi\nivo\nvoi\novo\n"),
        };
        let found = find_words(&grid, &Trie::for_grid(&list, &grid));
        assert_eq!(found.words, ["ivo", "ovi", "voi"]);
        // All three words lie on cells {0,1,2}: one tile, with "ovo" never
        // found (it would reuse the cell of 'o').
        assert_eq!(found.tiles.len(), 1);
        assert_eq!(found.tiles[0].cells, [0, 1, 2]);
        assert_eq!(found.tiles[0].words(), ["ivo", "ovi", "voi"]);
        assert_eq!(found.paths(), 3);
        let ovi = &found.tiles[0].spellings[1];
        assert_eq!(
            (ovi.word.as_str(), ovi.path.as_slice()),
            ("ovi", &[0, 1, 2][..])
        );
    }
}
