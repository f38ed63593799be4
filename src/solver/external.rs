//! Running an external solver program.
//!
//! Every call writes the clauses so far to a temporary DIMACS file with an
//! exact `p cnf` header (Kissat and CaDiCaL reject wrong counts), runs the
//! program in its own process group ([`crate::children`]: a signal that
//! ends `solve` ends it too), and reads the answer by the entry's
//! [`OutputConvention`]. At the deadline the whole group is killed and the
//! answer is unknown. A missing program, a crash, an exit code outside
//! 0/10/20, output that contradicts the exit code, or garbage is an error;
//! the model itself is checked by the caller.

use super::program::{read_file_lines, read_output, run_until, Ignored, OutputLines};
use super::registry::{find_program, OutputConvention, SolverConfig};
use super::{Backend, ClauseStore, Outcome};
use crate::dimacs::write_clause;
use crate::error::{Error, IoContext, Result};
use crate::literal::parse_literal;
use crate::model::Model;
use rustsat::types::Lit;
use std::io::Write;
use std::time::Instant;

/// An external solver program, run once per call.
pub struct External {
    config: SolverConfig,
    store: ClauseStore,
    calls: usize,
    dir: tempfile::TempDir,
    /// Where the solver writes its DRAT proof (`--proof`), if asked.
    proof: Option<std::path::PathBuf>,
}

impl External {
    /// Prepares to run the solver `config` describes; fails when its program
    /// is not on `PATH`.
    pub fn new(config: SolverConfig) -> Result<External> {
        let program = config.program().to_string();
        if find_program(&program).is_none() {
            return Err(Error::Solver(format!(
                "external solver '{}': program '{program}' not found on PATH (`make solvers` installs Kissat and Glucose; docs/solve.md)",
                config.name
            )));
        }
        let dir = tempfile::Builder::new()
            .prefix("satpipe-")
            .tempdir()
            .with_name("temporary directory")?;
        Ok(External {
            config,
            store: ClauseStore::default(),
            calls: 0,
            dir,
            proof: None,
        })
    }

    /// Prepares to run the solver `config` describes with its
    /// `proof-command`, writing a text DRAT proof of each answer to
    /// `proof`; fails when the entry has no such command.
    pub fn with_proof(config: SolverConfig, proof: &std::path::Path) -> Result<External> {
        if config.proof_command.is_none() {
            return Err(Error::Usage(format!(
                "external solver '{}' has no \"proof-command\" in the registry, so it cannot write a proof",
                config.name
            )));
        }
        let mut external = External::new(config)?;
        // Fail here, naming the file, rather than lose the proof silently.
        std::fs::File::create(proof).with_name(&proof.display().to_string())?;
        external.proof = Some(proof.to_path_buf());
        Ok(external)
    }

    fn write_input(&self, path: &std::path::Path) -> Result<()> {
        let name = path.display().to_string();
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).with_name(&name)?);
        let store = &self.store;
        writeln!(out, "p cnf {} {}", store.num_vars, store.clauses.len()).with_name(&name)?;
        for clause in store.clauses.iter() {
            write_clause(&mut out, clause).with_name(&name)?;
        }
        out.flush().with_name(&name)
    }

    fn fail(&self, message: impl std::fmt::Display) -> Error {
        Error::Solver(format!("external solver '{}': {message}", self.config.name))
    }
}

impl Backend for External {
    fn description(&self) -> String {
        // The program's file name: a path names this machine, not the solver.
        let program = self.config.program();
        let program = std::path::Path::new(program)
            .file_name()
            .map_or(program.into(), |n| n.to_string_lossy());
        format!("{} (external: {program})", self.config.name)
    }

    fn reserve(&mut self, num_vars: u32) -> Result<()> {
        self.store.reserve(num_vars);
        Ok(())
    }

    fn add_clause(&mut self, clause: &[Lit]) -> Result<()> {
        self.store.add(clause);
        Ok(())
    }

    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        self.calls += 1;
        let input = self.dir.path().join(format!("call{}.cnf", self.calls));
        let output = self.dir.path().join(format!("call{}.out", self.calls));
        self.write_input(&input)?;
        let (template, proof) = match (&self.proof, &self.config.proof_command) {
            (Some(proof), Some(command)) => (command, proof.display().to_string()),
            _ => (&self.config.command, String::new()),
        };
        let uses_input_path = template.iter().any(|a| a.contains("{input}"));
        let args: Vec<String> = template
            .iter()
            .map(|a| {
                a.replace("{input}", &input.display().to_string())
                    .replace("{output}", &output.display().to_string())
                    .replace("{proof}", &proof)
            })
            .collect();
        let stdin = if uses_input_path {
            None
        } else {
            Some(std::fs::File::open(&input).with_name(&input.display().to_string())?)
        };
        let num_vars = self.store.num_vars;
        let (code, answer) = match self.config.output {
            OutputConvention::Competition => {
                let parser = Competition::new(num_vars);
                let Some(finished) =
                    run_until(&args, stdin, parser, deadline, None).map_err(|m| self.fail(m))?
                else {
                    return Ok(Outcome::Unknown);
                };
                let output = finished.output;
                (
                    finished.code,
                    output.parser.finish(output.silent, &output.tail),
                )
            }
            OutputConvention::ResultFile => {
                let Some(finished) =
                    run_until(&args, stdin, Ignored, deadline, None).map_err(|m| self.fail(m))?
                else {
                    return Ok(Outcome::Unknown);
                };
                let answer = match read_file_lines(&output, ResultFile::new(num_vars)) {
                    Ok(Some(output)) => output.parser.finish(),
                    Ok(None) if finished.code == 0 => Ok(Outcome::Unknown),
                    Ok(None) => Err("it wrote no result file".to_string()),
                    Err(message) => Err(message),
                };
                (finished.code, answer)
            }
        };
        let answer = answer.map_err(|m| self.fail(m))?;
        let _ = std::fs::remove_file(&input);
        let _ = std::fs::remove_file(&output);
        let consistent = match (&answer, code) {
            (Outcome::Sat(_), 10) | (Outcome::Unsat, 20) | (Outcome::Unknown, 0) => true,
            // Some solvers exit 0 whatever the answer; trust their 's' line.
            (_, 0) => true,
            _ => false,
        };
        if !consistent {
            return Err(self.fail(format!(
                "exit code {code} contradicts its answer {}",
                match answer {
                    Outcome::Sat(_) => "SATISFIABLE",
                    Outcome::Unsat => "UNSATISFIABLE",
                    Outcome::Unknown => "UNKNOWN",
                }
            )));
        }
        Ok(answer)
    }

    fn statistics(&self) -> Vec<(String, String)> {
        vec![("solver-calls".into(), self.calls.to_string())]
    }
}

/// Sets the value of one model literal in `values`, checking its range;
/// true at the terminating `0`.
fn assign(values: &mut [bool], token: &[u8], num_vars: u32) -> Result<bool, String> {
    let token = String::from_utf8_lossy(token);
    let Some(lit) = parse_literal(&token).map_err(|m| format!("its model: {m}"))? else {
        return Ok(true);
    };
    if lit.vidx32() >= num_vars {
        return Err(format!(
            "its model mentions variable {} but the formula has {num_vars}",
            lit.vidx32() + 1
        ));
    }
    values[lit.vidx()] = lit.is_pos();
    Ok(false)
}

/// The literals of a model line, read into `values` up to the terminating
/// `0` (`terminated`); a literal after it is an error.
fn assign_all(
    values: &mut [bool],
    terminated: &mut bool,
    line: &[u8],
    num_vars: u32,
) -> Result<(), String> {
    for token in line
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
    {
        if *terminated {
            return Err("its model continues after the terminating 0".into());
        }
        *terminated = assign(values, token, num_vars)?;
    }
    Ok(())
}

/// SAT-competition output (`s` and `v` lines; others ignored), read a
/// line at a time.
pub struct Competition {
    num_vars: u32,
    status: Option<&'static str>,
    values: Vec<bool>,
    saw_v: bool,
    terminated: bool,
}

impl Competition {
    /// A parser of the output for a formula of `num_vars` variables.
    pub fn new(num_vars: u32) -> Self {
        Competition {
            num_vars,
            status: None,
            values: vec![false; num_vars as usize],
            saw_v: false,
            terminated: false,
        }
    }

    /// The answer, once every line is read: `silent` when the program
    /// printed nothing, `tail` the end of what it printed (for messages).
    pub fn finish(self, silent: bool, tail: &str) -> Result<Outcome, String> {
        match self.status {
            Some("SAT") if !self.saw_v => {
                Err("it answered SATISFIABLE but printed no model ('v' lines)".into())
            }
            Some("SAT") if !self.terminated => {
                Err("its model ('v' lines) has no terminating 0".into())
            }
            Some("SAT") => Ok(Outcome::Sat(Model::from_values(self.values))),
            Some("UNSAT") => Ok(Outcome::Unsat),
            Some(_) => Ok(Outcome::Unknown),
            None if silent => Ok(Outcome::Unknown),
            None => Err(format!("its output has no 's' status line{tail}")),
        }
    }
}

impl OutputLines for Competition {
    fn line(&mut self, line: &[u8]) -> Result<(), String> {
        if let Some(rest) = line.strip_prefix(b"s ") {
            if self.status.is_some() {
                return Err("it printed two 's' lines".into());
            }
            self.status = Some(match String::from_utf8_lossy(rest).trim() {
                "SATISFIABLE" => "SAT",
                "UNSATISFIABLE" => "UNSAT",
                "UNKNOWN" | "INDETERMINATE" => "UNKNOWN",
                other => return Err(format!("unknown status 's {other}'")),
            });
        } else if let Some(rest) = line.strip_prefix(b"v") {
            if rest.first().is_some_and(|b| !b.is_ascii_whitespace()) {
                return Ok(());
            }
            self.saw_v = true;
            assign_all(&mut self.values, &mut self.terminated, rest, self.num_vars)?;
        }
        Ok(())
    }

    fn ignores_long(&self, head: &[u8]) -> bool {
        let model = head
            .strip_prefix(b"v")
            .is_some_and(|rest| rest.first().is_none_or(u8::is_ascii_whitespace));
        !(model || head.starts_with(b"s "))
    }
}

/// A MiniSat result file (`SAT` and the model's literals, `UNSAT`, or
/// `INDET`), read a line at a time.
pub struct ResultFile {
    num_vars: u32,
    /// The first line, once read.
    status: Option<String>,
    values: Vec<bool>,
    terminated: bool,
}

impl ResultFile {
    /// A parser of the result file for a formula of `num_vars` variables.
    pub fn new(num_vars: u32) -> Self {
        ResultFile {
            num_vars,
            status: None,
            values: Vec::new(),
            terminated: false,
        }
    }

    /// The answer, once every line is read.
    pub fn finish(self) -> Result<Outcome, String> {
        match self.status.as_deref() {
            Some("SAT") if !self.terminated => Err("its model has no terminating 0".into()),
            Some("SAT") => Ok(Outcome::Sat(Model::from_values(self.values))),
            Some("UNSAT") => Ok(Outcome::Unsat),
            _ => Ok(Outcome::Unknown),
        }
    }
}

impl OutputLines for ResultFile {
    fn line(&mut self, line: &[u8]) -> Result<(), String> {
        match self.status.as_deref() {
            None => {
                let status = String::from_utf8_lossy(line).trim().to_string();
                match status.as_str() {
                    "SAT" => self.values = vec![false; self.num_vars as usize],
                    "UNSAT" | "INDET" => {}
                    other => return Err(format!("unexpected result file line '{other}'")),
                }
                self.status = Some(status);
                Ok(())
            }
            Some("SAT") => assign_all(&mut self.values, &mut self.terminated, line, self.num_vars),
            Some(_) => Ok(()),
        }
    }
}

/// Parses SAT-competition output held in memory (see [`Competition`]).
pub fn parse_competition(stdout: &[u8], num_vars: u32) -> Result<Outcome, String> {
    let output = read_output(stdout, Competition::new(num_vars), "its output")?;
    output.parser.finish(output.silent, &output.tail)
}

/// Parses a MiniSat result file held in memory (see [`ResultFile`]).
pub fn parse_result_file(bytes: &[u8], num_vars: u32) -> Result<Outcome, String> {
    read_output(bytes, ResultFile::new(num_vars), "its result file")?
        .parser
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_competition_output() {
        let out = b"c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            parse_competition(out, 3),
            Ok(Outcome::Sat(Model::from_values(vec![true, false, true])))
        );
        assert_eq!(
            parse_competition(b"s UNSATISFIABLE\n", 3),
            Ok(Outcome::Unsat)
        );
        assert!(parse_competition(b"s SATISFIABLE\n", 3).is_err());
        assert!(parse_competition(b"s SATISFIABLE\nv 1 4 0\n", 3).is_err());
        assert!(parse_competition(b"garbage\n", 3).is_err());
    }

    #[test]
    fn parses_minisat_result_files() {
        assert_eq!(
            parse_result_file(b"SAT\n-1 2 0\n", 2),
            Ok(Outcome::Sat(Model::from_values(vec![false, true])))
        );
        assert_eq!(parse_result_file(b"UNSAT\n", 2), Ok(Outcome::Unsat));
        assert_eq!(parse_result_file(b"INDET\n", 2), Ok(Outcome::Unknown));
        assert!(parse_result_file(b"SAT\n1 2\n", 2).is_err());
    }
}
