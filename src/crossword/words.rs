//! Word lists: a plain list (one word a line) or the original generator's
//! JSON object keyed by word length (`{"3": ["cat", ...], ...}`).
//!
//! Words are lower-case a-z. A list named with `--words` must consist of
//! such words (upper case is folded); with `--filter-words`, and always for
//! the default Debian list, lines with anything else (proper nouns,
//! possessives, accents) are dropped instead of rejected.

use crate::error::{Error, Result};
use crate::io::Input;
use std::collections::HashMap;
use std::path::Path;

/// The default list: Debian's `wamerican` package (`apt-get install
/// wamerican`), filtered to the words of letters a-z only.
pub const DEFAULT_WORDS: &str = "/usr/share/dict/american-english";

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
    match policy {
        Policy::Strict if word.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Some(word.to_ascii_lowercase())
        }
        Policy::Filter if word.bytes().all(|b| b.is_ascii_lowercase()) => Some(word.to_string()),
        _ => None,
    }
}

/// Reads a word list file (plain or JSON, detected from the first
/// character); returns the distinct words in file order.
pub fn read(path: &Path, policy: Policy) -> Result<Vec<String>> {
    let input = Input::open(path)?;
    let source = input.name.clone();
    let text = input.read_to_string()?;
    parse(&source, &text, policy)
}

/// Parses a word list text (plain or JSON).
pub fn parse(source: &str, text: &str, policy: Policy) -> Result<Vec<String>> {
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

/// One word a line; blank lines are skipped. A word listed twice is an
/// error in strict mode (the rule "each word at most once" would be
/// ambiguous) and merged when filtering.
fn parse_plain(source: &str, text: &str, policy: Policy) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut first_line: HashMap<String, usize> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let word = line.trim();
        if word.is_empty() {
            continue;
        }
        let Some(word) = normalise(word, policy) else {
            if policy == Policy::Filter {
                continue;
            }
            return Err(Error::parse(
                source,
                number,
                format!(
                    "'{word}' is not a word of letters a-z (one word a line; \
                     --filter-words drops such lines)"
                ),
            ));
        };
        if let Some(&earlier) = first_line.get(&word) {
            if policy == Policy::Filter {
                continue;
            }
            return Err(Error::parse(
                source,
                number,
                format!("'{word}' is listed twice (first on line {earlier})"),
            ));
        }
        first_line.insert(word.clone(), number);
        words.push(word);
    }
    Ok(words)
}

/// The original's JSON: an object whose keys are lengths and whose values
/// are lists of words. A word filed under the wrong length is kept under
/// its true length and repeats are merged (the original's own list has
/// `lonely` under "6" and again under "7").
fn parse_json(source: &str, text: &str, policy: Policy) -> Result<Vec<String>> {
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
    let mut seen = std::collections::HashSet::new();
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
                words.push(word);
            }
        }
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lists_fold_case_and_reject_the_rest() {
        let words = parse("w", "Cat\n\ndog\n", Policy::Strict).expect("valid");
        assert_eq!(words, ["cat", "dog"]);
        let err = parse("w", "cat\ncafé\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2:"), "{err}");
        let err = parse("w", "cat\ndog\ncat\n", Policy::Strict).unwrap_err();
        assert!(err.to_string().contains("first on line 1"), "{err}");
        let words = parse("w", "Aachen\ncat\ncat's\ncafé\n", Policy::Filter).expect("ok");
        assert_eq!(words, ["cat"]);
    }

    #[test]
    fn json_lists_merge_repeats() {
        let words = parse(
            "w",
            "{\"3\": [\"cat\", \"dog\"],\n \"4\": [\"cat\", \"bird\"]}",
            Policy::Strict,
        )
        .expect("valid");
        assert_eq!(words, ["cat", "dog", "bird"]);
        let err = parse("w", "{\"3\": [\"cat\",\n \"d0g\"]}", Policy::Strict).unwrap_err();
        assert!(err.to_string().starts_with("w:2:"), "{err}");
        assert!(parse("w", "{\"x\": []}", Policy::Strict).is_err());
        assert!(parse("w", "{\"3\": [1]}", Policy::Strict).is_err());
        assert!(parse("w", "{\"3\": [", Policy::Strict).is_err());
    }
}
