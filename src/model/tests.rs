//! Unit tests of [`crate::model`].

use super::*;

fn read(text: &str) -> Result<ModelStream> {
    read_model_stream(&mut Input::from_text("m.out", text))
}

#[test]
fn the_incremental_checker_agrees_with_the_full_check() {
    use crate::dimacs::{read_formula, ReadOptions};
    // (1 or 2), (not 1 or 3), (not 2 or not 3), (2 or 4 or 4)
    let text = "p cnf 4 4\n1 2 0\n-1 3 0\n-2 -3 0\n2 4 4 0\n";
    let formula =
        read_formula(&mut Input::from_text("f.cnf", text), ReadOptions::default()).unwrap();
    let mut checker = ModelChecker::new(&formula);
    // Every assignment of the four variables, in an order where each
    // differs from the one before in several places.
    for step in 0..16u32 {
        let bits = (step * 7) % 16;
        let model = Model::from_values((0..4).map(|v| bits >> v & 1 == 1).collect());
        let full = check_model(&formula, &model, "test").map_err(|e| e.to_string());
        let incremental = checker.check(&model, "test").map_err(|e| e.to_string());
        assert_eq!(full, incremental, "assignment {bits:04b}");
    }
    // A model shorter than the formula: the missing variables are false.
    let short = Model::from_values(vec![true, false, true]);
    assert_eq!(
        checker.check(&short, "t").map_err(|e| e.to_string()),
        check_model(&formula, &short, "t").map_err(|e| e.to_string())
    );
}

#[test]
fn reads_enumerations_with_their_header() {
    let stream = read(
        "c satpipe stream 1\nc var 1 x\nc solution 1\ns SATISFIABLE\nv 1 -2\nv 0\n\
         c solution 2\ns SATISFIABLE\nv -1 2 0\nc enumeration complete: 2 solutions\n",
    )
    .expect("valid");
    assert_eq!(stream.meta.name(Var::new(0)).as_deref(), Some("x"));
    assert_eq!(stream.solutions.len(), 2);
    assert!(stream.solutions[0].model.value(Var::new(0)));
    assert!(stream.solutions[1].model.value(Var::new(1)));
    assert_eq!(stream.complete, Some(true));
}

#[test]
fn reads_costs_bit_strings_and_minisat_files() {
    let stream = read("o 7\no 3\ns OPTIMUM FOUND\nv 0110\n").expect("maxsat");
    assert_eq!(stream.status, Some(Status::OptimumFound));
    assert_eq!(stream.solutions[0].cost, Some(3));
    assert_eq!(
        stream.solutions[0].model,
        Model::from_values(vec![false, true, true, false])
    );
    let minisat = read("SAT\n1 -2 3 0\n").expect("minisat");
    assert_eq!(
        minisat.solutions[0].model,
        Model::from_values(vec![true, false, true])
    );
    assert_eq!(
        read("UNSAT\n").expect("unsat").status,
        Some(Status::Unsatisfiable)
    );
}

#[test]
fn a_line_starting_with_a_non_ascii_character_is_an_error() {
    let err = read("c ok\n\u{364}x\n").expect_err("garbage");
    assert!(err.to_string().starts_with("m.out:2:"), "{err}");
}

#[test]
fn rejects_cut_off_and_garbage_streams() {
    assert!(read("c only a header\n").is_err());
    assert!(read("").is_err());
    let err = read("s SATISFIABLE\nv 1 x 0\n").expect_err("garbage");
    assert!(err.to_string().starts_with("m.out:2:"), "{err}");
    assert!(read("v 1 0\n").is_err());
}
