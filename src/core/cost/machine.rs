//! Machine presets for the τ + Mφ model (paper 000, §2.1).
//!
//! Each preset is a start-up time τ (µs) and a time per byte φ (µs/byte)
//! for one permutation phase. Where one of the book's papers measured the
//! machine, the preset uses that measurement and cites it; where none did,
//! it uses a widely quoted published figure and says so, as an order of
//! magnitude rather than a measurement to rely on. Other cost models (the
//! GDM model of paper 003, the CM-5 contention model of paper 004) may read
//! the same list.
//!
//! | preset | τ (µs) | 1/φ (MB/s) | source |
//! |---|---|---|---|
//! | `cm5` | ≈ 200 (fit) | ≈ 4.8 (fit) | paper 000, Table 1 (random permutations, 32 nodes) |
//! | `cm5-p2p` | 73 | 8.9 | paper 004, §3.2 (one message, no contention) |
//! | `delta` | 75 | 7.5 | not in the papers; published Touchstone Delta measurements |
//! | `ipsc860` | 136 | 2.5 | not in the papers; published iPSC/860 measurements |
//! | `sp2` | 40 | 66.7 | paper 003, §5 (GDM: T_d = 40 µs, τ_d = 15 ns/byte) |
//! | `t3d` | 93 | 23.3 | paper 003, §5 (GDM: T_d = 93 µs, τ_d = 43 ns/byte) |
//! | `cluster` | 1 | 24 000 | present day: InfiniBand HDR (200 Gb/s) with MPI |
//! | `edr` | 1 | 12 500 | present day: InfiniBand EDR (100 Gb/s) with MPI, the simulator's k-ary n-tree preset |
//!
//! ```
//! use commbook_core::cost::machine::Machine;
//! let sp2 = Machine::parse("sp2").unwrap().cost();
//! assert_eq!(sp2.phase_us(1000), 40.0 + 15.0);   // τ + M·φ for a 1000-byte message
//! assert!(Machine::parse("cray").is_err());
//! ```

use super::perm::PermCost;
use std::fmt;

crate::keyword_enum! {
    /// A machine whose τ and φ the book knows, named by the CLI, the JS API
    /// and links with its word; oldest machines first, the default first of
    /// all.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Machine {
        /// Thinking Machines CM-5, τ + Mφ fitted to paper 000's Table 1.
        Cm5 = "cm5",
        /// CM-5 point to point, paper 004's fit t = 0.112·l + 73 µs.
        Cm5PointToPoint = "cm5-p2p",
        /// Intel Touchstone Delta (the machine of paper 001).
        Delta = "delta",
        /// Intel iPSC/860 hypercube.
        Ipsc860 = "ipsc860",
        /// IBM SP-2, paper 003.
        Sp2 = "sp2",
        /// Cray T3D, paper 003.
        T3d = "t3d",
        /// A present-day cluster.
        Cluster = "cluster",
        /// A present-day InfiniBand EDR cluster: the machine of the
        /// simulator's k-ary n-tree ([`crate::sim::SimConfig::edr`]).
        Edr = "edr",
    }
}

impl Machine {
    /// Every preset, in the order of its words.
    pub const ALL: &'static [Machine] = <Machine as crate::keyword::Keyword>::ALL;

    /// The short name used by the CLI, the JS API and URLs.
    pub const fn name(self) -> &'static str {
        self.word()
    }

    /// A readable name.
    pub fn title(self) -> &'static str {
        match self {
            Machine::Cm5 => "CM-5, random permutations (32 nodes)",
            Machine::Cm5PointToPoint => "CM-5, one message without contention",
            Machine::Delta => "Intel Touchstone Delta",
            Machine::Ipsc860 => "Intel iPSC/860",
            Machine::Sp2 => "IBM SP-2",
            Machine::T3d => "Cray T3D",
            Machine::Cluster => "Present-day cluster (InfiniBand HDR, MPI)",
            Machine::Edr => "InfiniBand EDR cluster (k-ary n-tree, MPI)",
        }
    }

    /// Where the numbers come from.
    pub fn source(self) -> &'static str {
        match self {
            Machine::Cm5 => "paper 000, §5, Table 1: least-squares fit of τ + Mφ to the averages",
            Machine::Cm5PointToPoint => {
                "paper 004, §3.2: t = 0.112·l + 73 µs for l a multiple of 16 bytes"
            }
            Machine::Delta => {
                "not in the book's papers (paper 001 §2 gives only the topology): approximate \
                 published figures (Dunigan 1992; Hockney & Carmona 1992), about 75 µs and 7.5 MB/s"
            }
            Machine::Ipsc860 => {
                "not in the book's papers: approximate published figures for messages over \
                 100 bytes (Dunigan 1991; Bokhari 1990), about 136 µs + 0.4 µs/byte"
            }
            Machine::Sp2 => {
                "paper 003, §5: GDM T_d = 40 µs, τ_d = 15 ns/byte (its Figure 20 uses 35 ns/byte)"
            }
            Machine::T3d => "paper 003, §5: GDM T_d = 93 µs, τ_d = 43 ns/byte",
            Machine::Cluster => {
                "not in the book's papers: typical MPI figures on InfiniBand HDR (200 Gb/s), \
                 about 1 µs latency and 24 GB/s"
            }
            Machine::Edr => {
                "not in the book's papers: InfiniBand EDR links carry 4 × 25.78125 Gb/s with \
                 64b/66b encoding, 100 Gb/s = 12.5 GB/s (InfiniBand Architecture Specification \
                 Vol. 2, Release 1.3), and MPI's small-message latency over EDR is about 1 µs \
                 (OSU micro-benchmarks); the simulator's EDR preset uses the same figures"
            }
        }
    }

    /// Whether τ and φ come from one of the book's papers.
    pub fn from_papers(self) -> bool {
        !matches!(
            self,
            Machine::Delta | Machine::Ipsc860 | Machine::Cluster | Machine::Edr
        )
    }

    /// τ and φ of the preset.
    pub fn cost(self) -> PermCost {
        let (tau_us, phi_us_per_byte) = match self {
            Machine::Cm5 => return PermCost::cm5_table1(),
            Machine::Cm5PointToPoint => (73.0, 0.112),
            Machine::Delta => (75.0, 1.0 / 7.5),
            Machine::Ipsc860 => (136.0, 0.4),
            Machine::Sp2 => (40.0, 0.015),
            Machine::T3d => (93.0, 0.043),
            Machine::Cluster => (1.0, 1.0 / 24_000.0),
            Machine::Edr => (1.0, 1.0 / 12_500.0),
        };
        PermCost {
            tau_us,
            phi_us_per_byte,
        }
    }

    /// Looks a preset up by its short name.
    pub fn parse(name: &str) -> Result<Machine, UnknownMachine> {
        Machine::ALL
            .iter()
            .copied()
            .find(|m| m.name() == name)
            .ok_or_else(|| UnknownMachine(name.to_string()))
    }
}

/// A machine name that is not in [`Machine::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMachine(pub String);

impl fmt::Display for UnknownMachine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Machine::ALL.iter().map(|m| m.name()).collect();
        write!(
            f,
            "unknown machine '{}'; available: {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownMachine {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_costs_are_sane() {
        for &m in Machine::ALL {
            assert_eq!(Machine::parse(m.name()), Ok(m));
            let c = m.cost();
            assert!(c.tau_us > 0.0 && c.phi_us_per_byte > 0.0, "{m:?}");
            assert!(!m.title().is_empty() && !m.source().is_empty());
        }
        assert!(Machine::Sp2.from_papers() && !Machine::Cluster.from_papers());
        assert_eq!(
            Machine::parse("vax").unwrap_err().to_string(),
            "unknown machine 'vax'; available: cm5, cm5-p2p, delta, ipsc860, sp2, t3d, cluster, edr"
        );
    }

    #[test]
    fn bandwidths_match_the_table_in_the_docs() {
        let bw = |m: Machine| m.cost().bandwidth_mb_s();
        assert!((bw(Machine::Sp2) - 66.7).abs() < 0.1);
        assert!((bw(Machine::T3d) - 23.3).abs() < 0.1);
        assert!((bw(Machine::Cm5PointToPoint) - 8.9).abs() < 0.1);
        assert!((4.0..6.0).contains(&bw(Machine::Cm5)));
        // A 1 KB permutation: the CM-5 of 1992 against a cluster of today.
        let ratio = Machine::Cm5.cost().phase_us(1024) / Machine::Cluster.cost().phase_us(1024);
        assert!(ratio > 100.0, "{ratio}");
    }
}
