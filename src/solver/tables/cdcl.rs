//! The CDCL search of the tables: BatSat (MiniSat's algorithm in Rust)
//! over the groups' one-hot clauses and an enumeration's extra clauses,
//! with the tables as its theory (`theory`), in runs of growing conflict
//! budgets that hand their short learnt clauses to the next.

use super::theory::TableTheory;
use super::tuples::TableIndex;
use super::{TableOutcome, TableSpec, TableStats, MAX_VALUES};
use crate::cnf::Clauses;
use crate::solver::Stop;
use batsat::{lbool, SolverInterface};
use rustc_hash::FxHashMap as HashMap;
use rustsat::types::Var;
use std::time::Instant;

/// Stops a search at a deadline, on a raised [`Stop`] or after a number
/// of conflicts, and keeps the short clauses it learns.
struct Budget {
    deadline: Option<Instant>,
    stop: Option<Stop>,
    conflicts: u64,
    limit: u64,
    /// Learnt clauses of at most [`KEPT_LEARNT_LENGTH`] literals.
    learnt: Vec<Vec<batsat::Lit>>,
}

/// Learnt clauses up to this length pass from one run to the next.
const KEPT_LEARNT_LENGTH: usize = 12;

impl batsat::Callbacks for Budget {
    fn on_new_clause(&mut self, clause: &[batsat::Lit], kind: batsat::ClauseKind) {
        // Conflicts on clauses give Learnt, on the theory Theory.
        if matches!(
            kind,
            batsat::ClauseKind::Learnt | batsat::ClauseKind::Theory
        ) {
            self.conflicts += 1;
            if clause.len() <= KEPT_LEARNT_LENGTH {
                self.learnt.push(clause.to_vec());
            }
        }
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.limit
            || self.stop.as_ref().is_some_and(Stop::raised)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The conflicts of BatSat's first run; each next run alone may have half
/// as many more.
pub(super) const FIRST_RUN_CONFLICTS: u64 = 1000;

/// How often BatSat's runs after the first decide at random.
const RANDOM_DECISIONS: f64 = 0.05;

/// How a BatSat run ended.
pub(super) enum RunOutcome {
    Decided(TableOutcome),
    /// The conflict budget ran out.
    OutOfConflicts,
}

/// BatSat over the tables: the groups' one-hot clauses and the extra
/// clauses, the table theory, and what each run learnt for the next.
pub(super) struct Cdcl<'a> {
    tables: &'a [TableIndex],
    /// The CNF variable of each BatSat variable, with its group and value
    /// (BatSat variable `i` is `order[i]`).
    order: Vec<(usize, u8, Var)>,
    var_of: Vec<[Option<batsat::Var>; MAX_VALUES]>,
    value_of: Vec<(u32, u8)>,
    readers: &'a [Vec<(u32, u32)>],
    distinct: bool,
    clauses: Vec<Vec<batsat::Lit>>,
    /// Short clauses learnt by earlier runs.
    learnt: Vec<Vec<batsat::Lit>>,
}

impl<'a> Cdcl<'a> {
    /// BatSat's variables for `spec`'s groups over `tables` (as
    /// [`TableIndex`]), and its clauses with `extra`; `None` if a clause
    /// of `extra` names another variable. The solver first decides the
    /// variables created first: the values with the largest `support`
    /// (per group and value; a cell's common letters before its rare
    /// ones).
    pub(super) fn new(
        spec: &TableSpec,
        tables: &'a [TableIndex],
        readers: &'a [Vec<(u32, u32)>],
        support: &[[f64; MAX_VALUES]],
        extra: &Clauses,
    ) -> Option<Self> {
        let mut order: Vec<(usize, u8, Var)> = spec
            .groups
            .iter()
            .enumerate()
            .flat_map(|(g, group)| group.iter().map(move |&(x, var)| (g, x, var)))
            .collect();
        order.sort_by(|a, b| {
            support[b.0][usize::from(b.1)].total_cmp(&support[a.0][usize::from(a.1)])
        });
        let mut var_of = vec![[None; MAX_VALUES]; spec.groups.len()];
        let mut value_of = Vec::with_capacity(order.len());
        let mut batsat_of: HashMap<Var, batsat::Lit> = HashMap::default();
        // BatSat numbers its variables in creation order, and every run
        // creates them in this order.
        for (i, &(g, value, var)) in order.iter().enumerate() {
            let v = batsat::Var::unsafe_from_idx(i as u32);
            var_of[g][usize::from(value)] = Some(v);
            value_of.push((g as u32, value));
            batsat_of.insert(var, batsat::Lit::new(v, true));
        }
        let mut clauses: Vec<Vec<batsat::Lit>> = Vec::new();
        for group in &var_of {
            let lits: Vec<batsat::Lit> = group
                .iter()
                .flatten()
                .map(|&v| batsat::Lit::new(v, true))
                .collect();
            clauses.push(lits.clone());
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    clauses.push(vec![!a, !b]);
                }
            }
        }
        for clause in extra.iter() {
            let lits = clause
                .iter()
                .map(|lit| {
                    let l = *batsat_of.get(&lit.var())?;
                    Some(if lit.is_neg() { !l } else { l })
                })
                .collect::<Option<Vec<_>>>()?;
            clauses.push(lits);
        }
        Some(Cdcl {
            tables,
            order,
            var_of,
            value_of,
            readers,
            distinct: spec.distinct,
            clauses,
            learnt: Vec::new(),
        })
    }

    /// Run `round` (0 the first; later ones from a random seed, deciding
    /// at random now and then) with at most `limit` conflicts.
    pub(super) fn run(
        &mut self,
        round: u64,
        limit: u64,
        deadline: Option<Instant>,
        stop: Option<&Stop>,
        stats: &mut TableStats,
    ) -> RunOutcome {
        let mut opts = batsat::SolverOpts::default();
        if round > 0 {
            opts.random_seed = round as f64 * 7919.0 + 1.0;
            opts.random_var_freq = RANDOM_DECISIONS;
        }
        let budget = Budget {
            deadline,
            stop: stop.cloned(),
            conflicts: 0,
            limit,
            learnt: Vec::new(),
        };
        let mut solver = batsat::Solver::new(opts, budget);
        for _ in &self.order {
            // Decisions set a value (positive phase).
            solver.new_var(lbool::TRUE, true);
        }
        for clause in self.clauses.iter().chain(&self.learnt) {
            let mut clause = clause.clone();
            solver.add_clause_reuse(&mut clause);
        }
        let mut theory = TableTheory::new(
            self.tables,
            &self.var_of,
            &self.value_of,
            self.readers,
            self.distinct,
        );
        let result = solver.solve_limited_th(&mut theory, &[]);
        stats.conflicts += solver.num_conflicts();
        stats.decisions += solver.num_decisions();
        stats.table_propagations += theory.propagations;
        stats.rounds += 1;
        if result == lbool::TRUE {
            let lits = self
                .order
                .iter()
                .map(|&(g, value, var)| {
                    let holds = self.var_of[g][usize::from(value)]
                        .is_some_and(|v| solver.value_var(v) == lbool::TRUE);
                    if holds {
                        var.pos_lit()
                    } else {
                        var.neg_lit()
                    }
                })
                .collect();
            return RunOutcome::Decided(TableOutcome::Sat(lits));
        }
        if result == lbool::FALSE {
            return RunOutcome::Decided(TableOutcome::Unsat);
        }
        if solver.cb().conflicts < limit {
            return RunOutcome::Decided(TableOutcome::Unknown);
        }
        self.learnt.append(&mut solver.cb_mut().learnt);
        RunOutcome::OutOfConflicts
    }
}
