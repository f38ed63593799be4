//! Reading a solution out of a model, by variable name.

use super::{Cell, Puzzle, Solution};
use crate::family::Assignment;

/// Splits `pred(a,b,...)=value` or `pred(a,b,...)` into its numbers.
fn parse_name<'a>(name: &'a str, predicate: &str) -> Option<(Vec<i64>, Option<&'a str>)> {
    let rest = name.strip_prefix(predicate)?.strip_prefix('(')?;
    let (args, tail) = rest.split_once(')')?;
    let args = args
        .split(',')
        .map(|a| a.parse::<i64>().ok())
        .collect::<Option<Vec<_>>>()?;
    let value = match tail {
        "" => None,
        t => Some(t.strip_prefix('=')?),
    };
    Some((args, value))
}

/// A 1-based `(row, column)` from a name, if inside the grid.
fn cell_at(puzzle: &Puzzle, r: i64, c: i64) -> Option<Cell> {
    let r = usize::try_from(r).ok()?.checked_sub(1)?;
    let c = usize::try_from(c).ok()?.checked_sub(1)?;
    (r < puzzle.rows && c < puzzle.cols).then_some((r, c))
}

/// Decodes a model of the rank encoding: `cell(r,c)=k` gives the numbers,
/// `edge(r,c,r2,c2)` the segments (between a cell and its right or lower
/// neighbour). Names that do not fit the grid are ignored (the checker
/// then reports what is missing).
pub fn decode(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Solution {
    let mut grid = vec![vec![0; puzzle.cols]; puzzle.rows];
    for name in assignment.true_names_of(Some("cell")) {
        if let Some((args, Some(value))) = parse_name(&name, "cell") {
            if let (&[r, c], Ok(k)) = (&args[..], value.parse::<usize>()) {
                if let Some((r, c)) = cell_at(puzzle, r, c) {
                    grid[r][c] = k;
                }
            }
        }
    }
    let mut edges = Vec::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let (r1, c1) = (r as i64 + 1, c as i64 + 1);
            if c + 1 < puzzle.cols && assignment.value_of("edge", &[r1, c1, r1, c1 + 1]) == Some(true)
            {
                edges.push([(r, c), (r, c + 1)]);
            }
            if r + 1 < puzzle.rows && assignment.value_of("edge", &[r1, c1, r1 + 1, c1]) == Some(true)
            {
                edges.push([(r, c), (r + 1, c)]);
            }
        }
    }
    if grid.iter().flatten().all(|&k| k == 0) {
        colour_along_edges(puzzle, &edges, &mut grid);
    }
    Solution { grid, edges }
}

/// Gives every cell reached from an endpoint along `edges` the endpoint's
/// number (for encodings without per-number cell variables).
fn colour_along_edges(puzzle: &Puzzle, edges: &[[Cell; 2]], grid: &mut [Vec<usize>]) {
    let cols = puzzle.cols;
    let index = |(r, c): Cell| r * cols + c;
    // Each cell's neighbours along `edges` (by index): at most four on a
    // grid (the edges join neighbours), so one array per cell rather than
    // a list.
    let mut next = vec![(0u8, [0u32; 4]); puzzle.rows * cols];
    for &[a, b] in edges {
        for (from, to) in [(a, b), (b, a)] {
            let (len, cells) = &mut next[index(from)];
            if let Some(slot) = cells.get_mut(usize::from(*len)) {
                *slot = index(to) as u32;
                *len += 1;
            }
        }
    }
    let mut stack = Vec::new();
    for (k, [start, _]) in puzzle.pairs.iter().enumerate() {
        stack.push(index(*start) as u32);
        while let Some(cell) = stack.pop() {
            let cell = cell as usize;
            let number = &mut grid[cell / cols][cell % cols];
            if *number != 0 {
                continue;
            }
            *number = puzzle.numbers[k];
            let (len, cells) = &next[cell];
            stack.extend_from_slice(&cells[..usize::from(*len)]);
        }
    }
}

/// Decodes a model of the seed encoding: `val(r,c)=v` with `v = ±k` gives
/// the numbers; the segments join adjacent cells of equal numbers (the
/// strict cell rule that encoding assumes).
pub fn decode_seed(puzzle: &Puzzle, assignment: &Assignment<'_>) -> Solution {
    let mut grid = vec![vec![0; puzzle.cols]; puzzle.rows];
    for name in assignment.true_names_of(Some("val")) {
        if let Some((args, Some(value))) = parse_name(&name, "val") {
            if let (&[r, c], Ok(v)) = (&args[..], value.parse::<i64>()) {
                if let Some((r, c)) = cell_at(puzzle, r, c) {
                    grid[r][c] = usize::try_from(v.unsigned_abs()).unwrap_or(0);
                }
            }
        }
    }
    let mut edges = Vec::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let k = grid[r][c];
            if k == 0 {
                continue;
            }
            if c + 1 < puzzle.cols && grid[r][c + 1] == k {
                edges.push([(r, c), (r, c + 1)]);
            }
            if r + 1 < puzzle.rows && grid[r + 1][c] == k {
                edges.push([(r, c), (r + 1, c)]);
            }
        }
    }
    edges.sort_unstable();
    Solution { grid, edges }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(
            parse_name("cell(2,3)=4", "cell"),
            Some((vec![2, 3], Some("4")))
        );
        assert_eq!(
            parse_name("edge(1,1,1,2)", "edge"),
            Some((vec![1, 1, 1, 2], None))
        );
        assert_eq!(
            parse_name("val(1,1)=-3", "val"),
            Some((vec![1, 1], Some("-3")))
        );
        assert_eq!(parse_name("rank(1,1,0)", "edge"), None);
        assert_eq!(parse_name("cell(x,1)=1", "cell"), None);
    }
}
