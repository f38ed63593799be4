//! What both searches of the tables keep: each table indexed as bitsets
//! ([`TableIndex`]), and per table the tuples still possible, narrowed
//! as the search goes and restored when it backtracks ([`TupleSets`]).

use super::MAX_VALUES;

/// A table as the searches see it: per (position, value) the tuples with
/// that value there, as bitsets.
pub(super) struct TableIndex {
    /// The groups it reads, in order.
    pub(super) groups: Vec<usize>,
    /// How many tuples it keeps.
    pub(super) len: usize,
    /// `with[pos * MAX_VALUES + value]`: the tuples with `value` at `pos`.
    with: Vec<Vec<u64>>,
    /// `together[(pos * MAX_VALUES + value) * arity + other]`: the values
    /// at `other` of the tuples with `value` at `pos` (for explanations).
    together: Vec<u32>,
    /// The tuples' values, one after another.
    values: Vec<u8>,
}

impl TableIndex {
    /// The index of a table over `groups` with `tuples` (in that order),
    /// without the tuples that hold a value its group lacks (`values`:
    /// per group, the mask of its values).
    pub(super) fn new<'t>(
        groups: &[usize],
        tuples: impl IntoIterator<Item = &'t [u8]>,
        values: &[u32],
    ) -> Self {
        let arity = groups.len();
        let tuples: Vec<&[u8]> = tuples
            .into_iter()
            .filter(|tuple| fits(tuple, groups, values))
            .collect();
        let blocks = tuples.len().div_ceil(64);
        let mut with = vec![Vec::new(); arity * MAX_VALUES];
        let mut together = vec![0u32; arity * MAX_VALUES * arity];
        for (i, tuple) in tuples.iter().enumerate() {
            for (pos, &value) in tuple.iter().enumerate() {
                let bits = &mut with[pos * MAX_VALUES + usize::from(value)];
                if bits.is_empty() {
                    *bits = vec![0; blocks];
                }
                bits[i / 64] |= 1 << (i % 64);
                let at = (pos * MAX_VALUES + usize::from(value)) * arity;
                for (slot, &v) in together[at..at + arity].iter_mut().zip(*tuple) {
                    *slot |= 1 << v;
                }
            }
        }
        TableIndex {
            groups: groups.to_vec(),
            len: tuples.len(),
            with,
            together,
            values: tuples.concat(),
        }
    }

    pub(super) fn arity(&self) -> usize {
        self.groups.len()
    }

    /// Tuple `i`'s values.
    pub(super) fn tuple(&self, i: usize) -> &[u8] {
        let arity = self.arity();
        &self.values[i * arity..(i + 1) * arity]
    }

    /// The position of the tuple `values`, if the table has it.
    pub(super) fn find(&self, values: &[u8]) -> Option<usize> {
        let with: Vec<&[u64]> = values
            .iter()
            .enumerate()
            .map(|(pos, &x)| self.with(pos, x))
            .collect();
        if with.iter().any(|bits| bits.is_empty()) {
            return None;
        }
        (0..self.len.div_ceil(64)).find_map(|b| {
            let common = with.iter().fold(!0u64, |m, bits| m & bits[b]);
            (common != 0).then(|| b * 64 + common.trailing_zeros() as usize)
        })
    }

    /// The tuples with `value` at `pos` (empty when there are none).
    pub(super) fn with(&self, pos: usize, value: u8) -> &[u64] {
        &self.with[pos * MAX_VALUES + usize::from(value)]
    }

    /// The values at `other` of the tuples with `value` at `pos`.
    pub(super) fn together(&self, pos: usize, value: u8, other: usize) -> u32 {
        self.together[(pos * MAX_VALUES + usize::from(value)) * self.arity() + other]
    }
}

/// Whether `tuple` has only values that its groups (`groups`, masks in
/// `values`) have.
pub(super) fn fits(tuple: &[u8], groups: &[usize], values: &[u32]) -> bool {
    tuple
        .iter()
        .zip(groups)
        .all(|(&x, &g)| usize::from(x) < MAX_VALUES && values[g] & (1 << x) != 0)
}

/// A table's tuples as they were before a level changed them.
#[derive(Clone)]
struct SavedTable {
    table: u32,
    live: Vec<u32>,
    blocks: Vec<u64>,
    count: u32,
}

/// Per table, the tuples still possible: a bitset, its blocks that are not
/// zero (in order) and how many tuples; saved once a level when a level
/// changes them, restored when the level is undone.
#[derive(Clone)]
pub(super) struct TupleSets<'a> {
    tables: &'a [TableIndex],
    alive: Vec<Vec<u64>>,
    live: Vec<Vec<u32>>,
    count: Vec<u32>,
    /// Per table and (position, value): a block that last had a tuple
    /// with that value there (checked first).
    residue: Vec<Vec<u32>>,
    /// Per table: the level that saved it last (`usize::MAX`: none).
    saved_at: Vec<usize>,
    /// Per level: the tables it saved.
    undo: Vec<Vec<SavedTable>>,
}

impl<'a> TupleSets<'a> {
    /// Every tuple of every table possible, no level.
    pub(super) fn new(tables: &'a [TableIndex]) -> Self {
        let alive: Vec<Vec<u64>> = tables
            .iter()
            .map(|table| {
                let n = table.len;
                let mut bits = vec![!0u64; n.div_ceil(64)];
                if n % 64 != 0 {
                    if let Some(last) = bits.last_mut() {
                        *last = (1u64 << (n % 64)) - 1;
                    }
                }
                bits
            })
            .collect();
        TupleSets {
            tables,
            live: alive
                .iter()
                .map(|bits| (0..bits.len() as u32).collect())
                .collect(),
            alive,
            count: tables.iter().map(|table| table.len as u32).collect(),
            residue: tables
                .iter()
                .map(|table| vec![0u32; table.arity() * MAX_VALUES])
                .collect(),
            saved_at: vec![usize::MAX; tables.len()],
            undo: Vec::new(),
        }
    }

    /// The levels begun and not undone.
    pub(super) fn levels(&self) -> usize {
        self.undo.len()
    }

    /// Begins a level: what changes from now on is undone with it.
    pub(super) fn push_level(&mut self) {
        self.undo.push(Vec::new());
    }

    /// Undoes the last level (nothing without one).
    pub(super) fn pop_level(&mut self) {
        let Some(saved) = self.undo.pop() else {
            return;
        };
        for table in saved.into_iter().rev() {
            let t = table.table as usize;
            for (&b, block) in table.live.iter().zip(table.blocks) {
                self.alive[t][b as usize] = block;
            }
            self.live[t] = table.live;
            self.count[t] = table.count;
            self.saved_at[t] = usize::MAX;
        }
    }

    /// How many tuples table `t` has left.
    pub(super) fn count(&self, t: usize) -> u32 {
        self.count[t]
    }

    /// Whether table `t` still has tuple `i`.
    pub(super) fn contains(&self, t: usize, i: usize) -> bool {
        self.alive[t][i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Table `t`'s tuples left, in order.
    pub(super) fn tuples(&self, t: usize) -> impl Iterator<Item = usize> + '_ {
        self.live[t].iter().flat_map(move |&b| {
            let mut bits = self.alive[t][b as usize];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = b as usize * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    i
                })
            })
        })
    }

    /// Saves table `t` for the current level, once a level.
    fn save(&mut self, t: usize) {
        let level = self.levels();
        if level > 0 && self.saved_at[t] != level {
            self.saved_at[t] = level;
            let live = self.live[t].clone();
            let blocks = live.iter().map(|&b| self.alive[t][b as usize]).collect();
            self.undo[level - 1].push(SavedTable {
                table: t as u32,
                live,
                blocks,
                count: self.count[t],
            });
        }
    }

    /// Keeps table `t`'s tuples whose value at `pos` is in `values`
    /// (`keep`), or drops them (not `keep`); whether any tuple went.
    pub(super) fn narrow(&mut self, t: usize, pos: usize, values: u32, keep: bool) -> bool {
        let table = &self.tables[t];
        // The bitsets of the values, looked up once.
        let mut with: [&[u64]; MAX_VALUES] = [&[]; MAX_VALUES];
        let mut n = 0;
        let mut rest = values;
        while rest != 0 {
            let x = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let bits = table.with(pos, x);
            if !bits.is_empty() {
                with[n] = bits;
                n += 1;
            }
        }
        let with = &with[..n];
        let mask = |b: usize| {
            let m = with.iter().fold(0u64, |m, bits| m | bits[b]);
            if keep {
                m
            } else {
                !m
            }
        };
        // The blocks before the first that changes stay as they are.
        let alive = &self.alive[t];
        let Some(first) = self.live[t]
            .iter()
            .position(|&b| alive[b as usize] & !mask(b as usize) != 0)
        else {
            return false;
        };
        self.save(t);
        let alive = &mut self.alive[t];
        let live = &mut self.live[t];
        let mut gone = 0;
        let mut kept = first;
        for k in first..live.len() {
            let b = live[k] as usize;
            let before = alive[b];
            let after = before & mask(b);
            gone += (before ^ after).count_ones();
            alive[b] = after;
            if after != 0 {
                live[kept] = b as u32;
                kept += 1;
            }
        }
        live.truncate(kept);
        self.count[t] -= gone;
        true
    }

    /// Leaves table `t` tuple `i` only.
    pub(super) fn keep_only(&mut self, t: usize, i: usize) {
        self.save(t);
        let b = i / 64;
        for &block in &self.live[t] {
            self.alive[t][block as usize] = 0;
        }
        self.alive[t][b] = 1 << (i % 64);
        self.live[t] = vec![b as u32];
        self.count[t] = 1;
    }

    /// Keeps table `t`'s tuples before position `n` only; whether any
    /// tuple went.
    pub(super) fn keep_first(&mut self, t: usize, n: usize) -> bool {
        let (full, rest) = (n / 64, n % 64);
        let cut = |b: usize| -> u64 {
            match b.cmp(&full) {
                std::cmp::Ordering::Less => !0,
                std::cmp::Ordering::Equal => (1u64 << rest) - 1,
                std::cmp::Ordering::Greater => 0,
            }
        };
        let alive = &self.alive[t];
        if self.live[t]
            .iter()
            .all(|&b| alive[b as usize] & !cut(b as usize) == 0)
        {
            return false;
        }
        self.save(t);
        let alive = &mut self.alive[t];
        let mut gone = 0;
        self.live[t].retain(|&b| {
            let b = b as usize;
            gone += (alive[b] & !cut(b)).count_ones();
            alive[b] &= cut(b);
            alive[b] != 0
        });
        self.count[t] -= gone;
        true
    }

    /// Removes tuple `i` from table `t`; whether it was there.
    pub(super) fn remove(&mut self, t: usize, i: usize) -> bool {
        let (b, bit) = (i / 64, 1u64 << (i % 64));
        if self.alive[t][b] & bit == 0 {
            return false;
        }
        self.save(t);
        self.alive[t][b] &= !bit;
        self.count[t] -= 1;
        if self.alive[t][b] == 0 {
            self.live[t].retain(|&x| x as usize != b);
        }
        true
    }

    /// Whether a tuple of table `t` left has `value` at `pos`.
    pub(super) fn supports(&mut self, t: usize, pos: usize, value: u8) -> bool {
        let with = self.tables[t].with(pos, value);
        let alive = &self.alive[t];
        let key = pos * MAX_VALUES + usize::from(value);
        let residue = self.residue[t][key] as usize;
        if residue < with.len() && with[residue] & alive[residue] != 0 {
            return true;
        }
        if with.is_empty() {
            return false;
        }
        match self.live[t]
            .iter()
            .find(|&&b| with[b as usize] & alive[b as usize] != 0)
        {
            Some(&b) => {
                self.residue[t][key] = b;
                true
            }
            None => false,
        }
    }
}
