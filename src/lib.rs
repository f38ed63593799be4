//! satpipe: logic puzzles solved by reduction to SAT, as small commands
//! that compose in Unix pipelines.
//!
//! ```text
//! encode-<family> puzzle | solve | decode-<family>
//! ```
//!
//! The library holds all the logic; every binary in `src/bin/` is a thin
//! face over one [`cli`] command. The parts:
//!
//! - [`literal`]: DIMACS variable numbers and literals as text;
//! - [`cnf`]: the formula and its header metadata;
//! - [`dimacs`]: the streaming DIMACS CNF/WCNF reader and writer;
//! - [`names`] and [`builder`]: named variables and the formula builder that
//!   encoders use (with rustsat's cardinality and PB encodings);
//! - [`readable`]: the readable named form of a formula and its exact
//!   conversion back to DIMACS;
//! - [`stats`]: formula statistics;
//! - [`model`]: the model stream and the model check;
//! - [`solver`] and [`solve`]: embedded and external solver backends,
//!   enumeration and optimisation;
//! - [`family`]: the parts every puzzle family has;
//! - [`rules`]: generic puzzles in solv-o-matic's rule language;
//! - [`crossword`]: crosswords (fill a pattern, generate freeform);
//! - [`gen`]: generators of standard formulas (pigeonhole, n-queens, random);
//! - [`cli`]: the commands.
//! - [`sanalouhos`]: word grids covered by dictionary words (a family).

#![warn(missing_docs)]

pub mod bench;
pub mod builder;
pub mod cli;
pub mod cnf;
pub mod dimacs;
pub mod error;
pub mod family;
pub mod gen;
pub mod io;
pub mod literal;
pub mod model;
pub mod names;
pub mod readable;
pub mod solve;
pub mod solver;
pub mod stats;
// Puzzle families (one module each):
pub mod crossword;
pub mod nonogram;
pub mod numberlink;
pub mod rules;
pub mod sanalouhos;

pub use error::{Error, Result};
