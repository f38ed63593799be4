//! Loop constraints shared by the families: "the chosen edges of this
//! graph form exactly one closed loop" ([`one_loop`], for the loop genres)
//! and the shift registers that rule cycles out ([`register`], also used
//! by Numberlink's paths).
//!
//! # Why [`one_loop`] is sound
//!
//! Every vertex has degree 0 or 2 in the chosen edges, so they form
//! disjoint cycles. Each chosen edge is walked in one direction (an arc),
//! each vertex on a cycle has one arc in and one out, so every cycle is a
//! directed cycle. One vertex on the loop is its *root*: the anchor when
//! one is known, otherwise the first vertex on a cycle in index order
//! (`before(v)` says some earlier vertex is on one; `first(v)` is `on(v)`
//! without `before(v)`). A shift register ([`register`]) holds state 1 at
//! the root and steps along every arc, except the arc into the root. A
//! cycle that avoids the root steps all the way round and returns to its
//! non-zero start state after `L` steps, which needs the register's period
//! `P` to divide `L`; the period is chosen above every possible cycle
//! length (on a bipartite graph, where cycles have even length, `2P` above
//! it), so no such cycle exists and the root's cycle is the only one.
//!
//! Every loop has exactly one model: `on`, `before` and `first` are
//! functions of the edges, the root's out-arc goes to the smaller of its
//! two loop neighbours (by vertex index), which orients the whole loop,
//! the register's states follow from the root's, and vertices off the
//! loop hold state 1. Counts of models are counts of loops.

pub mod register;

use crate::builder::FormulaBuilder;
use crate::names;
use register::{lfsr_exceeding, lfsr_shape, register_step};
use rustsat::types::Lit;

/// An undirected edge `(u, v, literal)` of a loop's graph: the literal is
/// true when the loop uses the edge.
pub type Edge = (usize, usize, Lit);

/// Requires the edges whose literal is true to form exactly one closed
/// loop (at least one edge): every vertex has degree 0 or 2, and the used
/// edges are connected. Returns `on(v)` for every vertex `v`, true iff it
/// lies on the loop.
///
/// `points[v]` is the (row, column) label of vertex `v`, used in the names
/// of the auxiliary variables (`on(r,c)`, `arc(r,c,r2,c2)`, `rank(r,c,i)`,
/// `first(r,c)`, `before(r,c)`; the caller must not use these names for
/// variables of its own). `edges` are undirected `(u, v, literal)`, no
/// loops at one vertex and no parallel edges. `anchor` is a vertex known
/// to be on the loop (a Masyu circle), or `None`: the loop is then rooted
/// at its first vertex in index order. Every loop has exactly one model
/// over the auxiliary variables (see the module documentation).
///
/// ```
/// use satpipe::builder::FormulaBuilder;
/// use satpipe::cycle::one_loop;
/// // A 2x2 square of vertices: the only loop uses all four edges.
/// let mut b = FormulaBuilder::new("demo", "demo/loop");
/// let points = [(1, 1), (1, 2), (2, 1), (2, 2)];
/// let pairs = [(0, 1), (0, 2), (1, 3), (2, 3)];
/// let edges: Vec<_> = pairs
///     .iter()
///     .map(|&(u, v)| (u, v, b.named(format!("edge{u}{v}"))))
///     .collect();
/// let on = one_loop(&mut b, &points, &edges, None);
/// assert_eq!(on.len(), 4);
/// ```
pub fn one_loop(
    b: &mut FormulaBuilder,
    points: &[(usize, usize)],
    edges: &[Edge],
    anchor: Option<usize>,
) -> Vec<Lit> {
    let n = points.len();
    let label = |v: usize, name: &str| names::call(name, &[&points[v].0, &points[v].1]);
    let on = cycles(b, points, edges);
    let incident = incident(n, edges);
    match anchor {
        Some(a) => b.clause(&[on[a]]),
        None => b.clause(&on),
    }

    // Arcs: each used edge walked one way; one arc in and one out of every
    // vertex on the loop.
    let mut ins: Vec<Vec<Lit>> = vec![Vec::new(); n];
    let mut outs: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    for &(u, v, e) in edges {
        let (ru, cu) = points[u];
        let (rv, cv) = points[v];
        let forward = b.named(names::call("arc", &[&ru, &cu, &rv, &cv]));
        let backward = b.named(names::call("arc", &[&rv, &cv, &ru, &cu]));
        b.implies(forward, e);
        b.implies(backward, e);
        b.clause(&[!e, forward, backward]);
        b.clause(&[!forward, !backward]);
        outs[u].push((v, forward));
        ins[v].push(forward);
        outs[v].push((u, backward));
        ins[u].push(backward);
    }
    for v in 0..n {
        let out_lits: Vec<Lit> = outs[v].iter().map(|&(_, l)| l).collect();
        for lits in [&ins[v], &out_lits] {
            b.at_most_one(lits, crate::builder::AtMostOne::Pairwise);
            let mut clause = vec![!on[v]];
            clause.extend(lits.iter());
            b.clause(&clause);
        }
    }

    // The root: the anchor, or the first vertex on the loop.
    let first: Vec<Option<Lit>> = match anchor {
        Some(a) => (0..n).map(|v| (v == a).then(|| on[a])).collect(),
        None => first_on_loop(b, &on, &label),
    };

    // The register: state 1 at the root and off the loop, never 0, stepped
    // along every arc but those into the root.
    let shape = if bipartite(n, edges) {
        lfsr_shape(n)
    } else {
        lfsr_exceeding(n)
    };
    let rank: Vec<Vec<Lit>> = (0..n)
        .map(|v| {
            (0..shape.0)
                .map(|i| {
                    let (r, c) = points[v];
                    b.named(names::call("rank", &[&r, &c, &i]))
                })
                .collect()
        })
        .collect();
    for v in 0..n {
        b.clause(&rank[v]);
        for (i, &bit) in rank[v].iter().enumerate() {
            let state_one = if i == 0 { bit } else { !bit };
            b.clause(&[on[v], state_one]);
            if let Some(root) = first[v] {
                b.clause(&[!root, state_one]);
            }
        }
    }
    for (u, list) in outs.iter().enumerate() {
        for &(w, arc) in list {
            match (anchor, first[w]) {
                (Some(_), Some(_)) => {}
                (_, Some(root)) => register_step(b, shape, 1, &[arc, !root], &rank[u], &rank[w]),
                (_, None) => register_step(b, shape, 1, &[arc], &rank[u], &rank[w]),
            }
        }
    }

    // The orientation: the root's out-arc goes to its smaller loop
    // neighbour.
    for (v, root) in first.iter().enumerate() {
        let Some(root) = *root else { continue };
        for &(w, arc) in &outs[v] {
            for &(x, e) in &incident[v] {
                if x < w {
                    let mut clause = vec![!arc, !e];
                    if anchor.is_none() {
                        clause.push(!root);
                    }
                    b.clause(&clause);
                }
            }
        }
    }
    on
}

/// Requires the edges whose literal is true to form disjoint cycles
/// (none, one or more): every vertex has degree 0 or 2. Returns `on(v)`
/// for every vertex `v`, true iff it has degree 2 (named `on(r,c)` by
/// `points`, as in [`one_loop`], which adds to this that there is one
/// cycle). A caller that checks its models itself and rules out a cycle
/// at a time (a generator) gets a smaller, faster formula this way.
pub fn cycles(b: &mut FormulaBuilder, points: &[(usize, usize)], edges: &[Edge]) -> Vec<Lit> {
    let on: Vec<Lit> = points
        .iter()
        .map(|&(r, c)| b.named(names::call("on", &[&r, &c])))
        .collect();
    degrees(b, &on, edges, &incident(points.len(), edges));
    on
}

/// The edges at every vertex, with the vertex at their other end.
fn incident(n: usize, edges: &[Edge]) -> Vec<Vec<(usize, Lit)>> {
    let mut incident: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    for &(u, v, e) in edges {
        incident[u].push((v, e));
        incident[v].push((u, e));
    }
    incident
}

/// Degree 0 or 2 at every vertex, `on(v)` exactly when 2.
fn degrees(b: &mut FormulaBuilder, on: &[Lit], edges: &[Edge], incident: &[Vec<(usize, Lit)>]) {
    for &(u, v, e) in edges {
        b.implies(e, on[u]);
        b.implies(e, on[v]);
    }
    for (v, list) in incident.iter().enumerate() {
        let lits: Vec<Lit> = list.iter().map(|&(_, l)| l).collect();
        let mut clause = vec![!on[v]];
        clause.extend(&lits);
        b.clause(&clause);
        // No dead end: an edge used at v has another one beside it.
        for (i, &e) in lits.iter().enumerate() {
            let mut clause = vec![!e];
            clause.extend(
                lits.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &l)| l),
            );
            b.clause(&clause);
        }
        // No branch: at most two edges.
        if lits.len() <= 6 {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    for k in j + 1..lits.len() {
                        b.clause(&[!lits[i], !lits[j], !lits[k]]);
                    }
                }
            }
        } else {
            b.cardinality(&lits, 0, 2);
        }
    }
}

/// `first(v)`: `v` is the first vertex on the loop in index order, by the
/// prefix variables `before(v)` (some vertex before `v` is on it).
fn first_on_loop(
    b: &mut FormulaBuilder,
    on: &[Lit],
    label: &dyn Fn(usize, &str) -> String,
) -> Vec<Option<Lit>> {
    let mut first = Vec::with_capacity(on.len());
    let mut before: Option<Lit> = None;
    for (v, &on_v) in on.iter().enumerate() {
        let root = b.named(label(v, "first"));
        b.implies(root, on_v);
        match before {
            None => b.implies(on_v, root),
            Some(earlier) => {
                b.clause(&[!root, !earlier]);
                b.clause(&[!on_v, earlier, root]);
            }
        }
        first.push(Some(root));
        if v + 1 < on.len() {
            // before(v+1) = before(v) or on(v).
            let next = b.named(label(v + 1, "before"));
            b.implies(on_v, next);
            match before {
                None => b.implies(next, on_v),
                Some(earlier) => {
                    b.implies(earlier, next);
                    b.clause(&[!next, earlier, on_v]);
                }
            }
            before = Some(next);
        }
    }
    first
}

/// Whether the graph's vertices split into two sides with every edge
/// between them (then every cycle has even length).
fn bipartite(n: usize, edges: &[Edge]) -> bool {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(u, v, _) in edges {
        next[u].push(v);
        next[v].push(u);
    }
    let mut side: Vec<Option<bool>> = vec![None; n];
    for start in 0..n {
        if side[start].is_some() {
            continue;
        }
        side[start] = Some(false);
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            let here = side[u] == Some(true);
            for &w in &next[u] {
                match side[w] {
                    None => {
                        side[w] = Some(!here);
                        stack.push(w);
                    }
                    Some(s) if s == here => return false,
                    Some(_) => {}
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::solvers::{Solve, SolverResult};
    use rustsat::types::TernaryVal;

    /// The vertices and edges of a `rows` x `cols` lattice, with the
    /// builder's edge variables.
    fn lattice(
        b: &mut FormulaBuilder,
        rows: usize,
        cols: usize,
    ) -> (Vec<(usize, usize)>, Vec<Edge>) {
        let points: Vec<(usize, usize)> = (0..rows * cols)
            .map(|v| (v / cols + 1, v % cols + 1))
            .collect();
        let mut edges = Vec::new();
        for v in 0..rows * cols {
            let (r, c) = (v / cols, v % cols);
            if c + 1 < cols {
                edges.push((v, v + 1, b.named(format!("h({r},{c})"))));
            }
            if r + 1 < rows {
                edges.push((v, v + cols, b.named(format!("v({r},{c})"))));
            }
        }
        (points, edges)
    }

    /// Whether the edge set `mask` (bit i: edge i used) is one closed loop.
    fn is_one_loop(n: usize, pairs: &[(usize, usize)], mask: u64) -> bool {
        let used: Vec<(usize, usize)> = pairs
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        if used.is_empty() {
            return false;
        }
        let mut degree = vec![0; n];
        for &(u, v) in &used {
            degree[u] += 1;
            degree[v] += 1;
        }
        if degree.iter().any(|&d| d != 0 && d != 2) {
            return false;
        }
        // Connected: walk from one used vertex over used edges.
        let start = used[0].0;
        let mut seen = vec![false; n];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            for &(a, b) in &used {
                for (x, y) in [(a, b), (b, a)] {
                    if x == u && !seen[y] {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
        }
        (0..n).all(|v| degree[v] == 0 || seen[v])
    }

    /// Every model of the formula, projected on `edges`, as edge masks;
    /// panics on a second model with the same projection (a loop must
    /// have one model).
    fn models(b: FormulaBuilder, edges: &[Edge]) -> Vec<u64> {
        let formula = b.finish();
        let mut solver = rustsat_minisat::core::Minisat::default();
        for clause in formula.hard.iter() {
            solver
                .add_clause(clause.iter().copied().collect())
                .expect("clause");
        }
        let mut found = Vec::new();
        while solver.solve().expect("solve") == SolverResult::Sat {
            let model = solver.full_solution().expect("model");
            let mask = edges
                .iter()
                .enumerate()
                .filter(|&(_, &(_, _, e))| model.lit_value(e) == TernaryVal::True)
                .fold(0u64, |m, (i, _)| m | 1 << i);
            assert!(!found.contains(&mask), "two models of one loop {mask:b}");
            found.push(mask);
            let blocking: Vec<Lit> = (0..formula.num_vars)
                .map(|i| {
                    let var = rustsat::types::Var::new(i);
                    match model.var_value(var) {
                        TernaryVal::True => var.neg_lit(),
                        _ => var.pos_lit(),
                    }
                })
                .collect();
            solver
                .add_clause(blocking.into_iter().collect())
                .expect("block");
        }
        found
    }

    #[test]
    fn loops_of_small_lattices_are_counted_exactly() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            for anchor in [None, Some(rows * cols / 2)] {
                let mut b = FormulaBuilder::new("test", "test/loop");
                let (points, edges) = lattice(&mut b, rows, cols);
                let on = one_loop(&mut b, &points, &edges, anchor);
                assert_eq!(on.len(), rows * cols);
                let pairs: Vec<(usize, usize)> = edges.iter().map(|&(u, v, _)| (u, v)).collect();
                let expected: Vec<u64> = (0u64..1 << pairs.len())
                    .filter(|&m| is_one_loop(rows * cols, &pairs, m))
                    .filter(|&m| {
                        anchor.is_none_or(|a| {
                            pairs
                                .iter()
                                .enumerate()
                                .any(|(i, &(u, v))| m >> i & 1 == 1 && (u == a || v == a))
                        })
                    })
                    .collect();
                let mut got = models(b, &edges);
                got.sort_unstable();
                assert_eq!(got, expected, "{rows}x{cols} anchor {anchor:?}");
            }
        }
    }

    #[test]
    fn odd_cycles_get_a_longer_register() {
        // A triangle: not bipartite; its one loop is still found once.
        let mut b = FormulaBuilder::new("test", "test/loop");
        let points = [(1, 1), (1, 2), (2, 1)];
        let edges: Vec<Edge> = [(0, 1), (1, 2), (0, 2)]
            .iter()
            .map(|&(u, v)| (u, v, b.named(format!("e{u}{v}"))))
            .collect();
        assert!(!bipartite(3, &edges));
        one_loop(&mut b, &points, &edges, None);
        assert_eq!(models(b, &edges), vec![0b111]);
    }
}
