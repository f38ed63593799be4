//! `bench-run` on a researcher's own formulas: DIMACS CNF and WCNF files,
//! plain or compressed, named on the command line or in a folder with or
//! without a `bench.conf`; `expect` lines that verify their answers, the
//! optimum of a WCNF in the CSV's `cost` column, what cannot be used named
//! with the reason, and the exit status when nothing ran or all failed.

mod common;

use common::{code, run, stderr, stdout, temp_file};
use satpipe::bench::rows::{read_rows, Outcome, Row};
use std::io::Write;
use std::path::Path;

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run("cnf-gen", args, b"");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    out.stdout
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    out.write_all(bytes).expect("gzip");
    out.finish().expect("gzip")
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut out = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    out.write_all(bytes).expect("bzip2");
    out.finish().expect("bzip2")
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut out = xz2::write::XzEncoder::new(Vec::new(), 6);
    out.write_all(bytes).expect("xz");
    out.finish().expect("xz")
}

/// A folder of formulas as a researcher has them: 6-queens (SAT), PHP(4,3)
/// gzipped (UNSAT), the vertex cover of a 5-cycle xz-compressed (a WCNF
/// of optimum 3), 5-queens bzip2-compressed under an unusual name in a
/// folder, and a note that is no formula.
fn my_formulas(dir: &Path) -> std::path::PathBuf {
    let folder = dir.join("mycnfs");
    std::fs::create_dir_all(folder.join("more")).expect("mkdir");
    temp_file(&folder, "queens.cnf", &gen(&["queens", "6"]));
    temp_file(&folder, "php.cnf.gz", &gzip(&gen(&["php", "4", "3"])));
    temp_file(&folder, "cover.wcnf.xz", &xz(&gen(&["cycle-cover", "5"])));
    temp_file(
        &folder.join("more"),
        "q5.data",
        &bzip2(&gen(&["queens", "5"])),
    );
    temp_file(&folder, "README.md", b"# my formulas\n");
    folder
}

fn bench_run(dir: &Path, args: &[&str]) -> (std::process::Output, Vec<Row>) {
    let csv = dir.join("results.csv");
    let _ = std::fs::remove_file(&csv);
    let mut all = vec![
        "--csv",
        csv.to_str().expect("utf-8"),
        "--solvers",
        "cadical",
    ];
    all.extend_from_slice(args);
    let output = run("bench-run", &all, b"");
    let rows = if csv.exists() {
        read_rows(&csv).expect("rows")
    } else {
        Vec::new()
    };
    (output, rows)
}

fn row<'r>(rows: &'r [Row], instance: &str) -> &'r Row {
    rows.iter()
        .find(|r| r.instance.ends_with(instance))
        .unwrap_or_else(|| panic!("no row of {instance}: {rows:?}"))
}

#[test]
fn files_named_on_the_command_line_run_as_they_are() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = my_formulas(dir.path());
    let path = |name: &str| folder.join(name).display().to_string();
    let (queens, php, cover, more, readme) = (
        path("queens.cnf"),
        path("php.cnf.gz"),
        path("cover.wcnf.xz"),
        path("more"),
        path("README.md"),
    );
    let (output, rows) = bench_run(dir.path(), &[&queens, &php, &cover, &more, &readme]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!(
            "skipped {readme}: not a DIMACS CNF or WCNF file (line 1"
        )),
        "{}",
        stderr(&output)
    );
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows.iter().all(|r| r.family == "files"), "{rows:?}");
    assert_eq!(row(&rows, "queens.cnf").instance, queens, "named as given");
    assert_eq!(row(&rows, "queens.cnf").result, Outcome::Sat);
    assert!(row(&rows, "queens.cnf").verified);
    assert_eq!(row(&rows, "queens.cnf").variables, Some(36));
    assert_eq!(row(&rows, "php.cnf.gz").result, Outcome::Unsat);
    assert!(
        !row(&rows, "php.cnf.gz").verified,
        "no expect line, no proof"
    );
    assert_eq!(row(&rows, "q5.data").result, Outcome::Sat);
    // The WCNF: its optimum in the cost column, its size counted (the
    // 2022 format has no `p` line): 5 variables, 5 hard and 5 soft.
    let wcnf = row(&rows, "cover.wcnf.xz");
    assert_eq!(
        (wcnf.result, wcnf.cost),
        (Outcome::Sat, Some(3)),
        "{wcnf:?}"
    );
    assert_eq!((wcnf.variables, wcnf.clauses), (Some(5), Some(10)));
    assert!(
        wcnf.message.contains("optimality not certified"),
        "{wcnf:?}"
    );
    // The job list names the files, and a job runs unchanged.
    let fragments = dir.path().join("fragments");
    let jobs = run(
        "bench-run",
        &[
            &queens,
            &php,
            "--solvers",
            "cadical",
            "--emit-jobs",
            fragments.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert_eq!(code(&jobs), 0, "{}", stderr(&jobs));
    let lines: Vec<String> = stdout(&jobs).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].contains(&php) && !lines[1].contains("--instances"),
        "{}",
        lines[1]
    );
    let ran = std::process::Command::new("sh")
        .args(["-c", &lines[1]])
        .env(
            "PATH",
            format!(
                "{}:{}",
                common::bin("bench-run").parent().expect("folder").display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("job");
    assert_eq!(
        ran.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let rows = satpipe::bench::rows::read_all(&[fragments]).expect("fragment");
    assert_eq!((rows.len(), rows[0].result), (1, Outcome::Unsat));
    // A file that is not there is an error before anything runs.
    let (output, rows) = bench_run(dir.path(), &[&path("nothing.cnf")]);
    common::assert_error(&output, "nothing.cnf");
    assert!(rows.is_empty());
}

#[test]
fn a_folder_without_configuration_is_a_family_of_its_formulas() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = my_formulas(dir.path());
    let instances = folder.to_str().expect("utf-8");
    let listed = run(
        "bench-run",
        &["--instances", instances, "--solvers", "cadical", "--list"],
        b"",
    );
    assert_eq!(code(&listed), 0, "{}", stderr(&listed));
    // Its loose files are the family `mycnfs`, its folder `more` another;
    // no built-in `gen` formula runs beside one's own.
    assert_eq!(
        stdout(&listed),
        "more\tq5.data\tdefault\tcadical\n\
         mycnfs\tcover.wcnf.xz\tdefault\tcadical\n\
         mycnfs\tphp.cnf.gz\tdefault\tcadical\n\
         mycnfs\tqueens.cnf\tdefault\tcadical\n"
    );
    assert!(
        stderr(&listed).contains("README.md: not a DIMACS"),
        "{}",
        stderr(&listed)
    );

    // With a configuration of its own it is one family, whose `expect`
    // lines verify the UNSAT answer and the optimum.
    temp_file(
        &folder,
        "bench.conf",
        b"expect php.cnf.gz unsat\nexpect cover.wcnf.xz optimum 3\nexpect more 10\n\
          variant all | --all\n",
    );
    let (output, rows) = bench_run(dir.path(), &["--instances", instances]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows.iter().all(|r| r.family == "mycnfs"));
    assert_eq!(row(&rows, "more/q5.data").solutions, Some(10));
    for row in &rows {
        assert!(row.verified, "{row:?}");
    }
    assert_eq!(
        row(&rows, "php.cnf.gz").message,
        "UNSAT as known (no proof checked)"
    );
    assert!(row(&rows, "cover.wcnf.xz")
        .message
        .contains("the known optimum"));

    // A wrong known optimum is an ERROR row, and an only run failing
    // fails bench-run.
    temp_file(&folder, "bench.conf", b"expect cover.wcnf.xz optimum 2\n");
    let (output, rows) = bench_run(dir.path(), &["--instances", instances, "--filter", "cover"]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("every run failed"),
        "{}",
        stderr(&output)
    );
    assert_eq!(rows[0].result, Outcome::Error);
    assert_eq!(
        rows[0].message,
        "wrong answer: optimum 3, expected optimum 2"
    );
}

#[test]
fn what_cannot_run_is_named_and_nothing_to_run_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("notes");
    std::fs::create_dir_all(folder.join("pictures")).expect("mkdir");
    temp_file(&folder, "todo.txt", b"solve everything\n");
    temp_file(&folder.join("pictures"), "a.png", b"\x89PNG\r\n\x1a\n\0\0");
    temp_file(&folder.join("pictures"), "bench.conf", b"kind puzzle\n");
    let (output, rows) = bench_run(
        dir.path(),
        &["--instances", folder.to_str().expect("utf-8")],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let said = stderr(&output);
    assert!(
        said.contains("todo.txt: not a DIMACS CNF or WCNF file (line 1: 'solve' is not a number)"),
        "{said}"
    );
    assert!(
        said.contains(
            "pictures: its bench.conf says `kind puzzle`, and no puzzle family 'pictures'"
        ),
        "{said}"
    );
    assert!(said.contains("nothing to run in"), "{said}");
    assert!(rows.is_empty());
    // A filter that keeps nothing: nothing to run either.
    let (output, _) = bench_run(
        dir.path(),
        &["--family", "gen", "--filter", "no-such-formula"],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("nothing to run"),
        "{}",
        stderr(&output)
    );
}
