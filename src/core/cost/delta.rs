//! A cost model of the Intel Touchstone Delta for superstep algorithms
//! (paper 001, §2, §3.2, §4.1).
//!
//! What the paper tells about the machine: a 16×32 wormhole-routed mesh;
//! packets of 512 bytes, 482 of data and a 30-byte header; a set-up cost per
//! message, larger for sending than for receiving; and processors that send
//! faster than they receive. The model turns those into five rates, plus a
//! fixed cost per superstep for the barrier:
//!
//! - a message of b bytes occupies w(b) = b + 30·⌈b/482⌉ bytes on the wire;
//! - a sender pays o_s + w·g_s per send, one send after another in issue
//!   order; a send's data is in only when the slower of the two ends has
//!   taken it, o_s + w·max(g_s, g_r) after the send starts;
//! - a receiver pays o_r + w·g_r per receive, one after another;
//! - a link carries w·g_l per message crossing it (XY routes);
//!
//! and a superstep lasts λ plus the longest of: any sender's last delivery,
//! any receiver's total, any link's total. Supersteps add up (they are
//! separated by barriers, §1).
//!
//! The preset [`DeltaCost::delta`] was fitted to the paper's one-to-all and
//! all-to-one tables (Figures 2 and 6, 256 processors) by minimising the
//! squared log error; the mesh module's tests report how far each row is
//! off. Take it as a teaching model: it keeps the shape of the published
//! curves (set-ups dominate small messages, bandwidth large ones), not the
//! Delta's every quirk (the paper itself cannot explain some jumps).
//!
//! ```
//! use commbook::core::cost::delta::{DeltaCost, wire_bytes};
//! use commbook::core::net::mesh::Mesh;
//! assert_eq!(wire_bytes(482), 512);
//! assert_eq!(wire_bytes(483), 483 + 60);
//! let d = DeltaCost::delta();
//! let one = d.superstep_us(&Mesh::new(1, 2), &[(0, 1, 16)]);
//! let two = d.superstep_us(&Mesh::new(1, 3), &[(0, 1, 16), (0, 2, 16)]);
//! assert!(two > one);
//! ```

use crate::core::net::mesh::Mesh;
use crate::core::published::hambrusch::{PACKET_HEADER, PACKET_PAYLOAD};

/// Bytes on the wire for a message of `bytes` data bytes: one 30-byte
/// header per packet of up to 482 data bytes.
pub fn wire_bytes(bytes: u64) -> u64 {
    bytes + PACKET_HEADER * bytes.div_ceil(PACKET_PAYLOAD).max(1)
}

/// The rates of the model, in microseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeltaCost {
    /// o_s: set-up per send.
    pub send_setup_us: f64,
    /// o_r: set-up per receive.
    pub recv_setup_us: f64,
    /// g_s: per wire byte sent.
    pub send_us_per_byte: f64,
    /// g_r: per wire byte received.
    pub recv_us_per_byte: f64,
    /// g_l: per wire byte crossing a link.
    pub link_us_per_byte: f64,
    /// λ: barrier and latency per superstep.
    pub superstep_us: f64,
}

impl DeltaCost {
    /// The preset fitted to Figures 2 and 6 of paper 001.
    pub fn delta() -> DeltaCost {
        DeltaCost {
            send_setup_us: 95.0,
            recv_setup_us: 60.0,
            send_us_per_byte: 0.095,
            recv_us_per_byte: 0.13,
            link_us_per_byte: 0.06,
            superstep_us: 120.0,
        }
    }

    /// The time of one superstep whose sends are `(src, dst, bytes)` in
    /// issue order.
    pub fn superstep_us(&self, mesh: &Mesh, sends: &[(usize, usize, u64)]) -> f64 {
        if sends.is_empty() {
            return 0.0;
        }
        let p = mesh.rows * mesh.cols;
        let mut sender = vec![0.0f64; p];
        let mut receiver = vec![0.0f64; p];
        let mut link = vec![0.0f64; 4 * p];
        let mut longest = 0.0f64;
        let slower = self.send_us_per_byte.max(self.recv_us_per_byte);
        for &(s, d, b) in sends {
            let w = wire_bytes(b) as f64;
            let start = sender[s];
            sender[s] += self.send_setup_us + w * self.send_us_per_byte;
            longest = longest.max(start + self.send_setup_us + w * slower);
            receiver[d] += self.recv_setup_us + w * self.recv_us_per_byte;
            longest = longest.max(receiver[d]);
            for l in mesh.xy_links(s, d) {
                let t = &mut link[l as usize];
                *t += w * self.link_us_per_byte;
                longest = longest.max(*t);
            }
        }
        self.superstep_us + longest
    }

    /// The time of a run of supersteps.
    pub fn total_us<'a>(
        &self,
        mesh: &Mesh,
        supersteps: impl IntoIterator<Item = &'a [(usize, usize, u64)]>,
    ) -> f64 {
        supersteps
            .into_iter()
            .map(|s| self.superstep_us(mesh, s))
            .sum()
    }

    /// The predicted time of a collective, in microseconds.
    pub fn collective_us(&self, c: &crate::core::mesh::Collective) -> f64 {
        let steps: Vec<Vec<(usize, usize, u64)>> = c
            .supersteps
            .iter()
            .map(|st| st.sends.iter().map(|s| (s.src, s.dst, s.bytes)).collect())
            .collect();
        self.total_us(&c.spec.mesh, steps.iter().map(Vec::as_slice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receivers_and_links_can_be_the_bottleneck() {
        let d = DeltaCost::delta();
        let m = Mesh::new(1, 3);
        // Two senders into one receiver: the receiver pays twice.
        let into_one = d.superstep_us(&m, &[(0, 1, 4096), (2, 1, 4096)]);
        let w = wire_bytes(4096) as f64;
        let expect = d.superstep_us + 2.0 * (d.recv_setup_us + w * d.recv_us_per_byte);
        assert!((into_one - expect).abs() < 1e-9, "{into_one} vs {expect}");
        assert_eq!(d.total_us(&m, [&[][..]]), 0.0);
    }
}
