//! `advisor`: chapter 11's recommendation panel. The reader picks a machine
//! (a preset of `core::cost::machine` or their own τ and bandwidth) and a
//! workload; `core::cost::advise` prices every candidate with the model of
//! the paper that studied it. Each step adds one candidate, cheapest
//! first; the panel names the winner, why, and the chapter that teaches it.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::advise::{Priced, Workload, rank};
use crate::core::cost::machine::Machine;
use crate::core::cost::perm::PermCost;
use crate::core::keyword::Keyword;
use crate::core::step::{Immediate, Stepper};

/// The machine: a preset or `custom` (the reader's τ and bandwidth).
pub const MACHINE: ParamSpec = ParamSpec {
    key: "machine",
    label: "machine",
    kind: ParamKind::Choice {
        options: &MachineSetting::WORDS,
        default: "cm5",
    },
};
/// The reader's start-up time (blank: the preset's).
pub const TAU: ParamSpec = ParamSpec {
    key: "tau",
    label: "start-up τ (µs; blank: the preset's)",
    kind: ParamKind::Number {
        min: 0.001,
        max: 100_000.0,
        default: None,
    },
};
/// The reader's bandwidth, MB/s (blank: the preset's).
pub const BW: ParamSpec = ParamSpec {
    key: "bw",
    label: "bandwidth 1/φ (MB/s; blank: the preset's)",
    kind: ParamKind::Number {
        min: 0.01,
        max: 1_000_000.0,
        default: None,
    },
};

use crate::api::options::whole as int;

crate::settings! {
    /// The machine and the workload.
    pub struct AdvisorSettings {
        @machine,
        pub pattern: WorkloadKind = ParamSpec {
            key: "pattern",
            label: "workload",
            kind: ParamKind::Choice {
                options: WorkloadKind::WORDS,
                default: "irregular",
            },
        },
        pub topology: PricedOn = ParamSpec {
            key: "topology",
            label: "network",
            kind: ParamKind::Choice {
                options: PricedOn::WORDS,
                default: "auto",
            },
        } => "auto: a complete exchange on a fat tree (paper 004), an all-to-all or a scatter on a mesh (paper 001)",
        pub p: usize = int("p", "processors p", 2, 1024, 32) => "all-to-all and scatter run on the most nearly square r × c mesh with r·c = p, up to 1,024 processors",
        pub d: usize = int("d", "messages per processor d (irregular)", 1, 1023, 8),
        pub bytes: u64 = int("bytes", "bytes per message (redist: per processor)", 1, 16_777_216, 1024) => "for redist: the array's bytes per processor (8-byte elements)",
        pub reuse: u64 = int("reuse", "times the schedule is used", 1, 1_000_000, 1),
        pub k: usize = int("k", "expansion factor K (redist)", 2, 256, 8),
    }
}

crate::core::keyword_enum! {
    /// The shape of the reader's workload (`pattern`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum WorkloadKind {
        /// d messages per processor to arbitrary others (paper 000).
        Irregular = "irregular",
        /// A complete exchange: every pair, one size (paper 004).
        Exchange = "exchange",
        /// An all-to-all on a mesh (paper 001).
        AllToAll = "alltoall",
        /// A scatter from one processor (paper 001).
        Scatter = "scatter",
        /// A block-cyclic redistribution (paper 003).
        Redist = "redist",
    }
}

crate::core::keyword_enum! {
    /// The network an exchange or an all-to-all is priced on (`topology`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum PricedOn {
        /// The network of the paper that studied the workload.
        Auto = "auto",
        FatTree = "fattree",
        Mesh = "mesh",
    }
}

crate::keyword_settings!(whole: WorkloadKind, PricedOn);

/// The `machine` setting: one of the core's presets, or the reader's own
/// (`custom`, with τ and the bandwidth given beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineSetting {
    Preset(Machine),
    Custom,
}

impl MachineSetting {
    /// The preset, if it is one.
    pub fn preset(self) -> Option<Machine> {
        match self {
            MachineSetting::Preset(m) => Some(m),
            MachineSetting::Custom => None,
        }
    }
}

/// How many values a `machine` setting has: every preset, and `custom`.
const SETTINGS: usize = Machine::WORDS.len() + 1;

impl MachineSetting {
    /// The core's presets' words in their order, then `custom`: the
    /// setting's options.
    pub const WORDS: [&'static str; SETTINGS] = {
        let mut words = ["custom"; SETTINGS];
        let mut i = 0;
        while i < Machine::WORDS.len() {
            words[i] = Machine::WORDS[i];
            i += 1;
        }
        words
    };
}

impl Keyword for MachineSetting {
    /// The core's presets in their order ([`Machine::ALL`]), then `custom`.
    const ALL: &'static [Self] = &{
        let mut all = [MachineSetting::Custom; SETTINGS];
        let mut i = 0;
        while i < Machine::ALL.len() {
            all[i] = MachineSetting::Preset(Machine::ALL[i]);
            i += 1;
        }
        all
    };
    fn keyword(self) -> &'static str {
        match self {
            MachineSetting::Preset(m) => m.name(),
            MachineSetting::Custom => "custom",
        }
    }
}

crate::keyword_settings!(whole: MachineSetting);

/// A machine as the reader set it: τ, φ and what to call it.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineChoice {
    pub cost: PermCost,
    pub title: String,
    /// Where the numbers come from.
    pub source: String,
}

/// Reads the machine settings: a preset, overridden by τ or bandwidth
/// when given; `custom` with one of them blank takes the CM-5's.
pub fn machine_choice(setting: MachineSetting, tau: Option<f64>, bw: Option<f64>) -> (MachineChoice, Vec<Notice>) {
    let mut notes = Vec::new();
    let preset = setting.preset();
    let base = preset.unwrap_or(Machine::Cm5);
    if preset.is_none() && (tau.is_none() || bw.is_none()) {
        notes.push(Notice(format!(
            "your machine needs both τ and a bandwidth; the blank one is the CM-5's ({})",
            if tau.is_none() { "τ" } else { "bandwidth" }
        )));
    }
    let c = base.cost();
    let cost = PermCost {
        tau_us: tau.unwrap_or(c.tau_us),
        phi_us_per_byte: bw.map_or(c.phi_us_per_byte, |b| 1.0 / b),
    };
    let own = preset.is_none() || tau.is_some() || bw.is_some();
    let choice = MachineChoice {
        title: if own {
            "your machine".to_string()
        } else {
            base.title().to_string()
        },
        source: if own {
            format!(
                "τ = {:.3} µs and {:.1} MB/s as set here{}",
                cost.tau_us,
                1.0 / cost.phi_us_per_byte,
                preset.map_or(String::new(), |m| format!(", starting from the {} preset", m.name()))
            )
        } else {
            base.source().to_string()
        },
        cost,
    };
    (choice, notes)
}

/// The mesh a p-processor machine is drawn as: r × c with r the largest
/// divisor of p not above √p (a line when p is prime).
pub fn mesh_of(p: usize) -> (usize, usize) {
    let r = (1..=p.isqrt()).rev().find(|&r| p.is_multiple_of(r)).unwrap_or(1);
    (r, p / r)
}

/// The advisor's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct AdviceKey {
    pub machine: MachineChoice,
    pub workload: Workload,
}

/// The advice: every candidate, cheapest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub key: AdviceKey,
    pub ranked: Vec<Priced>,
}

/// The workload the settings describe, corrected where the models need it.
pub fn workload(s: &AdvisorSettings, notes: &mut Vec<Notice>) -> Workload {
    let p = s.p.max(2);
    // The network: a complete exchange is priced on a fat tree (paper 004)
    // and an all-to-all on a mesh (paper 001) unless the reader picks one.
    use {PricedOn as On, WorkloadKind as W};
    let on_fat_tree = match (s.pattern, s.topology) {
        (W::Exchange | W::AllToAll, On::FatTree) => true,
        (W::Exchange | W::AllToAll | W::Scatter, On::Mesh) => false,
        (W::Scatter, On::FatTree) => {
            notes.push(Notice(
                "the book prices scatters on a mesh only (paper 001's algorithms); using the mesh".into(),
            ));
            false
        }
        (W::Irregular | W::Redist, On::FatTree | On::Mesh) => {
            notes.push(Notice(format!(
                "{} prices a step by its start-up and bytes whatever the network; the {} setting changes nothing here",
                if s.pattern == W::Redist { "paper 003's GDM model" } else { "paper 000's τ + Mφ model" },
                s.topology.keyword()
            )));
            false
        }
        // The paper's own network: a fat tree for a complete exchange.
        (pattern, On::Auto) => pattern == W::Exchange,
    };
    let exchange = matches!(s.pattern, W::Exchange | W::AllToAll);
    match s.pattern {
        _ if exchange && on_fat_tree => {
            let q = if p.is_power_of_two() { p } else { 1 << p.ilog2() };
            if q != p {
                notes.push(Notice(format!(
                    "p = {p}: LEX, PEX, REX and BEX need a power of two; using p = {q}"
                )));
            }
            Workload::Exchange { p: q, bytes: s.bytes }
        }
        W::Exchange | W::AllToAll | W::Scatter => {
            let (rows, cols) = mesh_of(p);
            let bytes = s.bytes.min(16384);
            if bytes < s.bytes {
                notes.push(Notice(format!(
                    "{} bytes: the mesh algorithms of paper 001 are modelled up to 16,384 bytes per message; using 16,384",
                    s.bytes
                )));
            }
            if s.pattern == W::Scatter {
                Workload::Scatter { rows, cols, bytes }
            } else {
                Workload::AllToAll { rows, cols, bytes }
            }
        }
        W::Redist => Workload::Redist {
            k: s.k,
            p,
            bytes: s.bytes,
        },
        W::Irregular => {
            let d = s.d.min(p - 1);
            if d < s.d {
                notes.push(Notice(format!(
                    "d = {}: a processor has only {} others to send to; using d = {d}",
                    s.d,
                    p - 1
                )));
            }
            Workload::Irregular {
                p,
                d,
                bytes: s.bytes,
                reuse: s.reuse,
            }
        }
    }
}

/// The advisor figure.
pub struct Advisor;

impl Figure for Advisor {
    const TITLE: &'static str = "Which schedule for my machine and workload? (chapter 11's advisor)";
    const UNIT: &'static str = "candidate";
    const START_AT_END: bool = true;
    type Settings = AdvisorSettings;
    type Key = AdviceKey;
    type Output = Advice;

    fn key(s: &AdvisorSettings) -> (AdviceKey, Vec<Notice>) {
        let (machine, mut notes) = machine_choice(s.machine, s.tau, s.bw);
        let workload = workload(s, &mut notes);
        (AdviceKey { machine, workload }, notes)
    }

    fn compute(k: &AdviceKey) -> Box<dyn Stepper<Output = Advice>> {
        let key = k.clone();
        Box::new(Immediate::new(move || Advice {
            ranked: rank(key.machine.cost, key.workload),
            key,
        }))
    }

    fn steps(a: &Advice) -> usize {
        a.ranked.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_setting_offers_every_preset_of_the_core_then_custom() {
        let presets: Vec<Machine> = MachineSetting::ALL.iter().filter_map(|m| m.preset()).collect();
        assert_eq!(presets, Machine::ALL);
        assert_eq!(MachineSetting::ALL.last(), Some(&MachineSetting::Custom));
    }
    use crate::book::figures::checks::output;
    use crate::book::params::pairs;

    fn advise(p: &[(&str, &str)]) -> (Advice, Vec<Notice>) {
        output::<Advisor>(&pairs(p))
    }

    #[test]
    fn presets_custom_machines_and_corrections() {
        let (a, notes) = advise(&[]);
        assert!(notes.is_empty());
        assert_eq!(a.key.machine.title, Machine::Cm5.title());
        assert_eq!(Advisor::steps(&a), 2);
        let (a, notes) = advise(&[("machine", "custom"), ("tau", "2")]);
        assert_eq!(a.key.machine.title, "your machine");
        assert!(notes[0].0.contains("bandwidth"), "{notes:?}");
        let (a, notes) = advise(&[("pattern", "exchange"), ("p", "100")]);
        assert!(notes[0].0.contains("using p = 64"));
        assert_eq!(a.ranked.len(), 7); // paper 004's four and chapter 14's three
        let (a, _) = advise(&[("pattern", "alltoall"), ("p", "64"), ("machine", "delta")]);
        assert_eq!(a.key.workload, Workload::AllToAll { rows: 8, cols: 8, bytes: 1024 });
        assert!(a.ranked.iter().all(|c| c.us > 0.0));
        // The network: an all-to-all on a fat tree is a complete exchange,
        // a complete exchange on a mesh an all-to-all.
        let (a, _) = advise(&[("pattern", "alltoall"), ("topology", "fattree"), ("p", "64")]);
        assert_eq!(a.key.workload, Workload::Exchange { p: 64, bytes: 1024 });
        let (a, _) = advise(&[("pattern", "exchange"), ("topology", "mesh"), ("p", "64")]);
        assert_eq!(a.key.workload, Workload::AllToAll { rows: 8, cols: 8, bytes: 1024 });
        let (_, notes) = advise(&[("pattern", "scatter"), ("topology", "fattree")]);
        assert!(notes[0].0.contains("mesh only"), "{notes:?}");
        let (_, notes) = advise(&[("topology", "mesh")]);
        assert!(notes[0].0.contains("changes nothing"), "{notes:?}");
        let (_, notes) = advise(&[("d", "40")]);
        assert!(notes[0].0.contains("using d = 31"));
        assert_eq!(mesh_of(32), (4, 8));
        assert_eq!(mesh_of(7), (1, 7));
    }
}
