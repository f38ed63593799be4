//! The presolve: forced moves on the segments, decided before the formula
//! is written and added to it as unit clauses (`--presolve`, on by
//! default), and, under the default rules, the corners that no cell may
//! turn, as binary clauses.
//!
//! Every rule derives what holds in **every** solution of the rules in
//! force, without assuming that the solution is unique, so the clauses
//! change no answer and no count:
//!
//! - *degree*: an endpoint has one segment, a free cell two under full
//!   cover (at most two, and two if it has any, under `--allow-empty`).
//!   A cell whose segments are all decided stays so: once it has its
//!   segments the others go; when only as many segments as it needs are
//!   left, they are all taken (full cover; an endpoint always), or, under
//!   `--allow-empty`, a cell with one segment and one possibility left
//!   takes it, and a free cell left with a single possible segment and
//!   none taken is empty (a dead end);
//! - *no loop*: a segment between two cells already joined by a path of
//!   taken segments would close a loop, so it is ruled out;
//! - *colours*: the cells joined by taken segments are one line, so one
//!   colour, possible only where every cell's domain allows it; a segment
//!   between two such pieces with no common colour is ruled out;
//! - *nested corners* (full cover and the strict cell rule): a free cell
//!   `p` that turns, say from its right to its lower neighbour, has the
//!   two cells it joins beside the diagonal cell `q` below and to the
//!   right. If `q` is free it is filled; its line is not `p`'s (joined to
//!   both of `p`'s neighbours, as the strict rule would demand, it would
//!   close a loop of four cells), so it cannot take a segment to either of
//!   them and must turn the same way, right and down. Following the
//!   diagonal, a turn is possible only where the diagonal behind it leads
//!   through cells that can all turn the same way to an endpoint. This is
//!   the rule that Thomas Ahle's solver tracks as it fills the grid along
//!   its diagonals; unit propagation finds it only by conflicts, one
//!   chain at a time. Each free cell keeps the set of shapes (two
//!   straight, four corners) its segments may still make; a segment in
//!   every shape left is taken, one in none is ruled out, and each corner
//!   no cell may turn becomes a clause "not both of its segments".
//!
//! A contradiction (a cell that cannot get its segments) means the puzzle
//! has no solution; what was decided up to then is still implied by the
//! rules (in no solution it is false), and the solver, given it, refutes
//! the formula.

use super::super::grid::{Grid, Role};

/// What the presolve decided about each segment of the encoding (in the
/// order given): `Some(true)` taken in every solution, `Some(false)` in
/// none, `None` open.
/// What the presolve decided.
pub(super) struct Presolved {
    /// Each segment of the encoding (in the order given): `Some(true)`
    /// taken in every solution, `Some(false)` in none, `None` open.
    pub(super) edges: Vec<Option<bool>>,
    /// Pairs of open segments (indices into the order given) that no
    /// solution takes together: the corners a free cell cannot turn (only
    /// under full cover and the strict cell rule).
    pub(super) corners: Vec<(usize, usize)>,
}

/// Decides what forced moves decide about `edges` (pairs of adjacent
/// cells; the segments of the encoding). `strict` is the strict cell
/// rule; the nested-corner rule needs it and full cover (`fill`).
pub(super) fn presolve(
    grid: &Grid,
    domains: &[Vec<usize>],
    edges: &[(usize, usize)],
    fill: bool,
    strict: bool,
) -> Presolved {
    let mut state = State::new(grid, domains, edges, fill, fill && strict);
    // On a contradiction there is no solution, and what was decided up to
    // then holds vacuously: it is kept, and helps the solver refute.
    let _ = state.run();
    let corners = state.excluded_corners();
    Presolved {
        edges: state.edges,
        corners,
    }
}

/// The four directions, in the order of [`State::around`].
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// The shapes a free cell's two segments can make, as pairs of
/// directions: two straight, then the four corners.
const SHAPES: [(usize, usize); 6] = [
    (NORTH, SOUTH),
    (EAST, WEST),
    (NORTH, EAST),
    (EAST, SOUTH),
    (SOUTH, WEST),
    (WEST, NORTH),
];

/// Every shape, as a bit set over [`SHAPES`].
const ALL_SHAPES: u8 = 0b11_1111;

struct State<'a> {
    grid: &'a Grid,
    ends: &'a [(usize, usize)],
    fill: bool,
    edges: Vec<Option<bool>>,
    /// The segments at each cell, by index into `ends`.
    incident: Vec<Vec<usize>>,
    /// The segment towards each direction of a cell, if it exists.
    around: Vec<[Option<usize>; 4]>,
    /// The shapes each free cell may still make (bits of [`SHAPES`]);
    /// `None` when the nested-corner rule does not apply.
    shapes: Option<Vec<u8>>,
    /// Union-find over cells joined by taken segments.
    parent: Vec<usize>,
    /// The colours a piece (by its root) can still take.
    colours: Vec<Vec<usize>>,
    queue: Vec<usize>,
    queued: Vec<bool>,
}

impl<'a> State<'a> {
    fn new(
        grid: &'a Grid,
        domains: &[Vec<usize>],
        ends: &'a [(usize, usize)],
        fill: bool,
        corners: bool,
    ) -> Self {
        let n = grid.len();
        let mut incident = vec![Vec::new(); n];
        let mut around = vec![[None; 4]; n];
        for (i, &(u, v)) in ends.iter().enumerate() {
            incident[u].push(i);
            incident[v].push(i);
            // `ends` pairs a cell with its right or lower neighbour.
            if v == u + grid.cols {
                around[u][SOUTH] = Some(i);
                around[v][NORTH] = Some(i);
            } else {
                around[u][EAST] = Some(i);
                around[v][WEST] = Some(i);
            }
        }
        State {
            grid,
            ends,
            fill,
            edges: vec![None; ends.len()],
            incident,
            around,
            shapes: corners.then(|| vec![ALL_SHAPES; n]),
            parent: (0..n).collect(),
            colours: domains.to_vec(),
            queue: (0..n).collect(),
            queued: vec![true; n],
        }
    }

    fn root(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    fn push(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push(v);
        }
    }

    /// Decides segment `i`; `None` on a contradiction.
    fn set(&mut self, i: usize, taken: bool) -> Option<()> {
        match self.edges[i] {
            Some(known) if known == taken => return Some(()),
            Some(_) => return None,
            None => {}
        }
        self.edges[i] = Some(taken);
        let (u, v) = self.ends[i];
        if taken {
            let (a, b) = (self.root(u), self.root(v));
            if a == b {
                return None;
            }
            let common: Vec<usize> = self.colours[a]
                .iter()
                .copied()
                .filter(|k| self.colours[b].binary_search(k).is_ok())
                .collect();
            if common.is_empty() {
                return None;
            }
            self.parent[a] = b;
            self.colours[b] = common;
            self.colours[a] = Vec::new();
        }
        self.push(u);
        self.push(v);
        Some(())
    }

    fn run(&mut self) -> Option<()> {
        loop {
            while let Some(v) = self.queue.pop() {
                self.queued[v] = false;
                self.cell(v)?;
            }
            // Pieces that grew change what their far ends may do: sweep
            // once more over every cell until nothing changes.
            let before = self.edges.iter().filter(|e| e.is_some()).count();
            for v in 0..self.grid.len() {
                self.cell(v)?;
            }
            let after = self.edges.iter().filter(|e| e.is_some()).count();
            if after == before && self.queue.is_empty() {
                return Some(());
            }
        }
    }

    /// The cell diagonal to `v` inside the corner `(d1, d2)` it may turn
    /// (both neighbours exist, so that cell does too).
    fn diagonal(&self, v: usize, (d1, d2): (usize, usize)) -> usize {
        let step = |w: usize, d: usize| match d {
            NORTH => w - self.grid.cols,
            EAST => w + 1,
            SOUTH => w + self.grid.cols,
            _ => w - 1,
        };
        step(step(v, d1), d2)
    }

    /// Whether free cell `v` may make shape `s` (an index into [`SHAPES`])
    /// given the segments decided and, for a corner, the diagonal cell
    /// inside it: an endpoint, or a free cell that may turn the same way.
    fn shape_possible(&self, v: usize, s: usize) -> bool {
        let (d1, d2) = SHAPES[s];
        let open = |d: usize| match self.around[v][d] {
            Some(i) => self.edges[i] != Some(false),
            None => false,
        };
        if !open(d1) || !open(d2) {
            return false;
        }
        let taken_elsewhere = (0..4)
            .filter(|&d| d != d1 && d != d2)
            .any(|d| matches!(self.around[v][d], Some(i) if self.edges[i] == Some(true)));
        if taken_elsewhere {
            return false;
        }
        if s < 2 {
            return true;
        }
        let q = self.diagonal(v, (d1, d2));
        self.grid.roles[q] != Role::Free
            || self
                .shapes
                .as_ref()
                .is_some_and(|shapes| shapes[q] & (1 << s) != 0)
    }

    /// The nested-corner rule at free cell `v` (see the module
    /// documentation): drop the shapes it can no longer make, then take
    /// the segments in every shape left and rule out those in none.
    fn shape(&mut self, v: usize) -> Option<()> {
        let Some(before) = self.shapes.as_ref().map(|shapes| shapes[v]) else {
            return Some(());
        };
        let after = (0..SHAPES.len())
            .filter(|&s| before & (1 << s) != 0 && self.shape_possible(v, s))
            .fold(0, |set, s| set | 1 << s);
        if let Some(shapes) = &mut self.shapes {
            shapes[v] = after;
        }
        if after == 0 {
            return None;
        }
        if after != before {
            // The diagonal cells whose corners this cell supported.
            let (rows, cols) = (self.grid.rows, self.grid.cols);
            let (r, c) = (v / cols, v % cols);
            for r2 in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                for c2 in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                    if r2 != r && c2 != c {
                        self.push(r2 * cols + c2);
                    }
                }
            }
        }
        for d in 0..4 {
            let Some(i) = self.around[v][d] else { continue };
            if self.edges[i].is_some() {
                continue;
            }
            let with = SHAPES
                .iter()
                .enumerate()
                .filter(|&(s, &(d1, d2))| after & (1 << s) != 0 && (d1 == d || d2 == d))
                .count();
            if with == 0 {
                self.set(i, false)?;
            } else if with == after.count_ones() as usize {
                self.set(i, true)?;
            }
        }
        Some(())
    }

    /// The corners that some free cell cannot turn while both of their
    /// segments are open: each a clause "not both".
    fn excluded_corners(&self) -> Vec<(usize, usize)> {
        let Some(shapes) = &self.shapes else {
            return Vec::new();
        };
        let mut pairs = Vec::new();
        for (v, &left) in shapes.iter().enumerate() {
            if self.grid.roles[v] != Role::Free {
                continue;
            }
            for (s, &(d1, d2)) in SHAPES.iter().enumerate().skip(2) {
                if left & (1 << s) != 0 {
                    continue;
                }
                if let (Some(a), Some(b)) = (self.around[v][d1], self.around[v][d2]) {
                    if self.edges[a].is_none() && self.edges[b].is_none() {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }

    /// The rules at cell `v`.
    fn cell(&mut self, v: usize) -> Option<()> {
        // No loop, colours: rule out segments to the same or an
        // incompatible piece.
        let here = self.root(v);
        for j in 0..self.incident[v].len() {
            let i = self.incident[v][j];
            if self.edges[i].is_some() {
                continue;
            }
            let (a, b) = self.ends[i];
            let other = self.root(if a == v { b } else { a });
            let disjoint = !self.colours[here]
                .iter()
                .any(|k| self.colours[other].binary_search(k).is_ok());
            if other == here || disjoint {
                self.set(i, false)?;
            }
        }
        if self.shapes.is_some() && self.grid.roles[v] == Role::Free {
            self.shape(v)?;
        }
        // Degrees.
        let taken = self.incident[v]
            .iter()
            .filter(|&&i| self.edges[i] == Some(true))
            .count();
        let open: Vec<usize> = self.incident[v]
            .iter()
            .copied()
            .filter(|&i| self.edges[i].is_none())
            .collect();
        let endpoint = !matches!(self.grid.roles[v], Role::Free);
        let need = if endpoint { 1 } else { 2 };
        if taken > need {
            return None;
        }
        if taken == need {
            for i in open {
                self.set(i, false)?;
            }
            return Some(());
        }
        let must_fill = endpoint || self.fill || taken > 0;
        if must_fill {
            if taken + open.len() < need {
                return None;
            }
            if taken + open.len() == need {
                for i in open {
                    self.set(i, true)?;
                }
            }
        } else if open.len() == 1 {
            // A free cell with no segment and one possibility: taking it
            // would leave the cell with one segment, so it stays empty.
            self.set(open[0], false)?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numberlink::parse::parse;

    fn decided(text: &str, fill: bool) -> (usize, usize, usize) {
        decided_under(text, fill, true)
    }

    fn decided_under(text: &str, fill: bool, strict: bool) -> (usize, usize, usize) {
        let puzzle = parse("t", text, 1).expect("puzzle");
        let grid = Grid::new(&puzzle);
        let domains = super::super::colours::domains(&grid);
        let mut edges = Vec::new();
        for u in 0..grid.len() {
            for v in grid.forward(u) {
                edges.push((u, v));
            }
        }
        let states = presolve(&grid, &domains, &edges, fill, strict).edges;
        let on = states.iter().filter(|s| **s == Some(true)).count();
        let off = states.iter().filter(|s| **s == Some(false)).count();
        (on, off, edges.len())
    }

    #[test]
    fn a_corridor_is_forced_end_to_end() {
        // 1x4 "A..A": every segment is taken.
        assert_eq!(decided("4 1\nA..A\n", true), (3, 0, 3));
        // With empty cells allowed too: the endpoints force it.
        assert_eq!(decided("4 1\nA..A\n", false), (3, 0, 3));
    }

    #[test]
    fn a_dead_end_stays_empty_only_when_cells_may() {
        // 3x1 "AA.": under full cover the last cell cannot be filled (no
        // line reaches it, so its segment goes), a contradiction; what was
        // decided until then stays.
        assert_eq!(decided("3 1\nAA.\n", true), (0, 1, 2));
        // Under --allow-empty it is empty and A joins A directly.
        assert_eq!(decided("3 1\nAA.\n", false), (1, 1, 2));
    }

    #[test]
    fn corners_need_a_diagonal_to_an_endpoint() {
        // The seed's 7x7 puzzle: the degree, loop and colour rules alone
        // (without the strict rule the corner rule does not apply) settle
        // a few segments; with the corners that no cell can turn, the
        // cells along the border must run straight and most of the grid
        // follows.
        let text = "7 7\n...4...\n.3..25.\n...31..\n...5...\n.......\n..1....\n2...4..\n";
        let (on, off, total) = decided(text, true);
        let (on_loose, off_loose, _) = decided_under(text, true, false);
        assert!(on + off > 2 * (on_loose + off_loose), "{on} {off} {on_loose} {off_loose}");
        assert!(on + off > total / 2, "{on} {off} {total}");
    }

    #[test]
    fn an_open_square_decides_nothing() {
        // Two solutions (inputs5 puzzle 12 has more room): nothing forced
        // at the free middle of a 3x3 with endpoints in two corners.
        let (on, off, _) = decided("3 3\nA..\n...\n..A\n", false);
        assert_eq!((on, off), (0, 0));
    }
}
