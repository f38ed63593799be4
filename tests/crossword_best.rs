//! The best fill (`encode-crossword --best-fill`), through the real
//! binaries: its proved lowest score against the enumeration of every
//! fill, what the decoder reports and checks, and the options it refuses.

mod common;

use common::{assert_error, code, run, stderr, stdout, temp_file};
use std::path::Path;

/// Writes `text` to `name` in `dir`; returns the path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    temp_file(dir, name, text.as_bytes())
        .to_string_lossy()
        .into_owned()
}

/// The decoder's JSON document of `encode-crossword ENCODE | solve SOLVE`.
fn decoded(encode: &[&str], solve: &[&str]) -> serde_json::Value {
    let outputs = common::family_pipeline("crossword", encode, solve, &["--json"]);
    let decode = &outputs[2];
    assert_eq!(code(decode), 0, "{}{}", stdout(decode), stderr(decode));
    serde_json::from_str(&stdout(decode)).expect("JSON")
}

/// The original generator's words (instances/crossword/stazi-words.json),
/// each scored by `score`, as a scored list.
fn scored_stazi_words(score: &dyn Fn(&str) -> u32) -> String {
    let path = common::instance("crossword/stazi-words.json");
    let text = std::fs::read_to_string(path).expect("the word list");
    let by_length: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("JSON words");
    // A word filed under two lengths is one word.
    let words: std::collections::BTreeSet<&str> = by_length
        .values()
        .flat_map(|words| words.as_array().into_iter().flatten())
        .map(|word| word.as_str().expect("a word"))
        .collect();
    words
        .into_iter()
        .map(|word| format!("{word};{}\n", score(word)))
        .collect()
}

#[test]
fn the_best_fill_has_the_highest_lowest_of_every_fill() {
    // The small 3x4 pattern has 19 fills from the original's words. Under
    // several scorings, every fill is enumerated and scored by the
    // decoder; the best fill's lowest must be the highest of them, proved,
    // and its total at most the best total of that lowest.
    let dir = tempfile::tempdir().expect("tempdir");
    let pattern = common::instance("crossword/examples/small-3x4.txt");
    let pattern = pattern.to_str().expect("path");
    let scorings: [&dyn Fn(&str) -> u32; 4] = [
        &|w| w.bytes().map(u32::from).sum::<u32>() % 60 + 1,
        &|w| w.bytes().map(|b| u32::from(b) * 7).sum::<u32>() % 41 + 10,
        &|w| 60 - (w.len() as u32 * 5) % 37,
        &|w| u32::from(w.as_bytes()[0]) % 13 * 4 + 5,
    ];
    for (k, scoring) in scorings.iter().enumerate() {
        let words = file(
            dir.path(),
            &format!("w{k}.txt"),
            &scored_stazi_words(scoring),
        );
        let args = ["--pattern", pattern, "--words", &*words];
        let every = decoded(&args, &["--all"]);
        let fills: Vec<(u64, u64)> = every["solutions"]
            .as_array()
            .expect("solutions")
            .iter()
            .map(|s| {
                let scores = &s["scores"];
                (
                    scores["lowest"].as_u64().expect("lowest"),
                    scores["total"].as_u64().expect("total"),
                )
            })
            .collect();
        assert_eq!(fills.len(), 19, "scoring {k}");
        let highest = fills.iter().map(|f| f.0).max().expect("fills");
        let best_total = fills
            .iter()
            .filter(|f| f.0 == highest)
            .map(|f| f.1)
            .max()
            .expect("a fill of that lowest");
        let mut best_args = args.to_vec();
        best_args.push("--best-fill");
        let best = decoded(&best_args, &[]);
        let claim = &best["best"];
        assert_eq!(claim["lowest"], highest, "scoring {k}: {best}");
        assert_eq!(claim["proved"], true, "scoring {k}: {best}");
        assert_eq!(claim["lowest_bound"], highest, "scoring {k}: {best}");
        let total = claim["total"].as_u64().expect("total");
        assert!(total <= best_total, "scoring {k}: {best}");
        assert!(claim["total_bound"].as_u64() >= Some(best_total), "{best}");
        // The fill itself scores what the claim says (the decoder checks
        // it too).
        let scores = &best["solutions"][0]["scores"];
        assert_eq!(scores["lowest"], highest, "{best}");
        assert_eq!(scores["total"], total, "{best}");
    }
}

#[test]
fn the_decoder_says_what_was_proved_and_checks_the_claim() {
    // The open 2x2 grid and two word squares: ab/cd (bd at 20) and ef/gh
    // (all 40). The best fill is ef/gh or its transpose: lowest 40.
    let pattern = common::instance("crossword/examples/open-2x2.txt");
    let words = common::instance("crossword/examples/scored-example.txt");
    let args = [
        "--pattern",
        pattern.to_str().expect("path"),
        "--words",
        words.to_str().expect("path"),
        "--best-fill",
    ];
    let cnf = run("encode-crossword", &args, b"");
    assert_eq!(code(&cnf), 0, "{}", stderr(&cnf));
    assert!(stdout(&cnf).contains("c prefer-solver tables"));
    let models = run("solve", &[], &cnf.stdout);
    assert_eq!(code(&models), 10, "{}", stderr(&models));
    let stream = stdout(&models);
    assert!(stream.contains("c stat best-lowest 40\n"), "{stream}");
    assert!(stream.contains("c stat best-lowest-bound 40\n"), "{stream}");
    let text = stdout(&run("decode-crossword", &[], &models.stdout));
    assert!(
        text.contains(
            "best scores: lowest 40, proved the highest (no solution has every score above it); \
             total 160 of at most "
        ),
        "{text}"
    );
    // A claim the fill does not bear out, a bound below what was found, a
    // claim without its total: errors naming the stream's line.
    let line = |key: &str| {
        1 + stream
            .lines()
            .position(|l| l.starts_with(&format!("c stat {key} ")))
            .expect("the stat line")
    };
    let lying = stream.replace("c stat best-lowest 40\n", "c stat best-lowest 20\n");
    let out = run("decode-crossword", &[], lying.as_bytes());
    assert_error(&out, "the solver claims a best solution of lowest score 20");
    assert_error(&out, &format!("<stdin>:{}:", line("best-lowest")));
    let below = stream.replace(
        "c stat best-lowest-bound 40\n",
        "c stat best-lowest-bound 39\n",
    );
    assert_error(
        &run("decode-crossword", &[], below.as_bytes()),
        "the best-scores bounds are below what was found",
    );
    let cut: String = stream
        .lines()
        .filter(|l| !l.starts_with("c stat best-total "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_error(
        &run("decode-crossword", &[], cut.as_bytes()),
        "'c stat best-total' is missing",
    );
    // Another solver fills the same stream from its clauses, proving
    // nothing: no claim, no line.
    let models = run("solve", &["--solver", "cadical"], &cnf.stdout);
    let text = stdout(&run("decode-crossword", &[], &models.stdout));
    assert!(text.contains("word scores: lowest"), "{text}");
    assert!(!text.contains("best scores"), "{text}");
}

#[test]
fn best_fill_refuses_what_the_tables_cannot_say() {
    let pattern = common::instance("crossword/examples/small-3x4.txt");
    let words = common::instance("crossword/stazi-words.json");
    let base = [
        "--pattern",
        pattern.to_str().expect("path"),
        "--words",
        words.to_str().expect("path"),
        "--best-fill",
    ];
    for extra in [
        &["--max-shared-substring", "2"][..],
        &["--prefer-scores", "ladders"],
    ] {
        let mut args = base.to_vec();
        args.extend(extra);
        assert_error(
            &run("encode-crossword", &args, b""),
            "--best-fill searches the tables solver",
        );
    }
    let words = words.to_str().expect("path");
    let freeform = [
        "--width",
        "4",
        "--height",
        "4",
        "--words",
        words,
        "--best-fill",
    ];
    assert_error(
        &run("encode-crossword", &freeform, b""),
        "--best-fill is for filling a pattern",
    );
}
