//! The MAC search against brute force over small word squares.

use super::*;

/// A 3x3 word square over `words` (values 0..3): rows are tables 0-2,
/// columns 3-5; groups are the cells, row by row.
fn square(words: &[Vec<u8>]) -> Vec<TableIndex> {
    let values = vec![0b111u32; 9];
    let mut tables = Vec::new();
    for r in 0..3 {
        tables.push((0..3).map(|c| r * 3 + c).collect::<Vec<_>>());
    }
    for c in 0..3 {
        tables.push((0..3).map(|r| r * 3 + c).collect::<Vec<_>>());
    }
    tables
        .into_iter()
        .map(|groups| TableIndex::new(&groups, words.iter().map(Vec::as_slice), &values))
        .collect()
}

fn readers(tables: &[TableIndex]) -> Vec<Vec<(u32, u32)>> {
    let mut readers = vec![Vec::new(); 9];
    for (t, table) in tables.iter().enumerate() {
        for (pos, &g) in table.groups.iter().enumerate() {
            readers[g].push((t as u32, pos as u32));
        }
    }
    readers
}

/// The rows, then the columns, of the square whose cells (row by
/// row) are `cells`.
fn lines_of(cells: &[u8]) -> Vec<Vec<u8>> {
    (0..3)
        .map(|r| cells[r * 3..r * 3 + 3].to_vec())
        .chain((0..3).map(|c| vec![cells[c], cells[3 + c], cells[6 + c]]))
        .collect()
}

/// Whether every line is among `words` and, with `distinct`, no two
/// lines are the same.
fn lines_fit(lines: &[Vec<u8>], words: &[Vec<u8>], distinct: bool) -> bool {
    lines.iter().all(|line| words.contains(line))
        && (!distinct || (0..6).all(|i| (i + 1..6).all(|j| lines[i] != lines[j])))
}

/// Every square: its cells, row by row.
fn squares() -> impl Iterator<Item = Vec<u8>> {
    (0..3u32.pow(9)).map(|code| (0..9).map(|i| (code / 3u32.pow(i) % 3) as u8).collect())
}

/// Whether some square fits `words`, by brute force over the cells.
fn fillable(words: &[Vec<u8>], distinct: bool) -> bool {
    squares().any(|cells| lines_fit(&lines_of(&cells), words, distinct))
}

/// Each 3-letter word over values 0..3 with a chance of one in `one_in`.
fn some_words(rng: &mut fastrand::Rng, one_in: u8) -> Vec<Vec<u8>> {
    (0..27u8)
        .map(|c| vec![c % 3, c / 3 % 3, c / 9])
        .filter(|_| rng.u8(0..one_in) == 0)
        .collect()
}

/// Calls `check` with 200 random word lists (half of the words each,
/// from `seed`) and a search over the square of each, with distinctness,
/// whose root holds; `check` may draw from the generator after them.
fn each_square(seed: u64, mut check: impl FnMut(&mut fastrand::Rng, &[Vec<u8>], &mut Mac<'_>)) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..200 {
        let words = some_words(&mut rng, 2);
        let tables = square(&words);
        let readers = readers(&tables);
        if let Some(mut mac) = Mac::new(&tables, &[0b111; 9], &readers, true) {
            check(&mut rng, &words, &mut mac);
        }
    }
}

/// Runs `mac` from seed 0 on, each run within `limit` backtracks, until
/// one decides or `runs` have not.
fn restarted(mac: &mut Mac<'_>, limit: u64, runs: u64) -> MacOutcome {
    let mut outcome = MacOutcome::Limit;
    for seed in 0..runs {
        outcome = mac.run(limit, &AtomicU64::new(u64::MAX), seed, None, None);
        if outcome != MacOutcome::Limit {
            break;
        }
    }
    outcome
}

/// Checks `outcome` against brute force over the squares of `words`;
/// whether it is a fill.
fn agrees_with_brute_force(outcome: MacOutcome, words: &[Vec<u8>], distinct: bool) -> bool {
    let expected = fillable(words, distinct);
    match outcome {
        MacOutcome::Sat(values) => {
            assert!(expected, "{words:?}");
            assert!(lines_fit(&lines_of(&values), words, distinct), "{words:?}");
            true
        }
        MacOutcome::Unsat => {
            assert!(!expected, "{words:?}");
            false
        }
        other => panic!("{words:?}: {other:?}"),
    }
}

#[test]
fn answers_agree_with_brute_force() {
    let mut rng = fastrand::Rng::with_seed(7);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..300 {
        let words = some_words(&mut rng, 3);
        for distinct in [false, true] {
            let tables = square(&words);
            let readers = readers(&tables);
            let Some(mut mac) = Mac::new(&tables, &[0b111; 9], &readers, distinct) else {
                assert!(!fillable(&words, distinct), "{words:?}: the root failed");
                unsat += 1;
                continue;
            };
            // A small limit: the restarts must still get there.
            if agrees_with_brute_force(restarted(&mut mac, 2, 1000), &words, distinct) {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
    }
    assert!(sat > 20 && unsat > 20, "{sat} fillable, {unsat} not");
}

#[test]
fn narrowed_runs_agree_with_brute_force_and_end_at_the_root() {
    // The first cell narrowed to one value and the first row to its
    // first few words: the answers are the brute force's under those
    // conditions, and each run leaves the root as it was.
    let (mut sat, mut unsat) = (0, 0);
    each_square(11, |rng, words, mac| {
        let root = (
            mac.domain.clone(),
            (0..6).map(|t| mac.tuples.count(t)).collect::<Vec<_>>(),
        );
        let value = rng.u8(0..3);
        let first = rng.usize(0..=words.len());
        // Half the time the last row is fixed to a word of its own.
        let last_row =
            (rng.bool() && !words.is_empty()).then(|| words[rng.usize(..words.len())].clone());
        let mut domains = vec![(0, 1u32 << value)];
        let mut fixed = Vec::new();
        if let Some(word) = &last_row {
            domains.extend(word.iter().enumerate().map(|(c, &x)| (6 + c, 1u32 << x)));
            fixed.push(2);
        }
        let outcome = mac.run_narrowed(&domains, &[(0, first)], &fixed, 10_000, None, None);
        let after = (
            mac.domain.clone(),
            (0..6).map(|t| mac.tuples.count(t)).collect::<Vec<_>>(),
        );
        assert_eq!(root, after, "{words:?}: the root changed");
        let allowed: Vec<Vec<u8>> = words.iter().take(first).cloned().collect();
        let expected = squares().any(|cells| {
            let lines = lines_of(&cells);
            cells[0] == value
                && last_row.as_ref().is_none_or(|word| &lines[2] == word)
                && allowed.contains(&lines[0])
                && lines_fit(&lines, words, true)
        });
        match outcome {
            MacOutcome::Sat(values) => {
                assert!(expected, "{words:?}");
                assert_eq!(values[0], value);
                assert!(allowed.contains(&values[0..3].to_vec()));
                assert!(lines_fit(&lines_of(&values), words, true), "{words:?}");
                sat += 1;
            }
            MacOutcome::Unsat => {
                assert!(!expected, "{words:?}");
                unsat += 1;
            }
            other => panic!("{words:?}: {other:?}"),
        }
    });
    assert!(sat > 10 && unsat > 10, "{sat} fillable, {unsat} not");
}

#[test]
fn a_raised_stop_ends_the_run_at_the_root() {
    let words: Vec<Vec<u8>> = (0..27u8).map(|c| vec![c % 3, c / 3 % 3, c / 9]).collect();
    let tables = square(&words);
    let readers = readers(&tables);
    let mut mac = Mac::new(&tables, &[0b111; 9], &readers, true).expect("root holds");
    let stop = Stop::default();
    stop.raise();
    let unbounded = AtomicU64::new(u64::MAX);
    assert_eq!(
        mac.run(100, &unbounded, 0, None, Some(&stop)),
        MacOutcome::Stopped
    );
    assert!(mac.levels.is_empty());
    assert!(matches!(
        mac.run(100, &unbounded, 0, None, None),
        MacOutcome::Sat(_)
    ));
}

#[test]
fn a_search_stops_at_its_bound_back_at_the_root() {
    let mut outrun = 0;
    each_square(3, |_, words, mac| {
        // Bound 1: the first backtrack ends the search.
        match mac.run(100, &AtomicU64::new(1), 0, None, None) {
            MacOutcome::Outrun => {
                assert_eq!(mac.backtracks, 1);
                assert!(mac.levels.is_empty());
                outrun += 1;
            }
            MacOutcome::Sat(_) | MacOutcome::Unsat => assert_eq!(mac.backtracks, 0),
            other => panic!("{words:?}: {other:?}"),
        }
    });
    assert!(outrun > 0);
}

#[test]
fn nogoods_make_runs_of_one_backtrack_complete() {
    // Each run ends at its first backtrack past the limit; what it
    // refuted is kept, so the runs get through the whole space and agree
    // with brute force, without the limit ever growing.
    let (mut decided, mut learnt) = (0, 0);
    each_square(5, |_, words, mac| {
        mac.set_learning(Learning::EveryRun);
        agrees_with_brute_force(restarted(mac, 0, 10_000), words, true);
        decided += 1;
        learnt += usize::from(mac.nogoods() > 0);
    });
    assert!(
        decided > 50 && learnt > 10,
        "{decided} decided, {learnt} learnt"
    );
}
