//! Satisfiability and enumeration: up to the limit of solutions, by
//! blocking clauses or by disjoint cubes.

use super::{cubes, BackendFactory, Enumeration, Report, Session};
use crate::error::{Error, Result};
use crate::model::{Model, Status, ENUMERATION_COMPLETE, ENUMERATION_STOPPED, TIME_LIMIT_NOTE};
use crate::solver::{Backend, Outcome};
use rustsat::types::Lit;

impl Session<'_> {
    /// The clause that excludes `model`'s projection: every projection
    /// literal negated, or only the true ones under positive blocking.
    fn blocking_clause(&self, model: &Model) -> Vec<Lit> {
        let positive = self.positive_blocking();
        self.projection
            .iter()
            .filter_map(|&var| {
                let value = model.value(var);
                if positive && !value {
                    None
                } else {
                    Some(Lit::new(var.idx32(), value))
                }
            })
            .collect()
    }

    /// Finds up to `limit` solutions; returns whether the enumeration is
    /// complete (`Some(true)`), stopped at the limit (`Some(false)`) or
    /// interrupted (`None`).
    pub(super) fn enumerate(
        &mut self,
        backend: &mut dyn Backend,
        status: Status,
        cost: Option<u64>,
    ) -> Result<Option<bool>> {
        let cubes = match self.options.enumeration {
            Enumeration::Auto => {
                self.formula.meta.enumerate_by_cubes && backend.supports_assumptions()
            }
            Enumeration::Cubes => {
                if !backend.supports_assumptions() {
                    return Err(Error::Usage(format!(
                        "--enumeration cubes needs a solver that takes assumptions; {} does not",
                        backend.description()
                    )));
                }
                true
            }
            Enumeration::Blocking => false,
        };
        if cubes {
            self.enumerate_cubes(backend, status, cost)
        } else {
            self.enumerate_blocking(backend, status, cost)
        }
    }

    /// Enumeration by disjoint cubes (see [`cubes`]).
    fn enumerate_cubes(
        &mut self,
        backend: &mut dyn Backend,
        status: Status,
        cost: Option<u64>,
    ) -> Result<Option<bool>> {
        let limit = self.options.limit();
        let mut up = cubes::Propagator::new(self.formula, &self.projection);
        // When enumerating optima, the cost bound lives in the solver:
        // completion by propagation alone could overshoot it.
        let completion = cost.is_none();
        self.cube_search(
            backend,
            &mut up,
            completion,
            (None, &mut None),
            &mut |session, model, _| {
                session.accept(&model, status, cost)?;
                Ok(limit.is_some_and(|l| session.count >= l))
            },
        )
    }

    /// Enumeration by blocking clauses.
    fn enumerate_blocking(
        &mut self,
        backend: &mut dyn Backend,
        status: Status,
        cost: Option<u64>,
    ) -> Result<Option<bool>> {
        let limit = self.options.limit();
        loop {
            if limit.is_some_and(|l| self.count >= l) {
                return Ok(Some(false));
            }
            match backend.solve(self.deadline)? {
                Outcome::Sat(model) => {
                    self.accept(&model, status, cost)?;
                    let clause = self.blocking_clause(&model);
                    backend.add_clause(&clause)?;
                }
                Outcome::Unsat => return Ok(Some(true)),
                Outcome::Unknown => return Ok(None),
            }
        }
    }

    /// Prints how an enumeration ended (in text mode); returns whether it
    /// was complete, `None` when not enumerating.
    pub(super) fn finish_enumeration(&mut self, complete: Option<bool>) -> Result<Option<bool>> {
        if !self.options.enumerating() {
            return Ok(None);
        }
        let timed_out = complete.is_none();
        let complete = complete == Some(true);
        if !self.options.json {
            let text = if complete {
                format!("{ENUMERATION_COMPLETE}: {} solutions", self.count)
            } else if timed_out {
                format!(
                    "{ENUMERATION_STOPPED}: {} solutions found ({})",
                    self.count, TIME_LIMIT_NOTE
                )
            } else {
                format!("{ENUMERATION_STOPPED}: {} solutions found", self.count)
            };
            self.line(&text)?;
        }
        Ok(Some(complete))
    }
    /// Answers a CNF: a first model (by the unit trials for a solver
    /// without assumptions), then as many more as the options ask for.
    pub(super) fn satisfy(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let decided = if !backend.supports_assumptions() && !self.options.enumerating() {
            self.first_by_unit_trials(factory)?
        } else {
            None
        };
        let ended = match decided {
            Some((trial, ended)) => {
                backend = trial;
                ended
            }
            None => self.enumerate(backend.as_mut(), Status::Satisfiable, None)?,
        };
        let status = if self.count > 0 {
            Status::Satisfiable
        } else if ended == Some(true) {
            Status::Unsatisfiable
        } else {
            Status::Unknown
        };
        if self.count == 0 && !self.options.json {
            self.line(&format!("s {}", status.as_str()))?;
        }
        let complete = if self.count > 0 {
            self.finish_enumeration(ended)?
        } else {
            None
        };
        Ok(self.report(status, complete, None, backend.as_ref()))
    }
}
