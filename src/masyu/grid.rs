//! The grid of a Masyu puzzle as the encoder and the presolve see it:
//! cells by index `r * cols + c`, the segments between orthogonally
//! adjacent cells by index, and every cell's segments by direction.

use super::puzzle::Puzzle;

/// The directions out of a cell, in the order of [`Grid::at`].
pub(super) const UP: usize = 0;
/// Down (row + 1).
pub(super) const DOWN: usize = 1;
/// Left (column - 1).
pub(super) const LEFT: usize = 2;
/// Right (column + 1).
pub(super) const RIGHT: usize = 3;

/// The direction opposite `d`.
pub(super) fn opposite(d: usize) -> usize {
    d ^ 1
}

/// The geometry of a puzzle's grid.
pub(super) struct Grid {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The segments as pairs of cells, the upper or left cell first.
    pub(super) edges: Vec<(usize, usize)>,
    /// `at[v][d]`: the segment leaving cell `v` in direction `d`, if the
    /// grid has one there.
    pub(super) at: Vec<[Option<usize>; 4]>,
}

impl Grid {
    pub(super) fn new(puzzle: &Puzzle) -> Grid {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let mut edges = Vec::new();
        let mut at = vec![[None; 4]; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    at[v][RIGHT] = Some(edges.len());
                    at[v + 1][LEFT] = Some(edges.len());
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    at[v][DOWN] = Some(edges.len());
                    at[v + cols][UP] = Some(edges.len());
                    edges.push((v, v + cols));
                }
            }
        }
        Grid {
            rows,
            cols,
            edges,
            at,
        }
    }

    /// The cell next to `v` in direction `d`, if inside the grid.
    pub(super) fn step(&self, v: usize, d: usize) -> Option<usize> {
        let e = self.at[v][d]?;
        let (a, b) = self.edges[e];
        Some(if a == v { b } else { a })
    }
}
