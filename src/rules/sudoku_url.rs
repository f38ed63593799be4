//! Sudokus as puzz.link URLs (genre `sudoku`): the rules a URL stands
//! for, written in the rule language, and the URL of a rule puzzle that
//! is a sudoku.
//!
//! A URL `sudoku/N/N/BODY` is an N x N grid whose givens are in pzprjs's
//! `Number16` encoding ([`crate::puzzlink::number16`]). Its rules are
//! pzprjs's: every cell holds 1..N; rows and columns hold no value twice
//! (so each is a permutation of 1..N); and so do the boxes, which pzprjs
//! draws `floor(sqrt(N))` cells high and as wide (3 wide for N = 6),
//! tiled from the top left, the last ones cut short where N is no
//! multiple of the box side. A box of N cells holds 1..N, a smaller one
//! different values. [`rule_text`] writes these rules in the rule
//! language, with the boxes drawn in the layout; the family parses that
//! text, so a URL and its rule text are the same puzzle.
//!
//! [`write`] goes the other way: a rule puzzle whose cells form an N x N
//! grid with range 1..N, whose rules are `permutation 1..N` or `distinct`
//! over its rows, columns and pzprjs's boxes (or parts of them), and
//! nothing else, is a sudoku, and its givens make the URL.

use super::parse::{parse as parse_rules, WordSource};
use super::puzzle::{Puzzle, Rule};
use super::Value;
use crate::error::{Error, Result};
use crate::puzzlink::number16::{self, Clue, Variant};
use crate::puzzlink::Url;
use std::collections::{BTreeSet, HashMap};

/// The largest sudoku side read or written.
pub const MAX_SIDE: usize = 100;

/// The boxes pzprjs draws in an `n` x `n` sudoku: (width, height).
pub fn box_shape(n: usize) -> (usize, usize) {
    let side = (1..=n).take_while(|k| k * k <= n).last().unwrap_or(1);
    (if n == 6 { 3 } else { side }, side)
}

/// The spans (start, length) that cut `n` cells into runs of `size`, the
/// last one shorter when `size` does not divide `n`.
fn spans(n: usize, size: usize) -> Vec<(usize, usize)> {
    (0..n)
        .step_by(size.max(1))
        .map(|start| (start, size.min(n - start)))
        .collect()
}

/// How the rule text draws an `n` x `n` sudoku.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawing {
    /// Boxes drawn with `+---+` and `|` (values of one digit: up to 9x9;
    /// and sudokus of more than 26 boxes); a pattern per box shape picks
    /// the boxes out.
    Bordered,
    /// Boxes set apart by wider gaps and blank lines, which stay aligned
    /// when values take two digits; one pattern gives each box its own
    /// letter.
    Gapped,
}

impl Drawing {
    /// The drawing of an `n` x `n` sudoku.
    fn of(n: usize) -> Drawing {
        let (width, height) = box_shape(n);
        let boxes = spans(n, width).len() * spans(n, height).len();
        if n <= 9 || boxes > 26 {
            Drawing::Bordered
        } else {
            Drawing::Gapped
        }
    }

    /// The lines of the sudoku with `cell(r, c)` written for each cell.
    fn lines(self, n: usize, cell: impl Fn(usize, usize) -> String) -> Vec<String> {
        let (width, height) = box_shape(n);
        let columns = spans(n, width);
        let border: String = columns.iter().fold("+".to_string(), |mut line, &(_, w)| {
            line.push_str(&"-".repeat(2 * w + 1));
            line.push('+');
            line
        });
        let mut lines = Vec::new();
        if self == Drawing::Bordered {
            lines.push(border.clone());
        }
        for (band, (top, h)) in spans(n, height).into_iter().enumerate() {
            if self == Drawing::Gapped && band > 0 {
                lines.push(String::new());
            }
            for r in top..top + h {
                let mut line = String::new();
                for (k, &(left, w)) in columns.iter().enumerate() {
                    match self {
                        Drawing::Bordered => line.push_str(if k == 0 { "| " } else { " | " }),
                        Drawing::Gapped if k > 0 => line.push_str("   "),
                        Drawing::Gapped => {}
                    }
                    let cells: Vec<String> = (left..left + w).map(|c| cell(r, c)).collect();
                    line.push_str(&cells.join(" "));
                }
                if self == Drawing::Bordered {
                    line.push_str(" |");
                }
                lines.push(line);
            }
            if self == Drawing::Bordered {
                lines.push(border.clone());
            }
        }
        lines
    }
}

/// A block of the rule language: every line after `|`.
fn block(lines: &[String]) -> String {
    lines.iter().map(|line| format!("|{line}\n")).collect()
}

/// The rule text of an `n` x `n` sudoku with `givens` (row-major).
pub fn sudoku_text(n: usize, givens: &[Option<Value>]) -> String {
    let drawing = Drawing::of(n);
    let layout = drawing.lines(n, |_, _| "*".to_string());
    let (width, height) = box_shape(n);
    let mut text = format!(
        "# a sudoku of {n}x{n} cells, boxes {width} wide and {height} high: puzz.link's rules\n\
         layout\n{}\nrange 1..{n}\n{}\n",
        block(&layout),
        block(&layout)
    );
    // Rows: a whole line of cells; columns: one character down every line.
    let row = layout
        .iter()
        .find(|line| line.contains('*'))
        .cloned()
        .unwrap_or_default();
    let column: Vec<String> = layout
        .iter()
        .map(|line| match line.chars().next() {
            Some('+') => "-",
            Some(_) => "*",
            None => "",
        })
        .map(String::from)
        .collect();
    text.push_str(&format!(
        "# rows and columns\nrule permutation 1..{n}\n{}\n{}\n",
        block(&[row]),
        block(&column)
    ));
    match drawing {
        Drawing::Gapped => {
            // Every box its own letter, in one pattern the size of the grid.
            let boxes_across = spans(n, width).len();
            let letter = |r: usize, c: usize| {
                let k = (r / height) * boxes_across + c / width;
                char::from(b'a' + k as u8).to_string()
            };
            text.push_str(&format!(
                "# boxes\nrule distinct\n{}\n",
                block(&drawing.lines(n, letter))
            ));
        }
        Drawing::Bordered => {
            // One pattern per box shape; a pattern of one shape matches
            // only at the boxes of that shape.
            let mut shapes: Vec<(usize, usize)> = Vec::new();
            for &(_, h) in &spans(n, height) {
                for &(_, w) in &spans(n, width) {
                    if !shapes.contains(&(w, h)) {
                        shapes.push((w, h));
                    }
                }
            }
            for (w, h) in shapes {
                let border = format!("+{}+", "-".repeat(2 * w + 1));
                let inside = format!("|{} |", " *".repeat(w));
                let mut pattern = vec![border.clone()];
                pattern.extend(std::iter::repeat_n(inside, h));
                pattern.push(border);
                let rule = if w * h == n {
                    format!("permutation 1..{n}")
                } else {
                    "distinct".to_string()
                };
                text.push_str(&format!("# boxes {w}x{h}\nrule {rule}\n{}\n", block(&pattern)));
            }
        }
    }
    text.push_str("initial\n");
    let initial = drawing.lines(n, |r, c| {
        givens
            .get(r * n + c)
            .copied()
            .flatten()
            .map_or_else(|| ".".to_string(), |v| v.to_string())
    });
    text.push_str(&block(&initial));
    text
}

/// The rule text of the sudoku URL found at `source:line`.
pub fn rule_text(source: &str, line: usize, url: &Url) -> Result<String> {
    let fail = |message: String| Error::parse(source, line, message);
    if url.genre != "sudoku" {
        return Err(fail(format!(
            "the URL is a '{}' puzzle; encode-rules reads the genre sudoku",
            url.genre
        )));
    }
    if !url.flags.is_empty() {
        return Err(fail(format!(
            "sudoku: unknown flags '{}' (pzprjs writes none)",
            url.flags
        )));
    }
    if url.cols != url.rows {
        return Err(fail(format!(
            "sudoku: the grid is {}x{} (columns x rows); a sudoku is square",
            url.cols, url.rows
        )));
    }
    let n = url.cols;
    if n > MAX_SIDE {
        return Err(fail(format!(
            "sudoku: {n}x{n} is larger than the {MAX_SIDE}x{MAX_SIDE} read"
        )));
    }
    let cells = number16::decode(&url.body, n * n, Variant::Cells)
        .map_err(|message| fail(format!("sudoku: {message}")))?;
    let mut givens = Vec::with_capacity(n * n);
    for (i, cell) in cells.iter().enumerate() {
        let (r, c) = (i / n + 1, i % n + 1);
        givens.push(match cell {
            None => None,
            Some(Clue::Number(v)) if (1..=n as u32).contains(v) => Some(*v as Value),
            Some(Clue::Number(v)) => {
                return Err(fail(format!(
                    "sudoku: row {r}, column {c} gives {v}, outside 1..{n}"
                )))
            }
            Some(Clue::Unknown) => {
                return Err(fail(format!(
                    "sudoku: row {r}, column {c} gives '?', which is no value"
                )))
            }
        });
    }
    Ok(sudoku_text(n, &givens))
}

/// The rule text of URL `index` (1-based) when `text` is a list of
/// puzz.link URLs; `None` when it is not.
pub fn expand(source: &str, text: &str, index: usize) -> Result<Option<String>> {
    let Some(lines) = crate::puzzlink::url_lines(text) else {
        return Ok(None);
    };
    let (line, url) = crate::puzzlink::pick(source, &lines, index)?;
    let url = crate::puzzlink::parse(source, line, url)?;
    rule_text(source, line, &url).map(Some)
}

/// The rule puzzle of the sudoku URL `text` (for tests and callers that
/// hold a URL).
pub fn parse_url(source: &str, text: &str) -> Result<Puzzle> {
    let rules = expand(source, text, 1)?
        .ok_or_else(|| Error::parse(source, 1, "no puzz.link URL"))?;
    parse_rules(source, &rules, WordSource::Files(None))
}

/// The side of `puzzle` and each cell's (row, column) when its cells form
/// a square grid; why not otherwise.
fn grid_of(puzzle: &Puzzle) -> std::result::Result<(usize, Vec<(usize, usize)>), String> {
    let cells = &puzzle.layout.cells;
    let rows: BTreeSet<usize> = cells.iter().map(|c| c.row).collect();
    let cols: BTreeSet<usize> = cells.iter().map(|c| c.col).collect();
    let n = rows.len();
    if cols.len() != n || cells.len() != n * n || n == 0 {
        return Err(format!(
            "its {} cells lie in {} rows and {} columns, not an N x N grid",
            cells.len(),
            rows.len(),
            cols.len()
        ));
    }
    let row_index: HashMap<usize, usize> = rows.iter().enumerate().map(|(i, &r)| (r, i)).collect();
    let col_index: HashMap<usize, usize> = cols.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let places: Vec<(usize, usize)> = cells
        .iter()
        .map(|c| (row_index[&c.row], col_index[&c.col]))
        .collect();
    if places.iter().collect::<BTreeSet<_>>().len() != places.len() {
        return Err("two cells share a row and a column".to_string());
    }
    Ok((n, places))
}

/// The puzz.link URL of the sudoku `puzzle` with the given values
/// `givens` (one per cell, in the puzzle's cell order); an error says why
/// `puzzle` is no sudoku of pzprjs's shape.
pub fn write(puzzle: &Puzzle, givens: &[Option<Value>]) -> Result<String> {
    let no = |why: String| {
        Error::Usage(format!(
            "this rule puzzle is no sudoku of puzz.link's shape (N x N cells of range 1..N, \
             rows, columns and boxes all different, nothing else): {why}"
        ))
    };
    let (n, places) = grid_of(puzzle).map_err(no)?;
    if n > MAX_SIDE {
        return Err(no(format!("{n}x{n} is larger than {MAX_SIDE}x{MAX_SIDE}")));
    }
    let full: Vec<Value> = (1..=n as Value).collect();
    if let Some(cell) = (0..places.len()).find(|&i| {
        let mut domain = puzzle.domains[i].clone();
        domain.sort_unstable();
        domain != full
    }) {
        return Err(no(format!(
            "the cell at {} has range {}, not 1..{n}",
            puzzle.layout.describe_cell(cell),
            super::parse::show_set(&puzzle.domains[cell])
        )));
    }
    // The sets of cells that must differ: pzprjs's rows, columns, boxes.
    let (width, height) = box_shape(n);
    let mut required: Vec<BTreeSet<(usize, usize)>> = Vec::new();
    for i in 0..n {
        required.push((0..n).map(|c| (i, c)).collect());
        required.push((0..n).map(|r| (r, i)).collect());
    }
    for (top, h) in spans(n, height) {
        for (left, w) in spans(n, width) {
            required.push(
                (top..top + h)
                    .flat_map(|r| (left..left + w).map(move |c| (r, c)))
                    .collect(),
            );
        }
    }
    let mut seen = vec![false; required.len()];
    for constraint in &puzzle.constraints {
        let rule = &puzzle.rules[constraint.rule];
        // A permutation of 1..N says no more than "all different" on N
        // cells of range 1..N; of another set it would say more.
        let all_different = match &rule.rule {
            Rule::Distinct => true,
            Rule::Permutation(set) => {
                let mut set = set.clone();
                set.sort_unstable();
                set == full
            }
            _ => false,
        };
        let cells: BTreeSet<(usize, usize)> =
            constraint.cells.iter().map(|&cell| places[cell]).collect();
        let within = required.iter().position(|set| cells.is_subset(set));
        match within {
            Some(_) if all_different => {
                for (k, set) in required.iter().enumerate() {
                    if *set == cells {
                        seen[k] = true;
                    }
                }
            }
            _ => {
                return Err(no(format!(
                    "{} is {}",
                    puzzle.describe_instance(constraint),
                    if all_different {
                        "over cells of no one row, column or box"
                    } else {
                        "no 'all different' rule"
                    }
                )))
            }
        }
    }
    if let Some(k) = seen.iter().position(|&s| !s) {
        let what = match k {
            k if k < 2 * n && k % 2 == 0 => format!("row {}", k / 2 + 1),
            k if k < 2 * n => format!("column {}", k / 2 + 1),
            k => format!("box {}", k - 2 * n + 1),
        };
        return Err(no(format!("no rule makes the values of {what} differ")));
    }
    let mut cells = vec![None; n * n];
    for (i, &(r, c)) in places.iter().enumerate() {
        if let Some(value) = givens.get(i).copied().flatten() {
            cells[r * n + c] = Some(Clue::Number(value.max(0) as u32));
        }
    }
    let body = number16::encode(&cells, Variant::Cells).map_err(Error::Usage)?;
    Ok(Url::write_grid("sudoku", n, n, body))
}

/// The URL of the sudoku `puzzle` with its own `initial` givens.
pub fn write_initial(puzzle: &Puzzle) -> Result<String> {
    let givens: Vec<Option<Value>> = puzzle.initial.iter().map(|g| g.map(|g| g.value)).collect();
    write(puzzle, &givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_are_pzprjs_s() {
        assert_eq!(box_shape(4), (2, 2));
        assert_eq!(box_shape(6), (3, 2));
        assert_eq!(box_shape(9), (3, 3));
        assert_eq!(box_shape(10), (3, 3));
        assert_eq!(box_shape(16), (4, 4));
        assert_eq!(box_shape(1), (1, 1));
        assert_eq!(spans(10, 3), [(0, 3), (3, 3), (6, 3), (9, 1)]);
    }

    #[test]
    fn urls_round_trip_through_the_rule_language() {
        // pzprjs's test URL of sudoku.
        for url in [
            "https://puzz.link/p?sudoku/4/4/g1k23k3g",
            "https://puzz.link/p?sudoku/6/6/1l2l3l4l5l6",
            "https://puzz.link/p?sudoku/10/10/azzzzy",
        ] {
            let puzzle = parse_url("u", url).expect(url);
            assert_eq!(write_initial(&puzzle).expect(url), url);
        }
        let puzzle = parse_url("u", "puzz.link/p?sudoku/9/9/zzzzg").expect("9x9");
        assert_eq!(puzzle.constraints.len(), 27);
        let ten = parse_url("u", "puzz.link/p?sudoku/10/10/zzzzz").expect("10x10");
        // 10 rows, 10 columns, 16 boxes.
        assert_eq!(ten.constraints.len(), 36);
    }

    #[test]
    fn bad_sudoku_urls_are_errors() {
        let err = |text: &str| parse_url("u", text).expect_err(text).to_string();
        assert!(err("puzz.link/p?sudoku/4/3/p").contains("square"));
        assert!(err("puzz.link/p?sudoku/4/4/5u").contains("outside 1..4"));
        assert!(err("puzz.link/p?sudoku/4/4/.u").contains("'?'"));
        assert!(err("puzz.link/p?sudoku/4/4/o").contains("truncated"));
        assert!(err("puzz.link/p?numlin/4/4/p").contains("genre sudoku"));
    }

    #[test]
    fn rule_puzzles_that_are_no_sudoku_are_named() {
        let magic = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/instances/rules/solvomatic/puzzles/magic-square.txt"
        ))
        .expect("instance");
        let puzzle = parse_rules("m", &magic, WordSource::Files(None)).expect("parses");
        let err = write_initial(&puzzle).expect_err("no sudoku").to_string();
        assert!(err.contains("range 1..16") || err.contains("no 'all different'"), "{err}");
    }
}
