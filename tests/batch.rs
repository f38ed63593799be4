//! The batch scripts end to end: `scripts/bench-slurm.sh` on a one-node
//! Slurm cluster that the test starts (munged, slurmctld and slurmd under
//! a temporary folder, stopped by their PIDs), and
//! `scripts/bench-parallel.sh` with GNU parallel, each run from outside
//! the repository; their merged CSV must equal a local `bench-run` of the
//! same selection, row for row (answers, verification, sizes).

mod common;

use common::{available, bin, code, root, stderr};
use satpipe::bench::rows::{read_rows, Row};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The selection of both tests: a Numberlink puzzle (encoder and decoder),
/// an UNSAT collection and four `gen` formulas, through two solvers; six
/// jobs.
fn selection() -> Vec<String> {
    let mut args = vec![
        "--instances".to_string(),
        root().join("instances").display().to_string(),
        "--family".into(),
        "gen,numberlink".into(),
        "--encoding".into(),
        "default".into(),
        "--solvers".into(),
        "cadical minisat".into(),
        "--time-limit".into(),
        "20".into(),
    ];
    for filter in [
        "10by40",
        "inputs5",
        "queens-8",
        "queens-16",
        "php-6",
        "php-7",
    ] {
        args.extend(["--filter".to_string(), filter.to_string()]);
    }
    args
}

/// Jobs in [`selection`].
const JOBS: usize = 6;

/// The folder of the built programs.
fn bin_dir() -> PathBuf {
    bin("bench-run").parent().expect("bin dir").to_path_buf()
}

/// PATH with the built programs first.
fn path_with_bins() -> String {
    format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// What must agree between two runs of one (instance, variant, solver):
/// everything but the times, the memory and the message.
fn comparable(row: &Row) -> String {
    format!(
        "{} {} {} [{}] {} {} verified={} vars={:?} clauses={:?} solutions={:?} cost={:?} \
         limit={} [{}] [{}]",
        row.family,
        row.instance,
        row.encoding,
        row.encoder_options,
        row.solver,
        row.result.as_str(),
        row.verified,
        row.variables,
        row.clauses,
        row.solutions,
        row.cost,
        row.time_limit,
        row.solve_options,
        row.decode_options,
    )
}

/// The rows of a CSV, comparable and sorted.
fn rows_of(csv: &Path) -> Vec<String> {
    let mut rows: Vec<String> = read_rows(csv)
        .unwrap_or_else(|e| panic!("{}: {e}", csv.display()))
        .iter()
        .map(comparable)
        .collect();
    rows.sort();
    rows
}

/// A local `bench-run` of [`selection`] (plus `extra`) into `csv`.
fn local_run(dir: &Path, csv: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = selection();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(["--csv".to_string(), csv.display().to_string()]);
    let output = common::run_program_in(Some(dir), &bin("bench-run"), &str_args(&args), b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let rows = rows_of(csv);
    assert_eq!(rows.len(), 2 * JOBS, "{rows:#?}");
    assert!(
        rows.iter()
            .all(|r| r.contains(" verified=true ") || r.contains(" UNSAT ")),
        "{rows:#?}"
    );
    rows
}

fn str_args(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Runs a script of `scripts/` from `dir` with the built programs on PATH.
fn script(dir: &Path, name: &str, args: &[String], env: &[(&str, &str)]) -> Output {
    let mut command = common::external_command("sh");
    command
        .arg(root().join("scripts").join(name))
        .args(args)
        .current_dir(dir)
        .env("PATH", path_with_bins());
    for (key, value) in env {
        command.env(key, value);
    }
    common::run_command(command, b"")
}

/// The files and folders directly in `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A program in PATH or in the system folders of daemons.
fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    let found = path
        .split(':')
        .chain(["/usr/sbin", "/sbin", "/usr/local/sbin"])
        .map(|dir| Path::new(dir).join(name))
        .find(|candidate| candidate.is_file());
    found
}

/// A free TCP port on this machine (bound, then released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A one-node Slurm cluster of this machine under a temporary folder:
/// munged, slurmctld and slurmd in the foreground, children of the test,
/// ended by their PIDs when it is dropped (also when the test fails).
struct Cluster {
    folder: tempfile::TempDir,
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// The programs a cluster needs, or the first one missing.
    fn programs() -> Result<Vec<PathBuf>, String> {
        [
            "munged",
            "slurmctld",
            "slurmd",
            "sbatch",
            "scontrol",
            "sinfo",
        ]
        .iter()
        .map(|name| find_program(name).ok_or_else(|| format!("{name} is not installed")))
        .collect()
    }

    /// Starts the daemons with `MaxArraySize=max_array` and waits until
    /// the node is idle.
    fn start(max_array: usize) -> Cluster {
        let folder = tempfile::tempdir().expect("tempdir");
        let mut cluster = Cluster {
            folder,
            daemons: Vec::new(),
        };
        let dir = cluster.folder.path().to_path_buf();
        for sub in ["munge", "state", "spool", "log"] {
            std::fs::create_dir(dir.join(sub)).expect("mkdir");
        }
        let key: Vec<u8> = (0..1024u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        let key_file = dir.join("munge/munge.key");
        std::fs::write(&key_file, key).expect("munge key");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o400)).expect("chmod");
        std::fs::set_permissions(dir.join("munge"), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
        let socket = dir.join("munge/socket");
        cluster.spawn(
            "munged",
            Command::new(find_program("munged").expect("munged"))
                .arg("--foreground")
                .arg("--force")
                .arg(format!("--socket={}", socket.display()))
                .arg(format!("--key-file={}", key_file.display()))
                .arg(format!(
                    "--log-file={}",
                    dir.join("log/munged.log").display()
                ))
                .arg(format!("--pid-file={}", dir.join("munge/pid").display()))
                .arg(format!("--seed-file={}", dir.join("munge/seed").display())),
        );
        wait_for("munged's socket", || socket.exists());

        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .expect("hostname")
            .trim()
            .split('.')
            .next()
            .unwrap_or_default()
            .to_string();
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let d = dir.display();
        let config = format!(
            "ClusterName=satpipetest\n\
             SlurmctldHost={host}\n\
             SlurmctldPort={ctld}\n\
             SlurmdPort={slurmd}\n\
             AuthType=auth/munge\n\
             AuthInfo=socket={socket}\n\
             CredType=cred/munge\n\
             SlurmUser=root\n\
             SlurmdUser=root\n\
             StateSaveLocation={d}/state\n\
             SlurmdSpoolDir={d}/spool\n\
             SlurmctldPidFile={d}/slurmctld.pid\n\
             SlurmdPidFile={d}/slurmd.pid\n\
             SlurmctldLogFile={d}/log/slurmctld.log\n\
             SlurmdLogFile={d}/log/slurmd.log\n\
             MailProg=/bin/true\n\
             MpiDefault=none\n\
             ProctrackType=proctrack/linuxproc\n\
             TaskPlugin=task/none\n\
             JobAcctGatherType=jobacct_gather/none\n\
             SwitchType=switch/none\n\
             SchedulerType=sched/builtin\n\
             SchedulerParameters=sched_interval=1,sched_min_interval=100000\n\
             SelectType=select/cons_tres\n\
             SelectTypeParameters=CR_Core_Memory\n\
             ReturnToService=2\n\
             MaxArraySize={max_array}\n\
             NodeName={host} CPUs={cpus} RealMemory=1024 State=UNKNOWN\n\
             PartitionName=batch Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
            ctld = free_port(),
            slurmd = free_port(),
            socket = socket.display(),
        );
        std::fs::write(cluster.config(), config).expect("slurm.conf");
        for daemon in ["slurmctld", "slurmd"] {
            let program = find_program(daemon).expect("daemon");
            let mut command = Command::new(program);
            command.arg("-D").arg("-f").arg(cluster.config());
            cluster.spawn(daemon, &mut command);
        }
        wait_for("the Slurm node to be idle", || {
            let state = cluster.command("sinfo").args(["-h", "-o", "%T"]).output();
            state.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        cluster
    }

    fn config(&self) -> PathBuf {
        self.folder.path().join("slurm.conf")
    }

    /// A Slurm client command of this cluster.
    fn command(&self, name: &str) -> Command {
        let mut command = common::external_command(
            find_program(name)
                .unwrap_or_else(|| PathBuf::from(name))
                .to_str()
                .expect("utf-8"),
        );
        command
            .env("SLURM_CONF", self.config())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    fn spawn(&mut self, name: &'static str, command: &mut Command) {
        let log = self.folder.path().join(format!("log/{name}.out"));
        let out = std::fs::File::create(&log).expect("log");
        let err = out.try_clone().expect("log");
        let child = command
            .env_remove("LD_LIBRARY_PATH")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        self.daemons.push((name, child));
    }

    /// The daemons' logs, for a failure message.
    fn logs(&self) -> String {
        let mut text = String::new();
        for name in entries(&self.folder.path().join("log")) {
            let body = std::fs::read_to_string(self.folder.path().join("log").join(&name))
                .unwrap_or_default();
            let tail: Vec<&str> = body.lines().rev().take(15).collect();
            text.push_str(&format!("--- {name}\n"));
            for line in tail.iter().rev() {
                text.push_str(line);
                text.push('\n');
            }
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Jobs still queued or running (a failed test) end first.
        let _ = self
            .command("scancel")
            .args(["--partition", "batch"])
            .output();
        // Then the daemons, last started first: SIGTERM, SIGKILL after 5 s.
        for (_, child) in self.daemons.iter_mut().rev() {
            if let Ok(pid) = libc::pid_t::try_from(child.id()) {
                // SAFETY: kill(2) on our own child's PID, not yet reaped.
                unsafe { libc::kill(pid, libc::SIGTERM) };
            }
            let start = Instant::now();
            while matches!(child.try_wait(), Ok(None)) && start.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(50));
            }
            if matches!(child.try_wait(), Ok(None)) {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

/// Polls `ready` every 100 ms, for at most 30 s.
fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

#[test]
fn slurm_arrays_in_chunks_merge_into_the_local_rows() {
    let programs = Cluster::programs();
    let why = match (&programs, is_root()) {
        (Err(missing), _) => format!("cannot run: {missing} (scripts/install-deps.sh)"),
        (Ok(_), false) => "cannot run: its daemons need root".to_string(),
        (Ok(_), true) => String::new(),
    };
    if !available(why.is_empty(), "a one-node Slurm cluster", &why) {
        return;
    }
    // Six jobs on a cluster that takes arrays of four: two arrays.
    let cluster = Cluster::start(4);
    let config = cluster.config().display().to_string();
    let max = cluster
        .command("scontrol")
        .args(["show", "config"])
        .output()
        .expect("scontrol");
    assert!(
        String::from_utf8_lossy(&max.stdout).contains("MaxArraySize            = 4"),
        "{}",
        String::from_utf8_lossy(&max.stdout)
    );

    // Submitted from a folder outside the repository.
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("out");
    let mut args: Vec<String> = ["--mem", "200M", "--throttle", "2", "--wait"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend([out.display().to_string(), "--".to_string()]);
    args.extend(selection());
    let ran = script(
        work.path(),
        "bench-slurm.sh",
        &args,
        &[("SLURM_CONF", &config)],
    );
    assert_eq!(
        code(&ran),
        0,
        "{}\n{}\n{:?}",
        stderr(&ran),
        cluster.logs(),
        entries(&out.join("logs"))
    );
    let said = stderr(&ran);
    assert!(
        said.contains("jobs 0-3 of") && said.contains("jobs 4-5 of"),
        "{said}"
    );
    // Each task's time: bench-run --job-seconds (the encoder 52 s, then
    // 84 s for each of 2 solvers at 20 s: 220 s) in minutes, plus one.
    assert!(said.contains("(5 min a task)"), "{said}");
    // Everything in OUT, nothing in the submit folder.
    assert_eq!(entries(work.path()), ["out"]);
    assert_eq!(
        entries(&out),
        ["fragments", "jobs.txt", "logs", "report", "results.csv"]
    );
    let logs = entries(&out.join("logs"));
    assert_eq!(
        logs.iter().filter(|l| l.starts_with("slurm-")).count(),
        JOBS,
        "{logs:?}"
    );
    assert!(out.join("report/summary.md").is_file());
    let jobs = std::fs::read_to_string(out.join("jobs.txt")).expect("jobs");
    assert_eq!(jobs.lines().count(), JOBS);
    assert!(jobs.lines().all(|l| l.starts_with('/')
        && l.contains(" --peers-installed ")
        && l.contains(&format!(" --csv {}/fragments/job-0000", out.display()))));

    let merged = rows_of(&out.join("results.csv"));
    let local = local_run(work.path(), &work.path().join("local.csv"), &[]);
    assert_eq!(merged, local);
}

#[test]
fn gnu_parallel_runs_again_what_failed() {
    let gnu = common::external_command("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    if !available(
        gnu,
        "GNU parallel",
        "is not installed (scripts/install-deps.sh)",
    ) {
        return;
    }
    let work = tempfile::tempdir().expect("tempdir");
    // A decoder that fails once, in a --bin-dir of its own: the first run
    // has one ERROR row, which the second run of the script runs again.
    let bins = work.path().join("bins");
    std::fs::create_dir(&bins).expect("mkdir");
    let mark = work.path().join("failed-once");
    let decoder = bins.join("decode-numberlink");
    std::fs::write(
        &decoder,
        format!(
            "#!/bin/sh\nif mkdir '{mark}' 2>/dev/null; then echo 'failing once' >&2; exit 1; fi\n\
             exec '{real}' \"$@\"\n",
            mark = mark.display(),
            real = bin("decode-numberlink").display(),
        ),
    )
    .expect("write");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&decoder, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = work.path().join("out");
    let mut args: Vec<String> = vec!["--jobs".into(), "2".into(), out.display().to_string()];
    args.extend(["--".to_string(), "--bin-dir".to_string()]);
    args.push(bins.display().to_string());
    args.extend(selection());

    let first = script(work.path(), "bench-parallel.sh", &args, &[]);
    assert_eq!(code(&first), 0, "{}", stderr(&first));
    let rows = rows_of(&out.join("results.csv"));
    let errors: Vec<&String> = rows.iter().filter(|r| r.contains(" ERROR ")).collect();
    assert_eq!(errors.len(), 1, "{rows:#?}");
    assert!(errors[0].starts_with("numberlink "), "{rows:#?}");
    // Each job's output is in its log.
    let logs = entries(&out.join("logs"));
    assert_eq!(logs.len(), JOBS, "{logs:?}");
    let failed = logs
        .iter()
        .filter(|name| {
            std::fs::read_to_string(out.join("logs").join(name))
                .expect("log")
                .contains(" 1 ERROR;")
        })
        .count();
    assert_eq!(failed, 1, "{logs:?}");

    let second = script(work.path(), "bench-parallel.sh", &args, &[]);
    assert_eq!(code(&second), 0, "{}", stderr(&second));
    let merged = rows_of(&out.join("results.csv"));
    assert_eq!(
        entries(work.path()),
        ["bins", "failed-once", "out"],
        "nothing but OUT is written"
    );
    let local = local_run(
        work.path(),
        &work.path().join("local.csv"),
        &["--bin-dir", bins.to_str().expect("utf-8")],
    );
    assert_eq!(merged, local);
}

#[test]
fn the_scripts_refuse_bad_options() {
    let work = tempfile::tempdir().expect("tempdir");
    let nodes = work.path().join("nodes.txt").display().to_string();
    for (name, args, message) in [
        (
            "bench-slurm.sh",
            vec!["--time", "soon", "out"],
            "--time takes a positive whole number",
        ),
        (
            "bench-slurm.sh",
            vec!["--max-array", "0", "out"],
            "--max-array takes",
        ),
        (
            "bench-slurm.sh",
            vec!["--nodes", "3", "out"],
            "unknown option --nodes",
        ),
        ("bench-slurm.sh", vec![], "usage:"),
        (
            "bench-parallel.sh",
            vec!["--jobs", "0", "out"],
            "--jobs takes",
        ),
        (
            "bench-parallel.sh",
            vec!["--sshloginfile", &nodes, "out"],
            "cannot read",
        ),
    ] {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let ran = script(work.path(), name, &args, &[]);
        assert_ne!(code(&ran), 0, "{name} {args:?}");
        assert!(
            stderr(&ran).contains(message),
            "{name} {args:?}: {}",
            stderr(&ran)
        );
        assert_eq!(
            entries(work.path()),
            Vec::<String>::new(),
            "{name} {args:?}"
        );
    }
    // A selection bench-run refuses leaves no job list behind.
    if common::have("parallel") {
        let out = work.path().join("out");
        let args = [
            out.display().to_string(),
            "--".into(),
            "--family".into(),
            "nosuch".into(),
        ];
        let ran = script(work.path(), "bench-parallel.sh", &args, &[]);
        common::assert_error(&ran, "instances folder instances not found");
        assert_eq!(entries(&out), ["fragments", "logs"]);
    }
}
