//! `cnf-names`, `cnf-dimacs`, `cnf-stats` and `model-names`: the helpers
//! for reading formulas and models as a person.

use super::{exit, Command};
use crate::dimacs::ReadOptions;
use crate::error::{Error, IoContext, Result};
use crate::io::{self, Input};
use crate::model::{read_model_stream, Status};
use crate::{readable, stats};
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;

/// Render a CNF/WCNF stream as readable named clauses.
///
/// One clause a line, literals by name (`-name` negated, `_17` for an
/// unnamed auxiliary variable), the comment header kept. `cnf-dimacs`
/// compiles the result back to the identical DIMACS.
#[derive(Debug, Parser)]
#[command(
    name = "cnf-names",
    version,
    after_help = "Example:\n  cnf-gen queens 4 | cnf-names | less\n  cnf-gen queens 4 | cnf-names | cnf-dimacs | solve"
)]
pub struct NamesArgs {
    /// The CNF stream (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Accept a wrong clause count and literals beyond the declared variables.
    #[arg(long)]
    pub relaxed: bool,
}

impl Command for NamesArgs {
    const NAME: &'static str = "cnf-names";
    fn run(self) -> Result<u8> {
        let mut input = Input::open(&self.input)?;
        let mut out = io::stdout();
        readable::to_readable(
            &mut input,
            ReadOptions {
                relaxed: self.relaxed,
            },
            &mut out,
        )?;
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }
}

/// Compile readable named clauses (from `cnf-names`) back to DIMACS.
///
/// Names resolve through the `c var` lines; `_N` is unnamed variable N.
/// The clause count is recomputed, so an edited file compiles to a valid
/// header.
#[derive(Debug, Parser)]
#[command(
    name = "cnf-dimacs",
    version,
    after_help = "Example:\n  cnf-gen queens 4 | cnf-names > q.txt; $EDITOR q.txt; cnf-dimacs q.txt | solve"
)]
pub struct DimacsArgs {
    /// The readable named form (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
}

impl Command for DimacsArgs {
    const NAME: &'static str = "cnf-dimacs";
    fn run(self) -> Result<u8> {
        let mut input = Input::open(&self.input)?;
        let mut out = io::stdout();
        readable::to_dimacs(&mut input, &mut out)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }
}

/// Print statistics of a CNF/WCNF stream.
///
/// Variables (named and auxiliary), clauses, literals, the projection set
/// and a histogram of clause lengths. Streams: memory stays small however
/// large the formula.
#[derive(Debug, Parser)]
#[command(
    name = "cnf-stats",
    version,
    after_help = "Example:\n  cnf-gen queens 8 | cnf-stats"
)]
pub struct StatsArgs {
    /// The CNF stream (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Accept a wrong clause count and literals beyond the declared variables.
    #[arg(long)]
    pub relaxed: bool,
}

impl Command for StatsArgs {
    const NAME: &'static str = "cnf-stats";
    fn json(&self) -> bool {
        self.json
    }
    fn run(self) -> Result<u8> {
        let mut input = Input::open(&self.input)?;
        let stats = stats::compute(
            &mut input,
            ReadOptions {
                relaxed: self.relaxed,
            },
        )?;
        let mut out = io::stdout();
        if self.json {
            io::write_json(&mut out, &stats)?;
        } else {
            out.write_all(stats.render().as_bytes())
                .with_name(io::STDOUT_NAME)?;
        }
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }
}

/// Print the true named variables of each solution in a model stream.
///
/// The generic decoder: for any family, shows which named variables a
/// solution sets true, one solution a line (`--one-per-line`: one name a
/// line). A solver's bare result file (MiniSat's `SAT` and literals)
/// needs the formula it answers, `--cnf FILE`.
#[derive(Debug, Parser)]
#[command(
    name = "model-names",
    version,
    after_help = "Examples:\n  \
        cnf-gen queens 8 | solve --all | model-names | head\n  \
        cnf-gen queens 8 > q.cnf; minisat q.cnf q.out; model-names --cnf q.cnf q.out\n\n\
        Exit status: 0 solutions printed, 20 no solution, 30 unknown (no answer, e.g. solve's \
        time limit), 1 bad input (a model that does not fit its formula, a result file without \
        its formula)."
)]
pub struct ModelNamesArgs {
    /// The model stream from `solve` (`-` for standard input), or a MiniSat
    /// result file together with `--cnf`.
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// The CNF the model belongs to (for result files without a header);
    /// the model is checked against it.
    #[arg(long, value_name = "FILE")]
    pub cnf: Option<PathBuf>,
    /// One name a line, solutions separated by a blank line (`--lines` is
    /// the older name).
    #[arg(long = "one-per-line", alias = "lines")]
    pub lines: bool,
}

impl Command for ModelNamesArgs {
    const NAME: &'static str = "model-names";
    fn run(self) -> Result<u8> {
        let mut input = Input::open(&self.input)?;
        // An input that is no model stream (a puzzle, a formula) gets a hint.
        let (source, head) = (input.name.clone(), input.head());
        self.print(input)
            .map_err(|e| super::doors::explain(e, Self::NAME, &source, &head))
    }
}

impl ModelNamesArgs {
    /// Reads the stream and prints the names.
    fn print(&self, mut input: Input) -> Result<u8> {
        let mut stream = read_model_stream(&mut input)?;
        if let Some(cnf) = &self.cnf {
            stream.check_against_cnf(cnf)?;
        }
        let mut out = io::stdout();
        if stream.solutions.is_empty() {
            let (verdict, code) = match (&stream.model_count, stream.status) {
                (Some(count), _) if count != "0" => (
                    format!("{count} solutions (counted: no models to name)"),
                    exit::SOLVED,
                ),
                (_, Some(Status::Unsatisfiable)) => {
                    ("no solution (UNSATISFIABLE)".to_string(), exit::NO_SOLUTION)
                }
                _ => (
                    "no answer (UNKNOWN: the solver gave up, e.g. at solve's time limit)"
                        .to_string(),
                    exit::UNKNOWN,
                ),
            };
            writeln!(out, "{verdict}").with_name(io::STDOUT_NAME)?;
            out.flush().with_name(io::STDOUT_NAME)?;
            return Ok(code);
        }
        if stream.meta.names.is_empty() {
            return Err(match &self.cnf {
                None if stream.lacks_formula() => Error::parse(
                    &stream.source,
                    1,
                    "no header naming the variables: this is a bare solver result, without \
                     its formula; give the CNF it was solved from with --cnf FILE",
                ),
                None => Error::parse(
                    &stream.source,
                    1,
                    "the formula names no variable (no 'c var' lines), so there are no \
                     names to show; the model is in the 'v' lines",
                ),
                Some(cnf) => Error::Usage(format!(
                    "{}: the formula names no variable (no 'c var' lines), so there are no \
                     names to show; the model is in the result file",
                    cnf.display()
                )),
            });
        }
        for solution in &stream.solutions {
            let names: Vec<std::borrow::Cow<'_, str>> = stream
                .named_values(&solution.model)
                .filter(|(_, value)| *value)
                .map(|(name, _)| name)
                .collect();
            if self.lines {
                for name in names {
                    writeln!(out, "{name}").with_name(io::STDOUT_NAME)?;
                }
                writeln!(out).with_name(io::STDOUT_NAME)?;
            } else {
                writeln!(out, "{}", names.join(" ")).with_name(io::STDOUT_NAME)?;
            }
        }
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(exit::SOLVED)
    }
}
