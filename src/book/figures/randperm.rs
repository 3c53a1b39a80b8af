//! `randperm`: paper 002's check that random permutations cost about the
//! same (§2.2, Figures 2 and 3): many random permutations, each node
//! sending one message to a random other node, simulated on the CM-5 fat
//! tree (Figure 2) or the iPSC/860 hypercube (Figure 3)
//! (`core::sim::randperm`); a histogram of their costs and the share within
//! 5 % of the mean, beside the paper's 99.5 % on the CM-5. Each step adds a
//! tenth of the permutations to the histogram.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::inputs::nice::CM5_NODES;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::machine::Machine;
use crate::core::net::TopologySpec;
use crate::core::sim::randperm::rand_perms_on;
use crate::core::step::{Stepper, map};

/// How many permutations.
pub const COUNT: ParamSpec = ParamSpec {
    key: "count",
    label: "permutations",
    kind: ParamKind::Int {
        min: 10,
        max: 5000,
        default: 1000,
    },
};
/// Bytes each node sends.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "bytes per message",
    kind: ParamKind::Int {
        min: 16,
        max: 8192,
        default: 1024,
    },
};

crate::settings! {
    /// The experiment.
    pub struct RandpermSettings {
        pub count: usize = COUNT => "5,000 as in the paper takes a while: each is simulated to its last flit, shared among background workers (about 7 s on two cores, 16 s on the page alone)",
        pub p: usize = CM5_NODES,
        pub bytes: u64 = BYTES,
        pub seed: u64 = SEED,
        pub machine: Machine = super::niceregions::MACHINE,
    }
}

/// The random-permutation figure.
pub struct Randperm;

/// The experiment's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandpermKey {
    pub machine: Machine,
    pub count: usize,
    pub p: usize,
    pub bytes: u64,
    pub seed: u64,
}

/// Each permutation's simulated time, in cycles, in the order drawn.
#[derive(Debug, PartialEq)]
pub struct RandpermRun {
    pub key: RandpermKey,
    pub costs: Vec<u64>,
}

/// Steps of the player: each adds a tenth of the permutations.
pub const STEPS: usize = 10;

impl RandpermKey {
    /// The network: the CM-5's fat tree, or the iPSC/860's hypercube.
    pub fn spec(&self) -> TopologySpec {
        match self.machine {
            Machine::Ipsc860 => TopologySpec::Hypercube { procs: self.p },
            _ => TopologySpec::FatTree { procs: self.p },
        }
    }
}

impl RandpermRun {
    /// The permutations shown at step `k` (all of them at the last).
    pub fn shown(&self, k: usize) -> &[u64] {
        let n = (self.costs.len() * k.min(STEPS)).div_ceil(STEPS);
        &self.costs[..n.min(self.costs.len())]
    }
}

impl Figure for Randperm {
    const TITLE: &'static str = "Random permutations on a 32-node CM-5 or iPSC/860 cost about the same (paper 002, Figures 2 and 3)";
    const UNIT: &'static str = "tenth";
    const DEFERRED: bool = true;
    const START_AT_END: bool = true;
    const POOLED: bool = true;
    type Settings = RandpermSettings;
    type Key = RandpermKey;
    type Output = RandpermRun;

    fn key(s: &RandpermSettings) -> (RandpermKey, Vec<Notice>) {
        let key = RandpermKey {
            machine: s.machine,
            count: s.count.max(1),
            p: s.p.max(2),
            bytes: s.bytes.max(1),
            seed: s.seed,
        };
        (key, Vec::new())
    }

    fn compute(k: &RandpermKey) -> Box<dyn Stepper<Output = RandpermRun>> {
        let key = *k;
        Box::new(map(
            rand_perms_on(key.spec(), key.bytes, key.count, key.seed),
            move |costs| RandpermRun { key, costs },
        ))
    }

    fn steps(_: &RandpermRun) -> usize {
        STEPS
    }
}
