//! Reads the solution grid from a model: the value of every `cell(r,c)`
//! (black and white) or `cell(r,c)=COLOUR` (colour puzzles).

use super::{encode, Grid, Puzzle};
use crate::error::{Error, Result};
use crate::family::Assignment;

/// The grid that `assignment` gives `puzzle` (an error when the stream
/// lacks a cell variable, or gives a cell two colours).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Result<Grid> {
    let (height, width) = (puzzle.height(), puzzle.width());
    let mut cells = Vec::with_capacity(height * width);
    for r in 1..=height {
        for c in 1..=width {
            let mut cell = None;
            for k in 0..puzzle.colours.len() {
                let value = if puzzle.is_colour() {
                    assignment.value(&encode::cell_name(puzzle, r, c, k))
                } else {
                    assignment.value_of("cell", &[r as i64, c as i64])
                };
                let value = value.ok_or_else(|| {
                    let name = encode::cell_name(puzzle, r, c, k);
                    Error::Check(format!("the stream has no variable named {name}"))
                })?;
                if value {
                    if cell.is_some() {
                        return Err(Error::Check(format!(
                            "row {r}, column {c} has two colours (the encoding is wrong)"
                        )));
                    }
                    cell = Some(k);
                }
            }
            cells.push(cell);
        }
    }
    Ok(Grid {
        height,
        width,
        cells,
        symbols: Grid::symbols_of(puzzle),
    })
}
