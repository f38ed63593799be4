//! The presolve: forced moves on the segments, decided before the formula
//! is written and added to it as unit clauses (`--presolve`, on by
//! default).
//!
//! Every rule derives what holds in **every** solution of the rules in
//! force, without assuming that the solution is unique, so the units
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
//!   between two such pieces with no common colour is ruled out.
//!
//! A contradiction (a cell that cannot get its segments) means the puzzle
//! has no solution; the presolve then decides nothing and leaves the
//! refutation to the solver.

use super::super::grid::{Grid, Role};

/// What the presolve decided about each segment of the encoding (in the
/// order given): `Some(true)` taken in every solution, `Some(false)` in
/// none, `None` open.
pub(super) fn presolve(
    grid: &Grid,
    domains: &[Vec<usize>],
    edges: &[(usize, usize)],
    fill: bool,
) -> Vec<Option<bool>> {
    let mut state = State::new(grid, domains, edges, fill);
    match state.run() {
        Some(()) => state.edges,
        None => vec![None; edges.len()],
    }
}

struct State<'a> {
    grid: &'a Grid,
    ends: &'a [(usize, usize)],
    fill: bool,
    edges: Vec<Option<bool>>,
    /// The segments at each cell, by index into `ends`.
    incident: Vec<Vec<usize>>,
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
    ) -> Self {
        let n = grid.len();
        let mut incident = vec![Vec::new(); n];
        for (i, &(u, v)) in ends.iter().enumerate() {
            incident[u].push(i);
            incident[v].push(i);
        }
        State {
            grid,
            ends,
            fill,
            edges: vec![None; ends.len()],
            incident,
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
        let puzzle = parse("t", text, 1).expect("puzzle");
        let grid = Grid::new(&puzzle);
        let domains = super::super::colours::domains(&grid);
        let mut edges = Vec::new();
        for u in 0..grid.len() {
            for v in grid.forward(u) {
                edges.push((u, v));
            }
        }
        let states = presolve(&grid, &domains, &edges, fill);
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
        // 3x1 "AA.": under full cover the last cell cannot be filled, a
        // contradiction: nothing is decided (the solver refutes it).
        assert_eq!(decided("3 1\nAA.\n", true), (0, 0, 2));
        // Under --allow-empty it is empty and A joins A directly.
        assert_eq!(decided("3 1\nAA.\n", false), (1, 1, 2));
    }

    #[test]
    fn an_open_square_decides_nothing() {
        // Two solutions (inputs5 puzzle 12 has more room): nothing forced
        // at the free middle of a 3x3 with endpoints in two corners.
        let (on, off, _) = decided("3 3\nA..\n...\n..A\n", false);
        assert_eq!((on, off), (0, 0));
    }
}
