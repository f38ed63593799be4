//! The CNF encoding of a rule puzzle.
//!
//! Variables: `cell(r,c)=V`, one per cell (layout row `r`, column `c`, both
//! 1-based) and value `V` of its range that the rules allow (letters in
//! upper case; the ranges are narrowed first, [`super::narrow`]); exactly
//! one is true per cell. They are the projection set, so `solve --all` counts
//! puzzle solutions. Every other variable is an unnamed auxiliary.
//!
//! Rules, per sequence of cells:
//!
//! - `permutation S`: values outside `S` are forbidden; each value of `S`
//!   is taken by exactly as many cells as `S` lists it (exactly-one for a
//!   plain set) -- the "each value is used" half that pure pruning lacks;
//! - `subset S` / `superset S` / `distinct`: at most / at least as many
//!   cells per value as `S` lists it (outside `S` forbidden for subset;
//!   at most one for distinct);
//! - `sum N` and `prod N`: a layered automaton over the partial sums
//!   (products): a state variable per reachable and still completable
//!   partial value after each cell, exactly one per layer, forward
//!   transitions and backward supports. Products keep only partial
//!   products that divide `N` (`prod 0` is "some cell is 0").
//!   `--sum-encoding pb` encodes sums as two pseudo-boolean bounds
//!   (rustsat's generalized totalizer) instead;
//! - `in_order` / `in_reverse_order`: between neighbours, each value
//!   implies a value of the other cell on the right side (by absolute
//!   value, so letters compare alphabetically);
//! - `visible N`: `max(i,k)` says "some cell up to the i-th has an
//!   absolute value of at least k" (order encoding of the prefix maxima);
//!   cell i is visible when its value exceeds the maximum before it, and
//!   exactly N cells are (totalizer);
//! - `word L`: one selector per candidate word (of the sequence's length,
//!   every letter in its cell's range); at least one selector, a selector
//!   implies its letters, and each letter of a cell implies one of the
//!   selectors that put it there.
//!
//! The encodings that grow faster than the cells' values are estimated
//! before they are built; past [`super::limits`] the encoder stops with an
//! error naming the rule and its line. The arithmetic rules (`sum`,
//! `prod`) are encoded in the submodule `arithmetic`, the others here.

mod arithmetic;

use super::limits;
use super::narrow::narrow;
use super::parse::show_value;
use super::puzzle::{Constraint, Rule};
use super::{Options, Puzzle, SumEncoding, Value};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::error::Result;
use crate::explain::Group;
use crate::names;
use rustsat::types::{Lit, Var};
use std::collections::{BTreeMap, BTreeSet, HashMap};

type ValueLits = BTreeMap<Value, Lit>;

/// The name of the variable "cell `cell` has `value`".
pub fn cell_name(puzzle: &Puzzle, cell: usize, value: Value) -> String {
    let pos = puzzle.layout.cells[cell];
    names::valued(
        "cell",
        &[&(pos.row + 1), &(pos.col + 1)],
        &show_value(value),
    )
}

/// The value literals of one cell.
struct CellVars {
    lits: ValueLits,
}

impl CellVars {
    fn get(&self, value: Value) -> Option<Lit> {
        self.lits.get(&value).copied()
    }
}

/// Pairwise at-most-one up to 20 literals (no auxiliary variables, and
/// short lists propagate as well as with the ladder), the ladder for
/// longer lists.
fn amo_for(len: usize) -> AtMostOne {
    if len <= 20 {
        AtMostOne::Pairwise
    } else {
        AtMostOne::Ladder
    }
}

/// The encoder's state.
struct Encoder<'a> {
    puzzle: &'a Puzzle,
    /// The rule instances encoded (indices into [`Puzzle::constraints`]).
    constraints: &'a [usize],
    b: FormulaBuilder,
    cells: Vec<CellVars>,
}

/// Which parts of a puzzle to encode. The "why none" analysis
/// ([`super::why`]) encodes some rule instances and some givens at a time;
/// the ranges are narrowed by the rule instances encoded, and no others.
#[derive(Debug, Clone, Copy)]
pub struct Selection<'a> {
    /// The rule instances (indices into [`Puzzle::constraints`]).
    pub constraints: &'a [usize],
    /// The cells whose givens are encoded.
    pub givens: &'a [usize],
}

/// Encodes `puzzle`: an error when a rule instance would need more than
/// the [`limits`](super::limits) allow.
pub fn encode(puzzle: &Puzzle, options: &Options) -> Result<FormulaBuilder> {
    Ok(encode_with_groups(puzzle, options)?.0)
}

/// Encodes `puzzle` and says which hard clauses stand for which given and
/// which rule instance, for [`crate::explain`] (why there is no solution):
/// the givens' groups first, in cell order, then one per rule instance.
pub fn encode_with_groups(puzzle: &Puzzle, options: &Options) -> Result<(FormulaBuilder, Vec<Group>)> {
    let constraints: Vec<usize> = (0..puzzle.constraints.len()).collect();
    let givens: Vec<usize> = (0..puzzle.initial.len())
        .filter(|&cell| puzzle.initial[cell].is_some())
        .collect();
    let selection = Selection {
        constraints: &constraints,
        givens: &givens,
    };
    encode_selected(puzzle, options, selection)
}

/// Encodes the parts of `puzzle` that `selection` names, with a group per
/// given (in the selection's order) and then per rule instance.
pub fn encode_selected(
    puzzle: &Puzzle,
    options: &Options,
    selection: Selection<'_>,
) -> Result<(FormulaBuilder, Vec<Group>)> {
    let mut groups = Vec::new();
    let mut b = FormulaBuilder::new("rules", &format!("rules/{}", options.sum_encoding.as_str()));
    let domains = narrow(puzzle, selection.constraints);
    let total: usize = domains.iter().map(Vec::len).sum();
    if total > limits::MAX_VALUES {
        let widest = (0..domains.len())
            .max_by_key(|&cell| domains[cell].len())
            .unwrap_or(0);
        return Err(limits::too_many_values(puzzle, total, widest));
    }
    let mut cells = Vec::with_capacity(domains.len());
    let mut projection: Vec<Var> = Vec::with_capacity(total);
    for (cell, domain) in domains.iter().enumerate() {
        let mut lits = ValueLits::new();
        let mut ordered = Vec::with_capacity(domain.len());
        for &value in domain {
            let lit = b.named(cell_name(puzzle, cell, value));
            lits.insert(value, lit);
            ordered.push(lit);
            projection.push(lit.var());
        }
        b.exactly_one(&ordered, amo_for(ordered.len()));
        cells.push(CellVars { lits });
    }
    b.projection(&projection);
    b.blocking_positive();
    let mut e = Encoder {
        puzzle,
        constraints: selection.constraints,
        b,
        cells,
    };
    for &cell in selection.givens {
        if let Some(given) = puzzle.initial[cell] {
            let start = e.b.num_clauses();
            match e.cells[cell].get(given.value) {
                Some(lit) => e.b.clause(&[lit]),
                None => e.b.clause(&[]),
            }
            groups.push(Group {
                label: given_label(puzzle, cell, given.value),
                clauses: start..e.b.num_clauses(),
            });
        }
    }
    for &k in selection.constraints {
        let constraint = &puzzle.constraints[k];
        let start = e.b.num_clauses();
        e.rule_instance(constraint, options)?;
        groups.push(Group {
            label: instance_with_cells(puzzle, constraint),
            clauses: start..e.b.num_clauses(),
        });
    }
    let mut b = e.b;
    // Lists read from files go into the header, so decoding needs no file.
    let from_files = options.embedded_words.is_empty();
    for list in puzzle.word_lists.iter().filter(|_| from_files) {
        for value in list.to_header_values() {
            b.option(super::words::HEADER_KEY, value);
        }
    }
    Ok((b, groups))
}

/// A given for a person, as a player reads the grid: "given 2 at row 3,
/// column 5".
pub fn given_label(puzzle: &Puzzle, cell: usize, value: Value) -> String {
    format!(
        "given {} at {}",
        show_value(value),
        puzzle.layout.grid_name(cell)
    )
}

/// A rule instance and its cells: "rule sum 34 (line 23), pattern at line
/// 27 match 2 sequence 'b': cells r2c1 r2c2 r2c3 r2c4" (row and column of
/// the grid).
pub fn instance_with_cells(puzzle: &Puzzle, constraint: &Constraint) -> String {
    let cells: Vec<String> = constraint
        .cells
        .iter()
        .map(|&cell| puzzle.layout.grid_short(cell))
        .collect();
    format!(
        "{}: cells {}",
        puzzle.describe_instance(constraint),
        cells.join(" ")
    )
}

/// True when one of the rule instances `constraints` keeps all cells of
/// `seq` pairwise different (a permutation or subset of distinct values,
/// or `distinct`).
fn all_different(puzzle: &Puzzle, constraints: &[usize], seq: &[usize]) -> bool {
    constraints.iter().any(|&k| {
        let c = &puzzle.constraints[k];
        let distinct = match &puzzle.rules[c.rule].rule {
            Rule::Distinct => true,
            Rule::Permutation(set) | Rule::Subset(set) => {
                set.iter().collect::<BTreeSet<_>>().len() == set.len()
            }
            _ => false,
        };
        distinct && seq.iter().all(|cell| c.cells.contains(cell))
    })
}

impl Encoder<'_> {
    /// Encodes one rule instance.
    fn rule_instance(&mut self, constraint: &Constraint, options: &Options) -> Result<()> {
        let puzzle = self.puzzle;
        let seq = &constraint.cells;
        match &puzzle.rules[constraint.rule].rule {
            Rule::Permutation(set) => self.counts(seq, set, true, true, true),
            Rule::Subset(set) => self.counts(seq, set, true, false, true),
            Rule::Superset(set) => self.counts(seq, set, false, true, false),
            Rule::Distinct => self.distinct(seq),
            Rule::Sum(target) => {
                match options.sum_encoding {
                    SumEncoding::Layers => self.sum_layered(constraint, *target)?,
                    SumEncoding::Pb => self.sum_pb(constraint, *target)?,
                }
                if all_different(puzzle, self.constraints, seq) {
                    self.sum_of_distinct(seq, *target);
                }
            }
            Rule::Prod(0) => self.some_zero(seq),
            Rule::Prod(target) => {
                let target = *target;
                let step = move |s: i64, v: Value| {
                    let p = s.checked_mul(v as i64)?;
                    (p != 0 && target % p == 0).then_some(p)
                };
                self.layered(constraint, 1, target, step, |_, _| true)?
            }
            Rule::InOrder => self.in_order(constraint, seq)?,
            Rule::InReverseOrder => {
                let reversed: Vec<usize> = seq.iter().rev().copied().collect();
                self.in_order(constraint, &reversed)?
            }
            Rule::Word(list) => self.word(seq, *list),
            Rule::Visible(count) => {
                let values: Vec<Vec<Value>> = seq
                    .iter()
                    .map(|&c| self.cells[c].lits.keys().copied().collect())
                    .collect();
                let needed = limits::visible(&values);
                if needed > limits::MAX_LITERALS {
                    return Err(limits::too_large(puzzle, constraint, needed));
                }
                self.visible(seq, *count)
            }
        }
        Ok(())
    }

    /// The literals of `value` over the cells of `seq` that can take it.
    fn value_lits(&self, seq: &[usize], value: Value) -> Vec<Lit> {
        seq.iter()
            .filter_map(|&c| self.cells[c].get(value))
            .collect()
    }

    /// Between `min` and `max` of `lits` are true.
    fn count(&mut self, lits: &[Lit], min: usize, max: usize) {
        let max = max.min(lits.len());
        if min > max {
            self.b.clause(&[]);
        } else if min == 1 && max == 1 {
            self.b.exactly_one(lits, amo_for(lits.len()));
        } else if min == 0 && max == 1 {
            self.b.at_most_one(lits, amo_for(lits.len()));
        } else if min == 1 && max == lits.len() {
            self.b.clause(lits);
        } else {
            self.b.cardinality(lits, min, max);
        }
    }

    /// Value counts against the multiset `set`: `upper` bounds each value
    /// by its multiplicity, `lower` demands it, `closed` forbids values
    /// outside the set.
    fn counts(&mut self, seq: &[usize], set: &[Value], upper: bool, lower: bool, closed: bool) {
        let mut multiplicity: BTreeMap<Value, usize> = BTreeMap::new();
        for &v in set {
            *multiplicity.entry(v).or_default() += 1;
        }
        if closed {
            for &c in seq {
                for (&v, &lit) in &self.cells[c].lits {
                    if !multiplicity.contains_key(&v) {
                        self.b.clause(&[!lit]);
                    }
                }
            }
        }
        for (&v, &m) in &multiplicity {
            let lits = self.value_lits(seq, v);
            let min = if lower { m } else { 0 };
            let max = if upper { m } else { seq.len() };
            self.count(&lits, min, max);
        }
    }

    /// No value twice.
    fn distinct(&mut self, seq: &[usize]) {
        let values: BTreeSet<Value> = seq
            .iter()
            .flat_map(|&c| self.cells[c].lits.keys().copied())
            .collect();
        for v in values {
            let lits = self.value_lits(seq, v);
            self.count(&lits, 0, 1);
        }
    }

    /// `|v1| <= |v2| <= ...` between neighbours of `seq` (an error when the
    /// clauses would pass the limit).
    fn in_order(&mut self, constraint: &Constraint, seq: &[usize]) -> Result<()> {
        let needed: u64 = seq
            .windows(2)
            .map(|pair| {
                let values = |c: usize| self.cells[c].lits.keys().copied().collect::<Vec<_>>();
                limits::in_order(&values(pair[0]), &values(pair[1]))
            })
            .sum();
        if needed > limits::MAX_LITERALS {
            return Err(limits::too_large(self.puzzle, constraint, needed));
        }
        for pair in seq.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let left: Vec<(Value, Lit)> =
                self.cells[a].lits.iter().map(|(&v, &l)| (v, l)).collect();
            let right: Vec<(Value, Lit)> =
                self.cells[b].lits.iter().map(|(&v, &l)| (v, l)).collect();
            for &(v, x) in &left {
                let mut clause = vec![!x];
                clause.extend(
                    right
                        .iter()
                        .filter(|(w, _)| w.unsigned_abs() >= v.unsigned_abs())
                        .map(|&(_, y)| y),
                );
                self.b.clause(&clause);
            }
            for &(w, y) in &right {
                let mut clause = vec![!y];
                clause.extend(
                    left.iter()
                        .filter(|(v, _)| v.unsigned_abs() <= w.unsigned_abs())
                        .map(|&(_, x)| x),
                );
                self.b.clause(&clause);
            }
        }
        Ok(())
    }

    /// The letters of `seq` spell a word of list `list`.
    fn word(&mut self, seq: &[usize], list: usize) {
        let puzzle = self.puzzle;
        let words = puzzle.word_lists[list].words(seq.len());
        let mut selectors: Vec<Lit> = Vec::new();
        let mut support: Vec<HashMap<Value, Vec<Lit>>> = vec![HashMap::new(); seq.len()];
        for word in words {
            let values: Vec<Value> = word.bytes().map(|b| -((b - b'a' + 1) as Value)).collect();
            let lits: Option<Vec<Lit>> = values
                .iter()
                .zip(seq)
                .map(|(&v, &c)| self.cells[c].get(v))
                .collect();
            let Some(lits) = lits else { continue };
            let selector = self.b.aux();
            for (i, (&lit, &v)) in lits.iter().zip(&values).enumerate() {
                self.b.implies(selector, lit);
                support[i].entry(v).or_default().push(selector);
            }
            selectors.push(selector);
        }
        self.b.clause(&selectors);
        for (i, &c) in seq.iter().enumerate() {
            let lits: Vec<(Value, Lit)> =
                self.cells[c].lits.iter().map(|(&v, &l)| (v, l)).collect();
            for (v, x) in lits {
                let mut clause = vec![!x];
                clause.extend(support[i].get(&v).into_iter().flatten().copied());
                self.b.clause(&clause);
            }
        }
    }

    /// Exactly `count` cells of `seq` are higher (by absolute value) than
    /// every cell before them.
    fn visible(&mut self, seq: &[usize], count: usize) {
        if seq.is_empty() {
            if count > 0 {
                self.b.clause(&[]);
            }
            return;
        }
        let keys: BTreeSet<u32> = seq
            .iter()
            .flat_map(|&c| self.cells[c].lits.keys().map(|v| v.unsigned_abs()))
            .collect();
        let lowest = keys.iter().next().copied().unwrap_or(0);
        // at_least[k]: the maximum so far is at least k (k above the lowest key;
        // "at least the lowest" always holds).
        let mut at_least: BTreeMap<u32, Lit> = BTreeMap::new();
        let mut visible = Vec::with_capacity(seq.len());
        for (i, &c) in seq.iter().enumerate() {
            let values: Vec<(u32, Lit)> = self.cells[c]
                .lits
                .iter()
                .map(|(&v, &l)| (v.unsigned_abs(), l))
                .collect();
            if i > 0 {
                let seen = self.b.aux();
                for &(k, x) in &values {
                    match at_least.get(&k) {
                        // the value beats the maximum so far iff that is below k
                        Some(&m) => {
                            self.b.clause(&[!x, m, seen]);
                            self.b.clause(&[!x, !m, !seen]);
                        }
                        None if k == lowest => self.b.clause(&[!x, !seen]),
                        None => self.b.clause(&[!x, seen]),
                    }
                }
                visible.push(seen);
            }
            let mut next = BTreeMap::new();
            for &k in keys.iter().filter(|&&k| k > lowest) {
                let m = self.b.aux();
                let reaching: Vec<Lit> = values
                    .iter()
                    .filter(|&&(key, _)| key >= k)
                    .map(|&(_, x)| x)
                    .collect();
                let mut clause = vec![!m];
                clause.extend(&reaching);
                for &x in &reaching {
                    self.b.implies(x, m);
                }
                if let Some(&before) = at_least.get(&k) {
                    self.b.implies(before, m);
                    clause.push(before);
                }
                self.b.clause(&clause);
                next.insert(k, m);
            }
            at_least = next;
        }
        // The first cell is always visible.
        if count == 0 {
            self.b.clause(&[]);
        } else {
            self.count(&visible, count - 1, count - 1);
        }
    }
}
