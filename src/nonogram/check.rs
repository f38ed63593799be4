//! The independent check of a solved grid: read the runs of filled cells
//! of every row and column (a run is a maximal stretch of one colour) and
//! compare them with the clues. It shares no code with the encoder or the
//! line solvers, so an encoding bug cannot hide here.

use super::puzzle::{Cell, Puzzle};
use super::Grid;

/// The runs of `cells`, in order: (length, colour index).
fn runs(cells: impl Iterator<Item = Cell>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut previous: Cell = None;
    for cell in cells {
        match cell {
            Some(k) if previous == Some(k) => {
                if let Some(last) = out.last_mut() {
                    last.0 += 1;
                }
            }
            Some(k) => out.push((1, k)),
            None => {}
        }
        previous = cell;
    }
    out
}

fn spell(puzzle: &Puzzle, runs: &[(usize, usize)]) -> String {
    if runs.is_empty() {
        return "0".to_string();
    }
    runs.iter()
        .map(|&(len, k)| match puzzle.colours.get(k) {
            Some(colour) if puzzle.colours.len() > 1 => format!("{len}{}", colour.name),
            _ => len.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `grid` has the puzzle's size, uses only its colours, and
/// that every row and column reads exactly its clue; the error names the
/// first line that does not.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
    if grid.height != puzzle.rows.len() || grid.width != puzzle.columns.len() {
        return Err(format!(
            "the grid is {}x{} but the puzzle is {}x{} (width x height)",
            grid.width,
            grid.height,
            puzzle.columns.len(),
            puzzle.rows.len()
        ));
    }
    if grid.cells.len() != grid.height * grid.width {
        return Err(format!(
            "the grid has {} cells, not {}x{}",
            grid.cells.len(),
            grid.width,
            grid.height
        ));
    }
    if let Some(i) = grid
        .cells
        .iter()
        .position(|c| c.is_some_and(|k| k >= puzzle.colours.len()))
    {
        return Err(format!(
            "row {}, column {} has a colour the puzzle does not have",
            i / grid.width + 1,
            i % grid.width + 1
        ));
    }
    let expected = |clue: &[super::puzzle::Block]| -> Vec<(usize, usize)> {
        clue.iter().map(|b| (b.len, b.colour)).collect()
    };
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let found = runs((0..grid.width).map(|c| grid.cells[r * grid.width + c]));
        let want = expected(clue);
        if found != want {
            return Err(format!(
                "row {} reads {} but its clue is {}",
                r + 1,
                spell(puzzle, &found),
                spell(puzzle, &want)
            ));
        }
    }
    for (c, clue) in puzzle.columns.iter().enumerate() {
        let found = runs((0..grid.height).map(|r| grid.cells[r * grid.width + c]));
        let want = expected(clue);
        if found != want {
            return Err(format!(
                "column {} reads {} but its clue is {}",
                c + 1,
                spell(puzzle, &found),
                spell(puzzle, &want)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::formats::{parse, Format};

    /// A grid from rows of `.` (empty), `#` (colour 0), `a`, `b`, ...
    /// (colours 0, 1, ...).
    fn grid(rows: &[&str]) -> Grid {
        Grid {
            height: rows.len(),
            width: rows.first().map_or(0, |r| r.len()),
            cells: rows
                .iter()
                .flat_map(|r| {
                    r.chars().map(|c| match c {
                        '.' => None,
                        '#' => Some(0),
                        c => Some(c as usize - 'a' as usize),
                    })
                })
                .collect(),
            symbols: vec!['#'],
        }
    }

    #[test]
    fn accepts_the_solution_and_names_the_first_wrong_line() {
        let text = "6 3\n3 2\n1 2 1\n2 3\n3\n1 1\n2\n2\n1 1\n3\n";
        let puzzle = parse("p", text, Format::Nin, None).unwrap();
        let good = grid(&["###.##", "#.##.#", "##.###"]);
        assert_eq!(check(&puzzle, &good), Ok(()));
        let bad = grid(&["###.##", "#.##.#", "##.##."]);
        assert_eq!(
            check(&puzzle, &bad),
            Err("row 3 reads 2 2 but its clue is 2 3".to_string())
        );
        // Rows right, a column wrong.
        let two = parse("q", "g 2 2 r 1 0 r 1 0 c 1 0 c 1 0", Format::Auto, None).unwrap();
        assert_eq!(check(&two, &grid(&["#.", ".#"])), Ok(()));
        assert_eq!(
            check(&two, &grid(&["#.", "#."])),
            Err("column 1 reads 2 but its clue is 1".to_string())
        );
        let small = grid(&["###", "#.#"]);
        assert!(check(&puzzle, &small).unwrap_err().contains("6x3"));
    }

    #[test]
    fn reads_runs() {
        let cells = |s: &str| -> Vec<Cell> {
            s.chars()
                .map(|c| (c != '.').then(|| c as usize - 'a' as usize))
                .collect()
        };
        let lengths = |s: &str| -> Vec<usize> {
            runs(cells(s).into_iter()).iter().map(|r| r.0).collect()
        };
        assert_eq!(lengths("..aa.a.aaa"), vec![2, 1, 3]);
        assert_eq!(lengths("...."), Vec::<usize>::new());
        assert_eq!(lengths("a"), vec![1]);
        // Colours that touch are two runs; one colour is one run.
        assert_eq!(
            runs(cells("aab.bba").into_iter()),
            vec![(2, 0), (1, 1), (2, 1), (1, 0)]
        );
    }

    #[test]
    fn checks_colour_runs() {
        let text = "width 3\nheight 2\nrows\n1a,2b\n1b\ncolumns\n1a\n2b\n1b\n";
        let puzzle = parse("p", text, Format::Auto, None).unwrap();
        assert_eq!(check(&puzzle, &grid(&["abb", ".b."])), Ok(()));
        assert_eq!(
            check(&puzzle, &grid(&["abb", "..b"])),
            Err("column 2 reads 1b but its clue is 2b".to_string())
        );
        assert_eq!(
            check(&puzzle, &grid(&["bab", ".b."])),
            Err("row 1 reads 1b 1a 1b but its clue is 1a 2b".to_string())
        );
    }
}
