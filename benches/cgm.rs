//! Times CGM on the workloads of [`commbook::core::bench`].
//!
//! Run with `cargo bench --bench cgm --profile bench-native` (opt-level 3;
//! the plain release profile optimises for size, for the site). Prints the
//! minimum and median of 50 timed runs after 5 warm-ups, as wall-clock time
//! and, on Linux, as the thread's CPU time (from
//! `/proc/thread-self/schedstat`), which a busy machine inflates far less.

use commbook::core::bench::{cgm_workloads, run_cgm};
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds this thread has spent on a CPU, when the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn min_median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2])
}

fn main() {
    const WARMUP: u64 = 5;
    const RUNS: u64 = 50;
    for w in cgm_workloads() {
        for seed in 0..WARMUP {
            black_box(run_cgm(black_box(&w), seed));
        }
        let (mut wall, mut cpu) = (Vec::new(), Vec::new());
        for seed in 0..RUNS {
            let (c0, t0) = (cpu_ns(), Instant::now());
            black_box(run_cgm(black_box(&w), seed));
            wall.push(t0.elapsed().as_secs_f64() * 1e3);
            if let (Some(a), Some(b)) = (c0, cpu_ns()) {
                cpu.push((b - a) as f64 / 1e6);
            }
        }
        let (wmin, wmed) = min_median(wall);
        let cpu = if cpu.is_empty() {
            "cpu n/a".to_string()
        } else {
            let (cmin, cmed) = min_median(cpu);
            format!("cpu min {cmin:>6.2} ms, median {cmed:>6.2} ms")
        };
        println!(
            "{:<34} wall min {wmin:>6.2} ms, median {wmed:>6.2} ms | {cpu}  ({} messages)",
            w.name,
            w.com.len()
        );
    }
}
