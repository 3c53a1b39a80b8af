//! The lab's table: every algorithm the core has that applies to the
//! matrix, run on it one by one (a [`Sweep`]: one item a row, which the
//! book's Web Workers share out), with the figures each row shows.
//!
//! A row is exactly what `commbook schedule --algo <name> --com FILE
//! --seed S` computes ([`crate::api::schedule_matrix`]: the same run, the
//! same verifier, the same τ + Mφ price, paper 000 §2), plus:
//! - the **port load**: for each phase the most bytes any processor sends
//!   or receives in it, summed over the phases. A processor's port moves
//!   one byte at a time, so no schedule has a smaller sum than the
//!   **lower bound**, the most bytes any one processor sends or receives in
//!   all (for a partial permutation the phase's load is its largest
//!   transfer, the Σ of maxima of paper 002 §3.3);
//! - the **scheduling time**, measured where the row was computed (a
//!   worker or the page), the S of paper 002 §7's S/R + C;
//! - the **simulated cycles** of the schedule on the network of the
//!   matrix's size (chapter 10's simulator: the Delta's mesh, the CM-5's
//!   fat tree, the iPSC/860's hypercube or a present-day k-ary n-tree),
//!   when the run is small enough to repeat for every row.
//!
//! The item after the rows, when a row is selected, is that schedule's
//! phases, for the stepping view and the exports.

use super::clock::now_ms;
use crate::api::schedule_matrix;
use crate::core::algo::cm5::exchange::{Exchange, complete_exchange_bytes};
use crate::core::algo::gm_scan::Scan;
use crate::core::algo::{Algo, RunOptions};
use crate::core::com::Com;
use crate::core::cost::perm::PermCost;
use crate::core::net::TopologySpec;
use crate::core::net::hypercube::{self, MAX_HYPERCUBE};
use crate::core::net::kary::{self, MAX_KARY_PROCS};
use crate::core::pool::Sweep;
use crate::core::schedule::{Promise, Schedule, Transfer};
use crate::core::sim::{self, SimConfig, Sync, Traffic};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Flit moves one row may simulate: about a second in the browser, so a
/// table of sixteen rows stays within a few seconds on two workers. It was
/// 20 M until the simulator's fast engine (33 M moves a second on the fat
/// tree in the browser, 1.47 times the reference; 75 M on the mesh).
pub const ROW_SIM_MOVES: u64 = 30_000_000;

/// An algorithm the lab can run, by its name in links and the CLI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// `lp`, `rs-nh`, `pex`, …
    pub name: &'static str,
    /// `LP`, `RS_NH`, `PEX`, … as the papers print them.
    pub label: &'static str,
    /// The complete exchanges, paper 004's and chapter 14's (REX and Bruck
    /// relay blocks).
    pub exchange: Option<Exchange>,
}

/// Every algorithm that applies: the twelve of papers 000, 002 and 004 on
/// any matrix, and, when the matrix is a complete exchange, paper 004's
/// four exchanges and chapter 14's three.
pub fn candidates(com: &Com) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Algo::ALL
        .iter()
        .map(|&a| Candidate {
            name: a.name(),
            label: a.label(),
            exchange: None,
        })
        .collect();
    if complete_exchange_bytes(com).is_some() {
        out.extend(Exchange::ALL.into_iter().map(|e| Candidate {
            name: e.name(),
            label: e.title(),
            exchange: Some(e),
        }));
    }
    out
}

/// Every name the lab knows, for the setting that selects a row.
pub const NAMES: &[&str] = &[
    "ac", "lp", "gm", "cgm", "rs-n", "rs-nl", "rs-nh", "rs-nlh", "ls", "ps", "bs", "gs", "lex",
    "pex", "rex", "bex", "bruck", "shift", "linear",
];

/// The machine a row is priced on (τ + Mφ).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pricing {
    /// `cm5`, …, or `custom`.
    pub name: &'static str,
    pub cost: PermCost,
}

crate::core::keyword_enum! {
    /// The network rows are simulated on.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum LabNet {
        /// The CM-5's fat tree of n processors.
        FatTree = "fattree",
        /// The Delta's mesh, r × c with r the largest divisor of n up to √n.
        Mesh = "mesh",
        /// The iPSC/860's hypercube, when n is a power of two (up to
        /// [`MAX_HYPERCUBE`]).
        Hypercube = "hypercube",
        /// A k-ary n-tree of n processors (an InfiniBand EDR cluster):
        /// arity 4 when n is a power of 4, else the smallest arity whose
        /// power n is ([`lab_kary`]).
        Kary = "kary",
        /// No simulation.
        Off = "off",
    }
}

crate::keyword_settings!(whole: LabNet);

impl LabNet {
    /// The network for n processors.
    pub fn spec(self, n: usize) -> Option<TopologySpec> {
        match self {
            LabNet::FatTree => Some(TopologySpec::FatTree { procs: n }),
            LabNet::Mesh => {
                let (rows, cols) = crate::book::figures::advisor::mesh_of(n);
                Some(TopologySpec::Mesh { rows, cols })
            }
            LabNet::Hypercube => self
                .unusable(n)
                .is_none()
                .then_some(TopologySpec::Hypercube { procs: n }),
            LabNet::Kary => lab_kary(n).map(|(k, n)| TopologySpec::KaryTree { k, n }),
            LabNet::Off => None,
        }
    }

    /// Why the network cannot carry a matrix of n processors (the
    /// hypercube needs a power of two), for the simulated column.
    pub fn unusable(self, n: usize) -> Option<String> {
        match self {
            LabNet::Hypercube if !hypercube::fits(n) => Some(format!(
                "not simulated: a hypercube needs a power of two of processors, at most {MAX_HYPERCUBE}, and this matrix has n = {n}; choose the fat tree or the mesh"
            )),
            LabNet::Kary if lab_kary(n).is_none() => Some(format!(
                "not simulated: a k-ary n-tree has at most {MAX_KARY_PROCS} processors here, and this matrix has n = {n}; choose the fat tree or the mesh"
            )),
            LabNet::Off => Some("simulation off".into()),
            _ => None,
        }
    }
}

/// The k-ary n-tree (k, levels) the lab simulates n processors on: arity
/// 4 (the CM-5's, for comparison) when n is a power of 4, else the
/// smallest arity k with n = k^levels (n itself, one switch, when n is no
/// higher power); none above [`MAX_KARY_PROCS`] or below 2 processors.
pub fn lab_kary(n: usize) -> Option<(usize, usize)> {
    if !(2..=MAX_KARY_PROCS).contains(&n) {
        return None;
    }
    std::iter::once(4)
        .chain(2..=n)
        .find_map(|k| kary::levels_of(k, n).map(|levels| (k, levels)))
}

/// What one row shows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Figures {
    /// Phases (steps of an exchange), as the CLI counts them.
    pub phases: usize,
    /// Σ over phases of the busiest port's bytes.
    pub load: u64,
    /// τ + Mφ over the phases, µs.
    pub predicted_us: f64,
    /// Time to compute the schedule where it was computed, ms.
    pub sched_ms: f64,
    /// Simulated cycles, or why the row was not simulated.
    pub cycles: Result<u64, String>,
    /// REX and Bruck: transfers carry relayed blocks.
    pub relayed: bool,
}

/// Rows compare equal when everything but the measured time is equal: the
/// time differs from run to run and from worker to page.
impl PartialEq for Figures {
    fn eq(&self, o: &Self) -> bool {
        (
            self.phases,
            self.load,
            self.predicted_us.to_bits(),
            &self.cycles,
            self.relayed,
        ) == (
            o.phases,
            o.load,
            o.predicted_us.to_bits(),
            &o.cycles,
            o.relayed,
        )
    }
}

/// One algorithm on the matrix, or why it does not apply (the CLI's
/// message).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub name: String,
    pub label: String,
    pub result: Result<Figures, String>,
}

/// The selected schedule as computed: what the CLI's JSON holds beside
/// its phases.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    #[serde(with = "super::packed")]
    pub phases: Vec<Vec<Transfer>>,
    pub probes: u64,
    pub topology: Option<String>,
    pub relayed: bool,
}

/// An item of the sweep: a row, or the selected schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Row(Row),
    Phases(Result<Run, String>),
}

/// The selected schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Selected {
    pub candidate: Candidate,
    pub schedule: Result<Rc<Schedule>, String>,
    pub probes: u64,
    /// The network RS_NL and RS_NLH kept links apart on.
    pub topology: Option<String>,
    pub relayed: bool,
}

/// The finished table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub com: Rc<Com>,
    pub rows: Vec<Row>,
    /// The most bytes one processor sends or receives.
    pub bound_bytes: u64,
    /// The most messages one processor sends or receives: the fewest
    /// phases of partial permutations.
    pub bound_phases: usize,
    pub selected: Option<Selected>,
    /// Why the selected row is not the one the settings named (an exchange
    /// on a matrix that is not a complete exchange).
    pub fallback: Option<String>,
    /// The network simulated, if any.
    pub net: Option<TopologySpec>,
    /// Why nothing was simulated, when nothing was.
    pub net_note: Option<String>,
    /// The machine the rows were priced on.
    pub pricing: Pricing,
    /// The seed of the randomised algorithms and of the fat tree's routes.
    pub seed: u64,
}

/// The sweep behind [`Table`].
pub struct Compare {
    pub com: Rc<Com>,
    pub candidates: Vec<Candidate>,
    pub selected: Option<Candidate>,
    /// See [`Table::fallback`].
    pub fallback: Option<String>,
    pub pricing: Pricing,
    pub net: LabNet,
    pub seed: u64,
}

impl Compare {
    fn run(&self, c: &Candidate) -> Result<(crate::api::ScheduleResponse, f64), String> {
        let t0 = now_ms();
        let r = schedule_matrix(
            c.name,
            &self.com,
            &RunOptions::new(self.seed),
            Scan::default(),
            self.pricing.name,
            self.pricing.cost,
        )
        .map_err(|e| e.0)?;
        Ok((r, now_ms() - t0))
    }

    fn row(&self, c: &Candidate) -> Row {
        let result = self.run(c).map(|(r, ms)| {
            let schedule = Schedule {
                n: r.n,
                phases: r.phases,
                promise: Promise::default(),
            };
            Figures {
                phases: schedule.len(),
                load: port_load(&schedule),
                predicted_us: r.stats.predicted_us,
                sched_ms: ms,
                cycles: self.simulate(c, &schedule),
                relayed: r.relayed,
            }
        });
        Row {
            name: c.name.to_string(),
            label: c.label.to_string(),
            result,
        }
    }

    /// The schedule's cycles on the network ([`traffic_of`]).
    fn simulate(&self, c: &Candidate, schedule: &Schedule) -> Result<u64, String> {
        let n = self.com.n();
        let spec = self
            .net
            .spec(n)
            .ok_or_else(|| self.net.unusable(n).unwrap_or_default())?;
        let traffic = traffic_of(c, &self.com, schedule);
        let cfg = SimConfig::seeded(spec, self.seed);
        let (_, moves) = sim::check(spec, &cfg, &traffic).map_err(|e| e.to_string())?;
        if moves > ROW_SIM_MOVES {
            return Err(format!(
                "{:.0} M flit moves: the table simulates up to {} M a row; select the row to watch it",
                moves as f64 / 1e6,
                ROW_SIM_MOVES / 1_000_000
            ));
        }
        sim::simulate(spec, &cfg, &traffic)
            .map(|r| r.cycles)
            .map_err(|e| e.to_string())
    }
}

/// The messages of a row's schedule as the simulator releases them: AC
/// every message at once (paper 000 §3.1), the others phase by phase,
/// loosely synchronised (REX's transfers with their relayed blocks, as
/// chapter 10 runs it).
pub fn traffic_of(c: &Candidate, com: &Com, schedule: &Schedule) -> Traffic {
    match c.name {
        "ac" => Traffic::free(com),
        _ => Traffic::from_schedule(schedule, Sync::Loose),
    }
}

/// Σ over phases of the most bytes one processor's port sends or receives
/// in the phase (local copies use no port).
pub fn port_load(schedule: &Schedule) -> u64 {
    let n = schedule.n;
    let (mut out, mut inn) = (vec![0u64; n], vec![0u64; n]);
    let mut total = 0;
    for phase in &schedule.phases {
        out.iter_mut().chain(inn.iter_mut()).for_each(|b| *b = 0);
        for t in phase.iter().filter(|t| !t.is_local()) {
            out[t.src] += t.bytes;
            inn[t.dst] += t.bytes;
        }
        total += out.iter().chain(&inn).copied().max().unwrap_or(0);
    }
    total
}

/// The most bytes any processor sends or receives (its own copies aside).
pub fn bound_bytes(com: &Com) -> u64 {
    let n = com.n();
    let (mut out, mut inn) = (vec![0u64; n], vec![0u64; n]);
    for m in com.messages().filter(|m| m.src != m.dst) {
        out[m.src] += m.bytes;
        inn[m.dst] += m.bytes;
    }
    out.iter().chain(&inn).copied().max().unwrap_or(0)
}

impl Sweep for Compare {
    type Item = Item;
    type Output = Table;

    fn len(&self) -> usize {
        self.candidates.len() + usize::from(self.selected.is_some())
    }

    fn item(&mut self, i: usize) -> Item {
        match (self.candidates.get(i), self.selected) {
            (Some(c), _) => Item::Row(self.row(c)),
            (None, Some(c)) => Item::Phases(self.run(&c).map(|(r, _)| Run {
                phases: r.phases,
                probes: r.stats.probes,
                topology: r.topology,
                relayed: r.relayed,
            })),
            (None, None) => Item::Phases(Err("no row is selected".into())),
        }
    }

    fn finish(self, items: Vec<Item>) -> Table {
        let mut rows = Vec::new();
        let mut phases = None;
        for item in items {
            match item {
                Item::Row(r) => rows.push(r),
                Item::Phases(p) => phases = Some(p),
            }
        }
        let n = self.com.n();
        let selected = self.selected.map(|candidate| {
            let run = phases.unwrap_or_else(|| Err("the schedule was not computed".into()));
            let (probes, topology, relayed) = match &run {
                Ok(r) => (r.probes, r.topology.clone(), r.relayed),
                Err(_) => (0, None, false),
            };
            Selected {
                candidate,
                schedule: run.map(|r| {
                    Rc::new(Schedule {
                        n,
                        phases: r.phases,
                        promise: Promise::default(),
                    })
                }),
                probes,
                topology,
                relayed,
            }
        });
        Table {
            bound_bytes: bound_bytes(&self.com),
            bound_phases: self.com.max_degree(),
            net: self.net.spec(n),
            net_note: self.net.unusable(n),
            pricing: self.pricing,
            seed: self.seed,
            fallback: self.fallback,
            com: self.com,
            rows,
            selected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lab_simulates_any_size_up_to_1024_on_a_kary_tree() {
        assert_eq!(lab_kary(64), Some((4, 3)));
        assert_eq!(lab_kary(32), Some((2, 5)));
        assert_eq!(lab_kary(27), Some((3, 3)));
        assert_eq!(lab_kary(12), Some((12, 1)));
        assert_eq!(lab_kary(1024), Some((4, 5)));
        assert_eq!(lab_kary(1025), None);
        assert_eq!(
            LabNet::Kary.spec(16),
            Some(TopologySpec::KaryTree { k: 4, n: 2 })
        );
        assert!(LabNet::Kary.unusable(16).is_none());
        let why = LabNet::Kary.unusable(2000).unwrap();
        assert!(why.contains("at most 1024 processors"), "{why}");
    }
}
