//! Reading Slitherlink puzzles, in two formats told apart by content:
//!
//! - text: one row of cells a line, each cell a character: `0` to `4`
//!   (the clue), `.` (no clue) or `?` (a clue whose number is hidden,
//!   pzprjs's `?`); spaces between cells are allowed and every row has as
//!   many cells. Lines starting with `#` are comments. A file may hold
//!   several grids, separated by blank or comment lines (`--puzzle N`,
//!   `--all-puzzles`), as `generate-slitherlink --puzzles K` writes them;
//! - puzz.link URLs of the genre `slither` ([`super::url`]), one a line;
//!   several make a collection (`--puzzle N`, `--all-puzzles`).

use super::puzzle::{Clue, Format, Puzzle};
use crate::error::{Error, Result};

/// The largest number of cells a grid may have.
pub const MAX_CELLS: usize = 4_000_000;

/// Parses a puzzle; `puzzle_index` (1-based) selects a puzzle of a file
/// of several grids or URLs.
pub fn parse(source: &str, text: &str, puzzle_index: usize) -> Result<Puzzle> {
    if let Some(lines) = crate::puzzlink::url_lines(text) {
        let (line, url) = crate::puzzlink::pick(source, &lines, puzzle_index)?;
        let url = crate::puzzlink::parse(source, line, url)?;
        return super::url::parse(source, line, &url);
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let spans = grid_spans(text);
    if spans.is_empty() {
        return Err(Error::parse(
            source,
            1,
            "no grid: expected rows of 0-4, '.' and '?' (one row of cells a line), or a puzz.link \
             slither URL",
        ));
    }
    if puzzle_index == 0 {
        return Err(Error::parse(source, 1, "--puzzle counts from 1"));
    }
    let Some(span) = spans.get(puzzle_index - 1) else {
        return Err(Error::parse(
            source,
            spans.last().map_or(1, |s| s.end),
            format!(
                "--puzzle {puzzle_index}: the file holds only {} grid(s)",
                spans.len()
            ),
        ));
    };
    parse_rows(source, &lines, span.clone())
}

/// The grids of a text file: runs of lines that are neither blank nor
/// comments, as 0-based line ranges.
pub fn grid_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut start = None;
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        let row = !(line.is_empty() || line.starts_with('#'));
        match (row, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push(s..i);
                start = None;
            }
            _ => {}
        }
        count = i + 1;
    }
    if let Some(s) = start {
        spans.push(s..count);
    }
    spans
}

/// Parses the rows `span` (0-based line numbers) of `lines`.
fn parse_rows(source: &str, lines: &[&str], span: std::ops::Range<usize>) -> Result<Puzzle> {
    let mut clues = Vec::new();
    let mut rows = 0;
    let mut cols = None;
    let first_line = span.start + 1;
    for i in span {
        let number = i + 1;
        let line = lines[i].trim();
        let mut row = Vec::new();
        for (k, ch) in line.chars().enumerate() {
            let clue = match ch {
                ' ' | '\t' => continue,
                '0'..='4' => Some(Clue::Number(ch as u8 - b'0')),
                '.' => None,
                '?' => Some(Clue::Unknown),
                other => {
                    let why = if other.is_ascii_digit() {
                        format!(
                            "'{other}' (character {}): a cell has 4 sides, clues are 0 to 4",
                            k + 1
                        )
                    } else {
                        format!(
                            "'{}' (character {}) is no cell: a row holds 0-4 (clues), '.' (no clue) \
                             and '?' (a hidden clue)",
                            other.escape_default(),
                            k + 1
                        )
                    };
                    return Err(Error::parse(source, number, why));
                }
            };
            row.push(clue);
        }
        match cols {
            None => cols = Some(row.len()),
            Some(cols) if cols != row.len() => {
                return Err(Error::parse(
                    source,
                    number,
                    format!(
                        "this row has {} cells, the first row (line {first_line}) has {cols}: \
                         every row has as many",
                        row.len()
                    ),
                ))
            }
            Some(_) => {}
        }
        rows += 1;
        clues.extend(row);
        if clues.len() > MAX_CELLS {
            return Err(Error::parse(
                source,
                number,
                format!("the grid is too large (more than {MAX_CELLS} cells)"),
            ));
        }
    }
    Ok(Puzzle {
        rows,
        cols: cols.unwrap_or(0),
        clues,
        format: Format::Text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_with_or_without_spaces() {
        let p = parse("t", "# a comment\n3.2\n. 0 ?\n", 1).expect("parses");
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.clue(0, 0), Some(Clue::Number(3)));
        assert_eq!(p.clue(0, 1), None);
        assert_eq!(p.clue(1, 2), Some(Clue::Unknown));
        assert_eq!(p.text(), "3.2\n.0?\n");
    }

    #[test]
    fn errors_name_the_line() {
        let err = |text: &str| parse("f", text, 1).expect_err(text).to_string();
        assert_eq!(
            err("3.\n.5\n"),
            "f:2: '5' (character 2): a cell has 4 sides, clues are 0 to 4"
        );
        assert!(err("3.\nx.\n").starts_with("f:2: 'x' (character 1) is no cell"));
        assert!(err("3.\n...\n").starts_with("f:2: this row has 3 cells, the first row (line 1) has 2"));
        assert!(err("\n# nothing\n").starts_with("f:1: no grid"));
        assert!(err("\n").starts_with("f:1: no grid"));
        let two = "# one\n3.\n..\n\n# two\n.2\n2.\n";
        assert_eq!(parse("f", two, 2).expect("second").text(), ".2\n2.\n");
        assert_eq!(
            parse("f", two, 3).expect_err("third").to_string(),
            "f:7: --puzzle 3: the file holds only 2 grid(s)"
        );
        assert_eq!(parse("f", "3.\n..\n\n3\n", 2).expect("1x1").text(), "3\n");
    }
}
