//! The arithmetic rules of the rule language (`sum N`, `prod N`): the
//! layered automaton over partial sums and products, the redundant
//! selectors of a sum over distinct cells, and `--sum-encoding pb` (see
//! the module documentation of `encode`).

use super::{amo_for, Encoder};
use crate::builder::PbEncoding;
use crate::error::Result;
use crate::rules::limits;
use crate::rules::puzzle::Constraint;
use crate::rules::Value;
use rustsat::types::Lit;
use std::collections::{BTreeMap, BTreeSet};

/// The most value sets a `sum` over distinct cells is given selectors for.
const MAX_VALUE_SETS: usize = 5_000;

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
    /// `sum target` as a layered automaton, whose partial sums after each
    /// cell stay where the cells after it can still reach the target.
    pub(super) fn sum_layered(&mut self, constraint: &Constraint, target: i64) -> Result<()> {
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
    pub(super) fn sum_of_distinct(&mut self, seq: &[usize], target: i64) {
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

    /// `prod 0`: some cell is 0.
    pub(super) fn some_zero(&mut self, seq: &[usize]) {
        let lits = self.value_lits(seq, 0);
        self.b.clause(&lits);
    }

    /// `sum target` as two pseudo-boolean bounds over value literals,
    /// shifted so that every weight is non-negative (an error when the
    /// totalizers would pass the limit).
    pub(super) fn sum_pb(&mut self, constraint: &Constraint, target: i64) -> Result<()> {
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
    pub(super) fn layered(
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
    pub(super) fn support(&mut self, lit: Lit, supports: &[Lit]) {
        let mut clause = vec![!lit];
        clause.extend(supports);
        clause[1..].sort_unstable();
        clause.dedup();
        self.b.clause(&clause);
    }
}
