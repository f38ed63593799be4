//! `solve`: a CNF stream in, the model stream out.

use super::Command;
use crate::dimacs::{read_formula, read_formula_with, ReadOptions};
use crate::error::{Error, IoContext, Result};
use crate::io::{self, Input};
use crate::multi::Parts;
use crate::solve::{portfolio, run, Blocking, Enumeration, SolveOptions};
use crate::solver::counter::{self, Counter};
use crate::solver::crosscheck::{self, run_cross_checked};
use crate::solver::external::External;
use crate::solver::proof::ProofRequest;
use crate::solver::registry::{find_program, kissat_companion, Registry, SolverConfig};
use crate::solver::tables::{self, StartedSearch, TablesBackend};
use crate::solver::{embedded, Backend};
use clap::Parser;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Solve a CNF (or WCNF) stream; print the model stream.
///
/// Runs an embedded solver (CaDiCaL by default; MiniSat, Glucose, and
/// Kissat through the companion binary `solve-kissat`) or an external one
/// found on PATH. Every model is checked against every clause before it is
/// printed. Exit status: 10 satisfiable (or optimum found), 20
/// unsatisfiable, 0 unknown (time limit), 1 error.
#[derive(Debug, Parser)]
#[command(
    name = "solve",
    version,
    after_help = "Examples:\n  \
      encode-numberlink puzzle.txt | solve | decode-numberlink\n  \
      cnf-gen queens 8 | solve --all | tail -2          # 92 solutions\n  \
      cnf-gen queens 8 | solve --max 2                  # is it unique?\n  \
      cnf-gen php 6 5 | solve --external minisat        # exit 20\n  \
      cnf-gen cycle-cover 9 | solve                     # WCNF: o lines, optimum\n  \
      encode-crossword --pattern p.txt | solve --portfolio cadical,glucose\n  \
      solve --solver-cmd 'kissat -q' formula.cnf"
)]
#[command(group = clap::ArgGroup::new("backend").multiple(false))]
pub struct SolveArgs {
    /// The CNF/WCNF stream (`-` for standard input).
    #[arg(default_value = "-")]
    pub input: PathBuf,

    /// Embedded solver: cadical, minisat, glucose or kissat; or tables
    /// (the family's table constraints, searched by MAC and by BatSat:
    /// crossword fills, whose header prefers it).
    #[arg(long, group = "backend", value_name = "NAME")]
    pub solver: Option<String>,

    /// External solver from the registry (see --list-solvers): minisat,
    /// glucose, kissat, cadical, picosat, cryptominisat5, or one from
    /// --solver-config.
    #[arg(long, group = "backend", value_name = "NAME")]
    pub external: Option<String>,

    /// Any command that prints SAT-competition output; `{input}` marks the
    /// file path, else it is appended.
    #[arg(long, group = "backend", value_name = "COMMAND")]
    pub solver_cmd: Option<String>,

    /// Race these embedded solvers (two or more of cadical, minisat,
    /// glucose, comma-separated), each in its own thread, for one answer:
    /// the first to answer wins and stops the others. For one model or an
    /// optimum (no --all, --max, --backbone). CaDiCaL takes --solver-option
    /// and the header's recommended options.
    #[arg(long, group = "backend", value_name = "NAMES", conflicts_with_all = ["all", "max", "backbone", "count", "proof", "check_proof", "cross_check"])]
    pub portfolio: Option<String>,

    /// Option for the embedded CaDiCaL or Kissat, NAME=VALUE (repeatable),
    /// e.g. `--solver-option phase=0`.
    #[arg(long, value_name = "NAME=VALUE", value_parser = embedded::parse_solver_option)]
    pub solver_option: Vec<embedded::SolverOption>,

    /// A JSON file of extra external solver entries (repeatable).
    #[arg(long, value_name = "FILE")]
    pub solver_config: Vec<PathBuf>,

    /// List the embedded and external solvers, and exit.
    #[arg(long)]
    pub list_solvers: bool,

    /// Enumerate every solution distinct on the projection set.
    #[arg(long)]
    pub all: bool,

    /// Find the backbone: the projection literals true in every solution
    /// (a puzzle's forced cells). Prints the solutions that witness the
    /// others, then `c backbone LITS 0` lines and `c backbone complete`;
    /// decoders draw the forced cells and mark the rest undetermined.
    #[arg(long, conflicts_with_all = ["all", "max", "proof", "check_proof", "cross_check", "count"])]
    pub backbone: bool,

    /// Count the solutions on the projection set with a model counter
    /// instead of finding them (Ganak, from `pip install pyganak`; or
    /// --counter-cmd). Prints `s mc N`; exit 10 when there are solutions,
    /// 20 when none, 0 when the time limit stopped the counter.
    #[arg(long, conflicts_with_all = ["all", "max", "proof", "check_proof", "cross_check", "external", "solver_cmd", "json"])]
    pub count: bool,

    /// The model counter for --count: a command that reads a DIMACS file
    /// with `c p show` lines (its name is appended) and prints the model
    /// counting competition's `s mc N` or `c s exact arb int N`.
    #[arg(long, value_name = "COMMAND", requires = "count")]
    pub counter_cmd: Option<String>,

    /// Stop after N solutions (`--max 2` asks whether a solution is unique).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max: Option<u64>,

    /// Give up after this many seconds (answer UNKNOWN, exit 0).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,

    /// Blocking clauses for enumeration.
    #[arg(long, value_enum, default_value_t = Blocking::Auto)]
    pub block: Blocking,

    /// How to enumerate: blocking clauses (any solver) or disjoint cubes
    /// under assumptions (embedded solvers); auto takes cubes when the
    /// stream declares an exact cover. Cubes also optimise such a WCNF by
    /// branch and bound; blocking keeps the solver's linear search.
    #[arg(long, value_enum, default_value_t = Enumeration::Auto)]
    pub enumeration: Enumeration,

    /// Accept a wrong clause count and literals beyond the declared variables.
    #[arg(long)]
    pub relaxed: bool,

    /// Also solve with a second backend, OTHER (an embedded solver, kissat
    /// included, or ext:NAME), and fail with exit 1, naming both, when they
    /// disagree on SAT/UNSAT, the optimum, or the number of solutions.
    #[arg(long, value_name = "OTHER")]
    pub cross_check: Option<String>,

    /// Write a DRAT proof of an UNSAT answer to FILE (embedded CaDiCaL, or
    /// an external solver with a proof command: cadical, kissat; one
    /// satisfiability question of a CNF, no enumeration).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,

    /// Verify the DRAT proof of an UNSAT answer with rate or drat-trim;
    /// exit 1 when it does not verify.
    #[arg(long)]
    pub check_proof: bool,

    /// Print the result as one JSON document instead of the model stream.
    #[arg(long)]
    pub json: bool,

    /// Print a summary on standard error at the end.
    #[arg(long)]
    pub stats: bool,

    /// Progress on standard error, also during one long search (a line
    /// every few seconds).
    #[arg(short, long)]
    pub verbose: bool,
}

impl SolveArgs {
    fn registry(&self) -> Result<Registry> {
        let mut registry = Registry::built_in();
        for path in &self.solver_config {
            registry.load(path)?;
        }
        if let Some(path) = std::env::var_os("SATPIPE_SOLVERS") {
            registry.load(std::path::Path::new(&path))?;
        }
        Ok(registry)
    }

    fn list_solvers(&self) -> Result<u8> {
        let registry = self.registry()?;
        let mut out = io::stdout();
        let mut text = String::from("embedded (--solver):\n");
        for name in embedded::available() {
            text.push_str(&format!("  {name}\n"));
        }
        if !embedded::available().contains(&"kissat") {
            let found = kissat_companion().is_some();
            text.push_str(&format!(
                "  kissat (through solve-kissat: {})\n",
                if found { "found" } else { "not built" }
            ));
        }
        text.push_str(&format!(
            "  {} (the family's table constraints, MAC search and BatSat: crossword fills)\n",
            tables::NAME
        ));
        text.push_str("external (--external):\n");
        for entry in registry.entries() {
            let found = find_program(entry.program()).is_some();
            text.push_str(&format!(
                "  {:<16}{:<10}{}\n",
                entry.name,
                if found { "found" } else { "missing" },
                entry.description
            ));
        }
        out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }

    fn external_config(&self) -> Result<Option<SolverConfig>> {
        if let Some(command) = &self.solver_cmd {
            if command.trim().is_empty() {
                return Err(Error::Usage("--solver-cmd needs a command".into()));
            }
            return Ok(Some(SolverConfig::from_shell_command(command)));
        }
        let Some(name) = &self.external else {
            return Ok(None);
        };
        let registry = self.registry()?;
        registry.get(name).cloned().map(Some).ok_or_else(|| {
            let known: Vec<&str> = registry.entries().iter().map(|e| e.name.as_str()).collect();
            Error::Usage(format!(
                "unknown external solver '{name}' (known: {}; or use --solver-cmd)",
                known.join(", ")
            ))
        })
    }
}

/// The largest `--time-limit` (about 31 years): larger ones would overflow
/// the clock.
const MAX_TIME_LIMIT: f64 = 1e9;

impl SolveArgs {
    /// `--time-limit` as a duration, checked.
    fn time_limit(&self) -> Result<Option<Duration>> {
        match self.time_limit {
            Some(t) if !(t.is_finite() && (0.0..=MAX_TIME_LIMIT).contains(&t)) => {
                Err(Error::Usage(format!(
                    "--time-limit must be a number of seconds from 0 to {MAX_TIME_LIMIT:e}, not {t}"
                )))
            }
            Some(t) => Ok(Some(Duration::from_secs_f64(t))),
            None => Ok(None),
        }
    }

    /// `--count`: the header, the counter's name, `s mc N` (or `s
    /// UNKNOWN` at the time limit) and the seconds.
    fn count_solutions(&self) -> Result<u8> {
        let start = std::time::Instant::now();
        let deadline = self.time_limit()?.map(|t| start + t);
        let counter = match &self.counter_cmd {
            Some(command) if command.trim().is_empty() => {
                return Err(Error::Usage("--counter-cmd needs a command".into()))
            }
            Some(command) => Counter::Command(command.clone()),
            None => Counter::Ganak,
        };
        let mut input = Input::open(&self.input)?;
        let formula = read_formula(
            &mut input,
            ReadOptions {
                relaxed: self.relaxed,
            },
        )?;
        if formula.kind == crate::cnf::Kind::Wcnf {
            return Err(Error::Usage(
                "--count is for CNF, not WCNF (its soft clauses are no constraints)".into(),
            ));
        }
        // Counters can take long to see that there is nothing to count
        // (Ganak needs a minute for the pigeonhole formula php 4 3): an
        // embedded solver (--solver, or the first) says so first.
        let checker = match &self.solver {
            Some(name) => Some(name.as_str()),
            None => embedded::available().first().copied(),
        };
        let unsatisfiable = match checker {
            Some(name) => match embedded::create(name, &self.solver_option)? {
                Some(mut solver) => {
                    solver.reserve(formula.solver_vars())?;
                    for clause in formula.hard.iter() {
                        solver.add_clause(clause)?;
                    }
                    solver.solve(deadline)? == crate::solver::Outcome::Unsat
                }
                None => false,
            },
            None => false,
        };
        let (counted, who) = if unsatisfiable {
            (
                Some("0".to_string()),
                "none (an embedded solver found no solution)".to_string(),
            )
        } else {
            (
                counter::count(&formula, &counter, deadline)?,
                counter.description(),
            )
        };
        let mut text = String::new();
        for line in &formula.header {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!("c counter {who}\n"));
        let code = match &counted {
            Some(count) => {
                text.push_str(&format!("s mc {count}\n"));
                if count == "0" {
                    20
                } else {
                    10
                }
            }
            None => {
                text.push_str("s UNKNOWN\n");
                0
            }
        };
        text.push_str(&format!(
            "c stat seconds {:.3}\n",
            start.elapsed().as_secs_f64()
        ));
        let mut out = io::stdout();
        out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(code)
    }
}

impl SolveArgs {
    /// `--solver tables` finds models (one, or more with `--all` and
    /// `--max`), without solver options.
    fn check_tables_question(&self) -> Result<()> {
        if self.backbone
            || self.count
            || self.cross_check.is_some()
            || self.proof.is_some()
            || !self.solver_option.is_empty()
        {
            return Err(Error::Usage(
                "--solver tables finds models: no --backbone, --count, --cross-check, --proof \
                 or --solver-option"
                    .into(),
            ));
        }
        Ok(())
    }

    /// The options of the embedded solver `name` for `formula`: the
    /// command line's (CaDiCaL and Kissat only; in a race, CaDiCaL only),
    /// then what the header recommends for this solver (`c
    /// solver-option`) unless the command line sets the same option.
    /// `stream` names the input in errors.
    fn options_for(
        &self,
        name: &str,
        racing: bool,
        formula: &crate::cnf::Formula,
        stream: &str,
    ) -> Result<Vec<embedded::SolverOption>> {
        let mut options = if racing && name != "cadical" {
            Vec::new()
        } else {
            self.solver_option.clone()
        };
        for (solver, option, value) in &formula.meta.solver_options {
            if solver == name && !options.iter().any(|(n, _)| n == option) {
                let setting = (option.clone(), *value);
                embedded::create(name, std::slice::from_ref(&setting)).map_err(|e| {
                    Error::Usage(format!(
                        "{stream}: the header's 'c solver-option {solver} {option}={value}': {e}"
                    ))
                })?;
                options.push(setting);
            }
        }
        Ok(options)
    }
}

/// The table constraints the family of the stream `source` (header
/// `meta`) gives for its formula; `None` without a family or tables.
fn table_spec_of(meta: &crate::cnf::Metadata, source: &str) -> Result<Option<tables::TableSpec>> {
    match meta.family.as_deref().and_then(crate::registry::find) {
        Some(family) => (family.tables)(meta, source),
        None => Ok(None),
    }
}

/// Runs `solve-kissat` with our arguments: embedded Kissat lives in its own
/// binary because it cannot be linked beside CaDiCaL.
fn delegate_to_kissat() -> Result<u8> {
    let program = kissat_companion().ok_or_else(|| {
        Error::Usage(
            "embedded Kissat is in the companion binary solve-kissat, which was not found beside \
             solve or on PATH (build it with `make build`), or use --external kissat"
                .into(),
        )
    })?;
    let status = std::process::Command::new(&program)
        .args(std::env::args_os().skip(1))
        .status()
        .map_err(|e| Error::Solver(format!("cannot run {}: {e}", program.display())))?;
    Ok(status.code().map_or(1, |c| c.clamp(0, 255) as u8))
}

impl Command for SolveArgs {
    const NAME: &'static str = "solve";
    fn run(self) -> Result<u8> {
        if self.list_solvers {
            return self.list_solvers();
        }
        if self.count {
            return self.count_solutions();
        }
        let portfolio = match &self.portfolio {
            Some(text) => Some(portfolio::parse_members(text)?),
            None => None,
        };
        if let Some(names) = &portfolio {
            if !self.solver_option.is_empty() && !names.iter().any(|n| n == "cadical") {
                return Err(Error::Usage(
                    "--solver-option is for CaDiCaL, and the portfolio has none".into(),
                ));
            }
        }
        let embedded_name = match (&self.solver, &self.external, &self.solver_cmd) {
            (Some(name), _, _) => Some(name.clone()),
            (None, None, None) if portfolio.is_none() => {
                embedded::available().first().map(|s| s.to_string())
            }
            _ => None,
        };
        if self.solver.as_deref() == Some(tables::NAME) {
            self.check_tables_question()?;
        }
        if let Some(name) = embedded_name.as_ref().filter(|name| *name != tables::NAME) {
            if embedded::create(name, &self.solver_option)?.is_none() {
                if name == "kissat" {
                    return delegate_to_kissat();
                }
                return Err(Error::Usage(format!(
                    "unknown embedded solver '{name}' (this build has: {}; kissat via solve-kissat)",
                    embedded::available().join(", ")
                )));
            }
        }
        let time_limit = self.time_limit()?;
        let external = self.external_config()?;
        if external.is_some() && !self.solver_option.is_empty() {
            return Err(Error::Usage(
                "--solver-option is for embedded solvers; put options in --solver-cmd".into(),
            ));
        }
        let enumerating = self.all || self.max.is_some_and(|m| m > 1);
        let proof = ProofRequest::new(self.proof.as_deref(), self.check_proof)?;
        let proof_backend = match &external {
            Some(config) => config.proof_command.is_some(),
            None => embedded_name.as_deref() == Some("cadical"),
        };
        if proof.is_some() && (!proof_backend || enumerating) {
            return Err(Error::Usage(
                "--proof and --check-proof need a solver that writes DRAT proofs (the embedded \
                 cadical, or --external cadical or kissat) and one answer (no --all or --max)"
                    .into(),
            ));
        }
        let mut cross_check = match &self.cross_check {
            Some(spec) => Some(crosscheck::backend_factory(spec, &self.registry()?)?),
            None => None,
        };
        // One formula after the other (crate::multi): a single formula's
        // stream is one part.
        let mut parts = Parts::new(Input::open(&self.input)?);
        let mut statuses = Vec::new();
        while let Some(mut input) = parts.next_part()? {
            if parts.count() > 1 && proof.is_some() {
                return Err(Error::Usage(format!(
                    "{}: --proof and --check-proof take one formula, and this stream holds several",
                    input.name
                )));
            }
            // Whether the tables solver answers a formula with this header:
            // asked for, or preferred by the header for one answer.
            let header_solver_of = |meta: &crate::cnf::Metadata| -> Option<String> {
                meta.prefer_solver.clone().filter(|_| {
                    self.solver.is_none()
                        && self.portfolio.is_none()
                        && external.is_none()
                        && self.solver_cmd.is_none()
                        && proof.is_none()
                })
            };
            let wants_tables = |meta: &crate::cnf::Metadata| -> bool {
                let header_tables = header_solver_of(meta).as_deref() == Some(tables::NAME)
                    && !self.all
                    && self.max.is_none_or(|m| m <= 1)
                    && self.check_tables_question().is_ok();
                header_tables || self.solver.as_deref() == Some(tables::NAME)
            };
            // The tables' first search starts at the `p` line, beside the
            // reading of the clauses (on another core), with the header it
            // was started from.
            let name = input.name.clone();
            let deadline = time_limit.map(|limit| std::time::Instant::now() + limit);
            let mut early: Option<(Arc<crate::cnf::Metadata>, StartedSearch)> = None;
            let mut start_early = |meta: &crate::cnf::Metadata| {
                if wants_tables(meta) {
                    let meta = Arc::new(meta.clone());
                    let (header, source) = (Arc::clone(&meta), name.clone());
                    let search =
                        StartedSearch::start(move || table_spec_of(&header, &source), deadline);
                    early = Some((meta, search));
                }
            };
            let mut formula = read_formula_with(
                &mut input,
                ReadOptions {
                    relaxed: self.relaxed,
                },
                Some(&mut start_early),
            )?;
            // The encoder's preferred solver, when the command line names
            // none (and no proof asks for CaDiCaL) and this build has it.
            let header_solver = header_solver_of(&formula.meta);
            let preferred = header_solver
                .as_deref()
                .filter(|name| embedded::available().contains(name));
            // The family's tables, when the `tables` solver is asked for
            // (or preferred by the header, for one answer); the early
            // search's if the whole header is the one it started from.
            let mut started = None;
            let table_spec = if wants_tables(&formula.meta) {
                match early.take() {
                    Some((meta, search)) if *meta == formula.meta => {
                        let spec = search.spec()?;
                        started = spec.is_some().then_some(search);
                        spec
                    }
                    _ => table_spec_of(&formula.meta, &input.name)?.map(Arc::new),
                }
            } else {
                None
            };
            if table_spec.is_none() && self.solver.as_deref() == Some(tables::NAME) {
                return Err(Error::Usage(format!(
                    "{}: --solver tables needs a formula whose family gives its table constraints \
                     (a crossword fill without theme groups, --max-shared-substring or \
                     --prefer-scores)",
                    input.name
                )));
            }
            let preferred = preferred.or(table_spec.as_ref().map(|_| tables::NAME));
            let embedded_name = preferred.map(str::to_string).or(embedded_name.clone());
            let options = SolveOptions {
                all: self.all,
                max: self.max,
                time_limit,
                blocking: self.block,
                enumeration: self.enumeration,
                verbose: self.verbose,
                json: self.json,
                backbone: self.backbone,
            };
            if proof.is_some() && formula.kind == crate::cnf::Kind::Wcnf {
                return Err(Error::Usage(
                    "--proof and --check-proof are for CNF, not WCNF optimisation".into(),
                ));
            }
            let mut solver_options = match embedded_name.as_deref() {
                Some(tables::NAME) => Vec::new(),
                Some(name) => self.options_for(name, false, &formula, &input.name)?,
                None => self.solver_option.clone(),
            };
            if enumerating
                && embedded_name.as_deref() == Some("cadical")
                && !solver_options.iter().any(|(n, _)| n == "lucky")
            {
                // CaDiCaL's "lucky" phases try trivial assignments before every
                // search; with thousands of calls that dominates.
                solver_options.push(("lucky".to_string(), 0));
            }
            let mut factory = || -> Result<Box<dyn Backend>> {
                match (&external, &embedded_name) {
                    (Some(config), _) => match &proof {
                        Some(request) => Ok(Box::new(External::with_proof(
                            config.clone(),
                            &request.path,
                        )?)),
                        None => Ok(Box::new(External::new(config.clone())?)),
                    },
                    (None, Some(name)) if name == tables::NAME => {
                        let spec = table_spec.clone().ok_or_else(|| {
                            Error::Usage("the tables solver has no tables for this formula".into())
                        })?;
                        match started.take() {
                            Some(search) => {
                                Ok(Box::new(TablesBackend::with_started(spec, search)?))
                            }
                            None => Ok(Box::new(TablesBackend::new(spec, None)?)),
                        }
                    }
                    (None, Some(name)) => match &proof {
                        Some(request) => {
                            embedded::create_with_proof(&solver_options, &request.path)?
                        }
                        None => embedded::create(name, &solver_options)?,
                    }
                    .ok_or_else(|| Error::Usage(format!("unknown embedded solver '{name}'"))),
                    (None, None) => Err(Error::Usage("no solver available in this build".into())),
                }
            };
            let ticker = self
                .verbose
                .then(|| crate::solve::Ticker::start(crate::solve::ticker_interval()));
            let mut out = io::stdout();
            let report = match (cross_check.as_mut(), &portfolio) {
                (Some(other), _) => {
                    run_cross_checked(&formula, &mut factory, other.as_mut(), &options, &mut out)?
                }
                (None, Some(names)) => {
                    let members = names
                        .iter()
                        .map(|name| {
                            Ok(portfolio::Member {
                                solver: name.clone(),
                                options: self.options_for(name, true, &formula, &input.name)?,
                            })
                        })
                        .collect::<Result<Vec<_>>>()?;
                    let shared = std::sync::Arc::new(std::mem::take(&mut formula));
                    portfolio::race(shared, &members, &options, &mut out)?
                }
                (None, None) => run(&formula, &mut factory, &options, &mut out)?,
            };
            drop(ticker);
            out.flush().with_name(io::STDOUT_NAME)?;
            if let Some(request) = &proof {
                if self.json {
                    // Standard output holds one JSON document and nothing else.
                    request.finish(&formula, report.status, &mut std::io::stderr())?;
                } else {
                    request.finish(&formula, report.status, &mut out)?;
                }
            }
            if self.stats {
                eprintln!(
                    "solve: {} with {}: {} solution(s){}{} in {:.3}s",
                    report.status.as_str(),
                    report.solver,
                    report.count,
                    report
                        .best_cost
                        .map(|c| format!(", best cost {c}"))
                        .unwrap_or_default(),
                    match report.complete {
                        Some(true) => ", enumeration complete",
                        Some(false) => ", enumeration stopped early",
                        None => "",
                    },
                    report.seconds
                );
            }
            statuses.push(report.status);
        }
        Ok(crate::multi::exit_code(&statuses))
    }
}
