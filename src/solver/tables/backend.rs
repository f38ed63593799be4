//! The `tables` solver behind `solve`'s [`Backend`] interface, and its
//! answer extended to a model of the whole formula.

use super::{solve_tables, TableOutcome, TableSpec, TableStats};
use crate::cnf::Clauses;
use crate::error::{Error, Result};
use crate::model::Model;
use crate::solve::cubes::Propagator;
use crate::solver::{Backend, ClauseStore, Outcome, Stop};
use rustsat::types::Lit;
use std::time::Instant;

/// Extends `fixed` (literals that hold) to a model of `clauses` over
/// `num_vars` variables by unit propagation (every variable it leaves
/// open set false, and propagated); `None` on a conflict.
pub fn extend_by_propagation(clauses: &Clauses, num_vars: u32, fixed: &[Lit]) -> Option<Model> {
    let mut up = Propagator::from_clauses(clauses, num_vars, &[]);
    if !up.propagate_root() {
        return None;
    }
    for &lit in fixed {
        if !(up.assign(lit) && up.propagate()) {
            return None;
        }
    }
    up.complete()
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
        let name = crate::solver::embedded::available()
            .into_iter()
            .find(|name| matches!(*name, "cadical" | "minisat" | "glucose"))
            .ok_or_else(|| {
                Error::Solver("tables: no incremental embedded solver to extend the answer".into())
            })?;
        let mut solver = crate::solver::embedded::create(name, &[])?
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
        "tables (embedded table constraints: MAC search and BatSat)".into()
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
