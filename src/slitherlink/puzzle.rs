//! A Slitherlink puzzle: a grid of cells, some with a clue, and the
//! lattice of dots and edges around them on which the loop is drawn.
//!
//! The lattice of a grid of `rows` x `cols` cells has `(rows + 1)` x
//! `(cols + 1)` dots. Edges are named from the cells they border, 0-based
//! here and 1-based wherever a person reads them:
//!
//! - [`Edge::H`]`(r, c)`: the horizontal edge above cell `(r, c)` (`r` up
//!   to `rows`: the last one is below the last row);
//! - [`Edge::V`]`(r, c)`: the vertical edge left of cell `(r, c)` (`c` up
//!   to `cols`: the last one is right of the last column).

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Clue {
    /// The number of the cell's four sides the loop uses (0 to 4).
    Number(u8),
    /// A clue whose number is not given (pzprjs's `?`): no constraint.
    Unknown,
}

/// Where a puzzle came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Rows of `0`-`4`, `.` and `?`.
    Text,
    /// A puzz.link URL (genre `slither`).
    Puzzlink,
}

/// An edge of the lattice (0-based, see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// The horizontal edge above cell `(r, c)`.
    H(usize, usize),
    /// The vertical edge left of cell `(r, c)`.
    V(usize, usize),
}

/// A parsed Slitherlink puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of rows of cells.
    pub rows: usize,
    /// Number of columns of cells.
    pub cols: usize,
    /// The clue of every cell, row by row (`None`: no clue).
    pub clues: Vec<Option<Clue>>,
    /// The format it was read from.
    pub format: Format,
}

impl Puzzle {
    /// The clue of cell `(r, c)`, if any.
    pub fn clue(&self, r: usize, c: usize) -> Option<Clue> {
        self.clues.get(r * self.cols + c).copied().flatten()
    }

    /// The number of cell `(r, c)`, when it has one.
    pub fn number(&self, r: usize, c: usize) -> Option<u8> {
        match self.clue(r, c) {
            Some(Clue::Number(n)) => Some(n),
            _ => None,
        }
    }

    /// Number of dots of the lattice.
    pub fn num_dots(&self) -> usize {
        (self.rows + 1) * (self.cols + 1)
    }

    /// The index of dot `(r, c)` (0-based, `r <= rows`, `c <= cols`).
    pub fn dot(&self, r: usize, c: usize) -> usize {
        r * (self.cols + 1) + c
    }

    /// Every edge: the horizontal ones row by row, then the vertical ones.
    pub fn edges(&self) -> Vec<Edge> {
        let mut edges = Vec::with_capacity(self.num_edges());
        for r in 0..=self.rows {
            for c in 0..self.cols {
                edges.push(Edge::H(r, c));
            }
        }
        for r in 0..self.rows {
            for c in 0..=self.cols {
                edges.push(Edge::V(r, c));
            }
        }
        edges
    }

    /// Number of edges.
    pub fn num_edges(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    /// The index of `edge` in [`Puzzle::edges`].
    pub fn edge_index(&self, edge: Edge) -> usize {
        match edge {
            Edge::H(r, c) => r * self.cols + c,
            Edge::V(r, c) => (self.rows + 1) * self.cols + r * (self.cols + 1) + c,
        }
    }

    /// The two dots of `edge` as `(row, column)`, in reading order.
    pub fn ends(&self, edge: Edge) -> [(usize, usize); 2] {
        match edge {
            Edge::H(r, c) => [(r, c), (r, c + 1)],
            Edge::V(r, c) => [(r, c), (r + 1, c)],
        }
    }

    /// The four sides of cell `(r, c)`: top, bottom, left, right.
    pub fn sides(&self, r: usize, c: usize) -> [Edge; 4] {
        [Edge::H(r, c), Edge::H(r + 1, c), Edge::V(r, c), Edge::V(r, c + 1)]
    }

    /// The edge between dots `a` and `b` (`(row, column)`), when they are
    /// neighbours on the lattice.
    pub fn edge_between(&self, a: (usize, usize), b: (usize, usize)) -> Option<Edge> {
        let ((r1, c1), (r2, c2)) = if a <= b { (a, b) } else { (b, a) };
        if r1 > self.rows || r2 > self.rows || c1 > self.cols || c2 > self.cols {
            return None;
        }
        if r1 == r2 && c2 == c1 + 1 {
            Some(Edge::H(r1, c1))
        } else if c1 == c2 && r2 == r1 + 1 {
            Some(Edge::V(r1, c1))
        } else {
            None
        }
    }

    /// The puzzle as text: one row a line, `0`-`4`, `.` and `?`.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity((self.cols + 1) * self.rows);
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(clue_char(self.clue(r, c)));
            }
            out.push('\n');
        }
        out
    }

    /// Number of clues (numbers and `?`).
    pub fn num_clues(&self) -> usize {
        self.clues.iter().filter(|c| c.is_some()).count()
    }
}

/// How a cell's clue is written: its digit, `?`, or `.`.
pub fn clue_char(clue: Option<Clue>) -> char {
    match clue {
        Some(Clue::Number(n)) => char::from(b'0' + n.min(9)),
        Some(Clue::Unknown) => '?',
        None => '.',
    }
}

/// A solved puzzle: which edges the loop uses.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Solution {
    /// `horizontal[r][c]`: the loop uses the edge above cell `(r, c)`
    /// (`rows + 1` rows of `cols` edges).
    pub horizontal: Vec<Vec<bool>>,
    /// `vertical[r][c]`: the loop uses the edge left of cell `(r, c)`
    /// (`rows` rows of `cols + 1` edges).
    pub vertical: Vec<Vec<bool>>,
}

impl Solution {
    /// A solution with no edge, for `puzzle`'s lattice.
    pub fn empty(puzzle: &Puzzle) -> Solution {
        Solution {
            horizontal: vec![vec![false; puzzle.cols]; puzzle.rows + 1],
            vertical: vec![vec![false; puzzle.cols + 1]; puzzle.rows],
        }
    }

    /// Whether the loop uses `edge` (false outside the lattice).
    pub fn has(&self, edge: Edge) -> bool {
        let (grid, r, c) = match edge {
            Edge::H(r, c) => (&self.horizontal, r, c),
            Edge::V(r, c) => (&self.vertical, r, c),
        };
        grid.get(r).and_then(|row| row.get(c)).copied().unwrap_or(false)
    }

    /// Sets whether the loop uses `edge` (nothing outside the lattice).
    pub fn set(&mut self, edge: Edge, on: bool) {
        let (grid, r, c) = match edge {
            Edge::H(r, c) => (&mut self.horizontal, r, c),
            Edge::V(r, c) => (&mut self.vertical, r, c),
        };
        if let Some(slot) = grid.get_mut(r).and_then(|row| row.get_mut(c)) {
            *slot = on;
        }
    }
}
