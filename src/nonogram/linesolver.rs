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

/// The longest line [`solve_bits`] solves on a `u128`: its positions
/// `0..=n` and the shifts by a block's length and one more must fit.
const BITS_MAX: usize = 126;

/// The longest line [`solve_bits`] solves on the widest [`Wide`] set;
/// longer lines are solved by [`Tables`].
const WIDE_MAX: usize = 64 * 32 - 2;

/// A bit set over a line's cells or positions, as [`solve_bits`] needs
/// it: `u128` for lines of at most [`BITS_MAX`] cells, [`Wide`] for
/// longer ones.
trait LineBits:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
{
    /// Number of bits.
    const BITS: usize;
    /// The empty set.
    const ZERO: Self;
    /// The set of bit 0 alone.
    const ONE: Self;
    /// The sum as numbers, modulo `2^BITS`.
    fn wrapping_add(self, other: Self) -> Self;
    /// The bits in reverse order (bit `i` to `BITS - 1 - i`).
    fn reverse(self) -> Self;
    /// Whether bit `i` is set.
    fn bit(self, i: usize) -> bool;
    /// Bits `0..n`.
    fn low(n: usize) -> Self;
}

impl LineBits for u128 {
    const BITS: usize = 128;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn wrapping_add(self, other: Self) -> Self {
        u128::wrapping_add(self, other)
    }
    fn reverse(self) -> Self {
        self.reverse_bits()
    }
    fn bit(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    fn low(n: usize) -> Self {
        (1u128 << n) - 1
    }
}

/// A bit set of `W` words, bit `i` in word `i / 64`: [`LineBits`] for
/// lines longer than [`BITS_MAX`] cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wide<const W: usize>([u64; W]);

impl<const W: usize> std::ops::BitAnd for Wide<W> {
    type Output = Self;
    fn bitand(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl<const W: usize> std::ops::BitOr for Wide<W> {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl<const W: usize> std::ops::BitXor for Wide<W> {
    type Output = Self;
    fn bitxor(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

impl<const W: usize> std::ops::BitAndAssign for Wide<W> {
    fn bitand_assign(&mut self, other: Self) {
        *self = *self & other;
    }
}

impl<const W: usize> std::ops::BitOrAssign for Wide<W> {
    fn bitor_assign(&mut self, other: Self) {
        *self = *self | other;
    }
}

impl<const W: usize> std::ops::Shl<usize> for Wide<W> {
    type Output = Self;
    fn shl(self, by: usize) -> Self {
        let (words, bits) = (by / 64, by % 64);
        Wide(std::array::from_fn(|i| {
            let Some(from) = i.checked_sub(words) else {
                return 0;
            };
            let high = self.0[from] << bits;
            let low = match from.checked_sub(1) {
                Some(below) if bits > 0 => self.0[below] >> (64 - bits),
                _ => 0,
            };
            high | low
        }))
    }
}

impl<const W: usize> std::ops::Shr<usize> for Wide<W> {
    type Output = Self;
    fn shr(self, by: usize) -> Self {
        let (words, bits) = (by / 64, by % 64);
        Wide(std::array::from_fn(|i| {
            let from = i + words;
            if from >= W {
                return 0;
            }
            let low = self.0[from] >> bits;
            let high = if bits > 0 && from + 1 < W {
                self.0[from + 1] << (64 - bits)
            } else {
                0
            };
            low | high
        }))
    }
}

impl<const W: usize> LineBits for Wide<W> {
    const BITS: usize = 64 * W;
    const ZERO: Self = Wide([0; W]);
    const ONE: Self = {
        let mut words = [0; W];
        words[0] = 1;
        Wide(words)
    };
    fn wrapping_add(self, other: Self) -> Self {
        let mut carry = false;
        Wide(std::array::from_fn(|i| {
            let (sum, over) = self.0[i].overflowing_add(other.0[i]);
            let (sum, over_carry) = sum.overflowing_add(u64::from(carry));
            carry = over || over_carry;
            sum
        }))
    }
    fn reverse(self) -> Self {
        Wide(std::array::from_fn(|i| self.0[W - 1 - i].reverse_bits()))
    }
    fn bit(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn low(n: usize) -> Self {
        Wide(std::array::from_fn(|i| match n.saturating_sub(64 * i) {
            0 => 0,
            m if m >= 64 => u64::MAX,
            m => (1u64 << m) - 1,
        }))
    }
}

/// The positions `0..=n` of `x` reversed (position `i` to `n - i`).
fn reverse_positions<B: LineBits>(x: B, n: usize) -> B {
    x.reverse() >> (B::BITS - 1 - n)
}

/// `seeds` and every position reached from one of them by stepping from
/// position `i` to `i + 1` over a cell `i` in `white` (a cell that may be
/// white): the carry of an addition runs through each run of such cells
/// from its lowest seed and stops one past its end.
fn spread<B: LineBits>(seeds: B, white: B) -> B {
    seeds | ((seeds & white).wrapping_add(white) ^ white)
}

/// The positions at which a block of `len` cells fits on cells in
/// `black` (cells that may be black).
fn fitting<B: LineBits>(black: B, len: usize) -> B {
    let mut fits = black;
    let mut have = 1;
    while have < len {
        let step = have.min(len - have);
        fits &= fits >> step;
        have += step;
    }
    fits
}

/// The forward half of [`solve_bits`]: `out[j]` (for `j` in `0..=k`)
/// holds the positions `i` such that cells `0..i` can hold blocks
/// `0..j` alone, with a white cell after the last of them (so block `j`
/// may start at `i`). `black` and `white` are the cells that may be black
/// or white.
fn forward<B: LineBits>(
    clue: impl Iterator<Item = usize>,
    black: B,
    white: B,
    out: &mut Vec<B>,
) {
    out.clear();
    let mut reached = spread(B::ONE, white);
    out.push(reached);
    for len in clue {
        let placed = reached & fitting(black, len) & (white >> len);
        reached = spread(placed << (len + 1), white);
        out.push(reached);
    }
}

/// Exact line solving on bit sets (bit `i` is cell `i`, or position `i`
/// between cells `i - 1` and `i`), for lines of at most `B::BITS - 2`
/// cells: the same verdict as [`Tables::solve`] in a few operations per
/// block. Returns the cells that may be black and those that may be white
/// in some completion, or `None` when no arrangement of `clue` agrees
/// with the line.
///
/// A forward pass finds, for each block, the positions the blocks before
/// it can end before (with a white cell); the same pass on the reversed
/// line finds the positions the blocks after it can start after. A block
/// fits at a start both allow; a cell may be black when such a block
/// covers it, and white when it is the cell after one, or a gap with
/// blocks `0..j` before it and `j..` after it for some `j`.
///
/// The line is given as its `n` cells that may be black (`black`) and
/// those that may be white (`white`): a cell in both is unknown.
fn solve_bits<B: LineBits>(
    clue: &[usize],
    n: usize,
    black: B,
    white: B,
    scratch: &mut BitScratch<B>,
) -> Option<(B, B)> {
    debug_assert!(n + 2 <= B::BITS);
    let k = clue.len();
    let cells = B::low(n);
    let BitScratch { prefix, suffix } = scratch;
    forward(clue.iter().copied(), black, white, prefix);
    // The reversed line: cell `i` to `n - 1 - i`.
    let (black_rev, white_rev) = (
        reverse_positions(black, n) >> 1,
        reverse_positions(white, n) >> 1,
    );
    forward(clue.iter().rev().copied(), black_rev, white_rev, suffix);
    // after(j): the positions `i` such that cells `i..` can hold blocks
    // `j..` alone with cell `i` white (for `j < k`, block `j` starts
    // after `i`).
    let after = |j: usize| reverse_positions(suffix[k - j], n);
    let (mut can_black, mut can_white) = (B::ZERO, B::ZERO);
    let mut next = after(0);
    for (j, &len) in clue.iter().enumerate() {
        let here = next;
        next = after(j + 1);
        can_white |= prefix[j] & here;
        let starts = prefix[j] & fitting(black, len) & (next >> len);
        if starts == B::ZERO {
            return None;
        }
        can_white |= starts << len;
        let mut covered = starts;
        let mut have = 1;
        while have < len {
            let step = have.min(len - have);
            covered |= covered << step;
            have += step;
        }
        can_black |= covered;
    }
    can_white |= prefix[k] & next;
    if k == 0 && !prefix[0].bit(n) {
        return None;
    }
    Some((can_black & cells, can_white & cells))
}

/// The tables of [`solve_bits`], kept between lines.
#[derive(Debug)]
struct BitScratch<B> {
    /// The forward pass's positions, by block.
    prefix: Vec<B>,
    /// The pass on the reversed line.
    suffix: Vec<B>,
}

impl<B> Default for BitScratch<B> {
    fn default() -> Self {
        BitScratch {
            prefix: Vec::new(),
            suffix: Vec::new(),
        }
    }
}

/// [`solve_bits`] on a line longer than [`BITS_MAX`] cells, as a set of
/// `W` words: its cells `line`, and the verdict as cells (as
/// [`LineCache::decide`] gives it), into `out`.
fn solve_wide<const W: usize>(clue: &[usize], line: &[Cell], out: &mut Vec<Cell>) -> bool {
    let (mut black, mut white) = (Wide::<W>::ZERO, Wide::<W>::ZERO);
    for (i, &cell) in line.iter().enumerate() {
        black.0[i / 64] |= u64::from(cell != Cell::White) << (i % 64);
        white.0[i / 64] |= u64::from(cell != Cell::Black) << (i % 64);
    }
    let verdict = solve_bits(clue, line.len(), black, white, &mut BitScratch::default());
    out.clear();
    let Some((can_black, can_white)) = verdict else {
        return false;
    };
    out.extend(line.iter().enumerate().map(|(i, &cell)| {
        match (can_black.bit(i), can_white.bit(i)) {
            (true, false) => Cell::Black,
            (false, true) => Cell::White,
            _ => cell,
        }
    }));
    true
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
            // A clue from a random picture, the line some of its cells
            // (and, at times, a cell flipped): lines with and without
            // arrangements.
            let density = rng.usize(1..=9);
            let picture: Vec<bool> = (0..n).map(|_| rng.usize(0..10) < density).collect();
            let clue = runs(picture.iter().copied());
            let known = rng.usize(0..=10);
            let mut line: Vec<Cell> = picture
                .iter()
                .map(|&b| match (rng.usize(0..10) < known, b) {
                    (false, _) => Cell::Unknown,
                    (true, true) => Cell::Black,
                    (true, false) => Cell::White,
                })
                .collect();
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
            let density = rng.usize(1..=9);
            let picture: Vec<bool> = (0..n).map(|_| rng.usize(0..10) < density).collect();
            let clue = runs(picture.iter().copied());
            let known = rng.usize(0..=10);
            let mut line: Vec<Cell> = picture
                .iter()
                .map(|&b| match (rng.usize(0..10) < known, b) {
                    (false, _) => Cell::Unknown,
                    (true, true) => Cell::Black,
                    (true, false) => Cell::White,
                })
                .collect();
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
}
