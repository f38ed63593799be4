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
//!    (totalizer via [`FormulaBuilder::cardinality`]); with `--allow-empty`
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
//! History, measured in the same runs: a binary counter (`rank + 1` by a
//! ripple-carry incrementer) was replaced by the register stepped along
//! every arc (1.3 to 1.7 times faster), and that by the winding register
//! (4-6 bits instead of 10-15 per cell, no arcs, half the clauses; 2-3
//! times faster on the 40x40 seed and the 50x50 puzzles).
//!
//! Redundant clauses that help propagation:
//!
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
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::{Lit, Var};
use std::collections::{HashMap, HashSet};

/// The possible colours (0-based pairs, sorted) of every cell: an endpoint
/// has its own; a free cell those pairs whose both endpoints touch its
/// connected region of free cells.
fn domains(grid: &Grid) -> Vec<Vec<usize>> {
    let n = grid.len();
    let mut domains: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut seen = vec![false; n];
    for start in 0..n {
        match grid.roles[start] {
            Role::Start(k) | Role::End(k) => {
                domains[start] = vec![k];
                continue;
            }
            Role::Free if seen[start] => continue,
            Role::Free => {}
        }
        let mut region = vec![start];
        seen[start] = true;
        let mut starts = Vec::new();
        let mut ends = Vec::new();
        let mut i = 0;
        while i < region.len() {
            let v = region[i];
            i += 1;
            for u in grid.neighbours(v) {
                match grid.roles[u] {
                    Role::Free if !seen[u] => {
                        seen[u] = true;
                        region.push(u);
                    }
                    Role::Free => {}
                    Role::Start(k) => starts.push(k),
                    Role::End(k) => ends.push(k),
                }
            }
        }
        starts.sort_unstable();
        starts.dedup();
        ends.sort_unstable();
        ends.dedup();
        let colours: Vec<usize> = starts
            .into_iter()
            .filter(|k| ends.binary_search(k).is_ok())
            .collect();
        for v in region {
            domains[v] = colours.clone();
        }
    }
    domains
}

/// How the colour of every cell is represented.
enum ColourVars {
    /// `cell(r,c)=k` per cell and possible pair, sorted by pair.
    OneHot(Vec<Vec<(usize, Lit)>>),
    /// `colour(r,c,i)`: bit `i` of the cell's pair code.
    Log {
        /// The code bits of every cell.
        bits: Vec<Vec<Lit>>,
    },
}

impl ColourVars {
    /// A clause that holds exactly when cell `v` is not of colour `k`, a
    /// colour of its domain (`None` when the representation has no such
    /// colour there).
    fn not_colour(&self, filled: &[Option<Lit>], v: usize, k: usize) -> Option<Vec<Lit>> {
        match self {
            ColourVars::OneHot(cells) => ColourVars::one_hot(&cells[v], k).map(|x| vec![!x]),
            ColourVars::Log { bits } => {
                let mut clause: Vec<Lit> = bits[v]
                    .iter()
                    .enumerate()
                    .map(|(i, &bit)| if k >> i & 1 == 1 { !bit } else { bit })
                    .collect();
                clause.extend(filled[v].map(|f| !f));
                Some(clause)
            }
        }
    }

    /// `cell(r,c)=k` of the one-hot representation.
    fn one_hot(list: &[(usize, Lit)], k: usize) -> Option<Lit> {
        list.binary_search_by_key(&k, |&(p, _)| p)
            .ok()
            .map(|i| list[i].1)
    }
}

/// Maximal-length linear feedback shift registers `(bits, tap)`: the step
/// `s' = (s << 1) | (s[bits-1] xor s[tap])` runs through all `2^bits - 1`
/// non-zero states (checked in the tests).
const LFSR: &[(usize, usize)] = &[
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 1),
    (6, 0),
    (7, 0),
    (9, 3),
    (10, 2),
    (11, 1),
    (15, 0),
    (17, 2),
    (18, 6),
    (20, 2),
    (21, 1),
    (22, 0),
];

/// The smallest register of [`LFSR`] whose period `P = 2^bits - 1`
/// satisfies `2P > cells`, so that no cycle through at most `cells` cells
/// returns to its state: a cycle of the grid has even length (the grid is
/// bipartite), and an even multiple of the odd `P` is at least `2P`.
pub fn lfsr_shape(cells: usize) -> (usize, usize) {
    LFSR.iter()
        .copied()
        .find(|&(bits, _)| 2 * ((1usize << bits) - 1) > cells)
        .unwrap_or(LFSR[LFSR.len() - 1])
}

/// The smallest register of [`LFSR`] whose period `2^bits - 1` exceeds
/// `count` (the winding registers: a cycle encloses at most `count` ray
/// origins).
pub fn lfsr_exceeding(count: usize) -> (usize, usize) {
    LFSR.iter()
        .copied()
        .find(|&(bits, _)| (1usize << bits) - 1 > count)
        .unwrap_or(LFSR[LFSR.len() - 1])
}

/// The at-most-one encoding for a list of this length.
fn amo_for(len: usize) -> AtMostOne {
    if len <= 64 {
        AtMostOne::Pairwise
    } else {
        AtMostOne::Ladder
    }
}

/// Bits of the binary pair codes: enough for `pairs` codes (at least 1).
fn code_width(pairs: usize) -> usize {
    (usize::BITS - pairs.saturating_sub(1).leading_zeros()).max(1) as usize
}

/// Chooses the colour representation for `--colours auto`: binary codes
/// when cells can take many colours, so that the few forbidden codes cost
/// less than the one-hot at-most-one constraints (measured on the seed
/// and ADC sets: binary codes win on large open grids with tens of lines,
/// one-hot on grids whose regions admit few lines each).
fn choose_colours(grid: &Grid, domains: &[Vec<usize>], pairs: usize) -> Colours {
    let free: Vec<usize> = (0..grid.len())
        .filter(|&v| grid.roles[v] == Role::Free)
        .map(|v| domains[v].len())
        .collect();
    if free.is_empty() {
        return Colours::OneHot;
    }
    let mean = free.iter().sum::<usize>() as f64 / free.len() as f64;
    let codes = (1usize << code_width(pairs)) as f64;
    if mean >= 8.0 && codes <= 4.0 * mean {
        Colours::Log
    } else {
        Colours::OneHot
    }
}

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
    let n = grid.len();
    let domains = domains(&grid);
    let colours = match options.colours {
        Colours::Auto => choose_colours(&grid, &domains, puzzle.pairs.len()),
        chosen => chosen,
    };

    // 1. Colours, and `filled` literals for free cells that may be empty.
    let mut filled: Vec<Option<Lit>> = vec![None; n];
    let vars = if colours == Colours::Log {
        log_colours(&mut b, &grid, &domains, puzzle, fill, &mut filled)
    } else {
        one_hot_colours(&mut b, &grid, &domains, puzzle, fill, &mut filled)
    };

    // 2. Edges and colour consistency.
    let mut edges: Vec<(usize, usize, Lit)> = Vec::new();
    for u in 0..n {
        for v in grid.forward(u) {
            let common = domains[u]
                .iter()
                .any(|k| domains[v].binary_search(k).is_ok());
            if !common {
                continue;
            }
            let (r, c) = grid.rc(u);
            let (r2, c2) = grid.rc(v);
            let e = b.named(names::call("edge", &[&r, &c, &r2, &c2]));
            edges.push((u, v, e));
            same_colour(&mut b, &vars, &domains, &filled, strict, (u, v, e));
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
                Role::Free if fill => b.cardinality(lits, 2, 2),
                Role::Free => {
                    b.cardinality(lits, 0, 2);
                    // A filled cell has two edges: said directly, so unit
                    // propagation completes its degree as the totalizer
                    // does under full cover (the arcs imply it only by
                    // case analysis: ADC 2015 Q06 took 98,755 conflicts
                    // without these clauses, 214 with).
                    if let Some(filled) = filled[v] {
                        b.at_least_if(filled, lits, 2);
                    }
                }
                _ => b.cardinality(lits, 1, 1),
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

    let projection: Vec<Var> = edges.iter().map(|&(_, _, e)| e.var()).collect();
    b.projection(&projection);
    if fill {
        // Every solution has cells - K edges.
        b.blocking_positive();
    }
    b
}

/// A literal that holds exactly when every free cell is filled
/// (`--allow-empty`). A definition, so it changes no solution and no count;
/// `solve` searches under it first (`c try-first`). Measured on the ADC
/// 2015 problems under `--allow-empty`: those with a full-cover solution
/// went from time-outs to seconds, and refuting full cover on those
/// without one takes 0.1-0.3 s (README).
fn full_cover_guard(b: &mut FormulaBuilder, filled: &[Option<Lit>]) -> Lit {
    let guard = b.aux();
    let mut some_empty = vec![guard];
    for &f in filled.iter().flatten() {
        b.implies(guard, f);
        some_empty.push(!f);
    }
    b.clause(&some_empty);
    guard
}

/// The detours a line may take on each rung of its relaxation ladder:
/// the extra cells beyond its shortest possible length.
const DETOUR_RUNGS: [usize; 9] = [0, 2, 4, 6, 8, 12, 16, 24, 32];

/// The rungs of a route ladder where the router left shared cells: how
/// near such a cell another cell must be to be open to every line, in
/// steps.
const WINDOW_RUNGS: [usize; 8] = [2, 3, 4, 6, 8, 11, 15, 20];

/// Writes the relaxation ladders (`c relax`) of `--allow-empty`, one per
/// line: literals that keep the line off some cells, strictest first.
/// `solve` climbs them only in its first search, so no answer or count
/// changes.
struct LadderWriter<'a> {
    grid: &'a Grid,
    domains: &'a [Vec<usize>],
    vars: &'a ColourVars,
    filled: &'a [Option<Lit>],
    /// The edges `(u, v, literal)`.
    edges: &'a [(usize, usize, Lit)],
}

impl LadderWriter<'_> {
    /// Detour ladders: the literal of rung `d` ([`DETOUR_RUNGS`]) keeps
    /// the line off every cell that no path with at most `d` cells more
    /// than the shortest passes (by breadth-first distances around the
    /// other endpoints). The first
    /// search then finds the solutions whose lines take short routes,
    /// which under ADC rules most lines do (README).
    fn detour_ladders(&self, b: &mut FormulaBuilder) {
        for (k, &[start, end]) in self.grid.endpoints.iter().enumerate() {
            let from_start = self.grid.distances(&[start], k);
            let from_end = self.grid.distances(&[end], k);
            let Some(shortest) = from_start[end] else {
                continue;
            };
            let ruled_out: Vec<usize> = from_start
                .iter()
                .zip(&from_end)
                .map(|pair| {
                    let detour = match pair {
                        (Some(a), Some(z)) => a + z - shortest,
                        _ => usize::MAX,
                    };
                    DETOUR_RUNGS.iter().filter(|&&d| d < detour).count()
                })
                .collect();
            self.ladder(b, k, DETOUR_RUNGS.len(), &ruled_out);
        }
    }

    /// Route ladders: the ladder keeps each line on the route
    /// [`route::route`] found for it (`routes`).
    /// Where the routes share no cell they are a solution, and the ladder
    /// has that one rung. Otherwise rung `r` ([`WINDOW_RUNGS`]) also opens
    /// to every line the cells at most `r` steps from a shared cell, so
    /// the lines may find other ways around the router's conflicts.
    fn route_ladders(&self, b: &mut FormulaBuilder, routes: &route::Routes) {
        // Without shared cells every cell off a line's route is out of
        // reach of every window, so one rung says it all.
        let windows = if routes.shared.is_empty() {
            &WINDOW_RUNGS[..1]
        } else {
            &WINDOW_RUNGS[..]
        };
        let mut ladders: Vec<Option<(Vec<Lit>, Vec<usize>)>> = Vec::new();
        for (k, path) in routes.paths.iter().enumerate() {
            if path.is_empty() {
                ladders.push(None);
                continue;
            }
            let mut ruled_out: Vec<usize> = self
                .grid
                .distances(&routes.shared, k)
                .iter()
                .map(|near| {
                    let near = near.unwrap_or(usize::MAX);
                    windows.iter().filter(|&&r| r < near).count()
                })
                .collect();
            for &v in path {
                ruled_out[v] = 0;
            }
            let ladder = self.ladder(b, k, windows.len(), &ruled_out);
            ladders.push(Some((ladder, ruled_out)));
        }
        self.edges_ruled_out(b, &ladders);
    }

    /// The fill ladder: one ladder on the number of empty cells, by the
    /// colour of the chessboard. Every solution leaves the same surplus of
    /// empty cells of one colour over the other ([`empty_surplus`]), so
    /// the rungs bound the empty cells of the other colour by 0, 1, 3, 7
    /// and 15 ([`FILL_RUNGS`]) and those of the surplus colour by as many
    /// plus the surplus. The first
    /// search then finds the fullest solutions, which propagate almost as
    /// strongly as full cover: ADC 2015 Q15 and Q17, where the router
    /// leaves shared cells, have solutions with 7 empty cells (README).
    fn fill_ladder(&self, b: &mut FormulaBuilder) {
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (v, &filled) in self.filled.iter().enumerate() {
            if let Some(filled) = filled {
                if self.grid.is_black(v) {
                    black.push(!filled);
                } else {
                    white.push(!filled);
                }
            }
        }
        let surplus = empty_surplus(self.grid);
        let (more, fewer) = if surplus >= 0 {
            (black, white)
        } else {
            (white, black)
        };
        let surplus = surplus.unsigned_abs();
        // Without a surplus the first rung would be full cover, which the
        // full-cover guard tries already.
        let bounds: Vec<usize> = FILL_RUNGS
            .into_iter()
            .filter(|&k| k > 0 || surplus > 0)
            .take_while(|&k| k < fewer.len())
            .collect();
        let on_fewer = b.at_most_switches(&fewer, &bounds);
        let more_bounds: Vec<usize> = bounds.iter().map(|k| k + surplus).collect();
        let on_more = b.at_most_switches(&more, &more_bounds);
        let ladder: Vec<Lit> = on_fewer
            .iter()
            .zip(&on_more)
            .map(|(&a, &z)| {
                let rung = b.aux();
                b.implies(rung, a);
                b.implies(rung, z);
                rung
            })
            .collect();
        for pair in ladder.windows(2) {
            b.implies(pair[0], pair[1]);
        }
        b.relax_ladder(&ladder);
    }

    /// For every edge that no line may use on the first rung of its
    /// ladder, the clause "some line is above the rung that rules the edge
    /// out for it, or the edge is absent" (`ladders` by line: the ladder
    /// and how many of its rungs rule out each cell). Implied by the
    /// formula (an edge joins two cells of one colour), so nothing
    /// changes but propagation: with every ladder on its first rung the
    /// edge is false at once, where otherwise the solver has to try it
    /// first (external MiniSat took more than 30 s on ADC Q20's routes
    /// without these clauses, 0.05 s with them).
    fn edges_ruled_out(&self, b: &mut FormulaBuilder, ladders: &[Option<(Vec<Lit>, Vec<usize>)>]) {
        'edges: for &(u, v, edge) in self.edges {
            let mut clause = vec![!edge];
            for &k in &self.domains[u] {
                if self.domains[v].binary_search(&k).is_err() {
                    continue;
                }
                let Some((ladder, ruled_out)) = &ladders[k] else {
                    continue 'edges;
                };
                match ruled_out[u].max(ruled_out[v]) {
                    0 => continue 'edges,
                    rungs => clause.push(!ladder[rungs - 1]),
                }
            }
            b.clause(&clause);
        }
    }

    /// One ladder of `rungs` rungs for line `k`: the first `ruled_out[v]`
    /// rungs keep the line off free cell `v`, by one clause at the
    /// loosest of them (each rung implies the next). Returns the ladder.
    fn ladder(
        &self,
        b: &mut FormulaBuilder,
        k: usize,
        rungs: usize,
        ruled_out: &[usize],
    ) -> Vec<Lit> {
        let ladder: Vec<Lit> = (0..rungs).map(|_| b.aux()).collect();
        for pair in ladder.windows(2) {
            b.implies(pair[0], pair[1]);
        }
        for v in 0..self.grid.len() {
            if ruled_out[v] == 0
                || self.grid.roles[v] != Role::Free
                || self.domains[v].binary_search(&k).is_err()
            {
                continue;
            }
            let Some(not_k) = self.vars.not_colour(self.filled, v, k) else {
                continue;
            };
            let mut clause = vec![!ladder[ruled_out[v] - 1]];
            clause.extend(not_k);
            b.clause(&clause);
        }
        b.relax_ladder(&ladder);
        ladder
    }
}

/// The fill ladder's bounds on the empty cells of the colour with fewer
/// of them. Its totalizers grow with the top bound (bounds up to 511 on
/// all empty cells made ADC Q06's formula 4.6 times as large, and its
/// full-cover search twice as slow), and where many cells must stay empty
/// tight bounds do not help (ADC Q09, Q13, Q14, Q20: no answer in 20 s).
const FILL_RUNGS: [usize; 5] = [0, 1, 3, 7, 15];

/// How many more black than white cells ([`Grid::is_black`]) every
/// solution leaves empty. A line's cells alternate in colour along it, so a line
/// has as many black cells as white ones when its endpoints differ in
/// colour, and one more of its endpoints' colour when they do not,
/// whatever its route; the filled cells' surplus is the sum of these, and
/// the empty cells have the rest of the grid's.
fn empty_surplus(grid: &Grid) -> isize {
    // The corner is black: an odd grid has one black cell more.
    let grid_surplus = (grid.len() % 2) as isize;
    let lines_surplus: isize = grid
        .endpoints
        .iter()
        .map(|&[a, z]| match (grid.is_black(a), grid.is_black(z)) {
            (true, true) => 1,
            (false, false) => -1,
            _ => 0,
        })
        .sum();
    grid_surplus - lines_surplus
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

/// The `rank(r,c,i)` register variables of every cell, `bits` each.
fn rank_vars(b: &mut FormulaBuilder, grid: &Grid, bits: usize) -> Vec<Vec<Lit>> {
    (0..grid.len())
        .map(|v| {
            let (r, c) = grid.rc(v);
            (0..bits)
                .map(|i| b.named(names::call("rank", &[&r, &c, &i])))
                .collect()
        })
        .collect()
}

/// First endpoints hold state 1; no other cell holds the zero state,
/// which every linear step maps to itself.
fn register_start(b: &mut FormulaBuilder, grid: &Grid, rank: &[Vec<Lit>]) {
    for (v, bits) in rank.iter().enumerate() {
        if let Role::Start(_) = grid.roles[v] {
            for (i, &bit) in bits.iter().enumerate() {
                b.clause(&[if i == 0 { bit } else { !bit }]);
            }
        } else {
            b.clause(bits);
        }
    }
}

/// The rows of `A^steps`, `A` the register step of [`LFSR`] shape
/// `(bits, tap)`: row `i` is the mask of the current bits whose XOR is bit
/// `i` of the state `steps` steps later.
fn register_power(bits: usize, tap: usize, steps: usize) -> Vec<u64> {
    let mut rows: Vec<u64> = (0..bits).map(|i| 1 << i).collect();
    for _ in 0..steps {
        let mut next = vec![rows[bits - 1] ^ rows[tap]];
        next.extend_from_slice(&rows[..bits - 1]);
        rows = next;
    }
    rows
}

/// Clauses for `guard -> to = A^steps from` (see [`register_power`]).
fn register_step(
    b: &mut FormulaBuilder,
    (bits, tap): (usize, usize),
    steps: usize,
    guard: Lit,
    from: &[Lit],
    to: &[Lit],
) {
    for (i, mask) in register_power(bits, tap, steps).into_iter().enumerate() {
        // to[i] xor (xor of from[j] in mask) = 0: forbid every assignment
        // of odd parity.
        let terms: Vec<Lit> = std::iter::once(to[i])
            .chain((0..bits).filter(|j| mask >> j & 1 == 1).map(|j| from[j]))
            .collect();
        for pattern in 0u64..1 << terms.len() {
            if pattern.count_ones() % 2 == 0 {
                continue;
            }
            let mut clause = vec![!guard];
            // The clause is falsified exactly by the assignment `pattern`.
            clause.extend(
                terms
                    .iter()
                    .enumerate()
                    .map(|(t, &l)| if pattern >> t & 1 == 1 { !l } else { l }),
            );
            b.clause(&clause);
        }
    }
}

/// Arcs (orientations from first to second endpoint) with in- and
/// out-degree one, and a shift register stepped along every arc (the
/// acyclicity argument for every rule set).
fn arcs_and_register(
    b: &mut FormulaBuilder,
    grid: &Grid,
    edges: &[(usize, usize, Lit)],
    filled: &[Option<Lit>],
) {
    let n = grid.len();
    let mut ins: Vec<Vec<Lit>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    for &(u, v, e) in edges {
        // Never out of a second endpoint, never into a first one.
        let mut arcs = Vec::with_capacity(2);
        for (from, to) in [(u, v), (v, u)] {
            if matches!(grid.roles[from], Role::End(_)) || matches!(grid.roles[to], Role::Start(_))
            {
                continue;
            }
            let (fr, fc) = grid.rc(from);
            let (tr, tc) = grid.rc(to);
            let arc = b.named(names::call("arc", &[&fr, &fc, &tr, &tc]));
            b.implies(arc, e);
            outs[from].push((to, arc));
            ins[to].push(arc);
            arcs.push(arc);
        }
        let mut clause = vec![!e];
        clause.extend(&arcs);
        b.clause(&clause);
        if let [x, y] = arcs[..] {
            b.clause(&[!x, !y]);
        }
    }
    for v in 0..n {
        let out_lits: Vec<Lit> = outs[v].iter().map(|&(_, l)| l).collect();
        match grid.roles[v] {
            Role::Start(_) => b.exactly_one(&out_lits, amo_for(out_lits.len())),
            Role::End(_) => b.exactly_one(&ins[v], amo_for(ins[v].len())),
            Role::Free => match filled[v] {
                None => {
                    b.exactly_one(&ins[v], amo_for(ins[v].len()));
                    b.exactly_one(&out_lits, amo_for(out_lits.len()));
                }
                Some(f) => {
                    for lits in [&ins[v], &out_lits] {
                        b.at_most_one(lits, amo_for(lits.len()));
                        let mut clause = vec![!f];
                        clause.extend(lits.iter());
                        b.clause(&clause);
                        for &l in lits.iter() {
                            b.implies(l, f);
                        }
                    }
                }
            },
        }
    }
    // Only free cells can lie on a cycle (a first endpoint has no incoming
    // arc, a second one no outgoing arc).
    let free = grid.roles.iter().filter(|&&r| r == Role::Free).count();
    let shape = lfsr_shape(free);
    let rank = rank_vars(b, grid, shape.0);
    register_start(b, grid, &rank);
    for (v, list) in outs.iter().enumerate() {
        for &(w, arc) in list {
            register_step(b, shape, 1, arc, &rank[v], &rank[w]);
        }
    }
}

/// The edges (`u -> v`, right or down) a ray crosses, with their signs.
type Crossings = Vec<((usize, usize), i64)>;

/// A ray from an endpoint to the border of the grid, crossing the edges
/// between the cells beside it: the net signed number of rays that the
/// edge `u -> v` (right or down) crosses, by edge.
///
/// A ray leaves the centre of its cell in one of the four directions,
/// shifted a little to one side, so that it passes through no cell centre
/// and crosses edges only (a rising ray shifted right crosses the edges
/// between `(r,c)` and `(r,c+1)` above the cell). The sign of a crossing is
/// that of the cross product of the ray's direction with the edge's, so
/// that a cycle's signed crossings of a ray add up to its winding number
/// around the ray's origin.
fn ray_crossings(
    grid: &Grid,
    pairs: &[[usize; 2]],
    exists: &HashSet<(usize, usize)>,
) -> HashMap<(usize, usize), i64> {
    let mut net: HashMap<(usize, usize), i64> = HashMap::new();
    let (rows, cols) = (grid.rows as i64, grid.cols as i64);
    let at = |r: i64, c: i64| (r * cols + c) as usize;
    for pair in pairs {
        let mut best: Option<(usize, Crossings)> = None;
        for &origin in pair {
            let (r0, c0) = ((origin / grid.cols) as i64, (origin % grid.cols) as i64);
            // (row step, column step) of the ray, and the side of the shift.
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                for side in [0i64, -1] {
                    let mut crossed = Vec::new();
                    let (mut r, mut c) = (r0 + dr, c0 + dc);
                    while (0..rows).contains(&r) && (0..cols).contains(&c) {
                        // The edge crossed beside cell (r,c), as (u, v)
                        // right or down, and its sign.
                        let (u, v, sign) = if dc == 0 {
                            // Vertical ray: crosses the horizontal edge
                            // (r, c+side)-(r, c+side+1); direction (1,0).
                            // d = (0, dr): d x a = -dr.
                            (at(r, c + side), at(r, c + side + 1), -dr)
                        } else {
                            // Horizontal ray: crosses the vertical edge
                            // (r+side, c)-(r+side+1, c); direction (0,1).
                            // d = (dc, 0): d x a = dc.
                            (at(r + side, c), at(r + side + 1, c), dc)
                        };
                        // Beside the grid, there is no edge to cross.
                        let inside = if dc == 0 {
                            c + side >= 0 && c + side + 1 < cols
                        } else {
                            r + side >= 0 && r + side + 1 < rows
                        };
                        if inside && exists.contains(&(u, v)) {
                            crossed.push(((u, v), sign));
                        }
                        r += dr;
                        c += dc;
                    }
                    // Fewest crossings, and rather edges no other ray
                    // crosses (each extra step on an edge costs clauses).
                    let cost = crossed
                        .iter()
                        .map(|(key, _)| {
                            1 + 2 * net.get(key).map_or(0, |n| n.unsigned_abs() as usize)
                        })
                        .sum::<usize>();
                    if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                        best = Some((cost, crossed));
                    }
                }
            }
        }
        for (key, sign) in best.map(|(_, crossed)| crossed).unwrap_or_default() {
            *net.entry(key).or_insert(0) += sign;
        }
    }
    net
}

/// Rules out cycles under the default rules (every cell filled, strict
/// cell rule) with one ray per line and a shift register that steps only
/// where a ray is crossed: along every edge `u - v`, `rank(v)` is
/// `A^w rank(u)`, `w` the net signed number of rays the edge crosses
/// (`rank(u) = A^-w rank(v)` read the other way, so no orientation is
/// needed). See the module documentation for why this is sound.
fn winding_register(
    b: &mut FormulaBuilder,
    grid: &Grid,
    origins: &[[usize; 2]],
    edges: &[(usize, usize, Lit)],
) {
    let exists: HashSet<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
    let net = ray_crossings(grid, origins, &exists);
    let shape = lfsr_exceeding(origins.len());
    let rank = rank_vars(b, grid, shape.0);
    register_start(b, grid, &rank);
    for &(u, v, e) in edges {
        let w = net.get(&(u, v)).copied().unwrap_or(0);
        let steps = (w.unsigned_abs() as usize) % ((1 << shape.0) - 1);
        if w >= 0 {
            register_step(b, shape, steps, e, &rank[u], &rank[v]);
        } else {
            register_step(b, shape, steps, e, &rank[v], &rank[u]);
        }
    }
}
/// One-hot colours: `cell(r,c)=k` for every possible pair, exactly one per
/// filled cell. Fills `filled` for free cells when cells may stay empty.
fn one_hot_colours(
    b: &mut FormulaBuilder,
    grid: &Grid,
    domains: &[Vec<usize>],
    puzzle: &Puzzle,
    fill: bool,
    filled: &mut [Option<Lit>],
) -> ColourVars {
    let mut cells = Vec::with_capacity(grid.len());
    for (v, domain) in domains.iter().enumerate() {
        let (r, c) = grid.rc(v);
        let list: Vec<(usize, Lit)> = domain
            .iter()
            .map(|&k| {
                (
                    k,
                    b.named(names::valued("cell", &[&r, &c], &puzzle.numbers[k])),
                )
            })
            .collect();
        let lits: Vec<Lit> = list.iter().map(|&(_, l)| l).collect();
        match grid.roles[v] {
            Role::Start(_) | Role::End(_) => b.clause(&lits),
            Role::Free if fill => b.exactly_one(&lits, amo_for(lits.len())),
            Role::Free => {
                b.at_most_one(&lits, amo_for(lits.len()));
                let f = b.aux();
                let mut clause = vec![!f];
                clause.extend(&lits);
                b.clause(&clause);
                for &l in &lits {
                    b.implies(l, f);
                }
                filled[v] = Some(f);
            }
        }
        cells.push(list);
    }
    ColourVars::OneHot(cells)
}

/// Binary colours: `colour(r,c,i)`, the bits of the pair's code (its index),
/// with the codes outside the cell's domain forbidden. Fills `filled` for
/// free cells when cells may stay empty.
fn log_colours(
    b: &mut FormulaBuilder,
    grid: &Grid,
    domains: &[Vec<usize>],
    puzzle: &Puzzle,
    fill: bool,
    filled: &mut [Option<Lit>],
) -> ColourVars {
    let width = code_width(puzzle.pairs.len());
    let mut bits = Vec::with_capacity(grid.len());
    for (v, domain) in domains.iter().enumerate() {
        let (r, c) = grid.rc(v);
        let code: Vec<Lit> = (0..width)
            .map(|i| b.named(names::call("colour", &[&r, &c, &i])))
            .collect();
        if !fill && grid.roles[v] == Role::Free {
            filled[v] = Some(b.aux());
        }
        for value in 0..(1usize << width) {
            if domain.binary_search(&value).is_ok() {
                continue;
            }
            let mut clause: Vec<Lit> = code
                .iter()
                .enumerate()
                .map(|(i, &bit)| if value >> i & 1 == 1 { !bit } else { bit })
                .collect();
            clause.extend(filled[v].map(|f| !f));
            b.clause(&clause);
        }
        bits.push(code);
    }
    ColourVars::Log { bits }
}

/// The colour constraints of edge `e` between cells `u` and `v`: an edge
/// joins cells of the same colour, and (strict rule) two filled adjacent
/// cells of the same colour are joined.
fn same_colour(
    b: &mut FormulaBuilder,
    vars: &ColourVars,
    domains: &[Vec<usize>],
    filled: &[Option<Lit>],
    strict: bool,
    (u, v, e): (usize, usize, Lit),
) {
    match vars {
        ColourVars::OneHot(cells) => {
            let mut all: Vec<usize> = domains[u].iter().chain(&domains[v]).copied().collect();
            all.sort_unstable();
            all.dedup();
            for k in all {
                match (
                    ColourVars::one_hot(&cells[u], k),
                    ColourVars::one_hot(&cells[v], k),
                ) {
                    (Some(x), Some(y)) => {
                        b.clause(&[!e, !x, y]);
                        b.clause(&[!e, !y, x]);
                        if strict {
                            b.clause(&[!x, !y, e]);
                        }
                    }
                    (Some(x), None) | (None, Some(x)) => b.clause(&[!e, !x]),
                    (None, None) => {}
                }
            }
        }
        ColourVars::Log { bits } => {
            // The strict rule: filled, all bits equal => edge; `d_i` is true
            // only when bit `i` differs.
            let mut unless = vec![e];
            unless.extend(filled[u].map(|f| !f));
            unless.extend(filled[v].map(|f| !f));
            for (&x, &y) in bits[u].iter().zip(&bits[v]) {
                b.clause(&[!e, !x, y]);
                b.clause(&[!e, x, !y]);
                if strict {
                    let d = b.aux();
                    b.clause(&[!d, x, y]);
                    b.clause(&[!d, !x, !y]);
                    unless.push(d);
                }
            }
            if strict {
                b.clause(&unless);
            }
            for f in [filled[u], filled[v]].into_iter().flatten() {
                b.implies(e, f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_registers_have_full_period() {
        for &(bits, tap) in LFSR {
            let mask = (1usize << bits) - 1;
            let mut state = 1usize;
            let mut steps = 0usize;
            loop {
                let feedback = ((state >> (bits - 1)) ^ (state >> tap)) & 1;
                state = ((state << 1) & mask) | feedback;
                steps += 1;
                if state == 1 {
                    break;
                }
            }
            assert_eq!(steps, mask, "register ({bits}, {tap})");
        }
    }

    #[test]
    fn register_period_exceeds_cells() {
        assert_eq!(lfsr_shape(0), (2, 0));
        assert_eq!(lfsr_shape(5), (2, 0));
        assert_eq!(lfsr_shape(6), (3, 0));
        assert_eq!(lfsr_shape(1600), (10, 2));
        assert_eq!(lfsr_shape(2045), (10, 2));
        assert_eq!(lfsr_shape(2046), (11, 1));
        assert_eq!(lfsr_shape(2500), (11, 1));
        assert_eq!(lfsr_shape(1002 * 1002), (20, 2));
        assert_eq!(lfsr_exceeding(1), (2, 0));
        assert_eq!(lfsr_exceeding(31), (6, 0));
        assert_eq!(lfsr_exceeding(432), (9, 3));
    }

    /// The state after `steps` register steps, as integers.
    fn stepped(bits: usize, tap: usize, mut state: u64, steps: usize) -> u64 {
        let mask = (1u64 << bits) - 1;
        for _ in 0..steps {
            let feedback = ((state >> (bits - 1)) ^ (state >> tap)) & 1;
            state = ((state << 1) & mask) | feedback;
        }
        state
    }

    #[test]
    fn register_powers_are_repeated_steps() {
        for &(bits, tap) in &LFSR[..8] {
            for steps in 0..5 {
                let rows = register_power(bits, tap, steps);
                for state in [1u64, 2, 5, (1 << bits) - 1, (1 << (bits - 1)) + 3] {
                    let state = state & ((1 << bits) - 1);
                    let by_rows = rows
                        .iter()
                        .enumerate()
                        .map(|(i, mask)| u64::from((state & mask).count_ones() % 2 == 1) << i)
                        .sum::<u64>();
                    assert_eq!(by_rows, stepped(bits, tap, state, steps), "{bits} {steps}");
                }
            }
        }
    }

    /// Sum of the signed ray crossings along the closed walk `cells`.
    fn around(net: &HashMap<(usize, usize), i64>, cells: &[usize]) -> i64 {
        let mut total = 0;
        for (i, &u) in cells.iter().enumerate() {
            let v = cells[(i + 1) % cells.len()];
            let w = net.get(&(u.min(v), u.max(v))).copied().unwrap_or(0);
            total += if u < v { w } else { -w };
        }
        total
    }

    /// The rectangle ring of cells with corners `(r0,c0)`, `(r1,c1)`,
    /// clockwise from the top left.
    fn ring(cols: usize, (r0, c0): (usize, usize), (r1, c1): (usize, usize)) -> Vec<usize> {
        let mut cells = Vec::new();
        cells.extend((c0..c1).map(|c| r0 * cols + c));
        cells.extend((r0..r1).map(|r| r * cols + c1));
        cells.extend((c0 + 1..=c1).rev().map(|c| r1 * cols + c));
        cells.extend((r0 + 1..=r1).rev().map(|r| r * cols + c0));
        cells
    }

    #[test]
    fn rays_count_the_enclosed_lines() {
        // 9x9, three pairs: 1 and 2 inside, 3 on the border.
        let text = "3\n9 9\n. . . . . . . . 3\n. . . . . . . . .\n. . . . . . . . .\n\
                    . . 1 . . . . . .\n. . 1 . . 2 . . .\n. . . . . 2 . . .\n\
                    . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . 3\n";
        let puzzle = super::super::parse::parse("t.in", text, 1).expect("puzzle");
        let grid = Grid::new(&puzzle);
        let mut exists = HashSet::new();
        for u in 0..grid.len() {
            for v in grid.forward(u) {
                exists.insert((u, v));
            }
        }
        let origins: Vec<[usize; 2]> = puzzle
            .pairs
            .iter()
            .map(|[a, z]| [a.0 * 9 + a.1, z.0 * 9 + z.1])
            .collect();
        let net = ray_crossings(&grid, &origins, &exists);
        // Around both inner pairs, clockwise and counter-clockwise.
        let big = ring(9, (2, 1), (6, 7));
        assert_eq!(around(&net, &big).abs(), 2);
        let back: Vec<usize> = big.iter().rev().copied().collect();
        assert_eq!(around(&net, &back), -around(&net, &big));
        // Around pair 2 alone (column 5, rows 4-5), and around nothing.
        assert_eq!(around(&net, &ring(9, (3, 4), (6, 6))).abs(), 1);
        assert_eq!(around(&net, &ring(9, (2, 1), (5, 3))).abs(), 1);
        assert_eq!(around(&net, &ring(9, (0, 0), (2, 2))), 0);
        assert_eq!(around(&net, &ring(9, (6, 0), (8, 3))), 0);
        // The whole border encloses pairs 1 and 2 (3 lies on it).
        assert_eq!(around(&net, &ring(9, (0, 0), (8, 8))).abs(), 2);
    }

    #[test]
    fn empty_surplus_counts_chessboard_colours() {
        let surplus = |text: &str| {
            let puzzle = super::super::parse::parse("t", text, 1).expect("parses");
            empty_surplus(&Grid::new(&puzzle))
        };
        // Five black cells, four white; A's line has one black more.
        assert_eq!(surplus("3 3\nA.A\n...\n...\n"), 0);
        // A's endpoints differ in colour, B's are both white.
        assert_eq!(surplus("4 4\nA..A\nB...\n....\n..B.\n"), 1);
        assert_eq!(surplus("4 4\nA.A.\n....\n....\n....\n"), -1);
        assert_eq!(surplus("3 1\nA.A\n"), 0);
    }

    #[test]
    fn code_widths() {
        assert_eq!(code_width(1), 1);
        assert_eq!(code_width(2), 1);
        assert_eq!(code_width(3), 2);
        assert_eq!(code_width(31), 5);
        assert_eq!(code_width(32), 5);
        assert_eq!(code_width(33), 6);
    }
}
