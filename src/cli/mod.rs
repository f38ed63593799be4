//! The commands. Each binary in `src/bin/` is one line that calls
//! [`main`] with one of the argument types here; parsing, error reporting,
//! exit codes and quiet broken pipes live once, in this module.

pub mod bench;
pub mod cnf_tools;
pub mod docs;
pub mod exchange;
pub mod family;
pub mod gen;
pub mod generate;
pub mod solve;

use crate::error::Result;
use std::process::ExitCode;

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
        exchange::PuzzleUrlArgs::command(),
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
