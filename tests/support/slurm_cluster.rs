//! A one-node Slurm cluster started from nothing for a test: munged, slurmctld
//! and slurmd from the Debian packages, run in the foreground from a
//! configuration written into a temporary directory (no systemd, no files
//! outside that directory), and stopped by PID when dropped.

use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The programs the cluster needs; `None` from [`missing_programs`] means all
/// are installed.
const PROGRAMS: [&str; 9] = [
    "munged",
    "mungekey",
    "slurmctld",
    "slurmd",
    "sbatch",
    "squeue",
    "sinfo",
    "scontrol",
    "scancel",
];

/// Where a program is: on `PATH`, or in the sbin directories a non-root
/// `PATH` often lacks.
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The programs of [`PROGRAMS`] that are not installed, space-separated, or
/// `None` when all are.
pub fn missing_programs() -> Option<String> {
    let missing: Vec<&str> = PROGRAMS
        .into_iter()
        .filter(|name| find_program(name).is_none())
        .collect();
    (!missing.is_empty()).then(|| missing.join(" "))
}

/// A running one-node cluster; its client commands need `SLURM_CONF`
/// ([`Cluster::command`] sets it).
pub struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    /// munged, slurmctld, slurmd: stopped in the reverse order.
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Writes the munge key and slurm.conf into `dir` (created) and starts
    /// the daemons; returns once the node is idle.
    pub fn start(dir: &Path) -> Cluster {
        let _ = fs::remove_dir_all(dir);
        for sub in ["munge", "state", "spool", "log"] {
            fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let mut cluster = Cluster {
            dir: dir.to_path_buf(),
            conf: dir.join("slurm.conf"),
            daemons: Vec::new(),
        };
        let key = dir.join("munge/munge.key");
        let status = Command::new(find_program("mungekey").unwrap())
            .arg("--create")
            .arg(format!("--keyfile={}", key.display()))
            .status()
            .expect("mungekey runs");
        assert!(status.success(), "mungekey failed");

        let socket = dir.join("munge/munge.socket");
        let munge = dir.join("munge");
        cluster.spawn(
            "munged",
            &[
                "--foreground".into(),
                // Root, and a socket directory only root can enter: munged
                // would refuse both without --force.
                "--force".into(),
                format!("--socket={}", socket.display()),
                format!("--key-file={}", key.display()),
                format!("--pid-file={}", munge.join("munged.pid").display()),
                format!("--seed-file={}", munge.join("munged.seed").display()),
                format!("--log-file={}", dir.join("log/munged.log").display()),
            ],
        );
        wait_for(Duration::from_secs(10), "the munge socket", || {
            socket.exists()
        });

        fs::write(&cluster.conf, slurm_conf(dir, &socket)).unwrap();
        let conf = cluster.conf.display().to_string();
        // -i: ignore (there is none) saved state; -D: stay in the foreground,
        // so that the PID spawned is the daemon's.
        cluster.spawn(
            "slurmctld",
            &["-D".into(), "-i".into(), "-f".into(), conf.clone()],
        );
        cluster.spawn("slurmd", &["-D".into(), "-f".into(), conf]);
        wait_for(Duration::from_secs(30), "the node to be idle", || {
            let out = cluster.command("sinfo").args(["-h", "-o", "%T"]).output();
            out.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        cluster
    }

    fn spawn(&mut self, name: &'static str, args: &[String]) {
        let log = fs::File::create(self.dir.join(format!("log/{name}.out"))).unwrap();
        let child = Command::new(find_program(name).unwrap())
            .args(args)
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{name} starts: {e}"));
        self.daemons.push((name, child));
    }

    /// A command (a Slurm client or a script calling them) that talks to
    /// this cluster.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    /// The state Slurm gives job `id` (`COMPLETED`, `CANCELLED`, …).
    pub fn job_state(&self, id: &str) -> String {
        let out = self
            .command("scontrol")
            .args(["show", "job", id])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let state = text
            .split_whitespace()
            .find_map(|field| field.strip_prefix("JobState="))
            .unwrap_or_else(|| panic!("no state for job {id}: {text}"));
        state.to_string()
    }

    /// Whether a slurmstepd is still there: its socket or its job directory
    /// in slurmd's spool.
    fn steps_running(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        let Ok(entries) = fs::read_dir(self.dir.join("spool")) else {
            return false;
        };
        entries.flatten().any(|entry| {
            let name = entry.file_name();
            name.to_string_lossy().starts_with("job")
                || entry.file_type().is_ok_and(|t| t.is_socket())
        })
    }

    /// The daemons' logs, for a failing assertion's message.
    pub fn logs(&self) -> String {
        ["munged", "slurmctld", "slurmd"]
            .iter()
            .map(|name| {
                let text = fs::read_to_string(self.dir.join(format!("log/{name}.out")));
                format!("--- {name}:\n{}", text.unwrap_or_default())
            })
            .collect()
    }
}

impl Drop for Cluster {
    /// Cancels the jobs still queued or running (after a failed assertion)
    /// and stops the daemons this cluster started, by their PIDs, slurmd
    /// first.
    fn drop(&mut self) {
        let _ = self.command("scancel").args(["-u", &user_name()]).status();
        wait_for_quietly(Duration::from_secs(5), || {
            let out = self.command("squeue").args(["-h", "-o", "%i"]).output();
            out.is_ok_and(|o| o.stdout.is_empty())
        });
        // A job's slurmstepd outlives the job by a moment; it is gone when
        // its socket and job directory have left slurmd's spool.
        wait_for_quietly(Duration::from_secs(10), || !self.steps_running());
        while let Some((_, mut child)) = self.daemons.pop() {
            // SIGTERM lets each daemon close its socket and files; SIGKILL
            // if it is still there a few seconds later.
            // SAFETY: kill(2) on the PID of a child this process spawned and
            // has not yet waited for, so the PID is still ours.
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
            let deadline = Instant::now() + Duration::from_secs(5);
            while child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Polls `ready` every 100 ms until it holds; panics after `limit`.
pub fn wait_for(limit: Duration, what: &str, ready: impl FnMut() -> bool) {
    assert!(
        wait_for_quietly(limit, ready),
        "waited {limit:?} for {what}"
    );
}

/// Polls `ready` every 100 ms until it holds (true) or `limit` has passed
/// (false).
fn wait_for_quietly(limit: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while !ready() {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    true
}

/// Two distinct TCP ports free at the time of asking (the daemons bind them
/// shortly after).
fn free_ports() -> (u16, u16) {
    let a = TcpListener::bind("127.0.0.1:0").unwrap();
    let b = TcpListener::bind("127.0.0.1:0").unwrap();
    (
        a.local_addr().unwrap().port(),
        b.local_addr().unwrap().port(),
    )
}

/// The user running the test, who is the cluster's Slurm user too.
fn user_name() -> String {
    let out = Command::new("id").arg("-un").output().expect("id runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// slurm.conf for one node, this machine, as `slurmd -C` describes it.
/// The scheduler runs at each event, without its default batching delay of
/// up to 3 s (`batch_sched_delay=0,sched_min_interval=0`), so that a merge
/// job starts as its array ends: the test takes 10-13 s instead of 19 s.
fn slurm_conf(dir: &Path, munge_socket: &Path) -> String {
    let out = Command::new(find_program("slurmd").unwrap())
        .arg("-C")
        .output()
        .expect("slurmd -C runs");
    let node = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .expect("slurmd -C describes the node")
        .to_string();
    let name = node
        .split_whitespace()
        .find_map(|field| field.strip_prefix("NodeName="))
        .expect("slurmd -C names the node")
        .to_string();
    let user = user_name();
    let (ctld_port, d_port) = free_ports();
    let d = dir.display();
    format!(
        "ClusterName=plakototest
SlurmctldHost={name}(127.0.0.1)
SlurmUser={user}
SlurmdUser={user}
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={socket}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/log/slurmctld.log
SlurmdLogFile={d}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
DependencyParameters=kill_invalid_depend
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
{node} NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
",
        socket = munge_socket.display(),
    )
}
