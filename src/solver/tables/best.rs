//! The best-scored answer of scored tables: the highest lowest score,
//! proved, then a high total (a crossword's best fill, `encode-crossword
//! --best-fill`).
//!
//! A scored table's tuple has a score (a slot's word); an answer's
//! *lowest* is the lowest score of the tuples it takes in the scored
//! tables, its *total* their sum (unscored tables, such as a crossword's
//! fully pre-filled unlisted entries, count in neither). Answers with a
//! lowest of at least `t` are the answers of the tables cut to their
//! tuples of score `t` or more, so the highest lowest is found by
//! bisection over the tables' scores, each step a search of the cut
//! tables ([`solve_tables`]): an answer raises the lowest known to be
//! possible to the answer's own lowest, a proof that there is none lowers
//! the bound to the score below `t`. When the two meet the lowest is
//! proved. No answer's lowest can exceed the least of the tables' highest
//! scores, where the bound starts. Refutations are the costly steps (an
//! answer at a level that has some comes in well under a second on a
//! 15x15 crossword, the proof that a level has none can take a minute),
//! and only one is needed, at the level just above the highest lowest:
//! so each probe of the bisection has a time budget ([`PROBE_BUDGET`] at
//! first), a level it cannot decide within it is set aside (the bisection
//! goes on below it), and once the bisection has met the set-aside
//! levels, the level just above the lowest found is searched again with
//! all the time left but a share kept for the local search
//! (a twentieth, `LOCAL_SEARCH_SHARE`): where that level has answers the search
//! ends as soon as it finds one (which opens the levels set aside again),
//! so more time only ever goes to a refutation that needs it. A probe
//! is as likely to refute as to find, so its MAC runs keep what each of
//! them refuted from the first restart on (`mac::Learning::EveryRun`).
//!
//! Then, among the answers of that lowest, the total is raised by local
//! search: for each scored table in turn, from its lowest-scored tuple
//! up, the table is asked for a tuple of a higher score while the tables
//! that share a group with it (a slot's crossing slots; in a second round
//! theirs too) may take any tuple of the lowest or more and every other
//! table keeps its tuple; an answer of a higher total replaces the
//! current one. Rounds go on until none gains. Whatever the search
//! reaches, the total can exceed no sum of the tables' highest scores of
//! the lowest or more, which is reported as its bound.
//!
//! At the deadline (or `stop`) the best answer found so far is the
//! answer, with the bounds proved so far; with none found, the outcome is
//! unknown. Every search is deterministic, and so is a proved lowest;
//! which fill of it is found can depend on whether a probe ended within
//! its budget.

use super::mac::{Mac, MacOutcome};
use super::{
    solve_prepared, solve_tables, Clauses, Learning, Prepared, ScoreGoal, TableOutcome, TableSpec,
    TableStats,
};
use crate::solver::Stop;
use rustc_hash::FxHashMap as HashMap;
use rustsat::types::{Lit, Var};
use std::time::{Duration, Instant};

/// What the best-scores search found and proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestScores {
    /// The lowest score of the answer's scored tuples.
    pub lowest: u32,
    /// No answer has a lowest score above this: when it equals
    /// `lowest`, the lowest is proved the highest there is.
    pub lowest_bound: u32,
    /// The sum of the answer's scores.
    pub total: u64,
    /// No answer whose lowest is at least `lowest` has a higher total.
    pub total_bound: u64,
    /// Searches of cut tables for the lowest (each an answer or a proof).
    pub probes: u64,
}

impl BestScores {
    /// Whether the lowest score is proved the highest any answer has.
    pub fn proved(&self) -> bool {
        self.lowest == self.lowest_bound
    }

    /// The `c stat` keys and values that `solve` prints for it, which
    /// [`BestScores::from_statistics`] reads back.
    pub fn statistics(&self) -> Vec<(String, String)> {
        [
            ("best-lowest", u64::from(self.lowest)),
            ("best-lowest-bound", u64::from(self.lowest_bound)),
            ("best-total", self.total),
            ("best-total-bound", self.total_bound),
            ("best-probes", self.probes),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
    }

    /// The claim of a model stream's `c stat best-*` lines (`None`
    /// without them); an error names a missing or malformed one.
    pub fn from_statistics(stats: &[(String, String)]) -> Result<Option<BestScores>, String> {
        let value = |key: &str| -> Option<&str> {
            stats
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        if value("best-lowest").is_none() {
            return Ok(None);
        }
        let number = |key: &str| -> Result<u64, String> {
            let text = value(key).ok_or_else(|| format!("'c stat {key}' is missing"))?;
            text.parse()
                .map_err(|_| format!("'c stat {key} {text}' is not a whole number"))
        };
        let score = |key: &str| -> Result<u32, String> {
            u32::try_from(number(key)?).map_err(|_| format!("'c stat {key}' is too large"))
        };
        let best = BestScores {
            lowest: score("best-lowest")?,
            lowest_bound: score("best-lowest-bound")?,
            total: number("best-total")?,
            total_bound: number("best-total-bound")?,
            probes: number("best-probes").unwrap_or(0),
        };
        if best.lowest_bound < best.lowest || best.total_bound < best.total {
            return Err(format!(
                "the best-scores bounds are below what was found (lowest {} of at most {}, \
                 total {} of at most {})",
                best.lowest, best.lowest_bound, best.total, best.total_bound
            ));
        }
        Ok(Some(best))
    }
}

/// The best-scored answer of `spec` (see the module documentation), with
/// the counters of all its searches and [`TableStats::best`]; `None` if
/// `spec` is not valid. Without scored tables it is any answer.
pub fn best_scores(
    spec: &TableSpec,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    let none = Clauses::new();
    let (outcome, mut stats) = solve_tables(spec, &none, deadline, stop)?;
    let TableOutcome::Sat(first) = outcome else {
        return Some((outcome, stats));
    };
    let reader = Reader::new(spec);
    let Some(mut best) = reader.answer(spec, &first) else {
        return Some((TableOutcome::Sat(first), stats));
    };
    let scored: Vec<usize> = (0..spec.tables.len())
        .filter(|&t| spec.tables[t].is_scored())
        .collect();
    if scored.is_empty() {
        return Some((TableOutcome::Sat(first), stats));
    }
    // The scores an answer's lowest can be, ascending.
    let mut levels: Vec<u32> = scored
        .iter()
        .flat_map(|&t| (0..spec.tables[t].len()).filter_map(move |i| spec.tables[t].score(i)))
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let level_of = |score: u32| levels.partition_point(|&s| s < score);
    let cap = scored
        .iter()
        .filter_map(|&t| {
            let table = &spec.tables[t];
            (0..table.len()).filter_map(|i| table.score(i)).max()
        })
        .min()
        .unwrap_or(0);
    // Levels by index: `low` is the found answer's lowest; no answer's
    // lowest is above `high` (proved), nor, as far as the probes within
    // their budget could tell, above `open` (`low <= open <= high`).
    let mut low = level_of(best.lowest);
    let mut high = level_of(cap).min(levels.len() - 1);
    let mut open = high;
    let mut probes = 0;
    let retry_until = deadline.map(|d| {
        let now = Instant::now();
        d - d.saturating_duration_since(now).mul_f64(LOCAL_SEARCH_SHARE)
    });
    let stopped =
        || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_some_and(Stop::raised);
    while low < high && !stopped() {
        // Between `low` and `open` by bisection; once they meet, the
        // level above `low`, with twice the time at each failure.
        let level = if low < open {
            low + (open - low).div_ceil(2)
        } else {
            open + 1
        };
        let retried = level > open;
        let limit = if retried {
            retry_until
        } else {
            let soon = Instant::now() + PROBE_BUDGET;
            Some(deadline.map_or(soon, |d| d.min(soon)))
        };
        // Cut from a valid spec, the tables stay valid.
        let cut = cut_to(spec, levels[level]);
        let prepared = Prepared::new(&cut);
        let probe = solve_prepared(&cut, &prepared, &none, Learning::EveryRun, limit, stop);
        let Some((outcome, later)) = probe else {
            break;
        };
        stats.add(&later);
        probes += 1;
        match outcome {
            TableOutcome::Sat(lits) => match reader.answer(spec, &lits) {
                Some(answer) => {
                    // After a retry, the levels set aside above are
                    // open again.
                    low = level_of(answer.lowest).max(level);
                    open = if retried { high } else { open.max(low) };
                    best = answer;
                }
                None => break,
            },
            TableOutcome::Unsat => {
                high = level - 1;
                open = open.min(high);
            }
            TableOutcome::Unknown if retried => break,
            TableOutcome::Unknown => open = level - 1,
        }
    }
    let lowest_bound = levels[high].max(best.lowest);
    let floor = best.lowest;
    let cut = cut_to(spec, floor);
    let prepared = Prepared::new(&cut);
    stats.improvements = improve(&cut, &prepared, floor, &mut best, None, deadline, stop);
    let total_bound = scored
        .iter()
        .map(|&t| {
            let table = &cut.tables[t];
            (0..table.len())
                .filter_map(|i| table.score(i))
                .max()
                .map_or(0, u64::from)
        })
        .sum::<u64>()
        .max(best.total);
    stats.best = Some(BestScores {
        lowest: best.lowest,
        lowest_bound,
        total: best.total,
        total_bound,
        probes,
    });
    Some((TableOutcome::Sat(best.literals(spec)), stats))
}

/// The backtracks the search of one neighbourhood of the local search
/// may take (most decide in a few; a harder one is passed over).
const NEIGHBOURHOOD_BACKTRACKS: u64 = 1_000;

/// How long a probe of the bisection may take before its level is set
/// aside (below the proved bound) as too hard for now: answers come fast
/// where there are some, and only the level just above the highest
/// lowest found must be refuted in full.
const PROBE_BUDGET: Duration = Duration::from_secs(2);

/// The share of the time left when the search began that the level just
/// above the lowest found leaves to the local search for the total.
const LOCAL_SEARCH_SHARE: f64 = 0.05;

/// Per table, the other tables that share a group with it (a slot's
/// crossing slots).
fn crossings(spec: &TableSpec) -> Vec<Vec<usize>> {
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); spec.groups.len()];
    for (t, table) in spec.tables.iter().enumerate() {
        for &g in &table.groups {
            readers[g].push(t);
        }
    }
    spec.tables
        .iter()
        .enumerate()
        .map(|(t, table)| {
            let mut near: Vec<usize> = table
                .groups
                .iter()
                .flat_map(|&g| readers[g].iter().copied())
                .filter(|&u| u != t)
                .collect();
            near.sort_unstable();
            near.dedup();
            near
        })
        .collect()
}

/// The tables within `radius` crossings of `centre` (a mask by table).
fn region(crossing: &[Vec<usize>], centre: usize, radius: usize) -> Vec<bool> {
    let mut within = vec![false; crossing.len()];
    within[centre] = true;
    let mut ring = vec![centre];
    for _ in 0..radius {
        let mut next = Vec::new();
        for &t in &ring {
            for &u in &crossing[t] {
                if !within[u] {
                    within[u] = true;
                    next.push(u);
                }
            }
        }
        ring = next;
    }
    within
}

/// The local search's neighbourhoods per scored table for an improved
/// answer ([`improved`]): its cost stays a small multiple of a first
/// answer's.
const IMPROVE_SEARCHES_PER_TABLE: u64 = 4;

/// The first answer of `spec` (as [`solve_tables`] finds it), its total
/// raised by the local search of the module documentation, keeping its
/// lowest score, for at most [`IMPROVE_SEARCHES_PER_TABLE`] neighbourhood
/// searches per scored table (`c stat improvements`: the gains); `None`
/// if `spec` is not valid.
pub fn improved(
    spec: &TableSpec,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Option<(TableOutcome, TableStats)> {
    spec.validate().ok()?;
    let prepared = Prepared::new(spec);
    let none = Clauses::new();
    let (outcome, mut stats) =
        solve_prepared(spec, &prepared, &none, Learning::LongRuns, deadline, stop)?;
    let TableOutcome::Sat(first) = outcome else {
        return Some((outcome, stats));
    };
    let scored = spec.tables.iter().filter(|t| t.is_scored()).count() as u64;
    let reader = Reader::new(spec);
    let Some(mut answer) = reader.answer(spec, &first).filter(|_| scored > 0) else {
        return Some((TableOutcome::Sat(first), stats));
    };
    let floor = answer.lowest;
    let searches = Some(IMPROVE_SEARCHES_PER_TABLE * scored);
    stats.improvements = improve(
        spec,
        &prepared,
        floor,
        &mut answer,
        searches,
        deadline,
        stop,
    );
    Some((TableOutcome::Sat(answer.literals(spec)), stats))
}

/// `spec` with its scored tables cut to their tuples of score `floor` or
/// more.
fn cut_to(spec: &TableSpec, floor: u32) -> TableSpec {
    TableSpec {
        groups: spec.groups.clone(),
        tables: spec
            .tables
            .iter()
            .map(|table| {
                if table.is_scored() {
                    table.filtered(|i| table.score(i).is_some_and(|s| s >= floor))
                } else {
                    table.clone()
                }
            })
            .collect(),
        distinct: spec.distinct,
        goal: ScoreGoal::First,
    }
}

/// An answer read back: the value of every group, the tuple each table
/// takes, and its scores.
struct Answer {
    values: Vec<u8>,
    /// Per table, the index of its tuple in the spec the answer is read
    /// against.
    tuples: Vec<usize>,
    lowest: u32,
    total: u64,
}

impl Answer {
    /// The answer as the literals of the groups' variables.
    fn literals(&self, spec: &TableSpec) -> Vec<Lit> {
        super::literals(spec, &self.values)
    }
}

/// Reads answers (literals of the groups' variables) as tuples.
struct Reader {
    /// The group and value of each group variable.
    value_of: HashMap<Var, (usize, u8)>,
}

impl Reader {
    fn new(spec: &TableSpec) -> Reader {
        let mut value_of = HashMap::default();
        for (g, group) in spec.groups.iter().enumerate() {
            for &(x, var) in group {
                value_of.insert(var, (g, x));
            }
        }
        Reader { value_of }
    }

    /// The group and value of each true group variable among `lits`.
    fn true_values<'a>(&'a self, lits: &'a [Lit]) -> impl Iterator<Item = (usize, u8)> + 'a {
        lits.iter()
            .filter(|l| l.is_pos())
            .filter_map(|lit| self.value_of.get(&lit.var()).copied())
    }

    /// `lits` as an answer of `spec` (see [`evaluate`]).
    fn answer(&self, spec: &TableSpec, lits: &[Lit]) -> Option<Answer> {
        let mut values = vec![None; spec.groups.len()];
        for (g, x) in self.true_values(lits) {
            values[g] = Some(x);
        }
        evaluate(spec, values.into_iter().collect::<Option<Vec<u8>>>()?, None)
    }
}

/// The groups' `values` as an answer of `spec`: the tuple of every table
/// and the scores; `None` when a table has no such tuple (which a
/// search's answer never lacks). With `known` (an answer and the tables
/// whose values may differ from it), the other tables keep its tuples.
fn evaluate(
    spec: &TableSpec,
    values: Vec<u8>,
    known: Option<(&Answer, &[bool])>,
) -> Option<Answer> {
    let mut read = Vec::new();
    let mut tuples = Vec::with_capacity(spec.tables.len());
    let (mut lowest, mut total) = (u32::MAX, 0u64);
    for (t, table) in spec.tables.iter().enumerate() {
        let i = match known {
            Some((answer, free)) if !free[t] => answer.tuples[t],
            _ => {
                read.clear();
                read.extend(table.groups.iter().map(|&g| values[g]));
                table.tuples().position(|tuple| tuple == read.as_slice())?
            }
        };
        if let Some(score) = table.score(i) {
            lowest = lowest.min(score);
            total += u64::from(score);
        }
        tuples.push(i);
    }
    Some(Answer {
        values,
        tuples,
        lowest: if lowest == u32::MAX { 0 } else { lowest },
        total,
    })
}

/// Raises `best`'s total by local search over `spec` (made ready as
/// `prepared`, [`Prepared::new`]), its scored
/// tables' tuples below `floor` left out: see the module documentation;
/// at most `searches` neighbourhood searches (`None`: until a round gains
/// nothing). Returns the number of improvements.
///
/// One MAC search state over the whole of `spec` serves every
/// neighbourhood: a neighbourhood is a level of it in which the groups
/// that a fixed table reads keep their value in the current answer (so
/// each fixed table keeps its tuple, and with distinctness no free table
/// takes it) and the pivot its tuples of a higher score, searched within
/// [`NEIGHBOURHOOD_BACKTRACKS`] and undone.
fn improve(
    spec: &TableSpec,
    prepared: &Prepared,
    floor: u32,
    best: &mut Answer,
    mut searches: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> u64 {
    let Some(mut current) = evaluate(spec, best.values.clone(), None) else {
        return 0;
    };
    let crossing = crossings(spec);
    let Some(mut mac) = Mac::new(
        &prepared.tables,
        &prepared.values,
        &prepared.readers,
        spec.distinct,
    ) else {
        return 0;
    };
    // The scored tables without their tuples below the floor, for good.
    let floors: Vec<(usize, usize)> = (0..spec.tables.len())
        .filter(|&t| spec.tables[t].is_scored())
        .map(|t| (t, prepared.scores[t].partition_point(|&s| s >= floor)))
        .collect();
    if !mac.keep_firsts(&floors) {
        return 0;
    }
    let mut improvements = 0;
    let mut radius = 1;
    let stopped =
        || deadline.is_some_and(|d| Instant::now() >= d) || stop.is_some_and(Stop::raised);
    let (mut domains, mut fixed) = (Vec::new(), Vec::new());
    'rounds: while radius <= 2 {
        let mut gained = false;
        let score_of = |answer: &Answer, t: usize| spec.tables[t].score(answer.tuples[t]);
        let mut order: Vec<usize> = (0..spec.tables.len())
            .filter(|&t| spec.tables[t].is_scored())
            .collect();
        order.sort_by_key(|&t| (score_of(&current, t), t));
        for pivot in order {
            if stopped() || searches == Some(0) {
                break 'rounds;
            }
            let Some(now) = score_of(&current, pivot) else {
                continue;
            };
            let higher = prepared.scores[pivot].partition_point(|&s| s > now);
            if higher == 0 {
                continue;
            }
            let free = region(&crossing, pivot, radius);
            domains.clear();
            domains.extend(
                prepared
                    .readers
                    .iter()
                    .enumerate()
                    .filter(|(_, readers)| readers.iter().any(|&(t, _)| !free[t as usize]))
                    .map(|(g, _)| (g, 1u32 << current.values[g])),
            );
            fixed.clear();
            fixed.extend((0..spec.tables.len()).filter(|&t| !free[t]));
            searches = searches.map(|n| n - 1);
            match mac.run_narrowed(
                &domains,
                &[(pivot, higher)],
                &fixed,
                NEIGHBOURHOOD_BACKTRACKS,
                deadline,
                stop,
            ) {
                MacOutcome::Sat(values) => {
                    if let Some(answer) = evaluate(spec, values, Some((&current, &free))) {
                        if answer.total > current.total {
                            current = answer;
                            improvements += 1;
                            gained = true;
                        }
                    }
                }
                MacOutcome::Stopped => break 'rounds,
                // No better tuple there, or none found in the budget.
                MacOutcome::Unsat | MacOutcome::Limit | MacOutcome::Outrun => {}
            }
        }
        radius = if gained { 1 } else { radius + 1 };
    }
    best.lowest = current.lowest.max(best.lowest);
    best.total = current.total;
    best.values = current.values;
    improvements
}

#[cfg(test)]
mod tests {
    use super::super::tests::square_of;
    use super::*;
    use crate::solver::tables::Table;

    /// A 2x2 square (rows are tables 0 and 1, columns 2 and 3) over
    /// scored words of values 0..3.
    fn square(words: &[([u8; 2], u32)]) -> TableSpec {
        let table = |groups: Vec<usize>| {
            let mut table = Table::new(groups, []);
            for (word, score) in words {
                table.push_scored(word, *score);
            }
            table
        };
        square_of(&table, true, ScoreGoal::Best)
    }

    /// The best lowest of `spec` and the best total among the answers of
    /// that lowest, by brute force over the four cells (values 0..3);
    /// `None` when nothing fits.
    fn brute_force(spec: &TableSpec) -> Option<(u32, u64)> {
        let mut best: Option<(u32, u64)> = None;
        for code in 0..81u32 {
            let v: Vec<u8> = (0..4).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
            let mut picked = Vec::new();
            for table in &spec.tables {
                let read: Vec<u8> = table.groups.iter().map(|&g| v[g]).collect();
                if let Some(i) = table.tuples().position(|t| t == read.as_slice()) {
                    picked.push((read, table.score(i).unwrap_or(0)));
                }
            }
            let distinct = (0..picked.len())
                .all(|i| (i + 1..picked.len()).all(|j| picked[i].0 != picked[j].0));
            if picked.len() < spec.tables.len() || !distinct {
                continue;
            }
            let lowest = picked.iter().map(|p| p.1).min().unwrap_or(0);
            let total: u64 = picked.iter().map(|p| u64::from(p.1)).sum();
            if best.is_none_or(|found| (lowest, total) > found) {
                best = Some((lowest, total));
            }
        }
        best
    }

    #[test]
    fn the_highest_lowest_is_found_and_proved() {
        // Random scored word sets over three values (a fixed generator):
        // the search's lowest is the brute force's and proved; its total
        // is at most the best of that lowest, its bound at least that.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut solved = 0;
        for _ in 0..300 {
            let mut words: Vec<([u8; 2], u32)> = Vec::new();
            for code in 0..9u8 {
                if next(3) > 0 {
                    let score = [5, 10, 20, 30, 40, 50][next(6) as usize];
                    words.push(([code / 3, code % 3], score));
                }
            }
            let spec = square(&words);
            let (outcome, stats) = best_scores(&spec, None, None).expect("valid");
            match (outcome, brute_force(&spec)) {
                (TableOutcome::Sat(lits), Some((lowest, total))) => {
                    let best = stats.best.expect("a best-scores report");
                    assert_eq!(best.lowest, lowest, "{words:?}");
                    assert!(best.proved(), "{words:?}: {best:?}");
                    assert!(
                        best.total <= total && total <= best.total_bound,
                        "{words:?}"
                    );
                    let answer = Reader::new(&spec).answer(&spec, &lits).expect("readable");
                    assert_eq!((answer.lowest, answer.total), (best.lowest, best.total));
                    solved += 1;
                }
                (TableOutcome::Unsat, None) => {}
                (outcome, expected) => panic!("{words:?}: {outcome:?} against {expected:?}"),
            }
        }
        assert!(solved > 50, "only {solved} of the squares fit");
    }

    #[test]
    fn statistics_read_back() {
        let best = BestScores {
            lowest: 40,
            lowest_bound: 45,
            total: 1234,
            total_bound: 2000,
            probes: 3,
        };
        let stats = best.statistics();
        assert_eq!(BestScores::from_statistics(&stats), Ok(Some(best)));
        assert_eq!(BestScores::from_statistics(&[]), Ok(None));
        let mut broken = stats.clone();
        broken.retain(|(k, _)| k != "best-total");
        assert!(BestScores::from_statistics(&broken)
            .unwrap_err()
            .contains("best-total"));
        let mut lying = stats;
        lying.push(("best-lowest-bound".into(), "10".into()));
        assert!(BestScores::from_statistics(&lying)
            .unwrap_err()
            .contains("below"));
    }
}
