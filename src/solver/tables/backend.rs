//! The `tables` solver behind `solve`'s [`Backend`] interface, and its
//! answer extended to a model of the whole formula.

use super::{solve_tables, TableOutcome, TableSpec, TableStats};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::solve::cubes::{Propagator, PropagatorBuilder};
use crate::solver::{Backend, Outcome, Stop};
use rustsat::types::Lit;
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
    /// clauses) until `deadline`, in a thread of its own.
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
            solve_tables(&spec, &[], deadline, Some(&signal))
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

/// Extends `fixed` (literals that hold) to a model by the unit
/// propagation of `up` (its root propagated; every variable it leaves open
/// set false, and propagated), leaving `up` as it was; `None` on a
/// conflict.
pub(super) fn extend_with(up: &mut Propagator, fixed: &[Lit]) -> Option<Model> {
    let mark = up.trail_len();
    let model = fixed
        .iter()
        .all(|&lit| up.assign(lit) && up.propagate())
        .then(|| up.complete())
        .flatten();
    up.undo_to(mark);
    model
}

/// The propagator of `builder`'s clauses with its root propagated, and
/// whether that held (else no model extends anything).
fn root_propagator(builder: PropagatorBuilder) -> (Propagator, bool) {
    let mut up = builder.build(&[]);
    let holds = up.propagate_root();
    (up, holds)
}

/// The `tables` solver as a [`Backend`]: the family's [`TableSpec`] is
/// what it searches; the formula's clauses, laid out for unit propagation
/// as they come, are what its answer is extended to ([`extend_with`],
/// else by CaDiCaL or MiniSat under the groups' values as assumptions). Clauses added
/// after the first call (an enumeration's blocking clauses) must speak of
/// the groups' variables only: the next call searches the tables with
/// them.
pub struct TablesBackend {
    spec: Arc<TableSpec>,
    /// The first search, when `solve` started it early.
    started: Option<StartedSearch>,
    /// The clauses given before the first solve call, until then.
    builder: Option<PropagatorBuilder>,
    /// The number of variables declared or used.
    num_vars: u32,
    /// The clauses added after the first solve call.
    extra: Vec<Vec<Lit>>,
    /// Unit propagation over the clauses given before the first solve
    /// call (the later ones speak of the groups, which the answers
    /// satisfy), and whether its root holds; built by the first call.
    propagator: Option<(Propagator, bool)>,
    stop: Option<Stop>,
    stats: TableStats,
    /// How the last answer became a model of the clauses.
    extended_by: Option<&'static str>,
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
            builder: Some(PropagatorBuilder::new(0)),
            num_vars: 0,
            extra: Vec::new(),
            propagator: None,
            stop,
            stats: TableStats::default(),
            extended_by: None,
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
        let (up, holds) = self.propagator.as_mut().ok_or_else(|| {
            Error::Solver("tables: the propagator that extends the answer was not built".into())
        })?;
        if let Some(model) = holds.then(|| extend_with(up, fixed)).flatten() {
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
        for clause in up.clauses() {
            solver.add_clause(clause)?;
        }
        for clause in &self.extra {
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
        "tables (embedded table constraints: MAC search and BatSat)".into()
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.num_vars = self.num_vars.max(num_vars);
        if let Some(builder) = &mut self.builder {
            builder.reserve(num_vars);
        }
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        if let Some(max) = clause.iter().map(|l| l.vidx32() + 1).max() {
            self.num_vars = self.num_vars.max(max);
        }
        match &mut self.builder {
            Some(builder) => builder.add(clause),
            None => self.extra.push(clause.to_vec()),
        }
        Ok(())
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        let searched = if let Some(builder) = self.builder.take() {
            // The propagator that extends the answer is built beside the
            // first search (on another core).
            let (spec, stop) = (&*self.spec, self.stop.as_ref());
            let started = self.started.take();
            let (searched, built) = std::thread::scope(|scope| {
                let building = scope.spawn(|| root_propagator(builder));
                let searched = started
                    .and_then(StartedSearch::finish)
                    .or_else(|| solve_tables(spec, &[], deadline, stop));
                (searched, building.join())
            });
            self.propagator = built.ok();
            searched
        } else {
            solve_tables(&self.spec, &self.extra, deadline, self.stop.as_ref())
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
        ];
        if let Some(how) = self.extended_by {
            statistics.push(("extended-by".into(), how.to_string()));
        }
        statistics
    }
}
