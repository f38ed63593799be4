//! pzprjs's number encodings of a row-major list of cells (the grid's
//! cells, or a nonogram's clue cells outside the grid).
//!
//! [`Variant::Cells`] is pzprjs's `Number16`, used by Numberlink and
//! sudoku URLs; one item per cell, or a run of empty cells:
//!
//! | text | meaning |
//! |---|---|
//! | `0`-`9`, `a`-`f` | the number 0 to 15 |
//! | `-` and 2 hex digits | 16 to 255 |
//! | `+` and 3 hex digits | 256 to 4095 |
//! | `=` and 3 hex digits | 4096 plus the digits |
//! | `%` and 3 hex digits | 8192 plus the digits |
//! | `*` and 4 hex digits | 12240 plus the digits |
//! | `$` and 5 hex digits | 77776 plus the digits |
//! | `.` | a `?`: a clue whose number is not given |
//! | `g`-`z` | 1 to 20 empty cells |
//!
//! [`Variant::ExCells`] is the variant of the clue cells around a
//! nonogram (pzprjs's `Number16ExCell`): single hex digits, `-` with two,
//! `.`, and `g`-`z`; nothing above 255.
//!
//! Every character outside the encoding, a number cut short, a body that
//! describes fewer or more cells than the grid has, and text after the
//! last cell are errors (pzprjs skips what it does not understand; a
//! puzzle read so would be another puzzle).

/// Which encoding (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// pzprjs's `Number16`: numbers up to 1,126,351.
    Cells,
    /// pzprjs's `Number16ExCell`: numbers up to 255.
    ExCells,
}

/// What one cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clue {
    /// A number.
    Number(u32),
    /// A `?`: a clue whose number is not given (pzprjs's `.`).
    Unknown,
}

/// The largest number `variant` writes.
pub fn max_number(variant: Variant) -> u32 {
    match variant {
        Variant::Cells => 77_776 + 0xf_ffff,
        Variant::ExCells => 255,
    }
}

/// Reads `count` cells from `body`; the error says what is wrong and
/// where (the 1-based character of the body).
pub fn decode(body: &str, count: usize, variant: Variant) -> Result<Vec<Option<Clue>>, String> {
    let chars: Vec<char> = body.chars().collect();
    let mut cells = Vec::with_capacity(count);
    let mut i = 0;
    while i < chars.len() {
        if cells.len() == count {
            let rest: String = chars[i..].iter().collect();
            return Err(format!(
                "the body goes on after its last cell (over-long): '{}' from character {}",
                super::shorten(&rest),
                i + 1
            ));
        }
        let c = chars[i];
        let at = i + 1;
        let hex = |digits: usize, offset: u32| -> Result<(u32, usize), String> {
            let text: String = chars.iter().skip(i + 1).take(digits).collect();
            if text.chars().count() < digits {
                return Err(format!(
                    "'{c}' at character {at} needs {digits} hex digits, the body ends first (truncated)"
                ));
            }
            u32::from_str_radix(&text, 16)
                .map(|n| (n + offset, digits + 1))
                .map_err(|_| {
                    format!("'{c}{text}' at character {at}: '{c}' needs {digits} hex digits")
                })
        };
        let (item, used) = match (c, variant) {
            ('0'..='9' | 'a'..='f', _) => (Some(Clue::Number(c.to_digit(16).unwrap_or(0))), 1),
            ('-', _) => hex(2, 0).map(|(n, used)| (Some(Clue::Number(n)), used))?,
            ('+', Variant::Cells) => hex(3, 0).map(|(n, u)| (Some(Clue::Number(n)), u))?,
            ('=', Variant::Cells) => hex(3, 4096).map(|(n, u)| (Some(Clue::Number(n)), u))?,
            ('%', Variant::Cells) => hex(3, 8192).map(|(n, u)| (Some(Clue::Number(n)), u))?,
            ('*', Variant::Cells) => hex(4, 12_240).map(|(n, u)| (Some(Clue::Number(n)), u))?,
            ('$', Variant::Cells) => hex(5, 77_776).map(|(n, u)| (Some(Clue::Number(n)), u))?,
            ('.', _) => (Some(Clue::Unknown), 1),
            ('g'..='z', _) => {
                let run = c as usize - 'g' as usize + 1;
                if cells.len() + run > count {
                    return Err(format!(
                        "'{c}' at character {at} skips {run} cells, past the last of the {count} \
                         (over-long)"
                    ));
                }
                cells.extend(std::iter::repeat_n(None, run));
                i += 1;
                continue;
            }
            _ => {
                return Err(format!(
                    "'{c}' at character {at} is outside the encoding{}",
                    match variant {
                        Variant::Cells => " (0-9 a-f, - + = % * $ with hex digits, '.', g-z)",
                        Variant::ExCells => " (0-9 a-f, - with two hex digits, '.', g-z)",
                    }
                ))
            }
        };
        cells.push(item);
        i += used;
    }
    if cells.len() < count {
        return Err(format!(
            "the body describes {} of the {count} cells (truncated)",
            cells.len()
        ));
    }
    Ok(cells)
}

/// Writes `cells` as pzprjs does: runs of up to 20 empty cells as one
/// letter `g`-`z`; the error names a number too large for `variant`.
pub fn encode(cells: &[Option<Clue>], variant: Variant) -> Result<String, String> {
    let mut out = String::new();
    let mut run = 0;
    let flush = |out: &mut String, run: &mut usize| {
        if *run > 0 {
            out.push((b'g' + (*run - 1) as u8) as char);
            *run = 0;
        }
    };
    for cell in cells {
        match cell {
            None => {
                run += 1;
                if run == 20 {
                    flush(&mut out, &mut run);
                }
            }
            Some(clue) => {
                flush(&mut out, &mut run);
                out.push_str(&item(*clue, variant)?);
            }
        }
    }
    flush(&mut out, &mut run);
    Ok(out)
}

/// One cell's text.
fn item(clue: Clue, variant: Variant) -> Result<String, String> {
    let Clue::Number(n) = clue else {
        return Ok(".".to_string());
    };
    if n > max_number(variant) {
        return Err(format!(
            "the number {n} is larger than the URL encoding holds ({})",
            max_number(variant)
        ));
    }
    Ok(match n {
        0..=15 => format!("{n:x}"),
        16..=255 => format!("-{n:02x}"),
        256..=4095 => format!("+{n:03x}"),
        4096..=8191 => format!("={:03x}", n - 4096),
        8192..=12_239 => format!("%{:03x}", n - 8192),
        12_240..=77_775 => format!("*{:04x}", n - 12_240),
        _ => format!("${:05x}", n - 77_776),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Clue::Number;

    #[test]
    fn reads_pzprjs_examples() {
        // pzprjs's own test URL of numlin: 1j2h3m1h2j3 on a 5x5 grid.
        let cells = decode("1j2h3m1h2j3", 25, Variant::Cells).expect("valid");
        let given: Vec<(usize, u32)> = cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                Some(Number(n)) => Some((i, *n)),
                _ => None,
            })
            .collect();
        assert_eq!(given, [(0, 1), (5, 2), (8, 3), (16, 1), (19, 2), (24, 3)]);
        assert_eq!(encode(&cells, Variant::Cells).as_deref(), Ok("1j2h3m1h2j3"));
    }

    #[test]
    fn every_width_round_trips() {
        let numbers = [
            0, 15, 16, 255, 256, 4095, 4096, 8191, 8192, 12_239, 12_240, 77_775, 77_776, 1_126_351,
        ];
        let mut cells: Vec<Option<Clue>> = numbers.iter().map(|&n| Some(Number(n))).collect();
        cells.extend(std::iter::repeat_n(None, 45));
        cells.push(Some(Clue::Unknown));
        let text = encode(&cells, Variant::Cells).expect("encodes");
        assert_eq!(decode(&text, cells.len(), Variant::Cells), Ok(cells));
        assert!(encode(&[Some(Number(256))], Variant::ExCells).is_err());
        assert!(encode(&[Some(Number(1_126_352))], Variant::Cells).is_err());
    }

    #[test]
    fn malformed_bodies_are_errors() {
        let err = |body: &str, count: usize| decode(body, count, Variant::Cells).expect_err(body);
        assert!(err("1A", 2).contains("'A' at character 2 is outside"));
        assert!(err("-1", 1).contains("truncated"));
        assert!(err("1", 2).contains("describes 1 of the 2 cells"));
        assert!(err("12", 1).contains("over-long"));
        assert!(err("j", 3).contains("past the last"));
        assert!(err("-zz", 1).contains("hex digits"));
        assert!(decode("+100", 1, Variant::ExCells).is_err());
    }
}
