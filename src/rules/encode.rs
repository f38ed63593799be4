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
//! error naming the rule and its line.

use super::limits;
use super::narrow::narrow;
use super::parse::show_value;
use super::puzzle::{Constraint, Rule};
use super::{Options, Puzzle, SumEncoding, Value};
use crate::builder::{AtMostOne, FormulaBuilder, PbEncoding};
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

/// The most value sets a `sum` over distinct cells is given selectors for.
const MAX_VALUE_SETS: usize = 5_000;

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

/// Every set of `size` distinct values from `values` (sorted ascending)
/// adding up to `target`, or `None` when there are more than `limit`.
fn value_sets(values: &[i64], size: usize, target: i64, limit: usize) -> Option<Vec<Vec<i64>>> {
    fn go(
        values: &[i64],
        size: usize,
        target: i64,
        chosen: &mut Vec<i64>,
        out: &mut Vec<Vec<i64>>,
        limit: usize,
    ) -> bool {
        if size == 0 {
            if target == 0 {
                out.push(chosen.clone());
            }
            return out.len() <= limit;
        }
        if values.len() < size {
            return true;
        }
        let smallest: i64 = values[..size].iter().sum();
        let largest: i64 = values[values.len() - size..].iter().sum();
        if target < smallest || target > largest {
            return true;
        }
        for i in 0..=values.len() - size {
            chosen.push(values[i]);
            let ok = go(
                &values[i + 1..],
                size - 1,
                target - values[i],
                chosen,
                out,
                limit,
            );
            chosen.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    go(values, size, target, &mut Vec::new(), &mut out, limit).then_some(out)
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

    /// `sum target` as a layered automaton, whose partial sums after each
    /// cell stay where the cells after it can still reach the target.
    fn sum_layered(&mut self, constraint: &Constraint, target: i64) -> Result<()> {
        let seq = &constraint.cells;
        // The smallest and largest sums of the cells from i on.
        let mut lowest = vec![0i64; seq.len() + 1];
        let mut highest = vec![0i64; seq.len() + 1];
        for (i, &c) in seq.iter().enumerate().rev() {
            let values = self.cells[c].lits.keys();
            let lo = values.clone().next().map_or(0, |&v| v as i64);
            let hi = values.last().map_or(0, |&v| v as i64);
            lowest[i] = lowest[i + 1] + lo;
            highest[i] = highest[i + 1] + hi;
        }
        let completable =
            move |i: usize, s: i64| (lowest[i]..=highest[i]).contains(&(target - s));
        self.layered(
            constraint,
            0,
            target,
            |s, v| s.checked_add(v as i64),
            completable,
        )
    }

    /// Redundant clauses for `sum target` over cells known to be pairwise
    /// different: one selector per set of values that adds up to the
    /// target; exactly one selector; a selected set's values each appear
    /// in the sequence, and a cell's value implies a selected set holding
    /// it. (Sound only with the distinctness, which makes the cells' values
    /// exactly the selected set.)
    fn sum_of_distinct(&mut self, seq: &[usize], target: i64) {
        let values: BTreeSet<i64> = seq
            .iter()
            .flat_map(|&c| self.cells[c].lits.keys().map(|&v| v as i64))
            .collect();
        let values: Vec<i64> = values.into_iter().collect();
        let Some(sets) = value_sets(&values, seq.len(), target, MAX_VALUE_SETS) else {
            return;
        };
        let mut selectors = Vec::with_capacity(sets.len());
        let mut holding: BTreeMap<i64, Vec<Lit>> = BTreeMap::new();
        for set in &sets {
            let selector = self.b.aux();
            for &v in set {
                let mut clause = vec![!selector];
                clause.extend(self.value_lits(seq, v as Value));
                self.b.clause(&clause);
                holding.entry(v).or_default().push(selector);
            }
            selectors.push(selector);
        }
        self.b.exactly_one(&selectors, amo_for(selectors.len()));
        for &c in seq {
            let lits: Vec<(Value, Lit)> =
                self.cells[c].lits.iter().map(|(&v, &l)| (v, l)).collect();
            for (v, x) in lits {
                let mut clause = vec![!x];
                clause.extend(holding.get(&(v as i64)).into_iter().flatten().copied());
                self.b.clause(&clause);
            }
        }
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

    /// `prod 0`: some cell is 0.
    fn some_zero(&mut self, seq: &[usize]) {
        let lits = self.value_lits(seq, 0);
        self.b.clause(&lits);
    }

    /// `sum target` as two pseudo-boolean bounds over value literals,
    /// shifted so that every weight is non-negative (an error when the
    /// totalizers would pass the limit).
    fn sum_pb(&mut self, constraint: &Constraint, target: i64) -> Result<()> {
        let mut up = Vec::new();
        let mut down = Vec::new();
        let (mut lowest, mut highest) = (0i64, 0i64);
        for &c in &constraint.cells {
            let lits = &self.cells[c].lits;
            let lo = lits.keys().min().copied().unwrap_or(0) as i64;
            let hi = lits.keys().max().copied().unwrap_or(0) as i64;
            lowest += lo;
            highest += hi;
            for (&v, &lit) in lits {
                if v as i64 > lo {
                    up.push((lit, (v as i64 - lo) as usize));
                }
                if (v as i64) < hi {
                    down.push((lit, (hi - v as i64) as usize));
                }
            }
        }
        if target < lowest || target > highest {
            self.b.clause(&[]);
            return Ok(());
        }
        let bounds = [
            (&up, (target - lowest) as usize),
            (&down, (highest - target) as usize),
        ];
        let mut needed = 0;
        for (terms, bound) in bounds {
            let weights: Vec<usize> = terms.iter().map(|&(_, w)| w).collect();
            needed += limits::totalizer(&weights, bound, limits::MAX_LITERALS);
        }
        if needed > limits::MAX_LITERALS {
            return Err(limits::too_large(self.puzzle, constraint, needed));
        }
        for (terms, bound) in bounds {
            self.b.pb_at_most(terms, bound, PbEncoding::Gte);
        }
        Ok(())
    }

    /// A layered automaton: the partial value starts at `start`, each cell
    /// of `seq` moves it by `step` (`None`: the value cannot lead to the
    /// target), and it must end at `target`; `completable(i, s)` is false
    /// when the partial value `s` after `i` cells cannot reach the target
    /// (such states are never built). An error, before anything is built,
    /// when the automaton's (state, value) pairs, each a clause, would
    /// pass the limit.
    fn layered(
        &mut self,
        constraint: &Constraint,
        start: i64,
        target: i64,
        step: impl Fn(i64, Value) -> Option<i64>,
        completable: impl Fn(usize, i64) -> bool,
    ) -> Result<()> {
        let step = &step;
        let seq = &constraint.cells;
        let domains: Vec<Vec<(Value, Lit)>> = seq
            .iter()
            .map(|&c| {
                let mut d: Vec<(Value, Lit)> =
                    self.cells[c].lits.iter().map(|(&v, &l)| (v, l)).collect();
                d.sort_unstable_by_key(|&(v, _)| v);
                d
            })
            .collect();
        let n = seq.len();
        // Forward: reachable partial values that can still be completed.
        let mut layers: Vec<BTreeSet<i64>> = vec![[start].into_iter().collect()];
        let mut pairs = 0u64;
        for (i, domain) in domains.iter().enumerate() {
            let prev = &layers[layers.len() - 1];
            pairs += prev.len() as u64 * domain.len() as u64;
            // Each pair is a clause of up to three literals.
            if 3 * pairs > limits::MAX_LITERALS {
                return Err(limits::too_large(self.puzzle, constraint, 3 * pairs));
            }
            let mut next = BTreeSet::new();
            for &s in prev {
                for &(v, _) in domain {
                    if let Some(t) = step(s, v).filter(|&t| completable(i + 1, t)) {
                        next.insert(t);
                    }
                }
            }
            layers.push(next);
        }
        // Backward: keep the values that can still reach the target.
        let reached = layers[n].contains(&target);
        layers[n] = if reached {
            [target].into_iter().collect()
        } else {
            BTreeSet::new()
        };
        for i in (0..n).rev() {
            let next = layers[i + 1].clone();
            layers[i].retain(|&s| {
                domains[i]
                    .iter()
                    .any(|&(v, _)| step(s, v).is_some_and(|t| next.contains(&t)))
            });
        }
        if layers[0].is_empty() {
            self.b.clause(&[]);
            return Ok(());
        }
        // State literals; `None` when the layer has one state (always true).
        let mut states: Vec<BTreeMap<i64, Option<Lit>>> = Vec::with_capacity(n + 1);
        for layer in &layers {
            let single = layer.len() == 1;
            let map: BTreeMap<i64, Option<Lit>> = layer
                .iter()
                .map(|&s| (s, if single { None } else { Some(self.b.aux()) }))
                .collect();
            let lits: Vec<Lit> = map.values().flatten().copied().collect();
            if !lits.is_empty() {
                self.b.exactly_one(&lits, amo_for(lits.len()));
            }
            states.push(map);
        }
        for i in 0..n {
            // The valid transitions (from, value, to) of cell i.
            let mut moves: Vec<(i64, usize, i64)> = Vec::new();
            for &s in states[i].keys() {
                for (k, &(v, _)) in domains[i].iter().enumerate() {
                    if let Some(t) = step(s, v).filter(|t| states[i + 1].contains_key(t)) {
                        moves.push((s, k, t));
                    }
                }
            }
            let x = |k: usize| domains[i][k].1;
            // Forward: a state and a value lead to the next state, or are
            // incompatible.
            for (&s, &from) in &states[i] {
                for &(v, xv) in &domains[i] {
                    let mut clause: Vec<Lit> = from.iter().map(|&l| !l).collect();
                    clause.push(!xv);
                    match step(s, v).and_then(|t| states[i + 1].get(&t)) {
                        Some(Some(to)) => clause.push(*to),
                        Some(None) => continue,
                        None => {}
                    }
                    self.b.clause(&clause);
                }
            }
            // Supports: every state and value has a compatible partner on
            // both sides.
            let mut from_state: BTreeMap<i64, (Vec<Lit>, Vec<Lit>)> = BTreeMap::new();
            let mut into_state: BTreeMap<i64, (Vec<Lit>, Vec<Lit>)> = BTreeMap::new();
            let mut of_value: BTreeMap<usize, (Vec<Lit>, Vec<Lit>)> = BTreeMap::new();
            let mut before_free = BTreeSet::new();
            let mut after_free = BTreeSet::new();
            for &(s, k, t) in &moves {
                let (from, to) = (states[i][&s], states[i + 1][&t]);
                let f = from_state.entry(s).or_default();
                f.1.push(x(k));
                let g = into_state.entry(t).or_default();
                g.1.push(x(k));
                let h = of_value.entry(k).or_default();
                match to {
                    Some(to) => {
                        f.0.push(to);
                        h.1.push(to);
                    }
                    None => {
                        after_free.insert(k);
                    }
                }
                match from {
                    Some(from) => {
                        g.0.push(from);
                        h.0.push(from);
                    }
                    None => {
                        before_free.insert(k);
                    }
                }
            }
            for (k, &(_, xv)) in domains[i].iter().enumerate() {
                let Some((before, after)) = of_value.get(&k) else {
                    self.b.clause(&[!xv]);
                    continue;
                };
                if !before_free.contains(&k) {
                    self.support(xv, before);
                }
                if !after_free.contains(&k) {
                    self.support(xv, after);
                }
            }
            for (&s, &lit) in &states[i] {
                let Some(lit) = lit else { continue };
                match from_state.get(&s) {
                    Some((next, values)) => {
                        if states[i + 1].values().all(Option::is_some) {
                            self.support(lit, next);
                        }
                        self.support(lit, values);
                    }
                    None => self.b.clause(&[!lit]),
                }
            }
            for (&t, &lit) in &states[i + 1] {
                let Some(lit) = lit else { continue };
                match into_state.get(&t) {
                    Some((prev, values)) => {
                        if states[i].values().all(Option::is_some) {
                            self.support(lit, prev);
                        }
                        self.support(lit, values);
                    }
                    None => self.b.clause(&[!lit]),
                }
            }
        }
        Ok(())
    }

    /// `lit` implies one of `supports` (deduplicated).
    fn support(&mut self, lit: Lit, supports: &[Lit]) {
        let mut clause = vec![!lit];
        clause.extend(supports);
        clause[1..].sort_unstable();
        clause.dedup();
        self.b.clause(&clause);
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
