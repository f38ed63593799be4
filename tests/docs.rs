//! The documentation's examples, run: every `console` code block of
//! README.md and docs/*.md (the convention is in docs/testing.md).
//!
//! In such a block a line starting with `$ ` is a command (a line ending
//! in `\` continues on the next). It runs in `bash` from the repository
//! root with the project's binaries first on PATH, and must exit 0, or
//! the status its trailing comment states (`# exit 20`). A comment
//! `# needs PROGRAM` skips the command when PROGRAM is not on PATH (unless
//! `SATPIPE_REQUIRE_EXTERNAL=1`). The lines after a command, up to the
//! next command or the end of the block, are its expected standard
//! output: compared line by line with trailing blanks ignored, where a
//! line `...` stands for any number of lines. A command without such
//! lines has its status checked only.
//!
//! The relative links of the same files must name existing files.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// A command can take at most this long (a hang is a failure, not a
/// stuck test run); the examples are meant to take well under a second.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// One runnable example.
#[derive(Debug, PartialEq)]
struct Example {
    /// The Markdown file, relative to the repository root.
    file: String,
    /// The 1-based line of the `$ ` command.
    line: usize,
    /// The command line given to bash (continuations joined).
    command: String,
    /// The exit status it must end with.
    status: i32,
    /// Programs it needs on PATH (beside the project's own).
    needs: Vec<String>,
    /// The expected standard output, when the document shows it.
    expected: Vec<String>,
}

/// The directives of a command's trailing comment: `# exit N`,
/// `# needs PROGRAM`, or both separated by a comma. Any other comment
/// is only a comment.
fn directives(command: &str) -> (i32, Vec<String>) {
    let mut status = 0;
    let mut needs = Vec::new();
    let Some(at) = command.rfind(" # ") else {
        return (status, needs);
    };
    for part in command[at + 3..].split([',', ';']) {
        let words: Vec<&str> = part.split_whitespace().collect();
        match words.as_slice() {
            ["exit", n] => {
                if let Ok(n) = n.parse() {
                    status = n;
                }
            }
            ["needs", programs @ ..] => needs.extend(programs.iter().map(|p| p.to_string())),
            _ => {}
        }
    }
    (status, needs)
}

/// Every runnable example of one Markdown text.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut runnable = false;
    let mut indent = 0;
    // The example whose output the block's next lines are.
    let mut current: Option<usize> = None;
    let mut lines = text.lines().enumerate().peekable();
    while let Some((index, raw)) = lines.next() {
        let trimmed = raw.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            if in_block {
                in_block = false;
            } else {
                in_block = true;
                current = None;
                runnable = info.split_whitespace().next() == Some("console");
                indent = raw.len() - trimmed.len();
            }
            continue;
        }
        if !in_block || !runnable {
            continue;
        }
        // Lines of an indented block (in a list) lose the fence's indent.
        let line = raw.get(indent..).unwrap_or(raw.trim_start());
        if let Some(command) = line.strip_prefix("$ ") {
            let mut command = command.to_string();
            while command.ends_with('\\') {
                command.pop();
                if !command.ends_with(' ') {
                    command.push(' ');
                }
                match lines.next() {
                    Some((_, next)) => command.push_str(next.trim_start()),
                    None => break,
                }
            }
            let (status, needs) = directives(&command);
            current = Some(found.len());
            found.push(Example {
                file: file.to_string(),
                line: index + 1,
                command,
                status,
                needs,
                expected: Vec::new(),
            });
        } else if let Some(at) = current {
            found[at].expected.push(line.to_string());
        }
    }
    found
}

/// True when the actual lines match the expected ones, `...` standing
/// for any number of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((line, others)) => line == first && matches(rest, others),
            None => false,
        },
    }
}

/// Lines with trailing blanks and trailing empty lines removed.
fn normalised<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = lines.map(|l| l.trim_end().to_string()).collect();
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// The Markdown files that may hold examples: README.md and docs/*.md.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// Every example of README.md and docs/*.md.
fn all_examples(root: &Path) -> Vec<Example> {
    let mut all = Vec::new();
    for path in documents(root) {
        let text = std::fs::read_to_string(&path).expect("read document");
        let name = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        all.extend(examples(&name, &text));
    }
    all
}

/// PATH with the project's binaries first, then the solvers that
/// `make solvers` fetches, then the inherited PATH.
fn search_path(root: &Path) -> std::ffi::OsString {
    let bin_dir = common::bin("solve")
        .parent()
        .expect("binary folder")
        .to_path_buf();
    let mut dirs = vec![bin_dir, root.join(".solvers").join("bin")];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).expect("PATH")
}

/// True when `program` is an executable file in one of PATH's folders.
fn on_path(program: &str, path: &std::ffi::OsStr) -> bool {
    std::env::split_paths(path).any(|dir| dir.join(program).is_file())
}

/// Runs one example; returns what went wrong, if anything.
fn run(example: &Example, root: &Path, path: &std::ffi::OsStr) -> Option<String> {
    let mut child = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &example.command])
        .current_dir(root)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        // cargo test points LD_LIBRARY_PATH at the solver crates' build
        // folders; an external solver would load the wrong libraries.
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start bash");
    // Read both pipes on threads so that a chatty command cannot block.
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut out_pipe, &mut buf).ok();
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut err_pipe, &mut buf).ok();
        buf
    });
    let status = match child.wait_timeout(TIME_LIMIT).expect("wait") {
        Some(status) => status,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return Some(format!("still running after {} s", TIME_LIMIT.as_secs()));
        }
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().expect("stdout reader")).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().expect("stderr reader")).into_owned();
    let code = status.code().unwrap_or(-1);
    if code != example.status {
        return Some(format!(
            "exit status {code}, the document says {}\n--- stderr:\n{stderr}",
            example.status
        ));
    }
    if !example.expected.is_empty() {
        let expected = normalised(example.expected.iter().map(String::as_str));
        let actual = normalised(stdout.lines());
        if !matches(&expected, &actual) {
            return Some(format!(
                "output differs from the document\n--- expected:\n{}\n--- actual:\n{}\n--- stderr:\n{stderr}",
                expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    None
}

#[test]
fn documented_command_lines_run_as_documented() {
    let root = common::root();
    let path = search_path(&root);
    let require = std::env::var("SATPIPE_REQUIRE_EXTERNAL").as_deref() == Ok("1");
    let examples = all_examples(&root);
    assert!(!examples.is_empty(), "no runnable examples found");
    let mut failures = Vec::new();
    for example in &examples {
        let missing: Vec<&String> = example
            .needs
            .iter()
            .filter(|p| !on_path(p, &path))
            .collect();
        if !missing.is_empty() && !require {
            eprintln!(
                "note: {}:{}: skipped, needs {:?}",
                example.file, example.line, missing
            );
            continue;
        }
        let started = std::time::Instant::now();
        if let Some(problem) = run(example, &root, &path) {
            failures.push(format!(
                "{}:{}: $ {}\n{problem}",
                example.file, example.line, example.command
            ));
        }
        eprintln!(
            "{}:{}: {:.2} s",
            example.file,
            example.line,
            started.elapsed().as_secs_f64()
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} documented commands failed:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
}

/// The README shows a runnable pipeline for every family (every
/// `src/bin/encode-*.rs`), encoder and decoder.
#[test]
fn readme_runs_every_family() {
    let root = common::root();
    let text = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let commands: Vec<String> = examples("README.md", &text)
        .into_iter()
        .map(|e| e.command)
        .collect();
    let mut families: Vec<String> = std::fs::read_dir(root.join("src/bin"))
        .expect("src/bin")
        .filter_map(|entry| {
            let name = entry.expect("entry").file_name().into_string().ok()?;
            Some(
                name.strip_prefix("encode-")?
                    .strip_suffix(".rs")?
                    .to_string(),
            )
        })
        .collect();
    families.sort();
    assert!(!families.is_empty());
    for family in families {
        let encode = format!("encode-{family} ");
        let decode = format!("decode-{family}");
        assert!(
            commands
                .iter()
                .any(|c| c.contains(&encode) && c.contains(&decode)),
            "README.md has no runnable `encode-{family} ... | decode-{family}` example"
        );
    }
}

/// The relative link targets of a Markdown text (`[text](target)`),
/// without anchors; web addresses and pure anchors are left out.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") && !target.contains(' ') {
            found.push(target.to_string());
        }
    }
    found
}

/// Every relative link of README.md and docs/*.md names a file of the
/// repository.
#[test]
fn documented_links_resolve() {
    let root = common::root();
    let mut broken = Vec::new();
    for path in documents(&root) {
        let text = std::fs::read_to_string(&path).expect("read document");
        let folder = path.parent().expect("folder");
        for target in links(&text) {
            let file = folder.join(&target);
            if !file.exists() {
                broken.push(format!(
                    "{}: {target}",
                    path.strip_prefix(&root).unwrap_or(&path).display()
                ));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn examples_are_found_with_their_output_and_directives() {
    let text = "\
text
```console
$ cnf-gen php 3 2 | solve | grep '^s' # exit 0
s UNSATISFIABLE
$ cnf-gen php 3 2 | solve # exit 20
...
$ solve --external minisat \\
    x.cnf # exit 20, needs minisat
```
```sh
$ not run
```
  ```console
  $ echo indented
  indented
  ```
";
    let found = examples("x.md", text);
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found[0].line, 3);
    assert_eq!(found[0].expected, vec!["s UNSATISFIABLE"]);
    assert_eq!(found[1].status, 20);
    assert_eq!(found[1].expected, vec!["..."]);
    assert_eq!(
        found[2].command,
        "solve --external minisat x.cnf # exit 20, needs minisat"
    );
    assert_eq!(found[2].status, 20);
    assert_eq!(found[2].needs, vec!["minisat"]);
    assert_eq!(found[3].command, "echo indented");
    assert_eq!(found[3].expected, vec!["indented"]);
}

#[test]
fn ellipsis_matches_any_number_of_lines() {
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(matches(&lines("...\nd"), &lines("d")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb")));
    assert!(!matches(&lines("a\nb"), &lines("a\nb\nc")));
    assert!(matches(&lines("a\n..."), &lines("a\nb\nc")));
}
