//! The first search: the header's `c try-first` literals and `c relax`
//! ladders, as assumptions in a [`Deferred`] backend, or as unit clauses in
//! fresh backends for a solver that takes no assumptions.

use super::{progress_line, BackendFactory, Session};
use crate::cnf::Formula;
use crate::error::Result;
use crate::model::Status;
use crate::solver::{Backend, Outcome};
use rustsat::types::Lit;
use std::collections::HashSet;
use std::time::Instant;

/// The backend of the unit trial that ended the search for a first model,
/// and how its enumeration ended (see [`Session::first_by_unit_trials`]).
type TrialEnd<'a> = (Box<dyn Backend + 'a>, Option<bool>);

impl<'a> Session<'a> {
    /// A fresh backend for the formula, which searches first as the
    /// header's `c try-first` and `c relax` lines say.
    pub(super) fn new_backend(
        &mut self,
        factory: &mut BackendFactory<'_>,
    ) -> Result<Box<dyn Backend + 'a>> {
        self.backend(factory, Vec::new(), true)
    }

    /// A fresh backend for the formula with `units` added as unit clauses
    /// (and no `c try-first` or `c relax` of its own).
    pub(super) fn backend_with_units(
        &mut self,
        factory: &mut BackendFactory<'_>,
        units: Vec<Lit>,
    ) -> Result<Box<dyn Backend + 'a>> {
        self.backend(factory, units, false)
    }

    /// A fresh backend for the formula and `units`, which searches first
    /// as the header's `c try-first` and `c relax` lines say if `header`.
    fn backend(
        &mut self,
        factory: &mut BackendFactory<'_>,
        units: Vec<Lit>,
        header: bool,
    ) -> Result<Box<dyn Backend + 'a>> {
        let meta = &self.formula.meta;
        let backend = Deferred {
            inner: factory()?,
            pending: Some(self.formula),
            units,
            try_first: if header {
                meta.try_first.clone()
            } else {
                Vec::new()
            },
            relax: if header {
                meta.relax.clone()
            } else {
                Vec::new()
            },
            verbose_since: self.options.verbose.then_some(self.start),
        };
        self.announce(backend.description())?;
        Ok(Box::new(backend))
    }

    /// Records the backend's description; prints `c solver` when it is new.
    fn announce(&mut self, solver: String) -> Result<()> {
        if solver != self.solver {
            self.solver = solver;
            if !self.options.json {
                let text = format!("c solver {}", self.solver);
                self.line(&text)?;
            }
        }
        Ok(())
    }

    /// For a solver that takes no assumptions, the header's `c try-first`
    /// literals and then each rung of the `c relax` ladders (all ladders
    /// at once: there is no core to say which), as sets of unit clauses to
    /// try in turn, each in a fresh solver, before the plain formula.
    fn unit_trials(&self) -> Vec<(String, Vec<Lit>)> {
        let meta = &self.formula.meta;
        let mut trials = Vec::new();
        if !meta.try_first.is_empty() {
            trials.push(("try-first".to_string(), meta.try_first.clone()));
        }
        let rungs = meta.relax.iter().map(Vec::len).max().unwrap_or(0);
        for rung in 0..rungs {
            let units = meta
                .relax
                .iter()
                .filter_map(|ladder| ladder.get(rung).copied())
                .collect();
            trials.push((format!("relax rung {}", rung + 1), units));
        }
        trials
    }

    /// Looks for the first model with a solver that takes no assumptions
    /// by the [`Session::unit_trials`] in turn. Returns the backend and
    /// the enumeration's end once a trial has a model or runs out of
    /// time, `None` when none has a model or the header asks for none
    /// (the plain formula is next).
    pub(super) fn first_by_unit_trials(
        &mut self,
        factory: &mut BackendFactory<'_>,
    ) -> Result<Option<TrialEnd<'a>>> {
        for (trial, units) in self.unit_trials() {
            let mut backend = self.backend_with_units(factory, units)?;
            let ended = self.enumerate(backend.as_mut(), Status::Satisfiable, None)?;
            if self.count > 0 || ended.is_none() {
                return Ok(Some((backend, ended)));
            }
            self.progress(&format!(
                "{trial} (as unit clauses: the solver takes no assumptions): no model"
            ));
        }
        Ok(None)
    }
}

/// A backend that is handed the formula's hard clauses only when it is
/// first asked to solve or given a clause of its own: the search by cubes
/// often completes every branch by propagation and never asks.
struct Deferred<'f> {
    inner: Box<dyn Backend>,
    /// The formula whose clauses are still to be added.
    pending: Option<&'f Formula>,
    /// Unit clauses added after the formula (trials for solvers without
    /// assumptions).
    units: Vec<Lit>,
    /// The header's `c try-first` literals, until the first search.
    try_first: Vec<Lit>,
    /// The header's `c relax` ladders, until the first search.
    relax: Vec<Vec<Lit>>,
    /// With `--verbose`: when the run started, for progress lines.
    verbose_since: Option<Instant>,
}

impl Deferred<'_> {
    /// A `--verbose` progress line.
    fn progress(&self, message: &str) {
        if let Some(start) = self.verbose_since {
            progress_line(start, message);
        }
    }

    fn load(&mut self) -> Result<()> {
        if let Some(formula) = self.pending.take() {
            self.inner.reserve(formula.solver_vars())?;
            self.inner.add_clauses(&formula.hard)?;
            for &unit in &self.units {
                self.inner.add_clause(&[unit])?;
            }
        }
        Ok(())
    }

    /// Searches under the current rung of every ladder (its first literal
    /// at the start). Without a model, every ladder whose rung is in the
    /// core steps to its next literal, or is dropped past its last. Ends
    /// with an answer (a model, or no model when the core holds no rung)
    /// or `None` when every ladder has been dropped.
    fn climb(
        &mut self,
        ladders: Vec<Vec<Lit>>,
        deadline: Option<Instant>,
    ) -> Result<Option<Outcome>> {
        // Each ladder with the index of its current rung.
        let mut climbing: Vec<(Vec<Lit>, usize)> = ladders
            .into_iter()
            .filter(|ladder| !ladder.is_empty())
            .map(|ladder| (ladder, 0))
            .collect();
        let had_ladders = !climbing.is_empty();
        while !climbing.is_empty() {
            let assumed: Vec<Lit> = climbing.iter().map(|(l, rung)| l[*rung]).collect();
            match self.inner.solve_assuming(&assumed, deadline)? {
                Outcome::Unsat => {}
                decided => return Ok(Some(decided)),
            }
            let core: HashSet<Lit> = self.inner.core()?.into_iter().collect();
            let mut stepped = 0;
            for (ladder, rung) in climbing.iter_mut() {
                if core.contains(&!ladder[*rung]) {
                    stepped += 1;
                    *rung += 1;
                }
            }
            let rungs: Vec<String> = climbing.iter().map(|(_, r)| r.to_string()).collect();
            self.progress(&format!(
                "relax: no model; {stepped} of {} ladders step up (rungs now {})",
                climbing.len(),
                rungs.join(" ")
            ));
            climbing.retain(|(ladder, rung)| *rung < ladder.len());
            if stepped == 0 {
                return Ok(Some(Outcome::Unsat));
            }
        }
        if had_ladders {
            self.progress("relax: every ladder climbed; searching without them");
        }
        Ok(None)
    }
}

impl Backend for Deferred<'_> {
    fn description(&self) -> String {
        self.inner.description()
    }
    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.load()?;
        self.inner.reserve(num_vars)
    }
    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        self.load()?;
        self.inner.add_clause(clause)
    }
    /// The first search runs under the `c try-first` literals when the
    /// backend takes assumptions; if there is no model with them, the
    /// clause "not all of them" (implied by the formula) is added. It then
    /// climbs the `c relax` ladders (see [`Deferred::climb`]), and last
    /// searches without assumptions. (A backend without assumptions gets
    /// them as unit clauses instead, in fresh backends: see
    /// [`Session::first_by_unit_trials`].)
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        self.load()?;
        let preferred = std::mem::take(&mut self.try_first);
        let ladders = std::mem::take(&mut self.relax);
        if self.inner.supports_assumptions() {
            if !preferred.is_empty() {
                match self.inner.solve_assuming(&preferred, deadline)? {
                    Outcome::Unsat => {
                        self.progress("try-first: no model; searching without it");
                        let negated: Vec<Lit> = preferred.iter().map(|&l| !l).collect();
                        self.inner.add_clause(&negated)?;
                    }
                    decided => return Ok(decided),
                }
            }
            if let Some(decided) = self.climb(ladders, deadline)? {
                return Ok(decided);
            }
        }
        self.inner.solve(deadline)
    }
    fn supports_assumptions(&self) -> bool {
        self.inner.supports_assumptions()
    }
    fn solve_assuming(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
    ) -> Result<Outcome> {
        self.load()?;
        self.inner.solve_assuming(assumptions, deadline)
    }
    fn core(&mut self) -> Result<Vec<Lit>> {
        self.inner.core()
    }
    fn suggest_phase(&mut self, lit: Lit) {
        self.inner.suggest_phase(lit)
    }
    fn one_hot_groups(&self) -> Option<Vec<Vec<rustsat::types::Var>>> {
        self.inner.one_hot_groups()
    }
    fn statistics(&self) -> Vec<(String, String)> {
        self.inner.statistics()
    }
}
