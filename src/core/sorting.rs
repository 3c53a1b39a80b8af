//! One sort for the whole core: by a `u64` key, stably.
//!
//! Every `sort_by_key`, `sort_unstable` or `sort_by_cached_key` on a new
//! element type or key closure is a new copy of the standard library's sort
//! in the wasm (2-4 KB each before compression, with its helpers). Sorting
//! `(key, position)` pairs here instead, then moving the elements into
//! place, keeps one copy however many places sort, and the position makes
//! equal keys keep their order, so callers get a stable sort.

/// Sorts `v` by `key`; elements with equal keys keep their order.
pub fn sort_by_u64<T>(v: &mut [T], key: impl Fn(&T) -> u64) {
    let mut order: Vec<(u64, u32)> = v
        .iter()
        .enumerate()
        .map(|(i, x)| (key(x), i as u32))
        .collect();
    sort_pairs(&mut order);
    permute(v, &order);
}

/// Sorts `usize`s in increasing order.
pub fn sort_usizes(v: &mut [usize]) {
    sort_by_u64(v, |&x| x as u64);
}

/// The one instance of the standard sort (pairs are distinct, so an
/// unstable sort gives the stable order).
#[inline(never)]
#[allow(clippy::disallowed_methods)] // the one place the rule allows
fn sort_pairs(order: &mut [(u64, u32)]) {
    order.sort_unstable();
}

/// Puts the element at position `order[k].1` into position k, following
/// each cycle of the permutation once: O(n) swaps, no copies.
fn permute<T>(v: &mut [T], order: &[(u64, u32)]) {
    let mut done = vec![false; v.len()];
    for start in 0..v.len() {
        let mut k = start;
        while !done[k] {
            done[k] = true;
            let j = order[k].1 as usize;
            if j == start {
                break;
            }
            v.swap(k, j);
            k = j;
        }
    }
}

/// Sorts `items` by a small key (below `keys`) by counting, keeping the
/// order of equal keys: the items in key order and where each key's items
/// start (plus the end). Linear: the simulator groups the 1,024-node
/// all-to-all's million messages by sender and phase this way, where the
/// comparison sort above spent most of a second moving them into place.
pub fn bucket<T: Copy>(keys: usize, items: &[T], key: impl Fn(&T) -> usize) -> (Vec<T>, Vec<u32>) {
    bucket_each(keys, items, |x| [key(x)])
}

/// As [`bucket`], an item placed once under each of its keys (in the
/// order `keys_of` gives them). The simulator's release rule lists each
/// message under its sender and its receiver this way, without making
/// (key, item) pairs: for the 1,024-node all-to-all those pairs and their
/// sorted copy were 32 MB at once, the set-up's peak.
pub fn bucket_each<T: Copy, K: IntoIterator<Item = usize>>(
    keys: usize,
    items: &[T],
    keys_of: impl Fn(&T) -> K,
) -> (Vec<T>, Vec<u32>) {
    let mut start = vec![0u32; keys + 1];
    for x in items {
        for k in keys_of(x) {
            start[k + 1] += 1;
        }
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let Some(&first) = items.first() else {
        return (Vec::new(), start);
    };
    let mut at = start.clone();
    let mut out = vec![first; start[keys] as usize];
    for x in items {
        for k in keys_of(x) {
            out[at[k] as usize] = *x;
            at[k] += 1;
        }
    }
    (out, start)
}

/// A key that orders `f64`s as [`f64::total_cmp`] does (negative numbers
/// below positive ones, −0 below +0).
pub fn f64_key(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// Two fields of at most 32 bits as one key, the first more significant.
pub fn key2(hi: usize, lo: usize) -> u64 {
    debug_assert!(hi <= u32::MAX as usize && lo <= u32::MAX as usize);
    (hi as u64) << 32 | lo as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        let mut rng = Rng::new(5);
        for len in [0, 1, 2, 3, 10, 100, 1000] {
            let v: Vec<(u64, usize)> = (0..len).map(|i| (rng.below(7) as u64, i)).collect();
            let mut ours = v.clone();
            sort_by_u64(&mut ours, |x| x.0);
            let mut std = v.clone();
            #[allow(clippy::disallowed_methods)] // the reference it is checked against
            std.sort_by_key(|x| x.0);
            assert_eq!(ours, std, "len {len}");
        }
    }

    #[test]
    fn buckets_stably_like_the_sort() {
        let mut rng = Rng::new(9);
        for len in [0, 1, 5, 1000] {
            let v: Vec<(u64, usize)> = (0..len).map(|i| (rng.below(7) as u64, i)).collect();
            let (ours, start) = bucket(7, &v, |x| x.0 as usize);
            let mut want = v.clone();
            sort_by_u64(&mut want, |x| x.0);
            assert_eq!(ours, want, "len {len}");
            assert_eq!(start.len(), 8);
            for k in 0..7 {
                let (a, b) = (start[k] as usize, start[k + 1] as usize);
                assert!(
                    ours[a..b].iter().all(|x| x.0 == k as u64),
                    "len {len} key {k}"
                );
            }
            assert_eq!(start[7] as usize, len);
        }
    }

    #[test]
    fn buckets_under_each_key_like_pairs_sorted() {
        let mut rng = Rng::new(11);
        let v: Vec<(usize, usize)> = (0..500).map(|_| (rng.below(6), rng.below(6))).collect();
        let keys_of = |&(a, b): &(usize, usize)| std::iter::once(a).chain((b != a).then_some(b));
        let (ours, start) = bucket_each(6, &v, keys_of);
        // The same as sorting (key, item) pairs stably by key.
        let mut pairs: Vec<(usize, (usize, usize))> = v
            .iter()
            .flat_map(|x| keys_of(x).map(move |k| (k, *x)))
            .collect();
        sort_by_u64(&mut pairs, |p| p.0 as u64);
        assert_eq!(ours, pairs.iter().map(|p| p.1).collect::<Vec<_>>());
        for k in 0..6 {
            let (a, b) = (start[k] as usize, start[k + 1] as usize);
            assert!(pairs[a..b].iter().all(|p| p.0 == k), "key {k}");
        }
    }

    #[test]
    fn sorts_numbers_and_packs_keys() {
        let mut v = vec![5usize, 1, 4, 1, 3];
        sort_usizes(&mut v);
        assert_eq!(v, [1, 1, 3, 4, 5]);
        assert!(key2(1, 0) > key2(0, u32::MAX as usize));
        let mut f = vec![2.5, -1.0, 0.0, -0.0, f64::INFINITY, -3.5];
        sort_by_u64(&mut f, |&x| f64_key(x));
        let mut want = f.clone();
        #[allow(clippy::disallowed_methods)] // the reference it is checked against
        want.sort_by(f64::total_cmp);
        assert_eq!(f, want);
    }
}
