//! The tables solver on small word squares: answers and enumerations
//! against brute force, validation, the backend and model extension.

use super::*;
use crate::model::Model;
use crate::solver::{Backend, Outcome};

/// `n` groups of values `0..values`, CNF variables numbered in order.
pub(super) fn groups(n: usize, values: u8) -> Vec<Vec<(u8, Var)>> {
    (0..n)
        .map(|g| {
            (0..values)
                .map(|x| {
                    (
                        x,
                        Var::new((g * usize::from(values) + usize::from(x)) as u32),
                    )
                })
                .collect()
        })
        .collect()
}

/// The value of each group in a model's literals.
fn values_of(spec: &TableSpec, lits: &[Lit]) -> Vec<u8> {
    spec.groups
        .iter()
        .map(|group| {
            let set: Vec<u8> = group
                .iter()
                .filter(|(_, var)| lits.contains(&var.pos_lit()))
                .map(|&(x, _)| x)
                .collect();
            assert_eq!(set.len(), 1, "one value per group: {set:?}");
            set[0]
        })
        .collect()
}

/// A 2x2 word square over `words` (values 0..3): rows are tables 0
/// and 1, columns 2 and 3.
fn square(words: &[[u8; 2]], distinct: bool) -> TableSpec {
    let table = |groups: Vec<usize>| Table::new(groups, words.iter().map(|w| &w[..]));
    square_of(&table, distinct, ScoreGoal::First)
}

/// A 2x2 square of groups of values 0..3 whose rows (tables 0 and 1)
/// and columns (2 and 3) are the tables `table` makes over them.
pub(super) fn square_of(
    table: &dyn Fn(Vec<usize>) -> Table,
    distinct: bool,
    goal: ScoreGoal,
) -> TableSpec {
    TableSpec {
        groups: groups(4, 3),
        tables: vec![
            table(vec![0, 1]),
            table(vec![2, 3]),
            table(vec![0, 2]),
            table(vec![1, 3]),
        ],
        distinct,
        goal,
    }
}

/// The clauses of `list`, as a clause list.
fn clauses(list: &[Vec<Lit>]) -> Clauses {
    let mut clauses = Clauses::new();
    for clause in list {
        clauses.push(clause);
    }
    clauses
}

fn solve(spec: &TableSpec, extra: &[Vec<Lit>]) -> TableOutcome {
    solve_tables(spec, &clauses(extra), None, None)
        .expect("clauses over groups")
        .0
}

/// Every model of a 2x2 square, by blocking each found one.
fn all_squares(spec: &TableSpec) -> Vec<Vec<u8>> {
    let mut blocked: Vec<Vec<Lit>> = Vec::new();
    let mut found = Vec::new();
    while let TableOutcome::Sat(lits) = solve(spec, &blocked) {
        let values = values_of(spec, &lits);
        let rows = [[values[0], values[1]], [values[2], values[3]]];
        for table in &spec.tables {
            let read: Vec<u8> = table.groups.iter().map(|&g| values[g]).collect();
            assert!(table.tuples().any(|t| t == read), "{rows:?}");
        }
        blocked.push(lits.iter().filter(|l| l.is_pos()).map(|&l| !l).collect());
        found.push(values);
    }
    found
}

#[test]
fn squares_are_enumerated_exactly() {
    // Words over {0,1,2}: 01, 10, 12, 21, 00.
    let words = [[0, 1], [1, 0], [1, 2], [2, 1], [0, 0]];
    // Brute force over the four cells.
    let count = |distinct: bool| {
        let mut n = 0;
        for code in 0..81u32 {
            let v: Vec<u8> = (0..4).map(|i| (code / 3u32.pow(i) % 3) as u8).collect();
            let reads = [[v[0], v[1]], [v[2], v[3]], [v[0], v[2]], [v[1], v[3]]];
            let listed = reads.iter().all(|r| words.contains(r));
            let unique = (0..4).all(|i| (i + 1..4).all(|j| reads[i] != reads[j]));
            n += usize::from(listed && (unique || !distinct));
        }
        n
    };
    for distinct in [false, true] {
        let fills = all_squares(&square(&words, distinct));
        assert_eq!(fills.len(), count(distinct), "distinct {distinct}");
    }
    assert!(count(true) > 0 && count(false) > count(true));
}

#[test]
fn empty_tables_and_wipe_outs_are_unsat() {
    assert_eq!(solve(&square(&[], false), &[]), TableOutcome::Unsat);
    // Only 01: column 0 puts 1 in cell (1,0), row 1 needs 0 there.
    assert_eq!(solve(&square(&[[0, 1]], false), &[]), TableOutcome::Unsat);
    // A clause over other variables is refused.
    let stray = clauses(&[vec![Var::new(99).pos_lit()]]);
    assert!(solve_tables(&square(&[[0, 0]], false), &stray, None, None).is_none());
}

#[test]
fn specs_are_validated() {
    let mut spec = square(&[[0, 1]], false);
    assert!(spec.validate().is_ok());
    spec.groups[1].push((0, Var::new(0)));
    assert!(spec.validate().is_err());
    let mut spec = square(&[[0, 1]], false);
    spec.tables[0].push(&[0]);
    assert!(spec.validate().unwrap_err().contains("wrong length"));
    let mut spec = square(&[[0, 1]], false);
    spec.tables[0].push(&[0, 40]);
    assert!(spec.validate().unwrap_err().contains("out of range"));
}

#[test]
fn the_backend_extends_its_answer_to_the_clauses() {
    // One group {a, b}, its table allowing only a; and c or d, c or
    // not d, which unit propagation leaves open and setting open
    // variables false breaks (c false forces d and not d).
    let (a, b, c, d) = (Var::new(0), Var::new(1), Var::new(2), Var::new(3));
    let spec = TableSpec {
        groups: vec![vec![(0, a), (1, b)]],
        tables: vec![Table::new(vec![0], [&[0u8][..]])],
        distinct: false,
        goal: ScoreGoal::First,
    };
    let mut backend = TablesBackend::new(std::sync::Arc::new(spec), None).expect("valid spec");
    for clause in [
        &[a.pos_lit(), b.pos_lit()][..],
        &[a.neg_lit(), b.neg_lit()],
        &[c.pos_lit(), d.pos_lit()],
        &[c.pos_lit(), d.neg_lit()],
    ] {
        backend.add_clause(clause).expect("kept");
    }
    match backend.solve(None) {
        Ok(Outcome::Sat(model)) => {
            assert!(model.value(a) && !model.value(b));
            assert!(model.value(c) || model.value(d));
            let how = backend.statistics();
            assert!(how
                .iter()
                .any(|(k, v)| k == "extended-by" && v != "propagation"));
        }
        // A build without an incremental embedded solver says so.
        Err(e) => assert!(e.to_string().contains("no incremental embedded solver")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_started_search_hands_over_its_tables_and_answer() {
    // Rows and columns 01 and 10: one fill.
    let spec = square(&[[0, 1], [1, 0]], false);
    let given = spec.clone();
    let started = StartedSearch::start(move || Ok(Some(given)), None);
    let tables = started.spec().expect("worked out").expect("tables");
    let mut backend = TablesBackend::with_started(tables, started).expect("valid");
    backend.reserve(12).expect("reserved");
    match backend.solve(None) {
        Ok(Outcome::Sat(model)) => {
            let lits: Vec<Lit> = (0..12)
                .map(|v| {
                    let var = Var::new(v);
                    if model.value(var) {
                        var.pos_lit()
                    } else {
                        var.neg_lit()
                    }
                })
                .collect();
            assert_eq!(values_of(&spec, &lits), [0, 1, 1, 0]);
        }
        other => panic!("{other:?}"),
    }
    // No tables, or an error working them out, come back as such.
    assert!(StartedSearch::start(|| Ok(None), None)
        .spec()
        .expect("no error")
        .is_none());
    let failed = StartedSearch::start(|| Err(crate::error::Error::Usage("bad".into())), None);
    assert_eq!(failed.spec().expect_err("the error").to_string(), "bad");
}

/// `fixed` extended to a model of `clauses` by unit propagation.
fn extend_by_propagation(clauses: &Clauses, num_vars: u32, fixed: &[Lit]) -> Option<Model> {
    let mut up = crate::solve::cubes::Propagator::from_clauses(clauses, num_vars, &[]);
    up.propagate_root().then_some(())?;
    extend::extend_by_propagation(&mut up, fixed)
}

#[test]
fn answers_extend_by_propagation_or_not_at_all() {
    let (a, b, c) = (Var::new(0), Var::new(1), Var::new(2));
    let mut clauses = Clauses::new();
    // c <-> a & b, and b.
    clauses.push(&[c.neg_lit(), a.pos_lit()]);
    clauses.push(&[c.neg_lit(), b.pos_lit()]);
    clauses.push(&[c.pos_lit(), a.neg_lit(), b.neg_lit()]);
    clauses.push(&[b.pos_lit()]);
    let model = extend_by_propagation(&clauses, 3, &[a.pos_lit()]).expect("extends");
    assert!(model.value(a) && model.value(b) && model.value(c));
    let model = extend_by_propagation(&clauses, 3, &[a.neg_lit()]).expect("extends");
    assert!(!model.value(c));
    // b is forced, so not b does not extend.
    assert!(extend_by_propagation(&clauses, 3, &[b.neg_lit()]).is_none());
}
