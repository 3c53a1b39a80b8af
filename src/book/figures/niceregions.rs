//! `niceregions`: NICE's rule for choosing a scheme (paper 002, §7): with
//! scheduling cost S, reuse count R and communication cost C, take the
//! scheme with the smallest S/R + C (`core::cost::choice`). The map names
//! the winner for each message unit and reuse count, on the CM-5 or the
//! iPSC/860; each step walks one reuse count (one row of the map).
//!
//! Both costs are the book's models, stated here and in the chapter:
//! - **C** is the simulated time (phases loosely synchronous, AC all at
//!   once): on the CM-5 on the fat tree with the CM-5 preset, on the
//!   iPSC/860 on the hypercube with e-cube routes and the book's iPSC/860
//!   preset ([`SimConfig::ipsc860`], whose numbers are published
//!   measurements outside the papers). RS_NL keeps apart the routes of
//!   the machine it runs on: the fat tree's static routes, or the
//!   hypercube's e-cube routes.
//! - **S** is the scheduler's work (matrix entries examined, as the core
//!   counts them) times the time of one examination on a CM-5 node, which
//!   is CGM's scheduling time on the CM-5 (fitted to paper 000's Tables 2-3,
//!   `core::cost::breakeven`) over CGM's own count on the same matrix. AC
//!   schedules nothing: S = 0. LP needs no table either: each processor
//!   computes its partner i ⊕ k as it goes, n − 1 operations in all.

use super::niceorder::{OrderKey, TestSet, traffic};
use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::inputs::nice::MACHINE_D;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::{self, Algo, RunOptions, cgm};
use crate::core::cost::breakeven::LpCgmModel;
use crate::core::cost::choice::{Candidate, best};
use crate::core::cost::machine::Machine;
use crate::core::net::TopologySpec;
use crate::core::schedule::Schedule;
use crate::core::sim::runs::{Job, Runs};
use crate::core::sim::{SimConfig, SimError, SimResult};
use crate::core::step::{Stepper, map};

/// The machine.
pub const MACHINE: ParamSpec = ParamSpec {
    key: "machine",
    label: "machine",
    kind: ParamKind::Choice {
        options: &[Machine::Cm5.word(), Machine::Ipsc860.word()],
        default: "cm5",
    },
};
/// Processors: 32 like NICE's CM-5, 64 like its iPSC/860.
pub const PROCS: ParamSpec = ParamSpec {
    key: "p",
    label: "processors",
    kind: ParamKind::Choice {
        options: &crate::core::published::wang93::MACHINE_NODE_WORDS,
        default: "32",
    },
};

crate::settings! {
    /// The machine and the matrix.
    pub struct NiceregionsSettings {
        pub machine: Machine = MACHINE => "CM-5: the simulated fat tree; iPSC/860: the simulated hypercube (e-cube routes, the book's preset from published measurements); RS_NL keeps the machine's own routes apart",
        pub p: usize = PROCS,
        pub d: usize = MACHINE_D => "a matrix of NICE's test set 1, sizes 1 to 10 units",
        pub seed: u64 = SEED,
    }
}

/// The region-map figure.
pub struct Niceregions;

/// The candidates, in §7's order of scheduling cost.
pub const SCHEMES: [Algo; 5] = [Algo::Ac, Algo::Lp, Algo::RsN, Algo::RsNl, Algo::RsNh];
/// Message units (bytes per unit of a matrix entry), one column each.
pub const UNITS: [u64; 6] = [4, 16, 64, 256, 1024, 4096];
/// Reuse counts, one row of the map each.
pub const REUSES: [u64; 9] = [1, 2, 5, 10, 20, 50, 100, 1000, 10_000];

/// What the map is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionKey {
    pub machine: Machine,
    pub p: usize,
    pub d: usize,
    pub seed: u64,
}

/// The costs and the map.
pub struct RegionMap {
    pub key: RegionKey,
    /// S of each scheme, µs.
    pub s_us: Vec<f64>,
    /// `c_us[u][s]`: C of scheme s at unit u, µs (infinite if the
    /// simulator refused the run).
    pub c_us: Vec<Vec<f64>>,
    /// `winner[r][u]`: the index (in [`SCHEMES`]) of the best scheme.
    pub winner: Vec<Vec<usize>>,
    /// Time of one matrix entry examined, µs.
    pub probe_us: f64,
}

impl RegionMap {
    /// S/R + C of scheme s at reuse row r and unit u.
    pub fn per_use(&self, r: usize, u: usize, s: usize) -> f64 {
        self.s_us[s] / REUSES[r] as f64 + self.c_us[u][s]
    }
}

/// `s` with every transfer `unit` times larger.
fn scaled(s: &Schedule, unit: u64) -> Schedule {
    let mut out = s.clone();
    for t in out.phases.iter_mut().flatten() {
        t.bytes *= unit;
        t.offset *= unit;
    }
    out
}

/// The winner of S/R + C in every cell.
fn winners(s_us: &[f64], c_us: &[Vec<f64>]) -> Vec<Vec<usize>> {
    REUSES
        .iter()
        .map(|&r| {
            c_us.iter()
                .map(|c| {
                    let cands: Vec<Candidate> = SCHEMES
                        .iter()
                        .enumerate()
                        .map(|(i, a)| Candidate {
                            name: a.name(),
                            s: s_us[i],
                            c: c[i],
                        })
                        .collect();
                    best(&cands, r)
                        .and_then(|b| SCHEMES.iter().position(|a| a.name() == b.name))
                        .unwrap_or(0)
                })
                .collect()
        })
        .collect()
}

impl Figure for Niceregions {
    const TITLE: &'static str = "Which scheme to use: S/R + C over message size and reuse (paper 002 §7)";
    const UNIT: &'static str = "reuse count";
    const DEFERRED: bool = true;
    type Settings = NiceregionsSettings;
    type Key = RegionKey;
    type Output = RegionMap;

    fn key(s: &NiceregionsSettings) -> (RegionKey, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut d = s.d.max(1);
        if d >= s.p {
            notices.push(Notice(format!(
                "d = {d} must be below the {} processors; using d = {}",
                s.p,
                s.p - 1
            )));
            d = s.p - 1;
        }
        let key = RegionKey {
            machine: s.machine,
            p: s.p.max(2),
            d,
            seed: s.seed,
        };
        (key, notices)
    }

    /// Schedules once at one byte per unit (sizes only scale the
    /// transfers; the schemes' choices do not depend on them: RS_NH cuts by
    /// the ratio to the phase's mean), prices S once, and C at every unit:
    /// simulated on the machine's network.
    fn compute(k: &RegionKey) -> Box<dyn Stepper<Output = RegionMap>> {
        let key = *k;
        let matrix = OrderKey {
            set: TestSet::Nonuniform,
            p: key.p,
            d: key.d,
            points: 0,
            seed: key.seed,
        };
        let com = matrix.matrix(1);
        let spec = match key.machine {
            Machine::Ipsc860 => TopologySpec::Hypercube { procs: key.p },
            _ => TopologySpec::FatTree { procs: key.p },
        };
        let options = RunOptions {
            topology: Some(spec),
            ..RunOptions::new(key.seed)
        };
        let runs: Vec<_> = SCHEMES
            .iter()
            .map(|&a| match a {
                Algo::RsNl => algo::run_with(a, &com, &options)
                    .unwrap_or_else(|_| algo::run(a, &com, key.seed)),
                _ => algo::run(a, &com, key.seed),
            })
            .collect();
        let cgm_probes = cgm::run(&com, key.seed).probes.max(1) as f64;
        let (n, d) = (key.p as f64, key.d.max(2) as f64);
        let probe_us = LpCgmModel::fitted().c2_us * d * n * d.ln() / cgm_probes;
        let s_us: Vec<f64> = SCHEMES
            .iter()
            .zip(&runs)
            .map(|(&a, r)| match a {
                Algo::Ac => 0.0,
                Algo::Lp => (key.p - 1) as f64 * probe_us,
                _ => r.probes as f64 * probe_us,
            })
            .collect();
        let schedules: Vec<Schedule> = runs.into_iter().map(|r| r.schedule).collect();
        let finish = move |c_us: Vec<Vec<f64>>| RegionMap {
            key,
            winner: winners(&s_us, &c_us),
            s_us: s_us.clone(),
            c_us,
            probe_us,
        };
        let cfg = SimConfig::seeded(spec, key.seed);
        let cycle_us = SimConfig::cycle_us(spec).unwrap_or(1.0);
        let mut jobs: Vec<Job> = Vec::new();
        for &u in &UNITS {
            let com_u = matrix.matrix(u);
            for (&a, s) in SCHEMES.iter().zip(&schedules) {
                jobs.push((spec, cfg, traffic(a, &com_u, &scaled(s, u))));
            }
        }
        Box::new(map(Runs::new(jobs), move |results: Vec<Result<SimResult, SimError>>| {
            let c_us = results
                .chunks(SCHEMES.len())
                .map(|c| {
                    c.iter()
                        .map(|r| r.as_ref().map_or(f64::INFINITY, |r| r.cycles as f64 * cycle_us))
                        .collect()
                })
                .collect();
            finish(c_us)
        }))
    }

    fn steps(_: &RegionMap) -> usize {
        REUSES.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §7's shape: cheap schemes win when a schedule is used once, careful
    /// ones when it is reused many times, for large messages.
    #[test]
    fn reuse_moves_the_choice_to_the_careful_schemes() {
        for machine in [Machine::Cm5, Machine::Ipsc860] {
            let key = RegionKey {
                machine,
                p: 32,
                d: 8,
                seed: 1,
            };
            let m = crate::core::step::run(Niceregions::compute(&key));
            // S grows from AC to RS_NH, as the paper orders it.
            assert_eq!(m.s_us[0], 0.0);
            assert!(m.s_us[1] < m.s_us[2], "{:?}", m.s_us);
            let large = UNITS.len() - 1;
            let once = SCHEMES[m.winner[0][0]];
            let often = SCHEMES[m.winner[REUSES.len() - 1][large]];
            assert!(matches!(once, Algo::Ac | Algo::Lp), "{machine:?}: {once:?}");
            assert!(
                matches!(often, Algo::RsN | Algo::RsNl | Algo::RsNh),
                "{machine:?}: {often:?}"
            );
        }
    }
}
