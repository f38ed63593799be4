//! Proofs of unsatisfiability: `solve --proof FILE` and `--check-proof`.
//!
//! An UNSAT answer has no model to check; a DRAT proof makes it checkable.
//! The embedded CaDiCaL writes one (rustsat 0.7.5 exposes CaDiCaL's proof
//! tracing; MiniSat, Glucose and Kissat do not trace proofs through it),
//! and so do the external Kissat and CaDiCaL, whose registry entries say
//! how to ask (`proof-command`, with `--no-binary` for text DRAT); an
//! independent checker replays it against the formula: `rate`
//! (`cargo install rate`, what scripts/install-deps.sh installs) or
//! `drat-trim`, whichever is on `PATH`. A proof is only a proof of the
//! formula as read, so proofs are for one satisfiability question of a
//! CNF: not for enumeration (its blocking clauses are not in the formula)
//! nor for WCNF optimisation.

use super::registry::find_program;
use crate::cnf::Formula;
use crate::dimacs::write_formula;
use crate::error::{Error, IoContext, Result};
use crate::model::Status;
use std::io::Write;
use std::path::Path;
use std::process::Command;

/// Proof checker programs, tried in this order.
pub const CHECKERS: [&str; 2] = ["rate", "drat-trim"];

/// The first proof checker found on `PATH`.
pub fn find_checker() -> Result<std::path::PathBuf> {
    CHECKERS
        .iter()
        .find_map(|name| find_program(name))
        .ok_or_else(|| {
            Error::Usage(format!(
                "--check-proof needs a DRAT checker on PATH ({}); install rate with \
                 `cargo install rate` (scripts/install-deps.sh does)",
                CHECKERS.join(" or ")
            ))
        })
}

/// Checks the DRAT proof at `proof` against `formula`'s hard clauses with
/// `checker`; returns the checker's name on success. The error quotes the
/// checker's last words.
pub fn check(formula: &Formula, proof: &Path, checker: &Path) -> Result<String> {
    let dir = tempfile::Builder::new()
        .prefix("satpipe-proof-")
        .tempdir()
        .with_name("temporary directory")?;
    let cnf = dir.path().join("formula.cnf");
    let cnf_name = cnf.display().to_string();
    let mut file = std::io::BufWriter::new(std::fs::File::create(&cnf).with_name(&cnf_name)?);
    write_formula(&mut file, formula).with_name(&cnf_name)?;
    crate::io::flush(&mut file, &cnf_name)?;
    drop(file);
    let name = checker.file_name().map_or_else(
        || checker.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let output = crate::children::output(Command::new(checker).arg(&cnf).arg(proof))
        .map_err(|e| Error::Solver(format!("cannot run the proof checker {name}: {e}")))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verified = stdout.lines().any(|l| l.trim() == "s VERIFIED");
    if output.status.success() && verified {
        return Ok(name);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let said: Vec<&str> = stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| !l.trim().is_empty())
        .collect();
    let last = &said[said.len().saturating_sub(3)..];
    Err(Error::Check(format!(
        "the proof {} was NOT verified by {name} (exit {}): {}; the UNSAT answer is not trusted",
        proof.display(),
        output.status.code().unwrap_or(-1),
        last.join(" | ")
    )))
}

/// What `--proof FILE` and `--check-proof` ask of one `solve` run.
pub struct ProofRequest {
    /// Where the solver writes the proof.
    pub path: std::path::PathBuf,
    /// The checker, when the proof is to be checked.
    checker: Option<std::path::PathBuf>,
    /// Holds the temporary proof file of `--check-proof` without `--proof`.
    _dir: Option<tempfile::TempDir>,
}

impl ProofRequest {
    /// The request of `--proof` and `--check-proof` (`None` when neither
    /// was given). Finds the checker now, so a missing one fails before
    /// any solving.
    pub fn new(path: Option<&Path>, check: bool) -> Result<Option<ProofRequest>> {
        let checker = if check { Some(find_checker()?) } else { None };
        let (path, dir) = match (path, check) {
            (Some(path), _) => (path.to_path_buf(), None),
            (None, true) => {
                let dir = tempfile::Builder::new()
                    .prefix("satpipe-proof-")
                    .tempdir()
                    .with_name("temporary directory")?;
                (dir.path().join("proof.drat"), Some(dir))
            }
            (None, false) => return Ok(None),
        };
        Ok(Some(ProofRequest {
            path,
            checker,
            _dir: dir,
        }))
    }

    /// After solving: checks the proof of an UNSAT answer when asked and
    /// says so in a `c proof` line of the model stream.
    pub fn finish(&self, formula: &Formula, status: Status, out: &mut dyn Write) -> Result<()> {
        let empty_clause = formula.hard.iter().any(|clause| clause.is_empty());
        let line = match (&self.checker, status) {
            // Nothing to replay: the formula refutes itself as read (an
            // encoder's presolve met a contradiction), and checkers such
            // as rate do not take such a formula.
            (_, Status::Unsatisfiable) if empty_clause => {
                "c proof: none needed, the formula holds the empty clause".to_string()
            }
            (Some(checker), Status::Unsatisfiable) => {
                let name = check(formula, &self.path, checker)?;
                format!("c proof verified by {name}")
            }
            (None, Status::Unsatisfiable) => {
                format!("c proof written to {} (DRAT)", self.path.display())
            }
            (_, other) => format!(
                "c proof: none needed, the answer is {} (models are checked instead)",
                other.as_str()
            ),
        };
        writeln!(out, "{line}").with_name(crate::io::STDOUT_NAME)?;
        crate::io::flush(out, crate::io::STDOUT_NAME)
    }
}
