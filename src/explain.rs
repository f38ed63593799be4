//! Why a formula has no solution, in the puzzle's terms: the clauses of an
//! encoding come in groups that stand for parts of the puzzle (a rule
//! instance, a given, a clue), and a minimal set of groups that cannot
//! hold together names the parts to blame.
//!
//! Each group gets a selector variable: its clauses are added as `clause
//! or not selector`, every selector is assumed true, and the solver's core
//! (the assumptions its refutation used) is shrunk by deletion to a minimal
//! one: dropping any group of the answer leaves a satisfiable formula. The
//! formula itself is not changed; this runs beside it, in the decoder.

use crate::cnf::Formula;
use crate::error::Result;
use crate::solver::{embedded, Backend, Outcome};
use rustsat::types::{Lit, Var};
use std::ops::Range;
use std::time::{Duration, Instant};

/// The clauses of one part of the puzzle: a range of the formula's hard
/// clauses, in the order the encoder added them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// What the clauses stand for, for a person.
    pub label: String,
    /// The indices of its hard clauses.
    pub clauses: Range<usize>,
}

/// What the analysis found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conflict {
    /// These groups (indices into the groups given) cannot all hold, and
    /// any smaller set of them can. Empty when the clauses outside every
    /// group have no solution by themselves.
    Minimal(Vec<usize>),
    /// The formula has a solution with every group: nothing to explain.
    Satisfiable,
    /// No embedded solver in this build, or the time ran out.
    Unknown,
}

/// Finds a minimal set of `groups` of `formula` that cannot hold together,
/// within `time` (the search gives up after it).
pub fn minimal_conflict(formula: &Formula, groups: &[Group], time: Duration) -> Result<Conflict> {
    // The solver the encoder prefers for its formulas, else the first.
    let available = embedded::available();
    let preferred = formula
        .meta
        .prefer_solver
        .as_deref()
        .and_then(|p| available.iter().find(|&&name| name == p));
    let Some(name) = preferred.or(available.first()).copied() else {
        return Ok(Conflict::Unknown);
    };
    let Some(mut solver) = embedded::create(name, &[])? else {
        return Ok(Conflict::Unknown);
    };
    if !solver.supports_assumptions() {
        return Ok(Conflict::Unknown);
    }
    let deadline = Some(Instant::now() + time);
    let first_selector = formula.num_vars;
    let selectors: Vec<Lit> = (0..groups.len())
        .map(|g| Var::new(first_selector + g as u32).pos_lit())
        .collect();
    solver.reserve(first_selector + groups.len() as u32)?;
    let mut group_of = vec![None; formula.hard.len()];
    for (g, group) in groups.iter().enumerate() {
        for index in group.clauses.clone() {
            if let Some(slot) = group_of.get_mut(index) {
                *slot = Some(g);
            }
        }
    }
    let mut guarded = Vec::new();
    for (index, clause) in formula.hard.iter().enumerate() {
        guarded.clear();
        guarded.extend_from_slice(clause);
        if let Some(g) = group_of[index] {
            guarded.push(!selectors[g]);
        }
        solver.add_clause(&guarded)?;
    }
    let mut kept: Vec<usize> = (0..groups.len()).collect();
    match refuted(solver.as_mut(), &selectors, &kept, deadline)? {
        None => return Ok(Conflict::Unknown),
        Some(false) => return Ok(Conflict::Satisfiable),
        Some(true) => kept = core_groups(solver.as_mut(), &selectors, &kept)?,
    }
    // Deletion: a group whose removal keeps the refutation goes (and the
    // new core may drop more); one whose removal gives a model stays.
    let mut at = 0;
    while at < kept.len() {
        let without: Vec<usize> = kept
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, &g)| g)
            .collect();
        match refuted(solver.as_mut(), &selectors, &without, deadline)? {
            None => return Ok(Conflict::Unknown),
            Some(true) => kept = core_groups(solver.as_mut(), &selectors, &without)?,
            Some(false) => at += 1,
        }
    }
    Ok(Conflict::Minimal(kept))
}

/// Why a puzzle has no solution, for a person: paragraphs, each a line
/// of text or a heading over a list of items (the parts to blame, the
/// cells no word covers...). A decoder prints it after its verdict, lists
/// cut to their first items unless asked for every one ([`Detail`]); its
/// JSON holds the whole text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Explanation {
    /// The paragraphs, in order.
    pub paragraphs: Vec<Paragraph>,
}

/// One paragraph of an [`Explanation`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paragraph {
    /// One line of text (without its newline).
    Text(String),
    /// A heading (ending in `:`, its count said in it) over items printed
    /// one a line, indented.
    List {
        /// The line above the items.
        heading: String,
        /// The items, in order.
        items: Vec<String>,
    },
}

/// How much of an explanation a decoder prints (`--explain`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Detail {
    /// No explanation: the verdict alone, at once (no second search).
    #[value(alias = "false")]
    None,
    /// Lists longer than a screenful cut to their first items, with a
    /// count of the rest.
    #[default]
    #[value(alias = "true")]
    Summary,
    /// Every item of every list.
    Full,
}

/// A list of more items than this is cut to its first [`SUMMARY_ITEMS`]
/// in a summary.
pub const SUMMARY_LIMIT: usize = 12;
/// The items a summary shows of a list longer than [`SUMMARY_LIMIT`].
pub const SUMMARY_ITEMS: usize = 10;

impl Explanation {
    /// An explanation of one line of text.
    pub fn text(line: impl Into<String>) -> Self {
        let mut explanation = Explanation::default();
        explanation.push_text(line);
        explanation
    }

    /// An explanation of one list.
    pub fn list(heading: impl Into<String>, items: Vec<String>) -> Self {
        let mut explanation = Explanation::default();
        explanation.push_list(heading, items);
        explanation
    }

    /// Adds a line of text.
    pub fn push_text(&mut self, line: impl Into<String>) {
        let line = line.into();
        self.paragraphs
            .push(Paragraph::Text(line.trim_end_matches('\n').to_string()));
    }

    /// Adds a list under `heading`.
    pub fn push_list(&mut self, heading: impl Into<String>, items: Vec<String>) {
        self.paragraphs.push(Paragraph::List {
            heading: heading.into(),
            items,
        });
    }

    /// Adds the paragraphs of `other` after these.
    pub fn append(&mut self, other: Explanation) {
        self.paragraphs.extend(other.paragraphs);
    }

    /// True when there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.paragraphs.is_empty()
    }

    /// The text a person reads, each line ended by a newline. Under
    /// [`Detail::Summary`] a list of more than [`SUMMARY_LIMIT`] items
    /// shows its first [`SUMMARY_ITEMS`] and a line counting the rest;
    /// [`Detail::Full`] shows every item ([`Detail::None`]: nothing).
    pub fn render(&self, detail: Detail) -> String {
        let mut text = String::new();
        if detail == Detail::None {
            return text;
        }
        for paragraph in &self.paragraphs {
            match paragraph {
                Paragraph::Text(line) => {
                    text.push_str(line);
                    text.push('\n');
                }
                Paragraph::List { heading, items } => {
                    text.push_str(heading);
                    text.push('\n');
                    let cut = detail == Detail::Summary && items.len() > SUMMARY_LIMIT;
                    let shown = if cut { SUMMARY_ITEMS } else { items.len() };
                    for item in &items[..shown] {
                        text.push_str("  ");
                        text.push_str(item);
                        text.push('\n');
                    }
                    if cut {
                        text.push_str(&format!(
                            "  ... and {} more ({} in all; --explain full lists every one)\n",
                            items.len() - shown,
                            items.len()
                        ));
                    }
                }
            }
        }
        text
    }
}

/// The groups of `formula` to blame, for a person: a heading and an item
/// per group of a minimal conflict (labels said once), a sentence when the
/// frame alone (the clauses outside every group) has no solution, `None`
/// when nothing was found within `time` or the formula has a solution.
pub fn describe_conflict(
    formula: &Formula,
    groups: &[Group],
    time: Duration,
) -> Option<Explanation> {
    match minimal_conflict(formula, groups, time).ok()? {
        Conflict::Minimal(found) if !found.is_empty() => {
            let mut labels: Vec<String> = Vec::new();
            for &g in &found {
                let label = &groups[g].label;
                if !labels.contains(label) {
                    labels.push(label.clone());
                }
            }
            Some(Explanation::list(heading(labels.len()), labels))
        }
        Conflict::Minimal(_) => Some(Explanation::text(
            "the puzzle's frame has no solution by itself, whatever its clues",
        )),
        Conflict::Satisfiable | Conflict::Unknown => None,
    }
}

/// [`describe_conflict`] for the groups an encoder marked on its builder
/// ([`crate::builder::FormulaBuilder::group`]); `None` without groups.
pub fn describe_builder(builder: crate::builder::FormulaBuilder) -> Option<Explanation> {
    let groups = builder.groups();
    if groups.is_empty() {
        return None;
    }
    let formula = builder.finish();
    describe_conflict(&formula, &groups, EXPLAIN_TIME)
}

/// The line above the `count` parts of a minimal conflict.
pub fn heading(count: usize) -> String {
    format!(
        "these {} cannot all hold (without any one of them there is a solution):",
        if count == 1 {
            "1 part".to_string()
        } else {
            format!("{count} parts")
        }
    )
}

/// How long a decoder looks for the parts to blame when a puzzle has no
/// solution.
pub const EXPLAIN_TIME: Duration = Duration::from_secs(10);

/// Solves with the selectors of `groups` assumed: `Some(true)` when there
/// is no model, `Some(false)` when there is one, `None` at the deadline.
fn refuted(
    solver: &mut dyn Backend,
    selectors: &[Lit],
    groups: &[usize],
    deadline: Option<Instant>,
) -> Result<Option<bool>> {
    let assumptions: Vec<Lit> = groups.iter().map(|&g| selectors[g]).collect();
    Ok(match solver.solve_assuming(&assumptions, deadline)? {
        Outcome::Unsat => Some(true),
        Outcome::Sat(_) => Some(false),
        Outcome::Unknown => None,
    })
}

/// The groups among `groups` whose selectors are in the last core.
fn core_groups(
    solver: &mut dyn Backend,
    selectors: &[Lit],
    groups: &[usize],
) -> Result<Vec<usize>> {
    let core = solver.core()?;
    Ok(groups
        .iter()
        .copied()
        .filter(|&g| core.contains(&!selectors[g]) || core.contains(&selectors[g]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::FormulaBuilder;

    /// x; not x; y or z; not y; and an unrelated group: the first two
    /// conflict, whatever else is there.
    #[test]
    fn finds_the_two_contradicting_groups() {
        let mut b = FormulaBuilder::new("test", "test");
        let (x, y, z) = (b.named("x"), b.named("y"), b.named("z"));
        let mut groups = Vec::new();
        for (label, clause) in [
            ("y or z", vec![y, z]),
            ("x", vec![x]),
            ("not y", vec![!y]),
            ("not x", vec![!x]),
        ] {
            let start = b.num_clauses();
            b.clause(&clause);
            groups.push(Group {
                label: label.into(),
                clauses: start..b.num_clauses(),
            });
        }
        let formula = b.finish();
        let found = minimal_conflict(&formula, &groups, Duration::from_secs(10)).unwrap();
        if embedded::available().is_empty() {
            assert_eq!(found, Conflict::Unknown);
        } else {
            assert_eq!(found, Conflict::Minimal(vec![1, 3]));
        }
        // Without a group, "not x" always holds: "x" alone is to blame.
        let found = minimal_conflict(&formula, &groups[..3], Duration::from_secs(10)).unwrap();
        if !embedded::available().is_empty() {
            assert_eq!(found, Conflict::Minimal(vec![1]));
        }
        // Without "x" and "not x" there is a solution.
        let mut b = FormulaBuilder::new("test", "test");
        let (y, z) = (b.named("y"), b.named("z"));
        b.clause(&[y, z]);
        b.clause(&[!y]);
        let satisfiable = vec![
            Group {
                label: "y or z".into(),
                clauses: 0..1,
            },
            Group {
                label: "not y".into(),
                clauses: 1..2,
            },
        ];
        let found = minimal_conflict(&b.finish(), &satisfiable, Duration::from_secs(10)).unwrap();
        if !embedded::available().is_empty() {
            assert_eq!(found, Conflict::Satisfiable);
        }
    }

    /// Groups marked on the builder; the explanation names each blamed
    /// label once, and the frame outside every group is never blamed.
    #[test]
    fn builder_groups_are_described_by_their_labels() {
        let mut b = FormulaBuilder::new("test", "test");
        let (x, y) = (b.named("x"), b.named("y"));
        b.clause(&[x, y]);
        b.group("x");
        b.clause(&[x]);
        b.group("not x");
        b.clause(&[!x]);
        b.clause(&[!x, y]);
        b.group("empty");
        b.end_group();
        b.clause(&[y]);
        let groups = b.groups();
        let ranges: Vec<_> = groups.iter().map(|g| g.clauses.clone()).collect();
        assert_eq!(ranges, [1..2, 2..4]);
        let formula = b.finish();
        let text = describe_conflict(&formula, &groups, Duration::from_secs(10))
            .map(|e| e.render(Detail::Summary));
        if !embedded::available().is_empty() {
            assert_eq!(
                text.as_deref(),
                Some("these 2 parts cannot all hold (without any one of them there is a solution):\n  x\n  not x\n")
            );
        }
    }

    /// A long list is cut to its first items under the summary, whole
    /// under `full`, and gone under `none`; text paragraphs stay whole.
    #[test]
    fn summaries_cut_long_lists_and_full_keeps_every_item() {
        let items: Vec<String> = (1..=50).map(|i| format!("cell ({i},1)")).collect();
        let mut explanation = Explanation::text("first");
        explanation.push_list("no word covers these 50 cells:", items);
        explanation.push_list("short:", vec!["a".into(), "b".into()]);
        let summary = explanation.render(Detail::Summary);
        assert_eq!(
            summary.lines().count(),
            1 + 1 + SUMMARY_ITEMS + 1 + 3,
            "{summary}"
        );
        assert!(summary.contains("  cell (10,1)\n"), "{summary}");
        assert!(!summary.contains("cell (11,1)"), "{summary}");
        assert!(
            summary.contains("  ... and 40 more (50 in all; --explain full lists every one)\n"),
            "{summary}"
        );
        assert!(summary.ends_with("short:\n  a\n  b\n"), "{summary}");
        let full = explanation.render(Detail::Full);
        assert_eq!(full.lines().count(), 1 + 1 + 50 + 3, "{full}");
        assert!(full.contains("  cell (50,1)\n"), "{full}");
        assert_eq!(explanation.render(Detail::None), "");
        // A list at the limit is shown whole.
        let at_limit: Vec<String> = (0..SUMMARY_LIMIT).map(|i| i.to_string()).collect();
        let text = Explanation::list("h:", at_limit).render(Detail::Summary);
        assert_eq!(text.lines().count(), SUMMARY_LIMIT + 1, "{text}");
    }
}
