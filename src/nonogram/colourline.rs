//! The exact line solver of colour puzzles and the presolve built on it.
//!
//! A cell's possible values are a bit set ([`Values`]): bit 0 is the
//! background, bit `k + 1` colour `k`. Consecutive blocks of the same
//! colour need at least one background cell between them, blocks of
//! different colours none. [`solve_colour_line`] finds, by a dynamic
//! programme over prefixes and suffixes (O(length x blocks)), every block
//! start and every cell value that occurs in some completion of the line;
//! [`presolve`] runs it over all rows and columns to a fixpoint.
//! Black-and-white puzzles use the specialised solver of
//! [`super::linesolver`] (the same programme with one colour).

use super::puzzle::{Block, Clue};

/// The values a cell can still take: bit 0 background, bit `k + 1` colour
/// `k`.
pub type Values = u32;

/// The background's bit.
pub const BACKGROUND: Values = 1;

/// The bit of colour `k`.
pub fn colour_bit(k: usize) -> Values {
    1 << (k + 1)
}

/// What one colour line allows, given its blocks and the known values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourSupport {
    /// For each block, the start positions (ascending) that occur in some
    /// completion of the line.
    pub starts: Vec<Vec<usize>>,
    /// For each cell, the values it takes in some completion.
    pub values: Vec<Values>,
}

/// Solves one colour line exactly: `None` when no arrangement of `blocks`
/// agrees with the values `line` allows.
pub fn solve_colour_line(blocks: &[Block], line: &[Values]) -> Option<ColourSupport> {
    let n = line.len();
    let k = blocks.len();
    let at = |j: usize, i: usize| j * (n + 1) + i;
    // The distinct colours of the line, and for each the number of cells
    // among the first i that cannot take it.
    let mut colours: Vec<usize> = blocks.iter().map(|b| b.colour).collect();
    colours.sort_unstable();
    colours.dedup();
    let slot = |c: usize| colours.partition_point(|&x| x < c);
    let bad: Vec<Vec<usize>> = colours
        .iter()
        .map(|&c| {
            let mut counts = Vec::with_capacity(n + 1);
            counts.push(0usize);
            for (i, &v) in line.iter().enumerate() {
                counts.push(counts[i] + usize::from(v & colour_bit(c) == 0));
            }
            counts
        })
        .collect();
    let fits = |j: usize, p: usize| {
        let e = p + blocks[j].len;
        let counts = &bad[slot(blocks[j].colour)];
        e <= n && counts[e] == counts[p]
    };
    let may_bg = |i: usize| line[i] & BACKGROUND != 0;
    let gap = |j: usize| usize::from(j + 1 < k && blocks[j].colour == blocks[j + 1].colour);
    // fwd[j][i]: the first i cells can hold blocks 0..j, and block j may
    // start at i.
    let mut fwd = vec![false; (k + 1) * (n + 1)];
    fwd[at(0, 0)] = true;
    for i in 0..=n {
        for j in 0..=k {
            if !fwd[at(j, i)] {
                continue;
            }
            if i < n && may_bg(i) {
                fwd[at(j, i + 1)] = true;
            }
            if j < k && fits(j, i) {
                let e = i + blocks[j].len;
                if gap(j) == 0 {
                    fwd[at(j + 1, e)] = true;
                } else if e < n && may_bg(e) {
                    fwd[at(j + 1, e + 1)] = true;
                }
            }
        }
    }
    if !fwd[at(k, n)] {
        return None;
    }
    // bwd[j][i]: from state (j, i) the rest of the line can hold blocks
    // j..k.
    let mut bwd = vec![false; (k + 1) * (n + 1)];
    let placed = |bwd: &[bool], j: usize, p: usize| -> bool {
        if !fits(j, p) {
            return false;
        }
        let e = p + blocks[j].len;
        if gap(j) == 0 {
            bwd[at(j + 1, e)]
        } else {
            e < n && may_bg(e) && bwd[at(j + 1, e + 1)]
        }
    };
    bwd[at(k, n)] = true;
    for i in (0..=n).rev() {
        for j in 0..=k {
            let ok = (i < n && may_bg(i) && bwd[at(j, i + 1)]) || (j < k && placed(&bwd, j, i));
            if ok {
                bwd[at(j, i)] = true;
            }
        }
    }
    let mut starts = vec![Vec::new(); k];
    let mut values = vec![0 as Values; n];
    // Per colour of the line, +1 where a possible block of it starts and
    // -1 where it ends.
    let mut cover = vec![vec![0i64; n + 1]; colours.len()];
    for (j, block_starts) in starts.iter_mut().enumerate() {
        for p in 0..n {
            if fwd[at(j, p)] && placed(&bwd, j, p) {
                block_starts.push(p);
                let e = p + blocks[j].len;
                let cover = &mut cover[slot(blocks[j].colour)];
                cover[p] += 1;
                cover[e] -= 1;
                if gap(j) == 1 {
                    values[e] |= BACKGROUND;
                }
            }
        }
    }
    for (i, value) in values.iter_mut().enumerate() {
        if *value & BACKGROUND == 0
            && may_bg(i)
            && (0..=k).any(|j| fwd[at(j, i)] && bwd[at(j, i + 1)])
        {
            *value |= BACKGROUND;
        }
    }
    for (s, &c) in colours.iter().enumerate() {
        let mut running = 0i64;
        for (i, value) in values.iter_mut().enumerate() {
            running += cover[s][i];
            if running > 0 {
                *value |= colour_bit(c);
            }
        }
    }
    Some(ColourSupport { starts, values })
}

/// The result of [`presolve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Presolved {
    /// The fixpoint: each cell's values, row-major.
    Fixpoint(Vec<Values>),
    /// Some line has no arrangement: the puzzle has no solution.
    Contradiction,
}

/// Everything possible: the background and the `colours` colours.
pub fn all_values(colours: usize) -> Values {
    (0..colours).fold(BACKGROUND, |v, k| v | colour_bit(k))
}

/// Line-solves all rows and columns of a colour puzzle with `colours`
/// colours to a fixpoint.
pub fn presolve(rows: &[Clue], columns: &[Clue], colours: usize) -> Presolved {
    let (height, width) = (rows.len(), columns.len());
    let mut cells = vec![all_values(colours); height * width];
    let mut queue: std::collections::VecDeque<usize> = (0..height + width).collect();
    let mut queued = vec![true; height + width];
    let index = |line: usize, i: usize| {
        if line < height {
            line * width + i
        } else {
            i * width + (line - height)
        }
    };
    while let Some(line) = queue.pop_front() {
        queued[line] = false;
        let (clue, length) = if line < height {
            (&rows[line], width)
        } else {
            (&columns[line - height], height)
        };
        let known: Vec<Values> = (0..length).map(|i| cells[index(line, i)]).collect();
        let Some(support) = solve_colour_line(clue, &known) else {
            return Presolved::Contradiction;
        };
        for (i, (&before, &after)) in known.iter().zip(&support.values).enumerate() {
            if after != before {
                cells[index(line, i)] = after;
                let other = if line < height { height + i } else { i };
                if !queued[other] {
                    queued[other] = true;
                    queue.push_back(other);
                }
            }
        }
    }
    Presolved::Fixpoint(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(spec: &[(usize, usize)]) -> Vec<Block> {
        spec.iter()
            .map(|&(len, colour)| Block { len, colour })
            .collect()
    }

    /// Every completion of `line` (values) for `clue`, by brute force over
    /// all colourings with `colours` colours; cells are 0 (background) or
    /// colour + 1.
    fn completions(clue: &[Block], line: &[Values], colours: usize) -> Vec<Vec<usize>> {
        let n = line.len();
        let base = colours + 1;
        let mut out = Vec::new();
        for code in 0..base.pow(n as u32) {
            let cells: Vec<usize> = (0..n).map(|i| code / base.pow(i as u32) % base).collect();
            if cells.iter().zip(line).any(|(&v, &m)| m & (1 << v) == 0) {
                continue;
            }
            let mut runs: Vec<Block> = Vec::new();
            for (i, &v) in cells.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                if i > 0 && cells[i - 1] == v {
                    if let Some(last) = runs.last_mut() {
                        last.len += 1;
                    }
                } else {
                    runs.push(Block {
                        len: 1,
                        colour: v - 1,
                    });
                }
            }
            if runs == clue {
                out.push(cells);
            }
        }
        out
    }

    #[test]
    fn different_colours_touch_and_same_colours_keep_apart() {
        let all = all_values(2);
        let s = solve_colour_line(&blocks(&[(1, 0), (1, 1)]), &[all; 2]).unwrap();
        assert_eq!(s.starts, vec![vec![0], vec![1]]);
        assert!(solve_colour_line(&blocks(&[(1, 0), (1, 0)]), &[all; 2]).is_none());
        let s = solve_colour_line(&blocks(&[(1, 0), (1, 0)]), &[all; 3]).unwrap();
        assert_eq!(s.values, vec![colour_bit(0), BACKGROUND, colour_bit(0)]);
    }

    #[test]
    fn agrees_with_brute_force_on_random_lines() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..2000 {
            let n = rng.usize(1..=7);
            let colours = rng.usize(1..=3);
            let mut clue = Vec::new();
            let mut used = 0;
            while rng.bool() && used < n {
                let len = rng.usize(1..=(n - used).min(3));
                clue.push(Block {
                    len,
                    colour: rng.usize(0..colours),
                });
                used += len;
            }
            let all = all_values(colours);
            let line: Vec<Values> = (0..n)
                .map(|_| match rng.usize(0..6) {
                    0 => BACKGROUND,
                    1 => colour_bit(rng.usize(0..colours)),
                    2 => all & !colour_bit(rng.usize(0..colours)),
                    _ => all,
                })
                .collect();
            let every = completions(&clue, &line, colours);
            let Some(support) = solve_colour_line(&clue, &line) else {
                assert!(every.is_empty(), "{clue:?} {line:?}");
                continue;
            };
            assert!(!every.is_empty(), "{clue:?} {line:?}");
            for i in 0..n {
                let seen = every.iter().fold(0, |m, c| m | 1 << c[i]);
                assert_eq!(support.values[i], seen, "{clue:?} {line:?} cell {i}");
            }
            for (j, starts) in support.starts.iter().enumerate() {
                let mut expected: Vec<usize> = every
                    .iter()
                    .map(|c| {
                        // The start of the j-th run.
                        let mut seen = 0;
                        (0..n)
                            .find(|&p| {
                                let start = c[p] != 0 && (p == 0 || c[p - 1] != c[p]);
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

    #[test]
    fn presolves_and_finds_contradictions() {
        // 1x2: "1a 1b" in the row, columns "1a" and "1b".
        let rows = vec![blocks(&[(1, 0), (1, 1)])];
        let columns = vec![blocks(&[(1, 0)]), blocks(&[(1, 1)])];
        assert_eq!(
            presolve(&rows, &columns, 2),
            Presolved::Fixpoint(vec![colour_bit(0), colour_bit(1)])
        );
        let columns = vec![blocks(&[(1, 1)]), blocks(&[(1, 0)])];
        assert_eq!(presolve(&rows, &columns, 2), Presolved::Contradiction);
    }
}
