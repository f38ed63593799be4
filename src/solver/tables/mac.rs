//! The tables searched without clause learning: maintained arc
//! consistency (MAC), the tables taken as the variables (a slot and its
//! words) and shared groups as the constraints between them (a crossing
//! cell), dom/wdeg to choose the next table (fewest tuples per weight of
//! its open groups, a group's weight growing with the failures it saw),
//! binary branching (a tuple, else not that tuple) and randomised
//! restarts under a growing backtrack limit that keep the weights and
//! what the root level proved. This is the search of dedicated crossword
//! fillers, after Balafoutis's adaptive strategies; it finds fills that
//! CDCL's variable order misses for long, and proves nothing it cannot
//! exhaust.

use super::nogoods::{Added, Decision, Nogoods};
use super::tuples::{TableIndex, TupleSets};
use super::{Stop, MAX_VALUES};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What a [`Mac::run`] ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum MacOutcome {
    /// Per group, its value.
    Sat(Vec<u8>),
    /// The root level failed: nothing fits.
    Unsat,
    /// The backtrack limit was reached (the state is back at the root).
    Limit,
    /// The deadline passed or the stop was raised.
    Stopped,
    /// The backtracks over all runs reached the bound (another search
    /// answered with fewer; the state is back at the root).
    Outrun,
}

/// Undo records of one level (beside the tables', which `tuples` keeps).
#[derive(Default, Clone)]
struct Level {
    /// (group, its values before).
    domains: Vec<(u32, u32)>,
    /// Tables whose single tuple the level acted on (`Mac::posted`).
    posted: Vec<u32>,
}

/// How strongly the first few candidates (tables, then tuples) are
/// preferred when choosing at random among them.
const CANDIDATE_WEIGHTS: [u32; 3] = [4, 2, 1];

/// Below this many tuples a table's supported values are read off its
/// tuples rather than searched per value.
const FEW_TUPLES: u32 = 96;

/// Each failure weighs this much more than the one before (older
/// failures fade).
const WEIGHT_GROWTH: f64 = 1.0 / 0.99;

/// The backtrack limit from which a run records nogoods at its restart
/// ([`Learning::LongRuns`]).
const LEARNING_LIMIT: u64 = 5_000;

/// Which runs of a search record nogoods at their restart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Learning {
    /// The runs whose limit reaches [`LEARNING_LIMIT`]: most answers come
    /// in the first, short runs, which stay as the heuristics make them;
    /// a search that goes on past them is long (a refutation, or a hard
    /// fill), and there what an earlier run refuted is not searched again.
    LongRuns,
    /// Every run: for a search as likely to prove that there is no
    /// answer as to find one (a probe of the best fill's bisection).
    EveryRun,
}

/// A table that was chosen last stays chosen (to try its next tuple) while
/// its priority is within this factor of the best.
const STAY_FACTOR: f64 = 1.15;

/// The MAC search state over `tables`; the root level and the weights
/// persist from one [`Mac::run`] to the next.
#[derive(Clone)]
pub(super) struct Mac<'a> {
    tables: &'a [TableIndex],
    /// Per group: the (table, position) pairs reading it.
    readers: &'a [Vec<(u32, u32)>],
    /// Per group: its values still possible.
    domain: Vec<u32>,
    /// Per table: its tuples still possible (a level of `tuples` for each
    /// of `levels`).
    tuples: TupleSets<'a>,
    /// Per table: whether its single tuple has been acted on (removed
    /// from the other tables of its arity, its nogoods' watches moved).
    posted: Vec<bool>,
    /// The nogoods recorded at restarts from the root.
    nogoods: Nogoods,
    /// The decisions the nogoods rule out (a buffer).
    pruned: Vec<Decision>,
    /// Which runs record nogoods.
    learning: Learning,
    levels: Vec<Level>,
    /// Per group: its failure weight; the weight of the next failure.
    weight: Vec<f64>,
    bump: f64,
    /// With distinctness, per table: its tuples' ids among all tuples of
    /// its arity, the tuple with each id (`u32::MAX`: none), and the
    /// other tables of its arity.
    word_of: Vec<Vec<u32>>,
    tuple_of: Vec<Vec<u32>>,
    same_arity: Vec<Vec<u32>>,
    /// Per table: whether it takes part (a table of a narrowed run's
    /// fixed part does not: no propagation reads it, no choice takes it).
    active: Vec<bool>,
    /// Propagation queue: groups with values removed (and which).
    queue: Vec<u32>,
    removed: Vec<u32>,
    /// Tables whose tuples changed since they were last revised.
    touched: Vec<u32>,
    is_touched: Vec<bool>,
    /// Backtracks over all runs, for statistics.
    pub(super) backtracks: u64,
    /// Decisions over all runs, for statistics.
    pub(super) decisions: u64,
}

impl<'a> Mac<'a> {
    /// A search over `tables` whose groups take values in `values` (per
    /// group, a mask) and are read by `readers`; `distinct`: tables of the
    /// same arity take different tuples. `None` if the root level already
    /// fails.
    pub(super) fn new(
        tables: &'a [TableIndex],
        values: &[u32],
        readers: &'a [Vec<(u32, u32)>],
        distinct: bool,
    ) -> Option<Self> {
        let (word_of, tuple_of, same_arity) = if distinct {
            word_ids(tables)
        } else {
            (Vec::new(), Vec::new(), Vec::new())
        };
        let mut mac = Mac {
            tables,
            readers,
            domain: values.to_vec(),
            tuples: TupleSets::new(tables),
            posted: vec![false; tables.len()],
            nogoods: Nogoods::new(tables.len()),
            pruned: Vec::new(),
            learning: Learning::LongRuns,
            levels: Vec::new(),
            weight: vec![1.0; values.len()],
            bump: 1.0,
            word_of,
            tuple_of,
            same_arity,
            queue: Vec::new(),
            removed: vec![0; values.len()],
            touched: Vec::new(),
            is_touched: vec![false; tables.len()],
            active: vec![true; tables.len()],
            backtracks: 0,
            decisions: 0,
        };
        if tables.iter().any(|table| table.len == 0) {
            return None;
        }
        for t in 0..tables.len() {
            mac.touch(t);
        }
        mac.propagate().then_some(mac)
    }

    /// Sets which runs record nogoods ([`Learning::LongRuns`] unless set).
    pub(super) fn set_learning(&mut self, learning: Learning) {
        self.learning = learning;
    }

    /// Searches from the root until a solution, a proof that there is
    /// none, `limit` backtracks, `bound` backtracks over all runs (read
    /// at every backtrack: another thread may lower it), `deadline` or
    /// `stop`; `seed` drives the random choices. A run from the root that
    /// ends at its limit records what it refuted as nogoods (as
    /// [`Mac::set_learning`] says), which the runs after it keep.
    pub(super) fn run(
        &mut self,
        limit: u64,
        bound: &AtomicU64,
        seed: u64,
        deadline: Option<Instant>,
        stop: Option<&Stop>,
    ) -> MacOutcome {
        let mut rng = fastrand::Rng::with_seed(seed);
        let learn = self.levels.is_empty()
            && (self.learning == Learning::EveryRun || limit >= LEARNING_LIMIT);
        // The decisions taken, and the refuted ones with the depth
        // (decisions before them) they were refuted at.
        let mut decisions: Vec<Decision> = Vec::new();
        let mut refuted: Vec<(usize, Decision)> = Vec::new();
        let mut backtracks = 0u64;
        let mut last: Option<usize> = None;
        for step in 0u64.. {
            if step % 32 == 0
                && (stop.is_some_and(Stop::raised) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                self.pop_to_root();
                return MacOutcome::Stopped;
            }
            let Some(t) = self.choose_table(last, &mut rng) else {
                let solution = self.solution();
                self.pop_to_root();
                return MacOutcome::Sat(solution);
            };
            let i = self.choose_tuple(t, &mut rng);
            self.decisions += 1;
            self.levels.push(Level::default());
            self.tuples.push_level();
            decisions.push((t as u32, i as u32));
            self.keep_only(t, i);
            if self.propagate() {
                last = None;
                continue;
            }
            // Undo decisions until one's refutation holds.
            loop {
                let Some((t, i)) = decisions.pop() else {
                    return MacOutcome::Unsat;
                };
                self.pop_level();
                backtracks += 1;
                self.backtracks += 1;
                if self.backtracks >= bound.load(Ordering::Relaxed) {
                    self.pop_to_root();
                    return MacOutcome::Outrun;
                }
                let depth = decisions.len();
                if learn {
                    while refuted.last().is_some_and(|&(d, _)| d > depth) {
                        refuted.pop();
                    }
                    refuted.push((depth, (t, i)));
                }
                self.remove_tuple(t as usize, i as usize);
                if self.propagate() {
                    last = Some(t as usize);
                    break;
                }
                if decisions.is_empty() {
                    return MacOutcome::Unsat;
                }
                if backtracks > limit {
                    self.pop_to_root();
                    if learn && !self.learn(&decisions, &refuted) {
                        return MacOutcome::Unsat;
                    }
                    return MacOutcome::Limit;
                }
            }
        }
        MacOutcome::Stopped
    }

    /// Back at the root after a run ended at its limit with `branch`
    /// refuted and the `refuted` decisions (with their depths) refuted on
    /// the way: records them as nogoods (the branch's first `depth`
    /// decisions and the refuted one do not hold together; nor does the
    /// whole branch) and propagates what they rule out at the root; false
    /// if then nothing fits.
    fn learn(&mut self, branch: &[Decision], refuted: &[(usize, Decision)]) -> bool {
        let mut nogood = Vec::with_capacity(branch.len());
        let mut prune = Vec::new();
        let shallower = refuted
            .iter()
            .filter(|&&(depth, _)| depth > 0 && depth < branch.len());
        for &(depth, decision) in shallower {
            nogood.clear();
            nogood.extend_from_slice(&branch[..depth]);
            nogood.push(decision);
            match self.nogoods.add(&nogood, &self.tuples) {
                Added::Kept => {}
                Added::Prune(decision) => prune.push(decision),
                Added::Fails => return false,
            }
        }
        match self.nogoods.add(branch, &self.tuples) {
            Added::Kept => {}
            Added::Prune(decision) => prune.push(decision),
            Added::Fails => return false,
        }
        for (t, i) in prune {
            self.remove_tuple(t as usize, i as usize);
            if self.tuples.count(t as usize) == 0 {
                return false;
            }
        }
        self.propagate()
    }

    /// How many nogoods the restarts have recorded.
    pub(super) fn nogoods(&self) -> usize {
        self.nogoods.len()
    }

    /// Searches as [`Mac::run`] does (seed 0, no bound over all runs),
    /// within a level of its own that first narrows the groups of
    /// `domains` (group, mask of the values it may keep) and the tables
    /// of `firsts` (table, `n`) to their first `n` tuples, with the tables
    /// of `fixed` left out; back at the root after, whatever the outcome.
    /// `Unsat` says that nothing fits within the narrowed level.
    ///
    /// A fixed table must have each of its groups narrowed to one value
    /// by `domains`: it keeps that tuple (with distinctness, no other
    /// table takes it) and is not searched.
    pub(super) fn run_narrowed(
        &mut self,
        domains: &[(usize, u32)],
        firsts: &[(usize, usize)],
        fixed: &[usize],
        limit: u64,
        deadline: Option<Instant>,
        stop: Option<&Stop>,
    ) -> MacOutcome {
        self.levels.push(Level::default());
        self.tuples.push_level();
        for &t in fixed {
            self.active[t] = false;
        }
        let mut fits = true;
        for &(g, mask) in domains {
            let kept = self.domain[g] & mask;
            fits &= kept != 0;
            if kept != self.domain[g] && fits {
                self.set_domain(g, kept);
            }
        }
        fits = fits && self.take_fixed_tuples(fixed);
        if !fits {
            self.clear_queues();
        }
        let outcome = if fits && self.keep_firsts(firsts) {
            let unbounded = AtomicU64::new(u64::MAX);
            self.run(limit, &unbounded, 0, deadline, stop)
        } else {
            MacOutcome::Unsat
        };
        self.pop_to_root();
        for &t in fixed {
            self.active[t] = true;
        }
        outcome
    }

    /// With distinctness, removes the tuple of each of the `fixed` tables
    /// (its groups' values) from the tables that take part; false if one
    /// is left without tuples.
    fn take_fixed_tuples(&mut self, fixed: &[usize]) -> bool {
        if self.word_of.is_empty() {
            return true;
        }
        let mut values = Vec::new();
        for &t in fixed {
            values.clear();
            values.extend(
                self.tables[t]
                    .groups
                    .iter()
                    .map(|&g| self.domain[g].trailing_zeros() as u8),
            );
            let Some(i) = self.tables[t].find(&values) else {
                continue;
            };
            if !self.take_from_others(t, i) {
                return false;
            }
        }
        true
    }

    /// Removes table `t`'s tuple `i` (its word) from the other tables of
    /// its arity that take part; false if one is left without tuples.
    fn take_from_others(&mut self, t: usize, i: usize) -> bool {
        let word = self.word_of[t][i] as usize;
        for k in 0..self.same_arity[t].len() {
            let other = self.same_arity[t][k] as usize;
            let j = self.tuple_of[other][word];
            if j != u32::MAX && self.active[other] {
                self.remove_tuple(other, j as usize);
                if self.tuples.count(other) == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Narrows the tables of `firsts` (table, `n`) to their first `n`
    /// tuples at the current level (for good at the root) and propagates;
    /// false if then nothing fits.
    pub(super) fn keep_firsts(&mut self, firsts: &[(usize, usize)]) -> bool {
        for &(t, n) in firsts {
            if self.tuples.keep_first(t, n) {
                if self.tuples.count(t) == 0 {
                    self.clear_queues();
                    return false;
                }
                self.touch(t);
            }
        }
        self.propagate()
    }

    /// Per group, its value (the smallest left where no table reads it).
    fn solution(&self) -> Vec<u8> {
        self.domain
            .iter()
            .map(|&mask| mask.trailing_zeros().min(MAX_VALUES as u32 - 1) as u8)
            .collect()
    }

    /// The next table to decide: one of the few with the fewest tuples per
    /// weight of their open crossings, at random; `last` (refuted just
    /// now) while it is nearly as good. `None` when every table has one
    /// tuple left.
    fn choose_table(&self, last: Option<usize>, rng: &mut fastrand::Rng) -> Option<usize> {
        let mut best: Vec<(f64, usize)> = Vec::with_capacity(CANDIDATE_WEIGHTS.len() + 1);
        let mut last_priority = None;
        for t in 0..self.tables.len() {
            if self.tuples.count(t) <= 1 || !self.active[t] {
                continue;
            }
            let priority = self.priority(t);
            if Some(t) == last {
                last_priority = Some(priority);
            }
            let at = best.partition_point(|&(p, _)| p <= priority);
            if at < CANDIDATE_WEIGHTS.len() {
                best.insert(at, (priority, t));
                best.truncate(CANDIDATE_WEIGHTS.len());
            }
        }
        let &(top, _) = best.first()?;
        if let (Some(t), Some(priority)) = (last, last_priority) {
            if priority <= top * STAY_FACTOR {
                return Some(t);
            }
        }
        Some(best[pick(rng, best.len())].1)
    }

    /// dom/wdeg: tuples left over the weights of the table's groups that
    /// another table reads and that are still open.
    fn priority(&self, t: usize) -> f64 {
        let weight: f64 = self.tables[t]
            .groups
            .iter()
            .filter(|&&g| self.readers[g].len() > 1 && self.domain[g].count_ones() > 1)
            .map(|&g| self.weight[g])
            .sum();
        f64::from(self.tuples.count(t)) / weight.max(0.5)
    }

    /// One of table `t`'s first few tuples left, at random.
    fn choose_tuple(&self, t: usize, rng: &mut fastrand::Rng) -> usize {
        let mut first = [0usize; CANDIDATE_WEIGHTS.len()];
        let mut n = 0;
        for (slot, i) in first.iter_mut().zip(self.tuples.tuples(t)) {
            *slot = i;
            n += 1;
        }
        first[pick(rng, n.max(1))]
    }

    fn pop_level(&mut self) {
        let Some(level) = self.levels.pop() else {
            return;
        };
        self.tuples.pop_level();
        for (g, mask) in level.domains.into_iter().rev() {
            self.domain[g as usize] = mask;
        }
        for t in level.posted {
            self.posted[t as usize] = false;
        }
    }

    fn pop_to_root(&mut self) {
        while !self.levels.is_empty() {
            self.pop_level();
        }
    }

    fn touch(&mut self, t: usize) {
        if !self.is_touched[t] {
            self.is_touched[t] = true;
            self.touched.push(t as u32);
        }
    }

    /// Narrows group `g` to `mask`, queueing the values it loses.
    fn set_domain(&mut self, g: usize, mask: u32) {
        let old = self.domain[g];
        if let Some(level) = self.levels.last_mut() {
            level.domains.push((g as u32, old));
        }
        self.domain[g] = mask;
        if self.removed[g] == 0 {
            self.queue.push(g as u32);
        }
        self.removed[g] |= old & !mask;
    }

    /// Leaves table `t` tuple `i` only.
    fn keep_only(&mut self, t: usize, i: usize) {
        self.tuples.keep_only(t, i);
        self.touch(t);
    }

    /// Removes tuple `i` from table `t` (if alive).
    fn remove_tuple(&mut self, t: usize, i: usize) {
        if self.tuples.remove(t, i) {
            self.touch(t);
        }
    }

    /// A failure at group `g`: it weighs more from now on.
    fn blame(&mut self, g: usize) {
        self.weight[g] += self.bump;
        self.bump *= WEIGHT_GROWTH;
        if self.bump > 1e100 {
            for w in &mut self.weight {
                *w *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// Arc consistency: the tables drop the tuples whose values the
    /// groups lost, the groups the values no tuple of a table has, until
    /// nothing changes (true) or something is empty (false, the queues
    /// cleared).
    fn propagate(&mut self) -> bool {
        let ok = self.settle();
        if !ok {
            self.clear_queues();
        }
        ok
    }

    /// Empties the propagation queues (after a failure).
    fn clear_queues(&mut self) {
        for g in self.queue.drain(..) {
            self.removed[g as usize] = 0;
        }
        for t in self.touched.drain(..) {
            self.is_touched[t as usize] = false;
        }
    }

    fn settle(&mut self) -> bool {
        loop {
            while let Some(g) = self.queue.pop() {
                let g = g as usize;
                let removed = std::mem::take(&mut self.removed[g]);
                for r in 0..self.readers[g].len() {
                    let (t, pos) = self.readers[g][r];
                    let t = t as usize;
                    if !self.active[t] {
                        continue;
                    }
                    // Whichever of the values kept and removed are fewer.
                    let kept = self.domain[g];
                    let (values, keep) = if kept.count_ones() < removed.count_ones() {
                        (kept, true)
                    } else {
                        (removed, false)
                    };
                    if self.tuples.narrow(t, pos as usize, values, keep) {
                        if self.tuples.count(t) == 0 {
                            self.blame(g);
                            return false;
                        }
                        self.touch(t);
                    }
                }
            }
            let Some(t) = self.touched.pop() else {
                return true;
            };
            let t = t as usize;
            self.is_touched[t] = false;
            if !self.revise(t) {
                return false;
            }
        }
    }

    /// Rules out the values of table `t`'s groups that none of its tuples
    /// has, and once it has one tuple left, with distinctness that tuple
    /// from the other tables and what the nogoods then rule out; false on
    /// a failure.
    fn revise(&mut self, t: usize) -> bool {
        let table = &self.tables[t];
        let arity = table.arity();
        let mut supported = [0u32; 64];
        let few = self.tuples.count(t) <= FEW_TUPLES;
        if few {
            for i in self.tuples.tuples(t) {
                for (pos, &x) in table.tuple(i).iter().enumerate().take(supported.len()) {
                    supported[pos] |= 1 << x;
                }
            }
        }
        for pos in 0..arity {
            let g = table.groups[pos];
            let domain = self.domain[g];
            if domain.is_power_of_two() {
                // Every tuple left has its group's value there (the tables
                // are narrowed before they are revised), and one is left.
                continue;
            }
            let keep = if few && pos < supported.len() {
                domain & supported[pos]
            } else {
                self.supported_values(t, pos, domain)
            };
            if keep != domain {
                if keep == 0 {
                    self.blame(g);
                    return false;
                }
                self.set_domain(g, keep);
            }
        }
        let acts = !self.word_of.is_empty() || !self.nogoods.is_empty();
        if acts && self.tuples.count(t) == 1 && !self.posted[t] {
            self.posted[t] = true;
            if let Some(level) = self.levels.last_mut() {
                level.posted.push(t as u32);
            }
            let Some(i) = self.tuples.tuples(t).next() else {
                return false;
            };
            if !self.word_of.is_empty() && !self.take_from_others(t, i) {
                return false;
            }
            return self.nogoods.is_empty() || self.prune_by_nogoods(t, i);
        }
        true
    }

    /// Table `t` is down to its tuple `i`: removes the tuples the nogoods
    /// watching it rule out; false if one fails or a table is left empty.
    fn prune_by_nogoods(&mut self, t: usize, i: usize) -> bool {
        let mut pruned = std::mem::take(&mut self.pruned);
        let mut consistent = self.nogoods.fixed(t, i, &self.tuples, &mut pruned);
        for &(u, j) in &pruned {
            let u = u as usize;
            if consistent && self.active[u] {
                self.remove_tuple(u, j as usize);
                consistent = self.tuples.count(u) > 0;
            }
        }
        pruned.clear();
        self.pruned = pruned;
        consistent
    }

    /// The values of `domain` that a tuple of table `t` has at `pos`.
    fn supported_values(&mut self, t: usize, pos: usize, domain: u32) -> u32 {
        let mut keep = 0;
        let mut rest = domain;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            if self.tuples.supports(t, pos, x as u8) {
                keep |= 1 << x;
            }
        }
        keep
    }
}

/// One of `n` ranked candidates at random, the first ones likelier.
fn pick(rng: &mut fastrand::Rng, n: usize) -> usize {
    let weights = &CANDIDATE_WEIGHTS[..n.min(CANDIDATE_WEIGHTS.len())];
    let mut r = rng.u32(0..weights.iter().sum::<u32>());
    for (k, &w) in weights.iter().enumerate() {
        if r < w {
            return k;
        }
        r -= w;
    }
    0
}

/// Per table: each tuple's id among the tuples of tables of its arity,
/// the tuple of each such id (`u32::MAX`: none), and the other tables of
/// its arity.
#[allow(clippy::type_complexity)]
fn word_ids(tables: &[TableIndex]) -> (Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<Vec<u32>>) {
    use rustc_hash::FxHashMap as HashMap;
    // Ids count per arity (tuples of different arities never meet).
    let mut ids: HashMap<&[u8], u32> = HashMap::default();
    let mut next: HashMap<usize, u32> = HashMap::default();
    let word_of: Vec<Vec<u32>> = tables
        .iter()
        .map(|table| {
            (0..table.len)
                .map(|i| {
                    *ids.entry(table.tuple(i)).or_insert_with(|| {
                        let n = next.entry(table.arity()).or_insert(0);
                        *n += 1;
                        *n - 1
                    })
                })
                .collect()
        })
        .collect();
    let tuple_of = tables
        .iter()
        .zip(&word_of)
        .map(|(table, words)| {
            let mut of = vec![u32::MAX; next.get(&table.arity()).copied().unwrap_or(0) as usize];
            for (i, &w) in words.iter().enumerate() {
                of[w as usize] = i as u32;
            }
            of
        })
        .collect();
    let same_arity = tables
        .iter()
        .enumerate()
        .map(|(t, table)| {
            (0..tables.len())
                .filter(|&u| u != t && tables[u].arity() == table.arity())
                .map(|u| u as u32)
                .collect()
        })
        .collect();
    (word_of, tuple_of, same_arity)
}

#[cfg(test)]
mod tests;
