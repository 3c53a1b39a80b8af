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
//! than wall-clock time. A simulator case chosen with its reference engine
//! (`sim` chooses both) is timed beside it, round by round, and the
//! report adds the median round's ratio (`paired_ratio` in the JSON):
//! run one after the other, the two engines' times drifted apart on a
//! shared machine by as much as the gap being measured. `.ci/bench` runs
//! this with `--json` and the same cases in the browser, and prints them
//! side by side.

use commbook::core::bench::{CASE_IDS, Timing, case, time, time_pair};
use std::time::Instant;

/// Nanoseconds this thread has spent on a CPU, when the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Milliseconds of CPU this thread has used since `ns` (from [`cpu_ns`]).
fn cpu_ms_since(ns: Option<u64>) -> Option<f64> {
    Some((cpu_ns()? - ns?) as f64 / 1e6)
}

/// One timed case as the report prints it.
struct Row {
    id: &'static str,
    title: String,
    unit: Option<&'static str>,
    t: Timing,
    cpu_ms: Option<f64>,
    /// For a case timed beside its reference engine: that engine's time
    /// over this one's, the median of the rounds (see `time_pair`).
    ratio: Option<f64>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let chosen: Vec<&'static str> = CASE_IDS
        .iter()
        .copied()
        .filter(|id| {
            words.iter().all(|w| match w.strip_prefix('=') {
                Some(exact) => *id == exact,
                None => id.contains(w.as_str()),
            })
        })
        .collect();
    let mut rows = Vec::new();
    for &id in &chosen {
        let reference = format!("{id}-reference");
        if let Some(fast) = id.strip_suffix("-reference")
            && chosen.contains(&fast)
        {
            // Timed beside its fast engine (see below).
            continue;
        }
        let Some(mut c) = case(id) else { continue };
        let runs = c.runs;
        match chosen.iter().find(|r| **r == reference) {
            Some(&rid) => {
                let Some(mut r) = case(rid) else { continue };
                // Both engines alternate, round by round (the machine's
                // drift hits both alike): more rounds than alone.
                let runs = runs + 2;
                let cpu0 = cpu_ns();
                let p = time_pair(&mut c, &mut r, 1, runs, &clock);
                // The CPU time of the pair (the checksum round and the
                // warm-up used it too), shared in proportion to the
                // wall-clock time each took.
                let cpu = cpu_ms_since(cpu0).map(|c| c / (runs + 2) as f64);
                let (sa, sb) = (p.a.times.iter().sum::<f64>(), p.b.times.iter().sum::<f64>());
                let share = |s: f64| cpu.map(|c| c * s / (sa + sb).max(1e-9));
                let ratio = Some(p.ratio());
                rows.push(Row {
                    id,
                    title: c.title.clone(),
                    unit: c.unit,
                    cpu_ms: share(sa),
                    ratio,
                    t: p.a,
                });
                rows.push(Row {
                    id: rid,
                    title: r.title.clone(),
                    unit: r.unit,
                    cpu_ms: share(sb),
                    ratio: None,
                    t: p.b,
                });
            }
            None => {
                let cpu0 = cpu_ns();
                let t = time(&mut c, 1, runs, &clock);
                // The warm-up, the checksum run and the timed runs all used the CPU.
                let cpu_ms = cpu_ms_since(cpu0).map(|c| c / (runs + 2) as f64);
                rows.push(Row {
                    id,
                    title: c.title.clone(),
                    unit: c.unit,
                    t,
                    cpu_ms,
                    ratio: None,
                });
            }
        }
    }
    // Report order is CASE_IDS' order, whatever the pairing.
    commbook::core::sorting::sort_by_u64(&mut rows, |r| {
        CASE_IDS.iter().position(|id| *id == r.id).unwrap_or(0) as u64
    });
    if json {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    r#"{{"id":"{}","min_ms":{:.4},"median_ms":{:.4},"cpu_mean_ms":{},"work":{},"checksum":"{:x}"{}}}"#,
                    r.id,
                    r.t.min(),
                    r.t.median(),
                    r.cpu_ms.map_or("null".to_string(), |c| format!("{c:.4}")),
                    r.t.work,
                    r.t.checksum,
                    r.ratio.map_or(String::new(), |x| format!(r#","paired_ratio":{x:.4}"#))
                )
            })
            .collect();
        println!("[{}]", rows.join(","));
        return;
    }
    for r in &rows {
        let cpu = r
            .cpu_ms
            .map_or("cpu n/a".to_string(), |c| format!("cpu mean {c:>8.2} ms"));
        let rate = r.unit.map_or(String::new(), |u| {
            format!(", {:.1} M {u}/s", r.t.rate_m_per_s())
        });
        println!(
            "{:<40} wall min {:>8.2} ms, median {:>8.2} ms{rate} | {cpu}",
            r.title,
            r.t.min(),
            r.t.median()
        );
    }
    for r in rows.iter().filter(|r| r.ratio.is_some()) {
        let ratios = r.ratio.unwrap_or(0.0);
        println!(
            "{}: {ratios:.2}x the reference engine's speed, side by side (the median round)",
            r.title
        );
    }
}
