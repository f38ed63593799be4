//! The experiment matrix: families, instances, encoding variants and
//! solvers, and the deterministic plan of runs they make.
//!
//! The families are those [`super::discover`] finds (the registered ones
//! with a folder in the instances folder, whose binaries `encode-<family>`
//! and `decode-<family>` must then be found, and the folders and files of
//! DIMACS formulas), or the DIMACS files named on the command line. The
//! built-in family `gen` holds a few `cnf-gen` formulas with known answers
//! (n-queens, pigeonhole), so the runner works without any puzzle family.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

use super::config::{Encoding, Expect, StageArgs, CONFIG_FILE};
use super::discover::{discover, named_files, Discovery, Skipped};

/// Name of the built-in family of `cnf-gen` formulas.
pub const GEN_FAMILY: &str = "gen";

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

/// The label of [`SolverSpec::Default`].
pub const DEFAULT_SOLVER: &str = "default";

/// A solver configuration as written on the command line:
/// `cadical` (embedded), `ext:minisat` (external from the registry),
/// `cmd:COMMAND` (any competition-style command), `default` (`solve`
/// without a solver option: what the header prefers, else CaDiCaL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverSpec {
    /// `solve` with no solver option: the header's preferred solver, else
    /// the first embedded one.
    Default,
    /// `solve --solver NAME`.
    Embedded(String),
    /// `solve --external NAME`.
    External(String),
    /// `solve --solver-cmd COMMAND`.
    Command(String),
    /// `solve --portfolio NAMES` (embedded solvers racing, comma-separated).
    Portfolio(String),
    /// Not `solve` at all: the runs of a peer variant, whose script does
    /// the whole work (see [`Peer`]).
    Peer,
}

impl SolverSpec {
    /// Parses `default`, `NAME`, `ext:NAME`, `cmd:COMMAND` or
    /// `portfolio:NAMES`.
    pub fn parse(text: &str) -> Result<SolverSpec> {
        let text = text.trim();
        let spec = if text == DEFAULT_SOLVER {
            SolverSpec::Default
        } else if let Some(name) = text.strip_prefix("ext:") {
            SolverSpec::External(name.to_string())
        } else if let Some(names) = text.strip_prefix("portfolio:") {
            SolverSpec::Portfolio(names.to_string())
        } else if let Some(command) = text.strip_prefix("cmd:") {
            SolverSpec::Command(command.to_string())
        } else {
            SolverSpec::Embedded(text.to_string())
        };
        match &spec {
            SolverSpec::Embedded(s)
            | SolverSpec::External(s)
            | SolverSpec::Command(s)
            | SolverSpec::Portfolio(s)
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
            SolverSpec::Default => DEFAULT_SOLVER.to_string(),
            SolverSpec::Embedded(name) => name.clone(),
            SolverSpec::External(name) => format!("ext:{name}"),
            SolverSpec::Command(command) => format!("cmd:{command}"),
            SolverSpec::Portfolio(names) => format!("portfolio:{names}"),
            SolverSpec::Peer => PEER_SOLVER.to_string(),
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
                known.push(crate::solver::tables::NAME);
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
            SolverSpec::Portfolio(names) => {
                crate::solve::portfolio::parse_members(names).map(|_| ())
            }
            SolverSpec::Default | SolverSpec::Command(_) | SolverSpec::Peer => Ok(()),
        }
    }

    /// The arguments that select this solver in `solve`.
    pub fn solve_args(&self) -> Vec<String> {
        match self {
            SolverSpec::Default => Vec::new(),
            SolverSpec::Embedded(name) => vec!["--solver".into(), name.clone()],
            SolverSpec::External(name) => vec!["--external".into(), name.clone()],
            SolverSpec::Command(command) => vec!["--solver-cmd".into(), command.clone()],
            SolverSpec::Portfolio(names) => vec!["--portfolio".into(), names.clone()],
            SolverSpec::Peer => Vec::new(),
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

/// The `solver` column of a peer's runs.
pub const PEER_SOLVER: &str = "peer";

/// A dedicated solver benchmarked beside satpipe: `peer NAME` in a
/// family's configuration, run by the script `NAME.sh` of the peers
/// folder (`install CACHE`, then `run CACHE FILE ARGS...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Peer {
    /// Its name (the variant's).
    pub name: String,
    /// Its script.
    pub script: PathBuf,
    /// The folder it is installed into (outside the repository).
    pub cache: PathBuf,
}

impl Peer {
    /// The peer `name` of the scripts in `peers_dir`, installed under
    /// `$SATPIPE_PEER_CACHE` (default `~/.cache/satpipe-peers`).
    pub fn new(name: &str, peers_dir: &Path) -> Peer {
        Peer {
            name: name.to_string(),
            script: peers_dir.join(format!("{name}.sh")),
            cache: Peer::cache_root().join(name),
        }
    }

    /// The folder of the peers' caches, outside the repository:
    /// `$SATPIPE_PEER_CACHE`, else `~/.cache/satpipe-peers` (`{cache}` in
    /// a configuration's arguments, for the data a benchmark makes there,
    /// such as the crossword benchmark's scored lists).
    pub fn cache_root() -> PathBuf {
        std::env::var_os("SATPIPE_PEER_CACHE")
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache/satpipe-peers"))
            })
            .unwrap_or_else(|| std::env::temp_dir().join("satpipe-peers"))
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
    /// The solvers to run on the formula (for a peer: [`SolverSpec::Peer`]).
    pub solvers: Vec<SolverSpec>,
    /// The peer that runs this group instead of a pipeline.
    pub peer: Option<Peer>,
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
    /// DIMACS files and folders to run as they are (the family
    /// [`super::discover::FILES_FAMILY`]); when given, no instances folder
    /// is read.
    pub files: Vec<PathBuf>,
    /// The `instances/` folder.
    pub instances_dir: PathBuf,
    /// Families to run (empty: all discovered, plus `gen` when
    /// `gen_by_default`).
    pub families: Vec<String>,
    /// Whether `gen` runs when no family is named (the repository's
    /// default instances folder; not for a folder or files of one's own).
    pub gen_by_default: bool,
    /// Encoding variants to run (empty: all of each family).
    pub encodings: Vec<String>,
    /// Keep instances whose name contains one of these (empty: all).
    pub filters: Vec<String>,
    /// At most this many instances per folder (sorted by name).
    pub per_dir: Option<usize>,
    /// The solvers.
    pub solvers: Vec<SolverSpec>,
    /// The folder of the peers' scripts (`scripts/peers`).
    pub peers_dir: PathBuf,
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

/// The runs of a selection, and what it found and could not use.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The groups of runs, in a fixed order (family, instance, encoding),
    /// so that job numbers are stable.
    pub groups: Vec<Group>,
    /// Files and folders that are not run, with the reason.
    pub skipped: Vec<Skipped>,
}

/// The groups of the built-in family `gen` whose names pass `keep`.
fn gen_groups(selection: &Selection, keep: &dyn Fn(&str) -> bool) -> Vec<Group> {
    // A handful of formulas that take well under a second each:
    // `--per-dir` does not thin them out.
    GEN_INSTANCES
        .iter()
        .filter(|(name, _, _)| keep(name))
        .map(|(name, args, satisfiable)| Group {
            family: GEN_FAMILY.to_string(),
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
            peer: None,
        })
        .collect()
}

/// Builds the plan: every group of the selection (the files it names, or
/// the families of its instances folder, plus `gen`), in a fixed order
/// (family, instance, encoding), so that job numbers are stable.
pub fn plan(selection: &Selection, tools: &Tools) -> Result<Plan> {
    let mut found = Discovery::default();
    if !selection.files.is_empty() {
        found.families.push(named_files(&selection.files)?);
    } else {
        let needs_folder =
            selection.families.is_empty() || selection.families.iter().any(|f| f != GEN_FAMILY);
        if needs_folder && !selection.instances_dir.is_dir() {
            return Err(Error::Usage(format!(
                "instances folder {} not found (give it with --instances DIR, or run from the \
                 repository's top folder; --family gen needs none)",
                selection.instances_dir.display()
            )));
        }
        if selection.instances_dir.is_dir() {
            found = discover(&selection.instances_dir)?;
        }
    }
    let Discovery {
        mut families,
        mut skipped,
    } = found;
    let with_gen = if selection.families.is_empty() {
        selection.gen_by_default && selection.files.is_empty()
    } else {
        for wanted in &selection.families {
            if wanted != GEN_FAMILY && !families.iter().any(|f| &f.name == wanted) {
                let names: Vec<&str> = families.iter().map(|f| f.name.as_str()).collect();
                return Err(Error::Usage(format!(
                    "family '{wanted}' not found in {} (found: {}; and the built-in {GEN_FAMILY})",
                    selection.instances_dir.display(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )));
            }
        }
        families.retain(|f| selection.families.contains(&f.name));
        selection.families.iter().any(|f| f == GEN_FAMILY)
    };
    for family in families.iter().filter(|f| !f.dimacs) {
        require_programs(&family.name, tools)?;
    }
    let keep = |instance: &str| {
        selection.filters.is_empty() || selection.filters.iter().any(|f| instance.contains(f))
    };
    let wanted = |encoding: &Encoding| {
        selection.encodings.is_empty() || selection.encodings.contains(&encoding.name)
    };
    let mut groups = Vec::new();
    for family in &families {
        let (dir, config) = (&family.dir, &family.config);
        let config_file = dir.join(CONFIG_FILE).display().to_string();
        for encoding in config.encodings.iter().filter(|e| e.peer && wanted(e)) {
            let script = Peer::new(&encoding.name, &selection.peers_dir).script;
            if !script.is_file() {
                return Err(Error::Usage(format!(
                    "{config_file}: peer '{}' has no script {} (give the folder with --peers DIR)",
                    encoding.name,
                    script.display()
                )));
            }
        }
        let source_of = |path: PathBuf| {
            if family.dimacs {
                Source::Cnf(path)
            } else {
                Source::File(path)
            }
        };
        // (instance name, source, the listed instance's own arguments)
        let mut instances: Vec<(String, Source, StageArgs)> = family
            .files(&mut skipped)?
            .into_iter()
            .map(|(name, path)| (name, source_of(path), StageArgs::default()))
            .collect();
        for listed in &config.instances {
            let source = match &listed.file {
                Some(file) => {
                    let path = dir.join(file);
                    if !path.is_file() {
                        return Err(Error::parse(
                            &config_file,
                            listed.line,
                            format!("instance '{}': no file {}", listed.name, path.display()),
                        ));
                    }
                    source_of(path)
                }
                None if family.dimacs => {
                    return Err(Error::parse(
                        &config_file,
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
                let peer = encoding
                    .peer
                    .then(|| Peer::new(&encoding.name, &selection.peers_dir));
                args.extend(&own);
                let folder = dir.display().to_string();
                let cache = Peer::cache_root().display().to_string();
                for word in args
                    .encode
                    .iter_mut()
                    .chain(args.solve.iter_mut())
                    .chain(args.decode.iter_mut())
                {
                    if word.contains("{dir}") {
                        *word = word.replace("{dir}", &folder);
                    }
                    if word.contains("{cache}") {
                        *word = word.replace("{cache}", &cache);
                    }
                }
                groups.push(Group {
                    family: family.name.clone(),
                    instance: instance.clone(),
                    source: source.clone(),
                    encoding: encoding.name.clone(),
                    encoder_args: args.encode,
                    solve_args: args.solve,
                    decode_args: args.decode,
                    expect: config.expected(&instance),
                    solvers: match &peer {
                        Some(_) => vec![SolverSpec::Peer],
                        None => selection.solvers.clone(),
                    },
                    peer: peer.clone(),
                });
            }
        }
    }
    if with_gen {
        groups.extend(gen_groups(selection, &keep));
    }
    Ok(Plan { groups, skipped })
}

#[cfg(test)]
mod tests {
    use super::super::config::FamilyConfig;
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
            ("peer\n", 1, "`peer` needs one name"),
            ("variant a\npeer a\n", 2, "twice"),
            ("peer ../x\n", 1, "cannot be a peer name"),
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
        for text in [
            "cadical",
            "ext:minisat",
            "cmd:kissat -q",
            "portfolio:cadical,glucose",
        ] {
            assert_eq!(SolverSpec::parse(text).expect("parses").label(), text);
        }
        assert!(SolverSpec::parse("ext:").is_err());
        assert!(SolverSpec::parse("portfolio:").is_err());
        let tools = Tools::default();
        assert!(SolverSpec::parse("portfolio:cadical,glucose")
            .and_then(|s| s.check(&tools))
            .is_ok());
        assert!(SolverSpec::parse("portfolio:cadical")
            .and_then(|s| s.check(&tools))
            .is_err());
    }
}
