//! Solver backends behind one small interface.
//!
//! A [`Backend`] takes clauses and answers `solve` calls under an optional
//! deadline. Embedded backends ([`embedded`]) are incremental solvers
//! compiled in through rustsat; external backends ([`external`]) run a
//! solver program described by a [`registry`] entry. The enumeration and
//! optimisation loops in [`crate::solve`] work with any backend.

pub mod counter;
pub mod crosscheck;
pub mod embedded;
pub mod external;
pub mod program;
pub mod proof;
pub mod registry;
pub mod tables;

use crate::cnf::Clauses;
use crate::error::Result;
use crate::model::Model;
use rustsat::types::Lit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A signal, shared between threads, that the searches holding it should
/// give up: a portfolio raises it when one of its solvers has answered,
/// and the others' current and later calls end as [`Outcome::Unknown`].
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A signal not yet raised.
    pub fn new() -> Self {
        Stop::default()
    }

    /// Raises the signal.
    pub fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the signal was raised.
    pub fn raised(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// What a single solver call found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A model (not yet checked; the caller checks it).
    Sat(Model),
    /// The clauses are unsatisfiable.
    Unsat,
    /// The deadline passed or the solver gave up.
    Unknown,
}

/// A SAT solver that accumulates clauses and can be asked again after more
/// clauses were added.
pub trait Backend {
    /// A short description for statistics lines, e.g. `cadical (embedded)`.
    fn description(&self) -> String;
    /// Declares the number of variables (may be called again with more).
    fn reserve(&mut self, num_vars: u32) -> Result<()>;
    /// Adds a clause for all later calls.
    fn add_clause(&mut self, clause: &[Lit]) -> Result<()>;
    /// Adds every clause of `clauses` for all later calls (by default
    /// [`Backend::add_clause`] on each; a backend that keeps clauses may
    /// share their storage).
    fn add_clauses(&mut self, clauses: &Arc<Clauses>) -> Result<()> {
        for clause in clauses.iter() {
            self.add_clause(clause)?;
        }
        Ok(())
    }
    /// Solves the clauses so far; gives up at `deadline`.
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome>;
    /// True when [`Backend::solve_assuming`] works (incremental embedded
    /// solvers); enumeration then splits the search into disjoint cubes
    /// instead of adding blocking clauses.
    fn supports_assumptions(&self) -> bool {
        false
    }
    /// Solves the clauses so far with `assumptions` holding for this call
    /// only; backends without assumptions report an error.
    fn solve_assuming(
        &mut self,
        _assumptions: &[Lit],
        _deadline: Option<Instant>,
    ) -> Result<Outcome> {
        Err(crate::error::Error::Solver(format!(
            "{} cannot solve under assumptions",
            self.description()
        )))
    }
    /// After [`Backend::solve_assuming`] found no model: the negations of
    /// assumptions that together have none (a subset, not necessarily
    /// minimal); backends without assumptions report an error.
    fn core(&mut self) -> Result<Vec<Lit>> {
        Err(crate::error::Error::Solver(format!(
            "{} has no assumptions, so no core",
            self.description()
        )))
    }
    /// Groups of variables of which every model makes exactly one true
    /// (a crossword cell's letters in the `tables` solver), when the
    /// backend knows them; the backbone search then asks for each group's
    /// values ([`crate::solve::Backbone`]). None by default.
    fn one_hot_groups(&self) -> Option<Vec<Vec<rustsat::types::Var>>> {
        None
    }
    /// Suggests a value for `lit` in the next searches (a hint; ignored by
    /// backends without phase control).
    fn suggest_phase(&mut self, _lit: Lit) {}
    /// Solver statistics as `key value` pairs, for `c` lines.
    fn statistics(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// The clauses a non-incremental backend keeps between calls, and the
/// number of variables they use.
#[derive(Debug, Default)]
pub struct ClauseStore {
    /// Every clause added so far.
    pub clauses: Clauses,
    /// The number of variables declared or used.
    pub num_vars: u32,
}

impl ClauseStore {
    /// Declares at least `num_vars` variables.
    pub fn reserve(&mut self, num_vars: u32) {
        self.num_vars = self.num_vars.max(num_vars);
    }

    /// Keeps a clause, growing the variable count as needed.
    pub fn add(&mut self, clause: &[Lit]) {
        if let Some(max) = clause.iter().map(|l| l.vidx32() + 1).max() {
            self.reserve(max);
        }
        self.clauses.push(clause);
    }
}
