//! `encode-rules | solve --all | decode-rules` over solv-o-matic's puzzles
//! in `instances/rules/solvomatic`, compared with its recorded counts
//! (`expected/expected.csv`) and its printed solutions (`expected/*.out`),
//! plus the language's error cases.
//!
//! The puzzles name their word list relative to `instances/rules/solvomatic`
//! (solv-o-matic resolves it against the working directory), so the
//! pipelines run there.

mod common;

use common::{bin, code, external_available, instance, run_program_in, stderr, stdout};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

/// The folder solv-o-matic's puzzles are run from.
fn solvomatic_dir() -> PathBuf {
    instance("rules/solvomatic")
}

/// Runs one of the project's binaries in `dir` with `stdin`.
fn run_in(dir: &Path, name: &str, args: &[&str], stdin: &[u8]) -> Output {
    run_program_in(Some(dir), &bin(name), args, stdin)
}

/// encode (in `dir`), solve, decode; returns the three outputs.
fn pipeline_in(dir: &Path, encode: &[&str], solve: &[&str], decode: &[&str]) -> Vec<Output> {
    let encoded = run_in(dir, "encode-rules", encode, b"");
    assert_eq!(code(&encoded), 0, "encode {encode:?}: {}", stderr(&encoded));
    let solved = run_in(dir, "solve", solve, &encoded.stdout);
    let decoded = run_in(dir, "decode-rules", decode, &solved.stdout);
    vec![encoded, solved, decoded]
}

/// The rows of `expected.csv` solved with the bundled list: (puzzle path
/// without `.txt`, solution count).
fn expected_counts() -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(solvomatic_dir().join("expected/expected.csv"))
        .expect("expected.csv");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let (name, count) = (fields[0], fields[1]);
            // the wamerican rows need a word list that is not bundled
            (!name.contains(".wamerican"))
                .then(|| (name.to_string(), count.parse().expect("count")))
        })
        .collect()
}

/// The puzzle file of a CSV row.
fn puzzle_file(name: &str) -> String {
    if name.starts_with("derived/") {
        format!("{name}.txt")
    } else {
        format!("puzzles/{name}.txt")
    }
}

/// The solutions printed by solv-o-matic (`expected/<name>.out`), each as
/// its drawing lines; `width` is the widest drawing line, boxes being
/// packed side by side, each `width + 4` columns wide.
fn solvomatic_solutions(name: &str, width: usize) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(solvomatic_dir().join(format!("expected/{name}.out")))
        .expect("expected output");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first(), Some(&"Solutions:"));
    let body = &lines[1..lines.len() - 1];
    let mut boxes = Vec::new();
    for group in body.split(|l| l.is_empty()).filter(|g| !g.is_empty()) {
        let chars: Vec<Vec<char>> = group.iter().map(|l| l.chars().collect()).collect();
        let span = width + 4;
        let count = chars
            .iter()
            .map(|l| l.len().div_ceil(span))
            .max()
            .unwrap_or(0);
        for j in 0..count {
            boxes.push(
                chars
                    .iter()
                    .map(|l| {
                        let chunk: String = l.iter().skip(j * span + 4).take(width).collect();
                        chunk.trim_end().to_string()
                    })
                    .collect(),
            );
        }
    }
    boxes
}

/// Solves `name` with `solve --all` and compares count and solutions with
/// solv-o-matic's.
fn matches_solvomatic(name: &str, count: usize, encode_args: &[&str]) {
    let file = puzzle_file(name);
    let mut args = encode_args.to_vec();
    args.push(&file);
    let outs = pipeline_in(&solvomatic_dir(), &args, &["--all"], &["--json"]);
    let expected_code = if count == 0 { 20 } else { 0 };
    assert_eq!(
        code(&outs[2]),
        expected_code,
        "{name}: {}",
        stderr(&outs[2])
    );
    let json: serde_json::Value = serde_json::from_slice(&outs[2].stdout).expect("json");
    assert_eq!(json["count"], count, "{name}");
    if count == 0 {
        assert_eq!(json["verdict"], "no solution", "{name}");
    } else {
        assert_eq!(json["complete"], true, "{name}");
    }
    let mut ours: Vec<Vec<String>> = json["solutions"]
        .as_array()
        .expect("solutions")
        .iter()
        .map(|s| {
            s["drawing"]
                .as_array()
                .expect("drawing")
                .iter()
                .map(|l| l.as_str().expect("line").to_string())
                .collect()
        })
        .collect();
    let width = ours
        .iter()
        .flatten()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut theirs = solvomatic_solutions(name, width);
    ours.sort();
    theirs.sort();
    assert_eq!(
        ours, theirs,
        "{name}: the solutions differ from solv-o-matic's"
    );
}

/// Every CSV row whose name satisfies `select`.
fn check_rows(select: impl Fn(&str) -> bool) {
    let rows: Vec<(String, usize)> = expected_counts()
        .into_iter()
        .filter(|(name, _)| select(name))
        .collect();
    assert!(!rows.is_empty());
    for (name, count) in rows {
        matches_solvomatic(&name, count, &[]);
    }
}

fn uses_words(name: &str) -> bool {
    ["palindrome", "word-pyramid", "word-square"].contains(&name)
}

#[test]
fn sudokus_and_magic_figures_match_solvomatic() {
    check_rows(|name| !name.starts_with("derived/") && !uses_words(name));
}

#[test]
fn word_puzzles_match_solvomatic_with_the_bundled_list() {
    check_rows(uses_words);
}

#[test]
fn derived_puzzles_match_solvomatic() {
    check_rows(|name| name.starts_with("derived/"));
}

#[test]
fn every_puzzle_of_the_folder_has_a_recorded_count() {
    let names: Vec<String> = expected_counts().into_iter().map(|(n, _)| n).collect();
    let mut files = 0;
    for folder in ["puzzles", "derived", "derived/wip-branch"] {
        for entry in std::fs::read_dir(solvomatic_dir().join(folder)).expect("folder") {
            let path = entry.expect("entry").path();
            let stem = path
                .file_stem()
                .expect("stem")
                .to_string_lossy()
                .into_owned();
            if path.extension().is_some_and(|e| e == "txt") && !stem.starts_with("word-list") {
                let name = match folder {
                    "puzzles" => stem,
                    _ => format!("{folder}/{stem}"),
                };
                assert!(names.contains(&name), "{name} has no expected count");
                files += 1;
            }
        }
    }
    assert_eq!(files, names.len());
}

#[test]
fn sums_as_pseudo_boolean_bounds_count_the_same() {
    for (name, count) in [("magic-square", 48), ("derived/wip-branch/y", 10)] {
        matches_solvomatic(name, count, &["--sum-encoding", "pb"]);
    }
}

#[test]
fn an_external_solver_enumerates_the_same_solutions() {
    if !external_available("minisat") {
        return;
    }
    let file = puzzle_file("derived/wip-branch/y");
    let outs = pipeline_in(
        &solvomatic_dir(),
        &[&file],
        &["--external", "minisat", "--all"],
        &[],
    );
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    assert!(stdout(&outs[2]).ends_with("10 solutions\n"));
}

#[test]
fn word_lists_are_found_next_to_the_puzzle_and_travel_in_the_header() {
    // From the repository root, the list is found above the puzzle's folder.
    let root = common::root();
    let file = "instances/rules/solvomatic/puzzles/palindrome.txt";
    let outs = pipeline_in(&root, &[file], &["--max", "2"], &[]);
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    // The decoder needs no file: the words are in the header.
    let dir = tempfile::tempdir().expect("temp dir");
    let decoded = run_in(dir.path(), "decode-rules", &[], &outs[1].stdout);
    assert_eq!(code(&decoded), 0, "{}", stderr(&decoded));
    assert!(stdout(&decoded).ends_with("at least 2 solutions\n"));
}

#[test]
fn decode_draws_the_layout_and_explains_rule_instances() {
    let file = puzzle_file("evil-sudoku");
    let outs = pipeline_in(&solvomatic_dir(), &[&file], &["--max", "2"], &[]);
    let text = stdout(&outs[2]);
    assert!(text.starts_with("  +-------+-------+-------+\n  | 8 2 4 | 6 1 9 | 3 5 7 |\n"));
    assert!(text.ends_with("unique\n"));
    let file = puzzle_file("word-square");
    let outs = pipeline_in(
        &solvomatic_dir(),
        &[&file],
        &["--max", "1"],
        &["--format", "explain"],
    );
    let text = stdout(&outs[2]);
    assert!(
        text.contains("rule in_order (line 37), pattern at line 38 match 1 sequence numbered"),
        "{text}"
    );
    assert!(
        text.contains(": holds\n") && !text.contains("BROKEN"),
        "{text}"
    );
}

#[test]
fn an_initial_value_outside_its_range_explains_the_missing_solution() {
    let file = puzzle_file("derived/wip-branch/x");
    let outs = pipeline_in(&solvomatic_dir(), &[&file], &[], &[]);
    assert_eq!(code(&outs[1]), 20);
    assert_eq!(code(&outs[2]), 20);
    let text = stdout(&outs[2]);
    assert!(
        text.contains(
            "the given 123465 at row 1, column 1 (initial, line 33) is outside the cell's range 1..6 (line 9)"
        ),
        "{text}"
    );
}

/// Runs encode-rules on `text` written to a temporary `bad.txt`.
fn encode_error(text: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bad.txt"), text).expect("write");
    let out = run_in(dir.path(), "encode-rules", &["bad.txt"], b"");
    assert_eq!(code(&out), 1, "{text}");
    assert!(out.stdout.is_empty());
    stderr(&out)
}

#[test]
fn errors_name_the_file_and_line() {
    let cases: BTreeMap<&str, &str> = [
        ("Layout\n| *\n", "bad.txt:1: expected 'layout'"),
        (
            "layout\n| * *\nrange 1..2\n| * *\nrange 3\n| * .\nrule sum 3\n| * *\n",
            "bad.txt:6: the cell at layout line 2 column 3 is already in the range of line 3",
        ),
        (
            "layout\n| * *\nrange 1..2\n| * .\nrule sum 3\n| * *\n",
            "bad.txt:2: the cell at line 2 column 5 is in no range",
        ),
        (
            "layout\n| *\nrange 1 2 1\n| *\nrule sum 3\n| *\n",
            "bad.txt:3: the range lists 1 twice",
        ),
        (
            "layout\n| * *\nrange 1..2\n| * *\nrule sum 3\n| * * *\n",
            "bad.txt:6: this pattern matches the layout nowhere",
        ),
        (
            "layout\n| *\nrange aeiou\n| *\nrule sum 1\n| *\n",
            "bad.txt:3: 'aeiou' is not a value",
        ),
        (
            "layout\n| *\nrange 1\n| *\nrule word missing-list.txt\n| *\n",
            "bad.txt:5: cannot find the word list",
        ),
        (
            "layout\n| * *\nrange 1..2\n| * *\nrule sum 3\n| * *\ninitial\n| * .\n",
            "bad.txt:8: '*' in initial",
        ),
    ]
    .into_iter()
    .collect();
    for (text, message) in cases {
        let err = encode_error(text);
        assert!(
            err.starts_with(&format!("encode-rules: {message}")),
            "{text}\n{err}"
        );
    }
}

#[test]
fn a_puzzle_from_stdin_and_letters_as_values() {
    // Three letters in order that spell nothing in particular, summing to f.
    let text = b"layout\n| * * *\nrange a..c\n| * * *\nrule sum f\nrule in_order\nrule distinct\n| * * *\n";
    let encoded = run_in(&solvomatic_dir(), "encode-rules", &["-"], text);
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let solved = run_in(&solvomatic_dir(), "solve", &["--all"], &encoded.stdout);
    let decoded = run_in(&solvomatic_dir(), "decode-rules", &[], &solved.stdout);
    assert_eq!(stdout(&decoded), " A B C\nunique\n");
}

/// Solves a puzzle given as text (run in the instances folder); returns
/// decode's last line.
fn count_of(text: &str) -> String {
    let encoded = run_in(&solvomatic_dir(), "encode-rules", &["-"], text.as_bytes());
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let solved = run_in(&solvomatic_dir(), "solve", &["--all"], &encoded.stdout);
    let decoded = run_in(&solvomatic_dir(), "decode-rules", &[], &solved.stdout);
    stdout(&decoded).lines().last().unwrap_or("").to_string()
}

#[test]
fn skyscraper_visibility_counts_left_to_right_maxima() {
    // Permutations of 1..4 with k left-to-right maxima: Stirling numbers of
    // the first kind, 6 11 6 1; seen from the right (numbered pattern) too.
    for (k, expected) in [
        (1, "6 solutions"),
        (2, "11 solutions"),
        (3, "6 solutions"),
        (4, "unique"),
    ] {
        let text = format!(
            "layout\n| * * * *\nrange 1..4\n| * * * *\nrule permutation 1..4\nrule visible {k}\n| * * * *\n"
        );
        assert_eq!(count_of(&text), expected, "visible {k}");
        let text = format!(
            "layout\n| * * * *\nrange 1..4\n| * * * *\nrule permutation 1..4\n| * * * *\nrule visible {k}\n| 4 3 2 1\n"
        );
        assert_eq!(count_of(&text), expected, "visible {k} from the right");
    }
    // distinct without permutation: 3 cells of 1..4 all different, 4*3*2
    let text = "layout\n| * * *\nrange 1..4\n| * * *\nrule distinct\n| * * *\n";
    assert_eq!(count_of(text), "24 solutions");
}

#[test]
fn a_letter_typed_for_a_digit_in_initial_is_an_input_error() {
    let err = encode_error(
        "layout\n| * *\nrange 1..2\n| * *\nrule permutation 1..2\n| a a\ninitial\n| 1 x\n",
    );
    assert!(
        err.contains("bad.txt:8: initial gives the cell at line 2 column 5 a letter, X, but its range 1 2 (line 3) holds only numbers"),
        "{err}"
    );
}

#[test]
fn overlapping_box_matches_are_named_when_there_is_no_solution() {
    let root = common::root();
    let outs = pipeline_in(
        &root,
        &["instances/rules/examples/sudoku-4x4-overlapping-boxes.txt"],
        &[],
        &[],
    );
    assert_eq!(code(&outs[2]), 20, "{}", stderr(&outs[2]));
    let text = stdout(&outs[2]);
    // The rules have no solution by themselves: the givens are not blamed.
    assert!(
        text.contains("the rules have no solution, whatever the givens: these 6 rule instances"),
        "{text}"
    );
    assert!(!text.contains("  given"), "{text}");
    assert!(
        text.contains("pattern at line 29 match 5 sequence 'a': cells r2c2 r2c3 r3c2 r3c3\n"),
        "{text}"
    );
    assert!(
        text.contains("note: the pattern at line 29 matches at overlapping places"),
        "{text}"
    );
    // With a letter per box the same puzzle is unique.
    let outs = pipeline_in(
        &root,
        &["instances/rules/examples/sudoku-4x4.txt"],
        &["--max", "2"],
        &[],
    );
    assert_eq!(stdout(&outs[2]), "1324\n4231\n2413\n3142\nunique\n");
}

/// Runs `encode-rules ENCODE_ARGS FILE | solve --all | decode-rules` in
/// bash with every stage under `ulimit -v 2000000` (2 GB of address
/// space); bash exits with the decoder's status, and the standard error of
/// every stage is bash's.
fn pipeline_in_2_gb(file: &Path, encode_args: &[&str]) -> Output {
    let mut command = common::external_command("bash");
    command
        .args([
            "-c",
            "ulimit -v 2000000 && \"$ENCODE\" \"$@\" | \"$SOLVE\" --all | \"$DECODE\"",
            "bash",
        ])
        .args(encode_args)
        .arg(file)
        .env("ENCODE", bin("encode-rules"))
        .env("SOLVE", bin("solve"))
        .env("DECODE", bin("decode-rules"));
    common::run_command(command, b"")
}

/// Runs `encode-rules FILE` in bash under `ulimit -v 2000000`.
fn encode_in_2_gb(file: &Path, encode_args: &[&str]) -> Output {
    let mut command = common::external_command("bash");
    command
        .args(["-c", "ulimit -v 2000000 && exec \"$ENCODE\" \"$@\"", "bash"])
        .args(encode_args)
        .arg(file)
        .env("ENCODE", bin("encode-rules"));
    common::run_command(command, b"")
}

#[test]
fn a_wide_range_takes_the_memory_its_rules_need() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Two cells of 1..100000 adding up to 5: 1+4, 2+3, 3+2, 4+1.
    let file = common::temp_file(
        dir.path(),
        "wide.txt",
        b"layout\n| * *\n\nrange 1..100000\n| * *\n\nrule sum 5\n| * *\n",
    );
    for args in [&[][..], &["--sum-encoding", "pb"]] {
        let out = pipeline_in_2_gb(&file, args);
        assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.ends_with("\n4 solutions\n"), "{args:?}: {text}");
        for pair in [" 1 4\n", " 2 3\n", " 3 2\n", " 4 1\n"] {
            assert!(text.contains(pair), "{args:?}: {text}");
        }
    }
    // Sums narrow each other: b <= 4 from the first, so c >= 99997.
    let file = common::temp_file(
        dir.path(),
        "chain.txt",
        b"layout\n| * * *\nrange 1..100000\n| * * *\nrule sum 5\n| * * .\n\
          rule sum 100001\n| . * *\n",
    );
    let out = pipeline_in_2_gb(&file, &[]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).ends_with("4 solutions\n"), "{}", stdout(&out));
    // Products keep the divisors: a * b * c = 720720 (= 2^4 3^2 5 7 11 13).
    let file = common::temp_file(
        dir.path(),
        "prod.txt",
        b"layout\n| * * *\nrange 1..100000\n| * * *\nrule prod 720720\n| * * *\n",
    );
    let encoded = encode_in_2_gb(&file, &[]);
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let counted = common::run("solve", &["--all"], &encoded.stdout);
    // Ordered triples of divisors with that product, each below 100001:
    // counted by brute force over the 240 divisors.
    let divisors: Vec<u64> = (1..=720720u64).filter(|d| 720720 % d == 0).collect();
    let mut triples = 0;
    for &a in &divisors {
        for &b in &divisors {
            let ab = a * b;
            if 720720 % ab == 0 && (720720 / ab) <= 100000 && a <= 100000 && b <= 100000 {
                triples += 1;
            }
        }
    }
    assert!(
        stdout(&counted).contains(&format!("c enumeration complete: {triples} solutions\n")),
        "{triples}: {}",
        stdout(&counted)
    );
}

#[test]
fn a_rule_that_needs_too_much_is_refused_with_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Any value of one cell has a partner in the other: 10^10 automaton
    // pairs, 10^10 in_order literals.
    for (rule, args) in [
        ("sum 100001", &[][..]),
        ("sum 100001", &["--sum-encoding", "pb"][..]),
        ("in_order", &[][..]),
        ("visible 1", &[][..]),
    ] {
        let text = format!("layout\n| * *\n\nrange 1..100000\n| * *\n\nrule {rule}\n| * *\n");
        let file = common::temp_file(dir.path(), "huge.txt", text.as_bytes());
        let out = encode_in_2_gb(&file, args);
        assert_eq!(code(&out), 1, "{rule} {args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!(
                "encode-rules: {}:7: rule {rule}: its instance at the pattern of line 8 \
                 (match 1, sequence '*') would need ",
                file.display()
            )),
            "{rule} {args:?}: {err}"
        );
        assert!(
            err.contains("one rule instance may take (docs/rules.md, \"Limits\")"),
            "{err}"
        );
    }
}

/// The evil sudoku with the `initial` line `old` replaced by `new`,
/// through `encode | solve | decode`: the decoder's output.
fn evil_sudoku_with(old: &str, new: &str) -> String {
    let text = std::fs::read_to_string(solvomatic_dir().join(puzzle_file("evil-sudoku")))
        .expect("evil sudoku");
    assert!(text.contains(old));
    let wrong = text.replace(old, new);
    let encoded = run_in(&solvomatic_dir(), "encode-rules", &["-"], wrong.as_bytes());
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let solved = run_in(&solvomatic_dir(), "solve", &[], &encoded.stdout);
    assert_eq!(code(&solved), 20, "{}", stderr(&solved));
    let decoded = run_in(&solvomatic_dir(), "decode-rules", &[], &solved.stdout);
    assert_eq!(code(&decoded), 20, "{}", stderr(&decoded));
    stdout(&decoded)
}

#[test]
fn a_wrong_given_is_named_by_its_row_and_column() {
    // A 3 typed into row 3, column 9, where row 3 has a 3 already.
    let text = evil_sudoku_with("| 7 . . | . . 3 | . . . |", "| 7 . . | . . 3 | . . 3 |");
    assert_eq!(
        text,
        "no solution\n\
         without this given the puzzle has exactly one solution:\n  \
         given 3 at row 3, column 9\n\
         these 2 givens cannot all hold under the rules (without any one of them, the rest can):\n  \
         given 3 at row 3, column 6\n  \
         given 3 at row 3, column 9\n"
    );
    // A 9 in row 1, column 2 (the solution has a 2) clashes with no given of
    // its row, column or box: the conflict runs through many givens, and the
    // wrong one is among the few without which the puzzle is unique again.
    let text = evil_sudoku_with("| 8 . . | . . . | . 5 . |", "| 8 9 . | . . . | . 5 . |");
    let (fixes, core) = text
        .split_once(" givens cannot all hold under the rules")
        .expect("a minimal set of givens");
    assert!(
        fixes.starts_with("no solution\nwithout any one of these ")
            && fixes.contains("givens the puzzle has exactly one solution:\n")
            && fixes.contains("\n  given 9 at row 1, column 2\n"),
        "{text}"
    );
    assert!(fixes.lines().count() <= 8, "{text}");
    assert!(core.contains("\n  given 9 at row 1, column 2\n"), "{text}");
    assert!(!text.contains("line ") && !text.contains("rule "), "{text}");
}

/// Solves a puzzle given as text (run in the instances folder); returns
/// decode's output, which must say there is no solution.
fn why_none_of(text: &str) -> String {
    let encoded = run_in(&solvomatic_dir(), "encode-rules", &["-"], text.as_bytes());
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    let solved = run_in(&solvomatic_dir(), "solve", &[], &encoded.stdout);
    let decoded = run_in(&solvomatic_dir(), "decode-rules", &[], &solved.stdout);
    assert_eq!(code(&decoded), 20, "{}", stderr(&decoded));
    stdout(&decoded)
}

#[test]
fn rules_that_conflict_by_themselves_are_named_even_when_narrowed() {
    // Both sums narrow the range until it is empty.
    let text = why_none_of(
        "layout\n| * *\nrange 1..100000\n| * *\nrule sum 5\nrule sum 6\n| * *\ninitial\n| 1 .\n",
    );
    assert!(
        text.contains("the rules have no solution, whatever the givens: these 2 rule instances"),
        "{text}"
    );
    assert!(
        text.contains(
            "  rule sum 5 (line 5), pattern at line 7 match 1 sequence '*': cells r1c1 r1c2\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  rule sum 6 (line 6), pattern at line 7 match 1 sequence '*': cells r1c1 r1c2\n"
        ),
        "{text}"
    );
    // Three instances, each needed: the first sum narrows b to 1..4, so
    // the second narrows c to 99997..100000, which the subset forbids.
    let text = why_none_of(
        "layout\n| * * *\nrange 1..100000\n| * * *\nrule sum 5\n| * * .\nrule sum 100001\n\
         | . * *\nrule subset 1 2 3\n| . . *\n",
    );
    assert!(text.contains("these 3 rule instances"), "{text}");
    for rule in [
        "sum 5 (line 5)",
        "sum 100001 (line 7)",
        "subset 1..3 (line 9)",
    ] {
        assert!(text.contains(&format!("  rule {rule}")), "{rule}: {text}");
    }
    // A given that the narrowed range does not hold: blamed alone.
    let text =
        why_none_of("layout\n| * *\nrange 1..100000\n| * *\nrule sum 5\n| * *\ninitial\n| 7 .\n");
    assert_eq!(
        text,
        "no solution\nthis given cannot hold under the rules; without it the puzzle has \
         solutions (more than one):\n  given 7 at row 1, column 1\n"
    );
}
