//! Probing: each open segment tried both ways on a copy of the state
//! (see the module documentation of `presolve`).

use super::{Role, Rules, State};

impl State {
    /// Probing until the rules have looked at `budget` cells; `None` on a
    /// contradiction (the puzzle has no solution).
    ///
    /// A try that holds also tells of every segment it decided: trying
    /// that segment that way would decide no more than the try did, so it
    /// would hold too and is skipped, until something is decided. When
    /// both tries of a segment hold, a segment that both decided alike is
    /// decided so in every solution.
    pub(super) fn probe(&mut self, rules: &Rules<'_>, budget: usize) -> Option<()> {
        // For each segment, the ways (bit 0 taken, bit 1 not) a try that
        // held implied since the last decision.
        let mut implied = vec![0u8; self.edges.len()];
        let mut trial = self.clone();
        let mut work = 0;
        loop {
            let mut decided = false;
            self.trail.clear();
            implied.fill(0);
            for i in self.probing_order(rules) {
                if self.edges[i].is_some() {
                    continue;
                }
                // What taking the segment decided, when that try was made
                // and held.
                let mut when_taken: Option<Vec<(usize, bool)>> = None;
                for taken in [true, false] {
                    let way = if taken { 1 } else { 2 };
                    if implied[i] & way != 0 {
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
                        implied[j] |= if value { 1 } else { 2 };
                    }
                    if taken {
                        when_taken = Some(consequences);
                    } else if let Some(when_taken) = &when_taken {
                        for &(j, value) in when_taken {
                            if trial.edges[j] == Some(value) && self.edges[j].is_none() {
                                self.set(rules, j, value)?;
                                decided = true;
                            }
                        }
                    }
                }
                if !self.trail.is_empty() {
                    self.run_queue(rules, &mut work)?;
                    self.trail.clear();
                    implied.fill(0);
                }
                if work >= budget {
                    return self.run(rules);
                }
            }
            // A round's decisions were followed through the queue; the
            // sweep over every cell is left for the end.
            self.run_queue(rules, &mut work)?;
            if !decided {
                return self.run(rules);
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

    /// The open segments in the order probing tries them: those at the
    /// cells a line has reached (an endpoint, or a cell with a segment
    /// taken) with the fewest segments left open first, the segments away
    /// from every line last. A try there is the likeliest to fail, and
    /// each failure decides a segment and shortens the tries after it.
    fn probing_order(&self, rules: &Rules<'_>) -> Vec<usize> {
        let rank = |v: usize| {
            let reached = self.taken[v] != 0 || rules.grid.roles[v] != Role::Free;
            if reached {
                self.open_directions(v).count_ones()
            } else {
                u32::MAX
            }
        };
        let mut order: Vec<(u32, usize)> = (0..self.edges.len())
            .filter(|&i| self.edges[i].is_none())
            .map(|i| {
                let (u, v) = rules.ends[i];
                (rank(u).min(rank(v)), i)
            })
            .collect();
        order.sort_unstable();
        order.into_iter().map(|(_, i)| i).collect()
    }
}
