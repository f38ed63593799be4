//! The word list and the trie that guides the path search.
//!
//! A word list is UTF-8 text with one word a line (`#` starts a comment
//! line). Words are compared case-insensitively: both the list and the
//! grid are lower-cased. The default list is the Kotus v1 list shipped in
//! `instances/sanalouhos/wordlists/` (see its PROVENANCE.md for the
//! licence and attribution), compiled in so that the commands work from
//! any directory.
//!
//! Only the words that the grid's letters could spell go into the trie:
//! a word needs, for every letter, at most as many cells as the grid has
//! with that letter. That keeps the trie to a few thousand words.

use crate::error::{Error, IoContext, Result};
use crate::sanalouhos::grid::Grid;
use std::borrow::Cow;
use std::path::Path;

/// The Kotus v1 list (91,916 lines, lower case, at least three letters).
pub const KOTUS_V1: &str =
    include_str!("../../instances/sanalouhos/wordlists/kotus-v1-lower-alpha-min3.txt");

/// The name of the built-in list in messages and headers.
pub const KOTUS_V1_NAME: &str = "kotus-v1 (built in)";

/// The text of a word list and the name to use in messages.
#[derive(Debug, Clone)]
pub struct WordList {
    /// The file name, or [`KOTUS_V1_NAME`].
    pub name: String,
    /// The whole list.
    pub text: Cow<'static, str>,
}

impl WordList {
    /// The built-in Kotus list.
    pub fn kotus() -> WordList {
        WordList {
            name: KOTUS_V1_NAME.to_string(),
            text: Cow::Borrowed(KOTUS_V1),
        }
    }

    /// Reads a word list file (`None`: the built-in list).
    pub fn load(path: Option<&Path>) -> Result<WordList> {
        let Some(path) = path else {
            return Ok(WordList::kotus());
        };
        let name = path.display().to_string();
        let bytes = std::fs::read(path).with_name(&name)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
            Error::parse(&name, line, "the word list is not valid UTF-8 text")
        })?;
        Ok(WordList {
            name,
            text: Cow::Owned(text),
        })
    }

    /// The words of the list, trimmed, in file order (comments and empty
    /// lines left out; not yet lower-cased).
    pub fn entries(&self) -> impl Iterator<Item = &str> + '_ {
        self.text
            .lines()
            .map(str::trim)
            .filter(|w| !w.is_empty() && !w.starts_with('#'))
    }
}

/// No child.
const NONE: u32 = u32::MAX;

/// A trie over the words a grid could spell, with letters numbered by the
/// grid's alphabet.
#[derive(Debug, Clone)]
pub struct Trie {
    /// The grid's distinct letters, sorted.
    alphabet: Vec<char>,
    /// The number of each ASCII character in `alphabet`, or NONE.
    ascii: [u32; 128],
    /// `children[node * alphabet.len() + letter]`: the child node or NONE.
    children: Vec<u32>,
    /// The word that ends at each node, as an index into `words`.
    word_at: Vec<u32>,
    /// The distinct words in the trie, lower case.
    words: Vec<String>,
}

impl Trie {
    /// The root node.
    pub const ROOT: u32 = 0;

    /// The trie of the words of `list` that `grid`'s letters could spell.
    pub fn for_grid(list: &WordList, grid: &Grid) -> Trie {
        let mut alphabet = grid.letters.clone();
        alphabet.sort_unstable();
        alphabet.dedup();
        let mut available = vec![0usize; alphabet.len()];
        for &letter in &grid.letters {
            if let Ok(i) = alphabet.binary_search(&letter) {
                available[i] += 1;
            }
        }
        let mut ascii = [NONE; 128];
        for (i, &letter) in alphabet.iter().enumerate() {
            if letter.is_ascii() {
                ascii[letter as usize] = i as u32;
            }
        }
        let mut trie = Trie {
            children: vec![NONE; alphabet.len()],
            word_at: vec![NONE],
            words: Vec::new(),
            alphabet,
            ascii,
        };
        let mut used = vec![0usize; trie.alphabet.len()];
        let mut indices = Vec::new();
        for entry in list.entries() {
            // Most entries fail on an early letter: spell the lower-case
            // letters as they come, and lower-case the word only if it fits.
            indices.clear();
            used.iter_mut().for_each(|u| *u = 0);
            let mut take = |letter: char| match trie.index(letter) {
                Some(i) if used[i] < available[i] => {
                    used[i] += 1;
                    indices.push(i);
                    true
                }
                _ => false,
            };
            let spellable = entry.chars().all(|c| {
                if c.is_ascii() {
                    take(c.to_ascii_lowercase())
                } else {
                    c.to_lowercase().all(&mut take)
                }
            });
            if spellable {
                let word: Cow<'_, str> = if entry.chars().any(char::is_uppercase) {
                    Cow::Owned(entry.to_lowercase())
                } else {
                    Cow::Borrowed(entry)
                };
                trie.insert(&indices, &word);
            }
        }
        trie
    }

    fn insert(&mut self, letters: &[usize], word: &str) {
        let width = self.alphabet.len();
        let mut node = Self::ROOT as usize;
        for &letter in letters {
            let slot = node * width + letter;
            if self.children[slot] == NONE {
                let new = self.word_at.len();
                self.children[slot] = new as u32;
                self.children.extend(std::iter::repeat_n(NONE, width));
                self.word_at.push(NONE);
            }
            node = self.children[slot] as usize;
        }
        if self.word_at[node] == NONE {
            self.word_at[node] = self.words.len() as u32;
            self.words.push(word.to_string());
        }
    }

    /// The number of a letter in the grid's alphabet.
    pub fn index(&self, letter: char) -> Option<usize> {
        match self.ascii.get(letter as usize) {
            Some(&i) => (i != NONE).then_some(i as usize),
            None => self.alphabet.binary_search(&letter).ok(),
        }
    }

    /// The node reached from `node` by `letter`.
    pub fn child(&self, node: u32, letter: usize) -> Option<u32> {
        let child = self.children[node as usize * self.alphabet.len() + letter];
        (child != NONE).then_some(child)
    }

    /// The word ending at `node`, as an index into [`Trie::words`].
    pub fn word_at(&self, node: u32) -> Option<u32> {
        let word = self.word_at[node as usize];
        (word != NONE).then_some(word)
    }

    /// The words in the trie, in list order.
    pub fn words(&self) -> &[String] {
        &self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanalouhos::grid::Shape;
    use crate::sanalouhos::parse::parse;

    fn list(text: &str) -> WordList {
        WordList {
            name: "test".into(),
            text: Cow::Owned(text.to_string()),
        }
    }

    #[test]
    fn keeps_only_spellable_words_case_insensitively() {
        let grid = parse(
            "g",
            "ovia",
            Shape {
                rows: Some(2),
                cols: None,
            },
        )
        .unwrap();
        let trie = Trie::for_grid(
            &list("OVI\n# comment\nivo\novii\nkala\n\nvia\novi\n"),
            &grid,
        );
        assert_eq!(trie.words(), ["ovi", "ivo", "via"]);
        let o = trie.child(Trie::ROOT, trie.index('o').unwrap()).unwrap();
        let v = trie.child(o, trie.index('v').unwrap()).unwrap();
        assert_eq!(trie.word_at(v), None);
        let i = trie.child(v, trie.index('i').unwrap()).unwrap();
        assert_eq!(trie.word_at(i), Some(0));
        assert_eq!(trie.index('k'), None);
    }

    #[test]
    fn built_in_list_is_kotus() {
        let kotus = WordList::kotus();
        assert_eq!(kotus.entries().count(), 91_916);
        assert!(kotus.entries().any(|w| w == "äes"));
    }

    #[test]
    fn load_names_the_file() {
        let missing = WordList::load(Some(Path::new("no/such/words.txt"))).unwrap_err();
        assert!(missing.to_string().starts_with("no/such/words.txt:"));
    }
}
