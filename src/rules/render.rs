//! Drawing a solution in the puzzle's own layout.
//!
//! Every `*` of the layout becomes the cell's value, right-aligned to the
//! widest value of the solution; letters are upper case; the decoration
//! stays (as solv-o-matic prints it, without its side-by-side packing).

use super::check::{broken, describe};
use super::parse::show_value;
use super::puzzle::Puzzle;
use super::Value;

/// The layout with every cell filled in, one string per line (trailing
/// spaces removed).
pub fn drawing(puzzle: &Puzzle, values: &[Value]) -> Vec<String> {
    let shown: Vec<String> = values.iter().map(|&v| show_value(v)).collect();
    let width = shown.iter().map(String::len).max().unwrap_or(1);
    let mut cells = shown.iter();
    puzzle
        .layout
        .block
        .lines
        .iter()
        .map(|line| {
            let mut out = String::with_capacity(line.len() + 8);
            for c in line.chars() {
                if c == '*' {
                    let value = cells.next().map_or(".", String::as_str);
                    out.push_str(&format!("{value:>width$}"));
                } else {
                    out.push(c);
                }
            }
            out.trim_end().to_string()
        })
        .collect()
}

/// The drawing as text, each line ending in a newline.
pub fn render(puzzle: &Puzzle, values: &[Value]) -> String {
    let mut text = String::new();
    for line in drawing(puzzle, values) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The drawing followed by every rule instance with its values and
/// whether it holds.
pub fn explain(puzzle: &Puzzle, values: &[Value]) -> String {
    let mut text = render(puzzle, values);
    for constraint in &puzzle.constraints {
        let seq: Vec<Value> = constraint.cells.iter().map(|&c| values[c]).collect();
        let verdict = match broken(puzzle, constraint, &seq) {
            None => "holds".to_string(),
            Some(why) => format!("BROKEN: {why}"),
        };
        text.push_str(&format!(
            "  {}: {verdict}\n",
            describe(puzzle, constraint, &seq)
        ));
    }
    text
}
