//! The objective of a WCNF as weighted literals, and an incremental upper
//! bound on it (a totalizer for unit weights, else rustsat's generalized
//! totalizer).

use crate::cnf::Formula;
use crate::error::{Error, Result};
use crate::solver::Backend;
use rustsat::encodings::{card, pb, CollectClauses};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Lit, Var};

/// The objective as weighted literals that are true when a soft clause is
/// falsified.
pub(super) struct Objective {
    pub(super) terms: Vec<(Lit, usize)>,
    /// Cost that every model pays (empty soft clauses).
    pub(super) base_cost: u64,
    /// Relaxation variables added after the formula's variables.
    pub(super) relaxations: u32,
}

impl Objective {
    pub(super) fn relax(formula: &Formula, backend: &mut dyn Backend) -> Result<Objective> {
        let mut terms = Vec::new();
        let mut base_cost = 0u64;
        let mut next = formula.num_vars;
        for (clause, &weight) in formula.soft.iter().zip(&formula.weights) {
            if weight == 0 {
                continue;
            }
            let weight_usize = usize::try_from(weight)
                .map_err(|_| Error::Usage(format!("soft clause weight {weight} is too large")))?;
            match clause {
                [] => base_cost += weight,
                [lit] => terms.push((!*lit, weight_usize)),
                _ => {
                    let relax = Lit::positive(next);
                    next += 1;
                    let mut relaxed = clause.to_vec();
                    relaxed.push(relax);
                    backend.add_clause(&relaxed)?;
                    terms.push((relax, weight_usize));
                }
            }
        }
        backend.reserve(next)?;
        Ok(Objective {
            terms,
            base_cost,
            relaxations: next - formula.num_vars,
        })
    }
}

/// An incremental upper bound on the objective.
pub(super) struct BoundEncoding {
    encoding: BoundKind,
    vars: BasicVarManager,
}

enum BoundKind {
    Unit(card::Totalizer),
    Weighted(pb::GeneralizedTotalizer),
}

/// Collects clauses from an encoding for a backend.
#[derive(Default)]
struct ClauseBuffer(Vec<Clause>);

impl CollectClauses for ClauseBuffer {
    fn n_clauses(&self) -> usize {
        self.0.len()
    }
    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        self.0.extend(clauses);
        Ok(())
    }
}

impl BoundEncoding {
    pub(super) fn new(objective: &Objective, first_free: u32) -> Self {
        let unit = objective.terms.iter().all(|(_, w)| *w == 1);
        let encoding = if unit {
            BoundKind::Unit(card::Totalizer::from_iter(
                objective.terms.iter().map(|(l, _)| *l),
            ))
        } else {
            BoundKind::Weighted(pb::GeneralizedTotalizer::from_iter(
                objective.terms.iter().copied(),
            ))
        };
        BoundEncoding {
            encoding,
            vars: BasicVarManager::from_next_free(Var::new(first_free)),
        }
    }

    /// Adds clauses so that the objective is at most `bound` from now on.
    pub(super) fn demand_at_most(&mut self, bound: u64, backend: &mut dyn Backend) -> Result<()> {
        use card::BoundUpperIncremental as _;
        use pb::BoundUpperIncremental as _;
        let bound = usize::try_from(bound).unwrap_or(usize::MAX);
        let mut buffer = ClauseBuffer::default();
        let units = match &mut self.encoding {
            BoundKind::Unit(tot) => {
                let _ = tot.encode_ub_change(bound..=bound, &mut buffer, &mut self.vars);
                card::BoundUpper::enforce_ub(tot, bound)
                    .map_err(|e| Error::Solver(e.to_string()))?
            }
            BoundKind::Weighted(gte) => {
                let _ = gte.encode_ub_change(bound..=bound, &mut buffer, &mut self.vars);
                pb::BoundUpper::enforce_ub(gte, bound).map_err(|e| Error::Solver(e.to_string()))?
            }
        };
        if let Some(max) = self.vars.max_var() {
            backend.reserve(max.idx32() + 1)?;
        }
        for clause in &buffer.0 {
            let lits: Vec<Lit> = clause.iter().copied().collect();
            backend.add_clause(&lits)?;
        }
        for unit in units {
            backend.add_clause(&[unit])?;
        }
        Ok(())
    }
}
