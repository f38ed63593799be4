//! Reading Numberlink puzzles in the three formats the project meets:
//!
//! - the seed solver's format: `K`, then `N M` (rows, columns), then `N`
//!   rows of `M` whitespace-separated tokens, `.` for an empty cell and
//!   `k` (1..=K) for an endpoint of pair `k`; padding spaces anywhere;
//! - the ADC 2015 contest format: `SIZE WxH`, `LINE_NUM n`, then
//!   `LINE#k (x1,y1)-(x2,y2)` with 0-based `x` = column, `y` = row (CRLF
//!   line ends are fine);
//! - Thomas Ahle's letter grids: `W H` (width first), then `H` rows of `W`
//!   characters, `.` for empty and any other character for an endpoint;
//!   several puzzles per file separated by blank and `#` comment lines,
//!   optionally ended by `0 0`. Characters are numbered 1..=K in sorted
//!   order.
//!
//! - puzz.link URLs of the genres `numlin` and `arukone` (see
//!   [`super::url`]), one a line; several make a collection, as letter
//!   grids do.
//!
//! The format is detected from the content: a first line that is a
//! puzz.link URL is a URL list, a first line starting with `SIZE` is ADC,
//! a first line with one number is the seed format, and a first line with
//! two numbers (after comments) is Ahle's.

use super::puzzle::{Cell, Format, Puzzle};
use crate::error::{Error, Result};

/// The largest number of cells a grid may have.
pub(super) const MAX_CELLS: usize = 50_000_000;

/// The lines of `text` with their 1-based numbers, CR stripped.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
}

/// Parses a puzzle; `puzzle_index` (1-based) selects a puzzle of a
/// multi-puzzle letter-grid file or URL list and must be 1 for the other
/// formats.
pub fn parse(source: &str, text: &str, puzzle_index: usize) -> Result<Puzzle> {
    if let Some(lines) = crate::puzzlink::url_lines(text) {
        let (line, url) = crate::puzzlink::pick(source, &lines, puzzle_index)?;
        let url = crate::puzzlink::parse(source, line, url)?;
        return super::url::parse(source, line, &url);
    }
    let first = numbered_lines(text).find(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    });
    let Some((line, first)) = first else {
        return Err(Error::parse(
            source,
            1,
            "empty file: expected a Numberlink puzzle (seed, ADC or letter-grid format)",
        ));
    };
    let tokens: Vec<&str> = first.split_whitespace().collect();
    let is_number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let puzzle = if tokens
        .first()
        .is_some_and(|t| t.eq_ignore_ascii_case("SIZE"))
    {
        parse_adc(source, text)?
    } else if tokens.len() == 1 && is_number(tokens[0]) {
        parse_seed(source, text)?
    } else if tokens.len() == 2 && tokens.iter().all(|t| is_number(t)) {
        return parse_letters(source, text, puzzle_index);
    } else {
        return Err(Error::parse(
            source,
            line,
            format!(
                "cannot tell the format from '{}': expected 'K' (seed format), 'SIZE WxH' (ADC) or 'W H' (letter grid)",
                first.trim()
            ),
        ));
    };
    if puzzle_index != 1 {
        return Err(Error::parse(
            source,
            line,
            format!("--puzzle {puzzle_index}: this file holds one puzzle"),
        ));
    }
    Ok(puzzle)
}

fn parse_number(source: &str, line: usize, token: &str, what: &str) -> Result<usize> {
    token.parse::<usize>().map_err(|_| {
        Error::parse(
            source,
            line,
            format!("expected {what} (a non-negative number), found '{token}'"),
        )
    })
}

/// Checks grid dimensions: positive and not absurdly large.
fn check_size(source: &str, line: usize, rows: usize, cols: usize) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::parse(
            source,
            line,
            format!("the grid is {rows}x{cols}: both sides must be at least 1"),
        ));
    }
    if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
        return Err(Error::parse(
            source,
            line,
            format!("the grid is {rows}x{cols}: too large (at most 50,000,000 cells)"),
        ));
    }
    Ok(())
}

/// Collects endpoint occurrences per pair and checks each appears twice.
/// Pairs are kept only once seen, so a header that declares millions of
/// pairs costs nothing until the grid really has them.
#[derive(Default)]
pub(super) struct Endpoints {
    seen: std::collections::BTreeMap<usize, Vec<(Cell, usize)>>,
}

impl Endpoints {
    pub(super) fn add(
        &mut self,
        source: &str,
        line: usize,
        k: usize,
        label: &str,
        cell: Cell,
    ) -> Result<()> {
        let list = self.seen.entry(k).or_default();
        if list.len() == 2 {
            return Err(Error::parse(
                source,
                line,
                format!(
                    "'{label}' appears a third time (row {}, column {}): every pair has exactly two endpoints",
                    cell.0 + 1,
                    cell.1 + 1
                ),
            ));
        }
        list.push((cell, line));
        Ok(())
    }

    /// The pairs that appear, in order of `k`, each with both endpoints;
    /// `label(k)` names pair `k` in errors.
    pub(super) fn finish(
        self,
        source: &str,
        label: impl Fn(usize) -> String,
    ) -> Result<Vec<(usize, [Cell; 2])>> {
        let mut pairs = Vec::with_capacity(self.seen.len());
        for (k, list) in self.seen {
            match list.as_slice() {
                [(a, _), (b, _)] => pairs.push((k, [*a, *b])),
                [(_, line), ..] => {
                    return Err(Error::parse(
                        source,
                        *line,
                        format!(
                            "'{}' appears only once: every pair needs two endpoints (an odd number of endpoints)",
                            label(k)
                        ),
                    ))
                }
                [] => {}
            }
        }
        Ok(pairs)
    }
}

/// The seed format: `K`, `N M`, then the grid.
fn parse_seed(source: &str, text: &str) -> Result<Puzzle> {
    let mut lines = numbered_lines(text).filter(|(_, l)| !l.trim().is_empty());
    let (k_line, k_text) = lines
        .next()
        .ok_or_else(|| Error::parse(source, 1, "empty file"))?;
    let k = parse_number(source, k_line, k_text.trim(), "the number of pairs K")?;
    let (size_line, size_text) = lines
        .next()
        .ok_or_else(|| Error::parse(source, k_line, "missing the 'N M' line (rows and columns)"))?;
    let dims: Vec<&str> = size_text.split_whitespace().collect();
    if dims.len() != 2 {
        return Err(Error::parse(
            source,
            size_line,
            format!(
                "expected 'N M' (rows and columns), found '{}'",
                size_text.trim()
            ),
        ));
    }
    let rows = parse_number(source, size_line, dims[0], "the number of rows N")?;
    let cols = parse_number(source, size_line, dims[1], "the number of columns M")?;
    check_size(source, size_line, rows, cols)?;
    if k > rows * cols / 2 {
        return Err(Error::parse(
            source,
            k_line,
            format!("K = {k} pairs cannot fit in a {rows}x{cols} grid"),
        ));
    }
    let mut endpoints = Endpoints::default();
    let mut row = 0;
    let mut last_line = size_line;
    for (line, text) in lines {
        last_line = line;
        if row == rows {
            return Err(Error::parse(
                source,
                line,
                format!("extra row: the grid has {rows} rows (line 2 says so)"),
            ));
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != cols {
            return Err(Error::parse(
                source,
                line,
                format!(
                    "row {} has {} cells, expected {cols} (ragged rows)",
                    row + 1,
                    tokens.len()
                ),
            ));
        }
        for (col, token) in tokens.iter().enumerate() {
            if *token == "." {
                continue;
            }
            let value = token.parse::<usize>().map_err(|_| {
                Error::parse(
                    source,
                    line,
                    format!(
                        "'{token}' in row {}, column {}: expected '.' or a number 1..={k}",
                        row + 1,
                        col + 1
                    ),
                )
            })?;
            if value == 0 || value > k {
                return Err(Error::parse(
                    source,
                    line,
                    format!(
                        "number {value} in row {}, column {} is outside 1..={k} (K = {k} on line {k_line})",
                        row + 1,
                        col + 1
                    ),
                ));
            }
            endpoints.add(source, line, value - 1, &value.to_string(), (row, col))?;
        }
        row += 1;
    }
    if row < rows {
        return Err(Error::parse(
            source,
            last_line,
            format!("the grid has {row} rows, expected {rows}"),
        ));
    }
    // K is an upper bound: the seed's own instances skip some numbers.
    let present = endpoints.finish(source, |k| (k + 1).to_string())?;
    Ok(Puzzle {
        rows,
        cols,
        numbers: present.iter().map(|&(k, _)| k + 1).collect(),
        labels: present.iter().map(|&(k, _)| (k + 1).to_string()).collect(),
        pairs: present.into_iter().map(|(_, p)| p).collect(),
        format: Format::Seed,
    })
}

/// Parses `(x,y)` at the start of `text`; returns the cell and the rest.
fn parse_point(text: &str) -> Option<((usize, usize), &str)> {
    let text = text.trim_start().strip_prefix('(')?;
    let close = text.find(')')?;
    let (inside, rest) = (&text[..close], &text[close + 1..]);
    let (x, y) = inside.split_once(',')?;
    Some(((x.trim().parse().ok()?, y.trim().parse().ok()?), rest))
}

/// The ADC 2015 format.
fn parse_adc(source: &str, text: &str) -> Result<Puzzle> {
    let mut size: Option<(usize, usize)> = None;
    let mut count: Option<(usize, usize)> = None;
    // (line number, k, first point, second point), points as (x, y).
    type LineSpec = (usize, usize, (usize, usize), (usize, usize));
    let mut lines_seen: Vec<LineSpec> = Vec::new();
    let mut last_line = 1;
    for (line, raw) in numbered_lines(text) {
        last_line = line;
        let text = raw.trim();
        if text.is_empty() {
            continue;
        }
        let upper = text.to_ascii_uppercase();
        if let Some(rest) = upper.strip_prefix("SIZE") {
            let bad = || Error::parse(source, line, format!("expected 'SIZE WxH', found '{text}'"));
            let (w, h) = rest.trim().split_once('X').ok_or_else(bad)?;
            let w = w.trim().parse::<usize>().map_err(|_| bad())?;
            let h = h.trim().parse::<usize>().map_err(|_| bad())?;
            check_size(source, line, h, w)?;
            size = Some((w, h));
        } else if let Some(rest) = upper.strip_prefix("LINE_NUM") {
            let n = parse_number(source, line, rest.trim(), "the number of lines")?;
            count = Some((n, line));
        } else if let Some(rest) = upper.strip_prefix("LINE#") {
            let bad = || {
                Error::parse(
                    source,
                    line,
                    format!("expected 'LINE#k (x1,y1)-(x2,y2)', found '{text}'"),
                )
            };
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let k = rest[..digits].parse::<usize>().map_err(|_| bad())?;
            let (a, rest) = parse_point(&rest[digits..]).ok_or_else(bad)?;
            let rest = rest.trim_start().strip_prefix('-').ok_or_else(bad)?;
            let (b, rest) = parse_point(rest).ok_or_else(bad)?;
            if !rest.trim().is_empty() {
                return Err(bad());
            }
            lines_seen.push((line, k, a, b));
        } else {
            return Err(Error::parse(
                source,
                line,
                format!("unexpected line '{text}' (expected SIZE, LINE_NUM or LINE#k)"),
            ));
        }
    }
    let (w, h) = size.ok_or_else(|| Error::parse(source, 1, "missing the 'SIZE WxH' line"))?;
    let (n, n_line) =
        count.ok_or_else(|| Error::parse(source, 1, "missing the 'LINE_NUM n' line"))?;
    if n > lines_seen.len() {
        // Some LINE# is missing; find the first without allocating `n`.
        let given: std::collections::HashSet<usize> = lines_seen.iter().map(|l| l.1).collect();
        let missing = (1..=n).find(|k| !given.contains(k)).unwrap_or(n);
        return Err(Error::parse(
            source,
            last_line,
            format!("LINE#{missing} is missing (LINE_NUM {n} on line {n_line})"),
        ));
    }
    let labels: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut pairs: Vec<Option<[Cell; 2]>> = vec![None; n];
    let mut used: std::collections::HashMap<Cell, usize> = std::collections::HashMap::new();
    for (line, k, a, b) in lines_seen {
        if k == 0 || k > n {
            return Err(Error::parse(
                source,
                line,
                format!("LINE#{k} is outside 1..={n} (LINE_NUM {n} on line {n_line})"),
            ));
        }
        if pairs[k - 1].is_some() {
            return Err(Error::parse(
                source,
                line,
                format!("LINE#{k} is given twice"),
            ));
        }
        let mut cells = [(0, 0); 2];
        for (i, (x, y)) in [a, b].into_iter().enumerate() {
            if x >= w || y >= h {
                return Err(Error::parse(
                    source,
                    line,
                    format!("point ({x},{y}) of LINE#{k} is outside the {w}x{h} grid"),
                ));
            }
            if let Some(other) = used.insert((y, x), k) {
                return Err(Error::parse(
                    source,
                    line,
                    format!("point ({x},{y}) of LINE#{k} is already an endpoint of LINE#{other}"),
                ));
            }
            cells[i] = (y, x);
        }
        pairs[k - 1] = Some(cells);
    }
    let pairs = pairs
        .into_iter()
        .enumerate()
        .map(|(k, p)| {
            p.ok_or_else(|| {
                Error::parse(
                    source,
                    last_line,
                    format!("LINE#{} is missing (LINE_NUM {n} on line {n_line})", k + 1),
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Puzzle {
        rows: h,
        cols: w,
        numbers: (1..=n).collect(),
        pairs,
        labels,
        format: Format::Adc,
    })
}

/// Thomas Ahle's letter grids; `index` is 1-based.
fn parse_letters(source: &str, text: &str, index: usize) -> Result<Puzzle> {
    let mut lines = numbered_lines(text).peekable();
    let mut found = 0;
    let mut last_line = 1;
    while let Some((line, raw)) = lines.next() {
        last_line = line;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let dims: Vec<&str> = t.split_whitespace().collect();
        if dims.len() != 2 {
            return Err(Error::parse(
                source,
                line,
                format!("expected 'W H' (width and height) before a puzzle, found '{t}'"),
            ));
        }
        let cols = parse_number(source, line, dims[0], "the width W")?;
        let rows = parse_number(source, line, dims[1], "the height H")?;
        if cols == 0 && rows == 0 {
            break;
        }
        check_size(source, line, rows, cols)?;
        found += 1;
        if found != index {
            for _ in 0..rows {
                if lines.next().is_none() {
                    return Err(Error::parse(
                        source,
                        line,
                        format!("puzzle {found} has fewer than {rows} rows"),
                    ));
                }
            }
            continue;
        }
        let mut grid: Vec<Vec<char>> = Vec::with_capacity(rows);
        let mut row_lines = Vec::with_capacity(rows);
        for r in 0..rows {
            let Some((row_line, row_text)) = lines.next() else {
                return Err(Error::parse(
                    source,
                    last_line,
                    format!("the puzzle has {r} rows, expected {rows} (line {line} says so)"),
                ));
            };
            last_line = row_line;
            let chars: Vec<char> = row_text.trim_end().chars().collect();
            if chars.len() != cols {
                return Err(Error::parse(
                    source,
                    row_line,
                    format!(
                        "row {} has {} cells, expected {cols} (ragged rows; read as a letter \
                         grid, whose first line is 'WIDTH HEIGHT': a seed-format file starts \
                         with a line K, the number of pairs)",
                        r + 1,
                        chars.len()
                    ),
                ));
            }
            if let Some(c) = chars.iter().find(|c| c.is_whitespace() || c.is_control()) {
                return Err(Error::parse(
                    source,
                    row_line,
                    format!("row {} contains {c:?}: use '.' for empty cells", r + 1),
                ));
            }
            grid.push(chars);
            row_lines.push(row_line);
        }
        let mut symbols: Vec<char> = grid
            .iter()
            .flatten()
            .copied()
            .filter(|&c| c != '.')
            .collect();
        symbols.sort_unstable();
        symbols.dedup();
        let labels: Vec<String> = symbols.iter().map(|c| c.to_string()).collect();
        let mut endpoints = Endpoints::default();
        for (r, row) in grid.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                if let Ok(k) = symbols.binary_search(&ch) {
                    endpoints.add(source, row_lines[r], k, &labels[k], (r, c))?;
                }
            }
        }
        let pairs: Vec<[Cell; 2]> = endpoints
            .finish(source, |k| labels[k].clone())?
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        return Ok(Puzzle {
            rows,
            cols,
            numbers: (1..=pairs.len()).collect(),
            pairs,
            labels,
            format: Format::Letters,
        });
    }
    if index == 0 {
        return Err(Error::parse(source, 1, "--puzzle counts from 1"));
    }
    Err(Error::parse(
        source,
        last_line,
        format!("--puzzle {index}: the file holds only {found} puzzle(s)"),
    ))
}

/// The line spans (0-based, end exclusive, into `text.lines()`) of the
/// puzzles of a letter-grid file, each from its `W H` line to its last
/// row, and whether the list is complete: false when something that is no
/// puzzle ends it (parsing the next puzzle then reports the error).
pub fn letter_grid_spans(text: &str) -> (Vec<std::ops::Range<usize>>, bool) {
    let lines: Vec<&str> = text.lines().collect();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        if t.is_empty() || t.starts_with('#') {
            i += 1;
            continue;
        }
        let dims: Vec<usize> = t
            .split_whitespace()
            .map_while(|token| token.parse().ok())
            .collect();
        let &[cols, rows] = dims.as_slice() else {
            return (spans, false);
        };
        if t.split_whitespace().count() != 2 {
            return (spans, false);
        }
        if cols == 0 && rows == 0 {
            break;
        }
        let end = i + 1 + rows;
        if end > lines.len() {
            return (spans, false);
        }
        spans.push(i..end);
        i = end;
    }
    (spans, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match parse("p.txt", text, 1) {
            Ok(p) => panic!("accepted: {p:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_seed_format_with_padding() {
        let p = parse("p", "2\n2  3  \n1 .  2\n.  2 1\n", 1).expect("parses");
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.pairs, vec![[(0, 0), (1, 2)], [(0, 2), (1, 1)]]);
        assert_eq!(p.format, Format::Seed);
        assert_eq!(p.endpoint((1, 1)), Some(2));
    }

    #[test]
    fn reads_adc_format_with_crlf() {
        let text = "SIZE 3X2\r\nLINE_NUM 1\r\nLINE#1 (0,0)-(2,1)\r\n";
        let p = parse("q", text, 1).expect("parses");
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.pairs, vec![[(0, 0), (1, 2)]]);
    }

    #[test]
    fn reads_letter_grids_and_selects_puzzles() {
        let text = "# c\n2 1\naa\n\n3 2\nb.a\nb.a\n0 0\n";
        let p = parse("l", text, 2).expect("parses");
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.labels, vec!["a", "b"]);
        assert_eq!(p.pairs, vec![[(0, 2), (1, 2)], [(0, 0), (1, 0)]]);
        assert!(parse("l", text, 3).is_err());
        assert_eq!(parse("l", text, 1).map(|p| p.cols).ok(), Some(2));
    }

    #[test]
    fn reports_errors_with_file_and_line() {
        assert!(err("").starts_with("p.txt:1: empty file"));
        assert!(
            err("1\n1 3\n1 . .\n").contains("p.txt:3:"),
            "{}",
            err("1\n1 3\n1 . .\n")
        );
        assert!(err("1\n1 3\n1 . .\n").contains("odd number"));
        assert!(err("1\n1 3\n1 . 2\n").starts_with("p.txt:3: number 2"));
        assert!(err("1\n2 2\n1 .\n1\n").starts_with("p.txt:4: row 2 has 1 cells"));
        assert!(err("hello\n").starts_with("p.txt:1: cannot tell the format"));
        assert!(err("1\n1 3\n1 x 1\n").starts_with("p.txt:3: 'x'"));
        assert!(err("1\n1 3\n1 . 1\n. . .\n").starts_with("p.txt:4: extra row"));
        let second = parse("p.txt", "2 1\naa\n3 1\na.\n", 2).map_err(|e| e.to_string());
        assert!(second
            .expect_err("ragged")
            .starts_with("p.txt:4: row 1 has 2"));
        assert!(err("SIZE 2X2\nLINE_NUM 1\nLINE#2 (0,0)-(1,1)\n").starts_with("p.txt:3: LINE#2"));
        assert!(err("SIZE 2X2\nLINE_NUM 1\nLINE#1 (0,0)-(2,1)\n").contains("outside"));
        assert!(err("1\n0 3\n").starts_with("p.txt:2: the grid is 0x3"));
        assert!(err("3 1\naaa\n").contains("third time"));
    }
}
