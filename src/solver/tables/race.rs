//! Two MAC searches side by side, with one answer whatever the timing.
//!
//! The run time of a randomised search with restarts is heavy-tailed: from
//! other seeds the same fill may take a tenth, or ten times, the
//! backtracks. So two searches run, each in a thread of its own with its
//! own seeds and weights, and each counts its backtracks over all its
//! runs. The answer is that of the search that decided (a fill, or a
//! proof that there is none) after fewer backtracks, the first search's
//! on a tie. Which thread ran faster does not matter: once a search has
//! decided after `n` backtracks, the other goes on until it decides with
//! fewer or reaches `n` (the first search: `n + 1`), and it gets there at
//! the same point of its own seeded search in every run. So `solve`
//! answers alike every time, and on two free cores in the time of the
//! luckier search.
//!
//! With scored tables (a crossword's word scores) the first search tries
//! the higher-scored tuples first and the second by support alone, the
//! order that fills fastest: the second's answer after `n` backtracks
//! wins only when the first needs more than [`SCORED_HANDICAP`] allows
//! (4 `n`, and at least 10,000), so a fill of higher scores is kept
//! unless it is much harder to find than one of any scores. A proof that
//! there is no fill has no handicap: any proof is as good, so the fewer
//! backtracks win as without scores.
//!
//! BatSat (`cdcl`), whose learnt clauses prove that there is no fill,
//! runs in the first search's thread between its runs, with a share of
//! its backtracks; its runs are part of that search (they end at its
//! count of backtracks).

use super::cdcl::{Cdcl, RunOutcome, FIRST_RUN_CONFLICTS};
use super::mac::{Learning, Mac, MacOutcome};
use super::{literals, Prepared, Stop, TableOutcome, TableSpec, TableStats};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The backtracks of a search's first run; each next run may have a
/// tenth more (the growth of dedicated fillers' restarts).
const FIRST_MAC_BACKTRACKS: u64 = 500;

/// Beside the first search BatSat runs with a conflict for every this many
/// of its backtracks (a conflict costs about twice a backtrack, so BatSat
/// has a third of that thread's time or so).
const BACKTRACKS_PER_CONFLICT: u64 = 20;

/// The second search's seeds start here (the first's at 0).
const SECOND_SEEDS: u64 = 1 << 32;

/// How many backtracks the first search may take and still answer, when
/// the second decided after `n`: `max(times * n, floor)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Handicap {
    /// The factor on the second's backtracks.
    pub times: u64,
    /// The backtracks the first always has.
    pub floor: u64,
}

impl Handicap {
    /// Both searches alike: the fewer backtracks win, the first on a tie.
    pub const NONE: Handicap = Handicap { times: 1, floor: 0 };

    /// The first search's last winning count of backtracks when the
    /// second decided after `n`.
    fn first_limit(self, n: u64) -> u64 {
        n.saturating_mul(self.times).max(self.floor)
    }

    /// Whether the second search, deciding after `second` backtracks,
    /// wins over the first deciding after `first`.
    fn second_wins(self, second: u64, first: u64) -> bool {
        first > self.first_limit(second)
    }

    /// The second search's bound once the first decided after `first`
    /// backtracks: it wins only below it.
    fn second_bound(self, first: u64) -> u64 {
        if first <= self.floor {
            0
        } else {
            first.div_ceil(self.times)
        }
    }
}

/// With scored tables, the second search's handicap: the first (by
/// score) may take 4 times its backtracks, and 10,000 backtracks (a few
/// seconds on a 15x15 pattern) in any case.
pub(super) const SCORED_HANDICAP: Handicap = Handicap {
    times: 4,
    floor: 10_000,
};

/// The handicap that applies to a search that decided `decided`: none
/// for a proof that there is no answer.
fn handicap_for(decided: &TableOutcome, handicap: Handicap) -> Handicap {
    match decided {
        TableOutcome::Unsat => Handicap::NONE,
        _ => handicap,
    }
}

/// The two searches of a race: their MAC states (over the same tables,
/// perhaps in other tuple orders) and the second's handicap.
pub(super) struct Searches<'a> {
    /// The first search, BatSat beside it.
    pub first: Mac<'a>,
    /// The second search.
    pub second: Second<'a>,
    /// [`Handicap::NONE`] when both try the tuples in the same order.
    pub handicap: Handicap,
    /// Which runs of each search record nogoods.
    pub learning: Learning,
}

/// The second search of a race.
pub(super) enum Second<'a> {
    /// Its MAC state, made ready.
    Ready(Box<Mac<'a>>),
    /// Over the tables of `Prepared` in the order by support alone
    /// ([`Prepared::unscored_tables`]), made in the second search's own
    /// thread while the first searches.
    BySupport(&'a Prepared),
}

/// How a search ended.
struct End {
    /// Its answer, `None` if it did not decide (outrun, stopped or out of
    /// time).
    outcome: Option<TableOutcome>,
    /// Its backtracks over all runs.
    backtracks: u64,
    stats: TableStats,
}

/// Searches `spec`'s tables from `searches` (their root level holds) in
/// two threads, BatSat (`cdcl`) beside the first, until one decides,
/// `deadline` or `stop`: the answer of the search that decided after
/// fewer backtracks, the second's with its handicap (module
/// documentation), with its statistics (`mac_stream` says which search it
/// was) and BatSat's.
pub(super) fn race(
    spec: &TableSpec,
    searches: Searches<'_>,
    cdcl: &mut Cdcl,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> (TableOutcome, TableStats) {
    let bounds = [AtomicU64::new(u64::MAX), AtomicU64::new(u64::MAX)];
    let Searches {
        first: mac,
        second,
        handicap,
        learning,
    } = searches;
    let race = Race {
        bounds: &bounds,
        handicap,
        learning,
    };
    let (first, second) = std::thread::scope(|scope| {
        let helper = std::thread::Builder::new()
            .name("tables-mac".into())
            .spawn_scoped(scope, || match second {
                Second::Ready(mac) => search(spec, *mac, None, 1, &race, deadline, stop),
                Second::BySupport(prepared) => {
                    let tables = prepared.unscored_tables(spec);
                    let mac = Mac::new(&tables, &prepared.values, &prepared.readers, spec.distinct);
                    match mac {
                        Some(mac) => search(spec, mac, None, 1, &race, deadline, stop),
                        // Unreachable: the first search's root holds over
                        // the same tuples.
                        None => End {
                            outcome: None,
                            backtracks: u64::MAX,
                            stats: TableStats::default(),
                        },
                    }
                }
            });
        let first = search(spec, mac, Some(cdcl), 0, &race, deadline, stop);
        // Without a second thread (none could be made, or it failed) the
        // first search's answer stands.
        let second = helper.ok().and_then(|helper| helper.join().ok());
        (first, second)
    });
    let mut stats = first.stats;
    stats.mac_stream = 1;
    let outcome = match second {
        Some(second)
            if second.outcome.as_ref().is_some_and(|decided| {
                first.outcome.is_none()
                    || handicap_for(decided, handicap)
                        .second_wins(second.backtracks, first.backtracks)
            }) =>
        {
            stats.mac_stream = 2;
            stats.mac_runs = second.stats.mac_runs;
            stats.mac_decisions = second.stats.mac_decisions;
            stats.mac_backtracks = second.stats.mac_backtracks;
            stats.mac_nogoods = second.stats.mac_nogoods;
            second.outcome
        }
        _ => first.outcome,
    };
    (outcome.unwrap_or(TableOutcome::Unknown), stats)
}

/// What the searches of a race share: per search, the backtracks at which
/// it has lost (the other decided), the second's handicap, and which
/// runs record nogoods.
struct Race<'a> {
    bounds: &'a [AtomicU64; 2],
    handicap: Handicap,
    /// Which runs of each search record nogoods.
    learning: Learning,
}

/// One search (`me`: 0 the first, 1 the second): MAC runs under a growing
/// backtrack limit, BatSat's between them if given, until one decides or
/// the search's count of backtracks reaches its bound in `race` (then the
/// other search has won); a decision bounds the other search.
fn search(
    spec: &TableSpec,
    mut mac: Mac<'_>,
    mut cdcl: Option<&mut Cdcl>,
    me: usize,
    race: &Race<'_>,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> End {
    let bounds = race.bounds;
    mac.set_learning(race.learning);
    let mut stats = TableStats::default();
    let mut round = 0;
    let mut backtrack_limit = FIRST_MAC_BACKTRACKS;
    let seeds = if me == 0 { 0 } else { SECOND_SEEDS };
    let mut outcome = None;
    for seed in seeds.. {
        let run = mac.run(backtrack_limit, &bounds[me], seed, deadline, stop);
        stats.mac_runs += 1;
        match run {
            MacOutcome::Sat(solution) => {
                outcome = Some(TableOutcome::Sat(literals(spec, &solution)));
                break;
            }
            MacOutcome::Unsat => {
                outcome = Some(TableOutcome::Unsat);
                break;
            }
            MacOutcome::Stopped | MacOutcome::Outrun => break,
            MacOutcome::Limit => {
                backtrack_limit = (backtrack_limit + 1).max(backtrack_limit * 11 / 10);
            }
        }
        let Some(cdcl) = cdcl.as_deref_mut() else {
            continue;
        };
        let share = mac.backtracks / BACKTRACKS_PER_CONFLICT;
        if share >= stats.conflicts + FIRST_RUN_CONFLICTS {
            let limit = share - stats.conflicts;
            if let RunOutcome::Decided(decided) = cdcl.run(round, limit, deadline, stop, &mut stats)
            {
                outcome = Some(decided);
                break;
            }
            round += 1;
        }
    }
    stats.mac_decisions = mac.decisions;
    stats.mac_backtracks = mac.backtracks;
    stats.mac_nogoods = mac.nogoods() as u64;
    if let Some(decided) = &outcome {
        // The other search wins only with fewer backtracks (the first
        // search: with as many too), the second with its handicap when
        // there is an answer (a proof that there is none is the same
        // whichever search gives it).
        let other = 1 - me;
        let handicap = handicap_for(decided, race.handicap);
        let bound = if other == 0 {
            handicap.first_limit(mac.backtracks).saturating_add(1)
        } else {
            handicap.second_bound(mac.backtracks)
        };
        bounds[other].fetch_min(bound, Ordering::Relaxed);
    }
    End {
        outcome,
        backtracks: mac.backtracks,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Prepared, ScoreGoal, Table};
    use super::*;
    use crate::cnf::Clauses;
    use rustsat::types::Var;

    /// An `n` x `n` square of distinct words over `words` (values below
    /// `letters`): rows are tables `0..n`, columns `n..2n`.
    fn square(n: usize, letters: u8, words: &[Vec<u8>]) -> TableSpec {
        let groups = (0..n * n)
            .map(|g| {
                (0..letters)
                    .map(|x| {
                        (
                            x,
                            Var::new((g * usize::from(letters) + usize::from(x)) as u32),
                        )
                    })
                    .collect()
            })
            .collect();
        let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect::<Vec<_>>());
        let columns = (0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>());
        let tables = rows
            .chain(columns)
            .map(|groups| Table::new(groups, words.iter().map(|w| &w[..])))
            .collect();
        TableSpec {
            groups,
            tables,
            distinct: true,
            goal: ScoreGoal::First,
        }
    }

    fn cdcl<'a>(spec: &TableSpec, prepared: &'a Prepared) -> Cdcl<'a> {
        Cdcl::new(
            spec,
            &prepared.tables,
            &prepared.readers,
            &prepared.shares.by_group,
            &Clauses::new(),
        )
        .expect("no extra clauses")
    }

    /// Search `me` on its own (the other one never decides).
    fn alone(spec: &TableSpec, prepared: &Prepared, mac: &Mac<'_>, me: usize) -> End {
        let mut cdcl = cdcl(spec, prepared);
        let bounds = [AtomicU64::new(u64::MAX), AtomicU64::new(u64::MAX)];
        let race = Race {
            bounds: &bounds,
            handicap: Handicap::NONE,
            learning: Learning::LongRuns,
        };
        let cdcl = (me == 0).then_some(&mut cdcl);
        search(spec, mac.clone(), cdcl, me, &race, None, None)
    }

    #[test]
    fn the_search_that_decides_after_fewer_backtracks_answers() {
        let mut rng = fastrand::Rng::with_seed(5);
        let (mut first_won, mut second_won, mut answers_differ) = (0, 0, 0);
        for _ in 0..60 {
            // A ninth of the 5-letter words over 4 letters.
            let words: Vec<Vec<u8>> = (0..1024u32)
                .map(|c| (0..5).map(|i| (c >> (2 * i) & 3) as u8).collect())
                .filter(|_| rng.u8(0..9) == 0)
                .collect();
            let spec = square(5, 4, &words);
            let prepared = Prepared::new(&spec);
            let Some(mac) = Mac::new(
                &prepared.tables,
                &prepared.values,
                &prepared.readers,
                spec.distinct,
            ) else {
                continue;
            };
            let first = alone(&spec, &prepared, &mac, 0);
            let second = alone(&spec, &prepared, &mac, 1);
            let second_wins = second.backtracks < first.backtracks;
            let winner = if second_wins { &second } else { &first };
            answers_differ += usize::from(first.outcome != second.outcome);
            if second_wins {
                second_won += 1;
            } else {
                first_won += 1;
            }
            // Whichever thread runs faster, the answer is the winner's.
            for _ in 0..3 {
                let mut cdcl = cdcl(&spec, &prepared);
                let searches = Searches {
                    first: mac.clone(),
                    second: Second::Ready(Box::new(mac.clone())),
                    handicap: Handicap::NONE,
                    learning: Learning::LongRuns,
                };
                let (outcome, stats) = race(&spec, searches, &mut cdcl, None, None);
                assert_eq!(Some(&outcome), winner.outcome.as_ref());
                assert_eq!(stats.mac_backtracks, winner.backtracks);
                assert_eq!(stats.mac_stream, if second_wins { 2 } else { 1 });
            }
        }
        assert!(
            first_won > 0 && second_won > 0 && answers_differ > 0,
            "first won {first_won}, second {second_won}, answers differed {answers_differ}"
        );
    }

    #[test]
    fn the_second_search_bound_agrees_with_its_handicap() {
        // A second search stopped at its bound would not have won: every
        // count below the bound wins, the bound itself does not.
        for handicap in [Handicap::NONE, SCORED_HANDICAP] {
            for first in [0, 1, 7, 10_000, 10_001, 40_003, 1 << 40] {
                let bound = handicap.second_bound(first);
                if bound > 0 {
                    assert!(
                        handicap.second_wins(bound - 1, first),
                        "{handicap:?} {first}"
                    );
                }
                assert!(!handicap.second_wins(bound, first), "{handicap:?} {first}");
                // And the first's bound: its last winning count.
                let second = bound.max(1);
                let limit = handicap.first_limit(second);
                assert!(!handicap.second_wins(second, limit));
                assert!(handicap.second_wins(second, limit + 1));
            }
        }
        // With scores the first search keeps at least 10,000 backtracks.
        assert!(!SCORED_HANDICAP.second_wins(1, 10_000));
        assert!(SCORED_HANDICAP.second_wins(1, 10_001));
        assert!(!SCORED_HANDICAP.second_wins(5_000, 20_000));
    }
}
