//! Nogoods recorded at the MAC search's restarts, so that a restarted
//! search does not explore again what an earlier run refuted (Lecoutre,
//! Sais, Tabary and Vidal, "Recording and minimizing nogoods from
//! restarts", 2007: reduced nld-nogoods).
//!
//! A *decision* is a table taking one tuple. When a run ends at its
//! backtrack limit, its branch is a list of decisions `d1 .. dk`, and at
//! each depth `j` the tuples whose subtrees it refuted (each a negative
//! decision: the table did not take that tuple). Each refutation `not g`
//! at depth `j` says that `d1 .. dj` and `g` do not hold together: a
//! *nogood*. The last depth, whose own refutation failed too, says that
//! `d1 .. dk` do not hold together. Such a nogood holds in every answer,
//! whatever the next run decides, so the runs together search each part
//! of the space once, as one search without restarts would, while
//! keeping what restarts are for (the weights learnt early steer the
//! whole search).
//!
//! A nogood prunes when all its decisions but one hold: the last one's
//! table loses that tuple. Two decisions of each nogood are watched (as a
//! CDCL solver watches two literals of a clause), both not holding, and
//! only a table that comes down to one tuple is looked at: its watching
//! nogoods find another decision to watch, else prune or fail.

use super::tuples::TupleSets;

/// A decision: table `.0` takes its tuple `.1`.
pub(super) type Decision = (u32, u32);

/// Where a decision stands in a search state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// The table has that tuple only.
    Holds,
    /// The table has lost that tuple.
    Fails,
    /// The table has that tuple among others.
    Open,
}

fn standing(tuples: &TupleSets, (t, i): Decision) -> Standing {
    let (t, i) = (t as usize, i as usize);
    if !tuples.contains(t, i) {
        Standing::Fails
    } else if tuples.count(t) == 1 {
        Standing::Holds
    } else {
        Standing::Open
    }
}

/// The nogoods recorded so far and their watches.
#[derive(Clone, Default)]
pub(super) struct Nogoods {
    /// Each nogood's decisions (on different tables), the first two
    /// watched.
    decisions: Vec<Vec<Decision>>,
    /// Per table: the nogoods watching a decision on it.
    watches: Vec<Vec<u32>>,
}

/// What adding a nogood at the root implies there.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Added {
    /// Nothing more at the root (the nogood is kept, or it can never
    /// prune).
    Kept,
    /// Every decision but this one holds at the root: its table must
    /// lose the tuple there.
    Prune(Decision),
    /// Every decision holds at the root: nothing fits.
    Fails,
}

impl Nogoods {
    /// No nogoods, for a search over `tables` tables.
    pub(super) fn new(tables: usize) -> Self {
        Nogoods {
            decisions: Vec::new(),
            watches: vec![Vec::new(); tables],
        }
    }

    /// Whether none has been recorded.
    pub(super) fn is_empty(&self) -> bool {
        self.decisions.is_empty()
    }

    /// How many are recorded.
    pub(super) fn len(&self) -> usize {
        self.decisions.len()
    }

    /// Records that `decisions` (on different tables) do not hold
    /// together, `tuples` being the root state (which later levels only
    /// narrow): the decisions that hold at the root are left out, and a
    /// nogood with one that fails there is dropped.
    pub(super) fn add(&mut self, decisions: &[Decision], tuples: &TupleSets) -> Added {
        let mut open = Vec::with_capacity(decisions.len());
        for &decision in decisions {
            match standing(tuples, decision) {
                Standing::Fails => return Added::Kept,
                Standing::Holds => {}
                Standing::Open => open.push(decision),
            }
        }
        match open.len() {
            0 => Added::Fails,
            1 => Added::Prune(open[0]),
            _ => {
                let n = self.decisions.len() as u32;
                self.watches[open[0].0 as usize].push(n);
                self.watches[open[1].0 as usize].push(n);
                self.decisions.push(open);
                Added::Kept
            }
        }
    }

    /// Table `t` has come down to its tuple `i` in `tuples`: the nogoods
    /// watching a decision on `t` move their watch, or push to `prune` the
    /// decision whose tuple they rule out; false if one has every
    /// decision holding.
    pub(super) fn fixed(
        &mut self,
        t: usize,
        i: usize,
        tuples: &TupleSets,
        prune: &mut Vec<Decision>,
    ) -> bool {
        let mut watching = std::mem::take(&mut self.watches[t]);
        let mut kept = 0;
        let mut next = 0;
        let mut consistent = true;
        while next < watching.len() {
            let n = watching[next];
            next += 1;
            let decisions = &mut self.decisions[n as usize];
            let w = usize::from(decisions[0].0 as usize != t);
            if decisions[w].1 as usize == i {
                // That decision holds now: watch another that does not.
                if let Some(r) = (2..decisions.len())
                    .find(|&r| standing(tuples, decisions[r]) != Standing::Holds)
                {
                    decisions.swap(w, r);
                    self.watches[decisions[w].0 as usize].push(n);
                    continue;
                }
                let other = decisions[1 - w];
                match standing(tuples, other) {
                    Standing::Holds => consistent = false,
                    Standing::Fails => {}
                    Standing::Open => prune.push(other),
                }
            }
            // Else the watched decision fails: the nogood cannot prune.
            watching[kept] = n;
            kept += 1;
            if !consistent {
                break;
            }
        }
        // The nogoods not looked at after a failure stay watching too.
        watching.copy_within(next.., kept);
        watching.truncate(kept + watching.len() - next);
        self.watches[t] = watching;
        consistent
    }
}

#[cfg(test)]
mod tests;
