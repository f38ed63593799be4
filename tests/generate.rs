//! The generators through the real binaries: every generated puzzle is
//! unique by an independent run of the pipeline (`encode | solve --max 2
//! | decode`), locally minimal where promised (without any one given, or
//! any one symmetric orbit of givens, it is not unique), symmetric as
//! asked, and the same under the same seed.

mod common;

use common::{assert_error, code, instance, pipeline, run, stderr, stdout};

/// The verdict (last line) of `encode-FAMILY ARGS - | solve --max 2 |
/// decode-FAMILY` on `puzzle`.
fn verdict(family: &str, args: &[&str], puzzle: &str) -> String {
    let encode = format!("encode-{family}");
    let decode = format!("decode-{family}");
    let mut encode_args: Vec<&str> = args.to_vec();
    encode_args.push("-");
    let outputs = pipeline(
        &[
            (encode.as_str(), &encode_args),
            ("solve", &["--max", "2"]),
            (decode.as_str(), &[]),
        ],
        puzzle.as_bytes(),
    );
    for output in &outputs[..2] {
        assert!(
            output.status.code().is_some_and(|c| c != 1),
            "{}\n{puzzle}",
            stderr(output)
        );
    }
    let text = stdout(&outputs[2]);
    text.lines().last().unwrap_or("").to_string()
}

/// Runs a generator and returns its standard output (which must succeed).
fn generate(command: &str, args: &[&str]) -> String {
    let output = run(command, args, b"");
    assert_eq!(code(&output), 0, "{command} {args:?}: {}", stderr(&output));
    stdout(&output)
}

/// The puzzle without one given.
fn without(puzzle: &str, (line, start, end): (usize, usize, usize)) -> String {
    let mut lines: Vec<String> = puzzle.lines().map(str::to_string).collect();
    lines[line].replace_range(start..end, ".");
    lines.join("\n") + "\n"
}

#[test]
fn a_sudoku_with_at_most_25_givens_is_unique() {
    let sudoku = instance("rules/solvomatic/puzzles/hardest-sudoku.txt");
    let sudoku = sudoku.to_str().expect("path");
    let args = [
        sudoku,
        "--target",
        "25",
        "--symmetry",
        "none",
        "--seed",
        "1",
    ];
    let puzzle = generate("generate-rules", &args);
    let count = initial_grid(&puzzle).iter().flatten().flatten().count();
    assert!(count <= 25, "{count} givens:\n{puzzle}");
    assert!(
        puzzle.contains(&format!("# {count} givens (generate-rules, symmetry none)")),
        "{puzzle}"
    );
    assert_eq!(verdict("rules", &[], &puzzle), "unique", "{puzzle}");
    // The same seed, the same puzzle; another seed, another.
    let again = generate("generate-rules", &args);
    assert_eq!(again, puzzle);
    let mut other = args;
    other[6] = "2";
    assert_ne!(generate("generate-rules", &other), puzzle);
}

/// The cells of a generated rule puzzle's `initial` block, by rows of the
/// grid (the block's lines that hold cells): each cell's given as a
/// (line, start, end) text range for [`without`], `None` for a `.`.
fn initial_grid(puzzle: &str) -> Vec<Vec<Option<(usize, usize, usize)>>> {
    let lines: Vec<&str> = puzzle.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| l.trim() == "initial")
        .expect("an initial block");
    let mut grid = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(start + 1) {
        let bytes = line.as_bytes();
        let mut row = Vec::new();
        let mut at = 1;
        while at < bytes.len() {
            if bytes[at] == b'.' {
                row.push(None);
                at += 1;
            } else if bytes[at].is_ascii_alphanumeric() {
                let end = at
                    + bytes[at..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                let end = end.max(at + 1);
                row.push(Some((i, at, end)));
                at = end;
            } else {
                at += 1;
            }
        }
        if !row.is_empty() {
            grid.push(row);
        }
    }
    grid
}

/// The images of grid place (r, c) (0-based) under the maps that
/// generate a symmetry of an n by n grid.
fn symmetry_images(symmetry: &str, n: usize, (r, c): (usize, usize)) -> Vec<(usize, usize)> {
    let m = n - 1;
    match symmetry {
        "rotational" => vec![(m - r, m - c)],
        "quarter" => vec![(c, m - r)],
        "horizontal" => vec![(m - r, c)],
        "vertical" => vec![(r, m - c)],
        "mirrors" => vec![(m - r, c), (r, m - c)],
        "diagonal" => vec![(c, r)],
        "anti-diagonal" => vec![(m - c, m - r)],
        _ => vec![],
    }
}

/// Checks a generated puzzle of a square grid: unique by the pipeline, its
/// givens' pattern symmetric under `symmetry`, and locally minimal under
/// it: without the givens of any one orbit there is a second solution.
fn check_symmetric_and_minimal(puzzle: &str, symmetry: &str) {
    assert!(
        puzzle.contains(&format!("givens (generate-rules, symmetry {symmetry})")),
        "{puzzle}"
    );
    assert_eq!(verdict("rules", &[], puzzle), "unique", "{puzzle}");
    let grid = initial_grid(puzzle);
    let n = grid.len();
    assert!(grid.iter().all(|row| row.len() == n), "{puzzle}");
    let mut seen = vec![vec![false; n]; n];
    for r in 0..n {
        for c in 0..n {
            if seen[r][c] || grid[r][c].is_none() {
                continue;
            }
            // The orbit of (r, c): every cell in it is a given too.
            let mut orbit = vec![(r, c)];
            let mut at = 0;
            while at < orbit.len() {
                for image in symmetry_images(symmetry, n, orbit[at]) {
                    if !orbit.contains(&image) {
                        orbit.push(image);
                    }
                }
                at += 1;
            }
            let mut fewer = puzzle.to_string();
            // Right to left, so that the text ranges stay valid.
            let mut ranges: Vec<(usize, usize, usize)> = orbit
                .iter()
                .map(|&(r2, c2)| {
                    seen[r2][c2] = true;
                    grid[r2][c2].unwrap_or_else(|| {
                        panic!("({r}, {c}) is given, ({r2}, {c2}) is not ({symmetry}):\n{puzzle}")
                    })
                })
                .collect();
            ranges.sort_by_key(|&(line, start, _)| std::cmp::Reverse((line, start)));
            for range in ranges {
                fewer = without(&fewer, range);
            }
            assert_eq!(
                verdict("rules", &[], &fewer),
                "at least 2 solutions",
                "removing the orbit {orbit:?} keeps it unique:\n{fewer}"
            );
        }
    }
}

#[test]
fn without_a_target_the_givens_are_symmetric_and_locally_minimal() {
    let sudoku = instance("rules/solvomatic/puzzles/hardest-sudoku.txt");
    let sudoku = sudoku.to_str().expect("path");
    // The default for a sudoku: a half turn; the same seed, the same puzzle.
    let puzzle = generate("generate-rules", &[sudoku, "--seed", "3"]);
    check_symmetric_and_minimal(&puzzle, "rotational");
    assert_eq!(generate("generate-rules", &[sudoku, "--seed", "3"]), puzzle);
    assert_ne!(generate("generate-rules", &[sudoku, "--seed", "4"]), puzzle);
    for (symmetry, seed) in [
        ("diagonal", "4"),
        ("quarter", "5"),
        ("mirrors", "6"),
        ("none", "3"),
    ] {
        let puzzle = generate(
            "generate-rules",
            &[sudoku, "--symmetry", symmetry, "--seed", seed],
        );
        check_symmetric_and_minimal(&puzzle, symmetry);
    }
    let square = instance("rules/solvomatic/puzzles/magic-square.txt");
    let square = square.to_str().expect("path");
    for symmetry in ["rotational", "none", "anti-diagonal"] {
        let puzzle = generate(
            "generate-rules",
            &[square, "--symmetry", symmetry, "--seed", "1"],
        );
        check_symmetric_and_minimal(&puzzle, symmetry);
    }
}

#[test]
fn the_givens_spread_over_the_whole_grid() {
    let sudoku = instance("rules/solvomatic/puzzles/hardest-sudoku.txt");
    let sudoku = sudoku.to_str().expect("path");
    for symmetry in ["rotational", "none"] {
        let mut rows = [0; 9];
        let mut columns = [0; 9];
        let mut last_row_and_column = 0;
        for seed in 1..=8 {
            let seed = seed.to_string();
            let puzzle = generate(
                "generate-rules",
                &[sudoku, "--symmetry", symmetry, "--seed", &seed],
            );
            let grid = initial_grid(&puzzle);
            for (r, row) in grid.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if cell.is_some() {
                        rows[r] += 1;
                        columns[c] += 1;
                    }
                }
            }
            if grid[8].iter().any(Option::is_some) && grid.iter().any(|row| row[8].is_some()) {
                last_row_and_column += 1;
            }
        }
        // About 3 givens a row and a column in each puzzle: 24 in 8 puzzles.
        for count in rows.iter().chain(&columns) {
            assert!(
                *count >= 8,
                "{symmetry}: rows {rows:?}, columns {columns:?}"
            );
        }
        assert!(
            last_row_and_column >= 6,
            "{symmetry}: {last_row_and_column} of 8"
        );
    }
}

#[test]
fn a_solved_grid_from_the_decoder_is_the_puzzles_solution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let square = instance("rules/solvomatic/puzzles/magic-square.txt");
    let square = square.to_str().expect("path");
    let solved = pipeline(
        &[
            ("encode-rules", &[square]),
            ("solve", &[]),
            ("decode-rules", &[]),
        ],
        b"",
    );
    let drawing = stdout(&solved[2]);
    let grid = common::temp_file(dir.path(), "solved.txt", drawing.as_bytes());
    let grid = grid.to_str().expect("path");
    let batch = generate(
        "generate-rules",
        &[square, "--solution", grid, "--puzzles", "2", "--seed", "5"],
    );
    assert_eq!(batch.matches("# puzzle ").count(), 2, "{batch}");
    let first = batch.split("# puzzle 2 of 2").next().expect("first puzzle");
    let outputs = pipeline(
        &[
            ("encode-rules", &["-"]),
            ("solve", &["--max", "2"]),
            ("decode-rules", &[]),
        ],
        first.as_bytes(),
    );
    let answer = stdout(&outputs[2]);
    let drawn: Vec<&str> = drawing.lines().take(4).collect();
    let got: Vec<&str> = answer.lines().take(4).collect();
    assert_eq!(got, drawn, "{answer}");
    assert_eq!(answer.lines().last(), Some("unique"));
    // Puzzle 2 of the batch is the puzzle of the next seed.
    let second = generate(
        "generate-rules",
        &[square, "--solution", grid, "--seed", "6"],
    );
    assert!(batch.ends_with(&second), "{batch}\n---\n{second}");
}

#[test]
fn generate_rules_reports_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let square = instance("rules/solvomatic/puzzles/magic-square.txt");
    let square = square.to_str().expect("path");
    let bad = common::temp_file(
        dir.path(),
        "bad.txt",
        b" 1 2 3 4\n 5 6 7 8\n 9 x 1 2\n 3 4 5 6\n",
    );
    let output = run(
        "generate-rules",
        &[square, "--solution", bad.to_str().expect("path")],
        b"",
    );
    assert_error(
        &output,
        "bad.txt:3: the cell at layout line 6 column 5 holds X, outside its range",
    );
    let short = common::temp_file(
        dir.path(),
        "short.txt",
        b" 1 2 3 4\n 5 6 7 8\n 9 10 ? 12\n 1 1 1 1\n",
    );
    let output = run(
        "generate-rules",
        &[square, "--solution", short.to_str().expect("path")],
        b"",
    );
    assert_error(&output, "short.txt:3: not a solved grid of this layout");
    let wrong = common::temp_file(
        dir.path(),
        "wrong.txt",
        b"  1  2  3  4\n  5  6  7  8\n  9 10 11 12\n 13 14 15 16\n",
    );
    let output = run(
        "generate-rules",
        &[square, "--solution", wrong.to_str().expect("path")],
        b"",
    );
    assert_error(&output, "the solved grid breaks the puzzle's rules");
    let adjacent = instance("rules/examples/sudoku-4x4.txt");
    let output = run("generate-rules", &[adjacent.to_str().expect("path")], b"");
    assert_error(&output, "cannot be written in this layout's initial block");
    let output = run("generate-rules", &[square, "--symmetry", "spiral"], b"");
    assert_error(&output, "invalid value 'spiral' for '--symmetry <KIND>'");
    let pyramid = instance("rules/solvomatic/puzzles/word-pyramid.txt");
    let pyramid = pyramid.to_str().expect("path");
    let output = run(
        "generate-rules",
        &[pyramid, "--symmetry", "rotational"],
        b"",
    );
    assert_error(
        &output,
        "--symmetry rotational: the layout is not symmetric under it: the cell at row 1, column 4 \
         has no counterpart at row 4, column 4",
    );
    let palindrome = instance("rules/solvomatic/puzzles/palindrome.txt");
    let palindrome = palindrome.to_str().expect("path");
    let output = run(
        "generate-rules",
        &[palindrome, "--symmetry", "quarter"],
        b"",
    );
    assert_error(
        &output,
        "--symmetry quarter: it needs a square grid, and this layout's has 1 row and 5 columns",
    );
    // Without --symmetry, a layout without a half turn has no symmetry.
    let puzzle = generate("generate-rules", &[pyramid, "--seed", "1"]);
    assert!(
        puzzle.contains("(generate-rules, symmetry none)"),
        "{puzzle}"
    );
    let output = run("generate-rules", &[square, "--puzzles", "0"], b"");
    assert_error(&output, "--puzzles must be at least 1");
    let output = run("generate-rules", &["no-such-file.txt"], b"");
    assert_error(&output, "no-such-file.txt");
}

#[test]
fn numberlink_puzzles_are_unique_and_reproducible() {
    for (w, h, seed) in [("7", "7", "1"), ("12", "9", "2"), ("20", "20", "3")] {
        let puzzle = generate("generate-numberlink", &[w, h, "--seed", seed]);
        assert_eq!(verdict("numberlink", &[], &puzzle), "unique", "{puzzle}");
        assert_eq!(
            generate("generate-numberlink", &[w, h, "--seed", seed]),
            puzzle
        );
        let size = format!("{h} {w}");
        assert_eq!(puzzle.lines().nth(1), Some(size.as_str()), "{puzzle}");
    }
    // Every incremental solver proves uniqueness.
    for solver in ["cadical", "minisat", "glucose"] {
        let puzzle = generate(
            "generate-numberlink",
            &["10", "10", "--seed", "5", "--solver", solver],
        );
        assert_eq!(verdict("numberlink", &[], &puzzle), "unique", "{solver}");
    }
    assert_error(
        &run(
            "generate-numberlink",
            &["5", "5", "--solver", "kissat"],
            b"",
        ),
        "invalid value 'kissat' for '--solver <NAME>'",
    );
    // Under the ADC rules, uniqueness is proved with cells allowed empty.
    for seed in ["1", "2"] {
        let puzzle = generate(
            "generate-numberlink",
            &["9", "8", "--allow-empty", "--seed", seed],
        );
        assert_eq!(
            verdict("numberlink", &["--allow-empty"], &puzzle),
            "unique",
            "{puzzle}"
        );
    }
}

#[test]
fn numberlink_formats_lines_and_batches() {
    let adc = generate(
        "generate-numberlink",
        &["8", "6", "--format", "adc", "--seed", "4"],
    );
    assert!(adc.starts_with("SIZE 8X6\n"), "{adc}");
    assert_eq!(verdict("numberlink", &[], &adc), "unique", "{adc}");
    let puzzle = generate(
        "generate-numberlink",
        &["10", "10", "--lines", "10..14", "--seed", "4"],
    );
    let lines: usize = puzzle
        .lines()
        .next()
        .and_then(|l| l.parse().ok())
        .expect("K");
    assert!((10..=14).contains(&lines), "{puzzle}");
    let batch = generate(
        "generate-numberlink",
        &[
            "6",
            "6",
            "--format",
            "letters",
            "--puzzles",
            "3",
            "--seed",
            "9",
        ],
    );
    for n in ["1", "2", "3"] {
        let outputs = pipeline(
            &[
                ("encode-numberlink", &["--puzzle", n, "-"]),
                ("solve", &["--max", "2"]),
                ("decode-numberlink", &[]),
            ],
            batch.as_bytes(),
        );
        assert_eq!(
            stdout(&outputs[2]).lines().last(),
            Some("unique"),
            "{batch}"
        );
    }
    let third = generate(
        "generate-numberlink",
        &["6", "6", "--format", "letters", "--seed", "11"],
    );
    assert!(batch.ends_with(&third), "{batch}");
    assert_error(
        &run("generate-numberlink", &["0", "5"], b""),
        "at least 2 cells",
    );
    assert_error(
        &run("generate-numberlink", &["5", "5", "--lines", "9..3"], b""),
        "--lines 9..3",
    );
    assert_error(
        &run("generate-numberlink", &["5", "5", "--lines", "x"], b""),
        "'x' is not MIN..MAX",
    );
}

#[test]
fn a_picture_that_its_clues_determine() {
    let heart = common::root().join("tests/data/heart.png");
    let output = run("generate-nonogram", &[heart.to_str().expect("path")], b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stderr(&output).contains("10x10: the clues determine the picture"));
    let puzzle = stdout(&output);
    assert!(
        puzzle.starts_with("title \"heart\"\nwidth 10\nheight 10\n"),
        "{puzzle}"
    );
    assert_eq!(verdict("nonogram", &[], &puzzle), "unique");
}

/// The verdict of the nonogram `puzzle` with `clauses` (readable unit
/// clauses) appended to its formula.
fn verdict_with(puzzle: &str, clauses: &str) -> String {
    let named = pipeline(
        &[("encode-nonogram", &["-"]), ("cnf-names", &[])],
        puzzle.as_bytes(),
    );
    let mut text = stdout(&named[1]);
    text.push_str(clauses);
    let outputs = pipeline(
        &[
            ("cnf-dimacs", &[]),
            ("solve", &["--max", "2"]),
            ("decode-nonogram", &[]),
        ],
        text.as_bytes(),
    );
    stdout(&outputs[2]).lines().last().unwrap_or("").to_string()
}

/// Runs generate-nonogram on `picture` (in tests/data) with `args` and
/// `--reveal FILE`, and checks that the clues are not unique, that the
/// revealed cells make them unique and that every cell is needed (the
/// file's lines are grouped by cell, `cell(r,c)...`).
fn check_reveal(picture: &str, args: &[&str]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let picture = common::root().join("tests/data").join(picture);
    let reveal = dir.path().join("reveal.txt");
    let mut all = vec![picture.to_str().expect("path")];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--reveal", reveal.to_str().expect("path")]);
    let output = run("generate-nonogram", &all, b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stderr(&output).contains("the clues have other solutions"));
    let puzzle = stdout(&output);
    assert_eq!(verdict("nonogram", &[], &puzzle), "at least 2 solutions");
    let cells = std::fs::read_to_string(&reveal).expect("reveal file");
    assert!(!cells.is_empty());
    // With the cells as unit clauses of the readable form: unique; without
    // any one of them: not.
    assert_eq!(verdict_with(&puzzle, &cells), "unique");
    let cell_of = |line: &str| {
        line.trim_start_matches('-')
            .split('=')
            .next()
            .map(str::to_string)
    };
    let mut groups: Vec<String> = cells.lines().filter_map(cell_of).collect();
    groups.dedup();
    for skip in &groups {
        let fewer: String = cells
            .lines()
            .filter(|l| cell_of(l).as_ref() != Some(skip))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(
            verdict_with(&puzzle, &fewer),
            "at least 2 solutions",
            "without {skip}"
        );
    }
}

#[test]
fn a_picture_that_needs_cells_revealed() {
    check_reveal("checkerboard.png", &[]);
}

#[test]
fn a_colour_picture_becomes_a_colour_nonogram() {
    let mushroom = common::root().join("tests/data/mushroom.png");
    let mushroom = mushroom.to_str().expect("path");
    let output = run("generate-nonogram", &[mushroom, "--colours", "3"], b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stderr(&output).contains("12x8: the clues determine the picture"));
    let puzzle = stdout(&output);
    let colours: Vec<&str> = puzzle.lines().filter(|l| l.starts_with("color ")).collect();
    assert_eq!(colours.len(), 3, "{puzzle}");
    assert!(puzzle.contains("\n2a,2b,2a,2b,2a\n"), "{puzzle}");
    assert_eq!(verdict("nonogram", &[], &puzzle), "unique");
    // The one solution is the picture: decoded back to .non, its goal is
    // the puzzle's.
    let outputs = pipeline(
        &[
            ("encode-nonogram", &["-"]),
            ("solve", &[]),
            ("decode-nonogram", &["--format", "non"]),
        ],
        puzzle.as_bytes(),
    );
    let goal = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("goal "))
            .map(str::to_string)
    };
    assert!(goal(&puzzle).is_some());
    assert_eq!(goal(&stdout(&outputs[2])), goal(&puzzle));
    // The same seed, the same puzzle; one colour asked: black and white.
    assert_eq!(
        generate("generate-nonogram", &[mushroom, "--colours", "3"]),
        puzzle
    );
    let one = generate("generate-nonogram", &[mushroom, "--colours", "1"]);
    assert!(!one.contains("color "), "{one}");
    assert_error(
        &run("generate-nonogram", &[mushroom, "--colours", "0"], b""),
        "--colours 0: a nonogram has 1 to 31 colours",
    );
}

#[test]
fn a_colour_picture_that_needs_cells_revealed() {
    check_reveal("diagonal-colour.png", &["--colours", "2"]);
}

#[test]
fn generate_nonogram_reports_bad_input() {
    let readme = common::root().join("README.md");
    assert_error(
        &run("generate-nonogram", &[readme.to_str().expect("path")], b""),
        "not a PNG picture",
    );
    assert_error(
        &run("generate-nonogram", &["no-such.png"], b""),
        "no-such.png",
    );
}
