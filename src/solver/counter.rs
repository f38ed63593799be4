//! Model counters behind `solve --count`: the exact number of solutions
//! on the projection set (`c p show`), without enumerating them (the
//! enumeration races them: [`crate::solve::count`]).
//!
//! The built-in counter is Ganak through the PyPI package `pyganak`
//! (`pip install pyganak`), driven by a small Python program compiled into
//! `solve`; any other projected model counter that reads DIMACS with `c p
//! show` lines and prints the model counting competition's answer (`s mc
//! N` or `c s exact arb int N`) runs with `--counter-cmd`. Counts are
//! decimal text: they outgrow every integer type.

use crate::cnf::Formula;
use crate::dimacs::write_formula;
use crate::error::{Error, IoContext, Result};
use crate::solver::program::{read_output, run_until, OutputLines};
use crate::solver::Stop;
use std::time::Instant;

/// The Python program that runs Ganak through pyganak.
const GANAK_SCRIPT: &str = include_str!("count_ganak.py");

/// Which counter to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Counter {
    /// Ganak, through the PyPI package `pyganak` and `python3`.
    Ganak,
    /// A shell command; the formula's file name is appended.
    Command(String),
}

impl Counter {
    /// The counter's name for `c counter` lines.
    pub fn description(&self) -> String {
        match self {
            Counter::Ganak => "ganak (pyganak)".to_string(),
            Counter::Command(command) => format!("command: {command}"),
        }
    }

    /// The command line for the formula in `file`.
    fn args(&self, file: &str) -> Vec<String> {
        match self {
            Counter::Ganak => vec![
                "python3".to_string(),
                "-c".to_string(),
                GANAK_SCRIPT.to_string(),
                file.to_string(),
            ],
            Counter::Command(command) => vec![
                "sh".to_string(),
                "-c".to_string(),
                format!("{command} \"$1\""),
                "sh".to_string(),
                file.to_string(),
            ],
        }
    }
}

/// Counts the solutions of `formula` on its projection set; `None` when
/// `deadline` passed first or `stop` was raised (the counter is then
/// killed).
pub fn count(
    formula: &Formula,
    counter: &Counter,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Result<Option<String>> {
    let dir = tempfile::tempdir().with_name("<temporary folder>")?;
    let path = dir.path().join("formula.cnf");
    let name = path.display().to_string();
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).with_name(&name)?);
    write_formula(&mut file, formula).with_name(&name)?;
    std::io::Write::flush(&mut file).with_name(&name)?;
    drop(file);
    let fail =
        |message: String| Error::Solver(format!("counter {}: {message}", counter.description()));
    let Some(finished) = run_until(
        &counter.args(&name),
        None,
        CountLines::default(),
        deadline,
        stop,
    )
    .map_err(fail)?
    else {
        return Ok(None);
    };
    finished.output.parser.finish().map(Some).map_err(fail)
}

/// A counter's output, read a line at a time: the count of its first
/// `c s exact arb int N` line, else of its `s mc N` line, else 0 after
/// `s UNSATISFIABLE`.
#[derive(Default)]
pub struct CountLines {
    exact: Option<String>,
    from_s_line: Option<String>,
}

impl CountLines {
    /// The count, once every line is read.
    pub fn finish(self) -> std::result::Result<String, String> {
        self.exact.or(self.from_s_line).ok_or_else(|| {
            "no count in its output (no 's mc N' or 'c s exact ... N' line)".to_string()
        })
    }
}

impl OutputLines for CountLines {
    fn line(&mut self, line: &[u8]) -> std::result::Result<(), String> {
        if self.exact.is_some() {
            return Ok(());
        }
        let line = String::from_utf8_lossy(line);
        let number = |word: &str| {
            (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
                .then(|| word.trim_start_matches('0'))
                .map(|digits| if digits.is_empty() { "0" } else { digits }.to_string())
                .ok_or_else(|| format!("a count that is no number: '{line}'"))
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["c", "s", "exact", _, "int", n] => self.exact = Some(number(n)?),
            ["s", "mc", n] => self.from_s_line = Some(number(n)?),
            ["s", "UNSATISFIABLE"] => {
                self.from_s_line.get_or_insert_with(|| "0".to_string());
            }
            _ => {}
        }
        Ok(())
    }

    fn ignores_long(&self, head: &[u8]) -> bool {
        !(head.starts_with(b"s ") || head.starts_with(b"c s "))
    }
}

/// The count in a counter's output held in memory (see [`CountLines`]).
pub fn parse_count(stdout: &[u8]) -> std::result::Result<String, String> {
    read_output(stdout, CountLines::default(), "its output")?
        .parser
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_competition_formats() {
        assert_eq!(parse_count(b"c x\ns mc 92\n").as_deref(), Ok("92"));
        assert_eq!(
            parse_count(b"s SATISFIABLE\nc s type pmc\nc s exact arb int 812851200\n").as_deref(),
            Ok("812851200")
        );
        assert_eq!(parse_count(b"s UNSATISFIABLE\n").as_deref(), Ok("0"));
        assert_eq!(
            parse_count(b"s mc 123456789012345678901234567890\n").as_deref(),
            Ok("123456789012345678901234567890")
        );
        assert!(parse_count(b"s mc many\n").is_err());
        assert!(parse_count(b"hello\n").is_err());
    }
}
