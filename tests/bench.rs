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
    common::assert_error(&failed, &format!("{}:2:", bad.display()));
}

#[test]
fn emitted_jobs_run_unchanged_and_fragments_merge() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("work")).expect("mkdir");
    let bin_dir = common::bin("bench-run")
        .parent()
        .expect("bin dir")
        .to_path_buf();
    // Emitted with relative paths from one folder...
    let emitted = common::run_program_in(
        Some(dir.path()),
        &common::bin("bench-run"),
        &[
            QUICK,
            &[
                "--solvers",
                "cadical",
                "--time-limit",
                "20",
                "--rerun",
                "--work-dir",
                "work",
                "--bin-dir",
                &bin_dir.display().to_string(),
                "--emit-jobs",
                "fragments",
            ],
        ]
        .concat(),
        b"",
    );
    assert_eq!(code(&emitted), 0, "{}", stderr(&emitted));
    let jobs = stdout(&emitted);
    assert_eq!(jobs.lines().count(), 2, "{jobs}");
    let work = dir.path().join("work").display().to_string();
    let fragments = dir.path().join("fragments");
    for (index, line) in jobs.lines().enumerate() {
        // ...each line names everything absolutely and keeps every flag.
        let expected = format!(
            "{} --peers {} --time-limit 20 --family gen --filter queens-8 --filter php-6-5 \
             --solver cadical --bin-dir {} --work-dir {work} --rerun --peers-installed \
             --job {index} --csv {}/job-0000{index}.csv",
            common::bin("bench-run").display(),
            dir.path().join("scripts/peers").display(),
            bin_dir.display(),
            fragments.display(),
        );
        assert_eq!(line, expected);
        // ...and runs from anywhere, without the programs on PATH.
        let status = common::external_command("sh")
            .arg("-c")
            .arg(line)
            .current_dir("/")
            .output()
            .expect("run job");
        assert_eq!(code(&status), 0, "{}", stderr(&status));
    }
    let rows =
        satpipe::bench::rows::read_all(std::slice::from_ref(&fragments)).expect("fragments merge");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.verified));

    // The longest job's worst case: the encoder (2 x 20 + 12 s), then
    // solve (20 + 12 s) and the decoder (2 x 20 + 12 s) of one solver.
    let seconds = run(
        "bench-run",
        &[
            QUICK,
            &[
                "--solvers",
                "cadical",
                "--time-limit",
                "20",
                "--job-seconds",
            ],
        ]
        .concat(),
        b"",
    );
    assert_eq!(stdout(&seconds), "136\n", "{}", stderr(&seconds));
    let twice = run(
        "bench-run",
        &[
            QUICK,
            &[
                "--solvers",
                "cadical minisat",
                "--repeat",
                "2",
                "--job-seconds",
            ],
        ]
        .concat(),
        b"",
    );
    assert_eq!(stdout(&twice), format!("{}\n", 2 * (32 + 2 * 54)));

    // The fragments merge into one CSV; the report goes beside them.
    let merged = common::run_program_in(
        Some(dir.path()),
        &common::bin("bench-report"),
        &["fragments", "--csv", "merged.csv"],
        b"",
    );
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    assert!(dir.path().join("report/summary.md").is_file());
    let again = satpipe::bench::rows::read_rows(&dir.path().join("merged.csv")).expect("merged");
    assert_eq!(again.len(), 2);
    assert!(again.iter().all(|r| r.verified && r.family == "gen"));
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

/// A CSV row of the current schema, for hand-made CSV files.
fn csv_row(instance: &str, encoding: &str, solver: &str, result: &str, seconds: f64) -> String {
    let (limit, verified) = (if result == "UNKNOWN" { 1 } else { 20 }, result != "ERROR");
    format!(
        "toy,{instance},{encoding},,{solver},{result},{verified},10,20,0.0,{seconds},0.0,1.0,\
         {limit},,1,,,,,,\n"
    )
}

fn write_csv(dir: &Path, name: &str, rows: &[String]) -> std::path::PathBuf {
    let mut text = format!("{}\n", COLUMNS.join(","));
    for row in rows {
        text.push_str(row);
    }
    temp_file(dir, name, text.as_bytes())
}

/// A family folder `toy` whose configuration gives targets, known answers
/// and a baseline, for the pivot view.
fn toy_instances(dir: &Path) -> std::path::PathBuf {
    let instances = dir.join("instances");
    std::fs::create_dir_all(instances.join("toy")).expect("mkdir");
    temp_file(
        &instances.join("toy"),
        "bench.conf",
        b"variant default\nvariant slow --slow | --all\nbaseline slow\n\
          instance p2 - --size 2\ninstance p10 - --size 10\n\
          target . 5\ntarget p2 1\ntarget-name solv-o-matic (s)\nexpect p10 unsat\n",
    );
    instances
}

#[test]
fn the_pivot_view_puts_variants_in_columns_with_ratios_and_targets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = toy_instances(dir.path());
    let csv = write_csv(
        dir.path(),
        "toy.csv",
        &[
            csv_row("p10", "default", "cadical", "UNSAT", 0.5),
            csv_row("p10", "slow", "cadical", "UNKNOWN", 1.0),
            csv_row("p2", "default", "cadical", "SAT", 0.25),
            csv_row("p2", "slow", "cadical", "SAT", 1.5),
            csv_row("p2", "default", "minisat", "SAT", 2.0),
            csv_row("p2", "slow", "minisat", "ERROR", 2.0),
        ],
    );
    let report = |extra: &[&str]| {
        let mut args = vec![
            csv.to_str().expect("utf-8"),
            "--out",
            dir.path()
                .join("out")
                .to_str()
                .expect("utf-8")
                .to_string()
                .leak(),
            "--instances",
            instances.to_str().expect("utf-8"),
            "--view",
            "pivot",
            "--print",
        ];
        args.extend_from_slice(extra);
        run("bench-report", &args, b"")
    };
    let output = report(&["--solvers", "cadical"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    // Listed instances in the configuration's order; pipeline seconds; the baseline `slow` over the default; `?` for no
    // answer, and the ratio then a bound.
    assert!(
        text.contains(
            "| instance | answer | solv-o-matic (s) | default | slow | slow / default |\n\
             |---|---|---:|---:|---:|---:|\n\
             | p2 | SAT | 1.00 | 0.250 | 1.50 | 6.0x |\n\
             | p10 | UNSAT | 5.00 | 0.500 | 1.00? | >2.0x |\n\
             | **total** |  |  | 0.750 | 2.50? | >3.3x |\n"
        ),
        "{text}"
    );
    assert!(text.contains("solver cadical"), "{text}");

    // Two solvers: a column per solver and variant; an ERROR row is `!`
    // and listed; `--baseline target` gives target / ours.
    let output = report(&["--baseline", "target"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(
            "| instance | answer | solv-o-matic (s) | cadical default | cadical slow | \
             solv-o-matic / cadical default | solv-o-matic / cadical slow | minisat default | \
             minisat slow | solv-o-matic / minisat default | solv-o-matic / minisat slow |"
        ),
        "{text}"
    );
    assert!(
        text.contains("| p2 | SAT | 1.00 | 0.250 | 1.50 | 4.0x | 0.7x | 2.00 | 2.00! | 0.5x | - |"),
        "{text}"
    );
    assert!(
        text.contains(
            "| **total** |  | 6.00 | 0.750 | 2.50? | 8.0x | <2.4x | 2.00 | 2.00! | 0.5x | - |"
        ),
        "{text}"
    );
    assert!(text.contains("- `!` p2 [slow] minisat:"), "{text}");
    assert!(
        text.contains("Ratios: solv-o-matic over our seconds."),
        "{text}"
    );

    // An unknown baseline is an error.
    let output = report(&["--baseline", "fast"]);
    common::assert_error(&output, "baseline 'fast'");
}

#[test]
fn the_report_writes_its_table_between_markers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = toy_instances(dir.path());
    let csv = write_csv(
        dir.path(),
        "toy.csv",
        &[
            csv_row("p2", "default", "cadical", "SAT", 0.25),
            csv_row("p2", "slow", "cadical", "SAT", 1.5),
        ],
    );
    let doc = temp_file(
        dir.path(),
        "benchmarks.md",
        b"# Benchmarks\n\nIntro.\n\n<!-- bench:toy -->\nnot yet run\n<!-- /bench:toy -->\n\n\
          ## Other\n\n<!-- bench:other -->\nkept\n<!-- /bench:other -->\n",
    );
    let out = dir.path().join("out");
    let args = [
        csv.to_str().expect("utf-8"),
        "--family",
        "toy",
        "--out",
        out.to_str().expect("utf-8"),
        "--instances",
        instances.to_str().expect("utf-8"),
        "--view",
        "pivot",
        "--markdown",
        doc.to_str().expect("utf-8"),
    ];
    let output = run("bench-report", &args, b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = std::fs::read_to_string(&doc).expect("read");
    assert!(
        text.starts_with("# Benchmarks\n\nIntro.\n\n<!-- bench:toy -->\nSeconds of the whole"),
        "{text}"
    );
    assert!(
        text.contains(
            "| p2 | SAT | 1.00 | 0.250 | 1.50 | 6.0x |\n<!-- /bench:toy -->\n\n## Other\n\n\
                       <!-- bench:other -->\nkept\n<!-- /bench:other -->\n"
        ),
        "{text}"
    );
    assert!(!text.contains("not yet run"));
    // Writing again replaces the section: the file does not change.
    let again = run("bench-report", &args, b"");
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(&doc).expect("read"), text);

    // A new section (the summary view, named by --section) is appended.
    let summary = run(
        "bench-report",
        &[
            csv.to_str().expect("utf-8"),
            "--out",
            out.to_str().expect("utf-8"),
            "--markdown",
            doc.to_str().expect("utf-8"),
            "--section",
            "all",
        ],
        b"",
    );
    assert_eq!(code(&summary), 0, "{}", stderr(&summary));
    let text = std::fs::read_to_string(&doc).expect("read");
    assert!(
        text.contains("<!-- bench:all -->\n")
            && text.contains("| toy/default/cadical | 1 | 1 | 1 | 0 |")
            && text.ends_with("<!-- /bench:all -->\n"),
        "{text}"
    );

    // A marker without its end is an error naming the file and line.
    std::fs::write(&doc, "a\n\n<!-- bench:toy -->\n").expect("write");
    let broken = run("bench-report", &args, b"");
    common::assert_error(&broken, &format!("{}:3:", doc.display()));
}

#[test]
fn configuration_directives_reach_the_pipeline() {
    let dir = tempfile::tempdir().expect("tempdir");
    let family = dir.path().join("instances/numberlink");
    std::fs::create_dir_all(family.join("small")).expect("mkdir");
    std::fs::copy(
        common::instance("numberlink/seed/input-7by7.in"),
        family.join("small/seven.in"),
    )
    .expect("copy");
    temp_file(
        &family,
        "bench.conf",
        b"variant default\n\
          variant all | --all --max 3\n\
          extension .in\n\
          instance listed/seven - {dir}/small/seven.in\n\
          instance listed/wrong small/seven.in\n\
          skip all listed\n\
          expect . sat\n\
          expect listed/wrong unsat\n",
    );
    let csv = dir.path().join("results.csv");
    let output = run(
        "bench-run",
        &[
            "--csv",
            csv.to_str().expect("utf-8"),
            "--instances",
            dir.path().join("instances").to_str().expect("utf-8"),
            "--family",
            "numberlink",
            "--solvers",
            "cadical",
        ],
        b"",
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let rows = read_rows(&csv).expect("rows");
    let find = |instance: &str, encoding: &str| {
        rows.iter()
            .find(|r| r.instance == instance && r.encoding == encoding)
            .unwrap_or_else(|| panic!("no row {instance} {encoding}: {rows:?}"))
    };
    assert_eq!(rows.len(), 4, "{rows:?}");
    let all = find("small/seven.in", "all");
    assert_eq!(all.solve_options, "--all --max 3");
    assert!(
        all.verified && all.solutions.is_some_and(|n| n >= 1),
        "{all:?}"
    );
    let listed = find("listed/seven", "default");
    assert!(listed.verified, "{listed:?}");
    assert!(
        listed.encoder_options.ends_with("small/seven.in") && !listed.encoder_options.contains('{'),
        "{{dir}} is the family folder: {listed:?}"
    );
    let wrong = find("listed/wrong", "default");
    assert_eq!(wrong.result, Outcome::Error);
    assert_eq!(wrong.message, "wrong answer: SAT, expected UNSAT");

    // A listed file that does not exist is an error naming the line.
    let conf = family.join("bench.conf");
    let mut text = std::fs::read_to_string(&conf).expect("read");
    text.push_str("instance gone missing.in\n");
    std::fs::write(&conf, text).expect("write");
    let output = run(
        "bench-run",
        &[
            "--instances",
            dir.path().join("instances").to_str().expect("utf-8"),
            "--family",
            "numberlink",
            "--solvers",
            "cadical",
            "--list",
        ],
        b"",
    );
    common::assert_error(&output, &format!("{}:9: instance 'gone'", conf.display()));
}

#[test]
fn errors_and_shorter_time_outs_are_run_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let row = |instance: &str, result: &str, limit: u32| {
        format!(
            "gen,{instance},default,,cadical,{result},false,,,0.0,0.0,0.0,0.0,{limit},,,,,,,,\n"
        )
    };
    // queens-8 failed, php-6-5 timed out under 1 s; both are run again
    // under 20 s; queens-16 was answered and php-7-6 timed out under the
    // same limit: both are done.
    let csv = write_csv(
        dir.path(),
        "results.csv",
        &[
            row("queens-8", "ERROR", 20),
            row("php-6-5", "UNKNOWN", 1),
            row("queens-16", "SAT", 1),
            row("php-7-6", "UNKNOWN", 20),
        ],
    );
    let args = [
        "--csv",
        csv.to_str().expect("utf-8"),
        "--family",
        "gen",
        "--solvers",
        "cadical",
        "--time-limit",
        "20",
        "--filter",
        "queens-8",
        "--filter",
        "queens-16",
        "--filter",
        "php-6-5",
        "--filter",
        "php-7-6",
    ];
    let output = run("bench-run", &args, b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("2 runs") && stderr(&output).contains("2 already done"),
        "{}",
        stderr(&output)
    );
    let rows = read_rows(&csv).expect("rows");
    assert_eq!(rows.len(), 6);
    assert!(
        rows[4..].iter().all(|r| r.verified && r.time_limit == 20.0),
        "{rows:?}"
    );
    let mut redone: Vec<&str> = rows[4..].iter().map(|r| r.instance.as_str()).collect();
    redone.sort_unstable();
    assert_eq!(redone, ["php-6-5", "queens-8"]);

    // Nothing left to do; --rerun does all four again.
    let again = run("bench-run", &args, b"");
    assert!(stderr(&again).contains("0 runs"), "{}", stderr(&again));
    let rerun = run("bench-run", &[&args[..], &["--rerun"]].concat(), b"");
    assert!(stderr(&rerun).contains("4 runs"), "{}", stderr(&rerun));
}

#[test]
fn unknown_solvers_and_a_missing_instances_folder_fail_up_front() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("results.csv");
    let csv = csv.to_str().expect("utf-8");
    for (solvers, message) in [
        ("cadical frobnicat", "unknown solver 'frobnicat'"),
        ("ext:frobnicat", "unknown external solver 'ext:frobnicat'"),
    ] {
        let output = run(
            "bench-run",
            &["--csv", csv, "--family", "gen", "--solvers", solvers],
            b"",
        );
        assert_eq!(code(&output), 1, "{}", stderr(&output));
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
        assert!(!Path::new(csv).exists(), "no CSV, no ERROR rows");
    }
    let missing = dir.path().join("no-such-folder");
    let output = run(
        "bench-run",
        &[
            "--csv",
            csv,
            "--instances",
            missing.to_str().expect("utf-8"),
            "--solvers",
            "cadical",
        ],
        b"",
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("instances folder {} not found", missing.display())),
        "{}",
        stderr(&output)
    );
    assert!(!Path::new(csv).exists());
}

#[test]
fn csvs_of_earlier_schemas_are_read_and_upgraded_before_rows_are_added() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The first schema (15 columns) and the second (18, before `cost`).
    for (name, columns, row) in [
        (
            "first.csv",
            15,
            "gen,queens-8,default,,cadical,SAT,true,64,100,0.0,0.5,0.0,1.0,10,",
        ),
        (
            "second.csv",
            18,
            "gen,queens-8,default,,cadical,SAT,true,64,100,0.0,0.5,0.0,1.0,10,,1,,",
        ),
    ] {
        let old = temp_file(
            dir.path(),
            name,
            format!("{}\n{row}\n", COLUMNS[..columns].join(",")).as_bytes(),
        );
        let rows = read_rows(&old).expect("old schema reads");
        assert_eq!(rows[0].cost, None);
        assert_eq!(rows[0].solve_options, "");
        let output = run(
            "bench-run",
            &[
                "--csv",
                old.to_str().expect("utf-8"),
                "--family",
                "gen",
                "--filter",
                "php-6-5",
                "--solvers",
                "cadical",
            ],
            b"",
        );
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        assert!(
            stderr(&output).contains("rewritten in the current CSV schema (1 rows"),
            "{}",
            stderr(&output)
        );
        let text = std::fs::read_to_string(&old).expect("read");
        assert_eq!(text.lines().next(), Some(COLUMNS.join(",").as_str()));
        let rows = read_rows(&old).expect("rows");
        let instances: Vec<&str> = rows.iter().map(|r| r.instance.as_str()).collect();
        assert_eq!(instances, ["queens-8", "php-6-5"], "the old row kept");
    }
    // A CSV of another program is refused.
    let other = temp_file(dir.path(), "other.csv", b"a,b,c\n1,2,3\n");
    let output = run(
        "bench-run",
        &["--csv", other.to_str().expect("utf-8"), "--family", "gen"],
        b"",
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("{}:1:", other.display()))
            && stderr(&output).contains("not a bench-run CSV"),
        "{}",
        stderr(&output)
    );
}

/// A folder of DIMACS files whose configuration says `kind dimacs`: the
/// files go to `solve` as they are, with no encoder or decoder.
fn dimacs_folder(dir: &Path) -> std::path::PathBuf {
    let instances = dir.join("instances");
    let folder = instances.join("formulas");
    std::fs::create_dir_all(&folder).expect("mkdir");
    for (name, args) in [
        ("queens.cnf", &["queens", "6"][..]),
        ("php.cnf", &["php", "4", "3"]),
    ] {
        let out = run("cnf-gen", args, b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        temp_file(&folder, name, &out.stdout);
    }
    temp_file(&folder, "notes.txt", b"not an instance\n");
    temp_file(
        &folder,
        "bench.conf",
        b"kind dimacs\nvariant default\nvariant minimal | --enumeration blocking\nexpect php.cnf unsat\n",
    );
    instances
}

#[test]
fn a_folder_of_dimacs_files_is_a_family_of_its_own() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dimacs_folder(dir.path());
    let instances = instances.to_str().expect("utf-8");
    // Discovered beside the registered families, with no programs of its own.
    let listed = run(
        "bench-run",
        &["--instances", instances, "--solvers", "cadical", "--list"],
        b"",
    );
    assert_eq!(code(&listed), 0, "{}", stderr(&listed));
    let plan = stdout(&listed);
    assert!(
        plan.contains("formulas\tphp.cnf\tdefault\tcadical\n"),
        "{plan}"
    );
    assert!(
        plan.contains("formulas\tqueens.cnf\tminimal\tcadical\n"),
        "{plan}"
    );
    assert!(!plan.contains("notes.txt"), "{plan}");
    let csv = dir.path().join("results.csv");
    let ran = run(
        "bench-run",
        &[
            "--instances",
            instances,
            "--family",
            "formulas",
            "--solvers",
            "cadical",
            "--csv",
            csv.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert_eq!(code(&ran), 0, "{}", stderr(&ran));
    let rows = read_rows(&csv).expect("rows");
    assert_eq!(rows.len(), 4, "{rows:?}");
    for row in &rows {
        assert_eq!(row.encode_seconds, 0.0, "{row:?}");
        assert_eq!(row.decode_seconds, 0.0, "{row:?}");
        if row.instance == "queens.cnf" {
            assert_eq!(row.result, Outcome::Sat, "{row:?}");
            assert!(row.verified, "{row:?}");
        } else {
            assert_eq!(row.result, Outcome::Unsat, "{row:?}");
        }
    }
}

#[test]
fn a_dimacs_folder_with_a_wrong_expectation_gets_error_rows() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dimacs_folder(dir.path());
    temp_file(
        &instances.join("formulas"),
        "bench.conf",
        b"kind dimacs\nexpect php.cnf sat\n",
    );
    let csv = dir.path().join("results.csv");
    let ran = run(
        "bench-run",
        &[
            "--instances",
            instances.to_str().expect("utf-8"),
            "--family",
            "formulas",
            "--solvers",
            "cadical",
            "--filter",
            "php",
            "--csv",
            csv.to_str().expect("utf-8"),
        ],
        b"",
    );
    // Its only run failed: so did bench-run.
    assert_eq!(code(&ran), 1, "{}", stderr(&ran));
    assert!(
        stderr(&ran).contains("every run failed"),
        "{}",
        stderr(&ran)
    );
    let rows = read_rows(&csv).expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].result, Outcome::Error, "{:?}", rows[0]);
    assert!(rows[0].message.contains("wrong answer"), "{:?}", rows[0]);
}

/// A peer that "solves" with satpipe's own `solve`, found where bench-run
/// says its programs are (`SATPIPE_BIN_DIR`), after its install step left
/// a mark in its cache; and one that cannot be installed.
fn peer_scripts(dir: &Path) -> std::path::PathBuf {
    let peers = dir.join("peers");
    std::fs::create_dir_all(&peers).expect("mkdir");
    let scripts = [
        (
            "fake.sh",
            "#!/bin/sh\nset -eu\ncase $1 in\n\
             install) test -x \"$SATPIPE_BIN_DIR/solve\" && mkdir -p \"$2\" && touch \"$2/built\" \
             && echo x >> \"$2/installs\" ;;\n\
             run) test -f \"$2/built\" || exit 1; shift 2; \
             exec \"$SATPIPE_BIN_DIR/solve\" \"$1\" >/dev/null ;;\nesac\n"
                .to_string(),
        ),
        (
            "absent.sh",
            "#!/bin/sh\necho 'its source is not here' >&2\nexit 3\n".to_string(),
        ),
    ];
    for (name, text) in scripts {
        let path = temp_file(&peers, name, text.as_bytes());
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    peers
}

#[test]
fn a_peer_runs_once_per_instance_and_the_report_takes_ratios_against_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dimacs_folder(dir.path());
    temp_file(
        &instances.join("formulas"),
        "bench.conf",
        b"kind dimacs\nvariant default\npeer fake\npeer absent\nbaseline fake\nexpect php.cnf unsat\n",
    );
    let peers = peer_scripts(dir.path());
    let csv = dir.path().join("results.csv");
    let mut command = std::process::Command::new(common::bin("bench-run"));
    command
        .args(["--instances", instances.to_str().expect("utf-8")])
        .args(["--peers", peers.to_str().expect("utf-8")])
        .args(["--family", "formulas", "--solvers", "cadical minisat"])
        .args(["--csv", csv.to_str().expect("utf-8")])
        .env("SATPIPE_PEER_CACHE", dir.path().join("cache"))
        .env_remove("SATPIPE_BIN_DIR");
    let ran = common::run_command(command, b"");
    assert_eq!(code(&ran), 0, "{}", stderr(&ran));
    assert!(
        stderr(&ran).contains("peer absent skipped: its source is not here"),
        "{}",
        stderr(&ran)
    );
    assert!(dir.path().join("cache/fake/built").is_file());
    let rows = read_rows(&csv).expect("rows");
    // Two instances: two solvers for the pipeline, one run for each peer.
    assert_eq!(rows.len(), 8, "{rows:?}");
    for row in rows.iter().filter(|r| r.encoding == "fake") {
        assert_eq!(row.solver, "peer", "{row:?}");
        let answer = if row.instance == "php.cnf" {
            Outcome::Unsat
        } else {
            Outcome::Sat
        };
        assert_eq!(row.result, answer, "{row:?}");
        assert!(!row.verified, "a peer's answer is its own: {row:?}");
    }
    for row in rows.iter().filter(|r| r.encoding == "absent") {
        assert_eq!(row.result, Outcome::Error, "{row:?}");
        assert!(row.message.contains("its source is not here"), "{row:?}");
    }
    let report = run(
        "bench-report",
        &[
            csv.to_str().expect("utf-8"),
            "--family",
            "formulas",
            "--view",
            "pivot",
            "--print",
            "--out",
            dir.path().join("out").to_str().expect("utf-8"),
            "--instances",
            instances.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert_eq!(code(&report), 0, "{}", stderr(&report));
    let table = stdout(&report);
    let header = table
        .lines()
        .find(|l| l.starts_with("| instance"))
        .expect("a table");
    assert_eq!(
        header,
        "| instance | answer | fake | absent | cadical | fake / cadical | minisat \
         | fake / minisat |",
        "{table}"
    );
    assert!(table.contains("the peer's own program"), "{table}");
    assert!(table.contains("peer not available"), "{table}");
}

#[test]
fn emitted_jobs_find_their_peers_installed_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dimacs_folder(dir.path());
    temp_file(
        &instances.join("formulas"),
        "bench.conf",
        b"kind dimacs\nvariant default\npeer fake\npeer absent\nexpect php.cnf unsat\n",
    );
    let peers = peer_scripts(dir.path());
    let cache = dir.path().join("cache");
    let fragments = dir.path().join("fragments");
    let mut command = std::process::Command::new(common::bin("bench-run"));
    command
        .args(["--instances", instances.to_str().expect("utf-8")])
        .args(["--peers", peers.to_str().expect("utf-8")])
        .args(["--family", "formulas", "--solvers", "cadical"])
        .args(["--emit-jobs", fragments.to_str().expect("utf-8")])
        .env("SATPIPE_PEER_CACHE", &cache);
    let emitted = common::run_command(command, b"");
    assert_eq!(code(&emitted), 0, "{}", stderr(&emitted));
    assert!(
        stderr(&emitted).contains("peer absent skipped: its source is not here"),
        "{}",
        stderr(&emitted)
    );
    let installs = || std::fs::read_to_string(cache.join("fake/installs")).expect("installs");
    assert_eq!(installs(), "x\n", "installed once, by --emit-jobs");
    let jobs = stdout(&emitted);
    // Two instances, each through the pipeline and each peer.
    assert_eq!(jobs.lines().count(), 6, "{jobs}");
    let mut failed = 0;
    for line in jobs.lines() {
        assert!(line.contains(" --peers-installed "), "{line}");
        let ran = common::external_command("sh")
            .args(["-c", line])
            .env("SATPIPE_PEER_CACHE", &cache)
            .output()
            .expect("run job");
        // The absent peer's two jobs fail whole (exit 1), the rest pass.
        match code(&ran) {
            0 => {}
            1 if stderr(&ran).contains("its source is not here") => failed += 1,
            _ => panic!("{line}: {}", stderr(&ran)),
        }
    }
    assert_eq!(failed, 2);
    assert_eq!(installs(), "x\n", "the jobs install nothing");
    let rows = satpipe::bench::rows::read_all(&[fragments]).expect("fragments");
    assert_eq!(rows.len(), 6, "{rows:?}");
    for row in &rows {
        let expected = match (row.encoding.as_str(), row.instance.as_str()) {
            ("absent", _) => Outcome::Error,
            (_, "php.cnf") => Outcome::Unsat,
            _ => Outcome::Sat,
        };
        assert_eq!(row.result, expected, "{row:?}");
    }
}

#[test]
fn a_peer_without_a_script_is_named_up_front() {
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dimacs_folder(dir.path());
    temp_file(
        &instances.join("formulas"),
        "bench.conf",
        b"kind dimacs\npeer nowhere\n",
    );
    let peers = peer_scripts(dir.path());
    let listed = run(
        "bench-run",
        &[
            "--instances",
            instances.to_str().expect("utf-8"),
            "--peers",
            peers.to_str().expect("utf-8"),
            "--list",
        ],
        b"",
    );
    assert_eq!(code(&listed), 1, "{}", stderr(&listed));
    assert!(
        stderr(&listed).contains("peer 'nowhere' has no script"),
        "{}",
        stderr(&listed)
    );
}

#[test]
fn the_pivot_view_totals_each_set_of_instances() {
    // Instances in two folders: a total line for the folder with two,
    // none for the folder with one, then the total over all.
    let dir = tempfile::tempdir().expect("tempdir");
    let instances = dir.path().join("instances");
    std::fs::create_dir_all(instances.join("toy")).expect("mkdir");
    temp_file(
        &instances.join("toy"),
        "bench.conf",
        b"variant default\ninstance a/1 - --size 1\ninstance a/2 - --size 2\n\
          instance b/3 - --size 3\n",
    );
    let csv = write_csv(
        dir.path(),
        "toy.csv",
        &[
            csv_row("a/1", "default", "cadical", "SAT", 0.5),
            csv_row("a/2", "default", "cadical", "SAT", 0.25),
            csv_row("b/3", "default", "cadical", "SAT", 2.0),
        ],
    );
    let out = dir.path().join("out");
    let output = run(
        "bench-report",
        &[
            csv.to_str().expect("utf-8"),
            "--out",
            out.to_str().expect("utf-8"),
            "--instances",
            instances.to_str().expect("utf-8"),
            "--view",
            "pivot",
            "--print",
        ],
        b"",
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(
            "| b/3 | SAT | 2.00 |\n\
             | **total a** |  | 0.750 |\n\
             | **total** |  | 2.75 |\n"
        ),
        "{text}"
    );
    assert!(!text.contains("**total b**"), "{text}");
}

/// The crossword peer script (scripts/peers/ingrid.sh) with a stand-in
/// for ingrid_core that prints its arguments and its word list: encoder
/// arguments become ingrid_core's, lists become `word;score` lines (plain
/// lines score 50), and "Unfillable grid" is exit 20.
#[test]
fn the_ingrid_peer_translates_encoder_arguments_and_word_lists() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = dir.path().join("cache");
    std::fs::create_dir_all(cache.join("bin")).expect("mkdir");
    let fake = temp_file(
        &cache.join("bin"),
        "ingrid_core",
        b"#!/bin/sh\necho \"args: $*\"\nwhile [ $# -gt 1 ]; do\n\
          [ \"$1\" = --wordlist ] && cat \"$2\"; shift\ndone\n\
          if grep -q x \"$1\"; then echo 'Error: Unfillable grid'; exit 1; fi\n",
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let pattern = temp_file(dir.path(), "p.txt", b"...\n");
    let unfillable = temp_file(dir.path(), "x.txt", b"x..\n");
    let list = temp_file(dir.path(), "w.txt", b"Cat\ndog;30\nit's\n");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/peers/ingrid.sh");
    let peer = |args: &[&str]| {
        let mut command = std::process::Command::new(&script);
        command.arg("run").arg(&cache).arg("-").args(args);
        common::run_command(command, b"")
    };
    let (p, w) = (
        pattern.to_str().expect("utf-8"),
        list.to_str().expect("utf-8"),
    );
    let ran = peer(&["--pattern", p, "--words", w, "--min-score", "10"]);
    assert_eq!(code(&ran), 10, "{}", stderr(&ran));
    let out = stdout(&ran);
    assert!(out.contains("--min-score 10 -t"), "{out}");
    assert!(
        out.contains("cat;50\ndog;30\n") && !out.contains("it"),
        "{out}"
    );
    let ran = peer(&["--pattern", p, "--words", w, "--filter-words"]);
    assert_eq!(code(&ran), 10, "{}", stderr(&ran));
    let out = stdout(&ran);
    assert!(
        out.contains("--min-score 0 -t") && out.contains("dog;30"),
        "{out}"
    );
    assert!(!out.contains("cat;"), "upper case is filtered out: {out}");
    let x = unfillable.to_str().expect("utf-8");
    let ran = peer(&["--pattern", x, "--words", w]);
    assert_eq!(code(&ran), 20, "{}", stdout(&ran));
    let ran = peer(&["--width", "5", "--words", w]);
    assert_eq!(code(&ran), 1);
    assert!(stderr(&ran).contains("no ingrid_core equivalent of '--width'"));
}

/// The crossword benchmark fills every pattern of instances/crossword/grids
/// with both Debian lists (wamerican and wamerican-large).
#[test]
fn the_crossword_benchmark_fills_every_pattern_with_both_lists() {
    let family = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances/crossword");
    let conf = std::fs::read_to_string(family.join("bench.conf")).expect("bench.conf");
    let mut patterns: Vec<String> = std::fs::read_dir(family.join("grids"))
        .expect("grids")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    patterns.sort();
    assert!(patterns.len() >= 15, "{patterns:?}");
    for pattern in &patterns {
        for list in ["american-english ", "american-english-large "] {
            let arguments =
                format!("--pattern {{dir}}/grids/{pattern} --words /usr/share/dict/{list}");
            assert!(
                conf.lines()
                    .any(|l| l.starts_with("instance ") && l.contains(&arguments)),
                "bench.conf lacks {pattern} with {list}"
            );
        }
    }
    assert!(
        conf.lines().any(|l| l == "peer ingrid") && conf.lines().any(|l| l == "baseline ingrid")
    );
}
