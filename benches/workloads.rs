//! Times every benchmark case of [`commbook::core::bench`] natively.
//!
//! `cargo bench --bench workloads --profile bench-native [-- --json] [WORD]`
//! (opt-level 3; the plain release profile optimises for size, for the
//! site); with a word, only the cases whose id contains it (`=ID`: only
//! that case, e.g. to profile the fast engine without the reference). Prints the
//! minimum and median wall-clock time of the timed runs after a warm-up,
//! the rate for cases with a unit of work (flit moves for the simulator)
//! and, on Linux, the mean CPU time of the thread (from
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let mut rows = Vec::new();
    for id in CASE_IDS.iter().filter(|id| {
        words.iter().all(|w| match w.strip_prefix('=') {
            Some(exact) => **id == exact,
            None => id.contains(w.as_str()),
        })
    }) {
        let Some(mut c) = case(id) else { continue };
        let runs = c.runs;
        let cpu0 = cpu_ns();
        let t = time(&mut c, 1, runs, &clock);
        // The warm-up, the checksum run and the timed runs all used the CPU.
        let cpu_ms = match (cpu0, cpu_ns()) {
            (Some(a), Some(b)) => Some((b - a) as f64 / 1e6 / (runs + 2) as f64),
            _ => None,
        };
        if json {
            rows.push(format!(
                r#"{{"id":"{id}","min_ms":{:.4},"median_ms":{:.4},"cpu_mean_ms":{},"work":{},"checksum":"{:x}"}}"#,
                t.min(),
                t.median(),
                cpu_ms.map_or("null".to_string(), |c| format!("{c:.4}")),
                t.work,
                t.checksum
            ));
        } else {
            let cpu = cpu_ms.map_or("cpu n/a".to_string(), |c| format!("cpu mean {c:>8.2} ms"));
            let rate = c.unit.map_or(String::new(), |u| {
                format!(", {:.1} M {u}/s", t.rate_m_per_s())
            });
            println!(
                "{:<40} wall min {:>8.2} ms, median {:>8.2} ms{rate} | {cpu}",
                c.title,
                t.min(),
                t.median()
            );
        }
    }
    if json {
        println!("[{}]", rows.join(","));
    }
}
