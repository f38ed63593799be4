//! Helpers shared by the integration tests: run the real binaries, alone
//! or in pipelines.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Path of one of the project's binaries, built by cargo for the tests.
pub fn bin(name: &str) -> PathBuf {
    assert_cmd::cargo::cargo_bin(name)
}

/// The repository root (for `instances/`).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A file under `instances/`.
pub fn instance(relative: &str) -> PathBuf {
    root().join("instances").join(relative)
}

/// Runs one of the project's binaries with `args` and `stdin`; returns its
/// output.
pub fn run(name: &str, args: &[&str], stdin: &[u8]) -> Output {
    run_program(&bin(name), args, stdin)
}

/// Runs any program with `args` and `stdin`; returns its output.
pub fn run_program(program: &Path, args: &[&str], stdin: &[u8]) -> Output {
    run_program_in(None, program, args, stdin)
}

/// Runs any program with `args` and `stdin`, in folder `dir` when given;
/// returns its output.
pub fn run_program_in(dir: Option<&Path>, program: &Path, args: &[&str], stdin: &[u8]) -> Output {
    // cargo test points LD_LIBRARY_PATH at the solver crates' build
    // folders; Debian's minisat would then load the wrong libminisat.
    let mut command = external_command(&program.to_string_lossy());
    command.args(args);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    run_command(command, stdin)
}

/// Runs a prepared command with `stdin` as its standard input; returns its
/// output.
pub fn run_command(mut command: Command, stdin: &[u8]) -> Output {
    let program = command.get_program().to_string_lossy().into_owned();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Written from a thread: the child may fill its output pipe first.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().expect("wait");
    let _ = writer.join();
    output
}

/// Runs stages one after another, each fed the previous stage's stdout
/// (a pipeline); returns every stage's output.
pub fn pipeline(stages: &[(&str, &[&str])], stdin: &[u8]) -> Vec<Output> {
    let mut outputs: Vec<Output> = Vec::new();
    let mut data = stdin.to_vec();
    for (name, args) in stages {
        let output = run(name, args, &data);
        data = output.stdout.clone();
        outputs.push(output);
    }
    outputs
}

/// Runs `encode-FAMILY ENCODE_ARGS | solve SOLVE_ARGS | decode-FAMILY
/// DECODE_ARGS` (the encoder reads its files, no standard input) and
/// returns the three outputs; the encoder must succeed.
pub fn family_pipeline(
    family: &str,
    encode_args: &[&str],
    solve_args: &[&str],
    decode_args: &[&str],
) -> Vec<Output> {
    let encode = format!("encode-{family}");
    let decode = format!("decode-{family}");
    let outputs = pipeline(
        &[
            (encode.as_str(), encode_args),
            ("solve", solve_args),
            (decode.as_str(), decode_args),
        ],
        b"",
    );
    assert_eq!(
        code(&outputs[0]),
        0,
        "{encode} {encode_args:?}: {}",
        stderr(&outputs[0])
    );
    outputs
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The exit code (panics on death by signal, which is itself a failure).
pub fn code(output: &Output) -> i32 {
    output
        .status
        .code()
        .unwrap_or_else(|| panic!("killed by a signal; stderr: {}", stderr(output)))
}

/// Asserts that `output` reports bad input: exit status 1 and `message`
/// in standard error.
pub fn assert_error(output: &Output, message: &str) {
    assert_eq!(code(output), 1, "{}", stderr(output));
    assert!(stderr(output).contains(message), "{}", stderr(output));
}

/// A command for an external program, with the environment cleaned as in
/// [`run`].
pub fn external_command(program: &str) -> Command {
    let mut command = Command::new(program);
    command.env_remove("LD_LIBRARY_PATH");
    command
}

/// True when the external program is on PATH.
pub fn have(program: &str) -> bool {
    satpipe::solver::registry::find_program(program).is_some()
}

/// External solvers are required when `SATPIPE_REQUIRE_EXTERNAL=1` (as in
/// CI); otherwise tests for a missing one are skipped with a note.
pub fn external_available(program: &str) -> bool {
    available(
        have(program),
        &format!("external solver {program}"),
        "not on PATH",
    )
}

/// Whether a tool the tests need is here (`found`): required when
/// `SATPIPE_REQUIRE_EXTERNAL=1` (a panic naming `what`), otherwise its
/// checks are skipped with a note saying `why` it is missing.
pub fn available(found: bool, what: &str, why: &str) -> bool {
    if found {
        return true;
    }
    if std::env::var("SATPIPE_REQUIRE_EXTERNAL").as_deref() == Ok("1") {
        panic!("{what} is required (SATPIPE_REQUIRE_EXTERNAL=1) but {why}");
    }
    eprintln!("note: {what} {why}; skipping its checks");
    false
}

/// Writes `text` to a file in a fresh temporary directory.
pub fn temp_file(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

/// The environment variable that marks a process tree in the signal
/// tests: every process a test starts carries it, and so does everything
/// those processes start, however they group themselves or are orphaned.
pub const TREE_MARK: &str = "SATPIPE_TEST_TREE";

/// A mark no other test uses (for [`TREE_MARK`]).
pub fn tree_mark(name: &str) -> String {
    format!("{name}-{}", std::process::id())
}

/// The processes alive (not zombies) whose environment holds
/// `TREE_MARK=mark`, from /proc.
pub fn marked_processes(mark: &str) -> Vec<u32> {
    let wanted = format!("{TREE_MARK}={mark}");
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else {
            continue;
        };
        let marked = environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes());
        let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            s.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('Z'))
        });
        if marked && !zombie {
            found.push(pid);
        }
    }
    found
}

/// The command lines of `pids`, for messages.
pub fn command_lines(pids: &[u32]) -> Vec<String> {
    pids.iter()
        .map(|pid| {
            let line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let words: Vec<String> = line
                .split(|&b| b == 0)
                .map(|w| String::from_utf8_lossy(w).into_owned())
                .collect();
            format!("{pid}: {}", words.join(" ").trim())
        })
        .collect()
}

/// Waits until some process of the tree `mark` runs `program` (its
/// command line names it), for at most a minute; panics otherwise.
pub fn wait_for_marked(mark: &str, program: &str) {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(60) {
        let pids = marked_processes(mark);
        if command_lines(&pids).iter().any(|l| l.contains(program)) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("no process of the tree runs {program}");
}

/// Asserts that every process of the tree `mark` ends (polled for a
/// minute: a deadline for a hang, not a measure of speed).
pub fn assert_tree_ends(mark: &str, what: &str) {
    let start = std::time::Instant::now();
    loop {
        let left = marked_processes(mark);
        if left.is_empty() {
            return;
        }
        if start.elapsed() > std::time::Duration::from_secs(60) {
            panic!(
                "{what}: processes survived:\n{}",
                command_lines(&left).join("\n")
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Sends `signal` to the process `pid` (a child of the test).
pub fn send_signal(pid: u32, signal: libc::c_int) {
    // SAFETY: kill has no memory-safety preconditions.
    unsafe {
        libc::kill(pid as libc::pid_t, signal);
    }
}
