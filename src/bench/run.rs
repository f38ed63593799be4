//! Executing runs: each stage (encode, solve, decode) is a real process
//! (measured by [`measure`]); the matrix runs on a pool of worker threads,
//! appending one row per finished run.

use super::config::Expect;
use super::matrix::{Group, SolverSpec, Source, Tools, GEN_FAMILY};
pub use super::process::{measure, Measured};
use super::rows::{Key, Outcome, Row, Sink};
use crate::error::{Error, IoContext, Result};
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

mod peers;

pub use peers::install_peers;
use peers::run_peer;

/// Extra seconds a stage gets beyond its limit before it is killed (for
/// `solve`, which stops itself at the time limit, this is a backstop).
pub const GRACE_SECONDS: f64 = 10.0;

/// Settings shared by every run.
#[derive(Debug, Clone)]
pub struct RunSettings {
    /// Time limit of the solver, in seconds (also bounds encode and
    /// decode, with some grace).
    pub time_limit: f64,
    /// Where the programs are.
    pub tools: Tools,
    /// Folder for temporary CNF and model files.
    pub work_dir: PathBuf,
    /// Runs of each (instance, variant, solver); the row kept is the one
    /// with the median pipeline seconds, or an ERROR row if any run failed.
    pub repeat: usize,
    /// Peers that cannot run here, with the reason (filled by
    /// [`run_matrix`] from their install step).
    pub unavailable_peers: HashMap<String, String>,
    /// Whether the peers' install step already ran (before the jobs of a
    /// job list were submitted): [`run_matrix`] then leaves it out.
    pub peers_installed: bool,
}

/// The row of a run of `group` with `solver` before anything is known:
/// an ERROR with no times, to be filled in.
fn blank_row(group: &Group, solver: &SolverSpec, time_limit: f64) -> Row {
    Row {
        family: group.family.clone(),
        instance: group.instance.clone(),
        encoding: group.encoding.clone(),
        encoder_options: group.encoder_options(),
        solver: solver.label(),
        result: Outcome::Error,
        verified: false,
        variables: None,
        clauses: None,
        encode_seconds: 0.0,
        solve_seconds: 0.0,
        decode_seconds: 0.0,
        peak_mb: 0.0,
        time_limit,
        message: String::new(),
        solutions: None,
        solve_options: group.solve_options(),
        decode_options: group.decode_options(),
        cost: None,
        score_mean: None,
        score_lowest: None,
        weak_entries: None,
    }
}

/// Runs `group` `settings.repeat` times and emits one row per solver: an
/// ERROR row if a run failed, else the run with the median pipeline
/// seconds (encode + solve + decode). Emits nothing for a solver whose runs
/// were interrupted.
fn run_repeated(
    group: &Group,
    solvers: &[SolverSpec],
    settings: &RunSettings,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(Row) -> Result<()>,
) -> Result<()> {
    let repeat = settings.repeat.max(1);
    if repeat == 1 {
        return run_group(group, solvers, settings, stop, emit);
    }
    let mut rows: Vec<Row> = Vec::new();
    for _ in 0..repeat {
        run_group(group, solvers, settings, stop, &mut |row| {
            rows.push(row);
            Ok(())
        })?;
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
    }
    let total = |r: &Row| r.encode_seconds + r.solve_seconds + r.decode_seconds;
    for solver in solvers {
        let label = solver.label();
        let mut runs: Vec<Row> = rows.iter().filter(|r| r.solver == label).cloned().collect();
        if runs.len() < repeat {
            continue;
        }
        let chosen = match runs.iter().position(|r| r.result == Outcome::Error) {
            Some(failed) => runs.swap_remove(failed),
            None => {
                runs.sort_by(|a, b| {
                    a.result
                        .solved()
                        .cmp(&b.result.solved())
                        .reverse()
                        .then(total(a).total_cmp(&total(b)))
                });
                let mut row = runs.swap_remove(runs.len() / 2);
                let note = format!("median of {repeat} runs");
                row.message = if row.message.is_empty() {
                    note
                } else {
                    format!("{}; {note}", row.message)
                };
                row
            }
        };
        emit(chosen)?;
    }
    Ok(())
}

/// Variables and clauses of the formula in a file (plain or compressed):
/// as its `p` line declares them, else (a 2022+ WCNF) counted, hard and
/// soft clauses together.
fn formula_size(path: &Path) -> Option<(u64, u64)> {
    let mut input = crate::io::Input::open(path).ok()?;
    match crate::dimacs::sniff(&mut input).ok()?.declared {
        Some((vars, clauses)) => Some((u64::from(vars), clauses)),
        None => {
            let mut input = crate::io::Input::open(path).ok()?;
            let stats = crate::stats::compute(&mut input, Default::default()).ok()?;
            Some((
                u64::from(stats.variables),
                stats.clauses + stats.soft_clauses,
            ))
        }
    }
}

/// What a model stream says, read in one pass.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Answer {
    /// Solutions: its `s SATISFIABLE` and `s OPTIMUM FOUND` lines, or the
    /// count of `solve --count` (`s mc N`; `None` beyond u64).
    solutions: Option<u64>,
    /// The last `o COST` line (a WCNF's best cost).
    cost: Option<u64>,
    /// Whether an `s OPTIMUM FOUND` line proves that cost optimal.
    optimum: bool,
    /// Whether the time limit stopped an enumeration (`c enumeration
    /// stopped: N solutions found (time limit)`): its count is a bound.
    enumeration_stopped: bool,
}

fn read_answer(path: &Path) -> Answer {
    let mut answer = Answer::default();
    let Ok(file) = std::fs::File::open(path) else {
        return answer;
    };
    let stopped_note = format!("({})", crate::model::TIME_LIMIT_NOTE);
    let mut count = 0;
    let mut counted = None;
    for line in std::io::BufReader::new(file)
        .split(b'\n')
        .map_while(|line| line.ok())
    {
        if let Some(n) = line.strip_prefix(b"s mc ") {
            counted = Some(
                std::str::from_utf8(n)
                    .ok()
                    .and_then(|n| n.trim().parse().ok()),
            );
        } else if line.starts_with(b"s SATISFIABLE") {
            count += 1;
        } else if line.starts_with(b"s OPTIMUM FOUND") {
            count += 1;
            answer.optimum = true;
        } else if let Some(cost) = line.strip_prefix(b"o ") {
            answer.cost = std::str::from_utf8(cost)
                .ok()
                .and_then(|c| c.trim().parse().ok());
        } else if line.starts_with(crate::model::ENUMERATION_STOPPED.as_bytes())
            && line.ends_with(stopped_note.as_bytes())
        {
            answer.enumeration_stopped = true;
        }
    }
    answer.solutions = counted.unwrap_or(Some(count));
    answer
}

/// The word scores of the first solution of a decoder's JSON output
/// (`solutions[0].scores`: a crossword fill's `mean`, `lowest` and `weak`
/// entries) into `row`; nothing when the output has none.
fn set_scores(row: &mut Row, decoded: &Path) {
    let Ok(text) = std::fs::read_to_string(decoded) else {
        return;
    };
    let Some(scores) = text
        .lines()
        .next()
        .and_then(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|doc| doc["solutions"][0]["scores"].clone())
        .filter(|scores| scores.is_object())
    else {
        return;
    };
    row.score_mean = scores["mean"].as_f64();
    row.score_lowest = scores["lowest"]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok());
    row.weak_entries = scores["weak"].as_array().map(|weak| weak.len() as u64);
}

/// `name` beside `path`.
fn dir_file(path: &Path, name: &str) -> PathBuf {
    path.parent()
        .map_or_else(|| PathBuf::from(name), |dir| dir.join(name))
}

/// Why a solved row contradicts the known answer, if it does.
fn contradiction(expect: Expect, row: &Row) -> Option<String> {
    let found = match (row.result, row.solutions, row.cost) {
        (Outcome::Unsat, _, _) => "UNSAT".to_string(),
        (_, Some(n), _) if matches!(expect, Expect::Solutions(_)) => format!("{n} solutions"),
        (_, _, Some(cost)) if matches!(expect, Expect::Optimum(_)) => format!("optimum {cost}"),
        (result, _, _) => result.as_str().to_string(),
    };
    let agrees = match expect {
        Expect::Sat => row.result == Outcome::Sat,
        Expect::Unsat => row.result == Outcome::Unsat,
        Expect::Solutions(0) => row.result == Outcome::Unsat,
        Expect::Solutions(n) => row.result == Outcome::Sat && row.solutions == Some(n),
        Expect::Optimum(cost) => row.result == Outcome::Sat && row.cost == Some(cost),
    };
    (!agrees).then(|| format!("wrong answer: {found}, expected {}", expect.label()))
}

fn describe_failure(stage: &str, m: &Measured) -> String {
    let how = match m.code {
        Some(code) => format!("exit {code}"),
        None => "killed by a signal".to_string(),
    };
    if m.stderr.is_empty() {
        format!("{stage}: {how}")
    } else {
        format!("{stage}: {how}: {}", m.stderr)
    }
}

fn mib(kib: u64) -> f64 {
    (kib as f64 / 1024.0 * 10.0).round() / 10.0
}

/// Runs one group (one formula, several solvers), calling `emit` with
/// each finished run's row. Failures become ERROR rows; only an error of
/// the runner itself (no temporary space, `emit` failing) is returned.
pub fn run_group(
    group: &Group,
    solvers: &[SolverSpec],
    settings: &RunSettings,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(Row) -> Result<()>,
) -> Result<()> {
    if let Some(peer) = &group.peer {
        return run_peer(group, peer, settings, stop, emit);
    }
    let dir = tempfile::Builder::new()
        .prefix("bench-run-")
        .tempdir_in(&settings.work_dir)
        .with_name(&settings.work_dir.display().to_string())?;
    let cnf = dir.path().join("formula.cnf");
    let model = dir.path().join("model.txt");
    let decoded = dir.path().join("decoded.txt");
    let limit = settings.time_limit;
    let stage_limit = Duration::from_secs_f64(2.0 * limit + GRACE_SECONDS);
    let blank = |solver: &SolverSpec| blank_row(group, solver, limit);

    // Encode once for all solvers (a DIMACS instance is the formula).
    let (encoder, args) = match &group.source {
        Source::File(path) => {
            let mut args = group.encoder_args.clone();
            args.push(path.display().to_string());
            (Some(format!("encode-{}", group.family)), args)
        }
        Source::Args => (
            Some(format!("encode-{}", group.family)),
            group.encoder_args.clone(),
        ),
        Source::Gen { args, .. } => (Some("cnf-gen".to_string()), args.clone()),
        Source::Cnf(_) => (None, Vec::new()),
    };
    let cnf = match &group.source {
        Source::Cnf(path) => path.clone(),
        _ => cnf,
    };
    let encoded = match encoder.map(|name| settings.tools.require(&name)) {
        // Nothing to run: a successful stage of no time.
        None => Ok(Measured {
            code: Some(0),
            seconds: 0.0,
            peak_kib: 0,
            timed_out: false,
            interrupted: false,
            stderr: String::new(),
        }),
        Some(Ok(program)) => measure(&program, &args, None, &cnf, stage_limit, stop),
        Some(Err(e)) => Err(e),
    };
    let encode_failure = match &encoded {
        Err(e) => Some(format!("encode: {e}")),
        Ok(m) if m.interrupted => return Ok(()),
        Ok(m) if m.timed_out => Some(format!("encode: killed after {:.0} s", m.seconds)),
        Ok(m) if m.code != Some(0) => Some(describe_failure("encode", m)),
        Ok(_) => None,
    };
    let size = formula_size(&cnf);
    let (encode_seconds, encode_kib) = encoded
        .as_ref()
        .map_or((0.0, 0), |m| (m.seconds, m.peak_kib));
    if let Some(message) = encode_failure {
        let timed_out = encoded.as_ref().is_ok_and(|m| m.timed_out);
        for solver in solvers {
            let mut row = blank(solver);
            row.result = if timed_out {
                Outcome::Unknown
            } else {
                Outcome::Error
            };
            row.encode_seconds = encode_seconds;
            row.peak_mb = mib(encode_kib);
            row.message = message.clone();
            emit(row)?;
        }
        return Ok(());
    }

    let solve = settings.tools.require("solve");
    let decoder = if group.family == GEN_FAMILY || matches!(group.source, Source::Cnf(_)) {
        None
    } else {
        Some(settings.tools.require(&format!("decode-{}", group.family)))
    };
    for solver in solvers {
        if stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let mut row = blank(solver);
        row.encode_seconds = encode_seconds;
        row.variables = size.map(|s| s.0);
        row.clauses = size.map(|s| s.1);
        let mut peak = encode_kib;
        let solve = match &solve {
            Ok(program) => program,
            Err(e) => {
                row.message = e.to_string();
                emit(row)?;
                continue;
            }
        };
        let mut args = vec!["--time-limit".to_string(), format!("{limit}")];
        args.extend(solver.solve_args());
        args.extend(group.solve_args.iter().cloned());
        args.push(cnf.display().to_string());
        let solved = match measure(
            solve,
            &args,
            None,
            &model,
            Duration::from_secs_f64(limit + GRACE_SECONDS),
            stop,
        ) {
            Ok(m) => m,
            Err(e) => {
                row.message = format!("solve: {e}");
                emit(row)?;
                continue;
            }
        };
        if solved.interrupted {
            return Ok(());
        }
        row.solve_seconds = solved.seconds;
        peak = peak.max(solved.peak_kib);
        row.peak_mb = mib(peak);
        row.result = match (solved.timed_out, solved.code) {
            (true, _) => {
                row.message = format!("solve killed at the hard limit ({:.0} s)", solved.seconds);
                Outcome::Unknown
            }
            (false, Some(10)) => Outcome::Sat,
            (false, Some(20)) => Outcome::Unsat,
            (false, Some(0)) => {
                row.message = "time limit".to_string();
                Outcome::Unknown
            }
            (false, _) => {
                row.message = describe_failure("solve", &solved);
                Outcome::Error
            }
        };
        if !row.result.solved() {
            emit(row)?;
            continue;
        }
        let answer = read_answer(&model);
        row.solutions = answer.solutions;
        row.cost = answer.cost;
        if answer.enumeration_stopped {
            // The time limit ended an enumeration: its count is a bound.
            row.result = Outcome::Unknown;
            row.message = format!("time limit: {} solutions found", row.solutions.unwrap_or(0));
            emit(row)?;
            continue;
        }
        if let (Some(cost), false) = (answer.cost, answer.optimum) {
            // The time limit ended an optimisation: its cost is a bound.
            row.result = Outcome::Unknown;
            row.message = format!("time limit: best cost {cost}, optimum not proven");
            emit(row)?;
            continue;
        }
        match (&decoder, &group.source) {
            (None, Source::Gen { satisfiable, .. }) => {
                if (row.result == Outcome::Sat) == *satisfiable {
                    row.verified = true;
                    row.message = if *satisfiable {
                        "model checked; known SAT".into()
                    } else {
                        "known UNSAT".into()
                    };
                } else {
                    row.message = format!(
                        "wrong answer: {} but the formula is known {}",
                        row.result.as_str(),
                        if *satisfiable { "SAT" } else { "UNSAT" }
                    );
                    row.result = Outcome::Error;
                }
            }
            (Some(Ok(decode)), _) => {
                let mut decode_args = group.decode_args.clone();
                decode_args.push(model.display().to_string());
                let decoded_run = measure(decode, &decode_args, None, &decoded, stage_limit, stop);
                match decoded_run {
                    Err(e) => {
                        row.result = Outcome::Error;
                        row.message = format!("decode: {e}");
                    }
                    Ok(m) if m.interrupted => return Ok(()),
                    Ok(m) => {
                        row.decode_seconds = m.seconds;
                        row.peak_mb = mib(peak.max(m.peak_kib));
                        match (row.result, m.code, m.timed_out) {
                            (Outcome::Sat, Some(0), false) => {
                                row.verified = true;
                                set_scores(&mut row, &decoded);
                            }
                            (Outcome::Unsat, Some(20), false) => {
                                row.message = "UNSAT not certified (no proof checked)".into();
                            }
                            _ => {
                                row.message = describe_failure("decode", &m);
                                row.result = Outcome::Error;
                            }
                        }
                    }
                }
            }
            (Some(Err(e)), _) => {
                row.result = Outcome::Error;
                row.message = e.to_string();
            }
            (None, Source::Cnf(_)) => {
                row.verified = row.result == Outcome::Sat;
                row.message = match (row.result, row.cost, group.expect) {
                    (Outcome::Sat, Some(_), Some(Expect::Optimum(_))) => {
                        "model checked against the hard clauses; its cost is the known optimum"
                            .into()
                    }
                    (Outcome::Sat, Some(_), _) => {
                        "model checked against the hard clauses; optimality not certified".into()
                    }
                    (Outcome::Sat, None, _) => "model checked against the formula".into(),
                    (_, _, Some(_)) => {
                        // Checked against the known answer below.
                        row.verified = true;
                        "UNSAT as known (no proof checked)".into()
                    }
                    _ => "UNSAT not certified (no proof checked)".into(),
                };
            }
            (None, Source::File(_) | Source::Args) => {
                row.result = Outcome::Error;
                row.message = "no decoder for this family".into();
            }
        }
        if let Some(expect) = group.expect.filter(|_| row.result.solved()) {
            if let Some(message) = contradiction(expect, &row) {
                row.result = Outcome::Error;
                row.verified = false;
                row.message = message;
            }
        }
        emit(row)?;
    }
    Ok(())
}

/// Counts of a finished matrix.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Runs executed now.
    pub runs: usize,
    /// Runs skipped because their row was already in the CSV.
    pub skipped: usize,
    /// SAT rows.
    pub sat: usize,
    /// UNSAT rows.
    pub unsat: usize,
    /// UNKNOWN rows.
    pub unknown: usize,
    /// ERROR rows.
    pub errors: usize,
    /// Rows with `verified` true.
    pub verified: usize,
    /// True when the run was stopped before the end.
    pub interrupted: bool,
}

/// Progress reporting of the matrix (a progress bar, or nothing).
pub trait Progress: Sync {
    /// Called once with the number of runs to do.
    fn start(&self, total: u64);
    /// Called after each run.
    fn finished(&self, row: &Row, summary: &Summary);
    /// Called at the end.
    fn done(&self);
}

/// Runs the pending part of `groups` (the runs not in `done` with the
/// same options) on `jobs` worker threads, appending every row to `sink`.
pub fn run_matrix(
    groups: &[Group],
    done: &HashMap<Key, String>,
    sink: &mut Sink,
    settings: &RunSettings,
    jobs: usize,
    stop: &AtomicBool,
    progress: &dyn Progress,
) -> Result<Summary> {
    let mut summary = Summary::default();
    let mut work = VecDeque::new();
    for group in groups {
        let pending: Vec<SolverSpec> = group
            .solvers
            .iter()
            .filter(|solver| {
                let key = (
                    group.family.clone(),
                    group.instance.clone(),
                    group.encoding.clone(),
                    solver.label(),
                );
                done.get(&key) != Some(&group.options_signature())
            })
            .cloned()
            .collect();
        summary.skipped += group.solvers.len() - pending.len();
        if !pending.is_empty() {
            work.push_back((group, pending));
        }
    }
    let total: usize = work.iter().map(|(_, p)| p.len()).sum();
    let pending_groups: Vec<&Group> = work.iter().map(|(g, _)| *g).collect();
    let mut settings = settings.clone();
    if !settings.peers_installed {
        settings.unavailable_peers = install_peers(&pending_groups, &settings.work_dir, stop)?;
    }
    let settings = &settings;
    progress.start(total as u64);
    let work = Mutex::new(work);
    let shared = Mutex::new((sink, summary));
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let next = work.lock().map(|mut w| w.pop_front()).unwrap_or(None);
                let Some((group, pending)) = next else {
                    return;
                };
                let mut emit = |row: Row| -> Result<()> {
                    let mut guard = shared
                        .lock()
                        .map_err(|_| Error::Solver("a worker thread panicked".into()))?;
                    let (sink, summary) = &mut *guard;
                    sink.append(&row)?;
                    summary.runs += 1;
                    match row.result {
                        Outcome::Sat => summary.sat += 1,
                        Outcome::Unsat => summary.unsat += 1,
                        Outcome::Unknown => summary.unknown += 1,
                        Outcome::Error => summary.errors += 1,
                    }
                    summary.verified += usize::from(row.verified);
                    progress.finished(&row, summary);
                    Ok(())
                };
                if let Err(e) = run_repeated(group, &pending, settings, stop, &mut emit) {
                    if let Ok(mut slot) = failure.lock() {
                        slot.get_or_insert(e);
                    }
                    stop.store(true, Ordering::SeqCst);
                    return;
                }
            });
        }
    });
    progress.done();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let (_, mut summary) = shared
        .into_inner()
        .map_err(|_| Error::Solver("a worker thread panicked".into()))?;
    summary.interrupted = stop.load(Ordering::SeqCst);
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str) -> Answer {
        let file = tempfile::NamedTempFile::new().expect("temporary file");
        std::fs::write(file.path(), text).expect("write");
        read_answer(file.path())
    }

    #[test]
    fn model_streams_say_solutions_costs_and_time_limits() {
        let one = answer("c x\ns SATISFIABLE\nv 1 0\n");
        assert_eq!(
            (one.solutions, one.cost, one.optimum),
            (Some(1), None, false)
        );
        let optimum = answer("o 7\no 3\ns OPTIMUM FOUND\nv 1 0\n");
        assert_eq!((optimum.cost, optimum.optimum), (Some(3), true));
        // The time limit stopped the optimisation: a bound, not proven.
        let bound = answer("o 7\no 5\ns SATISFIABLE\nv 1 0\n");
        assert_eq!((bound.cost, bound.optimum), (Some(5), false));
        let stopped = answer(&format!(
            "s SATISFIABLE\nv 1 0\n{}: 1 solutions found ({})\n",
            crate::model::ENUMERATION_STOPPED,
            crate::model::TIME_LIMIT_NOTE
        ));
        assert!(stopped.enumeration_stopped);
        assert_eq!(answer("s mc 123\n").solutions, Some(123));
        assert_eq!(
            answer("s mc 123456789012345678901234567890\n").solutions,
            None
        );
    }

    #[test]
    fn known_answers_are_checked_by_kind() {
        let row = |result: Outcome, solutions: Option<u64>, cost: Option<u64>| Row {
            result,
            solutions,
            cost,
            ..crate::bench::rows::tests::blank()
        };
        let sat = row(Outcome::Sat, Some(1), None);
        assert_eq!(contradiction(Expect::Sat, &sat), None);
        assert!(contradiction(Expect::Unsat, &sat).is_some());
        let counted = row(Outcome::Sat, Some(92), None);
        assert_eq!(contradiction(Expect::Solutions(92), &counted), None);
        assert_eq!(
            contradiction(Expect::Solutions(90), &counted).as_deref(),
            Some("wrong answer: 92 solutions, expected 90")
        );
        let optimum = row(Outcome::Sat, Some(1), Some(3));
        assert_eq!(contradiction(Expect::Optimum(3), &optimum), None);
        assert_eq!(
            contradiction(Expect::Optimum(2), &optimum).as_deref(),
            Some("wrong answer: optimum 3, expected optimum 2")
        );
        let unsat = row(Outcome::Unsat, Some(0), None);
        assert_eq!(contradiction(Expect::Solutions(0), &unsat), None);
        assert!(contradiction(Expect::Optimum(3), &unsat).is_some());
    }
}
