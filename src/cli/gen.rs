//! `cnf-gen`: standard formulas as CNF streams.

use super::Command;
use crate::dimacs::write_formula;
use crate::error::{IoContext, Result};
use crate::io;
use clap::{Parser, Subcommand};
use std::io::Write;

/// Generate standard formulas (with named variables) as CNF streams.
#[derive(Debug, Parser)]
#[command(
    name = "cnf-gen",
    version,
    after_help = "Examples:\n  cnf-gen queens 8 | solve --all | tail -3\n  cnf-gen php 6 5 | solve          # exits 20: unsatisfiable\n  cnf-gen cycle-cover 9 | solve    # WCNF: optimum 5"
)]
pub struct GenArgs {
    /// Which formula.
    #[command(subcommand)]
    pub family: Family,
}

/// The formula families.
#[derive(Debug, Subcommand)]
pub enum Family {
    /// Pigeonhole principle: PIGEONS pigeons in HOLES holes (UNSAT when
    /// PIGEONS > HOLES).
    Php {
        /// Number of pigeons.
        pigeons: usize,
        /// Number of holes.
        holes: usize,
    },
    /// N non-attacking queens on an N x N board (8: 92 solutions).
    Queens {
        /// Board size.
        n: usize,
    },
    /// Uniform random K-CNF (unnamed variables).
    Random {
        /// Literals per clause.
        #[arg(short, default_value_t = 3)]
        k: usize,
        /// Number of variables.
        vars: u32,
        /// Number of clauses.
        clauses: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Minimum vertex cover of a cycle of N vertices (WCNF; unit weights
    /// give the optimum ceil(N/2)).
    CycleCover {
        /// Number of vertices.
        n: usize,
        /// Vertex i costs 1 + (i mod WEIGHTS).
        #[arg(long, default_value_t = 1)]
        weights: u64,
    },
}

/// The most literal occurrences `cnf-gen` writes: it builds a formula in
/// memory (4 bytes a literal), so this keeps it near 1 GB.
pub const MAX_GEN_LITERALS: u128 = 1 << 28;

impl Family {
    /// Upper bounds on the variables and literal occurrences of the formula.
    fn size(&self) -> (u128, u128) {
        let n = |x: usize| x as u128;
        match *self {
            Family::Php { pigeons, holes } => {
                let (p, h) = (n(pigeons), n(holes));
                (p * h, p * h + h * p * p)
            }
            Family::Queens { n: size } => {
                let q = n(size);
                (q * q, 4 * q * q * q + 2 * q * q)
            }
            Family::Random {
                k, vars, clauses, ..
            } => (u128::from(vars), n(k) * n(clauses)),
            Family::CycleCover { n: size, .. } => (n(size), 3 * n(size)),
        }
    }
}

impl Command for GenArgs {
    const NAME: &'static str = "cnf-gen";
    fn run(self) -> Result<u8> {
        let (vars, literals) = self.family.size();
        if vars > u128::from(crate::literal::MAX_DIMACS_VAR) || literals > MAX_GEN_LITERALS {
            return Err(crate::Error::Usage(format!(
                "this formula would have up to {vars} variables and {literals} literal \
                 occurrences; cnf-gen builds formulas in memory and stops at {} variables \
                 and {MAX_GEN_LITERALS} literals",
                crate::literal::MAX_DIMACS_VAR
            )));
        }
        let formula = match self.family {
            Family::Php { pigeons, holes } => crate::gen::pigeonhole(pigeons, holes),
            Family::Queens { n } => crate::gen::queens(n),
            Family::Random {
                k,
                vars,
                clauses,
                seed,
            } => {
                if k == 0 || vars == 0 {
                    return Err(crate::Error::Usage(
                        "random: K and VARS must be at least 1".into(),
                    ));
                }
                crate::gen::random_kcnf(k, vars, clauses, seed)
            }
            Family::CycleCover { n, weights } => crate::gen::cycle_cover(n, weights),
        };
        let mut out = io::stdout();
        write_formula(&mut out, &formula).with_name(io::STDOUT_NAME)?;
        out.flush().with_name(io::STDOUT_NAME)?;
        Ok(0)
    }
}
