//! `encode-crossword | solve | decode-crossword` for pattern filling and
//! freeform generation over the instance files of
//! `instances/crossword/PROVENANCE.md`, plus every input error.
//!
//! The decoder checks every solution with the independent checker (every
//! run a listed word, distinct, pre-filled letters kept, groups honoured)
//! and fails otherwise, so a decoded grid is a checked grid.

mod common;

use common::{assert_error, code, external_available, instance, run, stderr, stdout, temp_file};
use std::process::Output;

fn path(relative: &str) -> String {
    instance(&format!("crossword/{relative}"))
        .to_string_lossy()
        .into_owned()
}

/// The original generator's word list (1,951 words).
fn stazi_words() -> String {
    path("stazi-words.json")
}

/// Runs encode (with `encode_args`), solve (with `solve_args`) and decode
/// (with `decode_args`); returns the three outputs.
fn solve(encode_args: &[&str], solve_args: &[&str], decode_args: &[&str]) -> Vec<Output> {
    common::family_pipeline("crossword", encode_args, solve_args, decode_args)
}

/// The pipeline on a pattern and a word list given as texts (written to
/// temporary files), with `solve_args`.
fn solve_texts(pattern: &[u8], words: &[u8], solve_args: &[&str]) -> Vec<Output> {
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = temp_file(dir.path(), "p.txt", pattern);
    let words = temp_file(dir.path(), "w.txt", words);
    solve(
        &[
            "--pattern",
            &pattern.to_string_lossy(),
            "--words",
            &words.to_string_lossy(),
        ],
        solve_args,
        &[],
    )
}

/// The grid rows of `decode-crossword --format grid` (without the verdict).
fn grid_rows(decode: &Output) -> Vec<String> {
    assert_eq!(code(decode), 0, "decode: {}", stderr(decode));
    stdout(decode)
        .lines()
        .take_while(|l| l.chars().all(|c| c == '#' || c.is_ascii_lowercase()) && !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_originals_printed_patterns_fill_with_its_words() {
    for (grid, rows, cols) in [
        ("grids/stazi-example1-7x14.txt", 7, 14),
        ("grids/stazi-example2-10x10.txt", 10, 10),
    ] {
        let outs = solve(
            &["--pattern", &path(grid), "--words", &stazi_words()],
            &[],
            &["--format", "grid"],
        );
        let got = grid_rows(&outs[2]);
        assert_eq!(got.len(), rows, "{grid}");
        assert!(got.iter().all(|r| r.len() == cols), "{grid}: {got:?}");
        let pattern = std::fs::read_to_string(path(grid)).expect("pattern");
        for (row, want) in got.iter().zip(pattern.lines()) {
            for (a, b) in row.chars().zip(want.chars()) {
                assert_eq!(a == '#', b == '#', "{grid}: black cells moved");
            }
        }
    }
}

#[test]
fn prefilled_letters_are_kept_and_lists_are_numbered() {
    // Two fills: cat/cow across and down, or the other way round; both
    // keep the given c and t.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = temp_file(dir.path(), "p.txt", b"c..\n.#.\n..T\n");
    let words = temp_file(dir.path(), "w.txt", b"cat\ncow\ntot\nwet\ndog\nace\n");
    let p = pattern.to_string_lossy();
    let w = words.to_string_lossy();
    let outs = solve(&["--pattern", &p, "--words", &w], &["--all"], &[]);
    let text = stdout(&outs[2]);
    assert_eq!(code(&outs[2]), 0, "{text}{}", stderr(&outs[2]));
    assert!(text.ends_with("2 solutions\n"), "{text}");
    assert!(text.contains("c a t\no # o\nw e t\n"), "{text}");
    assert!(text.contains("c o w\na # e\nt o t\n"), "{text}");
    assert!(text.contains("ACROSS (row,column)\n   1 (1,1) cat\n   3 (3,1) wet\n"));
    assert!(text.contains("DOWN (row,column)\n   1 (1,1) cow\n   2 (1,3) tot\n"));
    // The word-graph fill recommends its CaDiCaL setting; the first
    // encoding does not.
    let recommends = |extra: &[&str]| {
        let mut args = vec!["--pattern", &*p, "--words", &*w];
        args.extend(extra);
        let out = run("encode-crossword", &args, b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out).contains(
            "\nc solver-option cadical fastelim=0\nc solver-option cadical congruence=0\n",
        )
    };
    assert!(recommends(&[]));
    assert!(!recommends(&["--encoding", "selectors"]));
}

#[test]
fn enumeration_counts_distinct_fills() {
    // A 2x2 square: "ab/cd" and its transpose "ac/bd".
    let outs = solve_texts(b"..\n..\n", b"ab\ncd\nac\nbd\n", &["--all"]);
    let text = stdout(&outs[2]);
    assert!(text.ends_with("2 solutions\n"), "{text}");
    assert!(
        text.contains("a b\nc d\n") && text.contains("a c\nb d\n"),
        "{text}"
    );
}

#[test]
fn no_fill_names_the_slots_without_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let words = temp_file(dir.path(), "w.txt", b"ab\nba\ncat\n");
    let w = words.to_string_lossy().into_owned();
    // "q.." fits no listed word at all.
    let pattern = temp_file(dir.path(), "p.txt", b"q..\n#..\n");
    let outs = solve(
        &["--pattern", &pattern.to_string_lossy(), "--words", &w],
        &[],
        &[],
    );
    let text = stdout(&outs[2]);
    assert_eq!(code(&outs[2]), 20, "{text}");
    assert!(text.contains("no solution"), "{text}");
    assert!(text.contains("1-across at (1,1), 3 letters, q.."), "{text}");
    // Only the word square "ab/ba" fits, and it repeats its words.
    let pattern = temp_file(dir.path(), "q.txt", b"..\n..\n");
    let outs = solve(
        &["--pattern", &pattern.to_string_lossy(), "--words", &w],
        &[],
        &[],
    );
    let text = stdout(&outs[2]);
    assert_eq!(code(&outs[2]), 20, "{text}");
    assert!(text.contains("all distinct"), "{text}");
}

#[test]
fn json_and_svg_outputs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let svg = dir.path().join("x.svg");
    let svg_arg = svg.to_string_lossy().into_owned();
    let args = [
        "--pattern",
        &path("grids/stazi-example2-10x10.txt"),
        "--words",
        &stazi_words(),
    ];
    let outs = solve(&args, &[], &["--json", "--svg", &svg_arg]);
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    let json: serde_json::Value = serde_json::from_str(&stdout(&outs[2])).expect("JSON");
    let solution = &json["solutions"][0];
    assert_eq!(solution["grid"].as_array().map(Vec::len), Some(10));
    assert_eq!(solution["across"][0]["number"], 1);
    let drawing = std::fs::read_to_string(&svg).expect("svg written");
    assert!(drawing.starts_with("<svg"), "{drawing}");
    assert!(drawing.contains(">1</text>"), "clue numbers drawn");
}

#[test]
fn freeform_reproduces_the_originals_job() {
    // The original's 7x14 grid with a sample of 15 groups (21 words).
    let outs = solve(
        &[
            "--width",
            "14",
            "--height",
            "7",
            "--words",
            &stazi_words(),
            "--sample-groups",
            "--seed",
            "2",
        ],
        &[],
        &["--format", "grid"],
    );
    let rows = grid_rows(&outs[2]);
    assert_eq!(rows.len(), 7);
    assert!(rows.iter().all(|r| r.len() == 14), "{rows:?}");
}

#[test]
fn freeform_groups_black_cells_and_objectives() {
    let dir = tempfile::tempdir().expect("tempdir");
    let groups = temp_file(dir.path(), "g.txt", b"cat dog\nto at\n");
    let words = temp_file(dir.path(), "w.txt", b"cat\ndog\nto\nat\nact\ntea\neat\n");
    let g = groups.to_string_lossy().into_owned();
    let w = words.to_string_lossy().into_owned();
    let base = [
        "--width", "4", "--height", "3", "--groups", &g, "--words", &w,
    ];
    let mut args = base.to_vec();
    args.extend(["--black", "1,4", "--maximise", "letters"]);
    let outs = solve(&args, &[], &["--format", "grid"]);
    assert!(stdout(&outs[1]).contains("\no "), "WCNF optimised");
    let rows = grid_rows(&outs[2]);
    assert_eq!(rows[0].as_bytes()[3], b'#', "{rows:?}");
    let letters = |rows: &[String]| {
        rows.iter()
            .flat_map(|r| r.chars())
            .filter(|&c| c != '#')
            .count()
    };
    let best = letters(&rows);
    let mut args = base.to_vec();
    args.extend(["--minimise", "size"]);
    let small = grid_rows(&solve(&args, &[], &["--format", "grid"])[2]);
    assert!(letters(&small) <= best, "{small:?} vs {rows:?}");
    let mut args = base.to_vec();
    args.extend(["--random-black", "3", "--seed", "5"]);
    let random = solve(&args, &[], &["--format", "grid"]);
    assert!(matches!(code(&random[2]), 0 | 20), "{}", stderr(&random[2]));
}

#[test]
fn external_solver_fills_too() {
    if !external_available("minisat") {
        return;
    }
    let outs = solve(
        &[
            "--pattern",
            &path("grids/stazi-example1-7x14.txt"),
            "--words",
            &stazi_words(),
        ],
        &["--external", "minisat"],
        &["--format", "grid"],
    );
    assert_eq!(grid_rows(&outs[2]).len(), 7);
}

/// Runs encode-crossword alone and expects exit 1 with `message` in stderr.
fn rejected(args: &[&str], message: &str) {
    let out = run("encode-crossword", args, b"");
    assert_eq!(code(&out), 1, "{args:?}: {}", stdout(&out));
    assert!(
        stderr(&out).contains(message),
        "{args:?}: want '{message}' in: {}",
        stderr(&out)
    );
}

#[test]
fn bad_inputs_name_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = |name: &str, text: &str| {
        temp_file(dir.path(), name, text.as_bytes())
            .to_string_lossy()
            .into_owned()
    };
    let pattern = file("p.txt", "...\n...\n");
    let words = file("w.txt", "cat\ndog\n");
    let non_ascii = file("accents.txt", "cat\ncafé\n");
    rejected(
        &["--pattern", &pattern, "--words", &non_ascii],
        "accents.txt:2:",
    );
    let twice = file("twice.txt", "cat\ndog\ncat\n");
    rejected(&["--pattern", &pattern, "--words", &twice], "twice.txt:3:");
    let bad_json = file("bad.json", "{\"3\": [\"cat\",\n \"d0g\"]}");
    rejected(
        &["--pattern", &pattern, "--words", &bad_json],
        "bad.json:2:",
    );
    let broken_json = file("broken.json", "{\"3\": [\"cat\"");
    rejected(
        &["--pattern", &pattern, "--words", &broken_json],
        "broken.json:1:",
    );
    let empty = file("empty.txt", "\n\n");
    rejected(&["--pattern", &pattern, "--words", &empty], "empty.txt:1:");
    let ragged = file("ragged.txt", "...\n..\n");
    rejected(&["--pattern", &ragged, "--words", &words], "ragged.txt:2:");
    let symbol = file("symbol.txt", "...\n.*.\n");
    rejected(
        &["--pattern", &symbol, "--words", &words],
        "symbol.txt:2: column 2",
    );
    let lonely = file("lonely.txt", "..\n##\n.#\n");
    rejected(&["--pattern", &lonely, "--words", &words], "lonely.txt:3:");
    let groups = file("groups.txt", "cat dog\ndog\n");
    rejected(
        &["--width", "3", "--height", "3", "--groups", &groups],
        "groups.txt:2:",
    );
    rejected(
        &[
            "--width", "3", "--height", "3", "--words", &words, "--black", "4,1",
        ],
        "outside",
    );
    rejected(
        &[
            "--pattern",
            &pattern,
            "--words",
            &words,
            "--maximize",
            "letters",
        ],
        "freeform",
    );
    let missing = dir.path().join("missing.txt");
    rejected(
        &["--pattern", &missing.to_string_lossy(), "--words", &words],
        "missing.txt",
    );
    let out = run("encode-crossword", &["--width", "3"], b"");
    assert_eq!(code(&out), 1, "--width needs --height");
}

/// The number of fills of `pattern` (`#` black, `.` open, a letter
/// pre-filled; no fully pre-filled slot) with distinct words of `words`,
/// by brute force over the across slots' words, sharing no code with the
/// encoders.
fn brute_force_fills(pattern: &str, words: &[String]) -> usize {
    let grid: Vec<Vec<u8>> = pattern.lines().map(|l| l.bytes().collect()).collect();
    let (rows, cols) = (grid.len(), grid[0].len());
    let open = |r: usize, c: usize| grid[r][c] != b'#';
    // Slots as lists of cells.
    let mut slots: Vec<Vec<(usize, usize)>> = Vec::new();
    for across in [true, false] {
        let (outer, inner) = if across { (rows, cols) } else { (cols, rows) };
        for o in 0..outer {
            let mut run = Vec::new();
            for i in 0..=inner {
                let cell = if across { (o, i) } else { (i, o) };
                if i < inner && open(cell.0, cell.1) {
                    run.push(cell);
                } else {
                    if run.len() >= 2 {
                        slots.push(run.clone());
                    }
                    run.clear();
                }
            }
        }
    }
    let mut count = 0;
    let mut fill = grid.clone();
    let mut used: Vec<String> = Vec::new();
    fn search(
        k: usize,
        slots: &[Vec<(usize, usize)>],
        words: &[String],
        fill: &mut Vec<Vec<u8>>,
        used: &mut Vec<String>,
        count: &mut usize,
    ) {
        let Some(slot) = slots.get(k) else {
            *count += 1;
            return;
        };
        for word in words.iter().filter(|w| w.len() == slot.len()) {
            if used.contains(word) {
                continue;
            }
            let fits = slot
                .iter()
                .zip(word.bytes())
                .all(|(&(r, c), x)| fill[r][c] == b'.' || fill[r][c] == x);
            if !fits {
                continue;
            }
            let saved: Vec<u8> = slot.iter().map(|&(r, c)| fill[r][c]).collect();
            for (&(r, c), x) in slot.iter().zip(word.bytes()) {
                fill[r][c] = x;
            }
            used.push(word.clone());
            search(k + 1, slots, words, fill, used, count);
            used.pop();
            for (&(r, c), x) in slot.iter().zip(saved) {
                fill[r][c] = x;
            }
        }
    }
    // Every slot gets a word, so each fill is counted once (a grid
    // determines the word of every slot).
    search(0, &slots, words, &mut fill, &mut used, &mut count);
    count
}

/// The number of fills `solve --all` finds with `--encoding encoding`
/// and the solver `solver` (`None`: solve's choice).
fn counted_fills(
    pattern: &std::path::Path,
    words: &std::path::Path,
    encoding: &str,
    solver: Option<&str>,
) -> usize {
    let mut solve_args = vec!["--all"];
    if let Some(solver) = solver {
        solve_args.extend(["--solver", solver]);
    }
    let outs = solve(
        &[
            "--pattern",
            &pattern.to_string_lossy(),
            "--words",
            &words.to_string_lossy(),
            "--encoding",
            encoding,
        ],
        &solve_args,
        &[],
    );
    let text = stdout(&outs[2]);
    match code(&outs[2]) {
        20 => 0,
        0 => text
            .lines()
            .last()
            .and_then(|l| l.strip_suffix(" solutions").or(l.strip_suffix(" solution")))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count in: {text}")),
        other => panic!("decode exit {other}: {text}{}", stderr(&outs[2])),
    }
}

#[test]
fn every_fill_encoding_counts_the_brute_force_fills() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Small random lists over a small alphabet, so that grids have many
    // fills, some of them repeating words (which must not count).
    let mut rng_state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 7;
        rng_state ^= rng_state << 17;
        rng_state
    };
    let patterns = [
        "..\n..\n",
        "...\n...\n...\n",
        "..#\n...\n#..\n",
        "...\n.#.\n...\n",
        "a..\n...\n..b\n",
        "....\n.#..\n....\n",
    ];
    let mut checked_some_fills = false;
    for (p, pattern) in patterns.iter().enumerate() {
        for round in 0..2 {
            let mut words: Vec<String> = Vec::new();
            for len in 2..=4 {
                let wanted = [0, 0, 5, 12, 14][len] + 3 * round;
                for _ in 0..wanted {
                    let word: String = (0..len)
                        .map(|_| (b'a' + (next() % 3) as u8) as char)
                        .collect();
                    if !words.contains(&word) {
                        words.push(word);
                    }
                }
            }
            let want = brute_force_fills(pattern, &words);
            checked_some_fills |= want > 0;
            let pattern_file = temp_file(dir.path(), &format!("p{p}.txt"), pattern.as_bytes());
            let words_file = temp_file(
                dir.path(),
                &format!("w{p}-{round}.txt"),
                words.join("\n").as_bytes(),
            );
            for encoding in ["mdd", "selectors", "selectors-pairs"] {
                assert_eq!(
                    counted_fills(&pattern_file, &words_file, encoding, None),
                    want,
                    "{encoding} on {pattern:?} with {words:?}"
                );
                // The tables solver reads the same fills from every
                // encoding's stream.
                assert_eq!(
                    counted_fills(&pattern_file, &words_file, encoding, Some("tables")),
                    want,
                    "{encoding} with --solver tables on {pattern:?} with {words:?}"
                );
            }
        }
    }
    assert!(checked_some_fills, "the cases have fills");
}

#[test]
fn freeform_join_clauses_keep_the_solutions() {
    // Every freeform grid of 3x3 over a few words: the default encoding
    // (with join and cover clauses) and the first one agree.
    let dir = tempfile::tempdir().expect("tempdir");
    let words = temp_file(dir.path(), "w.txt", b"at\nta\ncat\nact\ntac\nto\not\n");
    let w = words.to_string_lossy().into_owned();
    let count = |encoding: &str| {
        let outs = solve(
            &[
                "--width",
                "3",
                "--height",
                "3",
                "--words",
                &w,
                "--encoding",
                encoding,
            ],
            &["--all"],
            &[],
        );
        assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
        stdout(&outs[2])
            .lines()
            .last()
            .and_then(|l| l.strip_suffix(" solutions"))
            .and_then(|n| n.parse::<usize>().ok())
            .expect("a count")
    };
    let first = count("selectors");
    assert!(first > 10, "{first}");
    assert_eq!(count("mdd"), first);
}

#[test]
fn plain_fills_prefer_the_tables_solver_and_fill_checked() {
    let pattern = path("grids/stazi-example2-10x10.txt");
    let words = stazi_words();
    let header = |extra: &[&str]| {
        let mut args = vec!["--pattern", &*pattern, "--words", &*words];
        args.extend(extra);
        let out = run("encode-crossword", &args, b"");
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out)
    };
    assert!(header(&[]).contains("\nc prefer-solver tables\n"));
    // Constraints beyond the tables: the word graphs' solver.
    for extra in [
        &["--max-shared-substring", "4"][..],
        &["--prefer-scores", "true"][..],
        &["--width", "5", "--height", "5"][..],
    ] {
        let args: Vec<&str> = if extra[0] == "--width" {
            vec!["--words", &*words, extra[0], extra[1], extra[2], extra[3]]
        } else {
            let mut args = vec!["--pattern", &*pattern, "--words", &*words];
            args.extend(extra);
            args
        };
        let out = run("encode-crossword", &args, b"");
        assert!(
            !stdout(&out).contains("c prefer-solver tables"),
            "{extra:?}"
        );
    }
    // The default pipeline fills it with the tables solver (its MAC
    // search); the decoder checks the fill against the rules.
    let outs = solve(
        &["--pattern", &pattern, "--words", &words],
        &["--stats"],
        &[],
    );
    assert_eq!(code(&outs[1]), 10, "{}", stderr(&outs[1]));
    assert!(stdout(&outs[1]).contains("\nc solver tables ("));
    assert!(stdout(&outs[1]).contains("\nc stat mac-runs 1\n"));
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    // Asked for several fills, solve takes its default solver.
    let outs = solve(
        &["--pattern", &pattern, "--words", &words],
        &["--max", "2"],
        &[],
    );
    assert!(!stdout(&outs[1]).contains("c solver tables"));
}

#[test]
fn the_tables_solver_proves_an_unfillable_pattern() {
    // Six slots, three words.
    let outs = solve_texts(
        b"...\n...\n...\n",
        b"abc\nbca\ncab\n",
        &["--solver", "tables"],
    );
    assert_eq!(code(&outs[1]), 20, "{}", stderr(&outs[1]));
    assert_eq!(code(&outs[2]), 20, "{}", stdout(&outs[2]));
}

#[test]
fn the_tables_solver_refuses_what_it_cannot_answer() {
    let pattern = path("grids/stazi-example2-10x10.txt");
    let words = stazi_words();
    let encoded = run(
        "encode-crossword",
        &["--pattern", &pattern, "--words", &words],
        b"",
    );
    for (args, message) in [
        (
            &["--solver", "tables", "--solver-option", "phase=0"][..],
            "--solver tables finds models and backbones: no --count, --cross-check, --proof or \
             --solver-option",
        ),
        (
            &["--solver", "tables", "--count"][..],
            "--count enumerates with an incremental embedded solver",
        ),
    ] {
        let out = run("solve", args, &encoded.stdout);
        assert_error(&out, message);
    }
    // A stream whose family has no tables.
    let themed = run(
        "encode-crossword",
        &[
            "--pattern",
            &pattern,
            "--words",
            &words,
            "--max-shared-substring",
            "4",
        ],
        b"",
    );
    let out = run("solve", &["--solver", "tables"], &themed.stdout);
    assert_error(
        &out,
        "--solver tables needs a formula whose family gives its table constraints",
    );
}
