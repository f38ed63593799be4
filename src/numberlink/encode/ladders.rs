//! What `solve` tries first under `--allow-empty`: the full-cover guard
//! (`c try-first`) and the relaxation ladders (`c relax`): routes, fill
//! bounds or detours. All are literals that `solve` only assumes, so none
//! changes a solution or a count.

use super::super::grid::{Grid, Role};
use super::super::route;
use super::colours::ColourVars;
use crate::builder::FormulaBuilder;
use rustsat::types::Lit;

/// A literal that holds exactly when every free cell is filled
/// (`--allow-empty`). A definition, so it changes no solution and no count;
/// `solve` searches under it first (`c try-first`): the full-cover problem
/// propagates strongly, so a full-cover solution is found, or full cover
/// refuted, fast.
pub(super) fn full_cover_guard(b: &mut FormulaBuilder, filled: &[Option<Lit>]) -> Lit {
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
pub(super) struct LadderWriter<'a> {
    pub(super) grid: &'a Grid,
    pub(super) domains: &'a [Vec<usize>],
    pub(super) vars: &'a ColourVars,
    pub(super) filled: &'a [Option<Lit>],
    /// The edges `(u, v, literal)`.
    pub(super) edges: &'a [(usize, usize, Lit)],
}

impl LadderWriter<'_> {
    /// Detour ladders: the literal of rung `d` ([`DETOUR_RUNGS`]) keeps
    /// the line off every cell that no path with at most `d` cells more
    /// than the shortest passes (by breadth-first distances around the
    /// other endpoints). The first
    /// search then finds the solutions whose lines take short routes,
    /// which under ADC rules most lines do (docs/numberlink-encoding.md).
    pub(super) fn detour_ladders(&self, b: &mut FormulaBuilder) {
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
    pub(super) fn route_ladders(&self, b: &mut FormulaBuilder, routes: &route::Routes) {
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
    /// leaves shared cells, have solutions with 7 empty cells
    /// (docs/numberlink-encoding.md).
    pub(super) fn fill_ladder(&self, b: &mut FormulaBuilder) {
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
    /// first.
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
/// of them. Its totalizers grow with the top bound, so the top stays
/// small; and where many cells must stay empty, tight bounds do not help
/// anyway.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_surplus_counts_chessboard_colours() {
        let surplus = |text: &str| {
            let puzzle = crate::numberlink::parse::parse("t", text, 1).expect("parses");
            empty_surplus(&Grid::new(&puzzle))
        };
        // Five black cells, four white; A's line has one black more.
        assert_eq!(surplus("3 3\nA.A\n...\n...\n"), 0);
        // A's endpoints differ in colour, B's are both white.
        assert_eq!(surplus("4 4\nA..A\nB...\n....\n..B.\n"), 1);
        assert_eq!(surplus("4 4\nA.A.\n....\n....\n....\n"), -1);
        assert_eq!(surplus("3 1\nA.A\n"), 0);
    }
}
