//! Hostile and broken inputs through the real binaries: every one gives a
//! clear `command: file:line: message` and exit 1 (or, where the input is
//! merely unusual, the same answer as the clean input) -- never a panic, a
//! hang, a runaway allocation or a wrong answer.
//!
//! The binaries run under a 4 GB address-space limit and a 60 s watchdog,
//! so a regression to an unbounded allocation fails the test instead of
//! taking the machine's memory.

mod common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// Address space a binary may use in these tests.
const MEMORY_LIMIT: u64 = 4 << 30;
/// Wall-clock time a binary may take in these tests.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs a binary with `args` and `stdin` under the memory and time limits.
fn run(name: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut command = Command::new(common::bin(name));
    command
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches no shared state.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: MEMORY_LIMIT,
                rlim_max: MEMORY_LIMIT,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
            Ok(())
        });
    }
    let mut child = command.spawn().expect("start binary");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let stdout = child.stdout.take().expect("stdout");
    let stderr = child.stderr.take().expect("stderr");
    let read = |mut s: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = s.read_to_end(&mut bytes);
            bytes
        })
    };
    let (out, err) = (read(Box::new(stdout)), read(Box::new(stderr)));
    let status = match child.wait_timeout(TIME_LIMIT).expect("wait") {
        Some(status) => status,
        None => {
            let _ = child.kill();
            panic!("{name} {args:?} hung (still running after {TIME_LIMIT:?})");
        }
    };
    let _ = writer.join();
    Output {
        status,
        stdout: out.join().expect("stdout"),
        stderr: err.join().expect("stderr"),
    }
}

/// Runs a binary on a file with `contents` written to `dir/file`.
fn run_file(dir: &Path, name: &str, file: &str, contents: &[u8], args: &[&str]) -> Output {
    let path = common::temp_file(dir, file, contents);
    let path = path.display().to_string();
    let mut all: Vec<&str> = args.to_vec();
    all.push(&path);
    run(name, &all, b"")
}

/// Asserts a clean failure: exit 1, one message starting with
/// `command: file:line:` (when `line` is given) or `command: file` and
/// containing `needle`; no panic.
#[track_caller]
fn assert_fails(out: &Output, command: &str, file: &str, line: Option<usize>, needle: &str) {
    let err = common::stderr(out);
    assert!(!err.contains("panicked"), "{command} panicked: {err}");
    assert_eq!(common::code(out), 1, "{command} on {file}: {err}");
    let prefix = match line {
        Some(line) => format!("{command}: {}:{line}:", file),
        None => format!("{command}: {file}"),
    };
    assert!(
        err.lines().any(|l| l.starts_with(&prefix)),
        "{command}: expected '{prefix}...' in: {err}"
    );
    assert!(
        err.contains(needle),
        "{command}: expected '{needle}' in: {err}"
    );
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("tempdir")
}

/// File names in messages are the paths as given.
fn path_in(dir: &Path, file: &str) -> String {
    dir.join(file).display().to_string()
}

/// Every command that reads a file, with what it reads.
const READERS: [&str; 9] = [
    "encode-numberlink",
    "encode-nonogram",
    "solve",
    "cnf-stats",
    "cnf-names",
    "cnf-dimacs",
    "model-names",
    "decode-numberlink",
    "decode-nonogram",
];

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run("cnf-gen", args, b"");
    assert_eq!(common::code(&out), 0, "cnf-gen {args:?}");
    out.stdout
}

#[test]
fn empty_files_are_named_errors_everywhere() {
    let dir = temp_dir();
    let file = path_in(dir.path(), "empty");
    for command in READERS {
        let out = run_file(dir.path(), command, "empty", b"", &[]);
        assert_fails(&out, command, &file, Some(1), "");
        assert!(out.stdout.is_empty(), "{command} printed output");
    }
}

#[test]
fn binary_garbage_is_a_named_error_everywhere() {
    let mut rng = fastrand::Rng::with_seed(9);
    let garbage: Vec<u8> = (0..4096).map(|_| rng.u8(..)).collect();
    let dir = temp_dir();
    let file = path_in(dir.path(), "garbage.bin");
    for command in READERS {
        let out = run_file(dir.path(), command, "garbage.bin", &garbage, &[]);
        assert_fails(&out, command, &file, Some(1), "");
    }
    // Garbage after a valid header still names its line.
    let mut cnf = b"c fine\np cnf 2 1\n".to_vec();
    cnf.extend_from_slice(b"1 \x00\x01\xfe 0\n");
    let out = run_file(dir.path(), "solve", "g.cnf", &cnf, &[]);
    let file = path_in(dir.path(), "g.cnf");
    assert_fails(&out, "solve", &file, Some(3), "binary data");
}

#[test]
fn headers_that_lie_about_counts() {
    let dir = temp_dir();
    let file = path_in(dir.path(), "lies.cnf");
    let lies = b"c header\np cnf 2 5\n1 2 0\n-1 0\n";
    for command in ["solve", "cnf-stats", "cnf-names"] {
        let out = run_file(dir.path(), command, "lies.cnf", lies, &[]);
        assert_fails(
            &out,
            command,
            &file,
            Some(4),
            "declares 5 clauses but 2 were read",
        );
    }
    // --relaxed accepts the wrong count and solves correctly.
    let out = run_file(dir.path(), "solve", "lies.cnf", lies, &["--relaxed"]);
    assert_eq!(common::code(&out), 10);
    assert!(common::stdout(&out).contains("v -1 2 0"));
    // A count far above the variables used would cost gigabytes of solver
    // memory: refused at once, shrunk with --relaxed.
    let huge = b"p cnf 200000000 1\n1 -2 0\n";
    let out = run_file(dir.path(), "solve", "huge.cnf", huge, &[]);
    let file = path_in(dir.path(), "huge.cnf");
    assert_fails(&out, "solve", &file, Some(1), "uses only 2");
    let out = run_file(dir.path(), "solve", "huge.cnf", huge, &["--relaxed"]);
    assert_eq!(common::code(&out), 10, "{}", common::stderr(&out));
    // cnf-stats streams and needs no memory per variable.
    let out = run_file(dir.path(), "cnf-stats", "huge.cnf", huge, &[]);
    assert_eq!(common::code(&out), 0);
    assert!(common::stdout(&out).contains("200000000"));
}

#[test]
fn literals_beyond_the_declared_variables_name_their_line() {
    let dir = temp_dir();
    let file = path_in(dir.path(), "beyond.cnf");
    let cnf = b"p cnf 2 2\n1 2 0\n\n1 3 0\n";
    for command in ["solve", "cnf-stats", "cnf-names"] {
        let out = run_file(dir.path(), command, "beyond.cnf", cnf, &[]);
        assert_fails(&out, command, &file, Some(4), "variable 3");
    }
    let out = run_file(dir.path(), "solve", "beyond.cnf", cnf, &["--relaxed"]);
    assert_eq!(common::code(&out), 10);
}

#[test]
fn numbers_of_2_to_the_31_and_beyond() {
    let dir = temp_dir();
    let cases: [(&str, &[u8], usize, &str); 6] = [
        (
            "lit31.cnf",
            b"p cnf 2 1\n1 2147483648 0\n",
            2,
            "out of range",
        ),
        (
            "lit70.cnf",
            b"p cnf 2 1\n1 -99999999999999999999999 0\n",
            2,
            "too large",
        ),
        (
            "vars.cnf",
            b"p cnf 99999999999999999999 1\n1 0\n",
            1,
            "too large",
        ),
        (
            "vars31.cnf",
            b"p cnf 2147483648 1\n1 0\n",
            1,
            "more than the supported",
        ),
        // The largest variable DIMACS allows, used once: solvers would need
        // memory for 2^31 variables.
        (
            "sparse.cnf",
            b"p cnf 2147483647 1\n1 -2147483647 0\n",
            1,
            "number the variables densely",
        ),
        (
            "weight.wcnf",
            b"h 1 2 0\n9223372036854775807 -1 0\n9223372036854775807 -2 0\n",
            3,
            "weights add up",
        ),
    ];
    for (file, text, line, needle) in cases {
        let out = run_file(dir.path(), "solve", file, text, &[]);
        assert_fails(
            &out,
            "solve",
            &path_in(dir.path(), file),
            Some(line),
            needle,
        );
    }
    // Puzzles: sizes and counts far beyond anything real.
    let puzzles: [(&str, &str, &[u8], usize, &str); 5] = [
        (
            "encode-numberlink",
            "k.txt",
            b"99999999999999999999999\n2 2\n1 .\n. 1\n",
            1,
            "number of pairs",
        ),
        (
            "encode-numberlink",
            "kbig.txt",
            b"25000000\n5000 10000\n1 1\n",
            3,
            "row 1 has 2 cells",
        ),
        (
            "encode-numberlink",
            "adc.txt",
            b"SIZE 3X2\nLINE_NUM 10000000000000\nLINE#1 (0,0)-(2,1)\n",
            3,
            "LINE#2 is missing",
        ),
        (
            "encode-nonogram",
            "wide.nin",
            b"1099511627776 1\n1\n",
            2,
            "the file ends after 0 of the 1099511627776 column clues",
        ),
        (
            "encode-nonogram",
            "block.txt",
            b"g 1 1\nr 18446744073709551615 0\nc 1 0\n",
            2,
            "needs 18446744073709551615 cells",
        ),
    ];
    for (command, file, text, line, needle) in puzzles {
        let out = run_file(dir.path(), command, file, text, &[]);
        assert_fails(
            &out,
            command,
            &path_in(dir.path(), file),
            Some(line),
            needle,
        );
    }
}

#[test]
fn very_long_lines_are_read_correctly() {
    let dir = temp_dir();
    // One clause of 3 million literals on one line (about 20 MB).
    let mut cnf = b"p cnf 1000000 2\n".to_vec();
    for i in 0..3_000_000u32 {
        let v = i % 1_000_000 + 1;
        cnf.extend_from_slice(format!("-{v} ").as_bytes());
    }
    cnf.extend_from_slice(b"0\n1 0\n");
    let out = run_file(dir.path(), "solve", "long.cnf", &cnf, &[]);
    assert_eq!(common::code(&out), 10, "{}", common::stderr(&out));
    let out = run_file(dir.path(), "cnf-stats", "long.cnf", &cnf, &[]);
    assert!(common::stdout(&out).contains("literals     3000001"));
    // A puzzle line of a million characters: a clear error, not a hang.
    let mut puzzle = b"1\n1 3\n".to_vec();
    puzzle.extend(std::iter::repeat_n(b'.', 1_000_000));
    puzzle.push(b'\n');
    let out = run_file(dir.path(), "encode-numberlink", "wide.txt", &puzzle, &[]);
    let file = path_in(dir.path(), "wide.txt");
    assert_fails(
        &out,
        "encode-numberlink",
        &file,
        Some(3),
        "row 1 has 1 cells",
    );
}

/// The text with every line ended by CRLF.
fn crlf(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 8);
    for &b in text {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

/// The text behind a UTF-8 byte-order mark.
fn bom(text: &[u8]) -> Vec<u8> {
    let mut out = b"\xEF\xBB\xBF".to_vec();
    out.extend_from_slice(text);
    out
}

/// encode | solve --all | decode for a puzzle file; the decoder's output.
fn puzzle_pipeline(dir: &Path, family: &str, file: &str, text: &[u8]) -> String {
    let path = common::temp_file(dir, file, text);
    let path = path.display().to_string();
    let encode = run(&format!("encode-{family}"), &[&path], b"");
    assert_eq!(
        common::code(&encode),
        0,
        "{file}: {}",
        common::stderr(&encode)
    );
    let solve = run("solve", &["--all"], &encode.stdout);
    let decode = run(&format!("decode-{family}"), &[], &solve.stdout);
    assert_eq!(
        common::code(&decode),
        0,
        "{file}: {}",
        common::stderr(&decode)
    );
    common::stdout(&decode)
}

#[test]
fn crlf_and_byte_order_marks_give_the_same_answers() {
    let dir = temp_dir();
    for (family, relative) in [
        ("numberlink", "numberlink/seed/input-7by7.in"),
        ("nonogram", "nonogram/griddler/converted-non/inputDog.non"),
        ("nonogram", "nonogram/griddler/inputDog.txt"),
    ] {
        let clean = std::fs::read(common::instance(relative)).expect("instance");
        let expected = puzzle_pipeline(dir.path(), family, "clean", &clean);
        assert!(expected.contains("unique"), "{relative}: {expected}");
        for (variant, text) in [
            ("crlf", crlf(&clean)),
            ("bom", bom(&clean)),
            ("both", bom(&crlf(&clean))),
        ] {
            let got = puzzle_pipeline(dir.path(), family, variant, &text);
            assert_eq!(got, expected, "{relative} with {variant}");
        }
    }
    // Formulas, readable formulas and model streams.
    let queens = gen(&["queens", "6"]);
    let clean = run("solve", &["--all"], &queens);
    for (variant, text) in [("crlf", crlf(&queens)), ("bom", bom(&queens))] {
        let out = run_file(dir.path(), "solve", variant, &text, &["--all"]);
        assert_eq!(
            common::stdout(&out)
                .lines()
                .filter(|l| l.starts_with("v "))
                .count(),
            common::stdout(&clean)
                .lines()
                .filter(|l| l.starts_with("v "))
                .count(),
            "{variant}"
        );
        assert!(common::stdout(&out).contains("enumeration complete: 4"));
    }
    let readable = run("cnf-names", &[], &queens).stdout;
    for (variant, text) in [("crlf", crlf(&readable)), ("bom", bom(&readable))] {
        let out = run_file(dir.path(), "cnf-dimacs", variant, &text, &[]);
        assert_eq!(common::code(&out), 0, "{}", common::stderr(&out));
        assert_eq!(out.stdout, queens, "cnf-dimacs with {variant}");
    }
    for (variant, text) in [("crlf", crlf(&clean.stdout)), ("bom", bom(&clean.stdout))] {
        let out = run_file(dir.path(), "model-names", variant, &text, &[]);
        assert_eq!(common::stdout(&out).lines().count(), 4, "{variant}");
    }
}

#[test]
fn non_utf8_bytes_name_their_line() {
    let dir = temp_dir();
    // In a DIMACS comment they are harmless (comments are kept as bytes).
    let out = run_file(
        dir.path(),
        "solve",
        "c.cnf",
        b"c caf\xe9\np cnf 1 1\n1 0\n",
        &[],
    );
    assert_eq!(common::code(&out), 10);
    for (command, text, line) in [
        ("encode-numberlink", &b"1\n1 2\n1 \xff1\n"[..], 3),
        ("encode-nonogram", b"g 1 1\nr 1 0\nc \xe9 0\n", 3),
        ("model-names", b"s SATISFIABLE\nv 1 \xff 0\n", 2),
        ("cnf-dimacs", b"p cnf 1 1\nc \xff\n", 2),
    ] {
        let out = run_file(dir.path(), command, "bytes", text, &[]);
        assert_fails(
            &out,
            command,
            &path_in(dir.path(), "bytes"),
            Some(line),
            "UTF-8",
        );
    }
}

#[test]
fn inconsistent_puzzles_and_ragged_grids() {
    let dir = temp_dir();
    let cases: [(&str, &[u8], usize, &str); 6] = [
        // Row clues fill 3 cells, column clues 2.
        (
            "encode-nonogram",
            b"g 2 2\nr 2 0\nr 1 0\nc 1 0\nc 1 0\n",
            4,
            "fill 3 cells",
        ),
        ("encode-nonogram", b"3 1\n1\n4\n1\n1\n", 3, "needs 4 cells"),
        ("encode-numberlink", b"2\n2 3\n1 . 2\n. 2\n", 4, "ragged"),
        ("encode-numberlink", b"3 2\nab.\nb.\n", 3, "ragged"),
        ("encode-numberlink", b"1\n2 2\n1 .\n. .\n", 3, "only once"),
        (
            "encode-numberlink",
            b"SIZE 2X2\nLINE_NUM 1\nLINE#1 (0,0)-(5,1)\n",
            3,
            "outside",
        ),
    ];
    for (command, text, line, needle) in cases {
        let out = run_file(dir.path(), command, "p.txt", text, &[]);
        assert_fails(
            &out,
            command,
            &path_in(dir.path(), "p.txt"),
            Some(line),
            needle,
        );
    }
    // A consistent puzzle without a solution is an answer, not an error.
    let out = run_file(
        dir.path(),
        "encode-numberlink",
        "x.txt",
        b"2\n2 2\n1 2\n2 1\n",
        &[],
    );
    let solve = run("solve", &[], &out.stdout);
    assert_eq!(common::code(&solve), 20);
}

/// The stream up to a space inside the first 'v' line of solution
/// `number` (1-based): whole literals, but no terminating 0.
fn cut_inside_model(stream: &[u8], number: usize) -> &[u8] {
    let text = std::str::from_utf8(stream).expect("text");
    let status = text
        .match_indices("\ns SATISFIABLE\n")
        .nth(number - 1)
        .map(|(i, _)| i)
        .expect("solution");
    let v_line = status + text[status..].find("\nv ").expect("v line");
    let space = v_line + 10 + text[v_line + 10..].find(' ').expect("space");
    &stream[..space]
}

#[test]
fn cut_off_model_streams_are_errors_not_answers() {
    let dir = temp_dir();
    let stream = run("solve", &["--all"], &gen(&["queens", "8"])).stdout;
    // Cut in the middle of the third solution's 'v' lines.
    let cut = cut_inside_model(&stream, 3);
    let line = cut.iter().filter(|&&b| b == b'\n').count() + 1;
    let out = run_file(dir.path(), "model-names", "cut.out", cut, &[]);
    let file = path_in(dir.path(), "cut.out");
    assert_fails(&out, "model-names", &file, Some(line), "no terminating 0");
    // Cut in the header: no answer at all.
    let out = run_file(dir.path(), "model-names", "head.out", &stream[..200], &[]);
    assert_fails(
        &out,
        "model-names",
        &path_in(dir.path(), "head.out"),
        None,
        "cut off",
    );
    // A puzzle stream cut inside the model (without the presolve, which
    // decides this puzzle and leaves the model almost nothing to list).
    let puzzle = std::fs::read(common::instance("numberlink/seed/input-7by7.in")).expect("7x7");
    let encoded = run("encode-numberlink", &["--presolve", "false"], &puzzle).stdout;
    let solved = run("solve", &[], &encoded).stdout;
    let cut = cut_inside_model(&solved, 1);
    let out = run_file(dir.path(), "decode-numberlink", "nl.out", cut, &[]);
    assert_fails(
        &out,
        "decode-numberlink",
        &path_in(dir.path(), "nl.out"),
        None,
        "cut off",
    );
    // A model naming a huge variable without listing the others.
    let out = run_file(
        dir.path(),
        "model-names",
        "sparse.out",
        b"s SATISFIABLE\nv 2000000000 0\n",
        &[],
    );
    let file = path_in(dir.path(), "sparse.out");
    assert_fails(&out, "model-names", &file, Some(2), "lists only 1 literals");
}

#[test]
fn bad_flags_are_usage_errors() {
    let php = gen(&["php", "3", "2"]);
    for args in [
        &["--time-limit", "nan"][..],
        &["--time-limit", "1e300"],
        &["--max", "0"],
        &["--solver-option", "x"],
        &["--no-such-flag"],
        &["--proof", "p.drat", "--all"],
        &["--solver", "minisat", "--check-proof"],
    ] {
        let out = run("solve", args, &php);
        assert_eq!(common::code(&out), 1, "solve {args:?}");
        assert!(!common::stderr(&out).contains("panicked"), "{args:?}");
    }
    for args in [
        &["queens", "99999999999"][..],
        &["php", "100000", "100000"],
        &["cycle-cover", "99999999999"],
        &["random", "10", "99999999999"],
    ] {
        let out = run("cnf-gen", args, b"");
        assert_eq!(common::code(&out), 1, "cnf-gen {args:?}");
        assert!(common::stderr(&out).contains("builds formulas in memory"));
    }
    for command in READERS {
        let out = run(command, &["--no-such-flag"], b"");
        assert_eq!(common::code(&out), 1, "{command}");
    }
}

#[test]
fn word_lists_with_duplicates_non_ascii_and_bad_bytes() {
    let dir = temp_dir();
    let words = common::temp_file(dir.path(), "words.txt", b"cat\ncat\ncaf\xc3\xa9\n");
    let pattern = common::temp_file(dir.path(), "p.txt", b"...\n");
    let words_arg = words.display().to_string();
    let pattern_arg = pattern.display().to_string();
    // Crosswords: a listed word twice is an error at its second line; a
    // non-ASCII word too (or filtered with --filter-words).
    let out = run(
        "encode-crossword",
        &["--words", &words_arg, "--pattern", &pattern_arg],
        b"",
    );
    assert_fails(&out, "encode-crossword", &words_arg, Some(2), "twice");
    let accented = common::temp_file(dir.path(), "accented.txt", b"cat\ncaf\xc3\xa9\n");
    let accented_arg = accented.display().to_string();
    let out = run(
        "encode-crossword",
        &["--words", &accented_arg, "--pattern", &pattern_arg],
        b"",
    );
    assert_fails(&out, "encode-crossword", &accented_arg, Some(2), "");
    // Sanalouhos: Unicode words are its alphabet and duplicates are one
    // word, but bytes that are no UTF-8 are an error naming the line.
    let bad = common::temp_file(dir.path(), "bad.txt", b"kala\nkala\n\xc3\xa4es\n\xff\xfe\n");
    let bad_arg = bad.display().to_string();
    let out = run(
        "encode-sanalouhos",
        &["--words", &bad_arg, "TMSIIOULKNIEKIAITTAONTTIMAAOTI"],
        b"",
    );
    assert_fails(&out, "encode-sanalouhos", &bad_arg, Some(4), "UTF-8");
}

/// One example file of every family (and of the other things a user may
/// hand a command by mistake): its path, and the encoder that reads it.
fn wrong_doors(dir: &Path) -> Vec<(String, Option<&'static str>)> {
    let instance = |p: &str| common::instance(p).display().to_string();
    let grid = common::temp_file(dir, "grid.txt", "PELLE\nHÄLLI\nYHÄET\n".as_bytes());
    let queens = gen(&["queens", "4"]);
    let cnf = common::temp_file(dir, "queens.cnf", &queens);
    let models = run("solve", &[], &queens).stdout;
    let out = common::temp_file(dir, "queens.out", &models);
    let png = common::root().join("tests/data/heart.png");
    vec![
        (
            instance("numberlink/seed/input-7by7.in"),
            Some("numberlink"),
        ),
        (instance("numberlink/adc2015/Q/Q04.txt"), Some("numberlink")),
        (
            instance("numberlink/thomasahle/inputs5.txt"),
            Some("numberlink"),
        ),
        (
            instance("nonogram/griddler/converted-non/inputDog.non"),
            Some("nonogram"),
        ),
        (instance("nonogram/griddler/inputDog.txt"), Some("nonogram")),
        (instance("nonogram/jwilk/data000.nin"), Some("nonogram")),
        (
            instance("nonogram/picross-solver/native/example_input.txt"),
            Some("nonogram"),
        ),
        (
            instance("nonogram/xml/webpbn-00001-dancer.xml"),
            Some("nonogram"),
        ),
        (
            instance("rules/solvomatic/puzzles/magic-square.txt"),
            Some("rules"),
        ),
        (
            instance("crossword/grids/stazi-example2-10x10.txt"),
            Some("crossword"),
        ),
        (grid.display().to_string(), Some("sanalouhos")),
        (png.display().to_string(), None),
        (cnf.display().to_string(), None),
        (out.display().to_string(), None),
    ]
}

/// The command line of `encode-FAMILY` for a puzzle file: the crossword
/// takes its pattern with `--pattern` (and a word list of the repository).
fn encode_args(family: &str, file: &str) -> Vec<String> {
    if family == "crossword" {
        let words = common::instance("crossword/stazi-words.json");
        vec![
            "--pattern".into(),
            file.into(),
            "--words".into(),
            words.display().to_string(),
        ]
    } else {
        vec![file.into()]
    }
}

#[test]
fn every_encoder_fed_another_familys_file_says_which_command_reads_it() {
    let dir = temp_dir();
    let families = ["numberlink", "nonogram", "rules", "crossword", "sanalouhos"];
    for (file, owner) in wrong_doors(dir.path()) {
        for family in families {
            let command = format!("encode-{family}");
            let args = encode_args(family, &file);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&command, &args, b"");
            if owner == Some(family) {
                assert_eq!(
                    common::code(&out),
                    0,
                    "{command} {file}: {}",
                    common::stderr(&out)
                );
                continue;
            }
            // The message names the file, and the command that reads it.
            let reader = match owner {
                Some("crossword") => "encode-crossword --pattern FILE reads it".to_string(),
                Some(owner) => format!("encode-{owner} FILE reads it"),
                None if file.ends_with(".png") => "generate-nonogram".to_string(),
                None if file.ends_with(".cnf") => "solve reads it".to_string(),
                None => "reads it".to_string(),
            };
            assert_fails(&out, &command, &file, None, &reader);
        }
    }
}

#[test]
fn solve_and_the_decoders_fed_a_puzzle_say_to_encode_it_first() {
    let dir = temp_dir();
    for (file, owner) in wrong_doors(dir.path()) {
        let Some(owner) = owner else { continue };
        for command in ["solve", "decode-rules", "model-names"] {
            let out = run(command, &[&file], b"");
            let first = format!("encode-{owner}");
            assert_fails(&out, command, &file, None, "encode it first");
            assert!(
                common::stderr(&out).contains(&first),
                "{command} {file}: {}",
                common::stderr(&out)
            );
        }
    }
    // A formula given to a decoder: solve it first.
    let queens = gen(&["queens", "4"]);
    let out = run("decode-rules", &[], &queens);
    assert_fails(&out, "decode-rules", "<stdin>", None, "solve it first");
}

#[test]
fn a_letter_grid_argument_that_is_neither_file_nor_grid_says_both() {
    let out = run("encode-sanalouhos", &["AB1DE/FGHIJ"], b"");
    assert_fails(
        &out,
        "encode-sanalouhos",
        "'AB1DE/FGHIJ' is no file",
        None,
        "'1' is not a letter",
    );
    assert!(
        common::stderr(&out).contains("ABCDE/FGHIJ"),
        "{}",
        common::stderr(&out)
    );
}

/// `text` (a model stream of one solution) as MiniSat writes its result
/// file: `SAT`, then the literals and `0` on one line.
fn minisat_result(stream: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(stream);
    let literals: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(str::split_whitespace)
        .collect();
    format!("SAT\n{}\n", literals.join(" ")).into_bytes()
}

#[test]
fn a_model_of_another_formula_beside_cnf_is_an_input_error_naming_the_model_file() {
    let dir = temp_dir();
    let dog = common::instance("nonogram/griddler/converted-non/inputDog.non");
    let encoded = run(
        "encode-nonogram",
        &["--no-presolve", &dog.display().to_string()],
        b"",
    );
    assert_eq!(common::code(&encoded), 0);
    let cnf = common::temp_file(dir.path(), "dog.cnf", &encoded.stdout);
    let cnf_arg = cnf.display().to_string();
    let own = minisat_result(&run("solve", &[], &encoded.stdout).stdout);
    let own = common::temp_file(dir.path(), "dog.out", &own);
    let out = run(
        "decode-nonogram",
        &["--cnf", &cnf_arg, &own.display().to_string()],
        b"",
    );
    assert_eq!(common::code(&out), 0, "{}", common::stderr(&out));
    // Models of other formulas: larger (a variable beyond the formula's)
    // and smaller (it falsifies a clause).
    let queens = minisat_result(&run("solve", &[], &gen(&["queens", "9"])).stdout);
    for (name, result) in [
        ("q9.out", queens),
        ("four.out", b"SAT\n-1 -2 -3 -4 0\n".to_vec()),
    ] {
        let path = common::temp_file(dir.path(), name, &result);
        let path_arg = path.display().to_string();
        for command in ["decode-nonogram", "model-names"] {
            let out = run(command, &["--cnf", &cnf_arg, &path_arg], b"");
            assert_fails(
                &out,
                command,
                &path_arg,
                Some(1),
                "the model is of another formula",
            );
            let err = common::stderr(&out);
            assert!(
                err.contains(&format!("was {path_arg} made from {cnf_arg}?")),
                "{err}"
            );
            assert!(!err.contains("solver"), "not the solver's fault: {err}");
        }
    }
}

#[test]
fn a_bare_result_file_without_its_formula_is_an_error() {
    let dir = temp_dir();
    let queens = gen(&["queens", "4"]);
    let result = minisat_result(&run("solve", &[], &queens).stdout);
    let path = common::temp_file(dir.path(), "q.out", &result);
    let path_arg = path.display().to_string();
    let out = run("model-names", &[&path_arg], b"");
    assert_fails(&out, "model-names", &path_arg, Some(1), "--cnf FILE");
    assert!(common::stdout(&out).is_empty(), "{}", common::stdout(&out));
    let out = run("decode-numberlink", &[&path_arg], b"");
    assert_fails(&out, "decode-numberlink", &path_arg, Some(1), "--cnf FILE");
    // With its formula, the names.
    let cnf = common::temp_file(dir.path(), "q.cnf", &queens);
    let out = run(
        "model-names",
        &["--cnf", &cnf.display().to_string(), &path_arg],
        b"",
    );
    assert_eq!(common::code(&out), 0, "{}", common::stderr(&out));
    assert!(
        common::stdout(&out).contains("queen(1,"),
        "{}",
        common::stdout(&out)
    );
}

#[test]
fn debians_list_named_with_words_reads_as_the_default_and_other_lists_name_the_filter() {
    let dir = temp_dir();
    let pattern = common::instance("crossword/examples/small-3x4.txt")
        .display()
        .to_string();
    // A list with a possessive: strict, and the message says which option
    // drops such lines.
    let list = common::temp_file(dir.path(), "list.txt", b"cat\nAA's\ndog\n");
    let list_arg = list.display().to_string();
    let out = run(
        "encode-crossword",
        &["--pattern", &pattern, "--words", &list_arg],
        b"",
    );
    assert_fails(
        &out,
        "encode-crossword",
        &list_arg,
        Some(2),
        "--filter-words drops such lines",
    );
    let debian = std::path::Path::new("/usr/share/dict/american-english");
    if !common::available(
        debian.exists(),
        "Debian's wamerican list",
        "is not installed",
    ) {
        return;
    }
    let clauses = |args: &[&str]| -> Vec<String> {
        let out = run("encode-crossword", args, b"");
        assert_eq!(common::code(&out), 0, "{args:?}: {}", common::stderr(&out));
        common::stdout(&out)
            .lines()
            .filter(|l| !l.starts_with("c option"))
            .map(str::to_string)
            .collect()
    };
    let named = clauses(&[
        "--pattern",
        &pattern,
        "--words",
        "/usr/share/dict/american-english",
    ]);
    assert_eq!(named, clauses(&["--pattern", &pattern]));
}
