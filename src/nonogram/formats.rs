//! Reading nonogram clue files in the common formats.
//!
//! Five formats are read, told apart by their content (see [`detect`]) or
//! chosen with `--format`:
//!
//! - **griddler** (poja/griddler): whitespace-separated tokens
//!   `g HEIGHT WIDTH`, then one `r b1 b2 ... 0` per row and one
//!   `c b1 ... 0` per column; `0` ends each clue (`r 0` is an empty row).
//! - **non** (Steve Simpson's `.non`, with mikix's extensions): key/value
//!   lines; `width` and `height` come first, then `rows` and `columns` (in
//!   either order), each followed by exactly `height` (`width`) clue lines
//!   of numbers separated by commas or spaces (an empty line or `0` is an
//!   empty clue); `goal "0110..."` (the known solution) is kept; unknown
//!   lines are ignored; a `====` line ends the first puzzle of a bundle.
//!   Colour puzzles (nonogram-db's extension): blocks like `3a,1b` (one
//!   letter a block; then every block has one), colours declared by
//!   `color a #ff0000` lines (a letter without one gets a colour of its
//!   own), a goal of letters and `0`.
//! - **nin** (Jakub Wilk): a first line `WIDTH HEIGHT`, then one line per
//!   row and one per column, numbers separated by spaces (an empty line or
//!   `0` is an empty clue). Lines after the last column clue are ignored,
//!   as Wilk's own reader does.
//! - **picross** (pierre-dejoue/picross-solver's native format): `#`
//!   comments, `GRID name`, `ROWS`, one `[ b1 b2 ]` per row, `COLUMNS`, one
//!   `[ ... ]` per column; several grids per file, chosen with `--grid NAME`
//!   (default: the first).
//! - **xml** (webpbn's export format, read by pbnsolve and nonogrid): see
//!   [`super::xml`].
//! - **url** (puzz.link's `nonogram`, black and white): see [`super::url`];
//!   one URL a line, several make a collection (`--puzzle N`).
//!
//! Every parser reports errors as `file:line: message`, and [`validate`]
//! rejects clues that cannot be satisfied on their own (a clue longer than
//! its line, row and column sums that differ) before anything is encoded.

use super::puzzle::{plain, Clue, Colour, Puzzle};
use super::non::parse_non;
use super::xml;
use crate::error::{Error, Result};

/// Largest number of rows or columns (a guard against absurd sizes in
/// malformed files, which would make the line solver's tables huge; the
/// largest known puzzles are 512x512).
pub const MAX_SIDE: usize = 4096;

/// Largest number of colours (besides the background) a puzzle may have.
pub const MAX_COLOURS: usize = 31;

/// A clue file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Decide from the content.
    #[default]
    Auto,
    /// poja/griddler: `g H W`, `r ... 0`, `c ... 0`.
    Griddler,
    /// Steve Simpson's `.non` (mikix's extended form).
    Non,
    /// Jakub Wilk's `.nin`.
    Nin,
    /// picross-solver's native `GRID`/`ROWS`/`COLUMNS` format.
    Picross,
    /// webpbn's XML export format (`<puzzleset><puzzle>...`).
    Xml,
    /// puzz.link URLs (genre `nonogram`), one a line.
    Url,
}

impl Format {
    /// The name used on the command line and in the CNF header.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Griddler => "griddler",
            Format::Non => "non",
            Format::Nin => "nin",
            Format::Picross => "picross",
            Format::Xml => "xml",
            Format::Url => "url",
        }
    }

    /// The format called `name` (as printed by [`Format::as_str`]).
    pub fn from_name(name: &str) -> Option<Format> {
        [
            Format::Auto,
            Format::Griddler,
            Format::Non,
            Format::Nin,
            Format::Picross,
            Format::Xml,
            Format::Url,
        ]
        .into_iter()
        .find(|f| f.as_str() == name)
    }
}

/// Guesses the format of `text`: a puzz.link URL first is a URL list, `<`
/// first is webpbn XML, `g H W` is griddler, a `GRID`/`ROWS` line is
/// picross, a first line of two numbers is nin, anything else with
/// `width`/`rows` keys is non.
pub fn detect(text: &str) -> Option<Format> {
    if crate::puzzlink::url_lines(text).is_some() {
        return Some(Format::Url);
    }
    if text.trim_start().starts_with('<') {
        return Some(Format::Xml);
    }
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let first = lines.next()?;
    let words: Vec<&str> = first.split_whitespace().collect();
    if words.first() == Some(&"g") {
        return Some(Format::Griddler);
    }
    if words.first().is_some_and(|w| *w == "GRID" || *w == "ROWS") {
        return Some(Format::Picross);
    }
    if words.len() == 2 && words.iter().all(|w| w.parse::<usize>().is_ok()) {
        return Some(Format::Nin);
    }
    let keys = ["width", "height", "rows", "columns", "title", "catalogue"];
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .any(|w| keys.contains(&w))
        .then_some(Format::Non)
}

/// Parses `text` (read from `source`) in `format`, choosing the picross
/// grid called `grid` (default: the first), and validates the clues.
pub fn parse(source: &str, text: &str, format: Format, grid: Option<&str>) -> Result<Puzzle> {
    parse_selected(source, text, format, grid, 1)
}

/// [`parse`], choosing URL `puzzle` (1-based) of a URL list.
pub fn parse_selected(
    source: &str,
    text: &str,
    format: Format,
    grid: Option<&str>,
    index: usize,
) -> Result<Puzzle> {
    if text.trim().is_empty() {
        return Err(Error::parse(source, 1, "the file is empty"));
    }
    let format = match format {
        Format::Auto => detect(text).ok_or_else(|| {
            Error::parse(
                source,
                1,
                "cannot tell the format (not griddler `g H W`, .non, .nin `W H`, \
                 picross `GRID`, webpbn XML or a puzz.link URL); use --format",
            )
        })?,
        other => other,
    };
    if grid.is_some() && format != Format::Picross {
        return Err(Error::Usage(format!(
            "--grid selects a grid of a picross-solver file, but {source} is in {} format",
            format.as_str()
        )));
    }
    if index != 1 && format != Format::Url {
        return Err(Error::Usage(format!(
            "--puzzle selects a URL of a file of puzz.link URLs, but {source} is in {} format",
            format.as_str()
        )));
    }
    let mut puzzle = match format {
        Format::Url => {
            let lines = crate::puzzlink::url_lines(text).ok_or_else(|| {
                Error::parse(source, 1, "--format url: the first line is no puzz.link URL")
            })?;
            let (line, url) = crate::puzzlink::pick(source, &lines, index)?;
            let url = crate::puzzlink::parse(source, line, url)?;
            return super::url::parse(source, line, &url, text);
        }
        Format::Griddler => parse_griddler(source, text)?,
        Format::Non => parse_non(source, text)?,
        Format::Nin => parse_nin(source, text)?,
        Format::Xml => xml::parse(source, text)?,
        Format::Picross | Format::Auto => parse_picross(source, text, grid)?,
    };
    validate(source, &puzzle)?;
    puzzle.text = text.to_string();
    Ok(puzzle)
}

/// Rejects puzzles whose clues are inconsistent on their own: an empty
/// grid, too many colours, a clue that needs more cells than its line has,
/// row and column clues that fill different numbers of cells (of some
/// colour), a goal of the wrong size.
pub fn validate(source: &str, puzzle: &Puzzle) -> Result<()> {
    let (height, width) = (puzzle.height(), puzzle.width());
    let first_line = puzzle.row_lines.first().copied().unwrap_or(1);
    if height == 0 || width == 0 {
        return Err(Error::parse(
            source,
            first_line,
            format!("the grid is {height}x{width} (rows x columns); both must be at least 1"),
        ));
    }
    if height > MAX_SIDE || width > MAX_SIDE {
        return Err(Error::parse(
            source,
            first_line,
            format!(
                "the grid is {height}x{width}; at most {MAX_SIDE} rows and {MAX_SIDE} columns are supported"
            ),
        ));
    }
    if puzzle.colours.len() > MAX_COLOURS {
        return Err(Error::parse(
            source,
            first_line,
            format!(
                "the puzzle has {} colours; at most {MAX_COLOURS} are supported",
                puzzle.colours.len()
            ),
        ));
    }
    let lines = [
        ("row", &puzzle.rows, &puzzle.row_lines, width),
        ("column", &puzzle.columns, &puzzle.column_lines, height),
    ];
    for (kind, clues, at, length) in lines {
        for (i, clue) in clues.iter().enumerate() {
            // Blocks plus one gap between neighbours of the same colour
            // (saturating: a block length may be as large as usize::MAX).
            let gaps = clue
                .windows(2)
                .filter(|w| w[0].colour == w[1].colour)
                .count();
            let need = clue
                .iter()
                .fold(0usize, |acc, b| acc.saturating_add(b.len))
                .saturating_add(gaps);
            if need > length {
                return Err(Error::parse(
                    source,
                    at[i],
                    format!(
                        "{kind} {} has clue {} which needs {need} cells, but the {kind} has only {length}",
                        i + 1,
                        puzzle.show_clue(clue)
                    ),
                ));
            }
        }
    }
    for (k, colour) in puzzle.colours.iter().enumerate() {
        let sum = |clues: &[Clue]| {
            clues
                .iter()
                .flatten()
                .filter(|b| b.colour == k)
                .fold(0usize, |acc, b| acc.saturating_add(b.len))
        };
        let (row_sum, column_sum) = (sum(&puzzle.rows), sum(&puzzle.columns));
        if row_sum != column_sum {
            let line = puzzle.column_lines.first().copied().unwrap_or(first_line);
            let of = if puzzle.is_colour() {
                format!(" of colour {}", colour.name)
            } else {
                String::new()
            };
            return Err(Error::parse(
                source,
                line,
                format!(
                    "the row clues fill {row_sum} cells{of} but the column clues (from here) fill {column_sum}"
                ),
            ));
        }
    }
    if let Some((goal, line)) = &puzzle.goal {
        if goal.len() != height * width {
            return Err(Error::parse(
                source,
                *line,
                format!(
                    "the goal has {} cells but the grid has {height}x{width} = {}",
                    goal.len(),
                    height * width
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn number(source: &str, line: usize, token: &str, what: &str) -> Result<usize> {
    token.parse::<usize>().map_err(|_| {
        Error::parse(
            source,
            line,
            format!("expected {what} (a number), found '{}'", shorten(token)),
        )
    })
}

fn shorten(token: &str) -> String {
    let mut s: String = token.chars().take(30).collect();
    if s.len() < token.len() {
        s.push_str("...");
    }
    s
}

/// Parses the numbers of one clue line; `0` alone (or nothing) is the empty
/// clue, and a `0` among other numbers is an error. A number may carry a
/// colour letter (`3a`) when `colours` is given: the letter goes there,
/// `None` for a number without one.
pub(super) fn clue_numbers<'a>(
    source: &str,
    line: usize,
    tokens: impl Iterator<Item = &'a str>,
    mut colours: Option<&mut Vec<Option<char>>>,
) -> Result<Vec<usize>> {
    let mut clue = Vec::new();
    let mut zero = false;
    for token in tokens {
        let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let suffix = &token[digits..];
        let letter = match suffix.chars().next() {
            Some(c)
                if colours.is_some()
                    && digits > 0
                    && suffix.len() == 1
                    && c.is_ascii_alphabetic() =>
            {
                Some(c)
            }
            _ => None,
        };
        let number = if letter.is_some() {
            &token[..digits]
        } else {
            token
        };
        let value = number.parse::<usize>().map_err(|_| {
            let hint = if digits > 0 && suffix.chars().last().is_some_and(|c| c.is_ascii_alphabetic())
            {
                " (colour letters are read in .non files only, one letter a block)"
            } else {
                ""
            };
            Error::parse(
                source,
                line,
                format!("expected a block length, found '{}'{hint}", shorten(token)),
            )
        })?;
        if value == 0 {
            zero = true;
        } else {
            clue.push(value);
            if let Some(colours) = colours.as_deref_mut() {
                colours.push(letter);
            }
        }
    }
    if zero && !clue.is_empty() {
        return Err(Error::parse(
            source,
            line,
            "a block length of 0 is only allowed alone (as the empty clue)",
        ));
    }
    Ok(clue)
}

/// Whitespace-separated tokens with their line numbers.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(i, l)| l.split_whitespace().map(move |t| (i + 1, t)))
}

pub(super) fn last_line(text: &str) -> usize {
    text.lines().count().max(1)
}

fn parse_griddler(source: &str, text: &str) -> Result<Puzzle> {
    let mut toks = tokens(text).peekable();
    let end = last_line(text);
    let mut next = |what: &str| {
        toks.next().ok_or_else(|| {
            Error::parse(
                source,
                end,
                format!("the file ends where {what} was expected"),
            )
        })
    };
    let (line, g) = next("`g HEIGHT WIDTH`")?;
    if g != "g" {
        return Err(Error::parse(
            source,
            line,
            format!("expected `g HEIGHT WIDTH`, found '{}'", shorten(g)),
        ));
    }
    let (line, h) = next("the height")?;
    let height = number(source, line, h, "the height")?;
    let (line, w) = next("the width")?;
    let width = number(source, line, w, "the width")?;
    let mut sections = [(Vec::new(), Vec::new()), (Vec::new(), Vec::new())];
    for (index, (tag, count)) in [("r", height), ("c", width)].into_iter().enumerate() {
        let what = if tag == "r" { "row" } else { "column" };
        for i in 0..count {
            let expect = format!("{what} clue {} (`{tag} ... 0`)", i + 1);
            let (line, t) = next(&expect)?;
            if t != tag {
                return Err(Error::parse(
                    source,
                    line,
                    format!("expected {expect}, found '{}'", shorten(t)),
                ));
            }
            let mut clue = Vec::new();
            loop {
                let (at, t) = next(&format!("the 0 that ends {what} clue {}", i + 1))?;
                let value = number(source, at, t, "a block length or the closing 0")?;
                if value == 0 {
                    break;
                }
                clue.push(value);
            }
            sections[index].0.push(plain(&clue));
            sections[index].1.push(line);
        }
    }
    if let Some((line, t)) = toks.next() {
        return Err(Error::parse(
            source,
            line,
            format!(
                "unexpected '{}' after the last column clue ({height} rows and {width} columns were declared)",
                shorten(t)
            ),
        ));
    }
    let [(rows, row_lines), (columns, column_lines)] = sections;
    Ok(Puzzle {
        colours: vec![Colour::black()],
        rows,
        columns,
        row_lines,
        column_lines,
        goal: None,
        title: None,
        format: Format::Griddler,
        text: String::new(),
    })
}

/// Colours for letters that no `color` line defines (and for webpbn XML
/// colours without a value): easy to tell apart.
pub const DEFAULT_PALETTE: [[u8; 3]; 8] = [
    [0xd6, 0x27, 0x28],
    [0x1f, 0x77, 0xb4],
    [0x2c, 0xa0, 0x2c],
    [0xff, 0x7f, 0x0e],
    [0x94, 0x67, 0xbd],
    [0x8c, 0x56, 0x4b],
    [0xe3, 0x77, 0xc2],
    [0x17, 0xbe, 0xcf],
];

/// An RGB colour written `#rrggbb`, `rrggbb`, `#rgb` or `rgb` (hex
/// digits); `None` for anything else.
pub fn parse_rgb(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim();
    let hex = hex.strip_prefix('#').unwrap_or(hex);
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..i + 1], 16).ok();
    match hex.len() {
        6 => {
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            Some([byte(0)?, byte(2)?, byte(4)?])
        }
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        _ => None,
    }
}

fn parse_nin(source: &str, text: &str) -> Result<Puzzle> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(first) = lines.iter().position(|l| !l.trim().is_empty()) else {
        return Err(Error::parse(source, 1, "the file is empty"));
    };
    let words: Vec<&str> = lines[first].split_whitespace().collect();
    if words.len() != 2 {
        return Err(Error::parse(
            source,
            first + 1,
            "expected `WIDTH HEIGHT` on the first line",
        ));
    }
    let width = number(source, first + 1, words[0], "the width")?;
    let height = number(source, first + 1, words[1], "the height")?;
    let mut sections = Vec::new();
    let mut i = first + 1;
    for (what, count) in [("row", height), ("column", width)] {
        let mut clues = Vec::new();
        let mut at = Vec::new();
        for k in 0..count {
            let Some(line) = lines.get(i) else {
                return Err(Error::parse(
                    source,
                    lines.len().max(1),
                    format!("the file ends after {k} of the {count} {what} clues"),
                ));
            };
            i += 1;
            clues.push(plain(&clue_numbers(source, i, line.split_whitespace(), None)?));
            at.push(i);
        }
        sections.push((clues, at));
    }
    let (columns, column_lines) = sections.pop().unwrap_or_default();
    let (rows, row_lines) = sections.pop().unwrap_or_default();
    Ok(Puzzle {
        colours: vec![Colour::black()],
        rows,
        columns,
        row_lines,
        column_lines,
        goal: None,
        title: None,
        format: Format::Nin,
        text: String::new(),
    })
}

/// One grid of a picross-solver file while it is read.
struct PicrossGrid {
    name: String,
    line: usize,
    rows: Vec<Clue>,
    row_lines: Vec<usize>,
    columns: Vec<Clue>,
    column_lines: Vec<usize>,
}

fn parse_picross(source: &str, text: &str, wanted: Option<&str>) -> Result<Puzzle> {
    #[derive(PartialEq)]
    enum Section {
        None,
        Rows,
        Columns,
    }
    let mut grids: Vec<PicrossGrid> = Vec::new();
    let mut section = Section::None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "GRID" => {
                grids.push(PicrossGrid {
                    name: rest.to_string(),
                    line: line_no,
                    rows: Vec::new(),
                    row_lines: Vec::new(),
                    columns: Vec::new(),
                    column_lines: Vec::new(),
                });
                section = Section::None;
            }
            "ROWS" | "COLUMNS" => {
                if grids.is_empty() {
                    // A file with a single unnamed grid.
                    grids.push(PicrossGrid {
                        name: String::new(),
                        line: line_no,
                        rows: Vec::new(),
                        row_lines: Vec::new(),
                        columns: Vec::new(),
                        column_lines: Vec::new(),
                    });
                }
                section = if word == "ROWS" {
                    Section::Rows
                } else {
                    Section::Columns
                };
            }
            _ if line.starts_with('[') => {
                let inner = line
                    .strip_prefix('[')
                    .and_then(|l| l.strip_suffix(']'))
                    .ok_or_else(|| {
                        Error::parse(source, line_no, "a clue must be written `[ b1 b2 ... ]`")
                    })?;
                let clue = plain(&clue_numbers(source, line_no, inner.split_whitespace(), None)?);
                let grid = grids.last_mut().filter(|_| section != Section::None);
                let Some(grid) = grid else {
                    return Err(Error::parse(
                        source,
                        line_no,
                        "a clue outside a ROWS or COLUMNS section",
                    ));
                };
                if section == Section::Rows {
                    grid.rows.push(clue);
                    grid.row_lines.push(line_no);
                } else {
                    grid.columns.push(clue);
                    grid.column_lines.push(line_no);
                }
            }
            _ => {
                return Err(Error::parse(
                    source,
                    line_no,
                    format!(
                        "invalid token '{}' (expected GRID, ROWS, COLUMNS or `[ ... ]`)",
                        shorten(word)
                    ),
                ))
            }
        }
    }
    let names: Vec<String> = grids.iter().map(|g| format!("'{}'", g.name)).collect();
    let position = match wanted {
        None => (!grids.is_empty()).then_some(0),
        Some(name) => grids.iter().position(|g| g.name == name),
    };
    let Some(position) = position else {
        return Err(match wanted {
            Some(name) => Error::Usage(format!(
                "{source}: no grid named '{name}'; the grids are {}",
                names.join(", ")
            )),
            None => Error::parse(source, last_line(text), "no GRID in this file"),
        });
    };
    let grid = grids.swap_remove(position);
    if grid.rows.is_empty() && grid.columns.is_empty() {
        return Err(Error::parse(
            source,
            grid.line,
            format!("grid '{}' has no ROWS or COLUMNS clues", grid.name),
        ));
    }
    Ok(Puzzle {
        colours: vec![Colour::black()],
        title: (!grid.name.is_empty()).then_some(grid.name),
        rows: grid.rows,
        columns: grid.columns,
        row_lines: grid.row_lines,
        column_lines: grid.column_lines,
        goal: None,
        format: Format::Picross,
        text: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOG_GRIDDLER: &str = "g 5 5\nr 2 0\nr 2 2 0\nr 4 0\nr 4 0\nr 1 2 0\n\
                                c 4 0\nc 3 0\nc 3 0\nc 5 0\nc 2 0\n";

    /// The block lengths of each clue.
    fn lens(clues: &[Clue]) -> Vec<Vec<usize>> {
        clues
            .iter()
            .map(|c| c.iter().map(|b| b.len).collect())
            .collect()
    }

    fn err(text: &str) -> String {
        parse("p", text, Format::Auto, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| "no error".to_string())
    }

    #[test]
    fn reads_griddler() {
        let p = parse("dog", DOG_GRIDDLER, Format::Auto, None).unwrap();
        assert_eq!(p.format, Format::Griddler);
        assert_eq!(lens(&p.rows)[1], vec![2, 2]);
        assert_eq!(lens(&p.columns)[3], vec![5]);
        assert_eq!(p.row_lines[4], 6);
        assert_eq!(p.column_lines[0], 7);
        // Tabs and several tokens per line are fine.
        let packed = "g\t2 2 r 1 0 r 1 0\nc 2 0  c 0\n";
        let p = parse("x", packed, Format::Griddler, None).unwrap();
        assert_eq!(lens(&p.columns), vec![vec![2], vec![]]);
    }

    #[test]
    fn reads_non_with_goal_and_columns_first() {
        let text =
            "title \"T\"\nwidth 3\nheight 2\n\ncolumns\n1\n\n1,0\nrows\n1,1\n0\ngoal \"101000\"\n";
        let e = err(text);
        assert!(
            e.contains("p:8:") && e.contains("0 is only allowed alone"),
            "{e}"
        );
        let text =
            "title \"T\"\nwidth 3\nheight 2\n\ncolumns\n1\n\n1\nrows\n1,1\n0\ngoal \"101000\"\n";
        let p = parse("p", text, Format::Auto, None).unwrap();
        assert_eq!(p.format, Format::Non);
        assert_eq!(p.title.as_deref(), Some("T"));
        assert_eq!(lens(&p.rows), vec![vec![1, 1], vec![]]);
        assert_eq!(lens(&p.columns), vec![vec![1], vec![], vec![1]]);
        let (goal, line) = p.goal.unwrap();
        assert_eq!(line, 12);
        assert_eq!(goal, vec![Some(0), None, Some(0), None, None, None]);
        // Spaces separate numbers too (qnonograms files).
        let text = "width 4\nheight 1\nrows\n1 2\ncolumns\n1\n0\n1\n1\n";
        assert_eq!(
            lens(&parse("p", text, Format::Non, None).unwrap().rows),
            vec![vec![1, 2]]
        );
    }

    #[test]
    fn reads_nin() {
        let text = "6 3\n3 2\n1 2 1\n2 3\n3\n1 1\n2\n2\n1 1\n3\n";
        let p = parse("p", text, Format::Auto, None).unwrap();
        assert_eq!(p.format, Format::Nin);
        assert_eq!((p.height(), p.width()), (3, 6));
        assert_eq!(lens(&p.rows)[1], vec![1, 2, 1]);
        assert_eq!(p.column_lines[5], 10);
    }

    #[test]
    fn reads_picross_grids_by_name() {
        let text = "# two grids\nGRID A\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n\
                    GRID Two Cells\nROWS\n[ ]\n[ 2 ]\nCOLUMNS\n[ 1 ]\n[ 1 ]\n";
        let p = parse("p", text, Format::Auto, None).unwrap();
        assert_eq!(p.title.as_deref(), Some("A"));
        let p = parse("p", text, Format::Auto, Some("Two Cells")).unwrap();
        assert_eq!(lens(&p.rows), vec![vec![], vec![2]]);
        assert_eq!(p.row_lines, vec![9, 10]);
        let e = parse("p", text, Format::Auto, Some("B"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no grid named 'B'") && e.contains("'Two Cells'"),
            "{e}"
        );
        let e = err("GRID X\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\nGRILL Beaf\n");
        assert!(e.starts_with("p:6: invalid token 'GRILL'"), "{e}");
    }

    #[test]
    fn rejects_inconsistent_clues_with_their_line() {
        // Row and column sums differ (17 vs 16).
        let bad = DOG_GRIDDLER.replace("c 2 0", "c 1 0");
        let e = err(&bad);
        assert!(
            e.starts_with("p:7:") && e.contains("17") && e.contains("16"),
            "{e}"
        );
        // A clue longer than its line.
        let bad = DOG_GRIDDLER.replace("r 2 2 0", "r 2 3 0");
        let e = err(&bad);
        assert!(e.starts_with("p:3:") && e.contains("needs 6 cells"), "{e}");
        // Height 0.
        let e = err("GRID False note\nROWS\nCOLUMNS\n[ ]\n");
        assert!(e.contains("0x1"), "{e}");
        // Truncated, garbage, empty.
        let e = err("g 5 5\nr 2 0\n");
        assert!(e.starts_with("p:2: the file ends"), "{e}");
        assert!(err("").starts_with("p:1: the file is empty"));
        assert!(err("hello world\n").contains("cannot tell the format"));
        let e = err("3 1\n1\nx\n1\n1\n");
        assert!(
            e.starts_with("p:3: expected a block length, found 'x'"),
            "{e}"
        );
        let e = err("width 2\nheight 1\nrows\n1a\ncolumns\n1\n0\n");
        assert!(e.contains("colour"), "{e}");
        let e = err("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"110\"\n");
        assert!(e.starts_with("p:8: the goal has 3 cells"), "{e}");
        let e = err("g 1 1 r 1 0 c 1 0 extra");
        assert!(e.contains("unexpected 'extra'"), "{e}");
    }
}
