//! Times CGM on the workloads of [`commbook::core::bench`].
//!
//! Run with `cargo bench --bench cgm --profile bench-native` (opt-level 3;
//! the plain release profile optimises for size, for the site). Prints the
//! minimum and median wall-clock time of 50 timed runs after 5 warm-ups and,
//! on Linux, the mean CPU time of the thread over those runs (from
//! `/proc/thread-self/schedstat`, which the kernel updates only every few
//! milliseconds, hence the mean over the batch), which a busy machine
//! inflates far less than wall-clock time.

use commbook::core::bench::{cgm_workloads, run_cgm};
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds this thread has spent on a CPU, when the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn main() {
    const WARMUP: u64 = 5;
    const RUNS: u64 = 50;
    for w in cgm_workloads() {
        for seed in 0..WARMUP {
            black_box(run_cgm(black_box(&w), seed));
        }
        let mut wall = Vec::new();
        let cpu0 = cpu_ns();
        for seed in 0..RUNS {
            let t0 = Instant::now();
            black_box(run_cgm(black_box(&w), seed));
            wall.push(t0.elapsed().as_secs_f64() * 1e3);
        }
        let cpu = match (cpu0, cpu_ns()) {
            (Some(a), Some(b)) => {
                format!("cpu mean {:>6.2} ms", (b - a) as f64 / 1e6 / RUNS as f64)
            }
            _ => "cpu n/a".to_string(),
        };
        wall.sort_by(f64::total_cmp);
        let (wmin, wmed) = (wall[0], wall[wall.len() / 2]);
        println!(
            "{:<34} wall min {wmin:>6.2} ms, median {wmed:>6.2} ms | {cpu}  ({} messages)",
            w.name,
            w.com.len()
        );
    }
}
