//! An exact line solver and the presolve built on it.
//!
//! [`solve_line`] finds, for one line with some cells known, every block
//! start that occurs in at least one completion of the line, and which
//! cells can be black or white in some completion: an O(length x blocks)
//! dynamic programme over prefixes and suffixes. [`presolve`] runs it over
//! all rows and columns to a fixpoint (what dedicated nonogram solvers do
//! before any search). The encoder then creates variables only for the
//! block starts that survive and emits the fixed cells as unit clauses, so
//! a line-solvable puzzle becomes a formula of units.


/// What is known about a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not known yet.
    Unknown,
    /// Black (filled) in every solution.
    Black,
    /// White (empty) in every solution.
    White,
}

/// What one line allows, given its clue and the known cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineSupport {
    /// For each block, the start positions (ascending) that occur in some
    /// completion of the line.
    pub starts: Vec<Vec<usize>>,
    /// For each cell, whether some completion makes it black.
    pub can_black: Vec<bool>,
    /// For each cell, whether some completion makes it white.
    pub can_white: Vec<bool>,
}

/// Solves one line exactly: `None` when no arrangement of the block
/// lengths `clue` agrees with the known cells of `line`.
pub fn solve_line(clue: &[usize], line: &[Cell]) -> Option<LineSupport> {
    solve(clue, line, true)
}

/// [`solve_line`], with the block starts only when `with_starts` (the
/// presolve needs only the cells).
fn solve(clue: &[usize], line: &[Cell], with_starts: bool) -> Option<LineSupport> {
    let n = line.len();
    let k = clue.len();
    // white_before[i] = number of known-white cells among the first i.
    let mut white_before = Vec::with_capacity(n + 1);
    white_before.push(0usize);
    for cell in line {
        let last = white_before[white_before.len() - 1];
        white_before.push(last + usize::from(*cell == Cell::White));
    }
    let fits = |p: usize, e: usize| e <= n && white_before[e] == white_before[p];
    let may_white = |i: usize| line[i] != Cell::Black;
    let at = |j: usize, i: usize| j * (n + 1) + i;
    // Only blocks j with room for blocks 0..j before cell i (at least
    // `before[j]` cells) and for blocks j.. from cell i on (at least
    // `after[j]` cells) take part at i; the other table entries are false
    // or lead to no arrangement, so they are skipped (this makes tight
    // lines of long clues cheap).
    let mut before = vec![0usize; k + 1];
    for j in 1..=k {
        before[j] = before[j - 1] + clue[j - 1] + usize::from(j > 1);
    }
    let mut after = vec![0usize; k + 1];
    for j in (0..k).rev() {
        after[j] = clue[j] + after[j + 1] + usize::from(j + 1 < k);
    }
    let blocks_at = |i: usize| {
        let first = after.partition_point(|&r| i + r > n);
        let end = before.partition_point(|&b| b <= i);
        first..end.max(first)
    };
    // fwd[j][i]: the first i cells can hold blocks 0..j, and block j may
    // start at i (i = 0, or cell i-1 is white; or i = n after a block).
    let mut fwd = vec![false; (k + 1) * (n + 1)];
    fwd[at(0, 0)] = true;
    for i in 0..=n {
        for j in blocks_at(i) {
            if !fwd[at(j, i)] {
                continue;
            }
            if i < n && may_white(i) {
                fwd[at(j, i + 1)] = true;
            }
            if j < k {
                let e = i + clue[j];
                if fits(i, e) {
                    if e == n {
                        fwd[at(j + 1, n)] = true;
                    } else if may_white(e) {
                        fwd[at(j + 1, e + 1)] = true;
                    }
                }
            }
        }
    }
    if !fwd[at(k, n)] {
        return None;
    }
    // bwd[j][i]: cells i.. can hold blocks j..k, block j starting at i or
    // later.
    let mut bwd = vec![false; (k + 1) * (n + 1)];
    // Block j placed at p with its following white cell, and the rest fits.
    let placed = |bwd: &[bool], j: usize, p: usize| -> bool {
        let e = p + clue[j];
        if !fits(p, e) {
            return false;
        }
        if e == n {
            j + 1 == k
        } else {
            may_white(e) && bwd[at(j + 1, e + 1)]
        }
    };
    bwd[at(k, n)] = true;
    for i in (0..=n).rev() {
        for j in blocks_at(i) {
            let mut ok = i < n && may_white(i) && bwd[at(j, i + 1)];
            if !ok && j < k && i < n {
                ok = placed(&bwd, j, i);
            }
            if ok {
                bwd[at(j, i)] = true;
            }
        }
    }
    let mut starts = vec![Vec::new(); if with_starts { k } else { 0 }];
    let mut cover = vec![0i64; n + 1];
    let mut can_white = vec![false; n];
    for j in 0..k {
        let last = n.checked_sub(after[j]).map_or(0, |l| l + 1);
        for p in before[j]..last {
            if fwd[at(j, p)] && placed(&bwd, j, p) {
                if with_starts {
                    starts[j].push(p);
                }
                cover[p] += 1;
                cover[p + clue[j]] -= 1;
                if p + clue[j] < n {
                    can_white[p + clue[j]] = true;
                }
            }
        }
    }
    for (i, white) in can_white.iter_mut().enumerate() {
        if !*white && may_white(i) {
            *white = blocks_at(i).any(|j| fwd[at(j, i)] && bwd[at(j, i + 1)]);
        }
    }
    let mut can_black = vec![false; n];
    let mut running = 0i64;
    for (i, black) in can_black.iter_mut().enumerate() {
        running += cover[i];
        *black = running > 0;
    }
    Some(LineSupport {
        starts,
        can_black,
        can_white,
    })
}

/// The grid of known cells, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knowledge {
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
}

impl Knowledge {
    /// Nothing known.
    pub fn unknown(height: usize, width: usize) -> Self {
        Knowledge {
            height,
            width,
            cells: vec![Cell::Unknown; height * width],
        }
    }

    /// The cells of row `r`.
    pub fn row(&self, r: usize) -> Vec<Cell> {
        self.cells[r * self.width..(r + 1) * self.width].to_vec()
    }

    /// The cells of column `c`.
    pub fn column(&self, c: usize) -> Vec<Cell> {
        (0..self.height)
            .map(|r| self.cells[r * self.width + c])
            .collect()
    }

    /// Number of cells known.
    pub fn known(&self) -> usize {
        self.cells.iter().filter(|&&c| c != Cell::Unknown).count()
    }
}

/// The result of [`presolve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Presolved {
    /// The fixpoint: every cell that line solving can decide.
    Fixpoint(Knowledge),
    /// Some line has no arrangement: the puzzle has no solution. Holds
    /// whether it is a row (true) or column, and its index.
    Contradiction(bool, usize),
}

/// Line-solves all rows and columns to a fixpoint.
pub fn presolve(rows: &[Vec<usize>], columns: &[Vec<usize>]) -> Presolved {
    let mut grid = Knowledge::unknown(rows.len(), columns.len());
    let all: Vec<usize> = (0..rows.len() + columns.len()).collect();
    let mut unlimited = usize::MAX;
    let mut cache = LineCache::new(0, false);
    match fixpoint(rows, columns, &mut grid, &all, &mut unlimited, &mut cache) {
        Ok(()) => Presolved::Fixpoint(grid),
        Err((is_row, index)) => Presolved::Contradiction(is_row, index),
    }
}

/// What line solving decided of lines already solved, by line (rows,
/// then columns) and known cells: probing solves the same line states
/// again and again (both tries of a cell, and the tries of its
/// neighbours), so each is solved once. A cache that does not remember
/// (the presolve's single fixpoint, whose line states rarely recur) only
/// solves.
#[derive(Debug)]
struct LineCache {
    /// For each line, its cells after solving (`Unknown` where both values
    /// occur) by its known cells, or `None` when it has no arrangement.
    decided: Vec<rustc_hash::FxHashMap<Vec<Cell>, Option<Vec<Cell>>>>,
}

impl LineCache {
    /// A cache for `lines` lines; `remember` false: one that only solves.
    fn new(lines: usize, remember: bool) -> Self {
        let decided = if remember {
            vec![rustc_hash::FxHashMap::default(); lines]
        } else {
            Vec::new()
        };
        Self { decided }
    }

    /// Line solving's verdict on line `line` (clue `clue`) with `cells`
    /// known, solved or remembered.
    fn decide(&mut self, line: usize, clue: &[usize], cells: &[Cell]) -> Option<Vec<Cell>> {
        if let Some(known) = self.decided.get(line).and_then(|map| map.get(cells)) {
            return known.clone();
        }
        let decided = solve(clue, cells, false).map(|support| {
            cells
                .iter()
                .enumerate()
                .map(|(i, &cell)| match (support.can_black[i], support.can_white[i]) {
                    (true, false) => Cell::Black,
                    (false, true) => Cell::White,
                    _ => cell,
                })
                .collect()
        });
        if let Some(map) = self.decided.get_mut(line) {
            map.insert(cells.to_vec(), decided.clone());
        }
        decided
    }
}

/// Line-solves the lines `start` (0..height are rows, height.. columns)
/// and every line they change, to a fixpoint, in place. Counts each line
/// solved off `budget` and stops early (without error) when it runs out.
/// `Err` names a line without arrangement (row or not, index).
fn fixpoint(
    rows: &[Vec<usize>],
    columns: &[Vec<usize>],
    grid: &mut Knowledge,
    start: &[usize],
    budget: &mut usize,
    cache: &mut LineCache,
) -> Result<(), (bool, usize)> {
    let (height, width) = (rows.len(), columns.len());
    let mut queue: std::collections::VecDeque<usize> = start.iter().copied().collect();
    let mut queued = vec![false; height + width];
    for &line in start {
        queued[line] = true;
    }
    while let Some(line) = queue.pop_front() {
        queued[line] = false;
        if *budget == 0 {
            return Ok(());
        }
        *budget -= 1;
        let is_row = line < height;
        let (clue, cells) = if is_row {
            (&rows[line], grid.row(line))
        } else {
            (&columns[line - height], grid.column(line - height))
        };
        let Some(decided) = cache.decide(line, clue, &cells) else {
            return Err((is_row, if is_row { line } else { line - height }));
        };
        for (i, (cell, &value)) in cells.iter().zip(&decided).enumerate() {
            if *cell != Cell::Unknown || value == Cell::Unknown {
                continue;
            }
            let (index, other) = if is_row {
                (line * width + i, height + i)
            } else {
                (i * width + (line - height), i)
            };
            grid.cells[index] = value;
            if !queued[other] {
                queued[other] = true;
                queue.push_back(other);
            }
        }
    }
    Ok(())
}

/// True when cell `i` is on the border or next to a decided cell: where
/// a try is most likely to lead somewhere (nonogrid probes there too).
fn near_known(grid: &Knowledge, i: usize) -> bool {
    let (r, c) = (i / grid.width, i % grid.width);
    if r == 0 || c == 0 || r + 1 == grid.height || c + 1 == grid.width {
        return true;
    }
    [i - 1, i + 1, i - grid.width, i + grid.width]
        .iter()
        .any(|&j| grid.cells[j] != Cell::Unknown)
}

/// Probing on top of a line-solving fixpoint `grid`: each undecided cell
/// on the border or next to a decided one is tried black and white, each
/// followed by line solving to a fixpoint; a value that leads to a
/// contradiction is ruled out, and cells that both tries decide alike are
/// decided. Repeated until nothing changes, or until `budget` line solves
/// are spent (so that large puzzles that need search stay cheap to
/// encode). A cell is tried again only when its row or column has changed
/// since its last try (the lines its tries start from), as nonogrid does.
/// Only implied values are kept, so no solution is lost; the result is
/// again a line-solving fixpoint.
pub fn probe(
    rows: &[Vec<usize>],
    columns: &[Vec<usize>],
    mut grid: Knowledge,
    mut budget: usize,
) -> Presolved {
    let (height, width) = (rows.len(), columns.len());
    // The step at which each line (rows, then columns) last changed, and
    // at which each cell was last tried (0: never).
    let mut step = 1usize;
    let mut line_changed = vec![step; height + width];
    let mut tried = vec![0usize; height * width];
    let mut cache = LineCache::new(height + width, true);
    loop {
        let mut changed = false;
        for (i, last_try) in tried.iter_mut().enumerate() {
            if grid.cells[i] != Cell::Unknown || !near_known(&grid, i) {
                continue;
            }
            let lines = [i / width, height + i % width];
            if lines.iter().all(|&l| line_changed[l] <= *last_try) {
                continue;
            }
            if budget == 0 {
                return Presolved::Fixpoint(grid);
            }
            step += 1;
            *last_try = step;
            let before = grid.clone();
            let mut tries = [Cell::Black, Cell::White].map(|value| {
                let mut branch = grid.clone();
                branch.cells[i] = value;
                let mut spent = budget;
                let result = fixpoint(rows, columns, &mut branch, &lines, &mut spent, &mut cache);
                let out_of_budget = spent == 0;
                budget = spent;
                (result.is_ok(), out_of_budget, branch)
            });
            // A try cut short by the budget proves nothing.
            if tries.iter().any(|t| t.1) {
                return Presolved::Fixpoint(grid);
            }
            let [(black_ok, _, black), (white_ok, _, white)] = &mut tries;
            let mut changed_lines = Vec::new();
            match (*black_ok, *white_ok) {
                (false, false) => {
                    return Presolved::Contradiction(true, i / width);
                }
                (true, false) => grid = std::mem::replace(black, Knowledge::unknown(0, 0)),
                (false, true) => grid = std::mem::replace(white, Knowledge::unknown(0, 0)),
                (true, true) => {
                    for j in 0..height * width {
                        if grid.cells[j] == Cell::Unknown
                            && black.cells[j] != Cell::Unknown
                            && black.cells[j] == white.cells[j]
                        {
                            grid.cells[j] = black.cells[j];
                            changed_lines.push(j / width);
                            changed_lines.push(height + j % width);
                        }
                    }
                }
            }
            if *black_ok == *white_ok && !changed_lines.is_empty() {
                changed_lines.sort_unstable();
                changed_lines.dedup();
                let mut unlimited = usize::MAX;
                if let Err((is_row, index)) =
                    fixpoint(rows, columns, &mut grid, &changed_lines, &mut unlimited, &mut cache)
                {
                    return Presolved::Contradiction(is_row, index);
                }
            }
            step += 1;
            for (j, (old, new)) in before.cells.iter().zip(&grid.cells).enumerate() {
                if old != new {
                    changed = true;
                    line_changed[j / width] = step;
                    line_changed[height + j % width] = step;
                }
            }
        }
        if !changed {
            return Presolved::Fixpoint(grid);
        }
    }
}

#[cfg(test)]
mod tests {
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
}
