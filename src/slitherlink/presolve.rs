//! The standard forced moves of Slitherlink, found from the clues before
//! any search and added to the formula as unit clauses. Each is implied
//! by the rules (docs/slitherlink-encoding.md gives the arguments), so no
//! answer and no count changes:
//!
//! - a 0: none of its sides (the clue's own clauses say it too);
//! - a 3, 1 or 2 in a corner of the grid: the corner dot takes both of
//!   its edges or neither, so a 3 takes them, a 1 takes neither, and a 2
//!   (on a grid of two rows and columns at least) takes the border edges
//!   that continue its sides away from the corner;
//! - two 3s side by side: the side they share and the two opposite it,
//!   but not the edges continuing the shared side (unless the loop can be
//!   the rectangle around the two cells alone);
//! - two 3s diagonally adjacent: the two sides of each at its far corner.
//!
//! Then failed-literal probing on the edges ([`FormulaBuilder::probe`])
//! decides what unit propagation of the whole formula forces.

use super::encode::EdgeVars;
use super::puzzle::{Clue, Edge, Puzzle};
use crate::builder::FormulaBuilder;

/// How many propagated literals failed-literal probing may spend per edge.
const PROBE_BUDGET_PER_EDGE: usize = 400;

/// The edges the rules force on (`true`) or off (`false`).
pub fn forced(puzzle: &Puzzle) -> Vec<(Edge, bool)> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let number = |r: usize, c: usize| puzzle.number(r, c);
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if number(r, c) == Some(0) {
                out.extend(puzzle.sides(r, c).map(|e| (e, false)));
            }
        }
    }
    // Corners: (cell, its corner dot's two edges, the edges continuing its
    // sides along the border away from the corner).
    if rows >= 1 && cols >= 1 {
        let (lr, lc) = (rows - 1, cols - 1);
        let corners = [
            ((0, 0), [Edge::H(0, 0), Edge::V(0, 0)], [Edge::H(0, 1), Edge::V(1, 0)]),
            ((0, lc), [Edge::H(0, lc), Edge::V(0, cols)], [Edge::H(0, lc.wrapping_sub(1)), Edge::V(1, cols)]),
            ((lr, 0), [Edge::H(rows, 0), Edge::V(lr, 0)], [Edge::H(rows, 1), Edge::V(lr.wrapping_sub(1), 0)]),
            (
                (lr, lc),
                [Edge::H(rows, lc), Edge::V(lr, cols)],
                [Edge::H(rows, lc.wrapping_sub(1)), Edge::V(lr.wrapping_sub(1), cols)],
            ),
        ];
        for ((r, c), corner, beyond) in corners {
            match number(r, c) {
                Some(3) => out.extend(corner.map(|e| (e, true))),
                Some(1) => out.extend(corner.map(|e| (e, false))),
                Some(2) if rows >= 2 && cols >= 2 => out.extend(beyond.map(|e| (e, true))),
                _ => {}
            }
        }
    }
    // Two 3s side by side.
    let rectangle_alone = |cells: [(usize, usize); 2]| rectangle_is_solution(puzzle, cells);
    for r in 0..rows {
        for c in 0..cols {
            if number(r, c) != Some(3) {
                continue;
            }
            if c + 1 < cols && number(r, c + 1) == Some(3) && !rectangle_alone([(r, c), (r, c + 1)]) {
                out.extend([Edge::V(r, c), Edge::V(r, c + 1), Edge::V(r, c + 2)].map(|e| (e, true)));
                if r > 0 {
                    out.push((Edge::V(r - 1, c + 1), false));
                }
                if r + 1 < rows {
                    out.push((Edge::V(r + 1, c + 1), false));
                }
            }
            if r + 1 < rows && number(r + 1, c) == Some(3) && !rectangle_alone([(r, c), (r + 1, c)]) {
                out.extend([Edge::H(r, c), Edge::H(r + 1, c), Edge::H(r + 2, c)].map(|e| (e, true)));
                if c > 0 {
                    out.push((Edge::H(r + 1, c - 1), false));
                }
                if c + 1 < cols {
                    out.push((Edge::H(r + 1, c + 1), false));
                }
            }
            // Diagonal neighbours: down-right and down-left.
            if r + 1 < rows && c + 1 < cols && number(r + 1, c + 1) == Some(3) {
                out.extend(
                    [Edge::H(r, c), Edge::V(r, c), Edge::H(r + 2, c + 1), Edge::V(r + 1, c + 2)]
                        .map(|e| (e, true)),
                );
            }
            if r + 1 < rows && c > 0 && number(r + 1, c - 1) == Some(3) {
                out.extend(
                    [Edge::H(r, c), Edge::V(r, c + 1), Edge::H(r + 2, c - 1), Edge::V(r + 1, c - 1)]
                        .map(|e| (e, true)),
                );
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// True when the loop around the two adjacent `cells` alone satisfies
/// every clue of `puzzle` (then two 3s side by side may be that loop).
fn rectangle_is_solution(puzzle: &Puzzle, cells: [(usize, usize); 2]) -> bool {
    let on = |edge: Edge| {
        let sides = |(r, c): (usize, usize)| puzzle.sides(r, c).contains(&edge);
        sides(cells[0]) != sides(cells[1])
    };
    (0..puzzle.rows).all(|r| {
        (0..puzzle.cols).all(|c| match puzzle.clue(r, c) {
            Some(Clue::Number(n)) => {
                puzzle.sides(r, c).iter().filter(|&&e| on(e)).count() == usize::from(n)
            }
            _ => true,
        })
    })
}

/// Adds the forced moves to `b` as unit clauses, then probes the edges.
pub fn add(b: &mut FormulaBuilder, puzzle: &Puzzle, edges: &EdgeVars) {
    for (edge, on) in forced(puzzle) {
        let lit = edges.lit(puzzle, edge);
        b.clause(&[if on { lit } else { !lit }]);
    }
    let budget = PROBE_BUDGET_PER_EDGE.saturating_mul(edges.all().len());
    b.probe(edges.all(), budget);
}
