//! A Masyu puzzle: the grid's size and its circles.

/// A circle of the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Circle {
    /// A white circle: the loop goes straight through it and turns in the
    /// cell before or after it (or both).
    White,
    /// A black circle: the loop turns on it and goes straight on through
    /// the next cell on both sides.
    Black,
}

impl Circle {
    /// The word for a person (`white`, `black`).
    pub fn word(self) -> &'static str {
        match self {
            Circle::White => "white",
            Circle::Black => "black",
        }
    }

    /// The character of the plain text format (`W`, `B`).
    pub fn letter(self) -> char {
        match self {
            Circle::White => 'W',
            Circle::Black => 'B',
        }
    }
}

/// Where a puzzle came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// The plain text format: rows of `W`, `B` and `.`.
    Text,
    /// A puzz.link URL of the genre `mashu`.
    Puzzlink,
}

/// A cell as (row, column), both 0-based.
pub type Cell = (usize, usize);

/// A parsed Masyu puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The circle of every cell, row by row (`cells[r * cols + c]`).
    pub cells: Vec<Option<Circle>>,
    /// The format it was read from.
    pub format: Format,
}

impl Puzzle {
    /// The circle at `(r, c)`, `None` for an empty cell or a cell outside
    /// the grid.
    pub fn circle(&self, r: usize, c: usize) -> Option<Circle> {
        if r < self.rows && c < self.cols {
            self.cells[r * self.cols + c]
        } else {
            None
        }
    }

    /// Every circle with its cell, row by row.
    pub fn circles(&self) -> impl Iterator<Item = (Cell, Circle)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, circle)| circle.map(|k| ((i / self.cols, i % self.cols), k)))
    }

    /// The puzzle in the plain text format: one row a line, `W`, `B`, `.`.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols + 1));
        for row in self.cells.chunks(self.cols.max(1)) {
            for cell in row {
                out.push(cell.map_or('.', Circle::letter));
            }
            out.push('\n');
        }
        out
    }
}
