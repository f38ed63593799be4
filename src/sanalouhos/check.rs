//! The independent check of a solution: every word is in the word list,
//! every path is a simple path of adjacent cells that spells its word over
//! its tile's cells, and the tiles cover every cell exactly once.
//!
//! It shares no code with the search or the encoding: the word list is
//! read into a plain set here, and adjacency is computed from positions.

use crate::sanalouhos::grid::Grid;
use crate::sanalouhos::Solution;
use std::collections::HashSet;

/// The words of a word list, lower case, as the checker sees them.
#[derive(Debug, Clone, Default)]
pub struct Dictionary {
    words: HashSet<String>,
}

impl Dictionary {
    /// Every line of `text` (trimmed, lower-cased) that `grid` could hold:
    /// at most as many letters as it has cells, each a letter of the grid
    /// (a word with any other letter can never be spelled there).
    pub fn new(text: &str, grid: &Grid) -> Dictionary {
        let mut letters: Vec<char> = grid.letters.iter().flat_map(|c| c.to_lowercase()).collect();
        letters.sort_unstable();
        letters.dedup();
        // ASCII letters by table, the others (ä, ö, å) by search.
        let mut ascii = [false; 128];
        for &letter in &letters {
            if letter.is_ascii() {
                ascii[letter as usize] = true;
            }
        }
        let in_grid = |c: char| -> bool {
            if c.is_ascii() {
                ascii[c.to_ascii_lowercase() as usize]
            } else {
                c.to_lowercase()
                    .all(|lower| letters.binary_search(&lower).is_ok())
            }
        };
        let max_letters = grid.rows * grid.cols;
        let words = text
            .lines()
            .map(str::trim)
            .filter(|line| line.chars().all(in_grid) && line.chars().count() <= max_letters)
            .map(str::to_lowercase)
            .collect();
        Dictionary { words }
    }

    /// True when `word` (lower case) is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.words.contains(word)
    }
}

/// Checks `solution` against the rules of `grid` and `dictionary`.
pub fn check(grid: &Grid, dictionary: &Dictionary, solution: &Solution) -> Result<(), String> {
    let mut owner: Vec<Option<usize>> = vec![None; grid.rows * grid.cols];
    for (t, tile) in solution.tiles.iter().enumerate() {
        let mut cells: Vec<[usize; 2]> = tile.cells.clone();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() != tile.cells.len() {
            return Err(format!("tile {} lists a cell twice", t + 1));
        }
        if tile.words.is_empty() {
            return Err(format!("tile {} has no word", t + 1));
        }
        for placed in &tile.words {
            check_word(grid, dictionary, &placed.word, &placed.path)?;
            let mut path_cells = placed.path.clone();
            path_cells.sort_unstable();
            if path_cells != cells {
                return Err(format!(
                    "the path of '{}' does not cover the cells of its tile",
                    placed.word
                ));
            }
        }
        for &[r, c] in &cells {
            let slot = &mut owner[r * grid.cols + c];
            if let Some(other) = slot {
                return Err(format!(
                    "cell ({},{}) is in two words: '{}' and '{}'",
                    r + 1,
                    c + 1,
                    solution.tiles[*other].words[0].word,
                    tile.words[0].word
                ));
            }
            *slot = Some(t);
        }
    }
    if let Some(free) = owner.iter().position(Option::is_none) {
        return Err(format!(
            "cell ({},{}) is in no word",
            free / grid.cols + 1,
            free % grid.cols + 1
        ));
    }
    Ok(())
}

/// One word: listed, and spelled along a simple path of adjacent cells.
fn check_word(
    grid: &Grid,
    dictionary: &Dictionary,
    word: &str,
    path: &[[usize; 2]],
) -> Result<(), String> {
    if !dictionary.contains(word) {
        return Err(format!("'{word}' is not in the word list"));
    }
    let mut seen = HashSet::new();
    let mut spelled = String::new();
    for (i, &[r, c]) in path.iter().enumerate() {
        if r >= grid.rows || c >= grid.cols {
            return Err(format!(
                "the path of '{word}' leaves the grid at ({},{})",
                r + 1,
                c + 1
            ));
        }
        if !seen.insert((r, c)) {
            return Err(format!(
                "the path of '{word}' visits ({},{}) twice",
                r + 1,
                c + 1
            ));
        }
        if i > 0 {
            let [pr, pc] = path[i - 1];
            if pr.abs_diff(r) > 1 || pc.abs_diff(c) > 1 {
                return Err(format!(
                    "the path of '{word}' jumps from ({},{}) to ({},{})",
                    pr + 1,
                    pc + 1,
                    r + 1,
                    c + 1
                ));
            }
        }
        spelled.extend(grid.letters[r * grid.cols + c].to_lowercase());
    }
    if spelled != word {
        return Err(format!("the path of '{word}' spells '{spelled}'"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanalouhos::grid::Shape;
    use crate::sanalouhos::parse::parse;
    use crate::sanalouhos::{PlacedTile, PlacedWord};

    fn tile(word: &str, path: &[[usize; 2]]) -> PlacedTile {
        let mut cells = path.to_vec();
        cells.sort_unstable();
        PlacedTile {
            cells,
            words: vec![PlacedWord {
                word: word.into(),
                path: path.to_vec(),
            }],
        }
    }

    #[test]
    fn accepts_a_cover_and_names_each_broken_rule() {
        // o v k
        // i a a
        let grid = parse("g", "ovk/iaa", Shape::default()).unwrap();
        let dictionary = Dictionary::new("ovi\nkaa\nVIA\nkala\nöljy\n", &grid);
        assert!(dictionary.contains("via") && !dictionary.contains("kala"));
        let good = Solution {
            tiles: vec![
                tile("ovi", &[[0, 0], [0, 1], [1, 0]]),
                tile("kaa", &[[0, 2], [1, 2], [1, 1]]),
            ],
        };
        assert_eq!(check(&grid, &dictionary, &good), Ok(()));
        let broken =
            |tiles: Vec<PlacedTile>| check(&grid, &dictionary, &Solution { tiles }).unwrap_err();
        assert!(
            broken(vec![tile("ovi", &[[0, 0], [0, 1], [1, 0]])]).contains("(1,3) is in no word")
        );
        assert!(
            broken(vec![tile("avi", &[[1, 1], [0, 1], [1, 0]])]).contains("not in the word list")
        );
        assert!(broken(vec![tile("via", &[[0, 1], [1, 1], [1, 0]])]).contains("spells 'vai'"));
        assert!(broken(vec![tile("kaa", &[[0, 2], [1, 2], [1, 0]])]).contains("jumps"));
        assert!(broken(vec![tile("ovi", &[[0, 0], [0, 1], [0, 0]])]).contains("twice"));
        let mut overlapping = good.tiles.clone();
        overlapping.push(tile("via", &[[0, 1], [1, 0], [1, 1]]));
        assert!(broken(overlapping).contains("in two words"));
    }
}
