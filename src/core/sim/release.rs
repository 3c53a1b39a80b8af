//! When a message may start: the three [`Sync`] rules.
//!
//! - `Free`: everything at cycle 0.
//! - `Barrier`: phase k when no message of an earlier phase is left.
//! - `Loose`: a message of phase k when neither its sender nor its receiver
//!   has a message of an earlier phase left (as sender or receiver). Each
//!   processor keeps its messages sorted by phase and a pointer to its first
//!   undelivered one; the message is released when both pointers reach its
//!   phase.
//!
//! Releases only ever follow deliveries, so the set released at a cycle
//! boundary does not depend on the order in which deliveries are handled.

use super::traffic::{SimMessage, Sync};
use crate::sorting::{bucket, bucket_each};

/// The release rule with its bookkeeping.
#[derive(Clone, Debug)]
pub(crate) struct Release {
    pub(super) sync: Sync,
    pub(super) ends: Vec<(u32, u32)>,
    pub(super) phase: Vec<u32>,
    pub(super) released: Vec<bool>,
    pub(super) done: Vec<bool>,
    /// Barrier: undelivered messages per phase, the current phase, and the
    /// messages of each phase (`by_phase[start[k]..start[k + 1]]`).
    pub(super) left: Vec<u32>,
    pub(super) current: usize,
    by_phase: Vec<u32>,
    pub(super) start: Vec<u32>,
    /// Loose: each processor's messages by phase, and its pointer.
    involve: Vec<u32>,
    inv_start: Vec<u32>,
    pub(super) ptr: Vec<u32>,
}

impl Release {
    /// Bookkeeping for `messages` (phases below `phases`) on `n` processors.
    pub fn new(sync: Sync, messages: &[SimMessage], phases: usize, n: usize) -> Release {
        let m = messages.len();
        let ends: Vec<(u32, u32)> = messages
            .iter()
            .map(|x| (x.src as u32, x.dst as u32))
            .collect();
        let phase: Vec<u32> = messages.iter().map(|x| x.phase as u32).collect();
        let mut left = vec![0u32; phases];
        for &k in &phase {
            left[k as usize] += 1;
        }
        let ids: Vec<u32> = (0..m as u32).collect();
        let (by_phase, start) = bucket(phases, &ids, |&i| phase[i as usize] as usize);
        // A message appears once per distinct end, ordered by (node, phase,
        // id): taken in (phase, id) order, placed under each end.
        let (involve, inv_start) = bucket_each(n, &by_phase, |&i| {
            let (s, d) = ends[i as usize];
            std::iter::once(s as usize).chain((d != s).then_some(d as usize))
        });
        Release {
            sync,
            ends,
            phase,
            released: vec![false; m],
            done: vec![false; m],
            left,
            current: 0,
            by_phase,
            start,
            ptr: inv_start[..n].to_vec(),
            involve,
            inv_start,
        }
    }

    /// Messages released before the first cycle, appended to `out`.
    pub fn initial(&mut self, out: &mut Vec<u32>) {
        match self.sync {
            Sync::Free => (0..self.released.len() as u32).for_each(|i| self.mark(i, out)),
            Sync::Barrier => {
                self.skip_empty_phases();
                self.release_phase(out);
            }
            Sync::Loose => {
                for node in 0..self.ptr.len() {
                    self.check_node(node, out);
                }
            }
        }
    }

    /// Message `msg` has arrived; newly released messages go to `out`.
    pub fn delivered(&mut self, msg: u32, out: &mut Vec<u32>) {
        let i = msg as usize;
        if std::mem::replace(&mut self.done[i], true) {
            return;
        }
        self.left[self.phase[i] as usize] -= 1;
        match self.sync {
            Sync::Free => {}
            Sync::Barrier => {
                let before = self.current;
                self.skip_empty_phases();
                if self.current != before {
                    self.release_phase(out);
                }
            }
            Sync::Loose => {
                let (s, d) = self.ends[i];
                for node in [s, d] {
                    let node = node as usize;
                    let end = self.inv_start[node + 1];
                    let mut p = self.ptr[node];
                    while p < end && self.done[self.involve[p as usize] as usize] {
                        p += 1;
                    }
                    if p != self.ptr[node] {
                        self.ptr[node] = p;
                        self.check_node(node, out);
                    }
                }
            }
        }
    }

    /// Undelivered messages of phase `k`.
    pub fn left_in_phase(&self, k: usize) -> u32 {
        self.left[k]
    }

    fn mark(&mut self, i: u32, out: &mut Vec<u32>) {
        if !std::mem::replace(&mut self.released[i as usize], true) {
            out.push(i);
        }
    }

    fn skip_empty_phases(&mut self) {
        while self.current < self.left.len() && self.left[self.current] == 0 {
            self.current += 1;
        }
    }

    fn release_phase(&mut self, out: &mut Vec<u32>) {
        if self.current < self.left.len() {
            let (a, b) = (self.start[self.current], self.start[self.current + 1]);
            for k in a..b {
                self.mark(self.by_phase[k as usize], out);
            }
        }
    }

    /// The first undelivered phase of a processor (u32::MAX when none).
    fn node_phase(&self, node: usize) -> u32 {
        let p = self.ptr[node];
        if p < self.inv_start[node + 1] {
            self.phase[self.involve[p as usize] as usize]
        } else {
            u32::MAX
        }
    }

    /// Releases the messages of `node`'s current phase whose other end has
    /// reached that phase too.
    fn check_node(&mut self, node: usize, out: &mut Vec<u32>) {
        let k = self.node_phase(node);
        let end = self.inv_start[node + 1];
        let mut p = self.ptr[node];
        while p < end {
            let i = self.involve[p as usize];
            if self.phase[i as usize] != k {
                break;
            }
            let (s, d) = self.ends[i as usize];
            if self.node_phase(s as usize) >= k && self.node_phase(d as usize) >= k {
                self.mark(i, out);
            }
            p += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msgs(list: &[(usize, usize, usize)]) -> Vec<SimMessage> {
        list.iter()
            .map(|&(src, dst, phase)| SimMessage {
                src,
                dst,
                bytes: 1,
                phase,
            })
            .collect()
    }

    #[test]
    fn barrier_waits_for_everybody() {
        let m = msgs(&[(0, 1, 0), (2, 3, 0), (1, 0, 2), (3, 2, 2)]);
        let mut r = Release::new(Sync::Barrier, &m, 3, 4);
        let mut out = Vec::new();
        r.initial(&mut out);
        assert_eq!(out, vec![0, 1]);
        out.clear();
        r.delivered(0, &mut out);
        assert!(out.is_empty());
        r.delivered(1, &mut out);
        // Phase 1 is empty: phase 2 follows at once.
        assert_eq!(out, vec![2, 3]);
    }

    #[test]
    fn loose_needs_both_ends() {
        // Phase 0: 0→1 and 2→3. Phase 1: 1→2 needs 1 (receiver of 0→1) and
        // 2 (sender of 2→3); 0→3 needs 0 and 3.
        let m = msgs(&[(0, 1, 0), (2, 3, 0), (1, 2, 1), (0, 3, 1)]);
        let mut r = Release::new(Sync::Loose, &m, 2, 4);
        let mut out = Vec::new();
        r.initial(&mut out);
        assert_eq!(out, vec![0, 1]);
        out.clear();
        r.delivered(0, &mut out);
        assert!(out.is_empty(), "{out:?}");
        r.delivered(1, &mut out);
        crate::sorting::sort_by_u64(&mut out, |&x| u64::from(x));
        assert_eq!(out, vec![2, 3]);
        assert_eq!(r.left_in_phase(0), 0);
    }

    #[test]
    fn free_releases_everything() {
        let m = msgs(&[(0, 1, 0), (1, 0, 0)]);
        let mut r = Release::new(Sync::Free, &m, 1, 2);
        let mut out = Vec::new();
        r.initial(&mut out);
        assert_eq!(out, vec![0, 1]);
    }
}
