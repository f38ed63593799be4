//! Cycle exclusion: a linear feedback shift register per cell, stepped
//! where an edge crosses a ray from a line's endpoint (*winding*, the
//! default rules) or along every oriented arc (*register*, any rules).
//! See the documentation of the parent module for why both are sound.

use super::super::grid::{Grid, Role};
use super::colours::amo_for;
use crate::builder::FormulaBuilder;
use crate::cycle::register::{
    lfsr_exceeding, lfsr_shape, register_apply, register_power, register_step,
};
use crate::names::{self, Range};
use rustsat::types::Lit;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The `rank(r,c,i)` register variables of every cell, `bits` each (one
/// block of names).
fn rank_vars(b: &mut FormulaBuilder, grid: &Grid, bits: usize) -> Vec<Vec<Lit>> {
    let all = b.named_block_or_each(
        "rank(r,c,i)",
        &[
            ("r", Range::Int(1, grid.rows as i64)),
            ("c", Range::Int(1, grid.cols as i64)),
            ("i", Range::Int(0, bits as i64 - 1)),
        ],
        |at| names::call("rank", &[&at[0], &at[1], &at[2]]),
    );
    all.chunks(bits.max(1)).map(<[Lit]>::to_vec).collect()
}

/// First endpoints hold state 1; no other cell holds the zero state,
/// which every linear step maps to itself.
fn register_start(b: &mut FormulaBuilder, grid: &Grid, rank: &[Vec<Lit>]) {
    for (v, bits) in rank.iter().enumerate() {
        if let Role::Start(_) = grid.roles[v] {
            for (i, &bit) in bits.iter().enumerate() {
                b.clause(&[if i == 0 { bit } else { !bit }]);
            }
        } else {
            b.clause(bits);
        }
    }
}

/// Arcs (orientations from first to second endpoint) with in- and
/// out-degree one, and a shift register stepped along every arc (the
/// acyclicity argument for every rule set).
pub(super) fn arcs_and_register(
    b: &mut FormulaBuilder,
    grid: &Grid,
    edges: &[(usize, usize, Lit)],
    filled: &[Option<Lit>],
) {
    let n = grid.len();
    let mut ins: Vec<Vec<Lit>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    for &(u, v, e) in edges {
        // Never out of a second endpoint, never into a first one.
        let mut arcs = Vec::with_capacity(2);
        for (from, to) in [(u, v), (v, u)] {
            if matches!(grid.roles[from], Role::End(_)) || matches!(grid.roles[to], Role::Start(_))
            {
                continue;
            }
            let (fr, fc) = grid.rc(from);
            let (tr, tc) = grid.rc(to);
            let arc = b.named(names::call("arc", &[&fr, &fc, &tr, &tc]));
            b.implies(arc, e);
            outs[from].push((to, arc));
            ins[to].push(arc);
            arcs.push(arc);
        }
        let mut clause = vec![!e];
        clause.extend(&arcs);
        b.clause(&clause);
        if let [x, y] = arcs[..] {
            b.clause(&[!x, !y]);
        }
    }
    for v in 0..n {
        let out_lits: Vec<Lit> = outs[v].iter().map(|&(_, l)| l).collect();
        match grid.roles[v] {
            Role::Start(_) => b.exactly_one(&out_lits, amo_for(out_lits.len())),
            Role::End(_) => b.exactly_one(&ins[v], amo_for(ins[v].len())),
            Role::Free => match filled[v] {
                None => {
                    b.exactly_one(&ins[v], amo_for(ins[v].len()));
                    b.exactly_one(&out_lits, amo_for(out_lits.len()));
                }
                Some(f) => {
                    for lits in [&ins[v], &out_lits] {
                        b.at_most_one(lits, amo_for(lits.len()));
                        let mut clause = vec![!f];
                        clause.extend(lits.iter());
                        b.clause(&clause);
                        for &l in lits.iter() {
                            b.implies(l, f);
                        }
                    }
                }
            },
        }
    }
    // Only free cells can lie on a cycle (a first endpoint has no incoming
    // arc, a second one no outgoing arc).
    let free = grid.roles.iter().filter(|&&r| r == Role::Free).count();
    let shape = lfsr_shape(free);
    let rank = rank_vars(b, grid, shape.0);
    register_start(b, grid, &rank);
    for (v, list) in outs.iter().enumerate() {
        for &(w, arc) in list {
            register_step(b, shape, 1, &[arc], &rank[v], &rank[w]);
        }
    }
}

/// The edges (`u -> v`, right or down) a ray crosses, with their signs.
type Crossings = Vec<((usize, usize), i64)>;

/// A ray from an endpoint to the border of the grid, crossing the edges
/// between the cells beside it: the net signed number of rays that the
/// edge `u -> v` (right or down) crosses, by edge.
///
/// A ray leaves the centre of its cell in one of the four directions,
/// shifted a little to one side, so that it passes through no cell centre
/// and crosses edges only (a rising ray shifted right crosses the edges
/// between `(r,c)` and `(r,c+1)` above the cell). The sign of a crossing is
/// that of the cross product of the ray's direction with the edge's, so
/// that a cycle's signed crossings of a ray add up to its winding number
/// around the ray's origin.
fn ray_crossings(
    grid: &Grid,
    pairs: &[[usize; 2]],
    exists: &HashSet<(usize, usize)>,
) -> HashMap<(usize, usize), i64> {
    let mut net: HashMap<(usize, usize), i64> = HashMap::default();
    let (rows, cols) = (grid.rows as i64, grid.cols as i64);
    let at = |r: i64, c: i64| (r * cols + c) as usize;
    for pair in pairs {
        let mut best: Option<(usize, Crossings)> = None;
        for &origin in pair {
            let (r0, c0) = ((origin / grid.cols) as i64, (origin % grid.cols) as i64);
            // (row step, column step) of the ray, and the side of the shift.
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                for side in [0i64, -1] {
                    let mut crossed = Vec::new();
                    let (mut r, mut c) = (r0 + dr, c0 + dc);
                    while (0..rows).contains(&r) && (0..cols).contains(&c) {
                        // The edge crossed beside cell (r,c), as (u, v)
                        // right or down, and its sign.
                        let (u, v, sign) = if dc == 0 {
                            // Vertical ray: crosses the horizontal edge
                            // (r, c+side)-(r, c+side+1); direction (1,0).
                            // d = (0, dr): d x a = -dr.
                            (at(r, c + side), at(r, c + side + 1), -dr)
                        } else {
                            // Horizontal ray: crosses the vertical edge
                            // (r+side, c)-(r+side+1, c); direction (0,1).
                            // d = (dc, 0): d x a = dc.
                            (at(r + side, c), at(r + side + 1, c), dc)
                        };
                        // Beside the grid, there is no edge to cross.
                        let inside = if dc == 0 {
                            c + side >= 0 && c + side + 1 < cols
                        } else {
                            r + side >= 0 && r + side + 1 < rows
                        };
                        if inside && exists.contains(&(u, v)) {
                            crossed.push(((u, v), sign));
                        }
                        r += dr;
                        c += dc;
                    }
                    // Fewest crossings, and rather edges no other ray
                    // crosses (each extra step on an edge costs clauses).
                    let cost = crossed
                        .iter()
                        .map(|(key, _)| {
                            1 + 2 * net.get(key).map_or(0, |n| n.unsigned_abs() as usize)
                        })
                        .sum::<usize>();
                    if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                        best = Some((cost, crossed));
                    }
                }
            }
        }
        for (key, sign) in best.map(|(_, crossed)| crossed).unwrap_or_default() {
            *net.entry(key).or_insert(0) += sign;
        }
    }
    net
}

/// Rules out cycles under the default rules (every cell filled, strict
/// cell rule) with one ray per line and a shift register that steps only
/// where a ray is crossed: along every edge `u - v`, `rank(v)` is
/// `A^w rank(u)`, `w` the net signed number of rays the edge crosses
/// (`rank(u) = A^-w rank(v)` read the other way, so no orientation is
/// needed). See the module documentation for why this is sound.
pub(super) fn winding_register(
    b: &mut FormulaBuilder,
    grid: &Grid,
    origins: &[[usize; 2]],
    edges: &[(usize, usize, Lit)],
) {
    let exists: HashSet<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
    let net = ray_crossings(grid, origins, &exists);
    let shape = lfsr_exceeding(origins.len());
    let rank = rank_vars(b, grid, shape.0);
    decide_ranks(b, grid, shape, &net, edges, &rank);
    register_start(b, grid, &rank);
    for &(u, v, e) in edges {
        let w = net.get(&(u, v)).copied().unwrap_or(0);
        let steps = (w.unsigned_abs() as usize) % ((1 << shape.0) - 1);
        if w >= 0 {
            register_step(b, shape, steps, &[e], &rank[u], &rank[v]);
        } else {
            register_step(b, shape, steps, &[e], &rank[v], &rank[u]);
        }
    }
}

/// Decides the ranks along the segments decided taken
/// ([`FormulaBuilder::decide`]) from every first endpoint: state 1 there,
/// and each step as the register says, so that none of these cells'
/// register clauses enters the formula.
fn decide_ranks(
    b: &mut FormulaBuilder,
    grid: &Grid,
    (bits, tap): (usize, usize),
    net: &HashMap<(usize, usize), i64>,
    edges: &[(usize, usize, Lit)],
    rank: &[Vec<Lit>],
) {
    let period = (1usize << bits) - 1;
    // Per cell, the taken segments: the neighbour and the steps from this
    // cell's state to the neighbour's.
    let mut taken: Vec<Vec<(usize, usize)>> = vec![Vec::new(); grid.len()];
    for &(u, v, e) in edges {
        if b.decided(e) != Some(true) {
            continue;
        }
        let w = net.get(&(u, v)).copied().unwrap_or(0);
        let forward = if w >= 0 {
            w.unsigned_abs() as usize % period
        } else {
            (period - w.unsigned_abs() as usize % period) % period
        };
        taken[u].push((v, forward));
        taken[v].push((u, (period - forward) % period));
    }
    let mut state: Vec<Option<u64>> = vec![None; grid.len()];
    let mut stack = Vec::new();
    for (v, role) in grid.roles.iter().enumerate() {
        if let Role::Start(_) = role {
            state[v] = Some(1);
            stack.push(v);
        }
    }
    while let Some(u) = stack.pop() {
        let Some(here) = state[u] else { continue };
        for &(v, steps) in &taken[u] {
            if state[v].is_none() {
                state[v] = Some(register_apply(&register_power(bits, tap, steps), here));
                stack.push(v);
            }
        }
    }
    for (v, value) in state.iter().enumerate() {
        if let Some(value) = value {
            for (i, &bit) in rank[v].iter().enumerate() {
                b.decide(if value >> i & 1 == 1 { bit } else { !bit });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sum of the signed ray crossings along the closed walk `cells`.
    fn around(net: &HashMap<(usize, usize), i64>, cells: &[usize]) -> i64 {
        let mut total = 0;
        for (i, &u) in cells.iter().enumerate() {
            let v = cells[(i + 1) % cells.len()];
            let w = net.get(&(u.min(v), u.max(v))).copied().unwrap_or(0);
            total += if u < v { w } else { -w };
        }
        total
    }

    /// The rectangle ring of cells with corners `(r0,c0)`, `(r1,c1)`,
    /// clockwise from the top left.
    fn ring(cols: usize, (r0, c0): (usize, usize), (r1, c1): (usize, usize)) -> Vec<usize> {
        let mut cells = Vec::new();
        cells.extend((c0..c1).map(|c| r0 * cols + c));
        cells.extend((r0..r1).map(|r| r * cols + c1));
        cells.extend((c0 + 1..=c1).rev().map(|c| r1 * cols + c));
        cells.extend((r0 + 1..=r1).rev().map(|r| r * cols + c0));
        cells
    }

    #[test]
    fn rays_count_the_enclosed_lines() {
        // 9x9, three pairs: 1 and 2 inside, 3 on the border.
        let text = "3\n9 9\n. . . . . . . . 3\n. . . . . . . . .\n. . . . . . . . .\n\
                    . . 1 . . . . . .\n. . 1 . . 2 . . .\n. . . . . 2 . . .\n\
                    . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . 3\n";
        let puzzle = crate::numberlink::parse::parse("t.in", text, 1).expect("puzzle");
        let grid = Grid::new(&puzzle);
        let mut exists = HashSet::default();
        for u in 0..grid.len() {
            for v in grid.forward(u) {
                exists.insert((u, v));
            }
        }
        let origins: Vec<[usize; 2]> = puzzle
            .pairs
            .iter()
            .map(|[a, z]| [a.0 * 9 + a.1, z.0 * 9 + z.1])
            .collect();
        let net = ray_crossings(&grid, &origins, &exists);
        // Around both inner pairs, clockwise and counter-clockwise.
        let big = ring(9, (2, 1), (6, 7));
        assert_eq!(around(&net, &big).abs(), 2);
        let back: Vec<usize> = big.iter().rev().copied().collect();
        assert_eq!(around(&net, &back), -around(&net, &big));
        // Around pair 2 alone (column 5, rows 4-5), and around nothing.
        assert_eq!(around(&net, &ring(9, (3, 4), (6, 6))).abs(), 1);
        assert_eq!(around(&net, &ring(9, (2, 1), (5, 3))).abs(), 1);
        assert_eq!(around(&net, &ring(9, (0, 0), (2, 2))), 0);
        assert_eq!(around(&net, &ring(9, (6, 0), (8, 3))), 0);
        // The whole border encloses pairs 1 and 2 (3 lies on it).
        assert_eq!(around(&net, &ring(9, (0, 0), (8, 8))).abs(), 2);
    }
}
