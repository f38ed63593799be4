//! The formula as the toolchain holds it: clauses, optional weighted soft
//! clauses (an objective), and the metadata that the CNF stream's comment
//! header carries ([`header`]), with the variables the encoder decided
//! ([`Fixed`], taken out of the clauses by [`simplify`]).

use crate::names;
use rustsat::types::{Lit, Var};
use std::sync::Arc;

mod fixed;
pub mod header;
pub mod simplify;
pub use fixed::Fixed;
pub use header::{is_metadata_line, Metadata, MetadataBuilder, STREAM_TAG};

/// A flat list of clauses: literals stored end to end, one allocation for
/// the whole formula.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clauses {
    lits: Vec<Lit>,
    ends: Vec<usize>,
}

impl Clauses {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for `clauses` more clauses of `lits` literals in all.
    pub fn reserve(&mut self, clauses: usize, lits: usize) {
        self.ends.reserve(clauses);
        self.lits.reserve(lits);
    }

    /// Removes every clause, keeping the room.
    pub fn clear(&mut self) {
        self.lits.clear();
        self.ends.clear();
    }

    /// Appends every clause of `other`.
    pub fn append(&mut self, other: &Clauses) {
        let offset = self.lits.len();
        self.lits.extend_from_slice(&other.lits);
        self.ends.extend(other.ends.iter().map(|end| end + offset));
    }

    /// Appends a clause.
    pub fn push(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Appends the literals of `clause` for which `keep` holds, as one
    /// clause.
    pub fn push_filtered(&mut self, clause: &[Lit], keep: impl Fn(Lit) -> bool) {
        self.lits
            .extend(clause.iter().copied().filter(|&lit| keep(lit)));
        self.ends.push(self.lits.len());
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there are no clauses.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Total number of literal occurrences.
    pub fn n_lits(&self) -> usize {
        self.lits.len()
    }

    /// The clause at `index`.
    pub fn get(&self, index: usize) -> &[Lit] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.lits[start..self.ends[index]]
    }

    /// All clauses in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(move |i| self.get(i))
    }

    /// Index of the first clause with no literal for which `holds` is
    /// true.
    pub fn first_without(&self, holds: impl Fn(Lit) -> bool) -> Option<usize> {
        let mut start = 0;
        for (index, &end) in self.ends.iter().enumerate() {
            let mut satisfied = false;
            for &lit in &self.lits[start..end] {
                if holds(lit) {
                    satisfied = true;
                    break;
                }
            }
            if !satisfied {
                return Some(index);
            }
            start = end;
        }
        None
    }

    /// The largest variable occurring in any clause.
    pub fn max_var(&self) -> Option<Var> {
        self.lits.iter().map(|l| l.var()).max()
    }
}

/// Whether a formula is a plain satisfiability problem or has an objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// DIMACS CNF.
    #[default]
    Cnf,
    /// Weighted CNF (MaxSAT Evaluation 2022+ format): hard clauses and
    /// weighted soft clauses whose falsified weights sum to the cost.
    Wcnf,
}

/// A whole formula with its header.
#[derive(Debug, Clone, Default)]
pub struct Formula {
    /// The comment lines before the clauses, verbatim (each starting with
    /// `c`); passed through to the model stream.
    pub header: Vec<String>,
    /// What the header says, parsed.
    pub meta: Metadata,
    /// CNF or WCNF.
    pub kind: Kind,
    /// Number of variables (the `p cnf` count, or the largest used).
    pub num_vars: u32,
    /// Hard clauses, shared: a solver that keeps them (the `tables`
    /// solver, to extend its answers) holds the same storage
    /// ([`Arc::make_mut`] to change them).
    pub hard: Arc<Clauses>,
    /// Soft clauses (WCNF only), parallel to `weights`.
    pub soft: Clauses,
    /// Weight of each soft clause.
    pub weights: Vec<u64>,
}

impl Formula {
    /// The variables to enumerate on: the projection set, or every variable.
    pub fn projection(&self) -> Vec<Var> {
        match &self.meta.projection {
            Some(vars) => vars.clone(),
            None => (0..self.num_vars).map(Var::new).collect(),
        }
    }

    /// How many variables a solver needs for this formula: all of them,
    /// but for the fixed variables (`c fixed`) after the last one that is
    /// not fixed, which occur nowhere a solver looks.
    pub fn solver_vars(&self) -> u32 {
        if self.meta.fixed.is_empty() {
            return self.num_vars;
        }
        (0..self.num_vars)
            .rev()
            .find(|&v| self.meta.fixed.get(Var::new(v)).is_none())
            .map_or(0, |v| v + 1)
    }

    /// The name of `var` as the readable form spells it: its name, or `_N`.
    pub fn display_name(&self, var: Var) -> String {
        match self.meta.name(var) {
            Some(name) => name.to_string(),
            None => names::auxiliary(var.idx32() + 1),
        }
    }

    /// Cost of an assignment: the total weight of falsified soft clauses.
    /// `model[v]` is the value of variable index `v`.
    pub fn cost(&self, model: &[bool]) -> u64 {
        self.soft
            .iter()
            .zip(&self.weights)
            .filter(|(clause, _)| !clause_satisfied(clause, model))
            .map(|(_, w)| *w)
            .sum()
    }

    /// Index of the first hard clause that `model` falsifies, if any.
    pub fn first_falsified(&self, model: &[bool]) -> Option<usize> {
        // The truth of every literal by `Lit::lidx` (variables the model
        // lacks are false), so that each literal costs one lookup.
        let vars = (self.num_vars as usize).max(model.len());
        let mut truth = vec![false; 2 * vars];
        for (var, &value) in model.iter().enumerate() {
            truth[2 * var + usize::from(!value)] = true;
        }
        for var in model.len()..vars {
            truth[2 * var + 1] = true;
        }
        // Literals beyond `vars` cannot occur (`num_vars` is at least the
        // largest variable), but a missing one would count as false.
        self.hard
            .first_without(|lit| truth.get(lit.lidx()).copied().unwrap_or(lit.is_neg()))
    }
}

/// True when some literal of `clause` is true under `model`
/// (`model[v]` is the value of variable index `v`; missing variables are
/// false).
pub fn clause_satisfied(clause: &[Lit], model: &[bool]) -> bool {
    clause
        .iter()
        .any(|lit| model.get(lit.vidx()).copied().unwrap_or(false) != lit.is_neg())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appended_clauses_follow_in_order() {
        let lit = |d: i32| Lit::from_ipasir(d).expect("not zero");
        let mut first = Clauses::new();
        first.push(&[lit(1), lit(-2)]);
        let mut second = Clauses::new();
        second.push(&[lit(3)]);
        second.push(&[]);
        second.push(&[lit(-1), lit(2), lit(3)]);
        first.reserve(3, 4);
        first.append(&second);
        let read: Vec<Vec<i32>> = first
            .iter()
            .map(|c| c.iter().map(|l| l.to_ipasir()).collect())
            .collect();
        assert_eq!(read, [vec![1, -2], vec![3], vec![], vec![-1, 2, 3]]);
        assert_eq!((first.len(), first.n_lits()), (4, 6));
    }
}
