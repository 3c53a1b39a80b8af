//! An unstructured-mesh partition: NICE's test set 2 (paper 002, §6,
//! Figure 11).
//!
//! NICE's second test set came from a fluid-dynamics code sweeping over the
//! edges of an unstructured mesh around part of an airplane (2800, 9428 and
//! 53961 points), partitioned by a graph-partitioning algorithm; processor
//! `P_i` must send `P_j` the values of its mesh points that have a neighbour
//! on `P_j` (Figure 10's off-processor reads of `y_old`), and the message
//! lengths were the point counts times `msg_unit`. Unlike test set 1, the
//! number of messages per processor is uneven.
//!
//! The airfoil meshes are not available, so the book builds a stand-in that
//! keeps what matters to a scheduler, deterministically from a seed:
//! 1. **Mesh** ([`build`]): a k × k grid, k = ⌈√(1.1 · points)⌉, each
//!    interior point jittered by up to 0.3 of a cell, graded so that points
//!    crowd towards the middle (spacing there is about a third of the spacing
//!    at the edge, like the refinement near the wing in Figure 11), with the
//!    points inside a thin ellipse at the centre (the "airfoil") removed.
//!    Each grid cell is split into two triangles along a randomly chosen
//!    diagonal, so the triangulation is valid (jitter and grading keep every
//!    cell convex) and vertex degrees vary from 3 to 8.
//! 2. **Partition** ([`rcb`]): recursive coordinate bisection into n parts:
//!    split the points along the longer side of their bounding box so that
//!    the two halves get ⌊parts/2⌋ and ⌈parts/2⌉ parts' worth of points,
//!    and recurse. Every part gets ⌊points/n⌋ or ⌈points/n⌉ points.
//! 3. **COM**: `COM(i, j)` = number of points owned by `P_i` with at least
//!    one mesh neighbour owned by `P_j`, times `unit` bytes. The pattern is
//!    symmetric, the sizes usually are not, and the diagonal is empty.
//!
//! ```
//! use commbook_core::com::unstructured::MeshConfig;
//! let com = MeshConfig::new(8, 1).generate().unwrap();
//! assert_eq!(com.n(), 8);
//! assert!((0..8).all(|i| com.get(i, i) == 0));
//! // Symmetric pattern: a boundary has two sides.
//! assert!(com.messages().all(|m| com.get(m.dst, m.src) > 0));
//! ```

pub mod build;
pub mod rcb;

use super::{Com, ComError, MAX_BYTES, MAX_N, Message};
use crate::sorting::{key2, sort_by_u64};

/// Most mesh points accepted (NICE's largest mesh had 53961).
pub const MAX_POINTS: usize = 1 << 16;

/// Parameters of the unstructured-mesh generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeshConfig {
    /// Number of parts (processors).
    pub n: usize,
    /// About how many mesh points to make.
    pub points: usize,
    /// `msg_unit`: bytes per boundary point.
    pub unit: u64,
    /// Seeds the jitter and the diagonals.
    pub seed: u64,
}

impl MeshConfig {
    /// NICE's smallest mesh (about 2800 points), 8 bytes (one double) per
    /// boundary point.
    pub fn new(n: usize, seed: u64) -> Self {
        MeshConfig {
            n,
            points: 2800,
            unit: 8,
            seed,
        }
    }

    /// Checks the parameters; `generate` then cannot fail.
    pub fn validate(&self) -> Result<(), ComError> {
        Com::check_n(self.n)?;
        let least = (4 * self.n).max(16);
        if self.points < least || self.points > MAX_POINTS {
            return Err(ComError::BadParam {
                name: "points",
                value: self.points.to_string(),
                expected: format!(
                    "{least} to {MAX_POINTS} (at least 4 points per part for n = {})",
                    self.n
                ),
            });
        }
        let largest_unit = MAX_BYTES / MAX_POINTS as u64;
        if self.unit == 0 || self.unit > largest_unit {
            return Err(ComError::BadParam {
                name: "unit",
                value: self.unit.to_string(),
                expected: format!("1 to {largest_unit} bytes"),
            });
        }
        debug_assert!(self.n <= MAX_N);
        Ok(())
    }

    /// Builds the mesh and its partition, for views that draw them.
    pub fn mesh(&self) -> Result<build::Mesh, ComError> {
        self.validate()?;
        let mut mesh = build::build(self.points, self.seed);
        mesh.part = rcb::partition(&mesh.points, self.n);
        Ok(mesh)
    }

    /// Generates the matrix.
    pub fn generate(&self) -> Result<Com, ComError> {
        Ok(boundary_com(&self.mesh()?, self.n, self.unit))
    }
}

/// `COM(i, j)` = points of part i with a neighbour in part j, × `unit`.
pub fn boundary_com(mesh: &build::Mesh, n: usize, unit: u64) -> Com {
    // (owner, neighbour part, point), deduplicated: a point counts once per
    // neighbouring part however many of its edges lead there.
    let mut sends: Vec<(u32, u32, u32)> = Vec::with_capacity(2 * mesh.edges.len());
    for &(a, b) in &mesh.edges {
        let (pa, pb) = (mesh.part[a as usize], mesh.part[b as usize]);
        if pa != pb {
            sends.push((pa, pb, a));
            sends.push((pb, pa, b));
        }
    }
    // Lexicographic (pa, pb, a), so that dedup sees repeats side by side.
    sort_by_u64(&mut sends, |s| u64::from(s.2));
    sort_by_u64(&mut sends, |s| key2(s.0 as usize, s.1 as usize));
    sends.dedup();
    let mut messages: Vec<Message> = Vec::new();
    for (pa, pb, _) in sends {
        match messages.last_mut() {
            Some(m) if (m.src, m.dst) == (pa as usize, pb as usize) => m.bytes += unit,
            _ => messages.push(Message {
                src: pa as usize,
                dst: pb as usize,
                bytes: unit,
            }),
        }
    }
    Com::from_messages(n, messages).expect("parts are below n and sizes below MAX_BYTES")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_are_uneven_and_sizes_are_boundary_lengths() {
        let cfg = MeshConfig::new(32, 3);
        let com = cfg.generate().unwrap();
        let out = com.out_degrees();
        let (lo, hi) = (out.iter().min().unwrap(), out.iter().max().unwrap());
        assert!(*lo >= 2 && hi > lo, "degrees {out:?}");
        assert!(com.messages().all(|m| m.bytes % 8 == 0));
        let sizes: std::collections::BTreeSet<u64> = com.messages().map(|m| m.bytes).collect();
        assert!(sizes.len() > 5, "sizes should vary: {sizes:?}");
        assert_eq!(com, cfg.generate().unwrap());
        assert_ne!(com, MeshConfig::new(32, 4).generate().unwrap());
    }

    #[test]
    fn one_part_has_no_messages() {
        assert!(MeshConfig::new(1, 0).generate().unwrap().is_empty());
    }

    #[test]
    fn rejects_bad_parameters() {
        let few = MeshConfig {
            points: 20,
            ..MeshConfig::new(8, 0)
        };
        let e = few.validate().unwrap_err().to_string();
        assert!(
            e.starts_with("points = 20 is not allowed; expected 32 to"),
            "{e}"
        );
        let big = MeshConfig {
            points: MAX_POINTS + 1,
            ..MeshConfig::new(8, 0)
        };
        assert!(big.validate().is_err());
        assert!(MeshConfig::new(0, 0).validate().is_err());
    }
}
