//! `encode-<family>`: a puzzle file, or each puzzle of a collection, to
//! a CNF stream on standard output.

use super::EncodeArgs;
use crate::dimacs::write_formula;
use crate::error::{Error, IoContext, Result};
use crate::family::Family;
use crate::io;
use std::io::Write;

/// Encodes a puzzle file to standard output; `options` are the encoder's
/// options as the header records them ([`super::recorded_options`]). A puzzle
/// the family cannot read gets a hint when it looks like another
/// family's (or a picture, or a stream: [`crate::cli::doors`]).
pub fn encode<F: Family>(args: &EncodeArgs<F::Options>, options: &[String]) -> Result<u8> {
    let command = format!("encode-{}", F::NAME);
    // A name that is no file may be the puzzle itself (a word grid's
    // letters); the family says.
    let argument = (args.input.as_os_str() != "-" && !args.input.exists())
        .then(|| args.input.to_str())
        .flatten();
    // A puzz.link URL in place of a file name is the puzzle itself.
    let url = argument.filter(|a| crate::puzzlink::is_url(a));
    let (source, text) = match (F::puzzle_text(argument, &args.options)?, url) {
        (Some(given), _) => given,
        (None, Some(url)) => ("<command line>".to_string(), format!("{}\n", url.trim())),
        (None, None) => crate::cli::doors::read_text(&args.input, &command)?,
    };
    let mut out = io::stdout();
    let mut encode_all = || -> Result<()> {
        match F::parts(&source, &text, &args.options)? {
            None => encode_puzzle::<F>(&mut out, &source, &text, &args.options, &text, options),
            // The puzzles of a collection are encoded on two threads and
            // written in order, each as soon as it is next.
            Some(parts) => crate::parallel::in_order(
                parts.len(),
                2,
                |k| {
                    let part = &parts[k];
                    let recorded = header_options(options, &part.header_options);
                    let mut formula = Vec::new();
                    encode_puzzle::<F>(
                        &mut formula,
                        &source,
                        &text,
                        &part.options,
                        &part.text,
                        &recorded,
                    )?;
                    Ok(formula)
                },
                |formula| {
                    out.write_all(&formula).with_name(io::STDOUT_NAME)?;
                    out.flush().with_name(io::STDOUT_NAME)
                },
                || Error::Io {
                    name: io::STDOUT_NAME.into(),
                    source: std::io::Error::other("the thread encoding puzzles failed"),
                },
            ),
        }
    };
    encode_all().map_err(|e| crate::cli::doors::explain(e, &command, &source, text.as_bytes()))?;
    Ok(0)
}

/// Parses the puzzle that `options` pick out of `text`, encodes it, and
/// writes its formula with a header storing `stored` (the puzzle's text)
/// and the `recorded` options; flushed, so that `solve` can start on it
/// while the next puzzle of a collection is encoded.
fn encode_puzzle<F: Family>(
    out: &mut dyn Write,
    source: &str,
    text: &str,
    options: &F::Options,
    stored: &str,
    recorded: &[String],
) -> Result<()> {
    let puzzle = F::parse(source, text, options)?;
    let mut builder = F::encode(&puzzle, options)?;
    for option in recorded {
        builder.argument(option.clone());
    }
    builder.puzzle(stored);
    // The header is rendered once, from what fixing the forced
    // variables left.
    let mut formula = builder.finish_unrendered();
    if F::fix_forced(options) {
        crate::cnf::simplify::fix_forced(&mut formula);
    }
    formula.header = formula.meta.to_comment_lines();
    write_formula(out, &formula).with_name(io::STDOUT_NAME)?;
    out.flush().with_name(io::STDOUT_NAME)
}

/// The recorded options (`--name=value`, `--flag`) with the changes of a
/// [`crate::family::Part`]: `(name, Some(value))` replaces `--name`'s value
/// in its place, `(name, None)` drops `--name`.
fn header_options(recorded: &[String], changes: &[(&'static str, Option<String>)]) -> Vec<String> {
    let mut options = recorded.to_vec();
    for (name, value) in changes {
        let flag = format!("--{name}");
        let prefix = format!("--{name}=");
        let position = options
            .iter()
            .position(|o| *o == flag || o.starts_with(&prefix));
        options.retain(|o| *o != flag && !o.starts_with(&prefix));
        if let Some(value) = value {
            let setting = format!("--{name}={value}");
            match position {
                Some(at) => options.insert(at, setting),
                None => options.push(setting),
            }
        }
    }
    options
}
