//! Link loads under XY routing: *max_load* and *sum_load* (paper 001, §5.1).
//!
//! The load of a link in a permutation Π is the number of messages of Π
//! that cross it in the same direction; load(Π) is the largest link load;
//! over permutations Π₀ … Π_{p−1}, *max_load* = maxᵢ load(Πᵢ) and
//! *sum_load* = Σᵢ load(Πᵢ). Routes are the mesh's XY routes
//! ([`crate::net::mesh::Mesh::xy_links`]), links are its directed link
//! ids. The same definitions are applied to any superstep, permutation or
//! not, so every collective gets a max_load and a sum_load.
//!
//! On a √p × √p mesh with √p a multiple of 4 the paper states (after Scott
//! \[13\]): any partition into permutations has max_load ≥ √p/4 and
//! sum_load ≥ p^{3/2}/4; linear and XOR permutations have max_load = √p/2;
//! XOR has sum_load = (3/7)·p^{3/2}; balanced permutations reach √p/4 and
//! p^{3/2}/4. The tests recompute each of these.
//!
//! ```
//! use commbook_core::mesh::load::permutation_load;
//! use commbook_core::net::mesh::Mesh;
//! // On a 1×4 array, 0→3 and 1→2 both cross the middle link eastwards.
//! let perm = [Some(3), Some(2), None, None];
//! assert_eq!(permutation_load(&Mesh::new(1, 4), &perm), 2);
//! ```

use crate::net::mesh::Mesh;

/// Per-link counts for a set of messages, indexed by link id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkLoads {
    /// Messages per directed link, indexed by the mesh's link id.
    pub counts: Vec<u32>,
}

impl LinkLoads {
    /// Counts the XY route of every `(src, dst)` pair (pairs with
    /// `src == dst` cross no link).
    pub fn of(mesh: &Mesh, pairs: impl IntoIterator<Item = (usize, usize)>) -> LinkLoads {
        let mut counts = vec![0u32; 4 * mesh.rows * mesh.cols];
        for (s, d) in pairs {
            for l in mesh.xy_links(s, d) {
                counts[l as usize] += 1;
            }
        }
        LinkLoads { counts }
    }

    /// The largest count (0 when nothing moves).
    pub fn max(&self) -> u32 {
        self.counts.iter().copied().max().unwrap_or(0)
    }
}

/// The link loads of the latest permutation of a sequence, with the
/// running max_load and sum_load: what the figures that step through
/// permutations show ([`super::cross_view`], [`super::load_view`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Running {
    /// Messages of the latest permutation on each directed link.
    pub link_load: Vec<u32>,
    /// load of the latest permutation.
    pub load: u32,
    /// max_load so far.
    pub max_load: u32,
    /// sum_load so far.
    pub sum_load: u64,
}

impl Running {
    /// Adds the next permutation (`None`: none at this point, load 0).
    pub fn push(&mut self, mesh: &Mesh, perm: Option<&[Option<usize>]>) {
        let pairs = perm
            .into_iter()
            .flat_map(|p| p.iter().enumerate().filter_map(|(s, d)| d.map(|d| (s, d))));
        let loads = LinkLoads::of(mesh, pairs);
        self.load = loads.max();
        self.link_load = loads.counts;
        self.max_load = self.max_load.max(self.load);
        self.sum_load += u64::from(self.load);
    }
}

/// load(Π) for a destination-per-processor array.
pub fn permutation_load(mesh: &Mesh, perm: &[Option<usize>]) -> u32 {
    LinkLoads::of(
        mesh,
        perm.iter()
            .enumerate()
            .filter_map(|(s, d)| d.map(|d| (s, d))),
    )
    .max()
}

/// max_load and sum_load of a list of permutations (or supersteps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadSummary {
    /// maxᵢ load(Πᵢ).
    pub max_load: u32,
    /// Σᵢ load(Πᵢ).
    pub sum_load: u64,
}

impl LoadSummary {
    /// Summarises per-permutation loads.
    pub fn of(loads: impl IntoIterator<Item = u32>) -> LoadSummary {
        loads
            .into_iter()
            .fold(LoadSummary::default(), |acc, l| LoadSummary {
                max_load: acc.max_load.max(l),
                sum_load: acc.sum_load + u64::from(l),
            })
    }
}

/// load(Πᵢ) for each permutation.
pub fn permutation_loads(mesh: &Mesh, perms: &[Vec<Option<usize>>]) -> Vec<u32> {
    perms.iter().map(|p| permutation_load(mesh, p)).collect()
}

/// The loads of each superstep of a collective.
pub fn superstep_loads(c: &super::collective::Collective) -> Vec<u32> {
    c.supersteps
        .iter()
        .map(|st| LinkLoads::of(&c.spec.mesh, st.sends.iter().map(|s| (s.src, s.dst))).max())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::perms;

    fn summary(mesh: &Mesh, perms: &[Vec<Option<usize>>]) -> LoadSummary {
        LoadSummary::of(permutation_loads(mesh, perms))
    }

    #[test]
    fn the_papers_load_figures() {
        use crate::published::hambrusch as paper;
        for k in [4usize, 8, 16] {
            let m = Mesh::new(k, k);
            let p = k * k;
            let lin = summary(&m, &perms::linear(p));
            let xor = summary(&m, &perms::xor(p));
            let bal = summary(&m, &perms::balanced(&m));
            assert_eq!(
                f64::from(lin.max_load),
                paper::linear_xor_max_load(p),
                "k = {k}"
            );
            assert_eq!(
                f64::from(xor.max_load),
                paper::linear_xor_max_load(p),
                "k = {k}"
            );
            // (3/7)·p^{3/2} is exactly 3(k³ − 1)/7 for k a power of two.
            assert_eq!(xor.sum_load, 3 * ((k as u64).pow(3) - 1) / 7, "k = {k}");
            assert!((xor.sum_load as f64 - paper::xor_sum_load(p)).abs() < 1.0);
            assert_eq!(
                f64::from(bal.max_load),
                paper::balanced_max_load(p),
                "k = {k}"
            );
            assert_eq!(bal.sum_load as f64, paper::balanced_sum_load(p), "k = {k}");
            assert_eq!(perms::balanced(&m).len(), p);
            // Linear does better than XOR on the sum: 1424 against 1755 on 16×16.
            assert!(lin.sum_load < xor.sum_load);
        }
    }

    #[test]
    fn on_a_k_array() {
        // §5.1: balanced k/4 on a k-array; linear and XOR k/2.
        for k in [4usize, 8, 12, 16, 32] {
            let m = Mesh::new(1, k);
            let bal = summary(&m, &perms::balanced(&m));
            assert_eq!(summary(&m, &perms::linear(k)).max_load as usize, k / 2);
            assert_eq!(bal.max_load as usize, k / 4);
            // k permutations of load k/4; the paper's k³/4 counts the k² products
            // of a k × k mesh.
            assert_eq!(bal.sum_load as usize, k * k / 4);
            if k.is_power_of_two() {
                assert_eq!(summary(&m, &perms::xor(k)).max_load as usize, k / 2);
            }
        }
    }

    /// The load of our balanced permutations of a k-array: ⌈k/4⌉, except
    /// ⌊k/4⌋ for k = 4i + 1 (see `tournament`).
    fn array_load(k: usize) -> usize {
        if k % 4 == 1 { k / 4 } else { k.div_ceil(4) }
    }

    #[test]
    fn balanced_on_a_rectangle_is_the_larger_side() {
        // Under XY routing the row part and the column part use different
        // links, so load(Πᵢ × Π'ⱼ) = max(load(Πᵢ), load(Π'ⱼ)).
        for (r, c) in [(4, 8), (8, 16), (6, 10), (3, 7), (5, 9), (16, 32), (1, 6)] {
            let m = Mesh::new(r, c);
            let s = summary(&m, &perms::balanced(&m));
            assert_eq!(
                s.max_load as usize,
                array_load(r).max(array_load(c)),
                "{r}x{c}"
            );
        }
    }
}
