//! Drawing solutions: the original's layout (each word over a small grid
//! that shows its letters in place), one line of words, or an SVG picture
//! of the grid with its tiles coloured and the words' paths drawn.

use crate::sanalouhos::grid::Grid;
use crate::sanalouhos::{PlacedTile, Solution};
use crate::svg::Svg;

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

/// Pixels per cell in [`svg`].
const CELL: f64 = 48.0;
/// Space around the grid.
const MARGIN: f64 = 6.0;

/// The solution as an SVG drawing: the letter grid with each tile's cells
/// in one colour and outlined, each tile's (first) word drawn as a line
/// through its cells' centres, from a dot on its first letter.
pub fn svg(grid: &Grid, solution: &Solution) -> String {
    let size = |cells: usize| 2.0 * MARGIN + cells as f64 * CELL;
    let mut out = Svg::new(size(grid.cols), size(grid.rows));
    // Which tile covers each cell (tiles outside the grid are ignored: the
    // checker has already refused them).
    let mut tile_of = vec![None; grid.len()];
    for (t, tile) in solution.tiles.iter().enumerate() {
        for &[r, c] in &tile.cells {
            if r < grid.rows && c < grid.cols {
                tile_of[r * grid.cols + c] = Some(t);
            }
        }
    }
    // Hues spread by the golden angle, so that neighbouring tiles differ.
    let hue = |t: usize| (t * 137 + 20) % 360;
    let corner = |r: usize, c: usize| (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
    let centre = |r: usize, c: usize| {
        let (x, y) = corner(r, c);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    for (cell, tile) in tile_of.iter().enumerate() {
        let (r, c) = grid.position(cell);
        let (x, y) = corner(r, c);
        let fill = tile.map_or("white".to_string(), |t| format!("hsl({},70%,85%)", hue(t)));
        out.rect(x, y, CELL, CELL, &fill, Some("#ccc"));
    }
    for (t, tile) in solution.tiles.iter().enumerate() {
        if let Some(word) = tile.words.first() {
            let points: Vec<String> = word
                .path
                .iter()
                .map(|&[r, c]| {
                    let (x, y) = centre(r, c);
                    format!("{x},{y}")
                })
                .collect();
            let colour = format!("hsl({},60%,45%)", hue(t));
            out.push(&format!(
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.6"/>"#,
                points.join(" "),
                CELL / 6.0
            ));
            if let Some(&[r, c]) = word.path.first() {
                let (x, y) = centre(r, c);
                out.push(&format!(
                    r#"<circle cx="{x}" cy="{y}" r="{}" fill="{colour}" fill-opacity="0.6"/>"#,
                    CELL / 4.0
                ));
            }
        }
    }
    // The tiles' outlines: every cell side with another tile (or the
    // grid's edge) beyond it.
    for cell in 0..grid.len() {
        let (r, c) = grid.position(cell);
        let (x, y) = corner(r, c);
        let other = |nr: Option<usize>, nc: Option<usize>| match (nr, nc) {
            (Some(nr), Some(nc)) if nr < grid.rows && nc < grid.cols => {
                tile_of[nr * grid.cols + nc] != tile_of[cell]
            }
            _ => true,
        };
        let sides = [
            (other(r.checked_sub(1), Some(c)), (x, y), (x + CELL, y)),
            (other(Some(r + 1), Some(c)), (x, y + CELL), (x + CELL, y + CELL)),
            (other(Some(r), c.checked_sub(1)), (x, y), (x, y + CELL)),
            (other(Some(r), Some(c + 1)), (x + CELL, y), (x + CELL, y + CELL)),
        ];
        for (drawn, from, to) in sides {
            if drawn {
                out.line(from, to, "#333", 2.5);
            }
        }
    }
    for cell in 0..grid.len() {
        let (r, c) = grid.position(cell);
        let (x, y) = centre(r, c);
        let letter: String = grid.letter(cell).to_uppercase().collect();
        out.centred_text(x, y, CELL / 2.0, "black", &letter);
    }
    out.finish()
}
