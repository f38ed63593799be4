//! Reads the solution grid from a model: the value of every `cell(r,c)`.

use super::{Grid, Puzzle};
use crate::error::{Error, Result};
use crate::family::Assignment;
use crate::names;

/// The grid that `assignment` gives `puzzle` (an error when the stream
/// lacks a cell variable).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Result<Grid> {
    let (height, width) = (puzzle.height(), puzzle.width());
    let mut cells = Vec::with_capacity(height * width);
    for r in 1..=height {
        for c in 1..=width {
            let name = names::call("cell", &[&r, &c]);
            let value = assignment
                .value(&name)
                .ok_or_else(|| Error::Check(format!("the stream has no variable named {name}")))?;
            cells.push(value);
        }
    }
    Ok(Grid {
        height,
        width,
        cells,
    })
}
