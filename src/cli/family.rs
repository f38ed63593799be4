//! The generic `encode-<family>` and `decode-<family>` commands.

use crate::cnf::{Metadata, MetadataBuilder};
use crate::dimacs::write_formula;
use crate::error::{Error, IoContext, Result};
use crate::family::{Assignment, Family};
use crate::io::{self, Input};
use crate::model::{read_model_stream_with, Status};
use clap::{Args, CommandFactory, Parser};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `encode-<family>`.
#[derive(Debug, Parser)]
pub struct EncodeArgs<O: Args> {
    /// The puzzle file (`-` for standard input; some families also take
    /// the puzzle itself, e.g. a word grid's letters).
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
    /// Also draw each solution as a PNG picture (several solutions:
    /// FILE-1.png, FILE-2.png, ...).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Also draw each solution as an SVG picture (several solutions:
    /// FILE-1.svg, FILE-2.svg, ...).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

fn parse_args<T: Parser>(
    name: &str,
    about: &str,
    examples: &str,
) -> std::result::Result<T, ExitCode> {
    let command = T::command()
        .name(name.to_string())
        .bin_name(name.to_string())
        .about(about.to_string())
        .after_help(format!("Examples:\n{examples}"));
    let matches = command.try_get_matches().map_err(|e| {
        let _ = e.print();
        ExitCode::from(if e.use_stderr() { 1 } else { 0 })
    })?;
    T::from_arg_matches(&matches).map_err(|e| {
        let _ = e.print();
        ExitCode::from(1)
    })
}

fn finish(name: &str, result: Result<u8>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::from(1)
        }
    }
}

/// The `main` of `encode-<family>`.
pub fn encode_main<F: Family>() -> ExitCode {
    let name = format!("encode-{}", F::NAME);
    let about = format!("Encode a {} puzzle as a CNF stream. {}", F::NAME, F::ABOUT);
    match parse_args::<EncodeArgs<F::Options>>(&name, &about, F::EXAMPLES) {
        Ok(args) => finish(&name, encode::<F>(&args)),
        Err(code) => code,
    }
}

/// The clap definition of `encode-<family>` (for man pages).
pub fn encode_command<F: Family>() -> clap::Command {
    EncodeArgs::<F::Options>::command()
        .name(format!("encode-{}", F::NAME))
        .about(format!(
            "Encode a {} puzzle as a CNF stream. {}",
            F::NAME,
            F::ABOUT
        ))
}

/// The clap definition of `decode-<family>` (for man pages).
pub fn decode_command<F: Family>() -> clap::Command {
    DecodeArgs::<F::Style>::command()
        .name(format!("decode-{}", F::NAME))
        .about(format!(
            "Decode a model stream into a solved {} puzzle.",
            F::NAME
        ))
}

/// Encodes a puzzle file to standard output.
pub fn encode<F: Family>(args: &EncodeArgs<F::Options>) -> Result<u8> {
    // A name that is no file may be the puzzle itself (a word grid's
    // letters); the family says.
    let argument = (args.input.as_os_str() != "-" && !args.input.exists())
        .then(|| args.input.to_str())
        .flatten();
    let (source, text) = match F::puzzle_text(argument, &args.options)? {
        Some(given) => given,
        None => {
            let input = Input::open(&args.input)?;
            let source = input.name.clone();
            (source, input.read_to_string()?)
        }
    };
    let puzzle = F::parse(&source, &text, &args.options)?;
    let mut builder = F::encode(&puzzle, &args.options)?;
    for (key, value) in F::options_to_header(&args.options) {
        builder.option(&key, value);
    }
    builder.puzzle(&text);
    let formula = builder.finish();
    let mut out = io::stdout();
    write_formula(&mut out, &formula).with_name(io::STDOUT_NAME)?;
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(0)
}

/// The `main` of `decode-<family>`.
pub fn decode_main<F: Family>() -> ExitCode {
    let name = format!("decode-{}", F::NAME);
    let about = format!("Decode a model stream into a solved {} puzzle.", F::NAME);
    match parse_args::<DecodeArgs<F::Style>>(&name, &about, F::EXAMPLES) {
        Ok(args) => finish(&name, decode::<F>(&args)),
        Err(code) => code,
    }
}

/// Restores the puzzle and options from a header.
fn puzzle_from_header<F: Family>(meta: &Metadata, source: &str) -> Result<(F::Puzzle, F::Options)> {
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
                "no 'c family' header: pass the CNF from encode-{} with --cnf, or keep its header",
                F::NAME
            ),
            ))
        }
    }
    let text = meta
        .puzzle
        .as_deref()
        .ok_or_else(|| Error::parse(source, 1, "the header has no 'c puzzle' lines"))?;
    let options = F::options_from_header(&meta.options)?;
    let puzzle = F::parse(&format!("{source} (puzzle in header)"), text, &options)?;
    Ok((puzzle, options))
}

/// Decodes, checks and renders every solution of a model stream.
pub fn decode<F: Family>(args: &DecodeArgs<F::Style>) -> Result<u8> {
    let mut input = Input::open(&args.input)?;
    let source = input.name.clone();
    // The puzzle is parsed from the header on a second thread as soon as
    // the header has arrived, while `solve` may still be printing models
    // (with --cnf the header comes from the CNF, afterwards).
    let (stream, early) = std::thread::scope(|scope| {
        let mut early = None;
        let stream = read_model_stream_with(&mut input, &mut |header: &[String]| {
            if args.cnf.is_some() || early.is_some() {
                return;
            }
            let (header, source) = (header.to_vec(), source.clone());
            early = Some(scope.spawn(move || {
                let mut meta = MetadataBuilder::default();
                for line in &header {
                    // A bad line is reported by the stream reader.
                    meta.absorb(line).ok()?;
                }
                Some(puzzle_from_header::<F>(&meta.finish(), &source))
            }));
        });
        let early = early.and_then(|thread| match thread.join() {
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
        Some(parsed) => parsed?,
        None => puzzle_from_header::<F>(&stream.meta, &source)?,
    };
    let index = stream
        .meta
        .name_index()
        .map_err(|m| Error::parse(&source, 1, m))?;
    let style = args.format.clone().unwrap_or_default();
    let mut out = io::stdout();
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
    if !args.json {
        if let Some(text) = F::preamble(&puzzle, &options, count) {
            out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        }
    }
    for (i, solution) in solutions.iter().enumerate() {
        if !args.json {
            if count > 1 {
                writeln!(out, "solution {}:", i + 1).with_name(io::STDOUT_NAME)?;
            }
            out.write_all(F::render(&puzzle, solution, &style).as_bytes())
                .with_name(io::STDOUT_NAME)?;
        }
        if let Some(png) = &args.png {
            let picture = F::picture(&puzzle, solution).ok_or_else(|| {
                Error::Usage(format!(
                    "decode-{} draws no PNG pictures; --png is not available",
                    F::NAME
                ))
            })?;
            write_png(&numbered_path(png, i + 1, count), &picture)?;
        }
        if let Some(svg) = &args.svg {
            let drawing = F::svg(&puzzle, solution).ok_or_else(|| {
                Error::Usage(format!(
                    "decode-{} draws no SVG pictures; --svg is not available",
                    F::NAME
                ))
            })?;
            let path = numbered_path(svg, i + 1, count);
            let name = path.display().to_string();
            std::fs::write(&path, drawing).with_name(&name)?;
        }
    }
    let unsatisfiable = count == 0 && stream.status == Some(Status::Unsatisfiable);
    let explanation = if unsatisfiable {
        F::no_solution(&puzzle, &options)
    } else {
        None
    };
    let verdict = match (count, stream.complete) {
        (0, _) if stream.status == Some(Status::Unsatisfiable) => "no solution".to_string(),
        (0, _) => format!(
            "no answer ({})",
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
            "explanation": explanation,
            "solutions": solutions,
        });
        serde_json::to_writer_pretty(&mut out, &document)
            .map_err(|e| Error::io(io::STDOUT_NAME, e.into()))?;
        writeln!(out).with_name(io::STDOUT_NAME)?;
    } else {
        writeln!(out, "{verdict}").with_name(io::STDOUT_NAME)?;
        if let Some(text) = &explanation {
            out.write_all(text.as_bytes()).with_name(io::STDOUT_NAME)?;
        }
    }
    out.flush().with_name(io::STDOUT_NAME)?;
    Ok(match (count, stream.status) {
        (0, Some(Status::Unsatisfiable)) => 20,
        (0, _) => 1,
        _ => 0,
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

/// Writes a picture as an 8-bit RGB PNG.
fn write_png(path: &std::path::Path, picture: &crate::family::Picture) -> Result<()> {
    let name = path.display().to_string();
    let file = std::io::BufWriter::new(std::fs::File::create(path).with_name(&name)?);
    let mut encoder = png::Encoder::new(file, picture.width, picture.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let to_io = |e: png::EncodingError| Error::io(&name, std::io::Error::other(e.to_string()));
    let mut writer = encoder.write_header().map_err(to_io)?;
    writer.write_image_data(&picture.rgb).map_err(to_io)?;
    writer.finish().map_err(to_io)
}
