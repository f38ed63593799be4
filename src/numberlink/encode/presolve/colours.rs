//! The colour rules of the presolve (see the module documentation of
//! `presolve`): the colours each piece can still take, and the rules
//! across a cell's segments (no segment joins a piece to itself or to a
//! piece of another line; under the strict rule, two pieces side by side
//! and not joined are of different lines).

use super::{Rules, State};

impl State {
    /// The colours piece `root` can still take.
    fn colour_set(&self, words: usize, root: usize) -> &[u64] {
        &self.colours[root * words..(root + 1) * words]
    }

    /// The only colour piece `root` can take, if one is left.
    #[inline]
    pub(super) fn single_colour(&self, words: usize, root: usize) -> Option<usize> {
        if words == 1 {
            let bits = self.colours[root];
            return (bits.count_ones() == 1).then(|| bits.trailing_zeros() as usize);
        }
        let set = self.colour_set(words, root);
        let mut found = None;
        for (w, &bits) in set.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            if found.is_some() || bits.count_ones() > 1 {
                return None;
            }
            found = Some(64 * w + bits.trailing_zeros() as usize);
        }
        found
    }

    /// Whether pieces `a` and `b` share a colour.
    #[inline]
    fn share_colour(&self, words: usize, a: usize, b: usize) -> bool {
        self.colour_set(words, a)
            .iter()
            .zip(self.colour_set(words, b))
            .any(|(x, y)| x & y != 0)
    }

    /// Takes colour `k` from piece `root` (the strict rule beside a piece
    /// of line `k`; `words` a colour set's words); `None` when it has no colour
    /// left. Inlined where the piece has no such colour (most calls), the
    /// rest out of line.
    #[inline]
    fn remove_colour(&mut self, words: usize, root: usize, k: usize) -> Option<()> {
        if self.colours[root * words + k / 64] & (1 << (k % 64)) == 0 {
            return Some(());
        }
        self.take_colour(words, root, k)
    }

    /// [`State::remove_colour`] where piece `root` still has colour `k`.
    #[inline(never)]
    fn take_colour(&mut self, words: usize, root: usize, k: usize) -> Option<()> {
        self.colours[root * words + k / 64] &= !(1 << (k % 64));
        if self.colour_set(words, root).iter().all(|&w| w == 0) {
            return None;
        }
        if self.single_colour(words, root).is_some() {
            self.push_piece(root);
        } else {
            // Fewer colours change only what the colour rules at the
            // piece's ends (its only cells with open segments) decide.
            let [x, y] = self.tips[root];
            self.push_colours(x as usize);
            self.push_colours(y as usize);
        }
        Some(())
    }

    /// No loop, colours: rule out the segments at `v` to the same or an
    /// incompatible piece; under the default rules, the strict colour
    /// rules across every segment not taken.
    #[inline]
    pub(super) fn colours_across(&mut self, rules: &Rules<'_>, v: usize) -> Option<()> {
        // Most puzzles have at most 64 lines: a colour set is then one
        // word, which the compiler knows in that copy of the rules.
        if rules.words == 1 {
            self.colours_across_in::<true>(rules, v)
        } else {
            self.colours_across_in::<false>(rules, v)
        }
    }

    /// [`State::colours_across`], with colour sets of one word when
    /// `ONE_WORD`, else of `rules.words`.
    #[inline(always)]
    fn colours_across_in<const ONE_WORD: bool>(
        &mut self,
        rules: &Rules<'_>,
        v: usize,
    ) -> Option<()> {
        let words = if ONE_WORD { 1 } else { rules.words };
        // The piece of `v` and its one colour change only when a segment
        // here is taken (the last case below).
        let mut here = self.root(v);
        let mut here_colour = self.single_colour(words, here);
        for (i, across) in rules.incident[v].iter() {
            let there = self.root(across);
            match self.edges[i] {
                Some(true) => continue,
                Some(false) if rules.default => {
                    if there == here {
                        // Two cells of one line side by side, not joined.
                        return None;
                    }
                    if let Some(k) = here_colour {
                        self.remove_colour(words, there, k)?;
                    }
                    if let Some(k) = self.single_colour(words, there) {
                        self.remove_colour(words, here, k)?;
                        here_colour = self.single_colour(words, here);
                    }
                }
                Some(false) => {}
                None if there == here => {
                    if rules.default {
                        return None;
                    }
                    self.set(rules, i, false)?;
                }
                None if !self.share_colour(words, here, there) => self.set(rules, i, false)?,
                None if rules.default
                    && here_colour.is_some()
                    && here_colour == self.single_colour(words, there) =>
                {
                    self.set(rules, i, true)?;
                    here = self.root(v);
                    here_colour = self.single_colour(words, here);
                }
                None => {}
            }
        }
        Some(())
    }
}
