//! Reads a solution from a model: the value of every cell.

use super::parse::show_value;
use super::{encode, render, Puzzle, Solution, Value};
use crate::error::{Error, Result};
use crate::family::Assignment;

/// The solution that `assignment` gives `puzzle`: the one value of every
/// cell (an error when the model gives a cell none or several). Only the
/// values the rules allow have variables ([`narrow`](super::narrow)).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Result<Solution> {
    let domains = super::narrow::domains(puzzle);
    let mut values = Vec::with_capacity(domains.len());
    for (cell, domain) in domains.iter().enumerate() {
        let chosen: Vec<Value> = domain
            .iter()
            .copied()
            .filter(|&v| assignment.is_true(&encode::cell_name(puzzle, cell, v)))
            .collect();
        match chosen.as_slice() {
            [value] => values.push(*value),
            _ => {
                return Err(Error::Check(format!(
                    "the model gives the cell at {} {} values (the encoding is wrong)",
                    puzzle.layout.describe_cell(cell),
                    chosen.len()
                )))
            }
        }
    }
    Ok(Solution {
        cells: values.iter().map(|&v| show_value(v)).collect(),
        drawing: render::drawing(puzzle, &values),
        values,
    })
}
