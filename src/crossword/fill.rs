//! The encoding of a pattern fill.
//!
//! - `cell(r,c)=x`: open cell `(r,c)` holds letter `x`, one variable per
//!   letter that arc consistency leaves the cell; exactly one per cell.
//! - one unnamed selector per (slot, candidate word); the slot's clause
//!   says some selector holds, and a selector implies its letters.
//! - support: `cell(r,c)=x` implies some selected candidate of each slot
//!   through the cell with `x` there (so letters and words agree both
//!   ways; two selectors of one slot would clash on a letter).
//! - distinctness: at most one selector per word across the slots of its
//!   length.
//!
//! The cell letters are the named (projection) variables.

use super::slots::{letter_bit, Domains};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::Lit;
use std::collections::HashMap;

/// Encodes the fill of a pattern whose candidates are `domains`; `amo`
/// is the at-most-one encoding of the distinctness constraints.
pub fn encode(domains: &Domains, rows: usize, cols: usize, amo: AtMostOne) -> FormulaBuilder {
    let mut b = FormulaBuilder::new("crossword", "crossword/fill");
    let mut letters: Vec<[Option<Lit>; 26]> = vec![[None; 26]; rows * cols];
    let mut covered = vec![false; rows * cols];
    for slot in &domains.slots {
        for i in 0..slot.len {
            let (r, c) = slot.cell(i);
            covered[r * cols + c] = true;
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if !covered[r * cols + c] {
                continue;
            }
            let mut lits = Vec::new();
            for x in 0..26u8 {
                if domains.mask(r, c) & (1 << x) != 0 {
                    let letter = (b'a' + x) as char;
                    let lit = b.named(names::valued("cell", &[&r, &c], &letter));
                    letters[r * cols + c][x as usize] = Some(lit);
                    lits.push(lit);
                }
            }
            b.exactly_one(&lits, AtMostOne::Pairwise);
        }
    }
    let mut by_word: HashMap<u32, Vec<Lit>> = HashMap::new();
    for (s, slot) in domains.slots.iter().enumerate() {
        let candidates = &domains.candidates[s];
        let selectors: Vec<Lit> = candidates.iter().map(|_| b.aux()).collect();
        b.clause(&selectors);
        // supporters[i][x]: the selectors with letter x at position i.
        let mut supporters: Vec<Vec<Vec<Lit>>> = vec![vec![Vec::new(); 26]; slot.len];
        for (&id, &selector) in candidates.iter().zip(&selectors) {
            let word = &domains.words[id as usize];
            for (i, &letter) in word.iter().enumerate() {
                let (r, c) = slot.cell(i);
                if let Some(cell) = letters[r * cols + c][(letter - b'a') as usize] {
                    b.implies(selector, cell);
                }
                supporters[i][(letter - b'a') as usize].push(selector);
            }
            by_word.entry(id).or_default().push(selector);
        }
        for (i, by_letter) in supporters.into_iter().enumerate() {
            let (r, c) = slot.cell(i);
            for (x, mut support) in by_letter.into_iter().enumerate() {
                if let Some(cell) = letters[r * cols + c][x] {
                    debug_assert!(domains.mask(r, c) & letter_bit(b'a' + x as u8) != 0);
                    support.push(!cell);
                    b.clause(&support);
                }
            }
        }
    }
    let mut repeated: Vec<(u32, Vec<Lit>)> =
        by_word.into_iter().filter(|(_, s)| s.len() > 1).collect();
    repeated.sort_unstable_by_key(|(id, _)| *id);
    for (_, selectors) in repeated {
        b.at_most_one(&selectors, amo);
    }
    b.blocking_positive();
    b
}
