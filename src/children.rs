//! Child processes that never outlive the command that started them.
//!
//! Every child runs in a process group of its own, so that a time limit
//! ends it with everything it started (a shell and the solver it runs).
//! A group of its own also shields it from the terminal's Ctrl-C, and a
//! signal sent to the command alone (`kill PID`, a batch system ending a
//! job) never reaches it: so the command passes the signal on.
//!
//! - [`spawn`] starts a child in its own group and registers the group;
//!   the returned [`Child`] unregisters it when it is reaped, and kills
//!   the group if it is dropped while running.
//! - [`exit_on_signal`] (`solve`): on SIGINT, SIGTERM or SIGHUP, no new
//!   child starts, every registered group gets SIGTERM and [`GRACE`] to
//!   end (a `solve-kissat` companion ends its own solver first), what is
//!   left gets SIGKILL, and the command exits with status 130.
//! - [`on_signal`] (`bench-run`): the signal runs a hook instead (it
//!   stops the runner, whose watchdogs end each running stage with
//!   [`end_group`]: SIGTERM, [`GRACE`], SIGKILL).

use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus};
use std::sync::{Mutex, MutexGuard, Once, PoisonError};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How long a process group has to end after SIGTERM before SIGKILL.
pub const GRACE: Duration = Duration::from_secs(2);

/// How often a waiting loop looks again (a group ending, a stop signal).
pub const POLL: Duration = Duration::from_millis(10);

/// The process groups of the running children, and whether the command
/// is ending (after a signal: no new child starts).
struct Registry {
    groups: Vec<libc::pid_t>,
    ending: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    groups: Vec::new(),
    ending: false,
});

static HANDLER: Once = Once::new();

/// The registry, even after a panic in another thread.
fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

fn unregister(group: libc::pid_t) {
    registry().groups.retain(|&g| g != group);
}

/// Sends `signal` to the process group `group` (nothing happens when it
/// has no process left).
pub fn signal_group(group: libc::pid_t, signal: libc::c_int) {
    if group > 0 {
        // SAFETY: killpg has no memory-safety preconditions.
        unsafe {
            libc::killpg(group, signal);
        }
    }
}

/// Ends the process group `group`: SIGTERM, then up to [`GRACE`] for
/// `ended` (the leader reaped by the thread that waits for it) to become
/// true, then SIGKILL for whatever is left of the group.
pub fn end_group(group: libc::pid_t, ended: &dyn Fn() -> bool) {
    signal_group(group, libc::SIGTERM);
    let start = Instant::now();
    while !ended() && start.elapsed() < GRACE {
        std::thread::sleep(POLL);
    }
    signal_group(group, libc::SIGKILL);
}

/// True once a signal has started ending the command.
pub fn ending() -> bool {
    registry().ending
}

/// Called by a thread that has reaped a child while the command is
/// ending: the signal handler is about to exit the process, and nothing
/// this thread would do next (an error message for the killed child, a
/// new child) should happen first.
fn wait_for_the_end() -> ! {
    loop {
        std::thread::park();
    }
}

/// A child process in a process group of its own, registered until it is
/// reaped.
pub struct Child {
    inner: std::process::Child,
    group: libc::pid_t,
    reaped: bool,
}

/// Starts `command` in a process group of its own and registers the
/// group, so that a signal to this command ends it too. Fails with
/// [`io::ErrorKind::Interrupted`] once the command is ending.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    command.process_group(0);
    let mut registry = registry();
    if registry.ending {
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "interrupted by a signal",
        ));
    }
    let inner = command.spawn()?;
    let group = inner.id() as libc::pid_t;
    registry.groups.push(group);
    Ok(Child {
        inner,
        group,
        reaped: false,
    })
}

impl Child {
    /// The child's process id (also its process group's).
    pub fn id(&self) -> u32 {
        self.inner.id()
    }

    /// The child itself, for its pipes.
    pub fn process(&mut self) -> &mut std::process::Child {
        &mut self.inner
    }

    /// Waits until the child ends, at most `timeout` (forever when
    /// `None`); `None` when the timeout passed first.
    pub fn wait_timeout(&mut self, timeout: Option<Duration>) -> io::Result<Option<ExitStatus>> {
        let status = match timeout {
            None => Some(self.inner.wait()?),
            Some(timeout) => self.inner.wait_timeout(timeout)?,
        };
        if status.is_some() {
            self.reaped();
        }
        Ok(status)
    }

    /// Waits until the child ends, or until `deadline` passes or `stop`
    /// says to give up (looked at every [`POLL`]): `None` then, the child
    /// still running.
    pub fn wait_until(
        &mut self,
        deadline: Option<Instant>,
        stop: Option<&dyn Fn() -> bool>,
    ) -> io::Result<Option<ExitStatus>> {
        loop {
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            if left.is_some_and(|l| l.is_zero()) || stop.is_some_and(|s| s()) {
                return Ok(None);
            }
            let slice = match (left, stop) {
                (Some(left), Some(_)) => Some(left.min(POLL)),
                (Some(left), None) => Some(left),
                (None, Some(_)) => Some(POLL),
                (None, None) => None,
            };
            if let Some(status) = self.wait_timeout(slice)? {
                return Ok(Some(status));
            }
        }
    }

    /// Kills the child's whole group at once and reaps the child.
    pub fn kill(&mut self) {
        if !self.reaped {
            signal_group(self.group, libc::SIGKILL);
            let _ = self.inner.kill();
            let _ = self.inner.wait();
            self.reaped();
        }
    }

    fn reaped(&mut self) {
        self.reaped = true;
        unregister(self.group);
        if ending() {
            wait_for_the_end();
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            signal_group(self.group, libc::SIGKILL);
            let _ = self.inner.kill();
            let _ = self.inner.wait();
            self.reaped = true;
            unregister(self.group);
        }
    }
}

/// Runs `command` to its end as [`spawn`] starts it, collecting its
/// standard output and error (as [`Command::output`] does).
pub fn output(command: &mut Command) -> io::Result<std::process::Output> {
    use std::io::Read;
    use std::process::Stdio;
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = spawn(command)?;
    let read = |stream: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read(child.inner.stdout.take().map(|s| Box::new(s) as _));
    let stderr = read(child.inner.stderr.take().map(|s| Box::new(s) as _));
    let status = child
        .wait_timeout(None)?
        .ok_or_else(|| io::Error::other("no exit status"))?;
    Ok(std::process::Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Installs `handler` for SIGINT, SIGTERM and SIGHUP (once per process;
/// later calls change nothing). It runs in a thread of its own.
fn install(handler: impl FnMut() + Send + 'static) {
    HANDLER.call_once(|| {
        // Fails only when another handler is installed: then that one
        // handles the signals.
        let _ = ctrlc::set_handler(handler);
    });
}

/// On SIGINT, SIGTERM or SIGHUP: start no new child, end every running
/// child's group (SIGTERM, [`GRACE`], SIGKILL), print `COMMAND:
/// interrupted` and exit with status 130.
pub fn exit_on_signal(command: &'static str) {
    install(move || {
        let groups = {
            let mut registry = registry();
            registry.ending = true;
            registry.groups.clone()
        };
        for &group in &groups {
            signal_group(group, libc::SIGTERM);
        }
        let start = Instant::now();
        while !registry().groups.is_empty() && start.elapsed() < GRACE {
            std::thread::sleep(POLL);
        }
        // Every group signalled, whether its leader was reaped or not:
        // what ignored SIGTERM ends now.
        for &group in &groups {
            signal_group(group, libc::SIGKILL);
        }
        eprintln!("{command}: interrupted");
        std::process::exit(130);
    });
}

/// On SIGINT, SIGTERM or SIGHUP: run `hook` (which stops the command's
/// work; the command ends its children itself, with [`end_group`]).
pub fn on_signal(hook: impl FnMut() + Send + 'static) {
    install(hook);
}
