//! Slitherlink to CNF: one variable per edge of the lattice, each clue a
//! cardinality constraint on its cell's four sides, and the shared "one
//! closed loop" constraint ([`crate::cycle::one_loop`]) over the edges.
//! The reasons it is sound are in docs/slitherlink-encoding.md.
//!
//! Variables: `h(r,c)` is the horizontal edge above cell `(r, c)` (`r` up
//! to `rows + 1`, below the last row), `v(r,c)` the vertical edge left of
//! cell `(r, c)` (`c` up to `cols + 1`), rows and columns from 1. They form
//! the projection set, so `solve --all` counts loops.

use super::presolve;
use super::puzzle::{Clue, Edge, Puzzle};
use crate::builder::FormulaBuilder;
use crate::names::Range;
use rustsat::types::Lit;

/// The encoder's name in the header.
pub const ENCODER: &str = "slitherlink/edges";

/// The edge variables of a puzzle, by [`Puzzle::edge_index`].
pub struct EdgeVars {
    lits: Vec<Lit>,
}

impl EdgeVars {
    /// Makes the named edge variables of `puzzle` in `b`.
    pub fn new(b: &mut FormulaBuilder, puzzle: &Puzzle) -> EdgeVars {
        let (rows, cols) = (puzzle.rows as i64, puzzle.cols as i64);
        let mut lits = b.named_block_or_each(
            "h(r,c)",
            &[("r", Range::Int(1, rows + 1)), ("c", Range::Int(1, cols))],
            |at| format!("h({},{})", at[0], at[1]),
        );
        lits.extend(b.named_block_or_each(
            "v(r,c)",
            &[("r", Range::Int(1, rows)), ("c", Range::Int(1, cols + 1))],
            |at| format!("v({},{})", at[0], at[1]),
        ));
        EdgeVars { lits }
    }

    /// The variable of `edge`.
    pub fn lit(&self, puzzle: &Puzzle, edge: Edge) -> Lit {
        self.lits[puzzle.edge_index(edge)]
    }

    /// Every edge variable, in [`Puzzle::edges`] order.
    pub fn all(&self) -> &[Lit] {
        &self.lits
    }
}

/// How a clue is named in explanations: `3 at row 2, column 5`.
pub fn clue_label(n: u8, r: usize, c: usize) -> String {
    format!("the {n} at row {}, column {}", r + 1, c + 1)
}

/// Encodes `puzzle`; with `presolve`, the forced moves of
/// [`super::presolve`] are added as unit clauses.
pub fn encode(puzzle: &Puzzle, presolve: bool) -> FormulaBuilder {
    let mut b = FormulaBuilder::new("slitherlink", ENCODER);
    let edges = EdgeVars::new(&mut b, puzzle);
    // The clues, one group each, for explaining a puzzle without solution.
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            if let Some(Clue::Number(n)) = puzzle.clue(r, c) {
                b.group(clue_label(n, r, c));
                let sides: Vec<Lit> = puzzle.sides(r, c).iter().map(|&e| edges.lit(puzzle, e)).collect();
                let n = usize::from(n);
                b.cardinality_direct(&sides, n, n);
            }
        }
    }
    b.end_group();
    // One closed loop over the lattice (the frame: never blamed).
    let points: Vec<(usize, usize)> = (0..=puzzle.rows)
        .flat_map(|r| (0..=puzzle.cols).map(move |c| (r + 1, c + 1)))
        .collect();
    let loop_edges: Vec<(usize, usize, Lit)> = puzzle
        .edges()
        .into_iter()
        .map(|edge| {
            let [a, z] = puzzle.ends(edge);
            (puzzle.dot(a.0, a.1), puzzle.dot(z.0, z.1), edges.lit(puzzle, edge))
        })
        .collect();
    crate::cycle::one_loop(&mut b, &points, &loop_edges, None);
    if presolve {
        presolve::add(&mut b, puzzle, &edges);
    }
    let projection: Vec<_> = edges.all().iter().map(|l| l.var()).collect();
    b.projection(&projection);
    b
}
