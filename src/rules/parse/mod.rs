//! The rule language (solv-o-matic's), read into a [`Puzzle`].
//!
//! ```text
//! file     := "layout" DATA  range+  ruleset+  ("initial" DATA)?
//! range    := "range" SET DATA
//! ruleset  := ("rule" RULE)+ DATA+
//! RULE     := sum ENTRY | prod ENTRY | product ENTRY | word PATH
//!           | permutation SET | subset SET | superset SET
//!           | in_order | in_reverse_order | distinct | visible N
//! SET      := ITEM+          ITEM := ENTRY (".." ENTRY)?
//! ENTRY    := a letter (a = -1 ... z = -26) | a number
//! DATA     := lines starting with '|' (a blank or '#' line ends a block)
//! ```
//!
//! `#` starts a comment outside `|` lines. The solv-o-matic behaviours
//! that are bugs are errors here, naming the line: a cell in two ranges or
//! in none, a value twice in one range, a rule pattern that matches the
//! layout nowhere, `*` in `initial`, and a permutation whose set does not
//! have one value per cell.

use super::layout::{Block, Entry, Layout};
use super::puzzle::{Constraint, Given, Puzzle, Rule, RuleDef, SequenceKey};
use super::words::load_word_lists;
pub use super::words::WordSource;
use super::Value;
use crate::error::{Error, Result};
use lex::{lex, Tok, Token};
use std::collections::{BTreeMap, BTreeSet};

mod lex;

/// The largest number of values a set may have.
const MAX_SET: usize = 100_000;

/// A single value token: one letter (negative) or a number.
fn entry_value(word: &str) -> Option<std::result::Result<Value, ()>> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Some(Ok(-((c.to_ascii_lowercase() as u8 - b'a' + 1) as Value)))
        }
        _ if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
            Some(word.parse::<Value>().map_err(|_| ()))
        }
        _ => None,
    }
}

/// The display form of a value: a number, or an upper-case letter.
pub fn show_value(value: Value) -> String {
    if (-26..0).contains(&value) {
        ((b'A' as i32 - 1 - value) as u8 as char).to_string()
    } else {
        value.to_string()
    }
}

/// Shows a set compactly, numbers first, then letters: `1..9`, `A E I`.
pub fn show_set(values: &[Value]) -> String {
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|&v| (v < 0, v.abs()));
    let next = |v: Value| if v < 0 { v - 1 } else { v + 1 };
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == next(sorted[j]) {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!(
                "{}..{}",
                show_value(sorted[i]),
                show_value(sorted[j])
            ));
        } else {
            parts.extend(sorted[i..=j].iter().map(|&v| show_value(v)));
        }
        i = j + 1;
    }
    parts.join(" ")
}

/// The token reader with the grammar on top.
struct Parser<'a> {
    source: &'a str,
    tokens: Vec<Token>,
    at: usize,
    last_line: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }

    fn line(&self) -> usize {
        self.tokens.get(self.at).map_or(self.last_line, |t| t.line)
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::parse(self.source, self.line(), message)
    }

    fn peek_keyword(&self, keyword: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(w)) if w == keyword)
    }

    fn describe_next(&self) -> String {
        match self.peek() {
            None => "the end of the file".into(),
            Some(Tok::Word(w)) => format!("'{w}'"),
            Some(Tok::Dots) => "'..'".into(),
            Some(Tok::Data(_)) => "a '|' block".into(),
        }
    }

    fn expect_keyword(&mut self, keyword: &str, context: &str) -> Result<usize> {
        if self.peek_keyword(keyword) {
            let line = self.line();
            self.at += 1;
            Ok(line)
        } else {
            Err(self.error(format!(
                "expected '{keyword}' {context}, found {}",
                self.describe_next()
            )))
        }
    }

    fn expect_block(&mut self, what: &str) -> Result<Block> {
        match self.peek() {
            Some(Tok::Data(block)) => {
                let block = block.clone();
                self.at += 1;
                Ok(block)
            }
            _ => Err(self.error(format!(
                "expected the '|' block of {what}, found {}",
                self.describe_next()
            ))),
        }
    }

    /// One value (a letter or a number).
    fn entry(&mut self) -> Result<Value> {
        match self.peek() {
            Some(Tok::Word(w)) => match entry_value(w) {
                Some(Ok(v)) => {
                    self.at += 1;
                    Ok(v)
                }
                Some(Err(())) => Err(self.error(format!("the number {w} is too large"))),
                None if w.chars().all(|c| c.is_ascii_alphabetic()) => Err(self.error(format!(
                    "'{w}' is not a value: letters are separated by spaces (a e i o u)"
                ))),
                None => Err(self.error(format!("'{w}' is not a value (a letter or a number)"))),
            },
            _ => Err(self.error(format!(
                "expected a value (a letter or a number), found {}",
                self.describe_next()
            ))),
        }
    }

    fn at_entry(&self) -> bool {
        matches!(self.peek(), Some(Tok::Word(w)) if entry_value(w).is_some())
    }

    /// A set: one or more values and ranges, duplicates kept.
    fn set(&mut self) -> Result<Vec<Value>> {
        let mut values = Vec::new();
        loop {
            let first = self.entry()?;
            if self.peek() == Some(&Tok::Dots) {
                self.at += 1;
                let last = self.entry()?;
                let (lo, hi) = (first.min(last), first.max(last));
                if (hi as i64 - lo as i64) as usize + values.len() >= MAX_SET {
                    return Err(self.error(format!("a set may have at most {MAX_SET} values")));
                }
                values.extend(lo..=hi);
            } else {
                values.push(first);
            }
            if !self.at_entry() {
                if let Some(Tok::Word(w)) = self.peek() {
                    if !KEYWORDS.contains(&w.as_str()) {
                        return Err(self.error(format!(
                            "'{w}' is not a value (letters are separated by spaces: a e i o u)"
                        )));
                    }
                }
                return Ok(values);
            }
        }
    }

    /// The rule after `rule`.
    fn rule(&mut self, lists: &mut Vec<String>) -> Result<RuleDef> {
        let line = self.line();
        let Some(Tok::Word(name)) = self.peek().cloned() else {
            return Err(self.error(format!(
                "expected a rule name after 'rule', found {}",
                self.describe_next()
            )));
        };
        self.at += 1;
        let (rule, argument) = match name.as_str() {
            "sum" => {
                let v = self.entry()?;
                (Rule::Sum(v as i64), show_value(v))
            }
            "prod" | "product" => {
                let v = self.entry()?;
                (Rule::Prod(v as i64), show_value(v))
            }
            "permutation" | "subset" | "superset" => {
                let set = self.set()?;
                let shown = show_set(&set);
                let rule = match name.as_str() {
                    "permutation" => Rule::Permutation(set),
                    "subset" => Rule::Subset(set),
                    _ => Rule::Superset(set),
                };
                (rule, shown)
            }
            "in_order" => (Rule::InOrder, String::new()),
            "in_reverse_order" => (Rule::InReverseOrder, String::new()),
            "distinct" => (Rule::Distinct, String::new()),
            "visible" => {
                let v = self.entry()?;
                if v < 0 {
                    return Err(self.error("'visible' counts cells: give a number"));
                }
                (Rule::Visible(v as usize), show_value(v))
            }
            "word" => match self.peek().cloned() {
                Some(Tok::Word(path)) if !KEYWORDS.contains(&path.as_str()) => {
                    self.at += 1;
                    let index = lists.iter().position(|p| *p == path).unwrap_or_else(|| {
                        lists.push(path.clone());
                        lists.len() - 1
                    });
                    (Rule::Word(index), path)
                }
                _ => {
                    return Err(self.error(format!(
                        "expected a word-list path after 'word', found {}",
                        self.describe_next()
                    )))
                }
            },
            other => {
                return Err(Error::parse(
                    self.source,
                    line,
                    format!(
                        "unknown rule '{other}' (sum, prod, permutation, subset, superset, \
                         in_order, in_reverse_order, word, distinct, visible)"
                    ),
                ))
            }
        };
        let text = if argument.is_empty() {
            name
        } else {
            format!("{name} {argument}")
        };
        Ok(RuleDef { rule, text, line })
    }
}

/// Words with a meaning of their own.
const KEYWORDS: &[&str] = &["layout", "range", "rule", "initial"];

/// A rule set as parsed: rule indices and pattern blocks.
struct RuleSet {
    rules: Vec<usize>,
    blocks: Vec<Block>,
}

/// Parses a puzzle; word lists come from `words`.
pub fn parse(source: &str, text: &str, words: WordSource<'_>) -> Result<Puzzle> {
    let normalised;
    let text = if text.contains("\r\n") {
        normalised = text.replace("\r\n", "\n");
        &normalised
    } else {
        text
    };
    let tokens = lex(source, text)?;
    let mut p = Parser {
        source,
        last_line: text.lines().count().max(1),
        tokens,
        at: 0,
    };
    p.expect_keyword("layout", "at the start of the puzzle")?;
    let layout = Layout::new(p.expect_block("the layout")?);
    if layout.cells.is_empty() {
        return Err(Error::parse(
            source,
            layout.block.first_line(),
            "the layout has no cells ('*')",
        ));
    }
    let mut domains: Vec<Option<Vec<Value>>> = vec![None; layout.cells.len()];
    let mut range_lines = vec![0; layout.cells.len()];
    p.expect_keyword("range", "after the layout")?;
    p.at -= 1;
    while p.peek_keyword("range") {
        let line = p.expect_keyword("range", "")?;
        let set = p.set()?;
        let mut seen = BTreeSet::new();
        for &v in &set {
            if !seen.insert(v) {
                return Err(Error::parse(
                    source,
                    line,
                    format!("the range lists {} twice", show_value(v)),
                ));
            }
        }
        let block = p.expect_block("the range")?;
        let entries = read_full(source, &layout, &block, "range")?;
        for (cell, entry) in entries {
            if entry != Entry::Star {
                return Err(Error::parse(
                    source,
                    block.line(layout.cells[cell].row),
                    "a range block marks its cells with '*' (or '.')",
                ));
            }
            if domains[cell].is_some() {
                return Err(Error::parse(
                    source,
                    block.line(layout.cells[cell].row),
                    format!(
                        "the cell at layout {} is already in the range of line {}",
                        layout.describe_cell(cell),
                        range_lines[cell]
                    ),
                ));
            }
            domains[cell] = Some(set.clone());
            range_lines[cell] = line;
        }
    }
    let mut domains_done = Vec::with_capacity(domains.len());
    for (cell, domain) in domains.into_iter().enumerate() {
        match domain {
            Some(d) => domains_done.push(d),
            None => {
                return Err(Error::parse(
                    source,
                    layout.cell_line(cell),
                    format!("the cell at {} is in no range", layout.describe_cell(cell)),
                ))
            }
        }
    }
    let mut rules = Vec::new();
    let mut sets = Vec::new();
    let mut list_paths = Vec::new();
    p.expect_keyword("rule", "after the ranges")?;
    p.at -= 1;
    while p.peek_keyword("rule") {
        let mut set = RuleSet {
            rules: Vec::new(),
            blocks: Vec::new(),
        };
        while p.peek_keyword("rule") {
            p.at += 1;
            set.rules.push(rules.len());
            rules.push(p.rule(&mut list_paths)?);
        }
        while let Some(Tok::Data(block)) = p.peek() {
            set.blocks.push(block.clone());
            p.at += 1;
        }
        if set.blocks.is_empty() {
            return Err(p.error(format!(
                "expected the '|' pattern block of the rules above, found {}",
                p.describe_next()
            )));
        }
        sets.push(set);
    }
    let mut initial = vec![None; layout.cells.len()];
    if p.peek_keyword("initial") {
        p.at += 1;
        let block = p.expect_block("initial")?;
        for (cell, entry) in read_full(source, &layout, &block, "initial")? {
            let line = block.line(layout.cells[cell].row);
            let value = match entry {
                Entry::Number(n) => n,
                Entry::Letter(k) => -(k as Value),
                Entry::Star | Entry::Blank => {
                    return Err(Error::parse(
                        source,
                        line,
                        "'*' in initial: give a value or '.'",
                    ))
                }
            };
            // A letter where the range holds only numbers (or the reverse)
            // is a typo, not a puzzle without solutions.
            let letter = value < 0;
            if !domains_done[cell].iter().any(|&v| (v < 0) == letter) {
                let (given, wanted) = if letter {
                    ("a letter", "numbers")
                } else {
                    ("a number", "letters")
                };
                return Err(Error::parse(
                    source,
                    line,
                    format!(
                        "initial gives the cell at {} {given}, {}, but its range {} (line {}) \
                         holds only {wanted}",
                        layout.describe_cell(cell),
                        show_value(value),
                        show_set(&domains_done[cell]),
                        range_lines[cell]
                    ),
                ));
            }
            initial[cell] = Some(Given { value, line });
        }
    }
    if p.peek().is_some() {
        return Err(p.error(format!(
            "unexpected {} (the order is layout, range, rule, initial)",
            p.describe_next()
        )));
    }
    let constraints = instances(source, &layout, &rules, &sets)?;
    let word_lists = load_word_lists(source, &rules, &constraints, &list_paths, words)?;
    Ok(Puzzle {
        source: source.to_string(),
        layout,
        domains: domains_done,
        range_lines,
        initial,
        rules,
        constraints,
        word_lists,
    })
}

/// Reads a range or initial block against the whole layout.
fn read_full(
    source: &str,
    layout: &Layout,
    block: &Block,
    what: &str,
) -> Result<Vec<(usize, Entry)>> {
    layout.read(block).map_err(|m| {
        Error::parse(
            source,
            block.line(m.block_line),
            format!("the {what} block does not match the layout: {}", m.reason),
        )
    })
}

/// Every rule instance of every rule set.
fn instances(
    source: &str,
    layout: &Layout,
    rules: &[RuleDef],
    sets: &[RuleSet],
) -> Result<Vec<Constraint>> {
    let mut constraints = Vec::new();
    for set in sets {
        for block in &set.blocks {
            let matches = layout.find_all(block);
            if matches.is_empty() {
                let why = layout
                    .read(block)
                    .err()
                    .map(|m| format!(" (at the top left: {})", m.reason))
                    .unwrap_or_default();
                return Err(Error::parse(
                    source,
                    block.first_line(),
                    format!("this pattern matches the layout nowhere{why}"),
                ));
            }
            for (n, entries) in matches.into_iter().enumerate() {
                let mut sequences: BTreeMap<SequenceKey, Vec<(i32, usize)>> = BTreeMap::new();
                for (cell, entry) in entries {
                    let (key, order) = match entry {
                        Entry::Letter(k) => (SequenceKey::Letter(k), 0),
                        Entry::Number(k) => (SequenceKey::Numbered, k),
                        Entry::Star => (SequenceKey::Star, 0),
                        Entry::Blank => continue,
                    };
                    sequences.entry(key).or_default().push((order, cell));
                }
                for (key, mut cells) in sequences {
                    cells.sort_by_key(|&(order, _)| order);
                    let cells: Vec<usize> = cells.into_iter().map(|(_, c)| c).collect();
                    for &rule in &set.rules {
                        if let Rule::Permutation(values) = &rules[rule].rule {
                            if values.len() != cells.len() {
                                return Err(Error::parse(
                                    source,
                                    block.first_line(),
                                    format!(
                                        "rule {} (line {}) needs {} cells, but sequence {key} of \
                                         this pattern has {}",
                                        rules[rule].text,
                                        rules[rule].line,
                                        values.len(),
                                        cells.len()
                                    ),
                                ));
                            }
                        }
                        constraints.push(Constraint {
                            rule,
                            block_line: block.first_line(),
                            instance: n + 1,
                            key,
                            cells: cells.clone(),
                        });
                    }
                }
            }
        }
    }
    Ok(constraints)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<Puzzle> {
        parse("t.txt", text, WordSource::Files(None))
    }

    fn error_of(text: &str) -> String {
        parse_text(text).expect_err("should fail").to_string()
    }

    const SMALL: &str =
        "layout\n| * * *\n\nrange 1..3\n| * * *\n\nrule permutation 1..3\n| * * *\n";

    #[test]
    fn a_small_puzzle_reads() {
        let p = parse_text(SMALL).expect("parses");
        assert_eq!(p.domains, vec![vec![1, 2, 3]; 3]);
        assert_eq!(p.constraints.len(), 1);
        assert_eq!(p.constraints[0].cells, vec![0, 1, 2]);
    }

    #[test]
    fn sets_mix_letters_ranges_and_reversed_ranges() {
        let p = parse_text(
            "layout\n| *\nrange b..2\n| *\nrule subset 9 .. 1 a A\n# c\n| *\ninitial\n| 1\n",
        )
        .expect("parses");
        assert_eq!(p.domains[0], vec![-2, -1, 0, 1, 2]);
        assert_eq!(
            p.rules[0].rule,
            Rule::Subset(vec![1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1])
        );
        assert_eq!(p.initial[0].map(|g| g.value), Some(1));
        let p = parse_text("layout\n| *\nrange 1\n| *\nrule product # c\n 4\n| *\n")
            .expect("product is prod");
        assert_eq!(p.rules[0].rule, Rule::Prod(4));
    }

    #[test]
    fn numbered_and_lettered_sequences() {
        let p = parse_text("layout\n| * * * *\nrange 1..4\n| * * * *\nrule in_order\n| 2 b 1 B\n")
            .expect("parses");
        let seqs: Vec<_> = p
            .constraints
            .iter()
            .map(|c| (c.key, c.cells.clone()))
            .collect();
        assert_eq!(
            seqs,
            vec![
                (SequenceKey::Letter(2), vec![1, 3]),
                (SequenceKey::Numbered, vec![2, 0])
            ]
        );
    }

    #[test]
    fn upstream_bugs_are_errors_with_lines() {
        assert!(
            error_of("layout\n| * *\nrange 1..2\n| * *\nrange 3\n| * .\nrule sum 3\n| * *\n")
                .contains(
                    "t.txt:6: the cell at layout line 2 column 3 is already in the range of line 3"
                )
        );
        assert!(
            error_of("layout\n| * *\nrange 1..2\n| * .\nrule sum 3\n| * *\n")
                .starts_with("t.txt:2: the cell at line 2 column 5 is in no range")
        );
        assert!(error_of("layout\n| *\nrange 1 2 1\n| *\nrule sum 3\n| *\n")
            .starts_with("t.txt:3: the range lists 1 twice"));
        assert!(
            error_of("layout\n| * *\nrange 1..2\n| * *\nrule sum 3\n| * * *\n")
                .starts_with("t.txt:6: this pattern matches the layout nowhere")
        );
        assert!(
            error_of("layout\n| * *\nrange 1..2\n| * *\nrule permutation 1..3\n| * *\n")
                .starts_with("t.txt:6: rule permutation 1..3 (line 5) needs 3 cells")
        );
    }

    #[test]
    fn syntax_errors_name_the_line() {
        assert!(error_of("Layout\n| *\n").starts_with("t.txt:1: expected 'layout'"));
        assert!(error_of("layout\n| *\nrange aeiou\n| *\n").starts_with("t.txt:3: 'aeiou'"));
        assert!(error_of(
            "layout\n| *\nrange 1\n| *\nrule sum 1\n| *\ninitial\n| 1\nrule sum 1\n| *\n"
        )
        .starts_with("t.txt:9: unexpected 'rule'"));
        assert!(error_of("layout\n| *\nrange 1\n| *\nrule total 1\n| *\n")
            .starts_with("t.txt:5: unknown rule 'total'"));
        assert!(error_of("layout\n| *\nrange 1\n|  *\n").contains("t.txt:4:"));
        assert!(error_of("layout\n| *\nrange 1\n| *\nrule sum 1\n").contains("t.txt:5:"));
        assert!(error_of("layout\n| *\nrange 99999999999\n| *\n").contains("too large"));
        assert!(
            error_of("layout\n| *\nrange 1\n| *\nrule word nowhere/words.txt\n| *\n")
                .starts_with("t.txt:5: cannot find the word list")
        );
    }

    #[test]
    fn values_show_as_numbers_and_capitals() {
        assert_eq!(show_value(-1), "A");
        assert_eq!(show_value(-26), "Z");
        assert_eq!(show_value(12), "12");
        assert_eq!(show_set(&[1, 2, 3, 4, -1, -5, -9]), "1..4 A E I");
        assert_eq!(show_set(&(-26..=-1).collect::<Vec<_>>()), "A..Z");
    }
}
