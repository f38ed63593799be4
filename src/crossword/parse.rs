//! Reads pattern files and the self-contained document (its form is
//! described in [`super::puzzle`]), with `file:line` errors.

use super::puzzle::{ClueText, Mode, Puzzle, Square};
use super::words::{split_score, DEFAULT_SCORE};
use crate::error::{Error, Result};

/// A pattern read from a file: its squares, and the clue texts the file
/// gives its entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// The squares, row by row.
    pub grid: Vec<Vec<Square>>,
    /// The clue texts, by entry.
    pub clues: Vec<ClueText>,
}

/// Reads a pattern file in any of its formats, told by the content: an
/// Across Lite `.puz` file ([`super::puz`]), an ipuz document
/// ([`super::ipuz`]: `{`, or `ipuz(` as ipuz's JSONP form), else a text
/// pattern ([`parse_pattern`]).
pub fn read_pattern(source: &str, bytes: &[u8]) -> Result<Pattern> {
    if super::puz::is_puz(bytes) {
        return super::puz::read(source, bytes);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        Error::parse(
            source,
            line,
            "the pattern is neither text (UTF-8) nor an Across Lite .puz file",
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with("ipuz(") {
        return super::ipuz::read(source, text);
    }
    Ok(Pattern {
        grid: parse_pattern(source, text)?,
        clues: Vec::new(),
    })
}

/// Parses a pattern: one row a line, `#` black, `.` open, letters
/// pre-filled (upper case is folded); trailing blank lines are ignored.
pub fn parse_pattern(source: &str, text: &str) -> Result<Vec<Vec<Square>>> {
    parse_rows(source, text.lines().enumerate().map(|(i, l)| (i + 1, l)))
}

/// Parses numbered grid rows (shared by pattern files and documents).
fn parse_rows<'a>(
    source: &str,
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<Vec<Square>>> {
    let mut grid: Vec<Vec<Square>> = Vec::new();
    let mut blank_after: Option<usize> = None;
    let mut last_line = 1;
    for (number, line) in lines {
        last_line = number;
        let line = line.trim_end();
        if line.is_empty() {
            blank_after.get_or_insert(number);
            continue;
        }
        if let Some(blank) = blank_after {
            return Err(Error::parse(
                source,
                blank,
                "a blank line inside the grid (one row a line, no gaps)",
            ));
        }
        let mut row = Vec::with_capacity(line.len());
        for (column, ch) in line.chars().enumerate() {
            row.push(match ch {
                '#' => Square::Black,
                '.' => Square::Open,
                c if c.is_ascii_alphabetic() => Square::Letter(c.to_ascii_lowercase() as u8),
                c => {
                    return Err(Error::parse(
                        source,
                        number,
                        format!(
                            "column {}: '{c}' is not '#' (black), '.' (open) or a letter a-z",
                            column + 1
                        ),
                    ))
                }
            });
        }
        if let Some(first) = grid.first() {
            if row.len() != first.len() {
                return Err(Error::parse(
                    source,
                    number,
                    format!(
                        "this row has {} cells, the first row {} (rows must be equally long)",
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        grid.push(row);
    }
    if grid.is_empty() {
        return Err(Error::parse(source, last_line, "the grid has no rows"));
    }
    Ok(grid)
}

/// Parses the self-contained document (see the module documentation).
pub fn parse_document(source: &str, text: &str) -> Result<Puzzle> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (_, first) = lines
        .next()
        .ok_or_else(|| Error::parse(source, 1, "empty crossword document"))?;
    let mode = match first.trim() {
        "crossword fill" => Mode::Fill,
        "crossword freeform" => Mode::Freeform,
        _ => {
            return Err(Error::parse(
                source,
                1,
                "expected 'crossword fill' or 'crossword freeform' (give --pattern FILE or \
                 --width W --height H, or a document written by encode-crossword)",
            ))
        }
    };
    let mut min_words = 0;
    let mut min_score = None;
    let mut section = "";
    let mut grid_lines = Vec::new();
    let mut groups = Vec::new();
    let mut words = Vec::new();
    let mut scores = Vec::new();
    let mut clues = Vec::new();
    let mut theme = Vec::new();
    for (number, line) in lines {
        let trimmed = line.trim();
        match trimmed {
            "[grid]" | "[groups]" | "[theme]" | "[words]" | "[clues]" => {
                section = trimmed;
                continue;
            }
            _ => {}
        }
        match section {
            "" => {
                if let Some(value) = trimmed.strip_prefix("min-score ") {
                    min_score = Some(value.trim().parse().map_err(|_| {
                        Error::parse(source, number, format!("bad min-score '{value}'"))
                    })?);
                    continue;
                }
                let value = trimmed.strip_prefix("min-words ").ok_or_else(|| {
                    Error::parse(source, number, format!("unexpected line '{trimmed}'"))
                })?;
                min_words = value.trim().parse().map_err(|_| {
                    Error::parse(source, number, format!("bad min-words '{value}'"))
                })?;
            }
            "[grid]" => grid_lines.push((number, line)),
            "[theme]" if !trimmed.is_empty() => theme.push(checked_word(source, number, trimmed)?),
            "[theme]" => {}
            "[clues]" => {
                if !trimmed.is_empty() {
                    let (key, text) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
                    let clue = clue_key(key, text.trim()).ok_or_else(|| {
                        Error::parse(
                            source,
                            number,
                            format!("'{key}' is no entry: expected A or D and a number, e.g. A1"),
                        )
                    })?;
                    clues.push(clue);
                }
            }
            "[groups]" => groups.push(
                trimmed
                    .split_whitespace()
                    .map(|w| checked_word(source, number, w))
                    .collect::<Result<Vec<_>>>()?,
            ),
            _ => {
                if !trimmed.is_empty() {
                    let (word, score) = split_score(trimmed)
                        .map_err(|message| Error::parse(source, number, message))?;
                    words.push(checked_word(source, number, word)?);
                    scores.push(score.unwrap_or(DEFAULT_SCORE));
                }
            }
        }
    }
    let grid = parse_rows(source, grid_lines.into_iter())?;
    Ok(Puzzle {
        mode,
        grid,
        words,
        scores,
        min_score,
        groups,
        min_words,
        clues,
        theme,
    })
}

/// The clue of the entry `key` (`A12`, `D3`; also `12A`, `3d`, and with
/// a trailing `.` as xd writes it) with `text`; `None` when `key` names
/// no entry.
pub fn clue_key(key: &str, text: &str) -> Option<ClueText> {
    let key = key.strip_suffix('.').unwrap_or(key);
    let direction = |c: char| match c.to_ascii_uppercase() {
        'A' => Some(true),
        'D' => Some(false),
        _ => None,
    };
    let first = key.chars().next()?;
    let last = key.chars().last()?;
    let (across, digits) = if let Some(across) = direction(first) {
        (across, &key[1..])
    } else {
        (direction(last)?, &key[..key.len() - 1])
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(ClueText {
        number: digits.parse().ok().filter(|&n| n > 0)?,
        across,
        text: text.to_string(),
    })
}

/// A document word: lower-case a-z only.
fn checked_word(source: &str, line: usize, word: &str) -> Result<String> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(Error::parse(
            source,
            line,
            format!("'{word}' is not a word of letters a-z"),
        ));
    }
    Ok(word.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_round_trip() {
        let puzzle = Puzzle {
            mode: Mode::Freeform,
            grid: parse_pattern("p", "..#\n.a.\n").expect("valid"),
            words: vec!["cat".into(), "at".into()],
            scores: vec![70, DEFAULT_SCORE],
            min_score: Some(60),
            groups: vec![vec!["cat".into(), "at".into()]],
            min_words: 2,
            clues: Vec::new(),
            theme: vec!["cat".into()],
        };
        let document = puzzle.to_document();
        assert!(document.contains("cat;70\nat\n"), "{document}");
        let again = parse_document("d", &document).expect("valid");
        assert_eq!(again, puzzle);
        assert_eq!(again.usable().words, ["cat"]);
        let err = parse_document("d", "crossword fill\n[grid]\n..\n[words]\nat;x\n").unwrap_err();
        assert!(err.to_string().starts_with("d:5:"), "{err}");
    }

    #[test]
    fn ragged_and_bad_patterns_name_the_line() {
        let err = parse_pattern("p", "...\n..\n").unwrap_err();
        assert!(err.to_string().starts_with("p:2:"), "{err}");
        let err = parse_pattern("p", "...\n.*.\n").unwrap_err();
        assert!(err.to_string().starts_with("p:2: column 2"), "{err}");
        let err = parse_pattern("p", "...\n\n...\n").unwrap_err();
        assert!(err.to_string().starts_with("p:2:"), "{err}");
        assert!(parse_pattern("p", "\n\n").is_err());
        assert_eq!(parse_pattern("p", "a.\n#B\n\n").expect("ok").len(), 2);
    }
}
