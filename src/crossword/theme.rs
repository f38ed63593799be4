//! Theme entries: `--theme FILE` adds its words to the list with a score
//! above every listed word (one more than the highest list score and than
//! `--min-score`), so `--prefer-scores` ranks them first;
//! `--theme-required` makes every theme word appear (in a fill, each theme
//! word becomes a group of its own, which [`require_groups`] encodes; a
//! freeform grid encodes groups itself).

use super::puzzle::cell_name;
use super::slots::Domains;
use super::words::ScoredWord;
use crate::builder::FormulaBuilder;
use rustsat::types::Lit;

/// The score theme words get: one above every score of `list` and above
/// `min_score`.
pub fn theme_score(list: &[ScoredWord], min_score: Option<u32>) -> u32 {
    list.iter()
        .map(|w| w.score)
        .chain(min_score)
        .max()
        .unwrap_or(0)
        .saturating_add(1)
}

/// Adds the theme words to `list` with [`theme_score`]: a listed word
/// takes the theme score, a new one is appended.
pub fn add_theme(list: &mut Vec<ScoredWord>, theme: &[ScoredWord], min_score: Option<u32>) {
    let score = theme_score(list, min_score);
    for word in theme {
        match list.iter_mut().find(|w| w.word == word.word) {
            Some(listed) => listed.score = score,
            None => list.push(ScoredWord {
                word: word.word.clone(),
                score,
            }),
        }
    }
}

/// Adds "some word of each group appears" to a fill's formula: per group,
/// a selector per (slot, candidate of the group) implying the candidate's
/// letters, and a clause that some selector holds (none: the formula has
/// no solution).
pub fn require_groups(b: &mut FormulaBuilder, domains: &Domains, groups: &[Vec<String>]) {
    for group in groups {
        let mut some = Vec::new();
        for (s, slot) in domains.slots.iter().enumerate() {
            for &id in &domains.candidates[s] {
                let word = &domains.words[id as usize];
                if !group.iter().any(|g| g.as_bytes() == word.as_slice()) {
                    continue;
                }
                let letters: Option<Vec<Lit>> = word
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| {
                        let (r, c) = slot.cell(i);
                        b.lookup(&cell_name(r, c, x as char))
                    })
                    .collect();
                let Some(letters) = letters else {
                    continue;
                };
                let selector = b.aux();
                for letter in letters {
                    b.implies(selector, letter);
                }
                some.push(selector);
            }
        }
        if some.is_empty() {
            // No slot can hold a word of the group.
            let never = b.aux();
            b.clause(&[never]);
            b.clause(&[!never]);
        } else {
            b.clause(&some);
        }
    }
}
