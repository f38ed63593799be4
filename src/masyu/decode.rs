//! Reading a solution out of a model, by variable name.

use super::encode::edge_name;
use super::puzzle::Puzzle;
use super::Solution;
use crate::family::Assignment;

/// The segments `edge(r,c,r2,c2)` that the model sets true, between a
/// cell and its right or lower neighbour (the checker reports a loop
/// that a model without these names lacks).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Solution {
    let mut edges = Vec::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            if c + 1 < puzzle.cols && assignment.is_true(&edge_name(r + 1, c + 1, r + 1, c + 2)) {
                edges.push([(r, c), (r, c + 1)]);
            }
            if r + 1 < puzzle.rows && assignment.is_true(&edge_name(r + 1, c + 1, r + 2, c + 1)) {
                edges.push([(r, c), (r + 1, c)]);
            }
        }
    }
    Solution { edges }
}
