//! `solve --cross-check OTHER`: a second backend answers the same
//! question, and the answers must agree.
//!
//! A solver that wrongly claims UNSAT passes every model check (there is no
//! model to check); only a second opinion catches it. The main backend runs
//! first with its output held back; then `OTHER` runs with the same
//! options (each with the full time limit), its output discarded. The
//! model stream is printed only when both agree on satisfiability, on the
//! optimum of a WCNF, and, when both enumerated to the end, on the number
//! of solutions; otherwise nothing is printed and the error names both
//! solvers. When either gave up (time limit) the check is inconclusive:
//! the stream is printed with a `c cross-check inconclusive` line.

use super::embedded;
use super::external::External;
use super::registry::{kissat_companion, OutputConvention, Registry, SolverConfig};
use super::Backend;
use crate::cnf::Formula;
use crate::error::{Error, IoContext, Result};
use crate::model::Status;
use crate::solve::{run, BackendFactory, Report, SolveOptions};
use std::io::Write;

/// A backend factory that owns what it needs.
pub type OwnedFactory = dyn FnMut() -> Result<Box<dyn Backend>>;

/// Creates the backends of a `--cross-check` name: an embedded solver
/// (`cadical`, `minisat`, `glucose`, and `kissat` through the companion
/// binary `solve-kissat`) or `ext:NAME` for an external one from the
/// registry.
pub fn backend_factory(spec: &str, registry: &Registry) -> Result<Box<OwnedFactory>> {
    if let Some(name) = spec.strip_prefix("ext:") {
        let config = registry.get(name).cloned().ok_or_else(|| {
            Error::Usage(format!(
                "--cross-check {spec}: unknown external solver '{name}' (see --list-solvers)"
            ))
        })?;
        // Fails now, before any solving, when the program is missing.
        External::new(config.clone())?;
        return Ok(Box::new(move || {
            Ok(Box::new(External::new(config.clone())?) as Box<dyn Backend>)
        }));
    }
    if spec == "kissat" && embedded::create(spec, &[])?.is_none() {
        // Embedded Kissat lives in the companion binary `solve-kissat`
        // (it cannot be linked beside CaDiCaL); that binary prints
        // competition output, so it runs as an external solver on one
        // satisfiability question per call, as `--solver kissat` would.
        let program = kissat_companion().ok_or_else(|| {
            Error::Usage(
                "--cross-check kissat: embedded Kissat is in the companion binary solve-kissat, \
                 which was not found beside solve or on PATH (build it with `make build`), \
                 or use ext:kissat"
                    .into(),
            )
        })?;
        let config = SolverConfig {
            name: "kissat".into(),
            description: "embedded Kissat through solve-kissat".into(),
            command: vec![
                program.display().to_string(),
                "--solver".into(),
                "kissat".into(),
                "{input}".into(),
            ],
            output: OutputConvention::Competition,
            proof_command: None,
        };
        return Ok(Box::new(move || {
            Ok(Box::new(External::new(config.clone())?) as Box<dyn Backend>)
        }));
    }
    if embedded::create(spec, &[])?.is_none() {
        return Err(Error::Usage(format!(
            "--cross-check {spec}: not an embedded solver of this build ({}); \
             use ext:NAME for an external one, e.g. ext:kissat",
            embedded::available().join(", ")
        )));
    }
    let name = spec.to_string();
    Ok(Box::new(move || {
        embedded::create(&name, &[])?
            .ok_or_else(|| Error::Usage(format!("unknown embedded solver '{name}'")))
    }))
}

/// Solves with `primary`, then with `other`, and writes the primary's model
/// stream to `out` only when the two agree (see the module docs).
pub fn run_cross_checked(
    formula: &Formula,
    primary: &mut BackendFactory<'_>,
    other: &mut BackendFactory<'_>,
    options: &SolveOptions,
    out: &mut dyn Write,
) -> Result<Report> {
    let mut held = Vec::new();
    let report = run(formula, primary, options, &mut held)?;
    let quiet = SolveOptions {
        verbose: false,
        json: false,
        ..options.clone()
    };
    let second = run(formula, other, &quiet, &mut std::io::sink())?;
    let verdict = compare(&report, &second)?;
    out.write_all(&held).with_name(crate::io::STDOUT_NAME)?;
    if !options.json {
        writeln!(out, "c cross-check {verdict}").with_name(crate::io::STDOUT_NAME)?;
    }
    Ok(report)
}

/// What a status says about satisfiability; `None` for unknown.
fn satisfiable(status: Status) -> Option<bool> {
    match status {
        Status::Satisfiable | Status::OptimumFound => Some(true),
        Status::Unsatisfiable => Some(false),
        Status::Unknown => None,
    }
}

/// Compares two reports of the same question; the error names both
/// solvers and what they disagree on.
pub fn compare(first: &Report, second: &Report) -> Result<String> {
    let (a, b) = (&first.solver, &second.solver);
    let disagree = |what: String| {
        Err(Error::Solver(format!(
            "cross-check failed: {what}; at least one of them is wrong, so neither answer is trusted"
        )))
    };
    let (Some(sat_a), Some(sat_b)) = (satisfiable(first.status), satisfiable(second.status)) else {
        let message = format!(
            "inconclusive: {a} answered {}, {b} answered {}",
            first.status.as_str(),
            second.status.as_str()
        );
        eprintln!("solve: cross-check {message}");
        return Ok(message);
    };
    if sat_a != sat_b {
        return disagree(format!(
            "{a} says {} but {b} says {}",
            first.status.as_str(),
            second.status.as_str()
        ));
    }
    if let (Some(cost_a), Some(cost_b)) = (first.best_cost, second.best_cost) {
        let proven = first.status == Status::OptimumFound && second.status == Status::OptimumFound;
        if proven && cost_a != cost_b {
            return disagree(format!(
                "{a} finds the optimum {cost_a} but {b} finds {cost_b}"
            ));
        }
    }
    if first.complete == Some(true) && second.complete == Some(true) && first.count != second.count
    {
        return disagree(format!(
            "{a} enumerates {} solutions but {b} enumerates {}",
            first.count, second.count
        ));
    }
    Ok(format!(
        "agreed: {b} also answered {}",
        second.status.as_str()
    ))
}
