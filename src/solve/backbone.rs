//! The backbone: the projection literals that are true in every solution.
//!
//! The search keeps the candidates, the projection literals of the first
//! model, and asks for a model that falsifies at least one of them (one
//! clause, the negation of all candidates). A model found so is a witness:
//! every candidate it falsifies is no backbone literal and leaves the
//! candidates; no such model means every candidate is in the backbone.
//! Each call either ends the search or removes at least one candidate, so
//! it takes at most one call more than there are free projection
//! variables, and a unique solution is proved forced in one call.
//!
//! An incremental solver (one that takes assumptions) keeps its learnt
//! clauses between calls: the clause is guarded by a fresh activation
//! literal that is assumed for the call and then fixed false. Any other
//! backend (every external solver) gets a fresh copy of the formula, the
//! backbone literals found so far as units, and the clause, each time.
//!
//! The witnesses are printed as solutions: a decoder draws the cells on
//! which all of them agree as forced. For every projection variable that
//! is not forced, some witness sets it the other way, so a cell whose
//! value fixes its variables is forced exactly when every witness agrees
//! on it.

use super::{BackendFactory, Report, Session};
use crate::error::Result;
use crate::model::{Status, BACKBONE, BACKBONE_COMPLETE, BACKBONE_STOPPED};
use crate::solver::Outcome;
use rustsat::types::{Lit, Var};

/// Literals per `c backbone` line.
const LITERALS_PER_LINE: usize = 20;

/// How the backbone search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backbone {
    /// The literals proved true in every solution.
    pub forced: Vec<Lit>,
    /// The projection variables not decided when the search stopped
    /// (empty when it is complete).
    pub undecided: usize,
    /// Whether the search ran to its end.
    pub complete: bool,
    /// Solver calls made.
    pub calls: u64,
}

impl Session<'_> {
    /// Finds the backbone of a CNF on its projection set and prints the
    /// first model, the witnesses and the `c backbone` lines.
    pub(super) fn backbone(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let first = match backend.solve(self.deadline)? {
            Outcome::Sat(model) => model,
            outcome => return self.no_model(outcome == Outcome::Unsat, backend.as_ref()),
        };
        self.accept(&first, Status::Satisfiable, None)?;
        let mut candidates: Vec<Lit> = self
            .projection
            .iter()
            .map(|&var| Lit::new(var.idx32(), !first.value(var)))
            .collect();
        let mut forced: Vec<Lit> = Vec::new();
        let mut calls = 1;
        let incremental = backend.supports_assumptions();
        let mut next_activation = self.formula.num_vars;
        let mut complete = true;
        while !candidates.is_empty() {
            if self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                complete = false;
                break;
            }
            let mut clause: Vec<Lit> = candidates.iter().map(|&lit| !lit).collect();
            calls += 1;
            let outcome = if incremental {
                let activation = Var::new(next_activation).pos_lit();
                next_activation += 1;
                backend.reserve(next_activation)?;
                clause.push(!activation);
                backend.add_clause(&clause)?;
                let outcome = backend.solve_assuming(&[activation], self.deadline)?;
                backend.add_clause(&[!activation])?;
                outcome
            } else {
                let mut fresh = self.backend_with_units(factory, forced.clone())?;
                fresh.add_clause(&clause)?;
                let outcome = fresh.solve(self.deadline)?;
                backend = fresh;
                outcome
            };
            match outcome {
                Outcome::Sat(witness) => {
                    self.accept(&witness, Status::Satisfiable, None)?;
                    candidates.retain(|&lit| witness.is_true(lit));
                    self.progress(&format!(
                        "backbone: {} candidates left after {calls} calls",
                        candidates.len()
                    ));
                }
                Outcome::Unsat => {
                    forced.append(&mut candidates);
                    if incremental {
                        for &lit in &forced {
                            backend.add_clause(&[lit])?;
                        }
                    }
                }
                Outcome::Unknown => {
                    complete = false;
                    break;
                }
            }
        }
        forced.sort_by_key(|lit| lit.vidx());
        let backbone = Backbone {
            undecided: candidates.len(),
            forced,
            complete,
            calls,
        };
        if !self.options.json {
            self.print_backbone(&backbone)?;
        }
        let mut report = self.report(Status::Satisfiable, None, None, backend.as_ref());
        report.backbone = Some(backbone);
        Ok(report)
    }

    /// The `c backbone LITS 0` lines and the closing line.
    fn print_backbone(&mut self, backbone: &Backbone) -> Result<()> {
        for chunk in backbone.forced.chunks(LITERALS_PER_LINE) {
            let mut text = String::from(BACKBONE);
            for lit in chunk {
                text.push(' ');
                text.push_str(&lit.to_ipasir().to_string());
            }
            text.push_str(" 0");
            self.line(&text)?;
        }
        let total = self.projection.len();
        let text = if backbone.complete {
            format!(
                "{BACKBONE_COMPLETE}: {} of {total} projection variables forced, {} solutions \
                 seen, {} solver calls",
                backbone.forced.len(),
                self.count,
                backbone.calls
            )
        } else {
            format!(
                "{BACKBONE_STOPPED}: {} of {total} projection variables proved forced, {} \
                 undecided, {} solutions seen, {} solver calls",
                backbone.forced.len(),
                backbone.undecided,
                self.count,
                backbone.calls
            )
        };
        self.line(&text)
    }
}
