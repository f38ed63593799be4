//! A negotiated-congestion router (PathFinder, McMurchie and Ebeling,
//! FPGA 1995): a guess at where every line runs, for the route ladders of
//! `--allow-empty` (see [`super::encode`]).
//!
//! Every line is routed by a cheapest-path search in turn; a cell costs
//! more the more other lines use it now (the present penalty, which grows
//! every round) and the more rounds it was shared before (its history).
//! Lines are ripped up and routed again, round after round, until no cell
//! is shared or the rounds run out; the routes of the round with the
//! fewest shared cells are kept. Every route found is shortened wherever
//! it passes beside itself, so that it keeps the strict cell rule; routes
//! that share no cell are therefore a solution under `--allow-empty`.
//!
//! The routes are only a hint: the encoder turns them into relaxation
//! ladders, whose literals `solve` only assumes, so a poor route costs
//! time and never a solution.

use super::grid::Grid;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Most rip-up-and-reroute rounds.
const ROUNDS: usize = 1000;
/// Most cell visits of the cheapest-path searches, over all rounds: keeps
/// the router to a fraction of a second on puzzles with many lines (the
/// rounds stop early there; their routes are still the best seen).
const VISIT_BUDGET: usize = 10_000_000;
/// The present-sharing penalty of the first round, its growth per round
/// and its cap.
const PRESENT: (f64, f64, f64) = (0.5, 1.3, 1000.0);
/// What a round in which a cell is shared adds to its history, per extra
/// line on it.
const HISTORY_STEP: f64 = 1.0;

/// The routes found, one per line.
pub(super) struct Routes {
    /// The cells of every line's route, from its first endpoint to its
    /// second (empty when the endpoints are not connected at all).
    pub(super) paths: Vec<Vec<usize>>,
    /// The free cells more than one route uses (none: the routes are a
    /// solution under `--allow-empty`).
    pub(super) shared: Vec<usize>,
}

/// An entry of the search queue: a cell and the cost to reach it, least
/// cost first (a max-heap of reversed order).
struct Entry {
    estimate: f64,
    cost: f64,
    cell: usize,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other.estimate.total_cmp(&self.estimate)
    }
}

/// The state of the router: congestion, history, and reusable buffers.
struct Router<'a> {
    grid: &'a Grid,
    /// How many routes use each free cell.
    used: Vec<u32>,
    history: Vec<f64>,
    present: f64,
    /// Search buffers, valid where `stamp` is the current search's.
    cost: Vec<f64>,
    previous: Vec<usize>,
    stamp: Vec<usize>,
    search: usize,
    visits: usize,
}

impl Router<'_> {
    /// The cost for a line to enter free cell `v`.
    fn entry_cost(&self, v: usize) -> f64 {
        (1.0 + self.history[v]) * (1.0 + self.present * f64::from(self.used[v]))
    }

    /// The cheapest route of line `k` from `start` to `end` under the
    /// present costs (A* with the Manhattan distance: every step costs at
    /// least 1), or `None` if there is none.
    fn cheapest(&mut self, k: usize, start: usize, end: usize) -> Option<Vec<usize>> {
        let cols = self.grid.cols;
        let manhattan = |v: usize| {
            let (r, c) = (v / cols, v % cols);
            (r.abs_diff(end / cols) + c.abs_diff(end % cols)) as f64
        };
        self.search += 1;
        let search = self.search;
        self.stamp[start] = search;
        self.cost[start] = 0.0;
        let mut queue = BinaryHeap::from([Entry {
            estimate: manhattan(start),
            cost: 0.0,
            cell: start,
        }]);
        while let Some(Entry { cost, cell, .. }) = queue.pop() {
            if cell == end {
                let mut path = vec![end];
                while let Some(&last) = path.last().filter(|&&v| v != start) {
                    path.push(self.previous[last]);
                }
                path.reverse();
                return Some(path);
            }
            if cost > self.cost[cell] {
                continue;
            }
            self.visits += 1;
            for u in self.grid.neighbours(cell) {
                if !self.grid.passable(u, k) {
                    continue;
                }
                let step = if u == end { 1.0 } else { self.entry_cost(u) };
                let next = cost + step;
                if self.stamp[u] != search || next < self.cost[u] {
                    self.stamp[u] = search;
                    self.cost[u] = next;
                    self.previous[u] = cell;
                    queue.push(Entry {
                        estimate: next + manhattan(u),
                        cost: next,
                        cell: u,
                    });
                }
            }
        }
        None
    }

    /// Adds a route's free cells to the usage counts, or removes them.
    fn occupy(&mut self, path: &[usize], add: bool) {
        if let [_, inner @ .., _] = path {
            for &v in inner {
                if add {
                    self.used[v] += 1;
                } else {
                    self.used[v] -= 1;
                }
            }
        }
    }
}

/// Shortens `path` wherever two of its cells that are not consecutive are
/// neighbours (skipping what lies between), so that the route keeps the
/// strict cell rule. The cells of `path` are distinct (a cheapest path);
/// `position` is a buffer of the grid's size, all `usize::MAX`, and is
/// left so.
fn without_shortcuts(grid: &Grid, path: &[usize], position: &mut [usize]) -> Vec<usize> {
    for (i, &v) in path.iter().enumerate() {
        position[v] = i;
    }
    let mut short = Vec::with_capacity(path.len());
    let mut i = 0;
    loop {
        short.push(path[i]);
        if i + 1 >= path.len() {
            break;
        }
        let farthest = grid
            .neighbours(path[i])
            .map(|u| position[u])
            .filter(|&j| j != usize::MAX)
            .max()
            .unwrap_or(i + 1);
        i = farthest.max(i + 1);
    }
    for &v in path {
        position[v] = usize::MAX;
    }
    short
}

/// Routes every line between its endpoints ([`Grid::endpoints`]).
/// Deterministic: the order in which lines are rerouted is shuffled by a
/// fixed seed.
pub(super) fn route(grid: &Grid) -> Routes {
    let endpoints = &grid.endpoints;
    let n = grid.len();
    let mut router = Router {
        grid,
        used: vec![0; n],
        history: vec![0.0; n],
        present: PRESENT.0,
        cost: vec![0.0; n],
        previous: vec![0; n],
        stamp: vec![0; n],
        search: 0,
        visits: 0,
    };
    let mut position = vec![usize::MAX; n];
    let mut paths: Vec<Vec<usize>> = vec![Vec::new(); endpoints.len()];
    let mut order: Vec<usize> = (0..endpoints.len()).collect();
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    let mut best: Option<Routes> = None;
    for _ in 0..ROUNDS {
        for &k in &order {
            let old = std::mem::take(&mut paths[k]);
            router.occupy(&old, false);
            let [start, end] = endpoints[k];
            if let Some(path) = router.cheapest(k, start, end) {
                paths[k] = without_shortcuts(grid, &path, &mut position);
                router.occupy(&paths[k], true);
            }
        }
        let shared: Vec<usize> = (0..n).filter(|&v| router.used[v] > 1).collect();
        let done = shared.is_empty() || router.visits > VISIT_BUDGET;
        for &v in &shared {
            router.history[v] += HISTORY_STEP * f64::from(router.used[v] - 1);
        }
        if best.as_ref().is_none_or(|b| shared.len() < b.shared.len()) {
            best = Some(Routes {
                paths: paths.clone(),
                shared,
            });
        }
        if done {
            break;
        }
        router.present = (router.present * PRESENT.1).min(PRESENT.2);
        rng.shuffle(&mut order);
    }
    best.unwrap_or(Routes {
        paths,
        shared: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numberlink::parse::parse;

    fn grid_of(text: &str) -> Grid {
        Grid::new(&parse("t", text, 1).expect("parses"))
    }

    /// Every route runs from its first endpoint to its second through
    /// neighbouring cells, each cell once, never through another line's
    /// endpoint, and never beside itself except along the route.
    fn assert_routes_are_induced_paths(grid: &Grid, routes: &Routes) {
        let endpoints = &grid.endpoints;
        for (k, path) in routes.paths.iter().enumerate() {
            assert_eq!(path.first(), Some(&endpoints[k][0]), "line {k}");
            assert_eq!(path.last(), Some(&endpoints[k][1]), "line {k}");
            for (i, &v) in path.iter().enumerate() {
                assert!(grid.passable(v, k), "line {k} passes another endpoint");
                for (j, &u) in path.iter().enumerate().skip(i + 1) {
                    let beside = grid.neighbours(v).any(|w| w == u);
                    assert_eq!(beside, j == i + 1, "line {k}: cells {i} and {j}");
                }
            }
        }
    }

    #[test]
    fn routes_without_sharing_where_there_is_room() {
        // A's shortest route crosses B's; negotiation sends A around B's
        // lower endpoint.
        let grid = grid_of("5 5\nA.B.A\n.....\n..B..\n.....\n.....\n");
        let routes = route(&grid);
        assert!(routes.shared.is_empty());
        assert_routes_are_induced_paths(&grid, &routes);
        assert_eq!(routes.paths[1], vec![2, 7, 12]);
        assert!(
            routes.paths[0].iter().any(|&v| v >= 15),
            "{:?}",
            routes.paths[0]
        );
    }

    #[test]
    fn reports_the_cells_that_lines_cannot_avoid_sharing() {
        // A and B must both pass the centre: their other ways are blocked
        // by each other's endpoints.
        let grid = grid_of("3 3\n.A.\nB.B\n.A.\n");
        let routes = route(&grid);
        assert_eq!(routes.shared, vec![4]);
        assert_routes_are_induced_paths(&grid, &routes);
    }

    #[test]
    fn unconnected_endpoints_get_no_route() {
        // A's endpoints are walled off from each other by B's.
        let grid = grid_of("3 3\nAB.\nB..\n..A\n");
        let routes = route(&grid);
        assert!(routes.paths[0].is_empty());
        assert_eq!(routes.paths[1].len(), 3);
    }

    #[test]
    fn routes_are_shortened_where_they_pass_beside_themselves() {
        let grid = grid_of("3 3\nA.A\n...\n...\n");
        let mut position = vec![usize::MAX; grid.len()];
        // 0 -> 3 -> 4 -> 1 -> 2: cell 0 is beside cell 1, and 3 beside 4.
        let short = without_shortcuts(&grid, &[0, 3, 4, 1, 2], &mut position);
        assert_eq!(short, vec![0, 1, 2]);
        assert!(position.iter().all(|&p| p == usize::MAX));
        assert_eq!(
            without_shortcuts(&grid, &[0, 1, 2], &mut position),
            vec![0, 1, 2]
        );
    }

    #[test]
    fn routing_is_deterministic() {
        let text = "6 6\nA....B\n.C..D.\n......\n.D..C.\nB....A\n......\n";
        let grid = grid_of(text);
        assert_eq!(route(&grid).paths, route(&grid).paths);
    }
}
