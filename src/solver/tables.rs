//! The `tables` solver: CDCL with table constraints propagated natively.
//!
//! Some formulas say, for groups of one-hot variables (a crossword cell
//! and its letters), that the values of some groups read together are a
//! tuple of a table (a slot spells a listed word), and that such tuples
//! are pairwise different (no word twice). Their CNF (word graphs,
//! `crate::crossword::fill`) is correct for every solver, but a CDCL
//! solver spends its time propagating it literal by literal. Here the
//! clauses say only that each group takes one value; the tables are a
//! theory of the CDCL solver BatSat (MiniSat's algorithm in Rust): on
//! every assignment each table drops the tuples that disagree with it and
//! forbids the values no remaining tuple has (generalised arc
//! consistency over word bitsets), explaining each propagation by the
//! group values that caused it, so that conflicts are learnt as clauses.
//!
//! A family that knows its tables for a formula describes them as a
//! [`TableSpec`] (`crate::family::Family::tables`); [`TablesBackend`]
//! solves the spec and extends the answer to a model of the whole CNF
//! (every other variable follows by unit propagation), which `solve`
//! checks against the CNF as any solver's model.

use super::{Backend, ClauseStore, Outcome, Stop};
use crate::cnf::Clauses;
use crate::error::{Error, Result};
use crate::model::Model;
use batsat::{lbool, BasicSolver, SolverInterface, Theory, TheoryArg};
use rustc_hash::FxHashMap as HashMap;
use rustsat::types::{Lit, Var};
use std::time::Instant;

/// The solver's name (`solve --solver tables`, `c prefer-solver tables`).
pub const NAME: &str = "tables";

/// The most values a group may have (value masks are `u32`).
pub const MAX_VALUES: usize = 32;

/// Tables over groups of one-hot CNF variables.
#[derive(Debug, Clone, Default)]
pub struct TableSpec {
    /// Per group, its values and the CNF variable true when the group
    /// takes that value (exactly one of them is true).
    pub groups: Vec<Vec<(u8, Var)>>,
    /// The table constraints.
    pub tables: Vec<Table>,
    /// Whether the tuples of tables of the same arity must differ.
    pub distinct: bool,
}

/// One table constraint: the values of `groups`, read in order, are one
/// of `tuples`.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The groups (indices into [`TableSpec::groups`]), in reading order.
    pub groups: Vec<usize>,
    /// The allowed tuples of values, each as long as `groups`.
    pub tuples: Vec<Vec<u8>>,
}

impl TableSpec {
    /// Checks the spec's shape: values below [`MAX_VALUES`], no value or
    /// variable twice, tables over existing groups with tuples of their
    /// arity.
    pub fn validate(&self) -> std::result::Result<(), String> {
        let mut owner: HashMap<Var, usize> = HashMap::default();
        for (g, group) in self.groups.iter().enumerate() {
            let mut seen = 0u64;
            for &(value, var) in group {
                if usize::from(value) >= MAX_VALUES || seen & (1 << value) != 0 {
                    return Err(format!("group {g}: value {value} out of range or repeated"));
                }
                seen |= 1 << value;
                if owner.insert(var, g).is_some() {
                    return Err(format!("variable {} in two groups", var.to_ipasir()));
                }
            }
        }
        for (t, table) in self.tables.iter().enumerate() {
            if let Some(&g) = table.groups.iter().find(|&&g| g >= self.groups.len()) {
                return Err(format!("table {t}: no group {g}"));
            }
            if table
                .tuples
                .iter()
                .any(|tuple| tuple.len() != table.groups.len())
            {
                return Err(format!("table {t}: a tuple of the wrong length"));
            }
            if table
                .tuples
                .iter()
                .flatten()
                .any(|&x| usize::from(x) >= MAX_VALUES)
            {
                return Err(format!("table {t}: a value out of range"));
            }
        }
        Ok(())
    }
}

/// Words of bitsets.
type Bits = Vec<u64>;

/// A table as the theory sees it: per (position, value) the tuples with
/// that value there, as bitsets.
struct TableIndex {
    groups: Vec<usize>,
    tuples: Vec<Vec<u8>>,
    /// `with[pos * MAX_VALUES + value]`: the tuples with `value` at `pos`.
    with: Vec<Bits>,
    /// `together[(pos * MAX_VALUES + value) * arity + other]`: the values
    /// at `other` of the tuples with `value` at `pos` (for explanations).
    together: Vec<u32>,
}

impl TableIndex {
    /// The index of `table`, without the tuples that hold a value its
    /// group lacks (`values`: per group, the mask of its values).
    fn new(table: &Table, values: &[u32]) -> Self {
        let arity = table.groups.len();
        let tuples: Vec<Vec<u8>> = table
            .tuples
            .iter()
            .filter(|tuple| {
                tuple
                    .iter()
                    .zip(&table.groups)
                    .all(|(&x, &g)| usize::from(x) < MAX_VALUES && values[g] & (1 << x) != 0)
            })
            .cloned()
            .collect();
        let blocks = tuples.len().div_ceil(64);
        let mut with = vec![Vec::new(); arity * MAX_VALUES];
        let mut together = vec![0u32; arity * MAX_VALUES * arity];
        for (i, tuple) in tuples.iter().enumerate() {
            for (pos, &value) in tuple.iter().enumerate() {
                let bits = &mut with[pos * MAX_VALUES + usize::from(value)];
                if bits.is_empty() {
                    *bits = vec![0; blocks];
                }
                bits[i / 64] |= 1 << (i % 64);
                for (other, &v) in tuple.iter().enumerate() {
                    together[(pos * MAX_VALUES + usize::from(value)) * arity + other] |= 1 << v;
                }
            }
        }
        TableIndex {
            groups: table.groups.clone(),
            tuples,
            with,
            together,
        }
    }

    fn arity(&self) -> usize {
        self.groups.len()
    }

    /// The tuples with `value` at `pos` (empty when there are none).
    fn with(&self, pos: usize, value: u8) -> &[u64] {
        &self.with[pos * MAX_VALUES + usize::from(value)]
    }
}

/// Why the theory made a literal false: the table and position whose
/// remaining tuples lack the value, and the trail length then.
#[derive(Debug, Clone, Copy, Default)]
struct Reason {
    table: u32,
    pos: u32,
    trail: u32,
}

/// The table theory plugged into BatSat.
struct TableTheory<'a> {
    tables: &'a [TableIndex],
    /// Per BatSat variable: its group and value.
    value_of: Vec<(u32, u8)>,
    /// Per group and value: the BatSat variable (none where the group
    /// lacks the value).
    var_of: Vec<[Option<batsat::Var>; MAX_VALUES]>,
    /// Per group: the (table, position) pairs reading it.
    readers: Vec<Vec<(u32, u32)>>,
    /// Per table: the tuples still possible.
    alive: Vec<Bits>,
    /// Per table and (position, value): a block of `alive` that last had
    /// a tuple with that value there (checked first).
    residue: Vec<Vec<u32>>,
    /// Per table: the level whose undo entry saved it last.
    saved_at: Vec<usize>,
    /// Per table: the blocks of `alive` that are not zero.
    live: Vec<Vec<u32>>,
    /// Per group: its value once set and taken in; the groups set, in
    /// order, and per level how many.
    set_value: Vec<Option<u8>>,
    set_groups: Vec<u32>,
    set_groups_at_level: Vec<usize>,
    /// Per level: the tables' live blocks and their bits, to restore.
    undo: Vec<Vec<(u32, Vec<u32>, Bits)>>,
    /// The tables touched by the literals being taken in (each once: its
    /// `touched_at` is the current `seen_stamp`).
    touched: Vec<u32>,
    touched_at: Vec<u64>,
    seen_stamp: u64,
    /// How much of the trail the theory has taken in, and per level how
    /// much it had when the level began.
    seen: usize,
    seen_at_level: Vec<usize>,
    /// Per variable: its trail position once seen or propagated
    /// (`u32::MAX` if not), and its value then.
    position: Vec<u32>,
    truth: Vec<bool>,
    /// The variables with a position, in order, and per level how many.
    positioned: Vec<u32>,
    positioned_at_level: Vec<usize>,
    reasons: Vec<Reason>,
    explanation: Vec<batsat::Lit>,
    /// Scratch space of [`TableTheory::explain`]: per position, its value
    /// set and its values ruled out.
    restrictions: Vec<(Option<u8>, u32)>,
    /// Tables of the same arity whose tuples must differ, by arity.
    distinct: bool,
    /// Theory propagations and conflicts, for statistics.
    propagations: u64,
    conflicts: u64,
}

impl<'a> TableTheory<'a> {
    /// A fresh theory over `tables`: every tuple alive, nothing seen.
    fn new(
        tables: &'a [TableIndex],
        var_of: &[[Option<batsat::Var>; MAX_VALUES]],
        value_of: &[(u32, u8)],
        readers: &[Vec<(u32, u32)>],
        distinct: bool,
    ) -> Self {
        let alive: Vec<Bits> = tables
            .iter()
            .map(|table| {
                let n = table.tuples.len();
                let mut bits = vec![!0u64; n.div_ceil(64)];
                if n % 64 != 0 {
                    if let Some(last) = bits.last_mut() {
                        *last = (1u64 << (n % 64)) - 1;
                    }
                }
                bits
            })
            .collect();
        let n = value_of.len();
        TableTheory {
            tables,
            value_of: value_of.to_vec(),
            var_of: var_of.to_vec(),
            readers: readers.to_vec(),
            live: alive
                .iter()
                .map(|bits| (0..bits.len() as u32).collect())
                .collect(),
            alive,
            residue: tables
                .iter()
                .map(|table| vec![0u32; table.arity() * MAX_VALUES])
                .collect(),
            saved_at: vec![usize::MAX; tables.len()],
            set_value: vec![None; var_of.len()],
            set_groups: Vec::new(),
            set_groups_at_level: Vec::new(),
            undo: Vec::new(),
            touched: Vec::new(),
            touched_at: vec![u64::MAX; tables.len()],
            seen_stamp: 0,
            seen: 0,
            seen_at_level: Vec::new(),
            position: vec![u32::MAX; n],
            truth: vec![false; n],
            positioned: Vec::new(),
            positioned_at_level: Vec::new(),
            reasons: vec![Reason::default(); n],
            explanation: Vec::new(),
            restrictions: Vec::new(),
            distinct,
            propagations: 0,
            conflicts: 0,
        }
    }

    fn level(&self) -> usize {
        self.undo.len()
    }

    /// Saves table `t`'s tuples for the current level, once a level.
    fn save(&mut self, t: usize) {
        let level = self.level();
        if level > 0 && self.saved_at[t] != level {
            self.saved_at[t] = level;
            let live = self.live[t].clone();
            let blocks = live.iter().map(|&b| self.alive[t][b as usize]).collect();
            self.undo[level - 1].push((t as u32, live, blocks));
        }
    }

    fn place(&mut self, var: batsat::Var, trail: usize, truth: bool) {
        let v = var.idx() as usize;
        self.position[v] = trail as u32;
        self.truth[v] = truth;
        self.positioned.push(v as u32);
    }

    /// Fills `explanation` with true literals, placed before `before` on
    /// the trail, that rule out every tuple of table `t` with `value` at
    /// `pos` (every tuple at all when `value` is `None`): one position's
    /// restriction when it suffices, otherwise those of all positions.
    fn explain(&mut self, t: usize, pos: usize, value: Option<u8>, before: u32) {
        let table = &self.tables[t];
        let arity = table.arity();
        // A group's value if set before `before`, and its values ruled
        // out before it.
        let restriction = |group: usize| -> (Option<u8>, u32) {
            let mut set = None;
            let mut ruled_out = 0u32;
            for (x, var) in self.var_of[group].iter().enumerate() {
                if let Some(var) = var {
                    let v = var.idx() as usize;
                    if self.position[v] < before {
                        if self.truth[v] {
                            set = Some(x as u8);
                        } else {
                            ruled_out |= 1 << x;
                        }
                    }
                }
            }
            (set, ruled_out)
        };
        // Each position's restriction, worked out once.
        let mut restrictions = std::mem::take(&mut self.restrictions);
        restrictions.clear();
        restrictions.extend(table.groups.iter().map(|&g| restriction(g)));
        let mut chosen: Option<usize> = None;
        if let Some(value) = value {
            for other in (0..arity).filter(|&k| k != pos) {
                let needed =
                    table.together[(pos * MAX_VALUES + usize::from(value)) * arity + other];
                let enough = match restrictions[other] {
                    (Some(x), _) => needed & (1 << x) == 0,
                    (None, ruled_out) => needed & !ruled_out == 0,
                };
                if enough {
                    chosen = Some(other);
                    break;
                }
            }
        }
        let mut explanation = std::mem::take(&mut self.explanation);
        explanation.clear();
        for (k, (&group, &restriction)) in table.groups.iter().zip(&restrictions).enumerate() {
            let wanted = match chosen {
                Some(other) => k == other,
                None => value.is_none() || k != pos,
            };
            if !wanted {
                continue;
            }
            match restriction {
                (Some(x), _) => {
                    explanation.extend(
                        self.var_of[group][usize::from(x)].map(|v| batsat::Lit::new(v, true)),
                    );
                }
                (None, ruled_out) => {
                    for (x, var) in self.var_of[group].iter().enumerate() {
                        if let Some(var) = var {
                            if ruled_out & (1 << x) != 0 {
                                explanation.push(batsat::Lit::new(*var, false));
                            }
                        }
                    }
                }
            }
        }
        self.restrictions = restrictions;
        self.explanation = explanation;
    }

    /// Takes in the trail's new literals: each value ruled out drops the
    /// tuples with it; then each value that no tuple of a table it
    /// touched has any more is ruled out (propagated), and so on until
    /// the trail is taken in or a table is empty.
    fn take_in(&mut self, acts: &mut TheoryArg) {
        while self.seen < acts.model().len() {
            self.touched.clear();
            while self.seen < acts.model().len() {
                let lit = acts.model()[self.seen];
                let trail = self.seen;
                self.seen += 1;
                let v = lit.var().idx() as usize;
                if v >= self.value_of.len() {
                    continue;
                }
                if self.position[v] == u32::MAX {
                    self.place(lit.var(), trail, lit.sign());
                }
                // A value set keeps the tuples with it; a value ruled out
                // drops those with it, unless the group's value is set
                // (then they are gone).
                let (group, value) = self.value_of[v];
                let set = lit.sign();
                if set {
                    self.set_value[group as usize] = Some(value);
                    self.set_groups.push(group);
                } else if self.set_value[group as usize].is_some() {
                    continue;
                }
                for r in 0..self.readers[group as usize].len() {
                    let (t, pos) = self.readers[group as usize][r];
                    if !self.narrow(t as usize, pos as usize, value, set) {
                        continue;
                    }
                    if self.live[t as usize].is_empty() {
                        self.conflicts += 1;
                        self.explain(t as usize, 0, None, acts.model().len() as u32);
                        let clause: Vec<batsat::Lit> =
                            self.explanation.iter().map(|&l| !l).collect();
                        acts.raise_conflict(&clause, false);
                        return;
                    }
                    if self.touched_at[t as usize] != self.seen_stamp {
                        self.touched_at[t as usize] = self.seen_stamp;
                        self.touched.push(t);
                    }
                }
            }
            self.seen_stamp += 1;
            let touched = std::mem::take(&mut self.touched);
            for &t in &touched {
                if !self.rule_out_unsupported(t as usize, acts) {
                    self.touched = touched;
                    return;
                }
            }
            self.touched = touched;
        }
    }

    /// Drops table `t`'s tuples with `value` at `pos` (`keep` false) or
    /// those without it (`keep` true); false if none was alive.
    fn narrow(&mut self, t: usize, pos: usize, value: u8, keep: bool) -> bool {
        let with = self.tables[t].with(pos, value);
        let alive = &self.alive[t];
        // The bits of block `b` that go.
        let going = |b: usize| {
            let w = with.get(b).copied().unwrap_or(0);
            alive[b] & if keep { !w } else { w }
        };
        if !self.live[t].iter().any(|&b| going(b as usize) != 0) {
            return false;
        }
        self.save(t);
        let with = self.tables[t].with(pos, value);
        let alive = &mut self.alive[t];
        self.live[t].retain(|&b| {
            let w = with.get(b as usize).copied().unwrap_or(0);
            alive[b as usize] &= if keep { w } else { !w };
            alive[b as usize] != 0
        });
        true
    }

    /// Rules out the values of table `t`'s groups that no alive tuple
    /// has; false on a conflict.
    fn rule_out_unsupported(&mut self, t: usize, acts: &mut TheoryArg) -> bool {
        for pos in 0..self.tables[t].arity() {
            let group = self.tables[t].groups[pos];
            for x in 0..MAX_VALUES {
                let Some(var) = self.var_of[group][x] else {
                    continue;
                };
                if acts.value(var) == lbool::FALSE {
                    continue;
                }
                let key = pos * MAX_VALUES + x;
                let with = self.tables[t].with(pos, x as u8);
                let alive = &self.alive[t];
                let block = self.residue[t][key] as usize;
                if block < with.len() && with[block] & alive[block] != 0 {
                    continue;
                }
                let found = if with.is_empty() {
                    None
                } else {
                    self.live[t]
                        .iter()
                        .find(|&&b| with[b as usize] & alive[b as usize] != 0)
                };
                match found {
                    Some(&block) => self.residue[t][key] = block,
                    None => {
                        let trail = acts.model().len();
                        self.reasons[var.idx() as usize] = Reason {
                            table: t as u32,
                            pos: pos as u32,
                            trail: trail as u32,
                        };
                        self.propagations += 1;
                        if acts.value(var) == lbool::UNDEF {
                            self.place(var, trail, false);
                        }
                        if !acts.propagate(batsat::Lit::new(var, false)) {
                            self.conflicts += 1;
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The tuple table `t` reads in a complete assignment.
    fn reading(&self, t: usize, acts: &TheoryArg) -> Vec<u8> {
        self.tables[t]
            .groups
            .iter()
            .map(|&g| {
                (0..MAX_VALUES)
                    .find(|&x| self.var_of[g][x].is_some_and(|v| acts.value(v) == lbool::TRUE))
                    .unwrap_or(0) as u8
            })
            .collect()
    }
}

impl Theory for TableTheory<'_> {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.take_in(acts);
        if !acts.is_ok() || !self.distinct {
            return;
        }
        let mut first: HashMap<Vec<u8>, usize> = HashMap::default();
        for t in 0..self.tables.len() {
            let tuple = self.reading(t, acts);
            if let Some(&s) = first.get(&tuple) {
                // The two tables read the same tuple: not both.
                let mut clause = Vec::new();
                for table in [s, t] {
                    for (k, &g) in self.tables[table].groups.iter().enumerate() {
                        if let Some(var) = self.var_of[g][usize::from(tuple[k])] {
                            clause.push(batsat::Lit::new(var, false));
                        }
                    }
                }
                self.conflicts += 1;
                acts.raise_conflict(&clause, true);
                return;
            }
            first.insert(tuple, t);
        }
    }

    fn create_level(&mut self) {
        self.undo.push(Vec::new());
        self.seen_at_level.push(self.seen);
        self.positioned_at_level.push(self.positioned.len());
        self.set_groups_at_level.push(self.set_groups.len());
    }

    fn pop_levels(&mut self, n: usize) {
        for _ in 0..n {
            let (Some(saved), Some(seen), Some(positioned)) = (
                self.undo.pop(),
                self.seen_at_level.pop(),
                self.positioned_at_level.pop(),
            ) else {
                return;
            };
            for (t, live, blocks) in saved.into_iter().rev() {
                let alive = &mut self.alive[t as usize];
                for (&b, block) in live.iter().zip(blocks) {
                    alive[b as usize] = block;
                }
                self.live[t as usize] = live;
                self.saved_at[t as usize] = usize::MAX;
            }
            self.seen = seen;
            for v in self.positioned.drain(positioned..) {
                self.position[v as usize] = u32::MAX;
            }
            let set = self.set_groups_at_level.pop().unwrap_or(0);
            for g in self.set_groups.drain(set..) {
                self.set_value[g as usize] = None;
            }
        }
    }

    fn n_levels(&self) -> usize {
        self.undo.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.take_in(acts);
    }

    fn explain_propagation(&mut self, p: batsat::Lit) -> &[batsat::Lit] {
        let v = p.var().idx() as usize;
        let reason = self.reasons[v];
        let value = self.value_of[v].1;
        self.explain(
            reason.table as usize,
            reason.pos as usize,
            Some(value),
            reason.trail,
        );
        &self.explanation
    }
}

/// What [`solve_tables`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableOutcome {
    /// The CNF variables of the groups' values, true or false.
    Sat(Vec<Lit>),
    /// No assignment satisfies the tables.
    Unsat,
    /// The deadline passed or the search was stopped.
    Unknown,
}

/// Statistics of a [`solve_tables`] call.
#[derive(Debug, Clone, Default)]
pub struct TableStats {
    /// BatSat's conflicts (the theory's included).
    pub conflicts: u64,
    /// BatSat's decisions.
    pub decisions: u64,
    /// Values ruled out by the tables.
    pub table_propagations: u64,
    /// Search rounds (each from another seed).
    pub rounds: u64,
}

/// Stops a search at a deadline, on a raised [`Stop`] or after a number
/// of conflicts, and keeps the short clauses it learns.
struct Budget {
    deadline: Option<Instant>,
    stop: Option<Stop>,
    conflicts: u64,
    limit: u64,
    /// Learnt clauses of at most [`KEPT_LEARNT_LENGTH`] literals.
    learnt: Vec<Vec<batsat::Lit>>,
}

/// Learnt clauses up to this length pass from one run to the next.
const KEPT_LEARNT_LENGTH: usize = 12;

impl batsat::Callbacks for Budget {
    fn on_new_clause(&mut self, clause: &[batsat::Lit], kind: batsat::ClauseKind) {
        // Conflicts on clauses give Learnt, on the theory Theory.
        if matches!(
            kind,
            batsat::ClauseKind::Learnt | batsat::ClauseKind::Theory
        ) {
            self.conflicts += 1;
            if clause.len() <= KEPT_LEARNT_LENGTH {
                self.learnt.push(clause.to_vec());
            }
        }
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.limit
            || self.stop.as_ref().is_some_and(Stop::raised)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The conflicts of the first run; each next run may have half as many
/// more.
const FIRST_RUN_CONFLICTS: u64 = 1000;

/// How often runs after the first decide at random.
const RANDOM_DECISIONS: f64 = 0.05;

/// Searches for values of the groups that satisfy every table (and
/// distinctness), giving up at `deadline` or when `stop` is raised.
///
/// `extra` are further clauses over the groups' variables (blocking
/// clauses of an enumeration); `None` if one names another variable, or
/// if `spec` is not valid ([`TableSpec::validate`]).
///
/// The search runs in rounds of growing conflict budgets, each from
/// another random seed (decisions at random now and then), and hands its
/// short learnt clauses to the next: CDCL's restarts keep their
/// variable order and phases, and fills that one order misses for long
/// are often quick from another (the randomised restarts of dedicated
/// fillers).
pub fn solve_tables(
    spec: &TableSpec,
    extra: &[Vec<Lit>],
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    spec.validate().ok()?;
    let values: Vec<u32> = spec
        .groups
        .iter()
        .map(|group| group.iter().fold(0, |mask, &(x, _)| mask | 1 << x))
        .collect();
    let tables: Vec<TableIndex> = spec
        .tables
        .iter()
        .map(|table| TableIndex::new(table, &values))
        .collect();
    // The solver first decides the variables created first: the values
    // that the most tuples of their groups' tables have (a cell's common
    // letters before its rare ones).
    let mut support = vec![[0f64; MAX_VALUES]; spec.groups.len()];
    for table in &tables {
        let total = (table.tuples.len() + 1) as f64;
        for (pos, &g) in table.groups.iter().enumerate() {
            for (x, score) in support[g].iter_mut().enumerate() {
                let count: u32 = table
                    .with(pos, x as u8)
                    .iter()
                    .map(|b| b.count_ones())
                    .sum();
                *score += ((f64::from(count) + 1.0) / total).ln();
            }
        }
    }
    let mut order: Vec<(usize, u8, Var)> = spec
        .groups
        .iter()
        .enumerate()
        .flat_map(|(g, group)| group.iter().map(move |&(x, var)| (g, x, var)))
        .collect();
    order.sort_by(|a, b| support[b.0][usize::from(b.1)].total_cmp(&support[a.0][usize::from(a.1)]));
    // BatSat variable i is order[i].
    let mut var_of = vec![[None; MAX_VALUES]; spec.groups.len()];
    let mut value_of = Vec::with_capacity(order.len());
    let mut batsat_of: HashMap<Var, batsat::Lit> = HashMap::default();
    {
        // Variables are numbered in creation order; a scratch solver
        // gives their handles.
        let mut scratch = BasicSolver::default();
        for &(g, value, var) in &order {
            let v = scratch.new_var_default();
            var_of[g][usize::from(value)] = Some(v);
            value_of.push((g as u32, value));
            batsat_of.insert(var, batsat::Lit::new(v, true));
        }
    }
    let mut clauses: Vec<Vec<batsat::Lit>> = Vec::new();
    for group in &var_of {
        let lits: Vec<batsat::Lit> = group
            .iter()
            .flatten()
            .map(|&v| batsat::Lit::new(v, true))
            .collect();
        clauses.push(lits.clone());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                clauses.push(vec![!a, !b]);
            }
        }
    }
    for clause in extra {
        let lits = clause
            .iter()
            .map(|lit| {
                let l = *batsat_of.get(&lit.var())?;
                Some(if lit.is_neg() { !l } else { l })
            })
            .collect::<Option<Vec<_>>>()?;
        clauses.push(lits);
    }
    let mut readers = vec![Vec::new(); spec.groups.len()];
    for (t, table) in spec.tables.iter().enumerate() {
        for (pos, &g) in table.groups.iter().enumerate() {
            readers[g].push((t as u32, pos as u32));
        }
    }
    let mut stats = TableStats::default();
    // A table without tuples: nothing fits.
    if tables.iter().any(|table| table.tuples.is_empty()) {
        return Some((TableOutcome::Unsat, stats));
    }
    let mut learnt: Vec<Vec<batsat::Lit>> = Vec::new();
    let mut limit = FIRST_RUN_CONFLICTS;
    for round in 0u32.. {
        let mut opts = batsat::SolverOpts::default();
        if round > 0 {
            opts.random_seed = f64::from(round) * 7919.0 + 1.0;
            opts.random_var_freq = RANDOM_DECISIONS;
        }
        let budget = Budget {
            deadline,
            stop: stop.cloned(),
            conflicts: 0,
            limit,
            learnt: Vec::new(),
        };
        let mut solver = batsat::Solver::new(opts, budget);
        for _ in &order {
            // Decisions set a value (positive phase).
            solver.new_var(lbool::TRUE, true);
        }
        for clause in clauses.iter().chain(&learnt) {
            let mut clause = clause.clone();
            solver.add_clause_reuse(&mut clause);
        }
        let mut theory = TableTheory::new(&tables, &var_of, &value_of, &readers, spec.distinct);
        let result = solver.solve_limited_th(&mut theory, &[]);
        stats.conflicts += solver.num_conflicts();
        stats.decisions += solver.num_decisions();
        stats.table_propagations += theory.propagations;
        stats.rounds += 1;
        if result == lbool::TRUE {
            let lits = order
                .iter()
                .map(|&(g, value, var)| {
                    let holds = var_of[g][usize::from(value)]
                        .is_some_and(|v| solver.value_var(v) == lbool::TRUE);
                    if holds {
                        var.pos_lit()
                    } else {
                        var.neg_lit()
                    }
                })
                .collect();
            return Some((TableOutcome::Sat(lits), stats));
        }
        if result == lbool::FALSE {
            return Some((TableOutcome::Unsat, stats));
        }
        let ran_out = solver.cb().conflicts >= limit;
        if !ran_out {
            return Some((TableOutcome::Unknown, stats));
        }
        learnt.append(&mut solver.cb_mut().learnt);
        limit += limit / 2;
    }
    Some((TableOutcome::Unknown, stats))
}

/// Extends `fixed` (literals that hold) to a model of `clauses`: unit
/// propagation to a fixpoint, then every variable still open false.
/// `None` when that assignment falsifies a clause.
pub fn extend_by_propagation(clauses: &Clauses, num_vars: u32, fixed: &[Lit]) -> Option<Model> {
    // 1 true, -1 false, 0 open.
    let mut value = vec![0i8; num_vars as usize];
    let lit_value = |value: &[i8], lit: Lit| -> i8 {
        let v = value.get(lit.vidx()).copied().unwrap_or(0);
        if lit.is_neg() {
            -v
        } else {
            v
        }
    };
    for &lit in fixed {
        if let Some(slot) = value.get_mut(lit.vidx()) {
            *slot = if lit.is_neg() { -1 } else { 1 };
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for clause in clauses.iter() {
            let mut open = None;
            let mut open_count = 0;
            let mut satisfied = false;
            for &lit in clause {
                match lit_value(&value, lit) {
                    1 => {
                        satisfied = true;
                        break;
                    }
                    0 => {
                        open = Some(lit);
                        open_count += 1;
                    }
                    _ => {}
                }
            }
            if satisfied {
                continue;
            }
            match (open_count, open) {
                (0, _) => return None,
                (1, Some(lit)) => {
                    value[lit.vidx()] = if lit.is_neg() { -1 } else { 1 };
                    changed = true;
                }
                _ => {}
            }
        }
    }
    let model = Model::from_values(value.iter().map(|&v| v > 0).collect());
    let holds = |lit: Lit| model.value(lit.var()) != lit.is_neg();
    clauses
        .iter()
        .all(|clause| clause.iter().any(|&lit| holds(lit)))
        .then_some(model)
}

/// The `tables` solver as a [`Backend`]: the family's [`TableSpec`] is
/// what it searches; the formula's clauses, kept as they come, are what
/// its answer is extended to ([`extend_by_propagation`], else by CaDiCaL
/// or MiniSat under the groups' values as assumptions). Clauses added
/// after the first call (an enumeration's blocking clauses) must speak of
/// the groups' variables only: the next call searches the tables with
/// them.
pub struct TablesBackend {
    spec: TableSpec,
    store: ClauseStore,
    /// The clauses added after the first solve call.
    extra: Vec<Vec<Lit>>,
    solved: bool,
    stop: Option<Stop>,
    stats: TableStats,
    /// How the last answer became a model of the clauses.
    extended_by: Option<&'static str>,
}

impl TablesBackend {
    /// A backend for `spec` (checked with [`TableSpec::validate`]);
    /// `stop` ends its searches early (a portfolio's signal).
    pub fn new(spec: TableSpec, stop: Option<Stop>) -> Result<Self> {
        spec.validate()
            .map_err(|e| Error::Solver(format!("tables: {e}")))?;
        Ok(TablesBackend {
            spec,
            store: ClauseStore::default(),
            extra: Vec::new(),
            solved: false,
            stop,
            stats: TableStats::default(),
            extended_by: None,
        })
    }

    /// The groups' values extended to a model of the clauses.
    fn extend(&mut self, fixed: &[Lit], deadline: Option<Instant>) -> Result<Outcome> {
        if let Some(model) = extend_by_propagation(&self.store.clauses, self.store.num_vars, fixed)
        {
            self.extended_by = Some("propagation");
            return Ok(Outcome::Sat(model));
        }
        let name = super::embedded::available()
            .into_iter()
            .find(|name| matches!(*name, "cadical" | "minisat" | "glucose"))
            .ok_or_else(|| {
                Error::Solver("tables: no incremental embedded solver to extend the answer".into())
            })?;
        let mut solver = super::embedded::create(name, &[])?
            .ok_or_else(|| Error::Solver(format!("tables: embedded {name} missing")))?;
        solver.reserve(self.store.num_vars)?;
        for clause in self.store.clauses.iter() {
            solver.add_clause(clause)?;
        }
        self.extended_by = Some(name);
        match solver.solve_assuming(fixed, deadline)? {
            Outcome::Unsat => Err(Error::Solver(
                "tables: the tables' answer is no model of the formula (the family's tables do \
                 not say what its clauses say)"
                    .into(),
            )),
            other => Ok(other),
        }
    }
}

impl Backend for TablesBackend {
    fn description(&self) -> String {
        "tables (embedded BatSat with table constraints)".into()
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.store.reserve(num_vars);
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        if self.solved {
            self.extra.push(clause.to_vec());
        }
        self.store.add(clause);
        Ok(())
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        self.solved = true;
        let (outcome, stats) = solve_tables(&self.spec, &self.extra, deadline, self.stop.as_ref())
            .ok_or_else(|| {
                Error::Solver(
                    "the tables solver takes later clauses over its groups' variables only".into(),
                )
            })?;
        self.stats = stats;
        match outcome {
            TableOutcome::Sat(fixed) => self.extend(&fixed, deadline),
            TableOutcome::Unsat => Ok(Outcome::Unsat),
            TableOutcome::Unknown => Ok(Outcome::Unknown),
        }
    }

    fn statistics(&self) -> Vec<(String, String)> {
        let mut statistics = vec![
            ("conflicts".into(), self.stats.conflicts.to_string()),
            ("decisions".into(), self.stats.decisions.to_string()),
            (
                "table-propagations".into(),
                self.stats.table_propagations.to_string(),
            ),
            ("rounds".into(), self.stats.rounds.to_string()),
        ];
        if let Some(how) = self.extended_by {
            statistics.push(("extended-by".into(), how.to_string()));
        }
        statistics
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` groups of values `0..values`, CNF variables numbered in order.
    fn groups(n: usize, values: u8) -> Vec<Vec<(u8, Var)>> {
        (0..n)
            .map(|g| {
                (0..values)
                    .map(|x| {
                        (
                            x,
                            Var::new((g * usize::from(values) + usize::from(x)) as u32),
                        )
                    })
                    .collect()
            })
            .collect()
    }

    /// The value of each group in a model's literals.
    fn values_of(spec: &TableSpec, lits: &[Lit]) -> Vec<u8> {
        spec.groups
            .iter()
            .map(|group| {
                let set: Vec<u8> = group
                    .iter()
                    .filter(|(_, var)| lits.contains(&var.pos_lit()))
                    .map(|&(x, _)| x)
                    .collect();
                assert_eq!(set.len(), 1, "one value per group: {set:?}");
                set[0]
            })
            .collect()
    }

    /// A 2x2 word square over `words` (values 0..3): rows are tables 0
    /// and 1, columns 2 and 3.
    fn square(words: &[[u8; 2]], distinct: bool) -> TableSpec {
        let tuples: Vec<Vec<u8>> = words.iter().map(|w| w.to_vec()).collect();
        let table = |groups: Vec<usize>| Table {
            groups,
            tuples: tuples.clone(),
        };
        TableSpec {
            groups: groups(4, 3),
            tables: vec![
                table(vec![0, 1]),
                table(vec![2, 3]),
                table(vec![0, 2]),
                table(vec![1, 3]),
            ],
            distinct,
        }
    }

    fn solve(spec: &TableSpec, extra: &[Vec<Lit>]) -> TableOutcome {
        solve_tables(spec, extra, None, None)
            .expect("clauses over groups")
            .0
    }

    /// Every model of a 2x2 square, by blocking each found one.
    fn all_squares(spec: &TableSpec) -> Vec<Vec<u8>> {
        let mut blocked: Vec<Vec<Lit>> = Vec::new();
        let mut found = Vec::new();
        while let TableOutcome::Sat(lits) = solve(spec, &blocked) {
            let values = values_of(spec, &lits);
            let rows = [[values[0], values[1]], [values[2], values[3]]];
            for table in &spec.tables {
                let read: Vec<u8> = table.groups.iter().map(|&g| values[g]).collect();
                assert!(table.tuples.contains(&read), "{rows:?}");
            }
            blocked.push(lits.iter().filter(|l| l.is_pos()).map(|&l| !l).collect());
            found.push(values);
        }
        found
    }

    #[test]
    fn squares_are_enumerated_exactly() {
        // Words over {0,1,2}: 01, 10, 12, 21, 00.
        let words = [[0, 1], [1, 0], [1, 2], [2, 1], [0, 0]];
        // Brute force over the four cells.
        let count = |distinct: bool| {
            let mut n = 0;
            for code in 0..81u32 {
                let v: Vec<u8> = (0..4).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
                let reads = [[v[0], v[1]], [v[2], v[3]], [v[0], v[2]], [v[1], v[3]]];
                let listed = reads.iter().all(|r| words.contains(r));
                let unique = (0..4).all(|i| (i + 1..4).all(|j| reads[i] != reads[j]));
                n += usize::from(listed && (unique || !distinct));
            }
            n
        };
        for distinct in [false, true] {
            let fills = all_squares(&square(&words, distinct));
            assert_eq!(fills.len(), count(distinct), "distinct {distinct}");
        }
        assert!(count(true) > 0 && count(false) > count(true));
    }

    #[test]
    fn empty_tables_and_wipe_outs_are_unsat() {
        assert_eq!(solve(&square(&[], false), &[]), TableOutcome::Unsat);
        // Only 01: column 0 puts 1 in cell (1,0), row 1 needs 0 there.
        assert_eq!(solve(&square(&[[0, 1]], false), &[]), TableOutcome::Unsat);
        // A clause over other variables is refused.
        let stray = vec![vec![Var::new(99).pos_lit()]];
        assert!(solve_tables(&square(&[[0, 0]], false), &stray, None, None).is_none());
    }

    #[test]
    fn specs_are_validated() {
        let mut spec = square(&[[0, 1]], false);
        assert!(spec.validate().is_ok());
        spec.groups[1].push((0, Var::new(0)));
        assert!(spec.validate().is_err());
        let mut spec = square(&[[0, 1]], false);
        spec.tables[0].tuples.push(vec![0]);
        assert!(spec.validate().unwrap_err().contains("wrong length"));
        let mut spec = square(&[[0, 1]], false);
        spec.tables[0].tuples.push(vec![0, 40]);
        assert!(spec.validate().unwrap_err().contains("out of range"));
    }

    #[test]
    fn the_backend_extends_its_answer_to_the_clauses() {
        // One group {a, b}, its table allowing only a; and c or d, which
        // unit propagation leaves open and all-false breaks.
        let (a, b, c, d) = (Var::new(0), Var::new(1), Var::new(2), Var::new(3));
        let spec = TableSpec {
            groups: vec![vec![(0, a), (1, b)]],
            tables: vec![Table {
                groups: vec![0],
                tuples: vec![vec![0]],
            }],
            distinct: false,
        };
        let mut backend = TablesBackend::new(spec, None).expect("valid spec");
        for clause in [
            &[a.pos_lit(), b.pos_lit()][..],
            &[a.neg_lit(), b.neg_lit()],
            &[c.pos_lit(), d.pos_lit()],
        ] {
            backend.add_clause(clause).expect("kept");
        }
        match backend.solve(None) {
            Ok(Outcome::Sat(model)) => {
                assert!(model.value(a) && !model.value(b));
                assert!(model.value(c) || model.value(d));
                let how = backend.statistics();
                assert!(how
                    .iter()
                    .any(|(k, v)| k == "extended-by" && v != "propagation"));
            }
            // A build without an incremental embedded solver says so.
            Err(e) => assert!(e.to_string().contains("no incremental embedded solver")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn answers_extend_by_propagation_or_not_at_all() {
        let (a, b, c) = (Var::new(0), Var::new(1), Var::new(2));
        let mut clauses = Clauses::new();
        // c <-> a & b, and b.
        clauses.push(&[c.neg_lit(), a.pos_lit()]);
        clauses.push(&[c.neg_lit(), b.pos_lit()]);
        clauses.push(&[c.pos_lit(), a.neg_lit(), b.neg_lit()]);
        clauses.push(&[b.pos_lit()]);
        let model = extend_by_propagation(&clauses, 3, &[a.pos_lit()]).expect("extends");
        assert!(model.value(a) && model.value(b) && model.value(c));
        let model = extend_by_propagation(&clauses, 3, &[a.neg_lit()]).expect("extends");
        assert!(!model.value(c));
        // b is forced, so not b does not extend.
        assert!(extend_by_propagation(&clauses, 3, &[b.neg_lit()]).is_none());
    }
}
