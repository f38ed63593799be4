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
//! - [`family`]: the parts every puzzle family has, and [`registry`], the
//!   one list of families ([`FAMILIES`]) that the commands, the docs, the
//!   fuzz targets and the benchmarks read;
//! - the families: [`crossword`] (fill a pattern, generate freeform),
//!   [`nonogram`], [`numberlink`], [`rules`] (generic puzzles in
//!   solv-o-matic's rule language), [`sanalouhos`] (word grids covered
//!   by dictionary words) and [`masyu`] (one loop through circles);
//! - [`explain`]: why there is no solution, as a minimal set of the
//!   puzzle's parts that cannot hold together;
//! - [`svg`]: the SVG helpers of the families' drawings and the PNG
//!   pictures rendered from them;
//! - [`puzzlink`]: puzz.link URLs (pzprjs's URL grammar and cell
//!   encodings), the exchange format of the families that have one;
//! - [`gen`]: generators of standard formulas (pigeonhole, n-queens, random);
//! - [`generate`]: puzzle generators with a proved unique solution;
//! - [`bench`]: batch experiments into CSV;
//! - [`cli`]: the commands.

#![warn(missing_docs)]

#[macro_use]
mod macros {
    /// Declares the puzzle families' modules and registers them in
    /// [`FAMILIES`](crate::FAMILIES): one line per family, `module::Type`.
    macro_rules! families {
        ($($module:ident :: $family:ident),* $(,)?) => {
            $(pub mod $module;)*
            /// Every puzzle family, in the order of the `families!` list
            /// in `lib.rs` (see [`registry`]).
            pub const FAMILIES: &[registry::Registered] =
                &[$(registry::Registered::of::<$module::$family>()),*];
        };
    }
}

pub mod bench;
pub mod builder;
pub mod children;
pub mod cli;
pub mod cnf;
pub mod cycle;
pub mod dimacs;
pub mod error;
pub mod explain;
pub mod family;
pub mod gen;
pub mod generate;
pub mod io;
pub mod lines;
pub mod literal;
pub mod model;
pub mod multi;
pub mod names;
pub mod parallel;
pub mod partial;
pub mod puzzlink;
pub mod readable;
pub mod registry;
pub mod solve;
pub mod solver;
pub mod stats;
pub mod svg;

// The puzzle families: a module folder each and one line here.
families! {
    crossword::Crossword,
    nonogram::Nonogram,
    numberlink::Numberlink,
    rules::Rules,
    sanalouhos::Sanalouhos,
    masyu::Masyu,
    slitherlink::Slitherlink,
}

pub use error::{Error, Result};
