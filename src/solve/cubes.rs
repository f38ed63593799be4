//! Enumeration by disjoint cubes: a depth-first search over the projection
//! variables that asks the solver (under assumptions) only where its own
//! unit propagation cannot decide.
//!
//! Each model `M` the solver returns is followed down: the search decides
//! the unassigned projection variables one by one with `M`'s values (the
//! true ones first, so that one-hot encodings are settled in a few steps)
//! and propagates the hard clauses after each decision. When every
//! projection variable is assigned, `M`'s projection is the only solution
//! left in that branch. Backtracking flips the deepest unflipped decision;
//! the flipped branch is first propagated (a conflict prunes it with no
//! solver call) and otherwise handed to the solver with the decisions as
//! assumptions. The branches are disjoint and together cover everything,
//! so every projected solution is found exactly once, without a single
//! blocking clause: solver calls stay cheap (the assumptions fix most of
//! the problem) instead of growing harder with every solution found.

use crate::cnf::{Clauses, Formula};
use crate::model::Model;
use rustsat::types::{Lit, Var};

/// Unit propagation over a formula's hard clauses: binary clauses as
/// implication lists, longer ones with two watched literals.
pub(crate) struct Propagator {
    /// For each literal `l` (by `Lit::lidx`), the other literal of every
    /// binary clause containing it, `implied[implied_starts[l]..implied_starts[l + 1]]`:
    /// when `l` becomes false, they become true.
    implied: Vec<Lit>,
    implied_starts: Vec<u32>,
    /// The literals of every clause of two or more literals, one after the
    /// other; the first two of each clause of three or more are watched.
    lits: Vec<Lit>,
    /// Clause `i` is `lits[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    /// Per clause: where the last search for a new watch stopped. The next
    /// search starts there and wraps around (Gent's circular scan), so a
    /// long clause whose literals fall one by one is not rescanned from its
    /// start each time.
    resume: Vec<u32>,
    /// The clauses watching each literal (by `Lit::lidx`): the first
    /// `watch_len[l]` entries of `watch_pool` from `watch_start[l]`, which
    /// leave room for every clause of three or more literals containing
    /// `l` (one pool instead of a vector per literal).
    watch_pool: Vec<u32>,
    watch_start: Vec<usize>,
    watch_len: Vec<u32>,
    /// Per literal (by `Lit::lidx`): 1 true, -1 false, 0 unassigned.
    truth: Vec<i8>,
    /// The assigned literals in order.
    trail: Vec<Lit>,
    /// Trail position of the next literal to propagate.
    head: usize,
    /// Unit clauses, asserted at the root.
    units: Vec<Lit>,
    /// The formula has an empty clause.
    empty: bool,
    /// The clauses made of projection variables only (e.g. "some tile
    /// covers this cell"), the search's branching candidates.
    branching: Vec<u32>,
}

/// A [`Propagator`] under construction: its clauses without repeated
/// literals or tautologies, and per literal how many binary and how many
/// longer clauses have it, so that [`PropagatorBuilder::build`] lays out
/// the implication and watch lists in one more pass.
struct PropagatorBuilder {
    /// The clauses of two or more literals, one after the other; clause
    /// `i` is `lits[starts[i]..starts[i + 1]]`.
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// Unit clauses.
    units: Vec<Lit>,
    /// An empty clause was added.
    empty: bool,
    /// Per literal (by `Lit::lidx`): how many binary and how many longer
    /// clauses have it.
    binary_count: Vec<u32>,
    long_count: Vec<u32>,
}

impl PropagatorBuilder {
    /// `clauses` over at least `num_vars` variables. A clause of two or
    /// more distinct variables is taken as it is (the order of its
    /// literals does not matter to propagation); any other is sorted and
    /// rid of repeated literals, or dropped as a tautology.
    fn new(clauses: &Clauses, num_vars: u32) -> Self {
        let used = clauses.max_var().map_or(0, |max| max.idx32() + 1);
        let literals = 2 * num_vars.max(used) as usize;
        let mut builder = PropagatorBuilder {
            lits: Vec::with_capacity(clauses.n_lits()),
            starts: Vec::with_capacity(clauses.len() + 1),
            units: Vec::new(),
            empty: false,
            binary_count: vec![0; literals],
            long_count: vec![0; literals],
        };
        builder.starts.push(0);
        let mut sorted: Vec<Lit> = Vec::new();
        for clause in clauses.iter() {
            if clause.len() >= 2 && distinct_variables(clause) {
                builder.push(clause);
                continue;
            }
            sorted.clear();
            sorted.extend_from_slice(clause);
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.windows(2).any(|w| w[0].var() == w[1].var()) {
                continue; // a tautology
            }
            match sorted.len() {
                0 => builder.empty = true,
                1 => builder.units.push(sorted[0]),
                _ => builder.push(&sorted),
            }
        }
        builder
    }

    /// Keeps a clause of two or more distinct variables. Binary clauses
    /// propagate through the implication lists; they are stored
    /// (unwatched) all the same, as branching candidates.
    fn push(&mut self, clause: &[Lit]) {
        let counts = if clause.len() == 2 {
            &mut self.binary_count
        } else {
            &mut self.long_count
        };
        for lit in clause {
            counts[lit.lidx()] += 1;
        }
        self.lits.extend_from_slice(clause);
        self.starts.push(self.lits.len());
    }

    /// The propagator of the clauses, nothing assigned, branching on the
    /// clauses of positive `projection` literals (see
    /// [`Propagator::shortest_open_clause`]).
    fn build(self, projection: &[Var]) -> Propagator {
        let literals = self.binary_count.len();
        let clauses = self.starts.len() - 1;
        let mut up = Propagator {
            implied: Vec::new(),
            implied_starts: Vec::new(),
            lits: self.lits,
            starts: self.starts,
            resume: vec![2; clauses],
            watch_pool: Vec::new(),
            watch_start: Vec::new(),
            watch_len: vec![0; literals],
            truth: vec![0; literals],
            trail: Vec::new(),
            head: 0,
            units: self.units,
            empty: self.empty,
            branching: Vec::new(),
        };
        up.implied_starts = std::iter::once(0)
            .chain(self.binary_count.iter().scan(0u32, |sum, &n| {
                *sum += n;
                Some(*sum)
            }))
            .collect();
        up.watch_start = std::iter::once(0)
            .chain(self.long_count.iter().scan(0usize, |sum, &n| {
                *sum += n as usize;
                Some(*sum)
            }))
            .collect();
        up.implied = vec![Lit::new(0, false); up.implied_starts[literals] as usize];
        up.watch_pool = vec![0; up.watch_start[literals]];
        let mut implied_len = vec![0u32; literals];
        for i in 0..clauses {
            let clause = &up.lits[up.starts[i]..up.starts[i + 1]];
            if clause.len() == 2 {
                for (a, b) in [(clause[0], clause[1]), (clause[1], clause[0])] {
                    let at = up.implied_starts[a.lidx()] + implied_len[a.lidx()];
                    up.implied[at as usize] = b;
                    implied_len[a.lidx()] += 1;
                }
            } else {
                for lit in [clause[0], clause[1]] {
                    let l = lit.lidx();
                    up.watch_pool[up.watch_start[l] + up.watch_len[l] as usize] = i as u32;
                    up.watch_len[l] += 1;
                }
            }
        }
        up.branch_on(projection);
        up
    }
}

/// Whether no variable occurs twice in `clause` (a short clause, up to
/// sixteen literals, is compared pairwise; a longer one counts as not).
fn distinct_variables(clause: &[Lit]) -> bool {
    clause.len() <= 16
        && clause
            .iter()
            .enumerate()
            .all(|(i, a)| clause[i + 1..].iter().all(|b| a.var() != b.var()))
}

impl Propagator {
    /// A propagator for the hard clauses of `formula`, nothing assigned,
    /// branching on the clauses of positive `projection` literals (see
    /// [`Propagator::shortest_open_clause`]).
    pub(super) fn new(formula: &Formula, projection: &[Var]) -> Propagator {
        Propagator::from_clauses(&formula.hard, formula.num_vars, projection)
    }

    /// A propagator for `clauses` over `num_vars` variables, as
    /// [`Propagator::new`].
    pub(crate) fn from_clauses(clauses: &Clauses, num_vars: u32, projection: &[Var]) -> Propagator {
        PropagatorBuilder::new(clauses, num_vars).build(projection)
    }

    /// Marks the clauses made only of positive `projection` literals as
    /// branching candidates (see [`Propagator::shortest_open_clause`]).
    fn branch_on(&mut self, projection: &[Var]) {
        let mut member = vec![false; self.num_vars()];
        for var in projection {
            if let Some(slot) = member.get_mut(var.idx()) {
                *slot = true;
            }
        }
        self.branching = (0..self.starts.len() - 1)
            .filter(|&i| {
                self.lits[self.starts[i]..self.starts[i + 1]]
                    .iter()
                    .all(|lit| lit.is_pos() && member[lit.vidx()])
            })
            .map(|i| i as u32)
            .collect();
    }

    /// An unassigned literal of the candidate clause that is not yet
    /// satisfied and has the fewest unassigned literals (the column with
    /// the fewest rows, in exact-cover terms); `None` when every candidate
    /// is satisfied. Among that clause's unassigned literals, the first
    /// one that no other is `preferred` to.
    pub(super) fn shortest_open_clause(
        &self,
        preferred: Option<&dyn Fn(Lit, Lit) -> bool>,
    ) -> Option<Lit> {
        let mut best: Option<(usize, u32)> = None;
        for &clause in &self.branching {
            let fewest = best.map_or(usize::MAX, |(fewest, _)| fewest);
            if let Some(open) = self.open_literals(clause, fewest) {
                if open > 0 && open < fewest {
                    best = Some((open, clause));
                    if open == 2 {
                        break; // fewer would have been propagated
                    }
                }
            }
        }
        let (_, clause) = best?;
        let mut choice: Option<Lit> = None;
        for &lit in self.clause(clause) {
            if self.lit_value(lit).is_some() {
                continue;
            }
            choice = match (choice, preferred) {
                (None, _) => Some(lit),
                (Some(old), Some(better)) if better(lit, old) => Some(lit),
                (old, _) => old,
            };
            if preferred.is_none() {
                break;
            }
        }
        choice
    }

    /// The literals of clause `index`.
    fn clause(&self, index: u32) -> &[Lit] {
        &self.lits[self.starts[index as usize]..self.starts[index as usize + 1]]
    }

    /// The number of unassigned literals of clause `index`, or `None` when
    /// it is satisfied; counting stops at `cap` (the answer is then `cap`,
    /// whether or not the clause is satisfied).
    fn open_literals(&self, index: u32, cap: usize) -> Option<usize> {
        let mut open = 0;
        for &lit in self.clause(index) {
            match self.lit_value(lit) {
                Some(true) => return None,
                Some(false) => {}
                None => {
                    open += 1;
                    if open >= cap {
                        return Some(cap);
                    }
                }
            }
        }
        Some(open)
    }

    /// How many branching clauses hold each literal (by `Lit::lidx`).
    pub(super) fn branching_occurrences(&self) -> Vec<u32> {
        let mut count = vec![0u32; self.truth.len()];
        for &clause in &self.branching {
            for &lit in self.clause(clause) {
                count[lit.lidx()] += 1;
            }
        }
        count
    }

    /// Another lower bound on what the open branching clauses will still
    /// cost: each open clause takes, of one of its unassigned literals
    /// `l`, the share `cost_of_true(l) / n(l)`, where `n(l)` counts the
    /// open clauses holding `l`; a true literal pays at most its whole
    /// cost over all the clauses that take a share of it, so the cheapest
    /// share of every open clause adds up to no more than any completion
    /// costs. (Tiles: a word's cost shared among its cells.) `counts` is
    /// scratch space, one entry per literal, left zero.
    pub(super) fn shared_cost_bound(&self, cost_of_true: &[u64], counts: &mut [u32]) -> u64 {
        let open: Vec<u32> = self
            .branching
            .iter()
            .copied()
            .filter(|&clause| self.open_literals(clause, usize::MAX).is_some())
            .collect();
        for &clause in &open {
            for &lit in self.clause(clause) {
                if self.lit_value(lit).is_none() {
                    counts[lit.lidx()] += 1;
                }
            }
        }
        let mut total = 0f64;
        for &clause in &open {
            let cheapest = self
                .clause(clause)
                .iter()
                .filter(|&&lit| self.lit_value(lit).is_none())
                .map(|lit| cost_of_true[lit.lidx()] as f64 / f64::from(counts[lit.lidx()]))
                .fold(f64::INFINITY, f64::min);
            if cheapest.is_finite() {
                total += cheapest;
            }
        }
        for &clause in &open {
            for &lit in self.clause(clause) {
                counts[lit.lidx()] = 0;
            }
        }
        // Rounding can only make the sum a little too large: step back
        // before rounding up, so the bound never exceeds the true one.
        (total - 1e-6).max(0.0).ceil() as u64
    }

    /// A lower bound on what the open branching clauses will still cost:
    /// each needs a true literal, and clauses whose unassigned literals
    /// are disjoint need different ones, so a greedy set of such clauses
    /// adds up the cheapest `cost_of_true` of each. `marks` is scratch
    /// space, one entry per literal.
    pub(super) fn disjoint_clauses_bound(&self, cost_of_true: &[u64], marks: &mut [bool]) -> u64 {
        let mut bound = 0u64;
        let mut marked: Vec<usize> = Vec::new();
        'clauses: for &clause in &self.branching {
            let mut cheapest = u64::MAX;
            let mut open = false;
            for &lit in self.clause(clause) {
                match self.lit_value(lit) {
                    Some(true) => continue 'clauses,
                    Some(false) => {}
                    None => {
                        if marks[lit.lidx()] {
                            continue 'clauses;
                        }
                        open = true;
                        cheapest = cheapest.min(cost_of_true[lit.lidx()]);
                    }
                }
            }
            if !open {
                continue;
            }
            bound = bound.saturating_add(cheapest);
            for &lit in self.clause(clause) {
                if self.lit_value(lit).is_none() {
                    marks[lit.lidx()] = true;
                    marked.push(lit.lidx());
                }
            }
        }
        for index in marked {
            marks[index] = false;
        }
        bound
    }

    /// A model extending the current assignment, found by setting every
    /// unassigned variable false and propagating; `None` on a conflict.
    /// The assignment is left as it was. (With every variable assigned and
    /// no conflict, two-watched-literal propagation has seen every clause
    /// satisfied.)
    pub(crate) fn complete(&mut self) -> Option<Model> {
        let mark = self.trail_len();
        for var in 0..self.num_vars() {
            let lit = Lit::new(var as u32, true);
            if self.lit_value(lit).is_none() && !(self.assign(lit) && self.propagate()) {
                self.undo_to(mark);
                return None;
            }
        }
        let model = Model::from_values(
            (0..self.num_vars())
                .map(|var| self.truth[2 * var] > 0)
                .collect(),
        );
        self.undo_to(mark);
        Some(model)
    }

    /// Asserts the unit clauses and propagates; false when the formula is
    /// refuted by propagation alone.
    pub(crate) fn propagate_root(&mut self) -> bool {
        if self.empty {
            return false;
        }
        for i in 0..self.units.len() {
            let unit = self.units[i];
            if !self.assign(unit) {
                return false;
            }
        }
        self.propagate()
    }

    /// The value of `var`, if assigned.
    pub(crate) fn value(&self, var: Var) -> Option<bool> {
        self.lit_value(var.pos_lit())
    }

    fn lit_value(&self, lit: Lit) -> Option<bool> {
        match self.truth[lit.lidx()] {
            0 => None,
            t => Some(t > 0),
        }
    }

    fn num_vars(&self) -> usize {
        self.truth.len() / 2
    }

    /// Makes `lit` true (to be propagated); false if it is already false.
    pub(crate) fn assign(&mut self, lit: Lit) -> bool {
        match self.truth[lit.lidx()] {
            0 => {
                self.truth[lit.lidx()] = 1;
                self.truth[(!lit).lidx()] = -1;
                self.trail.push(lit);
                true
            }
            t => t > 0,
        }
    }

    /// Number of assigned literals (a point to [`Propagator::undo_to`]).
    pub(crate) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Unassigns everything assigned after the trail had `len` literals.
    pub(crate) fn undo_to(&mut self, len: usize) {
        for lit in self.trail.drain(len..) {
            self.truth[lit.lidx()] = 0;
            self.truth[(!lit).lidx()] = 0;
        }
        self.head = self.head.min(len);
    }

    /// Propagates the pending assignments; false on a conflict.
    pub(crate) fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = !self.trail[self.head];
            self.head += 1;
            let (from, to) = (
                self.implied_starts[falsified.lidx()] as usize,
                self.implied_starts[falsified.lidx() + 1] as usize,
            );
            for k in from..to {
                if !self.assign(self.implied[k]) {
                    return false;
                }
            }
            let base = self.watch_start[falsified.lidx()];
            let len = self.watch_len[falsified.lidx()] as usize;
            let mut kept = 0;
            let mut conflict = false;
            let mut i = 0;
            while i < len {
                let clause = self.watch_pool[base + i];
                i += 1;
                let (start, end) = (
                    self.starts[clause as usize],
                    self.starts[clause as usize + 1],
                );
                if self.lits[start] == falsified {
                    self.lits.swap(start, start + 1);
                }
                let other = self.lits[start];
                if self.lit_value(other) == Some(true) {
                    self.watch_pool[base + kept] = clause;
                    kept += 1;
                    continue;
                }
                let resume = start + self.resume[clause as usize] as usize;
                let replacement = (resume..end)
                    .chain(start + 2..resume)
                    .find(|&k| self.lit_value(self.lits[k]) != Some(false));
                if let Some(k) = replacement {
                    self.resume[clause as usize] = (k - start) as u32;
                    self.lits.swap(start + 1, k);
                    // A clause watches a literal it contains, once: the
                    // literal's room in the pool suffices.
                    let watched = self.lits[start + 1].lidx();
                    self.watch_pool[self.watch_start[watched] + self.watch_len[watched] as usize] =
                        clause;
                    self.watch_len[watched] += 1;
                    continue;
                }
                self.watch_pool[base + kept] = clause;
                kept += 1;
                if !self.assign(other) {
                    conflict = true;
                    break;
                }
            }
            while i < len {
                self.watch_pool[base + kept] = self.watch_pool[base + i];
                kept += 1;
                i += 1;
            }
            self.watch_len[falsified.lidx()] = kept as u32;
            if conflict {
                return false;
            }
        }
        true
    }
}

/// A lower bound on the cost of every model below a partial assignment
/// (weights are not negative): the soft clauses it already falsifies, plus
/// what the open branching clauses must still cost, the larger of
/// [`Propagator::disjoint_clauses_bound`] and
/// [`Propagator::shared_cost_bound`].
pub(super) struct PartialCost {
    /// The soft clauses of positive weight, with their weights.
    soft: Vec<(Vec<Lit>, u64)>,
    /// For each literal (by `Lit::lidx`), the weight of the unit soft
    /// clauses that making it true falsifies.
    cost_of_true: Vec<u64>,
    /// How many branching clauses hold each literal.
    occurrences: Vec<u32>,
    /// Scratch space for the bounds, one entry per literal each.
    marks: std::cell::RefCell<Vec<bool>>,
    counts: std::cell::RefCell<Vec<u32>>,
}

impl PartialCost {
    /// The bound for `formula`'s soft clauses; `None` unless each of them
    /// is over `projection` variables only (then a complete projected
    /// assignment fixes the cost, and searching over cubes of projection
    /// variables finds the optimum).
    pub(super) fn new(formula: &Formula, projection: &[Var]) -> Option<PartialCost> {
        let num_vars = formula.num_vars as usize;
        let mut member = vec![false; num_vars];
        for var in projection {
            if let Some(slot) = member.get_mut(var.idx()) {
                *slot = true;
            }
        }
        let mut soft = Vec::new();
        let mut cost_of_true = vec![0u64; 2 * num_vars];
        for (clause, &weight) in formula.soft.iter().zip(&formula.weights) {
            if weight == 0 {
                continue;
            }
            if !clause
                .iter()
                .all(|lit| member.get(lit.vidx()).copied().unwrap_or(false))
            {
                return None;
            }
            if let [lit] = clause {
                let slot = &mut cost_of_true[(!*lit).lidx()];
                *slot = slot.saturating_add(weight);
            }
            soft.push((clause.to_vec(), weight));
        }
        Some(PartialCost {
            soft,
            cost_of_true,
            occurrences: Vec::new(),
            marks: std::cell::RefCell::new(vec![false; 2 * num_vars]),
            counts: std::cell::RefCell::new(vec![0; 2 * num_vars]),
        })
    }

    /// Takes the branching clauses of `up` into account (after
    /// [`Propagator::branch_on`]).
    pub(super) fn attach(&mut self, up: &Propagator) {
        self.occurrences = up.branching_occurrences();
    }

    /// The lower bound under `up`'s assignment.
    pub(super) fn lower_bound(&self, up: &Propagator) -> u64 {
        let falsified = self
            .soft
            .iter()
            .filter(|(clause, _)| clause.iter().all(|&lit| up.lit_value(lit) == Some(false)))
            .fold(0u64, |sum, (_, weight)| sum.saturating_add(*weight));
        let disjoint = up.disjoint_clauses_bound(&self.cost_of_true, &mut self.marks.borrow_mut());
        let shared = up.shared_cost_bound(&self.cost_of_true, &mut self.counts.borrow_mut());
        falsified.saturating_add(disjoint.max(shared))
    }

    /// Whether making `a` true is a better branch than making `b` true:
    /// it costs less for each branching clause it satisfies.
    pub(super) fn prefers(&self, a: Lit, b: Lit) -> bool {
        let cost = |l: Lit| u128::from(self.cost_of_true[l.lidx()]);
        let reach = |l: Lit| u128::from(self.occurrences.get(l.lidx()).copied().unwrap_or(0));
        cost(a) * reach(b) < cost(b) * reach(a)
    }
}

/// One decision of the search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Level {
    /// The decided literal.
    pub(super) lit: Lit,
    /// True when this is the second branch (nothing left to flip).
    pub(super) flipped: bool,
    /// The trail length before the decision.
    pub(super) trail: usize,
}

/// Backtracks to the deepest decision not yet flipped, flips it and
/// propagates; branches that propagation refutes, or that `cut` rejects
/// after propagation, are skipped (and counted in `refuted`). Returns false
/// when the whole search space is done.
pub(super) fn backtrack(
    up: &mut Propagator,
    levels: &mut Vec<Level>,
    refuted: &mut u64,
    cut: &dyn Fn(&Propagator) -> bool,
) -> bool {
    while let Some(level) = levels.pop() {
        up.undo_to(level.trail);
        if level.flipped {
            continue;
        }
        let flip = !level.lit;
        levels.push(Level {
            lit: flip,
            flipped: true,
            trail: level.trail,
        });
        if up.assign(flip) && up.propagate() && !cut(up) {
            return true;
        }
        *refuted += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dimacs::{read_formula, ReadOptions};
    use crate::io::Input;

    fn formula(text: &str) -> Formula {
        let mut input = Input::from_text("test", text);
        read_formula(&mut input, ReadOptions::default()).expect("formula")
    }

    fn lit(dimacs: i32) -> Lit {
        Lit::from_ipasir(dimacs).expect("literal")
    }

    #[test]
    fn propagates_and_undoes() {
        // 1 -> 2 -> 3, and not (2 and 4).
        let f = formula("p cnf 4 3\n-1 2 0\n-2 3 0\n-2 -4 0\n");
        let mut up = Propagator::new(&f, &[]);
        assert!(up.propagate_root());
        let mark = up.trail_len();
        assert!(up.assign(lit(1)) && up.propagate());
        assert_eq!(up.value(Var::new(2)), Some(true));
        assert_eq!(up.value(Var::new(3)), Some(false));
        up.undo_to(mark);
        assert_eq!(up.value(Var::new(2)), None);
        assert!(up.assign(lit(4)) && up.propagate());
        assert!(!(up.assign(lit(1)) && up.propagate()), "1 and 4 conflict");
    }

    #[test]
    fn root_units_and_empty_clauses() {
        let mut up = Propagator::new(&formula("p cnf 2 2\n1 0\n-1 2 0\n"), &[]);
        assert!(up.propagate_root());
        assert_eq!(up.value(Var::new(1)), Some(true));
        let mut up = Propagator::new(&formula("p cnf 1 2\n1 0\n-1 0\n"), &[]);
        assert!(!up.propagate_root());
        let mut up = Propagator::new(&formula("p cnf 1 2\n1 -1 0\n0\n"), &[]);
        assert!(!up.propagate_root());
    }

    #[test]
    fn repeated_literals_and_tautologies_are_read_as_such() {
        // 1 1 2 is 1 or 2; 1 -1 3 always holds; 3 -2 -2 is 2 -> 3; and
        // seventeen copies of -3 (the long clause path) is not 3.
        let long = vec!["-3"; 17].join(" ");
        let text = format!("p cnf 3 4\n1 1 2 0\n1 -1 3 0\n3 -2 -2 0\n{long} 0\n");
        let mut up = Propagator::new(&formula(&text), &[]);
        assert!(up.propagate_root());
        assert_eq!(up.value(Var::new(2)), Some(false));
        assert_eq!(up.value(Var::new(1)), Some(false));
        assert_eq!(up.value(Var::new(0)), Some(true));
        assert_eq!(up.complete().map(|m| m.value(Var::new(0))), Some(true));
    }

    #[test]
    fn backtracking_flips_the_deepest_decision() {
        let f = formula("p cnf 2 1\n-1 -2 0\n");
        let mut up = Propagator::new(&f, &[]);
        assert!(up.propagate_root());
        let mut levels = vec![Level {
            lit: lit(1),
            flipped: false,
            trail: up.trail_len(),
        }];
        assert!(up.assign(lit(1)) && up.propagate());
        assert_eq!(up.value(Var::new(1)), Some(false));
        let mut refuted = 0;
        assert!(backtrack(&mut up, &mut levels, &mut refuted, &|_| false));
        assert_eq!(up.value(Var::new(0)), Some(false));
        assert_eq!(up.value(Var::new(1)), None);
        assert!(!backtrack(&mut up, &mut levels, &mut refuted, &|_| false));
        assert_eq!(refuted, 0);
    }
}
