//! Statistics of a CNF/WCNF stream, computed while streaming (memory does
//! not grow with the formula).

use crate::cnf::Kind;
use crate::dimacs::{self, ProblemLine, ReadOptions, Sink};
use crate::error::Result;
use crate::io::Input;
use rustsat::types::Lit;
use std::collections::BTreeMap;

/// What `cnf-stats` reports.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Stats {
    /// `cnf` or `wcnf`.
    pub kind: String,
    /// The family from the header, if any.
    pub family: Option<String>,
    /// The encoder from the header, if any.
    pub encoder: Option<String>,
    /// Number of variables.
    pub variables: u32,
    /// Variables with a `c var` name.
    pub named_variables: u64,
    /// Variables without a name.
    pub auxiliary_variables: u64,
    /// Size of the projection set (`c p show`), if declared.
    pub projection: Option<u64>,
    /// Hard clauses.
    pub clauses: u64,
    /// Soft clauses (WCNF).
    pub soft_clauses: u64,
    /// Total weight of the soft clauses.
    pub total_soft_weight: u64,
    /// Literal occurrences in all clauses.
    pub literals: u64,
    /// Clause length -> number of clauses (hard and soft).
    pub clause_lengths: BTreeMap<usize, u64>,
}

#[derive(Default)]
struct Counter {
    stats: Stats,
    projection: u64,
    projection_seen: bool,
}

impl Counter {
    fn clause(&mut self, clause: &[Lit]) {
        self.stats.literals += clause.len() as u64;
        *self.stats.clause_lengths.entry(clause.len()).or_default() += 1;
    }
}

impl Sink for Counter {
    fn comment(&mut self, line: &str, _in_header: bool) -> Result<(), String> {
        if line.starts_with("c var ") {
            self.stats.named_variables += 1;
        } else if let Some(rest) = line.strip_prefix("c vars ") {
            let block = crate::names::Block::parse(rest)?;
            self.stats.named_variables += u64::from(block.len());
        } else if let Some(rest) = line.strip_prefix("c p show") {
            self.projection_seen = true;
            self.projection += rest.split_whitespace().filter(|t| *t != "0").count() as u64;
        } else if let Some(rest) = line.strip_prefix("c family ") {
            self.stats.family = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("c encoder ") {
            self.stats.encoder = Some(rest.trim().to_string());
        }
        Ok(())
    }
    fn problem(&mut self, _problem: ProblemLine) -> Result<(), String> {
        Ok(())
    }
    fn hard(&mut self, clause: &[Lit]) -> Result<(), String> {
        self.stats.clauses += 1;
        self.clause(clause);
        Ok(())
    }
    fn soft(&mut self, weight: u64, clause: &[Lit]) -> Result<(), String> {
        self.stats.soft_clauses += 1;
        self.stats.total_soft_weight = self.stats.total_soft_weight.saturating_add(weight);
        self.clause(clause);
        Ok(())
    }
}

/// Reads a stream and counts.
pub fn compute(input: &mut Input, options: ReadOptions) -> Result<Stats> {
    let mut counter = Counter::default();
    let summary = dimacs::read_into(input, options, &mut counter)?;
    let mut stats = counter.stats;
    stats.kind = match summary.kind {
        Kind::Cnf => "cnf",
        Kind::Wcnf => "wcnf",
    }
    .to_string();
    stats.variables = summary.num_vars;
    stats.auxiliary_variables = u64::from(summary.num_vars).saturating_sub(stats.named_variables);
    stats.projection = counter.projection_seen.then_some(counter.projection);
    Ok(stats)
}

impl Stats {
    /// Renders the statistics for a person.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "kind         {}", self.kind);
        if let Some(family) = &self.family {
            let _ = writeln!(s, "family       {family}");
        }
        if let Some(encoder) = &self.encoder {
            let _ = writeln!(s, "encoder      {encoder}");
        }
        let _ = writeln!(
            s,
            "variables    {} ({} named, {} auxiliary)",
            self.variables, self.named_variables, self.auxiliary_variables
        );
        if let Some(projection) = self.projection {
            let _ = writeln!(s, "projection   {projection} variables");
        }
        let _ = writeln!(s, "clauses      {}", self.clauses);
        if self.kind == "wcnf" {
            let _ = writeln!(
                s,
                "soft clauses {} (total weight {})",
                self.soft_clauses, self.total_soft_weight
            );
        }
        let _ = writeln!(s, "literals     {}", self.literals);
        let _ = writeln!(s, "clause lengths:");
        let widest = self
            .clause_lengths
            .values()
            .copied()
            .max()
            .unwrap_or(1)
            .max(1);
        for (length, count) in &self.clause_lengths {
            let bar = "#".repeat(((count * 40).div_ceil(widest)) as usize);
            let _ = writeln!(s, "  {length:>5}  {count:>10}  {bar}");
        }
        s
    }
}
