//! The rules of Slitherlink, checked on a solution by code that shares
//! nothing with the encoding: the edges drawn form one closed loop (every
//! dot touches 0 or 2 of them, and they are connected), and every numbered
//! cell has as many of its sides on the loop as its number says.

use super::puzzle::{Clue, Puzzle, Solution};

/// Checks `solution` against `puzzle`; the error names the first broken
/// rule and where (rows and columns from 1).
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let shape_ok = solution.horizontal.len() == rows + 1
        && solution.horizontal.iter().all(|row| row.len() == cols)
        && solution.vertical.len() == rows
        && solution.vertical.iter().all(|row| row.len() == cols + 1);
    if !shape_ok {
        return Err(format!("the solution is not drawn on the puzzle's {cols}x{rows} grid"));
    }
    let h = |r: usize, c: usize| solution.horizontal[r][c];
    let v = |r: usize, c: usize| solution.vertical[r][c];
    for r in 0..rows {
        for c in 0..cols {
            if let Some(Clue::Number(n)) = puzzle.clue(r, c) {
                let used = [h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)]
                    .iter()
                    .filter(|&&on| on)
                    .count();
                if used != usize::from(n) {
                    return Err(format!(
                        "the cell at row {}, column {} says {n}, the loop uses {used} of its sides",
                        r + 1,
                        c + 1
                    ));
                }
            }
        }
    }
    // The lines at each dot (row r, column c of the dots, from 0).
    let lines_at = |r: usize, c: usize| -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(4);
        if c > 0 && h(r, c - 1) {
            out.push((r, c - 1));
        }
        if c < cols && h(r, c) {
            out.push((r, c + 1));
        }
        if r > 0 && v(r - 1, c) {
            out.push((r - 1, c));
        }
        if r < rows && v(r, c) {
            out.push((r + 1, c));
        }
        out
    };
    let mut start = None;
    let mut dots_on_loop = 0;
    for r in 0..=rows {
        for c in 0..=cols {
            let degree = lines_at(r, c).len();
            match degree {
                0 => {}
                2 => {
                    dots_on_loop += 1;
                    start.get_or_insert((r, c));
                }
                1 => {
                    return Err(format!(
                        "the line ends at the dot of row {}, column {} (the loop is not closed)",
                        r + 1,
                        c + 1
                    ))
                }
                _ => {
                    return Err(format!(
                        "the line branches at the dot of row {}, column {} ({degree} lines meet)",
                        r + 1,
                        c + 1
                    ))
                }
            }
        }
    }
    let Some(start) = start else {
        return Err("no loop is drawn".to_string());
    };
    // Walk the loop from its first dot: it must come back having visited
    // every dot that has lines.
    let (mut previous, mut here) = (start, lines_at(start.0, start.1)[0]);
    let mut walked = 1;
    while here != start {
        let next = lines_at(here.0, here.1)
            .into_iter()
            .find(|&d| d != previous)
            .unwrap_or(previous);
        previous = here;
        here = next;
        walked += 1;
        if walked > dots_on_loop {
            break;
        }
    }
    if walked != dots_on_loop {
        return Err(format!(
            "the lines form more than one loop (the loop through the dot of row {}, column {} \
             passes {walked} of the {dots_on_loop} dots with lines)",
            start.0 + 1,
            start.1 + 1
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slitherlink::parse::parse;

    fn solution(horizontal: &[&str], vertical: &[&str]) -> Solution {
        let bits = |rows: &[&str]| -> Vec<Vec<bool>> {
            rows.iter().map(|r| r.chars().map(|c| c == '1').collect()).collect()
        };
        Solution {
            horizontal: bits(horizontal),
            vertical: bits(vertical),
        }
    }

    #[test]
    fn accepts_one_loop_and_names_each_broken_rule() {
        let p = parse("t", "3.\n..\n", 1).expect("parses");
        // The loop around the top row: three sides of the top-left cell.
        let one = solution(&["11", "11", "00"], &["101", "000"]);
        assert_eq!(check(&p, &one), Ok(()));
        // Around the whole grid: the 3 sees only 2 sides.
        let big = solution(&["11", "00", "11"], &["101", "101"]);
        assert!(check(&p, &big).expect_err("clue").contains("row 1, column 1 says 3"));
        let open = solution(&["10", "10", "00"], &["100", "000"]);
        assert!(check(&p, &open).expect_err("open").contains("not closed"));
        let none = solution(&["00", "00", "00"], &["000", "000"]);
        assert_eq!(check(&parse("t", "..\n..\n", 1).expect("p"), &none), Err("no loop is drawn".into()));
        // Two loops: around the top-left and the bottom-right cells.
        let p = parse("t", "..\n..\n", 1).expect("parses");
        let two = solution(&["10", "11", "01"], &["110", "011"]);
        assert!(check(&p, &two).expect_err("branches").contains("branches"));
        let p3 = parse("t", "...\n...\n...\n", 1).expect("parses");
        let apart = solution(&["100", "100", "001", "001"], &["1100", "0000", "0011"]);
        assert!(check(&p3, &apart).expect_err("two").contains("more than one loop"));
    }
}
