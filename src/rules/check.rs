//! The rules checked on a solution, sharing nothing with the encoding.
//!
//! [`violations`] lists every broken rule instance with the rule's line,
//! its pattern block, which match and sequence it is, and the values
//! found; [`check`] joins them into one message.

use super::parse::show_value;
use super::puzzle::{Constraint, Puzzle, Rule};
use super::Value;
use std::collections::BTreeMap;

/// At most this many violations are spelled out in one message.
const SHOWN: usize = 12;

/// Checks every rule; the error lists the broken rule instances.
pub fn check(puzzle: &Puzzle, values: &[Value]) -> Result<(), String> {
    let found = violations(puzzle, values);
    if found.is_empty() {
        return Ok(());
    }
    let mut message = found
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if found.len() > SHOWN {
        message.push_str(&format!("; and {} more", found.len() - SHOWN));
    }
    Err(message)
}

/// Every broken rule instance, range and given value, in words.
pub fn violations(puzzle: &Puzzle, values: &[Value]) -> Vec<String> {
    let mut found = Vec::new();
    if values.len() != puzzle.domains.len() {
        found.push(format!(
            "the solution has {} cells, the layout {}",
            values.len(),
            puzzle.domains.len()
        ));
        return found;
    }
    for (cell, (&value, domain)) in values.iter().zip(&puzzle.domains).enumerate() {
        if !domain.contains(&value) {
            found.push(format!(
                "cell at {} is {}, outside its range (line {})",
                puzzle.layout.describe_cell(cell),
                show_value(value),
                puzzle.range_lines[cell]
            ));
        }
    }
    for (cell, given) in puzzle.initial.iter().enumerate() {
        if let Some(given) = given {
            if values[cell] != given.value {
                found.push(format!(
                    "cell at {} is {}, but initial (line {}) gives {}",
                    puzzle.layout.describe_cell(cell),
                    show_value(values[cell]),
                    given.line,
                    show_value(given.value)
                ));
            }
        }
    }
    for constraint in &puzzle.constraints {
        let seq: Vec<Value> = constraint.cells.iter().map(|&c| values[c]).collect();
        if let Some(why) = broken(puzzle, constraint, &seq) {
            found.push(format!("{}: {why}", describe(puzzle, constraint, &seq)));
        }
    }
    found
}

/// "rule sum 34 (line 23), pattern at line 27 match 2 sequence 'b'
/// [1 12 14 7]".
pub fn describe(puzzle: &Puzzle, constraint: &Constraint, seq: &[Value]) -> String {
    let shown: Vec<String> = seq.iter().map(|&v| show_value(v)).collect();
    format!(
        "{} [{}]",
        puzzle.describe_instance(constraint),
        shown.join(" ")
    )
}

/// How many times each value occurs.
fn multiset(values: &[Value]) -> BTreeMap<Value, usize> {
    let mut counts = BTreeMap::new();
    for &v in values {
        *counts.entry(v).or_insert(0) += 1;
    }
    counts
}

/// Why the rule instance is broken by `seq`, or `None` when it holds.
pub fn broken(puzzle: &Puzzle, constraint: &Constraint, seq: &[Value]) -> Option<String> {
    match &puzzle.rules[constraint.rule].rule {
        Rule::Sum(target) => {
            let total: i64 = seq.iter().map(|&v| v as i64).sum();
            (total != *target).then(|| format!("the sum is {total}"))
        }
        Rule::Prod(target) => {
            let product = seq.iter().try_fold(1i128, |p, &v| p.checked_mul(v as i128));
            match product {
                Some(p) if p == *target as i128 => None,
                Some(p) => Some(format!("the product is {p}")),
                None => Some("the product overflows".into()),
            }
        }
        Rule::Permutation(set) => {
            (multiset(seq) != multiset(set)).then(|| "not a permutation of the set".into())
        }
        Rule::Subset(set) => {
            let allowed = multiset(set);
            multiset(seq)
                .into_iter()
                .find(|(v, n)| *n > allowed.get(v).copied().unwrap_or(0))
                .map(|(v, n)| format!("{} occurs {n} times", show_value(v)))
        }
        Rule::Superset(set) => {
            let have = multiset(seq);
            multiset(set)
                .into_iter()
                .find(|(v, n)| have.get(v).copied().unwrap_or(0) < *n)
                .map(|(v, n)| format!("{} occurs fewer than {n} times", show_value(v)))
        }
        Rule::Distinct => multiset(seq)
            .into_iter()
            .find(|&(_, n)| n > 1)
            .map(|(v, n)| format!("{} occurs {n} times", show_value(v))),
        Rule::Visible(count) => {
            let mut highest = None;
            let mut seen = 0;
            for &v in seq {
                if highest.is_none_or(|h| v.unsigned_abs() > h) {
                    seen += 1;
                    highest = Some(v.unsigned_abs());
                }
            }
            (seen != *count).then(|| format!("{seen} cells are visible"))
        }
        Rule::InOrder => seq
            .windows(2)
            .any(|w| w[0].unsigned_abs() > w[1].unsigned_abs())
            .then(|| "not in order".into()),
        Rule::InReverseOrder => seq
            .windows(2)
            .any(|w| w[0].unsigned_abs() < w[1].unsigned_abs())
            .then(|| "not in reverse order".into()),
        Rule::Word(list) => {
            let spelled: Option<String> = seq
                .iter()
                .map(|&v| {
                    (-26..=-1)
                        .contains(&v)
                        .then(|| (b'a' as i32 - 1 - v) as u8 as char)
                })
                .collect();
            match spelled {
                Some(word) if puzzle.word_lists[*list].contains(&word) => None,
                Some(word) => Some(format!("'{word}' is not in the word list")),
                None => Some("a cell is not a letter".into()),
            }
        }
    }
}
