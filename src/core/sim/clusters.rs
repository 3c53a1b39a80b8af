//! Paper 004's contention experiments (§3.4-3.5) on the simulated CM-5: a
//! set of messages sent at once against one message alone, over message
//! sizes from 16 bytes to 10 KB.
//!
//! The sets are the paper's, written {(s, d), …}: the double sends of §3.4
//! (two pairs inside a cluster of 4, four hops and six hops apart) and the
//! full clusters of §3.5 (every processor of one cluster of 4, or of 16,
//! sending to its partner in the next cluster). Figures 6-8 were measured
//! on 32 processors. Figure 9 repeats the experiment on 256 processors
//! without saying which set; the book takes the 64 pairs between the first
//! two clusters of 64, one level up, whose 64 messages share the 32 links
//! above a level-3 node.
//!
//! Times are the CM-5 preset's cycles ([`SimConfig::cm5`], 0.2 µs each).
//! The fit t = 0.112·l + 73 µs of §3.2 is drawn beside them.

use super::runs::{Job, Runs};
use super::{SimConfig, SimResult, Traffic};
use crate::net::TopologySpec;
use crate::step::{Stepper, map};

/// Message sizes of the experiments, in bytes (multiples of 16, as the
/// fit of §3.2 assumes).
pub const SIZES: [u64; 7] = [16, 512, 2048, 4096, 6144, 8192, 10240];

crate::keyword_enum! {
    /// One of the §3 message sets.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Experiment {
        /// {(0,1),(2,3)}: two pairs inside a cluster of 4 (Figure 6).
        Double = "ds",
        /// {(0,4),(1,5)}: two pairs four hops apart (§3.4).
        DoubleFour = "ds4",
        /// {(0,16),(1,17)}: two pairs six hops apart (§3.4).
        DoubleSixteen = "ds16",
        /// {(0,4),…,(3,7)}: a cluster of 4 to the next (Figure 7).
        Four = "four",
        /// {(0,16),…,(15,31)}: a cluster of 16 to the next (Figure 8).
        Sixteen = "sixteen",
        /// {(0,64),…,(63,127)} on 256 processors (the book's Figure 9).
        SixtyFour = "sixtyfour",
    }
}

impl Experiment {
    /// (processors, the set's size, distance between partners).
    fn shape(self) -> (usize, usize, usize) {
        match self {
            Experiment::Double => (32, 2, 1),
            Experiment::DoubleFour => (32, 2, 4),
            Experiment::DoubleSixteen => (32, 2, 16),
            Experiment::Four => (32, 4, 4),
            Experiment::Sixteen => (32, 16, 16),
            Experiment::SixtyFour => (256, 64, 64),
        }
    }

    /// Processors of the machine.
    pub fn procs(self) -> usize {
        self.shape().0
    }

    /// The message set.
    pub fn pairs(self) -> Vec<(usize, usize)> {
        match self {
            // (0,1),(2,3): both pairs inside the first cluster of 4.
            Experiment::Double => vec![(0, 1), (2, 3)],
            _ => {
                let (_, k, by) = self.shape();
                (0..k).map(|i| (i, i + by)).collect()
            }
        }
    }

    /// The simple send it is compared with: the set's first message alone.
    pub fn single(self) -> (usize, usize) {
        self.pairs()[0]
    }

    /// The set as the paper writes it.
    pub fn name(self) -> &'static str {
        match self {
            Experiment::Double => "{(0,1),(2,3)}",
            Experiment::DoubleFour => "{(0,4),(1,5)}",
            Experiment::DoubleSixteen => "{(0,16),(1,17)}",
            Experiment::Four => "{(0,4),…,(3,7)}",
            Experiment::Sixteen => "{(0,16),…,(15,31)}",
            Experiment::SixtyFour => "{(0,64),…,(63,127)}",
        }
    }
}

/// One message size: the simple send and the set, in cycles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClusterRow {
    pub bytes: u64,
    pub single: u64,
    pub set: u64,
}

impl ClusterRow {
    /// The set's time over the simple send's.
    pub fn ratio(&self) -> f64 {
        self.set as f64 / self.single.max(1) as f64
    }
}

/// The experiment over [`SIZES`] as a stepper: two runs per size.
pub fn run(exp: Experiment, seed: u64) -> impl Stepper<Output = Vec<ClusterRow>> {
    let cfg = SimConfig {
        seed,
        ..SimConfig::cm5()
    };
    let n = exp.procs();
    let spec = TopologySpec::FatTree { procs: n };
    let jobs: Vec<Job> = SIZES
        .iter()
        .flat_map(|&b| {
            [
                (spec, cfg, Traffic::pairs(n, &[exp.single()], b)),
                (spec, cfg, Traffic::pairs(n, &exp.pairs(), b)),
            ]
        })
        .collect();
    map(Runs::new(jobs), |results| {
        let cycles = |r: &Result<SimResult, _>| r.as_ref().map_or(0, |r| r.cycles);
        SIZES
            .iter()
            .zip(results.chunks(2))
            .map(|(&bytes, pair)| ClusterRow {
                bytes,
                single: cycles(&pair[0]),
                set: cycles(&pair[1]),
            })
            .collect()
    })
}

/// One sentence about row `k` (1-based; 0 introduces the experiment).
pub fn caption(exp: Experiment, rows: &[ClusterRow], k: usize) -> String {
    let us = |c: u64| c as f64 * super::config::CM5_CYCLE_US;
    let Some(r) = k.checked_sub(1).and_then(|i| rows.get(i)) else {
        return format!(
            "{} on a {}-processor fat tree against the simple send {{({},{})}}: step through the message sizes.",
            exp.name(),
            exp.procs(),
            exp.single().0,
            exp.single().1
        );
    };
    let verdict = match r.ratio() {
        x if x < 1.05 => "no visible contention: the messages find enough links",
        x if x < 1.2 => "a little contention",
        _ => "clear contention: messages share links on their way up",
    };
    format!(
        "{} bytes: one message takes {:.0} µs, the set {:.0} µs ({:.2}×), {verdict}.",
        r.bytes,
        us(r.single),
        us(r.set),
        r.ratio()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run as finish;

    #[test]
    fn the_sets_are_the_papers() {
        for &e in <Experiment as crate::keyword::Keyword>::ALL {
            let p = e.pairs();
            let (a, b) = (p[0], p[p.len() - 1]);
            let ends = format!("({},{})", a.0, a.1);
            assert!(e.name().starts_with(&format!("{{{ends}")), "{}", e.name());
            assert!(e.name().ends_with(&format!("({},{})}}", b.0, b.1)));
        }
        assert_eq!(Experiment::Double.name(), "{(0,1),(2,3)}");
        assert_eq!(Experiment::DoubleSixteen.name(), "{(0,16),(1,17)}");
        assert_eq!(Experiment::Sixteen.name(), "{(0,16),…,(15,31)}");
        assert_eq!(
            <Experiment as crate::keyword::Keyword>::from_keyword("four"),
            Some(Experiment::Four)
        );
        assert_eq!(
            <Experiment as crate::keyword::Keyword>::from_keyword("five"),
            None
        );
    }

    #[test]
    fn small_clusters_are_free_and_sixteen_pairs_contend() {
        // §3.4-3.5 as `repro004` checks them, through the stepper.
        let four = finish(Box::new(run(Experiment::Four, 1)));
        assert!(four.iter().all(|r| r.ratio() <= 1.03), "{four:?}");
        let sixteen = finish(Box::new(run(Experiment::Sixteen, 1)));
        assert!(
            sixteen[3..].iter().all(|r| r.ratio() >= 1.25),
            "{sixteen:?}"
        );
        assert!(caption(Experiment::Sixteen, &sixteen, 4).contains("clear contention"));
        assert!(caption(Experiment::Four, &four, 0).starts_with("{(0,4),…,(3,7)}"));
        // One message of 2 KB follows the fit within 6 %.
        let us = four[2].single as f64 * 0.2;
        assert!((us / (0.112 * 2048.0 + 73.0) - 1.0).abs() < 0.06, "{us}");
    }
}
