//! Reads a cover from a model: the tiles (or words on tiles) whose
//! variables are true.

use super::{Puzzle, Solution};
use crate::error::{Error, Result};
use crate::family::Assignment;

/// The solution that `assignment` gives `puzzle` (an error when the
/// stream names a variable this grid does not have).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Result<Solution> {
    let chosen = assignment
        .true_names()
        .map(|name| {
            puzzle.by_name.get(name.as_ref()).copied().ok_or_else(|| {
                Error::Check(format!(
                    "the stream names a variable '{name}' that this grid does not have \
                     (was it encoded with another word list?)"
                ))
            })
        })
        .collect::<Result<Vec<usize>>>()?;
    Ok(puzzle.solution(&chosen))
}
