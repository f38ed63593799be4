//! Variables whose value the encoder decided: the header's `c fixed`
//! lines.
//!
//! ```text
//! c fixed 17 0110..1
//! ```
//!
//! gives variables 17, 18, ... the values of its characters: `0` false,
//! `1` true, `.` not fixed (17 false, 18 and 19 true, 20 false, 23 true).
//! A fixed variable occurs in no clause of the formula (the encoder took
//! it out of them, [`super::simplify`]), so any model of the clauses, with
//! the fixed values, is a model of the formula the encoder built; `solve`
//! leaves fixed variables out of its models, and a decoder takes their
//! values from the header.

use rustsat::types::Var;

/// The longest `c fixed` line's run of values.
const LINE_VALUES: usize = 100;

/// A stretch of `.` at least this long starts a new `c fixed` line.
const GAP: usize = 24;

/// Decided variables and their values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fixed {
    /// By variable index: `None` when not fixed.
    values: Vec<Option<bool>>,
    count: usize,
}

impl Fixed {
    /// No variable fixed.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `var`, if it is fixed.
    pub fn get(&self, var: Var) -> Option<bool> {
        self.values.get(var.idx()).copied().flatten()
    }

    /// Fixes `var` to `value`; an error when it is fixed already.
    pub fn set(&mut self, var: Var, value: bool) -> Result<(), String> {
        if self.get(var).is_some() {
            return Err(format!("variable {} is fixed twice", var.to_ipasir()));
        }
        self.make_room(var.idx())?;
        self.values[var.idx()] = Some(value);
        self.count += 1;
        Ok(())
    }

    /// Makes room for variable index `index`. The values are dense, so a
    /// hostile `c fixed 2000000000 1` must not take gigabytes: the fixed
    /// variables may not be much sparser than the values given so far.
    fn make_room(&mut self, index: usize) -> Result<(), String> {
        if self.values.len() > index {
            return Ok(());
        }
        if index > (1 << 20).max(16 * (self.count + 1)) {
            return Err(format!(
                "'c fixed' jumps to variable {} after fixing only {}; fix variables \
                 in order, densely",
                index + 1,
                self.count
            ));
        }
        self.values.resize(index + 1, None);
        Ok(())
    }

    /// The number of fixed variables.
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when no variable is fixed.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The largest fixed variable.
    pub fn max_var(&self) -> Option<Var> {
        self.values
            .iter()
            .rposition(Option::is_some)
            .map(|i| Var::new(i as u32))
    }

    /// Every fixed variable with its value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Var, bool)> + '_ {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|value| (Var::new(i as u32), value)))
    }

    /// Sets the fixed variables in `values` (index 0 is variable 1),
    /// growing it as needed.
    pub fn apply(&self, values: &mut Vec<bool>) {
        if self.count == 0 {
            return;
        }
        if values.len() < self.values.len() {
            values.resize(self.values.len(), false);
        }
        for (slot, fixed) in values.iter_mut().zip(&self.values) {
            if let Some(value) = fixed {
                *slot = *value;
            }
        }
    }

    /// Reads the rest of a `c fixed` line: `FIRST VALUES`.
    pub fn absorb(&mut self, rest: &str) -> Result<(), String> {
        let usage = || "a 'c fixed' line is 'c fixed FIRST VALUES' (VALUES of 0, 1 and .)".into();
        // The values are not split off as a token: whitespace among them
        // is found by the loop that reads them (they are most of the line).
        let Some((first, text)) = rest
            .trim_ascii()
            .split_once(|c: char| c.is_ascii_whitespace())
        else {
            return Err(usage());
        };
        let text = text.trim_ascii_start();
        let first: u32 = first
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("'{first}' is no variable number"))?;
        let last = u64::from(first) + text.len() as u64 - 1;
        if last > u64::from(crate::literal::MAX_DIMACS_VAR) {
            return Err(format!("'c fixed' reaches variable {last}, beyond DIMACS"));
        }
        let start = (first - 1) as usize;
        let bytes = text.as_bytes();
        let Some(last_value) = bytes.iter().rposition(|&b| b != b'.') else {
            return Ok(());
        };
        self.make_room(start + last_value)?;
        let slots = &mut self.values[start..=start + last_value];
        for (i, (slot, &byte)) in slots.iter_mut().zip(&bytes[..=last_value]).enumerate() {
            let value = match byte {
                b'0' => false,
                b'1' => true,
                b'.' => continue,
                _ if byte.is_ascii_whitespace() => return Err(usage()),
                _ => {
                    return Err(format!(
                        "'c fixed' values are 0, 1 and . (not fixed), not '{}'",
                        char::from(byte)
                    ))
                }
            };
            if slot.is_some() {
                return Err(format!("variable {} is fixed twice", start + i + 1));
            }
            *slot = Some(value);
            self.count += 1;
        }
        Ok(())
    }

    /// The `c fixed` lines that [`Fixed::absorb`] reads back. `row`
    /// says where a line had better end: for a variable, the variable
    /// after the last of its row (in a block of names, whose last range
    /// makes the rows), if it has one; else a line holds up to 100
    /// values.
    pub fn to_comment_lines(&self, row: impl Fn(Var) -> Option<usize>) -> Vec<String> {
        let mut lines = Vec::new();
        let mut v = 0;
        let n = self.values.len();
        while v < n {
            if self.values[v].is_none() {
                v += 1;
                continue;
            }
            // A line from `v`: to the end of its row, or up to LINE_VALUES
            // values, ended early by a long stretch of unfixed variables.
            let stop = row(Var::new(v as u32))
                .filter(|&end| end > v && end - v <= 4 * LINE_VALUES)
                .unwrap_or(v + LINE_VALUES);
            let mut text = String::with_capacity(stop - v);
            let mut end = v;
            let mut gap = 0;
            while end < n && end < stop && gap < GAP {
                match self.values[end] {
                    Some(value) => {
                        gap = 0;
                        text.push(if value { '1' } else { '0' });
                    }
                    None => {
                        gap += 1;
                        text.push('.');
                    }
                }
                end += 1;
            }
            let kept = text.trim_end_matches('.').len();
            text.truncate(kept);
            lines.push(format!("c fixed {} {text}", v + 1));
            v += kept;
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_back_to_the_same_values() {
        let mut fixed = Fixed::new();
        let set: Vec<(u32, bool)> = (0..400u32)
            .filter(|v| v % 7 != 3 && !(100..150).contains(v))
            .map(|v| (v, v % 3 == 0))
            .collect();
        for &(v, value) in &set {
            fixed.set(Var::new(v), value).expect("new");
        }
        let lines = fixed.to_comment_lines(|_| None);
        assert!(
            lines.iter().all(|l| l.len() <= 12 + LINE_VALUES),
            "{lines:?}"
        );
        let rows = fixed.to_comment_lines(|v| Some((v.idx() / 20 + 1) * 20));
        assert!(rows.iter().all(|l| l.len() <= 12 + 20), "{rows:?}");
        assert!(lines.iter().all(|l| !l.ends_with('.')), "{lines:?}");
        let mut back = Fixed::new();
        for line in &lines {
            back.absorb(line.strip_prefix("c fixed ").expect("prefix"))
                .expect("own line");
        }
        assert_eq!(back, fixed);
        assert_eq!(back.len(), set.len());
        let mut by_rows = Fixed::new();
        for line in &rows {
            by_rows
                .absorb(line.strip_prefix("c fixed ").expect("prefix"))
                .expect("own line");
        }
        assert_eq!(by_rows, fixed);
        // 10 is not fixed and keeps its value; 6 is fixed true, 1 false.
        let mut values = vec![true; 11];
        back.apply(&mut values);
        assert_eq!(values.len(), 400);
        assert!(values[0] && !values[1] && values[6] && values[10]);
    }

    #[test]
    fn bad_lines_are_refused() {
        for bad in [
            "1",
            "0 01",
            "x 01",
            "1 012",
            "1 01 1",
            "1 01 .",
            "1 0\t1",
            "4294967295 011",
            "2000000000 1",
        ] {
            assert!(Fixed::new().absorb(bad).is_err(), "{bad}");
        }
        let mut twice = Fixed::new();
        twice.absorb("3 1.0").expect("first");
        assert!(twice.absorb("5 1").is_err());
        assert!(twice.absorb("4 1").is_ok());
    }
}
