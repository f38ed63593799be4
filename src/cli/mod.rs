//! The commands. Each binary in `src/bin/` is one line that calls
//! [`main`] with one of the argument types here; parsing, error reporting,
//! exit codes and quiet broken pipes live once, in this module.

pub mod bench;
pub mod cnf_tools;
pub mod docs;
pub mod family;
pub mod gen;
pub mod generate;
pub mod solve;

use crate::error::{Error, Result};
use std::process::ExitCode;

/// The exit statuses of the decoders and `model-names`
/// (docs/streams.md); `solve` has the SAT competition's own (10, 20, 0).
pub mod exit {
    /// A solution was found and printed.
    pub const SOLVED: u8 = 0;
    /// Bad input, or a model or solution that fails its check.
    pub const ERROR: u8 = 1;
    /// The stream says there is no solution (UNSAT).
    pub const NO_SOLUTION: u8 = 20;
    /// The stream has no answer (`s UNKNOWN`: `solve`'s time limit, or a
    /// solver that gave up).
    pub const UNKNOWN: u8 = 30;

    /// The status of a stream of several formulas' answers from the
    /// statuses of its parts: an error if any part failed, else unknown
    /// if any answer is missing, else no solution if any puzzle has none,
    /// else solved.
    pub fn combine(codes: &[u8]) -> u8 {
        [ERROR, UNKNOWN, NO_SOLUTION]
            .into_iter()
            .find(|code| codes.contains(code))
            .unwrap_or(SOLVED)
    }

    /// The sentence of `--help` that lists these statuses.
    pub const HELP: &str = "Exit status: 0 solved, 20 no solution, 30 unknown (no answer, \
        e.g. solve's time limit), 1 bad input or a failed check.";
}

/// A command: its arguments (clap derive) and what it does.
pub trait Command: clap::Parser {
    /// The binary's name, used in error messages.
    const NAME: &'static str;
    /// Runs the command; returns the exit code.
    fn run(self) -> Result<u8>;
}

/// The `main` of every binary: parse, run, report errors as
/// `NAME: file:line: message` with exit 1, end quietly on a closed pipe.
pub fn main<C: Command>() -> ExitCode {
    let args = match C::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            // --help and --version are not errors; usage errors exit 1.
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    match args.run() {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", C::NAME);
            ExitCode::from(1)
        }
    }
}

/// The clap definitions of every command, for man pages and completions.
pub fn all_commands() -> Vec<clap::Command> {
    use clap::CommandFactory;
    let mut commands = vec![
        solve::SolveArgs::command(),
        cnf_tools::NamesArgs::command(),
        cnf_tools::DimacsArgs::command(),
        cnf_tools::StatsArgs::command(),
        cnf_tools::ModelNamesArgs::command(),
        gen::GenArgs::command(),
        generate::RulesArgs::command(),
        generate::NumberlinkArgs::command(),
        generate::NonogramArgs::command(),
        docs::DocsArgs::command(),
        bench::BenchRunArgs::command(),
        bench::BenchReportArgs::command(),
    ];
    for family in crate::FAMILIES {
        commands.push((family.encode_command)());
        commands.push((family.decode_command)());
    }
    commands
}
