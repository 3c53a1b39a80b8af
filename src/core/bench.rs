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
//! use commbook_core::bench;
//! let w = bench::Workload::fig7(64, 8);
//! assert_eq!(bench::run_cgm(&w, 1), bench::run_cgm(&w, 1));
//! ```

use crate::algo::cgm;
use crate::com::Com;
use crate::com::fig7::Fig7Config;

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
/// a seed. A run returns a checksum, so the work cannot be optimised away
/// and two platforms can be compared, and the units of work it did (flit
/// moves for the simulator), so a rate can be reported.
pub struct Case {
    /// Stable identifier, e.g. `cgm-512-511`.
    pub id: &'static str,
    /// What is timed, for reports.
    pub title: String,
    /// The budget this case is measured against, for reports.
    pub budget: &'static str,
    /// What one unit of work is (`None`: only the time matters).
    pub unit: Option<&'static str>,
    /// Timed runs that give a stable median without taking minutes.
    pub runs: u64,
    run: Box<dyn FnMut(u64) -> (u64, u64)>,
}

impl Case {
    /// Runs the case once: (checksum, units of work).
    pub fn run(&mut self, seed: u64) -> (u64, u64) {
        (self.run)(seed)
    }
}

/// The identifiers of every case, in report order.
pub const CASE_IDS: &[&str] = &[
    "cgm-512-511",
    "cgm-4096-64",
    "sim-mesh-16x16",
    "sim-fattree-256",
    "sim-mesh-16x16-reference",
    "sim-fattree-256-reference",
];

/// Prepares the case `id` (`None` for an unknown id).
pub fn case(id: &str) -> Option<Case> {
    use crate::sim::bench as sim;
    let cgm = |n, d, id| {
        let w = Workload::fig7(n, d);
        Case {
            id,
            title: w.name.clone(),
            budget: "native ≤ 10 ms (n = 512, d = 511); browser ≤ 2 × native",
            unit: None,
            runs: 30,
            run: Box::new(move |seed| (run_cgm(&w, seed), 0)),
        }
    };
    let simulation = |w: sim::Workload, id, reference: bool| Case {
        id,
        title: if reference {
            format!("{} (reference engine)", w.name)
        } else {
            w.name.to_string()
        },
        budget: "native ≥ 20 M flit moves/s; browser ≥ 50 % of native",
        unit: Some("flit moves"),
        runs: 3,
        // The simulation is deterministic; the seed only varies the CGM cases.
        run: Box::new(move |_| {
            let r = if reference {
                sim::run_reference(&w)
            } else {
                sim::run(&w)
            };
            r.map_or((0, 0), |r| {
                (r.cycles ^ r.flit_moves.rotate_left(32), r.flit_moves)
            })
        }),
    };
    match id {
        "cgm-512-511" => Some(cgm(512, 511, "cgm-512-511")),
        "cgm-4096-64" => Some(cgm(4096, 64, "cgm-4096-64")),
        "sim-mesh-16x16" => Some(simulation(
            sim::mesh_xor_alltoall(),
            "sim-mesh-16x16",
            false,
        )),
        "sim-fattree-256" => Some(simulation(
            sim::fattree_alltoall(),
            "sim-fattree-256",
            false,
        )),
        "sim-mesh-16x16-reference" => Some(simulation(
            sim::mesh_xor_alltoall(),
            "sim-mesh-16x16-reference",
            true,
        )),
        "sim-fattree-256-reference" => Some(simulation(
            sim::fattree_alltoall(),
            "sim-fattree-256-reference",
            true,
        )),
        _ => None,
    }
}

/// What timing a case found.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Times of the timed runs in ms, sorted.
    pub times: Vec<f64>,
    /// The checksum of seed 0, so two platforms compare however many runs
    /// each made.
    pub checksum: u64,
    /// Units of work of one run (0 when the case has no unit).
    pub work: u64,
}

impl Timing {
    /// The fastest run, ms.
    pub fn min(&self) -> f64 {
        self.times.first().copied().unwrap_or(0.0)
    }

    /// The median run, ms.
    pub fn median(&self) -> f64 {
        middle(&self.times)
    }

    /// Millions of units of work per second at the median run.
    pub fn rate_m_per_s(&self) -> f64 {
        if self.median() > 0.0 {
            self.work as f64 / self.median() / 1e3
        } else {
            0.0
        }
    }
}

/// Times `runs` runs of a case (after `warmup` untimed ones) with `clock`
/// in milliseconds.
pub fn time(case: &mut Case, warmup: u64, runs: u64, clock: &dyn Fn() -> f64) -> Timing {
    let (checksum, work) = case.run(0);
    for seed in 0..warmup {
        case.run(seed);
    }
    let mut times = Vec::with_capacity(runs as usize);
    for seed in 0..runs {
        let t0 = clock();
        case.run(seed);
        times.push(clock() - t0);
    }
    Timing {
        times: sorted(times),
        checksum,
        work,
    }
}

/// `v` in increasing order.
fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    crate::sorting::sort_by_u64(&mut v, |&t| crate::sorting::f64_key(t));
    v
}

/// The middle element of sorted `v` (0 if empty).
fn middle(v: &[f64]) -> f64 {
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Times two cases side by side: after a checksum run and `warmup` runs
/// of each, `runs` rounds that each time one run of `a` and then one of
/// `b`. A machine whose speed drifts (a shared or throttled one) slows
/// both alike within a round, so the ratio of the two is steadier than
/// that of two cases timed one after the other: the reference engine's
/// figure against the fast engine's is read this way (see
/// [`Pair::ratio`]).
pub fn time_pair(
    a: &mut Case,
    b: &mut Case,
    warmup: u64,
    runs: u64,
    clock: &dyn Fn() -> f64,
) -> Pair {
    let (ca, wa) = a.run(0);
    let (cb, wb) = b.run(0);
    for seed in 0..warmup {
        a.run(seed);
        b.run(seed);
    }
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for seed in 0..runs {
        let t0 = clock();
        a.run(seed);
        let t1 = clock();
        b.run(seed);
        ta.push(t1 - t0);
        tb.push(clock() - t1);
    }
    let ratios = ta
        .iter()
        .zip(&tb)
        .map(|(&x, &y)| if x > 0.0 { y / x } else { 0.0 })
        .collect();
    Pair {
        a: Timing {
            times: sorted(ta),
            checksum: ca,
            work: wa,
        },
        b: Timing {
            times: sorted(tb),
            checksum: cb,
            work: wb,
        },
        ratios: sorted(ratios),
    }
}

/// Two cases timed side by side ([`time_pair`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub a: Timing,
    pub b: Timing,
    /// Each round's time of `b` over its time of `a`, sorted.
    pub ratios: Vec<f64>,
}

impl Pair {
    /// The median round's ratio of `b`'s time to `a`'s: for the same work,
    /// how many times faster `a` ran.
    pub fn ratio(&self) -> f64 {
        middle(&self.ratios)
    }
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
            unit: Some("steps"),
            runs: 3,
            run: Box::new(|s| (s * 2, 500)),
        };
        let tick = std::cell::Cell::new(0.0);
        let t = time(&mut c, 1, 3, &|| {
            tick.set(tick.get() + 1.0);
            tick.get()
        });
        assert_eq!(
            (t.times.clone(), t.checksum, t.work),
            (vec![1.0, 1.0, 1.0], 0, 500)
        );
        assert_eq!(t.rate_m_per_s(), 0.5);
    }

    #[test]
    fn a_pair_alternates_its_cases_and_reads_each_rounds_ratio() {
        let case = |work, runs| Case {
            id: "t",
            title: String::new(),
            budget: "",
            unit: Some("steps"),
            runs,
            run: Box::new(move |s| (s, work)),
        };
        let (mut a, mut b) = (case(10, 3), case(10, 3));
        // Three readings a round: a's runs take 1, 2 and 1 ms, b's 3, 8
        // and 2, so the rounds' ratios are 3, 4 and 2.
        let steps = [0.0, 1.0, 4.0, 6.0, 8.0, 16.0, 17.0, 18.0, 20.0];
        let k = std::cell::Cell::new(0);
        let p = time_pair(&mut a, &mut b, 0, 3, &|| {
            k.set(k.get() + 1);
            steps[k.get() - 1]
        });
        assert_eq!(p.a.times, vec![1.0, 1.0, 2.0]);
        assert_eq!(p.b.times, vec![2.0, 3.0, 8.0]);
        assert_eq!(p.ratios, vec![2.0, 3.0, 4.0]);
        assert_eq!(p.ratio(), 3.0);
        assert_eq!((p.a.work, p.b.checksum), (10, 0));
    }
}
