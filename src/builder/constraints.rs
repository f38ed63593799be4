//! The constraints every encoder builds from: at-most-one, exactly-one,
//! cardinality and pseudo-boolean bounds, by rustsat's encodings, their
//! auxiliary variables unnamed.

use super::{Decided, FormulaBuilder};
use crate::cnf::Clauses;
use rustsat::encodings::{am1, card, pb, CollectClauses};
use rustsat::instances::BasicVarManager;
use rustsat::types::{Clause, Lit};

/// Which at-most-one encoding to use (all from rustsat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum AtMostOne {
    /// Pairwise: no auxiliaries, quadratic clauses; best for a few literals.
    Pairwise,
    /// Ladder (sequential): linear size, strong propagation.
    #[default]
    Ladder,
    /// Commander encoding.
    Commander,
    /// Bimander encoding.
    Bimander,
    /// Bitwise (binary) encoding: logarithmic auxiliaries.
    Bitwise,
}

/// Which pseudo-boolean encoding to use for weighted constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PbEncoding {
    /// Generalized totalizer.
    #[default]
    Gte,
    /// Dynamic polynomial watchdog.
    Dpw,
    /// Binary adder.
    Adder,
}

/// Collects encoding output into our clause list, reduced by the decided
/// literals.
struct Collector<'a>(&'a mut Clauses, &'a Decided);

impl CollectClauses for Collector<'_> {
    fn n_clauses(&self) -> usize {
        self.0.len()
    }
    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for clause in clauses {
            self.1.push(self.0, &clause[..]);
        }
        Ok(())
    }
}

impl FormulaBuilder {
    /// At most one of `lits` is true.
    pub fn at_most_one(&mut self, lits: &[Lit], encoding: AtMostOne) {
        if lits.len() <= 1 {
            return;
        }
        let mut out = Collector(&mut self.hard, &self.decided);
        let vars = &mut self.vars;
        let iter = lits.iter().copied();
        // Encoding into a Vec-backed collector cannot run out of memory
        // short of an allocation failure, which aborts anyway.
        let _ = match encoding {
            AtMostOne::Pairwise => {
                am1::Encode::encode(&mut am1::Pairwise::from_iter(iter), &mut out, vars)
            }
            AtMostOne::Ladder => {
                am1::Encode::encode(&mut am1::Ladder::from_iter(iter), &mut out, vars)
            }
            AtMostOne::Commander => am1::Encode::encode(
                &mut am1::Commander::<4, am1::Pairwise>::from_iter(iter),
                &mut out,
                vars,
            ),
            AtMostOne::Bimander => am1::Encode::encode(
                &mut am1::Bimander::<4, am1::Pairwise>::from_iter(iter),
                &mut out,
                vars,
            ),
            AtMostOne::Bitwise => {
                am1::Encode::encode(&mut am1::Bitwise::from_iter(iter), &mut out, vars)
            }
        };
    }

    /// Exactly one of `lits` is true.
    pub fn exactly_one(&mut self, lits: &[Lit], encoding: AtMostOne) {
        self.clause(lits);
        self.at_most_one(lits, encoding);
    }

    /// If `cond` holds, at least `k` of `lits` do: one clause per subset
    /// of `lits.len() - k + 1` of them (each subset must hold a true
    /// literal), so unit propagation sets the rest as soon as all but `k`
    /// are false, with no auxiliary variable. For a few literals (a grid
    /// cell's edges): the clauses are as many as such subsets.
    pub fn at_least_if(&mut self, cond: Lit, lits: &[Lit], k: usize) {
        if k == 0 {
            return;
        }
        if k > lits.len() {
            self.clause(&[!cond]);
            return;
        }
        let size = lits.len() - k + 1;
        debug_assert!(lits.len() <= 16, "at_least_if is for a few literals");
        for mask in (0u32..1 << lits.len()).rev() {
            if mask.count_ones() as usize != size {
                continue;
            }
            let mut clause = vec![!cond];
            clause.extend(
                lits.iter()
                    .enumerate()
                    .filter(|&(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &lit)| lit),
            );
            self.clause(&clause);
        }
    }

    /// Between `min` and `max` of `lits` are true, for a few literals (a
    /// grid cell's edges) without auxiliary variables: one clause per
    /// subset of `max + 1` negated literals and one per subset of
    /// `lits.len() - min + 1` literals. Unit propagation is as strong as
    /// with the totalizer of [`FormulaBuilder::cardinality`], which it
    /// falls back to above eight literals (the subsets grow too many).
    pub fn cardinality_direct(&mut self, lits: &[Lit], min: usize, max: usize) {
        let n = lits.len();
        if n > 8 {
            return self.cardinality(lits, min, max);
        }
        if min > max || min > n {
            self.clause(&[]);
            return;
        }
        let subset = |mask: u32, positive: bool| -> Vec<Lit> {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| if positive { lits[i] } else { !lits[i] })
                .collect()
        };
        for mask in 0u32..1 << n {
            let size = mask.count_ones() as usize;
            if size == max + 1 {
                self.clause(&subset(mask, false));
            }
            if min > 0 && size == n - min + 1 {
                self.clause(&subset(mask, true));
            }
        }
    }

    /// Between `min` and `max` of `lits` are true (totalizer).
    pub fn cardinality(&mut self, lits: &[Lit], min: usize, max: usize) {
        if min > max || min > lits.len() {
            self.clause(&[]);
            return;
        }
        if min == 0 && max >= lits.len() {
            return;
        }
        if max == 0 {
            for &lit in lits {
                self.clause(&[!lit]);
            }
            return;
        }
        if min == lits.len() {
            for &lit in lits {
                self.clause(&[lit]);
            }
            return;
        }
        let mut totalizer = card::Totalizer::from_iter(lits.iter().copied());
        let mut out = Collector(&mut self.hard, &self.decided);
        let mut units = Vec::new();
        if max < lits.len() {
            let _ =
                card::BoundUpper::encode_ub(&mut totalizer, max..=max, &mut out, &mut self.vars);
            if let Ok(lits) = card::BoundUpper::enforce_ub(&totalizer, max) {
                units.extend(lits);
            }
        }
        if min > 0 {
            let _ =
                card::BoundLower::encode_lb(&mut totalizer, min..=min, &mut out, &mut self.vars);
            if let Ok(lits) = card::BoundLower::enforce_lb(&totalizer, min) {
                units.extend(lits);
            }
        }
        for unit in units {
            self.clause(&[unit]);
        }
    }

    /// Literals that each force "at most `bounds[i]` of `lits` are true",
    /// by one totalizer whose outputs only these literals force (so they
    /// can be assumed, or be rungs of a relaxation ladder); a bound of
    /// `lits.len()` or more forces nothing.
    pub fn at_most_switches(&mut self, lits: &[Lit], bounds: &[usize]) -> Vec<Lit> {
        let top = bounds.iter().copied().filter(|&k| k < lits.len()).max();
        let mut totalizer = card::Totalizer::from_iter(lits.iter().copied());
        if let Some(top) = top {
            let mut out = Collector(&mut self.hard, &self.decided);
            let _ = card::BoundUpper::encode_ub(&mut totalizer, 0..=top, &mut out, &mut self.vars);
        }
        let mut switches = Vec::with_capacity(bounds.len());
        for &k in bounds {
            let switch = self.aux();
            if k < lits.len() {
                if let Ok(forced) = card::BoundUpper::enforce_ub(&totalizer, k) {
                    for lit in forced {
                        self.implies(switch, lit);
                    }
                }
            }
            switches.push(switch);
        }
        switches
    }

    /// The weighted sum of true `terms` is at most `bound`.
    pub fn pb_at_most(&mut self, terms: &[(Lit, usize)], bound: usize, encoding: PbEncoding) {
        let total: usize = terms.iter().map(|(_, w)| w).sum();
        if total <= bound {
            return;
        }
        let iter = terms.iter().copied();
        let mut out = Collector(&mut self.hard, &self.decided);
        let units = match encoding {
            PbEncoding::Gte => encode_pb_ub(
                pb::GeneralizedTotalizer::from_iter(iter),
                bound,
                &mut out,
                &mut self.vars,
            ),
            PbEncoding::Dpw => encode_pb_ub(
                pb::DynamicPolyWatchdog::from_iter(iter),
                bound,
                &mut out,
                &mut self.vars,
            ),
            PbEncoding::Adder => encode_pb_ub(
                pb::BinaryAdder::from_iter(iter),
                bound,
                &mut out,
                &mut self.vars,
            ),
        };
        for unit in units {
            self.clause(&[unit]);
        }
    }
}

fn encode_pb_ub<E>(
    mut encoding: E,
    bound: usize,
    out: &mut Collector<'_>,
    vars: &mut BasicVarManager,
) -> Vec<Lit>
where
    E: pb::BoundUpper,
{
    let _ = encoding.encode_ub(bound..=bound, out, vars);
    encoding.enforce_ub(bound).unwrap_or_default()
}
