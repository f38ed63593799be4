//! The `tables` solver behind `solve`'s [`Backend`] interface, and its
//! answer extended to a model of the whole formula.

use super::extend::{extend_by_chaining, extend_by_propagation};
use super::{search, solve_tables, ScoreGoal, TableOutcome, TableSpec, TableStats};
use crate::cnf::Clauses;
use crate::error::{Error, Result};
use crate::solve::cubes::Propagator;
use crate::solver::{Backend, Outcome, Stop};
use rustc_hash::FxHashMap as HashMap;
use rustsat::types::{Lit, Var};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// A first search of the tables started early (in `solve`, as soon as the
/// header is read, while the clauses are still being read): a thread of
/// its own works out the tables and searches them. It is stopped if
/// dropped unused.
pub struct StartedSearch {
    /// The tables, once worked out (sent before the search begins).
    spec: Receiver<Result<Option<Arc<TableSpec>>>>,
    handle: Option<JoinHandle<Option<(TableOutcome, TableStats)>>>,
    stop: Stop,
}

impl StartedSearch {
    /// Works out the tables with `spec_of` and searches them (no extra
    /// clauses; the best-scored answer if the spec asks, [`search`])
    /// until `deadline`, in a thread of its own.
    pub fn start(
        spec_of: impl FnOnce() -> Result<Option<TableSpec>> + Send + 'static,
        deadline: Option<Instant>,
    ) -> StartedSearch {
        let stop = Stop::new();
        let signal = stop.clone();
        let (send, spec) = std::sync::mpsc::channel();
        let handle = std::thread::spawn(move || {
            let spec = match spec_of() {
                Ok(Some(spec)) => Arc::new(spec),
                other => {
                    // No tables, or an error: nothing to search.
                    let _ = send.send(other.map(|_| None));
                    return None;
                }
            };
            // The receiver may be gone (the search unused): no matter.
            let _ = send.send(Ok(Some(Arc::clone(&spec))));
            search(&spec, &Clauses::new(), deadline, Some(&signal))
        });
        StartedSearch {
            spec,
            handle: Some(handle),
            stop,
        }
    }

    /// The tables being searched (`None`: the family gives none), once
    /// worked out; the first call only.
    pub fn spec(&self) -> Result<Option<Arc<TableSpec>>> {
        self.spec
            .recv()
            .map_err(|_| Error::Solver("tables: the search's thread failed".into()))?
    }

    /// The search's result (`None` if its thread failed).
    fn finish(mut self) -> Option<(TableOutcome, TableStats)> {
        self.handle.take()?.join().ok().flatten()
    }
}

impl Drop for StartedSearch {
    fn drop(&mut self) {
        if self.handle.is_some() {
            self.stop.raise();
        }
    }
}

/// The `tables` solver as a [`Backend`]: the family's [`TableSpec`] is
/// what it searches; the formula's clauses are what its answer is
/// extended to (by forward chaining, else unit propagation, else CaDiCaL
/// or MiniSat under the groups' values as assumptions: `extend`). Clauses
/// added after the first call (an enumeration's blocking clauses) must
/// speak of the groups' variables only: the next call searches the tables
/// with them. So must assumptions: a true one leaves its group that one
/// value, a false one takes its value away, and the tables are searched
/// with the groups so narrowed (what the backbone search asks: its
/// groups are [`Backend::one_hot_groups`]).
pub struct TablesBackend {
    spec: Arc<TableSpec>,
    /// The first search, when `solve` started it early.
    started: Option<StartedSearch>,
    /// The clauses given before the first solve call (shared with the
    /// formula when they came all at once).
    clauses: Arc<Clauses>,
    /// Whether `solve` was called: later clauses are `extra`.
    solved: bool,
    /// The number of variables declared or used.
    num_vars: u32,
    /// The clauses added after the first solve call.
    extra: Clauses,
    /// Unit propagation over `clauses` (the later ones speak of the
    /// groups, which the answers satisfy) and whether its root holds;
    /// built when forward chaining first fails.
    propagator: Option<(Propagator, bool)>,
    stop: Option<Stop>,
    stats: TableStats,
    /// How the last answer became a model of the clauses.
    extended_by: Option<&'static str>,
    /// The group and value of each group variable (made at the first
    /// call under assumptions).
    values_of: Option<HashMap<Var, (usize, u8)>>,
    /// The assumptions of the last call, for [`Backend::core`].
    assumed: Vec<Lit>,
}

impl TablesBackend {
    /// A backend for `spec` (checked with [`TableSpec::validate`]);
    /// `stop` ends its searches early (a portfolio's signal).
    pub fn new(spec: Arc<TableSpec>, stop: Option<Stop>) -> Result<Self> {
        spec.validate()
            .map_err(|e| Error::Solver(format!("tables: {e}")))?;
        Ok(TablesBackend {
            spec,
            started: None,
            clauses: Arc::default(),
            solved: false,
            num_vars: 0,
            extra: Clauses::new(),
            propagator: None,
            stop,
            stats: TableStats::default(),
            extended_by: None,
            values_of: None,
            assumed: Vec::new(),
        })
    }

    /// The backend whose first search is `started` (over the same `spec`).
    pub fn with_started(spec: Arc<TableSpec>, started: StartedSearch) -> Result<Self> {
        let mut backend = TablesBackend::new(spec, None)?;
        backend.started = Some(started);
        Ok(backend)
    }

    /// The groups' values extended to a model of the clauses.
    fn extend(&mut self, fixed: &[Lit], deadline: Option<Instant>) -> Result<Outcome> {
        if let Some(model) = extend_by_chaining(&[&self.clauses, &self.extra], self.num_vars, fixed)
        {
            self.extended_by = Some("chaining");
            return Ok(Outcome::Sat(model));
        }
        let (up, holds) = self.propagator.get_or_insert_with(|| {
            let mut up = Propagator::from_clauses(&self.clauses, self.num_vars, &[]);
            let holds = up.propagate_root();
            (up, holds)
        });
        if let Some(model) = holds.then(|| extend_by_propagation(up, fixed)).flatten() {
            self.extended_by = Some("propagation");
            return Ok(Outcome::Sat(model));
        }
        let name = crate::solver::embedded::available()
            .into_iter()
            .find(|name| matches!(*name, "cadical" | "minisat" | "glucose"))
            .ok_or_else(|| {
                Error::Solver("tables: no incremental embedded solver to extend the answer".into())
            })?;
        let mut solver = crate::solver::embedded::create(name, &[])?
            .ok_or_else(|| Error::Solver(format!("tables: embedded {name} missing")))?;
        solver.reserve(self.num_vars)?;
        solver.add_clauses(&self.clauses)?;
        solver.add_clauses(&Arc::new(self.extra.clone()))?;
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

/// The clauses of `extra` under `fixed` (variables with a known value):
/// without the satisfied ones and the false literals; `None` when one is
/// falsified.
fn simplified(extra: &Clauses, fixed: &HashMap<Var, bool>) -> Option<Clauses> {
    let mut kept = Clauses::new();
    let mut clause = Vec::new();
    for lits in extra.iter() {
        clause.clear();
        let mut satisfied = false;
        for &lit in lits {
            match fixed.get(&lit.var()) {
                Some(&value) if value == lit.is_pos() => satisfied = true,
                Some(_) => {}
                None => clause.push(lit),
            }
        }
        if satisfied {
            continue;
        }
        if clause.is_empty() {
            return None;
        }
        kept.push(&clause);
    }
    Some(kept)
}

impl TablesBackend {
    /// The spec with its groups narrowed by `assumptions` (over the
    /// groups' variables), and the value of every variable they fix.
    fn narrowed(&mut self, assumptions: &[Lit]) -> Result<(TableSpec, HashMap<Var, bool>)> {
        let spec = &self.spec;
        let values_of = self.values_of.get_or_insert_with(|| {
            let mut map = HashMap::default();
            for (g, group) in spec.groups.iter().enumerate() {
                for &(x, var) in group {
                    map.insert(var, (g, x));
                }
            }
            map
        });
        // Per group, the values it may still take.
        let mut allowed: Vec<u32> = spec
            .groups
            .iter()
            .map(|group| group.iter().fold(0, |mask, &(x, _)| mask | 1 << x))
            .collect();
        for &lit in assumptions {
            let &(g, x) = values_of.get(&lit.var()).ok_or_else(|| {
                Error::Solver(format!(
                    "the tables solver takes assumptions over its groups' variables only, not \
                     variable {}",
                    lit.var().to_ipasir()
                ))
            })?;
            allowed[g] &= if lit.is_pos() { 1 << x } else { !(1 << x) };
        }
        let mut fixed = HashMap::default();
        let mut narrowed = TableSpec {
            groups: Vec::with_capacity(spec.groups.len()),
            tables: spec.tables.clone(),
            distinct: spec.distinct,
            goal: ScoreGoal::First,
        };
        for (g, group) in spec.groups.iter().enumerate() {
            let kept: Vec<(u8, Var)> = group
                .iter()
                .copied()
                .filter(|&(x, var)| {
                    let keep = allowed[g] & 1 << x != 0;
                    if !keep {
                        fixed.insert(var, false);
                    }
                    keep
                })
                .collect();
            if let [(_, var)] = kept.as_slice() {
                fixed.insert(*var, true);
            }
            narrowed.groups.push(kept);
        }
        Ok((narrowed, fixed))
    }
}

impl Backend for TablesBackend {
    fn description(&self) -> String {
        "tables (embedded table constraints: MAC search and BatSat)".into()
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.num_vars = self.num_vars.max(num_vars);
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        if let Some(max) = clause.iter().map(|l| l.vidx32() + 1).max() {
            self.num_vars = self.num_vars.max(max);
        }
        if self.solved {
            self.extra.push(clause);
        } else {
            Arc::make_mut(&mut self.clauses).push(clause);
        }
        Ok(())
    }

    fn add_clauses(&mut self, clauses: &Arc<Clauses>) -> Result<()> {
        if let Some(max) = clauses.max_var() {
            self.num_vars = self.num_vars.max(max.idx32() + 1);
        }
        if self.solved {
            self.extra.append(clauses);
        } else if self.clauses.is_empty() {
            self.clauses = Arc::clone(clauses);
        } else {
            Arc::make_mut(&mut self.clauses).append(clauses);
        }
        Ok(())
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        let searched = if self.solved {
            solve_tables(&self.spec, &self.extra, deadline, self.stop.as_ref())
        } else {
            self.solved = true;
            self.started
                .take()
                .and_then(StartedSearch::finish)
                .or_else(|| search(&self.spec, &Clauses::new(), deadline, self.stop.as_ref()))
        };
        let (outcome, stats) = searched.ok_or_else(|| {
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

    fn supports_assumptions(&self) -> bool {
        true
    }

    fn solve_assuming(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
    ) -> Result<Outcome> {
        // The early search knows nothing of the assumptions.
        self.started = None;
        self.solved = true;
        self.assumed = assumptions.to_vec();
        let (narrowed, fixed) = self.narrowed(assumptions)?;
        if narrowed.groups.iter().any(Vec::is_empty) {
            return Ok(Outcome::Unsat);
        }
        let Some(extra) = simplified(&self.extra, &fixed) else {
            return Ok(Outcome::Unsat);
        };
        let (outcome, stats) = solve_tables(&narrowed, &extra, deadline, self.stop.as_ref())
            .ok_or_else(|| {
                Error::Solver(
                    "the tables solver takes later clauses over its groups' variables only".into(),
                )
            })?;
        self.stats = stats;
        match outcome {
            TableOutcome::Sat(mut lits) => {
                // The values the assumptions took away are false.
                lits.extend(
                    fixed
                        .iter()
                        .filter(|(_, &value)| !value)
                        .map(|(var, _)| var.neg_lit()),
                );
                self.extend(&lits, deadline)
            }
            TableOutcome::Unsat => Ok(Outcome::Unsat),
            TableOutcome::Unknown => Ok(Outcome::Unknown),
        }
    }

    /// Every assumption of the last call (a core, if not a small one).
    fn core(&mut self) -> Result<Vec<Lit>> {
        Ok(self.assumed.iter().map(|&lit| !lit).collect())
    }

    fn one_hot_groups(&self) -> Option<Vec<Vec<Var>>> {
        Some(
            self.spec
                .groups
                .iter()
                .map(|group| group.iter().map(|&(_, var)| var).collect())
                .collect(),
        )
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
            ("mac-runs".into(), self.stats.mac_runs.to_string()),
            ("mac-decisions".into(), self.stats.mac_decisions.to_string()),
            (
                "mac-backtracks".into(),
                self.stats.mac_backtracks.to_string(),
            ),
            ("mac-nogoods".into(), self.stats.mac_nogoods.to_string()),
            ("mac-stream".into(), self.stats.mac_stream.to_string()),
        ];
        if let Some(how) = self.extended_by {
            statistics.push(("extended-by".into(), how.to_string()));
        }
        if self.spec.goal != ScoreGoal::First {
            statistics.push(("improvements".into(), self.stats.improvements.to_string()));
        }
        if let Some(best) = &self.stats.best {
            statistics.extend(best.statistics());
        }
        statistics
    }
}
