//! Batch experiments: every instance of every family, through every
//! encoding variant and solver, into one CSV row per run.
//!
//! - [`config`]: a family's `bench.conf` (instances, variants, known
//!   answers, targets, baseline);
//! - [`discover`]: the families of an instances folder (registered puzzle
//!   families, folders and files of DIMACS formulas) and the DIMACS files
//!   of the command line, and what cannot be used, with the reason;
//! - [`matrix`]: which runs exist (those families, the built-in `gen`
//!   family of `cnf-gen` formulas, solver specifications) and the
//!   deterministic plan of runs;
//! - [`run`]: executing one run (encode, solve, decode as real processes)
//!   and the whole matrix, in parallel, resumably;
//! - [`jobs`]: the job list of `--emit-jobs` (self-contained command
//!   lines) and the time its longest job may take;
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
pub mod discover;
pub mod jobs;
pub mod matrix;
pub mod pivot;
pub mod process;
pub mod report;
pub mod rows;
pub mod run;
pub mod scores;
