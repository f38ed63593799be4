//! `solve-kissat`: the `solve` command built with embedded Kissat.
//!
//! Kissat and CaDiCaL cannot be linked into one binary (both define the
//! same `kitten_*` symbols, in two different versions), so `solve
//! --solver kissat` runs this companion, which is the same command built
//! from the same library with only the Kissat backend.

fn main() -> std::process::ExitCode {
    satpipe::cli::main::<satpipe::cli::solve::SolveArgs>()
}
