//! Exact line solving on bit sets: [`solve_bits`], on a `u128` for
//! lines of at most [`BITS_MAX`] cells, on [`Wide`] sets of several
//! words up to [`WIDE_MAX`] (the probing's line solver, see
//! [`super::probe`]).

use super::Cell;

/// The longest line [`solve_bits`] solves on a `u128`: its positions
/// `0..=n` and the shifts by a block's length and one more must fit.
pub(super) const BITS_MAX: usize = 126;

/// The longest line [`solve_bits`] solves on the widest [`Wide`] set;
/// longer lines are solved by [`super::Tables`].
pub(super) const WIDE_MAX: usize = 64 * 32 - 2;

/// A bit set over a line's cells or positions, as [`solve_bits`] needs
/// it: `u128` for lines of at most [`BITS_MAX`] cells, [`Wide`] for
/// longer ones.
pub(super) trait LineBits:
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
pub(super) struct Wide<const W: usize>(pub(super) [u64; W]);

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
/// cells: the same verdict as [`super::Tables::solve`] in a few operations per
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
pub(super) fn solve_bits<B: LineBits>(
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
pub(super) struct BitScratch<B> {
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
pub(super) fn solve_wide<const W: usize>(clue: &[usize], line: &[Cell], out: &mut Vec<Cell>) -> bool {
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
