//! Word lists: a plain list (one word a line), a scored list (`word;score`
//! a line, the format of Spread the Wordlist, Peter Broda's list and
//! Crossfire), or the original generator's JSON object keyed by word length
//! (`{"3": ["cat", ...], ...}`).
//!
//! Words are lower-case a-z. A list named with `--words` must consist of
//! such words (upper case is folded); with `--filter-words`, and always for
//! the default Debian list (also when `--words` names it), lines with
//! anything else (proper nouns, possessives, accents) are dropped instead
//! of rejected. The word of a scored line is folded to lower case under
//! both policies (scored lists are crossword lists, usually in capitals,
//! whose case means nothing).
//!
//! Every word has a score: the integer after `;`, or [`DEFAULT_SCORE`] for
//! a plain line or a JSON list. A score that is not a whole number
//! 0-4294967295 is an error naming the file and line under both policies.

use crate::error::{Error, Result};
use crate::io::Input;
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;

/// The default list: Debian's `wamerican` package (`apt-get install
/// wamerican`), filtered to the words of letters a-z only.
pub const DEFAULT_WORDS: &str = "/usr/share/dict/american-english";

/// The score of a word listed without one (ingrid_core's default minimum
/// score).
pub const DEFAULT_SCORE: u32 = 50;

/// A listed word and its score (higher is better).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredWord {
    /// The word, lower-case a-z.
    pub word: String,
    /// Its score.
    pub score: u32,
}

impl ScoredWord {
    /// `word` with the [`DEFAULT_SCORE`].
    pub fn plain(word: impl Into<String>) -> Self {
        ScoredWord {
            word: word.into(),
            score: DEFAULT_SCORE,
        }
    }
}

/// Splits a list line into its word and score: `word;score`, or a plain
/// `word` with the [`DEFAULT_SCORE`]. The error says what is wrong with
/// the score.
pub fn split_score(line: &str) -> std::result::Result<(&str, Option<u32>), String> {
    let Some((word, score)) = line.split_once(';') else {
        return Ok((line, None));
    };
    let (word, score) = (word.trim(), score.trim());
    match score.parse::<u32>() {
        Ok(value) => Ok((word, Some(value))),
        Err(_) => Err(format!(
            "'{score}' after '{word};' is not a score (a whole number, as in word;50)"
        )),
    }
}

/// How to treat words that are not made of letters a-z.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Reject the list, naming the file and line (upper case is folded).
    Strict,
    /// Drop such lines silently and keep only the all-lower-case a-z words.
    Filter,
}

/// The word in lower case when it is made of ASCII letters only.
fn normalise(word: &str, policy: Policy) -> Option<String> {
    if word.is_empty() {
        return None;
    }
    match policy {
        Policy::Strict if word.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Some(word.to_ascii_lowercase())
        }
        Policy::Filter if word.bytes().all(|b| b.is_ascii_lowercase()) => Some(word.to_string()),
        _ => None,
    }
}

/// Reads a word list file (plain, scored or JSON, detected from the first
/// character); returns the distinct words in file order with their scores.
pub fn read(path: &Path, policy: Policy) -> Result<Vec<ScoredWord>> {
    let input = Input::open(path)?;
    let source = input.name.clone();
    let text = input.read_to_string()?;
    parse(&source, &text, policy)
}

/// Parses a word list text (plain, scored or JSON).
pub fn parse(source: &str, text: &str, policy: Policy) -> Result<Vec<ScoredWord>> {
    let words = if text.trim_start().starts_with('{') {
        parse_json(source, text, policy)?
    } else {
        parse_plain(source, text, policy)?
    };
    if words.is_empty() {
        return Err(Error::parse(
            source,
            1,
            "the word list has no words of letters a-z",
        ));
    }
    Ok(words)
}

/// One word a line, `word` or `word;score`; blank lines are skipped. A
/// word listed twice is an error in strict mode (the rule "each word at
/// most once" would be ambiguous) and merged when filtering (the first
/// line counts).
fn parse_plain(source: &str, text: &str, policy: Policy) -> Result<Vec<ScoredWord>> {
    // Every line that holds a word, with its line number, up to the first
    // line that is wrong in itself (reported after any repeat before it,
    // so that the first mistake in the file is the one named).
    let mut listed: Vec<(ScoredWord, usize)> = Vec::new();
    let mut wrong_line = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (word, score) = match split_score(line) {
            Ok(split) => split,
            Err(message) => {
                wrong_line = Some(Error::parse(source, number, message));
                break;
            }
        };
        let normalised = match score {
            Some(_) => normalise(&word.to_ascii_lowercase(), policy),
            None => normalise(word, policy),
        };
        let Some(word) = normalised else {
            if policy == Policy::Filter {
                continue;
            }
            wrong_line = Some(Error::parse(
                source,
                number,
                format!(
                    "'{word}' is not a word of letters a-z (one word a line, or \
                     word;score): --filter-words drops such lines, as the default list \
                     is read (for a dictionary with proper nouns and possessives)"
                ),
            ));
            break;
        };
        let score = score.unwrap_or(DEFAULT_SCORE);
        listed.push((ScoredWord { word, score }, number));
    }
    // The lines that repeat an earlier line's word.
    let mut repeats = vec![false; listed.len()];
    let mut first_line: HashMap<&str, usize> = HashMap::default();
    for ((entry, number), repeat) in listed.iter().zip(repeats.iter_mut()) {
        match first_line.entry(entry.word.as_str()) {
            Entry::Vacant(slot) => {
                slot.insert(*number);
            }
            Entry::Occupied(earlier) if policy == Policy::Strict => {
                return Err(Error::parse(
                    source,
                    *number,
                    format!(
                        "'{}' is listed twice (first on line {})",
                        entry.word,
                        earlier.get()
                    ),
                ));
            }
            Entry::Occupied(_) => *repeat = true,
        }
    }
    drop(first_line);
    if let Some(error) = wrong_line {
        return Err(error);
    }
    Ok(listed
        .into_iter()
        .zip(repeats)
        .filter(|(_, repeat)| !repeat)
        .map(|((entry, _), _)| entry)
        .collect())
}

/// The original's JSON: an object whose keys are lengths and whose values
/// are lists of words. A word filed under the wrong length is kept under
/// its true length and repeats are merged (the original's own list has
/// `lonely` under "6" and again under "7").
fn parse_json(source: &str, text: &str, policy: Policy) -> Result<Vec<ScoredWord>> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(source, e.line().max(1), format!("bad JSON: {e}")))?;
    let line_of = |needle: &str| {
        text.find(needle)
            .map_or(1, |at| text[..at].matches('\n').count() + 1)
    };
    let object = value
        .as_object()
        .ok_or_else(|| Error::parse(source, 1, "expected a JSON object keyed by word length"))?;
    let mut words = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    for (key, list) in object {
        let key_line = line_of(&format!("\"{key}\""));
        if key.parse::<usize>().is_err() {
            return Err(Error::parse(
                source,
                key_line,
                format!("key \"{key}\" is not a word length"),
            ));
        }
        let list = list.as_array().ok_or_else(|| {
            Error::parse(
                source,
                key_line,
                format!("the value of \"{key}\" is not a list of words"),
            )
        })?;
        for item in list {
            let Some(text_word) = item.as_str() else {
                return Err(Error::parse(
                    source,
                    key_line,
                    format!("the list of \"{key}\" holds {item}, not a word"),
                ));
            };
            let Some(word) = normalise(text_word, policy) else {
                if policy == Policy::Filter {
                    continue;
                }
                return Err(Error::parse(
                    source,
                    line_of(&format!("\"{text_word}\"")),
                    format!("'{text_word}' is not a word of letters a-z"),
                ));
            };
            if seen.insert(word.clone()) {
                words.push(ScoredWord::plain(word));
            }
        }
    }
    Ok(words)
}

/// The words alone, in order.
pub fn plain_words(list: &[ScoredWord]) -> Vec<&str> {
    list.iter().map(|w| w.word.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lists_fold_case_and_reject_the_rest() {
        let words = parse("w", "Cat\n\ndog\n", Policy::Strict).expect("valid");
        assert_eq!(plain_words(&words), ["cat", "dog"]);
        assert!(words.iter().all(|w| w.score == DEFAULT_SCORE));
        let err = parse("w", "cat\ncafé\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2:"), "{err}");
        let err = parse("w", "cat\ndog\ncat\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().contains("first on line 1"), "{err}");
        let words = parse("w", "Aachen\ncat\ncat's\ncafé\n", Policy::Filter).expect("ok");
        assert_eq!(plain_words(&words), ["cat"]);
        // The first mistake in the file is the one named.
        let err = parse("w", "cat\ncafé\ncat\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2: 'café'"), "{err}");
        let err = parse("w", "cat\ncat\ncafé\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2: 'cat' is listed twice"), "{err}");
        let err = parse("w", "cat\ncat\ndog;x\n", Policy::Filter).unwrap_err();
        assert!(err.to_string().starts_with("w:3:"), "{err}");
    }

    #[test]
    fn json_lists_merge_repeats() {
        let words = parse(
            "w",
            "{\"3\": [\"cat\", \"dog\"],\n \"4\": [\"cat\", \"bird\"]}",
            Policy::Strict,
        )
        .expect("valid");
        assert_eq!(plain_words(&words), ["cat", "dog", "bird"]);
        let err = parse("w", "{\"3\": [\"cat\",\n \"d0g\"]}", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2:"), "{err}");
        assert!(parse("w", "{\"x\": []}", Policy::Strict).is_err());
        assert!(parse("w", "{\"3\": [1]}", Policy::Strict).is_err());
        assert!(parse("w", "{\"3\": [", Policy::Strict).is_err());
    }

    #[test]
    fn scored_lists_carry_their_scores() {
        let words = parse("w", "CAT;60\ndog\nemu; 7\n", Policy::Strict).expect("valid");
        let scores: Vec<u32> = words.iter().map(|w| w.score).collect();
        assert_eq!(plain_words(&words), ["cat", "dog", "emu"]);
        assert_eq!(scores, [60, DEFAULT_SCORE, 7]);
        let words = parse("w", "AARON;50\nA-TEAM;40\nZOO;10\n", Policy::Filter).expect("ok");
        assert_eq!(plain_words(&words), ["aaron", "zoo"]);
        assert!(parse("w", "dog\n;5\n", Policy::Strict).is_err());
        for bad in ["cat;x\n", "cat;\n", "cat;-3\n", "cat;5.5\n"] {
            let err = parse("w", &format!("dog;1\n{bad}"), Policy::Filter).unwrap_err();
            assert!(err.to_string().starts_with("w:2:"), "{bad}: {err}");
        }
        let err = parse("w", "cat,50\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().contains("word;score"), "{err}");
        let err = parse("w", "cat;1\nCat;2\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().contains("first on line 1"), "{err}");
    }
}
