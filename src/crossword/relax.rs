//! Whether a lower `--min-score` would fill a pattern that has no fill:
//! the decoder, which has the whole list with its scores in the puzzle
//! document, encodes the pattern again at lower minimums and solves in
//! process (the first embedded solver, under a time cap). Fillability only
//! grows as the minimum falls, so it tries every word first (no fill: no
//! minimum helps), then searches the list's scores below the minimum by
//! bisection for the highest that fills.

use super::{Crossword, Options, Puzzle};
use crate::error::Result;
use crate::family::Family;
use crate::solver::{embedded, Outcome};
use std::time::{Duration, Instant};

/// How long the decoder looks for a lower minimum that fills.
pub const RELAX_TIME: Duration = Duration::from_secs(10);

/// The answer for one pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relaxed {
    /// `--min-score M` fills it, and M is the highest list score that does.
    Fillable(u32),
    /// No minimum fills it: not even the whole list.
    Never,
    /// No answer within the time (or no embedded solver).
    Unknown,
}

/// `Some(true)` when `puzzle` at `min_score` has a fill, `Some(false)` when
/// it has none, `None` when the solver gave no answer by `deadline`.
fn fills(
    puzzle: &Puzzle,
    options: &Options,
    min_score: Option<u32>,
    deadline: Instant,
) -> Result<Option<bool>> {
    let Some(name) = embedded::available().first().copied() else {
        return Ok(None);
    };
    let Some(mut solver) = embedded::create(name, &[])? else {
        return Ok(None);
    };
    let relaxed = Puzzle {
        min_score,
        ..puzzle.clone()
    };
    let formula = Crossword::encode(&relaxed, options)?.finish();
    solver.reserve(formula.num_vars)?;
    for clause in formula.hard.iter() {
        solver.add_clause(clause)?;
    }
    Ok(match solver.solve(Some(deadline))? {
        Outcome::Sat(_) => Some(true),
        Outcome::Unsat => Some(false),
        Outcome::Unknown => None,
    })
}

/// The highest list score below `puzzle`'s minimum at which it fills
/// (`None` when it has no minimum).
pub fn lower_min_score(puzzle: &Puzzle, options: &Options, time: Duration) -> Result<Option<Relaxed>> {
    let Some(min) = puzzle.min_score else {
        return Ok(None);
    };
    let deadline = Instant::now() + time;
    let mut below: Vec<u32> = (0..puzzle.words.len())
        .map(|i| puzzle.score(i))
        .filter(|&s| s < min)
        .collect();
    below.sort_unstable_by(|a, b| b.cmp(a));
    below.dedup();
    let Some(&lowest) = below.last() else {
        return Ok(Some(Relaxed::Never));
    };
    match fills(puzzle, options, Some(lowest), deadline)? {
        None => return Ok(Some(Relaxed::Unknown)),
        Some(false) => return Ok(Some(Relaxed::Never)),
        Some(true) => {}
    }
    // below[hi] fills; find the first index that does.
    let (mut lo, mut hi) = (0, below.len() - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        match fills(puzzle, options, Some(below[mid]), deadline)? {
            None => return Ok(Some(Relaxed::Unknown)),
            Some(true) => hi = mid,
            Some(false) => lo = mid + 1,
        }
    }
    Ok(Some(Relaxed::Fillable(below[hi])))
}

/// The sentence the decoder prints after why a pattern has no fill.
pub fn describe(relaxed: Relaxed, min: u32) -> String {
    match relaxed {
        Relaxed::Fillable(m) => format!(
            "fillable with --min-score {m} (the highest score of the list that fills it; \
             now {min})\n"
        ),
        Relaxed::Never => {
            format!("not fillable at any score: not with every word of the list (now --min-score {min})\n")
        }
        Relaxed::Unknown => format!(
            "whether a --min-score below {min} fills it is unknown (no answer within {} s)\n",
            RELAX_TIME.as_secs()
        ),
    }
}
