//! Nonograms as puzz.link URLs (genre `nonogram`, black and white), read
//! and written.
//!
//! pzprjs keeps the clues in cells outside the grid: above every column
//! `ceil(ROWS / 2)` cells (the most blocks a column can have), left of
//! every row `ceil(COLUMNS / 2)`. The body lists them in pzprjs's
//! `Number16ExCell` encoding ([`crate::puzzlink::number16`]): first the
//! columns, left to right, each column's cells from the grid outwards,
//! then the rows, top to bottom, each from the grid outwards. A clue sits
//! against the grid ("flushed"), so its last block comes first; empty
//! cells between numbers are skipped, as pzprjs's answer check does. An
//! empty line has no number. A `?` clue, the number 0 and more numbers
//! than a line has cells for are refused.

use super::formats::{validate, Format};
use super::puzzle::{plain, Clue, Colour, Puzzle};
use crate::error::{Error, Result};
use crate::puzzlink::number16::{self, Clue as Cell, Variant};
use crate::puzzlink::Url;

/// The clue cells of a line of `length` cells: the most blocks it holds.
fn slots(length: usize) -> usize {
    length.div_ceil(2)
}

/// Reads a nonogram URL found at `source:line`; the puzzle's text is
/// `text`.
pub fn parse(source: &str, line: usize, url: &Url, text: &str) -> Result<Puzzle> {
    let fail = |message: String| Error::parse(source, line, message);
    if url.genre != "nonogram" {
        return Err(fail(format!(
            "the URL is a '{}' puzzle; encode-nonogram reads the genre nonogram",
            url.genre
        )));
    }
    if !url.flags.is_empty() {
        return Err(fail(format!(
            "nonogram: unknown flags '{}' (pzprjs writes none)",
            url.flags
        )));
    }
    let (rows, cols) = (url.rows, url.cols);
    if rows > super::formats::MAX_SIDE || cols > super::formats::MAX_SIDE {
        return Err(fail(format!(
            "the grid is {rows}x{cols}; at most {} rows and columns are supported",
            super::formats::MAX_SIDE
        )));
    }
    let (above, left) = (slots(rows), slots(cols));
    let count = cols * above + rows * left;
    let cells = number16::decode(&url.body, count, Variant::ExCells)
        .map_err(|message| fail(format!("nonogram: {message}")))?;
    let clue = |what: &str, index: usize, cells: &[Option<Cell>]| -> Result<Clue> {
        let mut lengths = Vec::new();
        // From the grid outwards: the last block first.
        for cell in cells.iter().rev().flatten() {
            match cell {
                Cell::Number(0) => {
                    return Err(fail(format!(
                        "{what} {}: a block of length 0 (an empty line has no number)",
                        index + 1
                    )))
                }
                Cell::Number(n) => lengths.push(*n as usize),
                Cell::Unknown => {
                    return Err(fail(format!(
                        "{what} {}: a '?' block (a length not given) is not a nonogram clue",
                        index + 1
                    )))
                }
            }
        }
        Ok(plain(&lengths))
    };
    let (column_cells, row_cells) = cells.split_at(cols * above);
    let columns = column_cells
        .chunks(above.max(1))
        .take(cols)
        .enumerate()
        .map(|(c, cells)| clue("column", c, cells))
        .collect::<Result<Vec<_>>>()?;
    let rows_clues = row_cells
        .chunks(left.max(1))
        .take(rows)
        .enumerate()
        .map(|(r, cells)| clue("row", r, cells))
        .collect::<Result<Vec<_>>>()?;
    let puzzle = Puzzle {
        colours: vec![Colour::black()],
        row_lines: vec![line; rows_clues.len()],
        column_lines: vec![line; columns.len()],
        rows: rows_clues,
        columns,
        goal: None,
        title: None,
        format: Format::Url,
        text: text.to_string(),
    };
    validate(source, &puzzle)?;
    Ok(puzzle)
}

/// The `nonogram` URL of a black-and-white `puzzle`.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    if puzzle.is_colour() {
        return Err(Error::Usage(format!(
            "puzz.link's nonogram is black and white; this puzzle has {} colours",
            puzzle.colours.len()
        )));
    }
    let (rows, cols) = (puzzle.height(), puzzle.width());
    let mut cells = Vec::with_capacity(cols * slots(rows) + rows * slots(cols));
    for (clues, length) in [(&puzzle.columns, rows), (&puzzle.rows, cols)] {
        for clue in clues.iter() {
            let mut line: Vec<Option<Cell>> = clue
                .iter()
                .rev()
                .map(|b| Some(Cell::Number(u32::try_from(b.len).unwrap_or(u32::MAX))))
                .collect();
            if line.len() > slots(length) {
                return Err(Error::Usage(format!(
                    "a clue of {} blocks does not fit a line of {length} cells",
                    line.len()
                )));
            }
            line.resize(slots(length), None);
            cells.extend(line);
        }
    }
    let body = number16::encode(&cells, Variant::ExCells).map_err(|message| {
        Error::Usage(format!("puzz.link's nonogram cannot hold this puzzle: {message}"))
    })?;
    Ok(Url::write_grid("nonogram", cols, rows, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Puzzle> {
        super::super::formats::parse("u", text, Format::Auto, None)
    }

    #[test]
    fn reads_the_pzprjs_example_and_writes_it_back() {
        // pzprjs's test URL of nonogram, with the clues of its answer file.
        let url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
        let puzzle = read(url).expect("valid");
        let show = |clues: &[Clue]| {
            clues
                .iter()
                .map(|c| c.iter().map(|b| b.len.to_string()).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
        };
        assert_eq!(show(&puzzle.columns), ["2 1", "1 1 1", "1", "1 1 1", "2 1", ""]);
        assert_eq!(show(&puzzle.rows), ["2 1", "1 1", "1 2", "", "1 1", "3"]);
        assert_eq!(write(&puzzle).expect("writes"), url);
    }

    #[test]
    fn bad_clues_are_errors() {
        let err = |text: &str| read(text).expect_err(text).to_string();
        assert!(err("puzz.link/p?nonogram/2/2/0h1").contains("length 0"));
        assert!(err("puzz.link/p?nonogram/2/2/.i").contains("'?'"));
        assert!(err("puzz.link/p?nonogram/2/2/1h2").contains("fill"));
        assert!(err("puzz.link/p?nonogram/2/2/+001k").contains("outside the encoding"));
        assert!(err("puzz.link/p?numlin/2/2/1h1").contains("reads the genre nonogram"));
    }
}
