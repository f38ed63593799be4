//! Drawing a solution: the seed solver's result format (numbers, then the
//! line drawing with `─ | ┌ ┐ └ ┘`), the ADC answer format, and SVG.

use super::{Puzzle, Solution, Style};
use crate::svg::{round, Svg};
use std::borrow::Cow;
use std::fmt::Write;
use std::io::IsTerminal;

/// Renders `solution` in `style`. The drawing styles are coloured (one
/// colour per line) when standard output is a terminal and `NO_COLOR` is
/// not set.
pub fn render(puzzle: &Puzzle, solution: &Solution, style: Style) -> String {
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    match style {
        Style::Both => {
            let mut out = numbers(puzzle, solution, colour);
            out.push('\n');
            out.push_str(&lines(puzzle, solution, colour));
            out
        }
        Style::Numbers => numbers(puzzle, solution, colour),
        Style::Lines => lines(puzzle, solution, colour),
        Style::Adc => adc(puzzle, solution),
        Style::Svg => svg(puzzle, solution),
        Style::Json => {
            let mut line = serde_json::to_string(solution).unwrap_or_default();
            line.push('\n');
            line
        }
    }
}

/// The segments at every cell, row by row: (up, down, left, right).
fn links(puzzle: &Puzzle, solution: &Solution) -> Vec<[bool; 4]> {
    let mut links = vec![[false; 4]; puzzle.rows * puzzle.cols];
    for &[a, b] in &solution.edges {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.0 >= puzzle.rows || b.0 >= puzzle.rows || a.1 >= puzzle.cols || b.1 >= puzzle.cols {
            continue;
        }
        let (at_a, at_b) = (a.0 * puzzle.cols + a.1, b.0 * puzzle.cols + b.1);
        if a.0 + 1 == b.0 && a.1 == b.1 {
            links[at_a][1] = true;
            links[at_b][0] = true;
        } else if a.0 == b.0 && a.1 + 1 == b.1 {
            links[at_a][3] = true;
            links[at_b][2] = true;
        }
    }
    links
}

/// Padding for [`table`]'s tokens, sliced (wider labels are padded
/// space by space).
const SPACES: &str = "                ";

/// Writes one grid of tokens (`token(r, c)` for every cell) the seed way:
/// every token followed by spaces up to the width of `K` plus one.
fn table<'t>(
    puzzle: &Puzzle,
    labels: &Labels<'_>,
    solution: &Solution,
    colour: bool,
    token: impl Fn(usize, usize) -> Cow<'t, str>,
) -> String {
    let width = labels.known[1..]
        .iter()
        .map(|label| label.chars().count())
        .max()
        .unwrap_or(1);
    let mut out = String::with_capacity(puzzle.rows * (puzzle.cols * (width + 1) + 1));
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let text = token(r, c);
            let pad = width.saturating_sub(text.chars().count()) + 1;
            let k = line_at(solution, r, c);
            if colour && k != 0 {
                let _ = write!(out, "\x1b[1;38;5;{}m{text}\x1b[0m", ansi_colour(k));
            } else {
                out.push_str(&text);
            }
            match SPACES.get(..pad) {
                Some(spaces) => out.push_str(spaces),
                None => out.extend(std::iter::repeat_n(' ', pad)),
            }
        }
        out.push('\n');
    }
    out
}

/// How line `number` is written: as the puzzle wrote it (a letter of a
/// letter grid, a number otherwise); an empty cell (`0`) is `.` in a
/// letter grid and `0` otherwise.
pub(super) fn label(puzzle: &Puzzle, number: usize) -> String {
    if !puzzle.format.shows_labels() {
        return number.to_string();
    }
    puzzle
        .numbers
        .iter()
        .position(|&n| n == number)
        .and_then(|k| puzzle.labels.get(k))
        .cloned()
        .unwrap_or_else(|| ".".to_string())
}

/// The line of cell (`r`, `c`); 0 for an empty cell or one outside the
/// solution's grid.
fn line_at(solution: &Solution, r: usize, c: usize) -> usize {
    solution
        .grid
        .get(r)
        .and_then(|row| row.get(c))
        .copied()
        .unwrap_or(0)
}

/// The labels of the line numbers up to the puzzle's largest (index: the
/// number; see [`label`]), each written once.
struct Labels<'p> {
    puzzle: &'p Puzzle,
    known: Vec<String>,
}

impl<'p> Labels<'p> {
    fn new(puzzle: &'p Puzzle) -> Self {
        let known = (0..=puzzle.max_number()).map(|n| label(puzzle, n)).collect();
        Labels { puzzle, known }
    }

    /// The label of line `number` (written anew only for a number that no
    /// line of the puzzle has).
    fn get(&self, number: usize) -> Cow<'_, str> {
        match self.known.get(number) {
            Some(known) => Cow::Borrowed(known),
            None => Cow::Owned(label(self.puzzle, number)),
        }
    }
}

/// The matrix of line labels.
fn numbers(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    let labels = Labels::new(puzzle);
    table(puzzle, &labels, solution, colour, |r, c| {
        labels.get(line_at(solution, r, c))
    })
}

/// The line drawing: endpoints as numbers, path cells as box characters.
fn lines(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    let labels = Labels::new(puzzle);
    let glyphs = Glyphs::new(puzzle, solution, &labels);
    table(puzzle, &labels, solution, colour, |r, c| glyphs.at(r, c))
}

/// What the line drawing shows in every cell: an endpoint's label, a box
/// character for a path cell, else the cell's line label.
pub fn glyphs(puzzle: &Puzzle, solution: &Solution) -> Vec<Vec<String>> {
    let labels = Labels::new(puzzle);
    let glyphs = Glyphs::new(puzzle, solution, &labels);
    (0..puzzle.rows)
        .map(|r| {
            (0..puzzle.cols)
                .map(|c| glyphs.at(r, c).into_owned())
                .collect()
        })
        .collect()
}

/// The line drawing's cells (see [`glyphs`]), told one at a time.
struct Glyphs<'a> {
    puzzle: &'a Puzzle,
    solution: &'a Solution,
    labels: &'a Labels<'a>,
    links: Vec<[bool; 4]>,
    /// Each cell's endpoint number, 0 for a cell that is none.
    ends: Vec<usize>,
}

impl<'a> Glyphs<'a> {
    fn new(puzzle: &'a Puzzle, solution: &'a Solution, labels: &'a Labels<'a>) -> Self {
        let mut ends = vec![0; puzzle.rows * puzzle.cols];
        for (k, pair) in puzzle.pairs.iter().enumerate() {
            for &(r, c) in pair {
                ends[r * puzzle.cols + c] = puzzle.numbers[k];
            }
        }
        Glyphs {
            puzzle,
            solution,
            labels,
            links: links(puzzle, solution),
            ends,
        }
    }

    /// The glyph of cell (`r`, `c`).
    fn at(&self, r: usize, c: usize) -> Cow<'a, str> {
        let at = r * self.puzzle.cols + c;
        if self.ends[at] != 0 {
            return self.labels.get(self.ends[at]);
        }
        let glyph = match self.links[at] {
            [false, false, true, true] => "─",
            [true, true, false, false] => "|",
            [false, true, true, false] => "┐",
            [false, true, false, true] => "┌",
            [true, false, true, false] => "┘",
            [true, false, false, true] => "└",
            _ => return self.labels.get(line_at(self.solution, r, c)),
        };
        Cow::Borrowed(glyph)
    }
}

/// The ADC 2015 answer format: `SIZE WxH`, then rows of two-digit numbers.
fn adc(puzzle: &Puzzle, solution: &Solution) -> String {
    let mut out = format!("SIZE {}X{}\n", puzzle.cols, puzzle.rows);
    for row in &solution.grid {
        let cells: Vec<String> = row.iter().map(|k| format!("{k:02}")).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// A 256-colour palette index for line `k` (skipping dark colours).
fn ansi_colour(k: usize) -> usize {
    const PALETTE: [usize; 12] = [196, 46, 33, 226, 201, 51, 208, 129, 118, 39, 214, 163];
    PALETTE[(k - 1) % PALETTE.len()]
}

/// An SVG picture of the solution: the grid, one colour per line (a
/// stroke between the centres of each pair of linked cells), the
/// endpoints as discs with their labels.
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    const S: f64 = 28.0;
    const MARGIN: f64 = 4.0;
    let (w, h) = (puzzle.cols as f64 * S, puzzle.rows as f64 * S);
    let colour = |k: usize| format!("hsl({},70%,45%)", (k * 137) % 360);
    let centre = |(r, c): (usize, usize)| {
        (
            MARGIN + c as f64 * S + S / 2.0,
            MARGIN + r as f64 * S + S / 2.0,
        )
    };
    let mut out = Svg::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    for r in 0..=puzzle.rows {
        let y = MARGIN + r as f64 * S;
        out.line((MARGIN, y), (MARGIN + w, y), "#ddd", 1.0);
    }
    for c in 0..=puzzle.cols {
        let x = MARGIN + c as f64 * S;
        out.line((x, MARGIN), (x, MARGIN + h), "#ddd", 1.0);
    }
    for &[a, b] in &solution.edges {
        let k = solution
            .grid
            .get(a.0)
            .and_then(|row| row.get(a.1))
            .copied()
            .unwrap_or(0);
        out.line(centre(a), centre(b), &colour(k), S / 3.0);
    }
    for (i, pair) in puzzle.pairs.iter().enumerate() {
        for &cell in pair {
            let (x, y) = centre(cell);
            out.push(&format!(
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="{}"/>"#,
                S * 0.4,
                colour(puzzle.numbers[i])
            ));
            // Long labels get smaller, to stay on the disc.
            let label = &puzzle.labels[i];
            let size = (S / 2.0).min(S * 0.75 / (0.64 * label.chars().count() as f64));
            out.centred_text(x, y, round(size), "white", label);
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numberlink::parse::parse;

    #[test]
    fn draws_the_seed_result_format() {
        let p = parse("t", "1\n2 2\n1 .\n1 .\n", 1).expect("parses");
        let s = Solution {
            grid: vec![vec![1, 1], vec![1, 1]],
            edges: vec![[(0, 0), (0, 1)], [(0, 1), (1, 1)], [(1, 0), (1, 1)]],
        };
        assert_eq!(render(&p, &s, Style::Numbers), "1 1 \n1 1 \n");
        assert_eq!(render(&p, &s, Style::Lines), "1 ┐ \n1 ┘ \n");
        assert_eq!(render(&p, &s, Style::Adc), "SIZE 2X2\n01,01\n01,01\n");
        assert!(render(&p, &s, Style::Svg).starts_with("<svg"));
    }
}
