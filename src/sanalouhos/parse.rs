//! Reads the letter grid: from a string of letters (row-major, shaped by
//! `--width`/`--height`), from rows separated by `/`, or from a file with one
//! row a line.
//!
//! ```
//! use satpipe::sanalouhos::grid::Shape;
//! use satpipe::sanalouhos::parse::parse;
//! let grid = parse("<arg>", "ABC/DEF", Shape::default()).unwrap();
//! assert_eq!((grid.rows, grid.cols), (2, 3));
//! assert_eq!(grid.letter(4), 'e');
//! ```

use super::grid::{Grid, Shape, DEFAULT_COLS, DEFAULT_ROWS};
use crate::error::{Error, Result};

/// True when `text` can be a grid given on the command line: letters,
/// optionally with `/` between rows.
pub fn is_inline(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_alphabetic() || c == '/')
}

/// One letter, lower-cased; errors name the place.
fn lower(source: &str, line: usize, letter: char) -> Result<char> {
    if !letter.is_alphabetic() {
        return Err(Error::parse(
            source,
            line,
            format!("'{letter}' is not a letter (a grid holds letters only)"),
        ));
    }
    let mut lower = letter.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(single), None) => Ok(single),
        _ => Err(Error::parse(
            source,
            line,
            format!("'{letter}' has no single-letter lower case"),
        )),
    }
}

/// Parses a grid. The text is either one line of letters (row-major,
/// `shape` or 6x5), rows separated by `/`, or one row a line (letters may
/// be separated by spaces; lines starting with `#` are comments).
pub fn parse(source: &str, text: &str, shape: Shape) -> Result<Grid> {
    // (line number, letters) of every row as written.
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        for part in line.split('/') {
            let letters = part
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| lower(source, number, c))
                .collect::<Result<Vec<char>>>()?;
            if letters.is_empty() {
                return Err(Error::parse(source, number, "an empty row"));
            }
            rows.push((number, letters));
        }
    }
    let Some(&(first_line, _)) = rows.first() else {
        return Err(Error::parse(source, 1, "no letters"));
    };
    if rows.len() == 1 {
        let (_, letters) = rows.remove(0);
        return reshape(source, first_line, letters, shape);
    }
    let cols = rows[0].1.len();
    for (line, row) in &rows {
        if row.len() != cols {
            return Err(Error::parse(
                source,
                *line,
                format!("this row has {} letters, the first has {cols}", row.len()),
            ));
        }
    }
    let grid = Grid {
        rows: rows.len(),
        cols,
        letters: rows.into_iter().flat_map(|(_, row)| row).collect(),
    };
    let conflicts = |given: Option<usize>, actual: usize| given.is_some_and(|g| g != actual);
    if conflicts(shape.rows, grid.rows) || conflicts(shape.cols, grid.cols) {
        return Err(Error::parse(
            source,
            first_line,
            format!(
                "the grid has {} rows of {} letters, not the --width/--height given",
                grid.rows, grid.cols
            ),
        ));
    }
    Ok(grid)
}

/// A single row of letters cut into rows of the asked shape.
fn reshape(source: &str, line: usize, letters: Vec<char>, shape: Shape) -> Result<Grid> {
    let n = letters.len();
    let (rows, cols) = match (shape.rows, shape.cols) {
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) if r > 0 && n % r == 0 => (r, n / r),
        (None, Some(c)) if c > 0 && n % c == 0 => (n / c, c),
        (None, None) => (DEFAULT_ROWS, DEFAULT_COLS),
        (Some(r), None) => (r, 0),
        (None, Some(c)) => (0, c),
    };
    if rows == 0 || cols == 0 || rows * cols != n {
        return Err(Error::parse(
            source,
            line,
            format!(
                "{n} letters do not fill {rows} rows of {cols} (set --width/--height, or write the rows separated by '/' or on lines of their own)"
            ),
        ));
    }
    Ok(Grid {
        rows,
        cols,
        letters,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_spelling_of_the_same_grid() {
        let string = parse("a", "TMSIIOULKNIEKIAITTAONTTIMAAOTI", Shape::default()).unwrap();
        let slashed = parse("b", "TMSII/OULKN/IEKIA/ITTAO/NTTIM/AAOTI", Shape::default()).unwrap();
        let file = parse(
            "c",
            "# readme1\nT M S I I\nOULKN\nIEKIA\nITTAO\nNTTIM\nAAOTI\n",
            Shape::default(),
        )
        .unwrap();
        assert_eq!(string, slashed);
        assert_eq!(string, file);
        assert_eq!((string.rows, string.cols), (6, 5));
        assert_eq!(string.letter(0), 't');
    }

    #[test]
    fn lower_cases_unicode_letters() {
        let grid = parse(
            "a",
            "ÄÖÅ",
            Shape {
                rows: Some(1),
                cols: None,
            },
        )
        .unwrap();
        assert_eq!(grid.letters, vec!['ä', 'ö', 'å']);
        assert_eq!(grid.display(), "Ä Ö Å\n");
    }

    #[test]
    fn neighbours_are_the_8_neighbourhood() {
        let grid = parse("a", "abc/def/ghi", Shape::default()).unwrap();
        assert_eq!(grid.neighbours(0), vec![1, 3, 4]);
        assert_eq!(grid.neighbours(4).len(), 8);
    }

    #[test]
    fn errors_name_the_line() {
        let bad = |text: &str, shape: Shape| parse("f", text, shape).unwrap_err().to_string();
        assert!(bad("abc\nab1\n", Shape::default()).starts_with("f:2: '1' is not a letter"));
        assert!(bad("abc\n\nab\n", Shape::default()).contains("f:3: this row has 2 letters"));
        assert!(bad("abcdef", Shape::default()).contains("6 letters do not fill 6 rows of 5"));
        assert!(bad(
            "abcdef",
            Shape {
                rows: Some(4),
                cols: None
            }
        )
        .contains("do not fill"));
        assert!(bad("# only a comment\n", Shape::default()).contains("no letters"));
        assert!(bad(
            "ab/cd",
            Shape {
                rows: Some(3),
                cols: None
            }
        )
        .contains("not the --width/--height"));
        let ok = parse(
            "f",
            "abcdef",
            Shape {
                rows: None,
                cols: Some(2),
            },
        )
        .unwrap();
        assert_eq!((ok.rows, ok.cols), (3, 2));
    }

    #[test]
    fn recognises_inline_grids() {
        assert!(is_inline("PELLEHÄLLI"));
        assert!(is_inline("ab/cd"));
        assert!(!is_inline("puzzle.txt"));
        assert!(!is_inline(""));
    }
}
