//! SAT conventions at the edges of `solve`: which DIMACS inputs are read
//! how, through the real binary.

mod common;

use common::{assert_error, code, run, stdout};

#[test]
fn a_formula_without_p_line_or_h_clause_is_refused_not_read_as_wcnf() {
    for text in ["1 2 0\n3 -1 0\n2 -2 0\n", "1 2 0\n-1 3 0\n"] {
        let out = run("solve", &[], text.as_bytes());
        assert_eq!(code(&out), 1, "{text:?}: {}", stdout(&out));
        assert!(stdout(&out).is_empty(), "{}", stdout(&out));
        assert_error(&out, "no 'p cnf VARIABLES CLAUSES' line before the clauses");
    }
}

#[test]
fn a_new_style_wcnf_with_soft_clauses_before_its_first_h_is_read_whole() {
    // Soft clauses first, then the hard ones: the optimum is cost 1.
    let text = "c soft first\n2 1 0\n3 2 0\n1 -1 0\nh -1 -2 0\nh 1 2 0\n";
    let out = run("solve", &[], text.as_bytes());
    assert_eq!(code(&out), 10, "{}", common::stderr(&out));
    let out = stdout(&out);
    assert!(out.contains("s OPTIMUM FOUND"), "{out}");
    assert!(out.lines().any(|l| l == "o 2"), "{out}");
}

#[test]
fn a_cnf_with_its_p_line_is_still_cnf() {
    let out = run("solve", &[], b"p cnf 3 3\n1 2 0\n3 -1 0\n2 -2 0\n");
    assert_eq!(code(&out), 10);
    let text = stdout(&out);
    assert!(text.contains("s SATISFIABLE"), "{text}");
    assert!(!text.contains("OPTIMUM"), "{text}");
}

#[test]
fn after_a_failed_encoder_the_later_stages_only_say_there_was_no_input() {
    let outs = common::pipeline(
        &[
            ("encode-numberlink", &["no-such-puzzle.txt"]),
            ("solve", &[]),
            ("decode-numberlink", &[]),
        ],
        b"",
    );
    assert_eq!(code(&outs[0]), 1);
    for (stage, out) in [("solve", &outs[1]), ("decode-numberlink", &outs[2])] {
        assert_eq!(code(out), 1, "{stage}");
        assert_eq!(
            common::stderr(out).trim(),
            format!("{stage}: <stdin>:1: no input (the previous stage printed nothing)")
        );
    }
}

#[test]
fn help_texts_show_no_rustdoc_link_syntax() {
    let commands = [
        "solve",
        "cnf-names",
        "cnf-dimacs",
        "cnf-stats",
        "model-names",
        "cnf-gen",
        "bench-run",
        "bench-report",
        "satpipe-docs",
        "puzzle-url",
        "encode-numberlink",
        "decode-numberlink",
        "encode-nonogram",
        "decode-nonogram",
        "encode-rules",
        "decode-rules",
        "encode-crossword",
        "decode-crossword",
        "encode-sanalouhos",
        "decode-sanalouhos",
    ];
    for command in commands {
        let out = run(command, &["--help"], b"");
        assert_eq!(code(&out), 0, "{command}");
        let help = stdout(&out);
        assert!(
            !help.contains("[`"),
            "{command} --help shows a rustdoc link:\n{help}"
        );
    }
}

/// `data` compressed by `format` with the crates themselves (no
/// command-line tools needed).
fn compress(format: &str, data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    match format {
        "gz" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(data).expect("gzip");
            e.finish().expect("gzip")
        }
        "bz2" => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            e.write_all(data).expect("bzip2");
            e.finish().expect("bzip2")
        }
        _ => {
            let mut e = xz2::write::XzEncoder::new(Vec::new(), 6);
            e.write_all(data).expect("xz");
            e.finish().expect("xz")
        }
    }
}

#[test]
fn compressed_formulas_are_read_from_files_and_standard_input_by_their_magic_bytes() {
    let cnf = run("cnf-gen", &["php", "4", "3"], b"");
    let cnf = cnf.stdout;
    let dir = tempfile::tempdir().expect("temp dir");
    for format in ["gz", "bz2", "xz"] {
        let packed = compress(format, &cnf);
        // A misleading name: the magic bytes decide, not the suffix.
        let path = common::temp_file(dir.path(), &format!("php-{format}.cnf"), &packed);
        let path = path.to_str().expect("utf-8 path");
        let out = run("solve", &[path], b"");
        assert_eq!(code(&out), 20, "{format}: {}", common::stderr(&out));
        let out = run("solve", &[], &packed);
        assert_eq!(
            code(&out),
            20,
            "{format} on stdin: {}",
            common::stderr(&out)
        );
        let out = run("cnf-stats", &[path], b"");
        assert_eq!(code(&out), 0, "{format}: {}", common::stderr(&out));
    }
    // A model stream too.
    let queens = run("cnf-gen", &["queens", "4"], b"").stdout;
    let models = run("solve", &[], &queens).stdout;
    let path = common::temp_file(dir.path(), "models.gz", &compress("gz", &models));
    let out = run("model-names", &[path.to_str().expect("utf-8 path")], b"");
    assert_eq!(code(&out), 0, "{}", common::stderr(&out));
}

#[test]
fn a_truncated_compressed_formula_is_an_error_naming_the_file() {
    let cnf = run("cnf-gen", &["php", "6", "5"], b"").stdout;
    let dir = tempfile::tempdir().expect("temp dir");
    for format in ["gz", "bz2", "xz"] {
        let packed = compress(format, &cnf);
        let cut = &packed[..packed.len() / 2];
        let path = common::temp_file(dir.path(), &format!("cut.{format}"), cut);
        let out = run("solve", &[path.to_str().expect("utf-8 path")], b"");
        assert_eq!(code(&out), 1, "{format}: {}", stdout(&out));
        let err = common::stderr(&out);
        assert!(err.contains(&format!("cut.{format}:")), "{format}: {err}");
        assert!(
            err.contains("truncated") || err.contains("corrupt"),
            "{format}: {err}"
        );
        assert!(stdout(&out).is_empty(), "{format}: {}", stdout(&out));
    }
}

#[test]
fn external_cadical_and_kissat_write_drat_proofs_that_rate_checks() {
    for solver in ["cadical", "kissat"] {
        if !common::external_available(solver) || !common::external_available("rate") {
            continue;
        }
        let cnf = run("cnf-gen", &["php", "6", "5"], b"").stdout;
        let dir = tempfile::tempdir().expect("temp dir");
        let proof = dir.path().join("p.drat");
        let proof_arg = proof.to_str().expect("utf-8 path");
        let args = ["--external", solver, "--proof", proof_arg, "--check-proof"];
        let out = run("solve", &args, &cnf);
        assert_eq!(code(&out), 20, "{solver}: {}", common::stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("s UNSATISFIABLE"), "{solver}: {text}");
        assert!(text.contains("c proof verified by"), "{solver}: {text}");
        let drat = std::fs::read_to_string(&proof).expect("the proof file");
        assert!(
            drat.lines().any(|l| l.ends_with(" 0")),
            "{solver}: a text DRAT proof: {drat}"
        );
    }
}

#[test]
fn a_solver_command_without_a_proof_command_is_refused_for_proofs() {
    let cnf = run("cnf-gen", &["php", "3", "2"], b"").stdout;
    let args = ["--solver-cmd", "cadical -q", "--check-proof"];
    let out = run("solve", &args, &cnf);
    if !common::have("rate") {
        return;
    }
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert_error(&out, "need a solver that writes DRAT proofs");
}

#[test]
fn cross_check_kissat_is_spelt_like_solver_kissat() {
    let companion = common::bin("solve").with_file_name("solve-kissat");
    if !companion.is_file() {
        if std::env::var("SATPIPE_REQUIRE_EXTERNAL").as_deref() == Ok("1") {
            panic!("solve-kissat is not built beside solve (run `make build`)");
        }
        eprintln!("note: solve-kissat not built; skipping --cross-check kissat");
        return;
    }
    let cnf = run("cnf-gen", &["php", "6", "5"], b"").stdout;
    let out = run("solve", &["--cross-check", "kissat"], &cnf);
    assert_eq!(code(&out), 20, "{}", common::stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("c cross-check agreed: kissat"), "{text}");
    let queens = run("cnf-gen", &["queens", "6"], b"").stdout;
    let out = run("solve", &["--all", "--cross-check", "kissat"], &queens);
    assert_eq!(code(&out), 10, "{}", common::stderr(&out));
    assert!(
        stdout(&out).contains("c cross-check agreed"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn json_is_one_document_with_models_as_arrays_and_numeric_statistics() {
    let queens = run("cnf-gen", &["queens", "6"], b"").stdout;
    let out = run("solve", &["--json", "--all"], &queens);
    assert_eq!(code(&out), 10, "{}", common::stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["status"], "SATISFIABLE");
    assert_eq!(doc["count"], 4);
    let models = doc["models"].as_array().expect("models is an array");
    assert_eq!(models.len(), 4);
    for model in models {
        let literals = model.as_array().expect("a model is an array");
        assert_eq!(literals.len(), 36, "{model}");
        assert!(literals.iter().all(|l| l.is_i64()), "{model}");
    }
    let stats = doc["stats"].as_object().expect("stats is an object");
    assert!(stats.contains_key("seconds"), "{stats:?}");
    assert!(stats.values().all(|v| v.is_number()), "{stats:?}");
    // UNSAT: no models, still one document.
    let php = run("cnf-gen", &["php", "4", "3"], b"").stdout;
    let out = run("solve", &["--json"], &php);
    assert_eq!(code(&out), 20);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["status"], "UNSATISFIABLE");
    assert_eq!(doc["models"], serde_json::json!([]));
}

#[test]
fn verbose_prints_progress_during_one_long_search() {
    let php = run("cnf-gen", &["php", "10", "9"], b"").stdout;
    let out = common::external_command(&common::bin("solve").to_string_lossy())
        .args(["-v"])
        .env("SATPIPE_PROGRESS_INTERVAL", "0.2")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(&php)?;
            }
            child.wait_with_output()
        })
        .expect("run solve");
    assert_eq!(code(&out), 20, "{}", common::stderr(&out));
    let err = common::stderr(&out);
    let ticks = err
        .lines()
        .filter(|l| l.contains("still searching"))
        .count();
    assert!(ticks >= 2, "no progress during the search:\n{err}");
    assert!(err.lines().all(|l| l.starts_with("c ")), "{err}");
}

/// The clauses and names of a stream, without its `c option` lines (which
/// record the spelling used), from `command` run in the repository root.
fn formula_of(command: &str, args: &[&str]) -> String {
    let out = common::run_program_in(Some(&common::root()), &common::bin(command), args, b"");
    assert_eq!(
        code(&out),
        0,
        "{command} {args:?}: {}",
        common::stderr(&out)
    );
    stdout(&out)
        .lines()
        .filter(|l| !l.starts_with("c option"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Every renamed option's old spelling still works and means the same as
/// the new one; the new one is what `--help` shows.
#[test]
fn old_spellings_of_options_still_work_and_mean_the_same() {
    let dog = common::instance("nonogram/griddler/inputDog.txt");
    let dog = dog.to_str().expect("utf-8 path");
    let seed = common::instance("numberlink/seed/input-7by7.in");
    let seed = seed.to_str().expect("utf-8 path");
    let words = common::instance("crossword/stazi-words.json");
    let words = words.to_str().expect("utf-8 path");
    let pairs: [(&str, Vec<&str>, Vec<&str>); 8] = [
        (
            "encode-nonogram",
            vec!["--no-presolve", dog],
            vec!["--presolve", "false", dog],
        ),
        (
            "encode-nonogram",
            vec![dog],
            vec!["--presolve", "true", dog],
        ),
        (
            "encode-numberlink",
            vec!["--no-presolve", seed],
            vec!["--presolve=false", seed],
        ),
        (
            "encode-numberlink",
            vec![
                "--colour-encoding",
                "log",
                "--cycle-encoding",
                "register",
                seed,
            ],
            vec!["--colours", "log", "--cycles", "register", seed],
        ),
        (
            "encode-sanalouhos",
            vec![
                "--width",
                "5",
                "--height",
                "6",
                "PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET",
            ],
            vec![
                "--cols",
                "5",
                "--rows",
                "6",
                "PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET",
            ],
        ),
        (
            "encode-crossword",
            vec![
                "--width",
                "4",
                "--height",
                "3",
                "--words",
                words,
                "--maximise",
                "letters",
            ],
            vec![
                "--width",
                "4",
                "--height",
                "3",
                "--words",
                words,
                "--maximize",
                "letters",
            ],
        ),
        (
            "encode-crossword",
            vec![
                "--width",
                "4",
                "--height",
                "3",
                "--words",
                words,
                "--random-black",
                "2",
            ],
            vec![
                "--width",
                "4",
                "--height",
                "3",
                "--words",
                words,
                "--random-black",
                "2",
                "--seed",
                "1",
            ],
        ),
        (
            "encode-crossword",
            vec![
                "--pattern",
                "instances/crossword/examples/open-2x2.txt",
                "--words",
                "instances/crossword/examples/scored-example.txt",
                "--prefer-scores",
            ],
            vec![
                "--pattern",
                "instances/crossword/examples/open-2x2.txt",
                "--words",
                "instances/crossword/examples/scored-example.txt",
                "--prefer-scores",
                "true",
            ],
        ),
    ];
    for (command, new, old) in pairs {
        assert_eq!(
            formula_of(command, &new),
            formula_of(command, &old),
            "{command} {new:?} against {old:?}"
        );
    }
    // The presolve is off only when asked: the flag changes the formula.
    assert_ne!(
        formula_of("encode-nonogram", &[dog]),
        formula_of("encode-nonogram", &["--no-presolve", dog])
    );
    // Generators: --puzzles, formerly --count.
    let square = common::instance("rules/solvomatic/puzzles/magic-square.txt");
    let square = square.to_str().expect("utf-8 path");
    let batch = |flag: &str| stdout(&run("generate-numberlink", &["5", "5", flag, "2"], b""));
    assert_eq!(batch("--puzzles"), batch("--count"));
    assert!(
        batch("--puzzles").contains("--seed 2"),
        "{}",
        batch("--puzzles")
    );
    let out = run("generate-rules", &[square, "--puzzles", "0"], b"");
    common::assert_error(&out, "--puzzles must be at least 1");
    // Decoders: --explain none, formerly false; model-names --one-per-line,
    // formerly --lines.
    let queens = run("cnf-gen", &["queens", "4"], b"").stdout;
    let models = run("solve", &["--all"], &queens).stdout;
    let lines = |flag: &str| stdout(&run("model-names", &[flag], &models));
    assert_eq!(lines("--one-per-line"), lines("--lines"));
    assert_eq!(
        lines("--one-per-line").lines().count(),
        2 * 5,
        "{}",
        lines("--one-per-line")
    );
    // Help shows the new spellings, not the old.
    for (command, shown, hidden) in [
        ("encode-nonogram", "--no-presolve", "--presolve"),
        ("encode-numberlink", "--colour-encoding", "--colours"),
        ("encode-numberlink", "--no-presolve", "--presolve"),
        ("encode-sanalouhos", "--width", "--cols"),
        ("encode-crossword", "--maximise", "--maximize"),
        ("generate-rules", "--puzzles", "--count"),
        ("model-names", "--one-per-line", "--lines"),
        ("decode-nonogram", "--explain <HOW>", "--explain <BOOL>"),
    ] {
        let help = stdout(&run(command, &["--help"], b""));
        // An option's own line starts with its name (after `-x, `).
        let listed = |flag: &str| {
            help.lines()
                .map(|l| l.trim_start())
                .any(|l| l.starts_with(flag) || l.get(4..).is_some_and(|l| l.starts_with(flag)))
        };
        assert!(listed(shown), "{command}: {help}");
        assert!(!listed(hidden), "{command} lists {hidden}: {help}");
    }
}

/// A stream written before a rename, with its option lines in the old
/// spelling, still decodes.
#[test]
fn streams_with_the_old_option_spellings_still_decode() {
    let dog = common::instance("nonogram/griddler/inputDog.txt");
    let cnf = stdout(&run(
        "encode-nonogram",
        &["--no-presolve", &dog.to_string_lossy()],
        b"",
    ));
    assert!(cnf.contains("c option --no-presolve\n"), "{cnf}");
    let old = cnf.replace("c option --no-presolve\n", "c option --presolve=false\n");
    let outs = common::pipeline(&[("solve", &[]), ("decode-nonogram", &[])], old.as_bytes());
    assert_eq!(code(&outs[1]), 0, "{}", common::stderr(&outs[1]));
    let seed = common::instance("numberlink/seed/input-7by7.in");
    let cnf = stdout(&run("encode-numberlink", &[&seed.to_string_lossy()], b""));
    let old = cnf
        .replace("c option --colour-encoding=", "c option --colours=")
        .replace("c option --cycle-encoding=", "c option --cycles=");
    assert!(old.contains("c option --colours=auto"), "{old}");
    let outs = common::pipeline(
        &[("solve", &[]), ("decode-numberlink", &[])],
        old.as_bytes(),
    );
    assert_eq!(code(&outs[1]), 0, "{}", common::stderr(&outs[1]));
}

/// Rows and columns count from 1 in what a person reads and writes:
/// variable names, drawings' lists, messages, options; JSON keeps 0-based
/// indices into its arrays.
#[test]
fn rows_and_columns_count_from_1_everywhere_a_person_reads() {
    let words = common::instance("crossword/stazi-words.json");
    let words = words.to_str().expect("utf-8 path");
    let pattern = common::instance("crossword/grids/stazi-example2-10x10.txt");
    let pattern = pattern.to_str().expect("utf-8 path");
    let cnf = stdout(&run(
        "encode-crossword",
        &["--pattern", pattern, "--words", words],
        b"",
    ));
    assert!(cnf.contains(" cell(1,1)="), "names count from 1");
    assert!(!cnf.contains("cell(0,"), "no row 0");
    let outs = common::pipeline(&[("solve", &[]), ("decode-crossword", &[])], cnf.as_bytes());
    let text = stdout(&outs[1]);
    assert!(text.contains("ACROSS (row,column)\n   1 (1,1) "), "{text}");
    assert!(text.contains("\n   3 (1,6) "), "{text}");
    let outs = common::pipeline(
        &[("solve", &[]), ("decode-crossword", &["--json"])],
        cnf.as_bytes(),
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&outs[1])).expect("JSON");
    assert_eq!(
        doc["solutions"][0]["across"][0]["row"], 0,
        "JSON indices count from 0"
    );
    // --black 1,1 is the top left cell; 0 is no row.
    let args = [
        "--width", "3", "--height", "3", "--words", words, "--black", "1,1",
    ];
    let outs = common::pipeline(
        &[
            ("encode-crossword", &args),
            ("solve", &[]),
            ("decode-crossword", &["--format", "grid"]),
        ],
        b"",
    );
    assert_eq!(code(&outs[2]), 0, "{}", common::stderr(&outs[2]));
    assert!(stdout(&outs[2]).starts_with('#'), "{}", stdout(&outs[2]));
    let out = run(
        "encode-crossword",
        &[
            "--width", "3", "--height", "3", "--words", words, "--black", "0,1",
        ],
        b"",
    );
    assert_error(&out, "rows and columns count from 1");
    // Sanalouhos: tiles name their cells counted from 1, row by row.
    let cnf = stdout(&run(
        "encode-sanalouhos",
        &["PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET"],
        b"",
    ));
    assert!(cnf.contains(" tile(1,2,3,4,5)=pelle\n"), "{cnf}");
    assert!(!cnf.contains("tile(0,"), "{cnf}");
}
