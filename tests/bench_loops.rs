//! The pieces of `make bench-loops` without the benchmark:
//! `scripts/peers/tatham.sh id` (the game IDs the peer solves) against the
//! IDs Tatham's own generators printed, and `scripts/bench-loops.sh` on a
//! few small sets (one run each, the peer left out: building it fetches its
//! source) into a temporary document: every instance's row and check, the
//! section replaced on a second run, a wrong answer failing the run, bad
//! settings refused. No time is asserted.

mod common;

use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn script(name: &str) -> PathBuf {
    common::root().join("scripts").join(name)
}

/// The folder of the project's binaries that the tests run.
fn bins() -> PathBuf {
    common::bin("solve")
        .parent()
        .expect("the binaries' folder")
        .to_path_buf()
}

/// `tatham.sh id FILE`.
fn game_id(file: &Path) -> Output {
    let mut command = Command::new("sh");
    command.arg(script("peers/tatham.sh")).arg("id").arg(file);
    common::run_command(command, b"")
}

/// The game ID in a comment line of an instance (Tatham's generator's).
fn id_in_comment(text: &str) -> Option<String> {
    text.lines()
        .filter(|line| line.starts_with('#'))
        .flat_map(str::split_whitespace)
        .find(|word| {
            word.split_once(':').is_some_and(|(params, desc)| {
                params.contains('x')
                    && params.starts_with(|c: char| c.is_ascii_digit())
                    && !desc.is_empty()
                    && desc.chars().all(|c| c.is_ascii_alphanumeric())
            })
        })
        .map(str::to_string)
}

#[test]
fn converted_grids_are_the_game_ids_tatham_printed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut seen = 0;
    for (set, program) in [
        ("slitherlink/loopy", "loopysolver"),
        ("masyu/tatham", "pearlsolve"),
    ] {
        let family = set.split('/').next().expect("family");
        fs::create_dir_all(dir.path().join(family)).expect("mkdir");
        for entry in fs::read_dir(common::instance(set)).expect("instances") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = fs::read_to_string(&path).expect("read");
            let id = id_in_comment(&text)
                .unwrap_or_else(|| panic!("{}: no game ID comment", path.display()));
            let expected = format!("{program} {id}\n");
            // The file as it is: its comment's ID.
            let output = game_id(&path);
            assert_eq!(common::stdout(&output), expected, "{}", path.display());
            // The grid alone, converted: the same ID.
            let grid: String = text
                .lines()
                .filter(|line| !line.starts_with('#'))
                .map(|line| format!("{line}\n"))
                .collect();
            let copy = dir
                .path()
                .join(family)
                .join(path.file_name().expect("name"));
            fs::write(&copy, grid).expect("write");
            let output = game_id(&copy);
            assert_eq!(common::code(&output), 0, "{}", common::stderr(&output));
            assert_eq!(common::stdout(&output), expected, "{}", copy.display());
            seen += 1;
        }
    }
    assert!(seen >= 20, "only {seen} instances with game IDs");
}

#[test]
fn game_ids_are_refused_where_the_peer_has_no_puzzle() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::create_dir_all(dir.path().join("masyu")).expect("mkdir");
    // A puzz.link URL: no grid, exit 4, the file named.
    let output = game_id(&common::instance("masyu/pzprjs/mashu-6x6.txt"));
    assert_eq!(common::code(&output), 4);
    assert!(common::stderr(&output).contains("mashu-6x6.txt: a puzz.link URL"));
    // A sign the game has not.
    let file = common::temp_file(&dir.path().join("masyu"), "o.txt", b"W.o\n...\n");
    let output = game_id(&file);
    assert_eq!(common::code(&output), 4);
    assert!(common::stderr(&output).contains("o in the grid"));
    // Rows of different lengths: the line named.
    let file = common::temp_file(&dir.path().join("masyu"), "rows.txt", b"W..\n..\n");
    let output = game_id(&file);
    assert_eq!(common::code(&output), 1);
    assert!(common::stderr(&output).contains("rows.txt:2: a row of 2 cells after rows of 3"));
    // Clues of Slitherlink in a Masyu folder.
    let file = common::temp_file(&dir.path().join("masyu"), "digits.txt", b"W.3\n...\n");
    assert_eq!(common::code(&game_id(&file)), 4);
}

/// `bench-loops.sh BIN OUT DOC` on `sets`, one run each, without the peer.
fn bench_loops(bin: &Path, dir: &Path, sets: &str, repeat: &str) -> Output {
    let mut command = Command::new("sh");
    command
        .arg(script("bench-loops.sh"))
        .arg(bin)
        .arg(dir.join("out"))
        .arg(dir.join("doc.md"))
        .env("REPEAT", repeat)
        .env("SETS", sets)
        .env("SATPIPE_PEER_CACHE", dir.join("peers"))
        .env("SATPIPE_SGT_TARBALL", dir.join("no-such-source.tar.xz"));
    common::run_command(command, b"")
}

#[test]
fn bench_loops_checks_every_instance_of_its_sets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc = common::temp_file(dir.path(), "doc.md", b"# Benchmarks\n\nText kept.\n");
    let sets = "masyu/small masyu/pzprjs slitherlink slitherlink/pzprjs";
    // The second run, kept, takes the median of two runs per puzzle.
    for repeat in ["1", "2"] {
        let output = bench_loops(&bins(), dir.path(), sets, repeat);
        assert_eq!(common::code(&output), 0, "{}", common::stderr(&output));
        assert!(common::stderr(&output).contains("Tatham's solvers skipped"));
    }
    let text = fs::read_to_string(&doc).expect("doc");
    assert!(text.starts_with("# Benchmarks\n\nText kept.\n"));
    // The second run replaced the first one's section.
    assert_eq!(text.matches("<!-- bench:loops -->").count(), 1, "{text}");
    assert_eq!(text.matches("<!-- /bench:loops -->").count(), 1, "{text}");
    assert!(text.contains("Tatham's solvers were not available"));
    assert!(text.contains("the median of 2 runs"), "{text}");
    for (row, verdict) in [
        ("small/clash.txt", "no solution"),
        ("small/four-loops.txt", "at least 2 solutions"),
        ("pzprjs/mashu-6x6.txt", "unique"),
        ("pzprjs/mashu-6x6-grid.txt", "unique"),
        ("pzprjs/example-5x5.url", "unique"),
        ("tiny.txt", "at least 2 solutions"),
    ] {
        let line = text
            .lines()
            .find(|line| line.starts_with(&format!("| {row} |")))
            .unwrap_or_else(|| panic!("no row {row}: {text}"));
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cells[2], verdict, "{line}");
        assert!(cells[3].parse::<f64>().is_ok(), "{line}");
        assert_eq!(cells[4], "ok", "{line}");
    }
    assert!(text.contains("| **masyu/small: 2 puzzles** |"), "{text}");
    let csv = fs::read_to_string(dir.path().join("out/loops.csv")).expect("csv");
    assert_eq!(csv.lines().count(), 7, "{csv}");
    assert!(
        csv.lines().skip(1).all(|line| line.ends_with(",ok")),
        "{csv}"
    );
}

#[test]
fn bench_loops_fails_on_a_wrong_answer() {
    // The real pipeline but a decoder that calls every puzzle unique.
    let dir = tempfile::tempdir().expect("tempdir");
    let fake = dir.path().join("bin");
    fs::create_dir(&fake).expect("mkdir");
    for program in [
        "encode-masyu",
        "encode-slitherlink",
        "decode-slitherlink",
        "solve",
    ] {
        symlink(common::bin(program), fake.join(program)).expect("symlink");
    }
    let decoder = common::temp_file(
        &fake,
        "decode-masyu",
        b"#!/bin/sh\ncat > /dev/null\necho unique\n",
    );
    fs::set_permissions(&decoder, fs::Permissions::from_mode(0o755)).expect("chmod");
    common::temp_file(dir.path(), "doc.md", b"# Benchmarks\n");
    let output = bench_loops(&fake, dir.path(), "masyu/small", "1");
    assert_eq!(common::code(&output), 1, "{}", common::stderr(&output));
    let stderr = common::stderr(&output);
    assert!(
        stderr.contains("masyu/small/clash.txt: wrong: not no solution"),
        "{stderr}"
    );
    assert!(
        stderr.contains("masyu/small/four-loops.txt: wrong: not at least 2 solutions"),
        "{stderr}"
    );
    // The table is written all the same, the wrong rows marked.
    let text = fs::read_to_string(dir.path().join("doc.md")).expect("doc");
    assert!(text.contains("| small/clash.txt | unique |"), "{text}");
    assert!(text.contains("wrong: not no solution"), "{text}");
}

#[test]
fn bench_loops_refuses_bad_settings() {
    let dir = tempfile::tempdir().expect("tempdir");
    common::temp_file(dir.path(), "doc.md", b"# Benchmarks\n");
    let output = bench_loops(&bins(), dir.path(), "masyu/small", "three");
    assert_eq!(common::code(&output), 2);
    assert!(common::stderr(&output).contains("REPEAT must be a positive number, not 'three'"));
    let output = bench_loops(&dir.path().join("nowhere"), dir.path(), "masyu/small", "1");
    assert_eq!(common::code(&output), 2);
    assert!(common::stderr(&output).contains("(make release)"));
    fs::remove_file(dir.path().join("doc.md")).expect("rm");
    let output = bench_loops(&bins(), dir.path(), "masyu/small", "1");
    assert_eq!(common::code(&output), 2);
    assert!(common::stderr(&output).contains("no document"));
}
