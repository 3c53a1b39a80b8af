//! The General purpose Distributed Memory (GDM) cost model (paper 003, §3.2,
//! Corollary 2, §5).
//!
//! Sending m bytes from one processor to another costs T_d + m·τ_d: T_d is
//! the start-up time (paid once per message, whatever its size) and τ_d the
//! time per byte. A step in which every processor sends at most one message
//! and receives at most one runs all its messages concurrently, so it lasts
//! T_d + m_max·τ_d for its largest message. The network is taken as
//! completely connected; node contention is excluded by the schedules.
//!
//! Presets: the IBM SP-2 (T_d = 40 µs, τ_d = 15 ns/byte) and the Cray T3D
//! (93 µs, 43 ns/byte) of §5; the SP-2 as Figure 20(a) gives it (τ_d =
//! 35 ns/byte, the paper prints both values); and a present-day cluster,
//! T_d = 2 µs and τ_d = 0.1 ns/byte (MPI over a 100 Gb/s-class network,
//! about 10 GB/s per process), an order of magnitude rather than a
//! measurement.
//!
//! [`Corollary2`] holds the paper's closed forms for the direct, indirect
//! and hybrid schedules, plus the multiphase baseline as §5 describes it
//! (every phase moves the whole array).
//!
//! ```
//! use commbook_core::cost::gdm::{Corollary2, Gdm};
//! let c = Corollary2 { n: 400_000.0, p: 128, k: 64, b: 4.0 };
//! let sp2 = Gdm::SP2;
//! assert!(c.indirect_us(&sp2) < c.direct_us(&sp2)); // start-up costs dominate
//! ```

use crate::published::lim;

/// GDM parameters: start-up time and time per byte.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gdm {
    /// Short name (`sp2`, `t3d`, `sp2-fig20`, `modern`).
    pub name: &'static str,
    /// T_d, microseconds.
    pub t_d_us: f64,
    /// τ_d, microseconds per byte.
    pub tau_d_us_per_byte: f64,
}

impl Gdm {
    /// IBM SP-2, §5.
    pub const SP2: Gdm = Gdm {
        name: "sp2",
        t_d_us: lim::SP2_T_D_US,
        tau_d_us_per_byte: lim::SP2_TAU_D_NS / 1000.0,
    };
    /// Cray T3D, §5.
    pub const T3D: Gdm = Gdm {
        name: "t3d",
        t_d_us: lim::T3D_T_D_US,
        tau_d_us_per_byte: lim::T3D_TAU_D_NS / 1000.0,
    };
    /// IBM SP-2 as in Figure 20(a).
    pub const SP2_FIG20: Gdm = Gdm {
        name: "sp2-fig20",
        t_d_us: lim::SP2_T_D_US,
        tau_d_us_per_byte: lim::FIG20_SP2_TAU_D_NS / 1000.0,
    };
    /// A present-day cluster (assumed order of magnitude, see module docs).
    pub const MODERN: Gdm = Gdm {
        name: "modern",
        t_d_us: 2.0,
        tau_d_us_per_byte: 0.0001,
    };

    /// Every preset.
    pub const PRESETS: [Gdm; 4] = [Gdm::SP2, Gdm::T3D, Gdm::SP2_FIG20, Gdm::MODERN];

    /// The presets' names, in their order: the options of a setting that
    /// chooses one.
    pub const WORDS: [&'static str; 4] = {
        let mut words = [""; 4];
        let mut i = 0;
        while i < words.len() {
            words[i] = Gdm::PRESETS[i].name;
            i += 1;
        }
        words
    };

    /// The preset's name for a reader ("the IBM SP-2", …); other
    /// parameters are "this machine".
    pub fn title(&self) -> &'static str {
        match self.name {
            "sp2" => "the IBM SP-2",
            "t3d" => "the Cray T3D",
            "sp2-fig20" => "the IBM SP-2 of Figure 20(a)",
            "modern" => "a present-day cluster",
            _ => "this machine",
        }
    }

    /// Looks a preset up by name.
    pub fn preset(name: &str) -> Option<Gdm> {
        Gdm::PRESETS.iter().copied().find(|g| g.name == name)
    }

    /// One step whose largest message has `bytes` bytes.
    pub fn step_us(&self, bytes: u64) -> f64 {
        self.t_d_us + bytes as f64 * self.tau_d_us_per_byte
    }

    /// R = T_d/τ_d, in bytes: the message size whose transmission costs as
    /// much as one start-up.
    pub fn ratio(&self) -> f64 {
        self.t_d_us / self.tau_d_us_per_byte
    }

    /// T_d divided by `t_by` and τ_d by `tau_by` (Figure 20 (b)-(d)).
    pub fn faster(&self, t_by: f64, tau_by: f64) -> Gdm {
        Gdm {
            name: self.name,
            t_d_us: self.t_d_us / t_by,
            tau_d_us_per_byte: self.tau_d_us_per_byte / tau_by,
        }
    }
}

/// Corollary 2: predicted times of ℜ_x(K, P) for N elements of b bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Corollary2 {
    /// Array elements N.
    pub n: f64,
    /// Processors P.
    pub p: usize,
    /// Expansion factor K.
    pub k: usize,
    /// Bytes per element b.
    pub b: f64,
}

fn ceil_log2(x: usize) -> f64 {
    crate::redist::shape::ceil_log2(x) as f64
}

impl Corollary2 {
    fn local_bytes(&self) -> f64 {
        self.n / self.p as f64 * self.b
    }

    /// (i) K·T_d + (N/P)·b·τ_d.
    pub fn direct_us(&self, m: &Gdm) -> f64 {
        self.k as f64 * m.t_d_us + self.local_bytes() * m.tau_d_us_per_byte
    }

    /// (ii) (⌈log K⌉ + 2)·T_d + ((⌈log K⌉ + 1)·N/(2P) + N/P)·b·τ_d.
    pub fn indirect_us(&self, m: &Gdm) -> f64 {
        let l = ceil_log2(self.k);
        (l + 2.0) * m.t_d_us + ((l + 1.0) / 2.0 + 1.0) * self.local_bytes() * m.tau_d_us_per_byte
    }

    /// (iii) (d + ⌈K/2^d⌉)·T_d + (N·d/(2P) + N/P)·b·τ_d.
    pub fn hybrid_us(&self, m: &Gdm, d: usize) -> f64 {
        let steps = d as f64 + self.k.div_ceil(1usize << d.min(usize::BITS as usize - 1)) as f64;
        steps * m.t_d_us + (d as f64 / 2.0 + 1.0) * self.local_bytes() * m.tau_d_us_per_byte
    }

    /// The multiphase baseline (§5): Σkᵢ steps, and every phase moves the
    /// local array, N/P elements.
    pub fn multiphase_us(&self, m: &Gdm, factors: &[usize]) -> f64 {
        let steps: usize = factors.iter().sum();
        steps as f64 * m.t_d_us + factors.len() as f64 * self.local_bytes() * m.tau_d_us_per_byte
    }

    /// The hybrid degree in 0..=`max_d` with the least predicted time
    /// (ties to the smaller degree), with that time.
    pub fn best_hybrid(&self, m: &Gdm, max_d: usize) -> (usize, f64) {
        (0..=max_d)
            .map(|d| (d, self.hybrid_us(m, d)))
            .fold(
                (0, f64::INFINITY),
                |best, c| if c.1 < best.1 { c } else { best },
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_ratio() {
        assert_eq!(Gdm::preset("t3d"), Some(Gdm::T3D));
        assert_eq!(Gdm::preset("cm5"), None);
        assert_eq!(Gdm::T3D.title(), "the Cray T3D");
        assert_eq!(Gdm::SP2.faster(2.0, 1.0).title(), "the IBM SP-2");
        // §3.2: the ratio is "several hundreds to a few thousands".
        assert!((Gdm::SP2.ratio() - 2666.7).abs() < 0.1);
        assert!((Gdm::T3D.ratio() - 2162.8).abs() < 0.1);
        assert!((Gdm::SP2.step_us(1000) - 55.0).abs() < 1e-9);
    }

    #[test]
    fn hybrid_ends_are_direct_and_indirect() {
        let c = Corollary2 {
            n: 1.0e6,
            p: 128,
            k: 32,
            b: 4.0,
        };
        let m = Gdm::SP2;
        assert!((c.hybrid_us(&m, 0) - c.direct_us(&m)).abs() < 1e-9);
        // With d = log K the hybrid has one step fewer than the indirect
        // bound ⌈log K⌉ + 2, and Corollary 2 charges it half a local array
        // less (d/2 against (⌈log K⌉ + 1)/2).
        let gap = c.indirect_us(&m) - c.hybrid_us(&m, 5);
        let half_array = 0.5 * 1.0e6 / 128.0 * 4.0 * m.tau_d_us_per_byte;
        assert!((gap - m.t_d_us - half_array).abs() < 1e-6, "{gap}");
    }

    #[test]
    fn best_degree_moves_with_the_machine() {
        let c = Corollary2 {
            n: 1.0e5,
            p: 128,
            k: 128,
            b: 4.0,
        };
        let (d_sp2, _) = c.best_hybrid(&Gdm::SP2, 7);
        let (d_bw, _) = c.best_hybrid(&Gdm::SP2.faster(1.0, 1000.0), 7);
        let (d_lat, _) = c.best_hybrid(&Gdm::SP2.faster(1000.0, 1.0), 7);
        assert!(d_lat < d_sp2 && d_sp2 <= d_bw, "{d_lat} {d_sp2} {d_bw}");
    }
}
