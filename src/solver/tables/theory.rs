//! The tables as a theory of BatSat: per table, the tuples still
//! possible as a bitset, narrowed by the groups' values on the trail,
//! restored on backtracking, and the values no tuple has any more ruled
//! out with their explanations.

use super::tuples::{TableIndex, TupleSets};
use super::MAX_VALUES;
use batsat::{lbool, Theory, TheoryArg};
use rustc_hash::FxHashMap as HashMap;

/// Why the theory made a literal false: the table and position whose
/// remaining tuples lack the value, and the trail length then.
#[derive(Debug, Clone, Copy, Default)]
struct Reason {
    table: u32,
    pos: u32,
    trail: u32,
}

/// The table theory plugged into BatSat.
pub(super) struct TableTheory<'a> {
    tables: &'a [TableIndex],
    /// Per BatSat variable: its group and value.
    value_of: Vec<(u32, u8)>,
    /// Per group and value: the BatSat variable (none where the group
    /// lacks the value).
    var_of: Vec<[Option<batsat::Var>; MAX_VALUES]>,
    /// Per group: the (table, position) pairs reading it.
    readers: Vec<Vec<(u32, u32)>>,
    /// Per table: the tuples still possible (its levels are the
    /// theory's).
    tuples: TupleSets<'a>,
    /// Per group: its value once set and taken in; the groups set, in
    /// order, and per level how many.
    set_value: Vec<Option<u8>>,
    set_groups: Vec<u32>,
    set_groups_at_level: Vec<usize>,
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
    /// Whether tables of the same arity must read different tuples.
    distinct: bool,
    /// Theory propagations, for statistics.
    pub(super) propagations: u64,
}

impl<'a> TableTheory<'a> {
    /// A fresh theory over `tables`: every tuple alive, nothing seen.
    pub(super) fn new(
        tables: &'a [TableIndex],
        var_of: &[[Option<batsat::Var>; MAX_VALUES]],
        value_of: &[(u32, u8)],
        readers: &[Vec<(u32, u32)>],
        distinct: bool,
    ) -> Self {
        let n = value_of.len();
        TableTheory {
            tables,
            value_of: value_of.to_vec(),
            var_of: var_of.to_vec(),
            readers: readers.to_vec(),
            tuples: TupleSets::new(tables),
            set_value: vec![None; var_of.len()],
            set_groups: Vec::new(),
            set_groups_at_level: Vec::new(),
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
                let needed = table.together(pos, value, other);
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
                    if !self
                        .tuples
                        .narrow(t as usize, pos as usize, 1 << value, set)
                    {
                        continue;
                    }
                    if self.tuples.count(t as usize) == 0 {
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
                if !self.tuples.supports(t, pos, x as u8) {
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
                        return false;
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
                acts.raise_conflict(&clause, true);
                return;
            }
            first.insert(tuple, t);
        }
    }

    fn create_level(&mut self) {
        self.tuples.push_level();
        self.seen_at_level.push(self.seen);
        self.positioned_at_level.push(self.positioned.len());
        self.set_groups_at_level.push(self.set_groups.len());
    }

    fn pop_levels(&mut self, n: usize) {
        for _ in 0..n {
            let (Some(seen), Some(positioned)) =
                (self.seen_at_level.pop(), self.positioned_at_level.pop())
            else {
                return;
            };
            self.tuples.pop_level();
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
        self.tuples.levels()
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
