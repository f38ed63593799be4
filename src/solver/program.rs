//! Running a helper program (an external solver, a model counter) to its
//! end and reading its output as it streams.
//!
//! Standard output goes a line at a time through a [`LineReader`] to an
//! [`OutputLines`] parser, so memory stays bounded whatever the program
//! prints (a line beyond [`crate::lines::MAX_LINE_BYTES`] is an error, and
//! reading goes on to the end so that the program never blocks on a full
//! pipe). Of standard error only the last lines are kept, for messages.

use crate::children;
use crate::lines::{Line, LineReader};
use crate::solver::Stop;
use std::io::{BufReader, Read};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::Instant;

/// How many of a program's last non-blank lines a message quotes.
const TAIL_LINES: usize = 5;

/// How many bytes of each quoted line a message keeps.
const TAIL_LINE_BYTES: usize = 200;

/// A parser of a program's output, fed a line at a time.
pub trait OutputLines: Send + 'static {
    /// Takes one line (without its `\n`); an error stops the parsing (the
    /// rest of the output is read and dropped).
    fn line(&mut self, line: &[u8]) -> Result<(), String>;

    /// Whether a line longer than [`crate::lines::MAX_LINE_BYTES`] that
    /// begins with `head` is one this parser ignores anyway (a comment),
    /// to be skipped as it streams; otherwise it is an error.
    fn ignores_long(&self, _head: &[u8]) -> bool {
        false
    }
}

/// Output nobody parses: only its last lines are kept.
pub struct Ignored;

impl OutputLines for Ignored {
    fn line(&mut self, _line: &[u8]) -> Result<(), String> {
        Ok(())
    }

    fn ignores_long(&self, _head: &[u8]) -> bool {
        true
    }
}

/// What a stream held, once read.
struct Drained<P> {
    parser: P,
    /// The first error: the parser's, a line too long, or a read failure.
    error: Option<String>,
    /// The last non-blank lines, shortened.
    tail: Vec<String>,
    /// Whether the stream had any byte.
    empty: bool,
}

/// Reads `stream` to its end on a thread of its own, feeding `parser`.
fn spawn_reader<R: Read + Send + 'static, P: OutputLines>(
    stream: R,
    parser: P,
    what: &'static str,
) -> thread::JoinHandle<Drained<P>> {
    thread::spawn(move || drain(stream, parser, what))
}

/// Reads `stream` to its end, feeding `parser` its lines until it refuses
/// one; `what` names the stream in messages ("its output").
fn drain<P: OutputLines>(stream: impl Read, mut parser: P, what: &str) -> Drained<P> {
    let mut input = BufReader::with_capacity(1 << 16, stream);
    let mut lines = LineReader::new(&mut input);
    let (mut error, mut tail, mut empty) = (None, Vec::<String>::new(), true);
    let mut number = 0usize;
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                error.get_or_insert_with(|| format!("reading {what}: {e}"));
                break;
            }
        };
        number += 1;
        empty = false;
        let text = match line {
            Line::Text(text) => text,
            Line::Long(head) if parser.ignores_long(head) => head,
            Line::Long(head) => {
                error.get_or_insert_with(|| {
                    format!(
                        "line {number} of {what} is longer than {} MiB",
                        crate::lines::MAX_LINE_BYTES >> 20
                    )
                });
                head
            }
        };
        if error.is_none() {
            if let Err(message) = parser.line(text) {
                error = Some(message);
            }
        }
        if !text.iter().all(u8::is_ascii_whitespace) {
            let kept = &text[..text.len().min(TAIL_LINE_BYTES)];
            if tail.len() == TAIL_LINES {
                tail.remove(0);
            }
            tail.push(String::from_utf8_lossy(kept).trim_end().to_string());
        }
    }
    Drained {
        parser,
        error,
        tail,
        empty,
    }
}

/// A stream read to its end by [`read_output`].
pub struct Output<P> {
    /// The parser its lines went through.
    pub parser: P,
    /// Whether the stream was empty.
    pub silent: bool,
    /// The end of what it held, for messages: `; it said: ...` or empty.
    pub tail: String,
}

impl<P> Drained<P> {
    /// The parser and what messages need, or the first error with the
    /// stream's last lines.
    fn output(self) -> Result<Output<P>, String> {
        let tail = said(&self.tail);
        match self.error {
            Some(error) => Err(format!("{error}{tail}")),
            None => Ok(Output {
                parser: self.parser,
                silent: self.empty,
                tail,
            }),
        }
    }
}

/// Reads `stream` to its end through `parser` (`what` names it in
/// messages: "its output"); an error when the parser refuses a line, a
/// line is too long, or reading fails.
pub fn read_output<P: OutputLines>(
    stream: impl Read,
    parser: P,
    what: &str,
) -> Result<Output<P>, String> {
    drain(stream, parser, what).output()
}

/// Reads the file `path` (a result file a program wrote) through `parser`
/// as [`read_output`] does; `Ok(None)` when there is no such file.
pub fn read_file_lines<P: OutputLines>(
    path: &std::path::Path,
    parser: P,
) -> Result<Option<Output<P>>, String> {
    match std::fs::File::open(path) {
        Ok(file) => read_output(file, parser, "its result file").map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot open its result file: {e}")),
    }
}

/// What a program run by [`run_until`] left.
pub struct Finished<P> {
    /// Its exit code: 0, 10 or 20.
    pub code: i32,
    /// Its standard output, read through the parser.
    pub output: Output<P>,
}

/// The reader thread's result, or an error naming `what` (its output)
/// when it was not started or panicked.
fn joined<P>(
    reader: Option<thread::JoinHandle<Drained<P>>>,
    what: &str,
) -> Result<Drained<P>, String> {
    reader
        .ok_or_else(|| format!("its {what} was not captured"))?
        .join()
        .map_err(|_| format!("reading its {what} failed"))
}

/// `; it said: A | B` from the last lines `tail`, or empty.
fn said(tail: &[String]) -> String {
    if tail.is_empty() {
        String::new()
    } else {
        format!("; it said: {}", tail.join(" | "))
    }
}

/// Runs `args` (program first) in a process group of its own
/// ([`crate::children`]), with `stdin` (or none), its standard output
/// parsed by `parser` as it streams, until it ends, or until `deadline`
/// passes or `stop` is raised: `None` then, and the program is killed with
/// its children. An exit other than 0, 10 or 20, a crash, a failure to
/// start, or output its parser refuses is an error saying which, with the
/// end of what it printed.
pub fn run_until<P: OutputLines>(
    args: &[String],
    stdin: Option<std::fs::File>,
    parser: P,
    deadline: Option<Instant>,
    stop: Option<&Stop>,
) -> Result<Option<Finished<P>>, String> {
    let program = args.first().ok_or("an empty command")?;
    let mut command = Command::new(program);
    command
        .args(&args[1..])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match stdin {
        Some(file) => command.stdin(file),
        None => command.stdin(Stdio::null()),
    };
    let mut child =
        children::spawn(&mut command).map_err(|e| format!("cannot start '{program}': {e}"))?;
    let stdout = child
        .process()
        .stdout
        .take()
        .map(|s| spawn_reader(s, parser, "its output"));
    let stderr = child
        .process()
        .stderr
        .take()
        .map(|s| spawn_reader(s, Ignored, "its error output"));
    let raised = || stop.is_some_and(Stop::raised);
    let stopping: Option<&dyn Fn() -> bool> = stop.map(|_| &raised as &dyn Fn() -> bool);
    let status = child
        .wait_until(deadline, stopping)
        .map_err(|e| e.to_string())?;
    let Some(status) = status else {
        child.kill();
        return Ok(None);
    };
    let stdout = joined(stdout, "output")?;
    let stderr = joined(stderr, "error output")?;
    let tail = said(if stderr.tail.is_empty() {
        &stdout.tail
    } else {
        &stderr.tail
    });
    if let Some(signal) = status.signal() {
        return Err(format!(
            "crashed (killed by signal {signal}){}",
            said(&stderr.tail)
        ));
    }
    let code = status.code().unwrap_or(-1);
    if ![0, 10, 20].contains(&code) {
        let hint = match code {
            126 => " (the command is not executable)".to_string(),
            127 => " (the command was not found)".to_string(),
            // A shell reports a child killed by signal N as 128 + N.
            129..=159 => format!(" (killed by signal {})", code - 128),
            _ => String::new(),
        };
        return Err(format!("failed with exit code {code}{hint}{tail}"));
    }
    Ok(Some(Finished {
        code,
        output: stdout.output()?,
    }))
}
