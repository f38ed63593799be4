//! The `.non` format (Steve Simpson's, with mikix's extensions and
//! nonogram-db's colours), as [`super::formats`] describes it.

use super::formats::{clue_numbers, last_line, number, parse_rgb, Format, DEFAULT_PALETTE};
use super::puzzle::{Block, Clue, Colour, Puzzle};
use crate::error::{Error, Result};

/// Removes surrounding double quotes, if any.
fn unquote(value: &str) -> &str {
    let value = value.trim();
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
}

/// True for a line of a .non file that starts a key (`goal "..."`,
/// `columns`, `====`): anything but a clue line, which is blank or starts
/// with a digit.
fn starts_key(line: &str) -> bool {
    line.trim_start()
        .chars()
        .next()
        .is_some_and(|c| !c.is_ascii_digit())
}

/// Parses a `.non` file (the first puzzle of a bundle).
pub(super) fn parse_non(source: &str, text: &str) -> Result<Puzzle> {
    let lines: Vec<&str> = text.lines().collect();
    let mut width: Option<usize> = None;
    let mut height: Option<usize> = None;
    let mut rows: Option<(Vec<LetteredClue>, Vec<usize>)> = None;
    let mut columns: Option<(Vec<LetteredClue>, Vec<usize>)> = None;
    let mut goal: Option<(&str, usize)> = None;
    let mut title = None;
    let mut declared: Vec<(char, [u8; 3])> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line_no = i + 1;
        let line = lines[i].trim();
        i += 1;
        if line == "====" {
            break; // the next puzzle of a bundle
        }
        let (key, value) = match line.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (line, ""),
        };
        match key {
            "width" | "height" => {
                let n = number(source, line_no, value, &format!("the {key}"))?;
                let slot = if key == "width" {
                    &mut width
                } else {
                    &mut height
                };
                if slot.replace(n).is_some() {
                    return Err(Error::parse(
                        source,
                        line_no,
                        format!("a second '{key}' line"),
                    ));
                }
            }
            "rows" | "columns" => {
                let (count, size_key) = if key == "rows" {
                    (height, "height")
                } else {
                    (width, "width")
                };
                let count = count.ok_or_else(|| {
                    Error::parse(
                        source,
                        line_no,
                        format!("'{key}' comes before '{size_key}'"),
                    )
                })?;
                // The section runs to the next key line (clue lines start
                // with a digit or are blank). A blank line is an empty clue,
                // unless the section has more lines than clues: then blank
                // lines around it are only spacing.
                let start = i;
                while i < lines.len() && !starts_key(lines[i]) {
                    i += 1;
                }
                let mut section: Vec<usize> = (start..i).collect();
                let blank = |k: &usize| lines[*k].trim().is_empty();
                while section.len() > count && section.first().is_some_and(blank) {
                    section.remove(0);
                }
                while section.len() > count && section.last().is_some_and(blank) {
                    section.pop();
                }
                let noun = if key == "rows" { "row" } else { "column" };
                if section.len() != count {
                    let (at_line, what) = if section.len() > count {
                        (section[count] + 1, "this line is one too many")
                    } else if i < lines.len() {
                        (i + 1, "the next section starts here")
                    } else {
                        (lines.len().max(1), "the file ends here")
                    };
                    return Err(Error::parse(
                        source,
                        at_line,
                        format!(
                            "{} {noun} clues, {size_key} is {count} ('{key}' is line {line_no}; {what})",
                            section.len()
                        ),
                    ));
                }
                let mut clues = Vec::new();
                let mut at = Vec::new();
                for k in section {
                    let tokens = lines[k]
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|t| !t.is_empty());
                    let mut letters = Vec::new();
                    let lengths = clue_numbers(source, k + 1, tokens, Some(&mut letters))?;
                    clues.push((lengths, letters));
                    at.push(k + 1);
                }
                let slot = if key == "rows" {
                    &mut rows
                } else {
                    &mut columns
                };
                if slot.replace((clues, at)).is_some() {
                    return Err(Error::parse(
                        source,
                        line_no,
                        format!("a second '{key}' section"),
                    ));
                }
            }
            "goal" => goal = Some((unquote(value), line_no)),
            "color" => {
                let mut words = value.split_whitespace();
                let letter = words.next().and_then(|w| {
                    let mut chars = w.chars();
                    chars
                        .next()
                        .filter(|c| c.is_ascii_alphabetic() && chars.next().is_none())
                });
                let rgb = words.next().and_then(parse_rgb);
                let (Some(letter), Some(rgb)) = (letter, rgb) else {
                    return Err(Error::parse(
                        source,
                        line_no,
                        "expected `color LETTER #rrggbb` (a letter a-z, a six-digit hex colour)",
                    ));
                };
                if declared.iter().any(|&(l, _)| l == letter) {
                    return Err(Error::parse(
                        source,
                        line_no,
                        format!("a second 'color {letter}' line"),
                    ));
                }
                declared.push((letter, rgb));
            }
            "title" => title = Some(unquote(value).to_string()),
            _ => {} // unknown keys are ignored, as the format asks
        }
    }
    let missing = |what: &str| {
        Error::parse(
            source,
            last_line(text),
            format!("no '{what}' in this .non file"),
        )
    };
    let (rows, row_lines) = rows.ok_or_else(|| missing("rows"))?;
    let (columns, column_lines) = columns.ok_or_else(|| missing("columns"))?;
    let lettered = rows
        .iter()
        .chain(&columns)
        .any(|(_, letters)| letters.iter().any(Option::is_some));
    // The colours: the declared ones that clues use, in their order, then
    // letters used without a `color` line, in the order they appear.
    let mut colours: Vec<Colour> = Vec::new();
    if lettered {
        let used: Vec<char> = rows
            .iter()
            .chain(&columns)
            .flat_map(|(_, letters)| letters.iter().flatten().copied())
            .collect();
        for &(letter, rgb) in &declared {
            if used.contains(&letter) {
                colours.push(Colour {
                    name: letter.to_string(),
                    symbol: letter,
                    rgb,
                });
            }
        }
        for letter in used {
            if !colours.iter().any(|c| c.symbol == letter) {
                let rgb = DEFAULT_PALETTE[colours.len() % DEFAULT_PALETTE.len()];
                colours.push(Colour {
                    name: letter.to_string(),
                    symbol: letter,
                    rgb,
                });
            }
        }
    } else {
        colours.push(Colour::black());
    }
    let resolve = |clues: Vec<LetteredClue>, at: &[usize]| -> Result<Vec<Clue>> {
        clues
            .into_iter()
            .zip(at)
            .map(|((lengths, letters), &line)| {
                lengths
                    .iter()
                    .zip(letters)
                    .map(|(&len, letter)| match (lettered, letter) {
                        (false, _) => Ok(Block { len, colour: 0 }),
                        (true, Some(l)) => Ok(Block {
                            len,
                            colour: colours.iter().position(|c| c.symbol == l).unwrap_or(0),
                        }),
                        (true, None) => Err(Error::parse(
                            source,
                            line,
                            format!(
                                "block {len} has no colour letter, but other clues of this \
                                 colour puzzle have (write e.g. {len}a)"
                            ),
                        )),
                    })
                    .collect()
            })
            .collect()
    };
    let rows = resolve(rows, &row_lines)?;
    let columns = resolve(columns, &column_lines)?;
    let goal = match goal {
        None => None,
        Some((value, line)) => {
            let cells = value
                .chars()
                .map(|ch| match ch {
                    '0' => Ok(None),
                    _ if !lettered => Ok(Some(0)),
                    _ => colours
                        .iter()
                        .position(|c| c.symbol == ch)
                        .map(Some)
                        .ok_or_else(|| {
                            Error::parse(
                                source,
                                line,
                                format!("the goal has '{ch}', which is no colour of the clues"),
                            )
                        }),
                })
                .collect::<Result<Vec<_>>>()?;
            Some((cells, line))
        }
    };
    Ok(Puzzle {
        colours,
        rows,
        columns,
        row_lines,
        column_lines,
        goal,
        title,
        format: Format::Non,
        text: String::new(),
    })
}

/// A clue as read from a `.non` line: block lengths and their letters.
type LetteredClue = (Vec<usize>, Vec<Option<char>>);

