//! `cm5cost`: one message on the CM-5 (paper 004 §3.2-3.3): the time of a
//! message of l bytes, sent as packets of 20 bytes with 16 of data, as the
//! paper's fit t = 0.112·l + 73 µs (l a multiple of 16) or + 83 µs
//! (otherwise) gives it, beside the simulated fat tree (the CM-5 preset)
//! sending it to a processor in a cluster of 4, 16, 64 or 256. Each step
//! is one message size.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::net::TopologySpec;
use crate::core::published::ponnusamy93::{FIT_US_ALIGNED, FIT_US_PER_BYTE, FIT_US_UNALIGNED, PACKET_DATA_BYTES};
use crate::core::sim::config::CM5_CYCLE_US;
use crate::core::sim::runs::{Job, Runs};
use crate::core::sim::{SimConfig, Traffic};
use crate::core::step::{Stepper, map};

crate::core::keyword_enum! {
    /// Which sizes: Figure 3's 0-100 bytes or Figure 4's 0-10,000.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Range {
        Small = "small",
        Large = "large",
    }
}

crate::keyword_settings!(whole: Range);

/// The sizes.
pub const RANGE: ParamSpec = ParamSpec {
    key: "range",
    label: "message sizes",
    kind: ParamKind::Choice {
        options: Range::WORDS,
        default: "small",
    },
};
crate::core::number_words! {
    /// The destinations the figure offers (§3.3): processor 1, then the
    /// first processor outside each cluster of 4, 16 and 64 around
    /// processor 0, and processor 256.
    pub const DESTINATIONS: [usize; 5], DESTINATION_WORDS = [1, 4, 16, 64, 256];
}

/// The destination: processor 0 sends to this one (§3.3).
pub const TO: ParamSpec = ParamSpec {
    key: "to",
    label: "destination",
    kind: ParamKind::Choice {
        options: &DESTINATION_WORDS,
        default: "1",
    },
};

crate::settings! {
    /// The sizes and the distance.
    pub struct Cm5costSettings {
        pub range: Range = RANGE => "Figure 3 of the paper: 0-100 bytes; Figure 4: 0-10,000",
        pub to: usize = TO => "a destination in the cluster of 4, 16, 64 or 256 around processor 0 (§3.3)",
    }
}

/// The one-message figure.
pub struct Cm5cost;

/// Processors of the simulated machine (the paper's §3.3 used 512).
pub const PROCS: usize = 512;

/// One message size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostRow {
    pub bytes: u64,
    /// Packets (at least one, the header).
    pub packets: u64,
    /// Bytes of padding in the last packet.
    pub padding: u64,
    /// The paper's fit, µs.
    pub fit_us: f64,
    /// The simulated time, µs.
    pub sim_us: f64,
}

/// The rows, one per size.
pub struct CostRun {
    pub range: Range,
    pub to: usize,
    pub rows: Vec<CostRow>,
}

/// The sizes of a range.
pub fn sizes(r: Range) -> Vec<u64> {
    match r {
        Range::Small => (0..=100).step_by(4).collect(),
        Range::Large => (0..=10_000).step_by(500).collect(),
    }
}

/// The paper's fit for `l` bytes, µs.
pub fn fit_us(l: u64) -> f64 {
    let intercept = if l.is_multiple_of(PACKET_DATA_BYTES) {
        FIT_US_ALIGNED
    } else {
        FIT_US_UNALIGNED
    };
    FIT_US_PER_BYTE * l as f64 + intercept
}

impl Figure for Cm5cost {
    const TITLE: &'static str = "One message on the CM-5: the fit of paper 004 §3.2 and the simulated fat tree";
    const UNIT: &'static str = "size";
    type Settings = Cm5costSettings;
    type Key = (Range, usize);
    type Output = CostRun;

    fn key(s: &Cm5costSettings) -> ((Range, usize), Vec<Notice>) {
        ((s.range, s.to.clamp(1, PROCS - 1)), Vec::new())
    }

    fn compute(&(range, to): &(Range, usize)) -> Box<dyn Stepper<Output = CostRun>> {
        let spec = TopologySpec::FatTree { procs: PROCS };
        let sizes = sizes(range);
        let jobs: Vec<Job> = sizes
            .iter()
            .map(|&b| (spec, SimConfig::cm5(), Traffic::pairs(PROCS, &[(0, to)], b)))
            .collect();
        Box::new(map(Runs::new(jobs), move |results| {
            let rows = sizes
                .iter()
                .zip(results)
                .map(|(&bytes, r)| {
                    let packets = bytes.div_ceil(PACKET_DATA_BYTES).max(1);
                    CostRow {
                        bytes,
                        packets,
                        padding: packets * PACKET_DATA_BYTES - bytes,
                        fit_us: fit_us(bytes),
                        sim_us: r.map_or(f64::NAN, |r| r.cycles as f64 * CM5_CYCLE_US),
                    }
                })
                .collect();
            CostRun { range, to, rows }
        }))
    }

    fn steps(r: &CostRun) -> usize {
        r.rows.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §3.2-3.3 on the simulator: within 6 % of the fit for full packets
    /// from 1 KB on; a partly empty last packet costs the simulator only
    /// its padding, not the 10 µs the paper measured; the same time to any
    /// distance (the paper's flat Figure 5).
    #[test]
    fn the_simulator_follows_the_fit_and_distance_does_not_matter() {
        let run = |to| crate::core::step::run(Cm5cost::compute(&(Range::Large, to)));
        let near = run(1);
        for r in near.rows.iter().filter(|r| r.bytes >= 1000) {
            let aligned = FIT_US_PER_BYTE * r.bytes as f64 + FIT_US_ALIGNED;
            assert!((r.sim_us / aligned - 1.0).abs() < 0.06, "{r:?}");
            if r.padding > 0 {
                assert!(r.sim_us < r.fit_us, "{r:?}");
            }
        }
        let far = run(256);
        for (a, b) in near.rows.iter().zip(&far.rows) {
            assert!((b.sim_us / a.sim_us - 1.0).abs() < 0.03, "{a:?} {b:?}");
        }
        assert_eq!(fit_us(32), 0.112 * 32.0 + 73.0);
        assert_eq!(fit_us(33), 0.112 * 33.0 + 83.0);
    }
}
