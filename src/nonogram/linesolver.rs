//! An exact line solver and the presolve built on it.
//!
//! [`solve_line`] finds, for one line with some cells known, every block
//! start that occurs in at least one completion of the line, and which
//! cells can be black or white in some completion: an O(length x blocks)
//! dynamic programme over prefixes and suffixes. [`presolve`] line-solves
//! all rows and columns to a fixpoint (what dedicated nonogram solvers do
//! before any search), and [`probe`] tries cells both ways on top of it;
//! both solve a line to the same verdict on bit sets (module `bits`, a
//! few word operations a block). The encoder then creates variables only
//! for the block starts that survive and emits the fixed cells as unit
//! clauses, so a line-solvable puzzle becomes a formula of units.

mod bits;

use bits::{solve_bits, solve_wide, BitScratch, BITS_MAX, WIDE_MAX};

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
    let mut tables = Tables::default();
    let mut starts = Vec::new();
    if !tables.solve(clue, line, Some(&mut starts)) {
        return None;
    }
    Some(LineSupport {
        starts,
        can_black: tables.can_black,
        can_white: tables.can_white,
    })
}

/// The line solver's tables, kept between lines so that solving a line
/// allocates nothing (probing solves hundreds of thousands).
#[derive(Debug, Default)]
struct Tables {
    /// `white_before[i]`: known-white cells among the first `i`.
    white_before: Vec<usize>,
    /// `before[j]`: the cells blocks `0..j` need before block `j`.
    before: Vec<usize>,
    /// `after[j]`: the cells blocks `j..` need from block `j`'s start.
    after: Vec<usize>,
    /// The forward table (see [`Tables::solve`]).
    fwd: Vec<bool>,
    /// The backward table.
    bwd: Vec<bool>,
    /// Differences of the number of placed blocks covering each cell.
    cover: Vec<i64>,
    /// For each cell, whether some completion makes it black.
    can_black: Vec<bool>,
    /// For each cell, whether some completion makes it white.
    can_white: Vec<bool>,
}

impl Tables {
    /// Solves one line: false when no arrangement of `clue` agrees with
    /// `line`; otherwise `can_black` and `can_white` hold what each cell
    /// can be, and `starts` (when asked for) each block's possible starts.
    fn solve(
        &mut self,
        clue: &[usize],
        line: &[Cell],
        mut starts: Option<&mut Vec<Vec<usize>>>,
    ) -> bool {
        let n = line.len();
        let k = clue.len();
        let Tables {
            white_before,
            before,
            after,
            fwd,
            bwd,
            cover,
            can_black,
            can_white,
        } = self;
        white_before.clear();
        white_before.push(0usize);
        let mut whites = 0;
        for cell in line {
            whites += usize::from(*cell == Cell::White);
            white_before.push(whites);
        }
        let white_before = &white_before[..];
        let fits = |p: usize, e: usize| e <= n && white_before[e] == white_before[p];
        let may_white = |i: usize| line[i] != Cell::Black;
        let at = |j: usize, i: usize| j * (n + 1) + i;
        // Only blocks j with room for blocks 0..j before cell i (at least
        // `before[j]` cells) and for blocks j.. from cell i on (at least
        // `after[j]` cells) take part at i; the other table entries are
        // false or lead to no arrangement, so they are skipped (this makes
        // tight lines of long clues cheap).
        before.clear();
        before.resize(k + 1, 0);
        for j in 1..=k {
            before[j] = before[j - 1] + clue[j - 1] + usize::from(j > 1);
        }
        after.clear();
        after.resize(k + 1, 0);
        for j in (0..k).rev() {
            after[j] = clue[j] + after[j + 1] + usize::from(j + 1 < k);
        }
        let (before, after) = (&before[..], &after[..]);
        let blocks_at = |i: usize| {
            let first = after.partition_point(|&r| i + r > n);
            let end = before.partition_point(|&b| b <= i);
            first..end.max(first)
        };
        // fwd[j][i]: the first i cells can hold blocks 0..j, and block j
        // may start at i (i = 0, or cell i-1 is white; or i = n after a
        // block).
        fwd.clear();
        fwd.resize((k + 1) * (n + 1), false);
        let fwd = &mut fwd[..];
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
            return false;
        }
        // bwd[j][i]: cells i.. can hold blocks j..k, block j starting at i
        // or later.
        bwd.clear();
        bwd.resize((k + 1) * (n + 1), false);
        let bwd = &mut bwd[..];
        // Block j placed at p with its following white cell, and the rest
        // fits.
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
                    ok = placed(bwd, j, i);
                }
                if ok {
                    bwd[at(j, i)] = true;
                }
            }
        }
        if let Some(starts) = starts.as_deref_mut() {
            starts.clear();
            starts.resize(k, Vec::new());
        }
        cover.clear();
        cover.resize(n + 1, 0);
        let cover = &mut cover[..];
        can_white.clear();
        can_white.resize(n, false);
        let can_white = &mut can_white[..];
        for j in 0..k {
            let last = n.checked_sub(after[j]).map_or(0, |l| l + 1);
            for p in before[j]..last {
                if fwd[at(j, p)] && placed(bwd, j, p) {
                    if let Some(starts) = starts.as_deref_mut() {
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
        can_black.clear();
        let mut running = 0i64;
        for &step in &cover[..n] {
            running += step;
            can_black.push(running > 0);
        }
        true
    }
}

/// Line solving's verdict on a line longer than [`BITS_MAX`] cells: its
/// cells after solving, into `out`, or false when it has no arrangement.
/// On bit sets of the fewest words that hold it, or by [`Tables`] beyond
/// [`WIDE_MAX`] cells.
fn solve_long(clue: &[usize], line: &[Cell], tables: &mut Tables, out: &mut Vec<Cell>) -> bool {
    match line.len() {
        n if n + 2 <= 64 * 4 => solve_wide::<4>(clue, line, out),
        n if n + 2 <= 64 * 9 => solve_wide::<9>(clue, line, out),
        n if n + 2 <= 64 * 16 => solve_wide::<16>(clue, line, out),
        n if n <= WIDE_MAX => solve_wide::<32>(clue, line, out),
        _ => {
            out.clear();
            if !tables.solve(clue, line, None) {
                return false;
            }
            let each = line.iter().zip(&tables.can_black).zip(&tables.can_white);
            out.extend(each.map(|((&cell, &black), &white)| match (black, white) {
                (true, false) => Cell::Black,
                (false, true) => Cell::White,
                _ => cell,
            }));
            true
        }
    }
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
    let grid = Knowledge::unknown(rows.len(), columns.len());
    let mut search = Search::new(rows, columns, grid, false);
    let all: Vec<usize> = (0..rows.len() + columns.len()).collect();
    let mut unlimited = usize::MAX;
    match search.fixpoint(&all, &mut unlimited) {
        Ok(()) => Presolved::Fixpoint(search.grid),
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
    /// For each line, the index into `verdicts` of each line state
    /// (its known cells) already solved.
    seen: Vec<rustc_hash::FxHashMap<Box<[Cell]>, u32>>,
    /// For each line state solved, its cells after solving (`Unknown`
    /// where both values occur), or `None` when it has no arrangement.
    verdicts: Vec<Option<Box<[Cell]>>>,
    /// The verdict of a cache that does not remember.
    last: Vec<Cell>,
    /// The line solver's tables.
    tables: Tables,
}

impl LineCache {
    /// A cache for `lines` lines; `remember` false: one that only solves.
    fn new(lines: usize, remember: bool) -> Self {
        let seen = if remember {
            vec![rustc_hash::FxHashMap::default(); lines]
        } else {
            Vec::new()
        };
        Self {
            seen,
            verdicts: Vec::new(),
            last: Vec::new(),
            tables: Tables::default(),
        }
    }

    /// Line solving's verdict on line `line` (clue `clue`) with `cells`
    /// known, solved or remembered: the cells after solving, or `None`
    /// when the line has no arrangement.
    fn decide(&mut self, line: usize, clue: &[usize], cells: &[Cell]) -> Option<&[Cell]> {
        let remembered = self.seen.get(line).and_then(|map| map.get(cells)).copied();
        if let Some(index) = remembered {
            return self.verdicts[index as usize].as_deref();
        }
        let solved = solve_long(clue, cells, &mut self.tables, &mut self.last);
        let Some(map) = self.seen.get_mut(line) else {
            return solved.then_some(&self.last[..]);
        };
        let index = self.verdicts.len();
        self.verdicts
            .push(solved.then(|| self.last.clone().into_boxed_slice()));
        map.insert(cells.into(), index as u32);
        self.verdicts[index].as_deref()
    }
}

/// A grid being line-solved and probed, with what it needs between
/// lines: the queue of lines to solve, a buffer for a line's cells, the
/// cache of verdicts, and the trail of the cells it has decided (so that
/// a try is undone by clearing them, not by copying the grid).
#[derive(Debug)]
struct Search<'a> {
    rows: &'a [Vec<usize>],
    columns: &'a [Vec<usize>],
    grid: Knowledge,
    cache: LineCache,
    /// The lines (rows, then columns) waiting to be solved.
    queue: std::collections::VecDeque<usize>,
    /// Whether each line is in `queue`.
    queued: Vec<bool>,
    /// The cells of the line being solved.
    line: Vec<Cell>,
    /// The cells of the line after solving.
    verdict: Vec<Cell>,
    /// The bit-set line solver's tables.
    bits: BitScratch<u128>,
    /// For each line short enough for [`solve_bits`] (all rows or none,
    /// all columns or none; the others are not in it), its cells that may
    /// be black and those that may be white.
    may: Vec<(u128, u128)>,
    /// The cells decided, in order, since the trail was last cleared.
    trail: Vec<usize>,
}

impl<'a> Search<'a> {
    /// A search on `grid`; `remember` line verdicts (probing) or not.
    fn new(
        rows: &'a [Vec<usize>],
        columns: &'a [Vec<usize>],
        grid: Knowledge,
        remember: bool,
    ) -> Self {
        let lines = rows.len() + columns.len();
        let (height, width) = (grid.height, grid.width);
        // A line's cells that may be black, and those that may be white.
        let sets = |cells: &mut dyn Iterator<Item = Cell>| {
            let (mut black, mut white) = (0u128, 0u128);
            for (i, cell) in cells.enumerate() {
                black |= u128::from(cell != Cell::White) << i;
                white |= u128::from(cell != Cell::Black) << i;
            }
            (black, white)
        };
        let mut may = Vec::new();
        if width <= BITS_MAX {
            for r in 0..height {
                let row = &grid.cells[r * width..(r + 1) * width];
                may.push(sets(&mut row.iter().copied()));
            }
            if height <= BITS_MAX {
                for c in 0..width {
                    may.push(sets(&mut grid.cells[c..].iter().step_by(width).copied()));
                }
            }
        }
        Search {
            rows,
            columns,
            grid,
            cache: LineCache::new(lines, remember),
            queue: std::collections::VecDeque::new(),
            queued: vec![false; lines],
            line: Vec::new(),
            verdict: Vec::new(),
            bits: BitScratch::default(),
            may,
            trail: Vec::new(),
        }
    }

    /// Decides cell `i` as `value` (open before), on the trail.
    fn decide(&mut self, i: usize, value: Cell) {
        self.grid.cells[i] = value;
        self.trail.push(i);
        self.mark(i, value, false);
    }

    /// Makes the cells on the trail from `from` on open again, and drops
    /// them from the trail.
    fn undo(&mut self, from: usize) {
        for t in from..self.trail.len() {
            let i = self.trail[t];
            let value = self.grid.cells[i];
            self.grid.cells[i] = Cell::Unknown;
            self.mark(i, value, true);
        }
        self.trail.truncate(from);
    }

    /// Cell `i` decided as `value`: takes the other value out of what the
    /// cell may be in its lines' bit sets, or, `open`, puts it back (the
    /// decision undone).
    fn mark(&mut self, i: usize, value: Cell, open: bool) {
        let width = self.grid.width;
        let (r, c) = (i / width, i % width);
        let lines = [(r, c), (self.grid.height + c, r)];
        for (line, bit) in lines {
            let Some(sets) = self.may.get_mut(line) else {
                continue;
            };
            // A black cell may not be white, and the other way round.
            let set = if value == Cell::Black {
                &mut sets.1
            } else {
                &mut sets.0
            };
            if open {
                *set |= 1 << bit;
            } else {
                *set &= !(1 << bit);
            }
        }
    }

    /// Queues line `line` unless it is queued.
    fn enqueue(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push_back(line);
        }
    }

    /// Empties the queue (after a contradiction or when the budget ran
    /// out).
    fn drop_queue(&mut self) {
        for line in self.queue.drain(..) {
            self.queued[line] = false;
        }
    }

    /// Line-solves the lines `start` (0..height are rows, height..
    /// columns) and every line they change, to a fixpoint, in place, each
    /// cell it decides on the trail. Counts each line solved off `budget`
    /// and stops early (without error) when it runs out. `Err` names a
    /// line without arrangement (row or not, index).
    fn fixpoint(&mut self, start: &[usize], budget: &mut usize) -> Result<(), (bool, usize)> {
        let (height, width) = (self.rows.len(), self.columns.len());
        for &line in start {
            self.enqueue(line);
        }
        while let Some(line) = self.queue.pop_front() {
            self.queued[line] = false;
            if *budget == 0 {
                self.drop_queue();
                return Ok(());
            }
            *budget -= 1;
            let is_row = line < height;
            let (clue, len) = if is_row {
                (&self.rows[line], width)
            } else {
                (&self.columns[line - height], height)
            };
            // Cell `i` of the line, and the crossing line there.
            let at = |i: usize| {
                if is_row {
                    (line * width + i, height + i)
                } else {
                    (i * width + (line - height), i)
                }
            };
            let contradiction = (is_row, if is_row { line } else { line - height });
            if line < self.may.len() {
                let (black, white) = self.may[line];
                let Some((can_black, can_white)) =
                    solve_bits(clue, len, black, white, &mut self.bits)
                else {
                    self.drop_queue();
                    return Err(contradiction);
                };
                // Open cells that only one value fits.
                let mut decided = black & white & !(can_black & can_white);
                while decided != 0 {
                    let i = decided.trailing_zeros() as usize;
                    decided &= decided - 1;
                    let value = if can_black >> i & 1 == 1 {
                        Cell::Black
                    } else {
                        Cell::White
                    };
                    let (index, other) = at(i);
                    self.decide(index, value);
                    self.enqueue(other);
                }
                continue;
            }
            self.line.clear();
            if is_row {
                self.line
                    .extend_from_slice(&self.grid.cells[line * width..(line + 1) * width]);
            } else {
                let column = self.grid.cells[line - height..].iter().step_by(width);
                self.line.extend(column.copied());
            }
            let Some(decided) = self.cache.decide(line, clue, &self.line) else {
                self.drop_queue();
                return Err(contradiction);
            };
            self.verdict.clear();
            self.verdict.extend_from_slice(decided);
            for i in 0..len {
                let value = self.verdict[i];
                if self.line[i] == Cell::Unknown && value != Cell::Unknown {
                    let (index, other) = at(i);
                    self.decide(index, value);
                    self.enqueue(other);
                }
            }
        }
        Ok(())
    }
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
///
/// A try works on the grid itself and is undone by its trail (the cells
/// it decided), so a try costs what its line solving costs, not a copy
/// of the grid.
pub fn probe(
    rows: &[Vec<usize>],
    columns: &[Vec<usize>],
    grid: Knowledge,
    mut budget: usize,
) -> Presolved {
    let (height, width) = (rows.len(), columns.len());
    let mut search = Search::new(rows, columns, grid, true);
    // The step at which each line (rows, then columns) last changed, and
    // at which each cell was last tried (0: never).
    let mut step = 1usize;
    let mut line_changed = vec![step; height + width];
    let mut tried = vec![0usize; height * width];
    // The black try's decisions (cell, value), and each cell's value in
    // it (`Unknown` where it decided nothing).
    let mut black_cells: Vec<(usize, Cell)> = Vec::new();
    let mut in_black = vec![Cell::Unknown; height * width];
    let mut changed_lines = Vec::new();
    loop {
        let mut changed = false;
        for (i, last_try) in tried.iter_mut().enumerate() {
            if search.grid.cells[i] != Cell::Unknown || !near_known(&search.grid, i) {
                continue;
            }
            let lines = [i / width, height + i % width];
            if lines.iter().all(|&l| line_changed[l] <= *last_try) {
                continue;
            }
            if budget == 0 {
                return Presolved::Fixpoint(search.grid);
            }
            step += 1;
            *last_try = step;
            let mut attempt = |search: &mut Search<'_>, value: Cell| {
                search.trail.clear();
                search.decide(i, value);
                let mut spent = budget;
                let ok = search.fixpoint(&lines, &mut spent).is_ok();
                budget = spent;
                (ok, spent == 0)
            };
            let (black_ok, black_out) = attempt(&mut search, Cell::Black);
            black_cells.clear();
            black_cells.extend(search.trail.iter().map(|&j| (j, search.grid.cells[j])));
            search.undo(0);
            let (white_ok, white_out) = attempt(&mut search, Cell::White);
            // A try cut short by the budget proves nothing.
            if black_out || white_out {
                search.undo(0);
                return Presolved::Fixpoint(search.grid);
            }
            match (black_ok, white_ok) {
                (false, false) => return Presolved::Contradiction(true, i / width),
                // The white try's cells stay, on the trail.
                (false, true) => {}
                (true, false) => {
                    search.undo(0);
                    for &(j, value) in &black_cells {
                        search.decide(j, value);
                    }
                }
                (true, true) => {
                    // Both tries hold: what they decide alike holds.
                    for &(j, value) in &black_cells {
                        in_black[j] = value;
                    }
                    let mut agreed: Vec<(usize, Cell)> = search
                        .trail
                        .iter()
                        .map(|&j| (j, search.grid.cells[j]))
                        .filter(|&(j, value)| in_black[j] == value)
                        .collect();
                    for &(j, _) in &black_cells {
                        in_black[j] = Cell::Unknown;
                    }
                    search.undo(0);
                    changed_lines.clear();
                    agreed.sort_unstable_by_key(|&(j, _)| j);
                    for &(j, value) in &agreed {
                        search.decide(j, value);
                        changed_lines.push(j / width);
                        changed_lines.push(height + j % width);
                    }
                    if !changed_lines.is_empty() {
                        changed_lines.sort_unstable();
                        changed_lines.dedup();
                        let mut unlimited = usize::MAX;
                        if let Err((is_row, index)) =
                            search.fixpoint(&changed_lines, &mut unlimited)
                        {
                            return Presolved::Contradiction(is_row, index);
                        }
                    }
                }
            }
            step += 1;
            for &j in &search.trail {
                changed = true;
                line_changed[j / width] = step;
                line_changed[height + j % width] = step;
            }
        }
        if !changed {
            return Presolved::Fixpoint(search.grid);
        }
    }
}

#[cfg(test)]
mod tests;
