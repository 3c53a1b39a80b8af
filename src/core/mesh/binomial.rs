//! Binomial-heap (log p-level) one-to-all: every superstep cuts each
//! submachine in two (paper 001, §3.1-3.2, Figure 1).
//!
//! A *holder* has the messages of its whole submachine. In a superstep it
//! cuts the submachine in two, sends the other part's messages as one long
//! message to that part's *leader*, and both parts go on independently, the
//! leader as the new holder. The sends induce a tree with the shape of a
//! binomial heap.
//! - *logp-lev-sq*: cut across the longer side into halves (the first half
//!   takes the odd row or column), a vertical cut on a square, so a square
//!   mesh alternates vertical and horizontal cuts ([`Rect::halve`]). The
//!   leader is the processor at the holder's position in the other half
//!   (clamped), in the same row or column: the send stays inside the
//!   submachine. log p supersteps and set-ups for p a power of two.
//! - *1-lev-our-br*: the same tree, but every send carries the whole
//!   concatenation of p − 1 messages (a broadcast).
//! - *logp-lev-rec(γ)*: submachines are spans of the snake order. A span of
//!   n processors whose holder sits at offset o keeps g = ⌊γ·n⌋ processors
//!   with the holder (at least ⌈n/2⌉ when γ ≥ 0.5, and 1 ≤ g ≤ n − 1): the
//!   first g if o < g, else the last g. The leader of the other part is its
//!   processor nearest the holder (fewest hops, then lowest snake index).
//!   For a gather with γ < 0.5 the holder (the destination d) can lie in
//!   neither; then the span is cut just before d: the processors before d
//!   form one part with P_{d−1} as leader, d and the rest the other (§4: the
//!   paper's "first d − 1 processors … with P_{d−1} as destination", read as
//!   the processors before d). This happens at most once per chain, because
//!   d is first in its part afterwards.
//!
//! **Set-ups of logp-lev-rec(0.75) on 256 processors.** Every superstep the
//! source sends once, until its own part is a single processor: 256 → 192 →
//! 144 → 108 → 81 → 60 → 45 → 33 → 24 → 18 → 13 → 9 → 6 → 4 → 3 → 2 → 1,
//! that is 16 set-ups (the other parts are smaller and finish no later). The
//! paper prints 15 (§3.2, Figure 5). No rounding of γ·n to a whole number
//! gets below 16 (rounding down shrinks fastest; to nearest gives 18, up
//! 19), so the paper's count must come from a detail it does not describe;
//! γ = 0.7 with rounding to nearest would give 15.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::run;
//! let spec = CollectiveConfig::new(Op::Scatter, Algo::LogpLevSq, 4, 4).validate().unwrap();
//! let c = run(&spec);
//! assert_eq!(c.supersteps.len(), 4);                       // log 16
//! assert_eq!(c.supersteps[0].sends[0].messages.len(), 8);  // half the machine
//! assert_eq!(c.supersteps[0].sends[0].dst, 2);             // same row, 2 columns on
//! ```

use super::collective::{Msg, Send, Split, Superstep};
use super::config::Spec;
use super::grid::{Order, Rect, Submachine, from_snake, snake_of};
use super::scatter::carry;

/// A submachine and the processor holding its messages.
#[derive(Clone, Copy)]
struct Part {
    sub: Submachine,
    holder: usize,
}

/// *logp-lev-sq*.
pub fn halving(spec: &Spec) -> Vec<Superstep> {
    levels(spec, Submachine::Rect(Rect::full(&spec.mesh)), false, halve)
}

/// *1-lev-our-br*: the halving tree carrying the whole concatenation.
pub fn broadcast(spec: &Spec) -> Vec<Superstep> {
    levels(spec, Submachine::Rect(Rect::full(&spec.mesh)), true, halve)
}

/// *logp-lev-rec(γ)* with `spec.gamma`.
pub fn gamma_splits(spec: &Spec) -> Vec<Superstep> {
    let whole = Submachine::Span {
        order: Order::Snake,
        lo: 0,
        hi: spec.p(),
    };
    levels(spec, whole, false, gamma_split)
}

/// Runs the cuts level by level: all submachines of one level split in the
/// same superstep. `cut` returns (holder's part, other part, its leader).
fn levels(
    spec: &Spec,
    whole: Submachine,
    broadcast: bool,
    cut: fn(&Spec, Part) -> (Submachine, Submachine, usize),
) -> Vec<Superstep> {
    let all: Vec<Msg> = carry(spec, 0..spec.p());
    let mut level = vec![Part {
        sub: whole,
        holder: spec.root,
    }];
    let mut steps = Vec::new();
    while !level.is_empty() {
        let mut step = Superstep::default();
        let mut next = Vec::new();
        for part in level {
            let (mine, other, leader) = cut(spec, part);
            let messages = if broadcast {
                all.clone()
            } else {
                carry(spec, other.members(&spec.mesh))
            };
            step.submachines.push(part.sub);
            step.splits.push(Split {
                whole: part.sub,
                parts: vec![mine, other],
                leaders: vec![part.holder, leader],
            });
            step.sends
                .push(Send::new(part.holder, leader, spec.bytes, messages));
            next.push(Part {
                sub: mine,
                holder: part.holder,
            });
            next.push(Part {
                sub: other,
                holder: leader,
            });
        }
        next.retain(|p| p.sub.len() >= 2);
        level = next;
        steps.push(step);
    }
    steps
}

fn halve(spec: &Spec, part: Part) -> (Submachine, Submachine, usize) {
    let m = &spec.mesh;
    let Submachine::Rect(rect) = part.sub else {
        return (part.sub, part.sub, part.holder);
    };
    let (a, b) = rect.halve();
    let (mine, other) = if a.contains(m, part.holder) {
        (a, b)
    } else {
        (b, a)
    };
    let leader = other.mirror_of(m, &mine, part.holder);
    (Submachine::Rect(mine), Submachine::Rect(other), leader)
}

/// The size of the part that keeps the holder: ⌊γ·n⌋, at least ⌈n/2⌉ for
/// γ ≥ 0.5, and within 1..=n − 1 (n ≥ 2).
pub fn gamma_part(gamma: f64, n: usize) -> usize {
    // The small epsilon keeps 0.6 · 10 from rounding down to 5.
    let mut g = (gamma * n as f64 + 1e-9).floor() as usize;
    if gamma >= 0.5 {
        g = g.max(n.div_ceil(2));
    }
    g.clamp(1, n.saturating_sub(1).max(1))
}

fn gamma_split(spec: &Spec, part: Part) -> (Submachine, Submachine, usize) {
    let m = &spec.mesh;
    let Submachine::Span { order, lo, hi } = part.sub else {
        return (part.sub, part.sub, part.holder);
    };
    let span = |lo, hi| Submachine::Span { order, lo, hi };
    let n = hi - lo;
    let s = snake_of(m, part.holder);
    let g = gamma_part(spec.gamma, n);
    let o = s - lo;
    let ((mine_lo, mine_hi), (other_lo, other_hi)) = if o < g {
        ((lo, lo + g), (lo + g, hi))
    } else if o >= n - g {
        ((hi - g, hi), (lo, hi - g))
    } else {
        // γ < 0.5 (gather only): cut just before the holder.
        let leader = from_snake(m, s - 1);
        return (span(s, hi), span(lo, s), leader);
    };
    let leader = (other_lo..other_hi)
        .map(|i| from_snake(m, i))
        .min_by_key(|&q| m.hops(q, part.holder))
        .unwrap_or(part.holder);
    (span(mine_lo, mine_hi), span(other_lo, other_hi), leader)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::config::{Algo, CollectiveConfig, Op};
    use crate::mesh::run;

    fn setups(op: Op, algo: Algo, r: usize, c: usize, gamma: Option<f64>) -> usize {
        let mut cfg = CollectiveConfig::new(op, algo, r, c);
        cfg.gamma = gamma;
        run(&cfg.validate().unwrap()).setups()
    }

    #[test]
    fn gamma_parts() {
        assert_eq!(gamma_part(0.75, 256), 192);
        assert_eq!(gamma_part(0.6, 10), 6);
        assert_eq!(gamma_part(0.5, 3), 2);
        assert_eq!(gamma_part(0.99, 2), 1);
        assert_eq!(gamma_part(0.1, 5), 1);
    }

    #[test]
    fn log_p_set_ups() {
        assert_eq!(setups(Op::Scatter, Algo::LogpLevSq, 16, 16, None), 8);
        assert_eq!(setups(Op::Scatter, Algo::LogpLevRec, 16, 16, Some(0.5)), 8);
        assert_eq!(
            setups(Op::Scatter, Algo::LogpLevRec, 16, 16, Some(0.75)),
            16
        );
        assert_eq!(setups(Op::Scatter, Algo::OurBr, 16, 16, None), 8);
        // Non-powers of two: ⌈log R⌉ + ⌈log C⌉ cuts.
        assert_eq!(setups(Op::Scatter, Algo::LogpLevSq, 3, 5, None), 2 + 3);
    }

    #[test]
    fn gather_cuts_around_the_destination_once() {
        // 8 processors in a row, γ = 0.25, destination 4: g = 2 puts 4 in
        // neither the first two nor the last two, so the first cut is 0..4 | 4..8.
        let mut cfg = CollectiveConfig::new(Op::Gather, Algo::LogpLevRec, 1, 8);
        cfg.gamma = Some(0.25);
        cfg.root = Some(4);
        let c = run(&cfg.validate().unwrap());
        let last = c.supersteps.last().unwrap();
        assert_eq!(
            last.splits[0].parts[1],
            Submachine::Span {
                order: Order::Snake,
                lo: 0,
                hi: 4
            }
        );
        assert_eq!((last.sends[0].src, last.sends[0].dst), (3, 4));
        let around = c
            .supersteps
            .iter()
            .flat_map(|s| &s.splits)
            .filter(|sp| sp.leaders[1] + 1 == sp.leaders[0])
            .count();
        assert!(around >= 1);
    }
}
