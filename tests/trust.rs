//! Answers that can be trusted, not just believed: failing solvers
//! (missing, killed, lying) are caught, `solve --cross-check` settles a
//! false UNSAT with a second solver, and `--proof`/`--check-proof` make an
//! UNSAT answer checkable by an independent DRAT checker.

mod common;

use common::{code, external_available, run, stderr, stdout};

fn gen(args: &[&str]) -> Vec<u8> {
    let out = run("cnf-gen", args, b"");
    assert_eq!(code(&out), 0, "cnf-gen {args:?}: {}", stderr(&out));
    out.stdout
}

fn fake(name: &str) -> String {
    common::root()
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn killed_and_missing_solvers_are_named_errors() {
    let php = gen(&["php", "3", "2"]);
    let out = run("solve", &["--solver-cmd", &fake("fake-killed.sh")], &php);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("killed by signal 9"),
        "{}",
        stderr(&out)
    );
    let out = run("solve", &["--solver-cmd", "no-such-solver-anywhere"], &php);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("the command was not found"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("\ns "), "an answer was printed");
}

#[test]
fn a_consistent_false_unsat_is_caught_only_by_cross_check() {
    let queens = gen(&["queens", "6"]);
    let liar = fake("fake-always-unsat.sh");
    // Alone, the liar is believed: exit code and 's' line agree.
    let out = run("solve", &["--solver-cmd", &liar], &queens);
    assert_eq!(code(&out), 20);
    // A second solver settles it: exit 1, both named, nothing printed.
    let out = run(
        "solve",
        &["--solver-cmd", &liar, "--cross-check", "cadical"],
        &queens,
    );
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(err.contains("cross-check failed"), "{err}");
    assert!(err.contains("fake-always-unsat.sh"), "{err}");
    assert!(err.contains("cadical (embedded) says SATISFIABLE"), "{err}");
    assert!(out.stdout.is_empty(), "a disputed answer was printed");
    // And the other way round: the liar as the second opinion.
    let dir = tempfile::tempdir().expect("tempdir");
    let config = format!(
        r#"[{{"name": "liar", "command": ["{liar}", "{{input}}"], "output": "competition"}},
           {{"name": "wrong", "command": ["{}", "{{input}}"], "output": "competition"}}]"#,
        fake("fake-wrong-model.sh")
    );
    let config = common::temp_file(dir.path(), "solvers.json", config.as_bytes());
    let config = config.display().to_string();
    let out = run(
        "solve",
        &["--solver-config", &config, "--cross-check", "ext:liar"],
        &queens,
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("cadical (embedded) says SATISFIABLE but liar"),
        "{}",
        stderr(&out)
    );
    // A second solver whose model fails the check fails loudly too.
    let out = run(
        "solve",
        &["--solver-config", &config, "--cross-check", "ext:wrong"],
        &gen(&["php", "3", "2"]),
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("falsifies clause"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cross_check_agreement_passes_the_stream_through() {
    let mut others = vec!["minisat", "glucose"];
    if external_available("minisat") {
        others.push("ext:minisat");
    }
    for other in others {
        let out = run("solve", &["--cross-check", other], &gen(&["php", "6", "5"]));
        assert_eq!(code(&out), 20, "{other}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("s UNSATISFIABLE"), "{other}");
        assert!(text.contains("c cross-check agreed"), "{other}: {text}");
        let out = run(
            "solve",
            &["--all", "--cross-check", other],
            &gen(&["queens", "8"]),
        );
        assert_eq!(code(&out), 10, "{other}: {}", stderr(&out));
        assert!(stdout(&out).contains("c enumeration complete: 92 solutions"));
        assert!(stdout(&out).contains("c cross-check agreed"), "{other}");
    }
    let wcnf = std::fs::read(common::root().join("tests/data/small.wcnf")).expect("small.wcnf");
    let out = run("solve", &["--cross-check", "minisat"], &wcnf);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out)
        .contains("c cross-check agreed: minisat (embedded) also answered OPTIMUM FOUND"));
    // Unknown names are usage errors before any solving.
    let out = run("solve", &["--cross-check", "lingeling"], &wcnf);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("use ext:NAME"), "{}", stderr(&out));
}

#[test]
fn cross_check_under_a_time_limit_is_inconclusive_not_wrong() {
    let hard = gen(&["php", "13", "12"]);
    let out = run(
        "solve",
        &["--time-limit", "0.3", "--cross-check", "minisat"],
        &hard,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("s UNKNOWN"));
    assert!(stdout(&out).contains("c cross-check inconclusive"));
}

/// The DRAT checker, when installed (required under
/// SATPIPE_REQUIRE_EXTERNAL=1, as in CI: scripts/install-deps.sh installs it).
fn checker() -> bool {
    external_available("rate")
}

#[test]
fn pigeonhole_6_5_has_a_verified_proof() {
    if !checker() {
        return;
    }
    let php = gen(&["php", "6", "5"]);
    let out = run("solve", &["--check-proof"], &php);
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    assert!(stdout(&out).contains("\nc proof verified by rate\n"));
    // --proof FILE keeps the proof; the checker accepts it on its own.
    let dir = tempfile::tempdir().expect("tempdir");
    let cnf = common::temp_file(dir.path(), "php.cnf", &php);
    let proof = dir.path().join("php.drat");
    let proof_arg = proof.display().to_string();
    let out = run("solve", &["--proof", &proof_arg], &php);
    assert_eq!(code(&out), 20);
    assert!(stdout(&out).contains("c proof written to"));
    let checked = common::external_command("rate")
        .arg(&cnf)
        .arg(&proof)
        .output()
        .expect("rate");
    assert!(checked.status.success());
    assert!(String::from_utf8_lossy(&checked.stdout).contains("s VERIFIED"));
    // A proof of a different (satisfiable) formula does not verify.
    let other = common::temp_file(dir.path(), "php55.cnf", &gen(&["php", "5", "5"]));
    let checked = common::external_command("rate")
        .arg(&other)
        .arg(&proof)
        .output()
        .expect("rate");
    assert!(!checked.status.success(), "a wrong proof verified");
}

#[test]
fn an_unsolvable_numberlink_puzzle_has_a_verified_proof() {
    if !checker() {
        return;
    }
    // Pair 1 runs corner to corner; pairs 2 and 3 must cross it. The
    // presolve finds so, and its formula is the empty clause, which needs
    // no proof; without the presolve the solver's proof is checked.
    let puzzle = b"3\n3 3\n1 2 3\n. . .\n3 2 1\n";
    for (encode_args, said) in [
        (&["--presolve", "false"][..], "c proof verified by rate"),
        (
            &[][..],
            "c proof: none needed, the formula holds the empty clause",
        ),
    ] {
        let encoded = run("encode-numberlink", encode_args, puzzle);
        assert_eq!(code(&encoded), 0);
        let solved = run("solve", &["--check-proof"], &encoded.stdout);
        assert_eq!(code(&solved), 20, "{}", stderr(&solved));
        assert!(stdout(&solved).contains(said), "{}", stdout(&solved));
        let decoded = run("decode-numberlink", &[], &solved.stdout);
        assert_eq!(code(&decoded), 20);
        assert!(stdout(&decoded).contains("no solution"));
    }
}

#[test]
fn proofs_are_refused_where_they_would_prove_nothing() {
    let queens = gen(&["queens", "6"]);
    let out = run("solve", &["--proof", "unused.drat", "--all"], &queens);
    assert_eq!(code(&out), 1);
    let wcnf = std::fs::read(common::root().join("tests/data/small.wcnf")).expect("small.wcnf");
    let dir = tempfile::tempdir().expect("tempdir");
    let proof = dir.path().join("w.drat").display().to_string();
    let out = run("solve", &["--proof", &proof], &wcnf);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("not WCNF"), "{}", stderr(&out));
    // Satisfiable: the model is the certificate.
    let out = run("solve", &["--proof", &proof], &queens);
    assert_eq!(code(&out), 10);
    assert!(stdout(&out).contains("c proof: none needed"));
    // No checker on PATH: a clear error before solving.
    let out = std::process::Command::new(common::bin("solve"))
        .arg("--check-proof")
        .env("PATH", "/nonexistent")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("solve");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("needs a DRAT checker"),
        "{}",
        stderr(&out)
    );
}
