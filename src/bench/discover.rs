//! What `bench-run` can run: the families of an instances folder and the
//! DIMACS files named on its command line, and what it cannot use, with
//! the reason ([`Skipped`]: printed, never dropped in silence).
//!
//! In an instances folder:
//!
//! - a folder with a `bench.conf` of its own is one family, its files
//!   and every folder under it;
//! - otherwise each folder in it is a family: a puzzle family when a
//!   family of its name is registered ([`crate::FAMILIES`]), else a
//!   family of DIMACS files (or as its `bench.conf` says, `kind`);
//! - files directly in it (no `bench.conf` there) are DIMACS files of one
//!   more family, named after the folder.
//!
//! A DIMACS family without `extension` lines takes the files that are
//! DIMACS CNF or WCNF, plain or compressed with gzip, bzip2 or xz, told by
//! their content as `solve` reads them ([`crate::dimacs::sniff`]); every
//! other file is skipped with the reader's reason. Names starting with
//! `.` (hidden files and folders) are left out, as the shell's `*` leaves
//! them out.

use super::config::{FamilyConfig, CONFIG_FILE};
use super::matrix::GEN_FAMILY;
use crate::error::{Error, IoContext, Result};
use crate::io::Input;
use std::path::{Path, PathBuf};

/// The family of the DIMACS files and folders named on the command line.
pub const FILES_FAMILY: &str = "files";

/// Something `bench-run` found and cannot use, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The file or folder.
    pub path: PathBuf,
    /// Why it is not run.
    pub why: String,
}

/// Which files of a family's folder are its instances.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    /// Every file under the folder, however deep.
    Tree,
    /// The files directly in the folder (its folders are families of
    /// their own).
    Top,
    /// These files and folders, named as given (the command line's).
    Paths(Vec<PathBuf>),
}

/// A family found in an instances folder or on the command line.
#[derive(Debug, Clone)]
pub struct Family {
    /// Its name (the CSV's `family` column).
    pub name: String,
    /// Its folder: instance names are relative to it, and `{dir}` in its
    /// configuration stands for it.
    pub dir: PathBuf,
    /// Its configuration (`bench.conf`, or one default variant).
    pub config: FamilyConfig,
    /// DIMACS files for `solve` as they are; else puzzles of the
    /// registered family `name`.
    pub dimacs: bool,
    scope: Scope,
}

/// The families of an instances folder, and what was skipped.
#[derive(Debug, Clone, Default)]
pub struct Discovery {
    /// The families, sorted by name.
    pub families: Vec<Family>,
    /// The folders that are no family, with the reason.
    pub skipped: Vec<Skipped>,
}

fn hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

/// The entries of `dir` (hidden ones left out), sorted.
fn entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let name = dir.display().to_string();
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).with_name(&name)? {
        let path = entry.with_name(&name)?.path();
        if !hidden(&path) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// Files under `dir`, however deep (hidden ones left out), sorted.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for path in entries(&current)? {
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

/// The name of a folder as a family (its last component, `.` resolved).
fn folder_name(dir: &Path) -> String {
    match dir.file_name() {
        Some(name) => name.to_string_lossy().into_owned(),
        None => dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "instances".into()),
    }
}

/// Whether a family called `name` is registered.
fn registered(name: &str) -> bool {
    crate::registry::names().any(|family| family == name)
}

/// The family of folder `dir` called `name` with the configuration in it,
/// or why it is none.
fn family_of(dir: &Path, name: &str, scope: Scope) -> Result<std::result::Result<Family, String>> {
    let config = FamilyConfig::load(dir)?;
    if name == GEN_FAMILY {
        return Ok(Err(format!(
            "`{GEN_FAMILY}` is the name of the built-in family of cnf-gen formulas"
        )));
    }
    let dimacs = config.is_dimacs(registered(name));
    if !dimacs && !registered(name) {
        return Ok(Err(format!(
            "its {CONFIG_FILE} says `kind puzzle`, and no puzzle family '{name}' is registered \
             (registered: {})",
            crate::registry::names().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(Ok(Family {
        name: name.to_string(),
        dir: dir.to_path_buf(),
        config,
        dimacs,
        scope,
    }))
}

/// The families of `instances_dir` (see the module documentation).
pub fn discover(instances_dir: &Path) -> Result<Discovery> {
    let mut found = Discovery::default();
    if instances_dir.join(CONFIG_FILE).is_file() {
        let name = folder_name(instances_dir);
        match family_of(instances_dir, &name, Scope::Tree)? {
            Ok(family) => found.families.push(family),
            Err(why) => found.skipped.push(Skipped {
                path: instances_dir.to_path_buf(),
                why,
            }),
        }
        return Ok(found);
    }
    let mut loose = false;
    for path in entries(instances_dir)? {
        if !path.is_dir() {
            loose |= path.is_file();
            continue;
        }
        let name = folder_name(&path);
        match family_of(&path, &name, Scope::Tree)? {
            Ok(family) => found.families.push(family),
            Err(why) => found.skipped.push(Skipped { path, why }),
        }
    }
    if loose {
        let name = folder_name(instances_dir);
        if found.families.iter().any(|f| f.name == name) {
            return Err(Error::Usage(format!(
                "{}: the files in it and its folder {name}/ would be two families called \
                 '{name}': move the files into a folder of their own",
                instances_dir.display()
            )));
        }
        let mut config = FamilyConfig::load(instances_dir)?;
        config.kind = Some(super::config::FolderKind::Dimacs);
        found.families.push(Family {
            name,
            dir: instances_dir.to_path_buf(),
            config,
            dimacs: true,
            scope: Scope::Top,
        });
    }
    found.families.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(found)
}

/// The family [`FILES_FAMILY`] of the DIMACS files and folders named on
/// the command line (each must exist).
pub fn named_files(paths: &[PathBuf]) -> Result<Family> {
    for path in paths {
        std::fs::metadata(path).with_name(&path.display().to_string())?;
    }
    let mut config = FamilyConfig::parse("<default configuration>", "variant default\n")?;
    config.kind = Some(super::config::FolderKind::Dimacs);
    Ok(Family {
        name: FILES_FAMILY.to_string(),
        dir: PathBuf::from("."),
        config,
        dimacs: true,
        scope: Scope::Paths(paths.to_vec()),
    })
}

/// Why the file at `path` is no DIMACS formula, if it is none.
pub fn not_dimacs(path: &Path) -> Option<String> {
    let sniffed = Input::open(path).and_then(|mut input| crate::dimacs::sniff(&mut input));
    sniffed.err().map(|e| match e {
        Error::Parse { line, message, .. } => {
            format!("not a DIMACS CNF or WCNF file (line {line}: {message})")
        }
        other => format!("not a DIMACS CNF or WCNF file ({other})"),
    })
}

impl Family {
    /// Its instance files (name, path) in name order: those its
    /// configuration says (`extension`, `exclude`), and of a DIMACS family
    /// without `extension` lines the DIMACS files, the others added to
    /// `skipped` with the reason. None when the configuration lists its
    /// instances (`instance` lines) without `extension` lines.
    pub fn files(&self, skipped: &mut Vec<Skipped>) -> Result<Vec<(String, PathBuf)>> {
        if !self.config.discovers() {
            return Ok(Vec::new());
        }
        let mut candidates: Vec<(String, PathBuf)> = Vec::new();
        match &self.scope {
            Scope::Tree | Scope::Top => {
                let files = match self.scope {
                    Scope::Tree => files_under(&self.dir)?,
                    _ => entries(&self.dir)?
                        .into_iter()
                        .filter(|p| p.is_file())
                        .collect(),
                };
                for path in files {
                    let Ok(relative) = path.strip_prefix(&self.dir) else {
                        continue;
                    };
                    if self.config.is_instance(relative) {
                        let name = relative.to_string_lossy().replace('\\', "/");
                        candidates.push((name, path.clone()));
                    }
                }
            }
            Scope::Paths(paths) => {
                for given in paths {
                    if given.is_dir() {
                        for path in files_under(given)? {
                            candidates.push((path.display().to_string(), path));
                        }
                    } else {
                        candidates.push((given.display().to_string(), given.clone()));
                    }
                }
            }
        }
        if !(self.dimacs && self.config.extensions.is_empty()) {
            return Ok(candidates);
        }
        let mut files = Vec::with_capacity(candidates.len());
        for (name, path) in candidates {
            match not_dimacs(&path) {
                None => files.push((name, path)),
                Some(why) => skipped.push(Skipped { path, why }),
            }
        }
        Ok(files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &[u8]) {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(path, text).expect("write");
    }

    #[test]
    fn folders_loose_files_and_configurations_make_families() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("mine");
        write(&root, "a.cnf", b"p cnf 1 1\n1 0\n");
        write(&root, "b.wcnf", b"c new format\nh 1 0\n3 -1 0\n");
        write(&root, "notes.md", b"# my formulas\n");
        write(&root, ".hidden.cnf", b"p cnf 1 1\n1 0\n");
        write(&root, "set/x.cnf", b"c x\np cnf 2 1\n1 2 0\n");
        write(&root, "set/deep/y.txt", b"p cnf 1 1\n-1 0\n");
        write(&root, "empty/readme.txt", b"hello\n");
        write(&root, "rules/bench.conf", b"kind dimacs\n");
        write(&root, "other/bench.conf", b"kind puzzle\n");
        let found = discover(&root).expect("discovered");
        let names: Vec<&str> = found.families.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["empty", "mine", "rules", "set"]);
        assert_eq!(found.skipped.len(), 1, "{:?}", found.skipped);
        assert!(found.skipped[0].why.contains("kind puzzle"));
        let mut skipped = Vec::new();
        let files = |name: &str, skipped: &mut Vec<Skipped>| -> Vec<String> {
            let family = found.families.iter().find(|f| f.name == name).expect(name);
            assert!(family.dimacs, "{name}");
            let files = family.files(skipped).expect("files");
            files.into_iter().map(|(n, _)| n).collect()
        };
        assert_eq!(files("mine", &mut skipped), ["a.cnf", "b.wcnf"]);
        assert_eq!(files("set", &mut skipped), ["deep/y.txt", "x.cnf"]);
        assert_eq!(files("empty", &mut skipped), Vec::<String>::new());
        let why: Vec<String> = skipped
            .iter()
            .map(|s| format!("{}: {}", s.path.display(), s.why))
            .collect();
        assert_eq!(why.len(), 2, "{why:?}");
        assert!(why[0].contains("notes.md: not a DIMACS") && why[0].contains("line 1"));
        assert!(why[1].contains("readme.txt: not a DIMACS"));
        // A folder with its own configuration is one family.
        write(&root, "bench.conf", b"expect a.cnf sat\n");
        let found = discover(&root).expect("discovered");
        assert_eq!(found.families.len(), 1);
        assert_eq!(found.families[0].name, "mine");
        let mut skipped = Vec::new();
        let files = found.families[0].files(&mut skipped).expect("files");
        assert_eq!(files.len(), 4, "{files:?}");
    }

    #[test]
    fn compressed_files_are_told_by_their_content() {
        use std::io::Write;
        let dir = tempfile::tempdir().expect("tempdir");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"p cnf 1 1\n1 0\n").expect("gzip");
        write(dir.path(), "f.data", &gz.finish().expect("gzip"));
        write(dir.path(), "g.cnf.gz", b"\x1f\x8bnot really gzip");
        assert_eq!(not_dimacs(&dir.path().join("f.data")), None);
        let why = not_dimacs(&dir.path().join("g.cnf.gz")).expect("corrupt");
        assert!(why.contains("gzip"), "{why}");
    }
}
