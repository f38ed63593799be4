//! The registry of puzzle families: the one list that everything which
//! serves "every family" reads. The family commands (`encode-<family>`,
//! `decode-<family>`), the man pages and completions of `satpipe-docs`, the
//! family fuzz target and `bench-run`'s family discovery all go through
//! [`FAMILIES`].
//!
//! A family is a module implementing [`Family`] and one line in the
//! `families!` list of `lib.rs`, which declares the module and registers
//! it:
//!
//! ```text
//! families! {
//!     crossword::Crossword,
//!     ...
//! }
//! ```
//!
//! Its two commands are the files `src/bin/encode-<family>.rs` and
//! `src/bin/decode-<family>.rs`, both the same one line,
//! `satpipe::registry::main(env!("CARGO_BIN_NAME"))`, because Cargo builds
//! one binary per file; the binary's name picks the family. A test checks
//! that every registered family has both files and every such file a
//! registered family.

use crate::cli::family;
use crate::cnf::Metadata;
use crate::error::{Error, Result};
use crate::family::Family;
use crate::solver::tables::TableSpec;
use std::process::ExitCode;

/// One registered family, its types erased: what the generic commands and
/// tools need to serve it.
#[derive(Debug, Clone, Copy)]
pub struct Registered {
    /// The family name (`c family` in the header; the commands are
    /// `encode-NAME` and `decode-NAME`).
    pub name: &'static str,
    /// The one-line description of the family.
    pub about: &'static str,
    /// The `main` of `encode-NAME`.
    pub encode_main: fn() -> ExitCode,
    /// The `main` of `decode-NAME`.
    pub decode_main: fn() -> ExitCode,
    /// The clap definition of `encode-NAME` (man pages, completions).
    pub encode_command: fn() -> clap::Command,
    /// The clap definition of `decode-NAME`.
    pub decode_command: fn() -> clap::Command,
    /// Parses a puzzle text under the encoder options given as command-line
    /// arguments (without the program name); for fuzzing and validation.
    pub parse: fn(source: &str, text: &str, options: &[String]) -> Result<()>,
    /// The table constraints of a formula from its header, for the
    /// `tables` solver ([`Family::tables`]); errors name `source`.
    pub tables: fn(meta: &Metadata, source: &str) -> Result<Option<TableSpec>>,
}

impl Registered {
    /// The registry entry of family `F`.
    pub const fn of<F: Family>() -> Registered {
        Registered {
            name: F::NAME,
            about: F::ABOUT,
            encode_main: family::encode_main::<F>,
            decode_main: family::decode_main::<F>,
            encode_command: family::encode_command::<F>,
            decode_command: family::decode_command::<F>,
            parse: family::parse_with_options::<F>,
            tables: family::tables_from_header::<F>,
        }
    }
}

/// The registered family called `name`.
pub fn find(name: &str) -> Option<&'static Registered> {
    crate::FAMILIES.iter().find(|family| family.name == name)
}

/// The names of every registered family.
pub fn names() -> impl Iterator<Item = &'static str> {
    crate::FAMILIES.iter().map(|family| family.name)
}

/// The `main` of every family command: `binary` is the command's name,
/// `encode-<family>` or `decode-<family>`.
pub fn main(binary: &str) -> ExitCode {
    let command = binary
        .strip_prefix("encode-")
        .map(|name| (name, true))
        .or_else(|| binary.strip_prefix("decode-").map(|name| (name, false)))
        .and_then(|(name, encode)| find(name).map(|family| (family, encode)));
    match command {
        Some((family, true)) => (family.encode_main)(),
        Some((family, false)) => (family.decode_main)(),
        None => {
            let error = Error::Usage(format!(
                "'{binary}' is no family command (families: {})",
                names().collect::<Vec<_>>().join(", ")
            ));
            eprintln!("{binary}: {error}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_family_has_its_two_commands_and_no_command_lacks_a_family() {
        let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
        let mut commands = BTreeSet::new();
        for entry in std::fs::read_dir(&bin).expect("src/bin") {
            let name = entry.expect("entry").file_name();
            let name = name.to_string_lossy();
            if let Some(stem) = name.strip_suffix(".rs") {
                if stem.starts_with("encode-") || stem.starts_with("decode-") {
                    commands.insert(stem.to_string());
                    let text = std::fs::read_to_string(bin.join(&*name)).expect("read");
                    assert!(
                        text.contains("satpipe::registry::main(env!(\"CARGO_BIN_NAME\"))"),
                        "src/bin/{name} should call satpipe::registry::main"
                    );
                }
            }
        }
        let expected: BTreeSet<String> = names()
            .flat_map(|name| [format!("encode-{name}"), format!("decode-{name}")])
            .collect();
        assert_eq!(commands, expected);
    }

    #[test]
    fn names_are_unique_and_found() {
        let all: Vec<&str> = names().collect();
        let unique: BTreeSet<&str> = all.iter().copied().collect();
        assert_eq!(all.len(), unique.len());
        for name in all {
            assert_eq!(find(name).map(|f| f.name), Some(name));
        }
        assert!(find("chess").is_none());
    }

    /// The header records each family's options as arguments that its own
    /// clap definition parses back to the same arguments: defaults, and
    /// every value of every enumerated option.
    #[test]
    fn recorded_options_parse_back_to_the_same_arguments() {
        for family in crate::FAMILIES {
            let command = (family.encode_command)();
            let name = command.get_name().to_string();
            let mut lines: Vec<Vec<String>> = vec![vec![]];
            for arg in command.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if arg.is_hide_set() || matches!(long, "help" | "version") {
                    continue;
                }
                if !arg.get_action().takes_values() {
                    lines.push(vec![format!("--{long}")]);
                }
                for value in arg.get_possible_values() {
                    lines.push(vec![format!("--{long}={}", value.get_name())]);
                }
            }
            for given in lines {
                let argv = std::iter::once(name.clone()).chain(given.iter().cloned());
                let Ok(matches) = command.clone().try_get_matches_from(argv) else {
                    continue; // e.g. an option that needs another one
                };
                let recorded = family::recorded_options(&command, &matches).expect("records");
                let again = command
                    .clone()
                    .try_get_matches_from(std::iter::once(name.clone()).chain(recorded.clone()))
                    .unwrap_or_else(|e| panic!("{name} {recorded:?}: {e}"));
                let twice = family::recorded_options(&command, &again).expect("records");
                assert_eq!(recorded, twice, "{name} {given:?}");
                for argument in &given {
                    assert!(
                        recorded.contains(argument),
                        "{name}: {argument} not recorded"
                    );
                }
            }
        }
    }
}
