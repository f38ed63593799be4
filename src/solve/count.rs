//! Counting solutions (`solve --count`): enumeration races the model
//! counter, and the first exact answer wins.
//!
//! A model counter is the way to count millions of solutions, but on a
//! formula with a few thousand it loses to plain enumeration by far
//! (Ganak: 23 s for the 14,200 solutions of 12-queens, which `solve --all`
//! finds in 1.5 s). So both run ([`CountBy::Race`]): the enumeration of
//! `--all` (every model checked against the formula and told apart on the
//! projection set, then thrown away) in a thread, and, unless it has ended
//! within [`HEAD_START`], the counter beside it as a process. An
//! enumeration that finds every solution (or none) stops the counter; a
//! count from the counter stops the enumeration. The enumeration gives up
//! after [`RACE_SOLUTIONS`] solutions (its blocking clauses grow with each,
//! and so does the memory that tells solutions apart), leaving the count
//! to the counter. Either answer is exact. [`CountBy::Counter`] and
//! [`CountBy::Enumeration`] run one of them alone (the enumeration then to
//! the end, however many solutions there are).

use super::{run, SolveOptions};
use crate::cnf::{Clauses, Formula};
use crate::error::Result;
use crate::model::Status;
use crate::solver::counter::{self, Counter};
use crate::solver::embedded::{self, SolverOption};
use crate::solver::{Backend, Outcome, Stop};
use rustsat::types::Lit;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How long the enumeration runs alone before the counter starts beside
/// it: most puzzles with a handful of solutions are counted by then, and
/// no counter process is started for them.
pub const HEAD_START: Duration = Duration::from_millis(200);

/// The solutions after which the racing enumeration gives up.
pub const RACE_SOLUTIONS: u64 = 100_000;

/// How `solve --count` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum CountBy {
    /// Enumeration (up to 100,000 solutions) races the model counter.
    #[default]
    Race,
    /// The model counter alone.
    Counter,
    /// Enumeration alone, to the end (no counter needed).
    Enumeration,
}

/// The embedded solver that enumerates, with its options.
#[derive(Debug, Clone)]
pub struct Enumerator {
    /// An incremental embedded solver (`cadical`, `minisat`, `glucose`).
    pub solver: String,
    /// Its options.
    pub options: Vec<SolverOption>,
}

/// The answer of [`count`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions on the projection set (decimal: it can
    /// outgrow every integer type); `None` when the time limit came first.
    pub count: Option<String>,
    /// How it was obtained, or why there is none, for the `c` line.
    pub how: String,
}

/// What the racers report.
enum Event {
    /// The enumeration ended: its solutions, and whether it found every
    /// one (`Some(true)`), gave up at its limit (`Some(false)`), or was
    /// stopped (`None`: the time limit, or the counter won).
    Enumerated(Result<(u64, Option<bool>)>),
    /// The counter ended: its count, or `None` at the time limit.
    Counted(Result<Option<String>>),
}

/// A backend that answers UNKNOWN once `stop` is raised, looking before
/// each call (an enumeration makes many short ones): a signal without a
/// watchdog thread per call.
struct Stoppable {
    inner: Box<dyn Backend>,
    stop: Stop,
}

impl Backend for Stoppable {
    fn description(&self) -> String {
        self.inner.description()
    }
    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.inner.reserve(num_vars)
    }
    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        self.inner.add_clause(clause)
    }
    fn add_clauses(&mut self, clauses: &Arc<Clauses>) -> Result<()> {
        self.inner.add_clauses(clauses)
    }
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        if self.stop.raised() {
            return Ok(Outcome::Unknown);
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
        if self.stop.raised() {
            return Ok(Outcome::Unknown);
        }
        self.inner.solve_assuming(assumptions, deadline)
    }
    fn core(&mut self) -> Result<Vec<Lit>> {
        self.inner.core()
    }
    fn suggest_phase(&mut self, lit: Lit) {
        self.inner.suggest_phase(lit)
    }
    fn statistics(&self) -> Vec<(String, String)> {
        self.inner.statistics()
    }
}

/// Runs the enumeration of `formula` with `enumerator` up to `limit`
/// solutions (all when `None`) until `deadline` or `stop`.
fn enumerate(
    formula: &Formula,
    enumerator: &Enumerator,
    limit: Option<u64>,
    deadline: Option<Instant>,
    stop: &Stop,
) -> Result<(u64, Option<bool>)> {
    let options = SolveOptions {
        all: true,
        // One more than the limit: finding it says the limit is passed.
        max: limit.map(|l| l + 1),
        time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        ..SolveOptions::default()
    };
    let mut factory = || -> Result<Box<dyn Backend>> {
        let inner = embedded::create(&enumerator.solver, &enumerator.options)?
            .filter(|solver| solver.supports_assumptions())
            .ok_or_else(|| {
                crate::error::Error::Usage(format!(
                    "'{}' cannot enumerate for --count (an incremental embedded solver can: {})",
                    enumerator.solver,
                    super::portfolio::members_available().join(", ")
                ))
            })?;
        Ok(Box::new(Stoppable {
            inner,
            stop: stop.clone(),
        }))
    };
    let report = run(formula, &mut factory, &options, &mut std::io::sink())?;
    let ended = match (report.status, report.complete, limit) {
        (Status::Unsatisfiable, _, _) | (_, Some(true), _) => Some(true),
        (_, _, Some(limit)) if report.count > limit => Some(false),
        // Stopped: by the time limit, or because the counter won.
        _ => None,
    };
    Ok((report.count, ended))
}

/// Counts the solutions of the CNF `formula` on its projection set, as
/// `by` says (see the module documentation), until `deadline`.
pub fn count(
    formula: Arc<Formula>,
    by: CountBy,
    counter: &Counter,
    enumerator: &Enumerator,
    deadline: Option<Instant>,
) -> Result<Counted> {
    let (send, events) = mpsc::channel::<Event>();
    let stop_enumeration = Stop::new();
    let stop_counter = Stop::new();
    if by != CountBy::Counter {
        let (formula, enumerator, stop) = (
            Arc::clone(&formula),
            enumerator.clone(),
            stop_enumeration.clone(),
        );
        let limit = (by == CountBy::Race).then_some(RACE_SOLUTIONS);
        let send = send.clone();
        // Not joined: it stops at its next solver call (an embedded
        // solver, no process to end).
        std::thread::spawn(move || {
            let ended = enumerate(&formula, &enumerator, limit, deadline, &stop);
            let _ = send.send(Event::Enumerated(ended));
        });
    }
    let start_counter = || {
        let (formula, counter, stop, send) = (
            Arc::clone(&formula),
            counter.clone(),
            stop_counter.clone(),
            send.clone(),
        );
        std::thread::spawn(move || {
            let counted = counter::count(&formula, &counter, deadline, Some(&stop));
            let _ = send.send(Event::Counted(counted));
        })
    };
    // What the enumeration found when it stopped (false) or gave up (true).
    let mut enumerated: Option<(u64, bool)> = None;
    let mut enumeration_ended = by == CountBy::Counter;
    let mut counting = None;
    let mut first = None;
    match by {
        CountBy::Counter => counting = Some(start_counter()),
        CountBy::Race => match events.recv_timeout(HEAD_START) {
            // Given up already: the count is the counter's.
            Ok(Event::Enumerated(Ok((found, Some(false))))) => {
                enumerated = Some((found, true));
                enumeration_ended = true;
                counting = Some(start_counter());
            }
            Ok(event) => first = Some(event),
            Err(_) => counting = Some(start_counter()),
        },
        CountBy::Enumeration => {}
    }
    drop(send);
    let counter_name = counter.description();
    let solver = &enumerator.solver;
    let outcome = loop {
        let event = match first.take() {
            Some(event) => event,
            None => match events.recv() {
                Ok(event) => event,
                // Both ended without an answer.
                Err(_) => break Ok(None),
            },
        };
        enumeration_ended |= matches!(event, Event::Enumerated(_));
        match event {
            Event::Enumerated(Err(e)) | Event::Counted(Err(e)) => break Err(e),
            Event::Enumerated(Ok((0, Some(true)))) => {
                break Ok(Some((
                    "0".to_string(),
                    format!("enumeration: {solver} found no solution"),
                )))
            }
            Event::Enumerated(Ok((found, Some(true)))) => {
                break Ok(Some((
                    found.to_string(),
                    format!("enumeration: every solution found by {solver}"),
                )))
            }
            Event::Enumerated(Ok((found, Some(false)))) => enumerated = Some((found, true)),
            Event::Enumerated(Ok((found, None))) => enumerated = Some((found, false)),
            Event::Counted(Ok(Some(count))) => {
                break Ok(Some((count, format!("the counter {counter_name}"))))
            }
            Event::Counted(Ok(None)) => {}
        }
    };
    // The loser stops; the counter's thread kills its process and is
    // waited for, so that no counter outlives solve.
    stop_enumeration.raise();
    stop_counter.raise();
    if !enumeration_ended && matches!(outcome, Ok(Some(_))) {
        // What the stopped enumeration had found, if it says so soon (it
        // stops before its next solver call).
        while let Ok(event) = events.recv_timeout(HEAD_START) {
            if let Event::Enumerated(Ok((found, _))) = event {
                enumerated = Some((found, false));
                break;
            }
        }
    }
    let counter_ran = counting.is_some();
    if let Some(thread) = counting {
        let _ = thread.join();
    }
    let (count, how) = match outcome? {
        Some((count, mut how)) => {
            match enumerated {
                Some((found, true)) => how.push_str(&format!(
                    "; the enumeration gave up after {found} solutions"
                )),
                Some((found, false)) => {
                    how.push_str(&format!("; the enumeration had found {found} solutions"))
                }
                None if counter_ran && how.starts_with("enumeration") => {
                    how.push_str(&format!("; the counter {counter_name} was stopped"))
                }
                None => {}
            }
            (Some(count), how)
        }
        None => {
            let mut how = String::from("the time limit came first");
            if counter_ran {
                how.push_str(&format!(" (the counter {counter_name} was stopped)"));
            }
            if let Some((found, _)) = enumerated {
                how.push_str(&format!(
                    "; the enumeration found {found} solutions, so there are at least as many"
                ));
            }
            (None, how)
        }
    };
    Ok(Counted { count, how })
}
