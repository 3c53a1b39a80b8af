//! A plan executed in one process, every rank's store side by side and
//! payloads moved by copying: the same packing, placing, relaying and
//! checking as over MPI, so the builders' plans are tested for every
//! algorithm without a cluster.

use super::check::check;
use super::problem::Problem;
use super::store::{Slot, Store};
use crate::plan::Plan;

/// Runs `plan` on `plan.p` in-memory ranks and returns every problem.
/// `corrupt` flips the middle byte of the first payload that rank sends
/// in that phase (numbered from 1), as `--corrupt` does.
pub fn replay(plan: &Plan, corrupt: Option<(u32, usize)>) -> Vec<Problem> {
    let mut stores: Vec<Store> = (0..plan.p as u32).map(|r| Store::new(plan, r)).collect();
    for (k, phase) in plan.phases.iter().enumerate() {
        let k = k + 1;
        // Every payload is packed before anything of the phase arrives: a
        // rank cannot forward in a phase what it receives in it.
        let mut payloads: Vec<Vec<u8>> = Vec::new();
        let mut first = vec![true; plan.p];
        for s in phase.sends.iter().filter(|s| !s.is_local()) {
            let mut problems = Vec::new();
            let st = &stores[s.src as usize];
            let p = st.payload(k, s, &mut problems);
            let mut bytes = st.payload_bytes(&p).to_vec();
            if corrupt == Some((s.src, k)) && std::mem::take(&mut first[s.src as usize]) {
                super::fault::flip(&mut bytes);
            }
            stores[s.src as usize].problems.append(&mut problems);
            stores[s.src as usize].note_departures(k, s);
            payloads.push(bytes);
        }
        let remote = phase.sends.iter().filter(|s| !s.is_local());
        for (s, bytes) in remote.zip(payloads) {
            let st = &mut stores[s.dst as usize];
            let slot = st.slots(&[s])[0];
            let n = bytes.len();
            match slot {
                Slot::Inbox { start, len } => {
                    let m = n.min(len);
                    st.inbox.buf[start..start + m].copy_from_slice(&bytes[..m]);
                    st.accept(k, s, slot, Vec::new(), n);
                }
                Slot::Staging { len } => {
                    let mut data = bytes;
                    data.resize(len, 0);
                    st.accept(k, s, slot, data, n);
                }
            }
        }
        for s in phase.sends.iter().filter(|s| s.is_local()) {
            stores[s.src as usize].copy_local(k, s);
        }
    }
    stores.iter().flat_map(check).collect()
}
