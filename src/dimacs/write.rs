//! Writing DIMACS: clause lines, and whole formulas with their header
//! (CNF, or WCNF in the MaxSAT Evaluation 2022+ format).

use crate::cnf::{Clauses, Formula, Kind};
use rustsat::types::Lit;
use std::io::Write;

/// Writes the soft clauses of `formula`, each after its weight.
fn write_soft_clauses(out: &mut dyn Write, formula: &Formula) -> std::io::Result<()> {
    let mut buffer = itoa::Buffer::new();
    for (clause, weight) in formula.soft.iter().zip(&formula.weights) {
        out.write_all(buffer.format(*weight).as_bytes())?;
        out.write_all(b" ")?;
        write_clause(out, clause)?;
    }
    Ok(())
}

/// Writes a clause as a DIMACS line: `1 -2 3 0`.
pub fn write_clause(out: &mut dyn Write, clause: &[Lit]) -> std::io::Result<()> {
    let mut line = [0u8; 512];
    let mut writer = ClauseWriter {
        out,
        buffer: &mut line,
        len: 0,
    };
    writer.clause(clause)?;
    writer.flush()
}

/// DIMACS clause lines put together in a buffer and written out a buffer
/// at a time (a few calls for a formula instead of several per literal).
struct ClauseWriter<'a> {
    out: &'a mut dyn Write,
    buffer: &'a mut [u8],
    len: usize,
}

impl ClauseWriter<'_> {
    /// The longest literal: a sign and ten digits, and a space.
    const LITERAL: usize = 12;

    fn clause(&mut self, clause: &[Lit]) -> std::io::Result<()> {
        let mut digits = itoa::Buffer::new();
        for lit in clause {
            if self.len + Self::LITERAL > self.buffer.len() {
                self.flush()?;
            }
            let number = digits.format(lit.to_ipasir()).as_bytes();
            let end = self.len + number.len();
            self.buffer[self.len..end].copy_from_slice(number);
            self.buffer[end] = b' ';
            self.len = end + 1;
        }
        if self.len + 2 > self.buffer.len() {
            self.flush()?;
        }
        self.buffer[self.len..self.len + 2].copy_from_slice(b"0\n");
        self.len += 2;
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.write_all(&self.buffer[..self.len])?;
        self.len = 0;
        Ok(())
    }
}

/// Clauses per chunk when two threads put the lines together.
const CHUNK: usize = 1 << 15;

/// Writes `clauses` as DIMACS lines. A long list is put together in
/// chunks of [`CHUNK`] clauses on two threads ([`crate::parallel`]) and
/// written in order.
fn write_clauses(out: &mut dyn Write, clauses: &Clauses) -> std::io::Result<()> {
    let chunks = clauses.len().div_ceil(CHUNK);
    if chunks < 4 {
        return write_chunk(out, clauses, 0..clauses.len());
    }
    let range = |k: usize| k * CHUNK..((k + 1) * CHUNK).min(clauses.len());
    crate::parallel::in_order(
        chunks,
        0,
        |k| {
            let mut buffer = Vec::new();
            write_chunk(&mut buffer, clauses, range(k)).map(|()| buffer)
        },
        |buffer| out.write_all(&buffer),
        || std::io::Error::other("the thread writing clauses failed"),
    )
}

/// Writes the clauses `range` of `clauses` as DIMACS lines, through a
/// buffer.
fn write_chunk(
    out: &mut dyn Write,
    clauses: &Clauses,
    range: std::ops::Range<usize>,
) -> std::io::Result<()> {
    let mut buffer = vec![0u8; 1 << 16];
    let mut writer = ClauseWriter {
        out,
        buffer: &mut buffer,
        len: 0,
    };
    for i in range {
        writer.clause(clauses.get(i))?;
    }
    writer.flush()
}

/// Writes a formula: the header comments, then `p cnf` and the clauses, or
/// for WCNF the MaxSAT Evaluation 2022+ format (`h` for hard clauses, the
/// weight before each soft clause).
pub fn write_formula(out: &mut dyn Write, formula: &Formula) -> std::io::Result<()> {
    for line in &formula.header {
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
    }
    match formula.kind {
        Kind::Cnf => {
            writeln!(out, "p cnf {} {}", formula.num_vars, formula.hard.len())?;
            write_clauses(out, &formula.hard)?;
        }
        Kind::Wcnf if formula.hard.is_empty() && formula.soft.is_empty() => {
            // The 2022+ format has no `p` line, so without clauses it would
            // be indistinguishable from empty input: use the old header.
            writeln!(out, "p wcnf {} 0", formula.num_vars)?;
        }
        Kind::Wcnf if formula.hard.is_empty() => {
            // Without an `h` clause the 2022+ format would not read back
            // as WCNF: use the old header, with a top weight above every
            // soft weight.
            let top = formula
                .weights
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .saturating_add(1);
            writeln!(
                out,
                "p wcnf {} {} {top}",
                formula.num_vars,
                formula.soft.len()
            )?;
            write_soft_clauses(out, formula)?;
        }
        Kind::Wcnf => {
            for clause in formula.hard.iter() {
                out.write_all(b"h ")?;
                write_clause(out, clause)?;
            }
            write_soft_clauses(out, formula)?;
        }
    }
    Ok(())
}
