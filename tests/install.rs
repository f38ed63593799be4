//! Installing satpipe as a user does: `scripts/install.sh` (what `make
//! install` and `make uninstall` run) into a staging `DESTDIR`, a pipeline
//! of every family run from outside the repository with only the installed
//! prefix on `PATH`, the man pages and completions where man and the shells
//! look, an uninstall that leaves nothing; and `scripts/make-deb.sh` (what
//! `make deb` runs): a package whose contents list those files and that
//! dpkg installs into, and removes from, a root of its own.
//!
//! The tests install the debug binaries the suite runs (`make install`
//! builds release ones first; the scripts are the same).

mod common;

use common::{available, bin, code, have, instance, root, stderr, stdout};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A command and its arguments.
type Stage<'a> = &'a [&'a str];

/// The folder the suite's binaries are built in (solve-kissat beside them).
fn built_commands() -> PathBuf {
    bin("solve")
        .parent()
        .expect("a folder holds the binaries")
        .to_path_buf()
}

/// One of the project's scripts, run with `DESTDIR` (when given) and
/// nothing else of the test's environment but `PATH`.
fn script(name: &str, args: &[&str], destdir: Option<&Path>, extra: &[(&str, &str)]) -> Output {
    let mut command = Command::new(root().join("scripts").join(name));
    command.args(args).env_remove("LD_LIBRARY_PATH");
    if let Some(destdir) = destdir {
        command.env("DESTDIR", destdir);
    }
    for (key, value) in extra {
        command.env(key, value);
    }
    command.output().expect("the script runs")
}

/// Runs `stages` as a real pipeline (each stage's standard output is the
/// next one's input) in `dir`, with a clean environment whose `PATH` is
/// `path` alone; returns each stage's exit code and the last one's output.
fn clean_pipeline(path: &Path, dir: &Path, stages: &[&[&str]]) -> (Vec<i32>, Output) {
    let mut children = Vec::new();
    let mut previous: Option<std::process::ChildStdout> = None;
    for (index, stage) in stages.iter().enumerate() {
        let mut command = Command::new(path.join(stage[0]));
        command
            .args(&stage[1..])
            .env_clear()
            .env("PATH", path)
            .current_dir(dir)
            .stderr(Stdio::piped())
            .stdout(Stdio::piped());
        match previous.take() {
            Some(out) => command.stdin(out),
            None => command.stdin(Stdio::null()),
        };
        let mut child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the installed {}: {e}", stage[0]));
        if index + 1 < stages.len() {
            previous = child.stdout.take();
        }
        children.push(child);
    }
    let last = children.pop().expect("a stage");
    let output = last.wait_with_output().expect("wait");
    let mut codes: Vec<i32> = children
        .into_iter()
        .map(|child| code(&child.wait_with_output().expect("wait")))
        .collect();
    codes.push(code(&output));
    (codes, output)
}

/// Every regular file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(dir).expect("under dir");
                found.push(relative.display().to_string());
            }
        }
    }
    found.sort();
    found
}

/// The commands src/bin builds, each of which must be installed.
fn command_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("src/bin"))
        .expect("src/bin")
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rs").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

/// Copies puzzle files into a folder outside the repository.
fn puzzles_outside(dir: &Path) {
    for (from, to) in [
        ("numberlink/seed/input-7by7.in", "numberlink.txt"),
        ("nonogram/griddler/converted-non/inputDog.non", "dog.non"),
        ("rules/examples/sudoku-4x4.txt", "sudoku.txt"),
        ("crossword/grids/stazi-example2-10x10.txt", "pattern.txt"),
        ("crossword/stazi-words.json", "words.json"),
    ] {
        std::fs::copy(instance(from), dir.join(to)).expect("copy a puzzle");
    }
}

#[test]
fn install_runs_every_family_from_outside_the_repository_and_uninstall_leaves_nothing() {
    let staging = tempfile::tempdir().expect("temp dir");
    let prefix = "/opt/satpipe";
    // Stripped (`make install-strip`): the suite's debug binaries are big.
    let out = script(
        "install.sh",
        &["install", &built_commands().to_string_lossy(), prefix],
        Some(staging.path()),
        &[("INSTALL_STRIP", "1")],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let installed = staging.path().join("opt/satpipe");
    let files = files_under(&installed);
    for name in command_names() {
        for expected in [
            format!("bin/{name}"),
            format!("share/man/man1/{name}.1"),
            format!("share/bash-completion/completions/{name}"),
            format!("share/zsh/site-functions/_{name}"),
            format!("share/fish/vendor_completions.d/{name}.fish"),
        ] {
            assert!(
                files.contains(&expected),
                "{expected} not installed: {files:?}"
            );
        }
    }
    assert!(files.contains(&"bin/solve-kissat".to_string()));
    // `list` names exactly what was installed.
    let listed = stdout(&script("install.sh", &["list", prefix], None, &[]));
    let mut listed: Vec<String> = listed
        .lines()
        .map(|line| line.trim_start_matches("/opt/satpipe/").to_string())
        .collect();
    listed.sort();
    assert_eq!(listed, files);

    // man finds the page under the prefix's share/man.
    if available(have("man"), "man (Debian's man-db)", "not on PATH") {
        let out = Command::new("man")
            .args(["-w", "encode-numberlink"])
            .env("MANPATH", installed.join("share/man"))
            .output()
            .expect("man runs");
        assert_eq!(
            stdout(&out).trim(),
            installed
                .join("share/man/man1/encode-numberlink.1")
                .display()
                .to_string(),
            "{}",
            stderr(&out)
        );
    }

    // A pipeline of every family, from a folder outside the repository,
    // with the installed bin folder alone on PATH.
    let elsewhere = tempfile::tempdir().expect("temp dir");
    puzzles_outside(elsewhere.path());
    let path = installed.join("bin");
    // encode, solve and decode stages, and a text the output must hold.
    let pipelines: [(Stage, Stage, Stage, &str); 6] = [
        (
            &["encode-numberlink", "numberlink.txt"],
            &["solve"],
            &["decode-numberlink"],
            "",
        ),
        (
            &["encode-nonogram", "dog.non"],
            &["solve"],
            &["decode-nonogram"],
            "",
        ),
        (
            &["encode-rules", "sudoku.txt"],
            &["solve", "--solver", "kissat"],
            &["decode-rules"],
            "",
        ),
        (
            &[
                "encode-crossword",
                "--pattern",
                "pattern.txt",
                "--words",
                "words.json",
            ],
            &["solve"],
            &["decode-crossword"],
            "",
        ),
        (
            &[
                "encode-sanalouhos",
                "--mode",
                "least-words",
                "PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET",
            ],
            &["solve"],
            &["decode-sanalouhos"],
            "",
        ),
        (
            &["cnf-gen", "queens", "6"],
            &["solve", "--all"],
            &["model-names"],
            "queen(1,",
        ),
    ];
    for (encode, solve, decode, expected) in pipelines {
        let (codes, output) = clean_pipeline(&path, elsewhere.path(), &[encode, solve, decode]);
        assert_eq!(
            codes,
            vec![0, 10, 0],
            "{encode:?} | {solve:?} | {decode:?}: {}",
            stderr(&output)
        );
        assert!(
            !stdout(&output).trim().is_empty(),
            "{encode:?}: no solution drawn"
        );
        assert!(stdout(&output).contains(expected), "{}", stdout(&output));
    }

    let out = script(
        "install.sh",
        &["uninstall", prefix],
        Some(staging.path()),
        &[],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(files_under(staging.path()), Vec::<String>::new());
}

#[test]
fn install_refuses_a_folder_without_the_commands() {
    let staging = tempfile::tempdir().expect("temp dir");
    let empty = tempfile::tempdir().expect("temp dir");
    let out = script(
        "install.sh",
        &["install", &empty.path().to_string_lossy()],
        Some(staging.path()),
        &[],
    );
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("not built (make release builds every command)"));
    assert_eq!(files_under(staging.path()), Vec::<String>::new());
    assert_eq!(code(&script("install.sh", &["frobnicate"], None, &[])), 2);
}

#[test]
fn the_debian_package_lists_every_file_and_installs_and_removes_cleanly() {
    if !available(
        have("dpkg-deb") && have("dpkg"),
        "dpkg-deb",
        "not on PATH (a Debian machine has it)",
    ) {
        return;
    }
    let out_dir = tempfile::tempdir().expect("temp dir");
    let out = script(
        "make-deb.sh",
        &[
            &built_commands().to_string_lossy(),
            &out_dir.path().to_string_lossy(),
        ],
        None,
        &[("DEB_COMPRESSION", "none")],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let package = PathBuf::from(stdout(&out).trim());
    assert!(package.exists(), "{}", package.display());

    let contents = Command::new("dpkg-deb")
        .arg("--contents")
        .arg(&package)
        .output()
        .expect("dpkg-deb runs");
    let contents = stdout(&contents);
    for name in command_names() {
        for expected in [
            format!("./usr/bin/{name}"),
            format!("./usr/share/man/man1/{name}.1.gz"),
            format!("./usr/share/bash-completion/completions/{name}"),
            format!("./usr/share/zsh/site-functions/_{name}"),
            format!("./usr/share/fish/vendor_completions.d/{name}.fish"),
        ] {
            assert!(
                contents.contains(&expected),
                "{expected} not in the package"
            );
        }
    }
    let info = Command::new("dpkg-deb")
        .args(["--field"])
        .arg(&package)
        .args(["Depends", "Recommends"])
        .output()
        .expect("dpkg-deb runs");
    let info = stdout(&info);
    assert!(info.contains("libc6"), "{info}");
    // build.rs links the solvers' C++ runtime statically (docs/install.md).
    assert!(!info.contains("libstdc++"), "{info}");
    assert!(
        info.contains("minisat") && info.contains("wamerican"),
        "{info}"
    );

    // dpkg installs it into a root of its own and removes every file.
    let system = tempfile::tempdir().expect("temp dir");
    let database = system.path().join("var/lib/dpkg");
    for folder in ["updates", "info"] {
        std::fs::create_dir_all(database.join(folder)).expect("dpkg database");
    }
    std::fs::File::create(database.join("status"))
        .and_then(|mut file| file.write_all(b""))
        .expect("dpkg status");
    let dpkg = |args: &[&str]| {
        Command::new("dpkg")
            .arg(format!("--root={}", system.path().display()))
            .args(["--force-not-root", "--log=/dev/null"])
            .args(args)
            .output()
            .expect("dpkg runs")
    };
    let out = dpkg(&["--force-depends", "-i", &package.to_string_lossy()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let usr = system.path().join("usr");
    let version = Command::new(usr.join("bin/encode-numberlink"))
        .arg("--version")
        .output()
        .expect("the packaged command runs");
    assert!(
        stdout(&version).starts_with("encode-numberlink "),
        "{}",
        stdout(&version)
    );
    let out = dpkg(&["-r", "satpipe"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(files_under(&usr), Vec::<String>::new());
}
