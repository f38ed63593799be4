//! The commands. Each binary in `src/bin/` is one line that calls
//! [`main`] with one of the argument types here; parsing, error reporting,
//! exit codes and quiet broken pipes live once, in this module.

pub mod bench;
pub mod cnf_tools;
pub mod docs;
pub mod doors;
pub mod exchange;
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
    /// True when the command line asked for JSON (`--json`): an error
    /// then also writes a JSON error document to standard output.
    fn json(&self) -> bool {
        false
    }
}

/// The `main` of every binary: parse, run, report errors as
/// `NAME: file:line: message` with exit 1 (and with `--json` a JSON error
/// document on standard output), end quietly on a closed pipe.
pub fn main<C: Command>() -> ExitCode {
    let args = match C::try_parse() {
        Ok(args) => args,
        Err(e) => return usage_error(C::NAME, &e),
    };
    let json = args.json();
    finish(C::NAME, args.run(), json)
}

/// The exit of a command that ran: its code, or its error reported
/// ([`report`]), or a quiet end on a closed pipe.
pub fn finish(name: &str, result: Result<u8>, json: bool) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            report(name, &e, json);
            ExitCode::from(exit::ERROR)
        }
    }
}

/// Reports `error` as `NAME: message` on standard error and, for a command
/// asked for JSON, as one JSON document on standard output, so that a
/// script reading JSON always gets a document: `{"command": NAME,
/// "error": MESSAGE, "file": FILE, "line": LINE}` (file and line when the
/// error has them).
pub fn report(name: &str, error: &Error, json: bool) {
    eprintln!("{name}: {error}");
    if json {
        let (file, line) = error.location();
        let document = serde_json::json!({
            "command": name,
            "error": error.to_string(),
            "file": file,
            "line": line,
        });
        let mut out = crate::io::stdout();
        // Nothing more to say if standard output is gone too.
        let _ = crate::io::write_json(&mut out, &document).and_then(|()| {
            use std::io::Write;
            out.flush()
                .map_err(|e| Error::io(crate::io::STDOUT_NAME, e))
        });
    }
}

/// The exit of a command line clap refused (or `--help`, `--version`,
/// which are no errors): clap's message, and with `--json` on the command
/// line a JSON error document too.
pub fn usage_error(name: &str, error: &clap::Error) -> ExitCode {
    if !error.use_stderr() {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    if json {
        report(name, &Error::Usage(first.to_string()), true);
        // The whole of clap's message (usage, hints) after the line above.
        if let Some((_, rest)) = rendered.split_once('\n') {
            eprint!("{rest}");
        }
    } else {
        let _ = error.print();
    }
    ExitCode::from(exit::ERROR)
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
        generate::SlitherlinkArgs::command(),
        generate::MasyuArgs::command(),
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
