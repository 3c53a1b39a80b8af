//! Linear, exclusive-or and balanced permutations side by side, one
//! permutation index at a time, with their link loads (paper 001, §5.1).
//!
//! Step i shows the i-th permutation of each scheme ([`super::perms`]) with
//! the messages on every directed link under XY routing, its load, and
//! each scheme's running max_load and sum_load; a scheme with fewer than i
//! permutations shows none. The last step's running values are the
//! schemes' max_load and sum_load.
//!
//! ```
//! use commbook_core::mesh::load_view::record;
//! use commbook_core::net::mesh::Mesh;
//! let t = record(&Mesh::new(8, 8));
//! let end = t.final_state();
//! let max: Vec<u32> = end.schemes.iter().map(|s| s.loads.max_load).collect();
//! assert_eq!(max, [4, 4, 2]);                     // √p/2, √p/2, √p/4
//! assert_eq!(end.schemes[2].loads.sum_load, 128); // p^{3/2}/4
//! ```

use super::load::Running;
use super::perms::{self, Perm};
use crate::net::mesh::Mesh;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

/// The three partitioning schemes, in the order of [`LoadState::schemes`].
pub const SCHEMES: [&str; 3] = ["linear", "XOR", "balanced"];

/// Step i: the i-th permutation of each scheme (`None` past its last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Index {
    /// 1-based permutation index.
    pub index: usize,
    /// One permutation per scheme.
    pub perms: [Option<Perm>; 3],
}

/// One scheme at the current index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SchemeState {
    /// How many permutations the scheme has.
    pub count: usize,
    /// The current permutation, if the scheme has one at this index.
    pub perm: Option<Perm>,
    /// Its link loads, and max_load and sum_load so far.
    pub loads: Running,
}

/// The view after a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadState {
    /// The mesh.
    pub mesh: Mesh,
    /// The current index (0 before the first).
    pub index: usize,
    /// Linear, XOR, balanced.
    pub schemes: [SchemeState; 3],
}

impl Replay for LoadState {
    type Event = Index;
    fn apply(&mut self, e: &Index) {
        self.index = e.index;
        for (s, perm) in self.schemes.iter_mut().zip(&e.perms) {
            s.loads.push(&self.mesh, perm.as_deref());
            s.perm = perm.clone();
        }
    }
}

/// Records the three schemes on `mesh`.
pub fn record(mesh: &Mesh) -> Trace<LoadState> {
    let p = mesh.rows * mesh.cols;
    let all = [perms::linear(p), perms::xor(p), perms::balanced(mesh)];
    let len = all.iter().map(Vec::len).max().unwrap_or(0);
    let mut init = LoadState {
        mesh: *mesh,
        index: 0,
        schemes: Default::default(),
    };
    for (s, list) in init.schemes.iter_mut().zip(&all) {
        s.count = list.len();
        s.loads.link_load = vec![0; 4 * p];
    }
    let mut rec = Recorder::new(init, snapshot_every(len, 15 * p));
    for i in 0..len {
        rec.event(Index {
            index: i + 1,
            perms: [0, 1, 2].map(|s| all[s].get(i).cloned()),
        });
        rec.end_step();
    }
    rec.finish()
}

/// One sentence for a step.
pub fn caption(state: &LoadState) -> String {
    let p = state.mesh.rows * state.mesh.cols;
    if state.index == 0 {
        return format!(
            "All-to-all on {p} processors, cut into permutations three ways: linear, \
             exclusive-or and balanced. Step through the permutations to see each one's busiest links."
        );
    }
    let parts: Vec<String> = SCHEMES
        .iter()
        .zip(&state.schemes)
        .map(|(name, s)| match s.perm {
            Some(_) => format!("{name} load {}", s.loads.load),
            None => format!("{name} has none (only {})", s.count),
        })
        .collect();
    format!("Permutation {}: {}.", state.index, parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::load::{LoadSummary, permutation_loads};

    #[test]
    fn running_values_end_at_the_schemes_summaries() {
        for (r, c) in [(4, 4), (3, 5), (2, 8), (16, 16)] {
            let m = Mesh::new(r, c);
            let end = record(&m).final_state();
            let p = r * c;
            for (s, list) in
                end.schemes
                    .iter()
                    .zip([perms::linear(p), perms::xor(p), perms::balanced(&m)])
            {
                let want = LoadSummary::of(permutation_loads(&m, &list));
                assert_eq!(
                    (s.loads.max_load, s.loads.sum_load),
                    (want.max_load, want.sum_load)
                );
                assert_eq!(s.count, list.len());
            }
        }
        // The numbers of §5.1 on 16×16 (see `load`): 8/1424, 8/1755, 4/1024.
        let end = record(&Mesh::new(16, 16)).final_state();
        let got: Vec<(u32, u64)> = end
            .schemes
            .iter()
            .map(|s| (s.loads.max_load, s.loads.sum_load))
            .collect();
        assert_eq!(got, [(8, 1424), (8, 1755), (4, 1024)]);
    }

    #[test]
    fn captions() {
        let t = record(&Mesh::new(2, 3));
        assert!(caption(&t.state_at(0)).starts_with("All-to-all on 6 processors"));
        // 6 processors: 5 linear and 7 XOR permutations (i up to 8), and 5
        // balanced ones (2 × 3 products, less identity × identity).
        assert_eq!(
            caption(&t.state_at(7)),
            "Permutation 7: linear has none (only 5), XOR load 1, balanced has none (only 5)."
        );
    }
}
