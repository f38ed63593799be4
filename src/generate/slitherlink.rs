//! `generate-slitherlink`: Slitherlink puzzles with exactly one solution.
//!
//! The loop comes first: the outline of a random region of cells, grown
//! one cell at a time from a random cell, each new cell taken only while
//! the outline stays one closed loop (the family's checker says so), until
//! the region covers about half of the grid. Every cell's number of sides
//! on the loop is a clue. Then the formula of the puzzle with each clue
//! behind a selector, the loop blocked, goes into an incremental solver:
//! with every clue assumed there must be no model (else another loop is
//! drawn), and each clue, in a random order, is dropped when the others
//! still leave no model. What remains is locally minimal: without any one
//! of its clues, a second loop exists.

use super::{rng, Uniqueness};
use crate::builder::FormulaBuilder;
use crate::error::{Error, Result};
use crate::slitherlink::encode::EdgeVars;
use crate::slitherlink::{check, Clue, Format, Puzzle, Solution};
use rustsat::types::Lit;

/// The largest grid side `generate-slitherlink` takes.
pub const MAX_SIDE: usize = 100;

/// What `generate-slitherlink` is asked for.
pub type Settings = super::LoopSettings;

/// A generated puzzle with its unique solution.
pub type Generated = super::Generated<Puzzle, Solution>;

/// Generates a puzzle with `settings`, drawn with `seed`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Generated> {
    let (w, h) = (settings.width, settings.height);
    if w == 0 || h == 0 || w * h < 2 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(Error::Usage(format!(
            "the grid must have at least 2 cells and sides up to {MAX_SIDE}, not {w}x{h}"
        )));
    }
    let mut rng = rng(seed);
    for _ in 0..settings.attempts.max(1) {
        let region = random_region(h, w, &mut rng);
        let full = full_puzzle(h, w, &region);
        let solution = outline(&full, &region);
        check::check(&full, &solution).map_err(|e| {
            Error::Check(format!(
                "generate-slitherlink drew a loop that is none: {e}"
            ))
        })?;
        if let Some(puzzle) = minimise(&full, &solution, settings.solver.as_deref(), &mut rng)? {
            check::check(&puzzle, &solution).map_err(|e| {
                Error::Check(format!(
                    "the generated puzzle's solution breaks its rules: {e}"
                ))
            })?;
            return Ok(Generated { puzzle, solution });
        }
    }
    Err(Error::Usage(format!(
        "no {w}x{h} puzzle found in {} attempts (every loop drawn left a second loop with all its \
         clues given); try more --attempts",
        settings.attempts
    )))
}

/// A random region of the `rows` x `cols` grid whose outline is one
/// closed loop, covering about half of the cells.
fn random_region(rows: usize, cols: usize, rng: &mut fastrand::Rng) -> Vec<bool> {
    let n = rows * cols;
    let mut inside = vec![false; n];
    let empty = full_puzzle(rows, cols, &inside);
    inside[rng.usize(..n)] = true;
    let target = (n / 2).max(1);
    let mut size = 1;
    let mut refused = vec![false; n];
    while size < target {
        // The cells next to the region not refused since the last growth.
        let frontier: Vec<usize> = (0..n)
            .filter(|&i| !inside[i] && !refused[i])
            .filter(|&i| {
                let (r, c) = (i / cols, i % cols);
                (r > 0 && inside[i - cols])
                    || (r + 1 < rows && inside[i + cols])
                    || (c > 0 && inside[i - 1])
                    || (c + 1 < cols && inside[i + 1])
            })
            .collect();
        if frontier.is_empty() {
            break;
        }
        let cell = frontier[rng.usize(..frontier.len())];
        inside[cell] = true;
        if check::check(&empty, &outline(&empty, &inside)).is_ok() {
            size += 1;
            refused.iter_mut().for_each(|r| *r = false);
        } else {
            inside[cell] = false;
            refused[cell] = true;
        }
    }
    inside
}

/// The puzzle whose every cell holds the number of its sides on the
/// outline of `region` (for an empty `region`, a puzzle without clues).
fn full_puzzle(rows: usize, cols: usize, region: &[bool]) -> Puzzle {
    let mut puzzle = Puzzle {
        rows,
        cols,
        clues: vec![None; rows * cols],
        format: Format::Text,
    };
    if region.iter().any(|&x| x) {
        let solution = outline(&puzzle, region);
        for r in 0..rows {
            for c in 0..cols {
                let n = puzzle
                    .sides(r, c)
                    .iter()
                    .filter(|&&e| solution.has(e))
                    .count();
                puzzle.clues[r * cols + c] = Some(Clue::Number(n as u8));
            }
        }
    }
    puzzle
}

/// The edges between a cell of `region` and one outside it (or the
/// border).
fn outline(puzzle: &Puzzle, region: &[bool]) -> Solution {
    let cols = puzzle.cols;
    let inside = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) if r < puzzle.rows && c < cols => region[r * cols + c],
        _ => false,
    };
    let mut solution = Solution::empty(puzzle);
    for edge in puzzle.edges() {
        let on = match edge {
            crate::slitherlink::Edge::H(r, c) => {
                inside(r.checked_sub(1), Some(c)) != inside(Some(r), Some(c))
            }
            crate::slitherlink::Edge::V(r, c) => {
                inside(Some(r), c.checked_sub(1)) != inside(Some(r), Some(c))
            }
        };
        solution.set(edge, on);
    }
    solution
}

/// Drops clues of `full` in a random order while `solution` stays the
/// only loop; `None` when it is not the only one with every clue.
fn minimise(
    full: &Puzzle,
    solution: &Solution,
    solver: Option<&str>,
    rng: &mut fastrand::Rng,
) -> Result<Option<Puzzle>> {
    let mut b = FormulaBuilder::new("slitherlink", "slitherlink/generate");
    let edges = EdgeVars::new(&mut b, full);
    let mut selectors: Vec<(usize, Lit)> = Vec::new();
    for r in 0..full.rows {
        for c in 0..full.cols {
            let Some(n) = full.number(r, c) else { continue };
            let selector = b.aux();
            let sides: Vec<Lit> = full
                .sides(r, c)
                .iter()
                .map(|&e| edges.lit(full, e))
                .collect();
            // Selector -> exactly n sides: every pattern of the four sides
            // with another count is ruled out under it.
            for mask in 0u32..16 {
                if mask.count_ones() == u32::from(n) {
                    continue;
                }
                let mut clause = vec![!selector];
                for (i, &side) in sides.iter().enumerate() {
                    clause.push(if mask & (1 << i) != 0 { !side } else { side });
                }
                b.clause(&clause);
            }
            selectors.push((r * full.cols + c, selector));
        }
    }
    let points: Vec<(usize, usize)> = (0..=full.rows)
        .flat_map(|r| (0..=full.cols).map(move |c| (r + 1, c + 1)))
        .collect();
    let loop_edges: Vec<(usize, usize, Lit)> = full
        .edges()
        .into_iter()
        .map(|e| {
            let [a, z] = full.ends(e);
            (full.dot(a.0, a.1), full.dot(z.0, z.1), edges.lit(full, e))
        })
        .collect();
    crate::cycle::one_loop(&mut b, &points, &loop_edges, None);
    // Another loop than the solution's.
    let other: Vec<Lit> = full
        .edges()
        .into_iter()
        .map(|e| {
            let lit = edges.lit(full, e);
            if solution.has(e) {
                !lit
            } else {
                lit
            }
        })
        .collect();
    b.clause(&other);
    let projection: Vec<_> = edges.all().iter().map(|l| l.var()).collect();
    b.projection(&projection);
    let mut prover = Uniqueness::with_solver(b.finish(), solver, &[])?;
    let mut kept: Vec<bool> = vec![true; selectors.len()];
    let assumptions = |kept: &[bool]| -> Vec<Lit> {
        selectors
            .iter()
            .zip(kept)
            .filter(|(_, &k)| k)
            .map(|(&(_, s), _)| s)
            .collect()
    };
    if prover.solve(&assumptions(&kept))?.is_some() {
        return Ok(None);
    }
    let mut order: Vec<usize> = (0..selectors.len()).collect();
    rng.shuffle(&mut order);
    for i in order {
        kept[i] = false;
        if prover.solve(&assumptions(&kept))?.is_some() {
            kept[i] = true;
        }
    }
    let mut puzzle = full.clone();
    for (&(cell, _), &k) in selectors.iter().zip(&kept) {
        if !k {
            puzzle.clues[cell] = None;
        }
    }
    Ok(Some(puzzle))
}

/// How `generate-slitherlink` writes a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PuzzleFormat {
    /// Rows of `0`-`3` and `.` (encode-slitherlink's text format).
    #[default]
    Text,
    /// A puzz.link URL of the genre `slither`, one a line.
    Url,
}

/// Writes the puzzle in `format`.
pub fn write(puzzle: &Puzzle, format: PuzzleFormat) -> Result<String> {
    Ok(match format {
        PuzzleFormat::Text => puzzle.text(),
        PuzzleFormat::Url => crate::slitherlink::url::write(puzzle)? + "\n",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_have_one_loop_as_outline() {
        let mut rng = fastrand::Rng::with_seed(3);
        for (rows, cols) in [(1, 2), (3, 3), (5, 8), (10, 10)] {
            let region = random_region(rows, cols, &mut rng);
            let full = full_puzzle(rows, cols, &region);
            assert_eq!(check::check(&full, &outline(&full, &region)), Ok(()));
            assert!(region.iter().filter(|&&x| x).count() >= (rows * cols / 2).min(1));
        }
    }
}
