//! The generic `encode-<family>` and `decode-<family>` commands.

use super::exit;
use crate::cnf::Metadata;
use crate::error::{Error, IoContext, Result};
use crate::explain::Detail;
use crate::family::{Assignment, Family};
use crate::io::{self, Input};
use crate::model::{read_model_stream_with, Status};
use crate::multi::Parts;
use crate::partial::Partial;
use crate::solver::tables::best::BestScores;
use clap::{Args, CommandFactory, FromArgMatches, Parser};
pub use encode::encode;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `encode-<family>`.
#[derive(Debug, Parser)]
pub struct EncodeArgs<O: Args> {
    /// The puzzle file (`-` for standard input), or the puzzle itself: a
    /// puzz.link URL (Numberlink, nonograms, sudokus), a word grid's
    /// letters.
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// The family's options.
    #[command(flatten)]
    pub options: O,
}

/// Arguments of `decode-<family>`.
#[derive(Debug, Parser)]
pub struct DecodeArgs<S: clap::ValueEnum + Clone + Send + Sync + 'static> {
    /// The model stream from `solve` (`-` for standard input), or a solver's
    /// result file together with `--cnf`.
    #[arg(default_value = "-")]
    pub input: PathBuf,
    /// The CNF that was solved, when the model comes without the header
    /// (e.g. a MiniSat result file); the model is checked against it.
    #[arg(long, value_name = "FILE")]
    pub cnf: Option<PathBuf>,
    /// How to print the solution (`--style` is an alias).
    #[arg(long = "format", visible_alias = "style", value_enum)]
    pub format: Option<S>,
    /// Print JSON for scripts instead of drawings.
    #[arg(long)]
    pub json: bool,
    /// Also draw each solution as a PNG picture, rendered from the SVG
    /// drawing (several solutions: FILE-1.png, FILE-2.png, ...).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Also draw each solution as an SVG picture, e.g. for a web page
    /// (several solutions: FILE-1.svg, FILE-2.svg, ...).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Draw where the solutions differ instead of each solution: the cells
    /// all of them share, the others marked `?` (after `solve --max 2` or
    /// `--all`). A stream of `solve --backbone` is always drawn so: its
    /// shared cells are the forced ones.
    #[arg(long)]
    pub diff: bool,

    /// After "no solution", name a smallest set of the puzzle's parts
    /// (clues, lines, slots...) that cannot hold together, found by solving
    /// again: `summary` cuts long lists to their first items (counting the
    /// rest), `full` lists every item, `none` prints the verdict alone, at
    /// once (`true` and `false` are the older spellings of `summary` and
    /// `none`). The JSON holds the full explanation.
    #[arg(long, value_enum, default_value_t = Detail::Summary, value_name = "HOW")]
    pub explain: Detail,
}

/// Parses the command line of a family command under its own name; returns
/// the arguments and clap's matches (from which the encoder records its
/// options), or the exit code of `--help`, `--version` or a usage error.
fn parse_args<T: Parser>(
    command: clap::Command,
) -> std::result::Result<(T, clap::ArgMatches), ExitCode> {
    let name = command.get_name().to_string();
    let matches = command
        .try_get_matches()
        .map_err(|e| super::usage_error(&name, &e))?;
    let args = T::from_arg_matches(&matches).map_err(|e| super::usage_error(&name, &e))?;
    Ok((args, matches))
}

/// The `main` of `encode-<family>`.
pub fn encode_main<F: Family>() -> ExitCode {
    let command = encode_command::<F>();
    let name = command.get_name().to_string();
    match parse_args::<EncodeArgs<F::Options>>(command.clone()) {
        Ok((args, matches)) => super::finish(
            &name,
            recorded_options(&command, &matches).and_then(|options| encode::<F>(&args, &options)),
            false,
        ),
        Err(code) => code,
    }
}

/// The clap definition of `encode-<family>` (also for man pages).
pub fn encode_command<F: Family>() -> clap::Command {
    let name = format!("encode-{}", F::NAME);
    EncodeArgs::<F::Options>::command()
        .name(name.clone())
        .bin_name(name)
        .version(env!("CARGO_PKG_VERSION"))
        .about(format!(
            "Encode a {} puzzle as a CNF stream. {}",
            F::NAME,
            F::ABOUT
        ))
        .after_help(format!("Examples:\n{}", F::EXAMPLES))
}

/// The clap definition of `decode-<family>` (also for man pages).
pub fn decode_command<F: Family>() -> clap::Command {
    let name = format!("decode-{}", F::NAME);
    DecodeArgs::<F::Style>::command()
        .name(name.clone())
        .bin_name(name)
        .version(env!("CARGO_PKG_VERSION"))
        .about(format!(
            "Decode a model stream into a solved {} puzzle.",
            F::NAME
        ))
        .after_help(format!("Examples:\n{}\n\n{}", F::EXAMPLES, exit::HELP))
}

/// The options of an encoder command line as the arguments the header
/// records (`c option ARGUMENT`, one each): every option with a long name,
/// with the value it took, given or default (`--encoding=rank`), and every
/// flag that is set (`--allow-empty`). Parsed with the same clap
/// definition, they give back the same options.
pub fn recorded_options(
    command: &clap::Command,
    matches: &clap::ArgMatches,
) -> Result<Vec<String>> {
    use clap::ArgAction;
    let mut recorded = Vec::new();
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        // The positional input and short-only arguments are not options.
        let Some(long) = arg.get_long() else {
            continue;
        };
        match arg.get_action() {
            ArgAction::SetTrue if matches.get_flag(id) => recorded.push(format!("--{long}")),
            ArgAction::SetFalse if !matches.get_flag(id) => recorded.push(format!("--{long}")),
            ArgAction::Count => {
                for _ in 0..matches.get_count(id) {
                    recorded.push(format!("--{long}"));
                }
            }
            action @ (ArgAction::Set | ArgAction::Append) => {
                let values: Vec<_> = matches.get_raw(id).into_iter().flatten().collect();
                if matches!(action, ArgAction::Set) && values.len() > 1 {
                    return Err(Error::Usage(format!(
                        "--{long} takes several values in one occurrence, which the header cannot record"
                    )));
                }
                for value in values {
                    let value = value.to_str().filter(|v| !v.contains(['\n', '\r'])).ok_or_else(|| {
                        Error::Usage(format!(
                            "the value of --{long} is not one line of UTF-8 text, so the CNF header cannot record it"
                        ))
                    })?;
                    recorded.push(format!("--{long}={value}"));
                }
            }
            _ => {}
        }
    }
    Ok(recorded)
}

/// Parses a puzzle text under the encoder options `options` (command-line
/// arguments without the program name), as `encode-<family>` would; the
/// puzzle is dropped. For fuzzing and validation.
pub fn parse_with_options<F: Family>(source: &str, text: &str, options: &[String]) -> Result<()> {
    let options = encoder_options::<F>(options).map_err(Error::Usage)?;
    F::parse(source, text, &options).map(drop)
}

/// The encoder's options from command-line `arguments` (without the
/// program name), parsed by `encode-<family>`'s clap definition; the error
/// is clap's first line.
fn encoder_options<F: Family>(arguments: &[String]) -> std::result::Result<F::Options, String> {
    let command = encode_command::<F>();
    let name = command.get_name().to_string();
    let first_line = |e: clap::Error| {
        let message = e.render().to_string();
        let first = message.lines().next().unwrap_or_default();
        first.strip_prefix("error: ").unwrap_or(first).to_string()
    };
    let matches = command
        .try_get_matches_from(std::iter::once(name).chain(arguments.iter().cloned()))
        .map_err(first_line)?;
    EncodeArgs::<F::Options>::from_arg_matches(&matches)
        .map(|args| args.options)
        .map_err(first_line)
}

/// The encoder's options back from the header's `c option` lines, parsed
/// by the encoder's own clap definition; `known` holds the lines parsed
/// last and their options (the parts of a collection share them), and is
/// updated.
fn options_from_header<F: Family>(
    meta: &Metadata,
    source: &str,
    known: &mut Option<(Vec<String>, F::Options)>,
) -> Result<F::Options> {
    if let Some((lines, options)) = known.as_ref() {
        if *lines == meta.options {
            return Ok(options.clone());
        }
    }
    let name = format!("encode-{}", F::NAME);
    if let Some(line) = meta.options.iter().find(|line| !line.starts_with("--")) {
        return Err(Error::parse(
            source,
            1,
            format!(
                "the header's 'c option' lines are not options of {name}: '{line}' is no \
                 --NAME or --NAME=VALUE (a stream of an older encoder? encode it again)"
            ),
        ));
    }
    let options = encoder_options::<F>(&meta.options).map_err(|first| {
        Error::parse(
            source,
            1,
            format!("the header's 'c option' lines are not options of {name}: {first}"),
        )
    })?;
    *known = Some((meta.options.clone(), options.clone()));
    Ok(options)
}

/// The `main` of `decode-<family>`.
pub fn decode_main<F: Family>() -> ExitCode {
    let command = decode_command::<F>();
    let name = command.get_name().to_string();
    match parse_args::<DecodeArgs<F::Style>>(command) {
        Ok((args, _)) => {
            let json = args.json;
            super::finish(&name, decode::<F>(&args), json)
        }
        Err(code) => code,
    }
}

/// The table constraints of the formula whose header is `meta`
/// ([`Family::tables`]), the puzzle and options restored from it.
pub fn tables_from_header<F: Family>(
    meta: &Metadata,
    source: &str,
) -> Result<Option<crate::solver::tables::TableSpec>> {
    let (puzzle, options) = puzzle_from_header::<F>(meta, source, &mut None)?;
    let index = meta.name_index().map_err(|m| Error::parse(source, 1, m))?;
    Ok(F::tables(&puzzle, &options, &|name| index.get(name)))
}

/// Restores the puzzle and options from a header (`known`: see
/// [`options_from_header`]).
fn puzzle_from_header<F: Family>(
    meta: &Metadata,
    source: &str,
    known: &mut Option<(Vec<String>, F::Options)>,
) -> Result<(F::Puzzle, F::Options)> {
    match meta.family.as_deref() {
        Some(family) if family == F::NAME => {}
        Some(other) => {
            return Err(Error::parse(
                source,
                1,
                format!("this stream is for the {other} family, not {}", F::NAME),
            ))
        }
        None => {
            return Err(Error::parse(
                source,
                1,
                format!(
                    "no 'c family' header: this is a bare solver result, without its formula; \
                     give the CNF it was solved from (the stream of encode-{}) with --cnf FILE",
                    F::NAME
                ),
            ))
        }
    }
    let text = meta
        .puzzle
        .as_deref()
        .ok_or_else(|| Error::parse(source, 1, "the header has no 'c puzzle' lines"))?;
    let options = options_from_header::<F>(meta, source, known)?;
    let puzzle = F::parse(&format!("{source} (puzzle in header)"), text, &options)?;
    Ok((puzzle, options))
}

/// Decodes, checks and renders every solution of a model stream; a stream
/// of several formulas' answers (crate::multi) part by part, each after a
/// line `puzzle N:`.
pub fn decode<F: Family>(args: &DecodeArgs<F::Style>) -> Result<u8> {
    let mut input = Input::open(&args.input)?;
    // An input that is no model stream (a puzzle, a formula) gets a hint.
    let (source, head) = (input.name.clone(), input.head());
    decode_parts::<F>(args, input)
        .map_err(|e| super::doors::explain(e, &format!("decode-{}", F::NAME), &source, &head))
}

/// [`decode`] once the input is open.
fn decode_parts<F: Family>(args: &DecodeArgs<F::Style>, input: Input) -> Result<u8> {
    let mut known = None;
    if args.cnf.is_some() {
        return decode_stream::<F>(args, input, &mut io::stdout(), &mut known);
    }
    let mut parts = Parts::new(input);
    let mut codes = Vec::new();
    let mut first = Vec::new();
    let mut out = io::stdout();
    while let Some(part) = parts.next_part()? {
        let number = parts.count();
        if number > 1 && (args.svg.is_some() || args.png.is_some()) {
            return Err(Error::Usage(format!(
                "{}: --svg and --png draw one puzzle's solutions, and this stream holds several",
                part.name
            )));
        }
        if number == 1 {
            // Held back until it is known whether a second part follows.
            codes.push(decode_stream::<F>(args, part, &mut first, &mut known)?);
            continue;
        }
        // JSON is one document a line, a part each, in order: no headings.
        if number == 2 {
            if !args.json {
                writeln!(out, "puzzle 1:").with_name(io::STDOUT_NAME)?;
            }
            out.write_all(&first).with_name(io::STDOUT_NAME)?;
            first.clear();
        }
        if !args.json {
            writeln!(out, "puzzle {number}:").with_name(io::STDOUT_NAME)?;
        }
        codes.push(decode_stream::<F>(args, part, &mut out, &mut known)?);
    }
    out.write_all(&first).with_name(io::STDOUT_NAME)?;
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(exit::combine(&codes))
}

/// [`decode`] for the answers to one formula, written to `out`; `known`:
/// the encoder options of the formula before (see
/// [`options_from_header`]).
fn decode_stream<F: Family>(
    args: &DecodeArgs<F::Style>,
    mut input: Input,
    out: &mut dyn Write,
    known: &mut Option<(Vec<String>, F::Options)>,
) -> Result<u8> {
    let source = input.name.clone();
    // The first formula's puzzle is parsed from the header on a second
    // thread as soon as the header has arrived, while `solve` may still be
    // printing models (with --cnf the header comes from the CNF,
    // afterwards). The later parts of a collection are parsed here: a
    // thread each would cost more than most of them take to parse.
    let parse_early = args.cnf.is_none() && known.is_none();
    let (stream, early) = std::thread::scope(|scope| {
        let mut early = None;
        let stream = read_model_stream_with(&mut input, &mut |meta: Metadata| {
            if !parse_early || early.is_some() {
                return;
            }
            let source = source.clone();
            early = Some(scope.spawn(move || {
                let mut known = None;
                puzzle_from_header::<F>(&meta, &source, &mut known)
                    .map(|(puzzle, options)| (puzzle, options, known))
            }));
        });
        let early = early.map(|thread| match thread.join() {
            Ok(parsed) => parsed,
            Err(panic) => std::panic::resume_unwind(panic),
        });
        (stream, early)
    });
    let mut stream = stream?;
    if let Some(cnf) = &args.cnf {
        stream.check_against_cnf(cnf)?;
    }
    let (puzzle, options) = match early {
        Some(parsed) => {
            let (puzzle, options, parsed_options) = parsed?;
            *known = parsed_options;
            (puzzle, options)
        }
        None => puzzle_from_header::<F>(&stream.meta, &source, known)?,
    };
    let index = stream
        .meta
        .name_index()
        .map_err(|m| Error::parse(&source, 1, m))?;
    let style = args.format.clone().unwrap_or_default();
    let mut solutions = Vec::with_capacity(stream.solutions.len());
    for (i, found) in stream.solutions.iter().enumerate() {
        let assignment = Assignment::new(&index, &found.model);
        let solution = F::decode(&puzzle, &options, &assignment)?;
        F::check(&puzzle, &options, &solution).map_err(|violation| {
            Error::Check(format!(
                "solution {} breaks the puzzle's rules: {violation} (the encoding is wrong)",
                i + 1
            ))
        })?;
        solutions.push(solution);
    }
    let count = solutions.len();
    let best = best_scores_of::<F>(&stream, &solutions)?;
    if let Some(counted) = &stream.model_count {
        return report_count::<F>(args, counted);
    }
    let view = match (&stream.backbone, args.diff) {
        (Some(backbone), _) => Some(PartialView::Backbone {
            complete: backbone.complete,
        }),
        (None, true) => Some(PartialView::Diff),
        (None, false) => None,
    };
    if let Some(view) = view.filter(|_| count > 0) {
        let cells: Vec<_> = solutions.iter().map(|s| F::cells(&puzzle, s)).collect();
        if let Some(partial) = Partial::compare(&cells) {
            return draw_partial::<F>(args, &partial, view, count);
        }
    }
    // In a format for programs, standard output holds that format alone:
    // the first solution, no preamble, no separators, the verdict on
    // standard error.
    let machine = F::is_machine_format(&style);
    let text = !args.json && !machine;
    if text {
        if let Some(text) = F::preamble(&puzzle, &options, count, stream.complete == Some(true)) {
            out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        }
    }
    for (i, solution) in solutions.iter().enumerate() {
        if text {
            if count > 1 {
                writeln!(out, "solution {}:", i + 1).with_name(io::STDOUT_NAME)?;
            }
            out.write_all(&F::render_bytes(&puzzle, solution, &style)?)
                .with_name(io::STDOUT_NAME)?;
        } else if machine && i == 0 {
            out.write_all(&F::render_bytes(&puzzle, solution, &style)?)
                .with_name(io::STDOUT_NAME)?;
        }
        if args.png.is_some() || args.svg.is_some() {
            let drawing = F::svg(&puzzle, solution);
            if let Some(svg) = &args.svg {
                let path = numbered_path(svg, i + 1, count);
                let name = path.display().to_string();
                std::fs::write(&path, &drawing).with_name(&name)?;
            }
            if let Some(png) = &args.png {
                if i == 0 && !crate::svg::has_fonts() {
                    eprintln!(
                        "decode-{}: no fonts found, so the PNG pictures have no text \
                         (Debian: apt-get install fonts-dejavu-core)",
                        F::NAME
                    );
                }
                write_png(&numbered_path(png, i + 1, count), &drawing)?;
            }
        }
    }
    let unsatisfiable = count == 0 && stream.status == Some(Status::Unsatisfiable);
    let explanation = if unsatisfiable && args.explain != Detail::None {
        F::no_solution(&puzzle, &options)
    } else {
        None
    };
    let verdict = match (count, stream.complete) {
        (0, _) if stream.status == Some(Status::Unsatisfiable) => "no solution".to_string(),
        (0, _) => format!(
            "no answer ({}: the solver gave up, e.g. at solve's time limit)",
            stream.status.map_or("no status", |s| s.as_str())
        ),
        (1, Some(true)) => "unique".to_string(),
        (n, Some(true)) => format!("{n} solutions"),
        (1, _) => "1 solution (uniqueness not checked; use solve --max 2)".to_string(),
        (n, _) => format!("at least {n} solutions"),
    };
    if args.json {
        let document = serde_json::json!({
            "family": F::NAME,
            "status": stream.status,
            "count": count,
            "complete": stream.complete,
            "verdict": verdict,
            "explanation": explanation.as_ref().map(|e| e.render(Detail::Full)),
            "solutions": solutions,
            "best": best.map(|best| serde_json::json!({
                "lowest": best.lowest,
                "lowest_bound": best.lowest_bound,
                "proved": best.proved(),
                "total": best.total,
                "total_bound": best.total_bound,
            })),
        });
        io::write_json(out, &document)?;
    } else if machine {
        let mut err = std::io::stderr().lock();
        let more = if count > 1 {
            " (standard output holds the first; --json, or --svg/--png FILE, give every one)"
        } else {
            ""
        };
        writeln!(err, "decode-{}: {verdict}{more}", F::NAME).with_name(io::STDERR_NAME)?;
        if let Some(best) = &best {
            writeln!(err, "decode-{}: {}", F::NAME, describe_best(best))
                .with_name(io::STDERR_NAME)?;
        }
        if let Some(explanation) = &explanation {
            err.write_all(explanation.render(args.explain).as_bytes())
                .with_name(io::STDERR_NAME)?;
        }
    } else {
        writeln!(out, "{verdict}").with_name(io::STDOUT_NAME)?;
        if let Some(best) = &best {
            writeln!(out, "{}", describe_best(best)).with_name(io::STDOUT_NAME)?;
        }
        if let Some(explanation) = &explanation {
            out.write_all(explanation.render(args.explain).as_bytes())
                .with_name(io::STDOUT_NAME)?;
        }
    }
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(match (count, stream.status) {
        (0, Some(Status::Unsatisfiable)) => exit::NO_SOLUTION,
        (0, _) => exit::UNKNOWN,
        _ => exit::SOLVED,
    })
}

/// What a best-scores search claims in `stream` (`c stat best-*`,
/// [`BestScores`]), checked against the first solution's own scores
/// ([`Family::score_summary`]): a claim that its lowest or total is not
/// the solution's is an error, as is a claim about no solution or several.
fn best_scores_of<F: Family>(
    stream: &crate::model::ModelStream,
    solutions: &[F::Solution],
) -> Result<Option<BestScores>> {
    let line = |key: &str| {
        stream
            .stats
            .iter()
            .find(|stat| stat.key == key)
            .map_or(0, |stat| stat.line)
    };
    let best = BestScores::from_statistics(&stream.stat_pairs())
        .map_err(|m| Error::parse(&stream.source, line("best-lowest"), m))?;
    let Some(best) = best else {
        return Ok(None);
    };
    let [solution] = solutions else {
        return Err(Error::parse(
            &stream.source,
            line("best-lowest"),
            format!(
                "a best-scores claim belongs to one solution, and the stream has {}",
                solutions.len()
            ),
        ));
    };
    match F::score_summary(solution) {
        Some((lowest, total)) if (lowest, total) == (best.lowest, best.total) => Ok(Some(best)),
        Some((lowest, total)) => Err(Error::Check(format!(
            "{}:{}: the solver claims a best solution of lowest score {} and total {}, but its \
             solution scores lowest {lowest} and total {total}",
            stream.source,
            line("best-lowest"),
            best.lowest,
            best.total
        ))),
        None => Ok(None),
    }
}

/// What a best-scores search found and proved, in a line.
fn describe_best(best: &BestScores) -> String {
    let lowest = if best.proved() {
        format!(
            "best scores: lowest {}, proved the highest (no solution has every score above it)",
            best.lowest
        )
    } else {
        format!(
            "best scores: lowest {}, not proved the highest (none has every score above {}; \
             the search was stopped, e.g. at solve's time limit)",
            best.lowest, best.lowest_bound
        )
    };
    format!(
        "{lowest}; total {} of at most {}",
        best.total, best.total_bound
    )
}

/// The views of several solutions at once ([`crate::partial`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PartialView {
    /// The witnesses of `solve --backbone`: shared cells are forced.
    Backbone {
        /// Whether the backbone search ran to its end.
        complete: bool,
    },
    /// `--diff`: where the solutions of the stream differ.
    Diff,
}

/// Prints (and draws, with `--svg`/`--png`) the cells the solutions share,
/// the others marked open, with a line saying what they are.
fn draw_partial<F: Family>(
    args: &DecodeArgs<F::Style>,
    partial: &Partial,
    view: PartialView,
    count: usize,
) -> Result<u8> {
    let total = partial.cells.len();
    let fixed = partial.fixed();
    let open = total - fixed;
    let summary = match view {
        PartialView::Backbone { complete: true } if open == 0 => {
            format!("unique: all {total} cells forced")
        }
        PartialView::Backbone { complete: true } => format!(
            "not unique: {fixed} of {total} cells forced (the same in every solution), {open} \
             undetermined (?), {count} solutions seen"
        ),
        PartialView::Backbone { complete: false } => format!(
            "backbone search stopped (time limit): {open} of {total} cells shown to vary (?); \
             the other {fixed} are not proved forced"
        ),
        PartialView::Diff if count == 1 => {
            "one solution: nothing to compare (solve --max 2 or --all gives more)".to_string()
        }
        PartialView::Diff => {
            format!("the {count} solutions differ in {open} of {total} cells (?), agree on {fixed}")
        }
    };
    let mut out = io::stdout();
    if args.json {
        let document = serde_json::json!({
            "family": F::NAME,
            "view": match view { PartialView::Diff => "diff", PartialView::Backbone { .. } => "backbone" },
            "complete": match view { PartialView::Backbone { complete } => Some(complete), PartialView::Diff => None },
            "solutions": count,
            "cells": total,
            "fixed": fixed,
            "open": partial.cells.iter().zip(&partial.open).filter(|(_, &o)| o).map(|(c, _)| [c.row, c.col]).collect::<Vec<_>>(),
            "grid": partial.text(),
            "verdict": summary,
        });
        io::write_json(&mut out, &document)?;
    } else {
        out.write_all(partial.text().as_bytes())
            .with_name(io::STDOUT_NAME)?;
        writeln!(out, "{summary}").with_name(io::STDOUT_NAME)?;
    }
    if args.svg.is_some() || args.png.is_some() {
        let drawing = partial.svg();
        if let Some(svg) = &args.svg {
            std::fs::write(svg, &drawing).with_name(&svg.display().to_string())?;
        }
        if let Some(png) = &args.png {
            write_png(png, &drawing)?;
        }
    }
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(exit::SOLVED)
}

/// A stream of `solve --count`: the number, nothing to draw.
fn report_count<F: Family>(args: &DecodeArgs<F::Style>, counted: &str) -> Result<u8> {
    let verdict = match counted {
        "0" => "no solution (counted)".to_string(),
        "1" => "unique (counted)".to_string(),
        n => format!("{n} solutions (counted; solve --max N draws some)"),
    };
    let mut out = io::stdout();
    if args.json {
        let document = serde_json::json!({
            "family": F::NAME,
            "count": counted,
            "verdict": verdict,
        });
        io::write_json(&mut out, &document)?;
    } else {
        writeln!(out, "{verdict}").with_name(io::STDOUT_NAME)?;
    }
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(if counted == "0" {
        exit::NO_SOLUTION
    } else {
        exit::SOLVED
    })
}

/// `FILE` for a single solution, else `FILE-N` before the extension.
fn numbered_path(path: &std::path::Path, number: usize, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

/// Renders an SVG drawing and writes it as a PNG file.
fn write_png(path: &std::path::Path, svg: &str) -> Result<()> {
    let name = path.display().to_string();
    let bytes = crate::svg::to_png(svg).map_err(|e| Error::io(&name, std::io::Error::other(e)))?;
    std::fs::write(path, bytes).with_name(&name)
}

mod encode;
#[cfg(test)]
mod tests;
