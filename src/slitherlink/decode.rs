//! Reading a Slitherlink solution out of a model, by the edge variables'
//! names (`h(r,c)`, `v(r,c)`, see [`super::encode`]).

use super::puzzle::{Edge, Puzzle, Solution};
use crate::error::{Error, Result};
use crate::family::Assignment;

/// The edges the model puts on the loop; an error when the stream lacks
/// an edge variable (a formula of another puzzle).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Result<Solution> {
    let mut solution = Solution::empty(puzzle);
    for edge in puzzle.edges() {
        let (name, r, c) = match edge {
            Edge::H(r, c) => ("h", r, c),
            Edge::V(r, c) => ("v", r, c),
        };
        let value = assignment
            .value_of(name, &[r as i64 + 1, c as i64 + 1])
            .ok_or_else(|| {
                Error::Check(format!(
                    "the stream has no variable {name}({},{}): not a formula of this puzzle",
                    r + 1,
                    c + 1
                ))
            })?;
        solution.set(edge, value);
    }
    Ok(solution)
}
