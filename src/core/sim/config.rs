//! The simulator's parameters, validated once.
//!
//! A [`SimConfig`] says how messages become packets and flits
//! ([`PacketFormat`]), how deep the input buffers are, how many messages a
//! processor may send and receive at a time, the software start-up cost, and
//! how a fat tree picks its way up. [`SimConfig::validate`] checks every
//! field and says what is allowed; after that the simulator cannot fail.
//!
//! One cycle is the time a link takes to carry one flit. The presets:
//! - [`SimConfig::cm5`] (paper 004 §2-3): 20-byte packets of 16 data and
//!   4 control bytes, cut into 4-byte flits (one control flit, four data
//!   flits). At the 20 MB/s a link reaches inside a cluster of four (§2) a
//!   4-byte flit takes 0.2 µs ([`CM5_CYCLE_US`]), so the measured 64 µs
//!   start-up (§3.2) is 320 cycles. The fit t = 0.112·l + 73 µs of §3.2
//!   means the processor hands the network one 16-byte packet every
//!   1.8 µs = 9 cycles: 5 flits plus a gap of 4 cycles. Up-links are drawn
//!   at random (§3.4: "it employs randomized routing"). The paper does not
//!   give buffer sizes; the book takes one packet (5 flits). With these
//!   values one message of l bytes takes within 5 % of the fit for
//!   l ≥ 1 KB, and §3.4-3.5's contention experiments come out as measured.
//! - [`SimConfig::delta`] (paper 001 §2): 512-byte packets of 482 data and
//!   30 header bytes. The paper gives neither a flit width nor a start-up
//!   time; the book takes 16-byte flits (a full packet is 32 flits) and a
//!   start-up of 100 cycles, buffers of 4 flits and no packet gap, values
//!   chosen for teaching, not measured.
//! - [`SimConfig::ipsc860`]: the Intel iPSC/860's hypercube. No paper of
//!   the book measures it; the preset takes the published figures the
//!   τ + Mφ preset `ipsc860` uses (about 136 µs + 0.4 µs per byte, Dunigan
//!   1991; Bokhari 1990). A cycle carries a 4-byte flit at 0.4 µs/byte,
//!   1.6 µs ([`IPSC860_CYCLE_US`]), so the start-up is 85 cycles. The
//!   iPSC/860 set up a circuit from sender to receiver and then streamed
//!   the message; the book models the circuit as one worm per message of
//!   up to 8 KB (a 2-flit header and the data), which holds every link of
//!   its path until its tail passes, with the smallest buffers that keep a
//!   stream moving (2 flits). Longer messages go as 8 KB pieces. These
//!   are the book's choices, not measurements.
//! - [`SimConfig::edr`]: a present-day InfiniBand EDR cluster on a k-ary
//!   n-tree (chapter 14). Measured or specified figures, with their
//!   sources:
//!   - a link carries 4 lanes of 25.78125 Gb/s with 64b/66b encoding,
//!     100 Gb/s = 12.5 GB/s of data each way (InfiniBand Architecture
//!     Specification, Volume 2, Release 1.3, EDR);
//!   - packets carry at most 4,096 bytes of data (the largest MTU of the
//!     InfiniBand Architecture Specification, Volume 1, and the usual one
//!     for MPI on EDR) behind 26 bytes of headers and checksums: the local
//!     route header (8), the base transport header (12), the invariant
//!     and the variant CRC (4 and 2) (Volume 1, chapters 7 and 9);
//!   - link-level flow control counts buffer credits in 64-byte blocks
//!     (Volume 1, chapter 7): the preset's flit is one such block, so a
//!     cycle is 64 bytes at 12.5 GB/s, 5.12 ns ([`EDR_CYCLE_US`]), and a
//!     full packet is ⌈4,122 / 64⌉ = 65 flits;
//!   - a switch passes a packet's head on in about 90 ns (Mellanox SB7800
//!     EDR switch system datasheet: "90ns port-to-port latency");
//!   - MPI's one-way latency for a small message between two nodes under
//!     one EDR switch is about 1 µs (the OSU micro-benchmarks'
//!     `osu_latency`, as the MVAPICH project and Mellanox publish it for
//!     ConnectX-4/5 EDR adapters).
//!
//!   The book's own choices: the simulator moves a head one hop a cycle,
//!   so a switch's 90 ns is not charged at every switch; the start-up is
//!   the 1 µs MPI latency less that one switch's 90 ns, 0.91 µs = 178
//!   cycles, so one small message under one switch takes about 1 µs, and
//!   a message through the 2ℓ − 1 switches of a level-ℓ route arrives
//!   (2ℓ − 2) × 90 ns sooner than on the hardware. Buffers hold 64 flits
//!   (4 KB, the simulator's deepest; the SB7800's are not published per
//!   port), the adapter streams packets back to back (no gap), one
//!   message at a time each way as the single port serialises them, and
//!   up-links are static d-mod-k routes, as InfiniBand's subnet manager
//!   (OpenSM's fat-tree routing) programs its destination-based forwarding
//!   tables.

pub use super::error::SimError;
use crate::net::TopologySpec;
use serde::Serialize;

/// Microseconds per cycle in the CM-5 preset (a 4-byte flit at 20 MB/s).
pub const CM5_CYCLE_US: f64 = 0.2;

/// Microseconds per cycle in the iPSC/860 preset (a 4-byte flit at
/// 0.4 µs per byte).
pub const IPSC860_CYCLE_US: f64 = 1.6;

/// Microseconds per cycle in the EDR preset (a 64-byte flit at 12.5 GB/s,
/// 5.12 ns).
pub const EDR_CYCLE_US: f64 = 0.00512;

/// Longest software start-up, in cycles.
pub const MAX_STARTUP: u32 = 1_000_000;
/// Deepest input buffer, in flits.
pub const MAX_BUFFER: u32 = 64;
/// Most messages a processor may send at once.
pub const MAX_SEND_LIMIT: u32 = 16;
/// Most messages a processor may receive at once.
pub const MAX_RECV_LIMIT: u32 = 4096;
/// Most flits in one packet.
pub const MAX_PACKET_FLITS: u64 = 4096;
/// Largest packet field (data or header), in bytes.
pub const MAX_PACKET_BYTES: u32 = 65_536;

/// How a message is cut into packets and a packet into flits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PacketFormat {
    /// User data carried by a full packet.
    pub data_bytes: u32,
    /// Header (control) bytes every packet carries.
    pub header_bytes: u32,
    /// Bytes per flit: what one link carries in one cycle.
    pub flit_bytes: u32,
}

impl PacketFormat {
    /// The Intel Delta's packets (paper 001 §2) in 16-byte flits.
    pub const DELTA: PacketFormat = PacketFormat {
        data_bytes: 482,
        header_bytes: 30,
        flit_bytes: 16,
    };
    /// The iPSC/860's circuits as the book models them: up to 8 KB of data
    /// behind an 8-byte header, in 4-byte flits.
    pub const IPSC860: PacketFormat = PacketFormat {
        data_bytes: 8192,
        header_bytes: 8,
        flit_bytes: 4,
    };
    /// InfiniBand EDR packets: a 4,096-byte MTU behind 26 bytes of
    /// headers and CRCs, in 64-byte flits (the flow-control credit).
    pub const EDR: PacketFormat = PacketFormat {
        data_bytes: 4096,
        header_bytes: 26,
        flit_bytes: 64,
    };
    /// The CM-5's packets (paper 004 §2) in 4-byte flits.
    pub const CM5: PacketFormat = PacketFormat {
        data_bytes: 16,
        header_bytes: 4,
        flit_bytes: 4,
    };

    /// Packets of a message of `bytes` bytes: ⌈bytes / data⌉, and one
    /// header-only packet for an empty message.
    pub fn packets(&self, bytes: u64) -> u64 {
        bytes.div_ceil(self.data_bytes as u64).max(1)
    }

    /// Flits of packet `k` (0-based) of a message of `bytes` bytes:
    /// ⌈(data in this packet + header) / flit⌉.
    pub fn packet_flits(&self, bytes: u64, k: u64) -> u64 {
        let data = bytes
            .saturating_sub(k * self.data_bytes as u64)
            .min(self.data_bytes as u64);
        (data + self.header_bytes as u64)
            .div_ceil(self.flit_bytes as u64)
            .max(1)
    }

    /// Flits of a whole message: F(L) = ⌊L/D⌋·⌈(D+H)/w⌉ + [L mod D > 0]·⌈(L mod D + H)/w⌉
    /// (an empty message is one header-only packet).
    pub fn flits(&self, bytes: u64) -> u64 {
        let d = self.data_bytes as u64;
        let full = bytes / d;
        let rest = bytes % d;
        let mut f = full * self.packet_flits(bytes, 0);
        if rest > 0 || bytes == 0 {
            f += self.packet_flits(bytes, full);
        }
        f
    }
}

crate::keyword_enum! {
    /// How a fat-tree switch picks one of its up-links (the mesh ignores it).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    pub enum UpRouting {
        /// The static d-mod-k choice of [`crate::net::fattree`]: fixed per
        /// destination, as a compile-time scheduler assumes.
        Static = "static",
        /// At each switch, a random up-link drawn once from the seed.
        Random = "random",
        /// At each switch, a random up-link among those free this cycle; a head
        /// whose choice is taken before it gets it draws again: load balancing
        /// "on the fly" (paper 004 §2).
        Adaptive = "adaptive",
    }
}

crate::keyword_enum! {
    /// When a message claims one of its receiver's receive slots.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    pub enum RecvPolicy {
        /// Before it starts (a rendezvous: the receive is posted first). The
        /// receiver always drains what arrives, so nothing can deadlock.
        Reserve = "start",
        /// When its first packet reaches the receiver. A packet that finds every
        /// slot taken waits inside the network, holding its links, and can
        /// deadlock; the watchdog then explains the cycle of waits.
        OnArrival = "arrival",
    }
}

/// The simulator's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SimConfig {
    /// How messages are cut into packets and flits.
    pub packet: PacketFormat,
    /// Software start-up per message, in cycles, paid once it holds its
    /// send and receive slots and before its first flit leaves.
    pub startup: u32,
    /// Idle cycles a processor's injection port needs between two packets
    /// (the software cost of handing each packet to the network interface).
    pub packet_gap: u32,
    /// Input buffer depth of every link, in flits (≥ 2 sustains one flit
    /// per cycle; with 1 a stream moves every other cycle).
    pub buffer: u32,
    /// Messages a processor sends at a time (their packets interleave).
    pub send_limit: u32,
    /// Messages a processor receives at a time.
    pub recv_limit: u32,
    /// How a fat-tree switch picks its up-link.
    pub up_routing: UpRouting,
    /// When a message claims its receive slot.
    pub recv_policy: RecvPolicy,
    /// Seed of the one random stream (fat-tree up-links).
    pub seed: u64,
}

impl SimConfig {
    /// The CM-5 preset (see the module docs).
    pub fn cm5() -> Self {
        SimConfig {
            packet: PacketFormat::CM5,
            startup: 320,
            packet_gap: 4,
            buffer: 5,
            send_limit: 1,
            recv_limit: 1,
            up_routing: UpRouting::Random,
            recv_policy: RecvPolicy::Reserve,
            seed: 1,
        }
    }

    /// The Intel Delta preset (see the module docs).
    pub fn delta() -> Self {
        SimConfig {
            packet: PacketFormat::DELTA,
            startup: 100,
            packet_gap: 0,
            buffer: 4,
            ..SimConfig::cm5()
        }
    }

    /// The iPSC/860 preset (see the module docs).
    pub fn ipsc860() -> Self {
        SimConfig {
            packet: PacketFormat::IPSC860,
            startup: 85,
            packet_gap: 0,
            buffer: 2,
            ..SimConfig::cm5()
        }
    }

    /// The InfiniBand EDR cluster preset (see the module docs).
    pub fn edr() -> Self {
        SimConfig {
            packet: PacketFormat::EDR,
            startup: 178,
            packet_gap: 0,
            buffer: 64,
            send_limit: 1,
            recv_limit: 1,
            up_routing: UpRouting::Static,
            ..SimConfig::cm5()
        }
    }

    /// The machine a network models: the Delta on a mesh, the CM-5 on a
    /// fat tree, the iPSC/860 on a hypercube, an InfiniBand EDR cluster
    /// on a k-ary n-tree.
    pub fn preset(spec: TopologySpec) -> Self {
        match spec {
            TopologySpec::Mesh { .. } => SimConfig::delta(),
            TopologySpec::FatTree { .. } => SimConfig::cm5(),
            TopologySpec::Hypercube { .. } => SimConfig::ipsc860(),
            TopologySpec::KaryTree { .. } => SimConfig::edr(),
        }
    }

    /// The preset of a network's machine with the random stream seeded by
    /// `seed` (the mesh's preset keeps its own: nothing on a mesh draws).
    pub fn seeded(spec: TopologySpec, seed: u64) -> Self {
        match spec {
            TopologySpec::Mesh { .. } => SimConfig::delta(),
            spec => SimConfig {
                seed,
                ..SimConfig::preset(spec)
            },
        }
    }

    /// Microseconds per cycle on a network's machine, where the book
    /// gives one (the Delta's cycle is not known: its figures count
    /// cycles).
    pub fn cycle_us(spec: TopologySpec) -> Option<f64> {
        match spec {
            TopologySpec::Mesh { .. } => None,
            TopologySpec::FatTree { .. } => Some(CM5_CYCLE_US),
            TopologySpec::Hypercube { .. } => Some(IPSC860_CYCLE_US),
            TopologySpec::KaryTree { .. } => Some(EDR_CYCLE_US),
        }
    }

    /// Checks every field.
    pub fn validate(&self) -> Result<(), SimError> {
        let p = &self.packet;
        let field = |name, got: u64, min: u64, max: u64| {
            if got < min || got > max {
                Err(SimError::Param {
                    name,
                    got,
                    min,
                    max,
                })
            } else {
                Ok(())
            }
        };
        let big = MAX_PACKET_BYTES as u64;
        field("data bytes per packet", p.data_bytes as u64, 1, big)?;
        field("header bytes per packet", p.header_bytes as u64, 0, big)?;
        field("flit bytes", p.flit_bytes as u64, 1, big)?;
        let flits = p.packet_flits(p.data_bytes as u64, 0);
        if flits > MAX_PACKET_FLITS {
            return Err(SimError::PacketTooLong { flits });
        }
        field(
            "start-up cycles",
            self.startup as u64,
            0,
            MAX_STARTUP as u64,
        )?;
        field("packet gap", self.packet_gap as u64, 0, MAX_STARTUP as u64)?;
        field("buffer depth", self.buffer as u64, 1, MAX_BUFFER as u64)?;
        field(
            "send limit",
            self.send_limit as u64,
            1,
            MAX_SEND_LIMIT as u64,
        )?;
        field(
            "receive limit",
            self.recv_limit as u64,
            1,
            MAX_RECV_LIMIT as u64,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_and_flits_follow_the_machines() {
        let d = PacketFormat::DELTA;
        // 1 KB = 482 + 482 + 60: two full packets of 32 flits, one of ⌈90/16⌉ = 6.
        assert_eq!(d.packets(1024), 3);
        assert_eq!(d.flits(1024), 70);
        assert_eq!(d.flits(482), 32);
        let c = PacketFormat::CM5;
        assert_eq!(c.flits(16), 5);
        assert_eq!(c.flits(1024), 320);
        // 17 bytes: a full packet and one of 1 + 4 bytes (2 flits).
        assert_eq!(c.flits(17), 7);
        // An empty message is one header-only packet.
        assert_eq!((c.packets(0), c.flits(0)), (1, 1));
        let total: u64 = (0..d.packets(1000)).map(|k| d.packet_flits(1000, k)).sum();
        assert_eq!(total, d.flits(1000));
    }

    #[test]
    fn validation_names_the_field() {
        assert_eq!(SimConfig::cm5().validate(), Ok(()));
        assert_eq!(SimConfig::delta().validate(), Ok(()));
        assert_eq!(SimConfig::ipsc860().validate(), Ok(()));
        assert_eq!(SimConfig::edr().validate(), Ok(()));
        // A full EDR packet is 4,096 + 26 bytes in 64-byte flits.
        assert_eq!(PacketFormat::EDR.flits(4096), 65);
        assert_eq!(PacketFormat::EDR.flits(8), 1);
        // 1 KB is one circuit of 2 + 256 flits.
        assert_eq!(PacketFormat::IPSC860.flits(1024), 258);
        let mut c = SimConfig::cm5();
        c.buffer = 0;
        assert_eq!(
            c.validate().unwrap_err().to_string(),
            "buffer depth must be between 1 and 64 (got 0)"
        );
        let mut c = SimConfig::delta();
        c.packet.flit_bytes = 0;
        assert!(
            c.validate()
                .unwrap_err()
                .to_string()
                .starts_with("flit bytes")
        );
        c.packet.flit_bytes = 1;
        c.packet.data_bytes = 60_000;
        assert!(matches!(c.validate(), Err(SimError::PacketTooLong { .. })));
    }
}
