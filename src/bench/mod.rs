//! Batch experiments: every instance of every family, through every
//! encoding variant and solver, into one CSV row per run.
//!
//! - [`config`]: a family's `bench.conf` (instances, variants, known
//!   answers, targets, baseline);
//! - [`matrix`]: which runs exist (the registered families with an
//!   `instances/<family>/` folder, folders of DIMACS files, the built-in
//!   `gen` family of `cnf-gen` formulas, solver specifications) and the
//!   deterministic plan of runs;
//! - [`run`]: executing one run (encode, solve, decode as real processes)
//!   and the whole matrix, in parallel, resumably;
//! - [`process`]: one process measured (its time, a time limit, its peak
//!   memory from `wait4`);
//! - [`rows`]: the CSV schema, appending with a flush per row, reading
//!   (and merging fragments) with `file:line` errors;
//! - [`report`]: the Markdown summary (solved, PAR-2) and the cactus and
//!   scatter plots (SVG and PNG);
//! - [`pivot`]: the pivot view of one family (a column per solver,
//!   variant and peer, ratios against the baseline);
//! - [`scores`]: beside the pivot view, the word scores of the solutions
//!   (a crossword fill's mean and weak entries) against the peer's.

pub mod config;
pub mod matrix;
pub mod pivot;
pub mod process;
pub mod report;
pub mod rows;
pub mod run;
pub mod scores;
