//! Word lists for `rule word PATH`.
//!
//! A list is read as text, one word a line; each line is trimmed and
//! lower-cased, and only words made of the letters a-z are kept (others
//! can never be spelled by letter cells). Only the lengths the puzzle's
//! sequences need are kept. The encoder copies these words into the CNF
//! header (`c option words=PATH LENGTH word word ...`), so the decoder
//! checks solutions without the file.

use super::puzzle::{Constraint, Rule, RuleDef};
use crate::error::{Error, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The header option key of embedded words.
pub const HEADER_KEY: &str = "embedded-words";

/// Words per header line when embedding.
const WORDS_PER_LINE: usize = 256;

/// The words of one list, by length.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WordList {
    /// The path as written in the puzzle.
    pub path: String,
    /// Sorted distinct lower-case words of each needed length.
    pub by_length: BTreeMap<usize, Vec<String>>,
}

impl WordList {
    /// The words of `length` (empty when none).
    pub fn words(&self, length: usize) -> &[String] {
        self.by_length.get(&length).map_or(&[], Vec::as_slice)
    }

    /// True when `word` (lower case) is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.words(word.chars().count())
            .binary_search_by(|w| w.as_str().cmp(word))
            .is_ok()
    }

    /// Keeps the words of `lengths` from the text of a list.
    pub fn from_text(path: &str, text: &str, lengths: &BTreeSet<usize>) -> WordList {
        let mut by_length: BTreeMap<usize, BTreeSet<String>> =
            lengths.iter().map(|&n| (n, BTreeSet::new())).collect();
        for line in text.lines() {
            let word = line.trim().to_lowercase();
            if !word.bytes().all(|b| b.is_ascii_lowercase()) {
                continue;
            }
            if let Some(set) = by_length.get_mut(&word.len()) {
                set.insert(word);
            }
        }
        WordList {
            path: path.to_string(),
            by_length: by_length
                .into_iter()
                .map(|(n, set)| (n, set.into_iter().collect()))
                .collect(),
        }
    }

    /// The header option values that embed this list.
    pub fn to_header_values(&self) -> Vec<String> {
        let mut values = Vec::new();
        for (length, words) in &self.by_length {
            if words.is_empty() {
                values.push(format!("{} {length}", self.path));
            }
            for chunk in words.chunks(WORDS_PER_LINE) {
                values.push(format!("{} {length} {}", self.path, chunk.join(" ")));
            }
        }
        values
    }
}

/// Word lists embedded in a header, by path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Embedded {
    lists: BTreeMap<String, WordList>,
}

impl Embedded {
    /// Adds one header value (`PATH LENGTH word ...`).
    pub fn absorb(&mut self, value: &str) -> Result<(), String> {
        let mut parts = value.split_whitespace();
        let (Some(path), Some(length)) = (parts.next(), parts.next()) else {
            return Err(format!("bad embedded word line '{value}'"));
        };
        let length: usize = length
            .parse()
            .map_err(|_| format!("bad word length in '{value}'"))?;
        let list = self
            .lists
            .entry(path.to_string())
            .or_insert_with(|| WordList {
                path: path.to_string(),
                by_length: BTreeMap::new(),
            });
        let words = list.by_length.entry(length).or_default();
        words.extend(parts.map(str::to_string));
        words.sort();
        words.dedup();
        Ok(())
    }

    /// The embedded list for `path`, if any, when it covers `lengths`.
    pub fn get(&self, path: &str, lengths: &BTreeSet<usize>) -> Option<WordList> {
        let list = self.lists.get(path)?;
        lengths
            .iter()
            .all(|n| list.by_length.contains_key(n))
            .then(|| list.clone())
    }

    /// True when nothing is embedded.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }
}

/// Where a word list is looked for: the path itself (relative to the
/// working directory, as solv-o-matic does), then relative to the
/// puzzle's folder and each folder above it.
pub fn candidates(path: &str, puzzle_file: Option<&Path>) -> Vec<PathBuf> {
    let mut found = vec![PathBuf::from(path)];
    if Path::new(path).is_absolute() {
        return found;
    }
    let mut folder = puzzle_file.and_then(Path::parent);
    while let Some(dir) = folder {
        if dir.as_os_str().is_empty() {
            break;
        }
        found.push(dir.join(path));
        folder = dir.parent();
    }
    found
}

/// Where word lists come from.
pub enum WordSource<'a> {
    /// Read files: relative paths against the working directory, then the
    /// puzzle file's folder and the folders above it.
    Files(Option<&'a Path>),
    /// Words embedded in a CNF header (falling back to files).
    Header(&'a Embedded),
}

/// Loads the word lists with the lengths their sequences need.
pub(super) fn load_word_lists(
    source: &str,
    rules: &[RuleDef],
    constraints: &[Constraint],
    paths: &[String],
    words: WordSource<'_>,
) -> Result<Vec<WordList>> {
    let mut lengths: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); paths.len()];
    let mut first_line = vec![0; paths.len()];
    for c in constraints {
        if let Rule::Word(list) = rules[c.rule].rule {
            lengths[list].insert(c.cells.len());
        }
    }
    for rule in rules.iter().rev() {
        if let Rule::Word(list) = rule.rule {
            first_line[list] = rule.line;
        }
    }
    let mut lists = Vec::with_capacity(paths.len());
    for (i, path) in paths.iter().enumerate() {
        let (embedded, puzzle_file) = match &words {
            WordSource::Header(embedded) => (embedded.get(path, &lengths[i]), None),
            WordSource::Files(file) => (None, *file),
        };
        if let Some(list) = embedded {
            lists.push(list);
            continue;
        }
        let tried = candidates(path, puzzle_file);
        let Some(found) = tried.iter().find(|p| p.is_file()) else {
            let places: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
            return Err(Error::parse(
                source,
                first_line[i],
                format!("cannot find the word list (tried {})", places.join(", ")),
            ));
        };
        let bytes = std::fs::read(found).map_err(|e| {
            Error::parse(
                source,
                first_line[i],
                format!("cannot read the word list {}: {e}", found.display()),
            )
        })?;
        lists.push(WordList::from_text(
            path,
            &String::from_utf8_lossy(&bytes),
            &lengths[i],
        ));
    }
    Ok(lists)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_lower_case_letter_words_of_needed_lengths() {
        let lengths: BTreeSet<usize> = [3].into_iter().collect();
        let list = WordList::from_text("w", "Cat\n dog \ncat\nox\nca't\nbird\n", &lengths);
        assert_eq!(list.words(3), ["cat", "dog"]);
        assert!(list.contains("dog") && !list.contains("ox"));
        let mut embedded = Embedded::default();
        for value in list.to_header_values() {
            embedded.absorb(&value).expect("valid");
        }
        assert_eq!(embedded.get("w", &lengths), Some(list));
    }

    #[test]
    fn lookup_goes_up_from_the_puzzle() {
        let found = candidates("w.txt", Some(Path::new("a/b/p.txt")));
        assert_eq!(
            found,
            vec![
                PathBuf::from("w.txt"),
                PathBuf::from("a/b/w.txt"),
                PathBuf::from("a/w.txt")
            ]
        );
    }
}
