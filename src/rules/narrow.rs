//! Each cell's values that the rules leave possible, found before the
//! encoder creates a variable for any of them.
//!
//! A range is what a cell may hold as written (`range 1..100000`); a rule
//! instance often allows far less (two cells of `sum 5` hold 1 to 4). The
//! narrowing removes the values that some rule instance rules out whatever
//! the other cells hold, so the formula has variables only for values
//! that the rules allow, and its size follows what the rules need rather
//! than how wide the ranges are written:
//!
//! - `permutation S` and `subset S`: the values outside `S`;
//! - `prod N` (N not 0): 0 and the values that do not divide `N` (every
//!   partial product of a solution divides `N`);
//! - `sum N`: the values that cannot add up to `N` with the other cells'
//!   smallest and largest values (bounds reasoning), repeated until no
//!   range changes (a range narrowed by one sum can narrow another sum's
//!   cells), up to a bounded amount of work.
//!
//! Every value removed is in no solution, so the solutions, their count
//! and every answer are the same as without narrowing. The givens take no
//! part: they stay parts of the puzzle that a "why none" explanation can
//! blame ([`super::why`]).

use super::puzzle::{Puzzle, Rule};
use super::Value;
use std::collections::VecDeque;

/// The most revisions of `sum` instances the bounds reasoning makes (each
/// costs the length of its sequence); past it the ranges are left as
/// narrowed so far, which is sound, only less narrow.
const MAX_REVISIONS: usize = 200_000;

/// The values of every cell (in the order its range lists them) that the
/// rule instances `constraints` (indices into [`Puzzle::constraints`])
/// allow. A cell may end with no value: then the instances have no
/// solution together.
pub fn narrow(puzzle: &Puzzle, constraints: &[usize]) -> Vec<Vec<Value>> {
    let mut sorted: Vec<Vec<Value>> = puzzle
        .domains
        .iter()
        .map(|domain| {
            let mut values = domain.clone();
            values.sort_unstable();
            values
        })
        .collect();
    // Value filters: they do not depend on the other cells.
    for &k in constraints {
        let constraint = &puzzle.constraints[k];
        let allowed: Box<dyn Fn(Value) -> bool> = match &puzzle.rules[constraint.rule].rule {
            Rule::Permutation(set) | Rule::Subset(set) => Box::new(move |v| set.contains(&v)),
            Rule::Prod(target) if *target != 0 => {
                let target = *target;
                Box::new(move |v| v != 0 && target % v as i64 == 0)
            }
            _ => continue,
        };
        for &cell in &constraint.cells {
            sorted[cell].retain(|&v| allowed(v));
        }
    }
    // Bounds: each cell's values as a window [low, high) of its sorted values.
    let mut window: Vec<(usize, usize)> = sorted.iter().map(|s| (0, s.len())).collect();
    let sums: Vec<(usize, i64)> = constraints
        .iter()
        .filter_map(|&k| match puzzle.rules[puzzle.constraints[k].rule].rule {
            Rule::Sum(target) => Some((k, target)),
            _ => None,
        })
        .collect();
    let mut sums_of_cell: Vec<Vec<usize>> = vec![Vec::new(); sorted.len()];
    for (i, &(k, _)) in sums.iter().enumerate() {
        for &cell in &puzzle.constraints[k].cells {
            sums_of_cell[cell].push(i);
        }
    }
    let mut queued = vec![true; sums.len()];
    let mut queue: VecDeque<usize> = (0..sums.len()).collect();
    let mut revisions = 0;
    while let Some(i) = queue.pop_front() {
        queued[i] = false;
        revisions += 1;
        if revisions > MAX_REVISIONS {
            break;
        }
        let (k, target) = sums[i];
        let cells = &puzzle.constraints[k].cells;
        if cells.iter().any(|&c| window[c].0 >= window[c].1) {
            break;
        }
        let bounds: Vec<(i64, i64)> = cells
            .iter()
            .map(|&c| {
                let (start, end) = window[c];
                (sorted[c][start] as i64, sorted[c][end - 1] as i64)
            })
            .collect();
        let lowest: i64 = bounds.iter().map(|b| b.0).sum();
        let highest: i64 = bounds.iter().map(|b| b.1).sum();
        let mut changed = Vec::new();
        for (&c, &(low, high)) in cells.iter().zip(&bounds) {
            // The other cells add up to between lowest - low and highest - high.
            let from = target - (highest - high);
            let to = target - (lowest - low);
            let (start, end) = window[c];
            let values = &sorted[c][start..end];
            let first = start + values.partition_point(|&v| (v as i64) < from);
            let last = start + values.partition_point(|&v| (v as i64) <= to);
            let narrowed = (first, last.max(first));
            if narrowed != window[c] {
                window[c] = narrowed;
                changed.push(c);
            }
        }
        for c in changed {
            if window[c].0 >= window[c].1 {
                queue.clear();
                break;
            }
            for &j in &sums_of_cell[c] {
                if !queued[j] {
                    queued[j] = true;
                    queue.push_back(j);
                }
            }
        }
    }
    puzzle
        .domains
        .iter()
        .enumerate()
        .map(|(cell, domain)| {
            let (start, end) = window[cell];
            let kept = &sorted[cell][start.min(end)..end];
            domain
                .iter()
                .copied()
                .filter(|v| kept.binary_search(v).is_ok())
                .collect()
        })
        .collect()
}

/// The values every rule instance of the puzzle allows, cell by cell
/// ([`narrow`] over all of them): the values the encoding has variables
/// for.
pub fn domains(puzzle: &Puzzle) -> Vec<Vec<Value>> {
    let all: Vec<usize> = (0..puzzle.constraints.len()).collect();
    narrow(puzzle, &all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse::{parse, WordSource};

    fn domains_of(text: &str) -> Vec<Vec<Value>> {
        domains(&parse("t.txt", text, WordSource::Files(None)).expect("parses"))
    }

    #[test]
    fn a_small_sum_narrows_a_wide_range() {
        let d = domains_of("layout\n| * *\nrange 1..100000\n| * *\nrule sum 5\n| * *\n");
        assert_eq!(d, vec![vec![1, 2, 3, 4]; 2]);
        // A large target keeps the top of the range.
        let d = domains_of("layout\n| * *\nrange 1..100000\n| * *\nrule sum 199998\n| * *\n");
        assert_eq!(d, vec![vec![99998, 99999, 100000]; 2]);
    }

    #[test]
    fn sums_narrow_each_other_until_nothing_changes() {
        // a + b = 5 leaves b in 1..4; b + c = 100001 then leaves c in 99997..100000.
        let d = domains_of(
            "layout\n| * * *\nrange 1..100000\n| * * *\nrule sum 5\n| * * .\nrule sum 100001\n| . * *\n",
        );
        assert_eq!(d[0], vec![1, 2, 3, 4]);
        assert_eq!(d[1], vec![1, 2, 3, 4]);
        assert_eq!(d[2], vec![99997, 99998, 99999, 100000]);
        // Two sums that cannot both hold leave a cell without values.
        let d = domains_of(
            "layout\n| * *\nrange 1..100000\n| * *\nrule sum 5\nrule sum 6\n| * *\n",
        );
        assert!(d.iter().any(Vec::is_empty), "{d:?}");
    }

    #[test]
    fn sets_and_products_filter_values_in_the_written_order() {
        let d = domains_of("layout\n| * *\nrange 7 2 3 1\n| * *\nrule subset 1 3 7\n| * *\n");
        assert_eq!(d, vec![vec![7, 3, 1]; 2]);
        let d = domains_of("layout\n| * *\nrange 0..12\n| * *\nrule prod 12\n| * *\n");
        assert_eq!(d, vec![vec![1, 2, 3, 4, 6, 12]; 2]);
        // prod 0, distinct and in_order narrow nothing.
        let d = domains_of("layout\n| * *\nrange 0..3\n| * *\nrule prod 0\nrule in_order\n| * *\n");
        assert_eq!(d, vec![vec![0, 1, 2, 3]; 2]);
    }

    #[test]
    fn letters_count_as_negative_values() {
        // sum e over two letters: positions adding up to 5, a..d.
        let d = domains_of("layout\n| * *\nrange a..z\n| * *\nrule sum e\n| * *\n");
        assert_eq!(d, vec![vec![-4, -3, -2, -1]; 2]);
    }
}
