//! Slots (the maximal runs of two or more open cells, across and down),
//! their clue numbers as in print, and the candidate words of every slot of
//! a pattern pruned by arc consistency.

use super::puzzle::{Puzzle, Square};
use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;

/// A maximal run of two or more open cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Slot {
    /// The clue number printed in the first cell.
    pub number: usize,
    /// Across (left to right) or down.
    pub across: bool,
    /// Row of the first cell, 0-based.
    pub row: usize,
    /// Column of the first cell, 0-based.
    pub col: usize,
    /// Number of cells.
    pub len: usize,
}

impl Slot {
    /// The cell of the slot's `i`-th letter.
    pub fn cell(&self, i: usize) -> (usize, usize) {
        if self.across {
            (self.row, self.col + i)
        } else {
            (self.row + i, self.col)
        }
    }

    /// `12-across` or `3-down`.
    pub fn label(&self) -> String {
        let direction = if self.across { "across" } else { "down" };
        format!("{}-{direction}", self.number)
    }
}

/// The slots of a `rows` x `cols` grid whose open cells are those where
/// `open` is true, numbered in reading order as in print; across slots
/// first, then down slots, each in number order.
pub fn slots(rows: usize, cols: usize, open: impl Fn(usize, usize) -> bool) -> Vec<Slot> {
    let run = |r: usize, c: usize, across: bool| {
        let (dr, dc) = if across { (0, 1) } else { (1, 0) };
        let starts = open(r, c)
            && !(if across {
                c > 0 && open(r, c - 1)
            } else {
                r > 0 && open(r - 1, c)
            });
        if !starts {
            return 0;
        }
        let mut len = 0;
        while r + dr * len < rows && c + dc * len < cols && open(r + dr * len, c + dc * len) {
            len += 1;
        }
        if len >= 2 {
            len
        } else {
            0
        }
    };
    let mut across = Vec::new();
    let mut down = Vec::new();
    let mut number = 0;
    for r in 0..rows {
        for c in 0..cols {
            let (a, d) = (run(r, c, true), run(r, c, false));
            if a == 0 && d == 0 {
                continue;
            }
            number += 1;
            for (len, is_across, list) in [(a, true, &mut across), (d, false, &mut down)] {
                if len > 0 {
                    list.push(Slot {
                        number,
                        across: is_across,
                        row: r,
                        col: c,
                        len,
                    });
                }
            }
        }
    }
    across.extend(down);
    across
}

/// A bit set of letters a-z.
pub type LetterMask = u32;

/// Every letter a-z.
pub const ALL_LETTERS: LetterMask = (1 << 26) - 1;

/// The bit of letter `b` (`b'a'..=b'z'`).
pub fn letter_bit(b: u8) -> LetterMask {
    1 << (b - b'a')
}

/// The candidate words of every slot of a pattern.
#[derive(Debug, Clone)]
pub struct Domains {
    /// The slots of the pattern.
    pub slots: Vec<Slot>,
    /// The words candidates refer to: the listed words, then the fully
    /// pre-filled entries that are not listed (they are given, so allowed).
    pub words: Vec<Vec<u8>>,
    /// Per slot, how many listed words have its length and pre-filled
    /// letters (before arc consistency).
    pub initial: Vec<usize>,
    /// Per slot, the indices into `words` that survive arc consistency.
    pub candidates: Vec<Vec<u32>>,
    /// Per cell (row-major), the letters some candidate of every slot
    /// through it allows.
    pub masks: Vec<LetterMask>,
    /// Columns of the grid (for indexing `masks`).
    pub cols: usize,
}

impl Domains {
    /// The letters allowed at `(row, col)`.
    pub fn mask(&self, row: usize, col: usize) -> LetterMask {
        self.masks[row * self.cols + col]
    }
}

/// The candidates of every slot of a fill puzzle, pruned to a fixpoint:
/// a candidate whose letter at a crossing has no support among the
/// crossing slot's candidates is dropped. A fully pre-filled entry is its
/// slot's only candidate and no other slot may repeat it.
pub fn domains(puzzle: &Puzzle) -> Domains {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let slots = slots(rows, cols, |r, c| puzzle.grid[r][c] != Square::Black);
    let mut words: Vec<Vec<u8>> = puzzle.words.iter().map(|w| w.as_bytes().to_vec()).collect();
    let mut by_length: HashMap<usize, Vec<u32>> = HashMap::default();
    for (i, word) in words.iter().enumerate() {
        by_length.entry(word.len()).or_default().push(i as u32);
    }
    let mut masks: Vec<LetterMask> = puzzle
        .grid
        .iter()
        .flatten()
        .map(|&square| match square {
            Square::Letter(b) => letter_bit(b),
            _ => ALL_LETTERS,
        })
        .collect();
    let given = |slot: &Slot, i: usize| {
        let (r, c) = slot.cell(i);
        match puzzle.grid[r][c] {
            Square::Letter(b) => Some(b),
            _ => None,
        }
    };
    let mut initial = Vec::with_capacity(slots.len());
    let mut candidates: Vec<Vec<u32>> = Vec::with_capacity(slots.len());
    let mut taken = Vec::new();
    for slot in &slots {
        let entry: Option<Vec<u8>> = (0..slot.len).map(|i| given(slot, i)).collect();
        if let Some(entry) = entry {
            // The listed word (its last listing), or the entry as a word
            // of its own (one for all slots that spell it).
            let listed = by_length.get(&entry.len()).and_then(|ids| {
                ids.iter()
                    .rev()
                    .copied()
                    .find(|&id| words[id as usize] == entry)
            });
            let own = || (puzzle.words.len()..words.len()).find(|&id| words[id] == entry);
            let id = match listed.or_else(|| own().map(|id| id as u32)) {
                Some(id) => id,
                None => {
                    words.push(entry);
                    words.len() as u32 - 1
                }
            };
            initial.push(1);
            candidates.push(vec![id]);
            taken.push(id);
            continue;
        }
        let fits: Vec<u32> = by_length
            .get(&slot.len)
            .map(|ids| {
                ids.iter()
                    .copied()
                    .filter(|&id| {
                        let word = &words[id as usize];
                        (0..slot.len).all(|i| given(slot, i).is_none_or(|b| word[i] == b))
                    })
                    .collect()
            })
            .unwrap_or_default();
        initial.push(fits.len());
        candidates.push(fits);
    }
    for (s, slot) in slots.iter().enumerate() {
        if !(0..slot.len).all(|i| given(slot, i).is_some()) {
            candidates[s].retain(|id| !taken.contains(id));
        }
    }
    // The slots through each cell, with the letter position.
    let mut through: Vec<Vec<(usize, usize)>> = vec![Vec::new(); rows * cols];
    for (s, slot) in slots.iter().enumerate() {
        for i in 0..slot.len {
            let (r, c) = slot.cell(i);
            through[r * cols + c].push((s, i));
        }
    }
    let mut queue: VecDeque<usize> = (0..slots.len()).collect();
    let mut queued = vec![true; slots.len()];
    // Per slot: whether a cell of it narrowed since its candidates were
    // last filtered (they fit the pattern's letters from the start), and
    // whether its candidates changed since they last narrowed its cells.
    let mut stale = vec![false; slots.len()];
    let mut changed = vec![true; slots.len()];
    while let Some(s) = queue.pop_front() {
        queued[s] = false;
        let slot = slots[s];
        let cells: Vec<usize> = (0..slot.len)
            .map(|i| {
                let (r, c) = slot.cell(i);
                r * cols + c
            })
            .collect();
        if std::mem::take(&mut stale[s]) {
            let before = candidates[s].len();
            candidates[s].retain(|&id| {
                let word = &words[id as usize];
                cells
                    .iter()
                    .enumerate()
                    .all(|(i, &cell)| masks[cell] & letter_bit(word[i]) != 0)
            });
            changed[s] |= candidates[s].len() != before;
        }
        if !std::mem::take(&mut changed[s]) {
            continue;
        }
        let mut support = vec![0 as LetterMask; slot.len];
        for &id in &candidates[s] {
            for (i, &b) in words[id as usize].iter().enumerate() {
                support[i] |= letter_bit(b);
            }
        }
        for (i, &cell) in cells.iter().enumerate() {
            let narrowed = masks[cell] & support[i];
            if narrowed != masks[cell] {
                masks[cell] = narrowed;
                for &(other, _) in &through[cell] {
                    if other != s {
                        stale[other] = true;
                        if !queued[other] {
                            queued[other] = true;
                            queue.push_back(other);
                        }
                    }
                }
            }
        }
    }
    Domains {
        slots,
        words,
        initial,
        candidates,
        masks,
        cols,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossword::parse::parse_pattern;
    use crate::crossword::puzzle::Mode;

    fn puzzle(pattern: &str, words: &[&str]) -> Puzzle {
        Puzzle {
            mode: Mode::Fill,
            grid: parse_pattern("p", pattern).expect("valid"),
            words: words.iter().map(|w| w.to_string()).collect(),
            scores: Vec::new(),
            min_score: None,
            groups: Vec::new(),
            min_words: 0,
            clues: Vec::new(),
            theme: Vec::new(),
        }
    }

    #[test]
    fn slots_are_numbered_as_in_print() {
        let p = puzzle("..#\n...\n#..\n", &[]);
        let found = slots(3, 3, |r, c| p.grid[r][c] != Square::Black);
        let labels: Vec<String> = found.iter().map(Slot::label).collect();
        assert_eq!(
            labels,
            ["1-across", "3-across", "5-across", "1-down", "2-down", "4-down"]
        );
    }

    #[test]
    fn arc_consistency_drops_unsupported_words() {
        // 2x2 open: rows and columns; "ab"/"cd" across need "ac"/"bd" down.
        let p = puzzle("..\n..\n", &["ab", "cd", "ac", "bd", "zy"]);
        let d = domains(&p);
        let words = |s: usize| -> Vec<String> {
            d.candidates[s]
                .iter()
                .map(|&id| String::from_utf8_lossy(&d.words[id as usize]).into_owned())
                .collect()
        };
        assert!(!words(0).contains(&"zy".to_string()));
        assert_eq!(d.mask(0, 0), letter_bit(b'a'));
        let p = puzzle("..\n..\n", &["ab", "cd"]);
        let d = domains(&p);
        assert!(d.candidates.iter().all(Vec::is_empty));
    }
}
