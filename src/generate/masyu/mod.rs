//! `generate-masyu`: Masyu puzzles with exactly one solution.
//!
//! The target loop is the boundary of a random region of the squares
//! between cell centres ([`region`]), grown so that it passes most cells
//! and turns often. Circles are then added where another loop shows they
//! are needed: the incremental solver is asked for a loop other than the
//! target that keeps every circle placed so far; when there is none, the
//! target is the only solution. Otherwise a circle goes on a cell, chosen
//! at random, where the target dictates one (white where it goes straight
//! with a turn beside, black where it turns between two straight cells)
//! and the other loop breaks that circle's rule. When no such cell is
//! left, the target is changed in a square where the two loops differ
//! (the circles it no longer keeps are dropped); after too many changes a
//! new region is drawn. Last, circles are cut in a random order while the
//! solver proves that no other loop keeps the rest: the circles left are
//! locally minimal.
//!
//! The formula ([`crate::masyu::encode::encode_switched`]) holds both
//! circles' rules at every cell, each under a switch; the circles placed
//! are assumptions, and "another loop than the target" is one clause
//! under a selector, so that one solver answers every question of a
//! puzzle, its target changes included. Instead of the one-loop
//! constraint, the formula only says that the segments form cycles: a
//! model is split into its cycles, a cycle that passes every circle placed
//! is a loop, and one that misses a circle is ruled out by a clause that
//! follows from the rules (see [`other_loop`]). A loop through few
//! circles is found far faster this way than under the shift register of
//! [`crate::cycle::one_loop`], and the answers are the same: the solver
//! finds no model only when no other loop exists. The solver's phases
//! start at the target's segments, so the other loops it finds differ
//! from the target in a few places, where a circle then tells them apart.

mod region;

use super::{rng, Uniqueness};
use crate::error::{Error, Result};
use crate::masyu::encode::{encode_switched, Switched};
use crate::masyu::{check, url, Cell, Circle, Format, Puzzle, Solution};
use region::Region;
use rustsat::types::Lit;

/// The largest grid side `generate-masyu` takes.
pub const MAX_SIDE: usize = 100;

/// What `generate-masyu` is asked for.
pub type Settings = super::LoopSettings;

/// A generated puzzle with its unique solution.
pub type Generated = super::Generated<Puzzle, Solution>;

/// Generates a puzzle with `settings`, drawn with `seed`.
pub fn generate(settings: &Settings, seed: u64) -> Result<Generated> {
    let (w, h) = (settings.width, settings.height);
    if w < 2 || h < 2 || w * h < 6 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(Error::Usage(format!(
            "the grid is {w}x{h}: a Masyu puzzle needs sides of 2 to {MAX_SIDE} cells and at \
             least 2x3 (a 2x2 loop holds no circle)"
        )));
    }
    if settings.attempts == 0 {
        return Err(Error::Usage("--attempts must be at least 1".into()));
    }
    let mut random = rng(seed);
    for _ in 0..settings.attempts {
        let region = Region::random(w, h, &mut random);
        if let Some(generated) = circles_for(settings, region, &mut random)? {
            return Ok(generated);
        }
    }
    Err(Error::Usage(format!(
        "no {w}x{h} puzzle found in {} attempts (each random loop, changed {} times, still \
         left a second loop); try more --attempts or another --seed",
        settings.attempts,
        change_limit(w, h)
    )))
}

/// How many times a target loop is changed before a new region is drawn:
/// as many as the grid has cells.
fn change_limit(w: usize, h: usize) -> usize {
    w * h
}

/// The circle a loop (its segments) dictates at every cell: white where
/// it goes straight with a turn in a cell beside, black where it turns
/// with both cells beside straight, none elsewhere.
fn dictated(w: usize, h: usize, edges: &[[Cell; 2]]) -> Vec<Option<Circle>> {
    let mut ways: Vec<Vec<Cell>> = vec![Vec::new(); w * h];
    for &[a, b] in edges {
        ways[a.0 * w + a.1].push(b);
        ways[b.0 * w + b.1].push(a);
    }
    let straight = |(r, c): Cell| {
        let n = &ways[r * w + c];
        n.len() == 2 && (n[0].0 == n[1].0 || n[0].1 == n[1].1)
    };
    (0..w * h)
        .map(|v| {
            let (cell, n) = ((v / w, v % w), &ways[v]);
            if n.len() != 2 {
                None
            } else if straight(cell) {
                (!straight(n[0]) || !straight(n[1])).then_some(Circle::White)
            } else {
                (straight(n[0]) && straight(n[1])).then_some(Circle::Black)
            }
        })
        .collect()
}

/// The loop the prover asks the solver to avoid, and its circles.
struct Target {
    /// Columns of the grid.
    cols: usize,
    edges: Vec<[Cell; 2]>,
    /// Whether each segment of the formula is on the loop.
    used: Vec<bool>,
    dictated: Vec<Option<Circle>>,
    /// Assumed: some segment differs from the loop's.
    selector: Lit,
}

/// The circles that make `region`'s boundary (or a loop it is changed
/// into) the only solution, cut to a locally minimal set; `None` when the
/// target was changed too often.
fn circles_for(
    settings: &Settings,
    mut region: Region,
    random: &mut fastrand::Rng,
) -> Result<Option<Generated>> {
    let (w, h) = (settings.width, settings.height);
    let Switched {
        builder,
        edges,
        switches,
    } = encode_switched(h, w);
    let mut prover = Uniqueness::with_solver(builder.finish(), settings.solver.as_deref(), &[])?;
    let switch = |v: usize, circle: Circle| switches[v][usize::from(circle == Circle::Black)];
    let mut target = new_target(&mut prover, &edges, w, h, region.boundary())?;
    let mut placed: Vec<Option<Circle>> = vec![None; w * h];
    let assumptions = |target: &Target, placed: &[Option<Circle>]| -> Vec<Lit> {
        std::iter::once(target.selector)
            .chain(
                placed
                    .iter()
                    .enumerate()
                    .filter_map(|(v, k)| k.map(|k| switch(v, k))),
            )
            .collect()
    };
    let mut changes = 0;
    loop {
        let assumed = assumptions(&target, &placed);
        let Some(used) = other_loop(&mut prover, &edges, &target, &placed, &switch, &assumed)?
        else {
            break;
        };
        let other: Vec<[Cell; 2]> = edges
            .iter()
            .zip(&used)
            .filter(|&(_, &u)| u)
            .map(|(&(cells, _), _)| cells)
            .collect();
        let kept = dictated(w, h, &other);
        let breaking: Vec<usize> = (0..w * h)
            .filter(|&v| placed[v].is_none() && target.dictated[v].is_some())
            .filter(|&v| kept[v] != target.dictated[v])
            .collect();
        if !breaking.is_empty() {
            let v = breaking[random.usize(..breaking.len())];
            placed[v] = target.dictated[v];
            continue;
        }
        // No circle of the target tells the loops apart: change the target
        // in a square at a cell where they differ.
        changes += 1;
        if changes > change_limit(w, h) {
            return Ok(None);
        }
        let mut squares: Vec<usize> = edges
            .iter()
            .zip(&target.used)
            .zip(&used)
            .filter(|&((_, &was), &is)| was != is)
            .flat_map(|((&(cells, _), _), _)| cells)
            .flat_map(|cell| region.squares_at(cell).collect::<Vec<_>>())
            .collect();
        squares.sort_unstable();
        squares.dedup();
        random.shuffle(&mut squares);
        let Some(&s) = squares.iter().find(|&&s| region.can_flip(s)) else {
            return Ok(None);
        };
        region.flip(s);
        prover.add_clause(&[!target.selector])?;
        target = new_target(&mut prover, &edges, w, h, region.boundary())?;
        for (v, circle) in placed.iter_mut().enumerate() {
            if circle.is_some() && *circle != target.dictated[v] {
                *circle = None;
            }
        }
    }
    // Unique: cut circles in a random order while it stays so. A circle
    // outside the last proof's core goes without asking again.
    let mut core = prover.core(&assumptions(&target, &placed))?;
    let mut order: Vec<usize> = (0..w * h).filter(|&v| placed[v].is_some()).collect();
    random.shuffle(&mut order);
    for v in order {
        let Some(circle) = placed[v] else { continue };
        placed[v] = None;
        if !core.contains(&switch(v, circle)) {
            continue;
        }
        let assumed = assumptions(&target, &placed);
        if other_loop(&mut prover, &edges, &target, &placed, &switch, &assumed)?.is_some() {
            placed[v] = Some(circle);
        } else {
            core = prover.core(&assumed)?;
        }
    }
    let puzzle = Puzzle {
        rows: h,
        cols: w,
        cells: placed,
        format: Format::Text,
    };
    let solution = Solution {
        edges: target.edges,
    };
    check::check(&puzzle, &solution).map_err(|e| {
        Error::Check(format!(
            "the generated puzzle's solution breaks its rules: {e}"
        ))
    })?;
    Ok(Some(Generated { puzzle, solution }))
}

/// Another loop than the target that keeps the circles `placed` (whose
/// switches, with the target's selector, are `assumed`), as whether each
/// segment is on it; `None` when there is none. A model of the formula is
/// split into its cycles: one that passes every circle placed and is not
/// the target is such a loop (a circle's rule looks only at the loop's
/// cells beside it). A cycle that misses a circle placed is ruled out by a
/// clause for good (it is no loop while that circle is given), and the
/// solver is asked again.
fn other_loop(
    prover: &mut Uniqueness,
    edges: &[([Cell; 2], Lit)],
    target: &Target,
    placed: &[Option<Circle>],
    switch: &dyn Fn(usize, Circle) -> Lit,
    assumed: &[Lit],
) -> Result<Option<Vec<bool>>> {
    let cols = target.cols;
    let at = |(r, c): Cell| r * cols + c;
    loop {
        let Some(model) = prover.solve(assumed)? else {
            return Ok(None);
        };
        // The segments at every cell, and the cycles they form.
        let mut ways: Vec<Vec<usize>> = vec![Vec::new(); placed.len()];
        for (i, &([a, b], lit)) in edges.iter().enumerate() {
            if model.is_true(lit) {
                ways[at(a)].push(i);
                ways[at(b)].push(i);
            }
        }
        let mut seen = vec![false; placed.len()];
        let mut ruled_out = false;
        for start in 0..placed.len() {
            if seen[start] || ways[start].is_empty() {
                continue;
            }
            let mut cycle = vec![false; edges.len()];
            let mut cells = vec![false; placed.len()];
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                if std::mem::replace(&mut seen[v], true) {
                    continue;
                }
                cells[v] = true;
                for &i in &ways[v] {
                    cycle[i] = true;
                    let [a, b] = edges[i].0;
                    stack.push(if at(a) == v { at(b) } else { at(a) });
                }
            }
            let missed = (0..placed.len()).find(|&v| placed[v].is_some() && !cells[v]);
            match missed.and_then(|v| placed[v].map(|k| switch(v, k))) {
                Some(given) => {
                    let mut clause = vec![!given];
                    clause.extend(
                        edges
                            .iter()
                            .zip(&cycle)
                            .filter(|&(_, &on)| on)
                            .map(|(&(_, lit), _)| !lit),
                    );
                    prover.add_clause(&clause)?;
                    ruled_out = true;
                }
                None if cycle != target.used => return Ok(Some(cycle)),
                None => {}
            }
        }
        if !ruled_out {
            return Err(Error::Check(
                "the solver's answer is the target loop, which the formula rules out".into(),
            ));
        }
    }
}

/// `loop_edges` as the target: its circles, and a clause under a new
/// selector that some segment differs from it.
fn new_target(
    prover: &mut Uniqueness,
    edges: &[([Cell; 2], Lit)],
    w: usize,
    h: usize,
    loop_edges: Vec<[Cell; 2]>,
) -> Result<Target> {
    let mut used = vec![false; edges.len()];
    let mut index: Vec<[Cell; 2]> = loop_edges.clone();
    index.sort_unstable();
    for (i, (cells, _)) in edges.iter().enumerate() {
        used[i] = index.binary_search(cells).is_ok();
    }
    let selector = prover.new_var()?.pos_lit();
    let mut differ = vec![!selector];
    differ.extend(
        edges
            .iter()
            .zip(&used)
            .map(|(&(_, lit), &u)| if u { !lit } else { lit }),
    );
    prover.add_clause(&differ)?;
    // Search near the target: other loops found differ from it locally.
    for (&(_, lit), &u) in edges.iter().zip(&used) {
        prover.suggest_phase(if u { lit } else { !lit });
    }
    Ok(Target {
        cols: w,
        dictated: dictated(w, h, &loop_edges),
        edges: loop_edges,
        used,
        selector,
    })
}

/// How `generate-masyu` writes a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PuzzleFormat {
    /// Rows of `W`, `B` and `.` (encode-masyu's text format).
    #[default]
    Text,
    /// A puzz.link URL of the genre `mashu`, one a line.
    Url,
}

/// Writes the puzzle in `format`, ending in a newline.
pub fn write(puzzle: &Puzzle, format: PuzzleFormat) -> Result<String> {
    Ok(match format {
        PuzzleFormat::Text => puzzle.to_text(),
        PuzzleFormat::Url => url::write(puzzle)? + "\n",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_dictates_its_circles() {
        // The 2x3 rectangle: straight through the middle column between
        // turns (white), no black circle (no straight cell beside a turn
        // on both sides).
        let edges = vec![
            [(0, 0), (0, 1)],
            [(0, 1), (0, 2)],
            [(0, 0), (1, 0)],
            [(0, 2), (1, 2)],
            [(1, 0), (1, 1)],
            [(1, 1), (1, 2)],
        ];
        let circles = dictated(3, 2, &edges);
        let w = Some(Circle::White);
        assert_eq!(circles, vec![None, w, None, None, w, None]);
    }
}
