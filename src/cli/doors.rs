//! Wrong doors: an input given to a command that does not read it, such as
//! another family's puzzle, a picture, or a CNF or model stream at the
//! wrong stage of a pipeline. When a command cannot read its input,
//! [`explain`] adds to the error what the input looks like and which
//! command reads it:
//!
//! ```text
//! encode-rules: input-7by7.in:3: a lone '.' (ranges are written 1..9);
//!   this looks like a Numberlink puzzle (seed format): encode-numberlink reads it
//! ```
//!
//! The input is recognised by its first bytes and lines only
//! ([`HEAD_BYTES`]), and only after the command's own reader has refused
//! it: a hint never decides how a file is read.

use crate::cnf::STREAM_TAG;
use crate::error::{Error, Result};
use crate::io::Input;
use std::path::Path;

/// How much of an input [`identify`] looks at.
pub const HEAD_BYTES: usize = 16 * 1024;

/// What an input looks like.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A puzzle that `encode-FAMILY` reads, in the format named.
    Puzzle {
        /// The family whose encoder reads it.
        family: &'static str,
        /// The format, for a person (`seed format`, `.non`).
        format: &'static str,
    },
    /// A picture (`PNG`, `JPEG`...): `generate-nonogram` makes a puzzle
    /// of a PNG picture.
    Picture(&'static str),
    /// A CNF stream or DIMACS file: a formula for `solve`.
    Formula {
        /// The family of its header (`c family`), if any.
        family: Option<String>,
    },
    /// A model stream of `solve`: answers for a decoder.
    Models {
        /// The family of its header (`c family`), if any.
        family: Option<String>,
    },
    /// A solver's bare result file (`SAT` and the literals, MiniSat's):
    /// a decoder reads it with `--cnf FILE`.
    ResultFile,
}

/// What `head`, the first bytes of an input, looks like; `None` when it
/// is nothing this toolchain knows.
pub fn identify(head: &[u8]) -> Option<Kind> {
    let head = &head[..head.len().min(HEAD_BYTES)];
    if let Some(picture) = picture(head) {
        return Some(Kind::Picture(picture));
    }
    let head = head.strip_prefix(crate::io::UTF8_BOM).unwrap_or(head);
    // A cut in the middle of a character at the end of the head is fine.
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return None,
    };
    // Whole lines only: the last one may be cut.
    let complete = match text.rfind('\n') {
        Some(end) if text.len() >= HEAD_BYTES => &text[..end],
        _ => text,
    };
    let lines: Vec<&str> = complete
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(200)
        .collect();
    stream(&lines)
        .or_else(|| puzzle(&lines))
        .or_else(|| grid(&lines))
}

/// The hint for `command` (`encode-rules`, `decode-nonogram`, `solve`...)
/// about an input whose first bytes are `head`: what it looks like and
/// which command reads it; `None` when it is what `command` reads (so its
/// error is about the input itself) or nothing known.
pub fn hint(command: &str, head: &[u8]) -> Option<String> {
    let kind = identify(head)?;
    let encoder = command.strip_prefix("encode-");
    let reads_streams = command == "solve" || command.starts_with("cnf-");
    let reads_models = command.starts_with("decode-") || command == "model-names";
    // A puzzle family's decoder, else the generic one (cnf-gen's formulas).
    let decoder = |family: &Option<String>| match family {
        Some(family) if crate::registry::find(family).is_some() => format!("decode-{family}"),
        Some(_) => "model-names".to_string(),
        None => "a decoder (decode-FAMILY, or model-names)".to_string(),
    };
    Some(match kind {
        Kind::Puzzle { family, .. } if encoder == Some(family) => return None,
        Kind::Puzzle { family, format } if encoder.is_some() => format!(
            "this looks like a {} puzzle ({format}): {} reads it",
            title(family),
            encode_command(family, format)
        ),
        Kind::Puzzle { family, format } => format!(
            "this looks like a {} puzzle ({format}), not a {}: encode it first \
             ({} | solve | decode-{family})",
            title(family),
            if reads_models {
                "model stream"
            } else {
                "formula"
            },
            encode_command(family, format)
        ),
        Kind::Picture("PNG") => "this is a PNG picture: generate-nonogram makes a nonogram of it \
             (generate-nonogram FILE > puzzle.non)"
            .to_string(),
        Kind::Picture(format) => format!(
            "this is a {format} picture: generate-nonogram makes nonograms of PNG pictures \
             (convert it to PNG first)"
        ),
        Kind::Formula { .. } if reads_streams => return None,
        Kind::Formula { family } if reads_models => format!(
            "this is a formula (a CNF stream), not a solver's answer: solve it first \
             (solve FILE | {})",
            decoder(&family)
        ),
        Kind::Formula { family } => format!(
            "this is a formula (a CNF stream, what an encoder writes): solve reads it \
             (solve FILE | {})",
            decoder(&family)
        ),
        Kind::Models { .. } | Kind::ResultFile if reads_models => return None,
        Kind::Models { family } => format!(
            "this is a model stream (what solve prints): {} reads it",
            decoder(&family)
        ),
        Kind::ResultFile => "this is a solver's result file: a decoder reads it with the \
             formula it answers (decode-FAMILY --cnf FORMULA FILE)"
            .to_string(),
    })
}

/// `error` with the [`hint`] for `command` added when it is a parse error
/// of `source` (the input whose first bytes are `head`); any other error
/// as it is.
pub fn explain(error: Error, command: &str, source: &str, head: &[u8]) -> Error {
    match error {
        Error::Parse {
            source_name,
            line,
            message,
        } if source_name == source => {
            let message = match hint(command, head) {
                Some(hint) => format!("{message}; {hint}"),
                None => message,
            };
            Error::Parse {
                source_name,
                line,
                message,
            }
        }
        other => other,
    }
}

/// Reads a puzzle file (or `-` for standard input) as text for
/// `command`; a file that is no text (a picture) gets the [`hint`].
/// Returns the name for messages and the text.
pub fn read_text(path: &Path, command: &str) -> Result<(String, String)> {
    let mut input = Input::open(path)?;
    let head = input.head();
    let source = input.name.clone();
    let text = input
        .read_to_string()
        .map_err(|e| explain(e, command, &source, &head))?;
    Ok((source, text))
}

/// The command line that encodes a puzzle of `family` in `format` from
/// a file FILE.
fn encode_command(family: &str, format: &str) -> String {
    if format == PATTERN {
        format!("encode-{family} --pattern FILE")
    } else {
        format!("encode-{family} FILE")
    }
}

/// The format of a crossword pattern, given with `--pattern`.
const PATTERN: &str = "a pattern";

/// A family's name as a person writes it.
fn title(family: &str) -> &str {
    match family {
        "numberlink" => "Numberlink",
        "nonogram" => "nonogram",
        "rules" => "rule",
        "crossword" => "crossword",
        "sanalouhos" => "Sanalouhos",
        "masyu" => "Masyu",
        "slitherlink" => "Slitherlink",
        other => other,
    }
}

/// The picture format `head` starts with.
fn picture(head: &[u8]) -> Option<&'static str> {
    let riff_webp = head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP";
    [
        (&b"\x89PNG\r\n\x1a\n"[..], "PNG"),
        (&b"\xff\xd8\xff"[..], "JPEG"),
        (&b"GIF87a"[..], "GIF"),
        (&b"GIF89a"[..], "GIF"),
        (&b"II*\0"[..], "TIFF"),
        (&b"MM\0*"[..], "TIFF"),
    ]
    .into_iter()
    .find(|(magic, _)| head.starts_with(magic))
    .map(|(_, format)| format)
    .or(riff_webp.then_some("WebP"))
}

/// A CNF stream, DIMACS file, model stream or result file.
fn stream(lines: &[&str]) -> Option<Kind> {
    let first = *lines.first()?;
    let family = || {
        lines
            .iter()
            .find_map(|l| l.strip_prefix("c family "))
            .map(|f| f.trim().to_string())
    };
    if first == "SAT" || first == "UNSAT" || first == "INDET" {
        return Some(Kind::ResultFile);
    }
    let dimacs = first == STREAM_TAG
        || lines
            .iter()
            .find(|l| !(**l == "c" || l.starts_with("c ")))
            .is_some_and(|l| l.starts_with("p cnf") || l.starts_with("p wcnf"));
    if !dimacs {
        return None;
    }
    let answered = lines
        .iter()
        .any(|l| l.starts_with("s ") || l.starts_with("v "));
    Some(if answered {
        Kind::Models { family: family() }
    } else {
        Kind::Formula { family: family() }
    })
}

/// A puzzle file told by its first lines: the formats with a keyword or a
/// header line.
fn puzzle(lines: &[&str]) -> Option<Kind> {
    // `#` comments, as Numberlink letter grids, rule puzzles and
    // picross-solver files have them (a crossword pattern's `#` is a
    // black square: no space after it).
    let significant: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !(l.starts_with("# ") || *l == "#"))
        .collect();
    let first = *significant.first()?;
    let words: Vec<&str> = first.split_whitespace().collect();
    let numbers = |line: &str| -> Option<Vec<usize>> {
        line.split_whitespace().map(|t| t.parse().ok()).collect()
    };
    let kind = |family, format| Some(Kind::Puzzle { family, format });
    if first.starts_with("crossword fill") || first.starts_with("crossword freeform") {
        return kind("crossword", "a document of encode-crossword");
    }
    if words.first() == Some(&"layout") {
        return kind("rules", "solv-o-matic's rule language");
    }
    if let Some((w, rest)) = first.split_once('x') {
        let (h, desc) = rest.split_once(':').unwrap_or_default();
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if significant.len() == 1
            && digits(w)
            && digits(h)
            && !desc.is_empty()
            && desc
                .chars()
                .all(|c| c == 'B' || c == 'W' || c.is_ascii_lowercase())
        {
            return kind("masyu", "a game ID of Tatham's pearl");
        }
    }
    if first.starts_with("SIZE ") {
        return kind("numberlink", "ADC 2015 format");
    }
    if first.starts_with("<?xml") || first.starts_with("<puzzleset") || first.starts_with("<puzzle")
    {
        return kind("nonogram", "webpbn XML");
    }
    if significant.iter().any(|l| l.starts_with("GRID ")) {
        return kind("nonogram", "picross-solver format");
    }
    if words.len() == 3 && words[0] == "g" && numbers(&first[1..]).is_some() {
        return kind("nonogram", "griddler format");
    }
    const NON_KEYWORDS: &[&str] = &[
        "width",
        "height",
        "rows",
        "columns",
        "title",
        "catalogue",
        "by",
        "copyright",
        "license",
        "goal",
        "color",
    ];
    let keyword = |l: &&&str| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| NON_KEYWORDS.contains(&w))
    };
    if significant.iter().filter(keyword).count() >= 2
        && significant
            .iter()
            .any(|l| l.starts_with("width") || l.starts_with("rows"))
    {
        return kind("nonogram", ".non format");
    }
    let rest = &significant[1..];
    match numbers(first).as_deref() {
        // Numberlink's seed format: K, then W H, then rows of `.` and numbers.
        Some([_])
            if rest
                .first()
                .and_then(|l| numbers(l))
                .is_some_and(|n| n.len() == 2) =>
        {
            kind("numberlink", "seed format")
        }
        // W H, then rows: clue numbers (.nin), or the rows of a Numberlink
        // letter grid (several grids a file, each after its W H).
        Some([_, _]) => {
            let clues = rest.iter().take(20).all(|l| numbers(l).is_some());
            let row = |l: &&&str| {
                !l.contains(char::is_whitespace)
                    && l.chars().all(|c| c == '.' || c.is_ascii_alphanumeric())
            };
            let letters = rest
                .iter()
                .take(20)
                .all(|l| row(&l) || numbers(l).is_some_and(|n| n.len() == 2))
                && rest
                    .iter()
                    .take(20)
                    .any(|l| row(&l) && numbers(l).is_none());
            if !rest.is_empty() && clues {
                kind("nonogram", ".nin format")
            } else if !rest.is_empty() && letters {
                kind("numberlink", "letter grid")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// A grid of characters: a crossword pattern (`#`, `.`, letters) or a
/// Sanalouhos letter grid (letters only).
fn grid(lines: &[&str]) -> Option<Kind> {
    if lines.is_empty() {
        return None;
    }
    // Masyu: rows of one length of W, B (or o, x) and . (or -), some
    // circle among them; comments start with '#'.
    let rows: Vec<Vec<char>> = lines
        .iter()
        .filter(|l| !(l.starts_with("# ") || **l == "#"))
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let masyu_cell = |c: &char| "WBwboxOX.-_○●*".contains(*c);
    if rows.first().is_some_and(|first| {
        rows.iter()
            .all(|row| row.len() == first.len() && row.iter().all(masyu_cell))
    }) && rows.iter().flatten().any(|c| !".-_".contains(*c))
        && rows.iter().flatten().any(|c| ".-_".contains(*c))
    {
        return Some(Kind::Puzzle {
            family: "masyu",
            format: "rows of W, B and .",
        });
    }
    // Rows of clues 0-4, '.' and '?' of one length, with a clue: a
    // Slitherlink grid.
    let rows: Vec<String> = lines
        .iter()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.replace(' ', ""))
        .collect();
    let slither = rows
        .iter()
        .all(|r| r.chars().all(|c| matches!(c, '0'..='4' | '.' | '?')))
        && rows
            .iter()
            .any(|r| r.contains(|c: char| c.is_ascii_digit()))
        && rows.windows(2).all(|w| w[0].len() == w[1].len());
    if slither && !rows.is_empty() {
        return Some(Kind::Puzzle {
            family: "slitherlink",
            format: "rows of clues",
        });
    }
    let pattern = lines.iter().all(|l| {
        l.chars()
            .all(|c| c == '#' || c == '.' || c.is_ascii_alphabetic())
    });
    if pattern && lines.iter().any(|l| l.contains(['#', '.'])) {
        return Some(Kind::Puzzle {
            family: "crossword",
            format: PATTERN,
        });
    }
    // Rows of letters (spaces between them, or rows split by '/'), of
    // one length: two rows at least, or the daily grid's 30 letters; a
    // lone word is no grid.
    let mut rows: Vec<usize> = Vec::new();
    for line in lines.iter().filter(|l| !l.starts_with('#')) {
        for row in line.split('/') {
            let letters: Vec<char> = row.chars().filter(|c| *c != ' ').collect();
            if letters.is_empty() || !letters.iter().all(|c| c.is_alphabetic()) {
                return None;
            }
            rows.push(letters.len());
        }
    }
    let grid = match rows.as_slice() {
        [single] => *single == 30,
        [first, rest @ ..] => rest.iter().all(|len| len == first),
        [] => false,
    };
    grid.then_some(Kind::Puzzle {
        family: "sanalouhos",
        format: "a letter grid",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn family(text: &str) -> Option<&'static str> {
        match identify(text.as_bytes()) {
            Some(Kind::Puzzle { family, .. }) => Some(family),
            _ => None,
        }
    }

    #[test]
    fn tells_the_families_formats_apart() {
        assert_eq!(family("3..2\n.0.1\n"), Some("slitherlink"));
        assert_eq!(family("# c\n3 . . 2\n. 0 . 1\n"), Some("slitherlink"));
        assert_eq!(
            family("5\n7 7\n. . . 4 . . .\n. 3 . . 2 5 .\n"),
            Some("numberlink")
        );
        assert_eq!(family("SIZE 36X36\nLINE_NUM 1\n"), Some("numberlink"));
        assert_eq!(family("# by me\n\n3 2\nA.A\nB.B\n"), Some("numberlink"));
        assert_eq!(
            family("3 2\nA..\n..A\n\n# next\n3 2\na.b\n"),
            Some("numberlink")
        );
        assert_eq!(family("10 10\n1\n4\n4 1\n"), Some("nonogram"));
        assert_eq!(family("# pzprjs\n..W...\n.B..W.\n"), Some("masyu"));
        assert_eq!(family("6x6:cWaBfBbWk\n"), Some("masyu"));
        assert_eq!(family("#..\n.W.\n"), Some("crossword"));
        assert_eq!(family("g 5 5\nr 2 0\n"), Some("nonogram"));
        assert_eq!(
            family("title \"x\"\nwidth 3\nheight 3\nrows\n1\n"),
            Some("nonogram")
        );
        assert_eq!(family("# x\nGRID Fish\nROWS\n[ ]\n"), Some("nonogram"));
        assert_eq!(
            family("<?xml version=\"1.0\"?>\n<puzzleset>\n"),
            Some("nonogram")
        );
        assert_eq!(family("# square\n\nlayout\n| * *\n"), Some("rules"));
        assert_eq!(family("....#.....\n.#.######.\n"), Some("crossword"));
        assert_eq!(family("crossword fill\n"), Some("crossword"));
        assert_eq!(family("PELLE\nHÄLLI\n"), Some("sanalouhos"));
        assert_eq!(
            family("TMSIIOULKNIEKIAITTAONTTIMAAOTI\n"),
            Some("sanalouhos")
        );
        assert_eq!(family("a lone line of prose, nothing else.\n"), None);
        assert_eq!(family("garbage\n"), None);
    }

    #[test]
    fn tells_streams_and_pictures_apart() {
        let cnf = format!("{STREAM_TAG}\nc family queens\np cnf 2 1\n1 2 0\n");
        assert_eq!(
            identify(cnf.as_bytes()),
            Some(Kind::Formula {
                family: Some("queens".into())
            })
        );
        let models = format!("{cnf}s SATISFIABLE\nv 1 -2 0\n");
        assert!(matches!(
            identify(models.as_bytes()),
            Some(Kind::Models { .. })
        ));
        assert_eq!(identify(b"SAT\n1 -2 0\n"), Some(Kind::ResultFile));
        assert_eq!(
            identify(b"\x89PNG\r\n\x1a\n\0\0"),
            Some(Kind::Picture("PNG"))
        );
        assert_eq!(identify(b"\xff\xd8\xff\xe0"), Some(Kind::Picture("JPEG")));
        assert_eq!(identify(b"\xff\xfe\x00junk"), None);
    }

    #[test]
    fn a_hint_names_the_command_that_reads_the_input_and_none_for_its_own() {
        let seed = b"5\n7 7\n. . . 4 . . .\n";
        assert_eq!(hint("encode-numberlink", seed), None);
        let other = hint("encode-rules", seed).expect("a hint");
        assert!(other.contains("encode-numberlink FILE reads it"), "{other}");
        let decoder = hint("decode-numberlink", seed).expect("a hint");
        assert!(decoder.contains("encode it first"), "{decoder}");
        let models =
            format!("{STREAM_TAG}\nc family rules\np cnf 1 1\n1 0\ns SATISFIABLE\nv 1 0\n");
        assert_eq!(hint("decode-rules", models.as_bytes()), None);
        let encoder = hint("encode-rules", models.as_bytes()).expect("a hint");
        assert!(encoder.contains("decode-rules reads it"), "{encoder}");
        let error = explain(
            Error::parse("p.in", 3, "a lone '.'"),
            "encode-rules",
            "p.in",
            seed,
        );
        assert!(
            error
                .to_string()
                .starts_with("p.in:3: a lone '.'; this looks like"),
            "{error}"
        );
        // Errors of other files are left alone.
        let words = explain(
            Error::parse("w.txt", 1, "bad"),
            "encode-rules",
            "p.in",
            seed,
        );
        assert_eq!(words.to_string(), "w.txt:1: bad");
    }
}
