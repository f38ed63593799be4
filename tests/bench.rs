//! The batch runner and its report, run as real binaries on the built-in
//! `gen` family (small `cnf-gen` formulas with known answers), so these
//! tests do not depend on any puzzle family and take a few seconds.

mod common;

use common::{code, run, stderr, stdout, temp_file};
use satpipe::bench::rows::{read_rows, Outcome, COLUMNS};
use std::path::Path;

/// Two quick formulas: one SAT, one UNSAT.
const QUICK: &[&str] = &[
    "--family", "gen", "--filter", "queens-8", "--filter", "php-6-5",
];

fn bench_run(csv: &Path, extra: &[&str]) -> std::process::Output {
    let csv = csv.display().to_string();
    let mut args: Vec<&str> = vec!["--csv", &csv, "--time-limit", "20"];
    args.extend_from_slice(QUICK);
    args.extend_from_slice(extra);
    run("bench-run", &args, b"")
}

fn line_count(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .expect("read csv")
        .lines()
        .count()
}

#[test]
fn csv_has_the_schema_and_verified_rows() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("sub/results.csv");
    let output = bench_run(&csv, &["--solvers", "cadical minisat"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = std::fs::read_to_string(&csv).expect("csv written");
    assert_eq!(text.lines().next(), Some(COLUMNS.join(",").as_str()));
    let rows = read_rows(&csv).expect("rows parse");
    assert_eq!(rows.len(), 4, "2 formulas x 2 solvers:\n{text}");
    for row in &rows {
        assert_eq!(row.family, "gen");
        let expected = if row.instance == "queens-8" {
            Outcome::Sat
        } else {
            Outcome::Unsat
        };
        assert_eq!(row.result, expected, "{row:?}");
        assert!(row.verified, "{row:?}");
        assert!(row.variables.unwrap_or(0) > 0 && row.clauses.unwrap_or(0) > 0);
        assert!(row.peak_mb > 0.0, "peak memory measured: {row:?}");
        assert!(row.solve_seconds >= 0.0 && row.time_limit == 20.0);
    }
    assert_eq!(rows[0].variables, Some(64), "queens-8 has 64 variables");
}

#[test]
fn a_second_run_adds_no_rows_and_a_cut_row_is_redone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("results.csv");
    let first = bench_run(&csv, &["--solvers", "cadical"]);
    assert_eq!(code(&first), 0, "{}", stderr(&first));
    assert_eq!(line_count(&csv), 3);
    let before = std::fs::read_to_string(&csv).expect("read");

    let second = bench_run(&csv, &["--solvers", "cadical"]);
    assert_eq!(code(&second), 0, "{}", stderr(&second));
    assert_eq!(std::fs::read_to_string(&csv).expect("read"), before);
    assert!(
        stderr(&second).contains("0 runs") && stderr(&second).contains("2 already done"),
        "{}",
        stderr(&second)
    );

    // A run killed while writing its row leaves a cut last line: it is
    // removed and only that run is done again.
    let mut lines: Vec<&str> = before.lines().collect();
    let last = lines.pop().expect("a row");
    let cut = format!("{}\n{}", lines.join("\n"), &last[..last.len() / 2]);
    std::fs::write(&csv, cut).expect("write");
    let third = bench_run(&csv, &["--solvers", "cadical"]);
    assert_eq!(code(&third), 0, "{}", stderr(&third));
    assert!(stderr(&third).contains("1 runs"), "{}", stderr(&third));
    let rows = read_rows(&csv).expect("rows parse");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.verified));
}

#[test]
fn a_failing_solver_gives_error_rows_and_the_matrix_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = temp_file(
        dir.path(),
        "fail.sh",
        b"#!/bin/sh\necho 'fail.sh: deliberate failure' >&2\nexit 1\n",
    );
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let csv = dir.path().join("results.csv");
    let command = script.display().to_string();
    let output = bench_run(&csv, &["--solver-cmd", &command, "--solvers", "cadical"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let rows = read_rows(&csv).expect("rows parse");
    assert_eq!(rows.len(), 4, "every run has its row: {rows:?}");
    for row in &rows {
        if row.solver.starts_with("cmd:") {
            assert_eq!(row.result, Outcome::Error, "{row:?}");
            assert!(!row.verified);
            assert!(row.message.contains("solve: exit 1"), "{}", row.message);
        } else {
            assert!(row.result.solved() && row.verified, "{row:?}");
        }
    }
    assert!(
        stderr(&output).contains("ERROR gen/"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_report_writes_summary_and_plots() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("results.csv");
    let output = bench_run(&csv, &["--solvers", "cadical minisat"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let out = dir.path().join("report");
    let report = run(
        "bench-report",
        &[
            &csv.display().to_string(),
            "--out",
            &out.display().to_string(),
        ],
        b"",
    );
    assert_eq!(code(&report), 0, "{}", stderr(&report));
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary");
    assert!(
        summary.contains("| gen/default/cadical | 2 | 2 | 1 | 1 | 0 | 0 | 2 |"),
        "{summary}"
    );
    for name in ["cactus-gen.svg", "scatter.svg"] {
        let svg = std::fs::read_to_string(out.join(name)).expect("svg");
        assert!(svg.contains("<svg") && svg.contains("solve time"), "{name}");
    }
    if out.join("cactus-gen.png").exists() {
        let png = std::fs::read(out.join("cactus-gen.png")).expect("png");
        assert_eq!(&png[1..4], b"PNG");
    }
    assert!(stdout(&report).contains("summary.md"));

    // A broken CSV is an error naming the file and line.
    let bad = temp_file(
        dir.path(),
        "bad.csv",
        format!("{}\ngen,x,default\n", COLUMNS.join(",")).as_bytes(),
    );
    let failed = run("bench-report", &[&bad.display().to_string()], b"");
    assert_eq!(code(&failed), 1);
    assert!(
        stderr(&failed).contains(&format!("{}:2:", bad.display())),
        "{}",
        stderr(&failed)
    );
}

#[test]
fn emitted_jobs_run_unchanged_and_fragments_merge() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fragments = dir.path().join("fragments");
    let emitted = run(
        "bench-run",
        &[
            QUICK,
            &[
                "--solvers",
                "cadical",
                "--emit-jobs",
                &fragments.display().to_string(),
            ],
        ]
        .concat(),
        b"",
    );
    assert_eq!(code(&emitted), 0, "{}", stderr(&emitted));
    let jobs = stdout(&emitted);
    assert_eq!(jobs.lines().count(), 2, "{jobs}");
    let bin_dir = common::bin("bench-run")
        .parent()
        .expect("bin dir")
        .to_path_buf();
    for line in jobs.lines() {
        assert!(line.starts_with("bench-run ") && line.contains("--job "));
        let status = common::external_command("sh")
            .arg("-c")
            .arg(line)
            .env(
                "PATH",
                format!(
                    "{}:{}",
                    bin_dir.display(),
                    std::env::var("PATH").unwrap_or_default()
                ),
            )
            .output()
            .expect("run job");
        assert_eq!(code(&status), 0, "{}", stderr(&status));
    }
    let rows = satpipe::bench::rows::read_all(&[fragments]).expect("fragments merge");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.verified));
}

#[test]
fn an_interrupted_run_resumes_with_only_the_missing_rows() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A competition-style solver (our own `solve`) that hangs from its
    // third call on while the file `hang` exists.
    let script = temp_file(
        dir.path(),
        "solver.sh",
        format!(
            "#!/bin/sh\ncd '{dir}'\necho x >> calls\n\
             if [ -e hang ] && [ $(wc -l < calls) -ge 3 ]; then sleep 60; fi\n\
             exec '{solve}' \"$1\"\n",
            dir = dir.path().display(),
            solve = common::bin("solve").display()
        )
        .as_bytes(),
    );
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    std::fs::write(dir.path().join("hang"), b"").expect("flag");
    let csv = dir.path().join("results.csv");
    let args = [
        "--csv",
        &csv.display().to_string(),
        "--family",
        "gen",
        "--solver-cmd",
        &script.display().to_string(),
    ]
    .map(str::to_string);
    let child = std::process::Command::new(common::bin("bench-run"))
        .args(&args)
        .env_remove("LD_LIBRARY_PATH")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start bench-run");
    let calls = dir.path().join("calls");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&calls).map_or(0, |t| t.lines().count()) < 3 {
        assert!(
            start.elapsed().as_secs() < 30,
            "the solver was never called 3 times"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let output = child.wait_with_output().expect("wait");
    assert_eq!(code(&output), 130, "{}", stderr(&output));
    assert!(
        start.elapsed().as_secs() < 30,
        "the hanging solver was killed"
    );
    assert_eq!(
        read_rows(&csv).expect("rows").len(),
        2,
        "rows of finished runs kept"
    );

    std::fs::remove_file(dir.path().join("hang")).expect("unflag");
    let again = run("bench-run", &args.each_ref().map(String::as_str), b"");
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert!(stderr(&again).contains("4 runs"), "{}", stderr(&again));
    let rows = read_rows(&csv).expect("rows");
    assert_eq!(rows.len(), 6);
    let keys: std::collections::HashSet<_> = rows.iter().map(|r| r.key()).collect();
    assert_eq!(keys.len(), 6, "no run twice");
    assert!(rows.iter().all(|r| r.verified), "{rows:?}");
}
