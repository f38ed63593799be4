//! Measures the DIMACS reader and writer on a file: parse throughput
//! (reading the whole formula with its header) and write throughput
//! (serialising it to memory), best of `--repeat` runs, in MB/s.
//!
//! `cargo run --release --example dimacs_throughput -- FILE [REPEAT]`
//! (`make bench-parse` runs it beside CaDiCaL on a generated 3-CNF).

use satpipe::dimacs::{read_formula, write_formula, ReadOptions};
use satpipe::io::Input;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: dimacs_throughput FILE [REPEAT]");
        return ExitCode::from(1);
    };
    let repeat: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(3);
    let size = match std::fs::metadata(&path) {
        Ok(m) => m.len() as f64 / 1e6,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(1);
        }
    };
    let mut best_parse = f64::INFINITY;
    let mut best_write = f64::INFINITY;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let formula = match Input::open(&path)
            .and_then(|mut i| read_formula(&mut i, ReadOptions::default()))
        {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(1);
            }
        };
        best_parse = best_parse.min(start.elapsed().as_secs_f64());
        let mut out = Vec::with_capacity((size * 1.1e6) as usize);
        let start = Instant::now();
        if let Err(e) = write_formula(&mut out, &formula) {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
        best_write = best_write.min(start.elapsed().as_secs_f64());
    }
    println!("size_mb {size:.1}");
    println!("parse_seconds {best_parse:.3}");
    println!("parse_mb_per_s {:.1}", size / best_parse);
    println!("write_seconds {best_write:.3}");
    println!("write_mb_per_s {:.1}", size / best_write);
    ExitCode::SUCCESS
}
