//! Preferring higher-scored words in a fill (`--prefer-scores`, on by
//! default): a relaxation ladder per slot whose candidates have different
//! scores.
//!
//! The rungs of slot `s` are guard literals `g(s,T)`, "the slot holds a
//! candidate of score T or more", for the highest score levels among its
//! candidates (at most [`MAX_RUNGS`], strictest first; the lowest level
//! gets none, it is the slot unrestricted). A selector per candidate of a
//! rung's level implies the candidate's letters, a rung implies one of
//! the selectors of its level, and a rung implies the next. Every new
//! clause holds with the guards and selectors false, so the fills, their
//! count and `solve --all` are those of the formula without them; only
//! which fill `solve` finds first changes: it searches with every slot on
//! its first rung and moves on only the slots whose rungs its refutation
//! names (`c relax`, docs/streams.md), so the fill keeps the higher-scored
//! words wherever they fit. A plain list (one score) adds nothing.

use super::puzzle::Puzzle;
use super::slots::Domains;
use crate::builder::FormulaBuilder;
use crate::names;
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
        let candidates = &domains.candidates[s];
        let mut levels: Vec<u32> = candidates.iter().map(|&id| score(id)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        levels.pop();
        levels.truncate(MAX_RUNGS);
        let Some(&lowest_rung) = levels.last() else {
            continue;
        };
        // The selectors of the candidates some rung admits, with scores.
        let mut selectors: Vec<(u32, Lit)> = Vec::new();
        for &id in candidates {
            let word_score = score(id);
            if word_score < lowest_rung {
                continue;
            }
            let letters: Option<Vec<Lit>> = domains.words[id as usize]
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    let (r, c) = slot.cell(i);
                    b.lookup(&names::valued("cell", &[&r, &c], &(x as char)))
                })
                .collect();
            // A candidate always has its letters (arc consistency keeps
            // them); without, it cannot be placed and needs no selector.
            let Some(letters) = letters else { continue };
            let selector = b.aux();
            for letter in letters {
                b.implies(selector, letter);
            }
            selectors.push((word_score, selector));
        }
        let mut ladder = Vec::with_capacity(levels.len());
        for &level in &levels {
            let rung = b.aux();
            let mut clause = vec![!rung];
            clause.extend(
                selectors
                    .iter()
                    .filter(|&&(word_score, _)| word_score >= level)
                    .map(|&(_, selector)| selector),
            );
            b.clause(&clause);
            ladder.push(rung);
        }
        for pair in ladder.windows(2) {
            b.implies(pair[0], pair[1]);
        }
        b.relax_ladder(&ladder);
    }
}
