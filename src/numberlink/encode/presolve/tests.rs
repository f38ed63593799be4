//! The presolve's rules on small grids.

use super::*;
use crate::numberlink::parse::parse;

fn decided(text: &str, fill: bool) -> (usize, usize, usize) {
    decided_under(text, fill, true)
}

fn decided_under(text: &str, fill: bool, strict: bool) -> (usize, usize, usize) {
    let states = presolved(text, fill, strict, 0).edges;
    let on = states.iter().filter(|s| **s == Some(true)).count();
    let off = states.iter().filter(|s| **s == Some(false)).count();
    (on, off, states.len())
}

/// The presolve of `text` with every segment of the grid, probing within
/// `probe_budget`.
fn presolved(text: &str, fill: bool, strict: bool, probe_budget: usize) -> Presolved {
    let puzzle = parse("t", text, 1).expect("puzzle");
    let grid = Grid::new(&puzzle);
    let domains = super::super::colours::domains(&grid);
    let mut edges = Vec::new();
    for u in 0..grid.len() {
        for v in grid.forward(u) {
            edges.push((u, v));
        }
    }
    presolve(&grid, &domains, &edges, fill, strict, probe_budget)
}

#[test]
fn a_corridor_is_forced_end_to_end() {
    // 1x4 "A..A": every segment is taken.
    assert_eq!(decided("4 1\nA..A\n", true), (3, 0, 3));
    // With empty cells allowed too: the endpoints force it.
    assert_eq!(decided("4 1\nA..A\n", false), (3, 0, 3));
}

#[test]
fn a_dead_end_stays_empty_only_when_cells_may() {
    // 3x1 "AA.": under full cover the last cell cannot be filled (no
    // line reaches it, so its segment goes), a contradiction; what was
    // decided until then stays (whether A joined A first depends on the
    // order the cells are looked at).
    let (_, off, total) = decided("3 1\nAA.\n", true);
    assert_eq!((off, total), (1, 2));
    // Under --allow-empty it is empty and A joins A directly.
    assert_eq!(decided("3 1\nAA.\n", false), (1, 1, 2));
}

#[test]
fn corners_need_a_diagonal_to_an_endpoint() {
    // The seed's 7x7 puzzle: the degree, loop and colour rules alone
    // (without the strict rule the corner rule does not apply) settle
    // a few segments; with the corners that no cell can turn, the
    // cells along the border must run straight and most of the grid
    // follows.
    let text = "7 7\n...4...\n.3..25.\n...31..\n...5...\n.......\n..1....\n2...4..\n";
    let (on, off, total) = decided(text, true);
    let (on_loose, off_loose, _) = decided_under(text, true, false);
    assert!(on + off > 2 * (on_loose + off_loose), "{on} {off} {on_loose} {off_loose}");
    assert!(on + off > total / 2, "{on} {off} {total}");
}

#[test]
fn an_open_square_decides_nothing() {
    // Two solutions (inputs5 puzzle 12 has more room): nothing forced
    // at the free middle of a 3x3 with endpoints in two corners.
    let (on, off, _) = decided("3 3\nA..\n...\n..A\n", false);
    assert_eq!((on, off), (0, 0));
}

#[test]
fn probing_solves_a_published_puzzle_and_only_a_unique_one() {
    // The seed's 7x7 puzzle (one solution): probing decides every
    // segment and every cell's line.
    let text = "7 7\n...4...\n.3..25.\n...31..\n...5...\n.......\n..1....\n2...4..\n";
    let solved = presolved(text, true, true, 1_000_000);
    assert!(solved.solved);
    assert!(solved.edges.iter().all(Option::is_some));
    assert!(solved.colours.iter().all(Option::is_some));
    // Two solutions (inputs5 puzzle 12): not solved, however long it
    // probes.
    let two = "4 5\n...C\n.BA.\n....\n.AB.\nC...\n";
    assert!(!presolved(two, true, true, 1_000_000).solved);
    // No solution: a contradiction is never a solution.
    assert!(!presolved("3 1\nAA.\n", true, true, 1_000_000).solved);
}
