//! Drawing a solution in the puzzle's own layout.
//!
//! Every `*` of the layout becomes the cell's value, right-aligned to the
//! widest value of the solution; letters are upper case; the decoration
//! stays (as solv-o-matic prints it, without its side-by-side packing).
//! [`svg`] draws the same layout as a picture.

use super::check::{broken, describe};
use super::parse::show_value;
use super::puzzle::Puzzle;
use super::Value;
use crate::svg::{round, Svg};

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

/// Height in pixels of a layout line with cells or text; a line of
/// decoration alone (`+---+`) gets half of it.
const LINE: f64 = 32.0;
/// Space around the drawing.
const MARGIN: f64 = 12.0;

/// True for the layout characters drawn as lines rather than as text.
fn is_stroke(c: char) -> bool {
    matches!(c, '-' | '=' | '|' | '+' | '/' | '\\')
}

/// The solution as an SVG drawing of the layout: every cell a square
/// with its value (given values black, found ones blue), the decoration
/// characters `-` `=` `|` `+` `/` `\` drawn as lines, any other
/// character as text in its place.
///
/// Each character of the layout gets one column; the columns are half a
/// cell wide when cells stand two characters apart (`* * *`), as they do
/// in most layouts, so that the cells come out square and touching.
pub fn svg(puzzle: &Puzzle, values: &[Value]) -> String {
    let lines: Vec<Vec<char>> = puzzle
        .layout
        .block
        .lines
        .iter()
        .map(|line| line.trim_end().chars().collect())
        .collect();
    let cells = &puzzle.layout.cells;
    let gap = cells
        .windows(2)
        .filter(|pair| pair[0].row == pair[1].row)
        .map(|pair| pair[1].col - pair[0].col)
        .min()
        .unwrap_or(2)
        .clamp(1, 2);
    let column = LINE / gap as f64;
    let at = |row: usize, col: Option<usize>| -> char {
        col.and_then(|col| lines.get(row)?.get(col))
            .copied()
            .unwrap_or(' ')
    };
    // The top of each layout line and its height.
    let mut tops = Vec::with_capacity(lines.len());
    let mut heights = Vec::with_capacity(lines.len());
    let mut y = MARGIN;
    for line in &lines {
        let height = if line.iter().all(|&c| c == ' ' || is_stroke(c)) {
            LINE / 2.0
        } else {
            LINE
        };
        tops.push(y);
        heights.push(height);
        y += height;
    }
    // The drawing starts at the layout's leftmost character; a cell may
    // reach half a column beyond the first and the last character.
    let indent = lines
        .iter()
        .filter_map(|line| line.iter().position(|&c| c != ' '))
        .min()
        .unwrap_or(0);
    let widest = lines.iter().map(Vec::len).max().unwrap_or(0);
    let overhang = (LINE - column) / 2.0;
    let x_of = |col: usize| MARGIN + overhang + col.saturating_sub(indent) as f64 * column;
    let width = 2.0 * (MARGIN + overhang) + widest.saturating_sub(indent) as f64 * column;
    let mut out = Svg::new(width, y + MARGIN);

    // The cells first, so that decoration drawn over their edges shows.
    let shown: Vec<String> = values.iter().map(|&v| show_value(v)).collect();
    for (cell, pos) in cells.iter().enumerate() {
        let (x, top) = (x_of(pos.col), tops[pos.row]);
        // A cell reaches halfway into a blank neighbour, never into a
        // decoration character.
        let reach = |neighbour: char| {
            if neighbour == ' ' {
                LINE / 2.0
            } else {
                column / 2.0
            }
        };
        let centre = x + column / 2.0;
        let (from, to) = (
            centre - reach(at(pos.row, pos.col.checked_sub(1))),
            centre + reach(at(pos.row, Some(pos.col + 1))),
        );
        let height = heights[pos.row];
        out.rect(from, top, to - from, height, "#f3f3f3", Some("#999"));
        let value = shown.get(cell).map_or("", String::as_str);
        let colour = match puzzle.initial.get(cell) {
            Some(Some(_)) => "black",
            _ => "#1f4fbf",
        };
        let size = (LINE * 0.55).min((to - from - 4.0) / (0.64 * value.len().max(1) as f64));
        out.centred_text(centre, top + height / 2.0, round(size), colour, value);
    }

    // The decoration.
    let ink = "#333";
    for (row, line) in lines.iter().enumerate() {
        let (top, height) = (tops[row], heights[row]);
        let bottom = top + height;
        let middle = top + height / 2.0;
        for (col, &c) in line.iter().enumerate() {
            let (x, right) = (x_of(col), x_of(col) + column);
            let centre = x + column / 2.0;
            match c {
                ' ' | '*' => {}
                '-' => out.line((x, middle), (right, middle), ink, 2.0),
                '=' => {
                    for dy in [-3.0, 3.0] {
                        out.line((x, middle + dy), (right, middle + dy), ink, 1.5);
                    }
                }
                '|' => out.line((centre, top), (centre, bottom), ink, 2.0),
                '/' => out.line((x, bottom), (right, top), ink, 2.0),
                '\\' => out.line((x, top), (right, bottom), ink, 2.0),
                '+' => {
                    // A corner or crossing joins the lines beside it; alone,
                    // it is a plus sign.
                    let across = |n: char| matches!(n, '-' | '=' | '+');
                    let along = |n: char| matches!(n, '|' | '+');
                    let left = across(at(row, col.checked_sub(1)));
                    let rightwards = across(at(row, Some(col + 1)));
                    let up = row > 0 && along(at(row - 1, Some(col)));
                    let down = along(at(row + 1, Some(col)));
                    let alone = !(left || rightwards || up || down);
                    if left || alone {
                        out.line((x, middle), (centre, middle), ink, 2.0);
                    }
                    if rightwards || alone {
                        out.line((centre, middle), (right, middle), ink, 2.0);
                    }
                    if up || alone {
                        let from = if alone { middle - column / 2.0 } else { top };
                        out.line((centre, from), (centre, middle), ink, 2.0);
                    }
                    if down || alone {
                        let to = if alone { middle + column / 2.0 } else { bottom };
                        out.line((centre, middle), (centre, to), ink, 2.0);
                    }
                }
                c => out.centred_text(centre, middle, LINE / 2.0, ink, &c.to_string()),
            }
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::{parse, WordSource};

    #[test]
    fn the_svg_shows_the_values_and_escapes_the_layout_text() {
        let text = "layout\n| * < * & *\n\nrange 1..3\n| * < * & *\n\nrule distinct\n| * < * & *\n\ninitial\n| 1 < . & .\n";
        let puzzle = parse("p.txt", text, WordSource::Files(None)).expect("parses");
        let drawing = svg(&puzzle, &[1, 2, 3]);
        let tree = resvg::usvg::Tree::from_str(&drawing, &resvg::usvg::Options::default())
            .expect("well-formed SVG");
        // Five characters two columns apart: 16-pixel columns, cells
        // reaching 8 pixels beyond the first and last, 12-pixel margins.
        assert_eq!(tree.size().width(), 2.0 * (12.0 + 8.0) + 9.0 * 16.0);
        assert!(drawing.contains(">&lt;<") && drawing.contains(">&amp;<"), "{drawing}");
        // The given value is black, the found ones blue.
        assert!(drawing.contains(r#"fill="black">1<"#), "{drawing}");
        assert!(drawing.contains(r##"fill="#1f4fbf">3<"##), "{drawing}");
    }
}
