//! Why a rule puzzle has no solution, in a player's terms.
//!
//! The givens are blamed before the rules: with every rule instance as
//! background, a minimal set of givens that cannot hold together
//! ([`crate::explain::minimal_conflict`] over one group per given), each
//! named by its row and column of the grid. Each given of that set is
//! then left out alone: the givens without which the puzzle has exactly
//! one solution come first (when one given was typed wrong, it is among
//! them), or else those without which it has a solution at all. Only
//! when the rules have no solution whatever the givens are the rule
//! instances blamed: a minimal set of them, each with its line in the
//! puzzle file and its cells.
//!
//! The ranges are narrowed by the rule instances encoded
//! ([`super::narrow`]), so a set of instances is tried with the narrowing
//! it makes by itself: a set found under the narrowing of more instances
//! is checked alone, and shrunk one instance at a time when it needs the
//! others' narrowing.

use super::encode::{cell_name, encode_selected, given_label, instance_with_cells, Selection};
use super::parse::{show_set, show_value};
use super::puzzle::{Constraint, Puzzle, Rule};
use super::Options;
use crate::cnf::Formula;
use crate::explain::{minimal_conflict, Conflict, Explanation, EXPLAIN_TIME};
use crate::model::check_model;
use crate::solver::{embedded, Backend, Outcome};
use rustsat::types::{Lit, Var};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// What `decode-rules` says when the puzzle has no solution; `None` when
/// the analysis finds nothing within its time ([`EXPLAIN_TIME`]).
pub fn why_none(puzzle: &Puzzle, options: &Options) -> Option<Explanation> {
    let reasons = evident_reasons(puzzle);
    if !reasons.is_empty() {
        let mut explanation = Explanation::default();
        for reason in reasons {
            explanation.push_text(reason);
        }
        return Some(explanation);
    }
    let deadline = Instant::now() + EXPLAIN_TIME;
    let givens: Vec<usize> = (0..puzzle.initial.len())
        .filter(|&cell| puzzle.initial[cell].is_some())
        .collect();
    if !givens.is_empty() {
        let all: Vec<usize> = (0..puzzle.constraints.len()).collect();
        let selection = Selection {
            constraints: &all,
            givens: &givens,
        };
        let (builder, groups) = encode_selected(puzzle, options, selection).ok()?;
        let formula = builder.finish();
        match minimal_conflict(&formula, &groups[..givens.len()], left(deadline)?).ok()? {
            Conflict::Minimal(found) if !found.is_empty() => {
                let core: Vec<usize> = found.iter().map(|&g| givens[g]).collect();
                let fixes = Probe::new(puzzle, options, &givens)
                    .and_then(|mut probe| probe.fixes(&core, deadline));
                return Some(describe_givens(puzzle, &core, fixes.as_ref()));
            }
            // The rules have no solution by themselves.
            Conflict::Minimal(_) => {}
            Conflict::Satisfiable | Conflict::Unknown => return None,
        }
    }
    let (instances, minimal) = rules_conflict(puzzle, options, deadline)?;
    Some(describe_rules(puzzle, &instances, minimal))
}

/// The reasons seen without solving: a given outside its cell's range, a
/// word rule whose list has no word of its length.
fn evident_reasons(puzzle: &Puzzle) -> Vec<String> {
    let mut reasons = Vec::new();
    for (cell, given) in puzzle.initial.iter().enumerate() {
        if let Some(given) = given {
            if !puzzle.domains[cell].contains(&given.value) {
                reasons.push(format!(
                    "the given {} at {} (initial, line {}) is outside the cell's range {} (line {})\n",
                    show_value(given.value),
                    puzzle.layout.grid_name(cell),
                    given.line,
                    show_set(&puzzle.domains[cell]),
                    puzzle.range_lines[cell]
                ));
            }
        }
    }
    for constraint in &puzzle.constraints {
        let rule = &puzzle.rules[constraint.rule];
        if let Rule::Word(list) = rule.rule {
            if puzzle.word_lists[list]
                .words(constraint.cells.len())
                .is_empty()
            {
                reasons.push(format!(
                    "rule {} (line {}): the list has no word of {} letters (pattern at line {})\n",
                    rule.text,
                    rule.line,
                    constraint.cells.len(),
                    constraint.block_line
                ));
            }
        }
    }
    reasons
}

/// The time left before `deadline`, `None` when there is none.
fn left(deadline: Instant) -> Option<Duration> {
    let now = Instant::now();
    (now < deadline).then(|| deadline - now)
}

/// Whether the rule instances `constraints` with the givens of `givens`
/// have no solution: `Some(true)` when they have none, `None` when the
/// search did not finish by `deadline` or the encoding is refused.
fn refuted(
    puzzle: &Puzzle,
    options: &Options,
    constraints: &[usize],
    givens: &[usize],
    deadline: Instant,
) -> Option<bool> {
    let selection = Selection {
        constraints,
        givens,
    };
    let (builder, _) = encode_selected(puzzle, options, selection).ok()?;
    match minimal_conflict(&builder.finish(), &[], left(deadline)?).ok()? {
        Conflict::Minimal(_) => Some(true),
        Conflict::Satisfiable => Some(false),
        Conflict::Unknown => None,
    }
}

/// What leaving out one given of a conflict does, for each given (cells).
#[derive(Debug, Default)]
struct Fixes {
    /// Without any one of these the puzzle has exactly one solution.
    unique: Vec<usize>,
    /// Without any one of these it has a solution (`unique` included).
    solvable: Vec<usize>,
}

/// One incremental solver over every rule instance, the givens being
/// assumptions, for "does the puzzle have a solution, and only one,
/// without this given?".
struct Probe {
    solver: Box<dyn Backend>,
    formula: Formula,
    /// Each given's cell and its literal (`None`: the rules exclude the
    /// value).
    givens: Vec<(usize, Option<Lit>)>,
    /// The next variable free for an activation literal.
    next_var: u32,
}

impl Probe {
    /// The probe over `puzzle` with the givens of the cells `givens`;
    /// `None` without an embedded solver that takes assumptions.
    fn new(puzzle: &Puzzle, options: &Options, givens: &[usize]) -> Option<Probe> {
        let all: Vec<usize> = (0..puzzle.constraints.len()).collect();
        let selection = Selection {
            constraints: &all,
            givens: &[],
        };
        let (builder, _) = encode_selected(puzzle, options, selection).ok()?;
        let givens = givens
            .iter()
            .map(|&cell| {
                let lit = puzzle.initial[cell]
                    .and_then(|g| builder.lookup(&cell_name(puzzle, cell, g.value)));
                (cell, lit)
            })
            .collect();
        let formula = builder.finish();
        let name = *embedded::available().first()?;
        let mut solver = embedded::create(name, &[]).ok()??;
        if !solver.supports_assumptions() {
            return None;
        }
        solver.reserve(formula.num_vars).ok()?;
        for clause in formula.hard.iter() {
            solver.add_clause(clause).ok()?;
        }
        let next_var = formula.num_vars;
        Some(Probe {
            solver,
            formula,
            givens,
            next_var,
        })
    }

    /// Leaves out each given of `core` (cells) in turn; `None` when the
    /// time ran out first.
    fn fixes(&mut self, core: &[usize], deadline: Instant) -> Option<Fixes> {
        let mut fixes = Fixes::default();
        for &cell in core {
            let others: Option<Vec<Lit>> = self
                .givens
                .iter()
                .filter(|&&(c, _)| c != cell)
                .map(|&(_, lit)| lit)
                .collect();
            // Another given that the rules exclude: still no solution.
            let Some(mut assumptions) = others else {
                continue;
            };
            let Outcome::Sat(model) = self.solve(&assumptions, deadline)? else {
                continue;
            };
            fixes.solvable.push(cell);
            // Another solution: some cell's value differs (one-hot cells).
            let activation = Var::new(self.next_var).pos_lit();
            self.next_var += 1;
            self.solver.reserve(self.next_var).ok()?;
            let mut other = vec![!activation];
            let projection = self.formula.meta.projection.as_deref().unwrap_or(&[]);
            other.extend(
                projection
                    .iter()
                    .filter(|&&v| model.value(v))
                    .map(|&v| v.neg_lit()),
            );
            self.solver.add_clause(&other).ok()?;
            assumptions.push(activation);
            let second = self.solve(&assumptions, deadline)?;
            self.solver.add_clause(&[!activation]).ok()?;
            if matches!(second, Outcome::Unsat) {
                fixes.unique.push(cell);
            }
        }
        Some(fixes)
    }

    /// Solves under `assumptions`; `None` at the deadline, on a solver
    /// error, or for a model that fails the formula's check.
    fn solve(&mut self, assumptions: &[Lit], deadline: Instant) -> Option<Outcome> {
        left(deadline)?;
        match self
            .solver
            .solve_assuming(assumptions, Some(deadline))
            .ok()?
        {
            Outcome::Sat(model) => {
                check_model(&self.formula, &model, "the solver").ok()?;
                Some(Outcome::Sat(model))
            }
            Outcome::Unsat => Some(Outcome::Unsat),
            Outcome::Unknown => None,
        }
    }
}

/// A minimal set of rule instances (indices into [`Puzzle::constraints`])
/// that have no solution together, without the givens, and whether it is
/// minimal (`false`: the time ran out while it was shrunk); `None` when
/// nothing was found in time.
fn rules_conflict(
    puzzle: &Puzzle,
    options: &Options,
    deadline: Instant,
) -> Option<(Vec<usize>, bool)> {
    let mut set: Vec<usize> = (0..puzzle.constraints.len()).collect();
    let mut previous: Option<Vec<usize>> = None;
    loop {
        let selection = Selection {
            constraints: &set,
            givens: &[],
        };
        let (builder, groups) = encode_selected(puzzle, options, selection).ok()?;
        match minimal_conflict(&builder.finish(), &groups, left(deadline)?).ok()? {
            // Minimal under its own narrowing, so minimal under any
            // narrower set's.
            Conflict::Minimal(found) if found.len() == set.len() => return Some((set, true)),
            Conflict::Minimal(found) if !found.is_empty() => {
                let smaller = found.iter().map(|&g| set[g]).collect();
                previous = Some(std::mem::replace(&mut set, smaller));
            }
            // The narrowing by the whole set leaves a cell without values.
            Conflict::Minimal(_) => return Some(shrink(puzzle, options, set, &[], deadline)),
            // The smaller set needed the narrowing of the others.
            Conflict::Satisfiable => {
                return Some(shrink(puzzle, options, previous?, &set, deadline));
            }
            Conflict::Unknown => return None,
        }
    }
}

/// Shrinks `set`, which has no solution, one instance at a time (those
/// outside `last` first): an instance goes when the others still have no
/// solution under their own narrowing. Returns the set and whether it is
/// minimal (all tried before `deadline`).
fn shrink(
    puzzle: &Puzzle,
    options: &Options,
    mut set: Vec<usize>,
    last: &[usize],
    deadline: Instant,
) -> (Vec<usize>, bool) {
    let mut order: Vec<usize> = set.iter().copied().filter(|k| !last.contains(k)).collect();
    order.extend(set.iter().copied().filter(|k| last.contains(k)));
    for k in order {
        let without: Vec<usize> = set.iter().copied().filter(|&j| j != k).collect();
        match refuted(puzzle, options, &without, &[], deadline) {
            Some(true) => set = without,
            Some(false) => {}
            None => return (set, false),
        }
    }
    (set, true)
}

/// What follows "without": "this given", "any one of these N givens".
fn without_these(count: usize) -> String {
    if count == 1 {
        "this given".to_string()
    } else {
        format!("any one of these {count} givens")
    }
}

/// The explanation for a minimal set of givens `core` (cells) that the
/// rules do not allow together, after what leaving each out does (`fixes`,
/// when known): the givens to remove first, then the whole set.
fn describe_givens(puzzle: &Puzzle, core: &[usize], fixes: Option<&Fixes>) -> Explanation {
    let labels = |cells: &[usize]| -> Vec<String> {
        cells
            .iter()
            .filter_map(|&cell| {
                puzzle.initial[cell].map(|given| given_label(puzzle, cell, given.value))
            })
            .collect()
    };
    let n = core.len();
    let mut explanation = Explanation::default();
    if let [cell] = core {
        let after = match fixes {
            Some(f) if f.unique.contains(cell) => "; without it the puzzle has exactly one solution",
            Some(f) if f.solvable.contains(cell) => {
                "; without it the puzzle has solutions (more than one)"
            }
            Some(_) => " (and without it the puzzle still has no solution)",
            None => "",
        };
        explanation.push_list(
            format!("this given cannot hold under the rules{after}:"),
            labels(core),
        );
        return explanation;
    }
    let all_fix = fixes.is_some_and(|f| f.solvable.len() == n);
    if let Some(fixes) = fixes {
        if !fixes.unique.is_empty() {
            explanation.push_list(
                format!(
                    "without {} the puzzle has exactly one solution:",
                    without_these(fixes.unique.len())
                ),
                labels(&fixes.unique),
            );
        } else if !fixes.solvable.is_empty() && !all_fix {
            explanation.push_list(
                format!(
                    "without {} the puzzle has solutions (more than one):",
                    without_these(fixes.solvable.len())
                ),
                labels(&fixes.solvable),
            );
        }
    }
    explanation.push_list(
        format!(
            "these {n} givens cannot all hold under the rules (without any one of them, {}):",
            if all_fix {
                "the puzzle has a solution"
            } else {
                "the rest can"
            }
        ),
        labels(core),
    );
    if fixes.is_some_and(|f| f.solvable.is_empty()) {
        explanation
            .push_text("removing any single given still leaves the puzzle without a solution");
    }
    explanation
}

/// The explanation for rule instances that have no solution together,
/// whatever the givens.
fn describe_rules(puzzle: &Puzzle, instances: &[usize], minimal: bool) -> Explanation {
    let n = instances.len();
    let heading = format!(
        "the rules have no solution, whatever the givens: {} cannot all hold{}:",
        if n == 1 {
            "this rule instance".to_string()
        } else {
            format!("these {n} rule instances")
        },
        if minimal {
            " (without any one of them there is a solution)"
        } else {
            " (the search for a smaller set ran out of time)"
        }
    );
    let blamed: Vec<&Constraint> = instances
        .iter()
        .map(|&k| &puzzle.constraints[k])
        .collect();
    let items = blamed
        .iter()
        .map(|constraint| instance_with_cells(puzzle, constraint))
        .collect();
    let mut explanation = Explanation::list(heading, items);
    for note in overlapping_matches(&blamed) {
        explanation.push_text(note);
    }
    explanation
}

/// A note for every pattern of which two blamed matches share a cell: a
/// pattern matches at every offset where it fits, so a box pattern such as
/// `|aa` / `|aa` in an undecorated layout also matches between the boxes.
fn overlapping_matches(blamed: &[&Constraint]) -> Vec<String> {
    let mut notes = Vec::new();
    let mut noted = BTreeSet::new();
    let mut pairs = Vec::new();
    for a in blamed {
        for b in blamed {
            if a.block_line == b.block_line
                && a.instance < b.instance
                && b.cells.iter().any(|cell| a.cells.contains(cell))
            {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_by_key(|(a, b)| (a.block_line, a.instance, b.instance));
    for (a, b) in pairs {
        if noted.insert(a.block_line) {
            let note = format!(
                "note: the pattern at line {} matches at overlapping places (matches {} and {} \
                 share cells): a pattern matches at every offset where it fits the layout; for \
                 separate boxes give each box its own letters, or set the boxes apart in the \
                 layout with decoration (docs/rules.md, \"A sudoku\")\n",
                a.block_line, a.instance, b.instance
            );
            notes.push(note);
        }
    }
    notes
}
