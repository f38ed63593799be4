//! The puzzle maker's questions through the real binaries, in every
//! family: which cells are forced (`solve --backbone`), where solutions
//! differ (`decode-<family> --diff`) and how many there are (`solve
//! --count`), checked against the enumeration of every solution.

mod common;

use common::{bin, code, instance, pipeline, run, run_program_in, stderr, stdout};

/// One family's puzzle with several solutions: the family, the encoder's
/// arguments, the folder to run the encoder in, and the solution count.
struct Case {
    family: &'static str,
    args: Vec<String>,
    dir: Option<std::path::PathBuf>,
    solutions: u64,
}

fn cases(words: &std::path::Path, pattern: &std::path::Path) -> Vec<Case> {
    let path = |relative: &str| instance(relative).display().to_string();
    vec![
        Case {
            family: "nonogram",
            args: vec![path(
                "nonogram/picross-solver/converted-non/test_pattern_05-katakana.non",
            )],
            dir: None,
            solutions: 109,
        },
        Case {
            family: "numberlink",
            args: vec![
                "--allow-empty".into(),
                path("numberlink/seed/input-7by7-unsat.in"),
            ],
            dir: None,
            solutions: 6,
        },
        Case {
            family: "rules",
            args: vec!["puzzles/magic-square.txt".into()],
            dir: Some(instance("rules/solvomatic")),
            solutions: 48,
        },
        Case {
            family: "masyu",
            args: vec![path("masyu/small/four-loops.txt")],
            dir: None,
            solutions: 4,
        },
        Case {
            family: "sanalouhos",
            args: vec![
                "--mode".into(),
                "all".into(),
                "PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET".into(),
            ],
            dir: None,
            solutions: 5,
        },
        Case {
            family: "crossword",
            args: vec![
                "--pattern".into(),
                pattern.display().to_string(),
                "--words".into(),
                words.display().to_string(),
            ],
            dir: None,
            solutions: 36,
        },
    ]
}

/// A 3x3 frame (four three-letter slots) and a word list that fills it in
/// 36 ways (counted by brute force over the orderings of four words).
fn crossword_files(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let words = common::temp_file(
        dir,
        "words.txt",
        b"bat\ntab\nbit\ntub\nbut\ntot\nsit\ntis\nant\ntan\n",
    );
    let pattern = common::temp_file(dir, "pattern.txt", b"...\n.#.\n...\n");
    (words, pattern)
}

/// The CNF of a case.
fn encode(case: &Case) -> Vec<u8> {
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let program = bin(&format!("encode-{}", case.family));
    let out = run_program_in(case.dir.as_deref(), &program, &args, b"");
    assert_eq!(code(&out), 0, "{}: {}", case.family, stderr(&out));
    out.stdout
}

/// `solve ARGS | decode-<family> DECODE-ARGS` on a CNF: the decoder's
/// output and exit code.
fn solve_and_decode(case: &Case, cnf: &[u8], solve: &[&str], decode: &[&str]) -> (String, i32) {
    let decoder = format!("decode-{}", case.family);
    let outputs = pipeline(&[("solve", solve), (&decoder, decode)], cnf);
    let solved = &outputs[0];
    assert!(
        [10, 20].contains(&code(solved)),
        "{}: solve {solve:?}: {}",
        case.family,
        stderr(solved)
    );
    let decoded = &outputs[1];
    (stdout(decoded), code(decoded))
}

/// The drawing without its last line (the verdict).
fn grid(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[..lines.len().saturating_sub(1)].join("\n")
}

#[test]
fn the_backbone_is_what_every_solution_shares_in_every_family() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (words, pattern) = crossword_files(dir.path());
    for case in cases(&words, &pattern) {
        let cnf = encode(&case);
        let (all, all_code) = solve_and_decode(&case, &cnf, &["--all"], &["--diff"]);
        assert_eq!(all_code, 0, "{}: {all}", case.family);
        assert!(
            all.contains(&format!("the {} solutions differ in", case.solutions)),
            "{}: {all}",
            case.family
        );
        let (backbone, backbone_code) = solve_and_decode(&case, &cnf, &["--backbone"], &[]);
        assert_eq!(backbone_code, 0, "{}: {backbone}", case.family);
        assert!(
            backbone
                .lines()
                .last()
                .unwrap_or("")
                .starts_with("not unique: "),
            "{}: {backbone}",
            case.family
        );
        // Forced cells: the cells the whole enumeration agrees on.
        assert_eq!(grid(&backbone), grid(&all), "{}", case.family);
        assert!(grid(&backbone).contains('?'), "{}: {backbone}", case.family);
    }
}

#[test]
fn a_unique_puzzle_is_forced_everywhere_and_the_external_solvers_agree() {
    let cnf = run(
        "encode-nonogram",
        &[instance("nonogram/griddler/converted-non/inputDog.non")
            .to_str()
            .expect("utf-8")],
        b"",
    )
    .stdout;
    let mut outputs = vec![pipeline(
        &[("solve", &["--backbone"]), ("decode-nonogram", &[])],
        &cnf,
    )];
    if common::external_available("minisat") {
        outputs.push(pipeline(
            &[
                ("solve", &["--backbone", "--external", "minisat"]),
                ("decode-nonogram", &[]),
            ],
            &cnf,
        ));
    }
    for run in &outputs {
        assert_eq!(code(&run[0]), 10, "{}", stderr(&run[0]));
        let text = stdout(&run[1]);
        assert!(
            text.lines()
                .last()
                .unwrap_or("")
                .starts_with("unique: all "),
            "{text}"
        );
        assert!(!text.contains('?'), "{text}");
    }
    let backbone = stdout(&outputs[0][0]);
    assert!(
        backbone.contains("c backbone complete: "),
        "{}",
        backbone.lines().last().unwrap_or("")
    );
}

#[test]
fn backbone_lines_name_the_forced_literals() {
    // Six queens have four solutions; each corner and a few more cells are
    // empty in all of them.
    let cnf = run("cnf-gen", &["queens", "6"], b"").stdout;
    let out = run("solve", &["--backbone"], &cnf);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("c backbone -1 -6 -8 -11 -15 -16 -21 -22 -26 -29 -31 -36 0\n"),
        "{text}"
    );
    assert!(
        text.contains("c backbone complete: 12 of 36 projection variables forced, 4 solutions"),
        "{text}"
    );
    let json = run("solve", &["--backbone", "--json"], &cnf);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(doc["backbone"]["forced"].as_array().map(Vec::len), Some(12));
    assert_eq!(doc["backbone"]["complete"], true);
    let unsat = run("cnf-gen", &["php", "4", "3"], b"").stdout;
    let out = run("solve", &["--backbone"], &unsat);
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    for (args, words) in [
        (&["--backbone", "--all"][..], "cannot be used with"),
        (&["--count", "--max", "2"][..], "cannot be used with"),
        (&["--counter-cmd", "x"][..], "--count"),
    ] {
        let out = run("solve", args, &cnf);
        assert_ne!(code(&out), 0, "{args:?}");
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
}

/// True when Ganak (PyPI's pyganak) can run; required in CI.
fn ganak_available() -> bool {
    let found = std::process::Command::new("python3")
        .args(["-c", "import pyganak"])
        .status()
        .is_ok_and(|s| s.success());
    common::available(
        found,
        "the model counter Ganak",
        "pyganak is not installed (pip install pyganak)",
    )
}

#[test]
fn counts_equal_the_enumerated_counts_in_every_family() {
    if !ganak_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let (words, pattern) = crossword_files(dir.path());
    for case in cases(&words, &pattern) {
        let cnf = encode(&case);
        let (counted, counted_code) = solve_and_decode(&case, &cnf, &["--count"], &[]);
        assert_eq!(counted_code, 0, "{}: {counted}", case.family);
        assert_eq!(
            counted.trim(),
            format!(
                "{} solutions (counted; solve --max N draws some)",
                case.solutions
            ),
            "{}",
            case.family
        );
    }
    for (args, count) in [
        (&["queens", "8"][..], "92"),
        (&["queens", "1"], "1"),
        (&["php", "4", "3"], "0"),
    ] {
        let cnf = run("cnf-gen", args, b"").stdout;
        let out = run("solve", &["--count"], &cnf);
        assert!(
            stdout(&out).contains(&format!("\ns mc {count}\n")),
            "{args:?}: {}",
            stdout(&out)
        );
        assert_eq!(code(&out), if count == "0" { 20 } else { 10 }, "{args:?}");
    }
}

#[test]
fn a_failing_counter_is_named() {
    let cnf = run("cnf-gen", &["queens", "5"], b"").stdout;
    let out = run(
        "solve",
        &["--count", "--count-by", "counter", "--counter-cmd", "false"],
        &cnf,
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("counter command: false: failed with exit code 1"),
        "{}",
        stderr(&out)
    );
    let out = run(
        "solve",
        &["--count", "--counter-cmd", "echo 's mc 10'; true"],
        &cnf,
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out).contains("\ns mc 10\n"), "{}", stdout(&out));
    let wcnf = run("cnf-gen", &["cycle-cover", "4"], b"").stdout;
    let out = run("solve", &["--count"], &wcnf);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("--count is for CNF"),
        "{}",
        stderr(&out)
    );
}

/// `encode | solve | decode --explain full` of a puzzle without
/// solution: exit 20 and the decoder's whole explanation.
fn why_none(family: &str, args: &[&str], dir: Option<&std::path::Path>) -> String {
    let program = bin(&format!("encode-{family}"));
    let encoded = run_program_in(dir, &program, args, b"");
    assert_eq!(code(&encoded), 0, "{family}: {}", stderr(&encoded));
    let decoder = format!("decode-{family}");
    let outputs = pipeline(
        &[("solve", &[]), (&decoder, &["--explain", "full"])],
        &encoded.stdout,
    );
    assert_eq!(code(&outputs[0]), 20, "{family}: {}", stderr(&outputs[0]));
    assert_eq!(code(&outputs[1]), 20, "{family}: {}", stderr(&outputs[1]));
    stdout(&outputs[1])
}

#[test]
fn a_puzzle_without_solution_names_the_parts_to_blame_in_every_family() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Column 1 needs two black cells in a row, row 2 has none.
    let nonogram = common::temp_file(
        dir.path(),
        "clash.non",
        b"width 3\nheight 3\nrows\n1 1\n0\n1\ncolumns\n2\n0\n1\n",
    );
    let text = why_none("nonogram", &[nonogram.to_str().expect("utf-8")], None);
    assert!(
        text.contains(
            "these 2 parts cannot all hold (without any one of them there is a solution):\n  \
             row 2 (clue 0)\n  column 1 (clue 2)\n"
        ),
        "{text}"
    );
    let seed = instance("numberlink/seed/input-7by7-unsat.in");
    let text = why_none("numberlink", &[seed.to_str().expect("utf-8")], None);
    assert!(text.contains("cannot all hold"), "{text}");
    assert!(text.contains("  line 4 (its two ends)\n"), "{text}");
    let adc = instance("numberlink/adc2015/Q/Q08.txt");
    let text = why_none("numberlink", &[adc.to_str().expect("utf-8")], None);
    assert!(text.contains("(its two ends)"), "{text}");
    let text = why_none(
        "rules",
        &["derived/wip-branch/x.txt"],
        Some(&instance("rules/solvomatic")),
    );
    assert!(
        text.contains("the given 123465 at row 1, column 1"),
        "{text}"
    );
    let (_, pattern) = crossword_files(dir.path());
    let words = common::temp_file(dir.path(), "few.txt", b"bat\ntab\nbit\n");
    let text = why_none(
        "crossword",
        &[
            "--pattern",
            pattern.to_str().expect("utf-8"),
            "--words",
            words.to_str().expect("utf-8"),
        ],
        None,
    );
    assert!(text.contains("slot"), "{text}");
}

/// `solve | decode-FAMILY DECODE-ARGS` on an unsolvable formula: the
/// decoder's output (exit 20).
fn explained(family: &str, cnf: &[u8], decode: &[&str]) -> String {
    let decoder = format!("decode-{family}");
    let outputs = pipeline(&[("solve", &[]), (&decoder, decode)], cnf);
    assert_eq!(
        code(&outputs[1]),
        20,
        "{family} {decode:?}: {}",
        stderr(&outputs[1])
    );
    stdout(&outputs[1])
}

/// A long explanation is cut to a screenful (the first items and a count
/// of the rest) unless `--explain full`; `none` (and the older `false`)
/// prints the verdict alone; the JSON keeps every item.
#[test]
fn long_explanations_are_summarised_and_full_on_request() {
    // A Sanalouhos grid of 2 x 40 letters that no word covers.
    let letters: String = "QXZ".chars().cycle().take(80).collect();
    let encoded = run(
        "encode-sanalouhos",
        &["--width", "40", "--height", "2", &letters],
        b"",
    );
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let cnf = encoded.stdout;
    let summary = explained("sanalouhos", &cnf, &[]);
    assert!(
        summary.contains("no word covers these 80 cells:\n  (1,1) q\n"),
        "{summary}"
    );
    assert!(
        summary.contains(
            "  (1,10) q\n  ... and 70 more (80 in all; --explain full lists every one)\n"
        ),
        "{summary}"
    );
    assert!(!summary.contains("(1,11)"), "{summary}");
    assert_eq!(
        explained("sanalouhos", &cnf, &["--explain", "true"]),
        summary
    );
    let full = explained("sanalouhos", &cnf, &["--explain", "full"]);
    assert!(full.contains("  (2,40) x\n"), "{full}");
    assert_eq!(
        full.lines().filter(|l| l.starts_with("  (")).count(),
        80,
        "{full}"
    );
    for none in ["none", "false"] {
        let text = explained("sanalouhos", &cnf, &["--explain", none]);
        assert!(text.ends_with("no solution\n"), "{none}: {text}");
        assert!(!text.contains("no word covers"), "{none}: {text}");
    }
    let json = explained("sanalouhos", &cnf, &["--json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("one document");
    let explanation = doc["explanation"].as_str().expect("the explanation");
    assert!(explanation.contains("  (2,40) x\n"), "{explanation}");
    // A crossword whose 13 slots no listed word fits: the slots, counted
    // from 1, cut after the tenth.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = common::temp_file(dir.path(), "p.txt", "....\n".repeat(9).as_bytes());
    let words = common::temp_file(dir.path(), "w.txt", b"cat\ndog\n");
    let encoded = run(
        "encode-crossword",
        &[
            "--pattern",
            pattern.to_str().expect("utf-8"),
            "--words",
            words.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let summary = explained("crossword", &encoded.stdout, &[]);
    assert!(
        summary.contains(
            "no listed word fits these 13 slots at all:\n  1-across at (1,1), 4 letters, ....\n"
        ),
        "{summary}"
    );
    assert!(
        summary.contains("  ... and 3 more (13 in all; --explain full lists every one)\n"),
        "{summary}"
    );
    let full = explained("crossword", &encoded.stdout, &["--explain", "full"]);
    assert_eq!(
        full.lines().filter(|l| l.contains(" letters, ")).count(),
        13,
        "{full}"
    );
}
