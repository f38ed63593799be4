//! The CNF encodings of a nonogram.
//!
//! Both encodings share the cell variables `cell(r,c)` (one-based; true =
//! black), which form the projection set, so enumeration counts distinct
//! grids. They differ in how one line (row or column) is tied to its clue.
//! A colour puzzle has one variable per cell and colour, `cell(r,c)=NAME`,
//! at most one of them true (pairwise; none true is the background).
//!
//! **starts** (default): one variable per block and feasible start,
//! `row(r,b)=p` / `col(c,b)=p` ("block b of row r starts at column p").
//! Per block: at least one start (one clause) and at most one (rustsat's
//! sequential/ladder encoding, `--amo`). Per start: the block's cells have
//! its colour and the cells just before and after it do not (binary
//! clauses); block order as one support clause each way (`start of b at p
//! ->` some start of b+1 at or after `p + len + gap`, and some start of b-1
//! that ends, with its gap, at or before `p`; the gap is one cell between
//! blocks of the same colour, none between colours). Per cell and colour:
//! the colour implies some start of a block of that colour covers the
//! cell. This is sound: exactly one start per block, in order, each block
//! painted in its colour and not continued by a cell of that colour, and
//! no painted cell outside a block of its colour, is exactly the clue (the
//! runs of one colour are exactly the blocks). With one colour it is the
//! black-and-white encoding, clause for clause.
//!
//! **dfa** (`--encoding dfa`, for experiments, black and white only): the
//! line's regular language `0* 1^b1 0+ 1^b2 ... 0*` as an automaton
//! unrolled over the cells, one auxiliary variable per reachable
//! (position, state) pair; forward clauses (state and cell value imply the
//! next state), backward support, and cell-to-layer support. Larger,
//! propagation as strong as the line's generalised arc consistency.
//!
//! With presolve (default), the exact line solver ([`super::linesolver`],
//! or [`super::colourline`] for colour puzzles) runs to a fixpoint first:
//! the cells it fixes (and the colours it rules out) become unit clauses,
//! only block starts (or automaton states) that agree with them get
//! variables, and a line it decided completely gets no clauses beyond its
//! units. Without it, the same line solver is run on empty lines, which
//! gives the classic leftmost/rightmost start ranges. Black-and-white
//! puzzles are then probed (unless `--no-probe`,
//! [`super::linesolver::probe`]):
//! every undecided cell tried both ways, keeping what a contradiction or
//! both tries decide, within a budget of line solves.

use super::colourline::{self, colour_bit, solve_colour_line, Values, BACKGROUND};
use super::linesolver::{presolve, probe, solve_line, Cell, Presolved};
use super::puzzle::{Clue, Puzzle};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names::{self, Range};
use rustsat::types::{Lit, Var};

/// How a line is tied to its clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Encoding {
    /// Block-start variables with support clauses (compact, default).
    #[default]
    Starts,
    /// An unrolled automaton per line (experimental comparison; black and
    /// white only).
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
    /// After the fixpoint, probe undecided cells (black and white puzzles).
    pub probe: bool,
    /// At-most-one encoding of each block's starts.
    pub amo: AtMostOne,
}

/// Line solves probing may spend, per cell of the grid: enough for the
/// survey's puzzles, and a bound on the encoder's time on large puzzles
/// that need search (Faase, 80x95).
const PROBE_BUDGET_PER_CELL: usize = 40;

/// The name of the variable "row `r`, column `c` (one-based) has colour
/// `k`": `cell(r,c)` in a black-and-white puzzle, `cell(r,c)=NAME` in a
/// colour puzzle.
pub fn cell_name(puzzle: &Puzzle, r: usize, c: usize, k: usize) -> String {
    if puzzle.is_colour() {
        names::valued("cell", &[&r, &c], &puzzle.colours[k].name)
    } else {
        names::call("cell", &[&r, &c])
    }
}

/// The cell variables, `k` a cell (colours in order), row-major: one
/// block of names in the header (`c vars 1 cell(r,c) r=1..H c=1..W`, with
/// `=k` over the colour names in a colour puzzle), or one name each when
/// a colour's name cannot be a word of a block.
fn cell_vars(b: &mut FormulaBuilder, puzzle: &Puzzle) -> Vec<Lit> {
    let (height, width) = (puzzle.height(), puzzle.width());
    let rows = ("r", Range::Int(1, height as i64));
    let columns = ("c", Range::Int(1, width as i64));
    let name = |at: &[i64]| {
        let colour = at.get(2).map_or(0, |&k| k as usize);
        cell_name(puzzle, at[0] as usize, at[1] as usize, colour)
    };
    if puzzle.is_colour() {
        let words = puzzle.colours.iter().map(|c| c.name.clone()).collect();
        let colours = ("k", Range::Words(words));
        b.named_block_or_each("cell(r,c)=k", &[rows, columns, colours], name)
    } else {
        b.named_block_or_each("cell(r,c)", &[rows, columns], name)
    }
}

/// Encodes `puzzle`: cell variables, the projection on them, and the line
/// constraints. The automaton encoding reads black-and-white puzzles only
/// (the caller rejects colour puzzles with it).
pub fn encode(puzzle: &Puzzle, config: &Config) -> FormulaBuilder {
    let (height, width) = (puzzle.height(), puzzle.width());
    let k = puzzle.colours.len();
    let mut b = FormulaBuilder::new(
        "nonogram",
        &format!("nonogram/{}", config.encoding.as_str()),
    );
    let cells = cell_vars(&mut b, puzzle);
    let projection: Vec<Var> = cells.iter().map(|l| l.var()).collect();
    b.projection(&projection);
    // Every solution has as many filled cells of each colour as the clues
    // say.
    b.blocking_positive();
    let everything = colourline::all_values(k);
    let values: Vec<Values> = match (config.presolve, puzzle.is_colour()) {
        (false, _) => vec![everything; height * width],
        (true, true) => {
            match colourline::presolve(&puzzle.rows, &puzzle.columns, k) {
                colourline::Presolved::Fixpoint(values) => values,
                colourline::Presolved::Contradiction => {
                    b.clause(&[]);
                    return b;
                }
            }
        }
        (true, false) => {
            let lengths = |clues: &[Clue]| -> Vec<Vec<usize>> {
                clues
                    .iter()
                    .map(|clue| clue.iter().map(|b| b.len).collect())
                    .collect()
            };
            let (rows, columns) = (lengths(&puzzle.rows), lengths(&puzzle.columns));
            let mut presolved = presolve(&rows, &columns);
            if let (true, Presolved::Fixpoint(knowledge)) = (config.probe, &presolved) {
                if knowledge.known() < height * width {
                    let budget = PROBE_BUDGET_PER_CELL * height * width;
                    presolved = probe(&rows, &columns, knowledge.clone(), budget);
                }
            }
            match presolved {
                Presolved::Fixpoint(knowledge) => knowledge
                    .cells
                    .iter()
                    .map(|cell| match cell {
                        Cell::Black => colour_bit(0),
                        Cell::White => BACKGROUND,
                        Cell::Unknown => everything,
                    })
                    .collect(),
                Presolved::Contradiction(..) => {
                    b.clause(&[]);
                    return b;
                }
            }
        }
    };
    let fixed = Fixed {
        first: cells.first().map_or(0, |l| l.vidx()),
        colours: k,
        values: &values,
    };
    for (i, lit) in cells.iter().enumerate() {
        match fixed.cell_value(i / k, i % k) {
            Some(true) => b.clause(&[*lit]),
            Some(false) => b.clause(&[!*lit]),
            None => {}
        }
    }
    // A cell has at most one colour.
    if k > 1 {
        for (i, cell) in cells.chunks(k).enumerate() {
            let open: Vec<Lit> = cell
                .iter()
                .enumerate()
                .filter(|&(colour, _)| fixed.cell_value(i, colour).is_none())
                .map(|(_, &lit)| lit)
                .collect();
            b.at_most_one(&open, AtMostOne::Pairwise);
        }
    }
    for r in 0..height {
        let line = Line {
            kind: "row",
            index: r + 1,
            clue: &puzzle.rows[r],
            lits: cells[r * width * k..(r + 1) * width * k].to_vec(),
            known: values[r * width..(r + 1) * width].to_vec(),
            colours: k,
        };
        b.group(format!("row {} (clue {})", r + 1, clue_text(&puzzle.rows[r])));
        encode_line(&mut b, &fixed, &line, config);
    }
    for c in 0..width {
        let lits: Vec<Lit> = (0..height)
            .flat_map(|r| cells[(r * width + c) * k..(r * width + c + 1) * k].iter().copied())
            .collect();
        let line = Line {
            kind: "col",
            index: c + 1,
            clue: &puzzle.columns[c],
            lits,
            known: (0..height).map(|r| values[r * width + c]).collect(),
            colours: k,
        };
        b.group(format!(
            "column {} (clue {})",
            c + 1,
            clue_text(&puzzle.columns[c])
        ));
        encode_line(&mut b, &fixed, &line, config);
    }
    b.end_group();
    b
}

/// A clue as a person reads it: the block lengths (`0` for none).
fn clue_text(clue: &Clue) -> String {
    if clue.is_empty() {
        return "0".to_string();
    }
    clue.iter()
        .map(|block| block.len.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One row or column to encode.
struct Line<'a> {
    /// `row` or `col`, the predicate of its start variables.
    kind: &'static str,
    /// One-based index.
    index: usize,
    clue: &'a Clue,
    /// The cell literals, in order, `colours` a cell.
    lits: Vec<Lit>,
    /// What presolve fixed: each cell's possible values.
    known: Vec<Values>,
    /// Number of colours.
    colours: usize,
}

impl Line<'_> {
    /// The literal "cell `i` has colour `k`".
    fn lit(&self, i: usize, k: usize) -> Lit {
        self.lits[i * self.colours + k]
    }

    /// The known cells as the black-and-white line solver reads them.
    fn plain_known(&self) -> Vec<Cell> {
        self.known
            .iter()
            .map(|&v| match v {
                BACKGROUND => Cell::White,
                v if v == colour_bit(0) => Cell::Black,
                _ => Cell::Unknown,
            })
            .collect()
    }
}

/// The cells fixed by unit clauses, to drop satisfied clauses and false
/// literals as clauses are added (the cell variables are created first, in
/// row-major order, `colours` a cell, so a cell's index is its variable
/// index minus `first`, divided by `colours`).
struct Fixed<'a> {
    first: usize,
    colours: usize,
    values: &'a [Values],
}

impl Fixed<'_> {
    /// Whether cell `cell` (row-major index) surely has colour `k` (true),
    /// surely not (false), or is open.
    fn cell_value(&self, cell: usize, k: usize) -> Option<bool> {
        let values = *self.values.get(cell)?;
        let bit = colour_bit(k);
        if values & bit == 0 {
            Some(false)
        } else if values == bit {
            Some(true)
        } else {
            None
        }
    }

    fn value(&self, lit: Lit) -> Option<bool> {
        let index = lit.vidx().checked_sub(self.first)?;
        let value = self.cell_value(index / self.colours, index % self.colours)?;
        Some(value != lit.is_neg())
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
    if config.presolve && line.known.iter().all(|v| v.is_power_of_two()) {
        return;
    }
    match config.encoding {
        Encoding::Starts => encode_starts(b, fixed, line, config.amo),
        Encoding::Dfa => encode_dfa(b, fixed, line),
    }
}

fn encode_starts(b: &mut FormulaBuilder, fixed: &Fixed<'_>, line: &Line<'_>, amo: AtMostOne) {
    let n = line.known.len();
    let clue = line.clue;
    let support = if line.colours > 1 {
        solve_colour_line(clue, &line.known).map(|s| s.starts)
    } else {
        let lengths: Vec<usize> = clue.iter().map(|b| b.len).collect();
        solve_line(&lengths, &line.plain_known()).map(|s| s.starts)
    };
    let Some(support) = support else {
        b.clause(&[]);
        return;
    };
    // The gap block j needs before block j + 1: one cell between blocks of
    // the same colour, none between colours.
    let gap = |j: usize| usize::from(clue[j].colour == clue[j + 1].colour);
    let starts: Vec<Vec<(usize, Lit)>> = support
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
    // covering[i * colours + k]: the starts whose block paints cell i in
    // colour k.
    let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); n * line.colours];
    let mut clause = Vec::new();
    for (j, block) in starts.iter().enumerate() {
        let lits: Vec<Lit> = block.iter().map(|&(_, s)| s).collect();
        fixed.add(b, &lits);
        b.at_most_one(&lits, amo);
        let (len, colour) = (clue[j].len, clue[j].colour);
        for &(p, s) in block {
            let end = p + len;
            for i in p..end {
                fixed.add(b, &[!s, line.lit(i, colour)]);
                covering[i * line.colours + colour].push(s);
            }
            if p > 0 {
                fixed.add(b, &[!s, !line.lit(p - 1, colour)]);
            }
            if end < n {
                fixed.add(b, &[!s, !line.lit(end, colour)]);
            }
            if let Some(next) = starts.get(j + 1) {
                clause.clear();
                clause.push(!s);
                let from = end + gap(j);
                clause.extend(next.iter().filter(|&&(q, _)| q >= from).map(|&(_, t)| t));
                if clause.len() <= next.len() {
                    fixed.add(b, &clause);
                }
            }
            if let Some(i) = j.checked_sub(1) {
                let (prev, prev_len, prev_gap) = (&starts[i], clue[i].len, gap(i));
                clause.clear();
                clause.push(!s);
                clause.extend(
                    prev.iter()
                        .filter(|&&(q, _)| q + prev_len + prev_gap <= p)
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
        clause.push(!line.lit(i / line.colours, i % line.colours));
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
    fn new(clue: &[usize]) -> Self {
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
    let lengths: Vec<usize> = line.clue.iter().map(|b| b.len).collect();
    let a = Automaton::new(&lengths);
    let m = a.enter.len();
    let allows = |i: usize, black: bool| {
        line.known[i] & if black { colour_bit(0) } else { BACKGROUND } != 0
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
            probe: presolve,
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
        let names: Vec<String> = formula
            .meta
            .names
            .iter()
            .map(|(_, n)| n.into_owned())
            .collect();
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
        let a = Automaton::new(&[2, 1]);
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
        let empty = Automaton::new(&[]);
        assert!(empty.accept[0] && empty.next(0, true).is_none());
    }
}
