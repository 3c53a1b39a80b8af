//! The workloads of the benchmarks, as plain functions, so the native bench
//! binary (`benches/workloads.rs`) and the browser (`commbook.bench` in the
//! JS API, driven by `.ci/bench`) time exactly the same work.
//!
//! DESIGN.md's budget: CGM on a Figure-7 matrix with n = 512, d = 511 in at
//! most 10 ms natively, and at most twice that in the browser; n = 4096,
//! d = 64 is timed beside it. The matrix is built once, outside the timed
//! region; [`run_cgm`] times compaction and iterations (no trace) and
//! returns a checksum so the optimiser cannot drop the work.
//!
//! ```
//! use commbook::core::bench;
//! let w = bench::Workload::fig7(64, 8);
//! assert_eq!(bench::run_cgm(&w, 1), bench::run_cgm(&w, 1));
//! ```

use crate::core::algo::cgm;
use crate::core::com::Com;
use crate::core::com::fig7::Fig7Config;

/// A matrix to schedule, with its name for reports.
pub struct Workload {
    /// What is timed, for the report.
    pub name: String,
    /// The matrix, built before timing.
    pub com: Com,
}

impl Workload {
    /// The Figure 7 matrix for n and d (seed 1, rows and columns mixed).
    /// Panics on parameters Figure 7 refuses: benchmarks pass constants.
    pub fn fig7(n: usize, d: usize) -> Workload {
        Workload {
            name: format!("CGM, Figure 7, n = {n}, d = {d}"),
            com: Fig7Config::new(n, d, 1)
                .generate()
                .expect("benchmark parameters are valid"),
        }
    }
}

/// The two workloads of the budget.
pub fn cgm_workloads() -> Vec<Workload> {
    vec![Workload::fig7(512, 511), Workload::fig7(4096, 64)]
}

/// Schedules the workload with CGM and folds the result into a checksum:
/// phases, probes and the shape of the last phase.
pub fn run_cgm(w: &Workload, seed: u64) -> u64 {
    let run = cgm::run(&w.com, seed);
    let s = &run.schedule;
    let last = s.phases.last().map_or(0, |p| {
        p.iter().fold(p.len() as u64, |h, t| {
            h.rotate_left(5) ^ (t.src * 31 + t.dst) as u64
        })
    });
    (s.len() as u64) << 48 ^ run.probes ^ last
}

/// One benchmark case: prepared once (outside the timing), then run with
/// a seed; each run returns a checksum so the work cannot be optimised away.
pub struct Case {
    /// Stable identifier, e.g. `cgm-512-511`.
    pub id: &'static str,
    /// What is timed, for reports.
    pub title: String,
    /// The budget this case is measured against, for reports.
    pub budget: &'static str,
    run: Box<dyn FnMut(u64) -> u64>,
}

impl Case {
    /// Runs the case once.
    pub fn run(&mut self, seed: u64) -> u64 {
        (self.run)(seed)
    }
}

/// The identifiers of every case, in report order.
pub const CASE_IDS: &[&str] = &["cgm-512-511", "cgm-4096-64"];

/// Prepares the case `id` (`None` for an unknown id).
pub fn case(id: &str) -> Option<Case> {
    let cgm = |n, d, id| {
        let w = Workload::fig7(n, d);
        Case {
            id,
            title: w.name.clone(),
            budget: "native ≤ 10 ms (n = 512, d = 511); browser ≤ 2 × native",
            run: Box::new(move |seed| run_cgm(&w, seed)),
        }
    };
    match id {
        "cgm-512-511" => Some(cgm(512, 511, "cgm-512-511")),
        "cgm-4096-64" => Some(cgm(4096, 64, "cgm-4096-64")),
        _ => None,
    }
}

/// Times `runs` runs of a case (after `warmup` untimed ones) with `clock`
/// in milliseconds; returns the sorted times and the checksum of seed 0, so
/// two platforms' results compare however many runs each made.
pub fn time(case: &mut Case, warmup: u64, runs: u64, clock: &dyn Fn() -> f64) -> (Vec<f64>, u64) {
    let sum = case.run(0);
    for seed in 0..warmup {
        case.run(seed);
    }
    let mut times = Vec::with_capacity(runs as usize);
    for seed in 0..runs {
        let t0 = clock();
        case.run(seed);
        times.push(clock() - t0);
    }
    times.sort_by(f64::total_cmp);
    (times, sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_case_exists_and_repeats() {
        for id in CASE_IDS {
            assert!(case(id).is_some(), "{id}");
        }
        assert!(case("nope").is_none());
        let mut c = Case {
            id: "t",
            title: String::new(),
            budget: "",
            run: Box::new(|s| s * 2),
        };
        let tick = std::cell::Cell::new(0.0);
        let (times, sum) = time(&mut c, 1, 3, &|| {
            tick.set(tick.get() + 1.0);
            tick.get()
        });
        assert_eq!((times, sum), (vec![1.0, 1.0, 1.0], 0));
    }
}
