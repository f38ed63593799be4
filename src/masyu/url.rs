//! Masyu as puzz.link URLs: the genre `mashu`, read and written.
//!
//! pzprjs's circle encoding: the cells row by row in threes, each three
//! one base-27 digit (`0`-`9`, `a`-`q`) worth `9 a + 3 b + c`, where a
//! cell is 0 when empty, 1 for a white circle and 2 for a black one. A
//! body shorter than the grid leaves the last cells empty, as pzprjs
//! reads it.

use super::puzzle::{Circle, Format, Puzzle};
use crate::error::{Error, Result};
use crate::puzzlink::Url;

/// Reads a Masyu URL found at `source:line`.
pub fn parse(source: &str, line: usize, url: &Url) -> Result<Puzzle> {
    let fail = |message: String| Error::parse(source, line, message);
    match (url.genre.as_str(), url.flags.as_str()) {
        ("mashu", "") => {}
        ("mashu", flags) => {
            return Err(fail(format!(
                "mashu: unknown flags '{flags}' (pzprjs writes none for Masyu)"
            )))
        }
        (other, _) => {
            return Err(fail(format!(
                "the URL is a '{other}' puzzle; encode-masyu reads the genre mashu"
            )))
        }
    }
    let (rows, cols) = (url.rows, url.cols);
    if rows.saturating_mul(cols) > super::parse::MAX_CELLS {
        return Err(fail(format!(
            "the grid is {cols}x{rows}: too large (at most {} cells)",
            super::parse::MAX_CELLS
        )));
    }
    let total = rows * cols;
    let digits = total.div_ceil(3);
    if url.body.chars().count() > digits {
        return Err(fail(format!(
            "mashu: the body is over-long: a {cols}x{rows} grid takes {digits} characters, the URL has {}",
            url.body.chars().count()
        )));
    }
    let mut cells = vec![None; total];
    for (i, ch) in url.body.chars().enumerate() {
        let value = ch
            .to_digit(27)
            .filter(|_| !ch.is_ascii_uppercase())
            .ok_or_else(|| {
                fail(format!(
                    "mashu: '{ch}' is no circle digit (0-9 and a-q: three cells in base 3)"
                ))
            })?;
        for (k, weight) in [9, 3, 1].into_iter().enumerate() {
            let cell = 3 * i + k;
            let circle = match (value / weight) % 3 {
                1 => Some(Circle::White),
                2 => Some(Circle::Black),
                _ => None,
            };
            if cell < total {
                cells[cell] = circle;
            } else if circle.is_some() {
                return Err(fail(format!(
                    "mashu: the last character '{ch}' puts a circle beyond the {total} cells"
                )));
            }
        }
    }
    super::parse::needs_a_circle(
        source,
        line,
        Puzzle {
            rows,
            cols,
            cells,
            format: Format::Puzzlink,
        },
    )
}

/// The `mashu` URL of `puzzle`.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    let mut body = String::with_capacity(puzzle.cells.len().div_ceil(3));
    for three in puzzle.cells.chunks(3) {
        let mut value = 0;
        for (k, weight) in [9, 3, 1].into_iter().enumerate() {
            value += weight
                * match three.get(k).copied().flatten() {
                    Some(Circle::White) => 1,
                    Some(Circle::Black) => 2,
                    None => 0,
                };
        }
        body.push(char::from_digit(value, 27).unwrap_or('0'));
    }
    Ok(Url::write_grid("mashu", puzzle.cols, puzzle.rows, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Puzzle> {
        parse("u", 1, &crate::puzzlink::parse("u", 1, text)?)
    }

    #[test]
    fn reads_pzprjs_example_and_writes_it_back() {
        // pzprjs's test URL of mashu and its grid (test/script/mashu.js).
        let p = read("https://puzz.link/p?mashu/6/6/1063000i3000").expect("mashu");
        assert_eq!(
            p.to_text(),
            "..W...\n.B..W.\n......\n...B..\n.W....\n......\n"
        );
        assert_eq!(
            write(&p).expect("writes"),
            "https://puzz.link/p?mashu/6/6/1063000i3000"
        );
    }

    #[test]
    fn a_short_body_leaves_cells_empty() {
        let p = read("puzz.link/p?mashu/4/1/2").expect("short");
        assert_eq!(p.to_text(), "..B.\n");
    }

    #[test]
    fn bad_urls_are_errors() {
        let err = |text: &str| read(text).expect_err(text).to_string();
        assert!(err("puzz.link/p?mashu/2/2/100").contains("over-long"));
        assert!(err("puzz.link/p?mashu/2/2/r0").contains("'r'"));
        assert!(err("puzz.link/p?mashu/2/2/A0").contains("'A'"));
        assert!(err("puzz.link/p?mashu/2/2/01").contains("beyond"));
        assert!(err("puzz.link/p?mashu/2/2/00").contains("no circle"));
        assert!(err("puzz.link/p?mashu/x/2/2/1").contains("unknown flags"));
        assert!(err("puzz.link/p?numlin/2/2/1h1").contains("'numlin' puzzle"));
    }
}
