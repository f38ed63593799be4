//! The letter grid and the shape asked for on the command line. It is
//! read by [`super::parse`] (re-exported here, where the family's driver
//! looks for it).

pub use super::parse::{is_inline, parse};

/// The daily Sanalouhos is 6 rows of 5 letters.
pub const DEFAULT_ROWS: usize = 6;
/// The daily Sanalouhos is 6 rows of 5 letters.
pub const DEFAULT_COLS: usize = 5;

/// The shape asked for on the command line (`--height`, `--width`); `None`
/// where the user gave none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shape {
    /// Number of rows.
    pub rows: Option<usize>,
    /// Number of columns.
    pub cols: Option<usize>,
}

/// A rectangular grid of lower-case letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The letters, row-major (cell `r * cols + c`), lower case.
    pub letters: Vec<char>,
}

impl Grid {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// True for a grid without cells (never produced by [`parse`]).
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// The letter of `cell`.
    pub fn letter(&self, cell: usize) -> char {
        self.letters[cell]
    }

    /// The `(row, column)` of `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// `cell` for a person: `(ROW,COLUMN)` counted from 1, as every
    /// command writes cells (docs/conventions.md).
    pub fn label(&self, cell: usize) -> String {
        let (r, c) = self.position(cell);
        format!("({},{})", r + 1, c + 1)
    }

    /// The cells next to `cell` horizontally, vertically or diagonally.
    pub fn neighbours(&self, cell: usize) -> Vec<usize> {
        let (r, c) = self.position(cell);
        let mut out = Vec::with_capacity(8);
        for nr in r.saturating_sub(1)..=(r + 1).min(self.rows - 1) {
            for nc in c.saturating_sub(1)..=(c + 1).min(self.cols - 1) {
                if (nr, nc) != (r, c) {
                    out.push(nr * self.cols + nc);
                }
            }
        }
        out
    }

    /// The grid as upper-case rows of space-separated letters.
    pub fn display(&self) -> String {
        let mut out = String::new();
        for row in self.letters.chunks(self.cols) {
            let letters: Vec<String> = row.iter().map(|l| l.to_uppercase().collect()).collect();
            out.push_str(&letters.join(" "));
            out.push('\n');
        }
        out
    }
}
