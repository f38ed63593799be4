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
//! enumeration cubes`), else blocking clauses.
//!
//! Optimisation (WCNF) is a solution-improving linear search: each model's
//! cost is printed as an `o` line, then an incremental pseudo-boolean
//! bound (rustsat's generalized totalizer, or a totalizer for unit weights)
//! demands a strictly cheaper one, until the solver proves none exists.
//! For a declared exact cover whose soft clauses are over projection
//! variables, the cube search does branch and bound instead
//! ([`cubes::PartialCost`] is its lower bound).
//!
//! Models are checked against the formula before they are printed; while
//! enumerating, incrementally ([`ModelChecker`]).
//!
//! The parts: the session and its entry point [`run`] (here), the first
//! search with `c try-first` and `c relax` (`trials`), the race of several
//! solvers for one answer ([`portfolio`]), counting, where enumeration
//! races a model counter ([`count`]), enumeration
//! (`enumerate`), the search over disjoint cubes that enumeration and
//! optimisation share (`cube_search`, over the propagator of [`cubes`]),
//! optimisation (`optimise`) and the objective's incremental bound
//! (`bounds`).

use crate::cnf::{Formula, Kind};
use crate::error::{Error, IoContext, Result};
use crate::model::{check_model, write_v_lines, Model, ModelChecker, Status};
use crate::solver::Backend;
use rustsat::types::Var;
use std::collections::HashSet;

pub use backbone::Backbone;
use std::io::Write;
use std::time::{Duration, Instant};

mod backbone;
mod bounds;
pub mod count;
mod cube_search;
pub(crate) mod cubes;
mod enumerate;
mod optimise;
pub mod portfolio;
mod trials;

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

/// How enumeration moves from one solution to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Enumeration {
    /// Cubes when the header declares an exact cover (`c enumeration
    /// cubes`) and the solver takes assumptions, else blocking clauses.
    #[default]
    Auto,
    /// Disjoint cubes over the projection variables: branch on them and
    /// never block.
    Cubes,
    /// A blocking clause after each solution (`--blocking` says which).
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
    /// Find the backbone (the projection literals true in every
    /// solution) instead of solutions ([`backbone`]).
    pub backbone: bool,
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
        self.backbone || self.limit() != Some(1)
    }
}

/// Adds to `options` of the embedded solver `name` what an enumeration
/// (thousands of calls) wants: CaDiCaL without its "lucky" phases, which
/// try trivial assignments before every search (unless set already).
pub fn enumeration_options(name: &str, options: &mut Vec<crate::solver::embedded::SolverOption>) {
    if name == "cadical" && !options.iter().any(|(n, _)| n == "lucky") {
        options.push(("lucky".to_string(), 0));
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
    /// With `--backbone`: what the search proved (in the JSON document
    /// as [`json_document`] writes it).
    #[serde(skip)]
    pub backbone: Option<Backbone>,
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
        Kind::Cnf if options.backbone => session.backbone(factory)?,
        Kind::Cnf => session.satisfy(factory)?,
        Kind::Wcnf if options.backbone => {
            return Err(Error::Usage(
                "--backbone is for CNF: a WCNF's soft clauses may be broken (solve its hard \
                 clauses, or enumerate the optima with --all)"
                    .into(),
            ))
        }
        Kind::Wcnf => session.optimise(factory)?,
    };
    if options.json {
        serde_json::to_writer(&mut *session.out, &json_document(&report))
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

/// The `--json` document of a report: `status`, `solver`, `count`,
/// `complete`, `best_cost`, `seconds`, `models` (one array of DIMACS
/// literals per solution), `costs` (WCNF), `true_names` (per solution) and
/// `stats`, an object whose values are numbers.
pub fn json_document(report: &Report) -> serde_json::Value {
    let mut stats = serde_json::Map::new();
    for (key, value) in &report.statistics {
        // Backends report counters as text for the `c stat` lines; a
        // script wants numbers (a non-numeric value is not a statistic).
        let number = match value.parse::<u64>() {
            Ok(n) => serde_json::Value::from(n),
            Err(_) => match value
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
            {
                Some(n) => serde_json::Value::Number(n),
                None => continue,
            },
        };
        stats.insert(key.clone(), number);
    }
    stats.insert("seconds".into(), serde_json::Value::from(report.seconds));
    let mut doc = serde_json::json!({
        "status": report.status.as_str(),
        "solver": report.solver,
        "count": report.count,
        "complete": report.complete,
        "best_cost": report.best_cost,
        "seconds": report.seconds,
        "models": report.solutions.iter().map(|s| &s.model).collect::<Vec<_>>(),
        "true_names": report.solutions.iter().map(|s| &s.true_names).collect::<Vec<_>>(),
        "stats": stats,
    });
    if let Some(backbone) = &report.backbone {
        doc["backbone"] = serde_json::json!({
            "forced": backbone.forced.iter().map(|l| l.to_ipasir()).collect::<Vec<_>>(),
            "complete": backbone.complete,
            "undecided": backbone.undecided,
            "calls": backbone.calls,
        });
    }
    if report.best_cost.is_some() || report.solutions.iter().any(|s| s.cost.is_some()) {
        doc["costs"] = report.solutions.iter().map(|s| s.cost).collect();
    }
    doc
}

/// One `solve` run: the formula, the options, the output and the
/// solutions found so far.
struct Session<'a> {
    formula: &'a Formula,
    options: &'a SolveOptions,
    out: &'a mut dyn Write,
    start: Instant,
    deadline: Option<Instant>,
    projection: Vec<Var>,
    /// The projections of the solutions found, packed 64 to a word.
    seen: HashSet<Vec<u64>>,
    /// Checks enumerated models incrementally (created at the first).
    checker: Option<ModelChecker<'a>>,
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
            checker: None,
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
            progress_line(self.start, message);
        }
    }

    fn positive_blocking(&self) -> bool {
        match self.options.blocking {
            Blocking::Auto => self.formula.meta.blocking_positive,
            Blocking::Full => false,
            Blocking::Positive => true,
        }
    }

    /// Checks a model and records it; prints it in text mode.
    fn accept(&mut self, model: &Model, status: Status, cost: Option<u64>) -> Result<()> {
        if self.options.enumerating() {
            let formula = self.formula;
            self.checker
                .get_or_insert_with(|| ModelChecker::new(formula))
                .check(model, &self.solver)?;
        } else {
            check_model(self.formula, model, &self.solver)?;
        }
        if self.options.enumerating() && !self.seen.insert(self.packed_projection(model)) {
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
            write_v_lines(
                self.out,
                model,
                self.formula.solver_vars(),
                &self.formula.meta.fixed,
            )
            .with_name(crate::io::STDOUT_NAME)?;
            self.out.flush().with_name(crate::io::STDOUT_NAME)?;
        }
        if self.options.enumerating() && self.count % 1000 == 0 {
            self.progress(&format!("{} solutions", self.count));
        }
        Ok(())
    }

    /// The projection of `model` as bits, 64 to a word.
    fn packed_projection(&self, model: &Model) -> Vec<u64> {
        let mut words = vec![0u64; self.projection.len().div_ceil(64)];
        for (i, &var) in self.projection.iter().enumerate() {
            if model.value(var) {
                words[i / 64] |= 1 << (i % 64);
            }
        }
        words
    }

    /// A solution as the JSON report lists it, the header's fixed
    /// variables with their values.
    fn found_solution(&self, model: &Model, cost: Option<u64>) -> FoundSolution {
        let mut values = model.values().to_vec();
        self.formula.meta.fixed.apply(&mut values);
        let model = &Model::from_values(values);
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
            true_names: self
                .formula
                .meta
                .names
                .iter()
                .filter(|(v, _)| model.value(*v))
                .map(|(_, n)| n.into_owned())
                .collect(),
        }
    }

    /// Ends a run without a model: `s UNSATISFIABLE` when `proven`, else
    /// `s UNKNOWN`, and the report.
    fn no_model(&mut self, proven: bool, backend: &dyn Backend) -> Result<Report> {
        let status = if proven {
            Status::Unsatisfiable
        } else {
            Status::Unknown
        };
        if !self.options.json {
            self.line(&format!("s {}", status.as_str()))?;
        }
        Ok(self.report(status, None, None, backend))
    }

    /// The report of the run so far.
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
            backbone: None,
        }
    }
}

/// A `--verbose` progress line on standard error, with the seconds since
/// `start`.
fn progress_line(start: Instant, message: &str) {
    eprintln!("c [{:8.3}s] {message}", start.elapsed().as_secs_f64());
}

/// The environment variable that sets the `-v` ticker's interval in
/// seconds (tests use a fraction of a second).
pub const TICKER_INTERVAL_VAR: &str = "SATPIPE_PROGRESS_INTERVAL";

/// The interval of the `-v` ticker: `$SATPIPE_PROGRESS_INTERVAL` seconds,
/// else 5.
pub fn ticker_interval() -> Duration {
    std::env::var(TICKER_INTERVAL_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

/// Prints a `c [   seconds] still searching` line on standard error every
/// interval while it lives, so that `-v` shows progress during one long
/// solver call too (the solver runs on this thread and reports nothing
/// until it returns). Dropping it stops and joins the thread.
pub struct Ticker {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Ticker {
    /// Starts ticking every `interval`.
    pub fn start(interval: Duration) -> Ticker {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let start = Instant::now();
        let thread = std::thread::spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(interval)
            {
                progress_line(start, "still searching");
            }
        });
        Ticker {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        // Closing the channel wakes the thread at once.
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
