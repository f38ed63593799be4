//! Preferring higher-scored words in a fill (`--prefer-scores`; off by
//! default): a relaxation ladder per slot whose candidates have different
//! scores.
//!
//! The rungs of slot `s` are guard literals `g(s,T)`, "the slot holds a
//! candidate of score T or more", for the highest score levels among its
//! candidates (at most [`MAX_RUNGS`], strictest first; the lowest level
//! gets none, it is the slot unrestricted), and a rung implies the next.
//! A rung is said in whichever of two forms is smaller:
//!
//! - *exclusion*: for every candidate below `T`, a clause "not the rung,
//!   or not all of the candidate's letters" (no new variable; the form
//!   when few words are below the level, as in a list of mostly good
//!   words);
//! - *selection*: a selector per candidate of score `T` or more implies
//!   the candidate's letters, and the rung implies one of the selectors
//!   (the form when few words reach the level, as theme words).
//!
//! Every new clause holds with the guards and selectors false, so the
//! fills, their count and `solve --all` are those of the formula without
//! them; only which fill `solve` finds first changes: it searches with
//! every slot on its first rung and moves on only the slots whose rungs
//! its refutation names (`c relax`, docs/streams.md), so the fill keeps
//! the higher-scored words wherever they fit. A plain list (one score)
//! adds nothing.

use super::puzzle::{cell_name, Puzzle};
use super::slots::{Domains, Slot};
use crate::builder::FormulaBuilder;
use rustsat::types::Lit;

/// Rungs a slot gets at most (its highest score levels).
pub const MAX_RUNGS: usize = 2;

/// Adds the score ladders of a fill of `puzzle` (whose usable words are
/// the words `domains` refers to) to `b`.
pub fn encode(b: &mut FormulaBuilder, domains: &Domains, puzzle: &Puzzle) {
    // Fully pre-filled entries that are not listed come after the listed
    // words: they are given, so they rank with the best.
    let score = |id: u32| {
        let id = id as usize;
        if id < puzzle.words.len() {
            puzzle.score(id)
        } else {
            u32::MAX
        }
    };
    for (s, slot) in domains.slots.iter().enumerate() {
        // The candidates that can be placed (arc consistency keeps every
        // letter of a candidate; one without cannot be placed), with
        // their scores and letters.
        let candidates: Vec<(u32, Vec<Lit>)> = domains.candidates[s]
            .iter()
            .filter_map(|&id| {
                let letters = letter_literals(b, slot, &domains.words[id as usize])?;
                Some((score(id), letters))
            })
            .collect();
        let mut levels: Vec<u32> = candidates.iter().map(|&(score, _)| score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        levels.pop();
        levels.truncate(MAX_RUNGS);
        if levels.is_empty() {
            continue;
        }
        let ladder: Vec<Lit> = levels.iter().map(|_| b.aux()).collect();
        for pair in ladder.windows(2) {
            b.implies(pair[0], pair[1]);
        }
        let lowest = levels[levels.len() - 1];
        let admitted = candidates.iter().filter(|c| c.0 >= lowest).count();
        if candidates.len() - admitted <= admitted {
            exclude(b, &candidates, &levels, &ladder);
        } else {
            select(b, &candidates, &levels, &ladder);
        }
        b.relax_ladder(&ladder);
    }
}

/// The rungs by exclusion: each candidate below a level is ruled out
/// under the weakest rung that excludes it (the stronger rungs imply it).
fn exclude(b: &mut FormulaBuilder, candidates: &[(u32, Vec<Lit>)], levels: &[u32], ladder: &[Lit]) {
    for (score, letters) in candidates {
        // The weakest rung whose level the candidate misses: levels are
        // strictest first, so the last one above its score.
        let Some(rung) = levels.iter().rposition(|level| score < level) else {
            continue;
        };
        let mut clause = vec![!ladder[rung]];
        clause.extend(letters.iter().map(|&letter| !letter));
        b.clause(&clause);
    }
}

/// The rungs by selection: a selector per admitted candidate implies its
/// letters, and each rung implies one of the selectors of its level.
fn select(b: &mut FormulaBuilder, candidates: &[(u32, Vec<Lit>)], levels: &[u32], ladder: &[Lit]) {
    let lowest = levels[levels.len() - 1];
    let mut selectors: Vec<(u32, Lit)> = Vec::new();
    for (score, letters) in candidates.iter().filter(|c| c.0 >= lowest) {
        let selector = b.aux();
        for &letter in letters {
            b.implies(selector, letter);
        }
        selectors.push((*score, selector));
    }
    for (&level, &rung) in levels.iter().zip(ladder) {
        let mut clause = vec![!rung];
        clause.extend(
            selectors
                .iter()
                .filter(|&&(score, _)| score >= level)
                .map(|&(_, selector)| selector),
        );
        b.clause(&clause);
    }
}

/// The literals `cell(r,c)=x` of `word` in `slot`, if the formula has all
/// of them.
fn letter_literals(b: &FormulaBuilder, slot: &Slot, word: &[u8]) -> Option<Vec<Lit>> {
    word.iter()
        .enumerate()
        .map(|(i, &x)| {
            let (r, c) = slot.cell(i);
            b.lookup(&cell_name(r, c, x as char))
        })
        .collect()
}
