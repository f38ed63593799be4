//! The presolve: the standard forced moves of Masyu, decided before the
//! solver runs and added as unit clauses. Every move follows from the
//! rules, so no answer or count changes:
//!
//! - a black circle cannot leave towards a side where the grid, a black
//!   circle next to it (which turns, where the black circle needs a
//!   straight cell) or a ruled-out segment stops the two straight cells;
//!   it then leaves towards the opposite side, straight on for two cells
//!   (this decides black circles at the border and next to each other);
//! - a white circle whose line across is cut (the border, a ruled-out
//!   segment) goes straight along the other axis;
//! - of three white circles in a row, the middle one cannot go along the
//!   row (both cells next to it would go straight), so none does;
//! - a cell with two segments has no other; a cell with one segment and
//!   one other possible continues there; a cell with one possible segment
//!   has none; a circle with exactly two possible segments uses both.
//!
//! The moves are applied until nothing changes. A contradiction (the
//! puzzle has no solution) stops the presolve with what it decided so
//! far: the solver then finds the contradiction itself.

use super::grid::{opposite, Grid, DOWN, LEFT, RIGHT, UP};
use super::puzzle::{Circle, Puzzle};

/// The segments the forced moves decide, by index in `grid.edges`, with
/// their values (true: on the loop).
pub(super) fn forced(puzzle: &Puzzle, grid: &Grid) -> Vec<(usize, bool)> {
    let mut state = State {
        value: vec![None; grid.edges.len()],
        decided: Vec::new(),
        conflict: false,
    };
    let circle = |v: usize| puzzle.cells[v];
    // Three white circles in a row or a column: none goes along it.
    for v in 0..grid.rows * grid.cols {
        for d in [RIGHT, DOWN] {
            let Some(w) = grid.step(v, d) else { continue };
            let Some(x) = grid.step(w, d) else { continue };
            if [v, w, x].iter().all(|&u| circle(u) == Some(Circle::White)) {
                for e in [grid.at[v][d], grid.at[w][d]].into_iter().flatten() {
                    state.set(e, false);
                }
            }
        }
    }
    let mut changed = true;
    while changed && !state.conflict {
        let before = state.decided.len();
        for v in 0..grid.rows * grid.cols {
            cell_moves(grid, &puzzle.cells, &mut state, v);
        }
        changed = state.decided.len() != before;
    }
    state.decided
}

/// The decided segments so far.
struct State {
    value: Vec<Option<bool>>,
    decided: Vec<(usize, bool)>,
    conflict: bool,
}

impl State {
    /// Decides segment `e`; a segment decided the other way is a
    /// contradiction.
    fn set(&mut self, e: usize, value: bool) {
        match self.value[e] {
            Some(old) if old != value => self.conflict = true,
            Some(_) => {}
            None => {
                self.value[e] = Some(value);
                self.decided.push((e, value));
            }
        }
    }

    /// Whether segment `e` (if the grid has it) may still be on the loop.
    fn possible(&self, e: Option<usize>) -> bool {
        e.is_some_and(|e| self.value[e] != Some(false))
    }

    /// Whether segment `e` is decided on the loop.
    fn on(&self, e: Option<usize>) -> bool {
        e.is_some_and(|e| self.value[e] == Some(true))
    }
}

/// The forced moves at cell `v`; `cells` are the puzzle's circles.
fn cell_moves(grid: &Grid, cells: &[Option<Circle>], state: &mut State, v: usize) {
    let at = grid.at[v];
    let circle = cells[v];
    match circle {
        Some(Circle::Black) => {
            // Whether the loop can leave towards `d`: the segment, the
            // next cell (no black circle) and its segment straight on.
            let usable = |state: &State, d: usize| {
                state.possible(at[d])
                    && grid.step(v, d).is_some_and(|w| {
                        cells[w] != Some(Circle::Black) && state.possible(grid.at[w][d])
                    })
            };
            for d in [UP, DOWN, LEFT, RIGHT] {
                if !usable(state, d) {
                    if let Some(e) = at[d] {
                        state.set(e, false);
                    }
                    if let Some(e) = at[opposite(d)] {
                        state.set(e, true);
                    }
                }
                if state.on(at[d]) {
                    if let Some(e) = grid.step(v, d).and_then(|w| grid.at[w][d]) {
                        state.set(e, true);
                    }
                    if let Some(e) = at[opposite(d)] {
                        state.set(e, false);
                    }
                }
            }
        }
        Some(Circle::White) => {
            for (along, across) in [([LEFT, RIGHT], [UP, DOWN]), ([UP, DOWN], [LEFT, RIGHT])] {
                let cut = across.iter().any(|&d| !state.possible(at[d]));
                let taken = along.iter().any(|&d| state.on(at[d]));
                if cut || taken {
                    for d in along {
                        if let Some(e) = at[d] {
                            state.set(e, true);
                        }
                    }
                    for d in across {
                        if let Some(e) = at[d] {
                            state.set(e, false);
                        }
                    }
                }
            }
        }
        None => {}
    }
    // Degrees: 0 or 2, and 2 on a circle.
    let on = at.iter().filter(|&&e| state.on(e)).count();
    let open: Vec<usize> = at
        .iter()
        .flatten()
        .copied()
        .filter(|&e| state.value[e].is_none())
        .collect();
    match (on, open.len()) {
        (2, _) => open.iter().for_each(|&e| state.set(e, false)),
        (1, 1) => state.set(open[0], true),
        (0, 1) => state.set(open[0], false),
        (0, 2) if circle.is_some() => open.iter().for_each(|&e| state.set(e, true)),
        _ => {}
    }
}
