//! Puzzle generators whose puzzles have a proved unique solution.
//!
//! What the generators share lives here: the uniqueness check
//! ([`Uniqueness`], an incremental embedded solver over a family's formula:
//! "is there a model other than this one, under these givens?"), seeded
//! randomness ([`rng`], [`puzzle_seed`]) and batches of puzzles with a
//! progress bar ([`Batch`]). The generators themselves are one module per
//! family: [`rules`] (remove givens of a solved grid while the puzzle stays
//! unique), [`numberlink`] (random lines, split until unique) and
//! [`nonogram`] (the clues of a picture, and the cells to reveal so that
//! they determine it), [`slitherlink`] (a random loop, clues dropped
//! while it stays the only one) and [`masyu`] (a random loop, circles
//! added where another loop breaks them, then cut while it stays the only
//! one).
//!
//! Every model the solver returns is checked against the formula's clauses
//! ([`crate::model::check_model`]); every solution a generator starts from
//! or ends with is checked by the family's own checker, which shares no
//! code with the encoder.

pub mod masyu;
pub mod nonogram;
pub mod numberlink;
pub mod rules;
pub mod slitherlink;

use crate::cnf::Formula;
use crate::error::{Error, Result};
use crate::family::Assignment;
use crate::model::{check_model, Model};
use crate::solver::{embedded, Backend, Outcome};
use rustsat::types::{Lit, Var};
use std::io::IsTerminal;
use std::sync::Arc;

/// What a loop genre's generator (`generate-slitherlink`,
/// `generate-masyu`) is asked for.
#[derive(Debug, Clone)]
pub struct LoopSettings {
    /// Grid width (columns).
    pub width: usize,
    /// Grid height (rows).
    pub height: usize,
    /// Random loops tried before giving up.
    pub attempts: usize,
    /// The embedded solver of the uniqueness proofs (`None`: the first
    /// this build has).
    pub solver: Option<String>,
}

/// A generated puzzle with its unique solution.
#[derive(Debug, Clone)]
pub struct Generated<P, S> {
    /// The puzzle.
    pub puzzle: P,
    /// Its only solution.
    pub solution: S,
}

/// A seeded random number generator (the same seed gives the same puzzles
/// on every machine).
pub fn rng(seed: u64) -> fastrand::Rng {
    fastrand::Rng::with_seed(seed)
}

/// The seed of puzzle `index` (0-based) of a batch started with `seed`:
/// puzzle `i` of `--seed S --puzzles K` is the puzzle of `--seed S+i`, so a
/// puzzle of a batch can be made again alone.
pub fn puzzle_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_add(index as u64)
}

/// An incremental solver over one formula that answers "is the solution
/// unique?" questions: solve under assumptions (givens), then block a model
/// on the formula's projection set and ask again.
pub struct Uniqueness {
    solver: Box<dyn Backend>,
    formula: Formula,
    projection: Vec<Var>,
}

impl Uniqueness {
    /// Loads `formula` into the first embedded solver that takes
    /// assumptions (CaDiCaL in a default build).
    pub fn new(formula: Formula) -> Result<Uniqueness> {
        Uniqueness::with_solver(formula, None, &[])
    }

    /// Loads `formula` into the embedded solver `name` when given (an
    /// error when this build lacks it or it takes no assumptions), else
    /// into the first of `preferred` that this build has, else into the
    /// first that takes assumptions.
    pub fn with_solver(
        formula: Formula,
        name: Option<&str>,
        preferred: &[&str],
    ) -> Result<Uniqueness> {
        let available = embedded::available();
        let candidates: Vec<&str> = match name {
            Some(name) => {
                if !available.contains(&name) {
                    return Err(Error::Usage(format!(
                        "--solver {name}: this build's embedded solvers are {}",
                        available.join(", ")
                    )));
                }
                vec![name]
            }
            None => preferred
                .iter()
                .copied()
                .filter(|p| available.contains(p))
                .chain(available.iter().copied())
                .collect(),
        };
        let mut solver = None;
        for candidate in candidates {
            if let Some(backend) = embedded::create(candidate, &[])? {
                if backend.supports_assumptions() {
                    solver = Some(backend);
                    break;
                }
            }
        }
        let Some(mut solver) = solver else {
            return Err(Error::Usage(match name {
                Some(name) => format!(
                    "--solver {name}: the generators need an incremental solver                      (CaDiCaL, MiniSat or Glucose)"
                ),
                None => "the generators need an incremental embedded solver (CaDiCaL, \
                         MiniSat or Glucose); this build has none"
                    .into(),
            }));
        };
        solver.reserve(formula.num_vars)?;
        for clause in formula.hard.iter() {
            solver.add_clause(clause)?;
        }
        let projection = formula.projection();
        Ok(Uniqueness {
            solver,
            formula,
            projection,
        })
    }

    /// A model with `assumptions` true (checked against the formula), or
    /// `None` when there is none.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<Option<Model>> {
        match self.solver.solve_assuming(assumptions, None)? {
            Outcome::Sat(model) => {
                check_model(&self.formula, &model, &self.solver.description())?;
                if let Some(&lit) = assumptions.iter().find(|&&l| !model.is_true(l)) {
                    return Err(Error::Check(format!(
                        "{} returned a model that breaks the assumption {}",
                        self.solver.description(),
                        lit.to_ipasir()
                    )));
                }
                Ok(Some(model))
            }
            Outcome::Unsat => Ok(None),
            Outcome::Unknown => Err(Error::Solver(format!(
                "{} gave up without an answer",
                self.solver.description()
            ))),
        }
    }

    /// After [`Uniqueness::solve`] found no model: the assumptions that
    /// together have none (a subset of those given, not necessarily
    /// minimal).
    pub fn core(&mut self, assumptions: &[Lit]) -> Result<Vec<Lit>> {
        let core = self.solver.core()?;
        Ok(assumptions
            .iter()
            .copied()
            .filter(|&a| core.contains(&a) || core.contains(&!a))
            .collect())
    }

    /// Rules out `model` for every later call: a clause that some variable
    /// of the projection set takes another value.
    pub fn block(&mut self, model: &Model) -> Result<()> {
        let clause: Vec<Lit> = self
            .projection
            .iter()
            .map(|&var| {
                if model.value(var) {
                    var.neg_lit()
                } else {
                    var.pos_lit()
                }
            })
            .collect();
        Arc::make_mut(&mut self.formula.hard).push(&clause);
        self.solver.add_clause(&clause)
    }

    /// Adds a clause for every later call (kept with the formula, so later
    /// models are checked against it too).
    pub fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        Arc::make_mut(&mut self.formula.hard).push(clause);
        self.solver.add_clause(clause)
    }

    /// A new variable for later clauses and assumptions (a selector that
    /// switches a clause on while it is assumed).
    pub fn new_var(&mut self) -> Result<Var> {
        let var = Var::new(self.formula.num_vars);
        self.formula.num_vars += 1;
        self.solver.reserve(self.formula.num_vars)?;
        Ok(var)
    }

    /// Suggests a value for `lit` in the next searches.
    pub fn suggest_phase(&mut self, lit: Lit) {
        self.solver.suggest_phase(lit);
    }

    /// Reads `model` through the formula's variable names, for a family's
    /// decoder.
    pub fn with_assignment<T>(
        &self,
        model: &Model,
        read: impl FnOnce(&Assignment<'_>) -> T,
    ) -> Result<T> {
        let index = self.formula.meta.name_index().map_err(Error::Check)?;
        Ok(read(&Assignment::new(&index, model)))
    }
}

/// A batch of `count` puzzles: a progress bar on standard error when it
/// is a terminal and there is more than one puzzle.
pub struct Batch {
    bar: Option<indicatif::ProgressBar>,
}

impl Batch {
    /// Starts a batch of `count` puzzles.
    pub fn new(count: usize) -> Batch {
        let bar = (count > 1 && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::new(count as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} puzzles, ETA {eta}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Batch { bar }
    }

    /// One more puzzle is done.
    pub fn advance(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Prints a note on standard error without breaking the bar.
    pub fn note(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None => eprintln!("{text}"),
        }
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::FormulaBuilder;

    /// x or y has three models; with x given and y false, one.
    #[test]
    fn blocking_counts_models_under_assumptions() {
        if embedded::available().is_empty() {
            return;
        }
        let mut b = FormulaBuilder::new("test", "test");
        let (x, y) = (b.named("x"), b.named("y"));
        b.clause(&[x, y]);
        b.projection(&[x.var(), y.var()]);
        let mut u = Uniqueness::new(b.finish()).expect("solver");
        let mut count = 0;
        while let Some(model) = u.solve(&[]).expect("solve") {
            u.block(&model).expect("block");
            count += 1;
        }
        assert_eq!(count, 3);
        assert!(u.solve(&[x]).expect("solve").is_none());
    }

    #[test]
    fn batch_seeds_follow_the_first() {
        assert_eq!(puzzle_seed(7, 0), 7);
        assert_eq!(puzzle_seed(7, 3), 10);
        assert_eq!(puzzle_seed(u64::MAX, 1), 0);
    }
}
