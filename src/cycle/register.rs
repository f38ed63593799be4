//! Linear feedback shift registers, the cycle-exclusion device of the
//! loop constraints: a register of `bits` variables per vertex, set to a
//! start state at one vertex and stepped along the arcs of a path. A cycle
//! of `L` steps returns a non-zero state to itself only when the register's
//! period divides `L`, so a register whose period exceeds every possible
//! cycle length (or, on a bipartite graph, half of it) rules cycles out.
//! Numberlink ([`crate::numberlink`]) and [`one_loop`](super::one_loop)
//! share it.

use crate::builder::FormulaBuilder;
use rustsat::types::Lit;

/// Maximal-length linear feedback shift registers `(bits, tap)`: the step
/// `s' = (s << 1) | (s[bits-1] xor s[tap])` runs through all `2^bits - 1`
/// non-zero states (checked in the tests).
pub const LFSR: &[(usize, usize)] = &[
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 1),
    (6, 0),
    (7, 0),
    (9, 3),
    (10, 2),
    (11, 1),
    (15, 0),
    (17, 2),
    (18, 6),
    (20, 2),
    (21, 1),
    (22, 0),
];

/// The smallest register of [`LFSR`] whose period `P = 2^bits - 1`
/// satisfies `2P > cells`, so that no cycle through at most `cells` cells
/// returns to its state: a cycle of the grid has even length (the grid is
/// bipartite), and an even multiple of the odd `P` is at least `2P`.
pub fn lfsr_shape(cells: usize) -> (usize, usize) {
    LFSR.iter()
        .copied()
        .find(|&(bits, _)| 2 * ((1usize << bits) - 1) > cells)
        .unwrap_or(LFSR[LFSR.len() - 1])
}

/// The smallest register of [`LFSR`] whose period `2^bits - 1` exceeds
/// `count` (the winding registers: a cycle encloses at most `count` ray
/// origins).
pub fn lfsr_exceeding(count: usize) -> (usize, usize) {
    LFSR.iter()
        .copied()
        .find(|&(bits, _)| (1usize << bits) - 1 > count)
        .unwrap_or(LFSR[LFSR.len() - 1])
}

/// The rows of `A^steps`, `A` the register step of [`LFSR`] shape
/// `(bits, tap)`: row `i` is the mask of the current bits whose XOR is bit
/// `i` of the state `steps` steps later.
pub fn register_power(bits: usize, tap: usize, steps: usize) -> Vec<u64> {
    let mut rows: Vec<u64> = (0..bits).map(|i| 1 << i).collect();
    for _ in 0..steps {
        let mut next = vec![rows[bits - 1] ^ rows[tap]];
        next.extend_from_slice(&rows[..bits - 1]);
        rows = next;
    }
    rows
}

/// The state `A^steps state`, `rows` being [`register_power`]'s rows of
/// `A^steps`.
pub fn register_apply(rows: &[u64], state: u64) -> u64 {
    rows.iter().enumerate().fold(0, |next, (i, &row)| {
        next | u64::from((row & state).count_ones() % 2 == 1) << i
    })
}

/// Clauses for `guards -> to = A^steps from` (see [`register_power`]):
/// the step holds where every literal of `guards` is true.
pub fn register_step(
    b: &mut FormulaBuilder,
    (bits, tap): (usize, usize),
    steps: usize,
    guards: &[Lit],
    from: &[Lit],
    to: &[Lit],
) {
    if guards.iter().any(|&g| b.decided(g) == Some(false)) {
        // The step never applies: every clause would be satisfied.
        return;
    }
    let mut clause: Vec<Lit> = Vec::with_capacity(guards.len() + bits + 1);
    let mut terms: Vec<Lit> = Vec::with_capacity(bits + 1);
    for (i, mask) in register_power(bits, tap, steps).into_iter().enumerate() {
        // to[i] xor (xor of from[j] in mask) = 0: forbid every assignment
        // of odd parity.
        terms.clear();
        terms.push(to[i]);
        terms.extend((0..bits).filter(|j| mask >> j & 1 == 1).map(|j| from[j]));
        for pattern in 0u64..1 << terms.len() {
            if pattern.count_ones() % 2 == 0 {
                continue;
            }
            clause.clear();
            clause.extend(guards.iter().map(|&g| !g));
            // The clause is falsified exactly by the assignment `pattern`.
            clause.extend(
                terms
                    .iter()
                    .enumerate()
                    .map(|(t, &l)| if pattern >> t & 1 == 1 { !l } else { l }),
            );
            b.clause(&clause);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_registers_have_full_period() {
        for &(bits, tap) in LFSR {
            let mask = (1usize << bits) - 1;
            let mut state = 1usize;
            let mut steps = 0usize;
            loop {
                let feedback = ((state >> (bits - 1)) ^ (state >> tap)) & 1;
                state = ((state << 1) & mask) | feedback;
                steps += 1;
                if state == 1 {
                    break;
                }
            }
            assert_eq!(steps, mask, "register ({bits}, {tap})");
        }
    }

    #[test]
    fn a_power_applied_is_that_many_steps() {
        let (bits, tap) = (5, 1);
        let step = |state: u64| {
            let feedback = ((state >> (bits - 1)) ^ (state >> tap)) & 1;
            ((state << 1) & ((1 << bits) - 1)) | feedback
        };
        for start in [1u64, 7, 30] {
            let mut state = start;
            for steps in 0..40 {
                let rows = register_power(bits, tap, steps);
                assert_eq!(register_apply(&rows, start), state, "{start} {steps}");
                state = step(state);
            }
        }
    }

    #[test]
    fn register_period_exceeds_cells() {
        assert_eq!(lfsr_shape(0), (2, 0));
        assert_eq!(lfsr_shape(5), (2, 0));
        assert_eq!(lfsr_shape(6), (3, 0));
        assert_eq!(lfsr_shape(1600), (10, 2));
        assert_eq!(lfsr_shape(2045), (10, 2));
        assert_eq!(lfsr_shape(2046), (11, 1));
        assert_eq!(lfsr_shape(2500), (11, 1));
        assert_eq!(lfsr_shape(1002 * 1002), (20, 2));
        assert_eq!(lfsr_exceeding(1), (2, 0));
        assert_eq!(lfsr_exceeding(31), (6, 0));
        assert_eq!(lfsr_exceeding(432), (9, 3));
    }

    /// The state after `steps` register steps, as integers.
    fn stepped(bits: usize, tap: usize, mut state: u64, steps: usize) -> u64 {
        let mask = (1u64 << bits) - 1;
        for _ in 0..steps {
            let feedback = ((state >> (bits - 1)) ^ (state >> tap)) & 1;
            state = ((state << 1) & mask) | feedback;
        }
        state
    }

    #[test]
    fn register_powers_are_repeated_steps() {
        for &(bits, tap) in &LFSR[..8] {
            for steps in 0..5 {
                let rows = register_power(bits, tap, steps);
                for state in [1u64, 2, 5, (1 << bits) - 1, (1 << (bits - 1)) + 3] {
                    let state = state & ((1 << bits) - 1);
                    let by_rows = rows
                        .iter()
                        .enumerate()
                        .map(|(i, mask)| u64::from((state & mask).count_ones() % 2 == 1) << i)
                        .sum::<u64>();
                    assert_eq!(by_rows, stepped(bits, tap, state, steps), "{bits} {steps}");
                }
            }
        }
    }
}
