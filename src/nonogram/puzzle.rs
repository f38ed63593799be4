//! A nonogram: the clues of its rows and columns, where each was read, and
//! the format it came in.

use super::formats::Format;

/// The clues of one line (row or column): block lengths in order, all
/// positive; empty for a line without black cells.
pub type Clue = Vec<usize>;

/// A parsed puzzle: the clues, where each was read, and what else the file
/// said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Row clues, top to bottom.
    pub rows: Vec<Clue>,
    /// Column clues, left to right.
    pub columns: Vec<Clue>,
    /// The line (one-based) each row clue was read from.
    pub row_lines: Vec<usize>,
    /// The line (one-based) each column clue was read from.
    pub column_lines: Vec<usize>,
    /// The known solution (`goal` of a `.non` file), row-major, with the
    /// line it was read from.
    pub goal: Option<(Vec<bool>, usize)>,
    /// The title, when the file gives one (`.non` `title`, picross `GRID`).
    pub title: Option<String>,
    /// The format the puzzle was read in (never [`Format::Auto`]).
    pub format: Format,
    /// The text it was read from.
    pub text: String,
}

impl Puzzle {
    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.columns.len()
    }
}

/// A clue as people write it: `2 1 3`, or `0` when empty.
pub fn show_clue(clue: &[usize]) -> String {
    if clue.is_empty() {
        return "0".to_string();
    }
    clue.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
