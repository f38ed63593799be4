//! DIMACS variables and literals as text: the largest variable number
//! every reader accepts and the parser of one literal. The formula's
//! header ([`crate::cnf`]), the DIMACS reader ([`crate::dimacs`]) and the
//! model stream ([`crate::model`]) all read them, so they live below all
//! three and the modules depend one way: `literal` <- `cnf` <- `dimacs`
//! <- `model`.

use rustsat::types::{Lit, Var};

/// The largest DIMACS variable number: 2^31 - 1, the range of a C `int`
/// literal as solvers read it (and what rustsat can represent).
pub const MAX_DIMACS_VAR: u32 = Var::MAX_IDX;

/// Parses one DIMACS literal of a model; `None` for the terminating `0`.
pub fn parse_literal(token: &str) -> Result<Option<Lit>, String> {
    let value: i64 = token
        .parse()
        .map_err(|_| format!("'{}' is not a literal", shorten(token)))?;
    if value == 0 {
        return Ok(None);
    }
    let magnitude = value.unsigned_abs();
    if magnitude > u64::from(MAX_DIMACS_VAR) {
        return Err(format!("literal {value} is out of range"));
    }
    Ok(Some(Lit::new((magnitude - 1) as u32, value < 0)))
}

/// `text` for an error message: its first 40 characters, and `...` when
/// there were more.
pub(crate) fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push_str("...");
    }
    s
}
