//! ipuz documents (the open JSON standard, <http://ipuz.org>, version 2,
//! kind crossword), written and read.
//!
//! Written: the filled crossword, for a constructor's editor to take
//! over: dimensions, the puzzle grid with clue numbers (0 for an
//! unnumbered cell, `#` for a block), the solution in capitals, and the
//! Across and Down clues with their numbers, clue texts (empty where the
//! puzzle gives none) and answers.
//!
//! Read ([`read`]), as a pattern: the `puzzle` grid's blocks (the
//! document's `block` value, `#` by default, and omitted cells, `null`)
//! and given letters (a cell's `value`), and the texts of the `Across`
//! and `Down` clues (`[number, text]` or `{"number": .., "clue": ..}`);
//! the `solution` is what the fill finds, and is not read.

use super::parse::Pattern;
use super::puzzle::{ClueText, Puzzle, Square};
use super::Solution;
use crate::error::{Error, Result};
use serde::Serialize;
use serde_json::Value;

/// The ipuz version written.
pub const VERSION: &str = "http://ipuz.org/v2";

/// The ipuz kind written.
pub const KIND: &str = "http://ipuz.org/crossword#1";

/// The grid's width and height.
#[derive(Debug, Serialize)]
struct Dimensions {
    width: usize,
    height: usize,
}

/// One clue: its number, its (empty) text and the answer.
#[derive(Debug, Serialize)]
struct Clue {
    number: usize,
    clue: String,
    answer: String,
}

/// The clue lists.
#[derive(Debug, Serialize)]
struct Clues {
    #[serde(rename = "Across")]
    across: Vec<Clue>,
    #[serde(rename = "Down")]
    down: Vec<Clue>,
}

/// An ipuz crossword document.
#[derive(Debug, Serialize)]
struct Document {
    version: &'static str,
    kind: [&'static str; 1],
    dimensions: Dimensions,
    block: &'static str,
    empty: u8,
    puzzle: Vec<Vec<Value>>,
    solution: Vec<Vec<String>>,
    clues: Clues,
}

/// The ipuz document of `solution` with `puzzle`'s clue texts,
/// pretty-printed, with a final newline.
pub fn render(puzzle: &Puzzle, solution: &Solution) -> String {
    let height = solution.grid.len();
    let width = solution.grid.first().map_or(0, |r| r.len());
    let mut numbers = vec![vec![0usize; width]; height];
    for entry in solution.across.iter().chain(&solution.down) {
        numbers[entry.row][entry.col] = entry.number;
    }
    let cells = solution
        .grid
        .iter()
        .zip(&numbers)
        .map(|(row, numbers)| {
            row.bytes()
                .zip(numbers)
                .map(|(ch, &n)| match ch {
                    b'#' => Value::from("#"),
                    _ => Value::from(n),
                })
                .collect()
        })
        .collect();
    let letters = solution
        .grid
        .iter()
        .map(|row| row.chars().map(|c| c.to_ascii_uppercase().to_string()).collect())
        .collect();
    let clues = |entries: &[super::Entry], across: bool| {
        entries
            .iter()
            .map(|e| Clue {
                number: e.number,
                clue: puzzle.clue(e.number, across).unwrap_or("").to_string(),
                answer: e.word.to_ascii_uppercase(),
            })
            .collect()
    };
    let document = Document {
        version: VERSION,
        kind: [KIND],
        dimensions: Dimensions { width, height },
        block: "#",
        empty: 0,
        puzzle: cells,
        solution: letters,
        clues: Clues {
            across: clues(&solution.across, true),
            down: clues(&solution.down, false),
        },
    };
    let mut out = Vec::new();
    // Writing to memory cannot fail, nor can serialising plain data.
    if crate::io::write_json(&mut out, &document).is_err() {
        return String::new();
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads an ipuz crossword document (also in ipuz's JSONP form,
/// `ipuz({...})`) as a pattern (see the module documentation).
pub fn read(source: &str, text: &str) -> Result<Pattern> {
    let trimmed = text.trim();
    let json = trimmed
        .strip_prefix("ipuz(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(trimmed);
    // Line numbers count from the document's first line.
    let offset = text.len() - text.trim_start().len();
    let first_line = text[..offset].matches('\n').count();
    let document: Value = serde_json::from_str(json).map_err(|e| {
        Error::parse(source, first_line + e.line(), format!("not an ipuz document: {e}"))
    })?;
    let fail = |message: String| Error::parse(source, first_line + 1, message);
    let kinds = document.get("kind").and_then(Value::as_array);
    let crossword = kinds.is_some_and(|kinds| {
        kinds
            .iter()
            .filter_map(Value::as_str)
            .any(|k| k.contains("ipuz.org/crossword"))
    });
    if !crossword {
        return Err(fail(
            "the ipuz document is no crossword (its \"kind\" names no http://ipuz.org/crossword)"
                .into(),
        ));
    }
    let size = |key: &str| {
        document
            .get("dimensions")
            .and_then(|d| d.get(key))
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| fail(format!("the ipuz document has no dimensions.{key} (a number from 1)")))
    };
    let (width, height) = (size("width")?, size("height")?);
    let block = document.get("block").cloned().unwrap_or_else(|| Value::from("#"));
    let rows = document
        .get("puzzle")
        .and_then(Value::as_array)
        .ok_or_else(|| fail("the ipuz document has no \"puzzle\" grid".into()))?;
    if rows.len() != height {
        return Err(fail(format!(
            "the puzzle grid has {} rows, dimensions.height says {height}",
            rows.len()
        )));
    }
    let mut grid = Vec::with_capacity(height);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().filter(|cells| cells.len() == width).ok_or_else(|| {
            fail(format!(
                "puzzle row {} is not a list of {width} cells (dimensions.width)",
                r + 1
            ))
        })?;
        let mut squares = Vec::with_capacity(width);
        for (c, cell) in cells.iter().enumerate() {
            let at = || format!("puzzle row {}, column {}", r + 1, c + 1);
            let (label, given) = match cell {
                Value::Object(fields) => (
                    fields.get("cell").cloned().unwrap_or(Value::Null),
                    fields.get("value").and_then(Value::as_str),
                ),
                other => (other.clone(), None),
            };
            let black = label.is_null() || label == block || label.as_str() == Some("#");
            squares.push(match given.map(str::trim).filter(|g| !g.is_empty()) {
                _ if black => Square::Black,
                None => Square::Open,
                Some(letter) => {
                    let mut chars = letter.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) if ch.is_ascii_alphabetic() => {
                            Square::Letter(ch.to_ascii_lowercase() as u8)
                        }
                        _ => {
                            return Err(fail(format!(
                                "{}: the given value '{letter}' is not one letter a-z",
                                at()
                            )))
                        }
                    }
                }
            });
        }
        grid.push(squares);
    }
    let mut clues = Vec::new();
    if let Some(lists) = document.get("clues").and_then(Value::as_object) {
        for (direction, list) in lists {
            // "Across", or "Across:label" in ipuz's direction syntax.
            let across = match direction.split(':').next().unwrap_or("") {
                "Across" => true,
                "Down" => false,
                _ => continue,
            };
            let list = list.as_array().ok_or_else(|| {
                fail(format!("clues.{direction} is not a list of clues"))
            })?;
            for (i, clue) in list.iter().enumerate() {
                let (number, text) = match clue {
                    Value::Array(pair) => (pair.first(), pair.get(1)),
                    Value::Object(fields) => (fields.get("number"), fields.get("clue")),
                    _ => (None, None),
                };
                let number = number
                    .and_then(|n| n.as_u64().or_else(|| n.as_str().and_then(|s| s.trim().parse().ok())))
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|&n| n > 0);
                let (Some(number), Some(text)) = (number, text.and_then(Value::as_str)) else {
                    return Err(fail(format!(
                        "clues.{direction} clue {}: expected [number, \"text\"] or \
                         {{\"number\": n, \"clue\": \"text\"}}",
                        i + 1
                    )));
                };
                clues.push(ClueText {
                    number,
                    across,
                    text: text.replace(['\n', '\r'], " "),
                });
            }
        }
    }
    Ok(Pattern { grid, clues })
}
