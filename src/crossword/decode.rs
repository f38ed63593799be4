//! Reads the filled grid from a model: every square's letter, or `#` for
//! a black square.

use super::puzzle::{black_name, cell_name, Puzzle, Square};
use super::{render, Options, Solution};
use crate::error::{Error, Result};
use crate::family::Assignment;

/// The solution that `assignment` gives `puzzle`, with the scores of its
/// entries (weak below `options.weak_below`; an error when the model
/// gives an open square no letter).
pub fn decode(puzzle: &Puzzle, options: &Options, assignment: &Assignment<'_>) -> Result<Solution> {
    let mut grid = Vec::with_capacity(puzzle.rows());
    for (r, row) in puzzle.grid.iter().enumerate() {
        let mut line = String::with_capacity(row.len());
        for (c, &square) in row.iter().enumerate() {
            if square == Square::Black || assignment.is_true(&black_name(r, c)) {
                line.push('#');
                continue;
            }
            let letter = (b'a'..=b'z')
                .map(char::from)
                .find(|x| assignment.is_true(&cell_name(r, c, *x)))
                .ok_or_else(|| {
                    Error::Check(format!(
                        "the model gives cell ({},{}) no letter",
                        r + 1,
                        c + 1
                    ))
                })?;
            line.push(letter);
        }
        grid.push(line);
    }
    let mut solution = render::solution_of(grid);
    solution.scores = render::fill_scores(puzzle, &solution, options.weak_below);
    Ok(solution)
}
