//! Nogoods added at the root and watched as tables come down to a tuple.

use super::*;
use crate::solver::tables::tuples::TableIndex;

/// Three tables of one group each, over values 0..3, each tuple a value.
fn tables() -> Vec<TableIndex> {
    let values = [0b111u32; 3];
    let words: Vec<Vec<u8>> = (0..3).map(|x| vec![x]).collect();
    (0..3)
        .map(|g| TableIndex::new(&[g], words.iter().map(Vec::as_slice), &values))
        .collect()
}

#[test]
fn adding_drops_what_the_root_decides() {
    let tables = tables();
    let mut tuples = TupleSets::new(&tables);
    // Table 0 has tuple 1 only, table 1 has lost tuple 2.
    tuples.keep_only(0, 1);
    tuples.remove(1, 2);
    let mut nogoods = Nogoods::new(3);
    // A decision that fails at the root: the nogood can never prune.
    assert_eq!(nogoods.add(&[(1, 2), (2, 0)], &tuples), Added::Kept);
    assert!(nogoods.is_empty());
    // One that holds is left out: the other must go.
    assert_eq!(
        nogoods.add(&[(0, 1), (2, 0)], &tuples),
        Added::Prune((2, 0))
    );
    assert_eq!(nogoods.add(&[(0, 1)], &tuples), Added::Fails);
    assert_eq!(nogoods.add(&[(0, 1), (1, 0), (2, 0)], &tuples), Added::Kept);
    assert_eq!(nogoods.len(), 1);
}

#[test]
fn a_fixed_table_moves_its_watch_then_prunes_then_fails() {
    let tables = tables();
    let mut tuples = TupleSets::new(&tables);
    let mut nogoods = Nogoods::new(3);
    assert_eq!(nogoods.add(&[(0, 0), (1, 0), (2, 0)], &tuples), Added::Kept);
    let mut prune = Vec::new();
    // Another tuple on a watched table: the nogood is satisfied.
    tuples.push_level();
    tuples.keep_only(0, 2);
    assert!(nogoods.fixed(0, 2, &tuples, &mut prune));
    assert!(prune.is_empty());
    tuples.pop_level();
    // The first decision holds: the watch moves to the third.
    tuples.push_level();
    tuples.keep_only(0, 0);
    assert!(nogoods.fixed(0, 0, &tuples, &mut prune));
    assert!(prune.is_empty());
    // The second holds too: the third's tuple is ruled out.
    tuples.keep_only(1, 0);
    assert!(nogoods.fixed(1, 0, &tuples, &mut prune));
    assert_eq!(prune, [(2, 0)]);
    // All three hold: a failure.
    prune.clear();
    tuples.keep_only(2, 0);
    assert!(!nogoods.fixed(2, 0, &tuples, &mut prune));
    tuples.pop_level();
    // After the failure the nogood still watches two tables: it prunes
    // again from the start.
    tuples.push_level();
    tuples.keep_only(2, 0);
    tuples.keep_only(1, 0);
    assert!(nogoods.fixed(2, 0, &tuples, &mut prune));
    assert!(nogoods.fixed(1, 0, &tuples, &mut prune));
    assert_eq!(prune, [(0, 0)]);
}
