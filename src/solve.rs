//! The `solve` stage: satisfiability, enumeration and optimisation over any
//! [`Backend`], writing the model stream.
//!
//! Enumeration blocks each model on the projection set (`c p show`), so
//! `--all` counts solutions of the puzzle, not of its auxiliary variables.
//! When the encoder declared that all solutions have the same number of true
//! projection variables (`c blocking positive`, one-hot encodings), the
//! blocking clause holds only the negated true literals: a much shorter
//! clause that excludes exactly the same solutions.
//!
//! With a backend that solves under assumptions (the incremental embedded
//! solvers), `--enumeration cubes` does not block at all: [`cubes`] splits
//! the search into disjoint branches over the projection variables. It
//! branches first on the open clause of positive projection literals with
//! the fewest choices (dancing links' rule for exact covers), completes a
//! branch by propagation where it can, and asks the solver only where it
//! must. `auto` uses it when the encoder declared an exact cover (`c
//! enumeration cubes`), else blocking clauses. Measured in one run
//! (release, user time of `solve --all`): Sanalouhos readme1 (663
//! solutions) 4.62 s with positive blocking, 0.34 s with cubes (13.6x);
//! 12-queens (14,200) 3.07 s blocking, 4.44 s cubes.
//!
//! Optimisation (WCNF) is a solution-improving linear search: each model's
//! cost is printed as an `o` line, then an incremental pseudo-boolean
//! bound (rustsat's generalized totalizer, or a totalizer for unit weights)
//! demands a strictly cheaper one, until the solver proves none exists.

use crate::cnf::{Formula, Kind};
use crate::error::{Error, IoContext, Result};
use crate::model::{
    check_model, write_v_lines, Model, Status, ENUMERATION_COMPLETE, ENUMERATION_STOPPED,
};
use crate::solver::{Backend, Outcome};
use rustsat::encodings::{card, pb, CollectClauses};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Lit, Var};
use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

/// How enumeration blocks a found model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Blocking {
    /// Positive when the stream declares it safe, full otherwise.
    #[default]
    Auto,
    /// Negate the whole projected assignment.
    Full,
    /// Negate only the true projection literals (valid only when every
    /// solution has the same number of them).
    Positive,
}

mod cubes;

/// How enumeration moves from one solution to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Enumeration {
    /// Cubes when the header declares an exact cover (`c enumeration
    /// cubes`) and the solver takes assumptions, else blocking clauses.
    #[default]
    Auto,
    /// Disjoint cubes over the projection variables (see [`cubes`]).
    Cubes,
    /// A blocking clause after each solution (see [`Blocking`]).
    Blocking,
}

/// What to ask of the solver.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Enumerate every solution distinct on the projection set.
    pub all: bool,
    /// Stop after this many solutions (default 1 unless `all`).
    pub max: Option<u64>,
    /// Give up after this long.
    pub time_limit: Option<Duration>,
    /// Blocking-clause strategy for enumeration.
    pub blocking: Blocking,
    /// Enumeration strategy.
    pub enumeration: Enumeration,
    /// Progress on standard error.
    pub verbose: bool,
    /// Print one JSON document instead of the model stream.
    pub json: bool,
}

impl SolveOptions {
    fn limit(&self) -> Option<u64> {
        match (self.all, self.max) {
            (_, Some(max)) => Some(max),
            (true, None) => None,
            (false, None) => Some(1),
        }
    }

    fn enumerating(&self) -> bool {
        self.limit() != Some(1)
    }
}

/// One solution as found.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FoundSolution {
    /// Cost, for WCNF.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
    /// The model as DIMACS literals.
    pub model: Vec<i32>,
    /// Names of the named variables that are true.
    pub true_names: Vec<String>,
}

/// The result of a `solve` run.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Report {
    /// The final answer.
    pub status: Status,
    /// The backend that answered.
    pub solver: String,
    /// Solutions found (collected in JSON mode only; in text mode they are
    /// printed as they are found).
    pub solutions: Vec<FoundSolution>,
    /// Number of solutions found.
    pub count: u64,
    /// For enumeration: whether every solution was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// For optimisation: the best cost found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_cost: Option<u64>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Backend statistics.
    pub statistics: Vec<(String, String)>,
}

/// Creates a fresh backend; called once, or twice when all optimal
/// solutions of a WCNF are enumerated.
pub type BackendFactory<'a> = dyn FnMut() -> Result<Box<dyn Backend>> + 'a;

/// Solves `formula` and writes the model stream (or JSON) to `out`.
pub fn run(
    formula: &Formula,
    factory: &mut BackendFactory<'_>,
    options: &SolveOptions,
    out: &mut dyn Write,
) -> Result<Report> {
    let mut session = Session::new(formula, options, out);
    if !options.json {
        for line in &formula.header {
            session.line(line)?;
        }
    }
    let report = match formula.kind {
        Kind::Cnf => session.satisfy(factory)?,
        Kind::Wcnf => session.optimise(factory)?,
    };
    if options.json {
        serde_json::to_writer_pretty(&mut *session.out, &report)
            .map_err(|e| Error::io(crate::io::STDOUT_NAME, e.into()))?;
        session.line("")?;
    } else {
        for (key, value) in &report.statistics {
            session.line(&format!("c stat {key} {value}"))?;
        }
        session.line(&format!("c stat seconds {:.3}", report.seconds))?;
    }
    Ok(report)
}

struct Session<'a> {
    formula: &'a Formula,
    options: &'a SolveOptions,
    out: &'a mut dyn Write,
    start: Instant,
    deadline: Option<Instant>,
    projection: Vec<Var>,
    seen: HashSet<Vec<bool>>,
    found: Vec<FoundSolution>,
    count: u64,
    solver: String,
}

impl<'a> Session<'a> {
    fn new(formula: &'a Formula, options: &'a SolveOptions, out: &'a mut dyn Write) -> Self {
        let start = Instant::now();
        Session {
            formula,
            options,
            out,
            start,
            deadline: options.time_limit.map(|t| start + t),
            projection: formula.projection(),
            seen: HashSet::new(),
            found: Vec::new(),
            count: 0,
            solver: String::new(),
        }
    }

    fn line(&mut self, text: &str) -> Result<()> {
        self.out
            .write_all(text.as_bytes())
            .with_name(crate::io::STDOUT_NAME)?;
        self.out.write_all(b"\n").with_name(crate::io::STDOUT_NAME)
    }

    fn progress(&self, message: &str) {
        if self.options.verbose {
            eprintln!("c [{:8.3}s] {message}", self.start.elapsed().as_secs_f64());
        }
    }

    fn positive_blocking(&self) -> bool {
        match self.options.blocking {
            Blocking::Auto => self.formula.meta.blocking_positive,
            Blocking::Full => false,
            Blocking::Positive => true,
        }
    }

    fn new_backend(&mut self, factory: &mut BackendFactory<'_>) -> Result<Box<dyn Backend>> {
        let mut backend = factory()?;
        backend.reserve(self.formula.num_vars)?;
        for clause in self.formula.hard.iter() {
            backend.add_clause(clause)?;
        }
        self.solver = backend.description();
        if !self.options.json {
            let text = format!("c solver {}", self.solver);
            self.line(&text)?;
        }
        Ok(backend)
    }

    /// Checks a model and records it; prints it in text mode.
    fn accept(&mut self, model: &Model, status: Status, cost: Option<u64>) -> Result<()> {
        check_model(self.formula, model, &self.solver)?;
        let projected: Vec<bool> = self.projection.iter().map(|&v| model.value(v)).collect();
        if self.options.enumerating() && !self.seen.insert(projected) {
            return Err(Error::Check(format!(
                "{} returned a solution already found (it ignored a blocking clause)",
                self.solver
            )));
        }
        self.count += 1;
        if self.options.json {
            self.found.push(self.found_solution(model, cost));
        }
        if !self.options.json {
            if self.options.enumerating() {
                let text = format!("c solution {}", self.count);
                self.line(&text)?;
            }
            self.line(&format!("s {}", status.as_str()))?;
            write_v_lines(self.out, model, self.formula.num_vars)
                .with_name(crate::io::STDOUT_NAME)?;
            self.out.flush().with_name(crate::io::STDOUT_NAME)?;
        }
        if self.options.enumerating() && self.count % 1000 == 0 {
            self.progress(&format!("{} solutions", self.count));
        }
        Ok(())
    }

    /// A solution as the JSON report lists it.
    fn found_solution(&self, model: &Model, cost: Option<u64>) -> FoundSolution {
        let mut named: Vec<(&Var, &String)> = self.formula.meta.names.iter().collect();
        named.sort();
        FoundSolution {
            cost,
            model: (0..self.formula.num_vars)
                .map(|v| {
                    let n = v as i32 + 1;
                    if model.value(Var::new(v)) {
                        n
                    } else {
                        -n
                    }
                })
                .collect(),
            true_names: named
                .into_iter()
                .filter(|(v, _)| model.value(**v))
                .map(|(_, n)| n.clone())
                .collect(),
        }
    }

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
    fn enumerate(
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
        let mut up = cubes::Propagator::new(self.formula);
        if !up.propagate_root() {
            return Ok(Some(true));
        }
        up.branch_on(&self.projection);
        let mut levels: Vec<cubes::Level> = Vec::new();
        let mut order: Vec<Var> = Vec::with_capacity(self.projection.len());
        let (mut calls, mut refuted) = (0u64, 0u64);
        loop {
            if limit.is_some_and(|l| self.count >= l) {
                return Ok(Some(false));
            }
            // Branch on the open projection clause with the fewest choices
            // (dancing links' column rule); the solver is asked only when
            // every such clause is satisfied.
            if let Some(lit) = up.shortest_open_clause() {
                levels.push(cubes::Level {
                    lit,
                    flipped: false,
                    trail: up.trail_len(),
                });
                let consistent = up.assign(lit) && up.propagate();
                if !consistent && !cubes::backtrack(&mut up, &mut levels, &mut refuted) {
                    break;
                }
                continue;
            }
            // Every branching clause is satisfied: complete the assignment
            // by propagation alone if possible, else ask the solver (always
            // when enumerating optima: the cost bound lives in the solver).
            let completed = if cost.is_none() { up.complete() } else { None };
            let model = match completed {
                Some(model) => Some(model),
                None => {
                    let assumptions: Vec<Lit> = levels.iter().map(|l| l.lit).collect();
                    calls += 1;
                    match backend.solve_assuming(&assumptions, self.deadline)? {
                        Outcome::Sat(model) => Some(model),
                        Outcome::Unsat => None,
                        Outcome::Unknown => return Ok(None),
                    }
                }
            };
            if let Some(model) = model {
                // Follow the model down: its true projection variables
                // first, then the false ones, each unless already implied.
                order.clear();
                order.extend(self.projection.iter().filter(|&&v| model.value(v)));
                order.extend(self.projection.iter().filter(|&&v| !model.value(v)));
                for &var in &order {
                    if up.value(var).is_some() {
                        continue;
                    }
                    let lit = Lit::new(var.idx32(), !model.value(var));
                    levels.push(cubes::Level {
                        lit,
                        flipped: false,
                        trail: up.trail_len(),
                    });
                    if !(up.assign(lit) && up.propagate()) {
                        return Err(Error::Check(format!(
                            "{} returned a model that falsifies a clause under its own values",
                            self.solver
                        )));
                    }
                }
                self.accept(&model, status, cost)?;
            }
            if !cubes::backtrack(&mut up, &mut levels, &mut refuted) {
                break;
            }
        }
        self.progress(&format!(
            "enumeration by cubes: {calls} solver calls, {refuted} branches refuted by propagation"
        ));
        Ok(Some(true))
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

    fn finish_enumeration(&mut self, complete: Option<bool>) -> Result<Option<bool>> {
        if !self.options.enumerating() {
            return Ok(None);
        }
        let complete = complete == Some(true);
        if !self.options.json {
            let text = if complete {
                format!("{ENUMERATION_COMPLETE}: {} solutions", self.count)
            } else {
                format!("{ENUMERATION_STOPPED}: {} solutions found", self.count)
            };
            self.line(&text)?;
        }
        Ok(Some(complete))
    }

    fn report(
        &self,
        status: Status,
        complete: Option<bool>,
        best_cost: Option<u64>,
        backend: &dyn Backend,
    ) -> Report {
        Report {
            status,
            solver: self.solver.clone(),
            solutions: self.found.clone(),
            count: self.count,
            complete,
            best_cost,
            seconds: self.start.elapsed().as_secs_f64(),
            statistics: backend.statistics(),
        }
    }

    fn satisfy(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let ended = self.enumerate(backend.as_mut(), Status::Satisfiable, None)?;
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

    fn optimise(&mut self, factory: &mut BackendFactory<'_>) -> Result<Report> {
        let mut backend = self.new_backend(factory)?;
        let objective = Objective::relax(self.formula, backend.as_mut())?;
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
                    if !self.options.json {
                        self.line(&format!("o {cost}"))?;
                        self.out.flush().with_name(crate::io::STDOUT_NAME)?;
                    }
                    self.progress(&format!("cost {cost}"));
                    best = Some((model, cost));
                    if cost <= objective.base_cost {
                        break true;
                    }
                    bound.demand_at_most(cost - objective.base_cost - 1, backend.as_mut())?;
                }
                Outcome::Unsat => break true,
                Outcome::Unknown => break false,
            }
        };
        let Some((model, cost)) = best else {
            let status = if proven {
                Status::Unsatisfiable
            } else {
                Status::Unknown
            };
            if !self.options.json {
                self.line(&format!("s {}", status.as_str()))?;
            }
            return Ok(self.report(status, None, None, backend.as_ref()));
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
        // Every optimal solution: a fresh solver with the bound `= optimum`.
        self.progress(&format!("optimum {cost}; enumerating optimal solutions"));
        let mut backend = self.new_backend(factory)?;
        let objective = Objective::relax(self.formula, backend.as_mut())?;
        let mut bound =
            BoundEncoding::new(&objective, self.formula.num_vars + objective.relaxations);
        bound.demand_at_most(cost - objective.base_cost, backend.as_mut())?;
        let ended = self.enumerate(backend.as_mut(), Status::OptimumFound, Some(cost))?;
        let complete = self.finish_enumeration(ended)?;
        Ok(self.report(status, complete, Some(cost), backend.as_ref()))
    }
}

/// The objective as weighted literals that are true when a soft clause is
/// falsified.
struct Objective {
    terms: Vec<(Lit, usize)>,
    /// Cost that every model pays (empty soft clauses).
    base_cost: u64,
    /// Relaxation variables added after the formula's variables.
    relaxations: u32,
}

impl Objective {
    fn relax(formula: &Formula, backend: &mut dyn Backend) -> Result<Objective> {
        let mut terms = Vec::new();
        let mut base_cost = 0u64;
        let mut next = formula.num_vars;
        for (clause, &weight) in formula.soft.iter().zip(&formula.weights) {
            if weight == 0 {
                continue;
            }
            let weight_usize = usize::try_from(weight)
                .map_err(|_| Error::Usage(format!("soft clause weight {weight} is too large")))?;
            match clause {
                [] => base_cost += weight,
                [lit] => terms.push((!*lit, weight_usize)),
                _ => {
                    let relax = Lit::positive(next);
                    next += 1;
                    let mut relaxed = clause.to_vec();
                    relaxed.push(relax);
                    backend.add_clause(&relaxed)?;
                    terms.push((relax, weight_usize));
                }
            }
        }
        backend.reserve(next)?;
        Ok(Objective {
            terms,
            base_cost,
            relaxations: next - formula.num_vars,
        })
    }
}

/// An incremental upper bound on the objective.
struct BoundEncoding {
    encoding: BoundKind,
    vars: BasicVarManager,
}

enum BoundKind {
    Unit(card::Totalizer),
    Weighted(pb::GeneralizedTotalizer),
}

/// Collects clauses from an encoding for a backend.
#[derive(Default)]
struct ClauseBuffer(Vec<Clause>);

impl CollectClauses for ClauseBuffer {
    fn n_clauses(&self) -> usize {
        self.0.len()
    }
    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        self.0.extend(clauses);
        Ok(())
    }
}

impl BoundEncoding {
    fn new(objective: &Objective, first_free: u32) -> Self {
        let unit = objective.terms.iter().all(|(_, w)| *w == 1);
        let encoding = if unit {
            BoundKind::Unit(card::Totalizer::from_iter(
                objective.terms.iter().map(|(l, _)| *l),
            ))
        } else {
            BoundKind::Weighted(pb::GeneralizedTotalizer::from_iter(
                objective.terms.iter().copied(),
            ))
        };
        BoundEncoding {
            encoding,
            vars: BasicVarManager::from_next_free(Var::new(first_free)),
        }
    }

    /// Adds clauses so that the objective is at most `bound` from now on.
    fn demand_at_most(&mut self, bound: u64, backend: &mut dyn Backend) -> Result<()> {
        use card::BoundUpperIncremental as _;
        use pb::BoundUpperIncremental as _;
        let bound = usize::try_from(bound).unwrap_or(usize::MAX);
        let mut buffer = ClauseBuffer::default();
        let units = match &mut self.encoding {
            BoundKind::Unit(tot) => {
                let _ = tot.encode_ub_change(bound..=bound, &mut buffer, &mut self.vars);
                card::BoundUpper::enforce_ub(tot, bound)
                    .map_err(|e| Error::Solver(e.to_string()))?
            }
            BoundKind::Weighted(gte) => {
                let _ = gte.encode_ub_change(bound..=bound, &mut buffer, &mut self.vars);
                pb::BoundUpper::enforce_ub(gte, bound).map_err(|e| Error::Solver(e.to_string()))?
            }
        };
        if let Some(max) = self.vars.max_var() {
            backend.reserve(max.idx32() + 1)?;
        }
        for clause in &buffer.0 {
            let lits: Vec<Lit> = clause.iter().copied().collect();
            backend.add_clause(&lits)?;
        }
        for unit in units {
            backend.add_clause(&[unit])?;
        }
        Ok(())
    }
}
