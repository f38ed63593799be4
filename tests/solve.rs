//! `solve` through every backend, on formulas with known answers, and its
//! failure modes: wrong models, crashing and lying solvers, time limits.

mod common;

use common::{assert_error, code, external_available, pipeline, run, stderr, stdout};

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run("cnf-gen", args, b"");
    assert_eq!(code(&out), 0, "cnf-gen {args:?}: {}", stderr(&out));
    out.stdout
}

fn count_solutions(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with("s SATISFIABLE") || l.starts_with("s OPTIMUM"))
        .count()
}

/// Every embedded solver this build has, plus kissat through solve-kissat.
fn embedded_solvers() -> Vec<&'static str> {
    let mut solvers = vec!["cadical", "minisat", "glucose"];
    let kissat = common::bin("solve").with_file_name("solve-kissat");
    if kissat.is_file() {
        solvers.push("kissat");
    } else if std::env::var("SATPIPE_REQUIRE_EXTERNAL").as_deref() == Ok("1") {
        panic!("solve-kissat is not built beside solve (run `make build`)");
    } else {
        eprintln!("note: solve-kissat not built; skipping embedded kissat");
    }
    solvers
}

const EXTERNAL: [&str; 6] = [
    "minisat",
    "glucose",
    "kissat",
    "cadical",
    "picosat",
    "cryptominisat5",
];

fn backends() -> Vec<Vec<&'static str>> {
    let mut all: Vec<Vec<&str>> = embedded_solvers()
        .into_iter()
        .map(|s| vec!["--solver", s])
        .collect();
    for program in EXTERNAL {
        if external_available(program) {
            all.push(vec!["--external", program]);
        }
    }
    all
}

#[test]
fn pigeonhole_6_5_is_unsatisfiable_everywhere() {
    let php = gen(&["php", "6", "5"]);
    for backend in backends() {
        let out = run("solve", &backend, &php);
        assert_eq!(code(&out), 20, "{backend:?}: {}", stderr(&out));
        assert!(stdout(&out).contains("\ns UNSATISFIABLE\n"), "{backend:?}");
    }
}

#[test]
fn eight_queens_have_92_solutions_everywhere() {
    let queens = gen(&["queens", "8"]);
    for backend in backends() {
        let mut args = backend.clone();
        args.push("--all");
        let out = run("solve", &args, &queens);
        assert_eq!(code(&out), 10, "{backend:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(count_solutions(&text), 92, "{backend:?}");
        assert!(
            text.contains("c enumeration complete: 92 solutions"),
            "{backend:?}"
        );
    }
}

#[test]
fn full_and_positive_blocking_agree() {
    let queens = gen(&["queens", "9"]);
    for block in ["full", "positive", "auto"] {
        let out = run("solve", &["--all", "--block", block], &queens);
        assert_eq!(count_solutions(&stdout(&out)), 352, "--block {block}");
    }
    // Cubes branch on the queens' "one per row" clauses; the embedded
    // solvers that take assumptions all count the same.
    for solver in ["cadical", "minisat", "glucose"] {
        let out = run(
            "solve",
            &["--all", "--enumeration", "cubes", "--solver", solver],
            &queens,
        );
        assert_eq!(count_solutions(&stdout(&out)), 352, "cubes with {solver}");
    }
}

#[test]
fn small_wcnf_has_its_known_optimum_everywhere() {
    let wcnf = std::fs::read(common::root().join("tests/data/small.wcnf")).expect("small.wcnf");
    for backend in backends() {
        let out = run("solve", &backend, &wcnf);
        assert_eq!(code(&out), 10, "{backend:?}: {}", stderr(&out));
        let text = stdout(&out);
        let last_cost = text.lines().rfind(|l| l.starts_with("o "));
        assert_eq!(last_cost, Some("o 3"), "{backend:?}:\n{text}");
        assert!(text.contains("s OPTIMUM FOUND"), "{backend:?}");
        assert!(text.contains("v -1 2 -3 0"), "{backend:?}:\n{text}");
    }
}

#[test]
fn old_style_wcnf_reads_the_same() {
    let wcnf =
        std::fs::read(common::root().join("tests/data/old-style.wcnf")).expect("old-style.wcnf");
    let out = run("solve", &[], &wcnf);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out).contains("o 3\ns OPTIMUM FOUND"));
}

/// Brute force of the weighted cycle cover, to check optimisation on
/// larger objectives than a hand-made file.
fn cycle_cover_optimum(n: usize, weights: u64) -> u64 {
    (0u32..1 << n)
        .filter(|set| (0..n).all(|i| set & (1 << i) != 0 || set & (1 << ((i + 1) % n)) != 0))
        .map(|set| {
            (0..n)
                .filter(|i| set & (1 << i) != 0)
                .map(|i| 1 + i as u64 % weights)
                .sum()
        })
        .min()
        .unwrap_or(0)
}

#[test]
fn cycle_cover_optima_match_brute_force() {
    for (n, weights) in [(7, 1), (9, 3), (12, 4)] {
        let wcnf = gen(&[
            "cycle-cover",
            &n.to_string(),
            "--weights",
            &weights.to_string(),
        ]);
        let out = run("solve", &[], &wcnf);
        let expected = format!("o {}\ns OPTIMUM FOUND", cycle_cover_optimum(n, weights));
        assert!(
            stdout(&out).contains(&expected),
            "n={n} w={weights}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn all_optimal_solutions_are_enumerated() {
    // C_6 with unit weights: optimum 3, reached by the two alternating sets.
    let wcnf = gen(&["cycle-cover", "6"]);
    let out = run("solve", &["--all"], &wcnf);
    let text = stdout(&out);
    assert!(
        text.contains("c enumeration complete: 2 solutions"),
        "{text}"
    );
    assert_eq!(text.matches("s OPTIMUM FOUND").count(), 2);
}

#[test]
fn unsatisfiable_hard_clauses_of_a_wcnf() {
    let wcnf = std::fs::read(common::root().join("tests/data/unsat.wcnf")).expect("unsat.wcnf");
    let out = run("solve", &[], &wcnf);
    assert_eq!(code(&out), 20);
    assert!(stdout(&out).contains("s UNSATISFIABLE"));
}

#[test]
fn max_two_answers_the_uniqueness_question() {
    let out = run("solve", &["--max", "2"], &gen(&["queens", "8"]));
    let text = stdout(&out);
    assert_eq!(count_solutions(&text), 2);
    assert!(text.contains("c enumeration stopped: 2 solutions found"));
    // 2 queens: no solution at all.
    let out = run("solve", &["--max", "2"], &gen(&["queens", "2"]));
    assert_eq!(code(&out), 20);
}

#[test]
fn header_is_passed_through_to_the_model_stream() {
    let queens = gen(&["queens", "5"]);
    let out = run("solve", &[], &queens);
    let text = stdout(&out);
    let input = String::from_utf8_lossy(&queens).into_owned();
    let header: Vec<&str> = input.lines().take_while(|l| l.starts_with('c')).collect();
    assert!(header.len() > 20);
    assert!(text.starts_with(&(header.join("\n") + "\n")));
}

#[test]
fn json_output_is_valid_and_complete() {
    let out = run("solve", &["--all", "--json"], &gen(&["queens", "6"]));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(value["status"], "SATISFIABLE");
    assert_eq!(value["count"], 4);
    assert_eq!(value["complete"], true);
    let first = &value["true_names"][0];
    assert_eq!(first.as_array().map(Vec::len), Some(6));
}

#[test]
fn time_limit_gives_unknown_and_exit_0() {
    // PHP(13,12) takes CDCL solvers far longer than the limit.
    let hard = gen(&["php", "13", "12"]);
    let mut backends = vec![vec!["--solver", "cadical"], vec!["--solver", "minisat"]];
    if external_available("cadical") {
        backends.push(vec!["--external", "cadical"]);
    }
    for backend in backends {
        let mut args = backend.clone();
        args.extend(["--time-limit", "0.5"]);
        let start = std::time::Instant::now();
        let out = run("solve", &args, &hard);
        assert_eq!(code(&out), 0, "{backend:?}: {}", stderr(&out));
        assert!(stdout(&out).contains("s UNKNOWN"), "{backend:?}");
        assert!(
            start.elapsed().as_secs() < 20,
            "{backend:?} ignored the time limit"
        );
    }
}

fn fake(name: &str) -> String {
    common::root()
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_wrong_model_from_an_external_solver_is_caught() {
    let out = run(
        "solve",
        &["--solver-cmd", &fake("fake-wrong-model.sh")],
        &gen(&["php", "3", "2"]),
    );
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(err.contains("falsifies clause"), "{err}");
    assert!(
        !stdout(&out).contains("s SATISFIABLE"),
        "a wrong model was printed"
    );
}

#[test]
fn crashing_lying_and_garbage_solvers_are_errors() {
    let php = gen(&["php", "3", "2"]);
    for (script, expected) in [
        ("fake-crash.sh", "exit code 139"),
        ("fake-garbage.sh", "no 's' status line"),
        ("fake-false-unsat.sh", "contradicts"),
    ] {
        let out = run("solve", &["--solver-cmd", &fake(script)], &php);
        assert_eq!(code(&out), 1, "{script}");
        assert!(
            stderr(&out).contains(expected),
            "{script}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn missing_and_unknown_solvers_are_clear_errors() {
    let php = gen(&["php", "3", "2"]);
    let out = run("solve", &["--solver-cmd", "no-such-solver-anywhere"], &php);
    assert_eq!(code(&out), 1);
    let out = run("solve", &["--external", "no-such"], &php);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("unknown external solver 'no-such'"));
    let out = run("solve", &["--solver", "lingeling"], &php);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("unknown embedded solver"));
    let dir = tempfile::tempdir().expect("tempdir");
    let config = common::temp_file(
        dir.path(),
        "solvers.json",
        br#"[{"name": "ghost", "command": ["ghost-solver-xyz", "{input}"], "output": "competition"}]"#,
    );
    let config = config.display().to_string();
    let out = run(
        "solve",
        &["--solver-config", &config, "--external", "ghost"],
        &php,
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("not found on PATH"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_registry_entry_from_a_config_file_runs() {
    if !external_available("picosat") {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let config = common::temp_file(
        dir.path(),
        "solvers.json",
        br#"[{"name": "pico-stdin", "description": "picosat reading standard input",
             "command": ["picosat"], "output": "competition"}]"#,
    );
    let config = config.display().to_string();
    let out = run(
        "solve",
        &[
            "--solver-config",
            &config,
            "--external",
            "pico-stdin",
            "--all",
        ],
        &gen(&["queens", "6"]),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert_eq!(count_solutions(&stdout(&out)), 4);
}

#[test]
fn solver_options_reach_cadical_and_bad_ones_are_rejected() {
    let queens = gen(&["queens", "6"]);
    let out = run("solve", &["--solver-option", "phase=0", "--all"], &queens);
    assert_eq!(count_solutions(&stdout(&out)), 4);
    let out = run("solve", &["--solver-option", "nonsense=3"], &queens);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("no option 'nonsense'"));
    let out = run(
        "solve",
        &["--solver", "minisat", "--solver-option", "phase=0"],
        &queens,
    );
    assert_eq!(code(&out), 1);
}

#[test]
fn minisat_result_files_decode_with_the_cnf() {
    if !external_available("minisat") {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let cnf = common::temp_file(dir.path(), "q.cnf", &gen(&["queens", "5"]));
    let result = dir.path().join("q.out");
    let status = common::external_command("minisat")
        .arg("-verb=0")
        .arg(&cnf)
        .arg(&result)
        .status()
        .expect("minisat");
    assert_eq!(status.code(), Some(10));
    let out = run(
        "model-names",
        &[
            "--cnf",
            &cnf.display().to_string(),
            &result.display().to_string(),
        ],
        b"",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out)
            .split_whitespace()
            .filter(|n| n.starts_with("queen("))
            .count(),
        5
    );
}

#[test]
fn model_names_lists_true_named_variables() {
    let outs = pipeline(
        &[
            ("cnf-gen", &["queens", "4"]),
            ("solve", &["--all"]),
            ("model-names", &[]),
        ],
        b"",
    );
    let text = stdout(&outs[2]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        assert_eq!(line.split(' ').count(), 4);
    }
    let outs = pipeline(
        &[
            ("cnf-gen", &["php", "3", "2"]),
            ("solve", &[]),
            ("model-names", &[]),
        ],
        b"",
    );
    assert_eq!(code(&outs[2]), 20);
}

#[test]
fn list_solvers_names_every_backend() {
    let out = run("solve", &["--list-solvers"], b"");
    let text = stdout(&out);
    for name in [
        "cadical",
        "minisat",
        "glucose",
        "kissat",
        "picosat",
        "cryptominisat5",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
}

#[test]
fn embedded_cadical_reports_its_search_counters() {
    // PHP(6,5) needs conflicts to refute: the counters are positive.
    let out = run("solve", &["--solver", "cadical"], &gen(&["php", "6", "5"]));
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    let text = stdout(&out);
    let stat = |key: &str| -> u64 {
        let prefix = format!("c stat {key} ");
        text.lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("no `c stat {key}` line in:\n{text}"))
            .parse()
            .unwrap_or_else(|e| panic!("c stat {key}: {e}"))
    };
    assert!(stat("conflicts") > 0);
    assert!(stat("decisions") > 0);
    assert!(stat("propagations") > 0);
    stat("eliminated");
    stat("substituted");
    // MiniSat reports no counters of this kind.
    let out = run("solve", &["--solver", "minisat"], &gen(&["php", "4", "3"]));
    assert!(!stdout(&out).contains("c stat conflicts"));
}

#[test]
fn solver_options_recommended_by_the_header_apply_unless_overridden() {
    let cnf = |option: &str| format!("c solver-option {option}\np cnf 2 2\n1 2 0\n-1 0\n");
    // Applied: an option CaDiCaL does not have is an error naming the
    // header line (CaDiCaL clamps out-of-range values silently).
    let out = run("solve", &[], cnf("cadical nosuch=1").as_bytes());
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("<stdin>: the header's 'c solver-option cadical nosuch=1'"),
        "{}",
        stderr(&out)
    );
    // The command line's setting of the same name wins: the header's is
    // not even looked at (the error is the command line's own).
    let out = run(
        "solve",
        &["--solver-option", "nosuch=2"],
        cnf("cadical nosuch=1").as_bytes(),
    );
    assert_eq!(code(&out), 1);
    assert!(!stderr(&out).contains("header"), "{}", stderr(&out));
    assert!(stderr(&out).contains("'nosuch'"), "{}", stderr(&out));
    let out = run(
        "solve",
        &["--solver-option", "fastelim=1"],
        cnf("cadical fastelim=0").as_bytes(),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    // Recommendations for another solver are not this one's business.
    let out = run(
        "solve",
        &["--solver", "minisat"],
        cnf("cadical nosuch=1").as_bytes(),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    // A malformed recommendation is bad input.
    let out = run("solve", &[], cnf("cadical fastelim").as_bytes());
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("<stdin>:1:"), "{}", stderr(&out));
}

#[test]
fn try_first_literals_are_preferred_and_change_no_answer() {
    // A model with 2 false exists: it comes first.
    let cnf = "c try-first -2\np cnf 2 1\n1 2 0\n";
    let out = run("solve", &[], cnf.as_bytes());
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out).contains("\nv 1 -2 0\n"), "{}", stdout(&out));
    // None with 1 true: the search goes on without it.
    let cnf = "c try-first 1\np cnf 2 2\n-1 0\n1 2 0\n";
    let out = run("solve", &[], cnf.as_bytes());
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out).contains("\nv -1 2 0\n"), "{}", stdout(&out));
    // Counts are unchanged: three models of (1 or 2), with and without.
    for header in ["", "c try-first 1 2\n"] {
        let cnf = format!("{header}p cnf 2 1\n1 2 0\n");
        let out = run("solve", &["--all"], cnf.as_bytes());
        assert_eq!(count_solutions(&stdout(&out)), 3, "{header:?}");
    }
    // UNSAT stays UNSAT.
    let out = run("solve", &[], b"c try-first 1\np cnf 1 2\n1 0\n-1 0\n");
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    // A literal beyond the formula's variables is bad input.
    let out = run("solve", &[], b"c try-first 3\np cnf 2 1\n1 2 0\n");
    assert_error(&out, "'c try-first' names literal 3");
}

#[test]
fn solvers_without_assumptions_try_the_header_literals_as_units() {
    // Kissat and external solvers take no assumptions: `c try-first` and
    // each rung of the `c relax` ladders (all at once) are tried as unit
    // clauses, each in a fresh solver, before the plain formula. Answers
    // and counts are the same.
    let mut backends: Vec<Vec<&str>> = Vec::new();
    if embedded_solvers().contains(&"kissat") {
        backends.push(vec!["--solver", "kissat"]);
    }
    if external_available("minisat") {
        backends.push(vec!["--external", "minisat"]);
    }
    for backend in backends {
        let model = |cnf: &str| {
            let out = run("solve", &backend, cnf.as_bytes());
            assert_eq!(code(&out), 10, "{backend:?}: {}", stderr(&out));
            stdout(&out)
        };
        let has = |text: &str, lit: &str| text.split_whitespace().any(|t| t == lit);
        // try-first: a model with 2 false exists, so it is found.
        let text = model("c try-first -2\np cnf 2 1\n1 2 0\n");
        assert!(has(&text, "-2"), "{backend:?}: {text}");
        // (1 or 2); ladder A: 3 forbids both, 4 forbids 1; ladder B: 5
        // forbids 6. Rung 1 (3 and 5) has no model; rung 2 is A's 4
        // alone (B has no second rung): -1 2 4.
        let body = "p cnf 6 6\n1 2 0\n-3 -1 0\n-3 -2 0\n-4 -1 0\n-3 4 0\n-5 -6 0\n";
        let cnf = format!("c relax 3 4\nc relax 5\n{body}");
        let text = model(&cnf);
        for lit in ["-1", "2", "4"] {
            assert!(has(&text, lit), "{backend:?}: {lit} in {text}");
        }
        let mut args = backend.clone();
        args.push("--verbose");
        let out = run("solve", &args, cnf.as_bytes());
        let log = stderr(&out);
        assert!(
            log.contains(
                "relax rung 1 (as unit clauses: the solver takes no assumptions): no model"
            ),
            "{backend:?}: {log}"
        );
        // UNSAT stays UNSAT; --all counts every model.
        let out = run(
            "solve",
            &backend,
            b"c try-first 1\nc relax 2\np cnf 2 2\n1 0\n-1 0\n",
        );
        assert_eq!(code(&out), 20, "{backend:?}: {}", stderr(&out));
        let mut all = backend.clone();
        all.push("--all");
        let out = run("solve", &all, format!("c try-first -2\n{body}").as_bytes());
        let plain = run("solve", &all, body.as_bytes());
        assert_eq!(
            count_solutions(&stdout(&out)),
            count_solutions(&stdout(&plain)),
            "{backend:?}"
        );
    }
}

#[test]
fn relax_ladders_are_climbed_only_where_the_core_says() {
    // (1 or 2); ladder A: 3 forbids both, 4 forbids 1 (3 implies 4);
    // ladder B: 5 forbids 6, which no conflict involves. A's first rung
    // has no model, so A steps to 4; B keeps its rung: the model is
    // -1 2 and 6 false although the solver's default phase is true.
    let body = "p cnf 6 6\n1 2 0\n-3 -1 0\n-3 -2 0\n-4 -1 0\n-3 4 0\n-5 -6 0\n";
    let out = run(
        "solve",
        &[],
        format!("c relax 3 4\nc relax 5\n{body}").as_bytes(),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let model = stdout(&out);
    for lit in ["-1", "2", "4", "5", "-6"] {
        assert!(
            model.split_whitespace().any(|t| t == lit),
            "{lit} in {model}"
        );
    }
    // --verbose tells how the ladders were climbed.
    let out = run(
        "solve",
        &["--verbose"],
        format!("c relax 3 4\nc relax 5\n{body}").as_bytes(),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("relax: no model; 1 of 2 ladders step up (rungs now 1 0)"),
        "{}",
        stderr(&out)
    );
    // Counts are unchanged: the ladders only order the first search.
    for header in ["", "c relax 3 4\nc relax 5\n"] {
        let out = run("solve", &["--all"], format!("{header}{body}").as_bytes());
        assert_eq!(code(&out), 10, "{}", stderr(&out));
        let plain = run("solve", &["--all"], body.as_bytes());
        assert_eq!(
            count_solutions(&stdout(&out)),
            count_solutions(&stdout(&plain)),
            "{header:?}"
        );
    }
    // UNSAT stays UNSAT, whether the core holds a rung or not.
    for cnf in [
        "c relax 1\np cnf 2 2\n2 0\n-2 0\n",
        "c relax 1 2\np cnf 3 2\n3 0\n-3 0\n",
    ] {
        let out = run("solve", &[], cnf.as_bytes());
        assert_eq!(code(&out), 20, "{cnf:?}: {}", stderr(&out));
    }
    // A literal beyond the formula's variables is bad input.
    let out = run("solve", &[], b"c relax 1 3\np cnf 2 1\n1 2 0\n");
    assert_error(&out, "'c relax' names literal 3");
}

/// The portfolios the tests race: two members, and all three.
const PORTFOLIOS: [&str; 2] = ["cadical,glucose", "minisat,glucose,cadical"];

#[test]
fn a_portfolio_gives_the_answers_of_its_members() {
    let php = gen(&["php", "6", "5"]);
    let queens = gen(&["queens", "8"]);
    let wcnf = std::fs::read(common::root().join("tests/data/small.wcnf")).expect("small.wcnf");
    for members in PORTFOLIOS {
        let args = ["--portfolio", members];
        let out = run("solve", &args, &php);
        assert_eq!(code(&out), 20, "{members}: {}", stderr(&out));
        assert!(stdout(&out).contains("s UNSATISFIABLE"), "{members}");
        // The winner's stream, model checked, naming the winner.
        let out = run("solve", &args, &queens);
        assert_eq!(code(&out), 10, "{members}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(count_solutions(&text), 1, "{members}:\n{text}");
        assert!(
            text.contains(&format!("first to answer of the portfolio {members}")),
            "{members}:\n{text}"
        );
        let out = run("solve", &args, &wcnf);
        assert_eq!(code(&out), 10, "{members}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("s OPTIMUM FOUND"), "{members}:\n{text}");
        assert!(text.contains("v -1 2 -3 0"), "{members}:\n{text}");
    }
}

#[test]
fn a_portfolio_fills_a_crossword_and_solves_a_collection() {
    // The crossword's header recommends CaDiCaL options; the CaDiCaL
    // member takes them, and the decoder checks the fill.
    let outs = common::family_pipeline(
        "crossword",
        &[
            "--pattern",
            &common::instance("crossword/grids/stazi-example2-10x10.txt").to_string_lossy(),
            "--words",
            &common::instance("crossword/stazi-words.json").to_string_lossy(),
        ],
        &["--portfolio", "cadical,glucose"],
        &[],
    );
    assert_eq!(code(&outs[1]), 10, "{}", stderr(&outs[1]));
    assert_eq!(code(&outs[2]), 0, "{}", stderr(&outs[2]));
    // Every formula of a multi-part stream is raced on its own: the same
    // verdicts as one solver's.
    let file = common::instance("numberlink/thomasahle/inputs5.txt");
    let verdicts = |solve_args: &[&str]| {
        let outs = common::family_pipeline(
            "numberlink",
            &["--all-puzzles", &file.to_string_lossy()],
            solve_args,
            &[],
        );
        assert_eq!(code(&outs[1]), 20, "{}", stderr(&outs[1]));
        stdout(&outs[2])
            .lines()
            .filter(|l| l.starts_with("puzzle ") || l.contains("solution"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        verdicts(&["--portfolio", "minisat,cadical"]),
        verdicts(&["--solver", "cadical"])
    );
}

#[test]
fn a_portfolio_keeps_the_time_limit_and_the_headers_options() {
    // Glucose notices an interrupt only between conflicts, which can be
    // seconds apart: the first member to give up ends the race.
    let hard = gen(&["php", "13", "12"]);
    let start = std::time::Instant::now();
    let out = run(
        "solve",
        &["--portfolio", "glucose,minisat", "--time-limit", "0.5"],
        &hard,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("s UNKNOWN"), "{}", stdout(&out));
    assert!(start.elapsed().as_secs() < 20, "the time limit was ignored");
    let cnf = b"c solver-option cadical nosuch=1\np cnf 2 2\n1 2 0\n-1 0\n";
    let out = run("solve", &["--portfolio", "glucose,cadical"], cnf);
    assert_error(&out, "the header's 'c solver-option cadical nosuch=1'");
    // Without CaDiCaL in the race, its recommendations do not matter.
    let out = run("solve", &["--portfolio", "glucose,minisat"], cnf);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
}

#[test]
fn portfolio_mistakes_are_clear_errors() {
    let queens = gen(&["queens", "4"]);
    for (args, message) in [
        (vec!["--portfolio", "cadical"], "two or more solvers"),
        (vec!["--portfolio", "cadical,"], "two or more solvers"),
        (
            vec!["--portfolio", "cadical,nosuch"],
            "'nosuch' cannot race",
        ),
        (
            vec!["--portfolio", "cadical,kissat"],
            "'kissat' cannot race",
        ),
        (
            vec!["--portfolio", "glucose,glucose"],
            "names 'glucose' twice",
        ),
        (
            vec![
                "--portfolio",
                "minisat,glucose",
                "--solver-option",
                "phase=0",
            ],
            "the portfolio has none",
        ),
        (
            vec![
                "--portfolio",
                "cadical,glucose",
                "--solver-option",
                "nosuch=1",
            ],
            "'nosuch'",
        ),
    ] {
        let out = run("solve", &args, &queens);
        assert_error(&out, message);
    }
    for other in [
        vec!["--all"],
        vec!["--max", "2"],
        vec!["--backbone"],
        vec!["--solver", "cadical"],
        vec!["--external", "minisat"],
        vec!["--cross-check", "minisat"],
    ] {
        let mut args = vec!["--portfolio", "cadical,glucose"];
        args.extend(&other);
        let out = run("solve", &args, &queens);
        assert_ne!(code(&out), 0, "{args:?}");
        assert!(
            stderr(&out).contains("cannot be used with"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}
