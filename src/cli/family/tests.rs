//! Unit tests of [`crate::cli::family`].

use super::*;
use crate::nonogram::{self, Nonogram};

fn recorded<F: Family>(arguments: &[&str]) -> Vec<String> {
    let command = encode_command::<F>();
    let argv = std::iter::once("encode").chain(arguments.iter().copied());
    let matches = command.clone().try_get_matches_from(argv).expect("valid");
    recorded_options(&command, &matches).expect("recordable")
}

#[test]
fn options_round_trip_through_the_header() {
    let options = recorded::<Nonogram>(&[
        "--format",
        "picross",
        "--grid",
        "Two Notes",
        "--encoding",
        "dfa",
        "--presolve",
        "false",
        "--amo",
        "pairwise",
    ]);
    assert!(options.contains(&"--grid=Two Notes".to_string()));
    let meta = Metadata {
        options,
        ..Metadata::default()
    };
    let back = options_from_header::<Nonogram>(&meta, "s.cnf", &mut None).expect("parses");
    assert_eq!(back.format, nonogram::Format::Picross);
    assert_eq!(back.grid.as_deref(), Some("Two Notes"));
    assert_eq!(back.encoding, nonogram::Encoding::Dfa);
    assert!(!back.presolve());
    assert_eq!(back.amo, crate::builder::AtMostOne::Pairwise);
    // The flag spelling records itself and reads back the same.
    let options = recorded::<Nonogram>(&["--no-presolve"]);
    assert!(
        options.contains(&"--no-presolve".to_string()),
        "{options:?}"
    );
    let meta = Metadata {
        options,
        ..Metadata::default()
    };
    let back = options_from_header::<Nonogram>(&meta, "s.cnf", &mut None).expect("parses");
    assert!(!back.presolve());
}

#[test]
fn defaults_are_recorded_and_unknown_options_rejected() {
    let options = recorded::<Nonogram>(&[]);
    assert!(
        options.contains(&"--encoding=starts".to_string()),
        "{options:?}"
    );
    assert!(
        !options.iter().any(|o| o.contains("presolve")),
        "{options:?}"
    );
    // A header of an older encoder, with the older spelling, still reads.
    let meta = Metadata {
        options: vec!["--presolve=true".to_string(), "--encoding=dfa".to_string()],
        ..Metadata::default()
    };
    let back = options_from_header::<Nonogram>(&meta, "s.cnf", &mut None).expect("parses");
    assert!(back.presolve());
    for bad in ["--colour=red", "--format=pdf", "format=auto"] {
        let meta = Metadata {
            options: vec![bad.to_string()],
            ..Metadata::default()
        };
        let error = options_from_header::<Nonogram>(&meta, "s.cnf", &mut None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            error.starts_with(
                "s.cnf:1: the header's 'c option' lines are not options of encode-nonogram"
            ),
            "{bad}: {error}"
        );
    }
}

#[test]
fn a_value_of_several_lines_is_not_recorded() {
    let command = encode_command::<Nonogram>();
    let matches = command
        .clone()
        .try_get_matches_from(["encode", "--grid", "a\nb"])
        .expect("valid");
    assert!(recorded_options(&command, &matches).is_err());
}

#[test]
fn options_are_reused_only_while_the_lines_repeat() {
    let header = |options: &[&str]| Metadata {
        options: options.iter().map(|o| o.to_string()).collect(),
        ..Metadata::default()
    };
    let mut known = None;
    let dfa = header(&["--encoding=dfa"]);
    let first = options_from_header::<Nonogram>(&dfa, "s.cnf", &mut known).expect("parses");
    assert_eq!(first.encoding, nonogram::Encoding::Dfa);
    assert!(known.is_some());
    let again = options_from_header::<Nonogram>(&dfa, "s.cnf", &mut known).expect("parses");
    assert_eq!(again.encoding, nonogram::Encoding::Dfa);
    // Other lines are parsed anew, and a bad one is still an error.
    let starts = header(&["--encoding=starts"]);
    let other = options_from_header::<Nonogram>(&starts, "s.cnf", &mut known).expect("parses");
    assert_eq!(other.encoding, nonogram::Encoding::Starts);
    let bad = header(&["--colour=red"]);
    assert!(options_from_header::<Nonogram>(&bad, "s.cnf", &mut known).is_err());
}
