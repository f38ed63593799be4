//! The rules of Masyu, checked on a decoded solution. Shares no code with
//! the encoding: it looks only at the puzzle and the loop's segments.

use super::puzzle::{Cell, Circle, Puzzle};
use super::Solution;

/// Checks `solution` against `puzzle`: the segments form one closed loop
/// through orthogonally adjacent cells, every circle is on it, the loop
/// goes straight through every white circle and turns in a cell next to
/// it along the loop, and it turns on every black circle and goes
/// straight through both cells next to it along the loop. The error names
/// the broken rule and the cell (1-based row and column).
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let at = |(r, c): Cell| format!("row {}, column {}", r + 1, c + 1);
    // The loop's neighbours of every cell.
    let mut next: Vec<Vec<Cell>> = vec![Vec::new(); rows * cols];
    for &[a, b] in &solution.edges {
        if a.0 >= rows || a.1 >= cols || b.0 >= rows || b.1 >= cols {
            return Err("a segment leaves the grid".to_string());
        }
        if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
            return Err(format!(
                "a segment joins {} and {}, which are not adjacent",
                at(a),
                at(b)
            ));
        }
        if next[a.0 * cols + a.1].contains(&b) {
            return Err(format!("the segment {} - {} is drawn twice", at(a), at(b)));
        }
        next[a.0 * cols + a.1].push(b);
        next[b.0 * cols + b.1].push(a);
    }
    let Some(start) = (0..rows * cols).find(|&i| !next[i].is_empty()) else {
        return Err("there is no loop".to_string());
    };
    for (i, n) in next.iter().enumerate() {
        if !n.is_empty() && n.len() != 2 {
            return Err(format!(
                "{} has {} segments: the loop enters and leaves each of its cells once",
                at((i / cols, i % cols)),
                n.len()
            ));
        }
    }
    // One loop: walking from the first cell comes back after every segment.
    let first = (start / cols, start % cols);
    let (mut previous, mut here) = (first, next[start][0]);
    let mut length = 1;
    while here != first {
        let ways = &next[here.0 * cols + here.1];
        let step = if ways[0] == previous { ways[1] } else { ways[0] };
        previous = here;
        here = step;
        length += 1;
    }
    if length != solution.edges.len() {
        return Err(format!(
            "the segments form more than one loop (the loop through {} has {length} of the {} segments)",
            at(first),
            solution.edges.len()
        ));
    }
    // A cell is straight when its two segments point in one line.
    let straight = |(r, c): Cell| -> bool {
        let n = &next[r * cols + c];
        n.len() == 2 && (n[0].0 == n[1].0 || n[0].1 == n[1].1)
    };
    for (cell, circle) in puzzle.circles() {
        let ways = &next[cell.0 * cols + cell.1];
        if ways.is_empty() {
            return Err(format!(
                "the {} circle at {} is not on the loop",
                circle.word(),
                at(cell)
            ));
        }
        match circle {
            Circle::White => {
                if !straight(cell) {
                    return Err(format!(
                        "the loop turns on the white circle at {}",
                        at(cell)
                    ));
                }
                if straight(ways[0]) && straight(ways[1]) {
                    return Err(format!(
                        "the loop goes straight through {} and {}, on both sides of the white \
                         circle at {}: it must turn next to it",
                        at(ways[0]),
                        at(ways[1]),
                        at(cell)
                    ));
                }
            }
            Circle::Black => {
                if straight(cell) {
                    return Err(format!(
                        "the loop goes straight through the black circle at {}",
                        at(cell)
                    ));
                }
                if let Some(&bent) = ways.iter().find(|&&w| !straight(w)) {
                    return Err(format!(
                        "the loop turns at {}, next to the black circle at {}: it must go \
                         straight on there",
                        at(bent),
                        at(cell)
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::masyu::parse::parse;

    /// The segments of a loop given by its cells in order.
    fn around(cells: &[Cell]) -> Solution {
        let edges = (0..cells.len())
            .map(|i| {
                let (a, b) = (cells[i], cells[(i + 1) % cells.len()]);
                if a <= b {
                    [a, b]
                } else {
                    [b, a]
                }
            })
            .collect();
        Solution { edges }
    }

    /// The 3x3 ring around the centre cell.
    const RING: [Cell; 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 2),
        (2, 2),
        (2, 1),
        (2, 0),
        (1, 0),
    ];

    #[test]
    fn accepts_a_loop_that_keeps_every_rule() {
        let p = parse("t", ".W.\n...\nB..\n", 1).expect("parses");
        assert_eq!(check(&p, &around(&RING)), Ok(()));
    }

    #[test]
    fn names_every_broken_rule() {
        let err = |grid: &str, s: &Solution| check(&parse("t", grid, 1).expect("parses"), s);
        let ring = around(&RING);
        assert!(err("W..\n...\n...\n", &ring)
            .expect_err("turns")
            .contains("turns on the white circle at row 1, column 1"));
        assert!(err(".B.\n...\n...\n", &ring)
            .expect_err("straight")
            .contains("straight through the black circle"));
        assert!(err("...\n.W.\n...\n", &ring)
            .expect_err("off")
            .contains("not on the loop"));
        let long = parse("t", ".W..\n....\n....\n", 1).expect("parses");
        let rect = around(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 3),
            (2, 3),
            (2, 2),
            (2, 1),
            (2, 0),
            (1, 0),
        ]);
        assert_eq!(check(&long, &rect), Ok(()));
        let long = parse("t", "....\n....\n..W.\n", 1).expect("parses");
        assert_eq!(check(&long, &rect), Ok(()));
        let wide = parse("t", ".....\n.....\n..W..\n", 1).expect("parses");
        let rect5 = around(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 4),
            (2, 4),
            (2, 3),
            (2, 2),
            (2, 1),
            (2, 0),
            (1, 0),
        ]);
        assert!(check(&wide, &rect5)
            .expect_err("no turn")
            .contains("must turn next to it"));
        let black = parse("t", "B....\n.....\n.....\n", 1).expect("parses");
        assert_eq!(check(&black, &rect5), Ok(()));
        let black = parse("t", "B..\n...\n", 1).expect("parses");
        let low = around(&[(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)]);
        assert!(check(&black, &low)
            .expect_err("bent")
            .contains("turns at row 2, column 1"));
        let mut two = around(&[(0, 0), (0, 1), (1, 1), (1, 0)]);
        two.edges
            .extend(around(&[(0, 3), (0, 4), (1, 4), (1, 3)]).edges);
        assert!(err("W....\n.....\n", &two)
            .expect_err("two loops")
            .contains("more than one loop"));
        let open = Solution {
            edges: vec![[(0, 0), (0, 1)]],
        };
        assert!(err("W.\n..\n", &open)
            .expect_err("open")
            .contains("has 1 segments"));
        assert!(err("W.\n..\n", &Solution { edges: vec![] })
            .expect_err("empty")
            .contains("no loop"));
    }
}
