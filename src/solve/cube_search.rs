//! The depth-first search over disjoint cubes of the projection
//! variables, shared by enumeration and optimisation by cubes.

use super::{cubes, Session};
use crate::error::{Error, Result};
use crate::model::Model;
use crate::solver::{Backend, Outcome};
use rustsat::types::{Lit, Var};

/// What the cube search does with each model it reaches: gets the session,
/// the model and the cost limit (which it may lower); returns true to stop.
pub(super) type Leaf<'l, 'a> =
    dyn FnMut(&mut Session<'a>, Model, &mut Option<u64>) -> Result<bool> + 'l;

impl<'a> Session<'a> {
    /// The depth-first search over disjoint cubes that enumeration and
    /// optimisation by cubes share. `leaf` gets every model that the search
    /// reaches (one per projected assignment) and the current cost limit,
    /// which it may lower; it returns true to stop the search. With `cost`,
    /// every branch whose falsified soft clauses already weigh more than
    /// the limit is cut. The propagator is left unassigned. Returns `Some(true)` when the search space is
    /// exhausted, `Some(false)` when `leaf` stopped it, `None` when the
    /// solver gave up (time limit).
    pub(super) fn cube_search(
        &mut self,
        backend: &mut dyn Backend,
        up: &mut cubes::Propagator,
        completion: bool,
        (partial_cost, cost_limit): (Option<&cubes::PartialCost>, &mut Option<u64>),
        leaf: &mut Leaf<'_, 'a>,
    ) -> Result<Option<bool>> {
        if !up.propagate_root() {
            up.undo_to(0);
            return Ok(Some(true));
        }
        let mut levels: Vec<cubes::Level> = Vec::new();
        let mut order: Vec<Var> = Vec::with_capacity(self.projection.len());
        let (mut calls, mut refuted, mut decisions) = (0u64, 0u64, 0u64);
        let over_limit = |up: &cubes::Propagator, limit: &Option<u64>| match (partial_cost, limit) {
            (Some(partial), Some(limit)) => partial.lower_bound(up) > *limit,
            _ => false,
        };
        let prefers = |a: Lit, b: Lit| partial_cost.is_some_and(|partial| partial.prefers(a, b));
        let preferred: Option<&dyn Fn(Lit, Lit) -> bool> = match partial_cost {
            Some(_) => Some(&prefers),
            None => None,
        };
        let exhausted = loop {
            // Branch on the open projection clause with the fewest choices
            // (dancing links' column rule); the solver is asked only when
            // every such clause is satisfied.
            if let Some(lit) = up.shortest_open_clause(preferred) {
                decisions += 1;
                levels.push(cubes::Level {
                    lit,
                    flipped: false,
                    trail: up.trail_len(),
                });
                let consistent = up.assign(lit) && up.propagate() && !over_limit(up, cost_limit);
                if !consistent
                    && !cubes::backtrack(up, &mut levels, &mut refuted, &|up| {
                        over_limit(up, cost_limit)
                    })
                {
                    break true;
                }
                continue;
            }
            // Every branching clause is satisfied: complete the assignment
            // by propagation alone if possible, else ask the solver.
            let completed = if completion { up.complete() } else { None };
            let model = match completed {
                Some(model) => Some(model),
                None => {
                    let assumptions: Vec<Lit> = levels.iter().map(|l| l.lit).collect();
                    calls += 1;
                    match backend.solve_assuming(&assumptions, self.deadline)? {
                        Outcome::Sat(model) => Some(model),
                        Outcome::Unsat => None,
                        Outcome::Unknown => {
                            up.undo_to(0);
                            return Ok(None);
                        }
                    }
                }
            };
            if let Some(model) = model {
                // Follow the model down: its true projection variables
                // first, then the false ones, each unless already implied.
                order.clear();
                order.extend(self.projection.iter().filter(|&&v| model.value(v)));
                order.extend(self.projection.iter().filter(|&&v| !model.value(v)));
                for &var in &order {
                    if up.value(var).is_some() {
                        continue;
                    }
                    let lit = Lit::new(var.idx32(), !model.value(var));
                    decisions += 1;
                    levels.push(cubes::Level {
                        lit,
                        flipped: false,
                        trail: up.trail_len(),
                    });
                    if !(up.assign(lit) && up.propagate()) {
                        return Err(Error::Check(format!(
                            "{} returned a model that falsifies a clause under its own values",
                            self.solver
                        )));
                    }
                }
                if leaf(self, model, cost_limit)? {
                    break false;
                }
            }
            if !cubes::backtrack(up, &mut levels, &mut refuted, &|up| {
                over_limit(up, cost_limit)
            }) {
                break true;
            }
        };
        up.undo_to(0);
        self.progress(&format!(
            "search by cubes: {decisions} decisions, {calls} solver calls, {refuted} branches refuted by propagation"
        ));
        Ok(Some(exhausted))
    }
}
