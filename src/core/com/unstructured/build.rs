//! The mesh of NICE test set 2's stand-in: a graded, jittered grid with an
//! elliptical hole (the "airfoil"), triangulated cell by cell. See the
//! module above for the construction and why.

use crate::rng::Rng;
use crate::sorting::key2;

/// A 2-D triangulated mesh and (once partitioned) the part of each point.
#[derive(Clone, Debug, PartialEq)]
pub struct Mesh {
    /// Point coordinates in the unit square.
    pub points: Vec<[f64; 2]>,
    /// Mesh edges between point indices, each once, `a < b`.
    pub edges: Vec<(u32, u32)>,
    /// Part (processor) of each point; empty until partitioned.
    pub part: Vec<u32>,
}

/// Largest jitter, as a fraction of a grid cell.
pub const JITTER: f64 = 0.3;

/// Grading: slope of the map at the centre relative to the plain grid; the
/// slope at the edge is `3 − 2·CENTRE_SLOPE`, so 0.5 makes centre cells a
/// quarter the width of edge cells.
pub const CENTRE_SLOPE: f64 = 0.5;

/// The airfoil: an ellipse at (0.5, 0.5) with these half-axes.
pub const AIRFOIL: [f64; 2] = [0.16, 0.03];

/// Maps a grid parameter in [0, 1] to a coordinate, crowding the middle.
fn grade(u: f64) -> f64 {
    let t = 2.0 * u - 1.0;
    0.5 + 0.5 * (CENTRE_SLOPE * t + (1.0 - CENTRE_SLOPE) * t * t * t)
}

fn in_airfoil(p: [f64; 2]) -> bool {
    let (dx, dy) = ((p[0] - 0.5) / AIRFOIL[0], (p[1] - 0.5) / AIRFOIL[1]);
    dx * dx + dy * dy < 1.0
}

/// Builds a mesh of about `points` points from `seed`.
pub fn build(points: usize, seed: u64) -> Mesh {
    let k = ((1.1 * points as f64).sqrt().ceil() as usize).max(3);
    let mut rng = Rng::new(seed);
    let step = 1.0 / (k - 1) as f64;
    let mut jitter = |i: usize| {
        if i == 0 || i == k - 1 {
            0.0
        } else {
            (2.0 * rng.unit() - 1.0) * JITTER
        }
    };
    // Grid position (column c, row r) → index in `points`, or None if cut.
    let mut index: Vec<Option<u32>> = Vec::with_capacity(k * k);
    let mut coords = Vec::with_capacity(k * k);
    for r in 0..k {
        for c in 0..k {
            let u = (c as f64 + jitter(c)) * step;
            let v = (r as f64 + jitter(r)) * step;
            let p = [grade(u), grade(v)];
            if in_airfoil(p) {
                index.push(None);
            } else {
                index.push(Some(coords.len() as u32));
                coords.push(p);
            }
        }
    }
    let at = |c: usize, r: usize| index[r * k + c];
    let mut edges = Vec::with_capacity(3 * k * k);
    let mut join = |a: Option<u32>, b: Option<u32>| {
        if let (Some(a), Some(b)) = (a, b) {
            edges.push((a.min(b), a.max(b)));
        }
    };
    for r in 0..k {
        for c in 0..k {
            if c + 1 < k {
                join(at(c, r), at(c + 1, r));
            }
            if r + 1 < k {
                join(at(c, r), at(c, r + 1));
            }
            if c + 1 < k && r + 1 < k {
                if rng.below(2) == 0 {
                    join(at(c, r), at(c + 1, r + 1));
                } else {
                    join(at(c + 1, r), at(c, r + 1));
                }
            }
        }
    }
    crate::sorting::sort_by_u64(&mut edges, |&(a, b)| key2(a as usize, b as usize));
    Mesh {
        points: coords,
        edges,
        part: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_the_requested_size_with_a_hole() {
        let m = build(2800, 1);
        assert!((2700..3100).contains(&m.points.len()), "{}", m.points.len());
        assert!(m.points.iter().all(|&p| !in_airfoil(p)));
        // Every point has a neighbour; degrees are uneven.
        let mut deg = vec![0; m.points.len()];
        for &(a, b) in &m.edges {
            deg[a as usize] += 1;
            deg[b as usize] += 1;
        }
        assert!(deg.iter().all(|&d| (2..=8).contains(&d)), "{deg:?}");
        assert!(deg.contains(&8) && deg.contains(&4));
        assert_eq!(m, build(2800, 1));
    }

    #[test]
    fn grading_crowds_the_middle() {
        let mid = grade(0.55) - grade(0.45);
        let edge = grade(1.0) - grade(0.9);
        assert!((edge / mid - 4.0).abs() < 0.6, "{}", edge / mid);
        assert_eq!((grade(0.0), grade(0.5), grade(1.0)), (0.0, 0.5, 1.0));
    }
}
