//! Drawing a solved grid for people and for other programs.

use super::formats::Format;
use super::puzzle::{Block, Cell, Puzzle};
use super::{xml, Grid};
use crate::svg::{escape, round, Svg};
use std::fmt::Write;

/// How `decode-nonogram` draws a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// Full blocks (two per cell, so cells look square) in a frame; in
    /// colour puzzles drawn in the colours (24-bit terminal colours; the
    /// colours' symbols when NO_COLOR is set).
    Unicode,
    /// `O` black, `_` white, one row per line (griddler's print style);
    /// colour puzzles: the colours' symbols.
    #[value(name = "O", alias = "o")]
    O,
    /// `▓` black, space white, one row per line (griddler's bricks);
    /// colour puzzles: the colours' symbols.
    Bricks,
    /// `1` black, `0` white, one row per line; colour puzzles: the
    /// colours' symbols.
    Bits,
    /// The puzzle as a `.non` file with its `goal` line filled in.
    Non,
    /// The puzzle as a webpbn XML file with the solution as its goal.
    Xml,
}

impl Default for Style {
    /// `unicode` when standard output is a terminal, else `O` (plain
    /// ASCII that diffs well).
    fn default() -> Self {
        use std::io::IsTerminal;
        if std::io::stdout().is_terminal() {
            Style::Unicode
        } else {
            Style::O
        }
    }
}

/// Draws `grid` in `style`; every style ends with a newline.
pub fn render(puzzle: &Puzzle, grid: &Grid, style: Style) -> String {
    match style {
        Style::Unicode => {
            let paint = puzzle.is_colour() && std::env::var_os("NO_COLOR").is_none();
            let bar = "─".repeat(2 * grid.width);
            let mut out = format!("┌{bar}┐\n");
            for row in grid.rows() {
                out.push('│');
                for &cell in row {
                    match cell {
                        None => out.push_str("  "),
                        Some(k) if paint => {
                            let [r, g, b] = puzzle.colours[k].rgb;
                            let _ = write!(out, "\x1b[38;2;{r};{g};{b}m██\x1b[0m");
                        }
                        Some(_) if puzzle.is_colour() => {
                            let symbol = grid.symbol(cell);
                            out.push(symbol);
                            out.push(symbol);
                        }
                        Some(_) => out.push_str("██"),
                    }
                }
                out.push_str("│\n");
            }
            out.push_str(&format!("└{bar}┘\n"));
            out
        }
        Style::O => cells(puzzle, grid, 'O', '_'),
        Style::Bricks => cells(puzzle, grid, '▓', ' '),
        Style::Bits => cells(puzzle, grid, '1', '0'),
        Style::Non => non(puzzle, grid),
        Style::Xml => xml::write(puzzle, Some(grid)),
    }
}

/// One row a line: `filled` or, in a colour puzzle, the colour's symbol;
/// `empty` for the background.
fn cells(puzzle: &Puzzle, grid: &Grid, filled: char, empty: char) -> String {
    let mut out = String::with_capacity((grid.width + 1) * grid.height);
    for row in grid.rows() {
        out.extend(row.iter().map(|&cell| match cell {
            None => empty,
            Some(_) if puzzle.is_colour() => grid.symbol(cell),
            Some(_) => filled,
        }));
        out.push('\n');
    }
    out
}

/// The letters of a puzzle's colours in a `.non` file: their symbols when
/// those are distinct letters, else `a`, `b`, ... `z`, `A`, ... in order.
fn non_letters(puzzle: &Puzzle) -> Vec<char> {
    let symbols: Vec<char> = puzzle.colours.iter().map(|c| c.symbol).collect();
    let distinct = symbols
        .iter()
        .enumerate()
        .all(|(i, s)| s.is_ascii_alphabetic() && !symbols[..i].contains(s));
    if distinct {
        symbols
    } else {
        // 52 letters for at most 31 colours.
        (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .map(char::from)
            .take(symbols.len())
            .collect()
    }
}

fn goal_line(puzzle: &Puzzle, grid: &Grid) -> String {
    let letters = non_letters(puzzle);
    let bits: String = grid
        .cells
        .iter()
        .map(|&cell: &Cell| match cell {
            None => '0',
            Some(_) if !puzzle.is_colour() => '1',
            Some(k) => letters.get(k).copied().unwrap_or('?'),
        })
        .collect();
    format!("goal \"{bits}\"")
}

/// A clue in a `.non` file: `2,1` or, in colour, `2a,1b`; `0` when empty.
fn non_clue(puzzle: &Puzzle, letters: &[char], clue: &[Block]) -> String {
    if clue.is_empty() {
        return "0".to_string();
    }
    clue.iter()
        .map(|b| {
            if puzzle.is_colour() {
                format!("{}{}", b.len, letters[b.colour])
            } else {
                b.len.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The `.non` text: the original file with its goal replaced (or added)
/// when it was a `.non` file, else a new file from the clues.
fn non(puzzle: &Puzzle, grid: &Grid) -> String {
    let goal = goal_line(puzzle, grid);
    let mut out = String::new();
    if puzzle.format == Format::Non {
        let mut replaced = false;
        for line in puzzle.text.lines() {
            if line.trim() == "====" {
                break;
            }
            if line.split_whitespace().next() == Some("goal") {
                if !replaced {
                    out.push_str(&goal);
                    out.push('\n');
                    replaced = true;
                }
            } else {
                out.push_str(line);
                out.push('\n');
            }
        }
        if !replaced {
            out.push_str(&goal);
            out.push('\n');
        }
        return out;
    }
    non_from_clues(puzzle, grid)
}

/// A new `.non` file from the clues (title, colours, size, rows, columns)
/// with `grid` as its goal, whatever the puzzle was read from.
pub fn non_from_clues(puzzle: &Puzzle, grid: &Grid) -> String {
    let goal = goal_line(puzzle, grid);
    let mut out = String::new();
    if let Some(title) = &puzzle.title {
        let _ = writeln!(out, "title \"{}\"", title.replace('"', "&quot;"));
    }
    let letters = non_letters(puzzle);
    if puzzle.is_colour() {
        for (colour, letter) in puzzle.colours.iter().zip(&letters) {
            let _ = writeln!(out, "color {letter} {}", colour.hex());
        }
    }
    let _ = writeln!(out, "width {}\nheight {}\n\nrows", grid.width, grid.height);
    for clue in &puzzle.rows {
        out.push_str(&non_clue(puzzle, &letters, clue));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for clue in &puzzle.columns {
        out.push_str(&non_clue(puzzle, &letters, clue));
        out.push('\n');
    }
    let _ = writeln!(out, "\n{goal}");
    out
}

/// Pixels per cell (and per clue number) in [`svg`].
const CELL: f64 = 16.0;
/// Space around the drawing and between the clues and the grid.
const MARGIN: f64 = 4.0;

/// The solved grid as an SVG drawing, as printed puzzles are drawn: the
/// row clues on the left, the column clues on top, the cells in their
/// colours (black and white, or the puzzle's colours, each clue number on
/// its block's colour) with grey grid lines, a darker line every five
/// cells.
pub fn svg(puzzle: &Puzzle, grid: &Grid) -> String {
    let longest = |clues: &[super::puzzle::Clue]| clues.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let (w, h) = (grid.width, grid.height);
    // The grid's top left corner, on half pixels so that one-pixel lines
    // are sharp.
    let left = MARGIN + longest(&puzzle.rows) as f64 * CELL + MARGIN;
    let top = MARGIN + longest(&puzzle.columns) as f64 * CELL + MARGIN;
    let (x0, y0) = (left + 0.5, top + 0.5);
    let (right, bottom) = (x0 + w as f64 * CELL, y0 + h as f64 * CELL);
    let mut out = Svg::new(right + 0.5 + MARGIN, bottom + 0.5 + MARGIN);
    if let Some(title) = &puzzle.title {
        out.push(&format!("<title>{}</title>", escape(title)));
    }
    // Black and white stays "black"; colours by their RGB value.
    let fill = |k: usize| {
        if puzzle.is_colour() {
            puzzle.colours[k].hex()
        } else {
            "black".to_string()
        }
    };
    for (r, row) in grid.rows().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if let Some(k) = cell {
                let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
                out.rect(x, y, CELL, CELL, &fill(k), None);
            }
        }
    }
    let shade = |line: usize, last: usize| match line {
        _ if line == 0 || line == last => ("black", 1.5),
        _ if line % 5 == 0 => ("#555", 1.0),
        _ => ("#bbb", 1.0),
    };
    for c in 0..=w {
        let (colour, width) = shade(c, w);
        let x = x0 + c as f64 * CELL;
        out.line((x, y0), (x, bottom), colour, width);
    }
    for r in 0..=h {
        let (colour, width) = shade(r, h);
        let y = y0 + r as f64 * CELL;
        out.line((x0, y), (right, y), colour, width);
    }
    // Each clue number in a slot of one cell, the last one next to the grid.
    // Numbers of two or more digits get smaller, to stay apart.
    let fit = |number: &str| round((CELL * 0.62).min((CELL - 4.0) / (0.64 * number.len() as f64)));
    let numbers = |clue: &[Block]| -> Vec<(String, Option<usize>)> {
        if clue.is_empty() {
            vec![("0".to_string(), None)]
        } else {
            clue.iter().map(|b| (b.len.to_string(), Some(b.colour))).collect()
        }
    };
    // In a colour puzzle each number sits on its block's colour, written
    // in black or white, whichever reads better on it.
    let number = |out: &mut Svg, x: f64, y: f64, (text, colour): &(String, Option<usize>)| {
        let ink = match colour {
            Some(k) if puzzle.is_colour() => {
                let [r, g, b] = puzzle.colours[*k].rgb;
                let half = CELL / 2.0 - 1.0;
                out.rect(x - half, y - half, 2.0 * half, 2.0 * half, &fill(*k), None);
                let light = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
                if light > 128_000 {
                    "black"
                } else {
                    "white"
                }
            }
            _ => "black",
        };
        out.centred_text(x, y, fit(text), ink, text);
    };
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let shown = numbers(clue);
        let y = y0 + (r as f64 + 0.5) * CELL;
        for (j, shown_number) in shown.iter().enumerate() {
            let x = left - MARGIN - (shown.len() - j) as f64 * CELL + CELL / 2.0;
            number(&mut out, x, y, shown_number);
        }
    }
    for (c, clue) in puzzle.columns.iter().enumerate() {
        let shown = numbers(clue);
        let x = x0 + (c as f64 + 0.5) * CELL;
        for (j, shown_number) in shown.iter().enumerate() {
            let y = top - MARGIN - (shown.len() - j) as f64 * CELL + CELL / 2.0;
            number(&mut out, x, y, shown_number);
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::formats::parse;

    #[test]
    fn draws_every_style() {
        let puzzle = parse("p", "g 2 2 r 1 0 r 1 0 c 1 0 c 1 0", Format::Auto, None).unwrap();
        let grid = Grid {
            height: 2,
            width: 2,
            cells: vec![Some(0), None, None, Some(0)],
            symbols: vec!['#'],
        };
        assert_eq!(render(&puzzle, &grid, Style::O), "O_\n_O\n");
        assert_eq!(render(&puzzle, &grid, Style::Bits), "10\n01\n");
        assert_eq!(render(&puzzle, &grid, Style::Bricks), "▓ \n ▓\n");
        assert_eq!(
            render(&puzzle, &grid, Style::Unicode),
            "┌────┐\n│██  │\n│  ██│\n└────┘\n"
        );
        let non_text = render(&puzzle, &grid, Style::Non);
        assert!(
            non_text.ends_with("columns\n1\n1\n\ngoal \"1001\"\n"),
            "{non_text}"
        );
        // The generated .non reads back with the same clues and goal.
        let again = parse("q", &non_text, Format::Auto, None).unwrap();
        assert_eq!((again.rows, again.columns), (puzzle.rows, puzzle.columns));
        assert_eq!(again.goal.map(|g| g.0), Some(grid.cells.clone()));
        // A .non file keeps its lines and gets its goal replaced.
        let text =
            "title \"x\"\nwidth 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal \"1100\"\nby \"me\"\n";
        let puzzle = parse("p", text, Format::Auto, None).unwrap();
        let expected = text.replace("1100", "1001");
        assert_eq!(render(&puzzle, &grid, Style::Non), expected);
    }
}
