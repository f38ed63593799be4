//! The presolve: forced moves on the segments, decided before the formula
//! is built and given to it as decided literals, with the lines of the
//! cells they settle (`--presolve`, on by default), and, under the
//! default rules, the corners that no cell may turn, as binary clauses.
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
//!   between two such pieces with no common colour is ruled out; under
//!   full cover and the strict cell rule, two neighbours not joined are of
//!   different lines (so a piece of one known line takes that line from
//!   the pieces beside it), two neighbours of one known line are joined,
//!   and two neighbours in one piece that are not joined directly touch,
//!   which no solution does;
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
//! Then, under the default rules, *probing* (module `probe`): every open
//! segment is taken, and then ruled out, on a copy of the state, and the
//! rules run again; when one way leads to a contradiction, the other
//! holds in every solution, and what both ways decide alike holds too.
//! Rounds repeat while they decide something (within a budget of work:
//! cells the rules look at). Published puzzles, made for human logic, are
//! mostly decided so, completely: then the presolve has solved the puzzle
//! and proved its solution unique ([`Presolved::solved`]).
//!
//! A contradiction (a cell that cannot get its segments) means the puzzle
//! has no solution ([`Presolved::contradiction`]); what was decided up to
//! then is still implied by the rules (in no solution it is false).

use super::super::grid::{Grid, Role};
use std::collections::VecDeque;

mod colours;
mod probe;

/// What the presolve decided.
pub(super) struct Presolved {
    /// Each segment of the encoding (in the order given): `Some(true)`
    /// taken in every solution, `Some(false)` in none, `None` open.
    pub(super) edges: Vec<Option<bool>>,
    /// Pairs of open segments (indices into the order given) that no
    /// solution takes together: the corners a free cell cannot turn (only
    /// under full cover and the strict cell rule).
    pub(super) corners: Vec<(usize, usize)>,
    /// Each cell's line (0-based pair), where every solution fills the
    /// cell with the same one: its piece of taken segments has one colour
    /// left, and the cell is filled (full cover, an endpoint, or a piece
    /// of more than one cell).
    pub(super) colours: Vec<Option<usize>>,
    /// Whether the rules decided every segment and every cell's line
    /// without a contradiction: the puzzle's one solution.
    pub(super) solved: bool,
    /// Whether the rules met a contradiction: the puzzle has no solution.
    pub(super) contradiction: bool,
}

/// Decides what forced moves decide about `edges` (pairs of adjacent
/// cells; the segments of the encoding). `strict` is the strict cell
/// rule; the nested-corner rule and the strict colour rules need it and
/// full cover (`fill`). With a `probe_budget` (cells the rules may look
/// at while probing) and the default
/// rules, probing follows.
pub(super) fn presolve(
    grid: &Grid,
    domains: &[Vec<usize>],
    edges: &[(usize, usize)],
    fill: bool,
    strict: bool,
    probe_budget: usize,
) -> Presolved {
    let rules = Rules::new(grid, edges, fill, strict);
    let mut state = State::new(&rules, domains);
    // On a contradiction there is no solution, and what was decided up to
    // then holds vacuously: it is kept, and helps the solver refute.
    let mut consistent = state.run(&rules).is_some();
    if consistent && rules.default && probe_budget > 0 {
        consistent = state.probe(&rules, probe_budget).is_some();
    }
    let corners = state.excluded_corners(&rules);
    let colours = (0..grid.len())
        .map(|v| {
            let root = state.root(v);
            let filled = fill || grid.roles[v] != Role::Free || state.size[root] > 1;
            state
                .single_colour(rules.words, root)
                .filter(|_| filled)
        })
        .collect::<Vec<_>>();
    // The last run of the rules looked at every cell: with every segment
    // decided and no contradiction, each cell has its segments, no line
    // closes a loop or runs beside itself, and each piece joins the two
    // ends of one line.
    let solved = consistent
        && state.decided == state.edges.len()
        && colours.iter().all(Option::is_some);
    Presolved {
        solved,
        contradiction: !consistent,
        edges: state.edges,
        corners,
        colours,
    }
}

/// The four directions, in the order of [`Rules::around`].
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

/// The directions of each shape of [`SHAPES`], as a bit set over
/// directions.
const SHAPE_DIRECTIONS: [u8; 6] = {
    let mut masks = [0u8; 6];
    let mut s = 0;
    while s < 6 {
        masks[s] = 1 << SHAPES[s].0 | 1 << SHAPES[s].1;
        s += 1;
    }
    masks
};

/// For each direction, the shapes of [`SHAPES`] that use it, as a bit set
/// over shapes.
const SHAPES_USING: [u8; 4] = {
    let mut sets = [0u8; 4];
    let mut s = 0;
    while s < 6 {
        sets[SHAPES[s].0] |= 1 << s;
        sets[SHAPES[s].1] |= 1 << s;
        s += 1;
    }
    sets
};

/// What does not change while the presolve runs: the grid, its segments
/// and the rules in force.
struct Rules<'a> {
    grid: &'a Grid,
    ends: &'a [(usize, usize)],
    fill: bool,
    /// Full cover and the strict rule: the nested corners, the strict
    /// colour rules and probing apply.
    default: bool,
    /// The segments at each cell (by index into `ends`, in that order)
    /// and the cells across them.
    incident: Vec<Links>,
    /// The segment towards each direction of a cell, if it exists.
    around: Vec<[Option<usize>; 4]>,
    /// Words of a colour set (64 lines a word).
    words: usize,
}

impl<'a> Rules<'a> {
    fn new(grid: &'a Grid, ends: &'a [(usize, usize)], fill: bool, strict: bool) -> Self {
        let n = grid.len();
        let mut incident = vec![Links::default(); n];
        let mut around = vec![[None; 4]; n];
        for (i, &(u, v)) in ends.iter().enumerate() {
            incident[u].push(i, v);
            incident[v].push(i, u);
            let (from_u, from_v) = Self::directions(grid, u, v);
            around[u][from_u] = Some(i);
            around[v][from_v] = Some(i);
        }
        Rules {
            grid,
            ends,
            fill,
            default: fill && strict,
            incident,
            around,
            words: grid.endpoints.len().div_ceil(64).max(1),
        }
    }

    /// The directions of a segment from `u` to its right or lower
    /// neighbour `v`, seen from `u` and from `v`.
    fn directions(grid: &Grid, u: usize, v: usize) -> (usize, usize) {
        if v == u + grid.cols {
            (SOUTH, NORTH)
        } else {
            (EAST, WEST)
        }
    }
}

/// The segments at a cell, with the cell across each.
#[derive(Clone, Copy, Default)]
struct Links {
    len: u8,
    segments: [u32; 4],
    across: [u32; 4],
}

impl Links {
    fn push(&mut self, segment: usize, across: usize) {
        let at = usize::from(self.len);
        self.segments[at] = segment as u32;
        self.across[at] = across as u32;
        self.len += 1;
    }

    /// Each segment and the cell across it.
    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let len = usize::from(self.len);
        self.segments[..len]
            .iter()
            .zip(&self.across[..len])
            .map(|(&i, &w)| (i as usize, w as usize))
    }
}

/// What the rules have decided so far; copied for each probe.
///
/// A piece (cells joined by taken segments) is known by its
/// representative cell, which every cell of it records: the piece's
/// colours and tips are kept there. Its *anchor* is the cell from which
/// its circular list is spliced and walked.
struct State {
    edges: Vec<Option<bool>>,
    /// Segments decided so far.
    decided: usize,
    /// Per cell, the directions (bits) of its taken segments.
    taken: Vec<u8>,
    /// Per cell, the directions (bits) without a segment or whose segment
    /// is ruled out.
    closed: Vec<u8>,
    /// The shapes each free cell may still make (bits of [`SHAPES`]);
    /// empty when the nested-corner rule does not apply.
    shapes: Vec<u8>,
    /// The representative of each cell's piece.
    piece: Vec<u32>,
    /// The cells of each piece (by its representative).
    size: Vec<u32>,
    /// The anchor of each piece (by its representative).
    anchor: Vec<u32>,
    /// The cells of each piece, as a circular list.
    next: Vec<u32>,
    /// The two end cells of each piece (by its representative), the only
    /// ones that may take more segments.
    tips: Vec<[u32; 2]>,
    /// The colours a piece (by its representative) can still take,
    /// `words` per piece.
    colours: Vec<u64>,
    /// The cells whose rules are to run, first in first out: a line's
    /// forced moves are followed breadth first, so that a try meets its
    /// contradiction sooner.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Cells of pieces that learnt their line: only the colour rules
    /// across their segments are to be run there (the rest of a cell's
    /// rules do not depend on colours).
    colour_queue: Vec<u32>,
    colour_queued: Vec<bool>,
    /// The segments decided since it was last cleared, in order.
    trail: Vec<u32>,
}

impl State {
    fn new(rules: &Rules<'_>, domains: &[Vec<usize>]) -> Self {
        let n = rules.grid.len();
        let mut colours = vec![0u64; n * rules.words];
        for (v, domain) in domains.iter().enumerate() {
            for &k in domain {
                colours[v * rules.words + k / 64] |= 1 << (k % 64);
            }
        }
        let closed = rules
            .around
            .iter()
            .map(|around| {
                (0..4)
                    .filter(|&d| around[d].is_none())
                    .fold(0u8, |set, d| set | 1 << d)
            })
            .collect();
        State {
            edges: vec![None; rules.ends.len()],
            decided: 0,
            taken: vec![0; n],
            closed,
            shapes: if rules.default {
                vec![ALL_SHAPES; n]
            } else {
                Vec::new()
            },
            piece: (0..n as u32).collect(),
            size: vec![1; n],
            anchor: (0..n as u32).collect(),
            next: (0..n as u32).collect(),
            tips: (0..n as u32).map(|v| [v, v]).collect(),
            colours,
            queue: (0..n as u32).collect(),
            queued: vec![true; n],
            colour_queue: Vec::new(),
            colour_queued: vec![false; n],
            trail: Vec::new(),
        }
    }

    /// The representative of the piece of `v`.
    fn root(&self, v: usize) -> usize {
        self.piece[v] as usize
    }

    /// The directions (bits) of the open segments at cell `v`.
    fn open_directions(&self, v: usize) -> u8 {
        !(self.closed[v] | self.taken[v]) & 0b1111
    }

    fn push(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push_back(v as u32);
        }
    }

    /// Queues cell `v` for the colour rules alone.
    fn push_colours(&mut self, v: usize) {
        if !self.colour_queued[v] {
            self.colour_queued[v] = true;
            self.colour_queue.push(v as u32);
        }
    }

    /// Queues every cell of the piece of representative `root` for the
    /// colour rules, from its anchor on.
    fn push_piece(&mut self, root: usize) {
        let start = self.anchor[root] as usize;
        let mut w = start;
        loop {
            self.push_colours(w);
            w = self.next[w] as usize;
            if w == start {
                break;
            }
        }
    }

    /// Decides segment `i`; `None` on a contradiction.
    fn set(&mut self, rules: &Rules<'_>, i: usize, taken: bool) -> Option<()> {
        match self.edges[i] {
            Some(known) if known == taken => return Some(()),
            Some(_) => return None,
            None => {}
        }
        self.edges[i] = Some(taken);
        self.decided += 1;
        self.trail.push(i as u32);
        let (u, v) = rules.ends[i];
        let (from_u, from_v) = Rules::directions(rules.grid, u, v);
        let marks = if taken {
            &mut self.taken
        } else {
            &mut self.closed
        };
        marks[u] |= 1 << from_u;
        marks[v] |= 1 << from_v;
        if taken {
            let (a, b) = (self.root(u), self.root(v));
            if a == b {
                return None;
            }
            let words = rules.words;
            let known = (
                self.single_colour(words, a).is_some(),
                self.single_colour(words, b).is_some(),
            );
            let mut any = false;
            for w in 0..words {
                let common = self.colours[a * words + w] & self.colours[b * words + w];
                self.colours[a * words + w] = common;
                self.colours[b * words + w] = common;
                any |= common != 0;
            }
            if !any {
                return None;
            }
            if rules.default && self.single_colour(words, b).is_some() {
                // The cells that now know their line tell their
                // neighbours (the strict colour rules).
                if !known.0 {
                    self.push_piece(a);
                }
                if !known.1 {
                    self.push_piece(b);
                }
            }
            let far = |[x, y]: [u32; 2], near: usize| if x as usize == near { y } else { x };
            let tips = [far(self.tips[a], u), far(self.tips[b], v)];
            // The pieces' lists are spliced at their anchors, and the
            // joined list is walked from `b`'s anchor; the smaller piece
            // takes the larger one's representative.
            let (keep, gone) = if self.size[a] > self.size[b] {
                (a, b)
            } else {
                (b, a)
            };
            let mut w = gone;
            loop {
                self.piece[w] = keep as u32;
                w = self.next[w] as usize;
                if w == gone {
                    break;
                }
            }
            let (anchor_a, anchor_b) = (self.anchor[a] as usize, self.anchor[b] as usize);
            self.next.swap(anchor_a, anchor_b);
            self.size[keep] += self.size[gone];
            self.anchor[keep] = anchor_b as u32;
            self.tips[keep] = tips;
            // The piece's far ends meet what it now is: a piece beside
            // them may now be this one, and its colours may be fewer
            // (their other rules look at their own segments, unchanged).
            self.push_colours(tips[0] as usize);
            self.push_colours(tips[1] as usize);
        }
        self.push(u);
        self.push(v);
        Some(())
    }

    /// The rules to a fixpoint: the queued cells, then sweeps over every
    /// cell until nothing changes (pieces that grew change what their far
    /// ends may do).
    fn run(&mut self, rules: &Rules<'_>) -> Option<()> {
        loop {
            self.run_queue(rules, &mut 0)?;
            let before = self.decided;
            for v in 0..rules.grid.len() {
                self.cell(rules, v)?;
            }
            if self.decided == before && self.queue.is_empty() && self.colour_queue.is_empty() {
                return Some(());
            }
        }
    }

    /// The rules at the queued cells until none is left.
    /// Adds the number of cells looked at to `work`.
    /// A cell waiting for all its rules is not also run for its colours
    /// alone.
    fn run_queue(&mut self, rules: &Rules<'_>, work: &mut usize) -> Option<()> {
        loop {
            if let Some(v) = self.queue.pop_front() {
                *work += 1;
                self.queued[v as usize] = false;
                self.cell(rules, v as usize)?;
            } else if let Some(v) = self.colour_queue.pop() {
                let v = v as usize;
                self.colour_queued[v] = false;
                if !self.queued[v] {
                    *work += 1;
                    self.colours_across(rules, v)?;
                }
            } else {
                return Some(());
            }
        }
    }

    /// The cell diagonal to `v` inside the corner `(d1, d2)` it may turn
    /// (both neighbours exist, so that cell does too).
    fn diagonal(rules: &Rules<'_>, v: usize, (d1, d2): (usize, usize)) -> usize {
        let step = |w: usize, d: usize| match d {
            NORTH => w - rules.grid.cols,
            EAST => w + 1,
            SOUTH => w + rules.grid.cols,
            _ => w - 1,
        };
        step(step(v, d1), d2)
    }

    /// The cell whose diagonal inside corner `(d1, d2)` is `v`, if the
    /// grid has it: one step against `d1` and one against `d2`.
    fn behind(rules: &Rules<'_>, v: usize, (d1, d2): (usize, usize)) -> Option<usize> {
        let (rows, cols) = (rules.grid.rows, rules.grid.cols);
        let (r, c) = (v / cols, v % cols);
        let (mut r2, mut c2) = (r, c);
        for d in [d1, d2] {
            match d {
                NORTH if r + 1 < rows => r2 = r + 1,
                EAST if c > 0 => c2 = c - 1,
                SOUTH if r > 0 => r2 = r - 1,
                WEST if c + 1 < cols => c2 = c + 1,
                _ => return None,
            }
        }
        Some(r2 * cols + c2)
    }

    /// Whether free cell `v` may make shape `s` (an index into [`SHAPES`])
    /// given the segments decided and, for a corner, the diagonal cell
    /// inside it: an endpoint, or a free cell that may turn the same way.
    fn shape_possible(&self, rules: &Rules<'_>, v: usize, s: usize) -> bool {
        let directions = SHAPE_DIRECTIONS[s];
        // Both of its segments open, none taken elsewhere.
        if directions & self.closed[v] != 0 || self.taken[v] & !directions != 0 {
            return false;
        }
        if s < 2 {
            return true;
        }
        let q = Self::diagonal(rules, v, SHAPES[s]);
        rules.grid.roles[q] != Role::Free || self.shapes[q] & (1 << s) != 0
    }

    /// The nested-corner rule at free cell `v` (see the module
    /// documentation): drop the shapes it can no longer make, then take
    /// the segments in every shape left and rule out those in none.
    fn shape(&mut self, rules: &Rules<'_>, v: usize) -> Option<()> {
        let before = self.shapes[v];
        let mut after = 0;
        for s in 0..SHAPES.len() {
            if before & (1 << s) != 0 && self.shape_possible(rules, v, s) {
                after |= 1 << s;
            }
        }
        self.shapes[v] = after;
        if after == 0 {
            return None;
        }
        // A corner this cell can no longer turn was what the free cell
        // behind it on the diagonal needed to turn the same way (if that
        // cell still may).
        let lost_corners = (before & !after) >> 2;
        if lost_corners != 0 {
            for (s, &corner) in SHAPES.iter().enumerate().skip(2) {
                if lost_corners & (1 << (s - 2)) != 0 {
                    if let Some(q) = Self::behind(rules, v, corner) {
                        if rules.grid.roles[q] == Role::Free && self.shapes[q] & (1 << s) != 0 {
                            self.push(q);
                        }
                    }
                }
            }
        }
        let undecided = self.open_directions(v);
        for (d, &using) in SHAPES_USING.iter().enumerate() {
            if undecided & (1 << d) == 0 {
                continue;
            }
            let Some(i) = rules.around[v][d] else { continue };
            let with = after & using;
            if with == 0 {
                self.set(rules, i, false)?;
            } else if with == after {
                self.set(rules, i, true)?;
            }
        }
        Some(())
    }

    /// The corners that some free cell cannot turn while both of their
    /// segments are open: each a clause "not both".
    fn excluded_corners(&self, rules: &Rules<'_>) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for (v, &left) in self.shapes.iter().enumerate() {
            if rules.grid.roles[v] != Role::Free {
                continue;
            }
            for (s, &(d1, d2)) in SHAPES.iter().enumerate().skip(2) {
                if left & (1 << s) != 0 {
                    continue;
                }
                if let (Some(a), Some(b)) = (rules.around[v][d1], rules.around[v][d2]) {
                    if self.edges[a].is_none() && self.edges[b].is_none() {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }

    /// The rules at cell `v`.
    fn cell(&mut self, rules: &Rules<'_>, v: usize) -> Option<()> {
        self.colours_across(rules, v)?;
        if rules.default && rules.grid.roles[v] == Role::Free {
            self.shape(rules, v)?;
        }
        self.degree(rules, v)
    }

    /// The degree rules at cell `v`.
    fn degree(&mut self, rules: &Rules<'_>, v: usize) -> Option<()> {
        let taken = self.taken[v].count_ones() as usize;
        let open_directions = self.open_directions(v);
        let open = open_directions.count_ones() as usize;
        let endpoint = !matches!(rules.grid.roles[v], Role::Free);
        let need = if endpoint { 1 } else { 2 };
        if taken > need {
            return None;
        }
        let set_open = |state: &mut State, taken: bool| -> Option<()> {
            for (i, _) in rules.incident[v].iter() {
                if state.edges[i].is_none() {
                    state.set(rules, i, taken)?;
                }
            }
            Some(())
        };
        if taken == need {
            // Most complete cells have no open segment left to rule out.
            return if open == 0 {
                Some(())
            } else {
                set_open(self, false)
            };
        }
        let must_fill = endpoint || rules.fill || taken > 0;
        if must_fill {
            if taken + open < need {
                return None;
            }
            if taken + open == need {
                set_open(self, true)?;
            }
        } else if open == 1 {
            // A free cell with no segment and one possibility: taking it
            // would leave the cell with one segment, so it stays empty.
            set_open(self, false)?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests;
