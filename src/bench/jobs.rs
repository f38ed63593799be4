//! Job lists for batch schedulers (`bench-run --emit-jobs`): one shell
//! command a line that runs one group of the plan anywhere the same file
//! system is mounted (absolute paths, every flag that shapes the plan or
//! the runs), and the wall-clock time the longest job may take, for a
//! scheduler's time limit (`bench-run --job-seconds`).

use super::matrix::Group;
use super::run::GRACE_SECONDS;
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// `path` made absolute against the current folder (without resolving
/// links, and whether or not it exists).
pub fn absolute(path: &Path) -> Result<PathBuf> {
    std::path::absolute(path).map_err(|e| Error::io(&path.display().to_string(), e))
}

/// Quotes a word for a POSIX shell when needed.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The CSV fragment of job `index` in `dir`.
pub fn fragment(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index:05}.csv"))
}

/// The job list: for each of `jobs` groups, `program` with `common` (the
/// selection), `--job N` and `--csv DIR/job-N.csv`, quoted for `sh -c`,
/// one line each.
pub fn job_lines(program: &Path, common: &[String], jobs: usize, dir: &Path) -> String {
    let mut text = String::new();
    for index in 0..jobs {
        let mut words = vec![program.display().to_string()];
        words.extend(common.iter().cloned());
        words.extend([
            "--job".to_string(),
            index.to_string(),
            "--csv".to_string(),
            fragment(dir, index).display().to_string(),
        ]);
        let line: Vec<String> = words.iter().map(|w| shell_quote(w)).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// The most wall-clock seconds one group's runs may take when every stage
/// runs into its hard limit: the encoder (twice the limit plus the
/// grace), then per solver `solve` (the limit plus the grace) and the
/// decoder (twice the limit plus the grace), all `repeat` times; a peer
/// its limit per repeat.
pub fn group_seconds(group: &Group, time_limit: f64, repeat: usize) -> f64 {
    let repeat = repeat.max(1) as f64;
    if group.peer.is_some() {
        return repeat * (time_limit + crate::children::GRACE.as_secs_f64());
    }
    // A stage at its hard limit, and the time its group takes to end
    // (SIGTERM, then SIGKILL).
    let stage = |limit: f64| limit + GRACE_SECONDS + crate::children::GRACE.as_secs_f64();
    let per_solver = stage(time_limit) + stage(2.0 * time_limit);
    repeat * (stage(2.0 * time_limit) + group.solvers.len() as f64 * per_solver)
}

/// The most wall-clock seconds any job of `groups` may take (see
/// [`group_seconds`]), rounded up to whole seconds.
pub fn job_seconds(groups: &[Group], time_limit: f64, repeat: usize) -> u64 {
    let most = groups
        .iter()
        .map(|g| group_seconds(g, time_limit, repeat))
        .fold(0.0, f64::max);
    most.ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::matrix::{Peer, SolverSpec, Source};

    fn group(solvers: usize, peer: bool) -> Group {
        Group {
            family: "f".into(),
            instance: "i".into(),
            source: Source::Args,
            encoding: "default".into(),
            encoder_args: Vec::new(),
            solve_args: Vec::new(),
            decode_args: Vec::new(),
            expect: None,
            solvers: vec![SolverSpec::Peer; solvers],
            peer: peer.then(|| Peer::new("p", Path::new("peers"))),
        }
    }

    #[test]
    fn words_are_quoted_only_when_needed() {
        assert_eq!(shell_quote("--time-limit"), "--time-limit");
        assert_eq!(shell_quote("/a/b c"), "'/a/b c'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn lines_name_the_job_and_its_fragment() {
        let text = job_lines(
            Path::new("/opt/sat pipe/bench-run"),
            &["--family".into(), "gen".into()],
            2,
            Path::new("/out/fragments"),
        );
        assert_eq!(
            text,
            "'/opt/sat pipe/bench-run' --family gen --job 0 --csv /out/fragments/job-00000.csv\n\
             '/opt/sat pipe/bench-run' --family gen --job 1 --csv /out/fragments/job-00001.csv\n"
        );
    }

    #[test]
    fn job_time_grows_with_solvers_repeats_and_the_limit() {
        // 10 s: encode 32, then per solver 22 + 32.
        assert_eq!(job_seconds(&[group(1, false)], 10.0, 1), 86);
        assert_eq!(
            job_seconds(&[group(1, false), group(3, false)], 10.0, 1),
            194
        );
        assert_eq!(job_seconds(&[group(3, false)], 10.0, 2), 388);
        assert_eq!(job_seconds(&[group(1, false)], 100.0, 1), 536);
        assert_eq!(job_seconds(&[group(1, true)], 10.0, 3), 36);
        assert_eq!(job_seconds(&[], 10.0, 1), 0);
    }
}
