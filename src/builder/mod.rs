//! Building a formula with named variables: what every encoder uses.
//!
//! Primary variables get readable names ([`crate::names`]); auxiliary
//! variables come from rustsat's cardinality and pseudo-boolean encodings
//! and stay unnamed. [`FormulaBuilder::finish`] yields a [`Formula`] whose
//! header carries the family, encoder, options, puzzle, names and
//! projection set.
//!
//! ```
//! use satpipe::builder::{AtMostOne, FormulaBuilder};
//! let mut b = FormulaBuilder::new("demo", "demo/onehot");
//! let xs: Vec<_> = (1..=3).map(|v| b.named(format!("x={v}"))).collect();
//! b.exactly_one(&xs, AtMostOne::Ladder);
//! b.clause_by_names(&["-x=1"]).unwrap();
//! let formula = b.finish();
//! assert_eq!(formula.meta.names.len(), 3);
//! ```

mod constraints;

pub use constraints::{AtMostOne, PbEncoding};

use crate::cnf::{Clauses, Formula, Kind, Metadata};
use crate::error::{Error, Result};
use crate::names;
use crate::solve::cubes::Propagator;
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Lit, Var};
use std::collections::HashMap;

/// Builds a [`Formula`] with named primary variables.
#[derive(Debug)]
pub struct FormulaBuilder {
    meta: Metadata,
    vars: BasicVarManager,
    by_name: HashMap<String, Lit>,
    hard: Clauses,
    soft: Clauses,
    weights: Vec<u64>,
    /// Groups of hard clauses for explaining a formula without solution:
    /// label, first clause, end (`None` while open).
    groups: Vec<(String, usize, Option<usize>)>,
    /// The literals decided so far ([`FormulaBuilder::decide`]).
    decided: Decided,
}

/// The literals that hold in every model, as [`FormulaBuilder::decide`]
/// recorded them: per variable, open, true or false.
#[derive(Debug, Default)]
struct Decided(Vec<Option<bool>>);

impl Decided {
    /// The value of `lit`, if it is decided.
    fn value(&self, lit: Lit) -> Option<bool> {
        self.0
            .get(lit.vidx())
            .copied()
            .flatten()
            .map(|value| value == lit.is_pos())
    }

    /// Records `lit` as decided; false when it was decided so already
    /// (else its unit clause is to be added: also when its opposite was
    /// decided, the value kept being the first).
    fn set(&mut self, lit: Lit) -> bool {
        let v = lit.vidx();
        if self.0.len() <= v {
            self.0.resize(v + 1, None);
        }
        if self.0[v] == Some(lit.is_pos()) {
            return false;
        }
        self.0[v].get_or_insert(lit.is_pos());
        true
    }

    /// Appends `clause` to `hard` reduced by the decided literals: nothing
    /// when one of them satisfies it, the clause without the falsified
    /// ones otherwise, and the clause as it is when every literal is
    /// falsified (then there is no model, and the clause says so).
    fn push(&self, hard: &mut Clauses, clause: &[Lit]) {
        if self.0.is_empty() {
            hard.push(clause);
            return;
        }
        let mut falsified = 0;
        for &lit in clause {
            match self.value(lit) {
                Some(true) => return,
                Some(false) => falsified += 1,
                None => {}
            }
        }
        if falsified == 0 || falsified == clause.len() {
            hard.push(clause);
        } else {
            hard.push_filtered(clause, |lit| self.value(lit).is_none());
        }
    }
}

impl FormulaBuilder {
    /// A builder for `family`, produced by `encoder` (e.g. `numberlink/edges`).
    pub fn new(family: &str, encoder: &str) -> Self {
        FormulaBuilder {
            meta: Metadata {
                family: Some(family.to_string()),
                encoder: Some(encoder.to_string()),
                ..Metadata::default()
            },
            vars: BasicVarManager::default(),
            by_name: HashMap::new(),
            hard: Clauses::new(),
            soft: Clauses::new(),
            weights: Vec::new(),
            groups: Vec::new(),
            decided: Decided::default(),
        }
    }

    /// Starts a group: the hard clauses added from now on, up to the next
    /// group or [`FormulaBuilder::end_group`], stand for one part of the
    /// puzzle called `label` (a clue, a line, a slot). When the puzzle has
    /// no solution, a decoder names a minimal set of groups that cannot
    /// hold together ([`crate::explain`]); clauses outside every group are
    /// taken as the puzzle's frame, never blamed.
    pub fn group(&mut self, label: impl Into<String>) {
        self.end_group();
        self.groups.push((label.into(), self.hard.len(), None));
    }

    /// Ends the open group: the clauses added next belong to none.
    pub fn end_group(&mut self) {
        let end = self.hard.len();
        if let Some(last) = self.groups.last_mut() {
            last.2.get_or_insert(end);
        }
    }

    /// The groups so far, in order, without the empty ones.
    pub fn groups(&self) -> Vec<crate::explain::Group> {
        self.groups
            .iter()
            .map(|(label, start, end)| crate::explain::Group {
                label: label.clone(),
                clauses: *start..end.unwrap_or(self.hard.len()),
            })
            .filter(|group| !group.clauses.is_empty())
            .collect()
    }

    /// Records an encoder option in the header as the argument
    /// `--KEY=VALUE` (`c option --KEY=VALUE`).
    pub fn option(&mut self, key: &str, value: impl std::fmt::Display) -> &mut Self {
        self.argument(format!("--{key}={value}"))
    }

    /// Records one command-line argument of the encoder in the header
    /// (`c option ARGUMENT`).
    pub fn argument(&mut self, argument: impl Into<String>) -> &mut Self {
        self.meta.options.push(argument.into());
        self
    }

    /// Stores the puzzle text verbatim in the header.
    pub fn puzzle(&mut self, text: &str) -> &mut Self {
        self.meta.puzzle = Some(text.to_string());
        self
    }

    /// Declares that every solution has the same number of true projection
    /// variables, so enumeration may block just the true ones.
    pub fn blocking_positive(&mut self) -> &mut Self {
        self.meta.blocking_positive = true;
        self
    }

    /// Declares that the projection variables are covered by positive
    /// clauses of projection variables (e.g. "some tile covers this cell"),
    /// so `solve --all` enumerates by disjoint cubes by default, branching
    /// on those clauses as dancing links does.
    pub fn enumerate_by_cubes(&mut self) -> &mut Self {
        self.meta.enumerate_by_cubes = true;
        self
    }

    /// Recommends `name=value` for the embedded `solver` on this formula
    /// (`c solver-option SOLVER NAME=VALUE`); `solve` sets it unless its
    /// `--solver-option` sets the same name. For options that help the
    /// encoder's formulas but not every family's.
    pub fn recommend_solver_option(&mut self, solver: &str, name: &str, value: i32) -> &mut Self {
        self.meta
            .solver_options
            .push((solver.to_string(), name.to_string(), value));
        self
    }

    /// Recommends the embedded `solver` for this formula (`c prefer-solver
    /// SOLVER`); `solve` takes it when its command line names no solver.
    /// For encoders whose formulas one solver answers clearly faster.
    pub fn prefer_solver(&mut self, solver: &str) -> &mut Self {
        self.meta.prefer_solver = Some(solver.to_string());
        self
    }

    /// Asks `solve` to search under `lits` first (`c try-first`): a model
    /// with all of them is found first when there is one; answers and
    /// counts do not change.
    pub fn try_first(&mut self, lits: &[Lit]) -> &mut Self {
        self.meta.try_first.extend_from_slice(lits);
        self
    }

    /// Adds a relaxation ladder (`c relax`): literals that each restrict
    /// the formula, strictest first. `solve` searches under the first
    /// literal of every ladder and moves a ladder on only when its literal
    /// is part of the reason there is no model; answers and counts do not
    /// change.
    pub fn relax_ladder(&mut self, lits: &[Lit]) -> &mut Self {
        if !lits.is_empty() {
            self.meta.relax.push(lits.to_vec());
        }
        self
    }

    /// The variable called `name`, created on first use. Whitespace in the
    /// name becomes `_`, and a name that could be mistaken for a literal is
    /// prefixed with `'`, so any text can be used.
    pub fn named(&mut self, name: impl Into<String>) -> Lit {
        let mut name: String = name.into();
        if name.chars().any(char::is_whitespace) {
            name = name
                .chars()
                .map(|c| if c.is_whitespace() { '_' } else { c })
                .collect();
        }
        if names::validate(&name).is_err() {
            name.insert(0, '\'');
        }
        if let Some(lit) = self.lookup(&name) {
            return lit;
        }
        let lit = self.vars.new_lit();
        // A fresh variable has no name yet.
        let _ = self.meta.names.insert(lit.var(), name.clone());
        self.by_name.insert(name, lit);
        lit
    }

    /// A block of fresh variables named by `pattern` over `ranges`, one
    /// variable for every combination of the ranges' values, the last
    /// range varying fastest: the header declares them in one line (`c
    /// vars FIRST PATTERN RANGE...`, [`names::Block`]) instead of one line
    /// a name. `None`, with no variable made, when a block cannot hold
    /// the names (a word with a comma or a space, a name given already):
    /// the caller then names them one by one. An empty range gives an
    /// empty block.
    ///
    /// ```
    /// use satpipe::builder::FormulaBuilder;
    /// use satpipe::names::Range;
    /// let mut b = FormulaBuilder::new("demo", "demo/grid");
    /// let ranges = [("r", Range::Int(1, 2)), ("c", Range::Int(1, 3))];
    /// let cells = b.named_block("cell(r,c)", &ranges).unwrap();
    /// assert_eq!(cells.lit(&[2, 1]), b.lookup("cell(2,1)").unwrap());
    /// let header = b.finish().header;
    /// assert!(header.contains(&"c vars 1 cell(r,c) r=1..2 c=1..3".to_string()));
    /// ```
    pub fn named_block(
        &mut self,
        pattern: &str,
        ranges: &[(&str, names::Range)],
    ) -> Option<BlockVars> {
        let dims: Vec<(i64, u32)> = ranges
            .iter()
            .map(|(_, range)| match range {
                names::Range::Int(lo, hi) => (
                    *lo,
                    u32::try_from(hi.saturating_sub(*lo).saturating_add(1).max(0)).unwrap_or(0),
                ),
                names::Range::Words(words) => (0, words.len() as u32),
            })
            .collect();
        let len = dims
            .iter()
            .try_fold(1u32, |n, &(_, len)| n.checked_mul(len))?;
        let first = self.vars.n_used();
        let vars = BlockVars { first, dims };
        if len == 0 {
            return Some(vars);
        }
        let block = names::Block::new(first, pattern, ranges).ok()?;
        // The block's names must be new (other blocks are checked as it
        // is added).
        if self.by_name.keys().any(|n| block.index_of(n).is_some()) {
            return None;
        }
        self.meta.names.add_block(block).ok()?;
        for _ in 0..len {
            self.vars.new_var();
        }
        Some(vars)
    }

    /// The variables of [`FormulaBuilder::named_block`], in order, or,
    /// when the names cannot form a block, the same variables named one
    /// by one, `name` spelling the name of the values `at` of the ranges
    /// (integers, or the index of a word) as [`FormulaBuilder::named`]
    /// takes it.
    pub fn named_block_or_each(
        &mut self,
        pattern: &str,
        ranges: &[(&str, names::Range)],
        name: impl Fn(&[i64]) -> String,
    ) -> Vec<Lit> {
        if let Some(block) = self.named_block(pattern, ranges) {
            return block.lits().collect();
        }
        let dims: Vec<(i64, i64)> = ranges
            .iter()
            .map(|(_, range)| match range {
                names::Range::Int(lo, hi) => (*lo, hi.saturating_sub(*lo).saturating_add(1).max(0)),
                names::Range::Words(words) => (0, words.len() as i64),
            })
            .collect();
        let mut lits = Vec::new();
        if dims.iter().any(|&(_, len)| len == 0) {
            return lits;
        }
        let mut at: Vec<i64> = dims.iter().map(|&(lo, _)| lo).collect();
        loop {
            lits.push(self.named(name(&at)));
            // The next values, the last range fastest.
            let mut k = at.len();
            loop {
                if k == 0 {
                    return lits;
                }
                k -= 1;
                at[k] += 1;
                if at[k] < dims[k].0 + dims[k].1 {
                    break;
                }
                at[k] = dims[k].0;
            }
        }
    }

    /// Failed-literal probing: each of `candidates` that unit propagation
    /// over the clauses so far leaves open is assumed true, then false;
    /// when one way leads to a contradiction, the other holds in every
    /// model and is added as a unit clause, and the next candidates see
    /// it. Rounds repeat while they find some, until about `budget`
    /// literals have been propagated. Answers and counts do not change
    /// (each unit is implied by the clauses). Returns the number of units
    /// added.
    pub fn probe(&mut self, candidates: &[Lit], budget: usize) -> usize {
        let mut up = Propagator::from_clauses(&self.hard, self.vars.n_used(), &[]);
        if !up.propagate_root() {
            return 0;
        }
        let mut found = Vec::new();
        let mut spent = 0;
        'rounds: loop {
            let before = found.len();
            for &candidate in candidates {
                if up.value(candidate.var()).is_some() {
                    continue;
                }
                for lit in [candidate, !candidate] {
                    let mark = up.trail_len();
                    let holds = up.assign(lit) && up.propagate();
                    spent += up.trail_len() - mark;
                    up.undo_to(mark);
                    if !holds {
                        found.push(!lit);
                        if !(up.assign(!lit) && up.propagate()) {
                            // No model at all: the units say so.
                            break 'rounds;
                        }
                        break;
                    }
                }
                if spent > budget {
                    break 'rounds;
                }
            }
            if found.len() == before {
                break;
            }
        }
        for &lit in &found {
            self.clause(&[lit]);
        }
        found.len()
    }

    /// The variable called `name`, if it exists.
    pub fn lookup(&self, name: &str) -> Option<Lit> {
        self.by_name
            .get(name)
            .copied()
            .or_else(|| self.meta.names.find_in_blocks(name).map(|v| v.pos_lit()))
    }

    /// A fresh unnamed auxiliary variable.
    pub fn aux(&mut self) -> Lit {
        self.vars.new_lit()
    }

    /// Number of variables so far.
    pub fn num_vars(&self) -> u32 {
        self.vars.n_used()
    }

    /// Number of hard clauses so far.
    pub fn num_clauses(&self) -> usize {
        self.hard.len()
    }

    /// Adds a hard clause (reduced by the literals decided so far, see
    /// [`FormulaBuilder::decide`]).
    pub fn clause(&mut self, lits: &[Lit]) {
        self.decided.push(&mut self.hard, lits);
    }

    /// Records that `lit` holds in every model of the formula being built:
    /// a consequence of its clauses that a presolve found, not a new
    /// restriction. It is added as a unit clause, and every clause added
    /// from then on is reduced by it: one it satisfies is left out, and
    /// so is the literal it falsifies. Answers and counts do not change;
    /// the decided part of a puzzle just never reaches the formula.
    /// Deciding a literal whose opposite was decided adds the unit too:
    /// the formula then has no model.
    ///
    /// ```
    /// use satpipe::builder::FormulaBuilder;
    /// let mut b = FormulaBuilder::new("demo", "demo/decided");
    /// let (x, y, z) = (b.named("x"), b.named("y"), b.named("z"));
    /// b.decide(x);
    /// b.clause(&[x, y]); // satisfied: left out
    /// b.clause(&[!x, y, z]); // stored as "y z"
    /// assert_eq!(b.num_clauses(), 2);
    /// ```
    pub fn decide(&mut self, lit: Lit) {
        if self.decided.set(lit) {
            self.hard.push(&[lit]);
        }
    }

    /// The value `lit` was decided to have ([`FormulaBuilder::decide`]),
    /// if any.
    pub fn decided(&self, lit: Lit) -> Option<bool> {
        self.decided.value(lit)
    }

    /// Adds a hard clause whose literals are given by name (`-name` for a
    /// negated literal). Every name must already exist.
    pub fn clause_by_names(&mut self, lits: &[&str]) -> Result<()> {
        let mut clause = Vec::with_capacity(lits.len());
        for text in lits {
            let (negated, name) = match text.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, *text),
            };
            let lit = self
                .lookup(name)
                .ok_or_else(|| Error::Usage(format!("no variable is named '{name}'")))?;
            clause.push(if negated { !lit } else { lit });
        }
        self.clause(&clause);
        Ok(())
    }

    /// Adds `a -> b` as the clause `-a b`.
    pub fn implies(&mut self, a: Lit, b: Lit) {
        self.clause(&[!a, b]);
    }

    /// Adds a soft clause with `weight`: the formula becomes WCNF and its
    /// cost is the weight of the falsified soft clauses.
    pub fn soft(&mut self, weight: u64, lits: &[Lit]) {
        self.soft.push(lits);
        self.weights.push(weight);
    }

    /// Sets the projection set (default: every named variable).
    pub fn projection(&mut self, vars: &[Var]) -> &mut Self {
        self.meta.projection = Some(vars.to_vec());
        self
    }

    /// The finished formula. Without an explicit projection, the named
    /// variables form it (if there are any; otherwise all variables do).
    pub fn finish(self) -> Formula {
        let mut formula = self.finish_unrendered();
        formula.header = formula.meta.to_comment_lines();
        formula
    }

    /// The finished formula as [`FormulaBuilder::finish`] makes it, but
    /// with its header lines left empty, for a caller that changes the
    /// metadata first (such as [`crate::cnf::simplify::fix_forced`]) and
    /// then renders them once from `formula.meta`.
    pub fn finish_unrendered(mut self) -> Formula {
        if self.meta.projection.is_none() && !self.meta.names.is_empty() {
            self.meta.projection = Some(self.meta.names.vars());
        }
        let kind = if self.soft.is_empty() {
            Kind::Cnf
        } else {
            Kind::Wcnf
        };
        Formula {
            header: Vec::new(),
            num_vars: self.vars.n_used(),
            meta: self.meta,
            kind,
            hard: std::sync::Arc::new(self.hard),
            soft: self.soft,
            weights: self.weights,
        }
    }
}

/// The variables of a block made by [`FormulaBuilder::named_block`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockVars {
    /// The 0-based index of the first variable.
    first: u32,
    /// Each range's first value (0 for words) and number of values.
    dims: Vec<(i64, u32)>,
}

impl BlockVars {
    /// The number of variables.
    pub fn len(&self) -> usize {
        self.dims.iter().map(|&(_, n)| n as usize).product()
    }

    /// True when the block has no variable (an empty range).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every variable of the block, in order.
    pub fn lits(&self) -> impl Iterator<Item = Lit> + '_ {
        (0..self.len() as u32).map(|i| Var::new(self.first + i).pos_lit())
    }

    /// The variable whose ranges take the values `at` (integers, or the
    /// index of a word), in the order of the ranges.
    ///
    /// # Panics
    ///
    /// When a value is outside its range: the encoder asked for a
    /// variable it did not make.
    pub fn lit(&self, at: &[i64]) -> Lit {
        assert_eq!(at.len(), self.dims.len(), "one value per range");
        let mut index: u32 = 0;
        for (&value, &(lo, len)) in at.iter().zip(&self.dims) {
            let step = u32::try_from(value - lo)
                .ok()
                .filter(|&s| s < len)
                .unwrap_or_else(|| panic!("{value} is outside the block's range"));
            index = index * len + step;
        }
        Var::new(self.first + index).pos_lit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the hard clauses of `formula` hold under `assignment`
    /// (bit `v` the value of variable `v`).
    fn holds(formula: &Formula, assignment: u32) -> bool {
        formula.hard.iter().all(|clause| {
            clause
                .iter()
                .any(|&lit| (assignment >> lit.vidx32() & 1 == 1) != lit.is_neg())
        })
    }

    #[test]
    fn decided_literals_keep_the_models_of_the_clauses() {
        // Clauses over four variables with the one literal they imply
        // (x0, from the units and binaries before it) decided first: the
        // reduced formula has exactly the models of the full one.
        let clauses: [&[i32]; 6] = [
            &[1, 2],
            &[1, -2],
            &[-1, 3, 4],
            &[-3, -4],
            &[2, -1],
            &[-2, 3, 1],
        ];
        let lit = |d: i32| {
            let var = Var::new(d.unsigned_abs() - 1);
            if d > 0 {
                var.pos_lit()
            } else {
                var.neg_lit()
            }
        };
        let build = |decide: bool| {
            let mut b = FormulaBuilder::new("test", "test");
            (0..4).for_each(|_| {
                b.aux();
            });
            if decide {
                b.decide(lit(1));
            }
            for clause in clauses {
                b.clause(&clause.iter().map(|&d| lit(d)).collect::<Vec<_>>());
            }
            b.finish()
        };
        let (full, reduced) = (build(false), build(true));
        assert!(reduced.hard.len() < full.hard.len());
        for assignment in 0..16 {
            assert_eq!(
                holds(&full, assignment),
                holds(&reduced, assignment),
                "{assignment:04b}"
            );
        }
        // Both ways decided: no model left.
        let mut b = FormulaBuilder::new("test", "test");
        let x = b.aux();
        b.decide(x);
        b.decide(!x);
        b.clause(&[x]);
        let contradiction = b.finish();
        assert!((0..2).all(|a| !holds(&contradiction, a)));
    }

    #[test]
    fn at_most_switches_bound_the_count_only_when_set() {
        let n = 4;
        let bounds = [0, 1, 3, 4];
        let mut b = FormulaBuilder::new("test", "test");
        let lits: Vec<Lit> = (0..n).map(|_| b.aux()).collect();
        let switches = b.at_most_switches(&lits, &bounds);
        assert_eq!(switches.len(), bounds.len());
        let vars = b.num_vars();
        let formula = b.finish();
        // For every input assignment and every switch set alone: some
        // assignment of the totalizer's variables satisfies the clauses
        // exactly when the count is within the switch's bound.
        let aux: Vec<u32> = (0..vars)
            .filter(|&v| lits.iter().chain(&switches).all(|l| l.vidx32() != v))
            .collect();
        for inputs in 0u32..1 << n {
            for (i, &switch) in switches.iter().enumerate() {
                let satisfiable = (0u64..1 << aux.len()).any(|rest| {
                    let value = |lit: Lit| {
                        let v = lit.vidx32();
                        let on = if let Some(j) = lits.iter().position(|l| l.vidx32() == v) {
                            inputs >> j & 1 == 1
                        } else if v == switch.vidx32() {
                            true
                        } else if let Some(j) = aux.iter().position(|&a| a == v) {
                            rest >> j & 1 == 1
                        } else {
                            false
                        };
                        on != lit.is_neg()
                    };
                    formula
                        .hard
                        .iter()
                        .all(|clause| clause.iter().any(|&lit| value(lit)))
                });
                let count = inputs.count_ones() as usize;
                assert_eq!(
                    satisfiable,
                    count <= bounds[i],
                    "inputs {inputs:b}, bound {}",
                    bounds[i]
                );
            }
        }
    }

    #[test]
    fn cardinality_direct_holds_exactly_between_its_bounds() {
        for n in 0..=5usize {
            for min in 0..=n + 1 {
                for max in min..=n + 1 {
                    let mut b = FormulaBuilder::new("test", "test");
                    let lits: Vec<Lit> = (0..n).map(|_| b.aux()).collect();
                    b.cardinality_direct(&lits, min, max);
                    assert_eq!(b.num_vars() as usize, n, "no auxiliary variable");
                    let formula = b.finish();
                    for mask in 0u32..1 << n {
                        let holds = formula.hard.iter().all(|clause| {
                            clause
                                .iter()
                                .any(|l| (mask >> l.vidx() & 1 == 1) != l.is_neg())
                        });
                        let count = mask.count_ones() as usize;
                        assert_eq!(
                            holds,
                            (min..=max).contains(&count),
                            "n {n} [{min},{max}] {mask:b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn at_least_if_holds_exactly_when_the_condition_has_its_count() {
        for n in 0..=4usize {
            for k in 0..=n + 1 {
                let mut b = FormulaBuilder::new("test", "test");
                let cond = b.aux();
                let lits: Vec<Lit> = (0..n).map(|_| b.aux()).collect();
                b.at_least_if(cond, &lits, k);
                assert_eq!(b.num_vars() as usize, n + 1);
                let formula = b.finish();
                for assignment in 0u32..1 << (n + 1) {
                    let value = |lit: Lit| (assignment >> lit.vidx() & 1 == 1) != lit.is_neg();
                    let satisfied = formula
                        .hard
                        .iter()
                        .all(|clause| clause.iter().any(|&lit| value(lit)));
                    let count = lits.iter().filter(|&&lit| value(lit)).count();
                    assert_eq!(
                        satisfied,
                        !value(cond) || count >= k,
                        "n {n}, k {k}, assignment {assignment:b}"
                    );
                }
            }
        }
    }
}
