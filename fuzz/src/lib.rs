//! The fuzz harnesses, one function per parser, so that a target is two
//! lines (`#![no_main]` and a `fuzz_target!` calling one of these).
//!
//! Every harness only asserts what must hold for any input: no panic, no
//! hang, no runaway allocation (libFuzzer's -rss_limit_mb and -timeout),
//! and for the formats we also write, that what we write reads back the
//! same.

use satpipe::io::Input;

/// Input bytes as text, as the readers of whole files see them (invalid
/// UTF-8 is an error there, so it is skipped here).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

fn input(data: &[u8]) -> Input {
    Input {
        name: "fuzz".to_string(),
        reader: Box::new(std::io::Cursor::new(data.to_vec())),
    }
}

/// DIMACS CNF/WCNF: read strictly and relaxed; a formula that reads must
/// write and read back to the same clauses.
pub fn dimacs(data: &[u8]) {
    use satpipe::dimacs::{read_formula, write_formula, ReadOptions};
    for relaxed in [false, true] {
        let Ok(formula) = read_formula(&mut input(data), ReadOptions { relaxed }) else {
            continue;
        };
        let mut written = Vec::new();
        write_formula(&mut written, &formula).expect("write to memory");
        let again = read_formula(&mut input(&written), ReadOptions::default())
            .unwrap_or_else(|e| panic!("our own output does not read back: {e}"));
        assert_eq!(again.hard, formula.hard, "hard clauses changed");
        assert_eq!(again.soft, formula.soft, "soft clauses changed");
        assert_eq!(again.weights, formula.weights, "weights changed");
    }
}

/// The readable named form, both ways (`cnf-names` and `cnf-dimacs`).
pub fn readable(data: &[u8]) {
    use satpipe::dimacs::ReadOptions;
    let _ = satpipe::readable::to_dimacs(&mut input(data), &mut std::io::sink());
    let _ = satpipe::readable::to_readable(
        &mut input(data),
        ReadOptions::default(),
        &mut std::io::sink(),
    );
}

/// The header metadata (`c var`, `c p show`, `c puzzle`, ...), line by
/// line; what is accepted must render and read back the same.
pub fn header(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let mut builder = satpipe::cnf::MetadataBuilder::default();
    for line in text.lines() {
        if builder.absorb(line).is_err() {
            return;
        }
    }
    let meta = builder.finish();
    let mut again = satpipe::cnf::MetadataBuilder::default();
    for line in meta.to_comment_lines() {
        again.absorb(&line).expect("our own header reads back");
    }
    let again = again.finish();
    assert_eq!(again.names, meta.names);
    assert_eq!(again.projection, meta.projection);
    // Exact up to a CR before an LF (which DIMACS readers drop at line
    // ends); and never a line break inside a comment line.
    let plain = |p: &Option<String>| p.as_ref().map(|t| t.replace("\r\n", "\n"));
    assert_eq!(plain(&again.puzzle), plain(&meta.puzzle));
    for line in meta.to_comment_lines() {
        assert!(
            !line.contains('\n'),
            "a comment line holds a line break: {line:?}"
        );
    }
}

/// Model streams and MiniSat result files as the decoders read them.
pub fn model_stream(data: &[u8]) {
    let _ = satpipe::model::read_model_stream(&mut input(data));
}

/// External programs' output: SAT-competition lines, MiniSat result
/// files (for a formula of a size taken from the first byte) and model
/// counters' answers.
pub fn solver_output(data: &[u8]) {
    use satpipe::solver::external::{parse_competition, parse_result_file};
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let num_vars = u32::from(size);
    let _ = parse_competition(rest, num_vars);
    let _ = parse_result_file(rest, num_vars);
    let _ = satpipe::solver::counter::parse_count(rest);
}

/// Every registered family's parser (`satpipe::FAMILIES`): the first byte
/// picks the family; the rest is encoder options, one a line, up to a NUL
/// byte, then the puzzle text (without a NUL byte, all of it is the puzzle
/// and the options are the defaults). A new family is fuzzed as soon as it
/// is registered.
pub fn family(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let family = &satpipe::FAMILIES[usize::from(pick) % satpipe::FAMILIES.len()];
    let Some(text) = text(rest) else { return };
    let (options, puzzle) = text.split_once('\0').unwrap_or(("", text));
    let options: Vec<String> = options.lines().map(str::to_string).collect();
    let _ = (family.parse)("fuzz", puzzle, &options);
}

/// The command line of every command: arguments separated by NUL bytes.
/// Only parsing, not running.
pub fn flags(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let args: Vec<&str> = text.split('\0').collect();
    for command in satpipe::cli::all_commands() {
        let name = command.get_name().to_string();
        let _ = command
            .try_get_matches_from(std::iter::once(name.as_str()).chain(args.iter().copied()));
    }
}

/// Nonogram puzzle files in every format (griddler, `.non` with colours,
/// `.nin`, picross-solver's, webpbn XML, puzz.link URL lists, and the
/// guess of `auto`): the first byte picks the format.
pub fn nonogram_formats(data: &[u8]) {
    use satpipe::nonogram::formats::{parse, Format};
    const FORMATS: [&str; 7] = ["auto", "griddler", "non", "nin", "picross", "xml", "url"];
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Some(format) = Format::from_name(FORMATS[usize::from(pick) % FORMATS.len()]) else {
        return;
    };
    let Some(text) = text(rest) else { return };
    let _ = parse("fuzz", text, format, None);
}

/// Crossword patterns in every format, told by their content as
/// `encode-crossword --pattern` tells them: Across Lite `.puz`, `.ipuz`
/// (JSON), text.
pub fn crossword_pattern(data: &[u8]) {
    let _ = satpipe::crossword::parse::read_pattern("fuzz", data);
}

/// puzz.link URLs: the URL grammar, then the genres read from it
/// (nonogram and sudoku).
pub fn puzzle_url(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(url) = satpipe::puzzlink::parse("fuzz", 1, text) else {
        return;
    };
    let _ = satpipe::nonogram::url::parse("fuzz", 1, &url, text);
    let _ = satpipe::rules::sudoku_url::parse_url("fuzz", text);
}

/// Compressed input (gzip, bzip2, xz, told by the first bytes) as the
/// stream readers take it: a DIMACS formula and a model stream.
pub fn compressed(data: &[u8]) {
    use satpipe::dimacs::{read_formula, ReadOptions};
    let open = || {
        let reader = std::io::BufReader::new(std::io::Cursor::new(data.to_vec()));
        Input::decompressed("fuzz".to_string(), reader)
    };
    if let Ok(mut input) = open() {
        let _ = read_formula(&mut input, ReadOptions::default());
    }
    if let Ok(mut input) = open() {
        let _ = satpipe::model::read_model_stream(&mut input);
    }
}
