//! Solvers compiled into the binary through rustsat's solver crates.
//!
//! CaDiCaL, MiniSat and Glucose are incremental: clauses go straight into
//! one solver instance and later calls reuse what it learnt. Kissat is not
//! incremental in rustsat 0.7.5, so its backend keeps the clauses and
//! starts a fresh Kissat for every call. Kissat and CaDiCaL cannot be linked
//! into one binary (both ship a `kitten` module with clashing symbols), so
//! Kissat is only present in builds with the `kissat` feature and without
//! `cadical`: the `solve-kissat` binary of `crates/satpipe-kissat`.

use super::{Backend, Outcome, Stop};
use crate::cnf::Clauses;
use crate::error::{Error, Result};
use crate::model::Model;
use rustsat::solvers::{
    Interrupt, InterruptSolver, PhaseLit, Solve, SolveIncremental, SolveStats, SolverResult,
};
use rustsat::types::{Lit, TernaryVal, Var};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

/// Names of the solvers compiled into this binary.
pub fn available() -> Vec<&'static str> {
    let mut names = Vec::new();
    if cfg!(feature = "cadical") {
        names.push("cadical");
    }
    if cfg!(feature = "minisat") {
        names.push("minisat");
    }
    if cfg!(feature = "glucose") {
        names.push("glucose");
    }
    if cfg!(feature = "kissat") {
        names.push("kissat");
    }
    names
}

/// A solver option `NAME=VALUE` (CaDiCaL and Kissat take integer options;
/// see `cadical --help` and `kissat --help`).
pub type SolverOption = (String, i32);

/// Parses `NAME=VALUE` (VALUE an integer, or `true`/`false`).
pub fn parse_solver_option(text: &str) -> std::result::Result<SolverOption, String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("solver option '{text}' is not NAME=VALUE"))?;
    let value = match value.trim() {
        "true" => 1,
        "false" => 0,
        v => v
            .parse::<i32>()
            .map_err(|_| format!("solver option '{text}': '{v}' is not an integer"))?,
    };
    Ok((name.trim().to_string(), value))
}

/// Creates the embedded solver called `name` with `options`; `Ok(None)`
/// when this binary does not have it.
pub fn create(name: &str, options: &[SolverOption]) -> Result<Option<Box<dyn Backend>>> {
    create_in(name, options, None)
}

/// Creates the incremental embedded solver called `name` with `options`
/// as a member of the portfolio `portfolio` (its members' names, for the
/// description): its searches also give up when `stop` is raised
/// ([`crate::solve::portfolio`]). `Ok(None)` when this binary does not
/// have it or it is not incremental (Kissat).
pub fn create_racer(
    name: &str,
    options: &[SolverOption],
    stop: &Stop,
    portfolio: &str,
) -> Result<Option<Box<dyn Backend>>> {
    if name == "kissat" {
        return Ok(None);
    }
    let race = Race {
        stop: stop.clone(),
        portfolio: portfolio.to_string(),
    };
    create_in(name, options, Some(race))
}

/// [`create`], racing when `race` says so.
fn create_in(
    name: &str,
    options: &[SolverOption],
    race: Option<Race>,
) -> Result<Option<Box<dyn Backend>>> {
    let reject = |solver: &str| {
        Error::Usage(format!(
            "embedded {solver} takes no --solver-option (only cadical and kissat do)"
        ))
    };
    // Without any solver feature (e.g. the fuzz build) neither is used,
    // and Kissat alone (solve-kissat) does not race.
    let _ = (&reject, options, &race);
    Ok(match name {
        #[cfg(feature = "cadical")]
        "cadical" => Some(Box::new(
            Incremental::new("cadical", cadical(options)?).racing(race),
        )),
        #[cfg(feature = "minisat")]
        "minisat" => {
            if !options.is_empty() {
                return Err(reject("minisat"));
            }
            Some(Box::new(
                Incremental::new("minisat", rustsat_minisat::core::Minisat::default())
                    .numbered_densely()
                    .racing(race),
            ))
        }
        #[cfg(feature = "glucose")]
        "glucose" => {
            if !options.is_empty() {
                return Err(reject("glucose"));
            }
            Some(Box::new(
                Incremental::new("glucose", rustsat_glucose::core::Glucose::default())
                    .numbered_densely()
                    .racing(race),
            ))
        }
        #[cfg(feature = "kissat")]
        "kissat" => {
            let options = options.to_vec();
            for (option, value) in &options {
                rustsat_kissat::Kissat::default()
                    .set_option(option, *value)
                    .map_err(|_| {
                        Error::Usage(format!(
                            "kissat has no option '{option}' (or {value} is out of its range)"
                        ))
                    })?;
            }
            Some(Box::new(Fresh::new("kissat", move || {
                let mut solver = rustsat_kissat::Kissat::default();
                for (option, value) in &options {
                    // Validated above.
                    let _ = solver.set_option(option, *value);
                }
                solver
            })))
        }
        _ => None,
    })
}

/// CaDiCaL with `options` set.
#[cfg(feature = "cadical")]
fn cadical(options: &[SolverOption]) -> Result<rustsat_cadical::CaDiCaL<'static, 'static>> {
    let mut solver = rustsat_cadical::CaDiCaL::default();
    for (option, value) in options {
        solver.set_option(option, *value).map_err(|_| {
            Error::Usage(format!(
                "cadical has no option '{option}' (or {value} is out of its range)"
            ))
        })?;
    }
    Ok(solver)
}

/// The embedded CaDiCaL writing a DRAT proof (text) of its answers to
/// `proof`; the file is complete when the backend is dropped. Only CaDiCaL
/// traces proofs in rustsat 0.7.5; `None` when this build lacks it.
pub fn create_with_proof(
    options: &[SolverOption],
    proof: &std::path::Path,
) -> Result<Option<Box<dyn Backend>>> {
    #[cfg(feature = "cadical")]
    {
        use crate::error::IoContext;
        let mut solver = cadical(options)?;
        // Fail here, naming the file, rather than lose the proof silently.
        let name = proof.display().to_string();
        std::fs::File::create(proof).with_name(&name)?;
        solver
            .trace_proof(proof, rustsat_cadical::ProofFormat::Drat { binary: false })
            .map_err(|e| Error::Usage(format!("{}: {e}", proof.display())))?;
        Ok(Some(Box::new(Incremental::new("cadical", solver))))
    }
    #[cfg(not(feature = "cadical"))]
    {
        let _ = (options, proof);
        Ok(None)
    }
}

/// Runs `solve` with a watchdog thread that interrupts the solver at the
/// deadline or when `stop` is raised.
fn solve_with_deadline<S>(
    solver: &mut S,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> anyhow_free::Result<SolverResult>
where
    S: Solve + Interrupt,
{
    run_with_deadline(solver, deadline, stop, |s| s.solve())
}

/// How often a watchdog looks at a [`Stop`] signal.
const STOP_POLL: Duration = Duration::from_millis(5);

/// Runs `call` on the solver with a watchdog thread that interrupts it at
/// the deadline or when `stop` is raised.
fn run_with_deadline<S, F, E>(
    solver: &mut S,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
    call: F,
) -> anyhow_free::Result<SolverResult>
where
    S: Interrupt,
    F: FnOnce(&mut S) -> std::result::Result<SolverResult, E>,
    E: std::fmt::Display,
{
    if deadline.is_none() && stop.is_none() {
        return call(solver).map_err(anyhow_free::from);
    }
    let interrupter = solver.interrupter();
    let (done, finished) = mpsc::channel::<()>();
    let signal = stop.cloned();
    let watchdog = thread::spawn(move || loop {
        let now = Instant::now();
        if deadline.is_some_and(|d| now >= d) || signal.as_ref().is_some_and(Stop::raised) {
            interrupter.interrupt();
            return;
        }
        let mut wait = deadline.map_or(STOP_POLL, |d| d.saturating_duration_since(now));
        if signal.is_some() {
            wait = wait.min(STOP_POLL);
        }
        match finished.recv_timeout(wait) {
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            // The call returned: nothing to interrupt.
            _ => return,
        }
    });
    let given_up = deadline.is_some_and(|d| Instant::now() >= d) || stop.is_some_and(Stop::raised);
    let result = if given_up {
        Ok(SolverResult::Interrupted)
    } else {
        call(solver).map_err(anyhow_free::from)
    };
    drop(done);
    let _ = watchdog.join();
    result
}

/// Keeps rustsat's `anyhow` errors out of our API.
mod anyhow_free {
    /// A solver error rendered as text.
    pub type Result<T> = std::result::Result<T, String>;
    /// Renders any displayable error.
    pub fn from(e: impl std::fmt::Display) -> String {
        e.to_string()
    }
}

/// The model of the formula's `num_vars` variables, read from `solver`
/// through its numbering (`dense`, if it has its own: a variable it never
/// saw is false).
fn read_model<S: Solve>(
    solver: &S,
    num_vars: u32,
    dense: Option<&Dense>,
    name: &str,
) -> Result<Model> {
    let mut values = Vec::with_capacity(num_vars as usize);
    for v in 0..num_vars {
        let var = match dense {
            Some(dense) => dense.get(v),
            None => Some(Var::new(v)),
        };
        let value = match var {
            Some(var) => {
                solver
                    .var_val(var)
                    .map_err(|e| Error::Solver(format!("{name}: cannot read the model: {e}")))?
                    == TernaryVal::True
            }
            None => false,
        };
        values.push(value);
    }
    Ok(Model::from_values(values))
}

/// What `result` says, with the model in the formula's numbering.
fn outcome<S: Solve>(
    result: SolverResult,
    solver: &S,
    num_vars: u32,
    dense: Option<&Dense>,
    name: &str,
) -> Result<Outcome> {
    Ok(match result {
        SolverResult::Sat => Outcome::Sat(read_model(solver, num_vars, dense, name)?),
        SolverResult::Unsat => Outcome::Unsat,
        SolverResult::Interrupted => Outcome::Unknown,
    })
}

/// An incremental embedded solver.
pub struct Incremental<S> {
    name: &'static str,
    solver: S,
    num_vars: u32,
    race: Option<Race>,
    /// The solver's own numbering, where it has one (see [`Dense`]).
    dense: Option<Dense>,
}

/// A dense numbering of the variables a solver is given: only those that
/// clauses, assumptions or phases name get a number of the solver's (a
/// formula's clauses in the formula's order, later variables as they
/// come). A formula whose decided variables occur in no clause (the
/// presolved puzzles: thousands of `c fixed` variables around a few
/// hundred open ones) then costs the solver nothing for them. In a model,
/// a variable the solver never saw is false, the value MiniSat and
/// Glucose give a variable that no clause constrains. The search is not
/// the same step for step (the solver breaks ties among its own
/// variables), so of several solutions another may come first; verdicts
/// and counts are those of the formula.
#[derive(Default)]
struct Dense {
    /// Per variable of the formula, its number in the solver plus one (0:
    /// none yet).
    inner: Vec<u32>,
    /// Per variable of the solver, the formula's.
    outer: Vec<u32>,
}

impl Dense {
    /// The solver's literal for `lit`, numbering its variable if new.
    fn inner(&mut self, lit: Lit) -> Lit {
        let v = lit.vidx();
        if self.inner.len() <= v {
            self.inner.resize(v + 1, 0);
        }
        if self.inner[v] == 0 {
            self.outer.push(v as u32);
            self.inner[v] = self.outer.len() as u32;
        }
        Var::new(self.inner[v] - 1).lit(lit.is_neg())
    }

    /// Numbers the new variables of `clauses` in the formula's order (the
    /// solver sees them in the same relative order as without the
    /// numbering).
    fn number_in_order(&mut self, clauses: &Clauses) {
        let mut seen = vec![false; self.inner.len()];
        for lit in clauses.iter().flatten() {
            let v = lit.vidx();
            if seen.len() <= v {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
        for (v, _) in seen.iter().enumerate().filter(|(_, &seen)| seen) {
            self.inner(Var::new(v as u32).pos_lit());
        }
    }

    /// The formula's literal for the solver's `lit`.
    fn outer(&self, lit: Lit) -> Lit {
        Var::new(self.outer[lit.vidx()]).lit(lit.is_neg())
    }

    /// The solver's variable for the formula's variable `v`, if it has one.
    fn get(&self, v: u32) -> Option<Var> {
        match self.inner.get(v as usize) {
            Some(&n) if n > 0 => Some(Var::new(n - 1)),
            _ => None,
        }
    }
}

/// What a solver racing in a portfolio holds: the signal that ends its
/// searches, and the members' names.
struct Race {
    stop: Stop,
    portfolio: String,
}

impl<S> Incremental<S> {
    /// Wraps a rustsat solver instance.
    pub fn new(name: &'static str, solver: S) -> Self {
        Incremental {
            name,
            solver,
            num_vars: 0,
            race: None,
            dense: None,
        }
    }

    /// The same solver on its own dense numbering of the variables it is
    /// given ([`Dense`]); only for solvers that set a variable no clause
    /// constrains to false.
    #[cfg_attr(not(any(feature = "minisat", feature = "glucose")), allow(dead_code))]
    fn numbered_densely(mut self) -> Self {
        self.dense = Some(Dense::default());
        self
    }

    /// The solver's literals for `lits`.
    fn inner(&mut self, lits: &[Lit]) -> Vec<Lit> {
        match &mut self.dense {
            Some(dense) => lits.iter().map(|&lit| dense.inner(lit)).collect(),
            None => lits.to_vec(),
        }
    }

    /// The same solver, racing when `race` says so.
    #[cfg_attr(
        not(any(feature = "cadical", feature = "minisat", feature = "glucose")),
        allow(dead_code)
    )]
    fn racing(mut self, race: Option<Race>) -> Self {
        self.race = race;
        self
    }
}

impl<S: Solve> Incremental<S> {
    /// What `result` says, with the model in the formula's numbering.
    fn answer(&self, result: SolverResult) -> Result<Outcome> {
        outcome(
            result,
            &self.solver,
            self.num_vars,
            self.dense.as_ref(),
            self.name,
        )
    }
}

/// Search counters a solver reports beyond rustsat's [`SolveStats`]
/// (CaDiCaL's conflicts, decisions, propagations and the variables its
/// preprocessing eliminated or substituted), as `(name, value)`.
pub trait SearchCounters {
    /// The counters so far; none by default.
    fn search_counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

#[cfg(feature = "cadical")]
impl SearchCounters for rustsat_cadical::CaDiCaL<'_, '_> {
    fn search_counters(&self) -> Vec<(&'static str, u64)> {
        use rustsat_cadical::Statistic;
        vec![
            ("conflicts", self.get_statistic(Statistic::Conflicts)),
            ("decisions", self.get_statistic(Statistic::Decisions)),
            ("propagations", self.get_statistic(Statistic::Propagations)),
            ("eliminated", self.get_statistic(Statistic::Eliminated)),
            ("substituted", self.get_statistic(Statistic::Substituted)),
        ]
    }
}

#[cfg(feature = "minisat")]
impl SearchCounters for rustsat_minisat::core::Minisat {}

#[cfg(feature = "glucose")]
impl SearchCounters for rustsat_glucose::core::Glucose {}

impl<S> Backend for Incremental<S>
where
    S: Solve + SolveIncremental + Interrupt + PhaseLit + SolveStats + SearchCounters,
{
    fn description(&self) -> String {
        match &self.race {
            Some(race) => format!(
                "{} (embedded, first to answer of the portfolio {})",
                self.name, race.portfolio
            ),
            None => format!("{} (embedded)", self.name),
        }
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.num_vars = self.num_vars.max(num_vars);
        if num_vars > 0 && self.dense.is_none() {
            self.solver
                .reserve(Var::new(num_vars - 1))
                .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        }
        Ok(())
    }

    fn add_clauses(&mut self, clauses: &Arc<Clauses>) -> Result<()> {
        if let Some(dense) = &mut self.dense {
            dense.number_in_order(clauses);
        }
        for clause in clauses.iter() {
            self.add_clause(clause)?;
        }
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        if let Some(max) = clause.iter().map(|l| l.vidx32() + 1).max() {
            self.num_vars = self.num_vars.max(max);
        }
        let clause = self.inner(clause);
        self.solver
            .add_clause(clause.into_iter().collect())
            .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        let result = solve_with_deadline(
            &mut self.solver,
            deadline,
            self.race.as_ref().map(|r| &r.stop),
        )
        .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        self.answer(result)
    }

    fn supports_assumptions(&self) -> bool {
        true
    }

    fn solve_assuming(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
    ) -> Result<Outcome> {
        let assumptions = self.inner(assumptions);
        let result = run_with_deadline(
            &mut self.solver,
            deadline,
            self.race.as_ref().map(|r| &r.stop),
            |s| s.solve_assumps(&assumptions),
        )
        .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        self.answer(result)
    }

    fn core(&mut self) -> Result<Vec<Lit>> {
        let core = self
            .solver
            .core()
            .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        Ok(match &self.dense {
            Some(dense) => core.into_iter().map(|lit| dense.outer(lit)).collect(),
            None => core,
        })
    }

    fn suggest_phase(&mut self, lit: Lit) {
        let lit = match &mut self.dense {
            Some(dense) => dense.inner(lit),
            None => lit,
        };
        let _ = self.solver.phase_lit(lit);
    }

    fn statistics(&self) -> Vec<(String, String)> {
        let stats = self.solver.stats();
        vec![
            (
                "solver-calls".into(),
                (stats.n_sat + stats.n_unsat + stats.n_terminated).to_string(),
            ),
            (
                "solve-cpu-seconds".into(),
                format!("{:.3}", stats.cpu_solve_time.as_secs_f64()),
            ),
        ]
        .into_iter()
        .chain(
            self.solver
                .search_counters()
                .into_iter()
                .map(|(name, value)| (name.to_string(), value.to_string())),
        )
        .collect()
    }
}

/// A non-incremental embedded solver: a fresh instance per call.
#[cfg_attr(not(feature = "kissat"), allow(dead_code))]
pub struct Fresh<S, F> {
    name: &'static str,
    make: F,
    store: super::ClauseStore,
    calls: usize,
    _solver: std::marker::PhantomData<S>,
}

#[cfg_attr(not(feature = "kissat"), allow(dead_code))]
impl<S, F: Fn() -> S> Fresh<S, F> {
    /// A backend that builds its solver with `make` for every call.
    pub fn new(name: &'static str, make: F) -> Self {
        Fresh {
            name,
            make,
            store: super::ClauseStore::default(),
            calls: 0,
            _solver: std::marker::PhantomData,
        }
    }
}

impl<S, F> Backend for Fresh<S, F>
where
    S: Solve + Interrupt,
    F: Fn() -> S,
{
    fn description(&self) -> String {
        format!("{} (embedded, non-incremental)", self.name)
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.store.reserve(num_vars);
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        self.store.add(clause);
        Ok(())
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        let mut solver = (self.make)();
        self.calls += 1;
        let num_vars = self.store.num_vars;
        if num_vars > 0 {
            solver
                .reserve(Var::new(num_vars - 1))
                .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        }
        for clause in self.store.clauses.iter() {
            solver
                .add_clause(clause.iter().copied().collect())
                .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        }
        let result = solve_with_deadline(&mut solver, deadline, None)
            .map_err(|e| Error::Solver(format!("{}: {e}", self.name)))?;
        outcome(result, &solver, num_vars, None, self.name)
    }

    fn statistics(&self) -> Vec<(String, String)> {
        vec![("solver-calls".into(), self.calls.to_string())]
    }
}

#[cfg(all(test, feature = "minisat"))]
mod tests {
    use super::*;

    fn lit(v: u32, positive: bool) -> Lit {
        Var::new(v).lit(!positive)
    }

    #[test]
    fn a_dense_numbering_gives_the_models_of_the_formula() {
        // Variables 3, 40 and 100 of 120; the others occur nowhere.
        let mut backend = Incremental::new("minisat", rustsat_minisat::core::Minisat::default())
            .numbered_densely();
        backend.reserve(120).expect("reserve");
        let mut clauses = Clauses::new();
        clauses.push(&[lit(100, true)]);
        clauses.push(&[lit(3, false), lit(40, true)]);
        clauses.push(&[lit(100, false), lit(3, true)]);
        backend.add_clauses(&Arc::new(clauses)).expect("clauses");
        let dense = backend.dense.as_ref().expect("dense");
        // The solver numbers them in the formula's order.
        assert_eq!(dense.outer, vec![3, 40, 100]);
        let Outcome::Sat(model) = backend.solve(None).expect("solve") else {
            panic!("satisfiable");
        };
        for v in 0..120 {
            let expected = [3, 40, 100].contains(&v);
            assert_eq!(model.value(Var::new(v)), expected, "variable {v}");
        }
        // Assumptions and cores in the formula's numbering.
        let assumed = backend
            .solve_assuming(&[lit(40, false)], None)
            .expect("solve");
        assert!(matches!(assumed, Outcome::Unsat));
        assert_eq!(backend.core().expect("core"), vec![lit(40, true)]);
    }
}
