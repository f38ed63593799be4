//! Ctrl-C and SIGTERM end every process a command started: `solve` and
//! its external solver, its model counter, its racing solvers; `bench-run`
//! and the `solve` of each run with its external solver; the scripts of
//! scripts/ with everything they run. Each test marks the process tree it
//! starts (an environment variable every descendant inherits, orphans
//! included), sends the signal to the command alone, and checks in /proc
//! that no marked process is left.

mod common;

use common::{assert_tree_ends, bin, send_signal, tree_mark, wait_for_marked, TREE_MARK};
use std::process::{Command, Stdio};

/// A fake external solver that never answers (tests/data/fake-slow.sh).
fn fake_slow() -> String {
    common::root()
        .join("tests/data/fake-slow.sh")
        .display()
        .to_string()
}

fn formula(dir: &std::path::Path, args: &[&str]) -> std::path::PathBuf {
    let out = common::run("cnf-gen", args, b"");
    assert_eq!(common::code(&out), 0, "{}", common::stderr(&out));
    common::temp_file(dir, "formula.cnf", &out.stdout)
}

/// Starts `program args` marked with `mark`, in `dir`.
fn start(
    program: &std::path::Path,
    args: &[&str],
    mark: &str,
    dir: &std::path::Path,
) -> std::process::Child {
    common::external_command(&program.display().to_string())
        .args(args)
        .current_dir(dir)
        .env(TREE_MARK, mark)
        .env("SATPIPE_TEST_PID_FILE", dir.join("solver.pid"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start")
}

/// Signals the started command once `program` runs in its tree, and
/// checks its exit status (130) and that the whole tree ends.
fn interrupt(mut child: std::process::Child, mark: &str, program: &str, signal: libc::c_int) {
    wait_for_marked(mark, program);
    send_signal(child.id(), signal);
    let status = child.wait().expect("wait");
    let mut said = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut err, &mut said);
    }
    assert_eq!(status.code(), Some(130), "signal {signal}: {said}");
    assert_tree_ends(mark, &format!("{mark} after signal {signal}"));
}

#[test]
fn an_external_solver_ends_with_solve() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cnf = formula(dir.path(), &["php", "3", "2"]);
    let cnf = cnf.to_str().expect("utf-8");
    // At the time limit...
    let mark = tree_mark("limit");
    let out = start(
        &bin("solve"),
        &["--solver-cmd", &fake_slow(), "--time-limit", "0.5", cnf],
        &mark,
        dir.path(),
    )
    .wait_with_output()
    .expect("solve");
    assert_eq!(out.status.code(), Some(0));
    assert_tree_ends(&mark, "the time limit");
    // ...and on Ctrl-C or SIGTERM to solve alone.
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let mark = tree_mark(&format!("external-{signal}"));
        let child = start(
            &bin("solve"),
            &["--solver-cmd", &fake_slow(), cnf],
            &mark,
            dir.path(),
        );
        interrupt(child, &mark, "sleep", signal);
    }
}

#[test]
fn the_model_counter_and_the_racing_solvers_end_with_solve() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 2^40 solutions: the enumeration never ends, the counter never answers.
    let free = common::temp_file(dir.path(), "free.cnf", b"p cnf 40 0\n");
    let free = free.to_str().expect("utf-8");
    let counter = format!("{} #", fake_slow());
    for (name, args) in [
        (
            "race",
            vec!["--count", "--counter-cmd", counter.as_str(), free],
        ),
        (
            "counter",
            vec![
                "--count",
                "--count-by",
                "counter",
                "--counter-cmd",
                counter.as_str(),
                free,
            ],
        ),
    ] {
        for signal in [libc::SIGINT, libc::SIGTERM] {
            let mark = tree_mark(&format!("count-{name}-{signal}"));
            let child = start(&bin("solve"), &args, &mark, dir.path());
            interrupt(child, &mark, "sleep", signal);
        }
    }
    // The portfolio's solvers are threads: they end with solve.
    let hard = formula(dir.path(), &["php", "11", "10"]);
    let mark = tree_mark("portfolio");
    let child = start(
        &bin("solve"),
        &[
            "--portfolio",
            "cadical,minisat",
            hard.to_str().expect("utf-8"),
        ],
        &mark,
        dir.path(),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    interrupt(child, &mark, "solve", libc::SIGTERM);
}

#[test]
fn bench_run_ends_each_run_with_its_external_solver() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("results.csv");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let mark = tree_mark(&format!("bench-{signal}"));
        let child = start(
            &bin("bench-run"),
            &[
                "--csv",
                csv.to_str().expect("utf-8"),
                "--family",
                "gen",
                "--filter",
                "php-6-5",
                "--solver-cmd",
                &fake_slow(),
                "--time-limit",
                "600",
            ],
            &mark,
            dir.path(),
        );
        // The fake solver runs under solve, under bench-run.
        interrupt(child, &mark, "sleep", signal);
    }
}

#[test]
fn a_script_ends_with_everything_it_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bins = bin("solve")
        .parent()
        .expect("the binaries' folder")
        .to_path_buf();
    let script = common::root().join("scripts/bench-generate.sh");
    let doc = common::temp_file(dir.path(), "doc.md", b"# doc\n");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let mark = tree_mark(&format!("script-{signal}"));
        // Large puzzles: the generator is still at work when the signal
        // comes. Ahle's generator is not there: its install step says so.
        let mut command = Command::new("sh");
        command
            .arg(&script)
            .args([
                bins.to_str().expect("utf-8"),
                dir.path().join("out").to_str().expect("utf-8"),
                doc.to_str().expect("utf-8"),
            ])
            .env(TREE_MARK, &mark)
            .env("SIZES", "60")
            .env("COUNT", "3")
            .env("SATPIPE_AHLE_SOURCE", dir.path().join("no-such-source"))
            .env_remove("LD_LIBRARY_PATH")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let child = command.spawn().expect("start the script");
        interrupt(child, &mark, "generate-numberlink", signal);
    }
}
