//! Taking what the unit clauses force out of a formula: an encoder whose
//! presolve decided part of the puzzle (as unit clauses) writes only what
//! is still open.
//!
//! [`fix_forced`] runs unit propagation from the unit clauses. Every
//! variable it assigns has that value in every model, so it becomes a
//! fixed variable of the header (`c fixed`, [`super::Fixed`]); the clauses
//! it satisfies are dropped, and the false literals are taken out of the
//! others. A model of what is left, with the fixed values, is a model of
//! the formula as built, and each model of that formula is one of what is
//! left with the fixed values: answers and counts do not change. The
//! projection loses the fixed variables (each has one value in every
//! solution), `c try-first` and `c relax` lose the literals that are now
//! decided.

use super::{Clauses, Formula, Kind};
use crate::solve::cubes::Propagator;
use rustsat::types::{Lit, Var};
use std::sync::Arc;

/// What [`fix_forced`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This many variables were fixed and taken out of the clauses.
    Fixed(usize),
    /// Nothing is forced (or the formula is WCNF): it is unchanged.
    Unchanged,
    /// Propagation found a contradiction: the formula has no model. It is
    /// left unchanged, for the solver to refute.
    Conflict,
}

/// Fixes the variables that unit propagation from the unit clauses of
/// `formula` assigns (see the module documentation). The header lines
/// (`formula.header`) are not rewritten: the caller renders them again
/// from `formula.meta`.
pub fn fix_forced(formula: &mut Formula) -> Outcome {
    if formula.kind != Kind::Cnf {
        return Outcome::Unchanged;
    }
    let Some(values) = propagate(&formula.hard, formula.num_vars) else {
        return Outcome::Conflict;
    };
    let value = |lit: Lit| lit_value(&values, lit);
    let fixed = values.iter().filter(|v| v.is_some()).count();
    if fixed == 0 {
        return Outcome::Unchanged;
    }
    formula.hard = Arc::new(reduce(&formula.hard, &values));
    let meta = &mut formula.meta;
    for (v, value) in values.iter().enumerate() {
        if let Some(value) = value {
            // A variable that occurs in a clause is not fixed yet.
            let _ = meta.fixed.set(Var::new(v as u32), *value);
        }
    }
    if let Some(projection) = &mut meta.projection {
        projection.retain(|&v| values[v.idx()].is_none());
    }
    if meta.try_first.iter().any(|&l| value(l) == Some(false)) {
        // No model has all of them: the first search would only learn so.
        meta.try_first.clear();
    }
    meta.try_first.retain(|&l| value(l).is_none());
    for ladder in &mut meta.relax {
        // A rung that always holds restricts nothing, and neither do the
        // weaker ones after it; a rung that never holds is skipped.
        if let Some(end) = ladder.iter().position(|&l| value(l) == Some(true)) {
            ladder.truncate(end);
        }
        ladder.retain(|&l| value(l).is_none());
    }
    meta.relax.retain(|ladder| !ladder.is_empty());
    Outcome::Fixed(fixed)
}

/// Unit propagation from the unit clauses of `clauses` over `num_vars`
/// variables: every variable's forced value, or `None` on a
/// contradiction.
///
/// The unit clauses' values are set first and the clauses reduced by
/// them (satisfied ones dropped, false literals taken out); only what is
/// left goes to the propagator. A presolve that decided most of a puzzle
/// leaves little, so the propagator is built over a small formula rather
/// than the whole one, and not at all when nothing is left; the fixpoint
/// is the same, since propagation would have set the units' values first
/// anyway.
fn propagate(clauses: &Clauses, num_vars: u32) -> Option<Vec<Option<bool>>> {
    let mut values: Vec<Option<bool>> = vec![None; num_vars as usize];
    for lits in clauses.iter() {
        if let [lit] = lits {
            match values[lit.vidx()] {
                Some(value) if value == lit.is_neg() => return None,
                _ => values[lit.vidx()] = Some(lit.is_pos()),
            }
        }
    }
    let open = reduce(clauses, &values);
    if open.is_empty() {
        // The units were all (a presolve that solved its puzzle).
        return Some(values);
    }
    let mut up = Propagator::from_clauses(&open, num_vars, &[]);
    if !up.propagate_root() {
        return None;
    }
    for (v, slot) in values.iter_mut().enumerate() {
        if slot.is_none() {
            *slot = up.value(Var::new(v as u32));
        }
    }
    Some(values)
}

/// The value of `lit` under the partial assignment `values`.
fn lit_value(values: &[Option<bool>], lit: Lit) -> Option<bool> {
    values[lit.vidx()].map(|v| v != lit.is_neg())
}

/// `clauses` under the partial assignment `values`: the satisfied ones
/// dropped, the false literals taken out of the others.
fn reduce(clauses: &Clauses, values: &[Option<bool>]) -> Clauses {
    let mut kept = Clauses::new();
    let mut clause = Vec::new();
    for lits in clauses.iter() {
        if lits.iter().any(|&l| lit_value(values, l) == Some(true)) {
            continue;
        }
        clause.clear();
        clause.extend(
            lits.iter()
                .copied()
                .filter(|&l| lit_value(values, l).is_none()),
        );
        kept.push(&clause);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Metadata;

    fn lit(n: i32) -> Lit {
        Lit::from_ipasir(n).expect("not 0")
    }

    fn formula(clauses: &[&[i32]], num_vars: u32) -> Formula {
        let mut hard = Clauses::new();
        for clause in clauses {
            let lits: Vec<Lit> = clause.iter().map(|&n| lit(n)).collect();
            hard.push(&lits);
        }
        Formula {
            num_vars,
            hard: Arc::new(hard),
            ..Formula::default()
        }
    }

    fn clauses(formula: &Formula) -> Vec<Vec<i32>> {
        formula
            .hard
            .iter()
            .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
            .collect()
    }

    #[test]
    fn forced_variables_leave_the_clauses() {
        // 1; -1 or 2; -2 or 3 or 4; 4 or 5; -3 or -5 or 6
        let mut f = formula(&[&[1], &[-1, 2], &[-2, 3, 4], &[4, 5], &[-3, -5, 6]], 6);
        f.meta = Metadata {
            projection: Some((0..6).map(Var::new).collect()),
            try_first: vec![lit(2), lit(3)],
            relax: vec![
                vec![lit(-1), lit(5)],
                vec![lit(1), lit(6)],
                vec![lit(4), lit(2), lit(3)],
            ],
            ..Metadata::default()
        };
        assert_eq!(fix_forced(&mut f), Outcome::Fixed(2));
        assert_eq!(clauses(&f), [vec![3, 4], vec![4, 5], vec![-3, -5, 6]]);
        assert_eq!(f.meta.fixed.get(Var::new(0)), Some(true));
        assert_eq!(f.meta.fixed.get(Var::new(1)), Some(true));
        assert_eq!(f.meta.fixed.get(Var::new(2)), None);
        assert_eq!(
            f.meta.projection,
            Some((2..6).map(Var::new).collect::<Vec<_>>())
        );
        assert_eq!(f.meta.try_first, [lit(3)]);
        assert_eq!(f.meta.relax, [vec![lit(5)], vec![lit(4)]]);
    }

    #[test]
    fn contradictions_and_nothing_forced_leave_the_formula() {
        let mut f = formula(&[&[1], &[-1, 2], &[-2]], 2);
        assert_eq!(fix_forced(&mut f), Outcome::Conflict);
        assert_eq!(f.hard.len(), 3);
        let mut f = formula(&[&[1, 2], &[-1, -2]], 2);
        assert_eq!(fix_forced(&mut f), Outcome::Unchanged);
        // A repeated literal counts once.
        let mut f = formula(&[&[1], &[-1, 2, 2], &[-2, 3]], 3);
        assert_eq!(fix_forced(&mut f), Outcome::Fixed(3));
        assert!(f.hard.is_empty());
        let mut f = formula(&[&[1], &[-1, -1]], 1);
        assert_eq!(fix_forced(&mut f), Outcome::Conflict);
    }
}
