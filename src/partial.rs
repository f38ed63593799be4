//! Partial solutions: what several solutions of one puzzle have in common.
//!
//! Every family lists a solution cell by cell ([`crate::family::Family::cells`]):
//! where the cell is drawn and what it shows. Comparing the solutions of a
//! stream cell by cell gives the cells they agree on and the open ones. Two
//! views of `decode-<family>` rest on it, drawn the same way for every
//! family (text, SVG and PNG):
//!
//! - after `solve --backbone`, whose solutions witness every projection
//!   variable that is not forced, the cells on which all of them agree are
//!   the forced cells; the others are undetermined (`?`);
//! - with `decode-<family> --diff`, after `solve --max 2` or `--all`, the
//!   cells in which the solutions differ, to see where a puzzle is
//!   ambiguous.

use crate::svg::{escape, Svg};

/// One cell of a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridCell {
    /// Its row in the drawing, from 0.
    pub row: usize,
    /// Its column in the drawing, from 0.
    pub col: usize,
    /// What is drawn there: a short text (a digit, a letter, a line glyph).
    pub text: String,
    /// What the cell is, for comparing solutions (the text, unless two
    /// different cells would look alike, e.g. two lines through a cell).
    pub key: String,
}

impl GridCell {
    /// A cell whose text says all it is.
    pub fn new(row: usize, col: usize, text: impl Into<String>) -> GridCell {
        let text = text.into();
        GridCell {
            row,
            col,
            key: text.clone(),
            text,
        }
    }

    /// A cell drawn as `text` and compared by `key`.
    pub fn keyed(
        row: usize,
        col: usize,
        text: impl Into<String>,
        key: impl Into<String>,
    ) -> GridCell {
        GridCell {
            row,
            col,
            text: text.into(),
            key: key.into(),
        }
    }
}

/// The mark of an open cell.
pub const OPEN: &str = "?";

/// The first solution's cells, with `open[i]` true where some other
/// solution has another cell `i` (or another number of cells).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partial {
    /// The cells of the first solution.
    pub cells: Vec<GridCell>,
    /// Which of them differ between the solutions.
    pub open: Vec<bool>,
}

impl Partial {
    /// Compares `solutions` (each listed by the family's `cells`) cell by
    /// cell; `None` when there are none.
    pub fn compare(solutions: &[Vec<GridCell>]) -> Option<Partial> {
        let (first, others) = solutions.split_first()?;
        let open = (0..first.len())
            .map(|i| {
                others
                    .iter()
                    .any(|other| other.get(i).map(|c| &c.key) != Some(&first[i].key))
            })
            .collect();
        Some(Partial {
            cells: first.clone(),
            open,
        })
    }

    /// Cells the solutions agree on.
    pub fn fixed(&self) -> usize {
        self.open.iter().filter(|&&o| !o).count()
    }

    /// The cells as a text grid: the agreed cells as drawn, the open ones
    /// as `?`, every column as wide as its widest text.
    pub fn text(&self) -> String {
        let rows = self.cells.iter().map(|c| c.row + 1).max().unwrap_or(0);
        let cols = self.cells.iter().map(|c| c.col + 1).max().unwrap_or(0);
        let width = self
            .cells
            .iter()
            .map(|c| c.text.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let mut grid = vec![vec![String::new(); cols]; rows];
        for (cell, &open) in self.cells.iter().zip(&self.open) {
            grid[cell.row][cell.col] = if open {
                OPEN.to_string()
            } else {
                cell.text.clone()
            };
        }
        let mut out = String::new();
        for row in grid {
            let line: Vec<String> = row.iter().map(|text| format!("{text:<width$}")).collect();
            out.push_str(line.join(" ").trim_end());
            out.push('\n');
        }
        out
    }

    /// The cells as an SVG drawing: a square per cell, the agreed ones
    /// with their text, the open ones shaded with `?`.
    pub fn svg(&self) -> String {
        const SIZE: f64 = 28.0;
        const MARGIN: f64 = 10.0;
        let rows = self.cells.iter().map(|c| c.row + 1).max().unwrap_or(0);
        let cols = self.cells.iter().map(|c| c.col + 1).max().unwrap_or(0);
        let mut svg = Svg::new(
            2.0 * MARGIN + SIZE * cols as f64,
            2.0 * MARGIN + SIZE * rows as f64,
        );
        for (cell, &open) in self.cells.iter().zip(&self.open) {
            let x = MARGIN + SIZE * cell.col as f64;
            let y = MARGIN + SIZE * cell.row as f64;
            let fill = if open { "#d9d9d9" } else { "white" };
            svg.rect(x, y, SIZE, SIZE, fill, Some("#808080"));
            let text = if open { OPEN } else { cell.text.as_str() };
            let colour = if open { "#606060" } else { "black" };
            svg.push(&format!(
                r#"<text x="{}" y="{}" font-size="16" text-anchor="middle" dominant-baseline="central" fill="{colour}">{}</text>"#,
                x + SIZE / 2.0,
                y + SIZE / 2.0,
                escape(text)
            ));
        }
        svg.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(texts: &[&str]) -> Vec<GridCell> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| GridCell::new(i / 2, i % 2, *t))
            .collect()
    }

    #[test]
    fn open_cells_are_those_that_differ() {
        let partial = Partial::compare(&[row(&["1", "2", "3", "4"]), row(&["1", "3", "3", "2"])])
            .expect("two");
        assert_eq!(partial.open, [false, true, false, true]);
        assert_eq!(partial.fixed(), 2);
        assert_eq!(partial.text(), "1 ?\n3 ?\n");
        assert!(partial.svg().contains(">?</text>"));
        assert_eq!(Partial::compare(&[]), None);
    }

    #[test]
    fn keys_tell_cells_apart_that_look_alike() {
        let a = vec![GridCell::keyed(0, 0, "─", "─1")];
        let b = vec![GridCell::keyed(0, 0, "─", "─2")];
        assert_eq!(Partial::compare(&[a, b]).expect("two").open, [true]);
    }
}
