//! Slitherlink as puzz.link URLs: the genre `slither`, read and written.
//!
//! The body is pzprjs's `4Cell` encoding, one character per clue or run
//! of empty cells, row by row:
//!
//! | text | meaning |
//! |---|---|
//! | `0`-`4` | the clue 0 to 4 |
//! | `5`-`9` | the clue 0 to 4, then one empty cell |
//! | `a`-`e` | the clue 0 to 4, then two empty cells |
//! | `.` | a `?` clue (its number hidden) |
//! | `g`-`z` | 1 to 20 empty cells |
//!
//! A character outside the encoding, a body that ends before the last
//! cell and text after it are errors (pzprjs skips what it does not
//! understand; a puzzle read so would be another puzzle). The empty cells
//! after a clue may run past the last cell, as pzprjs writes a clue in
//! one of the last cells.

use super::puzzle::{Clue, Format, Puzzle};
use crate::error::{Error, Result};
use crate::puzzlink::Url;

/// Reads a `slither` URL found at `source:line`.
pub fn parse(source: &str, line: usize, url: &Url) -> Result<Puzzle> {
    let fail = |message: String| Error::parse(source, line, message);
    if url.genre != "slither" {
        return Err(fail(format!(
            "the URL is a '{}' puzzle; encode-slitherlink reads the genre slither",
            url.genre
        )));
    }
    if !url.flags.is_empty() {
        return Err(fail(format!(
            "slither: unknown flags '{}' (pzprjs writes none for Slitherlink)",
            url.flags
        )));
    }
    let (rows, cols) = (url.rows, url.cols);
    if rows.saturating_mul(cols) > super::parse::MAX_CELLS {
        return Err(fail(format!(
            "the grid is {cols}x{rows}: too large (at most {} cells)",
            super::parse::MAX_CELLS
        )));
    }
    let clues = decode(&url.body, rows * cols).map_err(|m| fail(format!("slither: {m}")))?;
    Ok(Puzzle {
        rows,
        cols,
        clues,
        format: Format::Puzzlink,
    })
}

/// The clues of `count` cells from a `4Cell` body; the error says what is
/// wrong and at which (1-based) character.
pub fn decode(body: &str, count: usize) -> std::result::Result<Vec<Option<Clue>>, String> {
    let mut clues: Vec<Option<Clue>> = Vec::with_capacity(count);
    for (i, ch) in body.chars().enumerate() {
        if clues.len() >= count {
            let rest: String = body.chars().skip(i).collect();
            return Err(format!(
                "the body goes on after its last cell (over-long): '{}' from character {}",
                crate::puzzlink::shorten(&rest),
                i + 1
            ));
        }
        let (clue, empties) = match ch {
            '0'..='4' => (Some(Clue::Number(ch as u8 - b'0')), 0),
            '5'..='9' => (Some(Clue::Number(ch as u8 - b'5')), 1),
            'a'..='e' => (Some(Clue::Number(ch as u8 - b'a')), 2),
            '.' => (Some(Clue::Unknown), 0),
            'g'..='z' => (None, usize::from(ch as u8 - b'g') + 1),
            other => {
                return Err(format!(
                    "'{}' at character {} is not in the encoding (0-9, a-e, '.', g-z)",
                    other.escape_default(),
                    i + 1
                ))
            }
        };
        if clue.is_some() {
            clues.push(clue);
        }
        for _ in 0..empties {
            if clues.len() < count {
                clues.push(None);
            } else if clue.is_none() {
                return Err(format!(
                    "'{ch}' at character {} skips past the last cell (over-long)",
                    i + 1
                ));
            }
        }
    }
    if clues.len() < count {
        return Err(format!(
            "the body describes {} of the grid's {count} cells (truncated)",
            clues.len()
        ));
    }
    Ok(clues)
}

/// The `4Cell` body of `clues` (as pzprjs writes it).
pub fn encode(clues: &[Option<Clue>]) -> String {
    let mut body = String::new();
    let mut empty = 0;
    let mut c = 0;
    while c < clues.len() {
        let item = match clues[c] {
            Some(Clue::Number(n)) => {
                let n = n.min(4);
                // The empty cells that follow, up to two, go with the clue.
                let after = clues[c + 1..]
                    .iter()
                    .take(2)
                    .take_while(|x| x.is_none())
                    .count();
                let after = if c + 1 + after >= clues.len() { 2 } else { after };
                c += after;
                Some(char::from(b'0' + n + 5 * after as u8))
            }
            Some(Clue::Unknown) => Some('.'),
            None => {
                empty += 1;
                None
            }
        };
        let flush = |body: &mut String, empty: &mut usize| {
            if *empty > 0 {
                body.push(char::from(b'f' + *empty as u8));
                *empty = 0;
            }
        };
        if let Some(item) = item {
            flush(&mut body, &mut empty);
            body.push(if item > '9' {
                char::from(item as u8 - b':' + b'a')
            } else {
                item
            });
        } else if empty == 20 {
            flush(&mut body, &mut empty);
        }
        c += 1;
    }
    if empty > 0 {
        body.push(char::from(b'f' + empty as u8));
    }
    body
}

/// The `slither` URL of `puzzle`.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    Ok(Url::write_grid("slither", puzzle.cols, puzzle.rows, encode(&puzzle.clues)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Puzzle> {
        parse("u", 1, &crate::puzzlink::parse("u", 1, text)?)
    }

    #[test]
    fn reads_pzprjs_example_and_writes_it_back() {
        // pzprjs's test URL of slither (test/script/slither.js).
        let p = read("https://puzz.link/p?slither/5/5/cbcbcddad").expect("slither");
        assert_eq!(p.text(), "2..1.\n.2..1\n..2..\n3..3.\n.0..3\n");
        assert_eq!(write(&p).expect("writes"), "https://puzz.link/p?slither/5/5/cbcbcddad");
    }

    #[test]
    fn round_trips_every_pattern() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..500 {
            let n = rng.usize(1..60);
            let clues: Vec<Option<Clue>> = (0..n)
                .map(|_| match rng.u8(0..10) {
                    0..=4 => Some(Clue::Number(rng.u8(0..5))),
                    5 => Some(Clue::Unknown),
                    _ => None,
                })
                .collect();
            let body = encode(&clues);
            assert_eq!(decode(&body, n).as_ref(), Ok(&clues), "{body}");
        }
    }

    #[test]
    fn bad_bodies_are_errors() {
        let err = |text: &str| read(text).expect_err(text).to_string();
        assert!(err("puzz.link/p?slither/2/2/0").contains("truncated"));
        assert!(err("puzz.link/p?slither/2/2/00000").contains("over-long"));
        assert!(err("puzz.link/p?slither/2/2/k").contains("skips past"));
        assert!(err("puzz.link/p?slither/2/2/0f00").contains("'f' at character 2"));
        assert!(err("puzz.link/p?mashu/2/2/0000").contains("'mashu' puzzle"));
        assert!(err("puzz.link/p?slither/x/2/2/0000").contains("unknown flags"));
    }
}
