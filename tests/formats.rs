//! The decoders' formats for programs (SVG, JSON, contest answer files,
//! puzzle files) hold that format alone on standard output, the verdict
//! going to standard error, so that they parse and read back.

mod common;

use common::{code, instance, pipeline, run, stderr, stdout, temp_file};

/// `encode-<family> ARGS | solve SOLVE | decode-<family> DECODE`, all
/// three exit codes checked; returns the decoder's output.
fn decoded(family: &str, encode: &[&str], solve: &[&str], decode: &[&str]) -> std::process::Output {
    let encoder = format!("encode-{family}");
    let decoder = format!("decode-{family}");
    let outputs = pipeline(
        &[(&encoder, encode), ("solve", solve), (&decoder, decode)],
        b"",
    );
    assert_eq!(code(&outputs[0]), 0, "{}", stderr(&outputs[0]));
    assert_eq!(code(&outputs[1]), 10, "{}", stderr(&outputs[1]));
    let decoded = outputs[2].clone();
    assert_eq!(code(&decoded), 0, "{}", stderr(&decoded));
    decoded
}

#[test]
fn numberlink_svg_is_one_svg_document_and_the_verdict_goes_to_stderr() {
    let puzzle = instance("numberlink/seed/input-7by7.in");
    let out = decoded(
        "numberlink",
        &[puzzle.to_str().unwrap()],
        &["--max", "2"],
        &["--format", "svg"],
    );
    let svg = stdout(&out);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    assert_eq!(svg.matches("<svg").count(), 1);
    assert!(stderr(&out).contains("unique"), "{}", stderr(&out));
}

#[test]
fn numberlink_json_parses() {
    let puzzle = instance("numberlink/seed/input-7by7.in");
    let out = decoded(
        "numberlink",
        &[puzzle.to_str().unwrap()],
        &[],
        &["--format", "json"],
    );
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON value");
    assert!(value.is_object() || value.is_array(), "{value}");
    assert!(stderr(&out).contains("1 solution"), "{}", stderr(&out));
}

#[test]
fn numberlink_adc_answer_file_has_only_the_answer() {
    let puzzle = instance("numberlink/adc2015/Q/Q04.txt");
    let out = decoded(
        "numberlink",
        &[puzzle.to_str().unwrap()],
        &[],
        &["--format", "adc"],
    );
    let text = stdout(&out);
    let mut lines = text.lines();
    assert!(
        lines.next().unwrap_or_default().starts_with("SIZE "),
        "{text}"
    );
    for line in lines {
        assert!(
            line.split(',')
                .all(|cell| cell.chars().all(|c| c.is_ascii_digit())),
            "not an answer row: {line:?}"
        );
    }
}

#[test]
fn several_solutions_in_a_machine_format_give_the_first_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    // One line across an empty 3x3 grid: six ways under --allow-empty.
    let file = temp_file(dir.path(), "p.in", b"1\n3 3\n1 . .\n. . .\n. . 1\n");
    let out = decoded(
        "numberlink",
        &["--allow-empty", file.to_str().unwrap()],
        &["--max", "2"],
        &["--format", "json"],
    );
    serde_json::from_str::<serde_json::Value>(&stdout(&out)).expect("one JSON value");
    assert!(
        stderr(&out).contains("standard output holds the first"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_decoded_crossword_grid_reads_back_as_a_pattern() {
    let pattern = instance("crossword/grids/stazi-example2-10x10.txt");
    let words = instance("crossword/stazi-words.json");
    let words = words.to_str().unwrap();
    let out = decoded(
        "crossword",
        &["--pattern", pattern.to_str().unwrap(), "--words", words],
        &[],
        &["--format", "grid"],
    );
    let dir = tempfile::tempdir().unwrap();
    let filled = temp_file(dir.path(), "filled.txt", &out.stdout);
    let again = decoded(
        "crossword",
        &["--pattern", filled.to_str().unwrap(), "--words", words],
        &["--max", "2"],
        &["--format", "grid"],
    );
    assert_eq!(stdout(&again), stdout(&out));
    assert!(stderr(&again).contains("unique"), "{}", stderr(&again));
}

#[test]
fn a_decoded_non_file_reads_back_with_the_same_unique_solution() {
    let puzzle = instance("nonogram/griddler/converted-non/inputDog.non");
    let out = decoded(
        "nonogram",
        &[puzzle.to_str().unwrap()],
        &["--max", "2"],
        &["--format", "non"],
    );
    assert!(stdout(&out).contains("goal"), "{}", stdout(&out));
    let dir = tempfile::tempdir().unwrap();
    let written = temp_file(dir.path(), "dog.non", &out.stdout);
    let again = decoded(
        "nonogram",
        &[written.to_str().unwrap()],
        &["--max", "2"],
        &["--format", "non"],
    );
    assert_eq!(stdout(&again), stdout(&out));
    assert!(stderr(&again).contains("unique"));
}

#[test]
fn text_formats_keep_the_verdict_on_stdout() {
    let puzzle = instance("numberlink/seed/input-7by7.in");
    let out = decoded(
        "numberlink",
        &[puzzle.to_str().unwrap()],
        &["--max", "2"],
        &[],
    );
    assert!(stdout(&out).trim_end().ends_with("unique"));
}

#[test]
fn every_family_command_answers_version() {
    for family in ["numberlink", "nonogram", "rules", "crossword", "sanalouhos"] {
        for command in [format!("encode-{family}"), format!("decode-{family}")] {
            let out = run(&command, &["--version"], b"");
            assert_eq!(code(&out), 0, "{command}: {}", stderr(&out));
            assert_eq!(
                stdout(&out).trim(),
                format!("{command} {}", env!("CARGO_PKG_VERSION"))
            );
        }
    }
}

#[test]
fn a_letter_grid_comes_back_with_its_own_letters() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(dir.path(), "flow.txt", b"3 3\nR.R\nG.G\nB.B\n");
    let out = decoded(
        "numberlink",
        &[file.to_str().unwrap()],
        &["--max", "2"],
        &[],
    );
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert_eq!(rows[..3], ["R R R", "G G G", "B B B"], "{text}");
    assert_eq!(rows[4..7], ["R ─ R", "G ─ G", "B ─ B"], "{text}");
    assert!(!text.contains('1'), "renumbered: {text}");
}

#[test]
fn a_seed_file_without_its_k_line_says_it_was_read_as_a_letter_grid() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(dir.path(), "p.in", b"3 3\n1 . 1\n. . .\n2 . 2\n");
    let out = run("encode-numberlink", &[file.to_str().unwrap()], b"");
    common::assert_error(&out, "read as a letter grid");
}
