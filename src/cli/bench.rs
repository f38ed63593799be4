//! `bench-run` and `bench-report`: batch experiments into CSV, and the
//! summary and plots made from it.

use super::Command;
use crate::bench::discover::Skipped;
use crate::bench::jobs;
use crate::bench::matrix::{plan, Group, Plan, Selection, SolverSpec, Tools};
use crate::bench::rows::{done_keys, existing_rows, Outcome, Row, Sink};
use crate::bench::run::{install_peers, run_matrix, Progress, RunSettings, Summary};
use crate::error::{Error, IoContext, Result};
use crate::io;
use clap::Parser;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Run the experiment matrix (family x instance x encoding x solver) into
/// a CSV file, one row per run.
///
/// FILE arguments are DIMACS CNF or WCNF files (plain, or compressed with
/// gzip, bzip2 or xz), or folders of them, solved as they are (family
/// `files`). Without them, the families are those of the instances
/// folder: the registered puzzle families that have a folder there (with
/// their encode-/decode- programs), every other folder as a family of
/// DIMACS files, and the DIMACS files directly in it as one more family
/// named after it; plus `gen` (a few `cnf-gen` formulas with known
/// answers) when --instances is not given. What a family's instances and
/// variants are comes from its folder's bench.conf. What cannot be used
/// (a file that is no DIMACS formula, a folder that is no family) is
/// named on standard error with the reason.
///
/// Every run has a time limit and its peak memory measured; each row is
/// appended and flushed as the run ends. Runs already answered in the CSV
/// are skipped, so an interrupted run (Ctrl-C, SIGTERM: every process it
/// started ends, exit 130) is resumed by running the same command again;
/// ERROR rows are retried, and so are time-outs under a smaller time
/// limit. A failing run is an ERROR row and the matrix goes on; exit 1
/// when every run failed, or when there is nothing to run.
#[derive(Debug, Parser)]
#[command(
    name = "bench-run",
    version,
    after_help = "Solvers: NAME (embedded: cadical, minisat, glucose, kissat), ext:NAME \
      (external from `solve --list-solvers`), cmd:COMMAND (any competition-style command), \
      portfolio:NAME,NAME (embedded solvers racing, `solve --portfolio`).\n\n\
      Examples:\n  \
      bench-run --csv bench-results/results.csv\n  \
      bench-run mycnfs/*.cnf.xz --solvers 'cadical kissat' --time-limit 300 --csv mine.csv\n  \
      bench-run --instances mycnfs --list     # a folder of .cnf/.wcnf files, with or without bench.conf\n  \
      bench-run --family numberlink --solvers 'cadical kissat ext:minisat' --time-limit 60\n  \
      bench-run --family gen --per-dir 2 --jobs 2 --csv quick.csv\n  \
      bench-run --emit-jobs bench-results/fragments > jobs.txt; parallel < jobs.txt\n  \
      bench-run --family gen --time-limit 60 --job-seconds   # a scheduler's time limit per job\n\n\
      The job lines of --emit-jobs run anywhere the same file system is mounted: they \
      name bench-run, the instances, the peers, --bin-dir, --work-dir and the fragment \
      by absolute paths, and keep every flag that shapes the matrix or its runs \
      (--family, --encoding, --filter, --per-dir, --time-limit, --repeat, --rerun, the \
      solvers). scripts/bench-slurm.sh and scripts/bench-parallel.sh submit them."
)]
pub struct BenchRunArgs {
    /// DIMACS CNF or WCNF files, or folders of them, to run as they are
    /// (family `files`, instance names as given) instead of an instances
    /// folder.
    #[arg(value_name = "FILE", conflicts_with_all = ["instances", "families"])]
    pub files: Vec<PathBuf>,

    /// The CSV file to append to (created with its header if new).
    #[arg(long, value_name = "FILE", default_value = DEFAULT_CSV)]
    pub csv: PathBuf,

    /// The folder of instance families (default: `instances`, and then
    /// the built-in `gen` family beside its own): its folders are
    /// families, the DIMACS files directly in it one more; with a
    /// bench.conf of its own it is one family.
    #[arg(long, value_name = "DIR")]
    pub instances: Option<PathBuf>,

    /// The folder of the peers' scripts: `peer NAME` in a bench.conf runs
    /// DIR/NAME.sh (installed into $SATPIPE_PEER_CACHE/NAME, default
    /// ~/.cache/satpipe-peers/NAME).
    #[arg(long, value_name = "DIR", default_value = "scripts/peers")]
    pub peers: PathBuf,

    /// Families to run (repeatable or comma-separated; default: all found,
    /// plus gen for the default instances folder).
    #[arg(long = "family", value_name = "NAME", value_delimiter = ',')]
    pub families: Vec<String>,

    /// Solvers, separated by spaces: `cadical kissat ext:minisat`, or
    /// `default` (a plain `solve`) (default: every embedded solver and
    /// every installed external one).
    #[arg(long, value_name = "LIST")]
    pub solvers: Option<String>,

    /// One more solver specification (repeatable; may contain spaces, e.g.
    /// `cmd:kissat -q`).
    #[arg(long, value_name = "SPEC")]
    pub solver: Vec<String>,

    /// A competition-style solver command (repeatable); same as
    /// `--solver 'cmd:COMMAND'`.
    #[arg(long, value_name = "COMMAND")]
    pub solver_cmd: Vec<String>,

    /// Encoding variants to run (repeatable or comma-separated; default:
    /// all of each family).
    #[arg(long = "encoding", value_name = "NAME", value_delimiter = ',')]
    pub encodings: Vec<String>,

    /// Keep only instances whose name contains this text (repeatable).
    #[arg(long, value_name = "TEXT")]
    pub filter: Vec<String>,

    /// At most N instances from each folder (the first N by name).
    #[arg(long, value_name = "N")]
    pub per_dir: Option<usize>,

    /// Solver time limit per run, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,

    /// Run each (instance, variant, solver) N times and keep the row with
    /// the median pipeline seconds (an ERROR row if any run failed): for
    /// runs of a fraction of a second.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub repeat: usize,

    /// Runs in parallel (each group of runs on one formula is one job).
    #[arg(short, long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,

    /// Look for the satpipe programs here first (default: beside bench-run,
    /// then PATH).
    #[arg(long, value_name = "DIR")]
    pub bin_dir: Option<PathBuf>,

    /// Folder for temporary formulas and models (default: the system's).
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<PathBuf>,

    /// Print the planned runs (one line each) and exit.
    #[arg(long)]
    pub list: bool,

    /// Print the matrix as a job list, one `bench-run ... --job N` command
    /// a line writing its CSV fragment DIR/job-N.csv, for GNU parallel or
    /// a Slurm array; then exit. The peers of the matrix are installed
    /// first, here, once: the jobs do not install them
    /// (--peers-installed).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["job", "list", "job_seconds"])]
    pub emit_jobs: Option<PathBuf>,

    /// Print the most wall-clock seconds one job of --emit-jobs may take
    /// (every stage at its hard limit: the encoder, then `solve` and the
    /// decoder of every solver, times --repeat) and exit: the time limit
    /// a scheduler should give each job.
    #[arg(long, conflicts_with_all = ["job", "list"])]
    pub job_seconds: bool,

    /// Do not run the peers' install step: they were installed before
    /// (the job lines of --emit-jobs say so, so that parallel jobs never
    /// install into one cache at once).
    #[arg(long)]
    pub peers_installed: bool,

    /// Run only job N (0-based) of the matrix (see --emit-jobs).
    #[arg(long, value_name = "N")]
    pub job: Option<usize>,

    /// Run every selected run again, even those already answered in the
    /// CSV (the new rows are appended; reports take the last row of a run).
    #[arg(long)]
    pub rerun: bool,
}

/// The default CSV of `bench-run` and `bench-report` (and of the
/// Makefile's targets).
pub const DEFAULT_CSV: &str = "bench-results/results.csv";

/// The default instances folder of `bench-run` and `bench-report`.
pub const DEFAULT_INSTANCES: &str = "instances";

/// Skipped files named one by one on standard error; beyond, a count.
const SKIPPED_SHOWN: usize = 10;

/// Says on standard error what the plan could not use, and why.
fn report_skipped(skipped: &[Skipped]) {
    for item in skipped.iter().take(SKIPPED_SHOWN) {
        eprintln!("bench-run: skipped {}: {}", item.path.display(), item.why);
    }
    if skipped.len() > SKIPPED_SHOWN {
        eprintln!(
            "bench-run: skipped {} more files and folders (--list shows what runs)",
            skipped.len() - SKIPPED_SHOWN
        );
    }
}

/// The variable that tells the peers' scripts where satpipe's programs
/// are (a script that converts puzzles with satpipe, such as
/// `scripts/peers/nonogrid.sh`, runs those bench-run runs).
const PEER_BIN_DIR_VARIABLE: &str = "SATPIPE_BIN_DIR";

/// Sets [`PEER_BIN_DIR_VARIABLE`] for the peers' scripts to the folder of
/// the `solve` bench-run runs, unless the caller set it. Called before
/// any thread or child is started.
fn tell_peers_where(tools: &Tools) {
    if std::env::var_os(PEER_BIN_DIR_VARIABLE).is_some() {
        return;
    }
    if let Some(dir) = tools.find("solve").as_deref().and_then(Path::parent) {
        std::env::set_var(PEER_BIN_DIR_VARIABLE, dir);
    }
}

/// Set by Ctrl-C / SIGTERM: stop starting runs, kill the running ones.
static STOP: AtomicBool = AtomicBool::new(false);

impl BenchRunArgs {
    fn solver_specs(&self, tools: &Tools) -> Result<Vec<SolverSpec>> {
        let mut specs = Vec::new();
        for word in self.solvers.iter().flat_map(|s| s.split_whitespace()) {
            specs.push(SolverSpec::parse(word)?);
        }
        for spec in &self.solver {
            specs.push(SolverSpec::parse(spec)?);
        }
        for command in &self.solver_cmd {
            specs.push(SolverSpec::parse(&format!("cmd:{command}"))?);
        }
        if specs.is_empty() {
            specs = tools.default_solvers();
        }
        let mut unique: Vec<SolverSpec> = Vec::new();
        for spec in specs {
            if !unique.contains(&spec) {
                unique.push(spec);
            }
        }
        Ok(unique)
    }

    /// The instances folder: `--instances`, else `instances`.
    fn instances_dir(&self) -> PathBuf {
        self.instances
            .clone()
            .unwrap_or_else(|| PathBuf::from(DEFAULT_INSTANCES))
    }

    /// The arguments that reproduce this selection in a job line, run
    /// from anywhere: paths made absolute (FILE arguments stay as given,
    /// since they name the instances: the line then starts in this
    /// folder), the families of `groups` named when none were (so that
    /// `gen` stays beside an instances folder), every flag that shapes
    /// the plan or the runs.
    fn job_args(&self, solvers: &[SolverSpec], groups: &[Group]) -> Result<Vec<String>> {
        let path = |p: &Path| -> Result<String> { Ok(jobs::absolute(p)?.display().to_string()) };
        let mut args: Vec<String> = self.files.iter().map(|f| f.display().to_string()).collect();
        let instances = self.instances_dir();
        if self.files.is_empty() && (self.instances.is_some() || instances.is_dir()) {
            args.extend(["--instances".to_string(), path(&instances)?]);
        }
        args.extend([
            "--peers".to_string(),
            path(&self.peers)?,
            "--time-limit".to_string(),
            format!("{}", self.time_limit),
        ]);
        let mut families = self.families.clone();
        if families.is_empty() && self.files.is_empty() {
            for group in groups {
                if !families.contains(&group.family) {
                    families.push(group.family.clone());
                }
            }
        }
        for family in &families {
            args.extend(["--family".to_string(), family.clone()]);
        }
        for encoding in &self.encodings {
            args.extend(["--encoding".to_string(), encoding.clone()]);
        }
        for filter in &self.filter {
            args.extend(["--filter".to_string(), filter.clone()]);
        }
        if let Some(n) = self.per_dir {
            args.extend(["--per-dir".to_string(), n.to_string()]);
        }
        if self.repeat > 1 {
            args.extend(["--repeat".to_string(), self.repeat.to_string()]);
        }
        for solver in solvers {
            args.extend(["--solver".to_string(), solver.label()]);
        }
        if let Some(dir) = &self.bin_dir {
            args.extend(["--bin-dir".to_string(), path(dir)?]);
        }
        if let Some(dir) = &self.work_dir {
            args.extend(["--work-dir".to_string(), path(dir)?]);
        }
        if self.rerun {
            args.push("--rerun".to_string());
        }
        args.push("--peers-installed".to_string());
        Ok(args)
    }

    /// Prints the job list of `groups` (see --emit-jobs) into `dir`,
    /// after installing their peers.
    fn emit_jobs(&self, dir: &Path, solvers: &[SolverSpec], groups: &[Group]) -> Result<()> {
        let work_dir = self.work_dir.clone().unwrap_or_else(std::env::temp_dir);
        crate::children::on_signal(|| STOP.store(true, Ordering::SeqCst));
        let all: Vec<&Group> = groups.iter().collect();
        install_peers(&all, &work_dir, &STOP)?;
        if STOP.load(Ordering::SeqCst) {
            return Err(Error::Usage(
                "interrupted while installing the peers".into(),
            ));
        }
        let program = std::env::current_exe().map_err(|e| Error::io(Self::NAME, e))?;
        let common = self.job_args(solvers, groups)?;
        let mut text = jobs::job_lines(&program, &common, groups.len(), &jobs::absolute(dir)?);
        if self.files.iter().any(|f| f.is_relative()) {
            // The FILE arguments name the instances as given: each line
            // starts where they were given.
            let here = jobs::absolute(Path::new("."))?;
            let cd = format!("cd {} && ", jobs::shell_quote(&here.display().to_string()));
            text = text.lines().map(|line| format!("{cd}{line}\n")).collect();
        }
        let mut out = io::stdout();
        out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)
    }
}

/// The progress bar (on a terminal) and the failure notes.
struct Bar {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress for Bar {
    fn start(&self, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(total);
        }
    }

    fn finished(&self, row: &Row, summary: &Summary) {
        if row.result == Outcome::Error {
            let note = format!(
                "bench-run: ERROR {}/{} [{}] {}: {}",
                row.family, row.instance, row.encoding, row.solver, row.message
            );
            match &self.bar {
                Some(bar) => bar.suspend(|| eprintln!("{note}")),
                None => eprintln!("{note}"),
            }
        }
        if let Some(bar) = &self.bar {
            bar.set_message(format!(
                "{} solved, {} unknown, {} failed",
                summary.sat + summary.unsat,
                summary.unknown,
                summary.errors
            ));
            bar.inc(1);
        }
    }

    fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Command for BenchRunArgs {
    const NAME: &'static str = "bench-run";
    fn run(self) -> Result<u8> {
        if !(self.time_limit.is_finite() && self.time_limit > 0.0) {
            return Err(Error::Usage(format!(
                "--time-limit must be a positive number of seconds, not {}",
                self.time_limit
            )));
        }
        let tools = Tools {
            dir: self.bin_dir.clone(),
        };
        tell_peers_where(&tools);
        let solvers = self.solver_specs(&tools)?;
        for solver in &solvers {
            solver.check(&tools)?;
        }
        let selection = Selection {
            files: self.files.clone(),
            instances_dir: self.instances_dir(),
            gen_by_default: self.instances.is_none(),
            families: self.families.clone(),
            encodings: self.encodings.clone(),
            filters: self.filter.clone(),
            per_dir: self.per_dir,
            solvers: solvers.clone(),
            peers_dir: self.peers.clone(),
        };
        let Plan {
            mut groups,
            skipped,
        } = plan(&selection, &tools)?;
        report_skipped(&skipped);
        if groups.is_empty() {
            return Err(Error::Usage(format!(
                "nothing to run in {}{}",
                if self.files.is_empty() {
                    selection.instances_dir.display().to_string()
                } else {
                    "the files given".to_string()
                },
                if self.filter.is_empty() && self.families.is_empty() && skipped.is_empty() {
                    String::new()
                } else {
                    " (see what was skipped above, and --family, --filter, --encoding)".to_string()
                }
            )));
        }
        let mut out = io::stdout();
        if let Some(dir) = &self.emit_jobs {
            self.emit_jobs(dir, &solvers, &groups)?;
            return Ok(0);
        }
        if self.job_seconds {
            let seconds = jobs::job_seconds(&groups, self.time_limit, self.repeat);
            writeln!(out, "{seconds}").with_name(io::STDOUT_NAME)?;
            out.flush().with_name(io::STDOUT_NAME)?;
            return Ok(0);
        }
        if let Some(index) = self.job {
            if index >= groups.len() {
                return Err(Error::Usage(format!(
                    "--job {index} is beyond the matrix ({} jobs)",
                    groups.len()
                )));
            }
            groups = vec![groups.swap_remove(index)];
        }
        if self.list {
            let mut text = String::new();
            for group in &groups {
                for solver in &group.solvers {
                    text.push_str(&format!(
                        "{}\t{}\t{}\t{}\n",
                        group.family,
                        group.instance,
                        group.encoding,
                        solver.label()
                    ));
                }
            }
            out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
            out.flush().with_name(io::STDOUT_NAME)?;
            return Ok(0);
        }
        if solvers.is_empty() {
            return Err(Error::Usage("no solver to run".into()));
        }
        let done = if self.rerun {
            Default::default()
        } else {
            done_keys(&existing_rows(&self.csv)?, self.time_limit)
        };
        let mut sink = Sink::open(&self.csv)?;
        let work_dir = self.work_dir.clone().unwrap_or_else(std::env::temp_dir);
        let settings = RunSettings {
            time_limit: self.time_limit,
            tools,
            work_dir,
            repeat: self.repeat,
            unavailable_peers: Default::default(),
            peers_installed: self.peers_installed,
        };
        // Ctrl-C, SIGTERM or SIGHUP: no new run starts, and the watchdogs
        // end the running stages with their children.
        crate::children::on_signal(|| STOP.store(true, Ordering::SeqCst));
        let bar = if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new(0);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} runs, ETA {eta} ({msg})",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            Some(bar)
        } else {
            None
        };
        let summary = run_matrix(
            &groups,
            &done,
            &mut sink,
            &settings,
            self.jobs,
            &STOP,
            &Bar { bar },
        )?;
        eprintln!(
            "bench-run: {}: {} runs ({} SAT, {} UNSAT, {} UNKNOWN, {} ERROR; {} verified), \
             {} already done{}",
            self.csv.display(),
            summary.runs,
            summary.sat,
            summary.unsat,
            summary.unknown,
            summary.errors,
            summary.verified,
            summary.skipped,
            if summary.interrupted {
                "; interrupted: run the same command again to finish"
            } else {
                ""
            }
        );
        if summary.interrupted {
            return Ok(130);
        }
        if summary.runs > 0 && summary.errors == summary.runs {
            return Err(Error::Solver(format!(
                "every run failed ({} ERROR rows in {}; the reasons are above and in the \
                 message column)",
                summary.errors,
                self.csv.display()
            )));
        }
        Ok(0)
    }
}

/// What `bench-report` tabulates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// Solved count and PAR-2 per configuration (family/variant/solver).
    Summary,
    /// One family: a line per instance, a column per solver and variant
    /// (pipeline seconds), the known answer, the target and the ratios
    /// against the baseline.
    Pivot,
}

/// Turn bench CSV files into a Markdown summary (solved count and PAR-2
/// per configuration) or a per-instance table of one family, a cactus plot
/// and a scatter plot (SVG and PNG).
///
/// Takes CSV files and folders of CSV fragments (from `--emit-jobs`
/// runs), merges them (the last row of a run wins) and writes
/// `summary.md`, `cactus-<family>.svg` and `.png` (one line per encoding
/// and solver), `scatter.svg` and `scatter.png` into the output folder.
/// With `--markdown FILE` the chosen view's table is also written into
/// FILE between `<!-- bench:SECTION -->` and `<!-- /bench:SECTION -->`,
/// replacing what was there (so `docs/benchmarks.md` is written by the
/// tools).
#[derive(Debug, Parser)]
#[command(
    name = "bench-report",
    version,
    after_help = "Examples:\n  \
      bench-report bench-results/results.csv --out bench-results/report\n  \
      bench-report bench-results/fragments --family gen\n  \
      bench-report OUT/fragments --csv OUT/results.csv   # merge job fragments into one CSV\n  \
      bench-report r.csv --scatter numberlink/default/cadical --scatter numberlink/seed/cadical\n  \
      bench-report --family numberlink --view pivot --baseline seed --markdown docs/benchmarks.md"
)]
pub struct BenchReportArgs {
    /// CSV files, or folders whose `*.csv` files are merged.
    #[arg(default_value = DEFAULT_CSV, value_name = "CSV|DIR")]
    pub inputs: Vec<PathBuf>,

    /// Output folder (default: `report` beside the first input: the
    /// folder of a CSV file, the parent of a folder of fragments; so
    /// `OUT/fragments` reports into `OUT/report`, and the default CSV into
    /// `bench-results/report`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Also write the merged rows (one per run: the last row of each,
    /// after --family, --solvers and --encoding) into this CSV file, in
    /// bench-run's schema; it is replaced whole.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Report on one family only (the pivot view needs it when the rows
    /// hold several).
    #[arg(long, value_name = "NAME")]
    pub family: Option<String>,

    /// Only these solvers, separated by spaces (default: all in the rows).
    #[arg(long, value_name = "LIST")]
    pub solvers: Option<String>,

    /// Only these variants (repeatable or comma-separated).
    #[arg(long = "encoding", value_name = "NAME", value_delimiter = ',')]
    pub encodings: Vec<String>,

    /// The table to print and to write with --markdown.
    #[arg(long, value_enum, default_value_t = View::Summary)]
    pub view: View,

    /// Pivot view: the variant the ratios are taken against, or `target`
    /// for the configuration's target seconds (default: the `baseline` of
    /// the family's bench.conf; none: no ratios).
    #[arg(long, value_name = "VARIANT")]
    pub baseline: Option<String>,

    /// The folder of instance families, whose bench.conf gives the pivot
    /// view its targets, known answers and baseline.
    #[arg(long, value_name = "DIR", default_value = DEFAULT_INSTANCES)]
    pub instances: PathBuf,

    /// Write the table into this Markdown file between the section's
    /// markers (added at the end when missing).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,

    /// The section name of --markdown (default: the family, or `summary`).
    #[arg(long, value_name = "NAME")]
    pub section: Option<String>,

    /// The two configurations (`family/encoding/solver`) of the scatter
    /// plot: give it twice (default: the two that solve most).
    #[arg(long, value_name = "CONFIG", num_args = 1)]
    pub scatter: Vec<String>,

    /// A TrueType font for the PNG text (default: DejaVu Sans or Liberation
    /// Sans from the system).
    #[arg(long, value_name = "FILE")]
    pub font: Option<PathBuf>,

    /// Also print the table of the view on standard output.
    #[arg(long)]
    pub print: bool,
}

impl BenchReportArgs {
    /// The output folder: --out, else `report` beside the first input.
    fn out_dir(&self) -> PathBuf {
        if let Some(dir) = &self.out {
            return dir.clone();
        }
        let first = self
            .inputs
            .first()
            .cloned()
            .unwrap_or_else(|| PathBuf::from(DEFAULT_CSV));
        first
            .parent()
            .map_or_else(PathBuf::new, Path::to_path_buf)
            .join("report")
    }
}

impl Command for BenchReportArgs {
    const NAME: &'static str = "bench-report";
    fn run(self) -> Result<u8> {
        use crate::bench::{pivot, report};
        let scatter = match self.scatter.as_slice() {
            [] => None,
            [a, b] => Some((a.clone(), b.clone())),
            _ => {
                return Err(Error::Usage(
                    "--scatter is given exactly twice (x axis, then y axis)".into(),
                ))
            }
        };
        let mut rows = report::dedupe(crate::bench::rows::read_all(&self.inputs)?);
        if let Some(family) = &self.family {
            rows.retain(|r| &r.family == family);
        }
        if let Some(list) = &self.solvers {
            // A peer's rows (run once, whatever the solvers) stay.
            let keep: Vec<&str> = list.split_whitespace().collect();
            rows.retain(|r| {
                keep.contains(&r.solver.as_str()) || r.solver == crate::bench::matrix::PEER_SOLVER
            });
        }
        if !self.encodings.is_empty() {
            rows.retain(|r| self.encodings.contains(&r.encoding));
        }
        if rows.is_empty() {
            return Err(Error::Usage(format!(
                "no rows to report on in {} (after --family, --solvers, --encoding)",
                self.inputs
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let table = match self.view {
            View::Summary => report::summary_section(&rows),
            View::Pivot => {
                let mut families: Vec<&str> = rows.iter().map(|r| r.family.as_str()).collect();
                families.sort_unstable();
                families.dedup();
                let family = match (self.family.as_deref(), families.as_slice()) {
                    (Some(family), _) => family.to_string(),
                    (None, [one]) => one.to_string(),
                    (None, _) => {
                        return Err(Error::Usage(format!(
                            "--view pivot needs --family (the rows hold {})",
                            families.join(", ")
                        )))
                    }
                };
                let dir = self.instances.join(&family);
                let config = if dir.is_dir() {
                    crate::bench::config::FamilyConfig::load(&dir)?
                } else {
                    crate::bench::config::FamilyConfig::default()
                };
                pivot::pivot_markdown(&rows, &family, &config, self.baseline.as_deref())?
            }
        };
        if let Some(path) = &self.csv {
            crate::bench::rows::write_rows(path, &rows)?;
        }
        let options = report::ReportOptions {
            out_dir: self.out_dir(),
            family: None,
            scatter,
            font: self.font.clone(),
            size: (960, 640),
        };
        let written = report::write_report(rows, &options)?;
        let mut out = io::stdout();
        if self.print {
            out.write_all(table.as_bytes()).with_name(io::STDOUT_NAME)?;
        }
        if let Some(path) = &self.markdown {
            let section = self
                .section
                .clone()
                .or_else(|| self.family.clone())
                .unwrap_or_else(|| "summary".into());
            report::write_section(path, &section, &table)?;
            writeln!(out, "{} (section {section})", path.display()).with_name(io::STDOUT_NAME)?;
        }
        for path in &written {
            writeln!(out, "{}", path.display()).with_name(io::STDOUT_NAME)?;
        }
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }
}
