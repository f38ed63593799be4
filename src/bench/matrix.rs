//! The experiment matrix: families, instances, encoding variants and
//! solvers, and the deterministic plan of runs they make.
//!
//! A family is discovered from its folder `instances/<family>/` together
//! with the binaries `encode-<family>` and `decode-<family>`; what counts
//! as an instance there and which encoding variants to compare comes from
//! a small configuration, built in for the known families and overridable
//! by a file `instances/<family>/bench.conf` in the same format:
//!
//! ```text
//! # one directive a line; `#` starts a comment
//! encoding default                 # a variant: name, then encoder arguments
//! encoding seed --encoding seed
//! extension .in .txt               # files with these endings are instances
//! exclude results peer-solutions   # skip paths with one of these components
//! options adc2015 --allow-empty    # extra encoder arguments under a folder
//! skip seed adc2015                # variant `seed` does not apply there
//! ```
//!
//! The built-in family `gen` holds a few `cnf-gen` formulas with known
//! answers (n-queens, pigeonhole), so the runner works without any puzzle
//! family.

use crate::error::{Error, IoContext, Result};
use std::path::{Path, PathBuf};

/// Name of the built-in family of `cnf-gen` formulas.
pub const GEN_FAMILY: &str = "gen";

/// File name of a family's benchmark configuration.
pub const CONFIG_FILE: &str = "bench.conf";

/// Built-in configurations of the known families (same format as
/// `bench.conf`).
const BUILT_IN: &[(&str, &str)] = &[
    (
        "numberlink",
        "encoding default\n\
         encoding seed --encoding seed\n\
         extension .in .txt\n\
         exclude results peer-solutions A thomasahle\n\
         options adc2015 --allow-empty\n\
         skip seed adc2015\n",
    ),
    (
        "nonogram",
        "encoding default\n\
         encoding dfa --encoding dfa\n\
         extension .non .nin .txt\n\
         exclude outputs\n",
    ),
];

/// Configuration used for a family folder without a built-in or file
/// configuration: one default variant, every file is an instance.
const FALLBACK: &str = "encoding default\n";

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

/// One encoding variant of a family: a name for the CSV and the encoder
/// arguments it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoding {
    /// Short name (`default`, `seed`, `dfa`).
    pub name: String,
    /// Arguments given to `encode-<family>`.
    pub args: Vec<String>,
}

/// What the runner needs to know about a family's instances.
#[derive(Debug, Clone, Default)]
pub struct FamilyConfig {
    /// Encoding variants, in order.
    pub encodings: Vec<Encoding>,
    /// File endings that make a file an instance (empty: every file).
    pub extensions: Vec<String>,
    /// Path components that exclude a file.
    pub exclude: Vec<String>,
    /// Extra encoder arguments for files under a folder (relative to the
    /// family folder).
    pub folder_options: Vec<(String, Vec<String>)>,
    /// (variant, folder): the variant is not run under the folder.
    pub skip: Vec<(String, String)>,
}

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
            match words[0].as_str() {
                "encoding" => {
                    let name = words
                        .get(1)
                        .ok_or_else(|| at("`encoding` needs a variant name".into()))?;
                    if config.encodings.iter().any(|e| &e.name == name) {
                        return Err(at(format!("encoding variant '{name}' defined twice")));
                    }
                    config.encodings.push(Encoding {
                        name: name.clone(),
                        args: words[2..].to_vec(),
                    });
                }
                "extension" => config.extensions.extend(words[1..].iter().cloned()),
                "exclude" => config.exclude.extend(words[1..].iter().cloned()),
                "options" => {
                    let folder = words
                        .get(1)
                        .ok_or_else(|| at("`options` needs a folder and arguments".into()))?;
                    config.folder_options.push((
                        folder.trim_end_matches('/').to_string(),
                        words[2..].to_vec(),
                    ));
                }
                "skip" => {
                    if words.len() != 3 {
                        return Err(at("`skip` needs a variant and a folder".into()));
                    }
                    config
                        .skip
                        .push((words[1].clone(), words[2].trim_end_matches('/').to_string()));
                }
                other => {
                    return Err(at(format!(
                        "unknown directive '{other}' (known: encoding, extension, exclude, \
                         options, skip)"
                    )))
                }
            }
        }
        if config.encodings.is_empty() {
            config.encodings.push(Encoding {
                name: "default".into(),
                args: Vec::new(),
            });
        }
        Ok(config)
    }

    /// The configuration of `family` whose folder is `dir`: the folder's
    /// `bench.conf` if present, else the built-in one, else the fallback.
    pub fn load(family: &str, dir: &Path) -> Result<FamilyConfig> {
        let file = dir.join(CONFIG_FILE);
        if file.is_file() {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).with_name(&name)?;
            return FamilyConfig::parse(&name, &text);
        }
        let text = BUILT_IN
            .iter()
            .find(|(name, _)| *name == family)
            .map_or(FALLBACK, |(_, text)| text);
        FamilyConfig::parse(&format!("<built-in {family} configuration>"), text)
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

    fn under(relative: &str, folder: &str) -> bool {
        relative == folder || relative.starts_with(&format!("{folder}/"))
    }

    /// Encoder arguments for `relative` (a path in the family folder) with
    /// variant `encoding`, or `None` when the variant is skipped there.
    pub fn encoder_args(&self, relative: &str, encoding: &Encoding) -> Option<Vec<String>> {
        if self
            .skip
            .iter()
            .any(|(variant, folder)| *variant == encoding.name && Self::under(relative, folder))
        {
            return None;
        }
        let mut args = encoding.args.clone();
        for (folder, extra) in &self.folder_options {
            if Self::under(relative, folder) {
                args.extend(extra.iter().cloned());
            }
        }
        Some(args)
    }
}

/// Where an instance comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A puzzle file, encoded by `encode-<family>`.
    File(PathBuf),
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
    /// The encoder arguments (variant plus folder options).
    pub encoder_args: Vec<String>,
    /// The solvers to run on the formula.
    pub solvers: Vec<SolverSpec>,
}

impl Group {
    /// The encoder arguments as one string for the CSV.
    pub fn encoder_options(&self) -> String {
        self.encoder_args.join(" ")
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

/// Family folders under `instances_dir` that have both binaries, sorted.
pub fn discover_families(instances_dir: &Path, tools: &Tools) -> Result<Vec<String>> {
    let mut families = Vec::new();
    if !instances_dir.is_dir() {
        return Ok(families);
    }
    let name = instances_dir.display().to_string();
    for entry in std::fs::read_dir(instances_dir).with_name(&name)? {
        let path = entry.with_name(&name)?.path();
        let Some(family) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if path.is_dir()
            && family != GEN_FAMILY
            && tools.find(&format!("encode-{family}")).is_some()
            && tools.find(&format!("decode-{family}")).is_some()
        {
            families.push(family.to_string());
        }
    }
    families.sort();
    Ok(families)
}

/// Builds the plan: every group of the selection, in a fixed order
/// (family, instance, encoding), so that job numbers are stable.
pub fn plan(selection: &Selection, tools: &Tools) -> Result<Vec<Group>> {
    let discovered = discover_families(&selection.instances_dir, tools)?;
    let families: Vec<String> = if selection.families.is_empty() {
        let mut all = discovered.clone();
        all.push(GEN_FAMILY.to_string());
        all
    } else {
        for family in &selection.families {
            if family != GEN_FAMILY && !discovered.contains(family) {
                return Err(Error::Usage(format!(
                    "family '{family}' not found: it needs {}/{family}/ and the programs \
                     encode-{family} and decode-{family} (found: {})",
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
                    solvers: selection.solvers.clone(),
                });
            }
            continue;
        }
        let dir = selection.instances_dir.join(family);
        let config = FamilyConfig::load(family, &dir)?;
        let mut per_folder: std::collections::HashMap<PathBuf, usize> = Default::default();
        for path in files_under(&dir)? {
            let Ok(relative) = path.strip_prefix(&dir) else {
                continue;
            };
            if !config.is_instance(relative) {
                continue;
            }
            let instance = relative.to_string_lossy().replace('\\', "/");
            if !keep(&instance) {
                continue;
            }
            let folder = relative.parent().map(Path::to_path_buf).unwrap_or_default();
            let taken = per_folder.entry(folder).or_insert(0);
            if selection.per_dir.is_some_and(|n| *taken >= n) {
                continue;
            }
            *taken += 1;
            for encoding in config.encodings.iter().filter(|e| wanted(e)) {
                let Some(encoder_args) = config.encoder_args(&instance, encoding) else {
                    continue;
                };
                groups.push(Group {
                    family: family.clone(),
                    instance: instance.clone(),
                    source: Source::File(path.clone()),
                    encoding: encoding.name.clone(),
                    encoder_args,
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
    fn built_in_configurations_parse() {
        for (family, text) in BUILT_IN {
            let config = FamilyConfig::parse(family, text).expect("built-in parses");
            assert!(config.encodings.len() >= 2);
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
