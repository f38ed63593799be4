//! Optimisation (WCNF): solution-improving linear search with an
//! incremental bound, or branch and bound over cubes; then, with `--all`,
//! the enumeration of every optimum.

use super::bounds::{BoundEncoding, Objective};
use super::{cubes, BackendFactory, Enumeration, Report, Session};
use crate::error::{Error, IoContext, Result};
use crate::model::{check_model, Model, Status};
use crate::solver::{Backend, Outcome};

impl Session<'_> {
    /// Answers a WCNF: the best model, by cubes or by linear search, then
    /// with `--all` every optimal one.
    pub(super) fn optimise(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let mut by_cubes = self.cube_optimisation(backend.as_ref());
        let (best, proven) = match &mut by_cubes {
            Some((up, partial)) => self.best_by_cubes(backend.as_mut(), up, partial)?,
            None => self.best_by_linear_search(backend.as_mut())?,
        };
        let Some((model, cost)) = best else {
            return self.no_model(proven, backend.as_ref());
        };
        let status = if proven {
            Status::OptimumFound
        } else {
            Status::Satisfiable
        };
        if !proven || !self.options.enumerating() {
            self.accept(&model, status, Some(cost))?;
            return Ok(self.report(status, None, Some(cost), backend.as_ref()));
        }
        self.progress(&format!("optimum {cost}; enumerating optimal solutions"));
        let ended = match &mut by_cubes {
            Some((up, partial)) => self.optima_by_cubes(backend.as_mut(), up, partial, cost)?,
            None => {
                // A fresh solver with the bound `= optimum`.
                backend = self.new_backend(factory)?;
                let objective = Objective::relax(self.formula, backend.as_mut())?;
                let mut bound =
                    BoundEncoding::new(&objective, self.formula.num_vars + objective.relaxations);
                bound.demand_at_most(cost - objective.base_cost, backend.as_mut())?;
                self.enumerate(backend.as_mut(), Status::OptimumFound, Some(cost))?
            }
        };
        let complete = self.finish_enumeration(ended)?;
        Ok(self.report(status, complete, Some(cost), backend.as_ref()))
    }

    /// The propagator and lower bound that let the cube search optimise,
    /// when it should: the encoder declared an exact cover (or
    /// `--enumeration cubes`), the solver takes assumptions, and every soft
    /// clause is over projection variables.
    fn cube_optimisation(
        &self,
        backend: &dyn Backend,
    ) -> Option<(cubes::Propagator, cubes::PartialCost)> {
        let wanted = match self.options.enumeration {
            Enumeration::Auto => self.formula.meta.enumerate_by_cubes,
            Enumeration::Cubes => true,
            Enumeration::Blocking => false,
        };
        if !wanted || !backend.supports_assumptions() {
            return None;
        }
        let mut partial = cubes::PartialCost::new(self.formula, &self.projection)?;
        let up = cubes::Propagator::new(self.formula, &self.projection);
        partial.attach(&up);
        Some((up, partial))
    }

    /// Prints an improving model's cost (`o` line) and records it.
    fn improved(&mut self, cost: u64) -> Result<()> {
        if !self.options.json {
            self.line(&format!("o {cost}"))?;
            self.out.flush().with_name(crate::io::STDOUT_NAME)?;
        }
        self.progress(&format!("cost {cost}"));
        Ok(())
    }

    /// Branch and bound over cubes: the search of [`Session::cube_search`]
    /// cutting every branch that cannot beat the best model so far.
    /// Returns the best model and whether it is proven optimal.
    fn best_by_cubes(
        &mut self,
        backend: &mut dyn Backend,
        up: &mut cubes::Propagator,
        partial: &cubes::PartialCost,
    ) -> Result<(Option<(Model, u64)>, bool)> {
        let mut best: Option<(Model, u64)> = None;
        let ended = self.cube_search(
            backend,
            up,
            true,
            (Some(partial), &mut None),
            &mut |session, model, limit| {
                check_model(session.formula, &model, &session.solver)?;
                let cost = session.formula.cost(model.values());
                if limit.is_some_and(|l| cost > l) {
                    return Ok(false);
                }
                session.improved(cost)?;
                best = Some((model, cost));
                // Nothing beats cost 0; else demand a cheaper model.
                *limit = cost.checked_sub(1);
                Ok(cost == 0)
            },
        )?;
        Ok((best, ended.is_some()))
    }

    /// Every model of cost `optimum`, by the cube search cutting the
    /// branches that already cost more.
    fn optima_by_cubes(
        &mut self,
        backend: &mut dyn Backend,
        up: &mut cubes::Propagator,
        partial: &cubes::PartialCost,
        optimum: u64,
    ) -> Result<Option<bool>> {
        let limit = self.options.limit();
        self.cube_search(
            backend,
            up,
            true,
            (Some(partial), &mut Some(optimum)),
            &mut |session, model, _| {
                if session.formula.cost(model.values()) > optimum {
                    return Ok(false);
                }
                session.accept(&model, Status::OptimumFound, Some(optimum))?;
                Ok(limit.is_some_and(|l| session.count >= l))
            },
        )
    }

    /// Solution-improving linear search: after each model, an incremental
    /// bound demands a strictly cheaper one. Returns the best model and
    /// whether it is proven optimal.
    fn best_by_linear_search(
        &mut self,
        backend: &mut dyn Backend,
    ) -> Result<(Option<(Model, u64)>, bool)> {
        let objective = Objective::relax(self.formula, backend)?;
        let mut bound =
            BoundEncoding::new(&objective, self.formula.num_vars + objective.relaxations);
        let mut best: Option<(Model, u64)> = None;
        let proven = loop {
            match backend.solve(self.deadline)? {
                Outcome::Sat(model) => {
                    check_model(self.formula, &model, &self.solver)?;
                    let cost = self.formula.cost(model.values());
                    if let Some((_, old)) = &best {
                        if cost >= *old {
                            return Err(Error::Check(format!(
                                "{} returned a model of cost {cost}, not cheaper than {old} as demanded",
                                self.solver
                            )));
                        }
                    }
                    self.improved(cost)?;
                    best = Some((model, cost));
                    if cost <= objective.base_cost {
                        break true;
                    }
                    bound.demand_at_most(cost - objective.base_cost - 1, backend)?;
                }
                Outcome::Unsat => break true,
                Outcome::Unknown => break false,
            }
        };
        Ok((best, proven))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{run, Enumeration, SolveOptions};
    use crate::builder::{AtMostOne, FormulaBuilder};
    use crate::cnf::Formula;
    use crate::error::{Error, Result};
    use crate::solver::Backend;
    use rustsat::types::Lit;

    /// A random exact-cover problem: `cells` cells, random sets of them
    /// with random weights, exactly one set per cell.
    fn exact_cover(seed: u64, cells: usize, sets: usize) -> (Formula, Vec<(Vec<usize>, u64)>) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut chosen: Vec<(Vec<usize>, u64)> = (0..cells).map(|c| (vec![c], 5)).collect();
        for _ in 0..sets {
            let set: Vec<usize> = (0..cells).filter(|_| rng.u8(0..3) == 0).collect();
            if !set.is_empty() {
                chosen.push((set, rng.u64(0..6)));
            }
        }
        let mut builder = FormulaBuilder::new("test", "test/exact-cover");
        let vars: Vec<Lit> = (0..chosen.len())
            .map(|i| builder.named(format!("set={i}")))
            .collect();
        for cell in 0..cells {
            let covering: Vec<Lit> = chosen
                .iter()
                .zip(&vars)
                .filter(|((set, _), _)| set.contains(&cell))
                .map(|(_, &var)| var)
                .collect();
            builder.exactly_one(&covering, AtMostOne::Ladder);
        }
        for ((_, weight), &var) in chosen.iter().zip(&vars) {
            builder.soft(*weight, &[!var]);
        }
        builder.enumerate_by_cubes();
        (builder.finish(), chosen)
    }

    /// The optimum and the number of optimal covers, by trying every subset.
    fn brute_force(cells: usize, sets: &[(Vec<usize>, u64)]) -> (u64, u64) {
        let (mut best, mut count) = (u64::MAX, 0);
        for mask in 0u32..1 << sets.len() {
            let mut covered = vec![0; cells];
            let mut cost = 0;
            for (i, (set, weight)) in sets.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    cost += weight;
                    set.iter().for_each(|&c| covered[c] += 1);
                }
            }
            if covered.iter().all(|&n| n == 1) {
                if cost < best {
                    (best, count) = (cost, 0);
                }
                if cost == best {
                    count += 1;
                }
            }
        }
        (best, count)
    }

    fn run_text(formula: &Formula, enumeration: Enumeration, all: bool) -> String {
        let options = SolveOptions {
            all,
            enumeration,
            ..SolveOptions::default()
        };
        let mut factory = || -> Result<Box<dyn Backend>> {
            crate::solver::embedded::create("cadical", &[])?
                .ok_or_else(|| Error::Usage("no cadical".into()))
        };
        let mut out = Vec::new();
        run(formula, &mut factory, &options, &mut out).expect("solve");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn branch_and_bound_by_cubes_finds_every_optimum_brute_force_finds() {
        for seed in 0..40 {
            let cells = 4 + (seed % 4) as usize;
            let (formula, sets) = exact_cover(seed, cells, 12);
            let (optimum, optima) = brute_force(cells, &sets);
            for enumeration in [Enumeration::Auto, Enumeration::Blocking] {
                let text = run_text(&formula, enumeration, false);
                let last_o = text
                    .lines()
                    .filter_map(|l| l.strip_prefix("o "))
                    .next_back()
                    .and_then(|o| o.parse::<u64>().ok());
                assert_eq!(last_o, Some(optimum), "seed {seed} {enumeration:?}\n{text}");
                assert!(text.contains("s OPTIMUM FOUND"), "seed {seed}");
            }
            let all = run_text(&formula, Enumeration::Auto, true);
            let found = all.lines().filter(|l| l.starts_with("c solution ")).count();
            assert_eq!(found as u64, optima, "seed {seed}: every optimal cover");
        }
    }
}
