//! Times every benchmark case of [`commbook::core::bench`] natively.
//!
//! `cargo bench --bench workloads --profile bench-native [-- --json]`
//! (opt-level 3; the plain release profile optimises for size, for the
//! site). Prints the minimum and median wall-clock time of the timed runs
//! after warm-ups and, on Linux, the mean CPU time of the thread (from
//! `/proc/thread-self/schedstat`), which a busy machine inflates far less
//! than wall-clock time. `.ci/bench` runs this with `--json` and the same
//! cases in the browser, and prints them side by side.

use commbook::core::bench::{CASE_IDS, case, time};
use std::time::Instant;

/// Nanoseconds this thread has spent on a CPU, when the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    const WARMUP: u64 = 5;
    const RUNS: u64 = 30;
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let mut rows = Vec::new();
    for id in CASE_IDS {
        let Some(mut c) = case(id) else { continue };
        let cpu0 = cpu_ns();
        let (times, sum) = time(&mut c, WARMUP, RUNS, &clock);
        let cpu_ms = match (cpu0, cpu_ns()) {
            (Some(a), Some(b)) => Some((b - a) as f64 / 1e6 / (WARMUP + RUNS) as f64),
            _ => None,
        };
        let (min, median) = (times[0], times[times.len() / 2]);
        if json {
            rows.push(format!(
                r#"{{"id":"{id}","min_ms":{min:.4},"median_ms":{median:.4},"cpu_mean_ms":{},"checksum":"{sum:x}"}}"#,
                cpu_ms.map_or("null".to_string(), |c| format!("{c:.4}"))
            ));
        } else {
            let cpu = cpu_ms.map_or("cpu n/a".to_string(), |c| format!("cpu mean {c:>7.2} ms"));
            println!(
                "{:<40} wall min {min:>7.2} ms, median {median:>7.2} ms | {cpu}",
                c.title
            );
        }
    }
    if json {
        println!("[{}]", rows.join(","));
    }
}
