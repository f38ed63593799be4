//! Unit tests of the line solvers and of probing.

use super::*;
use Cell::{Black as B, Unknown as U, White as W};

#[test]
fn finds_overlaps_and_starts() {
    let s = solve_line(&[3], &[U; 4]).unwrap();
    assert_eq!(s.starts, vec![vec![0, 1]]);
    assert_eq!(s.can_black, vec![true; 4]);
    assert_eq!(s.can_white, vec![true, false, false, true]);
    let s = solve_line(&[1, 1], &[U, U, B, U, U]).unwrap();
    assert_eq!(s.starts, vec![vec![0, 2], vec![2, 4]]);
    let s = solve_line(&[2], &[U, W, U, U, B]).unwrap();
    assert_eq!(s.starts, vec![vec![3]]);
    assert_eq!(s.can_white, vec![true, true, true, false, false]);
    assert!(solve_line(&[2], &[B, W, B]).is_none());
    assert!(solve_line(&[], &[U, B]).is_none());
    let s = solve_line(&[], &[U, W]).unwrap();
    assert_eq!(s.can_black, vec![false, false]);
    let s = solve_line(&[1, 2], &[U; 4]).unwrap();
    assert_eq!(s.starts, vec![vec![0], vec![2]]);
}

/// Every completion of `line` for `clue`, by brute force.
fn completions(clue: &[usize], line: &[Cell]) -> Vec<Vec<bool>> {
    let n = line.len();
    (0u32..1 << n)
        .map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|cells| {
            cells.iter().zip(line).all(|(&b, &c)| match c {
                Cell::Unknown => true,
                Cell::Black => b,
                Cell::White => !b,
            })
        })
        .filter(|cells| {
            let mut runs = Vec::new();
            let mut run = 0;
            for &b in cells.iter().chain([false].iter()) {
                if b {
                    run += 1;
                } else if run > 0 {
                    runs.push(run);
                    run = 0;
                }
            }
            runs == clue
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_random_lines() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..3000 {
        let n = rng.usize(1..=9);
        let mut clue = Vec::new();
        let mut used = 0;
        while rng.bool() && used < n {
            let len = rng.usize(1..=(n - used).min(4));
            clue.push(len);
            used += len + 1;
        }
        let line: Vec<Cell> = (0..n)
            .map(|_| match rng.usize(0..5) {
                0 => Cell::Black,
                1 => Cell::White,
                _ => Cell::Unknown,
            })
            .collect();
        let all = completions(&clue, &line);
        let Some(support) = solve_line(&clue, &line) else {
            assert!(all.is_empty(), "{clue:?} {line:?}");
            continue;
        };
        assert!(!all.is_empty(), "{clue:?} {line:?}");
        for i in 0..n {
            assert_eq!(support.can_black[i], all.iter().any(|c| c[i]));
            assert_eq!(support.can_white[i], all.iter().any(|c| !c[i]));
        }
        // Block j starts at p in some completion.
        for (j, starts) in support.starts.iter().enumerate() {
            let mut expected: Vec<usize> = all
                .iter()
                .map(|c| {
                    let mut seen = 0;
                    (0..n)
                        .find(|&p| {
                            let start = c[p] && (p == 0 || !c[p - 1]);
                            seen += usize::from(start);
                            start && seen == j + 1
                        })
                        .unwrap_or(n)
                })
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(starts, &expected, "{clue:?} {line:?} block {j}");
        }
    }
}

/// [`solve_bits`]'s verdict as the table solver gives it.
fn bits_verdict(clue: &[usize], line: &[Cell]) -> Option<(Vec<bool>, Vec<bool>)> {
    let (mut black, mut white) = (0u128, 0u128);
    for (i, cell) in line.iter().enumerate() {
        black |= u128::from(*cell != Cell::White) << i;
        white |= u128::from(*cell != Cell::Black) << i;
    }
    let (black, white) =
        solve_bits(clue, line.len(), black, white, &mut BitScratch::default())?;
    let cells = |x: u128| (0..line.len()).map(|i| x >> i & 1 == 1).collect();
    Some((cells(black), cells(white)))
}

#[test]
fn the_bit_solver_agrees_with_the_tables() {
    let mut rng = fastrand::Rng::with_seed(11);
    for round in 0..20_000 {
        let n = if round % 4 == 0 {
            rng.usize(0..=BITS_MAX)
        } else {
            rng.usize(0..=12)
        };
        let (clue, mut line) = random_line(&mut rng, n);
        if n > 0 && rng.usize(0..3) == 0 {
            let i = rng.usize(0..n);
            line[i] = if rng.bool() { Cell::Black } else { Cell::White };
        }
        let tables = solve_line(&clue, &line).map(|s| (s.can_black, s.can_white));
        assert_eq!(bits_verdict(&clue, &line), tables, "{clue:?} {line:?}");
        if n <= 9 {
            let all = completions(&clue, &line);
            assert_eq!(tables.is_none(), all.is_empty(), "{clue:?} {line:?}");
        }
    }
}

/// A clue from a random picture of `n` cells and a line showing some of
/// its cells (the caller may flip one): lines with and without
/// arrangements.
fn random_line(rng: &mut fastrand::Rng, n: usize) -> (Vec<usize>, Vec<Cell>) {
    let density = rng.usize(1..=9);
    let picture: Vec<bool> = (0..n).map(|_| rng.usize(0..10) < density).collect();
    let clue = runs(picture.iter().copied());
    let known = rng.usize(0..=10);
    let line = picture
        .iter()
        .map(|&b| match (rng.usize(0..10) < known, b) {
            (false, _) => Cell::Unknown,
            (true, true) => Cell::Black,
            (true, false) => Cell::White,
        })
        .collect();
    (clue, line)
}

#[test]
fn wide_bit_sets_agree_with_the_tables_on_long_lines() {
    let mut rng = fastrand::Rng::with_seed(13);
    // Around each width's limit, and anywhere up to 700 cells.
    let edges = [127, 128, 200, 253, 254, 255, 256, 511, 512, 573, 574, 575, 640];
    for round in 0..1500 {
        let n = match edges.get(round % 40) {
            Some(&n) => n,
            None => rng.usize(127..=700),
        };
        let (clue, mut line) = random_line(&mut rng, n);
        if rng.usize(0..3) == 0 {
            let i = rng.usize(0..n);
            line[i] = if rng.bool() { Cell::Black } else { Cell::White };
        }
        let expected = solve_line(&clue, &line).map(|support| {
            line.iter()
                .enumerate()
                .map(|(i, &cell)| match (support.can_black[i], support.can_white[i]) {
                    (true, false) => Cell::Black,
                    (false, true) => Cell::White,
                    _ => cell,
                })
                .collect::<Vec<Cell>>()
        });
        let mut out = Vec::new();
        let solved = solve_long(&clue, &line, &mut Tables::default(), &mut out);
        assert_eq!(solved.then_some(out), expected, "{n} {clue:?}");
    }
}

#[test]
fn presolves_a_line_solvable_puzzle() {
    // The griddler dog: line solving alone finishes it.
    let rows = vec![vec![2], vec![2, 2], vec![4], vec![4], vec![1, 2]];
    let columns = vec![vec![4], vec![3], vec![3], vec![5], vec![2]];
    let Presolved::Fixpoint(grid) = presolve(&rows, &columns) else {
        panic!("contradiction");
    };
    assert_eq!(grid.known(), 25);
    assert_eq!(grid.row(4), vec![B, W, B, B, W]);
    // Row sums match but no grid exists.
    let rows = vec![vec![2], vec![]];
    let columns = vec![vec![1], vec![], vec![1]];
    assert!(matches!(
        presolve(&rows, &columns),
        Presolved::Contradiction(..)
    ));
}

/// The runs of a line of cells (test-side).
fn runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for b in cells.chain([false]) {
        if b {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

#[test]
fn probing_keeps_only_what_every_solution_has() {
    let mut rng = fastrand::Rng::with_seed(5);
    let (h, w) = (4, 3);
    let clues = |m: u32| {
        let cell = |r: usize, c: usize| m >> (r * w + c) & 1 == 1;
        let rows: Vec<Vec<usize>> = (0..h).map(|r| runs((0..w).map(|c| cell(r, c)))).collect();
        let columns: Vec<Vec<usize>> =
            (0..w).map(|c| runs((0..h).map(|r| cell(r, c)))).collect();
        (rows, columns)
    };
    let mut decided_more = 0;
    for _ in 0..150 {
        let picture = rng.u32(..) & 0xfff;
        let (rows, columns) = clues(picture);
        let solutions: Vec<u32> = (0..1u32 << 12).filter(|&m| clues(m) == (rows.clone(), columns.clone())).collect();
        let Presolved::Fixpoint(lined) = presolve(&rows, &columns) else {
            panic!("the picture is a solution");
        };
        let Presolved::Fixpoint(probed) = probe(&rows, &columns, lined.clone(), 1 << 20) else {
            panic!("the picture is a solution");
        };
        assert!(probed.known() >= lined.known());
        decided_more += usize::from(probed.known() > lined.known());
        for (i, cell) in probed.cells.iter().enumerate() {
            for &m in &solutions {
                let black = m >> i & 1 == 1;
                match cell {
                    Cell::Black => assert!(black, "{rows:?} {columns:?} cell {i}"),
                    Cell::White => assert!(!black, "{rows:?} {columns:?} cell {i}"),
                    Cell::Unknown => {}
                }
            }
        }
    }
    // Probing does decide cells that line solving leaves open.
    assert!(decided_more > 0);
}
