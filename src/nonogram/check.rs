//! The independent check of a solved grid: read the runs of black cells of
//! every row and column and compare them with the clues. It shares no code
//! with the encoder or the line solver, so an encoding bug cannot hide here.

use super::puzzle::Puzzle;
use super::Grid;

/// The lengths of the runs of `true` in `cells`, in order.
fn runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for black in cells {
        if black {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

fn spell(runs: &[usize]) -> String {
    if runs.is_empty() {
        "0".to_string()
    } else {
        runs.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Checks that `grid` has the puzzle's size and that every row and column
/// reads exactly its clue; the error names the first line that does not.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
    if grid.height != puzzle.rows.len() || grid.width != puzzle.columns.len() {
        return Err(format!(
            "the grid is {}x{} but the puzzle is {}x{}",
            grid.height,
            grid.width,
            puzzle.rows.len(),
            puzzle.columns.len()
        ));
    }
    if grid.cells.len() != grid.height * grid.width {
        return Err(format!(
            "the grid has {} cells, not {}x{}",
            grid.cells.len(),
            grid.height,
            grid.width
        ));
    }
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let found = runs((0..grid.width).map(|c| grid.cells[r * grid.width + c]));
        if &found != clue {
            return Err(format!(
                "row {} reads {} but its clue is {}",
                r + 1,
                spell(&found),
                spell(clue)
            ));
        }
    }
    for (c, clue) in puzzle.columns.iter().enumerate() {
        let found = runs((0..grid.height).map(|r| grid.cells[r * grid.width + c]));
        if &found != clue {
            return Err(format!(
                "column {} reads {} but its clue is {}",
                c + 1,
                spell(&found),
                spell(clue)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::formats::{parse, Format};

    fn grid(rows: &[&str]) -> Grid {
        Grid {
            height: rows.len(),
            width: rows.first().map_or(0, |r| r.len()),
            cells: rows
                .iter()
                .flat_map(|r| r.chars().map(|c| c == '#'))
                .collect(),
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
        assert!(check(&puzzle, &small).unwrap_err().contains("3x6"));
    }

    #[test]
    fn reads_runs() {
        assert_eq!(runs("..##.#.###".chars().map(|c| c == '#')), vec![2, 1, 3]);
        assert_eq!(runs("....".chars().map(|c| c == '#')), Vec::<usize>::new());
        assert_eq!(runs("#".chars().map(|c| c == '#')), vec![1]);
    }
}
