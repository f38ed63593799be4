//! The encoding of a freeform crossword.
//!
//! - `black(r,c)` and `cell(r,c)=x` (x over the letters of the words that
//!   fit the grid): exactly one per cell; fixed black cells are units.
//! - one unnamed placement variable per (word, start cell, direction)
//!   that fits: it implies its letters and a black cell (or the border)
//!   just before and just after it.
//! - run starts: a black cell or the border followed by two letters
//!   implies one of the placements that start there, so every maximal run
//!   of two or more letters is a placed, listed word.
//! - no letter stands alone: a letter cell has a letter beside it.
//! - joins (redundant, for propagation; not with `--encoding selectors`):
//!   two adjacent letters imply one of the placements that covers both,
//!   and a letter implies one of the placements that covers it. They
//!   follow from the clauses above, but only by case analysis; with them
//!   unit propagation sees at once that a letter next to a letter needs
//!   a word there.
//! - each word at most once: one at-most-one over all its placements.
//! - groups: some placement of some word of each group; `--min-words N`:
//!   a totalizer over `used(word)` variables.
//! - objectives as soft clauses (WCNF): `--maximise letters` costs one per
//!   black cell; `--minimise size` costs the area of the box from the top
//!   left corner to the last row and column holding a letter.

use super::puzzle::{black_name, cell_name, Puzzle, Square};
use super::Objective;
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::Lit;
use std::collections::HashMap;

/// Encodes a freeform puzzle with `objective`; `amo` is the at-most-one
/// encoding of "each word at most once"; `joins` adds the (redundant)
/// join and cover clauses.
pub fn encode(
    puzzle: &Puzzle,
    objective: Option<Objective>,
    amo: AtMostOne,
    joins: bool,
) -> FormulaBuilder {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut b = FormulaBuilder::new("crossword", "crossword/freeform");
    let fits: Vec<&String> = puzzle
        .words
        .iter()
        .filter(|w| w.len() >= 2 && w.len() <= rows.max(cols))
        .collect();
    let mut alphabet = [false; 26];
    for word in &fits {
        for letter in word.bytes() {
            alphabet[(letter - b'a') as usize] = true;
        }
    }
    let mut black = Vec::with_capacity(rows * cols);
    let mut letters: Vec<[Option<Lit>; 26]> = vec![[None; 26]; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let dark = b.named(black_name(r, c));
            black.push(dark);
            let mut one = vec![dark];
            if puzzle.grid[r][c] == Square::Black {
                b.clause(&[dark]);
            } else {
                for x in (0..26u8).filter(|&x| alphabet[x as usize]) {
                    let letter = (b'a' + x) as char;
                    let lit = b.named(cell_name(r, c, letter));
                    letters[r * cols + c][x as usize] = Some(lit);
                    one.push(lit);
                }
            }
            b.exactly_one(&one, AtMostOne::Pairwise);
        }
    }
    let black_at = |r: usize, c: usize| black[r * cols + c];
    // Placements: per word, and per (start cell, direction).
    let mut by_word: Vec<Vec<Lit>> = vec![Vec::new(); fits.len()];
    let mut starting: HashMap<(usize, usize, bool), Vec<Lit>> = HashMap::new();
    // joining[(cell, across)]: the placements covering the cell and the
    // next one in the direction.
    let mut joining: Vec<[Vec<Lit>; 2]> = vec![[Vec::new(), Vec::new()]; rows * cols];
    let mut covering: Vec<[Vec<Lit>; 2]> = vec![[Vec::new(), Vec::new()]; rows * cols];
    for (w, word) in fits.iter().enumerate() {
        let len = word.len();
        for across in [true, false] {
            let (dr, dc) = if across { (0, 1) } else { (1, 0) };
            for r in 0..rows {
                for c in 0..cols {
                    if r + dr * (len - 1) >= rows || c + dc * (len - 1) >= cols {
                        continue;
                    }
                    let cells: Vec<Option<Lit>> = word
                        .bytes()
                        .enumerate()
                        .map(|(i, x)| {
                            letters[(r + dr * i) * cols + c + dc * i][(x - b'a') as usize]
                        })
                        .collect();
                    if cells.iter().any(Option::is_none) {
                        continue;
                    }
                    let placed = b.aux();
                    for cell in cells.into_iter().flatten() {
                        b.implies(placed, cell);
                    }
                    if r >= dr && c >= dc {
                        b.implies(placed, black_at(r - dr, c - dc));
                    }
                    let (er, ec) = (r + dr * len, c + dc * len);
                    if er < rows && ec < cols {
                        b.implies(placed, black_at(er, ec));
                    }
                    for i in 0..len {
                        covering[(r + dr * i) * cols + c + dc * i][usize::from(across)]
                            .push(placed);
                    }
                    for i in 0..len - 1 {
                        joining[(r + dr * i) * cols + c + dc * i][usize::from(across)].push(placed);
                    }
                    by_word[w].push(placed);
                    starting.entry((r, c, across)).or_default().push(placed);
                }
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            for (across, dr, dc) in next_cells(rows, cols, r, c) {
                let mut clause = starting.remove(&(r, c, across)).unwrap_or_default();
                if r >= dr && c >= dc {
                    clause.push(!black_at(r - dr, c - dc));
                }
                clause.push(black_at(r, c));
                clause.push(black_at(r + dr, c + dc));
                b.clause(&clause);
            }
            let mut neighbours = vec![black_at(r, c)];
            for (nr, nc) in [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ] {
                if nr < rows && nc < cols {
                    neighbours.push(!black_at(nr, nc));
                }
            }
            b.clause(&neighbours);
        }
    }
    if joins {
        // Two adjacent letters: a placement covers both.
        for r in 0..rows {
            for c in 0..cols {
                for (across, dr, dc) in next_cells(rows, cols, r, c) {
                    let mut clause =
                        std::mem::take(&mut joining[r * cols + c][usize::from(across)]);
                    clause.push(black_at(r, c));
                    clause.push(black_at(r + dr, c + dc));
                    b.clause(&clause);
                }
            }
        }
        // A letter: a placement covers it.
        for (cell, [a, d]) in covering.iter().enumerate() {
            let mut clause: Vec<Lit> = a.iter().chain(d).copied().collect();
            clause.push(black[cell]);
            b.clause(&clause);
        }
    }
    for placements in &by_word {
        b.at_most_one(placements, amo);
    }
    let index: HashMap<&str, usize> = fits
        .iter()
        .enumerate()
        .map(|(i, w)| (w.as_str(), i))
        .collect();
    for group in &puzzle.groups {
        let clause: Vec<Lit> = group
            .iter()
            .filter_map(|w| index.get(w.as_str()))
            .flat_map(|&i| by_word[i].iter().copied())
            .collect();
        b.clause(&clause);
    }
    if puzzle.min_words > 0 {
        let used: Vec<Lit> = fits
            .iter()
            .zip(&by_word)
            .map(|(word, placements)| {
                let used = b.named(names::call("used", &[word]));
                let mut clause = placements.clone();
                clause.push(!used);
                b.clause(&clause);
                for &placed in placements {
                    b.implies(placed, used);
                }
                used
            })
            .collect();
        b.cardinality(&used, puzzle.min_words, used.len());
    }
    match objective {
        Some(Objective::Letters) => {
            for (r, row) in puzzle.grid.iter().enumerate() {
                for (c, &square) in row.iter().enumerate() {
                    if square != Square::Black {
                        b.soft(1, &[!black_at(r, c)]);
                    }
                }
            }
        }
        Some(Objective::Size) => encode_size(&mut b, rows, cols, &black),
        None => {}
    }
    let mut projection: Vec<_> = black.iter().map(|l| l.var()).collect();
    projection.extend(letters.iter().flatten().flatten().map(|l| l.var()));
    projection.sort();
    b.projection(&projection);
    b
}

/// The directions `(across, dr, dc)`, across first, in which cell `(r, c)`
/// has a next cell inside the grid.
fn next_cells(
    rows: usize,
    cols: usize,
    r: usize,
    c: usize,
) -> impl Iterator<Item = (bool, usize, usize)> {
    [(true, 0, 1), (false, 1, 0)]
        .into_iter()
        .filter(move |&(_, dr, dc)| r + dr < rows && c + dc < cols)
}

/// Soft clauses whose cost is the area of the box from the top-left corner
/// to the last row and the last column that hold a letter.
fn encode_size(b: &mut FormulaBuilder, rows: usize, cols: usize, black: &[Lit]) {
    // reach_row[r]: some letter in row r or below; reach_col likewise.
    let reach_row: Vec<Lit> = (0..rows).map(|_| b.aux()).collect();
    let reach_col: Vec<Lit> = (0..cols).map(|_| b.aux()).collect();
    for r in 0..rows {
        for c in 0..cols {
            let letter = !black[r * cols + c];
            b.implies(letter, reach_row[r]);
            b.implies(letter, reach_col[c]);
        }
    }
    for pair in reach_row.windows(2).chain(reach_col.windows(2)) {
        b.implies(pair[1], pair[0]);
    }
    for &row in &reach_row {
        for &col in &reach_col {
            let inside = b.aux();
            b.clause(&[!row, !col, inside]);
            b.soft(1, &[!inside]);
        }
    }
}
