//! `--max-shared-substring N`: no two entries of a fill share a substring
//! of more than N letters (ingrid_core's option of that name: two entries
//! that share N+1 consecutive letters, at any positions, are duplicates).
//!
//! Encoded on top of any fill encoding, over its `cell(r,c)=x` letters
//! and the candidates arc consistency leaves each slot. For every string
//! `σ` of N+1 letters that the candidates of two or more slots can hold,
//! one auxiliary `has(s,σ)` per such slot `s`, implied by `σ`'s letters at
//! each offset where a candidate of `s` holds it, and at most one slot
//! with `has(·,σ)` (a ladder). That is one clause of N+2 literals per
//! (slot, offset, string) and a linear at-most-one per string, where
//! forbidding the pairs directly costs one clause per (pair of slots,
//! pair of offsets, string). Neither is always smaller ([`Size`]; with
//! wamerican, N = 3: 237,724 against 201,766 clauses on the 10x10 example,
//! 1,689,625 against 9,766,364 on xwords-readme 15x15), so each string
//! gets the cheaper of the two. Clauses added (cnf-stats, wamerican),
//! indicators alone against the mix: 10x10, N = 3: 189,140 and 148,225;
//! N = 4: 121,823 and 61,802; 15x15, N = 3: 1,595,729 and 1,570,035;
//! N = 4: 1,498,618 and 1,414,934 (the fill itself: 220,221 and
//! 1,436,474).
//!
//! The auxiliaries are not named, so fills are still counted as letter
//! grids.

use super::puzzle::cell_name;
use super::slots::Domains;
use crate::builder::{AtMostOne, FormulaBuilder};
use rustsat::types::Lit;
use std::collections::BTreeMap;

/// Where each string of `k` letters can stand: per string, the (slot,
/// offset) places whose candidates hold it, in slot and offset order.
fn places(domains: &Domains, k: usize) -> BTreeMap<&[u8], Vec<(usize, usize)>> {
    let mut found: BTreeMap<&[u8], Vec<(usize, usize)>> = BTreeMap::new();
    for (s, slot) in domains.slots.iter().enumerate() {
        if slot.len < k {
            continue;
        }
        for p in 0..=slot.len - k {
            let mut here: Vec<&[u8]> = domains.candidates[s]
                .iter()
                .map(|&id| &domains.words[id as usize][p..p + k])
                .collect();
            here.sort_unstable();
            here.dedup();
            for piece in here {
                found.entry(piece).or_default().push((s, p));
            }
        }
    }
    found.retain(|_, at| at.first().map(|f| f.0) != at.last().map(|l| l.0));
    found
}

/// The size of the two ways to encode the rule, and of the mix used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    /// Clauses of indicators and ladders for every string: one per place
    /// plus three per slot of each string (the ladder's, roughly).
    pub indicator_clauses: usize,
    /// Clauses of forbidding every pair of places directly.
    pub pairwise_clauses: usize,
    /// Clauses of the cheaper way for each string (the encoding used).
    pub mixed_clauses: usize,
}

/// The clauses of the two ways for one string's places: (indicators,
/// pairs).
fn costs(at: &[(usize, usize)]) -> (usize, usize) {
    let slots = 1 + at.windows(2).filter(|w| w[0].0 != w[1].0).count();
    let pairs = at
        .iter()
        .enumerate()
        .map(|(i, a)| at[i + 1..].iter().filter(|b| b.0 != a.0).count())
        .sum();
    (at.len() + 3 * slots, pairs)
}

/// Counts the clauses of both encodings for `max_shared` (for the docs'
/// figures and the choice of encoding).
pub fn size(domains: &Domains, max_shared: usize) -> Size {
    let mut size = Size {
        indicator_clauses: 0,
        pairwise_clauses: 0,
        mixed_clauses: 0,
    };
    for at in places(domains, max_shared + 1).values() {
        let (indicators, pairs) = costs(at);
        size.indicator_clauses += indicators;
        size.pairwise_clauses += pairs;
        size.mixed_clauses += indicators.min(pairs);
    }
    size
}

/// Adds "no two entries share more than `max_shared` consecutive letters"
/// to a fill's formula (`b` holds the `cell(r,c)=x` variables of the fill
/// of `domains`).
pub fn encode(b: &mut FormulaBuilder, domains: &Domains, max_shared: usize) {
    let k = max_shared + 1;
    // The negated letters of `piece` at offset `p` of slot `s` (`None`
    // when a letter has no variable there: it cannot stand there).
    let spelt = |b: &FormulaBuilder, piece: &[u8], s: usize, p: usize| -> Option<Vec<Lit>> {
        let slot = domains.slots[s];
        piece
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let (r, c) = slot.cell(p + i);
                b.lookup(&cell_name(r, c, x as char))
                    .map(|letter| !letter)
            })
            .collect()
    };
    for (piece, at) in places(domains, k) {
        let (indicators, pairs) = costs(&at);
        if pairs <= indicators {
            let spellings: Vec<(usize, Option<Vec<Lit>>)> =
                at.iter().map(|&(s, p)| (s, spelt(b, piece, s, p))).collect();
            for (i, (s, first)) in spellings.iter().enumerate() {
                for (t, second) in &spellings[i + 1..] {
                    if let (true, Some(first), Some(second)) = (s != t, first, second) {
                        let clause: Vec<Lit> = first.iter().chain(second).copied().collect();
                        b.clause(&clause);
                    }
                }
            }
            continue;
        }
        let mut has: Vec<Lit> = Vec::new();
        let mut current: Option<(usize, Lit)> = None;
        for (s, p) in at {
            let indicator = match current {
                Some((slot, lit)) if slot == s => lit,
                _ => {
                    let lit = b.aux();
                    has.push(lit);
                    current = Some((s, lit));
                    lit
                }
            };
            if let Some(mut clause) = spelt(b, piece, s, p) {
                clause.push(indicator);
                b.clause(&clause);
            }
        }
        b.at_most_one(&has, AtMostOne::Ladder);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossword::parse::parse_pattern;
    use crate::crossword::puzzle::{Mode, Puzzle};
    use crate::crossword::slots::domains;

    #[test]
    fn strings_count_once_per_slot_and_only_when_two_slots_share_them() {
        let puzzle = Puzzle {
            mode: Mode::Fill,
            grid: parse_pattern("p", "...\n#.#\n").expect("pattern"),
            words: ["abc", "bcd", "ab", "cd"].map(String::from).to_vec(),
            scores: Vec::new(),
            min_score: None,
            groups: Vec::new(),
            min_words: 0,
            clues: Vec::new(),
            theme: Vec::new(),
        };
        let d = domains(&puzzle);
        let found = places(&d, 2);
        // Arc consistency leaves "bcd" across and "cd" down: "bc" and "cd"
        // stand across, "cd" down.
        let keys: Vec<&[u8]> = found.keys().copied().collect();
        assert_eq!(keys, [&b"cd"[..]]);
        assert_eq!(found[&b"cd"[..]], [(0, 1), (1, 0)]);
        let size = size(&d, 1);
        assert_eq!(size.pairwise_clauses, 1);
    }
}
