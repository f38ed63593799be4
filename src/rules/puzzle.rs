//! A puzzle in the rule language as the parser reads it: the layout, each
//! cell's range, the rules and their instances over sequences of cells, the
//! given values and the word lists.

use super::layout::Layout;
use super::words::WordList;
use super::Value;

/// What a rule demands of each of its sequences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// The values add up to the target.
    Sum(i64),
    /// The values multiply to the target.
    Prod(i64),
    /// The values are the multiset, in some order.
    Permutation(Vec<Value>),
    /// Each value occurs at most as often as in the multiset; values
    /// outside it are forbidden.
    Subset(Vec<Value>),
    /// Each value of the multiset occurs at least as often.
    Superset(Vec<Value>),
    /// `|v1| <= |v2| <= ...`.
    InOrder,
    /// `|v1| >= |v2| >= ...`.
    InReverseOrder,
    /// The letters spell a word of the list (index into
    /// [`Puzzle::word_lists`]).
    Word(usize),
    /// No value occurs twice.
    Distinct,
    /// Exactly this many cells are higher (by absolute value) than every
    /// cell before them: skyscrapers seen from the sequence's start.
    Visible(usize),
}

/// A rule as written, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDef {
    /// What it demands.
    pub rule: Rule,
    /// The rule as written after `rule`, e.g. `sum 34`.
    pub text: String,
    /// Its 1-based line.
    pub line: usize,
}

/// Which sequence of a pattern match: a letter's cells, the numbered
/// cells, or the `*` cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SequenceKey {
    /// The cells marked with one letter (1 = a), in text order.
    Letter(u8),
    /// The numbered cells, ordered by their numbers.
    Numbered,
    /// The `*` cells, in text order.
    Star,
}

impl std::fmt::Display for SequenceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SequenceKey::Letter(k) => write!(f, "'{}'", (b'a' + k - 1) as char),
            SequenceKey::Numbered => write!(f, "numbered"),
            SequenceKey::Star => write!(f, "'*'"),
        }
    }
}

/// One rule applied to one sequence of cells: a rule instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    /// Index into [`Puzzle::rules`].
    pub rule: usize,
    /// File line of the pattern block.
    pub block_line: usize,
    /// Which match of the pattern (1-based, in layout order).
    pub instance: usize,
    /// Which sequence of the match.
    pub key: SequenceKey,
    /// The cells, in sequence order.
    pub cells: Vec<usize>,
}

/// A given value of `initial`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Given {
    /// The value.
    pub value: Value,
    /// Its file line.
    pub line: usize,
}

/// A parsed puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The name of the file it was read from (`<stdin>` for standard
    /// input), for messages.
    pub source: String,
    /// The layout and its cells.
    pub layout: Layout,
    /// The possible values of each cell, as written in its range.
    pub domains: Vec<Vec<Value>>,
    /// The file line of each cell's range.
    pub range_lines: Vec<usize>,
    /// The given value of each cell, if any.
    pub initial: Vec<Option<Given>>,
    /// The rules as written.
    pub rules: Vec<RuleDef>,
    /// Every rule instance.
    pub constraints: Vec<Constraint>,
    /// The word lists of `word` rules.
    pub word_lists: Vec<WordList>,
}

impl Puzzle {
    /// A rule instance for a person: "rule sum 34 (line 23), pattern at
    /// line 27 match 2 sequence 'b'".
    pub fn describe_instance(&self, constraint: &Constraint) -> String {
        let rule = &self.rules[constraint.rule];
        format!(
            "rule {} (line {}), pattern at line {} match {} sequence {}",
            rule.text, rule.line, constraint.block_line, constraint.instance, constraint.key
        )
    }
}
