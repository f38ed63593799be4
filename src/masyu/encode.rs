//! The encoding of a Masyu puzzle (docs/masyu-encoding.md): a variable
//! per segment between orthogonally adjacent cells, the one-loop
//! constraint of [`crate::cycle`] over them, and every circle's rule as
//! clauses over the segments around it, in a group of its own so that a
//! puzzle without solution names its circles.

use super::grid::{opposite, Grid, DOWN, LEFT, RIGHT, UP};
use super::presolve;
use super::puzzle::{Cell, Circle, Puzzle};
use super::Options;
use crate::builder::FormulaBuilder;
use rustsat::types::Lit;

/// The name of the segment between the 1-based cells `(r, c)` and
/// `(r2, c2)`, the upper or left one first.
pub fn edge_name(r: usize, c: usize, r2: usize, c2: usize) -> String {
    format!("edge({r},{c},{r2},{c2})")
}

/// Encodes `puzzle`: the segments' variables `edge(r,c,r2,c2)` (the
/// projection), one loop through them anchored at the first circle, the
/// circles' rules, and, unless `--no-presolve`, the segments the forced
/// moves decide as unit clauses.
pub fn encode(puzzle: &Puzzle, options: &Options) -> FormulaBuilder {
    let grid = Grid::new(puzzle);
    let mut b = FormulaBuilder::new("masyu", "masyu/loop");
    let anchor = puzzle.cells.iter().position(Option::is_some);
    let (lits, on) = segments_and_loop(&mut b, &grid, anchor);
    let given: Vec<(Cell, Circle)> = puzzle.circles().collect();
    circles(&mut b, &given, &grid, &lits, &on, &|_, _| None);
    if options.presolve() {
        for (e, value) in presolve::forced(puzzle, &grid) {
            b.clause(&[if value { lits[e] } else { !lits[e] }]);
        }
    }
    b
}

/// The encoding of an empty `rows` x `cols` grid for the generator:
/// both circles' rules at every cell, each under a switch of its own
/// (`white(r,c)`, `black(r,c)`: the rule holds when the switch is true, as
/// the caller assumes), and segments that form one or more cycles
/// ([`crate::cycle::cycles`]): the caller splits a model into its cycles
/// and rules out those that cannot be the loop. No presolve.
pub fn encode_switched(rows: usize, cols: usize) -> Switched {
    let blank = Puzzle {
        rows,
        cols,
        cells: vec![None; rows * cols],
        format: super::Format::Text,
    };
    let grid = Grid::new(&blank);
    let mut b = FormulaBuilder::new("masyu", "masyu/switched");
    let (lits, points, edges) = segments(&mut b, &grid);
    let on = crate::cycle::cycles(&mut b, &points, &edges);
    b.clause(&on);
    let mut switches = Vec::with_capacity(rows * cols);
    let mut every = Vec::with_capacity(2 * rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let [white, black] = [Circle::White, Circle::Black].map(|circle| {
                every.push(((r, c), circle));
                b.named(format!("{}({},{})", circle.word(), r + 1, c + 1))
            });
            switches.push([white, black]);
        }
    }
    let switch = |v: usize, circle: Circle| {
        Some(switches[v][usize::from(circle == Circle::Black)])
    };
    circles(&mut b, &every, &grid, &lits, &on, &switch);
    let edges = edges
        .iter()
        .map(|&(u, v, lit)| ([(u / cols, u % cols), (v / cols, v % cols)], lit))
        .collect();
    Switched {
        builder: b,
        edges,
        switches,
    }
}

/// What [`encode_switched`] makes.
pub struct Switched {
    /// The formula so far (the caller may add clauses before finishing it).
    pub builder: FormulaBuilder,
    /// Every segment, its cells (the upper or left one first) and its
    /// literal.
    pub edges: Vec<([Cell; 2], Lit)>,
    /// The switches of cell `r * cols + c`: `[white, black]`.
    pub switches: Vec<[Lit; 2]>,
}

/// The segments' variables (the projection) and the loop over them:
/// returns the segments' literals and `on(r,c)` of every cell.
fn segments_and_loop(
    b: &mut FormulaBuilder,
    grid: &Grid,
    anchor: Option<usize>,
) -> (Vec<Lit>, Vec<Lit>) {
    let (lits, points, edges) = segments(b, grid);
    let on = crate::cycle::one_loop(b, &points, &edges, anchor);
    (lits, on)
}

/// The segments' variables (the projection): their literals, the cells'
/// (row, column) labels and the segments as edges of the loop's graph.
fn segments(
    b: &mut FormulaBuilder,
    grid: &Grid,
) -> (Vec<Lit>, Vec<(usize, usize)>, Vec<crate::cycle::Edge>) {
    let cols = grid.cols;
    let lits: Vec<Lit> = grid
        .edges
        .iter()
        .map(|&(u, v)| b.named(edge_name(u / cols + 1, u % cols + 1, v / cols + 1, v % cols + 1)))
        .collect();
    b.projection(&lits.iter().map(|l| l.var()).collect::<Vec<_>>());
    let points: Vec<(usize, usize)> = (0..grid.rows * cols)
        .map(|v| (v / cols + 1, v % cols + 1))
        .collect();
    let edges: Vec<crate::cycle::Edge> = grid
        .edges
        .iter()
        .zip(&lits)
        .map(|(&(u, v), &lit)| (u, v, lit))
        .collect();
    (lits, points, edges)
}

/// Every circle's rule, a group per circle; `switch(v, circle)`, when it
/// gives a literal, is added negated to each of the circle's clauses.
fn circles(
    b: &mut FormulaBuilder,
    given: &[(Cell, Circle)],
    grid: &Grid,
    lits: &[Lit],
    on: &[Lit],
    switch: &dyn Fn(usize, Circle) -> Option<Lit>,
) {
    let cols = grid.cols;
    let lit = |v: usize, d: usize| grid.at[v][d].map(|e| lits[e]);
    for &((r, c), circle) in given {
        let v = r * cols + c;
        b.group(format!(
            "the {} circle at row {}, column {}",
            circle.word(),
            r + 1,
            c + 1
        ));
        let guard = switch(v, circle);
        let clause = |b: &mut FormulaBuilder, lits: &[Lit]| {
            let mut clause = lits.to_vec();
            clause.extend(guard.map(|g| !g));
            b.clause(&clause);
        };
        clause(b, &[on[v]]);
        match circle {
            Circle::White => {
                // Straight: no horizontal segment with a vertical one
                // (degree 2 then makes it straight through).
                for h in [LEFT, RIGHT].into_iter().filter_map(|d| lit(v, d)) {
                    for u in [UP, DOWN].into_iter().filter_map(|d| lit(v, d)) {
                        clause(b, &[!h, !u]);
                    }
                }
                // Turning next to it: straight through along an axis, one
                // of the two neighbours on that axis has a segment across.
                for (a, z, across) in [(LEFT, RIGHT, [UP, DOWN]), (UP, DOWN, [LEFT, RIGHT])] {
                    let (Some(la), Some(lz)) = (lit(v, a), lit(v, z)) else {
                        continue;
                    };
                    let mut turn = vec![!la, !lz];
                    for w in [a, z].into_iter().filter_map(|d| grid.step(v, d)) {
                        turn.extend(across.iter().filter_map(|&d| lit(w, d)));
                    }
                    clause(b, &turn);
                }
            }
            Circle::Black => {
                for d in [UP, DOWN, LEFT, RIGHT] {
                    let Some(out) = lit(v, d) else { continue };
                    // Turning: never straight through.
                    if d == UP || d == LEFT {
                        if let Some(back) = lit(v, opposite(d)) {
                            clause(b, &[!out, !back]);
                        }
                    }
                    // Straight on through the next cell.
                    match grid.step(v, d).and_then(|w| lit(w, d)) {
                        Some(next) => clause(b, &[!out, next]),
                        None => clause(b, &[!out]),
                    }
                }
            }
        }
    }
    b.end_group();
}
