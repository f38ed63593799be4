//! The tables' answer (the values of the groups' variables) extended to a
//! model of the whole formula.
//!
//! First by forward chaining, which reads the clauses in order a few times
//! and builds nothing: every other variable starts false and is made true
//! only when a clause falsified by the values so far has it as its one
//! positive literal left (so it holds in every model that extends the
//! answer, given the variables made true before it). Definitions of the
//! form "x and y imply z" (a word graph's edges, ladders, "equal letters")
//! chain this way in one pass when they are written in the order they
//! depend on each other. Should chaining get stuck (a falsified clause
//! with several or no positive literals to choose from), unit propagation
//! over the clauses takes over ([`extend_by_propagation`]).

use crate::cnf::Clauses;
use crate::model::Model;
use crate::solve::cubes::Propagator;
use rustsat::types::Lit;

/// The most passes over the clauses that chaining makes (each pass after
/// the first is there because a variable made true falsified a clause
/// read before it).
const MAX_PASSES: usize = 8;

/// `fixed` (literals that hold) extended to a model of every clause of
/// `lists` (over `num_vars` variables) by forward chaining, see the module
/// documentation; `None` when chaining gets stuck or does not settle in
/// [`MAX_PASSES`] passes.
pub(super) fn extend_by_chaining(
    lists: &[&Clauses],
    num_vars: u32,
    fixed: &[Lit],
) -> Option<Model> {
    let mut value = vec![false; num_vars as usize];
    let mut free = vec![true; num_vars as usize];
    for &lit in fixed {
        let var = lit.vidx();
        if var >= value.len() || (!free[var] && value[var] != lit.is_pos()) {
            return None;
        }
        value[var] = lit.is_pos();
        free[var] = false;
    }
    for pass in 0..MAX_PASSES {
        let mut chain = Chain {
            value: &mut value,
            free: &mut free,
            made_true: false,
            stuck: false,
        };
        // Every other pass reads the clauses backwards, for definitions
        // written after the clauses that use them.
        if pass % 2 == 0 {
            for clause in lists.iter().flat_map(|list| list.iter()) {
                chain.visit(clause)?;
            }
        } else {
            for list in lists.iter().rev() {
                for i in (0..list.len()).rev() {
                    chain.visit(list.get(i))?;
                }
            }
        }
        let (made_true, stuck) = (chain.made_true, chain.stuck);
        if !made_true {
            return (!stuck).then(|| Model::from_values(value));
        }
    }
    None
}

/// A pass of forward chaining over the clauses.
struct Chain<'a> {
    /// Per variable, its value so far.
    value: &'a mut [bool],
    /// Per variable, whether it is neither fixed nor made true.
    free: &'a mut [bool],
    /// Whether the pass made a variable true.
    made_true: bool,
    /// Whether the pass met a falsified clause without one positive
    /// literal of a free variable.
    stuck: bool,
}

impl Chain<'_> {
    /// Reads a clause: makes its one free positive literal true if the
    /// values so far falsify it. `None` for a variable out of range.
    fn visit(&mut self, clause: &[Lit]) -> Option<()> {
        let mut head = None;
        let mut heads = 0;
        for &lit in clause {
            let var = lit.vidx();
            if *self.value.get(var)? == lit.is_pos() {
                return Some(()); // satisfied
            }
            if self.free[var] && lit.is_pos() {
                heads += 1;
                head = Some(var);
            }
        }
        match (heads, head) {
            (1, Some(var)) => {
                self.value[var] = true;
                self.free[var] = false;
                self.made_true = true;
            }
            _ => self.stuck = true,
        }
        Some(())
    }
}

/// Extends `fixed` (literals that hold) to a model by the unit
/// propagation of `up` (its root propagated; every variable it leaves open
/// set false, and propagated), leaving `up` as it was; `None` on a
/// conflict.
pub(super) fn extend_by_propagation(up: &mut Propagator, fixed: &[Lit]) -> Option<Model> {
    let mark = up.trail_len();
    let model = fixed
        .iter()
        .all(|&lit| up.assign(lit) && up.propagate())
        .then(|| up.complete())
        .flatten();
    up.undo_to(mark);
    model
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustsat::types::Var;

    fn clauses(list: &[&[Lit]]) -> Clauses {
        let mut clauses = Clauses::new();
        for clause in list {
            clauses.push(clause);
        }
        clauses
    }

    #[test]
    fn definitions_chain_in_any_order() {
        let (a, b, c, d) = (Var::new(0), Var::new(1), Var::new(2), Var::new(3));
        // d <- c, c <- a & b (read after d's clause: a second pass).
        let gates = clauses(&[
            &[c.neg_lit(), d.pos_lit()],
            &[a.neg_lit(), b.neg_lit(), c.pos_lit()],
            &[c.neg_lit(), a.pos_lit()],
        ]);
        let model = extend_by_chaining(&[&gates], 4, &[a.pos_lit(), b.pos_lit()]).expect("chains");
        assert!(model.value(c) && model.value(d));
        let model = extend_by_chaining(&[&gates], 4, &[a.pos_lit(), b.neg_lit()]).expect("chains");
        assert!(!model.value(c) && !model.value(d));
    }

    #[test]
    fn chaining_gives_up_where_it_would_guess() {
        let (a, b, c) = (Var::new(0), Var::new(1), Var::new(2));
        // a -> b or c: two positive literals to choose from.
        let choice = clauses(&[&[a.neg_lit(), b.pos_lit(), c.pos_lit()]]);
        assert!(extend_by_chaining(&[&choice], 3, &[a.pos_lit()]).is_none());
        assert!(extend_by_chaining(&[&choice], 3, &[a.neg_lit()]).is_some());
        // A fixed literal falsifies a clause of fixed variables only.
        let fixed_only = clauses(&[&[a.pos_lit()]]);
        assert!(extend_by_chaining(&[&fixed_only], 3, &[a.neg_lit()]).is_none());
        // Contradicting or unknown fixed literals.
        assert!(extend_by_chaining(&[&choice], 3, &[a.pos_lit(), a.neg_lit()]).is_none());
        assert!(extend_by_chaining(&[&choice], 3, &[Var::new(3).pos_lit()]).is_none());
        let beyond = clauses(&[&[c.pos_lit()]]);
        assert!(extend_by_chaining(&[&beyond], 2, &[a.neg_lit()]).is_none());
        // Clauses of the second list count as well.
        let forced = clauses(&[&[b.pos_lit()]]);
        let model = extend_by_chaining(&[&choice, &forced], 3, &[a.pos_lit()]).expect("chains");
        assert!(model.value(b) && !model.value(c));
    }
}
