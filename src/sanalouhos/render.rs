//! Drawing solutions: the original's layout (each word over a small grid
//! that shows its letters in place) or one line of words.

use crate::sanalouhos::grid::Grid;
use crate::sanalouhos::{PlacedTile, Solution};

/// How `decode-sanalouhos` prints a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// Each word above a small grid with its letters in place and `.`
    /// elsewhere, side by side (the original's layout).
    #[default]
    Grids,
    /// The words on one line (words sharing a tile joined by `/`).
    Words,
}

/// Space between the small grids.
const GAP: &str = "   ";

/// Renders one solution.
pub fn render(grid: &Grid, solution: &Solution, style: Style) -> String {
    match style {
        Style::Grids => grids(grid, solution),
        Style::Words => {
            let words: Vec<String> = solution.tiles.iter().map(|t| t.word_list("/")).collect();
            format!("{}\n", words.join(" "))
        }
    }
}

/// The words side by side, each over its small grid, then a blank line.
fn grids(grid: &Grid, solution: &Solution) -> String {
    let columns: Vec<Vec<String>> = solution.tiles.iter().map(|t| column(grid, t)).collect();
    let mut out = String::new();
    for line in 0..=grid.rows {
        let mut text = String::new();
        for (i, column) in columns.iter().enumerate() {
            let width = column.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            if i > 0 {
                text.push_str(GAP);
            }
            let cell = &column[line];
            text.push_str(cell);
            text.extend(std::iter::repeat_n(' ', width - cell.chars().count()));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push('\n');
    out
}

/// One word's column: its words, then one line per grid row.
fn column(grid: &Grid, tile: &PlacedTile) -> Vec<String> {
    let mut covered = vec![false; grid.rows * grid.cols];
    for &[r, c] in &tile.cells {
        if r < grid.rows && c < grid.cols {
            covered[r * grid.cols + c] = true;
        }
    }
    let mut lines = vec![tile.word_list(", ")];
    for r in 0..grid.rows {
        let mut row = String::with_capacity(2 * grid.cols);
        for c in 0..grid.cols {
            if c > 0 {
                row.push(' ');
            }
            let cell = r * grid.cols + c;
            if covered[cell] {
                row.push(grid.letter(cell));
            } else {
                row.push('.');
            }
        }
        lines.push(row);
    }
    lines
}

/// The text before the solutions: the grid and the counts. The number of
/// solutions is printed only when it is known (`None`: the stream did not
/// enumerate them all; the verdict after the solutions says so).
pub fn preamble(
    grid: &Grid,
    words: usize,
    tiles: usize,
    paths: usize,
    solutions: Option<usize>,
) -> String {
    let solutions = solutions
        .map(|n| format!("Number of solutions   : {n}\n"))
        .unwrap_or_default();
    format!(
        "Puzzle:\n{}\nNumber of unique words: {words}\nNumber of tiles       : {tiles}\n\
         Number of paths       : {paths}\n{solutions}\n",
        grid.display()
    )
}
