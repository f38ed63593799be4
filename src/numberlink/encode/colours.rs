//! The colour of every cell, one-hot (`cell(r,c)=k`) or as the bits of
//! the line's index (`colour(r,c,i)`), restricted to the lines that can
//! reach the cell (its domain), and the colour constraints along edges.

use super::super::grid::{Grid, Role};
use super::super::{Colours, Puzzle};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names::{self, Range};
use rustsat::types::Lit;

/// The possible colours (0-based pairs, sorted) of every cell: an endpoint
/// has its own; a free cell those pairs whose both endpoints touch its
/// connected region of free cells.
pub(super) fn domains(grid: &Grid) -> Vec<Vec<usize>> {
    let n = grid.len();
    let mut domains: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut seen = vec![false; n];
    for start in 0..n {
        match grid.roles[start] {
            Role::Start(k) | Role::End(k) => {
                domains[start] = vec![k];
                continue;
            }
            Role::Free if seen[start] => continue,
            Role::Free => {}
        }
        let mut region = vec![start];
        seen[start] = true;
        let mut starts = Vec::new();
        let mut ends = Vec::new();
        let mut i = 0;
        while i < region.len() {
            let v = region[i];
            i += 1;
            for u in grid.neighbours(v) {
                match grid.roles[u] {
                    Role::Free if !seen[u] => {
                        seen[u] = true;
                        region.push(u);
                    }
                    Role::Free => {}
                    Role::Start(k) => starts.push(k),
                    Role::End(k) => ends.push(k),
                }
            }
        }
        starts.sort_unstable();
        starts.dedup();
        ends.sort_unstable();
        ends.dedup();
        let colours: Vec<usize> = starts
            .into_iter()
            .filter(|k| ends.binary_search(k).is_ok())
            .collect();
        for v in region {
            domains[v] = colours.clone();
        }
    }
    domains
}

/// How the colour of every cell is represented.
pub(super) enum ColourVars {
    /// `cell(r,c)=k` per cell and possible pair, sorted by pair.
    OneHot(Vec<Vec<(usize, Lit)>>),
    /// `colour(r,c,i)`: bit `i` of the cell's pair code.
    Log {
        /// The code bits of every cell.
        bits: Vec<Vec<Lit>>,
    },
}

impl ColourVars {
    /// A clause that holds exactly when cell `v` is not of colour `k`, a
    /// colour of its domain (`None` when the representation has no such
    /// colour there).
    pub(super) fn not_colour(
        &self,
        filled: &[Option<Lit>],
        v: usize,
        k: usize,
    ) -> Option<Vec<Lit>> {
        match self {
            ColourVars::OneHot(cells) => ColourVars::one_hot(&cells[v], k).map(|x| vec![!x]),
            ColourVars::Log { bits } => {
                let mut clause: Vec<Lit> = bits[v]
                    .iter()
                    .enumerate()
                    .map(|(i, &bit)| if k >> i & 1 == 1 { !bit } else { bit })
                    .collect();
                clause.extend(filled[v].map(|f| !f));
                Some(clause)
            }
        }
    }

    /// `cell(r,c)=k` of the one-hot representation.
    fn one_hot(list: &[(usize, Lit)], k: usize) -> Option<Lit> {
        list.binary_search_by_key(&k, |&(p, _)| p)
            .ok()
            .map(|i| list[i].1)
    }
}

/// The at-most-one encoding for a list of this length.
pub(super) fn amo_for(len: usize) -> AtMostOne {
    if len <= 64 {
        AtMostOne::Pairwise
    } else {
        AtMostOne::Ladder
    }
}

/// Bits of the binary pair codes: enough for `pairs` codes (at least 1).
fn code_width(pairs: usize) -> usize {
    (usize::BITS - pairs.saturating_sub(1).leading_zeros()).max(1) as usize
}

/// Chooses the colour representation for `--colours auto`: binary codes
/// when cells can take many colours, so that the few forbidden codes cost
/// less than the one-hot at-most-one constraints (binary codes suit large
/// open grids with tens of lines, one-hot grids whose regions admit few
/// lines each).
pub(super) fn choose_colours(grid: &Grid, domains: &[Vec<usize>], pairs: usize) -> Colours {
    let free: Vec<usize> = (0..grid.len())
        .filter(|&v| grid.roles[v] == Role::Free)
        .map(|v| domains[v].len())
        .collect();
    if free.is_empty() {
        return Colours::OneHot;
    }
    let mean = free.iter().sum::<usize>() as f64 / free.len() as f64;
    let codes = (1usize << code_width(pairs)) as f64;
    if mean >= 8.0 && codes <= 4.0 * mean {
        Colours::Log
    } else {
        Colours::OneHot
    }
}

/// One-hot colours: `cell(r,c)=k` for every possible pair, exactly one per
/// filled cell. Fills `filled` for free cells when cells may stay empty.
/// A cell whose line the presolve found (`known`, empty without it) has
/// its colour decided ([`FormulaBuilder::decide`]) before its clauses.
pub(super) fn one_hot_colours(
    b: &mut FormulaBuilder,
    grid: &Grid,
    domains: &[Vec<usize>],
    puzzle: &Puzzle,
    (fill, known): (bool, &[Option<usize>]),
    filled: &mut [Option<Lit>],
) -> ColourVars {
    let mut cells = Vec::with_capacity(grid.len());
    for (v, domain) in domains.iter().enumerate() {
        let (r, c) = grid.rc(v);
        let list: Vec<(usize, Lit)> = domain
            .iter()
            .map(|&k| {
                (
                    k,
                    b.named(names::valued("cell", &[&r, &c], &puzzle.numbers[k])),
                )
            })
            .collect();
        let lits: Vec<Lit> = list.iter().map(|&(_, l)| l).collect();
        let line = known.get(v).copied().flatten();
        if let Some(line) = line {
            for &(k, lit) in &list {
                b.decide(if k == line { lit } else { !lit });
            }
        }
        match grid.roles[v] {
            Role::Start(_) | Role::End(_) => b.clause(&lits),
            Role::Free if fill => b.exactly_one(&lits, amo_for(lits.len())),
            Role::Free => {
                b.at_most_one(&lits, amo_for(lits.len()));
                let f = b.aux();
                if line.is_some() {
                    b.decide(f);
                }
                let mut clause = vec![!f];
                clause.extend(&lits);
                b.clause(&clause);
                for &l in &lits {
                    b.implies(l, f);
                }
                filled[v] = Some(f);
            }
        }
        cells.push(list);
    }
    ColourVars::OneHot(cells)
}

/// Binary colours: `colour(r,c,i)`, the bits of the pair's code (its index),
/// with the codes outside the cell's domain forbidden. Fills `filled` for
/// free cells when cells may stay empty. A cell whose line the presolve
/// found (`known`) has its bits decided and no clause (each would hold).
pub(super) fn log_colours(
    b: &mut FormulaBuilder,
    grid: &Grid,
    domains: &[Vec<usize>],
    puzzle: &Puzzle,
    (fill, known): (bool, &[Option<usize>]),
    filled: &mut [Option<Lit>],
) -> ColourVars {
    let width = code_width(puzzle.pairs.len());
    let all = b.named_block_or_each(
        "colour(r,c,i)",
        &[
            ("r", Range::Int(1, grid.rows as i64)),
            ("c", Range::Int(1, grid.cols as i64)),
            ("i", Range::Int(0, width as i64 - 1)),
        ],
        |at| names::call("colour", &[&at[0], &at[1], &at[2]]),
    );
    let mut bits = Vec::with_capacity(grid.len());
    for (v, domain) in domains.iter().enumerate() {
        let code: Vec<Lit> = all[v * width..(v + 1) * width].to_vec();
        if !fill && grid.roles[v] == Role::Free {
            filled[v] = Some(b.aux());
        }
        if let Some(line) = known.get(v).copied().flatten() {
            for (i, &bit) in code.iter().enumerate() {
                b.decide(if line >> i & 1 == 1 { bit } else { !bit });
            }
            if let Some(f) = filled[v] {
                b.decide(f);
            }
            // Every other code differs from the line's in a decided bit,
            // so its clause would hold already.
            bits.push(code);
            continue;
        }
        for value in 0..(1usize << width) {
            if domain.binary_search(&value).is_ok() {
                continue;
            }
            let mut clause: Vec<Lit> = code
                .iter()
                .enumerate()
                .map(|(i, &bit)| if value >> i & 1 == 1 { !bit } else { bit })
                .collect();
            clause.extend(filled[v].map(|f| !f));
            b.clause(&clause);
        }
        bits.push(code);
    }
    ColourVars::Log { bits }
}

/// Unit clauses for the colour of every endpoint in the binary code (the
/// one-hot colours have them already): implied by the codes its domain
/// forbids, but only by propagating all of them; as units, unit
/// propagation carries the colours along the segments decided.
pub(super) fn endpoint_colours(b: &mut FormulaBuilder, grid: &Grid, vars: &ColourVars) {
    let ColourVars::Log { bits } = vars else {
        return;
    };
    for (v, role) in grid.roles.iter().enumerate() {
        if let Role::Start(k) | Role::End(k) = *role {
            for (i, &bit) in bits[v].iter().enumerate() {
                b.clause(&[if k >> i & 1 == 1 { bit } else { !bit }]);
            }
        }
    }
}

/// The colour constraints of edge `e` between cells `u` and `v`: an edge
/// joins cells of the same colour, and (strict rule) two filled adjacent
/// cells of the same colour are joined.
pub(super) fn same_colour(
    b: &mut FormulaBuilder,
    vars: &ColourVars,
    domains: &[Vec<usize>],
    filled: &[Option<Lit>],
    strict: bool,
    (u, v, e): (usize, usize, Lit),
) {
    match vars {
        ColourVars::OneHot(cells) => {
            let mut all: Vec<usize> = domains[u].iter().chain(&domains[v]).copied().collect();
            all.sort_unstable();
            all.dedup();
            for k in all {
                match (
                    ColourVars::one_hot(&cells[u], k),
                    ColourVars::one_hot(&cells[v], k),
                ) {
                    (Some(x), Some(y)) => {
                        b.clause(&[!e, !x, y]);
                        b.clause(&[!e, !y, x]);
                        if strict {
                            b.clause(&[!x, !y, e]);
                        }
                    }
                    (Some(x), None) | (None, Some(x)) => b.clause(&[!e, !x]),
                    (None, None) => {}
                }
            }
        }
        ColourVars::Log { bits } => {
            // The strict rule: filled, all bits equal => edge; `d_i` is true
            // only when bit `i` differs.
            let mut unless = vec![e];
            unless.extend(filled[u].map(|f| !f));
            unless.extend(filled[v].map(|f| !f));
            for (&x, &y) in bits[u].iter().zip(&bits[v]) {
                b.clause(&[!e, !x, y]);
                b.clause(&[!e, x, !y]);
                if strict {
                    let d = b.aux();
                    b.clause(&[!d, x, y]);
                    b.clause(&[!d, !x, !y]);
                    unless.push(d);
                }
            }
            if strict {
                b.clause(&unless);
            }
            for f in [filled[u], filled[v]].into_iter().flatten() {
                b.implies(e, f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_widths() {
        assert_eq!(code_width(1), 1);
        assert_eq!(code_width(2), 1);
        assert_eq!(code_width(3), 2);
        assert_eq!(code_width(31), 5);
        assert_eq!(code_width(32), 5);
        assert_eq!(code_width(33), 6);
    }
}
