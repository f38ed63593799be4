//! The CNF encodings of a nonogram.
//!
//! Both encodings share the cell variables `cell(r,c)` (one-based; true =
//! black), which form the projection set, so enumeration counts distinct
//! grids. They differ in how one line (row or column) is tied to its clue.
//!
//! **starts** (default): one variable per block and feasible start,
//! `row(r,b)=p` / `col(c,b)=p` ("block b of row r starts at column p").
//! Per block: at least one start (one clause) and at most one (rustsat's
//! sequential/ladder encoding, `--amo`). Per start: the block's cells are
//! black and the cells just before and after it white (binary clauses);
//! block order as one support clause each way (`start of b at p ->` some
//! start of b+1 at or after `p + len + 1`, and some start of b-1 that ends
//! before `p - 1`). Per cell: black implies some start covers it. This is
//! sound: exactly one start per block, in order, with gaps, and no black
//! cell outside a block, is exactly the clue.
//!
//! **dfa** (`--encoding dfa`, for experiments): the line's regular
//! language `0* 1^b1 0+ 1^b2 ... 0*` as an automaton unrolled over the
//! cells, one auxiliary variable per reachable (position, state) pair;
//! forward clauses (state and cell value imply the next state), backward
//! support, and cell-to-layer support. Larger, propagation as strong as
//! the line's generalised arc consistency.
//!
//! With presolve (default), the exact line solver runs to a fixpoint first:
//! the cells it fixes become unit clauses, only block starts (or automaton
//! states) that agree with them get variables, and a line it decided
//! completely gets no clauses beyond its units. Without it, the
//! same line solver is run on empty lines, which gives the classic
//! leftmost/rightmost start ranges.

use super::linesolver::{presolve, solve_line, Cell, Knowledge, Presolved};
use super::puzzle::{Clue, Puzzle};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::{Lit, Var};

/// How a line is tied to its clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Encoding {
    /// Block-start variables with support clauses (compact, default).
    #[default]
    Starts,
    /// An unrolled automaton per line (experimental comparison).
    Dfa,
}

impl Encoding {
    /// The name used on the command line and in the CNF header.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Starts => "starts",
            Encoding::Dfa => "dfa",
        }
    }
}

/// Encoder settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The line encoding.
    pub encoding: Encoding,
    /// Line-solve to a fixpoint first and fix what it decides.
    pub presolve: bool,
    /// At-most-one encoding of each block's starts.
    pub amo: AtMostOne,
}

/// Encodes `puzzle`: cell variables `cell(r,c)`, the projection on them,
/// and the line constraints.
pub fn encode(puzzle: &Puzzle, config: &Config) -> FormulaBuilder {
    let (height, width) = (puzzle.height(), puzzle.width());
    let mut b = FormulaBuilder::new(
        "nonogram",
        &format!("nonogram/{}", config.encoding.as_str()),
    );
    let mut cells = Vec::with_capacity(height * width);
    for r in 1..=height {
        for c in 1..=width {
            cells.push(b.named(names::call("cell", &[&r, &c])));
        }
    }
    let projection: Vec<Var> = cells.iter().map(|l| l.var()).collect();
    b.projection(&projection);
    // Every solution has as many black cells as the clues say.
    b.blocking_positive();
    let knowledge = if config.presolve {
        match presolve(&puzzle.rows, &puzzle.columns) {
            Presolved::Fixpoint(knowledge) => knowledge,
            Presolved::Contradiction(..) => {
                b.clause(&[]);
                return b;
            }
        }
    } else {
        Knowledge::unknown(height, width)
    };
    let fixed = Fixed {
        first: cells.first().map_or(0, |l| l.vidx()),
        cells: &knowledge.cells,
    };
    for (lit, cell) in cells.iter().zip(&knowledge.cells) {
        match cell {
            Cell::Black => b.clause(&[*lit]),
            Cell::White => b.clause(&[!*lit]),
            Cell::Unknown => {}
        }
    }
    for r in 0..height {
        let lits = &cells[r * width..(r + 1) * width];
        let line = Line {
            kind: "row",
            index: r + 1,
            clue: &puzzle.rows[r],
            lits,
            known: &knowledge.row(r),
        };
        encode_line(&mut b, &fixed, &line, config);
    }
    for c in 0..width {
        let lits: Vec<Lit> = (0..height).map(|r| cells[r * width + c]).collect();
        let line = Line {
            kind: "col",
            index: c + 1,
            clue: &puzzle.columns[c],
            lits: &lits,
            known: &knowledge.column(c),
        };
        encode_line(&mut b, &fixed, &line, config);
    }
    b
}

/// One row or column to encode.
struct Line<'a> {
    /// `row` or `col`, the predicate of its start variables.
    kind: &'static str,
    /// One-based index.
    index: usize,
    clue: &'a Clue,
    /// The cell literals, in order.
    lits: &'a [Lit],
    /// What presolve fixed (all unknown without presolve).
    known: &'a [Cell],
}

/// The cells fixed by unit clauses, to drop satisfied clauses and false
/// literals as clauses are added (the cell variables are created first, in
/// row-major order, so a cell's index is its variable index minus `first`).
struct Fixed<'a> {
    first: usize,
    cells: &'a [Cell],
}

impl Fixed<'_> {
    fn value(&self, lit: Lit) -> Option<bool> {
        let index = lit.vidx().checked_sub(self.first)?;
        let black = match self.cells.get(index)? {
            Cell::Black => true,
            Cell::White => false,
            Cell::Unknown => return None,
        };
        Some(black != lit.is_neg())
    }

    /// Adds `clause` without its literals that the units make false; drops
    /// it when a unit makes it true.
    fn add(&self, b: &mut FormulaBuilder, clause: &[Lit]) {
        let mut kept = Vec::with_capacity(clause.len());
        for &lit in clause {
            match self.value(lit) {
                Some(true) => return,
                Some(false) => {}
                None => kept.push(lit),
            }
        }
        b.clause(&kept);
    }
}

fn encode_line(b: &mut FormulaBuilder, fixed: &Fixed<'_>, line: &Line<'_>, config: &Config) {
    // A line that presolve decided completely is a valid arrangement of
    // its clue (the fixpoint line-solved it in its final state), and the
    // unit clauses already fix it: it needs nothing more.
    if config.presolve && line.known.iter().all(|&c| c != Cell::Unknown) {
        return;
    }
    match config.encoding {
        Encoding::Starts => encode_starts(b, fixed, line, config.amo),
        Encoding::Dfa => encode_dfa(b, fixed, line),
    }
}

fn encode_starts(b: &mut FormulaBuilder, fixed: &Fixed<'_>, line: &Line<'_>, amo: AtMostOne) {
    let n = line.lits.len();
    let clue = line.clue;
    let Some(support) = solve_line(clue, line.known) else {
        b.clause(&[]);
        return;
    };
    let starts: Vec<Vec<(usize, Lit)>> = support
        .starts
        .iter()
        .enumerate()
        .map(|(j, positions)| {
            positions
                .iter()
                .map(|&p| {
                    let name = names::valued(line.kind, &[&line.index, &(j + 1)], &(p + 1));
                    (p, b.named(name))
                })
                .collect()
        })
        .collect();
    let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); n];
    let mut clause = Vec::new();
    for (j, block) in starts.iter().enumerate() {
        let lits: Vec<Lit> = block.iter().map(|&(_, s)| s).collect();
        fixed.add(b, &lits);
        b.at_most_one(&lits, amo);
        let len = clue[j];
        for &(p, s) in block {
            let end = p + len;
            for (i, &cell) in line.lits.iter().enumerate().take(end).skip(p) {
                fixed.add(b, &[!s, cell]);
                covering[i].push(s);
            }
            if p > 0 {
                fixed.add(b, &[!s, !line.lits[p - 1]]);
            }
            if end < n {
                fixed.add(b, &[!s, !line.lits[end]]);
            }
            if let Some(next) = starts.get(j + 1) {
                clause.clear();
                clause.push(!s);
                clause.extend(next.iter().filter(|&&(q, _)| q > end).map(|&(_, t)| t));
                if clause.len() <= next.len() {
                    fixed.add(b, &clause);
                }
            }
            if let Some(prev) = j.checked_sub(1).map(|i| (&starts[i], clue[i])) {
                let (prev, prev_len) = prev;
                clause.clear();
                clause.push(!s);
                clause.extend(
                    prev.iter()
                        .filter(|&&(q, _)| q + prev_len < p)
                        .map(|&(_, t)| t),
                );
                if clause.len() <= prev.len() {
                    fixed.add(b, &clause);
                }
            }
        }
    }
    for (i, cover) in covering.iter().enumerate() {
        clause.clear();
        clause.push(!line.lits[i]);
        clause.extend_from_slice(cover);
        fixed.add(b, &clause);
    }
}

/// The automaton of a clue: state 0 is the gap before the first block;
/// then for each block its cells (entered by a black cell) and the gap
/// after it (entered by a white cell).
struct Automaton {
    /// The symbol (true = black) that enters each state; state 0 is
    /// entered by white (its loop).
    enter: Vec<bool>,
    /// The successor on a white cell, if any.
    on_white: Vec<Option<usize>>,
    /// The successor on a black cell, if any.
    on_black: Vec<Option<usize>>,
    /// Accepting states.
    accept: Vec<bool>,
}

impl Automaton {
    fn new(clue: &Clue) -> Self {
        let mut a = Automaton {
            enter: vec![false],
            on_white: vec![Some(0)],
            on_black: vec![None],
            accept: vec![clue.is_empty()],
        };
        let mut gap = 0;
        for (j, &len) in clue.iter().enumerate() {
            let last = j + 1 == clue.len();
            let mut prev = gap;
            for t in 0..len {
                let q = a.enter.len();
                a.enter.push(true);
                a.on_white.push(None);
                a.on_black.push(None);
                a.accept.push(last && t + 1 == len);
                a.on_black[prev] = Some(q);
                prev = q;
            }
            let g = a.enter.len();
            a.enter.push(false);
            a.on_white.push(Some(g));
            a.on_black.push(None);
            a.accept.push(last);
            a.on_white[prev] = Some(g);
            gap = g;
        }
        a
    }

    fn next(&self, q: usize, black: bool) -> Option<usize> {
        if black {
            self.on_black[q]
        } else {
            self.on_white[q]
        }
    }
}

fn encode_dfa(b: &mut FormulaBuilder, fixed: &Fixed<'_>, line: &Line<'_>) {
    let n = line.lits.len();
    let a = Automaton::new(line.clue);
    let m = a.enter.len();
    let allows = |i: usize, black: bool| match line.known[i] {
        Cell::Unknown => true,
        Cell::Black => black,
        Cell::White => !black,
    };
    // alive[i][q]: state q after i cells is reachable from the start and
    // can still reach an accepting state at the end.
    let mut alive = vec![vec![false; m]; n + 1];
    alive[0][0] = true;
    for i in 0..n {
        for q in 0..m {
            if !alive[i][q] {
                continue;
            }
            for black in [false, true] {
                if let Some(t) = a.next(q, black).filter(|_| allows(i, black)) {
                    alive[i + 1][t] = true;
                }
            }
        }
    }
    for (live, accept) in alive[n].iter_mut().zip(&a.accept) {
        *live &= accept;
    }
    for i in (0..n).rev() {
        for q in 0..m {
            if alive[i][q] {
                alive[i][q] = [false, true].into_iter().any(|black| {
                    allows(i, black) && a.next(q, black).is_some_and(|t| alive[i + 1][t])
                });
            }
        }
    }
    if !alive[0][0] {
        b.clause(&[]);
        return;
    }
    // state[i][q]: the variable of (i, q); layer 0 is the start, always true.
    let mut state: Vec<Vec<Option<Lit>>> = vec![vec![None; m]; n + 1];
    for i in 1..=n {
        for q in 0..m {
            if alive[i][q] {
                state[i][q] = Some(b.aux());
            }
        }
    }
    let mut clause = Vec::new();
    for i in 0..n {
        let cell = line.lits[i];
        for q in (0..m).filter(|&q| alive[i][q]) {
            // Forward: state q and the cell's value give the next state.
            for black in [false, true] {
                let value = if black { cell } else { !cell };
                clause.clear();
                clause.extend(state[i][q].map(|s| !s));
                clause.push(!value);
                if let Some(t) = a.next(q, black).filter(|&t| alive[i + 1][t]) {
                    clause.extend(state[i + 1][t]);
                }
                fixed.add(b, &clause);
            }
        }
        for q in (0..m).filter(|&q| alive[i + 1][q]) {
            let Some(s) = state[i + 1][q] else { continue };
            // The state says what the cell it read was.
            fixed.add(b, &[!s, if a.enter[q] { cell } else { !cell }]);
            // Backward support: some predecessor was active.
            let mut support = vec![!s];
            let mut from_start = false;
            for p in (0..m).filter(|&p| alive[i][p] && a.next(p, a.enter[q]) == Some(q)) {
                match state[i][p] {
                    Some(l) => support.push(l),
                    None => from_start = true,
                }
            }
            if !from_start {
                fixed.add(b, &support);
            }
        }
        // The cell's value is read by some state of the next layer.
        for black in [false, true] {
            clause.clear();
            clause.push(if black { !cell } else { cell });
            clause.extend(
                (0..m)
                    .filter(|&q| a.enter[q] == black)
                    .filter_map(|q| state[i + 1][q]),
            );
            fixed.add(b, &clause);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::formats::{parse, Format};

    const DOG: &str = "g 5 5 r 2 0 r 2 2 0 r 4 0 r 4 0 r 1 2 0 c 4 0 c 3 0 c 3 0 c 5 0 c 2 0";

    fn config(encoding: Encoding, presolve: bool) -> Config {
        Config {
            encoding,
            presolve,
            amo: AtMostOne::Ladder,
        }
    }

    #[test]
    fn presolve_reduces_a_line_solvable_puzzle_to_units() {
        let puzzle = parse("dog", DOG, Format::Auto, None).unwrap();
        for encoding in [Encoding::Starts, Encoding::Dfa] {
            let formula = encode(&puzzle, &config(encoding, true)).finish();
            assert_eq!(formula.num_vars, 25);
            assert_eq!(formula.hard.len(), 25);
            assert!(formula.hard.iter().all(|c| c.len() == 1));
        }
    }

    #[test]
    fn plain_encoding_names_block_starts_and_projects_on_cells() {
        let puzzle = parse("dog", DOG, Format::Auto, None).unwrap();
        let formula = encode(&puzzle, &config(Encoding::Starts, false)).finish();
        let names: Vec<&String> = formula.meta.names.values().collect();
        // Row 5 "1 2" in 5 cells: block 1 starts at 1 or 2, block 2 at 3 or 4.
        for name in ["row(5,1)=1", "row(5,1)=2", "row(5,2)=3", "row(5,2)=4"] {
            assert!(names.iter().any(|n| n.as_str() == name), "{name}");
        }
        assert!(!names.iter().any(|n| n.as_str() == "row(5,1)=3"));
        // Row 2 "2 2" fills its 5 cells exactly: one start per block.
        assert!(names.iter().any(|n| n.as_str() == "row(2,2)=4"));
        assert!(!names.iter().any(|n| n.as_str() == "row(2,2)=5"));
        assert_eq!(formula.meta.projection.as_ref().map(Vec::len), Some(25));
        assert!(formula.meta.blocking_positive);
        // Without presolve no cell is fixed black by a unit clause (cells no
        // block can reach, like the middle of row 2, do get a negative unit).
        let units: Vec<_> = formula.hard.iter().filter(|c| c.len() == 1).collect();
        assert!(units.iter().all(|c| c[0].vidx() >= 25 || c[0].is_neg()));
        assert!(units.iter().any(|c| c[0].vidx() == 7 && c[0].is_neg()));
    }

    #[test]
    fn the_automaton_accepts_exactly_the_clue() {
        let a = Automaton::new(&vec![2, 1]);
        let accepts = |word: &str| {
            let mut q = Some(0);
            for ch in word.chars() {
                q = q.and_then(|q| a.next(q, ch == '#'));
            }
            q.is_some_and(|q| a.accept[q])
        };
        for good in ["##.#", ".##..#", "##...#."] {
            assert!(accepts(good), "{good}");
        }
        for bad in ["###.#", "#.#", "##.", "##.#.#", "", "##.##"] {
            assert!(!accepts(bad), "{bad}");
        }
        let empty = Automaton::new(&vec![]);
        assert!(empty.accept[0] && empty.next(0, true).is_none());
    }
}
