//! The crossword puzzle and its self-contained text form.
//!
//! `encode-crossword` gathers the grid (a pattern file, or the size and
//! black cells of a freeform grid), the word list and the groups into one
//! document, which the CNF header stores, so `decode-crossword` needs
//! nothing but the stream:
//!
//! ```text
//! crossword fill          (or: crossword freeform)
//! min-words 0
//! min-score 40            (only with --min-score)
//! [grid]
//! ....#
//! ..a..
//! [groups]
//! cat dog
//! [theme]                 (only with --theme)
//! cat
//! [words]
//! cat
//! dog;70
//! [clues]                 (only when clues are given)
//! A1 Feline friend
//! ```
//!
//! Grid rows use `#` for a black cell, `.` for an open cell and a letter
//! for a pre-filled cell. In a fill, every open cell holds a letter; in a
//! freeform grid, an open cell may become black. A word is listed as in a
//! scored list: `word;score`, or `word` alone for the default score
//! ([`super::words::DEFAULT_SCORE`]), so a list without scores gives the
//! same document as before scores existed. The document keeps the words
//! below `min-score` (the decoder tells whether a lower minimum would make
//! a pattern fillable); [`Puzzle::usable`] drops them. Clue texts (from an
//! `.ipuz` or `.puz` pattern, or `--clues FILE`) are kept by entry, `A` or
//! `D` and its number, for the decoder's `.puz`, ipuz and xd files.

use super::words::DEFAULT_SCORE;
use crate::names;

/// What is asked of the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Fill a fixed pattern: every slot a distinct listed word.
    Fill,
    /// Place words freely: cells become letters or black.
    Freeform,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Mode::Fill => "fill",
            Mode::Freeform => "freeform",
        }
    }
}

/// One square of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    /// A black cell (`#`).
    Black,
    /// An open cell (`.`).
    Open,
    /// A pre-filled letter, `b'a'..=b'z'`.
    Letter(u8),
}

/// The clue text of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClueText {
    /// The entry's number.
    pub number: usize,
    /// Across (`A`) or down (`D`).
    pub across: bool,
    /// The clue, one line of text.
    pub text: String,
}

impl ClueText {
    /// `A12` or `D3`.
    pub fn key(&self) -> String {
        format!("{}{}", if self.across { 'A' } else { 'D' }, self.number)
    }
}

/// A parsed crossword puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Fill or freeform.
    pub mode: Mode,
    /// The squares, row by row; every row has the same length.
    pub grid: Vec<Vec<Square>>,
    /// The distinct listed words, lower-case a-z (those below
    /// `min_score` included; see [`Puzzle::usable`]).
    pub words: Vec<String>,
    /// The score of each word: `scores[i]` belongs to `words[i]`.
    pub scores: Vec<u32>,
    /// Only words of at least this score may be used (`--min-score`).
    pub min_score: Option<u32>,
    /// Groups of words: at least one word of each group must appear.
    pub groups: Vec<Vec<String>>,
    /// At least this many words must appear (freeform).
    pub min_words: usize,
    /// The clue texts given for entries of the pattern (fill).
    pub clues: Vec<ClueText>,
    /// The theme entries (`--theme`), whose scores the decoder reports;
    /// they are listed words too.
    pub theme: Vec<String>,
}

impl Puzzle {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.grid.len()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.grid.first().map_or(0, Vec::len)
    }

    /// The score of `words[i]` (the default score when `scores` is short).
    pub fn score(&self, i: usize) -> u32 {
        self.scores.get(i).copied().unwrap_or(DEFAULT_SCORE)
    }

    /// The puzzle with only the words that may be used: those of at least
    /// `min_score` (all words when there is no minimum). The encodings
    /// and the checker work on it.
    pub fn usable(&self) -> Puzzle {
        let Some(min) = self.min_score else {
            return self.clone();
        };
        let (words, scores) = (0..self.words.len())
            .filter(|&i| self.score(i) >= min)
            .map(|i| (self.words[i].clone(), self.score(i)))
            .unzip();
        Puzzle {
            words,
            scores,
            ..self.clone()
        }
    }

    /// The clue text given for the entry `number` across or down.
    pub fn clue(&self, number: usize, across: bool) -> Option<&str> {
        self.clues
            .iter()
            .find(|c| c.number == number && c.across == across)
            .map(|c| c.text.as_str())
    }

    /// The self-contained document (see the module documentation).
    pub fn to_document(&self) -> String {
        let mut text = format!(
            "crossword {}\nmin-words {}\n",
            self.mode.as_str(),
            self.min_words
        );
        if let Some(min) = self.min_score {
            text.push_str(&format!("min-score {min}\n"));
        }
        text.push_str("[grid]\n");
        for row in &self.grid {
            text.extend(row.iter().map(|&square| square_char(square)));
            text.push('\n');
        }
        text.push_str("[groups]\n");
        for group in &self.groups {
            text.push_str(&group.join(" "));
            text.push('\n');
        }
        if !self.theme.is_empty() {
            text.push_str("[theme]\n");
            for word in &self.theme {
                text.push_str(word);
                text.push('\n');
            }
        }
        text.push_str("[words]\n");
        for (i, word) in self.words.iter().enumerate() {
            text.push_str(word);
            let score = self.score(i);
            if score != DEFAULT_SCORE {
                text.push_str(&format!(";{score}"));
            }
            text.push('\n');
        }
        if !self.clues.is_empty() {
            text.push_str("[clues]\n");
            for clue in &self.clues {
                text.push_str(&format!("{} {}\n", clue.key(), clue.text));
            }
        }
        text
    }
}

/// The name of the variable "the cell at row `r`, column `c` (0-based
/// indices) holds `letter`": `cell(R,C)=x`, rows and columns counted from
/// 1 as in every family's names (docs/conventions.md).
pub fn cell_name(r: usize, c: usize, letter: char) -> String {
    names::valued("cell", &[&(r + 1), &(c + 1)], &letter)
}

/// The name of the variable "the cell at row `r`, column `c` (0-based
/// indices) is black" of a freeform grid: `black(R,C)`, counted from 1.
pub fn black_name(r: usize, c: usize) -> String {
    names::call("black", &[&(r + 1), &(c + 1)])
}

/// The character of a square in a pattern.
pub fn square_char(square: Square) -> char {
    match square {
        Square::Black => '#',
        Square::Open => '.',
        Square::Letter(b) => b as char,
    }
}
