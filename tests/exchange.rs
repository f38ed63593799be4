//! Exchange formats: puzz.link URLs in and out (Numberlink, nonograms,
//! sudokus), Across Lite `.puz` output checked by an independent reader
//! (puzpy), `.ipuz` and `.puz` patterns.

mod common;

use common::{
    assert_error, available, code, family_pipeline, instance, pipeline, root, run, stderr, stdout,
    temp_file,
};
use std::collections::BTreeSet;

/// `encode-FAMILY ARGS | solve SOLVE | decode-FAMILY DECODE`: the
/// decoder's output, which must exit 0.
fn solved(family: &str, args: &[&str], solve: &[&str], decode: &[&str]) -> String {
    let outputs = family_pipeline(family, args, solve, decode);
    assert_eq!(
        code(&outputs[2]),
        0,
        "{family} {args:?}: {}{}",
        stderr(&outputs[1]),
        stderr(&outputs[2])
    );
    stdout(&outputs[2])
}

/// The lines of a decoder's drawing without trailing blanks.
fn lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim_end().to_string()).collect()
}

/// Every solution (`solve --all`), as the set of their drawings.
fn all_solutions(family: &str, args: &[&str], decode: &[&str]) -> BTreeSet<String> {
    let out = solved(family, args, &["--all"], &[&["--json"], decode].concat());
    let document: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(document["complete"], true, "{out}");
    document["solutions"]
        .as_array()
        .expect("solutions")
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn text_of(relative: &str) -> String {
    std::fs::read_to_string(instance(relative)).expect("instance")
}

fn path(relative: &str) -> String {
    instance(relative).to_string_lossy().into_owned()
}

#[test]
fn pzprjs_numberlink_example_solves_to_its_answer_as_its_file_does() {
    let url = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3";
    let from_url = solved(
        "numberlink",
        &[url],
        &["--max", "2"],
        &["--format", "numbers"],
    );
    let file = path("numberlink/puzzlink/numlin-5x5.in");
    let from_file = solved(
        "numberlink",
        &["--allow-empty", "--allow-touching", &file],
        &["--max", "2"],
        &["--format", "numbers"],
    );
    assert_eq!(from_url, from_file);
    let answer = text_of("numberlink/puzzlink/numlin-5x5.answer");
    let mut expected = lines(&answer);
    expected.push("unique".into());
    assert_eq!(lines(&from_url), expected);
    // The genre's rules hold whatever the options say: no option is
    // recorded for them, the puzzle carries them.
    let cnf = stdout(&run("encode-numberlink", &[url], b""));
    assert!(!cnf.contains("c option --allow-"), "{cnf}");
}

#[test]
fn arukone_urls_keep_their_rules_and_letters() {
    let url = "puzz.link/p?arukone/5/5/1m2h3g3h1m2";
    let letters = path("numberlink/puzzlink/arukone-5x5.txt");
    let decode = ["--format", "numbers"];
    // Arukone: every cell on a line, lines may touch.
    let from_url = all_solutions("numberlink", &[url], &decode);
    let from_file = all_solutions("numberlink", &["--allow-touching", &letters], &decode);
    assert!(from_url.len() > 1);
    assert_eq!(from_url, from_file);
    // The flag e lets cells stay empty: more solutions, the same as the
    // file's under --allow-empty.
    let empty_url = "puzz.link/p?arukone/e/5/5/1m2h3g3h1m2";
    let empty = all_solutions("numberlink", &[empty_url], &decode);
    let empty_file = all_solutions(
        "numberlink",
        &["--allow-touching", "--allow-empty", &letters],
        &decode,
    );
    assert_eq!(empty, empty_file);
    assert!(empty.is_superset(&from_url) && empty.len() > from_url.len());
    let drawing = solved("numberlink", &[url], &[], &["--format", "numbers"]);
    assert!(drawing.starts_with('A'), "{drawing}");
}

#[test]
fn pzprjs_nonogram_and_sudoku_examples_solve_to_their_answers_as_their_files_do() {
    let cases = [
        (
            "nonogram",
            "nonogram/puzzlink/pzprjs-nonogram-6x6.txt",
            "nonogram/puzzlink/pzprjs-nonogram-6x6.non",
            "nonogram/puzzlink/pzprjs-nonogram-6x6.answer",
            vec!["--format", "O"],
        ),
        (
            "rules",
            "rules/puzzlink/pzprjs-sudoku-4x4.txt",
            "rules/puzzlink/pzprjs-sudoku-4x4-rules.txt",
            "rules/puzzlink/pzprjs-sudoku-4x4.answer",
            vec![],
        ),
    ];
    for (family, url_file, file, answer, decode) in cases {
        let url = text_of(url_file).trim().to_string();
        // The cells alone: digits, or O and _ (a sudoku's URL draws boxes).
        let cells = |text: &str| -> Vec<String> {
            text.lines()
                .map(|l| {
                    l.chars()
                        .filter(|c| c.is_ascii_digit() || matches!(c, 'O' | '_'))
                        .collect::<String>()
                })
                .filter(|l| !l.is_empty())
                .collect()
        };
        for input in [url.clone(), path(url_file)] {
            let from_url = solved(family, &[&input], &["--max", "2"], &decode);
            assert_eq!(cells(&from_url), lines(&text_of(answer)), "{input}");
            assert!(from_url.ends_with("unique\n"), "{from_url}");
        }
        // The file gives the same answer (a sudoku's drawing differs: the
        // URL's layout draws the boxes, so its digits are compared).
        let from_file = solved(family, &[&path(file)], &["--max", "2"], &decode);
        let from_url = solved(family, &[&url], &["--max", "2"], &decode);
        assert_eq!(cells(&from_file), cells(&from_url), "{file}");
        assert!(from_file.ends_with("unique\n"), "{from_file}");
    }
}

#[test]
fn urls_are_read_from_every_host_from_standard_input_and_kept_in_the_header() {
    for url in [
        "https://puzz.link/p?sudoku/4/4/g1k23k3g",
        "http://pzv.jp/p.html?sudoku/4/4/g1k23k3g",
        "pzprxs.vercel.app/p?sudoku/4/4/g1k23k3g/",
    ] {
        let cnf = run("encode-rules", &[url], b"");
        assert_eq!(code(&cnf), 0, "{url}: {}", stderr(&cnf));
        let header: Vec<String> = stdout(&cnf)
            .lines()
            .filter_map(|l| l.strip_prefix("c puzzle "))
            .map(String::from)
            .collect();
        assert_eq!(header, [url], "the URL is the stored puzzle");
        let piped = pipeline(
            &[("encode-rules", &[]), ("solve", &[]), ("decode-rules", &[])],
            format!("{url}\n").as_bytes(),
        );
        assert_eq!(code(&piped[2]), 0, "{}", stderr(&piped[0]));
        assert!(
            stdout(&piped[2]).contains("| 2 1 | 4 3 |"),
            "{}",
            stdout(&piped[2])
        );
    }
}

#[test]
fn files_of_urls_are_collections() {
    let urls = path("numberlink/puzzlink/pzprjs-examples.txt");
    let out = solved(
        "numberlink",
        &["--all-puzzles", &urls],
        &[],
        &["--format", "numbers"],
    );
    assert_eq!(out.matches("puzzle ").count(), 2, "{out}");
    let second = solved(
        "numberlink",
        &["--puzzle", "2", &urls],
        &[],
        &["--format", "numbers"],
    );
    assert!(second.starts_with('A'), "{second}");
    let cnf = stdout(&run("encode-numberlink", &["--puzzle", "2", &urls], b""));
    let stored: Vec<&str> = cnf
        .lines()
        .filter_map(|l| l.strip_prefix("c puzzle "))
        .collect();
    assert_eq!(
        stored,
        [
            "# puzzle 2 of pzprjs-examples.txt",
            "https://puzz.link/p?arukone/5/5/1m2h3g3h1m2"
        ]
    );
    assert_error(
        &run("encode-numberlink", &["--puzzle", "3", &urls], b""),
        "pzprjs-examples.txt:4: --puzzle 3: the file holds only 2 URL(s)",
    );
    // Nonograms and sudokus take collections too.
    let dir = tempfile::tempdir().expect("temp dir");
    let sudokus = temp_file(
        dir.path(),
        "sudokus.txt",
        b"puzz.link/p?sudoku/4/4/g1k23k3g\n# the same, from pzv.jp\npzv.jp/p.html?sudoku/4/4/g1k23k3g\n",
    );
    let sudokus = sudokus.to_string_lossy();
    let out = solved("rules", &["--all-puzzles", &sudokus], &["--max", "2"], &[]);
    assert_eq!(out.matches("unique").count(), 2, "{out}");
    let bad = temp_file(
        dir.path(),
        "bad.txt",
        b"puzz.link/p?sudoku/4/4/g1k23k3g\nsudoku 4 4\n",
    );
    assert_error(
        &run(
            "encode-rules",
            &["--all-puzzles", &bad.to_string_lossy()],
            b"",
        ),
        "bad.txt:2: 'sudoku 4 4' is no puzzle URL",
    );
    let nonograms = temp_file(
        dir.path(),
        "n.txt",
        format!(
            "{0}\n{0}\n",
            text_of("nonogram/puzzlink/pzprjs-nonogram-6x6.txt").trim()
        )
        .as_bytes(),
    );
    let out = solved(
        "nonogram",
        &["--puzzle", "2", &nonograms.to_string_lossy()],
        &[],
        &[],
    );
    assert!(out.contains("1 solution"), "{out}");
}

#[test]
fn puzzle_files_round_trip_through_their_urls() {
    // Numberlink: every format, and the URL read back under numlin's
    // rules has the same solutions as the file under the same rules.
    let rules = ["--allow-empty", "--allow-touching"];
    for file in [
        "numberlink/seed/input-7by7.in",
        "numberlink/adc2015/Q/Q08.txt",
        "numberlink/puzzlink/arukone-5x5.txt",
    ] {
        let url = run("puzzle-url", &["numberlink", &path(file)], b"");
        assert_eq!(code(&url), 0, "{file}: {}", stderr(&url));
        let url = stdout(&url).trim().to_string();
        assert!(url.starts_with("https://puzz.link/p?numlin/"), "{url}");
        let again = run("puzzle-url", &["numberlink", &url], b"");
        assert_eq!(
            stdout(&again).trim(),
            url,
            "a URL is written back unchanged"
        );
        let decode = ["--format", "numbers"];
        let from_url = solved("numberlink", &[&url], &["--max", "2"], &decode);
        let from_file = solved(
            "numberlink",
            &[&rules[..], &[&path(file)]].concat(),
            &["--max", "2"],
            &decode,
        );
        // Letter grids print letters, URLs numbers: compare the verdicts
        // and the grid's shape.
        assert_eq!(from_url.lines().last(), from_file.lines().last(), "{file}");
        assert_eq!(
            from_url.lines().count(),
            from_file.lines().count(),
            "{file}"
        );
    }
    // Nonograms.
    for file in [
        "nonogram/griddler/converted-non/inputDog.non",
        "nonogram/puzzlink/pzprjs-nonogram-6x6.non",
    ] {
        let url = stdout(&run("puzzle-url", &["nonogram", &path(file)], b""))
            .trim()
            .to_string();
        assert!(
            url.starts_with("https://puzz.link/p?nonogram/"),
            "{file}: {url}"
        );
        let from_url = solved("nonogram", &[&url], &["--max", "2"], &["--format", "O"]);
        let from_file = solved(
            "nonogram",
            &[&path(file)],
            &["--max", "2"],
            &["--format", "O"],
        );
        assert_eq!(from_url, from_file, "{file}");
    }
    // Sudokus: the URL's rule text draws its boxes, so compare digits.
    for file in [
        "rules/solvomatic/puzzles/hardest-sudoku.txt",
        "rules/examples/sudoku-4x4.txt",
    ] {
        let url = stdout(&run("puzzle-url", &["rules", &path(file)], b""))
            .trim()
            .to_string();
        assert!(
            url.starts_with("https://puzz.link/p?sudoku/"),
            "{file}: {url}"
        );
        let digits = |text: String| -> Vec<String> {
            text.lines()
                .map(|l| {
                    l.chars()
                        .filter(char::is_ascii_alphanumeric)
                        .collect::<String>()
                })
                .filter(|l| !l.is_empty())
                .collect()
        };
        let from_url = solved("rules", &[&url], &["--max", "2"], &[]);
        let from_file = solved("rules", &[&path(file)], &["--max", "2"], &[]);
        assert_eq!(digits(from_url), digits(from_file), "{file}");
    }
}

#[test]
fn sudokus_of_every_size_pzprjs_writes_read_with_its_boxes() {
    // 6x6: boxes 3 wide, 2 high; 10x10: 3x3 boxes, the last ones cut
    // short; each solution holds every rule.
    for url in [
        "puzz.link/p?sudoku/6/6/1l2l3l4l5l6",
        "puzz.link/p?sudoku/10/10/zzzzz",
        "puzz.link/p?sudoku/16/16/1",
    ] {
        let url = if url.ends_with("/1") {
            // 16x16: one given, then 255 empty cells.
            format!("{url}{}u", "z".repeat(12))
        } else {
            url.to_string()
        };
        let explained = solved("rules", &[&url], &[], &["--format", "explain"]);
        assert!(!explained.contains("BROKEN"), "{explained}");
    }
    let six = solved("rules", &["puzz.link/p?sudoku/6/6/1l2l3l4l5l6"], &[], &[]);
    let first_box: String = six.lines().skip(1).take(2).map(|l| &l[..9]).collect();
    let digits: BTreeSet<char> = first_box.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits.len(), 6, "a 3x2 box holds 1..6: {six}");
}

#[test]
fn generated_puzzles_urls_decode_to_unique_puzzles() {
    let numberlink = run(
        "generate-numberlink",
        &["7", "6", "--format", "url", "--count", "3", "--seed", "4"],
        b"",
    );
    assert_eq!(code(&numberlink), 0, "{}", stderr(&numberlink));
    let urls = stdout(&numberlink);
    assert_eq!(
        urls.lines()
            .filter(|l| l.starts_with("https://puzz.link/p?numlin/7/6/"))
            .count(),
        3,
        "{urls}"
    );
    let out = pipeline(
        &[
            ("encode-numberlink", &["--all-puzzles"]),
            ("solve", &["--max", "2"]),
            ("decode-numberlink", &[]),
        ],
        urls.as_bytes(),
    );
    assert_eq!(
        stdout(&out[2]).matches("unique").count(),
        3,
        "{}",
        stdout(&out[2])
    );
    let sudoku = run(
        "generate-rules",
        &[&path("rules/examples/sudoku-4x4.txt"), "--format", "url"],
        b"",
    );
    assert_eq!(code(&sudoku), 0, "{}", stderr(&sudoku));
    let url = stdout(&sudoku).trim().to_string();
    assert!(url.starts_with("https://puzz.link/p?sudoku/4/4/"), "{url}");
    assert!(solved("rules", &[&url], &["--max", "2"], &[]).ends_with("unique\n"));
    let from_url = run(
        "generate-rules",
        &["puzz.link/p?sudoku/4/4/v", "--format", "url", "--seed", "2"],
        b"",
    );
    assert_eq!(code(&from_url), 0, "{}", stderr(&from_url));
    let url = stdout(&from_url).trim().to_string();
    assert!(
        solved("rules", &[&url], &["--max", "2"], &[]).ends_with("unique\n"),
        "{url}"
    );
    let heart = root().join("tests/data/heart.png");
    let nonogram = run(
        "generate-nonogram",
        &[&heart.to_string_lossy(), "--format", "url"],
        b"",
    );
    assert_eq!(code(&nonogram), 0, "{}", stderr(&nonogram));
    assert!(
        stderr(&nonogram).contains("(unique)"),
        "{}",
        stderr(&nonogram)
    );
    let url = stdout(&nonogram).trim().to_string();
    assert!(
        solved("nonogram", &[&url], &["--max", "2"], &[]).ends_with("unique\n"),
        "{url}"
    );
}

#[test]
fn bad_urls_are_errors_naming_file_and_line() {
    let cases = [
        (
            "numberlink",
            "puzz.link/p?nurikabe/5/5/1j2h3m1h2j3",
            "'nurikabe' puzzle",
        ),
        (
            "numberlink",
            "puzz.link/p?numlin/5/4/1j2h3m1h2j3",
            "over-long",
        ),
        (
            "numberlink",
            "puzz.link/p?numlin/5/6/1j2h3m1h2j3",
            "truncated",
        ),
        (
            "numberlink",
            "puzz.link/p?numlin/5/5/1j2h3m1h2j-3",
            "truncated",
        ),
        (
            "numberlink",
            "puzz.link/p?numlin/5/5/1j2h3m1h2j#",
            "'#' at character 11 is outside",
        ),
        (
            "numberlink",
            "puzz.link/p?numlin/5/x/1j2h3m1h2j3",
            "number of rows",
        ),
        ("numberlink", "puzz.link/p?numlin/0/5/1j2h3m1h2j3", "1 to"),
        (
            "numberlink",
            "puzz.link/p?numlin/5/5/1j2h3m1h2j4",
            "appears only once",
        ),
        ("nonogram", "puzz.link/p?nonogram/2/2/1h2", "fill"),
        (
            "nonogram",
            "puzz.link/p?sudoku/4/4/g1k23k3g",
            "reads the genre nonogram",
        ),
        ("rules", "puzz.link/p?sudoku/4/5/g1k23k3g", "square"),
        ("rules", "puzz.link/p?sudoku/4/4/g5k23k3g", "outside 1..4"),
        (
            "rules",
            "puzz.link/p?numlin/5/5/1j2h3m1h2j3",
            "reads the genre sudoku",
        ),
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    for (family, url, message) in cases {
        let encoder = format!("encode-{family}");
        let out = run(&encoder, &[url], b"");
        assert_error(&out, message);
        assert!(
            stderr(&out).contains("<command line>:1:"),
            "{}",
            stderr(&out)
        );
        // In a file, the message names the file and the URL's line.
        let file = temp_file(
            dir.path(),
            "u.txt",
            format!("# a comment\n\n{url}\n").as_bytes(),
        );
        let out = run(&encoder, &[&file.to_string_lossy()], b"");
        assert_error(&out, "u.txt:3: ");
        assert_error(&out, message);
    }
    assert_error(
        &run(
            "puzzle-url",
            &["rules", &path("rules/solvomatic/puzzles/magic-square.txt")],
            b"",
        ),
        "no sudoku of puzz.link's shape",
    );
    assert_error(
        &run(
            "puzzle-url",
            &["nonogram", &path("nonogram/colour/nonogrid-uk-flag.non")],
            b"",
        ),
        "black and white",
    );
    assert_error(
        &run(
            "generate-nonogram",
            &[
                &root().join("tests/data/heart.png").to_string_lossy(),
                "--format",
                "url",
                "--colours",
                "2",
            ],
            b"",
        ),
        "black and white",
    );
}

/// True when python3 can import puzpy (PyPI's puzpy, installed by
/// scripts/install-deps.sh); required in CI.
fn puzpy_available() -> bool {
    let found = common::external_command("python3")
        .args(["-c", "import puz"])
        .output()
        .is_ok_and(|o| o.status.success());
    available(found, "puzpy", "is not installed (pip install puzpy)")
}

/// Reads a `.puz` file with puzpy (which verifies every checksum on
/// reading) and prints its size, solution and numbered clues as JSON.
const READ_PUZ: &str = r#"
import json, sys, puz
p = puz.read(sys.argv[1])
n = p.clue_numbering()
print(json.dumps({
    "width": p.width, "height": p.height, "solution": p.solution, "fill": p.fill,
    "across": [[c["num"], c["clue"]] for c in n.across],
    "down": [[c["num"], c["clue"]] for c in n.down],
}))
"#;

#[test]
fn puz_files_read_back_in_puzpy_with_checksums_and_every_letter() {
    let dir = tempfile::tempdir().expect("temp dir");
    let clues = temp_file(
        dir.path(),
        "clues.txt",
        "# clues by entry\nA1 Where a dog sits\nD2. Café au ___ ~ LAIT\n".as_bytes(),
    );
    let grid = path("crossword/grids/stazi-example2-10x10.txt");
    let words = path("crossword/stazi-words.json");
    let args = [
        "--pattern",
        &grid,
        "--words",
        &words,
        "--clues",
        &clues.to_string_lossy(),
    ];
    let outputs = family_pipeline("crossword", &args, &[], &["--format", "puz"]);
    assert_eq!(code(&outputs[2]), 0, "{}", stderr(&outputs[2]));
    let bytes = outputs[2].stdout.clone();
    assert_eq!(&bytes[2..14], b"ACROSS&DOWN\0");
    let filled = solved("crossword", &args, &[], &["--format", "grid"]);
    let file = temp_file(dir.path(), "filled.puz", &bytes);
    if !puzpy_available() {
        return;
    }
    let read = common::external_command("python3")
        .args(["-c", READ_PUZ, &file.to_string_lossy()])
        .output()
        .expect("python3");
    assert!(
        read.status.success(),
        "{}",
        String::from_utf8_lossy(&read.stderr)
    );
    let document: serde_json::Value = serde_json::from_slice(&read.stdout).expect("puzpy's JSON");
    assert_eq!(
        (document["width"].as_u64(), document["height"].as_u64()),
        (Some(10), Some(10))
    );
    let letters: String = filled
        .lines()
        .collect::<String>()
        .replace('#', ".")
        .to_uppercase();
    assert_eq!(document["solution"].as_str(), Some(letters.as_str()));
    assert!(document["fill"]
        .as_str()
        .is_some_and(|f| f.chars().all(|c| c == '-' || c == '.')));
    assert_eq!(
        document["across"][0],
        serde_json::json!([1, "Where a dog sits"])
    );
    let down2 = document["down"]
        .as_array()
        .expect("down")
        .iter()
        .find(|c| c[0] == 2);
    assert_eq!(down2, Some(&serde_json::json!([2, "Café au ___"])));
    let empty = document["down"]
        .as_array()
        .expect("down")
        .iter()
        .filter(|c| c[1] == "")
        .count();
    assert!(empty > 5, "entries without a clue have empty clue strings");
}

#[test]
fn puz_and_ipuz_patterns_fill_with_their_blocks_letters_and_clues() {
    let dir = tempfile::tempdir().expect("temp dir");
    let words = path("crossword/stazi-words.json");
    // An ipuz pattern with a block, an omitted cell, a given letter and a
    // clue.
    let ipuz = r##"{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 4, "height": 2},
  "puzzle": [[1, 2, {"cell": 3, "value": "A"}, 0], [4, 0, 0, "#"]],
  "solution": [["x", "x", "x", "x"], ["x", "x", "x", "#"]],
  "clues": {"Across": [[1, "A place to sit"], {"number": 4, "clue": "Tom, for one"}], "Down": []}
}"##;
    let list = temp_file(dir.path(), "w.txt", b"seat\ncat\nsc\nea\nat\n");
    let pattern = temp_file(dir.path(), "p.ipuz", ipuz.as_bytes());
    let args = [
        "--pattern",
        &*pattern.to_string_lossy(),
        "--words",
        &*list.to_string_lossy(),
    ]
    .map(String::from);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let grid = solved("crossword", &args, &["--max", "2"], &["--format", "grid"]);
    assert_eq!(lines(&grid), ["seat", "cat#"]);
    let xd = solved("crossword", &args, &[], &["--format", "xd"]);
    assert!(xd.contains("A1. A place to sit ~ SEAT"), "{xd}");
    assert!(xd.contains("A4. Tom, for one ~ CAT"), "{xd}");
    // The .puz the decoder writes is a pattern again: blocks and clues
    // kept, its answer letters not (they are the fill's to find).
    let puz = family_pipeline("crossword", &args, &[], &["--format", "puz"]);
    let file = temp_file(dir.path(), "p.puz", &puz[2].stdout);
    let again = [
        "--pattern",
        &*file.to_string_lossy(),
        "--words",
        &*list.to_string_lossy(),
    ]
    .map(String::from);
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    let xd_again = solved("crossword", &again, &[], &["--format", "xd"]);
    assert_eq!(xd_again, xd);
    // A given letter that no word fits: no fill.
    let blocked = temp_file(
        dir.path(),
        "b.ipuz",
        ipuz.replace("\"A\"", "\"Z\"").as_bytes(),
    );
    let outputs = family_pipeline(
        "crossword",
        &[
            "--pattern",
            &blocked.to_string_lossy(),
            "--words",
            &list.to_string_lossy(),
        ],
        &[],
        &[],
    );
    assert_eq!(code(&outputs[2]), 20, "{}", stdout(&outputs[2]));
    // Bad patterns and clues.
    let not_crossword = temp_file(
        dir.path(),
        "s.ipuz",
        br#"{"kind": ["http://ipuz.org/sudoku#1"]}"#,
    );
    assert_error(
        &run(
            "encode-crossword",
            &[
                "--pattern",
                &not_crossword.to_string_lossy(),
                "--words",
                &words,
            ],
            b"",
        ),
        "is no crossword",
    );
    let mut corrupt = puz[2].stdout.clone();
    let at = corrupt.len() - 3;
    corrupt[at] ^= 0x20;
    let corrupt = temp_file(dir.path(), "c.puz", &corrupt);
    assert_error(
        &run(
            "encode-crossword",
            &["--pattern", &corrupt.to_string_lossy(), "--words", &words],
            b"",
        ),
        "checksum does not match",
    );
    let clues = temp_file(dir.path(), "c.txt", b"A1 fine\nD9 no such entry\n");
    assert_error(
        &run(
            "encode-crossword",
            &[
                "--pattern",
                &pattern.to_string_lossy(),
                "--words",
                &list.to_string_lossy(),
                "--clues",
                &clues.to_string_lossy(),
            ],
            b"",
        ),
        "c.txt:2: a clue for D9, which the pattern has no entry for",
    );
    let wide = temp_file(dir.path(), "w.txt2", "A1 猫\n".as_bytes());
    let outputs = family_pipeline(
        "crossword",
        &[
            "--pattern",
            &pattern.to_string_lossy(),
            "--words",
            &list.to_string_lossy(),
            "--clues",
            &wide.to_string_lossy(),
        ],
        &[],
        &["--format", "puz"],
    );
    assert_error(&outputs[2], "ISO-8859-1");
}
