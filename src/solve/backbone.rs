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
//! backend (every external solver) keeps each clause beside the next:
//! candidates only leave, so a clause implies every one before it.
//!
//! A backend that knows one-hot groups of variables (the `tables` solver:
//! a crossword cell and its letters), when they hold the projection, is
//! asked group by group instead, under assumptions and without any clause
//! (`backbone_by_groups`): for a group, is there a solution in
//! which it takes a value no solution seen so far gave it? A model found
//! so is a witness for every group at once; no model settles the group:
//! the values seen are its only ones (and one alone is forced). Each group
//! thus takes one call that finds no model, and one per value that no
//! other witness showed.
//!
//! The witnesses are printed as solutions: a decoder draws the cells on
//! which all of them agree as forced. For every projection variable that
//! is not forced, some witness sets it the other way, so a cell whose
//! value fixes its variables is forced exactly when every witness agrees
//! on it.

use super::{BackendFactory, Report, Session};
use crate::error::{Error, Result};
use crate::model::{Model, Status, BACKBONE, BACKBONE_COMPLETE, BACKBONE_STOPPED};
use crate::solver::{Backend, Outcome};
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

impl<'a> Session<'a> {
    /// Finds the backbone of a CNF on its projection set and prints the
    /// first model, the witnesses and the `c backbone` lines.
    pub(super) fn backbone(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let first = match backend.solve(self.deadline)? {
            Outcome::Sat(model) => model,
            outcome => return self.no_model(outcome == Outcome::Unsat, backend.as_ref()),
        };
        self.accept(&first, Status::Satisfiable, None)?;
        let groups = backend
            .one_hot_groups()
            .filter(|_| backend.supports_assumptions());
        let backbone = match groups {
            Some(groups) => self.backbone_by_groups(backend.as_mut(), &groups, &first)?,
            None => self.backbone_by_clauses(&mut backend, &first)?,
        };
        if !self.options.json {
            self.print_backbone(&backbone)?;
        }
        let mut report = self.report(Status::Satisfiable, None, None, backend.as_ref());
        report.backbone = Some(backbone);
        Ok(report)
    }

    /// The backbone by the clause that asks to falsify a candidate (see
    /// the module documentation), after the `first` model.
    fn backbone_by_clauses(
        &mut self,
        backend: &mut Box<dyn Backend + 'a>,
        first: &Model,
    ) -> Result<Backbone> {
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
                // Candidates only leave, so each clause implies the ones
                // before (its literals are among theirs): they may stay.
                backend.add_clause(&clause)?;
                backend.solve(self.deadline)?
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
                Outcome::Unsat => forced.append(&mut candidates),
                Outcome::Unknown => {
                    complete = false;
                    break;
                }
            }
        }
        forced.sort_by_key(|lit| lit.vidx());
        Ok(Backbone {
            undecided: candidates.len(),
            forced,
            complete,
            calls,
        })
    }

    /// The backbone group by group (see the module documentation), after
    /// the `first` model, with a backend that takes assumptions and whose
    /// one-hot `groups` hold every projection variable.
    fn backbone_by_groups(
        &mut self,
        backend: &mut dyn Backend,
        groups: &[Vec<Var>],
        first: &Model,
    ) -> Result<Backbone> {
        let grouped: std::collections::HashSet<Var> = groups.iter().flatten().copied().collect();
        if let Some(var) = self.projection.iter().find(|v| !grouped.contains(v)) {
            return Err(Error::Usage(format!(
                "--backbone with {}: projection variable {} is in none of its groups (ask \
                 another solver with --solver)",
                backend.description(),
                self.formula.display_name(*var)
            )));
        }
        // Per group, per value: seen in a witness; and whether the group
        // is settled (no other value is possible).
        let mut seen: Vec<Vec<bool>> = groups.iter().map(|g| vec![false; g.len()]).collect();
        let mark = |seen: &mut Vec<Vec<bool>>, model: &Model| {
            for (values, group) in seen.iter_mut().zip(groups) {
                for (value, &var) in values.iter_mut().zip(group) {
                    *value |= model.value(var);
                }
            }
        };
        mark(&mut seen, first);
        let mut settled = vec![false; groups.len()];
        let mut calls = 1;
        let mut complete = true;
        'groups: for (g, group) in groups.iter().enumerate() {
            while !settled[g] {
                if self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
                {
                    complete = false;
                    break 'groups;
                }
                // Some value no witness gave this group: the values seen
                // are ruled out.
                let assumptions: Vec<Lit> = group
                    .iter()
                    .zip(&seen[g])
                    .filter(|(_, &was)| was)
                    .map(|(var, _)| var.neg_lit())
                    .collect();
                if assumptions.len() == group.len() {
                    settled[g] = true;
                    break;
                }
                calls += 1;
                match backend.solve_assuming(&assumptions, self.deadline)? {
                    Outcome::Sat(witness) => {
                        self.accept(&witness, Status::Satisfiable, None)?;
                        if group
                            .iter()
                            .zip(&seen[g])
                            .any(|(&var, &was)| was && witness.value(var))
                        {
                            return Err(Error::Check(format!(
                                "{} answered with a value it was told to leave out",
                                self.solver
                            )));
                        }
                        mark(&mut seen, &witness);
                        self.progress(&format!(
                            "backbone: group {} of {}, {calls} calls",
                            g + 1,
                            groups.len()
                        ));
                    }
                    Outcome::Unsat => settled[g] = true,
                    Outcome::Unknown => {
                        complete = false;
                        break 'groups;
                    }
                }
            }
        }
        let in_projection: std::collections::HashSet<Var> =
            self.projection.iter().copied().collect();
        let mut forced = Vec::new();
        let mut undecided = 0;
        for ((group, values), &done) in groups.iter().zip(&seen).zip(&settled) {
            let possible = values.iter().filter(|&&was| was).count();
            for (&var, &was) in group.iter().zip(values) {
                if !in_projection.contains(&var) {
                    continue;
                }
                match (done, was) {
                    // Never seen in a settled group: no solution has it.
                    (true, false) => forced.push(var.neg_lit()),
                    // The only value of a settled group.
                    (true, true) if possible == 1 => forced.push(var.pos_lit()),
                    // Seen, beside another value seen: true in one
                    // witness, false in another.
                    (_, true) if possible > 1 => {}
                    _ => undecided += 1,
                }
            }
        }
        forced.sort_by_key(|lit| lit.vidx());
        Ok(Backbone {
            forced,
            undecided,
            complete,
            calls,
        })
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
