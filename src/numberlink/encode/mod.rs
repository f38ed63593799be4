//! The default ("rank") encoding: sound, compact and propagation-strong.
//!
//! Variables (1-based rows, columns and pair numbers in the names):
//!
//! - the colour of every cell, in one of two representations
//!   (`--colours`): one-hot `cell(r,c)=k` for the lines that can reach the
//!   cell (see *domains* below), or binary `colour(r,c,i)`, bit `i` of the
//!   line's index, with the indices outside the cell's domain forbidden;
//!   `auto` takes binary codes when cells can take many colours;
//! - `edge(r,c,r2,c2)`: the line runs between two adjacent cells (the
//!   projection set: distinct solutions differ in their edges);
//! - `rank(r,c,i)`: bit `i` of the state of a `B`-bit maximal-length
//!   linear feedback shift register (period `P = 2^B - 1`), the potential
//!   that rules out cycles;
//! - with `--cycles register` (the default under `--allow-empty` or
//!   `--allow-touching`) also `arc(r,c,r2,c2)`: the edge is walked from the
//!   first cell to the second, lines being oriented from the first
//!   endpoint to the second.
//!
//! Constraints:
//!
//! 1. every non-endpoint cell has exactly one colour (at most one with
//!    `--allow-empty`); an endpoint has its own;
//! 2. an edge joins cells of the same colour, and (strict rule) two
//!    adjacent cells of the same colour are joined by an edge;
//! 3. degrees: exactly two edges at a filled free cell, one at an endpoint
//!    (one clause per subset of a cell's at most four edges, no auxiliary
//!    variable: [`FormulaBuilder::cardinality_direct`]); with `--allow-empty`
//!    at most two at a free cell, and at least two if it is filled, as
//!    clauses that propagate like the totalizer
//!    ([`FormulaBuilder::at_least_if`]);
//! 4. no U-turn: under the strict rule at most two of the four edges of a
//!    2x2 square (three would leave two adjacent cells of one colour
//!    unjoined; four are a cycle); without it, not all four;
//! 5. no cycles, in one of two ways (`--cycles`):
//!    - *winding* (default rules): one ray per line, from one of its
//!      endpoints straight to the border of the grid; along every edge
//!      `u - v`, `rank(v) = A^w rank(u)`, where `A` is the register step
//!      and `w` the net signed number of rays the edge crosses (`0` for
//!      almost every edge: then the ranks are equal); no orientation is
//!      needed, as read the other way the edge gives `A^-w`;
//!    - *register* (any rules): `edge = arc(u,v) or arc(v,u)`, never
//!      both; a first endpoint has one outgoing and no incoming arc, a
//!      second endpoint the converse, every other filled cell one of each;
//!      along every arc `u -> v`, `rank(v) = A rank(u)`;
//!
//!    in both, first endpoints hold state 1 and no cell the zero state
//!    (which `A` maps to itself).
//!
//! Soundness. By 1-3 the edges form paths and cycles, and a path's two
//! ends are endpoints of one colour, so of one pair. *Winding*: going once
//! around a cycle multiplies the rank by `A^s`, `s` the sum of `w` along
//! it, which is the sum over the rays of the cycle's winding number around
//! the ray's origin (the signed count of a ray's crossings is that winding
//! number): `±m`, `m` the number of ray origins inside. Under the default
//! rules every cycle encloses a whole line: by 4 it is longer than four
//! cells, so under the strict rule it has a cell inside (a cycle around no
//! cell is a strip two cells wide, with two adjacent cells of one colour
//! unjoined, unless it is a 2x2 square); that cell is filled, and its
//! line cannot cross the cycle, so that line, endpoints and all, is inside
//! (or it is itself a cycle inside: repeat). So `1 ≤ m ≤ K < P` and the
//! rank would come back to itself after `A^±m ≠ I`, which no non-zero
//! state does (`A^m - I` is invertible when `P` does not divide `m`).
//! *Register*: every filled cell has in- and out-degree one (endpoints
//! aside); around a cycle of `L` arcs the rank steps `L` times, so `P`
//! divides `L`; `L` is even (the grid is bipartite), so `L ≥ 2P`, but the
//! register is chosen with `2P >` free cells. Completeness: any solution
//! gives a model (each line from its first endpoint, state 1, stepping as
//! the constraints say; every cell is on one line).
//!
//! Why the winding register where it applies: it needs 4-6 bits per cell
//! instead of 10-15 and no arcs, so about half the clauses of the
//! register stepped along every arc.
//!
//! Redundant clauses that help propagation:
//!
//! - the presolve (`--presolve`, module `presolve`, run before the
//!   formula is built): segments that forced moves decide in every
//!   solution, the colours of cells whose piece has one line left and the
//!   ranks along taken segments, as decided literals
//!   ([`FormulaBuilder::decide`]: their clauses never enter the formula),
//!   and under the
//!   default rules the corners that no cell can turn (a turn needs the
//!   diagonal inside it to lead to an endpoint through cells turning the
//!   same way), as binary clauses. A puzzle that the presolve solves
//!   (every segment decided, which proves its solution unique) is given
//!   as its decided segments and colours alone: the constraints hold for
//!   them and would only add variables;
//! - domains: a line can only use free cells of a connected region of
//!   non-endpoint cells that touches both of its endpoints, so its colour
//!   is possible only there, and edges between cells with disjoint domains
//!   do not exist;
//! - no U-turn (4) under the register: there cycles are excluded anyway.
//!
//! Under `--allow-empty`, a *full-cover guard* ([`full_cover_guard`]) is
//! defined as "every free cell is filled", and the header asks `solve` to
//! search under it first (`c try-first`): no solution or count changes,
//! but the full-cover problem propagates strongly, so it is solved or
//! refuted fast before the search with empty cells. Then `solve` climbs
//! relaxation ladders (`c relax`, `--ladders`): by default every line is
//! first kept on the route a negotiated-congestion router (module
//! `route`) found for it (`route_ladders`) when those routes share no
//! cell, and otherwise the number of empty cells is first kept small
//! (`fill_ladder`); with `--ladders detour` every line is first kept on
//! its shortest routes (`detour_ladders`). All are literals that `solve`
//! only assumes, so none changes a solution or a count.

use super::grid::{Grid, Role};
use super::route;
use super::{Colours, Cycles, Ladders, Options, Puzzle};
use crate::builder::FormulaBuilder;
use crate::names::{self, Range};
use colours::{
    choose_colours, domains, endpoint_colours, log_colours, one_hot_colours, same_colour,
};
use cycles::{arcs_and_register, winding_register};
use ladders::{full_cover_guard, LadderWriter};
use rustsat::types::{Lit, Var};
use rustc_hash::FxHashMap as HashMap;

mod colours;
mod cycles;
mod ladders;
mod presolve;

/// Encodes `puzzle` under the rules in `options` (the encoding field is
/// ignored: this is the rank encoding). The winding register is used only
/// under the default rules, whatever `options.cycles` says.
pub fn encode(puzzle: &Puzzle, options: &Options) -> FormulaBuilder {
    let grid = Grid::new(puzzle);
    let fill = !options.allow_empty;
    let strict = !options.allow_touching;
    // The winding argument holds only under the default rules (there
    // `--cycles winding` is refused with other rules before this point).
    let winding = match options.cycles {
        Cycles::Auto | Cycles::Winding => fill && strict,
        Cycles::Register => false,
    };
    let mut b = FormulaBuilder::new("numberlink", "numberlink/rank");
    // MiniSat answers these formulas two to three times faster than
    // CaDiCaL, whose preprocessing and inprocessing do not pay here.
    b.prefer_solver("minisat");
    // Where CaDiCaL is asked for, its inprocessing costs more than it
    // gains on these formulas (about 1.7x faster without).
    b.recommend_solver_option("cadical", "inprocessing", 0);
    let n = grid.len();
    let domains = domains(&grid);
    let colours = match options.colours {
        Colours::Auto => choose_colours(&grid, &domains, puzzle.pairs.len()),
        chosen => chosen,
    };

    // The segments between cells with a colour in common (the others do
    // not exist), and what the presolve decides about them: it runs
    // first, so that what it decided never enters the formula (see
    // `FormulaBuilder::decide`).
    let (ends, absent): (Vec<Pair>, Vec<Pair>) = (0..n)
        .flat_map(|u| grid.forward(u).map(move |v| (u, v)))
        .partition(|&(u, v)| {
            domains[u]
                .iter()
                .any(|k| domains[v].binary_search(k).is_ok())
        });
    let presolved = options.presolve().then(|| {
        presolve::presolve(
            &grid,
            &domains,
            &ends,
            fill,
            strict,
            PROBE_WORK_PER_SEGMENT * ends.len(),
        )
    });
    if let Some(presolved) = presolved.as_ref().filter(|p| p.contradiction) {
        return no_solution(b, &grid, &ends, &presolved.edges);
    }
    let known: &[Option<usize>] = presolved.as_ref().map_or(&[], |p| &p.colours);

    // 1. Colours, and `filled` literals for free cells that may be empty.
    let mut filled: Vec<Option<Lit>> = vec![None; n];
    let vars = if colours == Colours::Log {
        log_colours(&mut b, &grid, &domains, puzzle, (fill, known), &mut filled)
    } else {
        one_hot_colours(&mut b, &grid, &domains, puzzle, (fill, known), &mut filled)
    };

    if options.presolve() {
        endpoint_colours(&mut b, &grid, &vars);
    }

    // 2. Edges and colour consistency: a variable for every pair of
    // neighbours (two blocks of names), ruled out where the two cells
    // have no colour in common; the presolve's forced moves decided.
    let segments = Segments::new(&mut b, &grid);
    let edges: Vec<(usize, usize, Lit)> = ends
        .iter()
        .map(|&(u, v)| (u, v, segments.between(&grid, u, v)))
        .collect();
    let mut open = Vec::new();
    if let Some(presolved) = &presolved {
        for (&(_, _, e), state) in edges.iter().zip(&presolved.edges) {
            match state {
                Some(true) => b.decide(e),
                Some(false) => b.decide(!e),
                None => open.push(e),
            }
        }
    }
    for &(u, v) in &absent {
        b.clause(&[!segments.between(&grid, u, v)]);
    }
    if presolved.as_ref().is_some_and(|p| p.solved) {
        // The presolve solved the puzzle: every segment and every cell's
        // colour is decided, and the constraints that follow hold for
        // them with some values of their auxiliary variables (the
        // presolve's rules are the puzzle's), so they would add variables
        // and no answer.
        return finish(b, &edges, fill);
    }
    for &edge in &edges {
        same_colour(&mut b, &vars, &domains, &filled, strict, edge);
    }

    // The corners no cell can turn, as binary clauses (see `presolve`).
    if let Some(presolved) = &presolved {
        for &(i, j) in &presolved.corners {
            b.clause(&[!edges[i].2, !edges[j].2]);
        }
    }

    // 3. Degrees: two edges at a filled free cell, one at an endpoint.
    {
        let mut inc: Vec<Vec<Lit>> = vec![Vec::new(); n];
        for &(u, v, e) in &edges {
            inc[u].push(e);
            inc[v].push(e);
        }
        for (v, lits) in inc.iter().enumerate() {
            match grid.roles[v] {
                Role::Free if fill => {
                    let (r, c) = grid.rc(v);
                    b.group(format!("cell ({r},{c}) on a line"));
                    b.cardinality_direct(lits, 2, 2);
                    b.end_group();
                }
                Role::Free => {
                    b.cardinality_direct(lits, 0, 2);
                    // A filled cell has two edges: said directly, so unit
                    // propagation completes its degree as the totalizer
                    // does under full cover (the arcs imply it only by
                    // case analysis, which the solver pays for in
                    // conflicts).
                    if let Some(filled) = filled[v] {
                        b.at_least_if(filled, lits, 2);
                    }
                }
                Role::Start(k) | Role::End(k) => {
                    // The ends of a line are the parts a puzzle without
                    // solution is explained by: "lines 4 and 9 cannot
                    // both be drawn".
                    b.group(format!(
                        "line {} (its two ends)",
                        super::render::label(puzzle, k + 1)
                    ));
                    b.cardinality_direct(lits, 1, 1);
                    b.end_group();
                }
            }
        }
    }

    // 4. No U-turns in 2x2 squares.
    no_u_turns(&mut b, &grid, &edges, strict);

    // 5. No cycles.
    if winding {
        winding_register(&mut b, &grid, &grid.endpoints, &edges);
    } else {
        arcs_and_register(&mut b, &grid, &edges, &filled);
    }

    if !fill {
        let guard = full_cover_guard(&mut b, &filled);
        b.try_first(&[guard]);
        let ladders = LadderWriter {
            grid: &grid,
            domains: &domains,
            vars: &vars,
            filled: &filled,
            edges: &edges,
        };
        match options.ladders {
            Ladders::Auto => {
                let routes = route::route(&grid);
                if routes.shared.is_empty() {
                    ladders.route_ladders(&mut b, &routes);
                } else {
                    ladders.fill_ladder(&mut b);
                }
            }
            Ladders::Route => ladders.route_ladders(&mut b, &route::route(&grid)),
            Ladders::Fill => ladders.fill_ladder(&mut b),
            Ladders::Detour => ladders.detour_ladders(&mut b),
            Ladders::None => {}
        }
    }

    if !open.is_empty() {
        // What the clauses force beyond the presolve's rules: each segment
        // it left open tried both ways under unit propagation.
        b.probe(&open, PROBE_BUDGET_PER_CLAUSE * b.num_clauses());
    }

    finish(b, &edges, fill)
}

/// The formula's last declarations: solutions are told apart by their
/// segments, and under full cover every solution has as many segments
/// (cells less lines), so its positive segments block it.
fn finish(mut b: FormulaBuilder, edges: &[(usize, usize, Lit)], fill: bool) -> FormulaBuilder {
    let projection: Vec<Var> = edges.iter().map(|&(_, _, e)| e.var()).collect();
    b.projection(&projection);
    if fill {
        b.blocking_positive();
    }
    b
}

/// The formula of a puzzle whose presolve met a contradiction: the
/// segments decided up to then and the empty clause (the puzzle has no
/// solution, as the nonogram encoder says of a line that cannot be
/// filled). `decode-numberlink` names the lines to blame on the plain
/// encoding, which it builds itself.
fn no_solution(
    mut b: FormulaBuilder,
    grid: &Grid,
    ends: &[Pair],
    decided: &[Option<bool>],
) -> FormulaBuilder {
    let segments = Segments::new(&mut b, grid);
    for (&(u, v), state) in ends.iter().zip(decided) {
        if let &Some(taken) = state {
            let e = segments.between(grid, u, v);
            b.decide(if taken { e } else { !e });
        }
    }
    b.clause(&[]);
    b
}

/// Cells the presolve's probing may look at, per segment: enough for
/// published puzzles, a bound on the encoder's time where the search is
/// the work.
const PROBE_WORK_PER_SEGMENT: usize = 1000;

/// Literals that probing may propagate, per clause of the formula: enough
/// for published puzzles, a bound on the encoder's time where the search
/// is the work (the 50x50 puzzles).
const PROBE_BUDGET_PER_CLAUSE: usize = 200;

/// Two adjacent cells, the first left of or above the second.
type Pair = (usize, usize);

/// The segment variables: `edge(r,c,r,c+1)` between every cell and its
/// right neighbour, `edge(r,c,r+1,c)` between every cell and the one
/// below, each set one block of names.
struct Segments {
    right: Vec<Lit>,
    down: Vec<Lit>,
}

impl Segments {
    fn new(b: &mut FormulaBuilder, grid: &Grid) -> Segments {
        let (rows, cols) = (grid.rows as i64, grid.cols as i64);
        let right = b.named_block_or_each(
            "edge(r,c,r,c+1)",
            &[("r", Range::Int(1, rows)), ("c", Range::Int(1, cols - 1))],
            |at| names::call("edge", &[&at[0], &at[1], &at[0], &(at[1] + 1)]),
        );
        let down = b.named_block_or_each(
            "edge(r,c,r+1,c)",
            &[("r", Range::Int(1, rows - 1)), ("c", Range::Int(1, cols))],
            |at| names::call("edge", &[&at[0], &at[1], &(at[0] + 1), &at[1]]),
        );
        Segments { right, down }
    }

    /// The segment between cell `u` and its right or lower neighbour `v`.
    fn between(&self, grid: &Grid, u: usize, v: usize) -> Lit {
        if v == u + 1 && v % grid.cols != 0 {
            let (r, c) = (u / grid.cols, u % grid.cols);
            self.right[r * (grid.cols - 1) + c]
        } else {
            self.down[u]
        }
    }
}

/// Under the strict rule at most two of the four edges of every 2x2 square
/// (three would leave two adjacent cells of one line unjoined, four are a
/// cycle); without it, not all four.
fn no_u_turns(b: &mut FormulaBuilder, grid: &Grid, edges: &[(usize, usize, Lit)], strict: bool) {
    let edge_at: HashMap<(usize, usize), Lit> =
        edges.iter().map(|&(u, v, e)| ((u, v), e)).collect();
    for r in 0..grid.rows.saturating_sub(1) {
        for c in 0..grid.cols.saturating_sub(1) {
            let v = r * grid.cols + c;
            let square: Vec<Lit> = [
                (v, v + 1),
                (v, v + grid.cols),
                (v + 1, v + 1 + grid.cols),
                (v + grid.cols, v + 1 + grid.cols),
            ]
            .iter()
            .filter_map(|key| edge_at.get(key).copied())
            .collect();
            let negated: Vec<Lit> = square.iter().map(|&e| !e).collect();
            match (strict, negated.len()) {
                (true, 3) => b.clause(&negated),
                (true, 4) => {
                    for skip in 0..4 {
                        let mut clause = negated.clone();
                        clause.remove(skip);
                        b.clause(&clause);
                    }
                }
                (false, 4) => b.clause(&negated),
                _ => {}
            }
        }
    }
}
