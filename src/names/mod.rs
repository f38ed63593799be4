//! The naming scheme for primary variables, shared by every family so that
//! `cnf-names` output reads the same everywhere.
//!
//! A name is a predicate with arguments, optionally followed by `=value`:
//! `edge(3,4)-(3,5)`, `cell(2,7)=5`, `queen(1,6)`. Names contain no
//! whitespace and cannot be mistaken for a literal in the readable form: they
//! do not start with `-`, are not a number, are not `_` followed by digits
//! (the spelling of unnamed auxiliaries) and are not `c`, `p` or `h`, which
//! begin comment, problem and WCNF hard-clause lines.
//!
//! A formula's header names its variables one by one (`c var 5 x`) or a
//! block at a time by a pattern ([`Block`], `c vars 17 cell(r,c)
//! r=1..20 c=1..30`); [`Names`] holds both and finds a variable by its
//! name.

use std::fmt::{Display, Write};

mod block;
mod table;
pub use block::{Block, Range};
pub use table::{NameIndex, Names};

/// Builds `predicate(a,b,...)` from a predicate and its arguments.
///
/// ```
/// assert_eq!(satpipe::names::call("cell", &[&2, &7]), "cell(2,7)");
/// ```
pub fn call(predicate: &str, args: &[&dyn Display]) -> String {
    let mut name = String::with_capacity(predicate.len() + 4 * args.len() + 2);
    name.push_str(predicate);
    name.push('(');
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            name.push(',');
        }
        // Writing into a String cannot fail.
        let _ = write!(name, "{arg}");
    }
    name.push(')');
    name
}

/// Builds `predicate(a,b,...)=value`, the name of a one-hot value variable.
///
/// ```
/// assert_eq!(satpipe::names::valued("cell", &[&2, &7], &5), "cell(2,7)=5");
/// ```
pub fn valued(predicate: &str, args: &[&dyn Display], value: &dyn Display) -> String {
    format!("{}={value}", call(predicate, args))
}

/// The readable spelling of an unnamed (auxiliary) variable: `_17`.
pub fn auxiliary(dimacs_var: u32) -> String {
    format!("_{dimacs_var}")
}

/// Parses the spelling of an unnamed variable (`_17`) to its DIMACS number.
pub fn parse_auxiliary(token: &str) -> Option<u32> {
    let digits = token.strip_prefix('_')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Checks that `name` can be used as a variable name; returns why not.
pub fn validate(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a variable name cannot be empty".into());
    }
    if name.chars().any(char::is_whitespace) {
        return Err(format!("variable name '{name}' contains whitespace"));
    }
    if name.starts_with('-') {
        return Err(format!(
            "variable name '{name}' starts with '-' (which means negation)"
        ));
    }
    if name.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("variable name '{name}' is a number"));
    }
    if parse_auxiliary(name).is_some() {
        return Err(format!(
            "variable name '{name}' is reserved for unnamed variables"
        ));
    }
    if matches!(name, "c" | "p" | "h") {
        return Err(format!(
            "variable name '{name}' is reserved (it starts comment, problem or hard-clause lines)"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_names() {
        assert_eq!(call("edge", &[&"3,4", &"3,5"]), "edge(3,4,3,5)");
        assert_eq!(valued("x", &[&1], &"a"), "x(1)=a");
        assert_eq!(auxiliary(17), "_17");
    }

    #[test]
    fn rejects_ambiguous_names() {
        for bad in ["", "a b", "-x", "17", "_17", "h", "c", "p"] {
            assert!(validate(bad).is_err(), "{bad:?} accepted");
        }
        for good in ["x", "_x", "_", "h1", "cell(1,2)=3", "edge(3,4)-(3,5)"] {
            assert!(validate(good).is_ok(), "{good:?} rejected");
        }
        assert_eq!(parse_auxiliary("_42"), Some(42));
        assert_eq!(parse_auxiliary("_4a"), None);
    }
}
