//! The peers' runs: a dedicated solver run by its script
//! (`scripts/peers/NAME.sh`, see `crate::bench::config`) instead of a
//! satpipe pipeline, its install step once before the runs, and its answer
//! checked by satpipe's own pipeline when the script can say how.

use super::super::config::Expect;
use super::super::matrix::{Group, Peer, SolverSpec, Source};
use super::super::rows::{Outcome, Row};
use super::{
    blank_row, contradiction, describe_failure, dir_file, measure, mib, run_group, RunSettings,
    GRACE_SECONDS,
};
use crate::error::{IoContext, Result};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Seconds a peer's install step may take (a build from source).
const INSTALL_SECONDS: u64 = 3600;

/// Runs the install step of every peer among `groups` (once each) and
/// returns the ones that cannot run, with the reason: the script's exit 3
/// and its message, or its failure.
pub fn install_peers(
    groups: &[&Group],
    work_dir: &Path,
    stop: &AtomicBool,
) -> Result<HashMap<String, String>> {
    let mut peers: Vec<&Peer> = groups.iter().filter_map(|g| g.peer.as_ref()).collect();
    peers.sort_by(|a, b| a.name.cmp(&b.name));
    peers.dedup_by(|a, b| a.name == b.name);
    let mut unavailable = HashMap::new();
    for peer in peers {
        let log =
            tempfile::NamedTempFile::new_in(work_dir).with_name(&work_dir.display().to_string())?;
        let args = vec!["install".to_string(), peer.cache.display().to_string()];
        let installed = measure(
            &peer.script,
            &args,
            None,
            log.path(),
            Duration::from_secs(INSTALL_SECONDS),
            stop,
        );
        let note = match installed {
            Err(e) => Some(e.to_string()),
            Ok(m) if m.code == Some(0) => None,
            Ok(m) if m.code == Some(3) => Some(if m.stderr.is_empty() {
                "not available here".to_string()
            } else {
                m.stderr
            }),
            Ok(m) => Some(describe_failure("install", &m)),
        };
        if let Some(note) = note {
            eprintln!("bench-run: peer {} skipped: {note}", peer.name);
            unavailable.insert(peer.name.clone(), note);
        }
    }
    Ok(unavailable)
}

/// Runs a peer on one instance: one row, SAT when its script exits 10,
/// UNSAT at 20 (its answers are the peer's own, not checked by satpipe),
/// compared with the known answer.
pub(super) fn run_peer(
    group: &Group,
    peer: &Peer,
    settings: &RunSettings,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(Row) -> Result<()>,
) -> Result<()> {
    let limit = settings.time_limit;
    let mut row = blank_row(group, &SolverSpec::Peer, limit);
    if let Some(note) = settings.unavailable_peers.get(&peer.name) {
        row.message = format!("peer not available: {note}");
        return emit(row);
    }
    let dir = tempfile::Builder::new()
        .prefix("bench-run-")
        .tempdir_in(&settings.work_dir)
        .with_name(&settings.work_dir.display().to_string())?;
    let answer = dir.path().join("answer.txt");
    let mut args = vec!["run".to_string(), peer.cache.display().to_string()];
    args.push(match &group.source {
        Source::File(path) | Source::Cnf(path) => path.display().to_string(),
        Source::Args | Source::Gen { .. } => "-".to_string(),
    });
    args.extend(group.encoder_args.iter().cloned());
    let ran = measure(
        &peer.script,
        &args,
        None,
        &answer,
        Duration::from_secs_f64(limit),
        stop,
    )?;
    if ran.interrupted {
        return Ok(());
    }
    row.solve_seconds = ran.seconds;
    row.peak_mb = mib(ran.peak_kib);
    row.result = match (ran.timed_out, ran.code) {
        (true, _) => {
            row.message = format!("killed at the time limit ({:.0} s)", ran.seconds);
            Outcome::Unknown
        }
        (false, Some(10)) => Outcome::Sat,
        (false, Some(20)) => Outcome::Unsat,
        (false, _) => {
            row.message = describe_failure("peer", &ran);
            Outcome::Error
        }
    };
    if row.result.solved() {
        row.message = "the peer's own answer (not checked by satpipe)".into();
        // A peer answers one question: a known count or optimum only says
        // SAT or UNSAT.
        let expect = group.expect.map(Expect::satisfiability);
        if let Some(message) = expect.and_then(|e| contradiction(e, &row)) {
            row.result = Outcome::Error;
            row.message = message;
        }
    }
    if row.result == Outcome::Sat {
        check_peer_answer(group, peer, &answer, &mut row, settings, stop)?;
    }
    emit(row)
}

/// Checks a peer's answer with satpipe's own pipeline, when the peer's
/// script can turn it into an instance that only that answer solves
/// (`NAME.sh check CACHE ANSWER FILE ARGS...` prints its encoder
/// arguments, one a line: a crossword fill's grid as a fully pre-filled
/// pattern): the row is then verified, with the answer's scores, or an
/// ERROR when the check fails. A script without `check` (another exit
/// status, or no output) leaves the row as it is.
fn check_peer_answer(
    group: &Group,
    peer: &Peer,
    answer: &Path,
    row: &mut Row,
    settings: &RunSettings,
    stop: &AtomicBool,
) -> Result<()> {
    let instance = dir_file(answer, "check-args.txt");
    let mut args = vec![
        "check".to_string(),
        peer.cache.display().to_string(),
        answer.display().to_string(),
    ];
    args.push(match &group.source {
        Source::File(path) | Source::Cnf(path) => path.display().to_string(),
        Source::Args | Source::Gen { .. } => "-".to_string(),
    });
    args.extend(group.encoder_args.iter().cloned());
    let limit = Duration::from_secs_f64(settings.time_limit + GRACE_SECONDS);
    let made = measure(&peer.script, &args, None, &instance, limit, stop)?;
    if made.code != Some(0) {
        return Ok(());
    }
    let text = std::fs::read_to_string(&instance).with_name(&instance.display().to_string())?;
    if text.trim().is_empty() {
        // A script that has no `check` (a `case` without it says nothing).
        return Ok(());
    }
    let checking = Group {
        source: Source::Args,
        encoder_args: text.lines().map(str::to_string).collect(),
        solve_args: Vec::new(),
        decode_args: vec!["--json".to_string()],
        expect: Some(Expect::Sat),
        solvers: vec![SolverSpec::Default],
        peer: None,
        ..group.clone()
    };
    let mut checked = None;
    run_group(&checking, &checking.solvers, settings, stop, &mut |r| {
        checked = Some(r);
        Ok(())
    })?;
    match checked {
        Some(checked) if checked.verified => {
            row.verified = true;
            row.message = "the peer's answer, checked by satpipe's decoder".into();
            row.score_mean = checked.score_mean;
            row.score_lowest = checked.score_lowest;
            row.weak_entries = checked.weak_entries;
        }
        Some(checked) => {
            row.result = Outcome::Error;
            row.message = format!(
                "the peer's answer fails satpipe's check: {}",
                checked.message
            );
        }
        None => {}
    }
    Ok(())
}
