//! Drawing a Slitherlink solution: as text (dots `+`, the loop's edges
//! `-` and `|`, the clues in their cells), as an SVG picture, and cell by
//! cell for comparing solutions ([`crate::partial`]).

use super::puzzle::{clue_char, Edge, Puzzle, Solution};
use crate::partial::GridCell;
use crate::svg::Svg;

/// How `decode-slitherlink` draws a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Style {
    /// The loop on the lattice: `+` dots, `-` and `|` edges, the clues.
    #[default]
    Grid,
    /// An SVG picture (redirect to a file; or use `--svg FILE`).
    Svg,
    /// The solution as one JSON object a line (`horizontal`, `vertical`:
    /// which edges the loop uses).
    Json,
}

/// `solution` drawn in `style`.
pub fn render(puzzle: &Puzzle, solution: &Solution, style: Style) -> String {
    match style {
        Style::Grid => grid(puzzle, solution),
        Style::Svg => svg(puzzle, solution),
        Style::Json => serde_json::to_string(solution).unwrap_or_default() + "\n",
    }
}

/// The text drawing's characters, row by row: `2 * rows + 1` rows of
/// `2 * cols + 1` characters.
fn glyphs(puzzle: &Puzzle, solution: &Solution) -> Vec<Vec<char>> {
    let mut rows = Vec::with_capacity(2 * puzzle.rows + 1);
    for r in 0..=puzzle.rows {
        let mut dots = Vec::with_capacity(2 * puzzle.cols + 1);
        for c in 0..puzzle.cols {
            dots.push('+');
            dots.push(if solution.has(Edge::H(r, c)) { '-' } else { ' ' });
        }
        dots.push('+');
        rows.push(dots);
        if r == puzzle.rows {
            break;
        }
        let mut cells = Vec::with_capacity(2 * puzzle.cols + 1);
        for c in 0..=puzzle.cols {
            cells.push(if solution.has(Edge::V(r, c)) { '|' } else { ' ' });
            if c < puzzle.cols {
                cells.push(match puzzle.clue(r, c) {
                    None => ' ',
                    clue => clue_char(clue),
                });
            }
        }
        rows.push(cells);
    }
    rows
}

/// The text drawing (the default style).
pub fn grid(puzzle: &Puzzle, solution: &Solution) -> String {
    let mut out = String::new();
    for row in glyphs(puzzle, solution) {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The solution cell by cell on the text drawing's positions: every edge
/// (compared by whether the loop uses it), the dots and the clues.
pub fn cells(puzzle: &Puzzle, solution: &Solution) -> Vec<GridCell> {
    let mut cells = Vec::new();
    for (r, row) in glyphs(puzzle, solution).into_iter().enumerate() {
        for (c, glyph) in row.into_iter().enumerate() {
            let text = glyph.to_string();
            let key = if r % 2 != c % 2 {
                // An edge: on or off, whatever its glyph.
                if glyph == ' ' { "off" } else { "on" }.to_string()
            } else {
                text.clone()
            };
            cells.push(GridCell::keyed(r, c, text, key));
        }
    }
    cells
}

/// An SVG picture of the solution: the dots, the clues, and the loop.
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    const S: f64 = 32.0;
    const MARGIN: f64 = 12.0;
    let (w, h) = (puzzle.cols as f64 * S, puzzle.rows as f64 * S);
    let at = |r: usize, c: usize| (MARGIN + c as f64 * S, MARGIN + r as f64 * S);
    let mut out = Svg::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    for edge in puzzle.edges() {
        if solution.has(edge) {
            let [a, b] = puzzle.ends(edge);
            out.line(at(a.0, a.1), at(b.0, b.1), "#1f4e9c", S / 8.0);
        }
    }
    for r in 0..=puzzle.rows {
        for c in 0..=puzzle.cols {
            let (x, y) = at(r, c);
            out.push(&format!(r#"<circle cx="{x}" cy="{y}" r="2" fill="black"/>"#));
        }
    }
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            if let Some(clue) = puzzle.clue(r, c) {
                let (x, y) = at(r, c);
                let text = clue_char(Some(clue)).to_string();
                out.centred_text(x + S / 2.0, y + S / 2.0, S * 0.55, "black", &text);
            }
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slitherlink::parse::parse;

    #[test]
    fn draws_the_loop_on_the_lattice() {
        let p = parse("t", "3.\n..\n", 1).expect("parses");
        let mut s = Solution::empty(&p);
        for e in p.sides(0, 0) {
            s.set(e, true);
        }
        assert_eq!(grid(&p, &s), "+-+ +\n|3|\n+-+ +\n\n+ + +\n");
        assert_eq!(cells(&p, &s).len(), 25);
        assert!(svg(&p, &s).starts_with("<svg"));
    }
}
