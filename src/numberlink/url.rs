//! Numberlink as puzz.link URLs: the genres `numlin` (Numberlink) and
//! `arukone` (Arukone, the same puzzle with letters), read and written.
//!
//! The body is pzprjs's `Number16` cell encoding
//! ([`crate::puzzlink::number16`]), one number per endpoint. The genre and
//! its flags decide the rules, as pzprjs's answer checks do:
//!
//! | URL | pzprjs's rules | satpipe's rule set |
//! |---|---|---|
//! | `numlin/W/H/...` (no flags) | cells may stay empty, lines may run beside themselves | `--allow-empty --allow-touching` |
//! | `arukone/W/H/...` | every cell on a line, lines may run beside themselves | `--allow-touching` |
//! | `arukone/e/W/H/...` | cells may stay empty, lines may run beside themselves | `--allow-empty --allow-touching` |
//!
//! The rules of a URL hold whatever the command line says; `--allow-empty`
//! and `--allow-touching` can only loosen them further. Arukone's numbers
//! 1 to 52 are the letters A-Z and a-z. A `?` endpoint (pzprjs's `.`) and
//! the number 0 are refused: a pair needs a number.

use super::parse::Endpoints;
use super::puzzle::{Format, Puzzle};
use crate::error::{Error, Result};
use crate::puzzlink::number16::{self, Clue, Variant};
use crate::puzzlink::Url;

/// A puzz.link genre of Numberlink, which carries its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Genre {
    /// `numlin`: Numberlink under Nikoli's rules.
    Numlin,
    /// `arukone`: every cell on a line unless `empty` (the flag `e`).
    Arukone {
        /// Cells may stay empty (the flag `e`).
        empty: bool,
    },
}

impl Genre {
    /// True when cells may stay empty.
    pub fn allows_empty(self) -> bool {
        match self {
            Genre::Numlin => true,
            Genre::Arukone { empty } => empty,
        }
    }
}

/// The letters of Arukone's numbers 1 to 52.
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Reads a Numberlink URL found at `source:line`.
pub fn parse(source: &str, line: usize, url: &Url) -> Result<Puzzle> {
    let fail = |message: String| Error::parse(source, line, message);
    let genre = match (url.genre.as_str(), url.flags.as_str()) {
        ("numlin", "") => Genre::Numlin,
        ("numlin", flags) => {
            return Err(fail(format!(
                "numlin: unknown flags '{flags}' (pzprjs writes none for Numberlink)"
            )))
        }
        ("arukone", "") => Genre::Arukone { empty: false },
        ("arukone", "e") => Genre::Arukone { empty: true },
        ("arukone", flags) => {
            return Err(fail(format!(
                "arukone: unknown flags '{flags}' (pzprjs writes 'e', cells may stay empty, or none)"
            )))
        }
        (other, _) => {
            return Err(fail(format!(
                "the URL is a '{other}' puzzle; encode-numberlink reads the genres numlin and arukone"
            )))
        }
    };
    let (rows, cols) = (url.rows, url.cols);
    if rows.saturating_mul(cols) > super::parse::MAX_CELLS {
        return Err(fail(format!(
            "the grid is {rows}x{cols}: too large (at most {} cells)",
            super::parse::MAX_CELLS
        )));
    }
    let cells = number16::decode(&url.body, rows * cols, Variant::Cells)
        .map_err(|message| fail(format!("{}: {message}", url.genre)))?;
    let mut endpoints = Endpoints::default();
    for (i, cell) in cells.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let number = match cell {
            None => continue,
            Some(Clue::Unknown) => {
                return Err(fail(format!(
                    "row {}, column {} holds '?' (an endpoint without its number): every pair needs \
                     its number",
                    r + 1,
                    c + 1
                )))
            }
            Some(Clue::Number(n)) => *n as usize,
        };
        if number == 0 {
            return Err(fail(format!(
                "row {}, column {} holds 0: pairs are numbered from 1",
                r + 1,
                c + 1
            )));
        }
        if matches!(genre, Genre::Arukone { .. }) && number > LETTERS.len() {
            return Err(fail(format!(
                "row {}, column {} holds {number}: Arukone's letters number 1 to {}",
                r + 1,
                c + 1,
                LETTERS.len()
            )));
        }
        let name = label(genre, number);
        endpoints.add(source, line, number, &name, (r, c))?;
    }
    let present = endpoints.finish(source, |k| label(genre, k))?;
    Ok(Puzzle {
        rows,
        cols,
        numbers: present.iter().map(|&(k, _)| k).collect(),
        labels: present.iter().map(|&(k, _)| label(genre, k)).collect(),
        pairs: present.into_iter().map(|(_, p)| p).collect(),
        format: Format::Puzzlink(genre),
    })
}

/// How pair number `k` is written in `genre`.
fn label(genre: Genre, k: usize) -> String {
    match genre {
        Genre::Arukone { .. } => LETTERS
            .chars()
            .nth(k.wrapping_sub(1))
            .map_or_else(|| k.to_string(), String::from),
        Genre::Numlin => k.to_string(),
    }
}

/// The `numlin` URL of `puzzle`: every pair under its number (a letter
/// grid's pairs are numbered 1..K in the letters' order).
pub fn write(puzzle: &Puzzle) -> Result<String> {
    let mut cells: Vec<Option<Clue>> = vec![None; puzzle.rows * puzzle.cols];
    for (k, pair) in puzzle.pairs.iter().enumerate() {
        let number = u32::try_from(puzzle.numbers[k]).unwrap_or(u32::MAX);
        for &(r, c) in pair {
            cells[r * puzzle.cols + c] = Some(Clue::Number(number));
        }
    }
    let body = number16::encode(&cells, Variant::Cells).map_err(Error::Usage)?;
    Ok(Url::write_grid("numlin", puzzle.cols, puzzle.rows, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Puzzle> {
        parse("u", 1, &crate::puzzlink::parse("u", 1, text)?)
    }

    #[test]
    fn reads_pzprjs_examples_and_writes_them_back() {
        // pzprjs's test URLs of numlin and arukone.
        let numlin = read("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3").expect("numlin");
        assert_eq!(numlin.pairs, vec![[(0, 0), (3, 1)], [(1, 0), (3, 4)], [(1, 3), (4, 4)]]);
        assert_eq!(numlin.format, Format::Puzzlink(Genre::Numlin));
        assert_eq!(
            write(&numlin).expect("writes"),
            "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
        );
        let arukone = read("puzz.link/p?arukone/5/5/1m2h3g3h1m2").expect("arukone");
        assert_eq!(arukone.labels, ["A", "B", "C"]);
        assert_eq!(arukone.format, Format::Puzzlink(Genre::Arukone { empty: false }));
        let empty = read("puzz.link/p?arukone/e/5/5/1m2h3g3h1m2").expect("arukone/e");
        assert!(matches!(empty.format, Format::Puzzlink(g) if g.allows_empty()));
        assert_eq!(empty.pairs.len(), 3);
    }

    #[test]
    fn bad_puzzles_are_errors() {
        let err = |text: &str| read(text).expect_err(text).to_string();
        assert!(err("puzz.link/p?numlin/2/2/1g1g1").contains("over-long"));
        assert!(err("puzz.link/p?numlin/2/2/1i").contains("appears only once"));
        assert!(err("puzz.link/p?numlin/2/2/.h.").contains("'?'"));
        assert!(err("puzz.link/p?numlin/2/2/0h0").contains("holds 0"));
        assert!(err("puzz.link/p?nurikabe/2/2/1h1").contains("'nurikabe' puzzle"));
        assert!(err("puzz.link/p?arukone/x/2/2/1h1").contains("unknown flags 'x'"));
        assert!(err("puzz.link/p?arukone/2/2/-40h-40").contains("1 to 52"));
        assert!(err("puzz.link/p?numlin/3/1/111").contains("third time"));
    }
}
