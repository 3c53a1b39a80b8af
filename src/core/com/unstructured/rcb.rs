//! Recursive coordinate bisection: the partitioner of the mesh generator.
//!
//! To cut a set of points into `parts` parts: if one part is wanted, done;
//! otherwise sort the points along the longer side of their bounding box
//! (ties by index, so the result is deterministic), give the first
//! ⌊len·⌊parts/2⌋/parts⌋ points to ⌊parts/2⌋ parts and the rest to the
//! other ⌈parts/2⌉, and recurse. Each part ends with ⌊len/parts⌋ or
//! ⌈len/parts⌉ points as long as there are at least `parts` points.

use crate::sorting::{f64_key, sort_by_u64};

/// The part (0..parts) of each point.
pub fn partition(points: &[[f64; 2]], parts: usize) -> Vec<u32> {
    let mut part = vec![0u32; points.len()];
    let mut ids: Vec<u32> = (0..points.len() as u32).collect();
    bisect(points, &mut ids, parts.max(1), 0, &mut part);
    part
}

fn bisect(points: &[[f64; 2]], ids: &mut [u32], parts: usize, first: u32, out: &mut [u32]) {
    if parts == 1 || ids.len() <= 1 {
        for &i in ids.iter() {
            out[i as usize] = first;
        }
        return;
    }
    let extent = |axis: usize| {
        let vals = ids.iter().map(|&i| points[i as usize][axis]);
        let (lo, hi) = vals.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        hi - lo
    };
    let axis = usize::from(extent(1) > extent(0));
    // By coordinate, ties by id: stable sorts, the id first.
    sort_by_u64(ids, |&i| u64::from(i));
    sort_by_u64(ids, |&i| f64_key(points[i as usize][axis]));
    let left = parts / 2;
    let cut = ids.len() * left / parts;
    let (lo, hi) = ids.split_at_mut(cut);
    bisect(points, lo, left, first, out);
    bisect(points, hi, parts - left, first + left as u32, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_balanced_and_compact() {
        let pts: Vec<[f64; 2]> = (0..100)
            .map(|i| [(i % 10) as f64, (i / 10) as f64 * 0.5])
            .collect();
        let part = partition(&pts, 6);
        let mut sizes = [0; 6];
        for &p in &part {
            sizes[p as usize] += 1;
        }
        assert!(sizes.iter().all(|&s| s == 16 || s == 17), "{sizes:?}");
        // The first cut is along x (extent 9 against 4.5): parts 0..3 hold
        // the left half of the columns.
        assert!(part.iter().zip(&pts).all(|(&p, q)| (p < 3) == (q[0] < 5.0)));
    }
}
