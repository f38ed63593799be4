//! How `solve --count` counts (enumeration races the model counter; the
//! first exact count wins, and a `c counted by` line says which) and the
//! crossword backbone by the tables solver, checked against CaDiCaL's.
//! The counters here are commands that print a known answer (or fail, or
//! hang), so none of these checks needs Ganak.

mod common;

use common::{code, run, stderr, stdout};

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run("cnf-gen", args, b"");
    assert_eq!(code(&out), 0, "cnf-gen {args:?}: {}", stderr(&out));
    out.stdout
}

/// The `c counted by` or `c count stopped` line and the `s` line.
fn verdict(out: &std::process::Output) -> (String, String) {
    let text = stdout(out);
    let how = text
        .lines()
        .find(|l| l.starts_with("c counted by ") || l.starts_with("c count stopped: "))
        .unwrap_or_else(|| panic!("no count line in:\n{text}\n{}", stderr(out)))
        .to_string();
    let status = text
        .lines()
        .find(|l| l.starts_with("s "))
        .unwrap_or_else(|| panic!("no s line in:\n{text}"))
        .to_string();
    (how, status)
}

/// 2^40 solutions: an enumeration that never ends.
const FREE_40: &[u8] = b"p cnf 40 0\n";

#[test]
fn few_solutions_are_enumerated_before_any_counter_starts() {
    // A counter that would fail is never started: the enumeration of the
    // 92 solutions ends within its head start.
    for (formula, count, exit) in [
        (&["queens", "8"][..], "92", 10),
        (&["php", "4", "3"], "0", 20),
    ] {
        let out = run(
            "solve",
            &["--count", "--counter-cmd", "false"],
            &gen(formula),
        );
        assert_eq!(code(&out), exit, "{formula:?}: {}", stderr(&out));
        let (how, status) = verdict(&out);
        assert_eq!(status, format!("s mc {count}"));
        assert!(how.starts_with("c counted by enumeration: "), "{how}");
        assert!(!how.contains("counter"), "{how}");
    }
    // Alone, to the end: 12-queens' 14,200 solutions.
    let out = run(
        "solve",
        &["--count", "--count-by", "enumeration"],
        &gen(&["queens", "12"]),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert_eq!(verdict(&out).1, "s mc 14200");
}

#[test]
fn the_counter_answers_what_enumeration_cannot() {
    // The race: the enumeration is still at it when the counter answers.
    let counter = "echo 's mc 1099511627776' #";
    let out = run("solve", &["--count", "--counter-cmd", counter], FREE_40);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let (how, status) = verdict(&out);
    assert_eq!(status, "s mc 1099511627776");
    assert!(
        how.starts_with(&format!("c counted by the counter command: {counter}")),
        "{how}"
    );
    assert!(how.contains("the enumeration had found"), "{how}");
    // The counter alone, even where enumeration is quick.
    let out = run(
        "solve",
        &[
            "--count",
            "--count-by",
            "counter",
            "--counter-cmd",
            "echo 's mc 92' #",
        ],
        &gen(&["queens", "8"]),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let (how, status) = verdict(&out);
    assert_eq!(status, "s mc 92");
    assert!(!how.contains("enumeration"), "{how}");
}

#[test]
fn a_failing_counter_or_the_time_limit_is_said() {
    // The counter fails while the enumeration runs: an error naming it.
    let out = run("solve", &["--count", "--counter-cmd", "false"], FREE_40);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(
        stderr(&out).contains("counter command: false: failed with exit code 1"),
        "{}",
        stderr(&out)
    );
    // Neither answers in time: UNKNOWN, with the solutions found so far.
    let out = run(
        "solve",
        &[
            "--count",
            "--counter-cmd",
            "sleep 60 #",
            "--time-limit",
            "1",
        ],
        FREE_40,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let (how, status) = verdict(&out);
    assert_eq!(status, "s UNKNOWN");
    assert!(
        how.starts_with("c count stopped: the time limit came first"),
        "{how}"
    );
    assert!(how.contains("so there are at least as many"), "{how}");
    // A solver that cannot enumerate for the count is refused.
    let out = run("solve", &["--count", "--solver", "tables"], FREE_40);
    common::assert_error(
        &out,
        "--count enumerates with an incremental embedded solver",
    );
}

/// `solve ARGS` on `cnf`: the `c backbone` lines and the closing line.
fn backbone(cnf: &[u8], args: &[&str]) -> (Vec<String>, String, String) {
    let out = run("solve", args, cnf);
    assert_eq!(code(&out), 10, "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("c backbone ") && l.ends_with(" 0"))
        .map(str::to_string)
        .collect();
    let end = text
        .lines()
        .find(|l| l.starts_with("c backbone complete") || l.starts_with("c backbone stopped"))
        .unwrap_or_else(|| panic!("{args:?}: no closing line in\n{text}"))
        .to_string();
    let solver = text
        .lines()
        .find(|l| l.starts_with("c solver "))
        .unwrap_or_default()
        .to_string();
    (lines, end, solver)
}

#[test]
fn the_tables_backbone_of_a_crossword_is_cadicals() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (pattern, words) in [
        // A frame: 36 fills, some letters forced.
        (
            &b"...\n.#.\n...\n"[..],
            &b"bat\ntab\nbit\ntub\nbut\ntot\nsit\ntis\nant\ntan\n"[..],
        ),
        // An open 3x3 square: four fills, three letters forced.
        (
            b"...\n...\n...\n",
            b"ago\nboy\nego\nfar\nfen\nnow\nrow\nsoy\nwas\nweb\ninc\nyet\nsic\n",
        ),
    ] {
        let pattern = common::temp_file(dir.path(), "pattern.txt", pattern);
        let words = common::temp_file(dir.path(), "words.txt", words);
        let encoded = run(
            "encode-crossword",
            &[
                "--pattern",
                pattern.to_str().expect("utf-8"),
                "--words",
                words.to_str().expect("utf-8"),
            ],
            b"",
        );
        assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
        // The header prefers the tables solver for the backbone too.
        let (by_tables, end_tables, solver) = backbone(&encoded.stdout, &["--backbone"]);
        assert!(solver.starts_with("c solver tables"), "{solver}");
        let (by_cadical, end_cadical, solver) =
            backbone(&encoded.stdout, &["--backbone", "--solver", "cadical"]);
        assert!(solver.starts_with("c solver cadical"), "{solver}");
        assert_eq!(by_tables, by_cadical);
        assert!(!by_tables.is_empty(), "some letters are forced");
        assert!(
            end_tables.starts_with("c backbone complete: "),
            "{end_tables}"
        );
        // The same number of forced variables.
        let forced = |end: &str| end.split(" of ").next().unwrap_or_default().to_string();
        assert_eq!(forced(&end_tables), forced(&end_cadical));
    }
}
