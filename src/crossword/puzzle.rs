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
//! [grid]
//! ....#
//! ..a..
//! [groups]
//! cat dog
//! [words]
//! cat
//! dog
//! ```
//!
//! Grid rows use `#` for a black cell, `.` for an open cell and a letter
//! for a pre-filled cell. In a fill, every open cell holds a letter; in a
//! freeform grid, an open cell may become black.

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

/// A parsed crossword puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Fill or freeform.
    pub mode: Mode,
    /// The squares, row by row; every row has the same length.
    pub grid: Vec<Vec<Square>>,
    /// The distinct words that may be used, lower-case a-z.
    pub words: Vec<String>,
    /// Groups of words: at least one word of each group must appear.
    pub groups: Vec<Vec<String>>,
    /// At least this many words must appear (freeform).
    pub min_words: usize,
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

    /// The self-contained document (see the module documentation).
    pub fn to_document(&self) -> String {
        let mut text = format!(
            "crossword {}\nmin-words {}\n[grid]\n",
            self.mode.as_str(),
            self.min_words
        );
        for row in &self.grid {
            text.extend(row.iter().map(|&square| square_char(square)));
            text.push('\n');
        }
        text.push_str("[groups]\n");
        for group in &self.groups {
            text.push_str(&group.join(" "));
            text.push('\n');
        }
        text.push_str("[words]\n");
        for word in &self.words {
            text.push_str(word);
            text.push('\n');
        }
        text
    }
}

/// The character of a square in a pattern.
pub fn square_char(square: Square) -> char {
    match square {
        Square::Black => '#',
        Square::Open => '.',
        Square::Letter(b) => b as char,
    }
}
