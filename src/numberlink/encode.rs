//! The default ("rank") encoding: sound, compact and propagation-strong.
//!
//! Variables (1-based rows, columns and pair numbers in the names):
//!
//! - `cell(r,c)=k`: the cell belongs to line `k`; only for the lines that
//!   can reach the cell (see *domains* below);
//! - `edge(r,c,r2,c2)`: the line runs between two adjacent cells (the
//!   projection set: distinct solutions differ in their edges);
//! - `arc(r,c,r2,c2)`: the edge is walked from the first cell to the
//!   second, lines being oriented from the first endpoint to the second;
//! - `rank(r,c,i)`: bit `i` of the cell's position along its line, a
//!   `B`-bit number with `2^B` larger than the number of cells.
//!
//! Constraints:
//!
//! 1. every non-endpoint cell has exactly one colour (at most one with
//!    `--allow-empty`); an endpoint has its own;
//! 2. an edge joins cells of the same colour, and (strict rule) two
//!    adjacent cells of the same colour are joined by an edge;
//! 3. `edge = arc(u,v) or arc(v,u)`, never both;
//! 4. the first endpoint of a line has one outgoing arc and no incoming
//!    arc, the second one incoming and no outgoing arc, every other filled
//!    cell exactly one incoming and one outgoing arc;
//! 5. along every arc `u -> v`, `rank(v) = rank(u) + 1 (mod 2^B)`, and the
//!    first endpoint has rank 0.
//!
//! Soundness: by 3 and 4 every filled cell has in- and out-degree one
//! (endpoints aside), so the arcs of a colour form one path from its first
//! endpoint plus possibly disjoint directed cycles. Around a cycle of
//! length `L` the rank would grow by `L` and come back to where it
//! started, so `L ≡ 0 (mod 2^B)`; but `0 < L ≤ cells < 2^B`. Hence there are
//! no cycles, every filled cell lies on the path that starts at an
//! endpoint, and by 2 that path ends at the other endpoint of the same
//! colour. With 2 (strict part) no line touches itself. Completeness: any
//! solution gives a model (orient each line from its first endpoint, rank
//! = distance along the line, which is below the number of cells).
//!
//! Redundant clauses that help propagation:
//!
//! - domains: a line can only use free cells of a connected region of
//!   non-endpoint cells that touches both of its endpoints, so `cell(r,c)=k`
//!   exists only for such `k` and edges between cells with disjoint
//!   domains do not exist;
//! - undirected degree: exactly two edges at a filled free cell, one at an
//!   endpoint (totalizer via [`FormulaBuilder::cardinality`]);
//! - parity: the rank of a cell of colour `k` has the parity of its
//!   Manhattan distance from `k`'s first endpoint (binary clauses);
//! - no U-turn (strict rule): three edges of a 2x2 square would make two
//!   adjacent cells of one colour without an edge between them; at most two
//!   of the four edges of every square are used (without the strict rule:
//!   not all four, which would be a cycle).

use super::{Options, Puzzle};
use crate::builder::{AtMostOne, FormulaBuilder};
use crate::names;
use rustsat::types::{Lit, Var};

/// The role of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Free,
    /// First endpoint of pair `k` (0-based): lines start here.
    Start(usize),
    /// Second endpoint of pair `k` (0-based): lines end here.
    End(usize),
}

/// The grid geometry and the puzzle's endpoints, by cell index `r * cols + c`.
struct Grid {
    rows: usize,
    cols: usize,
    roles: Vec<Role>,
}

impl Grid {
    fn new(puzzle: &Puzzle) -> Self {
        let mut roles = vec![Role::Free; puzzle.rows * puzzle.cols];
        for (k, [a, b]) in puzzle.pairs.iter().enumerate() {
            roles[a.0 * puzzle.cols + a.1] = Role::Start(k);
            roles[b.0 * puzzle.cols + b.1] = Role::End(k);
        }
        Grid {
            rows: puzzle.rows,
            cols: puzzle.cols,
            roles,
        }
    }

    fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Right and down neighbours (each undirected edge once).
    fn forward(&self, v: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (v / self.cols, v % self.cols);
        let right = (c + 1 < self.cols).then_some(v + 1);
        let down = (r + 1 < self.rows).then_some(v + self.cols);
        right.into_iter().chain(down)
    }

    /// All orthogonal neighbours.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (v / self.cols, v % self.cols);
        let up = (r > 0).then(|| v - self.cols);
        let left = (c > 0).then(|| v - 1);
        up.into_iter().chain(left).chain(self.forward(v))
    }

    /// `(r,c)` with 1-based numbers, for names.
    fn rc(&self, v: usize) -> (usize, usize) {
        (v / self.cols + 1, v % self.cols + 1)
    }
}

/// The possible colours (0-based pairs, sorted) of every cell: an endpoint
/// has its own; a free cell those pairs whose both endpoints touch its
/// connected region of free cells.
fn domains(grid: &Grid) -> Vec<Vec<usize>> {
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

/// The variables of the encoding, kept while clauses are added.
struct Vars {
    /// `(pair, literal)` of `cell(r,c)=k`, sorted by pair, per cell.
    colour: Vec<Vec<(usize, Lit)>>,
    /// The rank bits of every cell.
    rank: Vec<Vec<Lit>>,
}

impl Vars {
    fn colour(&self, v: usize, k: usize) -> Option<Lit> {
        let list = &self.colour[v];
        list.binary_search_by_key(&k, |&(p, _)| p)
            .ok()
            .map(|i| list[i].1)
    }
}

/// Number of rank bits: `2^B` exceeds the number of cells (at least 2).
pub fn rank_bits(cells: usize) -> usize {
    let mut bits = 2;
    while bits < usize::BITS as usize && (1usize << bits) <= cells {
        bits += 1;
    }
    bits
}

/// The at-most-one encoding for a list of this length.
fn amo_for(len: usize) -> AtMostOne {
    if len <= 64 {
        AtMostOne::Pairwise
    } else {
        AtMostOne::Ladder
    }
}

/// Encodes `puzzle` under the rules in `options` (the encoding field is
/// ignored: this is the rank encoding).
pub fn encode(puzzle: &Puzzle, options: &Options) -> FormulaBuilder {
    let grid = Grid::new(puzzle);
    let fill = !options.allow_empty;
    let strict = !options.allow_touching;
    let mut b = FormulaBuilder::new("numberlink", "numberlink/rank");
    let n = grid.len();
    let domains = domains(&grid);

    // 1. Colours.
    let mut vars = Vars {
        colour: Vec::with_capacity(n),
        rank: Vec::with_capacity(n),
    };
    let bits = rank_bits(n);
    for v in 0..n {
        let (r, c) = grid.rc(v);
        let rank: Vec<Lit> = (0..bits)
            .map(|i| b.named(names::call("rank", &[&r, &c, &i])))
            .collect();
        vars.rank.push(rank);
    }
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
        vars.colour.push(list);
    }
    let mut filled: Vec<Option<Lit>> = vec![None; n];
    for (v, slot) in filled.iter_mut().enumerate() {
        let lits: Vec<Lit> = vars.colour[v].iter().map(|&(_, l)| l).collect();
        match grid.roles[v] {
            Role::Start(_) | Role::End(_) => b.clause(&lits),
            Role::Free if fill => b.exactly_one(&lits, amo_for(lits.len())),
            Role::Free => {
                b.at_most_one(&lits, amo_for(lits.len()));
                let f = b.aux();
                let mut clause = vec![!f];
                clause.extend(&lits);
                b.clause(&clause);
                for &l in &lits {
                    b.implies(l, f);
                }
                *slot = Some(f);
            }
        }
    }

    // 2. Edges and colour consistency; 3. arcs.
    let mut edges: Vec<(usize, usize, Lit)> = Vec::new();
    let mut ins: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    for u in 0..n {
        for v in grid.forward(u) {
            let common = domains[u]
                .iter()
                .any(|k| domains[v].binary_search(k).is_ok());
            if !common {
                continue;
            }
            let (r, c) = grid.rc(u);
            let (r2, c2) = grid.rc(v);
            let e = b.named(names::call("edge", &[&r, &c, &r2, &c2]));
            edges.push((u, v, e));
            // Colours agree along an edge.
            let mut all: Vec<usize> = domains[u].iter().chain(&domains[v]).copied().collect();
            all.sort_unstable();
            all.dedup();
            for k in all {
                match (vars.colour(u, k), vars.colour(v, k)) {
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
            // Orientations: never out of a second endpoint, never into a
            // first one.
            let mut arcs = Vec::with_capacity(2);
            for (from, to) in [(u, v), (v, u)] {
                if matches!(grid.roles[from], Role::End(_))
                    || matches!(grid.roles[to], Role::Start(_))
                {
                    continue;
                }
                let (fr, fc) = grid.rc(from);
                let (tr, tc) = grid.rc(to);
                let arc = b.named(names::call("arc", &[&fr, &fc, &tr, &tc]));
                b.implies(arc, e);
                outs[from].push((to, arc));
                ins[to].push((from, arc));
                arcs.push(arc);
            }
            let mut clause = vec![!e];
            clause.extend(&arcs);
            b.clause(&clause);
            if let [x, y] = arcs[..] {
                b.clause(&[!x, !y]);
            }
        }
    }

    // 4. Degrees, by arcs.
    // Redundant: the undirected degree, which propagates better than the
    // arcs alone (measured: about twice as fast on the 30x30 seed puzzles).
    {
        let mut inc: Vec<Vec<Lit>> = vec![Vec::new(); n];
        for &(u, v, e) in &edges {
            inc[u].push(e);
            inc[v].push(e);
        }
        for (v, lits) in inc.iter().enumerate() {
            match grid.roles[v] {
                Role::Free if fill => b.cardinality(lits, 2, 2),
                Role::Free => b.cardinality(lits, 0, 2),
                _ => b.cardinality(lits, 1, 1),
            }
        }
    }
    for v in 0..n {
        let in_lits: Vec<Lit> = ins[v].iter().map(|&(_, l)| l).collect();
        let out_lits: Vec<Lit> = outs[v].iter().map(|&(_, l)| l).collect();
        match grid.roles[v] {
            Role::Start(_) => b.exactly_one(&out_lits, amo_for(out_lits.len())),
            Role::End(_) => b.exactly_one(&in_lits, amo_for(in_lits.len())),
            Role::Free => match filled[v] {
                None => {
                    b.exactly_one(&in_lits, amo_for(in_lits.len()));
                    b.exactly_one(&out_lits, amo_for(out_lits.len()));
                }
                Some(f) => {
                    for lits in [&in_lits, &out_lits] {
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

    // 5. Ranks.
    for v in 0..n {
        match grid.roles[v] {
            Role::Start(_) => {
                for &bit in &vars.rank[v] {
                    b.clause(&[!bit]);
                }
            }
            Role::End(k) => {
                let parity = manhattan(&grid, puzzle.pairs[k][0], v) % 2 == 1;
                let bit0 = vars.rank[v][0];
                b.clause(&[if parity { bit0 } else { !bit0 }]);
            }
            Role::Free => {
                for &(k, x) in &vars.colour[v] {
                    let parity = manhattan(&grid, puzzle.pairs[k][0], v) % 2 == 1;
                    let bit0 = vars.rank[v][0];
                    b.clause(&[!x, if parity { bit0 } else { !bit0 }]);
                }
            }
        }
    }
    for (u, out) in outs.iter().enumerate() {
        if out.is_empty() {
            continue;
        }
        let next = successor(&mut b, &vars.rank[u]);
        for &(v, arc) in out {
            for (&x, &y) in vars.rank[v].iter().zip(&next) {
                b.clause(&[!arc, !x, y]);
                b.clause(&[!arc, x, !y]);
            }
        }
    }

    // Redundant: no U-turns in 2x2 squares.
    let edge_at: std::collections::HashMap<(usize, usize), Lit> =
        edges.iter().map(|&(u, v, e)| ((u, v), e)).collect();
    for r in 0..grid.rows.saturating_sub(1) {
        for c in 0..grid.cols.saturating_sub(1) {
            let v = r * grid.cols + c;
            let square: Vec<Lit> = [
                (v, v + 1),
                (v, v + grid.cols),
                (v + 1, v + 1 + grid.cols),
                (v + grid.cols, v + 1 + grid.cols),
            ]
            .iter()
            .filter_map(|key| edge_at.get(key).copied())
            .collect();
            let negated: Vec<Lit> = square.iter().map(|&e| !e).collect();
            match (strict, negated.len()) {
                (true, 3) => b.clause(&negated),
                (true, 4) => {
                    for skip in 0..4 {
                        let mut clause = negated.clone();
                        clause.remove(skip);
                        b.clause(&clause);
                    }
                }
                (false, 4) => b.clause(&negated),
                _ => {}
            }
        }
    }

    let projection: Vec<Var> = edges.iter().map(|&(_, _, e)| e.var()).collect();
    b.projection(&projection);
    if fill {
        // Every solution has cells - K edges.
        b.blocking_positive();
    }
    b
}

/// Manhattan distance between a cell and a cell index.
fn manhattan(grid: &Grid, a: (usize, usize), v: usize) -> usize {
    let (r, c) = (v / grid.cols, v % grid.cols);
    a.0.abs_diff(r) + a.1.abs_diff(c)
}

/// Literals for `rank + 1 (mod 2^B)`: a ripple-carry incrementer with
/// auxiliary sum and carry variables, defined both ways.
fn successor(b: &mut FormulaBuilder, rank: &[Lit]) -> Vec<Lit> {
    let mut next = Vec::with_capacity(rank.len());
    next.push(!rank[0]);
    let mut carry = rank[0];
    for (i, &x) in rank.iter().enumerate().skip(1) {
        let s = b.aux();
        // s <-> x xor carry
        b.clause(&[!s, x, carry]);
        b.clause(&[!s, !x, !carry]);
        b.clause(&[s, !x, carry]);
        b.clause(&[s, x, !carry]);
        next.push(s);
        if i + 1 < rank.len() {
            let c = b.aux();
            // c <-> x and carry
            b.clause(&[!c, x]);
            b.clause(&[!c, carry]);
            b.clause(&[c, !x, !carry]);
            carry = c;
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_bits_exceed_cells() {
        assert_eq!(rank_bits(2), 2);
        assert_eq!(rank_bits(3), 2);
        assert_eq!(rank_bits(4), 3);
        assert_eq!(rank_bits(1600), 11);
    }
}
