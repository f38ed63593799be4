//! Probing: each open segment tried both ways on a copy of the state
//! (see the module documentation of `presolve`).

use super::{Role, Rules, State};

/// Field by field, so that `clone_from` (once per try while probing)
/// reuses the copy's buffers.
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            edges: self.edges.clone(),
            decided: self.decided,
            taken: self.taken.clone(),
            closed: self.closed.clone(),
            shapes: self.shapes.clone(),
            piece: self.piece.clone(),
            size: self.size.clone(),
            anchor: self.anchor.clone(),
            next: self.next.clone(),
            tips: self.tips.clone(),
            colours: self.colours.clone(),
            queue: self.queue.clone(),
            queued: self.queued.clone(),
            colour_queue: self.colour_queue.clone(),
            colour_queued: self.colour_queued.clone(),
            trail: self.trail.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.edges.clone_from(&source.edges);
        self.decided = source.decided;
        self.taken.clone_from(&source.taken);
        self.closed.clone_from(&source.closed);
        self.shapes.clone_from(&source.shapes);
        self.piece.clone_from(&source.piece);
        self.size.clone_from(&source.size);
        self.anchor.clone_from(&source.anchor);
        self.next.clone_from(&source.next);
        self.tips.clone_from(&source.tips);
        self.colours.clone_from(&source.colours);
        self.queue.clone_from(&source.queue);
        self.queued.clone_from(&source.queued);
        self.colour_queue.clone_from(&source.colour_queue);
        self.colour_queued.clone_from(&source.colour_queued);
        self.trail.clone_from(&source.trail);
    }
}

/// The rank limits of probing's rounds (see [`State::probe`]): segments
/// at cells a line has reached with two segments left open first, then
/// three, then four, then every open segment.
const RANK_LIMITS: [u32; 4] = [2, 3, 4, u32::MAX];

/// The bit of `implied` (see [`State::probe`]) for a segment decided
/// `taken` (bit 0) or not (bit 1).
fn way(taken: bool) -> u8 {
    if taken {
        1
    } else {
        2
    }
}

impl State {
    /// Probing until the rules have looked at `budget` cells; `None` on a
    /// contradiction (the puzzle has no solution).
    ///
    /// A round tries the open segments whose rank ([`State::rank`]) is
    /// within its limit, in [`State::probing_order`], the likeliest to
    /// fail first; a round that decides nothing widens the limit, one that
    /// decides something starts again from the narrowest, so that the
    /// tries away from the lines come only when those near them are spent.
    ///
    /// A try that holds also tells of every segment it decided: trying
    /// that segment that way would decide no more than the try did, so it
    /// would hold too and is skipped, as long as whatever is decided
    /// meanwhile is among what the try decided (in later rounds too).
    /// When both tries of a segment hold, a segment that both decided
    /// alike is decided so in every solution.
    pub(super) fn probe(&mut self, rules: &Rules<'_>, budget: usize) -> Option<()> {
        // For each segment, the ways (bit 0 taken, bit 1 not) that a try
        // in `held` decided.
        let mut implied = vec![0u8; self.edges.len()];
        // What each try that held decided, while it agrees with every
        // decision made since (see `keep_agreeing`).
        let mut held: Vec<Vec<(usize, bool)>> = Vec::new();
        let mut trial = self.clone();
        let mut work = 0;
        let mut level = 0;
        self.trail.clear();
        loop {
            let limit = RANK_LIMITS[level];
            let mut decided = false;
            for i in self.probing_order(rules) {
                // Ranks fall as the round decides segments.
                if self.edges[i].is_some() || self.rank(rules, i) > limit {
                    continue;
                }
                // Where in `held` the try taking the segment is, when it
                // was made and held.
                let mut when_taken: Option<usize> = None;
                for taken in [true, false] {
                    if implied[i] & way(taken) != 0 {
                        continue;
                    }
                    trial.clone_from(self);
                    let holds = trial
                        .set(rules, i, taken)
                        .and_then(|()| trial.run_queue(rules, &mut work))
                        .is_some();
                    if !holds {
                        self.set(rules, i, !taken)?;
                        decided = true;
                        break;
                    }
                    let consequences = trial.consequences();
                    for &(j, value) in &consequences {
                        implied[j] |= way(value);
                    }
                    if taken {
                        when_taken = Some(held.len());
                    } else if let Some(at) = when_taken {
                        for &(j, value) in &held[at] {
                            if trial.edges[j] == Some(value) && self.edges[j].is_none() {
                                self.set(rules, j, value)?;
                                decided = true;
                            }
                        }
                    }
                    held.push(consequences);
                }
                if !self.trail.is_empty() {
                    self.run_queue(rules, &mut work)?;
                    self.keep_agreeing(&mut held, &mut implied);
                    self.trail.clear();
                }
                if work >= budget {
                    return self.run(rules);
                }
            }
            if decided {
                level = 0;
            } else if level + 1 < RANK_LIMITS.len() {
                level += 1;
            } else {
                return self.run(rules);
            }
        }
    }

    /// After a decision (the trail: everything it decided): keeps the
    /// tries in `held` whose states decided all of it too, and rebuilds
    /// `implied` from them. Such a try's state holds the new state and is
    /// closed under the rules, so a try of anything it decided would
    /// still hold.
    fn keep_agreeing(&self, held: &mut Vec<Vec<(usize, bool)>>, implied: &mut [u8]) {
        // `implied` first marks the ways just decided, then what the kept
        // tries tell (a try decides each segment at most once).
        implied.fill(0);
        let decided = self.consequences();
        for &(j, value) in &decided {
            implied[j] = way(value);
        }
        held.retain(|consequences| {
            let agreeing = consequences
                .iter()
                .filter(|&&(j, value)| implied[j] == way(value))
                .count();
            agreeing == decided.len()
        });
        implied.fill(0);
        for consequences in held.iter() {
            for &(j, value) in consequences {
                implied[j] |= way(value);
            }
        }
    }

    /// The segments decided since the trail was last cleared, with their
    /// values.
    fn consequences(&self) -> Vec<(usize, bool)> {
        self.trail
            .iter()
            .map(|&j| (j as usize, self.edges[j as usize] == Some(true)))
            .collect()
    }

    /// The rank of open segment `i`: at a cell a line has reached (an
    /// endpoint, or a cell with a segment taken), the fewest segments left
    /// open at its two cells; `u32::MAX` for a segment away from every
    /// line. A try at a low rank is the likeliest to fail, and each failure
    /// decides a segment and shortens the tries after it.
    fn rank(&self, rules: &Rules<'_>, i: usize) -> u32 {
        let rank = |v: usize| {
            let reached = self.taken[v] != 0 || rules.grid.roles[v] != Role::Free;
            if reached {
                self.open_directions(v).count_ones()
            } else {
                u32::MAX
            }
        };
        let (u, v) = rules.ends[i];
        rank(u).min(rank(v))
    }

    /// The open segments, lowest rank first: the order a round of probing
    /// looks at them in (a round skips those above its limit when their
    /// turn comes, so that one whose rank fell meanwhile is tried).
    fn probing_order(&self, rules: &Rules<'_>) -> Vec<usize> {
        let mut order: Vec<(u32, usize)> = (0..self.edges.len())
            .filter(|&i| self.edges[i].is_none())
            .map(|i| (self.rank(rules, i), i))
            .collect();
        order.sort_unstable();
        order.into_iter().map(|(_, i)| i).collect()
    }
}
