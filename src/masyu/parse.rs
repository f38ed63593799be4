//! Reading a Masyu puzzle: the plain text format, puzz.link URLs (one, or
//! a file of them) and Simon Tatham's game IDs of `pearl`.
//!
//! The plain text format is one row of the grid a line, one character a
//! cell (blanks between cells are allowed and ignored):
//!
//! | character | cell |
//! |---|---|
//! | `W`, `w`, `o`, `O`, `○` | a white circle |
//! | `B`, `b`, `x`, `X`, `*`, `●` | a black circle |
//! | `.`, `-`, `_` | an empty cell |
//!
//! Lines starting with `#` are comments. Every row has the same number of
//! cells, and the puzzle has a circle. A file may hold several puzzles,
//! separated by blank lines: `--puzzle N` picks one, `--all-puzzles`
//! takes each.
//!
//! A game ID of Tatham's `pearl` is `WxH:DESC`, `DESC` a run of `B` and
//! `W` circles and lower-case letters, `a` one empty cell to `z` 26.

use super::puzzle::{Circle, Format, Puzzle};
use crate::error::{Error, Result};

/// The most cells a puzzle may have.
pub(super) const MAX_CELLS: usize = 4_000_000;

/// Parses a puzzle file (or URL) named `source`; `index` picks the URL of
/// a file of URLs (1-based).
pub fn parse(source: &str, text: &str, index: usize) -> Result<Puzzle> {
    if let Some(lines) = crate::puzzlink::url_lines(text) {
        let (line, url) = crate::puzzlink::pick(source, &lines, index)?;
        let url = crate::puzzlink::parse(source, line, url)?;
        return super::url::parse(source, line, &url);
    }
    let spans = grid_spans(text);
    let chosen = match (spans.len(), index) {
        (0 | 1, 1) => 0..usize::MAX,
        (0 | 1, _) => {
            return Err(Error::parse(
                source,
                1,
                format!("--puzzle {index}: the file holds one puzzle"),
            ))
        }
        (_, 0) => return Err(Error::parse(source, 1, "--puzzle counts from 1")),
        (count, _) => spans.get(index - 1).cloned().ok_or_else(|| {
            Error::parse(
                source,
                text.lines().count().max(1),
                format!("--puzzle {index}: the file holds only {count} puzzles"),
            )
        })?,
    };
    let significant = || {
        text.lines()
            .enumerate()
            .filter(|(i, _)| chosen.contains(i))
            .map(|(i, line)| (i + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
    };
    if let Some((line, first)) = significant().next() {
        if let Some((size, desc)) = first.split_once(':') {
            if significant().count() == 1 {
                return tatham(source, line, size, desc);
            }
        }
    }
    let mut rows: Vec<Vec<Option<Circle>>> = Vec::new();
    let mut first_line = 0;
    for (number, line) in significant() {
        let mut row = Vec::new();
        for ch in line.chars().filter(|c| !c.is_whitespace()) {
            row.push(cell(ch).ok_or_else(|| {
                Error::parse(
                    source,
                    number,
                    format!(
                        "'{ch}' in row {} is no cell: write W (white circle), B (black circle) or \
                         . (empty)",
                        rows.len() + 1
                    ),
                )
            })?);
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(Error::parse(
                    source,
                    number,
                    format!(
                        "row {} has {} cells, row 1 (line {first_line}) has {}: every row has \
                         the same number of cells",
                        rows.len() + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        } else {
            first_line = number;
        }
        if rows.len() * row.len() >= MAX_CELLS {
            return Err(Error::parse(
                source,
                number,
                format!("the grid is too large (at most {MAX_CELLS} cells)"),
            ));
        }
        rows.push(row);
    }
    let last = text.lines().count().max(1);
    if rows.is_empty() {
        return Err(Error::parse(
            source,
            last,
            "no grid: a Masyu puzzle is rows of W (white circle), B (black circle) and . (empty)",
        ));
    }
    let cols = rows[0].len();
    let puzzle = Puzzle {
        rows: rows.len(),
        cols,
        cells: rows.into_iter().flatten().collect(),
        format: Format::Text,
    };
    needs_a_circle(source, last, puzzle)
}

/// The puzzles of a file that holds several, as ranges of 0-based line
/// indices: runs of non-blank lines, separated by blank lines, that hold
/// a line other than a `#` comment. One range (or none) for a file of
/// one puzzle.
pub fn grid_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].is_empty() {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && !lines[i].is_empty() {
            i += 1;
        }
        if lines[start..i].iter().any(|l| !l.starts_with('#')) {
            spans.push(start..i);
        }
    }
    spans
}

/// The cell a character of the plain text format stands for; `None` for
/// a character that is no cell.
fn cell(ch: char) -> Option<Option<Circle>> {
    match ch {
        'W' | 'w' | 'o' | 'O' | '○' => Some(Some(Circle::White)),
        'B' | 'b' | 'x' | 'X' | '*' | '●' => Some(Some(Circle::Black)),
        '.' | '-' | '_' => Some(None),
        _ => None,
    }
}

/// `puzzle`, unless it has no circle (any loop at all would solve it).
pub(super) fn needs_a_circle(source: &str, line: usize, puzzle: Puzzle) -> Result<Puzzle> {
    if puzzle.cells.iter().all(Option::is_none) {
        return Err(Error::parse(
            source,
            line,
            "the grid has no circle: a Masyu puzzle needs one at least (the loop passes every circle)",
        ));
    }
    Ok(puzzle)
}

/// Reads Tatham's game ID `size:desc` found at `source:line`.
fn tatham(source: &str, line: usize, size: &str, desc: &str) -> Result<Puzzle> {
    let fail = |message: String| Error::parse(source, line, message);
    let (cols, rows) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .filter(|&(w, h)| w > 0 && h > 0)
        .ok_or_else(|| {
            fail(format!(
                "'{size}' is no size: a game ID of pearl starts with WIDTHxHEIGHT: (e.g. 6x6:)"
            ))
        })?;
    if cols.checked_mul(rows).is_none_or(|n| n > MAX_CELLS) {
        return Err(fail(format!(
            "the grid is {cols}x{rows}: too large (at most {MAX_CELLS} cells)"
        )));
    }
    let total = cols * rows;
    let mut cells = Vec::with_capacity(total);
    for ch in desc.trim().chars() {
        match ch {
            'W' => cells.push(Some(Circle::White)),
            'B' => cells.push(Some(Circle::Black)),
            'a'..='z' => cells.extend(std::iter::repeat_n(None, ch as usize - 'a' as usize + 1)),
            other => {
                return Err(fail(format!(
                    "'{other}' in the game ID: pearl writes B, W and the letters a-z (runs of empty cells)"
                )))
            }
        }
        if cells.len() > total {
            return Err(fail(format!(
                "the game ID describes more than the {total} cells of a {cols}x{rows} grid"
            )));
        }
    }
    if cells.len() < total {
        return Err(fail(format!(
            "the game ID describes {} of the {total} cells of a {cols}x{rows} grid",
            cells.len()
        )));
    }
    needs_a_circle(
        source,
        line,
        Puzzle {
            rows,
            cols,
            cells,
            format: Format::Text,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_text_format_in_every_spelling() {
        let p = parse("t", "# a comment\nW.B\no - x\n", 1).expect("parses");
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.circle(0, 0), Some(Circle::White));
        assert_eq!(p.circle(0, 2), Some(Circle::Black));
        assert_eq!(p.circle(1, 0), Some(Circle::White));
        assert_eq!(p.circle(1, 1), None);
        assert_eq!(p.circle(1, 2), Some(Circle::Black));
        assert_eq!(p.to_text(), "W.B\nW.B\n");
    }

    #[test]
    fn picks_one_grid_of_several() {
        let text = "# puzzle 1\nW.\n..\n\n# puzzle 2\n.B\n..\n.W\n";
        assert_eq!(grid_spans(text), vec![0..3, 4..8]);
        let second = parse("t", text, 2).expect("second");
        assert_eq!(second.to_text(), ".B\n..\n.W\n");
        assert!(parse("t", text, 3)
            .expect_err("third")
            .to_string()
            .contains("only 2 puzzles"));
        assert!(parse("t", "W.\n", 2)
            .expect_err("one")
            .to_string()
            .contains("holds one puzzle"));
    }

    #[test]
    fn reads_tathams_game_ids() {
        let p = parse("t", "3x2:aWbBa\n", 1).expect("parses");
        assert_eq!(p.to_text(), ".W.\n.B.\n");
    }

    #[test]
    fn bad_grids_are_errors_with_their_line() {
        let err = |text: &str| parse("p.txt", text, 1).expect_err(text).to_string();
        assert!(err("W.\nB\n").contains("p.txt:2:"), "{}", err("W.\nB\n"));
        assert!(err("W.\nBQ\n").contains("'Q' in row 2"));
        assert!(err("..\n..\n").contains("no circle"));
        assert!(err("# nothing\n").contains("no grid"));
        assert!(err("3x2:aWbB\n").contains("5 of the 6 cells"));
        assert!(err("3x2:aWbBaa\n").contains("more than"));
        assert!(err("3x2:aW1\n").contains("'1'"));
        assert!(err("0x2:aW\n").contains("no size"));
    }
}
