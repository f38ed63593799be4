//! The filled crossword as an ipuz document (the open JSON standard,
//! <http://ipuz.org>, version 2, kind crossword): dimensions, the puzzle
//! grid with clue numbers (0 for an unnumbered cell, `#` for a block),
//! the solution in capitals, and the Across and Down clues with their
//! numbers, empty clue texts and answers, for a constructor's editor to
//! take over.

use super::Solution;
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

/// The ipuz document of `solution`, pretty-printed, with a final newline.
pub fn render(solution: &Solution) -> String {
    let height = solution.grid.len();
    let width = solution.grid.first().map_or(0, |r| r.len());
    let mut numbers = vec![vec![0usize; width]; height];
    for entry in solution.across.iter().chain(&solution.down) {
        numbers[entry.row][entry.col] = entry.number;
    }
    let puzzle = solution
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
    let clues = |entries: &[super::Entry]| {
        entries
            .iter()
            .map(|e| Clue {
                number: e.number,
                clue: String::new(),
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
        puzzle,
        solution: letters,
        clues: Clues {
            across: clues(&solution.across),
            down: clues(&solution.down),
        },
    };
    let mut out = Vec::new();
    // Writing to memory cannot fail, nor can serialising plain data.
    if crate::io::write_json(&mut out, &document).is_err() {
        return String::new();
    }
    String::from_utf8_lossy(&out).into_owned()
}
