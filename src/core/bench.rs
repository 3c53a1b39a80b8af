//! The workloads of the scheduling benchmark, as plain functions, so the
//! native bench binary (`benches/cgm.rs`) and the browser time exactly the
//! same work.
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
