//! A portfolio: several embedded solvers race on one formula, each in its
//! own thread with its own copy of the clauses, and the first definite
//! answer wins.
//!
//! Runtimes of one solver on one formula are heavy-tailed and differ from
//! solver to solver, so the fastest of two is often much faster than
//! either alone (the crossword fills, docs/crossword-encoding.md). Each
//! member runs the whole first search of [`super::run`] (the header's `c
//! try-first` and `c relax` lines included) into a buffer; the member that
//! answers first (SAT, UNSAT, or an optimum) raises a [`Stop`] that
//! interrupts the others, and its buffered stream is the output. Its model
//! was checked against every clause like any other. A member's error
//! before the answer (a wrong model, say) is the run's error, not hidden
//! behind a slower member's answer.

use super::{run, Report, SolveOptions};
use crate::cnf::Formula;
use crate::error::{Error, IoContext, Result};
use crate::solver::embedded::{self, SolverOption};
use crate::solver::{Backend, Stop};
use std::io::Write;
use std::sync::{mpsc, Arc};

/// One solver of a portfolio: an embedded solver's name and its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The embedded solver (`cadical`, `minisat` or `glucose`).
    pub solver: String,
    /// Its options (CaDiCaL's only).
    pub options: Vec<SolverOption>,
}

/// Races `members` on `formula` for the answer that `options` ask for (one
/// model, or an optimum), writes the winner's model stream (or JSON) to
/// `out` and returns its report. At the time limit, the first member to
/// give up writes its `s UNKNOWN` stream.
///
/// The losers are stopped but not waited for: a solver may take seconds to
/// notice the signal (Glucose checks it only between conflicts), and the
/// answer is already there. Their threads end with the process.
pub fn race(
    formula: Arc<Formula>,
    members: &[Member],
    options: &SolveOptions,
    out: &mut dyn Write,
) -> Result<Report> {
    if members.len() < 2 {
        return Err(Error::Usage(
            "a portfolio needs at least two solvers".into(),
        ));
    }
    let label = members
        .iter()
        .map(|m| m.solver.as_str())
        .collect::<Vec<_>>()
        .join(",");
    // Options a member rejects are a mistake on the command line, to be
    // reported whichever member would have answered first.
    for member in members {
        embedded::create(&member.solver, &member.options)?
            .ok_or_else(|| not_a_member(&member.solver))?;
    }
    let stop = Stop::new();
    let (send, receive) = mpsc::channel::<(usize, Result<Report>, Vec<u8>)>();
    for (index, member) in members.iter().enumerate() {
        let (member, formula, options) = (member.clone(), formula.clone(), options.clone());
        let (stop, label, send) = (stop.clone(), label.clone(), send.clone());
        std::thread::spawn(move || {
            let mut factory = || -> Result<Box<dyn Backend>> {
                embedded::create_racer(&member.solver, &member.options, &stop, &label)?
                    .ok_or_else(|| not_a_member(&member.solver))
            };
            let mut buffer = Vec::new();
            let result = run(&formula, &mut factory, &options, &mut buffer);
            // The receiver is gone only when the race is decided.
            let _ = send.send((index, result, buffer));
        });
    }
    drop(send);
    // The first member to end decides: with an answer, or with none at
    // the time limit, which every member shares.
    let (index, result, buffer) = receive
        .recv()
        .map_err(|_| Error::Solver("the portfolio's solvers ended without an answer".into()))?;
    stop.raise();
    let report = result.map_err(|error| match error {
        Error::Solver(message) => Error::Solver(format!(
            "{} in the portfolio: {message}",
            members[index].solver
        )),
        other => other,
    })?;
    out.write_all(&buffer).with_name(crate::io::STDOUT_NAME)?;
    Ok(report)
}

/// The error for a solver that cannot be a member.
fn not_a_member(name: &str) -> Error {
    Error::Usage(format!(
        "'{name}' cannot race in a portfolio (this build's incremental embedded solvers: {})",
        members_available().join(", ")
    ))
}

/// The embedded solvers of this build that can be members.
pub fn members_available() -> Vec<&'static str> {
    embedded::available()
        .into_iter()
        .filter(|name| *name != "kissat")
        .collect()
}

/// Parses `--portfolio`'s list, `NAME,NAME,...`: two or more of
/// [`members_available`], each at most once.
pub fn parse_members(text: &str) -> Result<Vec<String>> {
    let names: Vec<String> = text
        .split(',')
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    let available = members_available();
    for (i, name) in names.iter().enumerate() {
        if !available.contains(&name.as_str()) {
            return Err(not_a_member(name));
        }
        if names[..i].contains(name) {
            return Err(Error::Usage(format!(
                "--portfolio names '{name}' twice (each solver races once)"
            )));
        }
    }
    if names.len() < 2 {
        return Err(Error::Usage(format!(
            "--portfolio needs two or more solvers, e.g. cadical,glucose (got '{text}')"
        )));
    }
    Ok(names)
}
