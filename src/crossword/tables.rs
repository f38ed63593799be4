//! A plain fill as table constraints, for `solve`'s `tables` solver
//! ([`crate::solver::tables`]): one group per open cell (its letters'
//! `cell(r,c)=x` variables), one table per slot (its candidates after arc
//! consistency, [`super::slots::domains`]), and no word twice. That is
//! what the fill's clauses say about the cells, whichever `--encoding`
//! wrote them, as long as nothing else constrains the fill: with theme
//! groups, shared-substring limits or score ladders there are no tables.
//! The candidates carry their words' scores (`--prefer-scores order`, the
//! default, or `--best-fill`, with a list of more than one score): the
//! search tries a slot's higher-scored words first; with `--best-fill` the
//! spec asks for the best-scored fill
//! ([`crate::solver::tables::best`]).

use super::puzzle::{cell_name, Mode, Puzzle};
use super::slots::{domains, Domains};
use super::{Options, Preference};
use crate::solver::tables::{ScoreGoal, Table, TableSpec};
use rustsat::types::Var;

/// The table constraints of `puzzle`'s fill, or `None` when its formula
/// says more than the tables do (see the module documentation) or a cell
/// variable is missing from `variable`.
pub fn fill_tables(
    puzzle: &Puzzle,
    options: &Options,
    variable: &dyn Fn(&str) -> Option<Var>,
) -> Option<TableSpec> {
    if !is_plain(puzzle, options) {
        return None;
    }
    let usable = puzzle.usable();
    let domains = domains(&usable);
    let scored = (options.prefer_scores == Preference::Order || options.best_fill)
        && has_scores(&usable);
    // A fully pre-filled entry that is not listed is given: its slot's
    // table (that one word) has no score, as the entry has none.
    let score = |id: u32| {
        let id = id as usize;
        (scored && id < usable.words.len()).then(|| usable.score(id))
    };
    let mut spec = spec(&domains, puzzle.cols(), &score, variable)?;
    spec.goal = if options.best_fill {
        ScoreGoal::Best
    } else if scored {
        ScoreGoal::Improve
    } else {
        ScoreGoal::First
    };
    Some(spec)
}

/// Whether the words of `puzzle` have more than one score (a plain list
/// has one: its fill ignores scores, as fast as without them).
pub fn has_scores(puzzle: &Puzzle) -> bool {
    puzzle.scores.windows(2).any(|pair| pair[0] != pair[1])
}

/// Whether `puzzle` is a fill whose formula says no more than its tables:
/// no theme groups, shared-substring limit or score preference.
pub fn is_plain(puzzle: &Puzzle, options: &Options) -> bool {
    puzzle.mode == Mode::Fill
        && puzzle.groups.is_empty()
        && options.max_shared_substring.is_none()
        && options.prefer_scores != Preference::Ladders
        && options.objective().is_none()
}

/// The groups and tables of `domains` (a pattern `cols` wide), each
/// candidate with its `score` (`None`: unscored).
fn spec(
    domains: &Domains,
    cols: usize,
    score: &dyn Fn(u32) -> Option<u32>,
    variable: &dyn Fn(&str) -> Option<Var>,
) -> Option<TableSpec> {
    let mut group_of = vec![None; domains.masks.len()];
    let mut groups = Vec::new();
    let mut tables = Vec::new();
    for (s, slot) in domains.slots.iter().enumerate() {
        let mut cells = Vec::with_capacity(slot.len);
        for i in 0..slot.len {
            let (r, c) = slot.cell(i);
            let group = match group_of[r * cols + c] {
                Some(group) => group,
                None => {
                    let mut values = Vec::new();
                    for x in 0..26u8 {
                        if domains.mask(r, c) & (1 << x) != 0 {
                            let letter = (b'a' + x) as char;
                            values.push((x, variable(&cell_name(r, c, letter))?));
                        }
                    }
                    groups.push(values);
                    group_of[r * cols + c] = Some(groups.len() - 1);
                    groups.len() - 1
                }
            };
            cells.push(group);
        }
        let mut table = Table::new(cells, []);
        let mut tuple = Vec::with_capacity(slot.len);
        for &id in &domains.candidates[s] {
            tuple.clear();
            tuple.extend(domains.words[id as usize].iter().map(|b| b - b'a'));
            match score(id) {
                Some(score) => table.push_scored(&tuple, score),
                None => table.push(&tuple),
            }
        }
        tables.push(table);
    }
    Some(TableSpec {
        groups,
        tables,
        distinct: true,
        goal: ScoreGoal::First,
    })
}
