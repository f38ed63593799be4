//! The CSV of results: one row per run, appended and flushed as each run
//! ends, so that killing the runner loses at most the runs in progress.

use crate::error::{Error, IoContext, Result};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The columns of the CSV, in order (the header line).
pub const COLUMNS: &[&str] = &[
    "family",
    "instance",
    "encoding",
    "encoder_options",
    "solver",
    "result",
    "verified",
    "variables",
    "clauses",
    "encode_seconds",
    "solve_seconds",
    "decode_seconds",
    "peak_mb",
    "time_limit",
    "message",
    "solutions",
    "solve_options",
    "decode_options",
    "cost",
    "score_mean",
    "score_lowest",
    "weak_entries",
];

/// The number of columns of each earlier CSV schema, oldest first: the
/// first (before `solutions`, `solve_options` and `decode_options`), the
/// second (before `cost`), the third (before the scores). Such files are read, and upgraded to the
/// current schema before rows are appended ([`Sink::open`]).
const EARLIER_SCHEMAS: &[usize] = &[15, 18, 19];

/// Whether `header` is the current schema's or an earlier one's.
fn known_header(header: &[String]) -> bool {
    header == COLUMNS || EARLIER_SCHEMAS.iter().any(|&n| header == &COLUMNS[..n])
}

/// The answer of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Outcome {
    /// A model was found (and checked).
    Sat,
    /// The solver proved there is none.
    Unsat,
    /// No answer within the time limit.
    Unknown,
    /// Some stage failed; see the message.
    Error,
}

impl Outcome {
    /// The CSV spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Sat => "SAT",
            Outcome::Unsat => "UNSAT",
            Outcome::Unknown => "UNKNOWN",
            Outcome::Error => "ERROR",
        }
    }

    /// True for SAT and UNSAT.
    pub fn solved(self) -> bool {
        matches!(self, Outcome::Sat | Outcome::Unsat)
    }
}

/// One run: one instance, one encoding variant, one solver.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Family (`gen` for `cnf-gen` formulas).
    pub family: String,
    /// Instance: path relative to `instances/<family>/`, or formula name.
    pub instance: String,
    /// Encoding variant name.
    pub encoding: String,
    /// The encoder's arguments.
    pub encoder_options: String,
    /// Solver specification (`cadical`, `ext:minisat`, `cmd:...`).
    pub solver: String,
    /// SAT, UNSAT, UNKNOWN or ERROR.
    pub result: Outcome,
    /// True when the model passed `solve`'s check against the CNF and the
    /// solution passed the family's puzzle check (for `gen`: the model
    /// check and the known answer).
    pub verified: bool,
    /// Variables of the formula (empty when encoding failed).
    pub variables: Option<u64>,
    /// Clauses of the formula (empty when encoding failed).
    pub clauses: Option<u64>,
    /// Wall-clock seconds of the encoder.
    pub encode_seconds: f64,
    /// Wall-clock seconds of `solve`.
    pub solve_seconds: f64,
    /// Wall-clock seconds of the decoder.
    pub decode_seconds: f64,
    /// Peak resident memory of the largest stage, in MiB (from `wait4`;
    /// includes the external solver that `solve` runs).
    pub peak_mb: f64,
    /// The time limit of the run, in seconds.
    pub time_limit: f64,
    /// Why a run is UNKNOWN, ERROR or unverified.
    pub message: String,
    /// Solutions in the model stream (several with `solve --all`; empty
    /// when the run gave no answer).
    #[serde(default)]
    pub solutions: Option<u64>,
    /// The extra `solve` arguments of the variant and instance.
    #[serde(default)]
    pub solve_options: String,
    /// The extra decoder arguments of the variant and instance.
    #[serde(default)]
    pub decode_options: String,
    /// A WCNF's cost: the optimum when the result is SAT (`s OPTIMUM
    /// FOUND`), the best cost found when the time limit stopped the
    /// search (UNKNOWN); empty for a CNF.
    #[serde(default)]
    pub cost: Option<u64>,
    /// The mean word score of the solution, when the decoder's JSON
    /// reports scores (a crossword fill's `scores`; a peer's answer
    /// checked by satpipe's decoder).
    #[serde(default)]
    pub score_mean: Option<f64>,
    /// Its lowest word score.
    #[serde(default)]
    pub score_lowest: Option<u32>,
    /// Its entries below the weak threshold.
    #[serde(default)]
    pub weak_entries: Option<u64>,
}

/// The identity of a run, for resuming.
pub type Key = (String, String, String, String);

impl Row {
    /// The options of the run (encoder, `solve`, decoder), so that a run
    /// whose configuration changed is not taken as done.
    pub fn options_signature(&self) -> String {
        format!(
            "{} | {} | {}",
            self.encoder_options, self.solve_options, self.decode_options
        )
    }

    /// (family, instance, encoding, solver).
    pub fn key(&self) -> Key {
        (
            self.family.clone(),
            self.instance.clone(),
            self.encoding.clone(),
            self.solver.clone(),
        )
    }
}

/// Reads one CSV file of rows; errors name the file and line.
pub fn read_rows(path: &Path) -> Result<Vec<Row>> {
    let name = path.display().to_string();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_path(path)
        .map_err(|e| csv_error(&name, e))?;
    let headers = reader
        .headers()
        .map_err(|e| csv_error(&name, e))?
        .iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    if !known_header(&headers) {
        return Err(Error::parse(
            &name,
            1,
            format!(
                "not a bench-run CSV: the header must be {}",
                COLUMNS.join(",")
            ),
        ));
    }
    let mut rows = Vec::new();
    for record in reader.deserialize() {
        rows.push(record.map_err(|e| csv_error(&name, e))?);
    }
    Ok(rows)
}

/// Reads and concatenates CSV files, and every `*.csv` in the folders
/// among `paths` (per-job fragments), in name order.
pub fn read_all(paths: &[PathBuf]) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for path in paths {
        if path.is_dir() {
            let name = path.display().to_string();
            let mut files = Vec::new();
            for entry in std::fs::read_dir(path).with_name(&name)? {
                let file = entry.with_name(&name)?.path();
                if file.extension().is_some_and(|e| e == "csv") {
                    files.push(file);
                }
            }
            files.sort();
            for file in files {
                rows.extend(read_rows(&file)?);
            }
        } else {
            rows.extend(read_rows(path)?);
        }
    }
    Ok(rows)
}

fn csv_error(name: &str, error: csv::Error) -> Error {
    let line = error.position().map(|p| p.line() as usize);
    match (line, error.kind()) {
        (_, csv::ErrorKind::Io(_)) => {
            let message = error.to_string();
            Error::io(name, std::io::Error::other(message))
        }
        (Some(line), _) => Error::parse(name, line, error.to_string()),
        (None, _) => Error::parse(name, 1, error.to_string()),
    }
}

/// Appends rows to a CSV file, writing the header when the file is new and
/// flushing after every row.
pub struct Sink {
    path: String,
    writer: csv::Writer<std::fs::File>,
}

impl Sink {
    /// Opens `path` for appending. A last line cut short by a killed run
    /// (no final newline) is removed first, with a note on standard error.
    pub fn open(path: &Path) -> Result<Sink> {
        let name = path.display().to_string();
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).with_name(&parent.display().to_string())?;
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .with_name(&name)?;
        let mut text = Vec::new();
        file.read_to_end(&mut text).with_name(&name)?;
        if !text.is_empty() && !text.ends_with(b"\n") {
            let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            eprintln!("bench-run: {name}: removing an incomplete last row");
            file.set_len(keep as u64).with_name(&name)?;
            file.seek(SeekFrom::End(0)).with_name(&name)?;
            text.truncate(keep);
        }
        let header = text.split(|&b| b == b'\n').next().unwrap_or_default();
        if !text.is_empty() && header != COLUMNS.join(",").as_bytes() {
            let header: Vec<String> = String::from_utf8_lossy(header)
                .trim_end()
                .split(',')
                .map(str::to_string)
                .collect();
            if !known_header(&header) {
                return Err(Error::parse(
                    &name,
                    1,
                    format!(
                        "not a CSV of bench-run's schema (header {}): give a new --csv file",
                        COLUMNS.join(",")
                    ),
                ));
            }
            upgrade(path)?;
            return Sink::open(path);
        }
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(file);
        if text.is_empty() {
            writer
                .write_record(COLUMNS)
                .map_err(|e| csv_error(&name, e))?;
            writer.flush().with_name(&name)?;
        }
        Ok(Sink { path: name, writer })
    }

    /// Appends one row and flushes it to the file.
    pub fn append(&mut self, row: &Row) -> Result<()> {
        self.writer
            .serialize(row)
            .map_err(|e| csv_error(&self.path, e))?;
        // Flushes the csv buffer and the file beneath it.
        self.writer.flush().with_name(&self.path)
    }
}

/// Rewrites the CSV at `path`, of an earlier schema, in the current one
/// (the new columns empty), through a temporary file beside it.
fn upgrade(path: &Path) -> Result<()> {
    let name = path.display().to_string();
    let rows = read_rows(path)?;
    write_rows(path, &rows)?;
    eprintln!(
        "bench-run: {name}: rewritten in the current CSV schema ({} rows; new columns empty)",
        rows.len()
    );
    Ok(())
}

/// Writes `rows` as a CSV file of the current schema at `path`, replacing
/// it whole (through a temporary file beside it, so a reader never sees
/// half of it).
pub fn write_rows(path: &Path, rows: &[Row]) -> Result<()> {
    let name = path.display().to_string();
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_name(&folder.display().to_string())?;
    let temporary = tempfile::NamedTempFile::new_in(folder).with_name(&name)?;
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(temporary.as_file());
    writer
        .write_record(COLUMNS)
        .map_err(|e| csv_error(&name, e))?;
    for row in rows {
        writer.serialize(row).map_err(|e| csv_error(&name, e))?;
    }
    writer.flush().with_name(&name)?;
    drop(writer);
    temporary
        .persist(path)
        .map_err(|e| Error::io(&name, e.error))?;
    Ok(())
}

/// The rows already in `path` (empty when it does not exist); a last
/// line cut short by a killed run is ignored (and removed by
/// [`Sink::open`]).
pub fn existing_rows(path: &Path) -> Result<Vec<Row>> {
    if !path.is_file() || std::fs::metadata(path).is_ok_and(|m| m.len() == 0) {
        return Ok(Vec::new());
    }
    let name = path.display().to_string();
    let mut text = std::fs::read(path).with_name(&name)?;
    if !text.ends_with(b"\n") {
        let keep = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        text.truncate(keep);
    }
    let tmp = tempfile::NamedTempFile::new().with_name("<temporary file>")?;
    std::fs::write(tmp.path(), &text).with_name("<temporary file>")?;
    read_rows(tmp.path()).map_err(|e| match e {
        Error::Parse { line, message, .. } => Error::parse(&name, line, message),
        other => other,
    })
}

/// The runs of `rows` that a run with time limit `time_limit` need not do
/// again, with the options they ran with ([`Row::options_signature`]):
/// those whose last row is SAT or UNSAT, or UNKNOWN under a limit at least
/// as large. An ERROR row is retried, and so is a time-out under a smaller
/// limit.
pub fn done_keys(rows: &[Row], time_limit: f64) -> HashMap<Key, String> {
    let mut last: std::collections::HashMap<Key, &Row> = Default::default();
    for row in rows {
        last.insert(row.key(), row);
    }
    last.into_iter()
        .filter(|(_, row)| match row.result {
            Outcome::Sat | Outcome::Unsat => true,
            Outcome::Unknown => row.time_limit >= time_limit,
            Outcome::Error => false,
        })
        .map(|(key, row)| (key, row.options_signature()))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A row with nothing in it, for tests to fill.
    pub(crate) fn blank() -> Row {
        row("", Outcome::Error, 0.0)
    }

    fn row(instance: &str, result: Outcome, time_limit: f64) -> Row {
        Row {
            family: "gen".into(),
            instance: instance.into(),
            encoding: "default".into(),
            encoder_options: String::new(),
            solver: "cadical".into(),
            result,
            verified: false,
            variables: None,
            clauses: None,
            encode_seconds: 0.0,
            solve_seconds: 0.0,
            decode_seconds: 0.0,
            peak_mb: 0.0,
            time_limit,
            message: String::new(),
            solutions: None,
            solve_options: String::new(),
            decode_options: String::new(),
            cost: None,
            score_mean: None,
            score_lowest: None,
            weak_entries: None,
        }
    }

    #[test]
    fn errors_and_shorter_time_outs_are_not_done() {
        let rows = [
            row("sat", Outcome::Sat, 1.0),
            row("error", Outcome::Error, 10.0),
            row("short", Outcome::Unknown, 5.0),
            row("long", Outcome::Unknown, 10.0),
            row("fixed", Outcome::Error, 10.0),
            row("fixed", Outcome::Unsat, 10.0),
            row("broke", Outcome::Sat, 10.0),
            row("broke", Outcome::Error, 10.0),
        ];
        let mut done: Vec<String> = done_keys(&rows, 10.0).into_keys().map(|k| k.1).collect();
        done.sort();
        assert_eq!(done, ["fixed", "long", "sat"]);
    }
}
