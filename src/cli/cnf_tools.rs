//! `cnf-names`, `cnf-dimacs`, `cnf-stats` and `model-names`: the helpers
//! for reading formulas and models as a person.

use super::Command;
use crate::dimacs::ReadOptions;
use crate::error::{IoContext, Result};
use crate::io::{self, Input};
use crate::model::read_model_stream;
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
/// solution sets true, one solution a line (`--lines`: one name a line).
/// Exits 0 when there was a solution, 20 when the stream says there is
/// none.
#[derive(Debug, Parser)]
#[command(
    name = "model-names",
    version,
    after_help = "Example:\n  cnf-gen queens 8 | solve --all | model-names | head"
)]
pub struct ModelNamesArgs {
    /// The model stream from `solve` (`-` for standard input), or a MiniSat
    /// result file together with `--cnf`.
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// The CNF the model belongs to (for result files without a header);
    /// the model is checked against it.
    #[arg(long)]
    pub cnf: Option<PathBuf>,
    /// One name a line, solutions separated by a blank line.
    #[arg(long)]
    pub lines: bool,
}

impl Command for ModelNamesArgs {
    const NAME: &'static str = "model-names";
    fn run(self) -> Result<u8> {
        let mut input = Input::open(&self.input)?;
        let mut stream = read_model_stream(&mut input)?;
        if let Some(cnf) = &self.cnf {
            stream.check_against_cnf(cnf)?;
        }
        let mut out = io::stdout();
        if stream.solutions.is_empty() {
            let status = stream.status.map_or("no answer", |s| s.as_str());
            writeln!(out, "no solution ({status})").with_name(io::STDOUT_NAME)?;
            out.flush().with_name(io::STDOUT_NAME)?;
            return Ok(
                if stream.status == Some(crate::model::Status::Unsatisfiable) {
                    20
                } else {
                    1
                },
            );
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
        Ok(0)
    }
}
