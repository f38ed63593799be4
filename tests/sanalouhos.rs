//! `encode-sanalouhos | solve | decode-sanalouhos` over the grids of
//! `instances/sanalouhos/puzzles.tsv`: every grid's word, tile and
//! solution counts, its solutions themselves (against `expected/`), the
//! least and most word counts through the WCNF modes, the finer counts of
//! `--distinct words|paths`, and the errors.

mod common;

use common::{code, external_available, instance, pipeline, run, stderr, stdout, temp_file};
use std::collections::BTreeSet;
use std::process::Output;

/// One row of `puzzles.tsv`.
struct Grid {
    id: String,
    letters: String,
    words: usize,
    tiles: usize,
    solutions: usize,
    min_words: usize,
    max_words: usize,
    /// `solutions_by_word_count` as (words, solutions).
    by_word_count: Vec<(usize, usize)>,
    distinct_words: usize,
    distinct_paths: usize,
}

fn grids() -> Vec<Grid> {
    let text = std::fs::read_to_string(instance("sanalouhos/puzzles.tsv")).expect("puzzles.tsv");
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |i: usize| f[i].parse::<usize>().expect("a count");
            let by_word_count = f[8]
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(|pair| {
                    let (k, v) = pair.split_once(':').expect("k:v");
                    (
                        k.trim_matches('"').parse().expect("words"),
                        v.parse().expect("solutions"),
                    )
                })
                .collect();
            Grid {
                id: f[0].to_string(),
                letters: f[1].to_string(),
                words: n(3),
                tiles: n(4),
                solutions: n(5),
                min_words: n(6),
                max_words: n(7),
                by_word_count,
                distinct_words: n(9),
                distinct_paths: n(10),
            }
        })
        .collect()
}

fn grid(id: &str) -> Grid {
    grids()
        .into_iter()
        .find(|g| g.id == id)
        .expect("grid in puzzles.tsv")
}

/// encode (with `encode_args` and the letters) | solve | decode.
fn solve(
    letters: &str,
    encode_args: &[&str],
    solve_args: &[&str],
    decode_args: &[&str],
) -> Vec<Output> {
    let mut args = encode_args.to_vec();
    args.push(letters);
    let outs = pipeline(
        &[
            ("encode-sanalouhos", &args),
            ("solve", solve_args),
            ("decode-sanalouhos", decode_args),
        ],
        b"",
    );
    assert_eq!(code(&outs[0]), 0, "encode {args:?}: {}", stderr(&outs[0]));
    assert_eq!(
        code(&outs[2]),
        0,
        "decode {decode_args:?}: {}",
        stderr(&outs[2])
    );
    outs
}

/// The value after `label` in decode's preamble.
fn preamble_count(text: &str, label: &str) -> usize {
    text.lines()
        .find_map(|l| l.strip_prefix(label))
        .and_then(|rest| rest.trim_start_matches([' ', ':']).trim().parse().ok())
        .unwrap_or_else(|| panic!("no '{label}' in:\n{text}"))
}

/// The solutions of decode's JSON as lines of `expected/<id>.solutions.tsv`
/// (`n<TAB>cells=words;...`, cells row-major).
fn solution_lines(json: &str, cols: usize) -> BTreeSet<String> {
    let document: serde_json::Value = serde_json::from_str(json).expect("json");
    let mut lines = BTreeSet::new();
    for solution in document["solutions"].as_array().expect("solutions") {
        let mut tiles: Vec<(Vec<usize>, String)> = Vec::new();
        for tile in solution["tiles"].as_array().expect("tiles") {
            let mut cells: Vec<usize> = tile["cells"]
                .as_array()
                .expect("cells")
                .iter()
                .map(|c| {
                    let rc = c.as_array().expect("cell");
                    rc[0].as_u64().expect("r") as usize * cols + rc[1].as_u64().expect("c") as usize
                })
                .collect();
            cells.sort();
            let mut words: Vec<&str> = tile["words"]
                .as_array()
                .expect("words")
                .iter()
                .map(|w| w["word"].as_str().expect("word"))
                .collect();
            words.sort();
            tiles.push((cells, words.join("/")));
        }
        tiles.sort();
        let parts: Vec<String> = tiles
            .iter()
            .map(|(cells, words)| {
                let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
                format!("{}={words}", cells.join(","))
            })
            .collect();
        let line = format!("{}\t{}", tiles.len(), parts.join(";"));
        assert!(lines.insert(line.clone()), "solution twice: {line}");
    }
    lines
}

fn expected_lines(id: &str) -> BTreeSet<String> {
    let path = instance(&format!("sanalouhos/expected/{id}.solutions.tsv"));
    let text = std::fs::read_to_string(path).expect("expected solutions");
    text.lines().skip(1).map(str::to_string).collect()
}

/// The number of solutions `solve` enumerated (its final `c` line).
fn enumerated(solve: &Output) -> usize {
    let text = stdout(solve);
    let line = text
        .lines()
        .find(|l| l.starts_with("c enumeration complete"))
        .unwrap_or_else(|| panic!("enumeration not complete:\n{}", stderr(solve)));
    line.rsplit(':')
        .next()
        .and_then(|s| s.trim().split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("count")
}

/// The cost of `solve`'s final `o` line.
fn optimum(solve: &Output) -> usize {
    stdout(solve)
        .lines()
        .filter_map(|l| l.strip_prefix("o "))
        .next_back()
        .and_then(|n| n.trim().parse().ok())
        .expect("an o line")
}

#[test]
fn every_grid_has_its_words_tiles_and_solutions() {
    for g in grids() {
        let text = solve(&g.letters, &["--mode", "all"], &["--all"], &[]);
        let out = stdout(&text[2]);
        assert_eq!(
            preamble_count(&out, "Number of unique words"),
            g.words,
            "{}",
            g.id
        );
        assert_eq!(preamble_count(&out, "Number of tiles"), g.tiles, "{}", g.id);
        assert_eq!(
            preamble_count(&out, "Number of solutions"),
            g.solutions,
            "{}",
            g.id
        );
        assert_eq!(
            out.lines().last(),
            Some(format!("{} solutions", g.solutions).as_str()),
            "{}",
            g.id
        );
        // The solutions themselves, through the JSON, against expected/.
        let json = run("decode-sanalouhos", &["--json"], &text[1].stdout);
        assert_eq!(code(&json), 0, "{}", stderr(&json));
        assert_eq!(
            solution_lines(&stdout(&json), 5),
            expected_lines(&g.id),
            "{}",
            g.id
        );
    }
}

#[test]
fn least_and_most_words_are_optimised() {
    for g in grids() {
        let least = solve(
            &g.letters,
            &["--mode", "least-words"],
            &[],
            &["--format", "words"],
        );
        assert_eq!(optimum(&least[1]), g.min_words, "{} least", g.id);
        let shown = stdout(&least[2]);
        let words_line = shown.lines().rev().nth(1).expect("a solution line");
        assert_eq!(
            words_line.split(' ').count(),
            g.min_words,
            "{}: {shown}",
            g.id
        );
        let most = solve(&g.letters, &["--mode", "most-words"], &[], &[]);
        assert_eq!(30 - optimum(&most[1]), g.max_words, "{} most", g.id);
    }
}

#[test]
fn all_optimal_solutions_are_enumerated() {
    let g = grid("readme1");
    let count = |words: usize| {
        g.by_word_count
            .iter()
            .find(|(k, _)| *k == words)
            .map(|p| p.1)
    };
    let least = solve(&g.letters, &["--mode", "least-words"], &["--all"], &[]);
    assert_eq!(Some(enumerated(&least[1])), count(g.min_words));
    let most = solve(&g.letters, &["--mode", "most-words"], &["--all"], &[]);
    assert_eq!(Some(enumerated(&most[1])), count(g.max_words));
    assert!(stdout(&most[2]).ends_with(&format!("{} solutions\n", count(g.max_words).unwrap_or(0))));
}

#[test]
fn branch_and_bound_by_cubes_agrees_with_linear_search() {
    // The default optimises by cubes (the encoder declares an exact cover);
    // `--enumeration blocking` makes solve use the solver's linear search.
    for g in grids() {
        for mode in ["least-words", "most-words"] {
            let cubes = solve(&g.letters, &["--mode", mode], &[], &[]);
            let linear = solve(
                &g.letters,
                &["--mode", mode],
                &["--enumeration", "blocking"],
                &[],
            );
            assert_eq!(optimum(&cubes[1]), optimum(&linear[1]), "{} {mode}", g.id);
        }
    }
    let g = grid("kasper1");
    for mode in ["least-words", "most-words"] {
        let cubes = solve(&g.letters, &["--mode", mode], &["--all"], &["--json"]);
        let linear = solve(
            &g.letters,
            &["--mode", mode],
            &["--all", "--enumeration", "blocking"],
            &["--json"],
        );
        assert_eq!(enumerated(&cubes[1]), enumerated(&linear[1]), "{mode}");
        assert_eq!(
            solution_lines(&stdout(&cubes[2]), 5),
            solution_lines(&stdout(&linear[2]), 5),
            "{mode}"
        );
    }
}

#[test]
fn distinct_words_and_paths_count_finer() {
    for g in grids() {
        for (distinct, expected) in [("words", g.distinct_words), ("paths", g.distinct_paths)] {
            let outs = pipeline(
                &[
                    (
                        "encode-sanalouhos",
                        &["--mode", "all", "--distinct", distinct, &g.letters],
                    ),
                    ("solve", &["--all"]),
                ],
                b"",
            );
            assert_eq!(
                enumerated(&outs[1]),
                expected,
                "{} --distinct {distinct}",
                g.id
            );
        }
    }
    // The decoder checks and shows them too.
    let g = grid("readme2");
    let outs = solve(
        &g.letters,
        &["--distinct", "paths"],
        &["--all"],
        &["--format", "words"],
    );
    assert!(stdout(&outs[2]).ends_with(&format!("{} solutions\n", g.distinct_paths)));
}

#[test]
fn cube_enumeration_and_an_external_solver_agree() {
    let g = grid("readme2");
    let cubes = solve(&g.letters, &[], &["--all", "--enumeration", "cubes"], &[]);
    assert!(stdout(&cubes[2]).ends_with("5 solutions\n"));
    // Blocking clauses (what `auto` did before exact covers were declared)
    // give the same count as the default cubes, on a grid with hundreds.
    let readme0 = grid("readme0");
    let blocking = solve(
        &readme0.letters,
        &[],
        &["--all", "--enumeration", "blocking"],
        &[],
    );
    let auto = solve(&readme0.letters, &[], &["--all"], &[]);
    let want = format!("{} solutions\n", readme0.solutions);
    assert!(stdout(&blocking[2]).ends_with(&want));
    assert!(stdout(&auto[2]).ends_with(&want));
    let nikug2 = grid("nikug2");
    let outs = pipeline(
        &[
            (
                "encode-sanalouhos",
                &["--distinct", "paths", &nikug2.letters],
            ),
            ("solve", &["--all", "--enumeration", "cubes"]),
        ],
        b"",
    );
    assert_eq!(enumerated(&outs[1]), nikug2.distinct_paths);
    if external_available("minisat") {
        let outs = solve(&g.letters, &[], &["--all", "--external", "minisat"], &[]);
        assert!(
            stdout(&outs[2]).ends_with("5 solutions\n"),
            "{}",
            stderr(&outs[1])
        );
    }
}

#[test]
fn draws_like_the_original() {
    let dir = tempfile::tempdir().expect("temp dir");
    let words = temp_file(dir.path(), "words.txt", b"ovi\nKAI\nsuu\n# comment\nkuu\n");
    let grid = temp_file(
        dir.path(),
        "grid.txt",
        b"# a small grid\nO V I\nK A I\nS U U\n",
    );
    let words_arg = words.to_string_lossy().into_owned();
    let grid_arg = grid.to_string_lossy().into_owned();
    let outs = pipeline(
        &[
            ("encode-sanalouhos", &["--words", &words_arg, &grid_arg]),
            ("solve", &["--all"]),
            ("decode-sanalouhos", &[]),
        ],
        b"",
    );
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    let expected = "Puzzle:\nO V I\nK A I\nS U U\n\n\
        Number of unique words: 4\nNumber of tiles       : 6\n\
        Number of paths       : 6\nNumber of solutions   : 2\n\n\
        solution 1:\n\
        ovi     kai     suu\n\
        o v i   . . .   . . .\n\
        . . .   k a i   . . .\n\
        . . .   . . .   s u u\n\n\
        solution 2:\n\
        ovi     kai     suu\n\
        o v .   . . i   . . .\n\
        . . i   k a .   . . .\n\
        . . .   . . .   s u u\n\n\
        2 solutions\n";
    assert_eq!(stdout(&outs[2]), expected);
}

#[test]
fn a_grid_without_a_cover_says_why() {
    let dir = tempfile::tempdir().expect("temp dir");
    let words = temp_file(dir.path(), "words.txt", b"ovi\n");
    let words_arg = words.to_string_lossy().into_owned();
    let outs = pipeline(
        &[
            (
                "encode-sanalouhos",
                &["--words", &words_arg, "--height", "1", "ovik"],
            ),
            ("solve", &[]),
            ("decode-sanalouhos", &[]),
        ],
        b"",
    );
    assert_eq!(code(&outs[1]), 20);
    assert_eq!(code(&outs[2]), 20);
    assert!(
        stdout(&outs[2]).contains("no word covers this cell:\n  (1,4) k\n"),
        "{}",
        stdout(&outs[2])
    );
}

#[test]
fn bad_input_is_reported_with_its_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    let grid = temp_file(dir.path(), "grid.txt", b"ABC\nAB1\n");
    let grid_arg = grid.to_string_lossy().into_owned();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec![&grid_arg],
            format!("{grid_arg}:2: '1' is not a letter"),
        ),
        (
            vec!["ABCDEF"],
            "<command line>:1: 6 letters do not fill 6 rows of 5".to_string(),
        ),
        (
            vec!["--words", "no/such/list.txt", "ABC/DEF"],
            "no/such/list.txt:".to_string(),
        ),
        (
            vec!["--height", "0", "ABC"],
            "invalid value '0'".to_string(),
        ),
        (
            vec!["--mode", "fewest", "ABC"],
            "invalid value 'fewest'".to_string(),
        ),
        (
            vec!["no-such-file.txt"],
            "'no-such-file.txt' is no file, and not a grid of letters".to_string(),
        ),
    ];
    for (args, message) in cases {
        let out = run("encode-sanalouhos", &args, b"");
        assert_eq!(code(&out), 1, "{args:?}");
        assert!(
            stderr(&out).contains(&message),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // A stream of another family.
    let other = run("cnf-gen", &["queens", "4"], b"");
    let decoded = pipeline(&[("solve", &[]), ("decode-sanalouhos", &[])], &other.stdout);
    assert_eq!(code(&decoded[1]), 1);
}

#[test]
fn the_number_of_solutions_is_printed_only_when_known() {
    let letters = "PELLEHÄLLIYHÄETIKMYTTUTÄMYKSET";
    let one = solve(letters, &[], &[], &[]);
    let text = stdout(&one[2]);
    assert!(!text.contains("Number of solutions"), "{text}");
    assert!(
        text.ends_with("1 solution (uniqueness not checked; use solve --max 2)\n"),
        "{text}"
    );
    let all = solve(letters, &["--mode", "all"], &["--all"], &[]);
    assert_eq!(preamble_count(&stdout(&all[2]), "Number of solutions"), 5);
}
