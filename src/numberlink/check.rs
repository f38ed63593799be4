//! The rules of Numberlink, checked on a decoded solution. Shares no code
//! with the encodings: it looks only at the puzzle and the solution.

use super::{Puzzle, Solution};

/// Which rule variant to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Every cell must belong to a line (false: `--allow-empty`).
    pub fill: bool,
    /// No line touches itself: adjacent cells of one number are joined
    /// (false: `--allow-touching`).
    pub strict: bool,
}

/// Checks `solution` against `puzzle` under `rules`; the error names the
/// broken rule and the cell (1-based row and column).
pub fn check(puzzle: &Puzzle, solution: &Solution, rules: Rules) -> Result<(), String> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let grid = &solution.grid;
    if grid.len() != rows || grid.iter().any(|row| row.len() != cols) {
        return Err(format!("the solution is not a {cols}x{rows} grid"));
    }
    let mut is_line = vec![false; puzzle.numbers.iter().max().map_or(0, |&k| k + 1)];
    for &k in &puzzle.numbers {
        is_line[k] = true;
    }
    let known = |k: usize| is_line.get(k).copied().unwrap_or(false);
    let at = |r: usize, c: usize| format!("row {}, column {}", r + 1, c + 1);

    // Endpoints carry their numbers; other cells a number or nothing.
    let mut endpoint = vec![vec![false; cols]; rows];
    for (i, pair) in puzzle.pairs.iter().enumerate() {
        for &(r, c) in pair {
            endpoint[r][c] = true;
            if grid[r][c] != puzzle.numbers[i] {
                return Err(format!(
                    "the endpoint at {} of line {} is filled with {}",
                    at(r, c),
                    puzzle.numbers[i],
                    grid[r][c]
                ));
            }
        }
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, &k) in row.iter().enumerate() {
            if k != 0 && !known(k) {
                return Err(format!(
                    "{} holds {k}, which is not a line of the puzzle",
                    at(r, c)
                ));
            }
            if k == 0 && rules.fill {
                return Err(format!(
                    "{} is empty but every cell must be filled",
                    at(r, c)
                ));
            }
        }
    }

    // Segments: between adjacent cells of one number, each once; per
    // cell the directions (bits, see `direction`) of its segments.
    let mut links = vec![vec![0u8; cols]; rows];
    for &[a, b] in &solution.edges {
        if a.0 >= rows || a.1 >= cols || b.0 >= rows || b.1 >= cols {
            return Err("a segment leaves the grid".to_string());
        }
        if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
            return Err(format!(
                "a segment joins {} and {}, which are not adjacent",
                at(a.0, a.1),
                at(b.0, b.1)
            ));
        }
        let (ka, kb) = (grid[a.0][a.1], grid[b.0][b.1]);
        if ka == 0 || ka != kb {
            return Err(format!(
                "a segment joins {} ({ka}) and {} ({kb})",
                at(a.0, a.1),
                at(b.0, b.1)
            ));
        }
        if links[a.0][a.1] & direction(a, b) != 0 {
            return Err(format!(
                "the segment {}-{} is given twice",
                at(a.0, a.1),
                at(b.0, b.1)
            ));
        }
        links[a.0][a.1] |= direction(a, b);
        links[b.0][b.1] |= direction(b, a);
    }

    // Degrees: 1 at endpoints, 2 on other filled cells, 0 on empty ones.
    for r in 0..rows {
        for c in 0..cols {
            let want = match (endpoint[r][c], grid[r][c]) {
                (true, _) => 1,
                (false, 0) => 0,
                (false, _) => 2,
            };
            let got = links[r][c].count_ones();
            if got != want {
                let what = if got > 2 { " (a branch)" } else { "" };
                return Err(format!(
                    "{} has {got} line segments, expected {want}{what}",
                    at(r, c)
                ));
            }
        }
    }

    // Strict rule: adjacent cells of one number are joined.
    if rules.strict {
        for r in 0..rows {
            for c in 0..cols {
                let k = grid[r][c];
                if k == 0 {
                    continue;
                }
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 < rows
                        && c2 < cols
                        && grid[r2][c2] == k
                        && links[r][c] & direction((r, c), (r2, c2)) == 0
                    {
                        return Err(format!(
                            "line {k} touches itself at {} and {}",
                            at(r, c),
                            at(r2, c2)
                        ));
                    }
                }
            }
        }
    }

    // Each line is one path from endpoint to endpoint through all its
    // cells: walk from the first endpoint.
    let mut visited = vec![vec![false; cols]; rows];
    for (i, &[start, end]) in puzzle.pairs.iter().enumerate() {
        let (mut prev, mut here) = (None, start);
        visited[here.0][here.1] = true;
        loop {
            let next = linked(here, links[here.0][here.1]).find(|&n| Some(n) != prev);
            match next {
                Some(n) if visited[n.0][n.1] => {
                    return Err(format!(
                        "line {} runs into itself at {}",
                        puzzle.numbers[i],
                        at(n.0, n.1)
                    ))
                }
                Some(n) => {
                    visited[n.0][n.1] = true;
                    prev = Some(here);
                    here = n;
                    if here == end {
                        break;
                    }
                }
                None => {
                    return Err(format!(
                        "line {} stops at {} without reaching its other endpoint",
                        puzzle.numbers[i],
                        at(here.0, here.1)
                    ))
                }
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if grid[r][c] != 0 && !visited[r][c] {
                return Err(format!(
                    "{} belongs to a detached loop of line {}",
                    at(r, c),
                    grid[r][c]
                ));
            }
        }
    }
    Ok(())
}

/// The direction from cell `a` to its neighbour `b`, as a bit: up,
/// down, left, right.
fn direction(a: (usize, usize), b: (usize, usize)) -> u8 {
    match (b.0.cmp(&a.0), b.1.cmp(&a.1)) {
        (std::cmp::Ordering::Less, _) => 1,
        (std::cmp::Ordering::Greater, _) => 2,
        (_, std::cmp::Ordering::Less) => 4,
        _ => 8,
    }
}

/// The neighbours of `cell` in the directions `bits` (see [`direction`]).
fn linked(cell: (usize, usize), bits: u8) -> impl Iterator<Item = (usize, usize)> {
    let (r, c) = cell;
    [(1, r.wrapping_sub(1), c), (2, r + 1, c), (4, r, c.wrapping_sub(1)), (8, r, c + 1)]
        .into_iter()
        .filter(move |&(bit, _, _)| bits & bit != 0)
        .map(|(_, r, c)| (r, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numberlink::parse::parse;

    fn puzzle(text: &str) -> Puzzle {
        parse("t", text, 1).expect("parses")
    }

    fn joined(grid: &[Vec<usize>]) -> Vec<[(usize, usize); 2]> {
        let mut edges = Vec::new();
        for r in 0..grid.len() {
            for c in 0..grid[r].len() {
                if c + 1 < grid[r].len() && grid[r][c] == grid[r][c + 1] && grid[r][c] != 0 {
                    edges.push([(r, c), (r, c + 1)]);
                }
                if r + 1 < grid.len() && grid[r][c] == grid[r + 1][c] && grid[r][c] != 0 {
                    edges.push([(r, c), (r + 1, c)]);
                }
            }
        }
        edges
    }

    const STRICT: Rules = Rules {
        fill: true,
        strict: true,
    };

    #[test]
    fn accepts_a_solution() {
        let p = puzzle("2\n2 3\n1 . 1\n2 . 2\n");
        let grid = vec![vec![1, 1, 1], vec![2, 2, 2]];
        let s = Solution {
            edges: joined(&grid),
            grid,
        };
        assert_eq!(check(&p, &s, STRICT), Ok(()));
    }

    #[test]
    fn rejects_detached_loops() {
        // Lines 1 and 2 join adjacent endpoints; below them, a 2x2 loop of
        // each number fills the rest (allowed only if loops were).
        let p = puzzle("2\n3 4\n1 1 2 2\n. . . .\n. . . .\n");
        let grid = vec![vec![1, 1, 2, 2]; 3];
        let mut edges = vec![[(0, 0), (0, 1)], [(0, 2), (0, 3)]];
        for c in [0, 2] {
            edges.push([(1, c), (1, c + 1)]);
            edges.push([(2, c), (2, c + 1)]);
            edges.push([(1, c), (2, c)]);
            edges.push([(1, c + 1), (2, c + 1)]);
        }
        let s = Solution { grid, edges };
        let err = check(
            &p,
            &s,
            Rules {
                fill: true,
                strict: false,
            },
        )
        .expect_err("a loop");
        assert!(err.contains("detached loop"), "{err}");
    }

    #[test]
    fn rejects_self_touching_and_gaps() {
        let p = puzzle("1\n2 2\n1 .\n1 .\n");
        let grid = vec![vec![1, 1], vec![1, 1]];
        let s = Solution {
            grid: grid.clone(),
            edges: vec![[(0, 0), (0, 1)], [(0, 1), (1, 1)], [(1, 0), (1, 1)]],
        };
        assert!(check(&p, &s, STRICT)
            .expect_err("touch")
            .contains("touches itself"));
        assert_eq!(
            check(
                &p,
                &s,
                Rules {
                    fill: true,
                    strict: false
                }
            ),
            Ok(())
        );
        let empty = Solution {
            grid: vec![vec![1, 0], vec![1, 0]],
            edges: vec![[(0, 0), (1, 0)]],
        };
        assert!(check(&p, &empty, STRICT)
            .expect_err("gap")
            .contains("empty"));
        assert_eq!(
            check(
                &p,
                &empty,
                Rules {
                    fill: false,
                    strict: true
                }
            ),
            Ok(())
        );
        let wrong = Solution {
            grid: vec![vec![1, 0], vec![1, 0]],
            edges: vec![],
        };
        assert!(check(
            &p,
            &wrong,
            Rules {
                fill: false,
                strict: false
            }
        )
        .is_err());
    }
}
