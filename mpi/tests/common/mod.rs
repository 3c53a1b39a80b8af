//! Launching the runner under `mpirun`, one job at a time, each bounded by
//! a timeout so that a hang fails the test instead of blocking CI.

#![allow(dead_code)] // each test file uses its own share of the helpers

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The apt packages the runner needs, for the message when they are missing.
pub const APT: &str = "apt-get install -y openmpi-bin libopenmpi-dev libclang-dev clang";

/// Seconds any one mpirun may take before the test fails.
pub const LIMIT: Duration = Duration::from_secs(90);

/// What a job printed and how it ended.
#[derive(Debug)]
pub struct Outcome {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Outcome {
    /// The timeline or preset printed with `--json`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{self:#?}"))
    }
}

/// One mpirun at a time: ranks outnumber the cores already.
fn turn() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Fails with the packages to install if `mpirun` is missing.
fn need_mpirun() {
    match Command::new("mpirun").arg("--version").output() {
        Ok(o) if o.status.success() => {}
        Ok(o) => panic!(
            "`mpirun --version` failed ({}); the runner's tests need Open MPI: {APT}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => panic!(
            "mpirun not found ({e}): the runner's tests need Open MPI; install it with `{APT}` (see mpi/README.md)"
        ),
    }
}

/// `mpirun -np <np> commbook-mpi <args>` with the flags this machine
/// needs (root, more ranks than cores), killed after `limit`.
pub fn mpirun_within(np: usize, args: &[&str], limit: Duration) -> Outcome {
    mpirun_env(np, args, limit, &[])
}

/// [`mpirun_within`] with more environment variables for every rank.
pub fn mpirun_env(np: usize, args: &[&str], limit: Duration, env: &[(&str, &str)]) -> Outcome {
    let _turn = turn();
    need_mpirun();
    let mut cmd = Command::new("mpirun");
    cmd.args([
        "--allow-run-as-root",
        "--oversubscribe",
        "-np",
        &np.to_string(),
    ])
    .arg(env!("CARGO_BIN_EXE_commbook-mpi"))
    // Ranks waiting for a message yield the core instead of spinning: eight
    // ranks on two cores took the same time either way, but spinning used
    // six times the CPU, which the test run's other work (the release site
    // builds beside the native tests) was waiting for.
    .env("OMPI_MCA_mpi_yield_when_idle", "1")
    // One machine: the ob1 messaging layer over shared memory. Left to
    // itself Open MPI first probes its other layers (UCX among them),
    // which made every launch of 8 ranks take 0.47 s instead of 0.25 s.
    .env("OMPI_MCA_pml", "ob1")
    .env("OMPI_MCA_btl", "self,vader")
    .envs(env.iter().copied())
    .args(args)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    // A group of its own, so a timeout can end mpirun and every rank.
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let start = Instant::now();
    let mut child = cmd.spawn().expect("mpirun starts");
    let out_thread = reader(child.stdout.take().expect("piped"));
    let err_thread = reader(child.stderr.take().expect("piped"));
    let status = loop {
        if let Some(s) = child.try_wait().expect("mpirun can be waited for") {
            break s.code();
        }
        if start.elapsed() > limit {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            panic!(
                "mpirun -np {np} commbook-mpi {} took more than {limit:?} and was killed:\nstdout:\n{}\nstderr:\n{}",
                args.join(" "),
                out_thread.join().unwrap_or_default(),
                err_thread.join().unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Outcome {
        status,
        stdout: out_thread.join().unwrap_or_default(),
        stderr: err_thread.join().unwrap_or_default(),
        elapsed: start.elapsed(),
    }
}

/// Reads a pipe to its end on a thread of its own, so a full pipe never
/// stalls the job.
fn reader(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = r.read_to_string(&mut s);
        s
    })
}

/// [`mpirun_within`] with the usual limit.
pub fn mpirun(np: usize, args: &[&str]) -> Outcome {
    mpirun_within(np, args, LIMIT)
}

/// Runs with `--json` and checks that the run passed and the timeline is
/// whole; returns it.
pub fn verified(np: usize, args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = mpirun(np, &a);
    assert_eq!(o.status, Some(0), "{}: {o:#?}", args.join(" "));
    let t = o.json();
    check_timeline(&t, np);
    assert_eq!(t["verified"], true, "{}", args.join(" "));
    t
}

/// The timeline's schema: every field the lab reads, and their sums.
pub fn check_timeline(t: &serde_json::Value, np: usize) {
    assert_eq!(t["schema"], "commbook-timeline/1");
    for key in ["command", "algo", "source", "sync"] {
        assert!(t[key].is_string(), "{key} in {t}");
    }
    assert_eq!(t["ranks"], np);
    assert_eq!(t["hosts"].as_array().map(Vec::len), Some(np));
    let phases = t["phases"].as_array().expect("phases");
    let (mut sent, mut received) = (0, 0);
    for (k, ph) in phases.iter().enumerate() {
        assert_eq!(ph["phase"], k + 1);
        assert!(ph["model_us"].as_f64().is_some_and(|x| x >= 0.0));
        assert!(ph["span"]["median_s"].as_f64().is_some());
        let ranks = ph["ranks"].as_array().expect("ranks");
        assert_eq!(ranks.len(), np);
        for (r, rk) in ranks.iter().enumerate() {
            assert_eq!(rk["rank"], r);
            let (s, e) = (
                rk["start_s"].as_f64().unwrap(),
                rk["end_s"].as_f64().unwrap(),
            );
            assert!(0.0 <= s && s <= e, "phase {}: rank {r}: {s} .. {e}", k + 1);
            sent += rk["bytes_sent"].as_u64().unwrap();
            received += rk["bytes_received"].as_u64().unwrap();
        }
    }
    assert_eq!(sent, received, "every byte sent is received");
    assert_eq!(t["total_bytes"], sent);
    let total = &t["total"];
    assert!(total["min_s"].as_f64().unwrap() <= total["median_s"].as_f64().unwrap());
    assert!(t["model"]["total_us"].as_f64().is_some());
    assert!(t["model"]["formula"].is_string() && t["model"]["machine"].is_string());
    assert!(t["verified"].is_boolean() && t["problem_count"].is_u64());
}
