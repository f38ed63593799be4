//! The CNF and model streams through the real binaries: strict parsing
//! with file:line errors, the readable named form and its exact round
//! trip, statistics, and quiet broken pipes.

mod common;

use common::{assert_error, code, instance, pipeline, run, stderr, stdout};
use proptest::prelude::*;
use satpipe::builder::FormulaBuilder;
use satpipe::dimacs::{read_formula, write_formula, ReadOptions};
use satpipe::io::Input;
use satpipe::readable::{to_dimacs, to_readable};

/// Each malformed stream, the message it must produce, and the line.
const BAD_INPUTS: &[(&str, &[u8], &str)] = &[
    (
        "lying clause count",
        b"p cnf 3 5\n1 2 0\n-1 3 0\n",
        "<stdin>:3: the 'p' line declares 5 clauses but 2 were read",
    ),
    (
        "literal beyond variables",
        b"p cnf 2 1\n1 -3 0\n",
        "a literal uses variable 3 but the 'p' line declares 2 variables",
    ),
    (
        "unterminated clause",
        b"p cnf 3 2\n1 2 0\n-1 3\n",
        "<stdin>:3: the last clause has no terminating 0",
    ),
    (
        "non-numeric token",
        b"p cnf 3 1\n1 x2 0\n",
        "<stdin>:2: 'x2' is not a number",
    ),
    (
        "empty file",
        b"",
        "no input (the previous stage printed nothing)",
    ),
    ("only comments", b"c nothing here\n", "empty input"),
    (
        "binary garbage",
        b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe",
        "<stdin>:1:",
    ),
    (
        "name given twice",
        b"c var 1 x\nc var 1 y\np cnf 1 1\n1 0\n",
        "<stdin>:2: variable 1 is named twice",
    ),
    (
        "one name for two variables",
        b"c var 1 x\nc var 2 x\np cnf 2 1\n1 0\n",
        "the name 'x' is given to variables 1 and 2",
    ),
    (
        "name beyond variables",
        b"c var 9 x\np cnf 2 1\n1 0\n",
        "'c var' names variable 9 but the formula has 2 variables",
    ),
    (
        "second p line",
        b"p cnf 1 1\np cnf 1 1\n1 0\n",
        "<stdin>:2: a second 'p' line",
    ),
    (
        "malformed p line",
        b"p cnf three 1\n1 0\n",
        "<stdin>:1: the number of variables 'three'",
    ),
    (
        "huge literal",
        b"p cnf 2 1\n1 99999999999999999999999 0\n",
        "<stdin>:2: number too large",
    ),
    (
        "2^31 literal",
        b"p cnf 2 1\n2147483648 0\n",
        "<stdin>:2: literal 2147483648 is out of range",
    ),
    (
        "negative weight",
        b"h 1 0\n-3 1 0\n",
        "<stdin>:2: negative weight -3",
    ),
    (
        "h in plain CNF",
        b"p cnf 1 1\nh 1 0\n",
        "<stdin>:2: 'h' (a WCNF hard clause) in a CNF formula",
    ),
    (
        "bad projection",
        b"c p show 1 2\np cnf 2 1\n1 0\n",
        "<stdin>:1: a 'c p show' line must end with 0",
    ),
];

#[test]
fn every_bad_input_is_a_clear_error_in_every_reader() {
    for (what, input, message) in BAD_INPUTS {
        for command in ["solve", "cnf-names", "cnf-stats"] {
            if command != "solve" && what.contains("nam") && *what != "name given twice" {
                // cnf-names and cnf-stats stream and do not cross-check the
                // name table against the variable count.
                continue;
            }
            if command == "cnf-stats" && (what.contains("name") || what.contains("projection")) {
                // cnf-stats counts metadata lines without keeping them.
                continue;
            }
            let out = run(command, &[], input);
            assert_eq!(code(&out), 1, "{command} on {what}: {}", stdout(&out));
            let err = stderr(&out);
            assert!(
                err.contains(message),
                "{command} on {what}: got {err:?}, want {message:?}"
            );
            assert!(!err.contains("panicked"), "{command} on {what} panicked");
        }
    }
}

#[test]
fn relaxed_accepts_a_wrong_count_and_extra_variables() {
    let out = run("solve", &["--relaxed"], b"p cnf 1 5\n1 2 0\n-1 0\n");
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stdout(&out).contains("v -1 2 0"));
}

#[test]
fn errors_name_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = common::temp_file(dir.path(), "broken.cnf", b"p cnf 2 1\n1 2\n");
    let out = run("solve", &[&path.display().to_string()], b"");
    assert!(
        stderr(&out).contains("broken.cnf:2: the last clause has no terminating 0"),
        "{}",
        stderr(&out)
    );
    let out = run("solve", &["no/such/file.cnf"], b"");
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("no/such/file.cnf: No such file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn crlf_bom_multi_line_and_shared_line_clauses_are_read() {
    let text =
        b"\xEF\xBB\xBFc windows file\r\np cnf 4 3\r\n1 -2\r\n 3 0 -1 4 0\r\n2 0\r\n%\r\n0\r\n";
    let outs = pipeline(&[("solve", &["--all"]), ("model-names", &[])], text);
    assert_eq!(code(&outs[0]), 10, "{}", stderr(&outs[0]));
    let names = run("cnf-names", &[], text);
    assert_eq!(
        stdout(&names),
        "c windows file\np cnf 4 3\n_1 -_2 _3\n-_1 _4\n_2\n"
    );
}

#[test]
fn flags_are_checked() {
    for args in [
        vec!["--max", "0"],
        vec!["--time-limit", "-1"],
        vec!["--time-limit", "soon"],
        vec!["--solver", "cadical", "--external", "minisat"],
        vec!["--block", "sideways"],
        vec!["--no-such-flag"],
    ] {
        let out = run("solve", &args, b"p cnf 1 1\n1 0\n");
        assert_eq!(code(&out), 1, "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty());
    }
    let out = run("solve", &["--help"], b"");
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).contains("Examples:"));
    let out = run("solve", &["--version"], b"");
    assert_eq!(code(&out), 0);
}

#[test]
fn named_round_trip_through_the_binaries_is_exact() {
    for args in [
        vec!["queens", "6"],
        vec!["php", "4", "3"],
        vec!["cycle-cover", "7", "--weights", "3"],
        vec!["random", "50", "200"],
    ] {
        let dimacs = run("cnf-gen", &args, b"").stdout;
        let outs = pipeline(&[("cnf-names", &[]), ("cnf-dimacs", &[])], &dimacs);
        assert_eq!(code(&outs[0]), 0, "{}", stderr(&outs[0]));
        assert_eq!(code(&outs[1]), 0, "{}", stderr(&outs[1]));
        assert!(outs[1].stdout == dimacs, "{args:?}: round trip differs");
    }
}

/// A clause added by hand to the readable form may name a variable the
/// encoder fixed (`c fixed`): cnf-dimacs unfixes it and holds it by a unit
/// clause, so the formula means the same; naming the other value leaves
/// no solution.
#[test]
fn a_clause_added_on_a_fixed_variable_compiles_to_the_same_meaning() {
    let dog = instance("nonogram/griddler/converted-non/inputDog.non");
    let dog = dog.to_str().expect("path");
    let cnf = run("encode-nonogram", &[dog], b"").stdout;
    let named = stdout(&run("cnf-names", &[], &cnf));
    assert!(named.contains("c fixed 1 00011"), "{named}");
    let plain = pipeline(&[("solve", &[]), ("decode-nonogram", &[])], &cnf);
    for (clause, solved) in [("cell(1,4)\n", true), ("-cell(1,4)\n", false)] {
        let edited = format!("{named}{clause}");
        let outs = pipeline(
            &[
                ("cnf-dimacs", &[]),
                ("solve", &[]),
                ("decode-nonogram", &[]),
            ],
            edited.as_bytes(),
        );
        assert_eq!(code(&outs[0]), 0, "{clause}: {}", stderr(&outs[0]));
        let dimacs = stdout(&outs[0]);
        assert!(dimacs.contains("c fixed 1 000.1"), "{dimacs}");
        assert!(dimacs.contains("p cnf 25 2\n"), "{dimacs}");
        if solved {
            assert_eq!(code(&outs[1]), 10, "{}", stderr(&outs[1]));
            assert_eq!(stdout(&outs[2]), stdout(&plain[1]));
        } else {
            assert_eq!(code(&outs[1]), 20, "{}", stderr(&outs[1]));
        }
    }
}

#[test]
fn the_readable_form_reads_as_a_person_expects() {
    let text = stdout(&run(
        "cnf-names",
        &[],
        &run("cnf-gen", &["php", "3", "2"], b"").stdout,
    ));
    assert!(text.contains("\nin(1,1) in(1,2)\n"), "{text}");
    assert!(text.contains("\n-in(1,1) -in(2,1)\n"), "{text}");
    let text = stdout(&run(
        "cnf-names",
        &[],
        &run("cnf-gen", &["cycle-cover", "3"], b"").stdout,
    ));
    assert!(text.contains("\nh cover(1) cover(2)\n"), "{text}");
    assert!(text.contains("\n1 -cover(3)\n"), "{text}");
}

#[test]
fn an_edited_readable_file_compiles_with_a_fresh_count() {
    let readable = "c var 1 a\nc var 2 b\np cnf 2 1\na b\n-a -b\nb _3\n";
    let out = run("cnf-dimacs", &[], readable.as_bytes());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "c var 1 a\nc var 2 b\np cnf 3 3\n1 2 0\n-1 -2 0\n2 3 0\n"
    );
    let out = run("cnf-dimacs", &[], b"c var 1 a\np cnf 1 1\na nope\n");
    assert_error(&out, "<stdin>:3: unknown variable 'nope'");
}

#[test]
fn stats_count_what_is_there() {
    let out = run(
        "cnf-stats",
        &["--json"],
        &run("cnf-gen", &["queens", "8"], b"").stdout,
    );
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(stats["variables"], 64);
    assert_eq!(stats["named_variables"], 64);
    assert_eq!(stats["auxiliary_variables"], 0);
    assert_eq!(stats["projection"], 64);
    assert_eq!(stats["family"], "queens");
    // 16 clauses of length 8 (rows and columns), the rest binary.
    assert_eq!(stats["clause_lengths"]["8"], 16);
    let text = stdout(&run(
        "cnf-stats",
        &[],
        &run("cnf-gen", &["cycle-cover", "5"], b"").stdout,
    ));
    assert!(text.contains("soft clauses 5 (total weight 5)"), "{text}");
}

#[test]
fn broken_pipes_end_quietly() {
    use std::process::{Command, Stdio};
    for (name, args) in [
        ("cnf-gen", vec!["random", "20000", "80000"]),
        ("cnf-names", vec![]),
    ] {
        let input = if name == "cnf-names" {
            run("cnf-gen", &["random", "20000", "80000"], b"").stdout
        } else {
            Vec::new()
        };
        let mut child = Command::new(common::bin(name))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().expect("stdin");
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 10];
        use std::io::Read;
        let _ = stdout.read_exact(&mut first);
        drop(stdout);
        let out = child.wait_with_output().expect("wait");
        let _ = writer.join();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A random formula with some named variables, as an encoder would build.
fn formula_strategy() -> impl Strategy<Value = satpipe::cnf::Formula> {
    (
        1u32..30,
        prop::collection::vec(
            prop::collection::vec((0u32..40, any::<bool>()), 0..6),
            0..40,
        ),
        prop::collection::vec(
            (
                prop::collection::vec((0u32..40, any::<bool>()), 0..4),
                1u64..50,
            ),
            0..5,
        ),
        any::<bool>(),
        "[a-z][a-z0-9(),=]{0,8}",
    )
        .prop_map(|(named, clauses, soft, crlf_puzzle, stem)| {
            let mut b = FormulaBuilder::new("test", "test/random");
            b.option("stem", &stem);
            b.puzzle(if crlf_puzzle {
                "a b\r\n\r\nc\r\n"
            } else {
                "x\n  y z\n\n"
            });
            let mut lits: Vec<_> = (0..named).map(|i| b.named(format!("{stem}#{i}"))).collect();
            while lits.len() < 40 {
                lits.push(b.aux());
            }
            for clause in clauses {
                let clause: Vec<_> = clause
                    .into_iter()
                    .map(|(v, neg)| {
                        if neg {
                            !lits[v as usize]
                        } else {
                            lits[v as usize]
                        }
                    })
                    .collect();
                b.clause(&clause);
            }
            for (clause, weight) in soft {
                let clause: Vec<_> = clause
                    .into_iter()
                    .map(|(v, neg)| {
                        if neg {
                            !lits[v as usize]
                        } else {
                            lits[v as usize]
                        }
                    })
                    .collect();
                b.soft(weight, &clause);
            }
            b.finish()
        })
}

proptest! {
    #[test]
    fn named_round_trip_is_exact(formula in formula_strategy()) {
        let mut dimacs = Vec::new();
        write_formula(&mut dimacs, &formula).expect("write");
        let mut readable = Vec::new();
        let text = String::from_utf8(dimacs.clone()).expect("utf8");
        to_readable(&mut Input::from_text("<test>", &text), ReadOptions::default(), &mut readable).expect("to readable");
        let mut back = Vec::new();
        let readable = String::from_utf8(readable).expect("utf8");
        to_dimacs(&mut Input::from_text("<test>", &readable), &mut back).expect("to dimacs");
        prop_assert_eq!(String::from_utf8(back).expect("utf8"), text.clone());
        // And the stream reads back to the same formula and metadata.
        let again = read_formula(&mut Input::from_text("<test>", &text), ReadOptions::default()).expect("read");
        prop_assert_eq!(&again.meta, &formula.meta);
        prop_assert_eq!(&again.hard, &formula.hard);
        prop_assert_eq!(&again.soft, &formula.soft);
        prop_assert_eq!(&again.weights, &formula.weights);
    }
}

/// Two nonogram formulas in one stream: `solve` answers each (embedded,
/// and an external solver one formula at a time), and the decoder checks
/// and prints each after `puzzle N:`.
#[test]
fn several_formulas_in_one_stream() {
    let dog = common::instance("nonogram/griddler/converted-non/inputDog.non");
    let cnf = stdout(&run("encode-nonogram", &[&dog.to_string_lossy()], b""));
    let two = format!("{cnf}{cnf}");
    let mut solvers: Vec<&[&str]> = vec![&[]];
    if common::external_available("minisat") {
        solvers.push(&["--external", "minisat"]);
    }
    for solver in solvers {
        let outs = pipeline(
            &[("solve", solver), ("decode-nonogram", &["--format", "O"])],
            two.as_bytes(),
        );
        assert_eq!(code(&outs[0]), 10, "{solver:?}: {}", stderr(&outs[0]));
        assert_eq!(code(&outs[1]), 0, "{solver:?}: {}", stderr(&outs[1]));
        let text = stdout(&outs[1]);
        assert!(text.starts_with("puzzle 1:\n___OO\n"), "{text}");
        assert!(text.contains("\npuzzle 2:\n___OO\n"), "{text}");
    }
    // One formula's stream has no `puzzle N:` line; a proof takes one
    // formula.
    let outs = pipeline(&[("solve", &[]), ("decode-nonogram", &[])], cnf.as_bytes());
    assert!(!stdout(&outs[1]).contains("puzzle 1:"));
    let dir = tempfile::tempdir().expect("tempdir");
    let proof = dir.path().join("proof.drat");
    let proof = proof.to_str().expect("a UTF-8 path");
    let out = run("solve", &["--proof", proof], two.as_bytes());
    assert_error(
        &out,
        "(formula 2): --proof and --check-proof take one formula",
    );
}

/// A time-out is not an error: after `solve --time-limit 0` (no answer),
/// every decoder and `model-names` say UNKNOWN and exit 30, neither 1
/// (error) nor 20 (no solution); a stream of several formulas with an
/// unknown answer too.
#[test]
fn unknown_has_its_own_exit_status_in_every_decoder_and_model_names() {
    let php = stdout(&run("cnf-gen", &["php", "9", "8"], b""));
    let out = run("solve", &["--time-limit", "0"], php.as_bytes());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("s UNKNOWN"), "{}", stdout(&out));
    let unknown = out.stdout;
    let out = run("model-names", &[], &unknown);
    assert_eq!(code(&out), 30, "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("no answer (UNKNOWN"),
        "{}",
        stdout(&out)
    );
    for family in ["numberlink", "nonogram", "rules", "sanalouhos"] {
        let help = stdout(&run(&format!("decode-{family}"), &["--help"], b""));
        assert!(
            help.contains("30 unknown"),
            "decode-{family} --help: {help}"
        );
    }
    let dog = common::instance("nonogram/griddler/converted-non/inputDog.non");
    let cnf = stdout(&run("encode-nonogram", &[&dog.to_string_lossy()], b""));
    let outs = pipeline(
        &[("solve", &["--time-limit", "0"]), ("decode-nonogram", &[])],
        cnf.as_bytes(),
    );
    if stdout(&outs[0]).contains("s UNKNOWN") {
        assert_eq!(code(&outs[1]), 30, "{}", stderr(&outs[1]));
        assert!(
            stdout(&outs[1]).contains("no answer (UNKNOWN"),
            "{}",
            stdout(&outs[1])
        );
        // One unknown answer among solved ones: the stream is unknown.
        let solved = stdout(&run("solve", &[], cnf.as_bytes()));
        let both = format!("{solved}{}", stdout(&outs[0]));
        let out = run("decode-nonogram", &[], both.as_bytes());
        assert_eq!(code(&out), 30, "{}", stderr(&out));
    }
    // Any stream that says UNKNOWN, whatever stopped its solver.
    let header: String = cnf
        .lines()
        .filter(|l| l.starts_with("c "))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = run(
        "decode-nonogram",
        &[],
        format!("{header}s UNKNOWN\n").as_bytes(),
    );
    assert_eq!(code(&out), 30, "{}", stderr(&out));
}

/// `--json` is one document a line in every command, and an error gives
/// a JSON document too (beside the message on standard error).
#[test]
fn json_is_one_document_a_line_and_errors_are_documents_too() {
    let queens = stdout(&run("cnf-gen", &["queens", "6"], b""));
    let one_line = |text: &str| {
        assert_eq!(text.lines().count(), 1, "{text}");
        serde_json::from_str::<serde_json::Value>(text).expect("a JSON document")
    };
    let stats = one_line(&stdout(&run("cnf-stats", &["--json"], queens.as_bytes())));
    assert_eq!(stats["variables"], 36);
    let dog = common::instance("nonogram/griddler/converted-non/inputDog.non");
    let outs = pipeline(
        &[
            ("encode-nonogram", &[&dog.to_string_lossy()]),
            ("solve", &[]),
            ("decode-nonogram", &["--json"]),
        ],
        b"",
    );
    let decoded = one_line(&stdout(&outs[2]));
    assert_eq!(decoded["family"], "nonogram", "{decoded}");
    // A stream of several formulas: a document a line, no headings.
    let letters = common::instance("numberlink/thomasahle/inputs5.txt");
    let encoded = run(
        "encode-numberlink",
        &["--all-puzzles", &letters.to_string_lossy()],
        b"",
    );
    let outs = pipeline(&[("solve", &["--json"]), ("solve", &[])], &encoded.stdout);
    assert_eq!(stdout(&outs[0]).lines().count(), 20, "{}", stdout(&outs[0]));
    let outs = pipeline(
        &[("solve", &[]), ("decode-numberlink", &["--json"])],
        &encoded.stdout,
    );
    let text = stdout(&outs[1]);
    assert_eq!(text.lines().count(), 20, "{text}");
    for line in text.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).expect("a document a line");
        assert_eq!(doc["family"], "numberlink");
    }
    // Errors: bad input, and a command line clap refuses.
    for (command, args, input) in [
        ("solve", &["--json"][..], &b"p cnf 1 1\n1 x 0\n"[..]),
        ("cnf-stats", &["--json"], b"p cnf 1 1\n1 x 0\n"),
        ("decode-nonogram", &["--json"], b"s SATISFIABLE\nv 1 x 0\n"),
        ("solve", &["--json", "--max", "0"], b""),
        ("decode-rules", &["--json", "--explain", "sometimes"], b""),
    ] {
        let out = run(command, args, input);
        assert_eq!(code(&out), 1, "{command} {args:?}: {}", stderr(&out));
        let doc = one_line(&stdout(&out));
        assert_eq!(doc["command"], command, "{doc}");
        let error = doc["error"].as_str().expect("the message");
        let first = stderr(&out);
        let first = first.lines().next().unwrap_or_default();
        assert_eq!(first, format!("{command}: {error}"), "{doc}");
        if input.starts_with(b"p cnf") {
            assert_eq!(doc["file"], "<stdin>", "{doc}");
            assert_eq!(doc["line"], 2, "{doc}");
        }
    }
    // Without --json an error writes nothing on standard output.
    let out = run("solve", &[], b"p cnf 1 1\n1 x 0\n");
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
}

/// `solve --count --json`: the count as a document (the counter here is
/// a command that prints a count).
#[test]
fn count_works_with_json() {
    let queens = stdout(&run("cnf-gen", &["queens", "6"], b""));
    let out = run(
        "solve",
        &["--count", "--json", "--counter-cmd", "echo 's mc 4'; true"],
        queens.as_bytes(),
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one document");
    assert_eq!(doc["status"], "SATISFIABLE");
    assert_eq!(doc["model_count"], "4");
    assert_eq!(doc["count"], 4);
    assert_eq!(doc["models"], serde_json::json!([]));
    let php = stdout(&run("cnf-gen", &["php", "3", "2"], b""));
    let out = run("solve", &["--count", "--json"], php.as_bytes());
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one document");
    assert_eq!(doc["status"], "UNSATISFIABLE");
    assert_eq!(doc["model_count"], "0");
}

/// `cnf-dimacs` given DIMACS numbers or a terminating `0` says what the
/// readable form wants instead of advising a declaration no name can have.
#[test]
fn cnf_dimacs_advice_fits_numbers_and_terminating_zeros() {
    let header = "c var 1 x\nc var 2 y\np cnf 2 1\n";
    for (clause, message) in [
        ("x 5 -7\n", "'5' is a DIMACS literal, not a name: write unnamed variable 5 as _5"),
        ("x -7\n", "'-7' is a DIMACS literal, not a name: write unnamed variable 7 as -_7"),
        ("x -y 0\n", "'0' ends the clause: a line of the readable form is one clause without a terminating 0"),
        ("x zz\n", "unknown variable 'zz' (declare it with 'c var N zz')"),
    ] {
        let out = run("cnf-dimacs", &[], format!("{header}{clause}").as_bytes());
        assert_error(&out, &format!("<stdin>:4: {message}"));
        assert!(!stderr(&out).contains("'c var N 5'"), "{}", stderr(&out));
    }
    // What the advice says compiles.
    let out = run("cnf-dimacs", &[], format!("{header}x _5 -_7\n").as_bytes());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).ends_with("1 5 -7 0\n"), "{}", stdout(&out));
}
