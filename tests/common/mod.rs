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
