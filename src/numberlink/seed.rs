//! The original solver's encoding (ArtShp/numberlink-SAT-solver), kept as
//! `--encoding seed` so experiments can compare it with the default on the
//! same solver. Reimplemented from its description; same variables in the
//! same DIMACS numbering and the same clause families.
//!
//! Variables `val(r,c)=v` for `v` in `-K..=K`: `-k` marks an endpoint of
//! pair `k`, `+k` a path cell of pair `k`, `0` is unused (forced false).
//! Clauses: the given endpoints; exactly one value per cell (pairwise); an
//! endpoint has exactly one neighbouring *path* cell of its pair; a path
//! cell of pair `k` has exactly two neighbours that are endpoints or path
//! cells of pair `k` (written as the original does: an at-least-two part
//! and an at-most-two part made of all pairs of pairwise exclusions,
//! quadratic in the neighbourhood).
//!
//! Known defects, kept on purpose: it admits detached loops (nothing
//! forces connectivity; the checker of `decode-numberlink` then rejects
//! the decoded solution), and it rejects adjacent endpoints (an endpoint
//! must touch a path cell, not the other endpoint). One deviation: the
//! original treats only the four corners and four sides specially, so on a
//! grid one cell wide it writes literals of cells outside the grid (invalid
//! DIMACS); here only real neighbours are used.

use super::Puzzle;
use crate::builder::FormulaBuilder;
use crate::names;
use rustsat::types::Lit;

/// Writes the seed encoding of `puzzle` (default rules only).
pub fn encode(puzzle: &Puzzle) -> FormulaBuilder {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let k_max = puzzle.max_number() as i64;
    let mut b = FormulaBuilder::new("numberlink", "numberlink/seed");
    // Same numbering as the original: value-major, then row-major cells.
    let width = (2 * k_max + 1) as usize;
    let mut vars: Vec<Lit> = vec![Lit::positive(0); width * rows * cols];
    for (vi, value) in (-k_max..=k_max).enumerate() {
        for r in 0..rows {
            for c in 0..cols {
                let name = names::valued("val", &[&(r + 1), &(c + 1)], &value);
                vars[(r * cols + c) * width + vi] = b.named(name);
            }
        }
    }
    let val =
        |r: usize, c: usize, value: i64| vars[(r * cols + c) * width + (value + k_max) as usize];
    let grid = puzzle.endpoint_grid();
    // Neighbours in the original's order: top, left, bottom, right.
    let neighbours = |r: usize, c: usize| {
        let mut list = Vec::with_capacity(4);
        if r > 0 {
            list.push((r - 1, c));
        }
        if c > 0 {
            list.push((r, c - 1));
        }
        if r + 1 < rows {
            list.push((r + 1, c));
        }
        if c + 1 < cols {
            list.push((r, c + 1));
        }
        list
    };

    // 1. Initial values.
    for (r, row) in grid.iter().enumerate() {
        for (c, &k) in row.iter().enumerate() {
            match k {
                0 => {
                    for k in 1..=k_max {
                        b.clause(&[!val(r, c, -k)]);
                    }
                }
                k => b.clause(&[val(r, c, -(k as i64))]),
            }
        }
    }
    // 2. No zeros.
    for r in 0..rows {
        for c in 0..cols {
            b.clause(&[!val(r, c, 0)]);
        }
    }
    // 3. Exactly one value per cell.
    for r in 0..rows {
        for c in 0..cols {
            let all: Vec<Lit> = (-k_max..=k_max).map(|v| val(r, c, v)).collect();
            b.clause(&all);
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            for v1 in -k_max..=k_max {
                for v2 in v1 + 1..=k_max {
                    b.clause(&[!val(r, c, v1), !val(r, c, v2)]);
                }
            }
        }
    }
    // 4. An endpoint has exactly one path-cell neighbour of its pair (all
    // at-least-one clauses first, then the pairwise at-most-one clauses,
    // in the original's order).
    let mut endpoint_neighbours: Vec<Vec<Lit>> = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &k) in row.iter().enumerate() {
            if k != 0 {
                endpoint_neighbours.push(
                    neighbours(r, c)
                        .iter()
                        .map(|&(i, j)| val(i, j, k as i64))
                        .collect(),
                );
            }
        }
    }
    for around in &endpoint_neighbours {
        if !around.is_empty() {
            b.clause(around);
        }
    }
    for around in &endpoint_neighbours {
        for (a, &first) in around.iter().enumerate() {
            for &second in &around[a + 1..] {
                b.clause(&[!first, !second]);
            }
        }
    }
    // 5. A path cell has exactly two neighbours of its pair.
    for r in 0..rows {
        for c in 0..cols {
            for k in 1..=k_max {
                path_cell(&mut b, val(r, c, k), &neighbours(r, c), val, k);
            }
        }
    }
    b.blocking_positive();
    b
}

/// The clauses of "path cell `C` of pair `k` has exactly two neighbours
/// among the endpoints `Ks` and path cells `Cs` of pair `k`", clause for
/// clause as the original writes them.
fn path_cell(
    b: &mut FormulaBuilder,
    cell: Lit,
    around: &[(usize, usize)],
    val: impl Fn(usize, usize, i64) -> Lit,
    k: i64,
) {
    let ends: Vec<Lit> = around.iter().map(|&(i, j)| val(i, j, -k)).collect();
    let paths: Vec<Lit> = around.iter().map(|&(i, j)| val(i, j, k)).collect();
    let s = around.len();
    let clause = |negate_end: Option<usize>, negate_path: Option<usize>| {
        let mut lits = vec![!cell];
        lits.extend(
            ends.iter()
                .enumerate()
                .map(|(i, &l)| if Some(i) == negate_end { !l } else { l }),
        );
        lits.extend(
            paths
                .iter()
                .enumerate()
                .map(|(i, &l)| if Some(i) == negate_path { !l } else { l }),
        );
        lits
    };
    b.clause(&clause(None, None));
    for a in 0..s {
        b.clause(&clause(None, Some(a)));
        b.clause(&clause(Some(a), None));
        b.clause(&clause(Some(a), Some(a)));
    }
    let mut exclusions: Vec<[Lit; 2]> = Vec::new();
    for a in 0..s {
        for d in a + 1..s {
            exclusions.push([!ends[a], !ends[d]]);
            exclusions.push([!paths[a], !paths[d]]);
        }
    }
    for (a, &end) in ends.iter().enumerate() {
        for (d, &path) in paths.iter().enumerate() {
            if a != d {
                exclusions.push([!end, !path]);
            }
        }
    }
    for x in 0..exclusions.len() {
        for y in x + 1..exclusions.len() {
            let [p, q] = exclusions[x];
            let [t, u] = exclusions[y];
            b.clause(&[!cell, p, q, t, u]);
        }
    }
}
