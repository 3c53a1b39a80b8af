//! Link contention on the CM-5 fat tree, and the time of a schedule under
//! paper 004's contention model.
//!
//! **f(i)**, "the maximum number of messages contending for a link at step
//! i" (§4), is measured here as the busiest *channel*: the bundle of links
//! leaving one fat-tree node upwards (or entering it downwards). A node at
//! level ℓ has as many links up as its parent has switches (2 for a
//! processor, 4 for a cluster of 4, 8 for a cluster of 16, 32 for one of
//! 64; see [`crate::net::fattree`]), and the CM-5's random
//! up-routing spreads messages over them, so f is the channel's messages
//! divided by its links: the book's reading of the paper's "on an average"
//! (§4.2, §4.4). This gives 1 for PEX steps within a cluster of 16, 2
//! across clusters (16 messages on 8 links), 2 for REX's cross-cluster
//! steps, 1.75 for most of BEX's late steps, and (p − 1)/2 for LEX, whose
//! f(i) the paper takes as the maximum, ⌈(p − 1)/2⌉ (tests check each).
//!
//! **Time of a schedule** ([`schedule_us`]): the book's choice, which §5
//! does not spell out (it says only that an idle processor stays idle in
//! that step), is that processors are not synchronised between steps. Each
//! processor keeps a clock; in each phase the transfers form groups of
//! processors that wait for one another (a pair exchanging, or LS's
//! senders and their receiver), and a group starts when its last member is
//! free and takes α + L·max(β, f·β_sat), where L is its largest transfer,
//! f the phase's contention, and β = β_ex if some member both sends and
//! receives (an exchange), β_s otherwise. The schedule ends when the last
//! clock stops. Local copies are free.

use super::contention::ContentionCost;
use crate::net::fattree::{FatTree, switches};
use crate::schedule::Schedule;
use std::collections::BTreeMap;

/// Messages per link on the busiest channel when `pairs` travel at once on
/// a fat tree of `p` processors (0 when nothing leaves a processor).
pub fn link_load(p: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> f64 {
    channel_peak(p, pairs.into_iter().map(|(s, d)| (s, d, 1)))
}

/// The busiest channel's load per link when messages `(src, dst, weight)`
/// travel at once: with weight 1 the messages per link ([`link_load`]),
/// with the bytes the bytes per link.
pub fn channel_peak(p: usize, items: impl IntoIterator<Item = (usize, usize, u64)>) -> f64 {
    let tree = FatTree::new(p);
    // Load through each node's channel: counts[base[ℓ] + 2·node + down?].
    let mut base = Vec::with_capacity(tree.height());
    let mut total = 0;
    for level in 0..tree.height() {
        base.push(total);
        total += 2 * tree.nodes_at(level);
    }
    let mut counts = vec![0u64; total];
    for (s, d, w) in items
        .into_iter()
        .filter(|(s, d, _)| s != d && *s < p && *d < p)
    {
        let mut size = 1;
        for b in base.iter().take(tree.lca_level(s, d)) {
            counts[b + 2 * (s / size)] += w;
            counts[b + 2 * (d / size) + 1] += w;
            size *= 4;
        }
    }
    let mut worst = 0.0f64;
    for (level, &b) in base.iter().enumerate() {
        let end = base.get(level + 1).copied().unwrap_or(total);
        let most = counts[b..end].iter().copied().max().unwrap_or(0);
        worst = worst.max(most as f64 / switches(level + 1) as f64);
    }
    worst
}

/// Predicted time of asynchronous communication (AC, everything at once,
/// no phases) in µs, the larger of two bounds: each processor's messages
/// leave its port one after another and arrive at the receiver's one after
/// another, each costing α + b·β_s, so the busiest port takes at least
/// their sum; and every byte must cross its channels, whose links carry a
/// byte each β_sat when saturated, so the busiest channel takes at least
/// its bytes per link times β_sat. Local copies are free.
pub fn asynchronous_us(model: &ContentionCost, schedule: &Schedule) -> f64 {
    let p = schedule.n;
    let mut port = vec![(0.0f64, 0.0f64); p];
    for t in schedule.phases.iter().flatten() {
        if t.is_local() || t.src >= p || t.dst >= p {
            continue;
        }
        let cost = model.step_us(t.bytes, 1.0, false);
        port[t.src].0 += cost;
        port[t.dst].1 += cost;
    }
    let ports = port.iter().map(|&(s, r)| s.max(r)).fold(0.0, f64::max);
    let moves = schedule
        .phases
        .iter()
        .flatten()
        .map(|t| (t.src, t.dst, t.bytes));
    let links = model.alpha_us + channel_peak(p, moves) * model.beta_sat_us;
    ports.max(links)
}

/// Predicted time of `schedule` in µs under `model` (see the module docs).
pub fn schedule_us(model: &ContentionCost, schedule: &Schedule) -> f64 {
    let p = schedule.n;
    let mut clock = vec![0.0f64; p];
    for phase in &schedule.phases {
        let moves: Vec<(usize, usize, u64)> = phase
            .iter()
            .filter(|t| !t.is_local() && t.src < p && t.dst < p)
            .map(|t| (t.src, t.dst, t.bytes))
            .collect();
        if moves.is_empty() {
            continue;
        }
        let f = link_load(p, moves.iter().map(|m| (m.0, m.1))).max(1.0);
        for group in groups(p, &moves) {
            let start = group.members.iter().map(|&i| clock[i]).fold(0.0, f64::max);
            let end = start + model.step_us(group.bytes, f, group.exchange);
            for &i in &group.members {
                clock[i] = end;
            }
        }
    }
    clock.into_iter().fold(0.0, f64::max)
}

/// Processors that wait for one another within a phase.
#[derive(Default)]
struct Group {
    members: Vec<usize>,
    bytes: u64,
    exchange: bool,
}

/// The connected groups of a phase's transfers, in order of their lowest
/// member.
fn groups(p: usize, moves: &[(usize, usize, u64)]) -> Vec<Group> {
    let mut root: Vec<usize> = (0..p).collect();
    fn find(root: &mut [usize], mut i: usize) -> usize {
        while root[i] != i {
            root[i] = root[root[i]];
            i = root[i];
        }
        i
    }
    for &(s, d, _) in moves {
        let (a, b) = (find(&mut root, s), find(&mut root, d));
        root[a.max(b)] = a.min(b);
    }
    let mut by_root: BTreeMap<usize, Group> = BTreeMap::new();
    let mut role = vec![(false, false); p];
    for &(s, d, b) in moves {
        role[s].0 = true;
        role[d].1 = true;
        let r = find(&mut root, s);
        let g = by_root.entry(r).or_default();
        g.bytes = g.bytes.max(b);
    }
    for i in (0..p).filter(|&i| role[i].0 || role[i].1) {
        let r = find(&mut root, i);
        let g = by_root.entry(r).or_default();
        g.members.push(i);
        g.exchange |= role[i].0 && role[i].1;
    }
    by_root.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::cm5::order::Order;
    use crate::algo::cm5::rex::Rex;

    fn loads(order: Order) -> Vec<f64> {
        let p = order.p();
        order
            .all()
            .into_iter()
            .map(|pairs| link_load(p, pairs))
            .collect()
    }

    #[test]
    fn pex_contention_is_one_then_two() {
        // §4.2: no contention in the first 15 steps, 2 from step 16 on.
        for p in [32, 64, 256] {
            let f = loads(Order::pex(p));
            assert!(f[..15].iter().all(|&x| x <= 1.0), "p={p}: {:?}", &f[..15]);
            assert!(f[15..].iter().all(|&x| x == 2.0), "p={p}");
        }
    }

    #[test]
    fn lex_and_rex_match_the_paper() {
        // LEX: p − 1 messages into one processor's two links.
        assert!(loads(Order::lex(32)).iter().all(|&x| x == 15.5));
        // REX: lg p − 4 steps across clusters of 16 (2), then 4 inside (≤ 1).
        let rex = Rex::new(256).unwrap();
        let f: Vec<f64> = rex.pairs().into_iter().map(|s| link_load(256, s)).collect();
        assert_eq!(&f[..4], &[2.0; 4]);
        assert!(f[4..].iter().all(|&x| x <= 1.0), "{f:?}");
    }

    #[test]
    fn bex_balances_the_late_steps() {
        // §4.4: (2^⌊lg i⌋ − 2) / 2^(⌊lg i⌋ − 1) on average: 1.75 for 16 ≤ i < 32.
        let f = loads(Order::bex(32));
        assert!(f[..15].iter().all(|&x| x <= 1.0));
        assert_eq!(f[15], 2.0); // step 16 pairs virtual 0 with 16: everyone crosses
        assert!(f[16..].iter().all(|&x| x == 1.75), "{:?}", &f[16..]);
    }
}
