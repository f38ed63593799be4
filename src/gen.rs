//! Generators of standard formulas with named variables, for examples,
//! tests and benchmarks (in the spirit of cnfgen).

use crate::builder::{AtMostOne, FormulaBuilder};
use crate::cnf::Formula;
use crate::names;

/// The pigeonhole principle PHP(pigeons, holes): every pigeon in a hole, no
/// two pigeons share one. Unsatisfiable when `pigeons > holes`.
pub fn pigeonhole(pigeons: usize, holes: usize) -> Formula {
    let mut b = FormulaBuilder::new("pigeonhole", "gen/pigeonhole");
    b.option("pigeons", pigeons).option("holes", holes);
    let x: Vec<Vec<_>> = (1..=pigeons)
        .map(|p| {
            (1..=holes)
                .map(|h| b.named(names::call("in", &[&p, &h])))
                .collect()
        })
        .collect();
    for row in &x {
        b.clause(row);
    }
    for h in 0..holes {
        let column: Vec<_> = x.iter().map(|row| row[h]).collect();
        b.at_most_one(&column, AtMostOne::Pairwise);
    }
    b.finish()
}

/// The n-queens problem: one queen per row and column, at most one per
/// diagonal. 8 queens have 92 solutions.
pub fn queens(n: usize) -> Formula {
    let mut b = FormulaBuilder::new("queens", "gen/queens");
    b.option("n", n);
    let q: Vec<Vec<_>> = (1..=n)
        .map(|r| {
            (1..=n)
                .map(|c| b.named(names::call("queen", &[&r, &c])))
                .collect()
        })
        .collect();
    for (i, row) in q.iter().enumerate() {
        b.exactly_one(row, AtMostOne::Pairwise);
        let column: Vec<_> = q.iter().map(|row| row[i]).collect();
        b.exactly_one(&column, AtMostOne::Pairwise);
    }
    for d in 0..(2 * n).saturating_sub(1) {
        let down: Vec<_> = (0..n)
            .filter_map(|r| d.checked_sub(r).filter(|&c| c < n).map(|c| q[r][c]))
            .collect();
        b.at_most_one(&down, AtMostOne::Pairwise);
        let up: Vec<_> = (0..n)
            .filter_map(|r| {
                (d + r + 1)
                    .checked_sub(n)
                    .filter(|&c| c < n)
                    .map(|c| q[r][c])
            })
            .collect();
        b.at_most_one(&up, AtMostOne::Pairwise);
    }
    // Every solution has exactly n queens.
    b.blocking_positive();
    b.finish()
}

/// A uniform random k-CNF with `vars` variables and `clauses` clauses
/// (distinct variables within a clause), unnamed, from `seed`.
pub fn random_kcnf(k: usize, vars: u32, clauses: usize, seed: u64) -> Formula {
    let mut b = FormulaBuilder::new("random", "gen/random");
    b.option("k", k).option("seed", seed);
    let lits: Vec<_> = (0..vars).map(|_| b.aux()).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let k = k.min(vars as usize);
    let mut clause = Vec::with_capacity(k);
    for _ in 0..clauses {
        clause.clear();
        while clause.len() < k {
            let lit = lits[rng.usize(..lits.len())];
            if !clause.contains(&lit) && !clause.contains(&!lit) {
                clause.push(if rng.bool() { lit } else { !lit });
            }
        }
        b.clause(&clause);
    }
    b.finish()
}

/// Minimum vertex cover of the cycle C_n as WCNF: every edge covered
/// (hard), each vertex in the cover costs `1 + (i mod weights)`. With
/// `weights = 1` the optimum is ceil(n/2).
pub fn cycle_cover(n: usize, weights: u64) -> Formula {
    let mut b = FormulaBuilder::new("cycle-cover", "gen/cycle-cover");
    b.option("n", n).option("weights", weights);
    let v: Vec<_> = (1..=n)
        .map(|i| b.named(names::call("cover", &[&i])))
        .collect();
    for i in 0..n {
        if n > 1 {
            b.clause(&[v[i], v[(i + 1) % n]]);
        }
    }
    for (i, &lit) in v.iter().enumerate() {
        b.soft(1 + (i as u64) % weights.max(1), &[!lit]);
    }
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_as_expected() {
        let php = pigeonhole(3, 2);
        assert_eq!(php.num_vars, 6);
        assert_eq!(php.hard.len(), 3 + 2 * 3);
        let q = queens(4);
        assert_eq!(q.meta.names.len(), 16);
        assert!(q.meta.blocking_positive);
        let r = random_kcnf(3, 10, 20, 7);
        assert_eq!(r.hard.len(), 20);
        assert!(r.hard.iter().all(|c| c.len() == 3));
        assert!(r.meta.projection.is_none());
        let c = cycle_cover(5, 1);
        assert_eq!(c.soft.len(), 5);
    }
}
