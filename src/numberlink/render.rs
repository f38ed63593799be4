//! Drawing a solution: the seed solver's result format (numbers, then the
//! line drawing with `─ | ┌ ┐ └ ┘`), the ADC answer format, and SVG.

use super::{Format, Puzzle, Solution, Style};
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

/// The segments at every cell: (up, down, left, right).
fn links(puzzle: &Puzzle, solution: &Solution) -> Vec<Vec<[bool; 4]>> {
    let mut links = vec![vec![[false; 4]; puzzle.cols]; puzzle.rows];
    for &[a, b] in &solution.edges {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.0 >= puzzle.rows || b.0 >= puzzle.rows || a.1 >= puzzle.cols || b.1 >= puzzle.cols {
            continue;
        }
        if a.0 + 1 == b.0 && a.1 == b.1 {
            links[a.0][a.1][1] = true;
            links[b.0][b.1][0] = true;
        } else if a.0 == b.0 && a.1 + 1 == b.1 {
            links[a.0][a.1][3] = true;
            links[b.0][b.1][2] = true;
        }
    }
    links
}

/// Writes one grid of tokens the seed way: every token followed by
/// spaces up to the width of `K` plus one.
fn table(
    puzzle: &Puzzle,
    solution: &Solution,
    colour: bool,
    token: impl Fn(usize, usize) -> String,
) -> String {
    let width = (1..=puzzle.max_number())
        .map(|n| label(puzzle, n).chars().count())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let text = token(r, c);
            let pad = width.saturating_sub(text.chars().count()) + 1;
            let k = solution
                .grid
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .unwrap_or(0);
            if colour && k != 0 {
                let _ = write!(out, "\x1b[1;38;5;{}m{text}\x1b[0m", ansi_colour(k));
            } else {
                out.push_str(&text);
            }
            out.extend(std::iter::repeat_n(' ', pad));
        }
        out.push('\n');
    }
    out
}

/// How line `number` is written: as the puzzle wrote it (a letter of a
/// letter grid, a number otherwise); an empty cell (`0`) is `.` in a
/// letter grid and `0` otherwise.
fn label(puzzle: &Puzzle, number: usize) -> String {
    if puzzle.format != Format::Letters {
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

/// The line of cell (`r`, `c`) as text.
fn label_at(puzzle: &Puzzle, solution: &Solution, r: usize, c: usize) -> String {
    let number = solution
        .grid
        .get(r)
        .and_then(|row| row.get(c))
        .copied()
        .unwrap_or(0);
    label(puzzle, number)
}

/// The matrix of line labels.
fn numbers(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    table(puzzle, solution, colour, |r, c| label_at(puzzle, solution, r, c))
}

/// The line drawing: endpoints as numbers, path cells as box characters.
fn lines(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    let links = links(puzzle, solution);
    let ends = puzzle.endpoint_grid();
    table(puzzle, solution, colour, |r, c| {
        if ends[r][c] != 0 {
            return label(puzzle, ends[r][c]);
        }
        let glyph = match links[r][c] {
            [false, false, true, true] => "─",
            [true, true, false, false] => "|",
            [false, true, true, false] => "┐",
            [false, true, false, true] => "┌",
            [true, false, true, false] => "┘",
            [true, false, false, true] => "└",
            _ => "",
        };
        if glyph.is_empty() {
            label_at(puzzle, solution, r, c)
        } else {
            glyph.to_string()
        }
    })
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

/// An SVG picture: grid, one coloured polyline per segment, endpoints as
/// labelled discs.
/// An SVG picture of the solution, one colour per line.
pub fn svg(puzzle: &Puzzle, solution: &Solution) -> String {
    const S: usize = 24;
    let (w, h) = (puzzle.cols * S, puzzle.rows * S);
    let hue = |k: usize| (k * 137) % 360;
    let centre = |(r, c): (usize, usize)| (c * S + S / 2, r * S + S / 2);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    for r in 0..=puzzle.rows {
        let _ = writeln!(
            out,
            r##"<line x1="0" y1="{y}" x2="{w}" y2="{y}" stroke="#ddd"/>"##,
            y = r * S
        );
    }
    for c in 0..=puzzle.cols {
        let _ = writeln!(
            out,
            r##"<line x1="{x}" y1="0" x2="{x}" y2="{h}" stroke="#ddd"/>"##,
            x = c * S
        );
    }
    for &[a, b] in &solution.edges {
        let k = solution
            .grid
            .get(a.0)
            .and_then(|row| row.get(a.1))
            .copied()
            .unwrap_or(0);
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="hsl({},70%,45%)" stroke-width="{}" stroke-linecap="round"/>"#,
            hue(k),
            S / 3
        );
    }
    for (i, pair) in puzzle.pairs.iter().enumerate() {
        for &cell in pair {
            let (x, y) = centre(cell);
            let _ = writeln!(
                out,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="hsl({},70%,45%)"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="white" font-family="sans-serif">{}</text>"#,
                S * 2 / 5,
                hue(puzzle.numbers[i]),
                y + S / 5,
                S / 2,
                escape(&puzzle.labels[i])
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            '"' => "&quot;".to_string(),
            c => c.to_string(),
        })
        .collect()
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
