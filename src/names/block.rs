//! Blocks of variables named by one pattern: the header line
//!
//! ```text
//! c vars 17 edge(r,c,r,c+1) r=1..7 c=1..6
//! ```
//!
//! names the 42 variables 17, 18, ... `edge(1,1,1,2)`, `edge(1,2,1,3)`,
//! ..., `edge(7,6,7,7)`: the ranges are taken in order, the last one
//! varying fastest (row-major for `r` then `c`). A pattern is
//! `predicate(ARG,...)` with an optional `=VALUE`; each argument and the
//! value is a placeholder (a range's name, an integer range's name
//! optionally followed by `+K` or `-K`) or fixed text. A range is
//! `NAME=LO..HI` (integers) or `NAME=A,B,C` (a list of words, used once in
//! the pattern). Every range is used in the pattern, so every name of a
//! block is different, and a name is read back to its variable by
//! arithmetic ([`Block::index_of`]), without listing the names.

use std::fmt::{self, Write};

/// One argument (or the value) of a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    /// Fixed text.
    Text(String),
    /// The value of integer range `range`, plus `offset`.
    Int { range: usize, offset: i64 },
    /// The word of list range `range`.
    Word { range: usize },
}

/// The values a range takes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Values {
    /// `lo..=hi`.
    Int { lo: i64, hi: i64 },
    /// Words, in order.
    Words(Vec<String>),
}

impl Values {
    fn len(&self) -> u64 {
        match self {
            Values::Int { lo, hi } => (hi - lo + 1) as u64,
            Values::Words(words) => words.len() as u64,
        }
    }
}

/// A block of consecutive variables named by a pattern (`c vars`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The 0-based index of the first variable.
    first: u32,
    predicate: String,
    /// The arguments, then the value (if the pattern has `=VALUE`).
    parts: Vec<Part>,
    has_value: bool,
    /// Range names and values, in order (the last varies fastest).
    names: Vec<String>,
    values: Vec<Values>,
    /// How many variables one step of each range moves.
    strides: Vec<u32>,
    len: u32,
    /// For a pattern of integer arguments alone and no value, each
    /// argument as [`Block::index_of_ints`] reads it.
    int_args: Option<Vec<IntArg>>,
}

/// An integer argument of a pattern whose arguments all are integer
/// ranges: what it adds to a variable's offset.
#[derive(Debug, Clone, PartialEq, Eq)]
struct IntArg {
    /// Its smallest value: its range's lowest plus its offset.
    low: i64,
    /// How far above `low` it may go.
    span: i64,
    /// The stride of its range.
    stride: u32,
    /// When an earlier argument has the same range: that argument, and
    /// what this one's value must exceed it by (the offsets' difference).
    same_as: Option<(usize, i64)>,
}

/// A range of a block under construction: `("r", Range::Int(1, 7))`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Range {
    /// The integers `lo..=hi`.
    Int(i64, i64),
    /// These words.
    Words(Vec<String>),
}

/// The most ranges a block may have.
const MAX_RANGES: usize = 8;

/// Characters that may not occur in fixed text or words: they separate
/// the parts of a name.
fn separates(c: char) -> bool {
    matches!(c, '(' | ')' | ',' | '=') || c.is_whitespace()
}

fn valid_word(word: &str) -> bool {
    !word.is_empty() && !word.contains(separates)
}

fn valid_range_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// An integer as a name spells it (`-3`, `12`); `None` for any other
/// spelling (`+3`, `03`), so that every name has one spelling.
fn canonical_int(text: &str) -> Option<i64> {
    let n: i64 = text.parse().ok()?;
    let mut buffer = itoa::Buffer::new();
    (buffer.format(n) == text).then_some(n)
}

impl Block {
    /// A block of variables from `first` (0-based) named by `pattern`
    /// over `ranges`; the error says what is wrong with them.
    pub fn new(first: u32, pattern: &str, ranges: &[(&str, Range)]) -> Result<Block, String> {
        let names: Vec<String> = ranges.iter().map(|(n, _)| n.to_string()).collect();
        let values = ranges
            .iter()
            .map(|(name, range)| match range {
                Range::Int(lo, hi) if lo <= hi && hi.checked_sub(*lo).is_some() => {
                    Ok(Values::Int { lo: *lo, hi: *hi })
                }
                Range::Int(lo, hi) => Err(format!("the range {name}={lo}..{hi} is empty")),
                Range::Words(words) => Ok(Values::Words(words.clone())),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Block::build(first, pattern, names, values)
    }

    fn build(
        first: u32,
        pattern: &str,
        names: Vec<String>,
        values: Vec<Values>,
    ) -> Result<Block, String> {
        if names.len() > MAX_RANGES {
            return Err(format!("a block has at most {MAX_RANGES} ranges"));
        }
        for (i, name) in names.iter().enumerate() {
            if !valid_range_name(name) {
                return Err(format!(
                    "'{name}' is no range name (a letter, then letters, digits or _)"
                ));
            }
            if names[..i].contains(name) {
                return Err(format!("the range {name} is given twice"));
            }
            if let Values::Words(words) = &values[i] {
                if words.is_empty() || !words.iter().all(|w| valid_word(w)) {
                    return Err(format!(
                        "the range {name} needs words without spaces, parentheses, commas or ="
                    ));
                }
                for (j, word) in words.iter().enumerate() {
                    if words[..j].contains(word) {
                        return Err(format!("the range {name} lists '{word}' twice"));
                    }
                }
            }
        }
        let (head, value) = match pattern.split_once(")=") {
            Some((head, value)) => (head, Some(value)),
            None => (
                pattern.strip_suffix(')').ok_or_else(|| {
                    format!("the pattern '{pattern}' is not 'name(ARGS)' or 'name(ARGS)=VALUE'")
                })?,
                None,
            ),
        };
        let (predicate, args) = head
            .split_once('(')
            .ok_or_else(|| format!("the pattern '{pattern}' has no '('"))?;
        if !valid_word(predicate) || predicate.starts_with('-') {
            return Err(format!(
                "the pattern '{pattern}' needs a name before '(' (not starting with '-')"
            ));
        }
        let mut used = vec![0usize; names.len()];
        let mut parts = Vec::new();
        for text in args.split(',').chain(value) {
            let part = Block::part(text, &names, &values).ok_or_else(|| {
                format!("'{text}' in the pattern '{pattern}' is neither text nor a range")
            })?;
            match part {
                Part::Int { range, .. } | Part::Word { range } => used[range] += 1,
                Part::Text(_) => {}
            }
            parts.push(part);
        }
        for (i, name) in names.iter().enumerate() {
            match (&values[i], used[i]) {
                (_, 0) => {
                    return Err(format!(
                        "the range {name} is not used in the pattern '{pattern}'"
                    ))
                }
                (Values::Words(_), n) if n > 1 => {
                    return Err(format!("the word range {name} is used more than once"))
                }
                _ => {}
            }
        }
        let mut strides = vec![0u32; names.len()];
        let mut len: u64 = 1;
        for i in (0..names.len()).rev() {
            strides[i] = len as u32;
            len = len.saturating_mul(values[i].len());
            if len > u64::from(crate::literal::MAX_DIMACS_VAR) {
                return Err("the block has more variables than DIMACS allows".into());
            }
        }
        if u64::from(first) + len > u64::from(crate::literal::MAX_DIMACS_VAR) {
            return Err("the block ends beyond the largest DIMACS variable".into());
        }
        let int_args = if value.is_some() {
            None
        } else {
            Self::int_args(&parts, &values, &strides)
        };
        Ok(Block {
            first,
            predicate: predicate.to_string(),
            parts,
            has_value: value.is_some(),
            names,
            values,
            strides,
            len: len as u32,
            int_args,
        })
    }

    /// The arguments as [`IntArg`]s, if all are integer ranges.
    fn int_args(parts: &[Part], values: &[Values], strides: &[u32]) -> Option<Vec<IntArg>> {
        let mut args: Vec<IntArg> = Vec::with_capacity(parts.len());
        let mut first_of_range: [Option<(usize, i64)>; MAX_RANGES] = [None; MAX_RANGES];
        for (i, part) in parts.iter().enumerate() {
            let &Part::Int { range, offset } = part else {
                return None;
            };
            let Values::Int { lo, hi } = values[range] else {
                return None;
            };
            let same_as = first_of_range[range].map(|(j, earlier)| (j, offset - earlier));
            if same_as.is_none() {
                first_of_range[range] = Some((i, offset));
            }
            args.push(IntArg {
                low: lo.checked_add(offset)?,
                span: hi - lo,
                stride: strides[range],
                same_as,
            });
        }
        Some(args)
    }

    /// One argument: a range name, with an offset for an integer range
    /// (`c+1`), or fixed text.
    fn part(text: &str, names: &[String], values: &[Values]) -> Option<Part> {
        let range_named = |name: &str| names.iter().position(|n| n == name);
        if let Some(range) = range_named(text) {
            return Some(match values[range] {
                Values::Int { .. } => Part::Int { range, offset: 0 },
                Values::Words(_) => Part::Word { range },
            });
        }
        if let Some(at) = text.rfind(['+', '-']).filter(|&at| at > 0) {
            let digits = &text[at + 1..];
            let range = range_named(&text[..at]);
            if let (Some(range), Some(step)) = (range, canonical_int(digits).filter(|&n| n > 0)) {
                if matches!(values[range], Values::Int { .. }) {
                    let offset = if text.as_bytes()[at] == b'-' {
                        -step
                    } else {
                        step
                    };
                    return Some(Part::Int { range, offset });
                }
            }
        }
        valid_word(text).then(|| Part::Text(text.to_string()))
    }

    /// Reads the rest of a `c vars` line: `FIRST PATTERN RANGE...`.
    pub fn parse(rest: &str) -> Result<Block, String> {
        let usage = "a 'c vars' line is 'c vars FIRST PATTERN NAME=LO..HI ...'";
        let mut tokens = rest.split_whitespace();
        let (Some(first), Some(pattern)) = (tokens.next(), tokens.next()) else {
            return Err(usage.into());
        };
        let first: u32 = first
            .parse()
            .ok()
            .filter(|n| (1..=crate::literal::MAX_DIMACS_VAR).contains(n))
            .ok_or_else(|| format!("'{first}' is no variable number"))?;
        let mut names = Vec::new();
        let mut values = Vec::new();
        for token in tokens {
            let (name, spec) = token
                .split_once('=')
                .ok_or_else(|| format!("the range '{token}' is not NAME=LO..HI or NAME=A,B"))?;
            let range = match spec.split_once("..") {
                Some((lo, hi)) => {
                    let int = |t: &str| {
                        canonical_int(t).ok_or_else(|| format!("'{t}' in '{token}' is no integer"))
                    };
                    let (lo, hi) = (int(lo)?, int(hi)?);
                    if lo > hi || hi.checked_sub(lo).is_none() {
                        return Err(format!("the range '{token}' is empty"));
                    }
                    Values::Int { lo, hi }
                }
                None => Values::Words(spec.split(',').map(str::to_string).collect()),
            };
            names.push(name.to_string());
            values.push(range);
        }
        if names.is_empty() {
            return Err(usage.into());
        }
        Block::build(first - 1, pattern, names, values)
    }

    /// The 0-based index of the first variable.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The number of variables.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Always false: a block has at least one variable.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The number of variables that share the first range's value: a
    /// row of the block (a row of the grid for `cell(r,c)`, with all its
    /// colours for `cell(r,c)=k`), which the other ranges tell apart.
    pub fn row_len(&self) -> u32 {
        self.strides.first().copied().unwrap_or(1).max(1)
    }

    /// The text before `(` of every name of the block.
    pub fn predicate(&self) -> &str {
        &self.predicate
    }

    /// Whether 0-based variable index `var` is in the block.
    pub fn contains(&self, var: u32) -> bool {
        var >= self.first && var - self.first < self.len
    }

    /// The value index of every range for the variable `offset` places
    /// after the first.
    fn digits(&self, offset: u32) -> [u32; MAX_RANGES] {
        let mut digits = [0; MAX_RANGES];
        for (digit, (&stride, values)) in
            digits.iter_mut().zip(self.strides.iter().zip(&self.values))
        {
            *digit = (offset / stride) % values.len() as u32;
        }
        digits
    }

    fn push_part(&self, name: &mut String, part: &Part, digits: &[u32]) {
        match part {
            Part::Text(text) => name.push_str(text),
            Part::Int { range, offset } => {
                if let Values::Int { lo, .. } = self.values[*range] {
                    let mut buffer = itoa::Buffer::new();
                    name.push_str(buffer.format(lo + i64::from(digits[*range]) + offset));
                }
            }
            Part::Word { range } => {
                if let Values::Words(words) = &self.values[*range] {
                    name.push_str(&words[digits[*range] as usize]);
                }
            }
        }
    }

    /// The number of arguments (the parts before the value).
    fn arity(&self) -> usize {
        self.parts.len() - usize::from(self.has_value)
    }

    /// The name of the variable `offset` places after the first.
    pub fn name(&self, offset: u32) -> String {
        let digits = self.digits(offset);
        let mut name = String::with_capacity(self.predicate.len() + 5 * self.parts.len() + 2);
        name.push_str(&self.predicate);
        name.push('(');
        let arity = self.arity();
        for (i, part) in self.parts[..arity].iter().enumerate() {
            if i > 0 {
                name.push(',');
            }
            self.push_part(&mut name, part, &digits);
        }
        name.push(')');
        if self.has_value {
            name.push('=');
            self.push_part(&mut name, &self.parts[arity], &digits);
        }
        name
    }

    /// The offset (from the first variable) of the variable called
    /// `name`, if the block has one.
    pub fn index_of(&self, name: &str) -> Option<u32> {
        let rest = name
            .strip_prefix(self.predicate.as_str())?
            .strip_prefix('(')?;
        let (args, value) = rest.split_once(')')?;
        let value = match (value.strip_prefix('='), self.has_value) {
            (Some(value), true) => Some(value),
            (None, false) if value.is_empty() => None,
            _ => return None,
        };
        let mut digits = [None; MAX_RANGES];
        let mut count = 0;
        for (part, text) in self.parts.iter().zip(args.split(',').chain(value)) {
            count += 1;
            let (range, digit) = match part {
                Part::Text(fixed) if fixed == text => continue,
                Part::Text(_) => return None,
                Part::Int { range, offset } => {
                    let Values::Int { lo, hi } = self.values[*range] else {
                        return None;
                    };
                    let n = canonical_int(text)?.checked_sub(*offset)?;
                    if n < lo || n > hi {
                        return None;
                    }
                    (*range, (n - lo) as u32)
                }
                Part::Word { range } => {
                    let Values::Words(words) = &self.values[*range] else {
                        return None;
                    };
                    (*range, words.iter().position(|w| w == text)? as u32)
                }
            };
            match digits[range] {
                Some(seen) if seen != digit => return None,
                _ => digits[range] = Some(digit),
            }
        }
        if count != self.parts.len() || args.split(',').count() != self.arity() {
            return None;
        }
        digits
            .iter()
            .zip(&self.strides)
            .try_fold(0u32, |index, (digit, stride)| {
                Some(index + (*digit)? * stride)
            })
    }

    /// The offset of the variable `predicate(args...)` with integer
    /// arguments and no value, as [`Block::index_of`] would find it from
    /// the spelled-out name, but without spelling it.
    pub fn index_of_ints(&self, predicate: &str, args: &[i64]) -> Option<u32> {
        if self.has_value || predicate != self.predicate || args.len() != self.parts.len() {
            return None;
        }
        if let Some(int_args) = &self.int_args {
            let mut index = 0u32;
            for (&arg, int) in args.iter().zip(int_args) {
                let above = arg.checked_sub(int.low)?;
                if !(0..=int.span).contains(&above) {
                    return None;
                }
                match int.same_as {
                    Some((j, difference)) => {
                        if arg.checked_sub(args[j]) != Some(difference) {
                            return None;
                        }
                    }
                    None => index += above as u32 * int.stride,
                }
            }
            return Some(index);
        }
        let mut index = 0u32;
        let mut digits = [None; MAX_RANGES];
        for (part, &arg) in self.parts.iter().zip(args) {
            match part {
                Part::Text(text) => {
                    if canonical_int(text) != Some(arg) {
                        return None;
                    }
                }
                Part::Int { range, offset } => {
                    let Values::Int { lo, hi } = self.values[*range] else {
                        return None;
                    };
                    let n = arg.checked_sub(*offset)?;
                    if n < lo || n > hi {
                        return None;
                    }
                    let digit = (n - lo) as u32;
                    match digits[*range] {
                        Some(seen) if seen != digit => return None,
                        Some(_) => {}
                        None => {
                            digits[*range] = Some(digit);
                            index += digit * self.strides[*range];
                        }
                    }
                }
                Part::Word { .. } => return None,
            }
        }
        Some(index)
    }

    /// Whether some name of this block is also a name of `other`. Exact:
    /// the arguments of the two patterns are matched position by
    /// position, integer ranges with offsets as equations between them.
    /// A word that spells an integer, met by an integer range, counts as
    /// a possible clash.
    pub fn may_share_names(&self, other: &Block) -> bool {
        if self.predicate != other.predicate
            || self.has_value != other.has_value
            || self.parts.len() != other.parts.len()
        {
            return false;
        }
        // Integer ranges of both blocks (other's after self's), each
        // with its bounds; `links` are the equations x + a = y + b.
        let own = self.values.len();
        let bounds: Vec<Option<(i64, i64)>> = self
            .values
            .iter()
            .chain(&other.values)
            .map(|v| match v {
                Values::Int { lo, hi } => Some((*lo, *hi)),
                Values::Words(_) => None,
            })
            .collect();
        let mut parent: Vec<usize> = (0..bounds.len()).collect();
        // Value of a range = value of its root + `shift`.
        let mut shift = vec![0i64; bounds.len()];
        let mut pinned: Vec<Option<i64>> = vec![None; bounds.len()];
        fn find(parent: &mut [usize], shift: &mut [i64], x: usize) -> usize {
            if parent[x] == x {
                return x;
            }
            let root = find(parent, shift, parent[x]);
            shift[x] += shift[parent[x]];
            parent[x] = root;
            root
        }
        let words = |block: &Block, range: usize| match &block.values[range] {
            Values::Words(words) => words.clone(),
            Values::Int { .. } => Vec::new(),
        };
        for (a, b) in self.parts.iter().zip(&other.parts) {
            let b = match b {
                Part::Int { range, offset } => Part::Int {
                    range: range + own,
                    offset: *offset,
                },
                Part::Word { range } => Part::Word { range: range + own },
                text => text.clone(),
            };
            match (a, &b) {
                (Part::Text(x), Part::Text(y)) if x != y => return false,
                (Part::Text(_), Part::Text(_)) => {}
                (Part::Text(t), Part::Word { range }) | (Part::Word { range }, Part::Text(t)) => {
                    let list = if *range >= own {
                        words(other, range - own)
                    } else {
                        words(self, *range)
                    };
                    if !list.contains(t) {
                        return false;
                    }
                }
                (Part::Word { range: x }, Part::Word { range: y }) => {
                    let (x, y) = (words(self, *x), words(other, y - own));
                    if !x.iter().any(|w| y.contains(w)) {
                        return false;
                    }
                }
                (Part::Text(t), Part::Int { range, offset })
                | (Part::Int { range, offset }, Part::Text(t)) => {
                    let Some(n) = canonical_int(t).and_then(|n| n.checked_sub(*offset)) else {
                        return false;
                    };
                    let root = find(&mut parent, &mut shift, *range);
                    let at_root = n - shift[*range];
                    match pinned[root] {
                        Some(p) if p != at_root => return false,
                        _ => pinned[root] = Some(at_root),
                    }
                }
                (Part::Int { .. }, Part::Word { .. }) | (Part::Word { .. }, Part::Int { .. }) => {
                    // Conservative: a clash unless no word spells an integer.
                    let ((Part::Word { range }, _) | (_, Part::Word { range })) = (a, &b) else {
                        continue;
                    };
                    let list = if *range >= own {
                        words(other, range - own)
                    } else {
                        words(self, *range)
                    };
                    if !list.iter().any(|w| canonical_int(w).is_some()) {
                        return false;
                    }
                }
                (
                    Part::Int {
                        range: x,
                        offset: a,
                    },
                    Part::Int {
                        range: y,
                        offset: b,
                    },
                ) => {
                    // value(x) + a = value(y) + b
                    let (rx, ry) = (
                        find(&mut parent, &mut shift, *x),
                        find(&mut parent, &mut shift, *y),
                    );
                    // value(x) = root_x + shift[x], value(y) = root_y + shift[y]
                    let gap = shift[*y] + b - shift[*x] - a; // root_x - root_y
                    if rx == ry {
                        if gap != 0 {
                            return false;
                        }
                        continue;
                    }
                    // Hang root_x below root_y: root_x = root_y + gap.
                    parent[rx] = ry;
                    shift[rx] = gap;
                    if let Some(p) = pinned[rx] {
                        let at_root = p - gap;
                        match pinned[ry] {
                            Some(q) if q != at_root => return false,
                            _ => pinned[ry] = Some(at_root),
                        }
                    }
                }
            }
        }
        // Each group of linked ranges needs one root value that puts every
        // member within its bounds (and on its pin).
        let mut window: Vec<(i64, i64)> = vec![(i64::MIN, i64::MAX); bounds.len()];
        for x in 0..bounds.len() {
            let Some((lo, hi)) = bounds[x] else { continue };
            let root = find(&mut parent, &mut shift, x);
            let w = &mut window[root];
            w.0 = w.0.max(lo.saturating_sub(shift[x]));
            w.1 = w.1.min(hi.saturating_sub(shift[x]));
        }
        (0..bounds.len()).all(|x| {
            let (lo, hi) = window[x];
            parent[x] != x || (lo <= hi && pinned[x].is_none_or(|p| lo <= p && p <= hi))
        })
    }
}

impl fmt::Display for Block {
    /// The `c vars` line without `c vars `: `FIRST PATTERN RANGE...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}(", self.first + 1, self.predicate)?;
        let arity = self.arity();
        let spell = |part: &Part| match part {
            Part::Text(text) => text.clone(),
            Part::Int { range, offset } if *offset > 0 => {
                format!("{}+{offset}", self.names[*range])
            }
            Part::Int { range, offset } if *offset < 0 => format!("{}{offset}", self.names[*range]),
            Part::Int { range, .. } | Part::Word { range } => self.names[*range].clone(),
        };
        for (i, part) in self.parts[..arity].iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            f.write_str(&spell(part))?;
        }
        f.write_char(')')?;
        if self.has_value {
            write!(f, "={}", spell(&self.parts[arity]))?;
        }
        for (name, values) in self.names.iter().zip(&self.values) {
            match values {
                Values::Int { lo, hi } => write!(f, " {name}={lo}..{hi}")?,
                Values::Words(words) => write!(f, " {name}={}", words.join(","))?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
