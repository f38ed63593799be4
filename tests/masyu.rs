//! `encode-masyu | solve | decode-masyu` over `instances/masyu/`: every
//! puzzle against its reference answer, the presolve against the plain
//! encoding (answers and `--all` counts), counts against a brute force
//! over the edge sets of small grids, URLs, explanations and every error;
//! `generate-masyu`'s puzzles unique and locally minimal by the pipeline.

mod common;

use common::{assert_error, code, family_pipeline, instance, pipeline, run, stderr, stdout};
use std::path::PathBuf;

/// Every instance file with its reference answer (`NAME.answer` beside
/// `NAME.txt`), if it has one.
fn instances() -> Vec<(PathBuf, Option<String>)> {
    let mut found = Vec::new();
    for set in ["pzprjs", "tatham", "small", "generated"] {
        let dir = instance(&format!("masyu/{set}"));
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("instance folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        for file in files {
            let answer = std::fs::read_to_string(file.with_extension("answer")).ok();
            found.push((file, answer));
        }
    }
    assert!(found.len() >= 10, "{found:?}");
    found
}

/// The verdict line of a decoder's output (its last line, or the first
/// after "no solution").
fn verdict(output: &str) -> String {
    if output.starts_with("no solution") {
        return "no solution".to_string();
    }
    output.lines().last().unwrap_or_default().to_string()
}

/// The counting pipeline's verdict for a puzzle file under `options`.
fn counted(file: &str, options: &[&str]) -> String {
    let mut args = options.to_vec();
    args.push(file);
    let outs = family_pipeline("masyu", &args, &["--all"], &[]);
    assert!(
        [0, 20].contains(&code(&outs[2])),
        "{file}: {}",
        stderr(&outs[2])
    );
    verdict(&stdout(&outs[2]))
}

#[test]
fn every_instance_solves_to_its_reference_answer() {
    let mut checked = 0;
    for (file, answer) in instances() {
        let Some(answer) = answer else { continue };
        let name = file.display().to_string();
        let outs = family_pipeline("masyu", &[&name], &["--max", "2"], &[]);
        assert_eq!(code(&outs[2]), 0, "{name}: {}", stderr(&outs[2]));
        assert_eq!(stdout(&outs[2]), format!("{answer}unique\n"), "{name}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} answers");
}

#[test]
fn the_presolve_changes_no_answer_and_no_count() {
    for (file, _) in instances() {
        let name = file.display().to_string();
        let with = counted(&name, &[]);
        let without = counted(&name, &["--no-presolve"]);
        assert_eq!(with, without, "{name}");
    }
}

#[test]
fn pzprjs_example_url_is_unique_and_written_back() {
    let url = "https://puzz.link/p?mashu/6/6/1063000i3000";
    let outs = family_pipeline("masyu", &[url], &["--max", "2"], &[]);
    let answer =
        std::fs::read_to_string(instance("masyu/pzprjs/mashu-6x6.answer")).expect("answer");
    assert_eq!(stdout(&outs[2]), format!("{answer}unique\n"));
    // puzzle-url writes the plain text file back as the same URL.
    let text = instance("masyu/pzprjs/mashu-6x6-grid.txt");
    let out = run("puzzle-url", &["masyu", &text.display().to_string()], b"");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{url}\n"));
}

#[test]
fn url_lists_and_game_ids_are_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let list = common::temp_file(
        dir.path(),
        "urls.txt",
        b"# two puzzles\nhttps://puzz.link/p?mashu/6/6/1063000i3000\n\npzv.jp/p.html?mashu/4/4/01\n",
    );
    let list = list.display().to_string();
    let outs = family_pipeline("masyu", &["--all-puzzles", &list], &["--all"], &[]);
    let text = stdout(&outs[2]);
    assert_eq!(code(&outs[2]), 0, "{text}{}", stderr(&outs[2]));
    assert!(text.contains("unique"), "{text}");
    assert!(text.contains("56 solutions"), "{text}");
    // The second URL: one white circle at row 2, column 2 of a 4x4 grid.
    assert_eq!(counted(&list, &["--puzzle", "2"]), "56 solutions");
    assert_eq!(count_grid("....\n.W..\n....\n....\n", &[]), "56 solutions");
    let ids = common::temp_file(dir.path(), "pearl.txt", b"4x4:eWj\n");
    assert_eq!(counted(&ids.display().to_string(), &[]), "56 solutions");
}

/// Writes `grid` to a temporary file and counts its solutions.
fn count_grid(grid: &str, options: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = common::temp_file(dir.path(), "p.txt", grid.as_bytes());
    counted(&file.display().to_string(), options)
}

/// Brute force: every set of segments of a `rows` x `cols` grid whose
/// cells have 0 or 2 segments, kept when it is one loop that keeps every
/// circle's rule. Shares nothing with the library.
fn brute_force(grid: &[Vec<char>]) -> usize {
    let (rows, cols) = (grid.len(), grid[0].len());
    // right[v], down[v]: the segments leaving cell v.
    let mut right = vec![false; rows * cols];
    let mut down = vec![false; rows * cols];
    fn degree(v: usize, cols: usize, right: &[bool], down: &[bool]) -> usize {
        let (r, c) = (v / cols, v % cols);
        usize::from(right[v])
            + usize::from(down[v])
            + usize::from(c > 0 && right[v - 1])
            + usize::from(r > 0 && down[v - cols])
    }
    fn search(
        v: usize,
        grid: &[Vec<char>],
        right: &mut Vec<bool>,
        down: &mut Vec<bool>,
        count: &mut usize,
    ) {
        let (rows, cols) = (grid.len(), grid[0].len());
        if v == rows * cols {
            if is_solution(grid, right, down) {
                *count += 1;
            }
            return;
        }
        let (r, c) = (v / cols, v % cols);
        for bits in 0..4u8 {
            let (rt, dn) = (bits & 1 == 1, bits & 2 == 2);
            if (rt && c + 1 == cols) || (dn && r + 1 == rows) {
                continue;
            }
            right[v] = rt;
            down[v] = dn;
            // Cell v is complete now: its degree is 0 or 2.
            let d = degree(v, cols, right, down);
            if d == 0 || d == 2 {
                search(v + 1, grid, right, down, count);
            }
        }
        right[v] = false;
        down[v] = false;
    }
    let mut count = 0;
    search(0, grid, &mut right, &mut down, &mut count);
    count
}

/// One loop through every circle, white circles straight with a turn
/// beside, black circles turning with straight cells beside.
fn is_solution(grid: &[Vec<char>], right: &[bool], down: &[bool]) -> bool {
    let (rows, cols) = (grid.len(), grid[0].len());
    // Neighbours along the loop, as (dr, dc) directions.
    let ways = |v: usize| -> Vec<(isize, isize)> {
        let (r, c) = (v / cols, v % cols);
        let mut w = Vec::new();
        if right[v] {
            w.push((0, 1));
        }
        if down[v] {
            w.push((1, 0));
        }
        if c > 0 && right[v - 1] {
            w.push((0, -1));
        }
        if r > 0 && down[v - cols] {
            w.push((-1, 0));
        }
        w
    };
    let on: Vec<usize> = (0..rows * cols).filter(|&v| !ways(v).is_empty()).collect();
    let Some(&start) = on.first() else {
        return false;
    };
    // Connected: a walk from the first cell reaches every cell on a segment.
    let mut seen = vec![false; rows * cols];
    let mut stack = vec![start];
    while let Some(v) = stack.pop() {
        if std::mem::replace(&mut seen[v], true) {
            continue;
        }
        for (dr, dc) in ways(v) {
            let w =
                ((v / cols) as isize + dr) as usize * cols + ((v % cols) as isize + dc) as usize;
            stack.push(w);
        }
    }
    if on.iter().any(|&v| !seen[v]) {
        return false;
    }
    let straight = |v: usize| {
        let w = ways(v);
        w.len() == 2 && w[0].0 == -w[1].0 && w[0].1 == -w[1].1
    };
    let next = |v: usize, (dr, dc): (isize, isize)| {
        ((v / cols) as isize + dr) as usize * cols + ((v % cols) as isize + dc) as usize
    };
    (0..rows * cols).all(|v| match grid[v / cols][v % cols] {
        'W' => straight(v) && ways(v).into_iter().any(|d| !straight(next(v, d))),
        'B' => {
            !ways(v).is_empty() && !straight(v) && ways(v).into_iter().all(|d| straight(next(v, d)))
        }
        _ => true,
    })
}

#[test]
fn counts_match_a_brute_force_on_small_grids() {
    // A fixed pseudo-random sequence of small puzzles.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut random = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut checked = 0;
    let mut several = 0;
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (4, 5), (2, 6), (5, 4)] {
        for _ in 0..4 {
            let grid: Vec<Vec<char>> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| match random(10) {
                            0 => 'W',
                            1 => 'B',
                            _ => '.',
                        })
                        .collect()
                })
                .collect();
            if grid.iter().flatten().all(|&c| c == '.') {
                continue;
            }
            let text: String = grid
                .iter()
                .map(|row| format!("{}\n", row.iter().collect::<String>()))
                .collect();
            let expected = match brute_force(&grid) {
                0 => "no solution".to_string(),
                1 => "unique".to_string(),
                n => format!("{n} solutions"),
            };
            several += usize::from(expected.ends_with("solutions"));
            for options in [&[][..], &["--no-presolve"][..]] {
                assert_eq!(count_grid(&text, options), expected, "{text}{options:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 20 && several >= 3, "{checked} {several}");
}

#[test]
fn no_solution_names_the_circles_that_clash() {
    let outs = family_pipeline(
        "masyu",
        &[&instance("masyu/small/clash.txt").display().to_string()],
        &[],
        &[],
    );
    assert_eq!(code(&outs[2]), 20, "{}", stderr(&outs[2]));
    let text = stdout(&outs[2]);
    assert!(text.starts_with("no solution\n"), "{text}");
    assert!(
        text.contains("  the black circle at row 1, column 3\n"),
        "{text}"
    );
}

#[test]
fn bad_puzzles_are_errors_with_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: [(&str, &str); 6] = [
        ("W.\nB\n", "p.txt:2: row 2 has 1 cells"),
        ("W.\n.Q\n", "p.txt:2: 'Q' in row 2 is no cell"),
        ("# empty\n..\n..\n", "p.txt:3: the grid has no circle"),
        ("# nothing\n", "p.txt:1: no grid"),
        (
            "puzz.link/p?mashu/2/2/r0\n",
            "p.txt:1: mashu: 'r' is no circle digit",
        ),
        (
            "3x2:aWbB\n",
            "p.txt:1: the game ID describes 5 of the 6 cells",
        ),
    ];
    for (text, message) in cases {
        let file = common::temp_file(dir.path(), "p.txt", text.as_bytes());
        let out = run("encode-masyu", &[&file.display().to_string()], b"");
        assert_error(&out, message);
    }
    let out = run("encode-masyu", &["puzz.link/p?numlin/2/2/1h1"], b"");
    assert_error(&out, "encode-masyu reads the genre mashu");
    let out = run(
        "encode-masyu",
        &["--all-puzzles", "--puzzle", "2", "-"],
        b"W.\n",
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
}

#[test]
fn the_decoder_draws_svg_and_json() {
    let file = instance("masyu/pzprjs/mashu-6x6.txt").display().to_string();
    let outs = pipeline(
        &[
            ("encode-masyu", &[&file]),
            ("solve", &[]),
            ("decode-masyu", &["--format", "json"]),
        ],
        b"",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&outs[2])).expect("JSON");
    assert_eq!(json["edges"].as_array().map(Vec::len), Some(30));
    let outs = pipeline(
        &[
            ("encode-masyu", &[&file]),
            ("solve", &[]),
            ("decode-masyu", &["--format", "svg"]),
        ],
        b"",
    );
    let svg = stdout(&outs[2]);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(svg.matches("<circle").count(), 5, "{svg}");
    // The loop: one stroke per segment.
    assert_eq!(svg.matches(r##"stroke="#2a6fdb""##).count(), 30, "{svg}");
}

/// The verdict of `encode-masyu - | solve --max 2 | decode-masyu` on a
/// puzzle given as text.
fn verdict_of(puzzle: &str) -> String {
    let outs = pipeline(
        &[
            ("encode-masyu", &["-"]),
            ("solve", &["--max", "2"]),
            ("decode-masyu", &[]),
        ],
        puzzle.as_bytes(),
    );
    assert!(
        [0, 20].contains(&code(&outs[2])),
        "{puzzle}{}",
        stderr(&outs[2])
    );
    verdict(&stdout(&outs[2]))
}

#[test]
fn generated_puzzles_are_unique_and_locally_minimal() {
    for (w, h, seed) in [("6", "6", "1"), ("8", "8", "3"), ("9", "7", "2")] {
        let out = run("generate-masyu", &[w, h, "--seed", seed], b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let puzzle = stdout(&out);
        let rows: Vec<&str> = puzzle.lines().collect();
        assert_eq!(rows.len().to_string(), h, "{puzzle}");
        assert!(rows.iter().all(|r| r.len().to_string() == w), "{puzzle}");
        // The same seed, the same puzzle.
        let again = run("generate-masyu", &[w, h, "--seed", seed], b"");
        assert_eq!(stdout(&again), puzzle);
        assert_eq!(verdict_of(&puzzle), "unique", "{puzzle}");
        // Without any one circle, a second loop.
        let cells: Vec<char> = puzzle.chars().collect();
        let mut circles = 0;
        for (i, &ch) in cells.iter().enumerate() {
            if ch != 'W' && ch != 'B' {
                continue;
            }
            circles += 1;
            let mut fewer = cells.clone();
            fewer[i] = '.';
            let fewer: String = fewer.into_iter().collect();
            if !fewer.contains(['W', 'B']) {
                continue;
            }
            let said = verdict_of(&fewer);
            assert!(
                said == "at least 2 solutions" || said == "2 solutions",
                "{fewer}: {said}"
            );
        }
        assert!(circles >= 3, "{puzzle}");
    }
    // Larger grids, unique by the pipeline.
    for (w, h, seed) in [("12", "12", "1"), ("16", "10", "4")] {
        let out = run("generate-masyu", &[w, h, "--seed", seed], b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert_eq!(verdict_of(&stdout(&out)), "unique", "{}", stdout(&out));
    }
}

#[test]
fn generated_batches_and_urls_read_back() {
    let out = run(
        "generate-masyu",
        &["5", "5", "--puzzles", "3", "--format", "url"],
        b"",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let urls = stdout(&out);
    assert_eq!(
        urls.lines()
            .filter(|l| l.starts_with("https://puzz.link/p?mashu/5/5/"))
            .count(),
        3,
        "{urls}"
    );
    // Puzzle 2 of a batch from seed 1 is the puzzle of seed 2.
    let second = run(
        "generate-masyu",
        &["5", "5", "--seed", "2", "--format", "url"],
        b"",
    );
    assert!(urls.contains(&stdout(&second)), "{urls}");
    let batch = run("generate-masyu", &["6", "4", "--puzzles", "2"], b"");
    let solved = pipeline(
        &[
            ("encode-masyu", &["--all-puzzles", "-"]),
            ("solve", &["--max", "2"]),
            ("decode-masyu", &[]),
        ],
        &batch.stdout,
    );
    assert_eq!(
        stdout(&solved[2]).matches("unique").count(),
        2,
        "{}{}",
        stdout(&batch),
        stdout(&solved[2])
    );
}

#[test]
fn generate_masyu_refuses_bad_sizes_and_flags() {
    for size in [["1", "1"], ["0", "5"], ["2", "2"], ["101", "5"]] {
        assert_error(
            &run("generate-masyu", &size, b""),
            "a Masyu puzzle needs sides of 2 to 100 cells",
        );
    }
    assert_error(
        &run("generate-masyu", &["5", "5", "--puzzles", "0"], b""),
        "--puzzles must be at least 1",
    );
    assert_error(
        &run("generate-masyu", &["5", "5", "--attempts", "0"], b""),
        "--attempts must be at least 1",
    );
    assert_eq!(code(&run("generate-masyu", &["5", "x"], b"")), 1);
}
