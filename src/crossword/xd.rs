//! The filled crossword in the xd text format (the plain-text crossword
//! format of the xd corpus, <https://github.com/century-arcade/xd>):
//! a metadata header of `Key: value` lines, the grid in capitals with `#`
//! for blocks, then the clues, one a line as `A1. clue ~ ANSWER` (the
//! puzzle's clue texts, empty where it gives none), Across and Down
//! separated by a blank line; sections are separated by two blank lines.

use super::{Puzzle, Solution};
use std::fmt::Write;

/// The xd text of `solution` with `puzzle`'s clue texts.
pub fn render(puzzle: &Puzzle, solution: &Solution) -> String {
    let mut out = String::new();
    let height = solution.grid.len();
    let width = solution.grid.first().map_or(0, |r| r.len());
    let _ = writeln!(out, "Title: Untitled");
    let _ = writeln!(out, "Size: {width}x{height}");
    out.push_str("\n\n");
    for row in &solution.grid {
        out.push_str(&row.to_ascii_uppercase());
        out.push('\n');
    }
    out.push_str("\n\n");
    for (prefix, entries) in [("A", &solution.across), ("D", &solution.down)] {
        for entry in entries {
            let clue = puzzle.clue(entry.number, prefix == "A").unwrap_or("");
            let clue = if clue.is_empty() { String::new() } else { format!("{clue} ") };
            let _ = writeln!(
                out,
                "{prefix}{}. {clue}~ {}",
                entry.number,
                entry.word.to_ascii_uppercase()
            );
        }
        if prefix == "A" {
            out.push('\n');
        }
    }
    out
}
