//! One process measured: run in its own process group, timed the moment
//! it ends (a blocking `wait4`, which also gives its peak memory), ended
//! at a hard time limit or when the runner stops (its group gets SIGTERM,
//! then SIGKILL: [`crate::children::end_group`]).

use crate::error::{Error, IoContext, Result};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Characters of a failing stage's standard error kept in the message.
const MESSAGE_CHARS: usize = 300;

/// What one process did.
#[derive(Debug, Clone)]
pub struct Measured {
    /// The exit code, or `None` when it died by a signal.
    pub code: Option<i32>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory in KiB (the process and the children it
    /// waited for).
    pub peak_kib: u64,
    /// True when it was killed at the hard limit.
    pub timed_out: bool,
    /// True when it was killed because the runner is stopping.
    pub interrupted: bool,
    /// The end of its standard error, on one line.
    pub stderr: String,
}

/// Runs `program args < stdin > stdout` in its own process group; ends
/// the group after `limit` or when `stop` is set.
pub fn measure(
    program: &Path,
    args: &[String],
    stdin: Option<&Path>,
    stdout: &Path,
    limit: Duration,
    stop: &AtomicBool,
) -> Result<Measured> {
    let out_name = stdout.display().to_string();
    let out = std::fs::File::create(stdout).with_name(&out_name)?;
    let err_file = tempfile::tempfile().with_name("<temporary file>")?;
    let input = match stdin {
        Some(path) => {
            Stdio::from(std::fs::File::open(path).with_name(&path.display().to_string())?)
        }
        None => Stdio::null(),
    };
    let start = Instant::now();
    let child = std::process::Command::new(program)
        .args(args)
        .stdin(input)
        .stdout(out)
        .stderr(err_file.try_clone().with_name("<temporary file>")?)
        .process_group(0)
        .spawn()
        .map_err(|e| Error::Solver(format!("cannot run {}: {e}", program.display())))?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain old data; all-zero is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // This thread waits for the child (so the time is taken the moment it
    // ends); a watchdog kills its group at the limit or when the runner
    // stops, and is woken when the child has ended.
    let ended = AtomicBool::new(false);
    let killed: Mutex<(bool, bool)> = Mutex::new((false, false));
    let elapsed = std::thread::scope(|scope| {
        let watchdog = scope.spawn(|| loop {
            if ended.load(Ordering::SeqCst) {
                return;
            }
            let late = start.elapsed() >= limit;
            let stopping = stop.load(Ordering::SeqCst);
            if late || stopping {
                if let Ok(mut killed) = killed.lock() {
                    *killed = (late, stopping && !late);
                }
                // SIGTERM first, so that `solve` ends the external solver
                // in its own group; SIGKILL for what is left.
                crate::children::end_group(pid, &|| ended.load(Ordering::SeqCst));
                return;
            }
            let left = limit.saturating_sub(start.elapsed());
            std::thread::park_timeout(left.min(Duration::from_millis(20)));
        });
        let waited = loop {
            // SAFETY: pid is our child; status and usage are valid for writes.
            let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if reaped == pid {
                break Ok(());
            }
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                break Err(Error::Solver(format!(
                    "waiting for {}: {error}",
                    program.display()
                )));
            }
        };
        let elapsed = start.elapsed();
        ended.store(true, Ordering::SeqCst);
        watchdog.thread().unpark();
        waited.map(|()| elapsed)
    })?;
    let (timed_out, interrupted) = killed.lock().map(|k| *k).unwrap_or((false, false));
    // Milliseconds are all a wall-clock measurement of a process can claim.
    let seconds = (elapsed.as_secs_f64() * 1e3).round() / 1e3;
    let code = if libc::WIFEXITED(status) {
        Some(libc::WEXITSTATUS(status))
    } else {
        None
    };
    let mut err_text = String::new();
    {
        use std::io::{Read, Seek};
        let mut file = err_file;
        let _ = file.rewind();
        let _ = file.read_to_string(&mut err_text);
    }
    let one_line = err_text.split_whitespace().collect::<Vec<_>>().join(" ");
    let tail: String = {
        let chars: Vec<char> = one_line.chars().collect();
        chars[chars.len().saturating_sub(MESSAGE_CHARS)..]
            .iter()
            .collect()
    };
    Ok(Measured {
        code,
        seconds,
        peak_kib: usage.ru_maxrss.max(0) as u64,
        timed_out,
        interrupted,
        stderr: tail,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(program: &str, args: &[&str], limit_ms: u64, stop: &AtomicBool) -> Measured {
        let dir = tempfile::tempdir().expect("temporary folder");
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        measure(
            Path::new(program),
            &args,
            None,
            &dir.path().join("out"),
            Duration::from_millis(limit_ms),
            stop,
        )
        .expect("measured")
    }

    #[test]
    fn a_process_is_timed_when_it_ends_or_killed_at_the_limit() {
        let running = AtomicBool::new(false);
        // Ends at once: its time is not rounded up to a polling step.
        let quick = run("sh", &["-c", "exit 3"], 10_000, &running);
        assert_eq!(quick.code, Some(3));
        assert!(!quick.timed_out && !quick.interrupted);
        assert!(quick.seconds < 1.0, "{}", quick.seconds);
        // Killed at the limit.
        let slow = run("sleep", &["5"], 200, &running);
        assert!(slow.timed_out && !slow.interrupted && slow.code.is_none());
        assert!(
            slow.seconds >= 0.2 && slow.seconds < 4.0,
            "{}",
            slow.seconds
        );
        // Killed when the runner stops.
        let stopping = AtomicBool::new(true);
        let stopped = run("sleep", &["5"], 10_000, &stopping);
        assert!(stopped.interrupted && !stopped.timed_out);
        assert!(stopped.seconds < 4.0, "{}", stopped.seconds);
    }
}
