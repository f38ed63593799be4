//! Word groups: "at least one word of each group appears" (the original
//! generator's rule), read from a file or sampled as the original does.

use super::words::{self, Policy};
use crate::error::{Error, Result};
use std::collections::HashMap;

/// Parses a groups file: one group a line, words separated by spaces or
/// commas, blank lines skipped. A word in two places is an error.
pub fn parse(source: &str, text: &str) -> Result<Vec<Vec<String>>> {
    let mut groups = Vec::new();
    let mut first_line: HashMap<String, usize> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let mut group = Vec::new();
        for token in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            let scored = token.contains(';');
            let word = words::parse(source, token, Policy::Strict)
                .ok()
                .filter(|_| !scored)
                .ok_or_else(|| {
                    Error::parse(
                        source,
                        number,
                        format!("'{token}' is not a word of letters a-z"),
                    )
                })?
                .remove(0)
                .word;
            if let Some(&earlier) = first_line.get(&word) {
                return Err(Error::parse(
                    source,
                    number,
                    format!("'{word}' appears twice (first on line {earlier})"),
                ));
            }
            first_line.insert(word.clone(), number);
            group.push(word);
        }
        if !group.is_empty() {
            groups.push(group);
        }
    }
    if groups.is_empty() {
        return Err(Error::parse(source, 1, "the groups file has no groups"));
    }
    Ok(groups)
}

/// The original generator's sample (input_generator.py): `(word length,
/// number of groups, words per group)`: 15 groups, 21 words.
const ORIGINAL_SAMPLE: [(usize, usize, usize); 6] = [
    (2, 1, 1),
    (3, 4, 1),
    (4, 4, 1),
    (5, 3, 2),
    (6, 2, 2),
    (7, 1, 2),
];

/// Samples the original's 15 groups of 21 distinct words from `list`,
/// reproducibly for a `seed`.
pub fn sample<S: AsRef<str>>(list: &[S], seed: u64) -> Result<Vec<Vec<String>>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut groups = Vec::new();
    for (len, count, per_group) in ORIGINAL_SAMPLE {
        let mut pool: Vec<&str> = list
            .iter()
            .map(AsRef::as_ref)
            .filter(|w| w.len() == len)
            .collect();
        if pool.len() < count * per_group {
            return Err(Error::Usage(format!(
                "--sample-groups needs {} words of length {len}; the list has {}",
                count * per_group,
                pool.len()
            )));
        }
        rng.shuffle(&mut pool);
        for chunk in pool.chunks(per_group).take(count) {
            groups.push(chunk.iter().map(|w| w.to_string()).collect());
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_parse_and_reject_repeats() {
        let groups = parse("g", "cat, dog\n\nbird\n").expect("valid");
        assert_eq!(groups, [vec!["cat", "dog"], vec!["bird"]]);
        let err = parse("g", "cat dog\nbird cat\n").unwrap_err();
        assert!(err.to_string().starts_with("g:2:"), "{err}");
        assert!(parse("g", "ca't\n").is_err());
        assert!(parse("g", "cat;30\n").is_err());
        assert!(parse("g", "\n").is_err());
    }

    #[test]
    fn samples_are_the_originals_shape() {
        let list: Vec<String> = (2..=7)
            .flat_map(|len| {
                (0..8).map(move |i| format!("{}{}", "x".repeat(len - 1), (b'a' + i) as char))
            })
            .collect();
        let groups = sample(&list, 3).expect("enough words");
        assert_eq!(groups.len(), 15);
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 21);
        assert_eq!(sample(&list, 3).expect("same"), groups);
    }
}
