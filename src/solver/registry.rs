//! The registry of external solvers: data, not code.
//!
//! Like MiniZinc's solver configurations, each entry says how to run a
//! solver and how its answer travels back. The built-in entries live in
//! `solvers.json` beside this file; users add their own with
//! `solve --solver-config FILE` (a JSON list of the same shape) or name any
//! competition-style command with `--solver-cmd`.
//!
//! ```json
//! { "name": "minisat", "description": "MiniSat 2.2",
//!   "command": ["minisat", "-verb=0", "{input}", "{output}"],
//!   "output": "result-file" }
//! ```
//!
//! `{input}` becomes the path of the DIMACS file to solve (without it the
//! formula is piped to standard input); `{output}` the path of a result
//! file the solver writes. An optional `"proof-command"` is the command
//! to run instead when `solve --proof` wants a text DRAT proof, with
//! `{proof}` where the proof file goes.

use crate::error::{Error, IoContext, Result};
use serde::Deserialize;
use std::path::Path;

/// How a solver reports its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutputConvention {
    /// SAT-competition lines on standard output (`s ...`, `v ... 0`).
    Competition,
    /// MiniSat's result file: `SAT`/`UNSAT`/`INDET`, then the model.
    ResultFile,
}

/// One external solver.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolverConfig {
    /// The name used with `--external`.
    pub name: String,
    /// What it is, for `solve --list-solvers`.
    #[serde(default)]
    pub description: String,
    /// Program and arguments, with `{input}` and `{output}` placeholders.
    pub command: Vec<String>,
    /// How the answer comes back.
    pub output: OutputConvention,
    /// The command that also writes a text DRAT proof to `{proof}`, for
    /// `solve --proof` (absent: the solver cannot be asked for one).
    #[serde(default, rename = "proof-command")]
    pub proof_command: Option<Vec<String>>,
}

impl SolverConfig {
    /// A configuration for an arbitrary shell command that prints
    /// competition output. `{input}` in `command` marks where the file
    /// path goes; otherwise it is appended.
    pub fn from_shell_command(command: &str) -> SolverConfig {
        let script = if command.contains("{input}") {
            command.replace("{input}", "\"$1\"")
        } else {
            format!("{command} \"$1\"")
        };
        SolverConfig {
            name: command.to_string(),
            description: "a user-given command".to_string(),
            command: vec![
                "sh".into(),
                "-c".into(),
                script,
                "sh".into(),
                "{input}".into(),
            ],
            output: OutputConvention::Competition,
            proof_command: None,
        }
    }

    /// The program this entry runs.
    pub fn program(&self) -> &str {
        self.command.first().map(String::as_str).unwrap_or("")
    }
}

/// The external solvers known by name.
#[derive(Debug, Clone)]
pub struct Registry {
    solvers: Vec<SolverConfig>,
}

const BUILT_IN: &str = include_str!("solvers.json");

impl Registry {
    /// The built-in entries.
    pub fn built_in() -> Registry {
        let solvers = serde_json::from_str(BUILT_IN).unwrap_or_default();
        Registry { solvers }
    }

    /// Adds (or overrides by name) the entries of a JSON file.
    pub fn load(&mut self, path: &Path) -> Result<()> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).with_name(&name)?;
        let entries: Vec<SolverConfig> = serde_json::from_str(&text)
            .map_err(|e| Error::parse(&name, e.line(), format!("bad solver configuration: {e}")))?;
        for entry in entries {
            if entry.command.is_empty() {
                return Err(Error::parse(
                    &name,
                    1,
                    format!("solver '{}' has an empty command", entry.name),
                ));
            }
            self.solvers.retain(|s| s.name != entry.name);
            self.solvers.push(entry);
        }
        Ok(())
    }

    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&SolverConfig> {
        self.solvers.iter().find(|s| s.name == name)
    }

    /// All entries.
    pub fn entries(&self) -> &[SolverConfig] {
        &self.solvers
    }
}

/// The `solve-kissat` companion binary (embedded Kissat, which cannot be
/// linked beside CaDiCaL) next to the running binary, or on `PATH`.
pub fn kissat_companion() -> Option<std::path::PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("solve-kissat")))
        .filter(|p| p.is_file());
    beside.or_else(|| find_program("solve-kissat"))
}

/// Finds `program` on `PATH` (or as given, when it contains a `/`).
pub fn find_program(program: &str) -> Option<std::path::PathBuf> {
    if program.contains('/') {
        let path = Path::new(program);
        return path.is_file().then(|| path.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_registry_parses() {
        let registry = Registry::built_in();
        for name in [
            "minisat",
            "glucose",
            "kissat",
            "cadical",
            "picosat",
            "cryptominisat5",
        ] {
            assert!(registry.get(name).is_some(), "{name} missing");
        }
        assert_eq!(
            registry.get("minisat").map(|s| s.output),
            Some(OutputConvention::ResultFile)
        );
    }
}
