//! Inputs that would take more memory than a machine has if a reader held
//! a whole line or inflated a whole file: every stream reader (`solve`,
//! `cnf-stats`, `cnf-names`, `cnf-dimacs`, `model-names` and every
//! decoder) reads them under a 1 GB address-space limit and ends by
//! itself, never by a signal: with its answer, or with exit 1 and a
//! message naming the file and line.
//!
//! The inputs are made as the test runs and streamed into the command's
//! standard input from a thread, never written out whole: 1.2 GB of
//! whitespace inside a valid formula, a comment of 1.2 GB among its
//! clauses, a token of 1.2 GB, and gzip, xz and
//! bzip2 bombs (a member compressing 64 MiB of zeros, repeated: read as
//! one stream, over 1.2 GB). `solve` reads an external solver's output
//! the same way (tests/data/fake-hostile-output.sh prints it).

mod common;

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::Duration;
use wait_timeout::ChildExt;

/// The address-space limit, in KiB as `ulimit -v` takes it (1 GB).
const MEMORY_KIB: u64 = 1_000_000;
/// Wall-clock time a command may take on one input.
const TIME_LIMIT: Duration = Duration::from_secs(120);
/// The size of the long runs and tokens: beyond the memory limit.
const HUGE: usize = 1_200_000_000;
/// What one compressed member holds, and how many members a bomb has.
const MEMBER: usize = 64 << 20;
const MEMBERS: usize = 18;

/// How a command's standard input is written.
type Feed = Arc<dyn Fn(&mut dyn Write) -> std::io::Result<()> + Send + Sync>;

/// `head`, then `len` copies of `fill`, then `tail`.
fn repeated(head: &str, fill: u8, len: usize, tail: &str) -> Feed {
    let (head, tail) = (head.as_bytes().to_vec(), tail.as_bytes().to_vec());
    Arc::new(move |out| {
        out.write_all(&head)?;
        let block = vec![fill; 1 << 20];
        let mut left = len;
        while left > 0 {
            let n = left.min(block.len());
            out.write_all(&block[..n])?;
            left -= n;
        }
        out.write_all(&tail)
    })
}

/// `member` written `count` times.
fn members(member: Vec<u8>, count: usize) -> Feed {
    Arc::new(move |out| (0..count).try_for_each(|_| out.write_all(&member)))
}

/// The compression bombs: gzip, xz and bzip2.
fn bombs() -> Vec<(&'static str, Feed)> {
    let zeros = vec![0u8; MEMBER];
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(&zeros).expect("gzip");
    let mut xz = xz2::write::XzEncoder::new(Vec::new(), 1);
    xz.write_all(&zeros).expect("xz");
    let mut bzip2 = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
    bzip2.write_all(&zeros).expect("bzip2");
    vec![
        ("gzip", members(gzip.finish().expect("gzip"), MEMBERS)),
        ("xz", members(xz.finish().expect("xz"), MEMBERS)),
        ("bzip2", members(bzip2.finish().expect("bzip2"), MEMBERS)),
    ]
}

/// Runs `name` under the memory limit with `feed` as its standard input.
fn run(name: &str, feed: &Feed) -> Output {
    run_with(name, &[], &[], feed)
}

/// Runs `name` with `args` and the environment `env` under the memory
/// limit, with `feed` as its standard input.
fn run_with(name: &str, args: &[&str], env: &[(&str, &str)], feed: &Feed) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(common::bin(name))
        .args(args)
        .envs(env.iter().copied())
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("start sh");
    let mut input = child.stdin.take().expect("stdin");
    let feed = Arc::clone(feed);
    // A reader that stops early closes the pipe: the writer then stops.
    let writer = std::thread::spawn(move || {
        let _ = feed(&mut input);
    });
    let read = |mut s: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = s.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let Some(status) = child.wait_timeout(TIME_LIMIT).expect("wait") else {
        let _ = child.kill();
        panic!("{name} still running after {TIME_LIMIT:?}");
    };
    let _ = writer.join();
    Output {
        status,
        stdout: out.join().expect("stdout"),
        stderr: err.join().expect("stderr"),
    }
}

/// How a command must end on an input.
enum Want {
    /// Exit 1 with `command: <stdin>:LINE: ...` containing the text.
    Error(usize, &'static str),
    /// Success (exit 0, 10 or 20) with the text in its output, or exit 1
    /// with a message naming `<stdin>` and a line.
    Either(&'static str),
    /// Success with the text in its output.
    Answer(i32, &'static str),
}

#[track_caller]
fn check(name: &str, what: &str, out: &Output, want: &Want) {
    let err = common::stderr(out);
    let context = format!("{name} on {what}: {err}");
    assert_eq!(out.status.signal(), None, "killed by a signal: {context}");
    assert!(!err.contains("panicked"), "{context}");
    let code = common::code(out);
    let named = |line: Option<usize>| {
        let prefix = match line {
            Some(line) => format!("{name}: <stdin>:{line}: "),
            None => format!("{name}: <stdin>:"),
        };
        err.lines().any(|l| l.starts_with(&prefix))
    };
    match want {
        Want::Error(line, text) => {
            assert_eq!(code, 1, "{context}");
            assert!(named(Some(*line)) && err.contains(text), "{context}");
        }
        Want::Either(_) if code == 1 => assert!(named(None), "{context}"),
        Want::Either(text) => {
            assert!([0, 10, 20].contains(&code), "{context}");
            assert!(common::stdout(out).contains(text), "{context}");
        }
        Want::Answer(expected, text) => {
            assert_eq!(code, *expected, "{context}");
            assert!(common::stdout(out).contains(text), "{context}");
        }
    }
}

/// Every `decode-<family>` command.
fn decoders() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(common::root().join("src/bin"))
        .expect("src/bin")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".rs")?;
            stem.starts_with("decode-").then(|| stem.to_string())
        })
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    names
}

const TOO_LONG: &str = "longer than 256 MiB";

#[test]
fn formula_readers_stream_long_whitespace_giant_tokens_and_bombs() {
    let spaces = repeated("c x\np cnf 2 2\n1 2 0\n", b' ', HUGE, "-1 -2 0\n");
    let token = repeated("p cnf 2 1\n1 ", b'7', HUGE, " 0\n");
    // A comment longer than a line may be, among the clauses (read in
    // batches): skipped as it streams.
    let comment = repeated("p cnf 2 2\n1 2 0\nc ", b'x', HUGE, "\n-1 -2 0\n");
    let mut inputs: Vec<(&str, Feed)> = vec![
        ("spaces", spaces),
        ("a long comment", comment),
        ("a giant token", token),
    ];
    inputs.extend(bombs());
    for (what, feed) in &inputs {
        for name in ["solve", "cnf-stats", "cnf-names", "cnf-dimacs"] {
            let want = match (*what, name) {
                ("spaces" | "a long comment", "solve") => Want::Answer(10, "s SATISFIABLE"),
                ("spaces" | "a long comment", "cnf-stats") => Want::Answer(0, "clauses      2"),
                ("spaces" | "a long comment", "cnf-names") => Want::Answer(0, "-_1 -_2"),
                ("spaces" | "a long comment", _) => Want::Either("p cnf 2 2"),
                ("a giant token", _) => Want::Error(2, TOO_LONG),
                _ => Want::Error(1, TOO_LONG),
            };
            check(name, what, &run(name, feed), &want);
        }
    }
}

#[test]
fn model_stream_readers_stream_long_whitespace_giant_tokens_and_bombs() {
    let header = "c satpipe stream 1\nc family numberlink\ns SATISFIABLE\nv 1";
    let spaces = repeated(header, b' ', HUGE, "-2 0\n");
    let token = repeated(header, b'7', HUGE, " 0\n");
    let mut inputs: Vec<(&str, Feed)> = vec![("spaces", spaces), ("a giant token", token)];
    inputs.extend(bombs());
    let mut commands = vec!["model-names".to_string()];
    commands.extend(decoders());
    for (what, feed) in &inputs {
        for name in &commands {
            let want = match *what {
                "spaces" => Want::Either("1 -2 0"),
                "a giant token" => Want::Error(4, TOO_LONG),
                _ => Want::Error(1, TOO_LONG),
            };
            check(name, what, &run(name, feed), &want);
        }
    }
}

#[test]
fn external_solver_output_streams() {
    let formula: Feed = Arc::new(|out| out.write_all(b"p cnf 2 2\n1 2 0\n-1 -2 0\n"));
    let solver = common::root().join("tests/data/fake-hostile-output.sh");
    let solver = solver.display().to_string();
    for mode in ["spaces", "comment", "token"] {
        let out = run_with(
            "solve",
            &["--solver-cmd", &solver],
            &[("SATPIPE_FAKE_OUTPUT", mode)],
            &formula,
        );
        let err = common::stderr(&out);
        let context = format!("solve with a solver printing {mode}: {err}");
        assert_eq!(out.status.signal(), None, "killed by a signal: {context}");
        if mode == "token" {
            assert_eq!(common::code(&out), 1, "{context}");
            assert!(
                err.contains("line 2 of its output is longer than 256 MiB"),
                "{context}"
            );
        } else {
            assert_eq!(common::code(&out), 10, "{context}");
            assert!(common::stdout(&out).contains("s SATISFIABLE"), "{context}");
        }
    }
}
