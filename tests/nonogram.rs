//! The nonogram pipeline on real instances: `encode-nonogram | solve |
//! decode-nonogram`, compared with known answers (goal lines, picross-solver's
//! reference outputs and solution counts).

mod common;

use common::{code, instance, pipeline, run, stderr, stdout};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What one pipeline run said.
#[derive(Debug)]
struct Answer {
    verdict: String,
    /// Every solution, as rows of `#` and `.`.
    solutions: Vec<Vec<String>>,
}

/// Runs `encode-nonogram FILE ENCODE_ARGS | solve SOLVE_ARGS |
/// decode-nonogram --json` and checks every stage's exit code.
fn answer(file: &Path, encode_args: &[&str], solve_args: &[&str]) -> Answer {
    let path = file.to_str().expect("utf-8 path");
    let mut encode = vec![path];
    encode.extend_from_slice(encode_args);
    let out = pipeline(
        &[
            ("encode-nonogram", &encode),
            ("solve", solve_args),
            ("decode-nonogram", &["--json"]),
        ],
        b"",
    );
    assert_eq!(code(&out[0]), 0, "{path}: {}", stderr(&out[0]));
    assert_eq!(code(&out[1]), 10, "{path}: {}", stderr(&out[1]));
    assert_eq!(code(&out[2]), 0, "{path}: {}", stderr(&out[2]));
    let doc: serde_json::Value =
        serde_json::from_str(&stdout(&out[2])).unwrap_or_else(|e| panic!("{path}: {e}"));
    let solutions = doc["solutions"]
        .as_array()
        .expect("solutions")
        .iter()
        .map(|s| {
            s["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| r.as_str().expect("row").to_string())
                .collect()
        })
        .collect();
    Answer {
        verdict: doc["verdict"].as_str().expect("verdict").to_string(),
        solutions,
    }
}

/// The files of `dir` (under `instances/nonogram/`) ending in one of `exts`.
fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(instance(&format!("nonogram/{dir}")))
        .expect("instance directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
        })
        .collect();
    out.sort();
    out
}

/// The `goal` of a `.non` file as rows of `#`/`.`.
fn goal(path: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path).expect("read");
    let value = |key: &str| -> Option<String> {
        text.lines().find_map(|l| {
            l.strip_prefix(key)
                .map(|v| v.trim().trim_matches('"').to_string())
        })
    };
    let width: usize = value("width ")?.parse().ok()?;
    let bits = value("goal ")?;
    let cells: Vec<char> = bits
        .chars()
        .map(|c| if c == '0' { '.' } else { '#' })
        .collect();
    Some(cells.chunks(width).map(|r| r.iter().collect()).collect())
}

/// Solves every file of `dir` with `--max 2`: unique unless listed in
/// `several`, and equal to the goal where the file has one.
fn solve_directory(dir: &str, exts: &[&str], several: &[&str], skip: &[&str]) -> usize {
    let mut solved = 0;
    for path in files(dir, exts) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if skip.contains(&name) {
            continue;
        }
        let got = answer(&path, &[], &["--max", "2"]);
        if several.contains(&name) {
            assert_eq!(got.verdict, "at least 2 solutions", "{name}");
        } else {
            assert_eq!(got.verdict, "unique", "{name}");
            if let Some(goal) = goal(&path) {
                assert_eq!(got.solutions[0], goal, "{name}: solution differs from goal");
            }
        }
        solved += 1;
    }
    solved
}

#[test]
fn griddler_examples_are_unique_in_both_spellings() {
    let n = solve_directory("griddler", &["txt"], &[], &[]);
    assert_eq!(n, 9);
    // The mechanical .non conversions give the same grids.
    for path in files("griddler", &["txt"]) {
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("stem");
        let non = instance(&format!("nonogram/griddler/converted-non/{stem}.non"));
        let a = answer(&path, &[], &[]);
        let b = answer(&non, &[], &[]);
        assert_eq!(a.solutions, b.solutions, "{stem}");
    }
}

#[test]
fn nonogram_db_solutions_equal_their_goals() {
    let mut n = solve_directory("nonogram-db/webpbn", &["non"], &[], &[]);
    n += solve_directory("nonogram-db/gnonograms", &["non"], &[], &[]);
    n += solve_directory("nonogram-db/qnonograms/examples", &["non"], &[], &[]);
    n += solve_directory("nonogram-db/qnonograms/collection1", &["non"], &[], &[]);
    assert_eq!(n, 39);
}

#[test]
fn jwilk_puzzles_are_solved() {
    // Four of Jakub Wilk's puzzles have several solutions.
    let several = ["data001.nin", "data083.nin", "data084.nin", "data087.nin"];
    assert_eq!(solve_directory("jwilk", &["nin"], &several, &[]), 151);
}

#[test]
fn survey_puzzles_are_unique_and_equal_the_reference_outputs() {
    // Faase (80x95) is in `faase_is_solved` (ignored: slow).
    let n = solve_directory("webpbn-survey-free", &["non"], &[], &["faase.non"]);
    assert_eq!(n, 2);
    let n = solve_directory("picross-solver/webpbn", &["non"], &[], &[]);
    assert_eq!(n, 12);
    for (puzzle, output) in [
        ("webpbn-00023-edge", "webpbn-00023-edge"),
        ("webpbn-00027-bucks", "webpbn-00027-bucks"),
        ("webpbn-00065-mum", "webpbn-00065-mum"),
        ("webpbn-00436-petroglyph", "webpbn-00436-petroglyph"),
        ("webpbn-00529-swing", "webpbn-00529-swing"),
        ("webpbn-06574-forever", "webpbn-06574-forever"),
        ("webpbn-35105-wild", "webpbn-35105-wild"),
        ("webpbn-36459-moss", "webpbn-36459-moss"),
    ] {
        let file = instance(&format!("nonogram/picross-solver/webpbn/{puzzle}.non"));
        let reference = reference_outputs(&format!("{output}.txt"));
        let (_, solutions) = reference.first().expect("one grid");
        let got = answer(&file, &[], &["--all"]);
        assert_eq!(got.verdict, "unique", "{puzzle}");
        assert_eq!(&got.solutions, solutions, "{puzzle}");
    }
}

/// Reads a picross-solver output file: for each grid, its name and its
/// solutions (rows of `#`/`.`).
fn reference_outputs(name: &str) -> Vec<(String, Vec<Vec<String>>)> {
    let path = instance(&format!("nonogram/picross-solver/outputs/{name}"));
    let text = std::fs::read_to_string(&path).expect("read output");
    let mut grids: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("GRID ") {
            let name = rest.split_once(": ").map_or(rest, |(_, n)| n);
            grids.push((name.to_string(), Vec::new()));
        } else if line.trim_start().starts_with("Solution nb") {
            if let Some(grid) = grids.last_mut() {
                grid.1.push(Vec::new());
            }
        } else {
            let row = line.trim();
            let is_row = !row.is_empty() && row.chars().all(|c| c == '#' || c == '.');
            if let Some(solution) = grids.last_mut().and_then(|g| g.1.last_mut()) {
                if is_row {
                    solution.push(row.to_string());
                }
            }
        }
    }
    grids
}

/// The solution counts of picross-solver's `validation.csv` (grid name,
/// count), for the native files stored here.
fn validation_counts() -> Vec<(String, String, usize)> {
    let path = instance("nonogram/picross-solver/outputs/validation.csv");
    let text = std::fs::read_to_string(path).expect("read validation.csv");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let (file, grid, count) = (fields.first()?, fields.get(1)?, fields.get(5)?);
            if *file == "invalid_input.txt" {
                return None; // not stored here; see parse_errors_name_file_and_line
            }
            Some((file.to_string(), grid.to_string(), count.parse().ok()?))
        })
        .collect()
}

#[test]
fn picross_solver_counts_are_reproduced_exactly() {
    let counts = validation_counts();
    assert_eq!(counts.len(), 24);
    let mut checked = 0;
    for (file, grid, count) in counts {
        let path = instance(&format!("nonogram/picross-solver/native/{file}"));
        let got = answer(&path, &["--grid", &grid], &["--all"]);
        assert_eq!(got.solutions.len(), count, "{file} {grid}");
        // Probing (the default) never assumes uniqueness: the same count
        // without it.
        let probed = answer(&path, &["--grid", &grid, "--no-probe"], &["--all"]);
        assert_eq!(probed.solutions.len(), count, "{file} {grid} --no-probe");
        let expected = if count == 1 {
            "unique".to_string()
        } else {
            format!("{count} solutions")
        };
        assert_eq!(got.verdict, expected, "{file} {grid}");
        // The same set of grids as picross-solver's reference output.
        let reference = reference_outputs(&file);
        let (_, solutions) = reference
            .iter()
            .find(|(name, _)| *name == grid)
            .unwrap_or_else(|| panic!("{file}: no reference for {grid}"));
        let ours: BTreeSet<_> = got.solutions.iter().collect();
        let theirs: BTreeSet<_> = solutions.iter().collect();
        assert_eq!(ours, theirs, "{file} {grid}");
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn every_encoding_variant_counts_the_same() {
    let patterns = [
        ("test_pattern_05.txt", 109), // Katakana
        ("test_pattern_08.txt", 16),  // Dots
        ("test_pattern_12.txt", 33),  // Centerpiece corner
        ("test_pattern_15.txt", 3),   // Cross
    ];
    let variants: [&[&str]; 5] = [
        &["--presolve", "false"],
        &["--encoding", "dfa"],
        &["--encoding", "dfa", "--presolve", "false"],
        &["--amo", "pairwise", "--presolve", "false"],
        &["--no-probe"],
    ];
    for (file, count) in patterns {
        let path = instance(&format!("nonogram/picross-solver/native/{file}"));
        for variant in variants {
            let got = answer(&path, variant, &["--all"]);
            assert_eq!(got.solutions.len(), count, "{file} {variant:?}");
        }
    }
    // A puzzle that needs search, unique under every variant.
    let dom = instance("nonogram/picross-solver/converted-non/domino_logic-7-dom.non");
    for variant in variants {
        assert_eq!(answer(&dom, variant, &["--max", "2"]).verdict, "unique");
    }
}

#[test]
fn non_uniqueness_shows_both_solutions() {
    let path = instance("nonogram/picross-solver/converted-non/test_pattern_13-flip.non");
    let path = path.to_str().expect("utf-8");
    let out = pipeline(
        &[
            ("encode-nonogram", &[path]),
            ("solve", &["--max", "2"]),
            ("decode-nonogram", &["--style", "O"]),
        ],
        b"",
    );
    assert_eq!(code(&out[2]), 0, "{}", stderr(&out[2]));
    let text = stdout(&out[2]);
    assert!(
        text.contains("solution 1:\n") && text.contains("solution 2:\n"),
        "{text}"
    );
    assert!(text.ends_with("at least 2 solutions\n"), "{text}");
    let drawn: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && l.chars().all(|c| c == 'O' || c == '_'))
        .collect();
    assert_eq!(drawn.len(), 2 * 4, "{text}"); // Flip is 4 rows high
}

#[test]
fn styles_render_the_dog() {
    let dog = instance("nonogram/griddler/inputDog.txt");
    let dog = dog.to_str().expect("utf-8");
    let cnf = run("encode-nonogram", &[dog], b"");
    let model = run("solve", &["--max", "2"], &cnf.stdout);
    let style = |s: &str| {
        let out = run("decode-nonogram", &["--style", s], &model.stdout);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(style("O"), "___OO\nOO_OO\nOOOO_\nOOOO_\nO_OO_\nunique\n");
    assert_eq!(style("bits"), "00011\n11011\n11110\n11110\n10110\nunique\n");
    assert!(style("unicode").starts_with("┌──────────┐\n│      ████│\n"));
    assert!(style("bricks").starts_with("   ▓▓\n"));
    // `non` writes a .non file whose goal is the solution; it reads back.
    // A format for programs: the file alone (the verdict on stderr).
    let non = style("non");
    assert!(non.contains("goal \"0001111011111101111010110\""), "{non}");
    let dir = tempfile::tempdir().expect("tempdir");
    let file = common::temp_file(dir.path(), "dog.non", non.as_bytes());
    let again = answer(&file, &[], &["--max", "2"]);
    assert_eq!(again.verdict, "unique");
    assert_eq!(goal(&file), Some(again.solutions[0].clone()));
}

/// `encode-nonogram FILE | solve --external minisat SOLVE_ARGS |
/// decode-nonogram --style bits`: the decoder's output.
fn with_minisat(file: &Path, solve_args: &[&str]) -> String {
    let cnf = run("encode-nonogram", &[file.to_str().expect("utf-8")], b"");
    assert_eq!(code(&cnf), 0, "{}", stderr(&cnf));
    let mut args = vec!["--external", "minisat"];
    args.extend_from_slice(solve_args);
    let model = run("solve", &args, &cnf.stdout);
    assert_eq!(code(&model), 10, "{}", stderr(&model));
    assert!(stdout(&model).contains("minisat"), "not solved by minisat");
    let out = run("decode-nonogram", &["--style", "bits"], &model.stdout);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn external_solvers_agree() {
    if !common::external_available("minisat") {
        return;
    }
    let dots = instance("nonogram/picross-solver/native/test_pattern_08.txt");
    assert!(with_minisat(&dots, &["--all"]).ends_with("\n16 solutions\n"));
    let dom = instance("nonogram/picross-solver/converted-non/domino_logic-9-dom.non");
    let embedded = answer(&dom, &[], &["--max", "2"]);
    let bits: String = embedded.solutions[0]
        .iter()
        .map(|row| row.replace('#', "1").replace('.', "0") + "\n")
        .collect();
    assert_eq!(
        with_minisat(&dom, &["--max", "2"]),
        format!("{bits}unique\n")
    );
    // The file route: encode to a file, MiniSat writes its result file,
    // decode reads both.
    let dir = tempfile::tempdir().expect("tempdir");
    let cnf = run("encode-nonogram", &[dom.to_str().expect("utf-8")], b"");
    let cnf_path = common::temp_file(dir.path(), "dom.cnf", &cnf.stdout);
    let result = dir.path().join("dom.out");
    let cnf_arg = cnf_path.to_str().expect("utf-8");
    let result_arg = result.to_str().expect("utf-8");
    let solved = common::run_program(Path::new("minisat"), &[cnf_arg, result_arg], b"");
    assert_eq!(code(&solved), 10, "{}", stderr(&solved));
    let out = run(
        "decode-nonogram",
        &["--cnf", cnf_arg, "--style", "bits", result_arg],
        b"",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).starts_with(&bits), "{}", stdout(&out));
}

#[test]
fn large_cauldron_is_line_solved_to_units() {
    let cauldron = instance("nonogram/picross-solver/large/cauldron-512x512.non");
    let got = answer(&cauldron, &[], &["--max", "2"]);
    assert_eq!(got.verdict, "unique");
    assert_eq!(got.solutions[0].len(), 512);
}

/// Writes `text` to a file in `dir`, runs encode-nonogram on it; returns the
/// exit code, standard error and the file.
fn encode_text(dir: &Path, name: &str, text: &str, args: &[&str]) -> (i32, String, PathBuf) {
    let path = common::temp_file(dir, name, text.as_bytes());
    let mut all = vec![path.to_str().expect("utf-8")];
    all.extend_from_slice(args);
    let out = run("encode-nonogram", &all, b"");
    (code(&out), stderr(&out), path)
}

#[test]
fn parse_errors_name_file_and_line() {
    // Cases modelled on picross-solver's invalid_input.txt.
    let cases = [
        (
            "fishy.txt",
            "GRID Fishy\nROWS\n[ 1 ]\n[ 1 ]\nCOLUMNS\n[ 1 ]\n[ 2 ]\n",
            ":6: the row clues fill 2 cells but the column clues (from here) fill 3",
        ),
        (
            "ill-formed.txt",
            "GRID Ill-formed\nROWS\n[ 1 ]\n[ 1 ]\n[ 1 ]\nCOLUMNS\n[ 4 ]\n[ ]\n[ ]\n",
            ":7: column 1 has clue 4 which needs 4 cells, but the column has only 3",
        ),
        (
            "wrong.txt",
            "GRID Wrong constraint\nROWS\n[ 1 1 ]\n[ ]\nCOLUMNS\n[ 1 ]\n[ 1 ]\n",
            ":3: row 1 has clue 1 1 which needs 3 cells",
        ),
        (
            "false-note.txt",
            "GRID False note\nROWS\nCOLUMNS\n[ ]\n[ ]\n",
            "the grid is 0x2",
        ),
        (
            "grill.txt",
            "GRID Beef\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\nGRILL Beaf\n",
            ":6: invalid token 'GRILL'",
        ),
        ("empty.non", "", ":1: the file is empty"),
        (
            "garbage.txt",
            "hello, world\n",
            ":1: cannot tell the format",
        ),
        (
            "binary.nin",
            "5 5\n1\n\u{1}\n",
            ":3: expected a block length",
        ),
        (
            "long.txt",
            "g 2 2\nr 3 0\nr 0\nc 1 0\nc 1 0\n",
            ":2: row 1 has clue 3 which needs 3 cells, but the row has only 2",
        ),
        (
            "short.non",
            "width 2\nheight 2\nrows\n1\n",
            ":4: 1 row clues, height is 2 ('rows' is line 3; the file ends here)",
        ),
    ];
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, text, message) in cases {
        let (exit, err, path) = encode_text(dir.path(), name, text, &[]);
        assert_eq!(exit, 1, "{name}: {err}");
        let place = format!("encode-nonogram: {}", path.display());
        assert!(err.starts_with(&place), "{name}: {err}");
        assert!(
            err.contains(message),
            "{name}: expected '{message}' in: {err}"
        );
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
    let (exit, err, _) = encode_text(
        dir.path(),
        "two.txt",
        "GRID A\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
        &["--grid", "B"],
    );
    assert_eq!(exit, 1);
    assert!(
        err.contains("no grid named 'B'; the grids are 'A'"),
        "{err}"
    );
}

#[test]
fn contradictory_grids_have_no_solution() {
    // picross-solver's "Impossible" and "Zero": consistent sums, no grid.
    let dir = tempfile::tempdir().expect("tempdir");
    let text = "g 2 3 r 2 0 r 0 c 1 0 c 0 c 1 0";
    for args in [
        &[][..],
        &["--presolve", "false"][..],
        &["--encoding", "dfa", "--presolve", "false"][..],
    ] {
        let (exit, err, path) = encode_text(dir.path(), "impossible.txt", text, args);
        assert_eq!(exit, 0, "{err}");
        let mut encode = vec![path.to_str().expect("utf-8")];
        encode.extend_from_slice(args);
        let out = pipeline(
            &[
                ("encode-nonogram", &encode),
                ("solve", &[]),
                ("decode-nonogram", &[]),
            ],
            b"",
        );
        assert_eq!(code(&out[1]), 20, "{}", stderr(&out[1]));
        assert_eq!(code(&out[2]), 20, "{}", stderr(&out[2]));
        let text = stdout(&out[2]);
        assert!(text.starts_with("no solution\n"), "{text}");
        assert!(text.contains("cannot all hold"), "{text}");
    }
}

/// Faase (80x95, several solutions): no solver of Wolter's survey finished
/// it in 30 minutes. Ignored because it takes minutes in the dev profile;
/// run with `cargo test --release --test nonogram -- --ignored`.
#[test]
#[ignore]
fn faase_is_solved() {
    let faase = instance("nonogram/webpbn-survey-free/faase.non");
    let got = answer(&faase, &[], &["--max", "2"]);
    assert_eq!(got.solutions.len(), 2);
    assert_eq!(got.verdict, "at least 2 solutions");
}

/// The runs of black cells of a line (test-side, for brute force).
fn line_runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for black in cells.chain(std::iter::once(false)) {
        if black {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

/// The clues of a grid given as a bit mask (bit `r * width + c`).
fn clues_of(mask: u32, height: usize, width: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let cell = |r: usize, c: usize| mask >> (r * width + c) & 1 == 1;
    let rows = (0..height)
        .map(|r| line_runs((0..width).map(|c| cell(r, c))))
        .collect();
    let columns = (0..width)
        .map(|c| line_runs((0..height).map(|r| cell(r, c))))
        .collect();
    (rows, columns)
}

#[test]
fn solution_counts_match_brute_force_on_random_small_grids() {
    let mut rng = fastrand::Rng::with_seed(4);
    let dir = tempfile::tempdir().expect("tempdir");
    for round in 0..12 {
        let (height, width) = (rng.usize(2..=4), rng.usize(2..=5));
        let cells = height * width;
        let mask = rng.u32(..) & ((1u32 << cells) - 1);
        let clues = clues_of(mask, height, width);
        // Brute force: every grid with the same clues.
        let expected = (0..1u32 << cells)
            .filter(|&m| clues_of(m, height, width) == clues)
            .count();
        let mut text = format!("{width} {height}\n");
        for clue in clues.0.iter().chain(&clues.1) {
            let words: Vec<String> = clue.iter().map(usize::to_string).collect();
            text.push_str(&words.join(" "));
            text.push('\n');
        }
        let file = common::temp_file(dir.path(), &format!("r{round}.nin"), text.as_bytes());
        for variant in [
            &[][..],
            &["--presolve", "false"][..],
            &["--encoding", "dfa", "--presolve", "false"][..],
            &["--no-probe"][..],
        ] {
            let got = answer(&file, variant, &["--all"]);
            assert_eq!(got.solutions.len(), expected, "{text}{variant:?}");
        }
    }
}

#[test]
fn non_sections_count_their_clues_and_blank_lines_around_them_are_spacing() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A blank line after `rows` (and before `columns`) is spacing: three
    // rows, three columns, a plus sign.
    let spaced = "width 3\nheight 3\n\nrows\n\n1\n3\n1\n\ncolumns\n1\n3\n1\n";
    let file = common::temp_file(dir.path(), "plus.non", spaced.as_bytes());
    let outs = common::pipeline(
        &[
            ("encode-nonogram", &[file.to_str().expect("utf-8")]),
            ("solve", &["--max", "2"]),
            ("decode-nonogram", &["--format", "bits"]),
        ],
        b"",
    );
    assert_eq!(
        stdout(&outs[2]),
        "010\n111\n010\nunique\n",
        "{}",
        stderr(&outs[0])
    );
    // A blank line that is one of the clues is still the empty clue.
    let empty_row = "width 2\nheight 2\nrows\n2\n\ncolumns\n1\n1\n";
    let file = common::temp_file(dir.path(), "empty.non", empty_row.as_bytes());
    let outs = common::pipeline(
        &[
            ("encode-nonogram", &[file.to_str().expect("utf-8")]),
            ("solve", &["--max", "2"]),
            ("decode-nonogram", &["--format", "bits"]),
        ],
        b"",
    );
    assert_eq!(stdout(&outs[2]), "11\n00\nunique\n", "{}", stderr(&outs[0]));
}

#[test]
fn a_missing_non_clue_is_counted_where_the_section_ends() {
    let dir = tempfile::tempdir().expect("tempdir");
    let short = "width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n";
    let file = common::temp_file(dir.path(), "short.non", short.as_bytes());
    let out = run("encode-nonogram", &[file.to_str().expect("utf-8")], b"");
    common::assert_error(
        &out,
        &format!(
            "{}:6: 2 row clues, height is 3 ('rows' is line 3; the next section starts here)",
            file.display()
        ),
    );
    let long = "width 2\nheight 1\nrows\n1\n1\ncolumns\n1\n0\n";
    let file = common::temp_file(dir.path(), "long.non", long.as_bytes());
    let out = run("encode-nonogram", &[file.to_str().expect("utf-8")], b"");
    common::assert_error(&out, ":5: 2 row clues, height is 1");
}

/// The `goal` of a colour `.non` file as rows of `.` and colour letters.
fn colour_goal(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("read");
    let value = |key: &str| -> String {
        text.lines()
            .find_map(|l| {
                l.strip_prefix(key)
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
            .unwrap_or_else(|| panic!("{}: no {key}", path.display()))
    };
    let width: usize = value("width ").parse().expect("width");
    let cells: Vec<char> = value("goal ")
        .chars()
        .map(|c| if c == '0' { '.' } else { c })
        .collect();
    cells.chunks(width).map(|r| r.iter().collect()).collect()
}

#[test]
fn colour_puzzles_solve_to_their_goals() {
    let files = files("colour", &["non"]);
    assert!(!files.is_empty());
    for path in files {
        let goal = colour_goal(&path);
        for variant in [&[][..], &["--presolve", "false"][..]] {
            let got = answer(&path, variant, &["--max", "2"]);
            assert_eq!(got.verdict, "unique", "{} {variant:?}", path.display());
            assert_eq!(got.solutions[0], goal, "{} {variant:?}", path.display());
        }
    }
}

/// The runs of a line of colour cells (0 background), as (length, colour).
fn colour_runs(cells: &[u8]) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> = Vec::new();
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        match out.last_mut() {
            Some(last) if i > 0 && cells[i - 1] == v => last.0 += 1,
            _ => out.push((1, v)),
        }
    }
    out
}

/// The row and column clues of a colour grid (row-major, 0 background).
type ColourClues = (Vec<Vec<(usize, u8)>>, Vec<Vec<(usize, u8)>>);

fn colour_clues(cells: &[u8], height: usize, width: usize) -> ColourClues {
    let rows = (0..height)
        .map(|r| colour_runs(&cells[r * width..(r + 1) * width]))
        .collect();
    let columns = (0..width)
        .map(|c| {
            let column: Vec<u8> = (0..height).map(|r| cells[r * width + c]).collect();
            colour_runs(&column)
        })
        .collect();
    (rows, columns)
}

#[test]
fn colour_counts_match_brute_force_on_random_small_grids() {
    let mut rng = fastrand::Rng::with_seed(22);
    let dir = tempfile::tempdir().expect("tempdir");
    let letters = ['a', 'b', 'c'];
    for round in 0..14 {
        // 3x3 with 2 or 3 colours, 4x3 with 2: at most 4^9 colourings.
        let (height, width, colours) = if round % 2 == 0 {
            (3, 3, rng.usize(2..=3))
        } else {
            (4, 3, 2)
        };
        let picture: Vec<u8> = (0..height * width)
            .map(|_| rng.u8(0..=colours as u8))
            .collect();
        let clues = colour_clues(&picture, height, width);
        // Brute force: every colouring with the same clues.
        let base = colours + 1;
        let expected = (0..base.pow((height * width) as u32))
            .filter(|&code| {
                let cells: Vec<u8> = (0..height * width)
                    .map(|i| (code / base.pow(i as u32) % base) as u8)
                    .collect();
                colour_clues(&cells, height, width) == clues
            })
            .count();
        let mut text = String::from("color a #ff0000\ncolor b #00aa00\ncolor c #0000ff\n");
        text.push_str(&format!("width {width}\nheight {height}\nrows\n"));
        let line = |clue: &Vec<(usize, u8)>| -> String {
            if clue.is_empty() {
                return "0".to_string();
            }
            let blocks: Vec<String> = clue
                .iter()
                .map(|&(len, v)| format!("{len}{}", letters[usize::from(v) - 1]))
                .collect();
            blocks.join(",")
        };
        for clue in &clues.0 {
            text.push_str(&line(clue));
            text.push('\n');
        }
        text.push_str("columns\n");
        for clue in &clues.1 {
            text.push_str(&line(clue));
            text.push('\n');
        }
        // A picture with one colour only is a black-and-white puzzle, and
        // one without any colour has nothing to letter: both are fine.
        let file = common::temp_file(dir.path(), &format!("c{round}.non"), text.as_bytes());
        let encoded = run("encode-nonogram", &[file.to_str().expect("utf-8")], b"");
        if code(&encoded) != 0 {
            // Only a picture whose clues are all empty or plain may fail
            // to read (no letters at all: then no block either).
            assert!(
                picture.iter().all(|&v| v == 0),
                "{text}: {}",
                stderr(&encoded)
            );
            continue;
        }
        for variant in [&[][..], &["--presolve", "false"][..]] {
            let got = answer(&file, variant, &["--all"]);
            assert_eq!(got.solutions.len(), expected, "{text}{variant:?}");
            let distinct: BTreeSet<_> = got.solutions.iter().collect();
            assert_eq!(distinct.len(), expected, "{text}{variant:?}");
        }
    }
}

#[test]
fn colour_grids_are_drawn_in_their_colours() {
    let flag = instance("nonogram/colour/nonogrid-uk-flag.non");
    let flag = flag.to_str().expect("utf-8");
    let cnf = run("encode-nonogram", &[flag], b"");
    let model = run("solve", &[], &cnf.stdout);
    let decode = |args: &[&str]| {
        let out = run("decode-nonogram", args, &model.stdout);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out)
    };
    assert!(decode(&["--format", "O"]).starts_with("rrrbbbbbbbbbbbrrr"));
    // Terminal colours (24-bit) unless NO_COLOR is set.
    let unicode = decode(&["--format", "unicode"]);
    assert!(unicode.contains("\x1b[38;2;255;0;0m██"), "{unicode}");
    assert!(unicode.contains("\x1b[38;2;0;0;255m██"), "{unicode}");
    let dir = tempfile::tempdir().expect("tempdir");
    let svg = dir.path().join("flag.svg");
    decode(&["--svg", svg.to_str().expect("utf-8")]);
    let svg = std::fs::read_to_string(&svg).expect("svg");
    assert!(svg.contains("#ff0000") && svg.contains("#0000ff"), "{svg}");
    // The .non writer gives a colour .non file that reads back.
    let non = decode(&["--format", "non"]);
    assert!(non.contains("color b #0000ff"), "{non}");
    let file = common::temp_file(dir.path(), "flag.non", non.as_bytes());
    assert_eq!(colour_goal(&file), colour_goal(Path::new(flag)));
}

#[test]
fn colour_puzzles_reject_the_automaton_and_unlettered_blocks() {
    let flag = instance("nonogram/colour/nonogrid-uk-flag.non");
    let out = run(
        "encode-nonogram",
        &[flag.to_str().expect("utf-8"), "--encoding", "dfa"],
        b"",
    );
    common::assert_error(&out, "--encoding dfa reads black-and-white puzzles only");
    let dir = tempfile::tempdir().expect("tempdir");
    let cases = [
        (
            "width 2\nheight 1\nrows\n1a,1\ncolumns\n1a\n1a\n",
            ":4: block 1 has no colour letter",
        ),
        (
            "color a red\nwidth 1\nheight 1\nrows\n1a\ncolumns\n1a\n",
            ":1: expected `color LETTER #rrggbb`",
        ),
        (
            "width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1a\n",
            ":6: the row clues fill 1 cells of colour a but the column clues (from here) fill 2",
        ),
        (
            "width 2\nheight 1\nrows\n1a,1a\ncolumns\n1a\n1b\n",
            ":4: row 1 has clue 1a 1a which needs 3 cells, but the row has only 2",
        ),
    ];
    for (i, (text, message)) in cases.into_iter().enumerate() {
        let (exit, err, _) = encode_text(dir.path(), &format!("bad{i}.non"), text, &[]);
        assert_eq!(exit, 1, "{text}: {err}");
        assert!(
            err.contains(message),
            "{text}: expected '{message}' in {err}"
        );
    }
}

#[test]
fn random_colour_pictures_have_their_counts() {
    for (file, count) in [
        ("random-10x10-3.non", 2),
        ("random-20x15-4.non", 16),
        ("random-30x30-5.non", 16),
    ] {
        let path = instance(&format!("nonogram/colour/random/{file}"));
        let goal = colour_goal(&path);
        for variant in [&[][..], &["--presolve", "false"][..]] {
            let got = answer(&path, variant, &["--all"]);
            assert_eq!(
                got.verdict,
                format!("{count} solutions"),
                "{file} {variant:?}"
            );
            assert!(
                got.solutions.contains(&goal),
                "{file}: the picture is a solution"
            );
        }
    }
    // The large ones are for the benchmark; they have several solutions.
    for file in ["random-40x40-2.non", "random-60x60-5.non"] {
        let path = instance(&format!("nonogram/colour/random/{file}"));
        let got = answer(&path, &[], &["--max", "2"]);
        assert_eq!(got.verdict, "at least 2 solutions", "{file}");
    }
}

/// `encode-nonogram FILE | solve | decode-nonogram --format xml`: the
/// puzzle in webpbn XML with its solution.
fn to_xml(file: &Path) -> String {
    let out = pipeline(
        &[
            ("encode-nonogram", &[file.to_str().expect("utf-8")]),
            ("solve", &[]),
            ("decode-nonogram", &["--format", "xml"]),
        ],
        b"",
    );
    assert_eq!(code(&out[2]), 0, "{}: {}", file.display(), stderr(&out[2]));
    stdout(&out[2])
}

#[test]
fn webpbn_xml_round_trips() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut inputs = files("griddler", &["txt"]);
    inputs.extend(files("colour", &["non"]));
    inputs.extend(files("nonogram-db/webpbn", &["non"]));
    inputs.push(instance("nonogram/jwilk/data000.nin"));
    inputs.push(instance(
        "nonogram/picross-solver/native/test_pattern_08.txt",
    ));
    for (i, path) in inputs.iter().enumerate() {
        let xml = to_xml(path);
        let file = common::temp_file(dir.path(), &format!("p{i}.xml"), xml.as_bytes());
        // The same grids from the XML file as from the original ...
        let original = answer(path, &[], &["--max", "2"]);
        let again = answer(&file, &[], &["--max", "2"]);
        assert_eq!(again.verdict, original.verdict, "{}", path.display());
        assert_eq!(
            again.solutions[0],
            original.solutions[0],
            "{}",
            path.display()
        );
        // ... and writing it again gives the same file.
        assert_eq!(to_xml(&file), xml, "{}", path.display());
    }
}

#[test]
fn webpbn_xml_instances_solve_to_their_goals() {
    for path in files("xml", &["xml"]) {
        let text = std::fs::read_to_string(&path).expect("read");
        let image: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with('|'))
            .map(|l| l.trim_matches('|').to_string())
            .collect();
        assert!(!image.is_empty(), "{}", path.display());
        let got = answer(&path, &[], &["--max", "2"]);
        assert_eq!(got.verdict, "unique", "{}", path.display());
        assert_eq!(got.solutions[0], image, "{}", path.display());
    }
}
