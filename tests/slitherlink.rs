//! `encode-slitherlink | solve | decode-slitherlink` over
//! `instances/slitherlink/`: pzprjs's example against its answer, every
//! puzzle unique with and without the presolve, solution counts against a
//! brute force over sets of edges on small grids (independent of the
//! encoder), "why none" naming the clues, the generator's puzzles unique
//! by an independent run, and the errors.

mod common;

use common::{assert_error, code, family_pipeline, instance, pipeline, run, stderr, stdout};

/// The decoder's verdict line of `encode ARGS | solve SOLVE | decode`
/// ("no solution" when there is none, before its explanation).
fn verdict(encode: &[&str], solve: &[&str]) -> String {
    let out = family_pipeline("slitherlink", encode, solve, &[]);
    let text = stdout(&out[2]);
    if text.starts_with("no solution") {
        return "no solution".to_string();
    }
    text.lines().last().unwrap_or_default().to_string()
}

fn path(relative: &str) -> String {
    instance(relative).display().to_string()
}

#[test]
fn pzprjs_example_solves_to_its_answer() {
    let url = path("slitherlink/pzprjs/example-5x5.url");
    let out = family_pipeline("slitherlink", &[&url], &["--max", "2"], &[]);
    let answer =
        std::fs::read_to_string(instance("slitherlink/pzprjs/example-5x5.answer")).expect("answer");
    assert_eq!(
        stdout(&out[2]),
        format!("{answer}unique\n"),
        "{}",
        stderr(&out[2])
    );
    // The same puzzle as the argument.
    let out = family_pipeline(
        "slitherlink",
        &["https://puzz.link/p?slither/5/5/cbcbcddad"],
        &[],
        &[],
    );
    assert!(stdout(&out[2]).starts_with(&answer));
}

#[test]
fn every_instance_is_unique_with_and_without_presolve() {
    let mut files = Vec::new();
    for dir in ["slitherlink/loopy", "slitherlink/generated"] {
        for entry in std::fs::read_dir(instance(dir)).expect("dir") {
            files.push(entry.expect("entry").path());
        }
    }
    files.sort();
    assert!(files.len() >= 8);
    for file in files {
        let name = file.display().to_string();
        assert_eq!(verdict(&[&name], &["--max", "2"]), "unique", "{name}");
        // The large ones only with the presolve (the debug build is slow).
        let cells = std::fs::read_to_string(&file).expect("read").len();
        if cells < 500 {
            assert_eq!(
                verdict(&["--no-presolve", &name], &["--max", "2"]),
                "unique",
                "{name} --no-presolve"
            );
        }
    }
}

/// Every loop of a `rows` x `cols` grid satisfying `clues` (row-major,
/// `None`: no clue), counted by backtracking over the edges: each dot
/// touches 0 or 2 chosen edges, each clue sees its number, and the chosen
/// edges are connected. Knows nothing of the encoder.
fn brute_force(rows: usize, cols: usize, clues: &[Option<usize>]) -> usize {
    // Edges as pairs of dots (r * (cols + 1) + c).
    let dot = |r: usize, c: usize| r * (cols + 1) + c;
    let mut edges = Vec::new();
    for r in 0..=rows {
        for c in 0..cols {
            edges.push((dot(r, c), dot(r, c + 1)));
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            edges.push((dot(r, c), dot(r + 1, c)));
        }
    }
    let dots = (rows + 1) * (cols + 1);
    let mut count = 0;
    for mask in 1u64..(1 << edges.len()) {
        let on: Vec<bool> = (0..edges.len()).map(|i| mask & (1 << i) != 0).collect();
        let mut degree = vec![0; dots];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if on[i] {
                degree[a] += 1;
                degree[b] += 1;
            }
        }
        if degree.iter().any(|&d| d != 0 && d != 2) {
            continue;
        }
        let sides = |r: usize, c: usize| {
            let h = |r: usize, c: usize| on[r * cols + c];
            let v = |r: usize, c: usize| on[(rows + 1) * cols + r * (cols + 1) + c];
            [h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)]
                .iter()
                .filter(|&&x| x)
                .count()
        };
        let clues_hold = (0..rows)
            .all(|r| (0..cols).all(|c| clues[r * cols + c].is_none_or(|n| sides(r, c) == n)));
        if !clues_hold {
            continue;
        }
        // Connected: a flood over chosen edges reaches every dot of degree 2.
        let start = (0..dots).find(|&d| degree[d] == 2).expect("an edge");
        let mut seen = vec![false; dots];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(d) = stack.pop() {
            for (i, &(a, b)) in edges.iter().enumerate() {
                if on[i] && (a == d || b == d) {
                    let other = if a == d { b } else { a };
                    if !seen[other] {
                        seen[other] = true;
                        stack.push(other);
                    }
                }
            }
        }
        if (0..dots).all(|d| degree[d] == 0 || seen[d]) {
            count += 1;
        }
    }
    count
}

/// "N solutions", "unique" or "no solution" for a count.
fn said(count: usize) -> String {
    match count {
        0 => "no solution".to_string(),
        1 => "unique".to_string(),
        n => format!("{n} solutions"),
    }
}

#[test]
fn counts_equal_a_brute_force_with_and_without_presolve() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tiny = path("slitherlink/tiny.txt");
    let clues = [None, Some(3), None, None, None, None, None, Some(1), None];
    let _ = clues;
    for presolve in [&[][..], &["--no-presolve"][..]] {
        let args: Vec<&str> = presolve.iter().copied().chain([tiny.as_str()]).collect();
        assert_eq!(verdict(&args, &["--all"]), "12 solutions");
    }
    // Random clue grids of 4 and 6 cells (12 and 17 edges).
    let mut rng = fastrand::Rng::with_seed(41);
    for round in 0..24 {
        let (rows, cols) = [(2, 2), (2, 3), (3, 2)][round % 3];
        let clues: Vec<Option<usize>> = (0..rows * cols)
            .map(|_| (rng.u8(0..3) == 0).then(|| rng.usize(0..4)))
            .collect();
        let text: String = (0..rows)
            .map(|r| {
                let row: String = (0..cols)
                    .map(|c| clues[r * cols + c].map_or('.', |n| char::from(b'0' + n as u8)))
                    .collect();
                row + "\n"
            })
            .collect();
        let file = common::temp_file(dir.path(), &format!("r{round}.txt"), text.as_bytes());
        let file = file.display().to_string();
        let expected = said(brute_force(rows, cols, &clues));
        for presolve in [&[][..], &["--no-presolve"][..]] {
            let args: Vec<&str> = presolve.iter().copied().chain([file.as_str()]).collect();
            assert_eq!(verdict(&args, &["--all"]), expected, "{text}{presolve:?}");
        }
    }
}

#[test]
fn presolve_changes_no_count_of_the_instances() {
    // --all on puzzles with every third clue left out (several loops).
    {
        let file = "slitherlink/loopy/5x5.txt";
        let text = std::fs::read_to_string(instance(file)).expect("read");
        let halved: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .enumerate()
            .map(|(r, l)| {
                let row: String = l
                    .chars()
                    .enumerate()
                    .map(|(c, ch)| if (r * 7 + c) % 3 == 0 { '.' } else { ch })
                    .collect();
                row + "\n"
            })
            .collect();
        let dir = tempfile::tempdir().expect("tempdir");
        let p = common::temp_file(dir.path(), "half.txt", halved.as_bytes());
        let p = p.display().to_string();
        let with = verdict(&[&p], &["--all"]);
        let without = verdict(&["--no-presolve", &p], &["--all"]);
        assert_eq!(with, without, "{file}");
        assert!(with.ends_with("solutions"), "{file}: {with}");
    }
}

#[test]
fn no_solution_names_the_clues() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = common::temp_file(dir.path(), "none.txt", b"40\n..\n");
    let p = p.display().to_string();
    let out = family_pipeline("slitherlink", &[&p], &[], &[]);
    assert_eq!(code(&out[2]), 20);
    let text = stdout(&out[2]);
    assert!(text.contains("the 4 at row 1, column 1"), "{text}");
    assert!(text.contains("the 0 at row 1, column 2"), "{text}");
}

#[test]
fn backbone_and_diff_show_the_forced_edges() {
    let tiny = path("slitherlink/tiny.txt");
    let out = family_pipeline("slitherlink", &[&tiny], &["--backbone"], &[]);
    let text = stdout(&out[2]);
    assert!(text.contains('?') && text.contains("forced"), "{text}");
    // A unique puzzle: every edge forced, drawn.
    let five = path("slitherlink/loopy/5x5.txt");
    let out = family_pipeline("slitherlink", &[&five], &["--backbone"], &[]);
    let text = stdout(&out[2]);
    assert!(
        !text.contains('?') && text.starts_with("+ - + - +"),
        "{text}"
    );
    let out = family_pipeline("slitherlink", &[&tiny], &["--max", "2"], &["--diff"]);
    assert!(stdout(&out[2]).contains("differ"), "{}", stdout(&out[2]));
}

#[test]
fn bad_puzzles_name_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = common::temp_file(dir.path(), "bad.txt", b"3.\n.5\n");
    assert_error(
        &run("encode-slitherlink", &[&bad.display().to_string()], b""),
        "bad.txt:2: '5' (character 2): a cell has 4 sides",
    );
    let ragged = common::temp_file(dir.path(), "ragged.txt", b"3.\n...\n");
    assert_error(
        &run("encode-slitherlink", &[&ragged.display().to_string()], b""),
        "ragged.txt:2: this row has 3 cells",
    );
    assert_error(
        &run(
            "encode-slitherlink",
            &["https://puzz.link/p?slither/2/2/0"],
            b"",
        ),
        "truncated",
    );
    assert_error(&run("encode-slitherlink", &["-"], b"\n"), "no grid");
}

#[test]
fn generated_puzzles_are_unique_and_locally_minimal() {
    for seed in ["1", "5"] {
        let out = run("generate-slitherlink", &["6", "6", "--seed", seed], b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let puzzle = stdout(&out);
        // The same seed, the same puzzle.
        let again = run("generate-slitherlink", &["6", "6", "--seed", seed], b"");
        assert_eq!(stdout(&again), puzzle);
        let solved = pipeline(
            &[
                ("encode-slitherlink", &["-"]),
                ("solve", &["--max", "2"]),
                ("decode-slitherlink", &[]),
            ],
            puzzle.as_bytes(),
        );
        assert!(stdout(&solved[2]).ends_with("unique\n"), "{puzzle}");
        // Without any one clue, a second loop.
        let cells: Vec<char> = puzzle.chars().collect();
        for (i, &ch) in cells.iter().enumerate() {
            if !ch.is_ascii_digit() {
                continue;
            }
            let mut fewer = cells.clone();
            fewer[i] = '.';
            let fewer: String = fewer.into_iter().collect();
            let solved = pipeline(
                &[
                    ("encode-slitherlink", &["-"]),
                    ("solve", &["--max", "2"]),
                    ("decode-slitherlink", &[]),
                ],
                fewer.as_bytes(),
            );
            assert!(
                stdout(&solved[2]).ends_with("2 solutions\n")
                    || stdout(&solved[2]).contains("at least 2"),
                "{fewer}: {}",
                stdout(&solved[2])
            );
        }
    }
    // URLs, and batches read back.
    let out = run(
        "generate-slitherlink",
        &["5", "5", "--puzzles", "3", "--format", "url"],
        b"",
    );
    let urls = stdout(&out);
    assert_eq!(
        urls.lines()
            .filter(|l| l.starts_with("https://puzz.link/p?slither/5/5/"))
            .count(),
        3
    );
    let batch = run("generate-slitherlink", &["5", "4", "--puzzles", "2"], b"");
    let solved = pipeline(
        &[
            ("encode-slitherlink", &["--all-puzzles", "-"]),
            ("solve", &["--max", "2"]),
            ("decode-slitherlink", &[]),
        ],
        &batch.stdout,
    );
    assert_eq!(
        stdout(&solved[2]).matches("unique").count(),
        2,
        "{}",
        stdout(&solved[2])
    );
    assert_error(
        &run("generate-slitherlink", &["1", "1"], b""),
        "at least 2 cells",
    );
}
