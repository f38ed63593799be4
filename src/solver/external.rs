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

use super::registry::{find_program, OutputConvention, SolverConfig};
use super::{Backend, ClauseStore, Outcome};
use crate::children;
use crate::dimacs::write_clause;
use crate::error::{Error, IoContext, Result};
use crate::literal::parse_literal;
use crate::model::Model;
use crate::solver::Stop;
use rustsat::types::Lit;
use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::thread;
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

fn spawn_reader<R: Read + Send + 'static>(mut stream: R) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        bytes
    })
}

/// What a program run by [`run_until`] left.
pub struct Finished {
    /// Its exit code: 0, 10 or 20.
    pub code: i32,
    /// Its standard output.
    pub stdout: Vec<u8>,
}

/// Runs `args` (program first) in a process group of its own
/// ([`crate::children`]), with `stdin` (or none), until it ends, or until
/// `deadline` passes or `stop` is raised: `None` then, and the program is
/// killed with its children. An exit other than 0, 10 or 20, a crash or a
/// failure to start is an error saying which, with the end of what it
/// printed.
pub fn run_until(
    args: &[String],
    stdin: Option<std::fs::File>,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> std::result::Result<Option<Finished>, String> {
    let program = args.first().ok_or("an empty command")?;
    let mut command = Command::new(program);
    command
        .args(&args[1..])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match stdin {
        Some(file) => command.stdin(file),
        None => command.stdin(Stdio::null()),
    };
    let mut child =
        children::spawn(&mut command).map_err(|e| format!("cannot start '{program}': {e}"))?;
    let stdout = child.process().stdout.take().map(spawn_reader);
    let stderr = child.process().stderr.take().map(spawn_reader);
    let raised = || stop.is_some_and(Stop::raised);
    let stopping: Option<&dyn Fn() -> bool> = stop.map(|_| &raised as &dyn Fn() -> bool);
    let status = child
        .wait_until(deadline, stopping)
        .map_err(|e| e.to_string())?;
    let Some(status) = status else {
        child.kill();
        return Ok(None);
    };
    let stdout = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let stderr = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    if let Some(signal) = status.signal() {
        return Err(format!(
            "crashed (killed by signal {signal}){}",
            tail(&stderr)
        ));
    }
    let code = status.code().unwrap_or(-1);
    if ![0, 10, 20].contains(&code) {
        let hint = match code {
            126 => " (the command is not executable)".to_string(),
            127 => " (the command was not found)".to_string(),
            // A shell reports a child killed by signal N as 128 + N.
            129..=159 => format!(" (killed by signal {})", code - 128),
            _ => String::new(),
        };
        return Err(format!(
            "failed with exit code {code}{hint}{}",
            tail(if stderr.is_empty() { &stdout } else { &stderr })
        ));
    }
    Ok(Some(Finished { code, stdout }))
}

fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().rev().take(5).collect();
    let mut lines: Vec<&str> = lines.into_iter().rev().collect();
    lines.retain(|l| !l.trim().is_empty());
    if lines.is_empty() {
        String::new()
    } else {
        format!("; it said: {}", lines.join(" | "))
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
        let Some(finished) = run_until(&args, stdin, deadline, None).map_err(|m| self.fail(m))?
        else {
            return Ok(Outcome::Unknown);
        };
        let (code, stdout) = (finished.code, finished.stdout);
        let answer = match self.config.output {
            OutputConvention::Competition => parse_competition(&stdout, self.store.num_vars),
            OutputConvention::ResultFile => match std::fs::read(&output) {
                Ok(bytes) => parse_result_file(&bytes, self.store.num_vars),
                Err(_) if code == 0 => Ok(Outcome::Unknown),
                Err(e) => Err(format!("no result file: {e}")),
            },
        }
        .map_err(|m| self.fail(m))?;
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
fn assign(values: &mut [bool], token: &str, num_vars: u32) -> Result<bool, String> {
    let Some(lit) = parse_literal(token).map_err(|m| format!("its model: {m}"))? else {
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

/// Parses SAT-competition output (`s` and `v` lines; others ignored).
pub fn parse_competition(stdout: &[u8], num_vars: u32) -> Result<Outcome, String> {
    let text = String::from_utf8_lossy(stdout);
    let mut status = None;
    let mut values = vec![false; num_vars as usize];
    let mut saw_v = false;
    let mut terminated = false;
    for line in text.lines() {
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("s ") {
            if status.is_some() {
                return Err("it printed two 's' lines".into());
            }
            status = Some(match rest.trim() {
                "SATISFIABLE" => "SAT",
                "UNSATISFIABLE" => "UNSAT",
                "UNKNOWN" | "INDETERMINATE" => "UNKNOWN",
                other => return Err(format!("unknown status 's {other}'")),
            });
        } else if let Some(rest) = line.strip_prefix('v') {
            if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
                continue;
            }
            saw_v = true;
            for token in rest.split_ascii_whitespace() {
                if terminated {
                    return Err("its model continues after the terminating 0".into());
                }
                terminated = assign(&mut values, token, num_vars)?;
            }
        }
    }
    match status {
        Some("SAT") if !saw_v => {
            Err("it answered SATISFIABLE but printed no model ('v' lines)".into())
        }
        Some("SAT") if !terminated => Err("its model ('v' lines) has no terminating 0".into()),
        Some("SAT") => Ok(Outcome::Sat(Model::from_values(values))),
        Some("UNSAT") => Ok(Outcome::Unsat),
        Some(_) => Ok(Outcome::Unknown),
        None if stdout.is_empty() => Ok(Outcome::Unknown),
        None => Err(format!("its output has no 's' status line{}", tail(stdout))),
    }
}

/// Parses a MiniSat result file.
pub fn parse_result_file(bytes: &[u8], num_vars: u32) -> Result<Outcome, String> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    match lines.next().map(str::trim) {
        Some("SAT") => {
            let mut values = vec![false; num_vars as usize];
            let mut terminated = false;
            for token in lines.flat_map(str::split_ascii_whitespace) {
                if terminated {
                    return Err("its model continues after the terminating 0".into());
                }
                terminated = assign(&mut values, token, num_vars)?;
            }
            if !terminated {
                return Err("its model has no terminating 0".into());
            }
            Ok(Outcome::Sat(Model::from_values(values)))
        }
        Some("UNSAT") => Ok(Outcome::Unsat),
        Some("INDET") | None => Ok(Outcome::Unknown),
        Some(other) => Err(format!("unexpected result file line '{other}'")),
    }
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
