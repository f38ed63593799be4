//! The `tables` solver: table constraints searched natively.
//!
//! Some formulas say, for groups of one-hot variables (a crossword cell
//! and its letters), that the values of some groups read together are a
//! tuple of a table (a slot spells a listed word), and that such tuples
//! are pairwise different (no word twice). Their CNF (word graphs,
//! `crate::crossword::fill`) is correct for every solver, but a CDCL
//! solver spends its time propagating it literal by literal. Here two
//! searches keep generalised arc consistency over word bitsets (each
//! table drops the tuples that disagree with the groups, each group the
//! values no remaining tuple has): a MAC search (`mac`) deciding a table's
//! tuple at a time, which finds answers (two of them race, `race`), and
//! the CDCL solver BatSat (MiniSat's algorithm in Rust) with the tables as
//! its theory (`theory`), each propagation explained by the group values
//! that caused it so that conflicts are learnt as clauses, which proves
//! that there are none.
//!
//! A family that knows its tables for a formula describes them as a
//! [`TableSpec`] (`crate::family::Family::tables`); [`TablesBackend`]
//! solves the spec and extends the answer to a model of the whole CNF
//! (every other variable follows by forward chaining over the clauses,
//! else by unit propagation: `extend`), which `solve` checks against the
//! CNF as any solver's model.

mod backend;
pub mod best;
mod cdcl;
mod extend;
mod mac;
mod nogoods;
mod race;
mod theory;
mod tuples;

pub use backend::{StartedSearch, TablesBackend};

use super::Stop;
use crate::cnf::Clauses;
use cdcl::{Cdcl, RunOutcome, FIRST_RUN_CONFLICTS};
use mac::Learning;
use rustc_hash::FxHashMap as HashMap;
use rustsat::types::{Lit, Var};
use std::time::Instant;
use tuples::TableIndex;

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
    /// What one answer is to be, when tables are scored ([`ScoreGoal`]).
    pub goal: ScoreGoal,
}

/// What one answer of scored tables is to be (higher-scored tuples are
/// tried first in every case).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ScoreGoal {
    /// The first answer found.
    #[default]
    First,
    /// The first answer, its total then raised by a bounded local search
    /// ([`best::improved`]).
    Improve,
    /// The best-scored answer ([`best::best_scores`]): the highest
    /// lowest score, proved, then a high total.
    Best,
}

/// One table constraint: the values of `groups`, read in order, are one
/// of its tuples.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The groups (indices into [`TableSpec::groups`]), in reading order.
    pub groups: Vec<usize>,
    /// The allowed tuples of values, one after another, each as long as
    /// `groups`.
    values: Vec<u8>,
    /// The number of tuples.
    len: usize,
    /// Per tuple, its score (empty: the tuples have none): the searches
    /// try higher-scored tuples first ([`Table::push_scored`]).
    scores: Vec<u32>,
    /// Whether scored and unscored tuples were pushed.
    mixed: bool,
    /// Whether a tuple of another length was pushed
    /// ([`TableSpec::validate`] says so).
    misshapen: bool,
}

impl Table {
    /// A table over `groups` with `tuples`.
    pub fn new<'t>(groups: Vec<usize>, tuples: impl IntoIterator<Item = &'t [u8]>) -> Self {
        let mut table = Table {
            groups,
            ..Table::default()
        };
        for tuple in tuples {
            table.push(tuple);
        }
        table
    }

    /// Adds a tuple (one value per group).
    pub fn push(&mut self, tuple: &[u8]) {
        if tuple.len() == self.groups.len() {
            self.values.extend_from_slice(tuple);
            self.len += 1;
            self.mixed |= !self.scores.is_empty() && self.scores.len() != self.len;
        } else {
            self.misshapen = true;
        }
    }

    /// Adds a tuple with a score (a crossword word's): the MAC search
    /// tries a table's higher-scored tuples first, ties by
    /// how many tuples they leave the crossing tables. A table's tuples
    /// are all scored or none is ([`TableSpec::validate`]).
    pub fn push_scored(&mut self, tuple: &[u8], score: u32) {
        if tuple.len() == self.groups.len() {
            self.mixed |= self.scores.len() != self.len;
            self.scores.push(score);
        }
        self.push(tuple);
    }

    /// Tuple `i`'s score, if the table's tuples are scored.
    pub fn score(&self, i: usize) -> Option<u32> {
        self.scores.get(i).copied()
    }

    /// Whether the table's tuples have scores.
    pub fn is_scored(&self) -> bool {
        !self.scores.is_empty()
    }

    /// The number of tuples.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no tuples.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Tuple `i`.
    pub fn tuple(&self, i: usize) -> &[u8] {
        let arity = self.groups.len();
        &self.values[i * arity..(i + 1) * arity]
    }

    /// The tuples in order.
    pub fn tuples(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        (0..self.len).map(|i| self.tuple(i))
    }

    /// The table with only the tuples `keep` says yes to (by index),
    /// their scores kept.
    pub fn filtered(&self, mut keep: impl FnMut(usize) -> bool) -> Table {
        let mut kept = Table {
            groups: self.groups.clone(),
            mixed: self.mixed,
            misshapen: self.misshapen,
            ..Table::default()
        };
        for i in (0..self.len).filter(|&i| keep(i)) {
            kept.values.extend_from_slice(self.tuple(i));
            kept.len += 1;
            if let Some(score) = self.score(i) {
                kept.scores.push(score);
            }
        }
        kept
    }
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
            if table.misshapen {
                return Err(format!("table {t}: a tuple of the wrong length"));
            }
            if table.mixed {
                return Err(format!("table {t}: some tuples scored, others not"));
            }
            if table.values.iter().any(|&x| usize::from(x) >= MAX_VALUES) {
                return Err(format!("table {t}: a value out of range"));
            }
        }
        Ok(())
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
    /// Values ruled out by the tables in BatSat's search.
    pub table_propagations: u64,
    /// BatSat's runs (each from another seed).
    pub rounds: u64,
    /// Runs of the MAC search (each from another seed).
    pub mac_runs: u64,
    /// The MAC search's decisions.
    pub mac_decisions: u64,
    /// The MAC search's backtracks.
    pub mac_backtracks: u64,
    /// The nogoods the MAC search recorded at its restarts.
    pub mac_nogoods: u64,
    /// Which of the two MAC searches answered (1 or 2; 0: none ran).
    pub mac_stream: u64,
    /// What the best-scores search found and proved (`None`: it did
    /// not run).
    pub best: Option<best::BestScores>,
    /// Answers of a higher total that the local search of
    /// [`ScoreGoal::Improve`] or [`ScoreGoal::Best`] found.
    pub improvements: u64,
}

impl TableStats {
    /// Adds the counters of a later search (the best-scores search runs
    /// several); `mac_stream` becomes the later one's.
    fn add(&mut self, later: &TableStats) {
        self.conflicts += later.conflicts;
        self.decisions += later.decisions;
        self.table_propagations += later.table_propagations;
        self.rounds += later.rounds;
        self.mac_runs += later.mac_runs;
        self.mac_decisions += later.mac_decisions;
        self.mac_backtracks += later.mac_backtracks;
        self.mac_nogoods += later.mac_nogoods;
        self.mac_stream = later.mac_stream;
    }
}

/// Searches `spec` as its [`TableSpec::goal`] asks when there are no
/// `extra` clauses (the best-scored answer, [`best::best_scores`], or an
/// improved one, [`best::improved`]), else any answer
/// ([`solve_tables`]).
pub fn search(
    spec: &TableSpec,
    extra: &Clauses,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    match spec.goal {
        ScoreGoal::Best if extra.is_empty() => best::best_scores(spec, deadline, stop),
        ScoreGoal::Improve if extra.is_empty() => best::improved(spec, deadline, stop),
        _ => solve_tables(spec, extra, deadline, stop),
    }
}

/// Searches for values of the groups that satisfy every table (and
/// distinctness), giving up at `deadline` or when `stop` is raised.
///
/// `extra` are further clauses over the groups' variables (blocking
/// clauses of an enumeration); `None` if one names another variable, or
/// if `spec` is not valid ([`TableSpec::validate`]).
///
/// Without extra clauses two MAC searches (`mac`) race in two threads
/// (`race`: the answer does not depend on the timing), each with
/// randomised restarts under a growing backtrack limit, and BatSat beside
/// the first with a share of its work: MAC finds fills fast, BatSat's
/// learnt clauses prove that there are none. With extra clauses BatSat
/// searches alone. Its runs have growing conflict budgets, each from
/// another random seed (decisions at random now and then), and hand their
/// short learnt clauses to the next.
pub fn solve_tables(
    spec: &TableSpec,
    extra: &Clauses,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    spec.validate().ok()?;
    solve_prepared(
        spec,
        &Prepared::new(spec),
        extra,
        Learning::LongRuns,
        deadline,
        stop,
    )
}

/// [`solve_tables`] of a valid `spec` made ready as `prepared`
/// ([`Prepared::new`]), which the caller may search again, its MAC runs
/// recording nogoods as `learning` says.
fn solve_prepared(
    spec: &TableSpec,
    prepared: &Prepared,
    extra: &Clauses,
    learning: Learning,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    let Prepared {
        values,
        tables,
        readers,
        shares,
        ..
    } = prepared;
    let (values, tables, readers) = (values.as_slice(), tables.as_slice(), readers.as_slice());
    let mut cdcl = Cdcl::new(spec, tables, readers, &shares.by_group, extra)?;
    let mut stats = TableStats::default();
    // A table without tuples: nothing fits.
    if tables.iter().any(|table| table.len == 0) {
        return Some((TableOutcome::Unsat, stats));
    }
    if extra.is_empty() {
        let Some(mac) = mac::Mac::new(tables, values, readers, spec.distinct) else {
            return Some((TableOutcome::Unsat, stats));
        };
        // Scored tables: the second search tries tuples by support alone,
        // its answer taken only when the first, by score, needs many
        // more backtracks (race::SCORED_HANDICAP).
        let (second, handicap) = if spec.tables.iter().any(Table::is_scored) {
            (race::Second::BySupport(prepared), race::SCORED_HANDICAP)
        } else {
            (
                race::Second::Ready(Box::new(mac.clone())),
                race::Handicap::NONE,
            )
        };
        let searches = race::Searches {
            first: mac,
            second,
            handicap,
            learning,
        };
        return Some(race::race(spec, searches, &mut cdcl, deadline, stop));
    }
    let mut round = 0;
    let mut conflict_limit = FIRST_RUN_CONFLICTS;
    loop {
        if let RunOutcome::Decided(outcome) =
            cdcl.run(round, conflict_limit, deadline, stop, &mut stats)
        {
            return Some((outcome, stats));
        }
        round += 1;
        conflict_limit += conflict_limit / 2;
    }
}

/// A spec's tables made ready for the searches.
struct Prepared {
    /// Per group, its values (a mask).
    values: Vec<u32>,
    /// Per table, its tuples in the order the MAC search tries them.
    tables: Vec<TableIndex>,
    /// Per table, the score of each tuple of `tables` in that order (0:
    /// none), highest first: the tuples of a score or more are a prefix.
    scores: Vec<Vec<u32>>,
    /// Per group, the (table, position) pairs reading it.
    readers: Vec<Vec<(u32, u32)>>,
    shares: ValueShares,
}

impl Prepared {
    /// The tables in the first search's order: higher scores first
    /// ([`ValueShares::tuple_order`]).
    fn new(spec: &TableSpec) -> Self {
        let values: Vec<u32> = spec
            .groups
            .iter()
            .map(|group| group.iter().fold(0, |mask, &(x, _)| mask | 1 << x))
            .collect();
        let shares = ValueShares::new(spec, &values);
        let mut readers = vec![Vec::new(); spec.groups.len()];
        for (t, table) in spec.tables.iter().enumerate() {
            for (pos, &g) in table.groups.iter().enumerate() {
                readers[g].push((t as u32, pos as u32));
            }
        }
        let mut prepared = Prepared {
            values,
            tables: Vec::new(),
            scores: Vec::new(),
            readers,
            shares,
        };
        let orders = prepared.orders(spec, true);
        prepared.scores = orders
            .iter()
            .zip(&spec.tables)
            .map(|(order, table)| order.iter().map(|&i| table.score(i).unwrap_or(0)).collect())
            .collect();
        prepared.tables = prepared.index(spec, &orders);
        prepared
    }

    /// The tables with their tuples by support alone, scores aside (the
    /// second search's order when tables are scored).
    fn unscored_tables(&self, spec: &TableSpec) -> Vec<TableIndex> {
        self.index(spec, &self.orders(spec, false))
    }

    /// Per table, its tuples that fit the groups' values, in the order of
    /// [`ValueShares::tuple_order`].
    fn orders(&self, spec: &TableSpec, by_score: bool) -> Vec<Vec<usize>> {
        spec.tables
            .iter()
            .enumerate()
            .map(|(t, table)| {
                let mut order = self.shares.tuple_order(spec, t, by_score);
                order.retain(|&i| tuples::fits(table.tuple(i), &table.groups, &self.values));
                order
            })
            .collect()
    }

    fn index(&self, spec: &TableSpec, orders: &[Vec<usize>]) -> Vec<TableIndex> {
        spec.tables
            .iter()
            .zip(orders)
            .map(|(table, order)| {
                let tuples = order.iter().map(|&i| table.tuple(i));
                TableIndex::new(&table.groups, tuples, &self.values)
            })
            .collect()
    }
}

/// How common each value is in the tables: per table and position the
/// log share of its tuples with each value there (of the tuples whose
/// values their groups have), and per group the sum over the tables
/// reading it.
struct ValueShares {
    by_table: Vec<Vec<[f64; MAX_VALUES]>>,
    by_group: Vec<[f64; MAX_VALUES]>,
}

impl ValueShares {
    fn new(spec: &TableSpec, values: &[u32]) -> Self {
        let mut by_group = vec![[0f64; MAX_VALUES]; spec.groups.len()];
        let mut by_table = Vec::with_capacity(spec.tables.len());
        for table in &spec.tables {
            let mut counts = vec![[0u32; MAX_VALUES]; table.groups.len()];
            let mut total = 1.0;
            for tuple in table.tuples() {
                if tuples::fits(tuple, &table.groups, values) {
                    total += 1.0;
                    for (pos, &x) in tuple.iter().enumerate() {
                        counts[pos][usize::from(x)] += 1;
                    }
                }
            }
            let logs: Vec<[f64; MAX_VALUES]> = counts
                .iter()
                .map(|c| std::array::from_fn(|x| ((f64::from(c[x]) + 1.0) / total).ln()))
                .collect();
            for (pos, &g) in table.groups.iter().enumerate() {
                for x in 0..MAX_VALUES {
                    by_group[g][x] += logs[pos][x];
                }
            }
            by_table.push(logs);
        }
        ValueShares { by_table, by_group }
    }

    /// Table `t`'s tuples in the order the MAC search tries them: with
    /// `by_score`, the higher-scored first (scored tuples,
    /// [`Table::push_scored`]); among equal scores (or all, without
    /// `by_score`) those whose values leave the crossing tables the most
    /// tuples (the sum over positions of the log share of the group's
    /// other tables' tuples with that value there).
    fn tuple_order(&self, spec: &TableSpec, t: usize, by_score: bool) -> Vec<usize> {
        let table = &spec.tables[t];
        let logs = &self.by_table[t];
        // Per position and value, what it adds to a tuple's score.
        let gain: Vec<[f64; MAX_VALUES]> = table
            .groups
            .iter()
            .zip(logs)
            .map(|(&g, log)| std::array::from_fn(|x| self.by_group[g][x] - log[x]))
            .collect();
        let support = |tuple: &[u8]| -> f64 {
            tuple
                .iter()
                .zip(&gain)
                .map(|(&x, gain)| gain[usize::from(x)])
                .sum()
        };
        // Higher-scored tuples first (an unscored table: all score 0),
        // ties by support, then in table order: sorted by one integer
        // whose bits are, from the highest, the score and a key that
        // orders as the support does (f64::total_cmp), both reversed, and
        // the tuple's index.
        let mut keyed: Vec<u128> = table
            .tuples()
            .enumerate()
            .map(|(i, tuple)| {
                let score = table.score(i).filter(|_| by_score).unwrap_or(0);
                let support = total_order_key(support(tuple));
                u128::from(!score) << 96 | u128::from(!support) << 32 | i as u128
            })
            .collect();
        keyed.sort_unstable();
        keyed.into_iter().map(|key| (key as u32) as usize).collect()
    }
}

/// A key of `x` that orders as [`f64::total_cmp`] does.
fn total_order_key(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// The CNF literals of the groups' `values` (per group, its value).
fn literals(spec: &TableSpec, values: &[u8]) -> Vec<Lit> {
    spec.groups
        .iter()
        .zip(values)
        .flat_map(|(group, &value)| {
            group.iter().map(move |&(x, var)| {
                if x == value {
                    var.pos_lit()
                } else {
                    var.neg_lit()
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
