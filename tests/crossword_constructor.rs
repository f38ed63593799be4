//! The constructor features of pattern filling, through the real binaries:
//! scored word lists and `--min-score`, over tiny patterns whose fills
//! are known by hand.
//!
//! The decoder checks every solution with the independent checker, so a
//! decoded grid is a checked grid.

mod common;

use common::{assert_error, code, run, stderr, stdout, temp_file};
use std::path::Path;
use std::process::Output;

/// Runs encode (with `encode_args`), solve (with `solve_args`) and decode
/// (with `decode_args`); returns the decoder's output.
fn fill(encode_args: &[&str], solve_args: &[&str], decode_args: &[&str]) -> Output {
    common::family_pipeline("crossword", encode_args, solve_args, decode_args)
        .into_iter()
        .nth(2)
        .expect("three stages")
}

/// Writes `text` to `name` in `dir`; returns the path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    temp_file(dir, name, text.as_bytes())
        .to_string_lossy()
        .into_owned()
}

/// The number of fills `solve --all` finds (0 when there is none).
fn count(pattern: &str, words: &str, extra: &[&str]) -> usize {
    let mut args = vec!["--pattern", pattern, "--words", words];
    args.extend(extra);
    let out = fill(&args, &["--all"], &[]);
    let text = stdout(&out);
    if code(&out) == 20 {
        return 0;
    }
    assert_eq!(code(&out), 0, "{text}{}", stderr(&out));
    let last = text.lines().last().unwrap_or_default();
    match last.split_once(' ') {
        Some((n, "solutions" | "solution")) => n.parse().expect("a count"),
        _ => panic!("no count in {text}"),
    }
}

#[test]
fn min_score_drops_the_low_scored_words() {
    // A 2x2 square: "ab/cd" and its transpose "ac/bd" need all four words;
    // "bd" scores 20, so a minimum above 20 leaves no fill.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let words = file(dir.path(), "w.txt", "AB;60\ncd;60\nac\nbd;20\n");
    assert_eq!(count(&pattern, &words, &[]), 2);
    assert_eq!(count(&pattern, &words, &["--min-score", "20"]), 2);
    assert_eq!(count(&pattern, &words, &["--min-score", "21"]), 0);
    // "ac" has the default score 50.
    assert_eq!(count(&pattern, &words, &["--min-score", "51"]), 0);
    // A second square, "ef/gh" and its transpose, of scores 40: the
    // minimum picks the squares.
    let more = file(
        dir.path(),
        "more.txt",
        "ab;60\ncd;60\nac;60\nbd;60\nef;40\ngh;40\neg;40\nfh;40\n",
    );
    assert_eq!(count(&pattern, &more, &[]), 4);
    assert_eq!(count(&pattern, &more, &["--min-score", "41"]), 2);
    let out = fill(
        &["--pattern", &pattern, "--words", &more, "--min-score", "41"],
        &["--all"],
        &["--format", "grid"],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stdout(&out).contains('e'), "{}", stdout(&out));
}

#[test]
fn scored_list_errors_name_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    for (list, message) in [
        (
            "ab;60\ncd;high\n",
            "w.txt:2: 'high' after 'cd;' is not a score",
        ),
        (
            "ab;60\n\ncd;-1\n",
            "w.txt:3: '-1' after 'cd;' is not a score",
        ),
        (
            "ab;60\ncd,60\n",
            "w.txt:2: 'cd,60' is not a word of letters a-z",
        ),
        (
            "ab;60\nAB;10\n",
            "w.txt:2: 'ab' is listed twice (first on line 1)",
        ),
    ] {
        let words = file(dir.path(), "w.txt", list);
        let out = run(
            "encode-crossword",
            &["--pattern", &pattern, "--words", &words],
            b"",
        );
        assert_error(&out, message);
    }
    // A bad score is an error even when filtering words.
    let words = file(dir.path(), "w.txt", "ab;60\ncd;x\n");
    let out = run(
        "encode-crossword",
        &["--pattern", &pattern, "--words", &words, "--filter-words"],
        b"",
    );
    assert_error(&out, "w.txt:2:");
}

#[test]
fn plain_lists_keep_their_documents() {
    // Without scores and without --min-score, the stored document lists
    // bare words, as before scores existed; scores other than 50 are kept.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let words = file(dir.path(), "w.txt", "ab\ncd;50\nac;70\nbd\n");
    let out = run(
        "encode-crossword",
        &["--pattern", &pattern, "--words", &words],
        b"",
    );
    let cnf = stdout(&out);
    assert!(
        cnf.contains("\nc puzzle ab\nc puzzle cd\nc puzzle ac;70\n"),
        "{cnf}"
    );
    assert!(!cnf.contains("min-score"), "{cnf}");
}

#[test]
fn the_decoder_reports_the_fills_scores() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let words = file(dir.path(), "w.txt", "ab;60\ncd;60\nac\nbd;20\n");
    let args = ["--pattern", &*pattern, "--words", &*words];
    let out = fill(&args, &[], &[]);
    let text = stdout(&out);
    assert_eq!(code(&out), 0, "{text}{}", stderr(&out));
    assert!(
        text.contains("\nword scores: lowest 20, mean 47.5 (4 entries)\n"),
        "{text}"
    );
    let out = fill(&args, &[], &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let scores = &json["solutions"][0]["scores"];
    assert_eq!(scores["lowest"], 20, "{json}");
    assert_eq!(scores["mean"], 47.5, "{json}");
    assert_eq!(scores["entries"], 4, "{json}");
}

#[test]
fn the_fill_prefers_higher_scores_and_counts_stay() {
    // Two word squares fill the open 2x2: ab/cd (with ac and bd: scores
    // 60, 60, 50, 20) and ef/gh (all 40), each also transposed.
    let pattern = common::instance("crossword/examples/open-2x2.txt");
    let words = common::instance("crossword/examples/scored-example.txt");
    let (pattern, words) = (
        pattern.to_str().expect("path"),
        words.to_str().expect("path"),
    );
    // Every fill is counted either way.
    for prefer in ["true", "false"] {
        let extra = ["--prefer-scores", prefer];
        assert_eq!(count(pattern, words, &extra), 4, "--prefer-scores {prefer}");
    }
    // A ladder a slot with several scores; none for a plain list.
    let relax = |words: &str, prefer: &str| {
        let args = [
            "--pattern",
            pattern,
            "--words",
            words,
            "--prefer-scores",
            prefer,
        ];
        let cnf = stdout(&run("encode-crossword", &args, b""));
        cnf.lines().filter(|l| l.starts_with("c relax ")).count()
    };
    assert_eq!(relax(words, "true"), 4);
    assert_eq!(relax(words, "false"), 0);
    let dir = tempfile::tempdir().expect("tempdir");
    let plain = file(dir.path(), "w.txt", "ab\ncd\nac\nbd\n");
    assert_eq!(relax(&plain, "true"), 0);
    // Two squares, one of 60s and one with 20s, in a list of few good
    // words (the rungs select the words above the level) and in one of
    // mostly good words (they rule out the few below): with the ladders
    // the first fill is the square of 60s; every fill is counted either
    // way.
    let few_good = file(
        dir.path(),
        "few.txt",
        "ab;60\ncd;60\nac;60\nbd;60\nef;20\ngh;20\neg;20\nfh;20\nij;20\n",
    );
    let mostly_good = file(
        dir.path(),
        "good.txt",
        "ab;60\ncd;60\nac;60\nbd;60\nef;60\ngh;60\neg;60\nfh;20\n",
    );
    for list in [&few_good, &mostly_good] {
        let args = [
            "--pattern",
            pattern,
            "--words",
            list.as_str(),
            "--prefer-scores",
            "true",
        ];
        let text = stdout(&fill(&args, &[], &[]));
        assert!(
            text.contains("word scores: lowest 60, mean 60.0 (4 entries)"),
            "{list}: {text}"
        );
        for prefer in ["true", "false"] {
            let extra = ["--prefer-scores", prefer];
            assert_eq!(count(pattern, list, &extra), 4, "{list} {prefer}");
        }
        // (A slot whose candidates all score alike gets no ladder.)
        assert!(relax(list, "true") > 0, "{list}");
        assert_eq!(relax(list, "false"), 0);
    }
    let args = ["--pattern", pattern, "--words", mostly_good.as_str()];
    let cnf = stdout(&run("encode-crossword", &args, b""));
    assert!(
        !cnf.lines().any(|l| l.starts_with("c relax ")),
        "off by default"
    );
}

/// The slots of a pattern (`#` black): per slot, its cells in order.
fn pattern_slots(rows: &[&[u8]]) -> Vec<Vec<(usize, usize)>> {
    let (height, width) = (rows.len(), rows[0].len());
    let open = |r: usize, c: usize| rows[r][c] != b'#';
    let mut found = Vec::new();
    for (dr, dc) in [(0, 1), (1, 0)] {
        for r in 0..height {
            for c in 0..width {
                let starts = open(r, c) && !(r >= dr && c >= dc && open(r - dr, c - dc));
                if !starts {
                    continue;
                }
                let cells: Vec<(usize, usize)> = (0..)
                    .map(|i| (r + dr * i, c + dc * i))
                    .take_while(|&(rr, cc)| rr < height && cc < width && open(rr, cc))
                    .collect();
                if cells.len() >= 2 {
                    found.push(cells);
                }
            }
        }
    }
    found
}

/// Counts by brute force the fills of `pattern` with distinct `words`
/// whose entries share no more than `max_shared` consecutive letters:
/// every slot takes every word that fits the letters placed so far, the
/// slot with the most placed letters first.
fn brute_force_count(pattern: &str, words: &[String], max_shared: Option<usize>) -> usize {
    struct Search<'a> {
        slots: Vec<Vec<(usize, usize)>>,
        words: &'a [String],
        max_shared: Option<usize>,
        grid: Vec<Vec<u8>>,
        chosen: Vec<Option<&'a String>>,
    }
    impl<'a> Search<'a> {
        fn shares(&self, word: &str, other: &str) -> bool {
            other == word
                || self.max_shared.is_some_and(|n| {
                    word.as_bytes()
                        .windows(n + 1)
                        .any(|piece| other.as_bytes().windows(n + 1).any(|o| o == piece))
                })
        }
        fn count(&mut self) -> usize {
            let placed = |cells: &Vec<(usize, usize)>, grid: &Vec<Vec<u8>>| {
                cells.iter().filter(|&&(r, c)| grid[r][c] != b'.').count()
            };
            let next = (0..self.slots.len())
                .filter(|&s| self.chosen[s].is_none())
                .max_by_key(|&s| placed(&self.slots[s], &self.grid));
            let Some(s) = next else {
                return 1;
            };
            let mut total = 0;
            let (words, len) = (self.words, self.slots[s].len());
            for word in words.iter().filter(|w| w.len() == len) {
                let fits = self.slots[s]
                    .iter()
                    .zip(word.bytes())
                    .all(|(&(r, c), x)| self.grid[r][c] == b'.' || self.grid[r][c] == x);
                let clash = self.chosen.iter().flatten().any(|o| self.shares(word, o));
                if !fits || clash {
                    continue;
                }
                let saved = self.grid.clone();
                for (&(r, c), x) in self.slots[s].iter().zip(word.bytes()) {
                    self.grid[r][c] = x;
                }
                self.chosen[s] = Some(word);
                total += self.count();
                self.chosen[s] = None;
                self.grid = saved;
            }
            total
        }
    }
    let rows: Vec<&[u8]> = pattern.lines().map(str::as_bytes).collect();
    let slots = pattern_slots(&rows);
    let chosen = vec![None; slots.len()];
    Search {
        slots,
        words,
        max_shared,
        grid: rows.iter().map(|r| r.to_vec()).collect(),
        chosen,
    }
    .count()
}

#[test]
fn shared_substrings_are_forbidden_exactly() {
    // The original generator's list on a small pattern: 19 fills, 17 with
    // no three letters shared, 6 with no two; counted by brute force too.
    let words_path = common::instance("crossword/stazi-words.json");
    let list: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&words_path).expect("list")).expect("JSON");
    let mut words: Vec<String> = list
        .as_object()
        .expect("object")
        .values()
        .flat_map(|v| v.as_array().expect("array").iter())
        .filter_map(|w| w.as_str().map(str::to_string))
        .collect();
    words.sort();
    words.dedup();
    let pattern_text = "...#\n....\n#...\n"; // instances/crossword/examples/small-3x4.txt
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", pattern_text);
    let words_arg = words_path.to_string_lossy().into_owned();
    for (max, expected) in [(None, 19), (Some(2), 17), (Some(1), 6)] {
        assert_eq!(brute_force_count(pattern_text, &words, max), expected);
        let flag = max.map(|n| n.to_string());
        let extra: Vec<&str> = match &flag {
            Some(n) => vec!["--max-shared-substring", n],
            None => Vec::new(),
        };
        assert_eq!(count(&pattern, &words_arg, &extra), expected, "{max:?}");
    }
    // The 2x2 square ab/cd, ac/bd shares a letter between every crossing
    // pair, but no two letters.
    let square = file(dir.path(), "q.txt", "..\n..\n");
    let list = file(dir.path(), "w.txt", "ab\ncd\nac\nbd\n");
    assert_eq!(count(&square, &list, &["--max-shared-substring", "1"]), 2);
    let out = run(
        "encode-crossword",
        &[
            "--width",
            "3",
            "--height",
            "3",
            "--words",
            &list,
            "--max-shared-substring",
            "2",
        ],
        b"",
    );
    assert_error(&out, "--max-shared-substring is for pattern fills");
}

#[test]
fn theme_words_score_first_and_can_be_required() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let words = file(dir.path(), "w.txt", "ab;60\ncd\nac\nbd\nef\ngh\neg\nfh\n");
    let theme = file(dir.path(), "t.txt", "ef\n");
    // The theme word scores one above the list's best (60), and
    // is merely preferred: every fill stays.
    let out = run(
        "encode-crossword",
        &["--pattern", &pattern, "--words", &words, "--theme", &theme],
        b"",
    );
    assert!(
        stdout(&out).contains("\nc puzzle ef;61\n"),
        "{}",
        stdout(&out)
    );
    assert_eq!(count(&pattern, &words, &["--theme", &theme]), 4);
    // Required: only the square with "ef", across or down.
    let required = ["--theme", &*theme, "--theme-required"];
    assert_eq!(count(&pattern, &words, &required), 2);
    let out = fill(
        &[
            "--pattern",
            &pattern,
            "--words",
            &words,
            "--theme",
            &theme,
            "--theme-required",
        ],
        &["--all"],
        &[],
    );
    assert!(stdout(&out).contains("e f\ng h\n"), "{}", stdout(&out));
    // A theme word outside the list is added; one no crossing allows
    // leaves no fill, and the decoder names it.
    let odd = file(dir.path(), "odd.txt", "xy\n");
    let out = fill(
        &[
            "--pattern",
            &pattern,
            "--words",
            &words,
            "--theme",
            &odd,
            "--theme-required",
        ],
        &[],
        &[],
    );
    assert_eq!(code(&out), 20, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("for 1 required theme word:\n  xy\n"),
        "{}",
        stdout(&out)
    );
    let long = file(dir.path(), "long.txt", "xyz\n");
    let out = run(
        "encode-crossword",
        &[
            "--pattern",
            &pattern,
            "--words",
            &words,
            "--theme",
            &long,
            "--theme-required",
        ],
        b"",
    );
    assert_error(&out, "the theme word 'xyz' (3 letters) fits no slot");
}

/// The first fill of `instances/crossword/examples/small-3x4.txt` in
/// `format`, and the same fill as `--json` (the solver is deterministic).
fn small_fill(format: &str) -> (String, serde_json::Value) {
    let pattern = common::instance("crossword/examples/small-3x4.txt");
    let words = common::instance("crossword/stazi-words.json");
    let args = [
        "--pattern",
        &*pattern.to_string_lossy(),
        "--words",
        &*words.to_string_lossy(),
    ]
    .map(str::to_string);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = fill(&args, &[], &["--format", format]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let json = fill(&args, &[], &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    (stdout(&out), json["solutions"][0].clone())
}

#[test]
fn ipuz_documents_read_back_as_the_fill() {
    let (text, fill) = small_fill("ipuz");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("ipuz is JSON alone");
    assert_eq!(doc["version"], "http://ipuz.org/v2");
    assert_eq!(doc["kind"][0], "http://ipuz.org/crossword#1");
    assert_eq!(doc["dimensions"]["width"], 4);
    assert_eq!(doc["dimensions"]["height"], 3);
    let grid: Vec<String> = fill["grid"]
        .as_array()
        .expect("grid")
        .iter()
        .map(|r| r.as_str().expect("row").to_string())
        .collect();
    for (r, row) in grid.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let letter = &doc["solution"][r][c];
            let cell = &doc["puzzle"][r][c];
            if ch == '#' {
                assert_eq!(letter, "#");
                assert_eq!(cell, "#");
            } else {
                assert_eq!(letter.as_str(), Some(&*ch.to_ascii_uppercase().to_string()));
                assert!(cell.is_u64(), "({r},{c}): {cell}");
            }
        }
    }
    for (direction, key) in [("Across", "across"), ("Down", "down")] {
        let clues = doc["clues"][direction].as_array().expect("clues");
        let entries = fill[key].as_array().expect("entries");
        assert_eq!(clues.len(), entries.len(), "{direction}");
        for (clue, entry) in clues.iter().zip(entries) {
            assert_eq!(clue["number"], entry["number"]);
            let (r, c) = (entry["row"].as_u64(), entry["col"].as_u64());
            let (r, c) = (r.expect("row") as usize, c.expect("col") as usize);
            assert_eq!(doc["puzzle"][r][c], entry["number"], "numbered in the grid");
            let word = entry["word"].as_str().expect("word").to_ascii_uppercase();
            assert_eq!(clue["answer"].as_str(), Some(&*word));
            assert_eq!(clue["clue"], "");
        }
    }
}

#[test]
fn xd_text_holds_the_grid_and_every_answer() {
    let (text, fill) = small_fill("xd");
    let sections: Vec<&str> = text.split("\n\n\n").collect();
    assert_eq!(sections.len(), 3, "{text}");
    assert!(sections[0].starts_with("Title: "), "{text}");
    let grid: Vec<String> = fill["grid"]
        .as_array()
        .expect("grid")
        .iter()
        .map(|r| r.as_str().expect("row").to_ascii_uppercase())
        .collect();
    assert_eq!(sections[1].lines().collect::<Vec<_>>(), grid);
    let mut expected = Vec::new();
    for (prefix, key) in [("A", "across"), ("D", "down")] {
        for entry in fill[key].as_array().expect("entries") {
            expected.push(format!(
                "{prefix}{}. ~ {}",
                entry["number"],
                entry["word"].as_str().expect("word").to_ascii_uppercase()
            ));
        }
    }
    let clues: Vec<&str> = sections[2].lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(clues, expected);
    assert!(
        sections[2].contains("\n\nD1. ~ "),
        "a blank line before Down"
    );
}

#[test]
fn no_fill_under_min_score_says_which_minimum_fills() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    // The square ab/cd needs "bd" (20) and "ac" (30); ef/gh (all 25) needs
    // "eg" (10): 30 is too high for either, 20 fills with ab/cd.
    let words = file(
        dir.path(),
        "w.txt",
        "ab;60\ncd;60\nac;30\nbd;20\nef;25\ngh;25\neg;10\nfh;25\n",
    );
    let verdict = |min: &str| {
        let out = fill(
            &["--pattern", &pattern, "--words", &words, "--min-score", min],
            &[],
            &[],
        );
        (code(&out), stdout(&out))
    };
    for (min, want) in [
        ("21", "fillable with --min-score 20 "),
        ("50", "fillable with --min-score 20 "),
    ] {
        let (status, text) = verdict(min);
        assert_eq!(status, 20, "{text}");
        assert!(text.contains(want), "--min-score {min}: {text}");
    }
    assert_eq!(verdict("20").0, 0);
    assert_eq!(verdict("19").0, 0);
    let never = file(dir.path(), "n.txt", "ab;60\ncd;10\n");
    let out = fill(
        &[
            "--pattern",
            &pattern,
            "--words",
            &never,
            "--min-score",
            "50",
        ],
        &[],
        &["--format", "grid"],
    );
    assert_eq!(code(&out), 20);
    assert!(
        stderr(&out).contains("not fillable at any score"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_default_fill_tries_the_best_words_first() {
    // Six 2x2 word squares of distinct letters, all alike to the fill
    // but for their scores: the square of 60s comes last in the list (in
    // list order the fill would take the first square), the others
    // score 10 to 50.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let letters: Vec<char> = ('a'..='x').collect();
    let mut list = String::new();
    for (k, square) in letters.chunks(4).enumerate() {
        let score = if k == 5 { 60 } else { 10 * (k + 1) };
        let [a, b, c, d] = [square[0], square[1], square[2], square[3]];
        for word in [[a, b], [c, d], [a, c], [b, d]] {
            list.push_str(&format!("{}{};{score}\n", word[0], word[1]));
        }
    }
    let words = file(dir.path(), "w.txt", &list);
    let args = ["--pattern", &*pattern, "--words", &*words];
    let cnf = stdout(&run("encode-crossword", &args, b""));
    assert!(cnf.contains("c prefer-solver tables"), "{cnf}");
    let text = stdout(&fill(&args, &[], &[]));
    assert!(
        text.contains("word scores: lowest 60, mean 60.0 (4 entries)\nbelow 30: none\n"),
        "{text}"
    );
    // The tables solver named, and the older spelling of no preference:
    // the same fill, resp. the first square of the list.
    let text = stdout(&fill(&args, &["--solver", "tables"], &[]));
    assert!(text.contains("lowest 60, mean 60.0"), "{text}");
    // Every fill is counted whatever the order.
    for extra in [
        &[][..],
        &["--prefer-scores", "none"],
        &["--prefer-scores", "false"],
    ] {
        assert_eq!(count(&pattern, &words, extra), 12, "{extra:?}");
    }
    // A weak threshold of 61: every entry is listed, with its label.
    let mut weak = args.to_vec();
    weak.extend(["--weak-below", "61"]);
    let out = fill(&weak, &[], &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let scores = &json["solutions"][0]["scores"];
    assert_eq!(scores["weak_below"], 61, "{json}");
    assert_eq!(scores["weak"].as_array().map(Vec::len), Some(4), "{json}");
    assert_eq!(scores["total"], 240, "{json}");
    let labels: Vec<&str> = scores["weak"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["label"].as_str())
        .collect();
    assert_eq!(
        labels,
        ["1-across", "3-across", "1-down", "2-down"],
        "{json}"
    );
}

#[test]
fn the_decoder_lists_weak_and_theme_entries() {
    // The square ab/cd has bd at 20 and ac at 50 (a plain word).
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = file(dir.path(), "p.txt", "..\n..\n");
    let words = file(dir.path(), "w.txt", "ab;60\ncd;60\nac\nbd;20\n");
    let args = ["--pattern", &*pattern, "--words", &*words];
    let text = stdout(&fill(&args, &[], &[]));
    let weak = text
        .lines()
        .find(|l| l.starts_with("below 30 (1): "))
        .unwrap_or_else(|| panic!("no weak line in {text}"));
    assert!(weak.ends_with("bd 20"), "{weak}");
    let mut higher = args.to_vec();
    higher.extend(["--weak-below", "51"]);
    let text = stdout(&fill(&higher, &[], &[]));
    assert!(text.contains("below 51 (2): "), "{text}");
    assert!(text.contains(" ac 50") && text.contains(" bd 20"), "{text}");
    let mut none = args.to_vec();
    none.extend(["--weak-below", "0"]);
    assert!(stdout(&fill(&none, &[], &[])).contains("\nbelow 0: none\n"));
    // A theme word scores one above the list's best (60): the fill takes
    // the square that holds it, and the decoder names its entry.
    let pattern = common::instance("crossword/examples/open-2x2.txt");
    let words = common::instance("crossword/examples/scored-example.txt");
    let theme = common::instance("crossword/examples/theme-example.txt");
    let args = [
        "--pattern",
        pattern.to_str().expect("path"),
        "--words",
        words.to_str().expect("path"),
        "--theme",
        theme.to_str().expect("path"),
    ];
    let text = stdout(&fill(&args, &[], &[]));
    assert!(text.contains("\ntheme: 1-"), "{text}");
    assert!(text.contains(" ef 61\n"), "{text}");
    let out = fill(&args, &[], &["--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let theme = &json["solutions"][0]["scores"]["theme"];
    assert_eq!(theme[0]["word"], "ef", "{json}");
    assert_eq!(theme[0]["score"], 61, "{json}");
    // A threshold that is not a number is an error naming the option.
    let out = run(
        "encode-crossword",
        &["--pattern", args[1], "--weak-below", "x"],
        b"",
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("--weak-below"), "{}", stderr(&out));
}
