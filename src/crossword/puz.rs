//! Across Lite `.puz` files, written (a filled grid with its clues) and
//! read (as a pattern: its blocks, the letters of its player's grid, its
//! clues).
//!
//! The layout (version 1.3, little-endian; as documented by the
//! crossword community and read by puzpy):
//!
//! ```text
//! 0x00  2  checksum of the whole file
//! 0x02 12  "ACROSS&DOWN\0"
//! 0x0E  2  CIB checksum: the 8 bytes at 0x2C
//! 0x10  8  masked checksums: "ICHE" and "ATED" xor the low and high bytes
//!          of the CIB, solution, player grid and text checksums
//! 0x18  4  version "1.3\0"
//! 0x1C  2  reserved
//! 0x1E  2  checksum of a scrambled solution (0: not scrambled)
//! 0x20 12  reserved
//! 0x2C  1  width       0x2D 1 height      0x2E 2 number of clues
//! 0x30  2  puzzle type (1: normal)        0x32 2 scrambled (0: no)
//! 0x34     solution (W x H bytes: letters, '.' black), player grid
//!          ('-' empty, '.' black), then NUL-terminated ISO-8859-1
//!          strings: title, author, copyright, the clues, notes
//! ```
//!
//! The clues are in the order of their numbers, across before down at
//! the same number. A checksum is a 16-bit rotate-right-and-add over the
//! bytes ([`checksum`]); the text checksum covers the non-empty title,
//! author and copyright with their NUL, every non-empty clue without it,
//! and non-empty notes with their NUL. Extra sections after the strings
//! (rebus, circles) are ignored on reading and not written.

use super::parse::Pattern;
use super::puzzle::{ClueText, Puzzle, Square};
use super::slots::slots;
use super::Solution;
use crate::error::{Error, Result};

/// The magic string after the first checksum.
const MAGIC: &[u8] = b"ACROSS&DOWN\0";

/// The length of the header.
const HEADER: usize = 0x34;

/// The 16-bit `.puz` checksum of `data`, continuing from `sum`.
pub fn checksum(data: &[u8], mut sum: u16) -> u16 {
    for &byte in data {
        sum = sum.rotate_right(1).wrapping_add(u16::from(byte));
    }
    sum
}

/// The strings of a `.puz` file.
struct Strings<'a> {
    title: &'a [u8],
    author: &'a [u8],
    copyright: &'a [u8],
    clues: Vec<&'a [u8]>,
    notes: &'a [u8],
}

/// The text checksum over `strings`, continuing from `sum`.
fn text_checksum(strings: &Strings<'_>, mut sum: u16) -> u16 {
    for field in [strings.title, strings.author, strings.copyright] {
        if !field.is_empty() {
            sum = checksum(field, sum);
            sum = checksum(&[0], sum);
        }
    }
    for clue in &strings.clues {
        sum = checksum(clue, sum);
    }
    if !strings.notes.is_empty() {
        sum = checksum(strings.notes, sum);
        sum = checksum(&[0], sum);
    }
    sum
}

/// The checksums a header holds for `cib` (its 8 bytes at 0x2C), the
/// solution, the player grid and the strings: the file checksum, the CIB
/// checksum and the 8 masked bytes.
fn checksums(cib: &[u8], solution: &[u8], grid: &[u8], strings: &Strings<'_>) -> (u16, u16, [u8; 8]) {
    let c_cib = checksum(cib, 0);
    let mut whole = c_cib;
    whole = checksum(solution, whole);
    whole = checksum(grid, whole);
    whole = text_checksum(strings, whole);
    let parts = [
        c_cib,
        checksum(solution, 0),
        checksum(grid, 0),
        text_checksum(strings, 0),
    ];
    let mut masked = [0u8; 8];
    for (i, part) in parts.iter().enumerate() {
        masked[i] = b"ICHE"[i] ^ (part & 0xff) as u8;
        masked[i + 4] = b"ATED"[i] ^ (part >> 8) as u8;
    }
    (whole, c_cib, masked)
}

/// `text` in ISO-8859-1, the strings' encoding in version 1.3.
fn latin1(what: &str, text: &str) -> Result<Vec<u8>> {
    text.chars()
        .map(|c| {
            u8::try_from(u32::from(c)).ok().filter(|&b| b != 0).ok_or_else(|| {
                Error::Usage(format!(
                    "{what} holds '{c}', which a .puz file (ISO-8859-1) cannot hold; \
                     --format ipuz writes any text"
                ))
            })
        })
        .collect()
}

/// The `.puz` file of a filled grid: its solution, an empty player grid,
/// and the clue texts `puzzle` gives its entries (empty strings for the
/// others).
pub fn write(puzzle: &Puzzle, solution: &Solution) -> Result<Vec<u8>> {
    let height = solution.grid.len();
    let width = solution.grid.first().map_or(0, String::len);
    let (Ok(w), Ok(h)) = (u8::try_from(width), u8::try_from(height)) else {
        return Err(Error::Usage(format!(
            "a .puz grid is at most 255 x 255; this one is {width} x {height}"
        )));
    };
    let mut answers = Vec::with_capacity(width * height);
    let mut grid = Vec::with_capacity(width * height);
    for row in &solution.grid {
        for byte in row.bytes() {
            let black = byte == b'#';
            answers.push(if black { b'.' } else { byte.to_ascii_uppercase() });
            grid.push(if black { b'.' } else { b'-' });
        }
    }
    // Clue order: by number, across before down.
    let mut entries: Vec<(usize, bool)> = solution
        .across
        .iter()
        .map(|e| (e.number, true))
        .chain(solution.down.iter().map(|e| (e.number, false)))
        .collect();
    entries.sort_by_key(|&(number, across)| (number, !across));
    let texts = entries
        .iter()
        .map(|&(number, across)| {
            let key = format!("clue {}{number}", if across { 'A' } else { 'D' });
            latin1(&key, puzzle.clue(number, across).unwrap_or(""))
        })
        .collect::<Result<Vec<_>>>()?;
    let clue_count = u16::try_from(texts.len())
        .map_err(|_| Error::Usage(format!("{} clues: a .puz file holds at most 65535", texts.len())))?;
    let strings = Strings {
        title: b"",
        author: b"",
        copyright: b"",
        clues: texts.iter().map(Vec::as_slice).collect(),
        notes: b"",
    };
    let mut cib = vec![w, h];
    cib.extend(clue_count.to_le_bytes());
    cib.extend(1u16.to_le_bytes()); // a normal puzzle
    cib.extend(0u16.to_le_bytes()); // not scrambled
    let (whole, c_cib, masked) = checksums(&cib, &answers, &grid, &strings);
    let mut out = Vec::with_capacity(HEADER + 2 * answers.len() + 64);
    out.extend(whole.to_le_bytes());
    out.extend(MAGIC);
    out.extend(c_cib.to_le_bytes());
    out.extend(masked);
    out.extend(b"1.3\0");
    out.extend([0u8; 2]); // reserved
    out.extend(0u16.to_le_bytes()); // scrambled checksum
    out.extend([0u8; 12]); // reserved
    out.extend(&cib);
    out.extend(&answers);
    out.extend(&grid);
    for field in [strings.title, strings.author, strings.copyright] {
        out.extend(field);
        out.push(0);
    }
    for clue in &strings.clues {
        out.extend(*clue);
        out.push(0);
    }
    out.extend(strings.notes);
    out.push(0);
    Ok(out)
}

/// True when `bytes` look like a `.puz` file (the magic string at 2).
pub fn is_puz(bytes: &[u8]) -> bool {
    bytes.get(2..2 + MAGIC.len()) == Some(MAGIC)
}

/// Reads a `.puz` file as a pattern: black squares from its solution,
/// letters from its player's grid (`-` is an open square), and its
/// clues by entry; every checksum is verified.
pub fn read(source: &str, bytes: &[u8]) -> Result<Pattern> {
    let fail = |message: String| Error::parse(source, 1, message);
    if !is_puz(bytes) || bytes.len() < HEADER {
        return Err(fail(
            "not an Across Lite .puz file ('ACROSS&DOWN' at byte 2, a 52-byte header)".into(),
        ));
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let (width, height) = (usize::from(bytes[0x2C]), usize::from(bytes[0x2D]));
    let clue_count = usize::from(u16_at(0x2E));
    if width == 0 || height == 0 {
        return Err(fail(format!("the grid is {width} x {height}")));
    }
    let cells = width * height;
    let body = &bytes[HEADER..];
    if body.len() < 2 * cells {
        return Err(fail(format!(
            "the file ends inside its grids ({} bytes after the header, {} needed; truncated)",
            body.len(),
            2 * cells
        )));
    }
    let (answers, grid) = (&body[..cells], &body[cells..2 * cells]);
    let mut rest = &body[2 * cells..];
    let mut next = |what: &str| -> Result<&[u8]> {
        let end = rest.iter().position(|&b| b == 0).ok_or_else(|| {
            fail(format!("the file ends inside the {what} (no NUL; truncated)"))
        })?;
        let text = &rest[..end];
        rest = &rest[end + 1..];
        Ok(text)
    };
    let title = next("title")?;
    let author = next("author")?;
    let copyright = next("copyright")?;
    let clues = (0..clue_count)
        .map(|i| next(&format!("clue {}", i + 1)))
        .collect::<Result<Vec<_>>>()?;
    // Files before version 1.3 may end without the notes.
    let notes = next("notes").unwrap_or_default();
    let strings = Strings {
        title,
        author,
        copyright,
        clues,
        notes,
    };
    let (whole, c_cib, masked) = checksums(&bytes[0x2C..HEADER], answers, grid, &strings);
    for (what, ok) in [
        ("CIB", c_cib == u16_at(0x0E)),
        ("file", whole == u16_at(0x00)),
        ("masked", masked[..] == bytes[0x10..0x18]),
    ] {
        if !ok {
            return Err(fail(format!(
                "the {what} checksum does not match: the file is corrupt"
            )));
        }
    }
    let mut squares = Vec::with_capacity(height);
    for r in 0..height {
        let mut row = Vec::with_capacity(width);
        for c in 0..width {
            let at = r * width + c;
            row.push(match (answers[at], grid[at]) {
                (b'.', _) => Square::Black,
                (_, b'-') => Square::Open,
                (_, letter) if letter.is_ascii_alphabetic() => {
                    Square::Letter(letter.to_ascii_lowercase())
                }
                (_, other) => {
                    return Err(fail(format!(
                        "row {}, column {}: the player's grid holds {:?}, not a letter or '-'",
                        r + 1,
                        c + 1,
                        char::from(other)
                    )))
                }
            });
        }
        squares.push(row);
    }
    let found = slots(height, width, |r, c| squares[r][c] != Square::Black);
    let mut entries: Vec<(usize, bool)> = found.iter().map(|s| (s.number, s.across)).collect();
    entries.sort_by_key(|&(number, across)| (number, !across));
    if entries.len() != strings.clues.len() {
        return Err(fail(format!(
            "the file has {} clues but its grid {} entries",
            strings.clues.len(),
            entries.len()
        )));
    }
    let clues = entries
        .iter()
        .zip(&strings.clues)
        .filter(|(_, text)| !text.is_empty())
        .map(|(&(number, across), text)| ClueText {
            number,
            across,
            // ISO-8859-1: every byte is the character of that code.
            text: text.iter().map(|&b| char::from(b)).collect::<String>().replace(['\n', '\r'], " "),
        })
        .collect();
    Ok(Pattern {
        grid: squares,
        clues,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossword::render::solution_of;

    fn puzzle(clues: Vec<ClueText>) -> Puzzle {
        Puzzle {
            mode: crate::crossword::Mode::Fill,
            grid: Vec::new(),
            words: Vec::new(),
            scores: Vec::new(),
            min_score: None,
            groups: Vec::new(),
            min_words: 0,
            clues,
            theme: Vec::new(),
        }
    }

    #[test]
    fn the_checksum_rotates_and_adds() {
        assert_eq!(checksum(&[], 0), 0);
        assert_eq!(checksum(&[1], 0), 1);
        // 1 rotated right is 0x8000, plus 2.
        assert_eq!(checksum(&[1, 2], 0), 0x8002);
    }

    #[test]
    fn a_written_file_reads_back_with_its_clues() {
        let solution = solution_of(vec!["cat".into(), "a#o".into(), "tow".into()]);
        let clue = ClueText {
            number: 1,
            across: true,
            text: "Feline, café".into(),
        };
        let bytes = write(&puzzle(vec![clue.clone()]), &solution).expect("writes");
        assert!(is_puz(&bytes));
        let pattern = read("p.puz", &bytes).expect("reads");
        assert_eq!(pattern.clues, vec![clue]);
        assert_eq!(pattern.grid[1][1], Square::Black);
        assert!(pattern.grid.iter().flatten().all(|&s| s != Square::Letter(b'c')));
        let mut corrupt = bytes.clone();
        let last = corrupt.len() - 2;
        corrupt[last] ^= 1;
        assert!(read("p.puz", &corrupt).is_err());
        assert!(read("p.puz", &bytes[..60]).expect_err("short").to_string().contains("truncated"));
        let wide = puzzle(vec![ClueText {
            number: 1,
            across: false,
            text: "猫".into(),
        }]);
        assert!(write(&wide, &solution).is_err());
    }
}
