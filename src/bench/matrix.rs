//! The experiment matrix: families, instances, encoding variants and
//! solvers, and the deterministic plan of runs they make.
//!
//! The families are the registered ones ([`crate::FAMILIES`]) that have a
//! folder `instances/<family>/` (their binaries `encode-<family>` and
//! `decode-<family>` must then be found); what counts
//! as an instance there, which variants to compare and how to report them
//! comes from the file `instances/<family>/bench.conf`, so a family's
//! benchmark lives with its instances:
//!
//! ```text
//! # one directive a line; `#` starts a comment
//! variant default                  # a variant: name, then encoder arguments,
//! variant seed --encoding seed     # optionally `| solve args | decode args`
//! variant naive | --enumeration blocking --block full
//! extension .in .txt               # files with these endings are instances
//! exclude results peer-solutions   # skip paths with one of these components
//! options adc2015 --allow-empty    # extra arguments under a folder (`.`: all),
//! options . | --all                # again `encoder | solve | decode`
//! skip seed adc2015                # variant `seed` does not apply there
//! instance inputs10/1 thomasahle/inputs10.txt --puzzle 1
//! instance readme1 - --mode all TMSII... | --all   # `-`: no puzzle file
//! expect adc2015/Q/Q08.txt unsat   # sat, unsat or a solution count
//! target seed 1                    # target or reference seconds (report)
//! target-name target (s)           # the report's title of that column
//! baseline seed                    # ratios in the report: against this
//! ```
//!
//! `{dir}` in arguments stands for the family folder (for files that are
//! not the puzzle: word lists, patterns). `encoding` is an older spelling
//! of `variant`. Without `extension` lines
//! but with `instance` lines, the instances are exactly the listed ones;
//! otherwise the discovered files and the listed instances. A folder
//! pattern (`options`, `skip`, `expect`, `target`) matches an instance
//! name equal to it or under it; `.` matches every instance; of several
//! matching `expect` or `target` lines the last one counts.
//!
//! The built-in family `gen` holds a few `cnf-gen` formulas with known
//! answers (n-queens, pigeonhole), so the runner works without any puzzle
//! family. A folder whose `bench.conf` says `kind dimacs` is a family of
//! DIMACS files that go to `solve` as they are.

use crate::error::{Error, IoContext, Result};
use std::path::{Path, PathBuf};

/// Name of the built-in family of `cnf-gen` formulas.
pub const GEN_FAMILY: &str = "gen";

/// File name of a family's benchmark configuration.
pub const CONFIG_FILE: &str = "bench.conf";

/// Configuration used for a family folder without a `bench.conf`: one
/// default variant, every file is an instance.
const FALLBACK: &str = "variant default\n";

/// The `cnf-gen` formulas of the `gen` family: instance name, `cnf-gen`
/// arguments, whether the formula is satisfiable.
const GEN_INSTANCES: &[(&str, &[&str], bool)] = &[
    ("queens-8", &["queens", "8"], true),
    ("queens-16", &["queens", "16"], true),
    ("queens-32", &["queens", "32"], true),
    ("php-6-5", &["php", "6", "5"], false),
    ("php-7-6", &["php", "7", "6"], false),
    ("php-8-7", &["php", "8", "7"], false),
];

/// Arguments for the three stages of a pipeline, written in a
/// configuration as `ENCODER ARGS | SOLVE ARGS | DECODE ARGS` (later parts
/// may be left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StageArgs {
    /// Arguments of `encode-<family>` (or `cnf-gen`).
    pub encode: Vec<String>,
    /// Arguments of `solve`.
    pub solve: Vec<String>,
    /// Arguments of `decode-<family>`.
    pub decode: Vec<String>,
}

impl StageArgs {
    /// Splits words at `|` into encoder, solve and decode arguments.
    fn parse(words: &[String]) -> std::result::Result<StageArgs, String> {
        let mut parts: Vec<Vec<String>> = vec![Vec::new()];
        for word in words {
            if word == "|" {
                parts.push(Vec::new());
            } else if let Some(last) = parts.last_mut() {
                last.push(word.clone());
            }
        }
        if parts.len() > 3 {
            return Err("at most three parts: encoder | solve | decode arguments".into());
        }
        let mut parts = parts.into_iter();
        Ok(StageArgs {
            encode: parts.next().unwrap_or_default(),
            solve: parts.next().unwrap_or_default(),
            decode: parts.next().unwrap_or_default(),
        })
    }

    /// Appends `other`'s arguments stage by stage.
    fn extend(&mut self, other: &StageArgs) {
        self.encode.extend(other.encode.iter().cloned());
        self.solve.extend(other.solve.iter().cloned());
        self.decode.extend(other.decode.iter().cloned());
    }
}

/// One variant of a family: a name for the CSV and the arguments it
/// stands for (encoder options, and possibly `solve` and decoder options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoding {
    /// Short name (`default`, `seed`, `dfa`, `naive`).
    pub name: String,
    /// Arguments given to `encode-<family>`.
    pub args: Vec<String>,
    /// Arguments given to `solve` (besides the solver and time limit).
    pub solve_args: Vec<String>,
    /// Arguments given to `decode-<family>`.
    pub decode_args: Vec<String>,
}

/// An instance listed in a configuration rather than discovered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedInstance {
    /// Its name in the CSV.
    pub name: String,
    /// The puzzle file, relative to the family folder (none: the encoder
    /// arguments say it all).
    pub file: Option<String>,
    /// Its own stage arguments (before the file).
    pub args: StageArgs,
    /// The line of the configuration that lists it.
    pub line: usize,
}

/// The answer an instance is known to have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Satisfiable.
    Sat,
    /// Unsatisfiable.
    Unsat,
    /// Exactly this many solutions (with `solve --all`; 0 means UNSAT).
    Solutions(u64),
}

impl Expect {
    /// Parses `sat`, `unsat` or a count.
    pub fn parse(text: &str) -> Option<Expect> {
        match text.to_ascii_lowercase().as_str() {
            "sat" => Some(Expect::Sat),
            "unsat" => Some(Expect::Unsat),
            other => other.parse().ok().map(Expect::Solutions),
        }
    }

    /// The spelling in a report (`SAT`, `UNSAT`, the count).
    pub fn label(self) -> String {
        match self {
            Expect::Sat => "SAT".into(),
            Expect::Unsat => "UNSAT".into(),
            Expect::Solutions(n) => n.to_string(),
        }
    }
}

/// What the runner and the report need to know about a family.
#[derive(Debug, Clone, Default)]
pub struct FamilyConfig {
    /// Variants, in order.
    pub encodings: Vec<Encoding>,
    /// File endings that make a file an instance (empty: every file).
    pub extensions: Vec<String>,
    /// Path components that exclude a file.
    pub exclude: Vec<String>,
    /// Extra stage arguments for instances under a folder (relative to
    /// the family folder; `.` for all).
    pub folder_options: Vec<(String, StageArgs)>,
    /// (variant, folder): the variant is not run under the folder.
    pub skip: Vec<(String, String)>,
    /// Instances listed by `instance` lines.
    pub instances: Vec<ListedInstance>,
    /// Known answers by folder pattern.
    pub expect: Vec<(String, Expect)>,
    /// Target or reference seconds by folder pattern.
    pub targets: Vec<(String, f64)>,
    /// Title of the target column in reports.
    pub target_name: Option<String>,
    /// The variant (or `target`) that report ratios are taken against.
    pub baseline: Option<String>,
    /// `kind dimacs`: the instances are DIMACS CNF/WCNF files that go to
    /// `solve` as they are (no encoder, no decoder; `solve` checks every
    /// model against the formula).
    pub dimacs: bool,
}

/// The directives a configuration knows, for the error message.
const DIRECTIVES: &str = "kind, variant, encoding, extension, exclude, options, skip, \
                          instance, expect, target, target-name, baseline";

/// The file endings of a `kind dimacs` folder's instances when the
/// configuration names none.
const DIMACS_EXTENSIONS: &[&str] = &[".cnf", ".wcnf", ".cnf.gz", ".cnf.bz2", ".cnf.xz"];

impl FamilyConfig {
    /// Parses the configuration format; errors name `source:line`.
    pub fn parse(source: &str, text: &str) -> Result<FamilyConfig> {
        let mut config = FamilyConfig::default();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            let at = |message: String| Error::parse(source, index + 1, message);
            let stages = |words: &[String]| StageArgs::parse(words).map_err(at);
            let folder = |word: &String| word.trim_end_matches('/').to_string();
            match words[0].as_str() {
                "variant" | "encoding" => {
                    let name = words
                        .get(1)
                        .ok_or_else(|| at(format!("`{}` needs a variant name", words[0])))?;
                    if name == "|" || name == "target" {
                        return Err(at(format!("'{name}' cannot be a variant name")));
                    }
                    if config.encodings.iter().any(|e| &e.name == name) {
                        return Err(at(format!("variant '{name}' defined twice")));
                    }
                    let args = stages(&words[2..])?;
                    config.encodings.push(Encoding {
                        name: name.clone(),
                        args: args.encode,
                        solve_args: args.solve,
                        decode_args: args.decode,
                    });
                }
                "kind" => match words.get(1..).unwrap_or_default() {
                    [kind] if kind == "dimacs" => config.dimacs = true,
                    [kind] if kind == "puzzle" => config.dimacs = false,
                    _ => {
                        return Err(at(
                            "`kind` needs `dimacs` (files for solve as they are) or `puzzle`"
                                .into(),
                        ))
                    }
                },
                "extension" => config.extensions.extend(words[1..].iter().cloned()),
                "exclude" => config.exclude.extend(words[1..].iter().cloned()),
                "options" => {
                    let name = words
                        .get(1)
                        .ok_or_else(|| at("`options` needs a folder and arguments".into()))?;
                    config
                        .folder_options
                        .push((folder(name), stages(&words[2..])?));
                }
                "skip" => {
                    if words.len() != 3 {
                        return Err(at("`skip` needs a variant and a folder".into()));
                    }
                    config.skip.push((words[1].clone(), folder(&words[2])));
                }
                "instance" => {
                    if words.len() < 3 {
                        return Err(at(
                            "`instance` needs a name, a file (or `-`) and arguments".into()
                        ));
                    }
                    let name = words[1].clone();
                    if config.instances.iter().any(|i| i.name == name) {
                        return Err(at(format!("instance '{name}' listed twice")));
                    }
                    let file = (words[2] != "-").then(|| words[2].clone());
                    config.instances.push(ListedInstance {
                        name,
                        file,
                        args: stages(&words[3..])?,
                        line: index + 1,
                    });
                }
                "expect" => {
                    let answer = match words.as_slice() {
                        [_, _, answer] => Expect::parse(answer),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        at("`expect` needs a folder or instance and sat, unsat or a count".into())
                    })?;
                    config.expect.push((folder(&words[1]), answer));
                }
                "target" => {
                    let seconds = match words.as_slice() {
                        [_, _, seconds] => seconds.parse::<f64>().ok(),
                        _ => None,
                    }
                    .filter(|s| s.is_finite() && *s > 0.0)
                    .ok_or_else(|| {
                        at("`target` needs a folder or instance and positive seconds".into())
                    })?;
                    config.targets.push((folder(&words[1]), seconds));
                }
                "target-name" => {
                    if words.len() < 2 {
                        return Err(at("`target-name` needs a column title".into()));
                    }
                    config.target_name = Some(words[1..].join(" "));
                }
                "baseline" => {
                    if words.len() != 2 {
                        return Err(at("`baseline` needs one variant name (or `target`)".into()));
                    }
                    config.baseline = Some(words[1].clone());
                }
                other => {
                    return Err(at(format!(
                        "unknown directive '{other}' (known: {DIRECTIVES})"
                    )))
                }
            }
        }
        if config.dimacs && config.extensions.is_empty() && config.instances.is_empty() {
            config.extensions = DIMACS_EXTENSIONS.iter().map(|e| e.to_string()).collect();
        }
        if config.encodings.is_empty() {
            config.encodings.push(Encoding {
                name: "default".into(),
                args: Vec::new(),
                solve_args: Vec::new(),
                decode_args: Vec::new(),
            });
        }
        if let Some(baseline) = &config.baseline {
            if baseline != "target" && !config.encodings.iter().any(|e| &e.name == baseline) {
                return Err(Error::parse(
                    source,
                    text.lines()
                        .position(|l| l.trim_start().starts_with("baseline"))
                        .map_or(1, |i| i + 1),
                    format!("baseline '{baseline}' is no variant of this configuration"),
                ));
            }
        }
        Ok(config)
    }

    /// The configuration of a family whose folder is `dir`: the folder's
    /// `bench.conf` if present, else one default variant over every file.
    pub fn load(dir: &Path) -> Result<FamilyConfig> {
        let file = dir.join(CONFIG_FILE);
        if file.is_file() {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).with_name(&name)?;
            return FamilyConfig::parse(&name, &text);
        }
        FamilyConfig::parse("<default configuration>", FALLBACK)
    }

    /// True when files of the folder are instances (besides listed ones).
    fn discovers(&self) -> bool {
        !self.extensions.is_empty() || self.instances.is_empty()
    }

    fn is_instance(&self, relative: &Path) -> bool {
        let name = relative.to_string_lossy();
        if name.ends_with(CONFIG_FILE) {
            return false;
        }
        let excluded = relative
            .components()
            .any(|c| self.exclude.iter().any(|e| c.as_os_str() == e.as_str()));
        let extension_ok =
            self.extensions.is_empty() || self.extensions.iter().any(|e| name.ends_with(e));
        !excluded && extension_ok
    }

    /// True when the instance name `relative` is `folder` or under it
    /// (`.` is every instance).
    pub fn under(relative: &str, folder: &str) -> bool {
        folder == "." || relative == folder || relative.starts_with(&format!("{folder}/"))
    }

    /// Stage arguments for `relative` (an instance name) with variant
    /// `encoding`, or `None` when the variant is skipped there: the
    /// variant's, then those of every matching `options` line.
    pub fn stage_args(&self, relative: &str, encoding: &Encoding) -> Option<StageArgs> {
        if self
            .skip
            .iter()
            .any(|(variant, folder)| *variant == encoding.name && Self::under(relative, folder))
        {
            return None;
        }
        let mut args = StageArgs {
            encode: encoding.args.clone(),
            solve: encoding.solve_args.clone(),
            decode: encoding.decode_args.clone(),
        };
        for (folder, extra) in &self.folder_options {
            if Self::under(relative, folder) {
                args.extend(extra);
            }
        }
        Some(args)
    }

    /// Encoder arguments for `relative` with variant `encoding`, or `None`
    /// when the variant is skipped there.
    pub fn encoder_args(&self, relative: &str, encoding: &Encoding) -> Option<Vec<String>> {
        self.stage_args(relative, encoding).map(|a| a.encode)
    }

    /// The known answer of an instance (the last matching `expect`).
    pub fn expected(&self, instance: &str) -> Option<Expect> {
        self.expect
            .iter()
            .rev()
            .find(|(folder, _)| Self::under(instance, folder))
            .map(|(_, e)| *e)
    }

    /// The target seconds of an instance (the last matching `target`).
    pub fn target(&self, instance: &str) -> Option<f64> {
        self.targets
            .iter()
            .rev()
            .find(|(folder, _)| Self::under(instance, folder))
            .map(|(_, t)| *t)
    }
}

/// Where an instance comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A puzzle file, encoded by `encode-<family>`.
    File(PathBuf),
    /// A listed instance without a file: the encoder arguments are all.
    Args,
    /// A DIMACS file of a `kind dimacs` folder, solved as it is.
    Cnf(PathBuf),
    /// A `cnf-gen` formula: its arguments and whether it is satisfiable.
    Gen {
        /// Arguments of `cnf-gen`.
        args: Vec<String>,
        /// The known answer.
        satisfiable: bool,
    },
}

/// A solver configuration as written on the command line:
/// `cadical` (embedded), `ext:minisat` (external from the registry),
/// `cmd:COMMAND` (any competition-style command).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverSpec {
    /// `solve --solver NAME`.
    Embedded(String),
    /// `solve --external NAME`.
    External(String),
    /// `solve --solver-cmd COMMAND`.
    Command(String),
}

impl SolverSpec {
    /// Parses `NAME`, `ext:NAME` or `cmd:COMMAND`.
    pub fn parse(text: &str) -> Result<SolverSpec> {
        let text = text.trim();
        let spec = if let Some(name) = text.strip_prefix("ext:") {
            SolverSpec::External(name.to_string())
        } else if let Some(command) = text.strip_prefix("cmd:") {
            SolverSpec::Command(command.to_string())
        } else {
            SolverSpec::Embedded(text.to_string())
        };
        match &spec {
            SolverSpec::Embedded(s) | SolverSpec::External(s) | SolverSpec::Command(s)
                if s.trim().is_empty() =>
            {
                Err(Error::Usage(format!("empty solver specification '{text}'")))
            }
            _ => Ok(spec),
        }
    }

    /// The label in the CSV's `solver` column (the same text it parses
    /// from).
    pub fn label(&self) -> String {
        match self {
            SolverSpec::Embedded(name) => name.clone(),
            SolverSpec::External(name) => format!("ext:{name}"),
            SolverSpec::Command(command) => format!("cmd:{command}"),
        }
    }

    /// Checks that the solver can run here: an embedded one is compiled in
    /// (Kissat: `solve-kissat` is built), an external one is in the
    /// registry (the built-in one and `SATPIPE_SOLVERS`, as `solve` reads
    /// it) and installed. A command is not checked.
    pub fn check(&self, tools: &Tools) -> Result<()> {
        match self {
            SolverSpec::Embedded(name) => {
                let mut known = crate::solver::embedded::available();
                if !known.contains(&"kissat") && tools.find("solve-kissat").is_some() {
                    known.push("kissat");
                }
                if known.contains(&name.as_str()) {
                    return Ok(());
                }
                let why = if name == "kissat" {
                    "needs the program solve-kissat (make build)".to_string()
                } else {
                    format!(
                        "is not an embedded solver of this build ({})",
                        known.join(", ")
                    )
                };
                Err(Error::Usage(format!(
                    "unknown solver '{name}': it {why}; external solvers are written \
                     ext:NAME, commands cmd:COMMAND"
                )))
            }
            SolverSpec::External(name) => {
                let mut registry = crate::solver::registry::Registry::built_in();
                if let Some(path) = std::env::var_os("SATPIPE_SOLVERS") {
                    registry.load(Path::new(&path))?;
                }
                let entry = registry.get(name).ok_or_else(|| {
                    Error::Usage(format!(
                        "unknown external solver 'ext:{name}' (known: {})",
                        registry
                            .entries()
                            .iter()
                            .map(|e| e.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                })?;
                if crate::solver::registry::find_program(entry.program()).is_none() {
                    return Err(Error::Usage(format!(
                        "external solver 'ext:{name}': program {} not found on PATH \
                         (make solvers)",
                        entry.program()
                    )));
                }
                Ok(())
            }
            SolverSpec::Command(_) => Ok(()),
        }
    }

    /// The arguments that select this solver in `solve`.
    pub fn solve_args(&self) -> Vec<String> {
        match self {
            SolverSpec::Embedded(name) => vec!["--solver".into(), name.clone()],
            SolverSpec::External(name) => vec!["--external".into(), name.clone()],
            SolverSpec::Command(command) => vec!["--solver-cmd".into(), command.clone()],
        }
    }
}

/// Finds the project's binaries: in an explicit folder, beside the running
/// program, or on `PATH`.
#[derive(Debug, Clone, Default)]
pub struct Tools {
    /// The folder to look in first (`--bin-dir`).
    pub dir: Option<PathBuf>,
}

impl Tools {
    /// The path of the program `name`, if found.
    pub fn find(&self, name: &str) -> Option<PathBuf> {
        let beside = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(Path::to_path_buf));
        self.dir
            .iter()
            .chain(beside.iter())
            .map(|dir| dir.join(name))
            .find(|path| path.is_file())
            .or_else(|| crate::solver::registry::find_program(name))
    }

    /// Like [`Tools::find`], with an error naming the missing program.
    pub fn require(&self, name: &str) -> Result<PathBuf> {
        self.find(name).ok_or_else(|| {
            Error::Usage(format!(
                "program {name} not found beside bench-run, in --bin-dir or on PATH (make build)"
            ))
        })
    }

    /// The default solvers: every embedded one of this build, Kissat when
    /// its companion `solve-kissat` is built, and every external solver of
    /// the registry whose program is installed.
    pub fn default_solvers(&self) -> Vec<SolverSpec> {
        let mut solvers: Vec<SolverSpec> = crate::solver::embedded::available()
            .into_iter()
            .map(|name| SolverSpec::Embedded(name.to_string()))
            .collect();
        if !solvers.iter().any(|s| s.label() == "kissat") && self.find("solve-kissat").is_some() {
            solvers.push(SolverSpec::Embedded("kissat".into()));
        }
        for entry in crate::solver::registry::Registry::built_in().entries() {
            if crate::solver::registry::find_program(entry.program()).is_some() {
                solvers.push(SolverSpec::External(entry.name.clone()));
            }
        }
        solvers
    }
}

/// A group of runs that share one encoded formula: one instance with one
/// encoding variant, through several solvers.
#[derive(Debug, Clone)]
pub struct Group {
    /// Family name (`gen` for `cnf-gen` formulas).
    pub family: String,
    /// Instance name: the path relative to `instances/<family>/`, or the
    /// formula name for `gen`.
    pub instance: String,
    /// Where the instance comes from.
    pub source: Source,
    /// The encoding variant's name.
    pub encoding: String,
    /// The encoder arguments (variant, folder options, the listed
    /// instance's own).
    pub encoder_args: Vec<String>,
    /// Extra `solve` arguments (variant, folder options, instance).
    pub solve_args: Vec<String>,
    /// Extra decoder arguments (variant, folder options, instance).
    pub decode_args: Vec<String>,
    /// The known answer, if any.
    pub expect: Option<Expect>,
    /// The solvers to run on the formula.
    pub solvers: Vec<SolverSpec>,
}

impl Group {
    /// The encoder arguments as one string for the CSV.
    pub fn encoder_options(&self) -> String {
        self.encoder_args.join(" ")
    }

    /// The options of its runs as [`super::rows::Row::options_signature`]
    /// spells them.
    pub fn options_signature(&self) -> String {
        format!(
            "{} | {} | {}",
            self.encoder_options(),
            self.solve_options(),
            self.decode_options()
        )
    }

    /// The extra `solve` arguments as one string for the CSV.
    pub fn solve_options(&self) -> String {
        self.solve_args.join(" ")
    }

    /// The extra decoder arguments as one string for the CSV.
    pub fn decode_options(&self) -> String {
        self.decode_args.join(" ")
    }
}

/// What to put into the matrix.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// The `instances/` folder.
    pub instances_dir: PathBuf,
    /// Families to run (empty: all discovered, plus `gen`).
    pub families: Vec<String>,
    /// Encoding variants to run (empty: all of each family).
    pub encodings: Vec<String>,
    /// Keep instances whose name contains one of these (empty: all).
    pub filters: Vec<String>,
    /// At most this many instances per folder (sorted by name).
    pub per_dir: Option<usize>,
    /// The solvers.
    pub solvers: Vec<SolverSpec>,
}

/// Files under `dir`, recursively, sorted.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let name = current.display().to_string();
        for entry in std::fs::read_dir(&current).with_name(&name)? {
            let path = entry.with_name(&name)?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The families under `instances_dir`, sorted: the registered ones
/// ([`crate::FAMILIES`]) that have a folder there, and every folder whose
/// configuration says `kind dimacs` (a folder of DIMACS files, solved as
/// they are). This is the one place where families are discovered.
pub fn discover_families(instances_dir: &Path) -> Result<Vec<String>> {
    let mut families: Vec<String> = crate::registry::names()
        .filter(|family| instances_dir.join(family).is_dir())
        .map(str::to_string)
        .collect();
    if instances_dir.is_dir() {
        let name = instances_dir.display().to_string();
        for entry in std::fs::read_dir(instances_dir).with_name(&name)? {
            let path = entry.with_name(&name)?.path();
            let Some(folder) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if path.join(CONFIG_FILE).is_file()
                && !families.iter().any(|f| f == folder)
                && FamilyConfig::load(&path)?.dimacs
            {
                families.push(folder.to_string());
            }
        }
    }
    families.sort();
    Ok(families)
}

/// An error unless `encode-<family>` and `decode-<family>` are found.
fn require_programs(family: &str, tools: &Tools) -> Result<()> {
    for program in [format!("encode-{family}"), format!("decode-{family}")] {
        if tools.find(&program).is_none() {
            return Err(Error::Usage(format!(
                "{program} not found (beside bench-run, in --bin-dir, or on PATH): build it, \
                 or leave out --family {family}"
            )));
        }
    }
    Ok(())
}

/// Builds the plan: every group of the selection, in a fixed order
/// (family, instance, encoding), so that job numbers are stable.
pub fn plan(selection: &Selection, tools: &Tools) -> Result<Vec<Group>> {
    let needs_folder =
        selection.families.is_empty() || selection.families.iter().any(|f| f != GEN_FAMILY);
    if needs_folder && !selection.instances_dir.is_dir() {
        return Err(Error::Usage(format!(
            "instances folder {} not found (give it with --instances DIR, or run from the \
             repository's top folder; --family gen needs none)",
            selection.instances_dir.display()
        )));
    }
    let discovered = discover_families(&selection.instances_dir)?;
    let families: Vec<String> = if selection.families.is_empty() {
        let mut all = discovered.clone();
        all.push(GEN_FAMILY.to_string());
        all
    } else {
        for family in &selection.families {
            if family != GEN_FAMILY && !discovered.contains(family) {
                return Err(Error::Usage(format!(
                    "family '{family}' not found: it needs a folder {}/{family}/ and to be \
                     registered, or a bench.conf there with `kind dimacs` (found: {})",
                    selection.instances_dir.display(),
                    if discovered.is_empty() {
                        "none".to_string()
                    } else {
                        discovered.join(", ")
                    }
                )));
            }
        }
        selection.families.clone()
    };
    for family in families.iter().filter(|f| *f != GEN_FAMILY) {
        if !FamilyConfig::load(&selection.instances_dir.join(family))?.dimacs {
            require_programs(family, tools)?;
        }
    }
    let keep = |instance: &str| {
        selection.filters.is_empty() || selection.filters.iter().any(|f| instance.contains(f))
    };
    let wanted = |encoding: &Encoding| {
        selection.encodings.is_empty() || selection.encodings.contains(&encoding.name)
    };
    let mut groups = Vec::new();
    for family in &families {
        if family == GEN_FAMILY {
            // A handful of formulas that take well under a second each:
            // `--per-dir` does not thin them out.
            for (name, args, satisfiable) in GEN_INSTANCES {
                if !keep(name) {
                    continue;
                }
                groups.push(Group {
                    family: family.clone(),
                    instance: name.to_string(),
                    source: Source::Gen {
                        args: args.iter().map(|a| a.to_string()).collect(),
                        satisfiable: *satisfiable,
                    },
                    encoding: "default".into(),
                    encoder_args: Vec::new(),
                    solve_args: Vec::new(),
                    decode_args: Vec::new(),
                    expect: Some(if *satisfiable {
                        Expect::Sat
                    } else {
                        Expect::Unsat
                    }),
                    solvers: selection.solvers.clone(),
                });
            }
            continue;
        }
        let dir = selection.instances_dir.join(family);
        let config = FamilyConfig::load(&dir)?;
        // (instance name, source, the listed instance's own arguments)
        let mut instances: Vec<(String, Source, StageArgs)> = Vec::new();
        if config.discovers() {
            for path in files_under(&dir)? {
                let Ok(relative) = path.strip_prefix(&dir) else {
                    continue;
                };
                if config.is_instance(relative) {
                    let name = relative.to_string_lossy().replace('\\', "/");
                    let source = if config.dimacs {
                        Source::Cnf(path.clone())
                    } else {
                        Source::File(path.clone())
                    };
                    instances.push((name, source, StageArgs::default()));
                }
            }
        }
        for listed in &config.instances {
            let source = match &listed.file {
                Some(file) => {
                    let path = dir.join(file);
                    if !path.is_file() {
                        return Err(Error::parse(
                            &dir.join(CONFIG_FILE).display().to_string(),
                            listed.line,
                            format!("instance '{}': no file {}", listed.name, path.display()),
                        ));
                    }
                    if config.dimacs {
                        Source::Cnf(path)
                    } else {
                        Source::File(path)
                    }
                }
                None if config.dimacs => {
                    return Err(Error::parse(
                        &dir.join(CONFIG_FILE).display().to_string(),
                        listed.line,
                        format!(
                            "instance '{}': a `kind dimacs` instance needs a file",
                            listed.name
                        ),
                    ))
                }
                None => Source::Args,
            };
            instances.push((listed.name.clone(), source, listed.args.clone()));
        }
        let mut per_folder: std::collections::HashMap<String, usize> = Default::default();
        for (instance, source, own) in instances {
            if !keep(&instance) {
                continue;
            }
            let folder = instance
                .rsplit_once('/')
                .map_or(String::new(), |(f, _)| f.to_string());
            let taken = per_folder.entry(folder).or_insert(0);
            if selection.per_dir.is_some_and(|n| *taken >= n) {
                continue;
            }
            *taken += 1;
            for encoding in config.encodings.iter().filter(|e| wanted(e)) {
                let Some(mut args) = config.stage_args(&instance, encoding) else {
                    continue;
                };
                args.extend(&own);
                let folder = dir.display().to_string();
                for word in args
                    .encode
                    .iter_mut()
                    .chain(args.solve.iter_mut())
                    .chain(args.decode.iter_mut())
                {
                    if word.contains("{dir}") {
                        *word = word.replace("{dir}", &folder);
                    }
                }
                groups.push(Group {
                    family: family.clone(),
                    instance: instance.clone(),
                    source: source.clone(),
                    encoding: encoding.name.clone(),
                    encoder_args: args.encode,
                    solve_args: args.solve,
                    decode_args: args.decode,
                    expect: config.expected(&instance),
                    solvers: selection.solvers.clone(),
                });
            }
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_configurations_parse() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("instances");
        let mut parsed = 0;
        for entry in std::fs::read_dir(&root).expect("instances/") {
            let dir = entry.expect("entry").path();
            if dir.join(CONFIG_FILE).is_file() {
                let config = FamilyConfig::load(&dir).expect("bench.conf parses");
                assert!(!config.encodings.is_empty());
                parsed += 1;
            }
        }
        assert!(
            parsed >= 4,
            "numberlink, nonogram, rules, crossword, sanalouhos"
        );
    }

    #[test]
    fn stage_args_instances_expectations_and_targets() {
        let config = FamilyConfig::parse(
            "t",
            "variant default\n\
             variant naive | --enumeration blocking --block full | --format grid\n\
             options . | --all\n\
             instance r1 - --mode all ABC | --stats\n\
             instance q/1 q.txt --puzzle 1\n\
             expect . sat\nexpect q/1 unsat\nexpect r1 663\n\
             target . 5\ntarget q 1\ntarget-name solv-o-matic (s)\nbaseline naive\n",
        )
        .expect("parses");
        let naive = &config.encodings[1];
        let args = config.stage_args("r1", naive).expect("not skipped");
        assert_eq!(args.encode, Vec::<String>::new());
        assert_eq!(
            args.solve,
            ["--enumeration", "blocking", "--block", "full", "--all"]
        );
        assert_eq!(args.decode, ["--format", "grid"]);
        assert_eq!(config.instances.len(), 2);
        assert_eq!(config.instances[0].file, None);
        assert_eq!(config.instances[0].args.encode, ["--mode", "all", "ABC"]);
        assert_eq!(config.instances[0].args.solve, ["--stats"]);
        assert_eq!(config.instances[1].file.as_deref(), Some("q.txt"));
        assert_eq!(config.expected("r1"), Some(Expect::Solutions(663)));
        assert_eq!(config.expected("q/1"), Some(Expect::Unsat));
        assert_eq!(config.expected("other"), Some(Expect::Sat));
        assert_eq!(config.target("q/1"), Some(1.0));
        assert_eq!(config.target("r1"), Some(5.0));
        assert_eq!(config.target_name.as_deref(), Some("solv-o-matic (s)"));
        assert_eq!(config.baseline.as_deref(), Some("naive"));
        assert!(!config.discovers(), "listed instances only");
    }

    #[test]
    fn bad_directives_name_the_line() {
        for (text, line, words) in [
            ("variant a | x | y | z\n", 1, "three parts"),
            ("variant a\nexpect q maybe\n", 2, "`expect` needs"),
            ("\ntarget q -1\n", 2, "positive seconds"),
            ("variant a\nbaseline b\n", 2, "no variant"),
            ("instance x\n", 1, "needs a name"),
            ("instance x - a\ninstance x - b\n", 2, "twice"),
        ] {
            let error = FamilyConfig::parse("f.conf", text)
                .expect_err(text)
                .to_string();
            assert!(error.starts_with(&format!("f.conf:{line}:")), "{error}");
            assert!(error.contains(words), "{error}");
        }
    }

    #[test]
    fn config_errors_name_the_line() {
        let error = FamilyConfig::parse("f.conf", "encoding a\n\nfrobnicate x\n").unwrap_err();
        assert_eq!(
            error.to_string().split(": ").next(),
            Some("f.conf:3"),
            "{error}"
        );
    }

    #[test]
    fn folder_options_and_skips() {
        let config = FamilyConfig::parse(
            "t",
            "encoding default\nencoding seed --encoding seed\noptions adc --allow-empty\nskip seed adc\n",
        )
        .expect("parses");
        let seed = &config.encodings[1];
        assert_eq!(config.encoder_args("adc/Q1.txt", seed), None);
        assert_eq!(
            config.encoder_args("adc/Q1.txt", &config.encodings[0]),
            Some(vec!["--allow-empty".to_string()])
        );
        assert_eq!(
            config.encoder_args("adcx/Q1.txt", seed),
            Some(vec!["--encoding".to_string(), "seed".to_string()])
        );
    }

    #[test]
    fn solver_specs_round_trip() {
        for text in ["cadical", "ext:minisat", "cmd:kissat -q"] {
            assert_eq!(SolverSpec::parse(text).expect("parses").label(), text);
        }
        assert!(SolverSpec::parse("ext:").is_err());
    }
}
