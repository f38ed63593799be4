//! A nonogram: its colours, the clues of its rows and columns, where each
//! was read, and the format it came in.

use super::formats::Format;

/// One block of a clue: its length and its colour (an index into
/// [`Puzzle::colours`]; always 0 in a black-and-white puzzle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Block {
    /// Number of cells, at least 1.
    pub len: usize,
    /// Index of the block's colour in [`Puzzle::colours`].
    pub colour: usize,
}

/// The clue of one line (row or column): its blocks in order; empty for a
/// line without filled cells.
pub type Clue = Vec<Block>;

/// A black-and-white clue from its block lengths (colour 0).
pub fn plain(lengths: &[usize]) -> Clue {
    lengths
        .iter()
        .map(|&len| Block { len, colour: 0 })
        .collect()
}

/// A colour blocks can have (the background, white, is not one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    /// Its name in the file: the `.non` letter (`a`) or the webpbn XML
    /// `name` (`red`); `black` in a black-and-white puzzle.
    pub name: String,
    /// The character that draws it in text (`.non` letter, XML `char`).
    pub symbol: char,
    /// Its RGB value.
    pub rgb: [u8; 3],
}

impl Colour {
    /// The black of a black-and-white puzzle.
    pub fn black() -> Colour {
        Colour {
            name: "black".to_string(),
            symbol: '#',
            rgb: [0, 0, 0],
        }
    }

    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A parsed puzzle: the clues, where each was read, and what else the file
/// said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The colours blocks can have, at least one; a puzzle with one colour
    /// is a black-and-white puzzle (whatever that colour is called).
    pub colours: Vec<Colour>,
    /// Row clues, top to bottom.
    pub rows: Vec<Clue>,
    /// Column clues, left to right.
    pub columns: Vec<Clue>,
    /// The line (one-based) each row clue was read from.
    pub row_lines: Vec<usize>,
    /// The line (one-based) each column clue was read from.
    pub column_lines: Vec<usize>,
    /// The known solution (`goal` of a `.non` file, `<solution>` of a
    /// webpbn file), row-major, one [`Cell`] a cell, with the line it was
    /// read from.
    pub goal: Option<(Vec<Cell>, usize)>,
    /// The title, when the file gives one (`.non` `title`, picross `GRID`).
    pub title: Option<String>,
    /// The format the puzzle was read in (never [`Format::Auto`]).
    pub format: Format,
    /// The text it was read from.
    pub text: String,
}

/// What a solved cell holds: `None` is the background, `Some(k)` colour
/// `k` of [`Puzzle::colours`].
pub type Cell = Option<usize>;

impl Puzzle {
    /// Number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// True when blocks have more than one colour.
    pub fn is_colour(&self) -> bool {
        self.colours.len() > 1
    }

    /// A clue as people write it: `2 1 3` (black and white), `2a 1b`
    /// (colour, by the colours' names), or `0` when empty.
    pub fn show_clue(&self, clue: &[Block]) -> String {
        if clue.is_empty() {
            return "0".to_string();
        }
        clue.iter()
            .map(|b| {
                if self.is_colour() {
                    format!("{}{}", b.len, self.colours[b.colour].name)
                } else {
                    b.len.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
