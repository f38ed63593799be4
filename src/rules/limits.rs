//! How large a rule instance's encoding may grow, and the estimates that
//! are checked before it is built.
//!
//! After [`super::narrow`] most rules take space in proportion to their
//! cells' values. A few encodings grow faster: the `sum`/`prod` automaton
//! with the number of partial values times the values of each cell, the
//! `--sum-encoding pb` totalizer with the number of partial sums it tells
//! apart, `in_order` with the product of neighbouring ranges, `visible`
//! with a cell's values times the keys. Each is estimated first; past
//! [`MAX_LITERALS`] the encoder stops with an error naming the rule and its
//! line instead of running out of memory.

use super::puzzle::{Constraint, Puzzle};
use super::Value;
use crate::error::Error;

/// The most literals one rule instance's clauses may hold (about 80 MB
/// while the formula is built, and a few hundred MB of DIMACS text).
pub const MAX_LITERALS: u64 = 20_000_000;

/// The most values the cells may have together after narrowing: one
/// variable each.
pub const MAX_VALUES: usize = 10_000_000;

/// The error for a rule instance whose encoding would need `needed`
/// literals (or more: some estimates stop counting at the limit), more
/// than [`MAX_LITERALS`].
pub fn too_large(puzzle: &Puzzle, constraint: &Constraint, needed: u64) -> Error {
    let rule = &puzzle.rules[constraint.rule];
    Error::parse(
        &puzzle.source,
        rule.line,
        format!(
            "rule {}: its instance at the pattern of line {} (match {}, sequence {}) would need \
             {}{needed} literals, more than the {MAX_LITERALS} one rule instance may take \
             (docs/rules.md, \"Limits\"); narrow the ranges of its cells",
            rule.text,
            constraint.block_line,
            constraint.instance,
            constraint.key,
            if needed > 2 * MAX_LITERALS { "about " } else { "at least " }
        ),
    )
}

/// The error for ranges that hold more than [`MAX_VALUES`] values together
/// after narrowing; `widest` is the cell with the most.
pub fn too_many_values(puzzle: &Puzzle, total: usize, widest: usize) -> Error {
    Error::parse(
        &puzzle.source,
        puzzle.range_lines[widest],
        format!(
            "the cells' ranges hold {total} values together, even narrowed by the rules, more \
             than the {MAX_VALUES} a puzzle may have (docs/rules.md, \"Limits\"); narrow the ranges"
        ),
    )
}

/// The literals of `in_order` between cells of values `left` and `right`:
/// each value of one cell and the values of the other on its side.
pub fn in_order(left: &[Value], right: &[Value]) -> u64 {
    let mut l: Vec<u32> = left.iter().map(|v| v.unsigned_abs()).collect();
    let mut r: Vec<u32> = right.iter().map(|v| v.unsigned_abs()).collect();
    l.sort_unstable();
    r.sort_unstable();
    let at_least = |v: u32| (r.len() - r.partition_point(|&w| w < v)) as u64;
    let at_most = |w: u32| l.partition_point(|&v| v <= w) as u64;
    let from_left: u64 = l.iter().map(|&v| 1 + at_least(v)).sum();
    let from_right: u64 = r.iter().map(|&w| 1 + at_most(w)).sum();
    from_left + from_right
}

/// An upper bound on the literals of `visible` over cells with `values`:
/// for each cell but the first and each key above the lowest, an order
/// variable with clauses over the cell's values.
pub fn visible(values: &[Vec<Value>]) -> u64 {
    let mut keys: Vec<u32> = values.iter().flatten().map(|v| v.unsigned_abs()).collect();
    keys.sort_unstable();
    keys.dedup();
    let keys = keys.len() as u64;
    values
        .iter()
        .map(|cell| keys * (3 * cell.len() as u64 + 4) + 3 * cell.len() as u64)
        .sum()
}

/// An estimate of the literals of rustsat's generalized totalizer for
/// "the weighted sum of the true literals is at most `bound`": inputs of
/// equal weight are counted together, the groups merged in a balanced tree
/// in the order of their weights, and a node that merges children telling
/// apart `a` and `b` partial sums (up to `bound + 1`) takes about `a * b`
/// clauses of three literals. The estimate stops counting past `limit`.
pub fn totalizer(weights: &[usize], bound: usize, limit: u64) -> u64 {
    let mut sorted = weights.to_vec();
    sorted.sort_unstable();
    // Each group of equal weight: its partial sums 0, w, 2w, ... (capped).
    let mut leaves: Vec<Vec<usize>> = Vec::new();
    let mut cost = 0u64;
    for group in sorted.chunk_by(|a, b| a == b) {
        let w = group[0];
        let n = group.len() as u64;
        cost += 3 * n * n;
        leaves.push(
            (0..=group.len())
                .map(|k| (k * w).min(bound + 1))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect(),
        );
    }
    fn merge(nodes: &[Vec<usize>], bound: usize, cost: &mut u64, limit: u64) -> Vec<usize> {
        if nodes.len() == 1 || *cost > limit {
            return nodes[0].clone();
        }
        let (a, b) = nodes.split_at(nodes.len() / 2);
        let a = merge(a, bound, cost, limit);
        let b = merge(b, bound, cost, limit);
        *cost += 3 * a.len() as u64 * b.len() as u64;
        if *cost > limit {
            return a;
        }
        let mut sums: Vec<usize> = a
            .iter()
            .flat_map(|&x| b.iter().map(move |&y| (x + y).min(bound + 1)))
            .collect();
        sums.sort_unstable();
        sums.dedup();
        sums
    }
    if !leaves.is_empty() {
        merge(&leaves, bound, &mut cost, limit);
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_counts_each_value_and_its_partners() {
        // 1 2 before 1 2: 1 -> {1,2}, 2 -> {2}; after: 1 <- {1}, 2 <- {1,2}.
        assert_eq!(in_order(&[1, 2], &[1, 2]), (1 + 2) + (1 + 1) + (1 + 1) + (1 + 2));
        // Letters compare by position.
        assert_eq!(in_order(&[-1], &[-2]), 2 + 2);
        // Two wide ranges: quadratic.
        let wide: Vec<Value> = (1..=10_000).collect();
        assert!(in_order(&wide, &wide) > MAX_LITERALS / 1000);
    }

    #[test]
    fn the_totalizer_estimate_grows_with_the_partial_sums() {
        // Small weights, small bound: small.
        assert!(totalizer(&[1, 2, 3, 1, 2, 3], 5, MAX_LITERALS) < 1_000);
        // Two cells of 1..1000 (weights 1..999 twice) under a bound of 1000.
        let weights: Vec<usize> = (1..1000).chain(1..1000).collect();
        assert!(totalizer(&weights, 1000, MAX_LITERALS) > MAX_LITERALS);
    }
}
