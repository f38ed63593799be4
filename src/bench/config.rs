//! A family's benchmark configuration, `instances/<family>/bench.conf`:
//! what counts as an instance, which variants to compare and how to
//! report them, so that a family's benchmark lives with its instances.
//!
//! ```text
//! # one directive a line; `#` starts a comment
//! variant default                  # a variant: name, then encoder arguments,
//! variant seed --encoding seed     # optionally `| solve args | decode args`
//! variant naive | --enumeration blocking --block full
//! peer ahle                        # a dedicated solver, scripts/peers/ahle.sh
//! extension .in .txt               # files with these endings are instances
//! exclude results peer-solutions   # skip paths with one of these components
//! options adc2015 --allow-empty    # extra arguments under a folder (`.`: all),
//! options . | --all                # again `encoder | solve | decode`
//! skip seed adc2015                # variant `seed` does not apply there
//! instance inputs10/1 thomasahle/inputs10.txt --puzzle 1
//! instance readme1 - --mode all TMSII... | --all   # `-`: no puzzle file
//! expect adc2015/Q/Q08.txt unsat   # sat, unsat, a solution count, or
//! expect w/x.wcnf optimum 42        #   the optimum cost of a WCNF
//! target seed 1                    # target or reference seconds (report)
//! target-name target (s)           # the report's title of that column
//! baseline seed                    # ratios in the report: against this
//! ```
//!
//! `{dir}` in arguments stands for the family folder (for files that are
//! not the puzzle: word lists, patterns), `{cache}` for the peers' cache
//! folder outside the repository (data a benchmark makes there, such as
//! the crossword benchmark's scored lists: `Peer::cache_root`). `encoding` is an older spelling
//! of `variant`. Without `extension` lines
//! but with `instance` lines, the instances are exactly the listed ones;
//! otherwise the discovered files and the listed instances. A folder
//! pattern (`options`, `skip`, `expect`, `target`) matches an instance
//! name equal to it or under it; `.` matches every instance; of several
//! matching `expect` or `target` lines the last one counts.
//!
//! A `peer` variant runs `scripts/peers/NAME.sh run CACHE FILE ARGS...`
//! (FILE the instance's puzzle file or `-`, ARGS the encoder arguments of
//! the instance, for the script to translate) once per instance instead
//! of a pipeline; its exit code says 10 solved, 20 no solution.
//! `scripts/peers/NAME.sh install CACHE` is run once before, to build or
//! install the peer into its cache (exit 3: not available here, with the
//! reason on standard error). `baseline NAME` then gives ratios against it.
//!
//! `kind dimacs` makes the folder a family of DIMACS files that go to
//! `solve` as they are; it is what a folder is when no family of that name
//! is registered (`kind puzzle` is what a registered family's folder is).
//! Without `extension` lines, its instances are the files that are DIMACS
//! CNF or WCNF (plain or compressed), told by their content as `solve`
//! reads them ([`crate::dimacs::sniff`]).

use crate::error::{Error, IoContext, Result};
use std::path::Path;

/// File name of a family's benchmark configuration.
pub const CONFIG_FILE: &str = "bench.conf";

/// Configuration used for a family folder without a `bench.conf`: one
/// default variant, every file is an instance.
const FALLBACK: &str = "variant default\n";

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
    pub(super) fn extend(&mut self, other: &StageArgs) {
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
    /// A peer: a dedicated solver run by `scripts/peers/<name>.sh` instead
    /// of a satpipe pipeline (a `peer NAME` line).
    pub peer: bool,
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
    /// A WCNF whose optimum (the least cost of a model) is this.
    Optimum(u64),
}

impl Expect {
    /// Parses `sat`, `unsat`, a count, or `optimum COST` (the words after
    /// the instance pattern).
    pub fn parse(words: &[String]) -> Option<Expect> {
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        match lower
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
        {
            ["sat"] => Some(Expect::Sat),
            ["unsat"] => Some(Expect::Unsat),
            ["optimum", cost] => cost.parse().ok().map(Expect::Optimum),
            [count] => count.parse().ok().map(Expect::Solutions),
            _ => None,
        }
    }

    /// The spelling in a report (`SAT`, `UNSAT`, the count, `optimum N`).
    pub fn label(self) -> String {
        match self {
            Expect::Sat => "SAT".into(),
            Expect::Unsat => "UNSAT".into(),
            Expect::Solutions(n) => n.to_string(),
            Expect::Optimum(cost) => format!("optimum {cost}"),
        }
    }

    /// What a solver that answers one question (a peer, SAT or UNSAT)
    /// can be checked against: a count says SAT or UNSAT, an optimum SAT.
    pub fn satisfiability(self) -> Expect {
        match self {
            Expect::Solutions(0) => Expect::Unsat,
            Expect::Solutions(_) | Expect::Optimum(_) => Expect::Sat,
            other => other,
        }
    }
}

/// What a family folder holds, as its configuration's `kind` line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FolderKind {
    /// Puzzles of the registered family of the folder's name, through
    /// `encode-<family> | solve | decode-<family>`.
    Puzzle,
    /// DIMACS CNF or WCNF files for `solve` as they are.
    Dimacs,
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
    /// The `kind` line: `dimacs`, the instances are DIMACS CNF/WCNF files
    /// that go to `solve` as they are (no encoder, no decoder; `solve`
    /// checks every model against the formula); `puzzle`; `None` without
    /// one (then the folder's name decides: [`FamilyConfig::is_dimacs`]).
    pub kind: Option<FolderKind>,
}

/// The directives a configuration knows, for the error message.
const DIRECTIVES: &str = "kind, variant, encoding, peer, extension, exclude, options, skip, \
                          instance, expect, target, target-name, baseline";

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
                        peer: false,
                    });
                }
                "peer" => {
                    let name = match words.as_slice() {
                        [_, name] => name,
                        _ => {
                            return Err(at(
                                "`peer` needs one name (its script is scripts/peers/NAME.sh)"
                                    .into(),
                            ))
                        }
                    };
                    if name == "|" || name == "target" || name.contains('/') {
                        return Err(at(format!("'{name}' cannot be a peer name")));
                    }
                    if config.encodings.iter().any(|e| &e.name == name) {
                        return Err(at(format!("variant '{name}' defined twice")));
                    }
                    config.encodings.push(Encoding {
                        name: name.clone(),
                        args: Vec::new(),
                        solve_args: Vec::new(),
                        decode_args: Vec::new(),
                        peer: true,
                    });
                }
                "kind" => match words.get(1..).unwrap_or_default() {
                    [kind] if kind == "dimacs" => config.kind = Some(FolderKind::Dimacs),
                    [kind] if kind == "puzzle" => config.kind = Some(FolderKind::Puzzle),
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
                    let answer = words.get(2..).and_then(Expect::parse).ok_or_else(|| {
                        at(
                            "`expect` needs a folder or instance and sat, unsat, a count or \
                            `optimum COST`"
                                .into(),
                        )
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
        if config.encodings.iter().all(|e| e.peer) {
            config.encodings.insert(
                0,
                Encoding {
                    name: "default".into(),
                    args: Vec::new(),
                    solve_args: Vec::new(),
                    decode_args: Vec::new(),
                    peer: false,
                },
            );
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

    /// Whether the folder holds DIMACS files rather than puzzles: its
    /// `kind` line, else whether no family of its name is `registered`.
    pub fn is_dimacs(&self, registered: bool) -> bool {
        match self.kind {
            Some(kind) => kind == FolderKind::Dimacs,
            None => !registered,
        }
    }

    /// True when files of the folder are instances (besides listed ones).
    pub(super) fn discovers(&self) -> bool {
        !self.extensions.is_empty() || self.instances.is_empty()
    }

    pub(super) fn is_instance(&self, relative: &Path) -> bool {
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
