//! Drawing a solution: the loop in box-drawing characters with the
//! circles on it (`○` white, `●` black), JSON, and SVG.

use super::puzzle::{Circle, Puzzle};
use super::{Solution, Style};
use crate::svg::Svg;

/// Renders `solution` in `style`.
pub fn render(puzzle: &Puzzle, solution: &Solution, style: Style) -> String {
    match style {
        Style::Loop => drawing(puzzle, solution),
        Style::Svg => svg(puzzle, solution),
        Style::Json => {
            let mut line = serde_json::to_string(solution).unwrap_or_default();
            line.push('\n');
            line
        }
    }
}

/// The segments at every cell: (up, down, left, right).
pub(super) fn links(puzzle: &Puzzle, solution: &Solution) -> Vec<[bool; 4]> {
    let cols = puzzle.cols;
    let mut links = vec![[false; 4]; puzzle.rows * cols];
    for &[a, b] in &solution.edges {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if b.0 >= puzzle.rows || b.1 >= cols {
            continue;
        }
        if a.0 + 1 == b.0 && a.1 == b.1 {
            links[a.0 * cols + a.1][1] = true;
            links[b.0 * cols + b.1][0] = true;
        } else if a.0 == b.0 && a.1 + 1 == b.1 {
            links[a.0 * cols + a.1][3] = true;
            links[b.0 * cols + b.1][2] = true;
        }
    }
    links
}

/// The box-drawing glyph of a cell with the segments `[up, down, left,
/// right]`: `·` off the loop.
pub(super) fn glyph(link: [bool; 4]) -> char {
    match link {
        [true, true, false, false] => '│',
        [false, false, true, true] => '─',
        [false, true, false, true] => '┌',
        [false, true, true, false] => '┐',
        [true, false, false, true] => '└',
        [true, false, true, false] => '┘',
        [false, false, false, false] => '·',
        _ => '+',
    }
}

/// The loop drawn cell by cell, a circle's cell as its circle, with `─`
/// between cells the loop joins along a row.
fn drawing(puzzle: &Puzzle, solution: &Solution) -> String {
    let links = links(puzzle, solution);
    let mut out = String::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let link = links[r * puzzle.cols + c];
            out.push(match puzzle.circle(r, c) {
                Some(Circle::White) => '○',
                Some(Circle::Black) => '●',
                None => glyph(link),
            });
            if c + 1 < puzzle.cols {
                out.push(if link[3] { '─' } else { ' ' });
            }
        }
        out.push('\n');
    }
    out
}

/// An SVG picture of the solution: the grid's cells, the loop as a thick
/// line through the centres of its cells, the circles on top.
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    const S: f64 = 28.0;
    const MARGIN: f64 = 4.0;
    let (w, h) = (puzzle.cols as f64 * S, puzzle.rows as f64 * S);
    let centre = |(r, c): (usize, usize)| {
        (
            MARGIN + c as f64 * S + S / 2.0,
            MARGIN + r as f64 * S + S / 2.0,
        )
    };
    let mut out = Svg::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    for r in 0..=puzzle.rows {
        let y = MARGIN + r as f64 * S;
        out.line((MARGIN, y), (MARGIN + w, y), "#ddd", 1.0);
    }
    for c in 0..=puzzle.cols {
        let x = MARGIN + c as f64 * S;
        out.line((x, MARGIN), (x, MARGIN + h), "#ddd", 1.0);
    }
    for &[a, b] in &solution.edges {
        out.line(centre(a), centre(b), "#2a6fdb", S / 6.0);
    }
    for ((r, c), circle) in puzzle.circles() {
        let (x, y) = centre((r, c));
        let fill = match circle {
            Circle::White => "white",
            Circle::Black => "black",
        };
        out.push(&format!(
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="black" stroke-width="2"/>"#,
            S * 0.35
        ));
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masyu::parse::parse;

    #[test]
    fn draws_the_loop_with_its_circles() {
        let p = parse("t", "W.\n.B\n", 1).expect("parses");
        let s = Solution {
            edges: vec![
                [(0, 0), (0, 1)],
                [(0, 0), (1, 0)],
                [(0, 1), (1, 1)],
                [(1, 0), (1, 1)],
            ],
        };
        assert_eq!(render(&p, &s, Style::Loop), "○─┐\n└─●\n");
        assert!(render(&p, &s, Style::Svg).starts_with("<svg"));
        assert_eq!(
            render(&p, &s, Style::Json),
            "{\"edges\":[[[0,0],[0,1]],[[0,0],[1,0]],[[0,1],[1,1]],[[1,0],[1,1]]]}\n"
        );
    }
}
