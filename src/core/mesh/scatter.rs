//! One-to-all (scatter) on an R×C mesh (paper 001, §3, Figure 1).
//!
//! The source P_s holds p − 1 actual messages of L bytes, one per other
//! processor. The algorithms differ in how they combine them:
//! - *1-lev-dir*: p − 1 direct sends in one superstep (farther first).
//! - *1-lev-sys-br*: the system broadcasts the concatenation (effective size
//!   L·(p − 1)). The paper does not say how the Delta's system broadcast
//!   works; we model a machine without a broadcast network: the message is
//!   passed neighbour to neighbour along the XY spanning tree (the source's
//!   row, then every column), one hop per superstep, so it takes as many
//!   supersteps as the farthest processor is hops away.
//! - *1-lev-our-br*: the same concatenation sent down a binomial-heap tree
//!   ([`super::binomial`]).
//! - *2-lev-rec*: the rows are the submachines and the processors in P_s's
//!   column their leaders; P_s sends each leader its row's C messages
//!   (effective size C·L), then each leader sends directly within its row.
//!   √p − 1 + √p − 1 set-ups on a square mesh: 30 on 16×16.
//! - *3-lev-sq*: √p square submeshes of p^¼ × p^¼ ([`super::grid::square_blocks`]
//!   for other shapes); the leader of each is the processor at P_s's position
//!   within its own submesh (clamped when a submesh is smaller), so P_s never
//!   sends to a processor of its own submesh; then *2-lev-rec* in each
//!   submesh. 15 + 3 + 3 = 21 set-ups on 16×16.
//! - *logp-lev-sq*, *logp-lev-rec(γ)*: see [`super::binomial`].
//!
//! Supersteps without any send (for example *2-lev-rec*'s first on a single
//! row) are left out.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::run;
//! let spec = CollectiveConfig::new(Op::Scatter, Algo::TwoLevRec, 4, 4).validate().unwrap();
//! let c = run(&spec);
//! assert_eq!(c.supersteps.len(), 2);
//! assert_eq!(c.supersteps[0].sends.len(), 3);        // the source's column
//! assert_eq!(c.supersteps[0].sends[0].bytes, 4 * 1024); // a row's 4 messages
//! assert_eq!(c.setups(), 3 + 3);
//! ```

use super::binomial;
use super::collective::{Msg, Send, Split, Superstep, in_issue_order};
use super::config::{Algo, Spec};
use super::grid::{Rect, Submachine, square_blocks};

/// The scatter supersteps of `spec.algo` from `spec.root` (whatever
/// `spec.op` says: gather mirrors these).
pub fn supersteps(spec: &Spec) -> Vec<Superstep> {
    let steps = match spec.algo {
        Algo::Dir => direct(spec),
        Algo::SysBr => flood(spec),
        Algo::OurBr => binomial::broadcast(spec),
        Algo::TwoLevRec => two_lev_rec(spec),
        Algo::ThreeLevSq => three_lev_sq(spec),
        Algo::LogpLevSq => binomial::halving(spec),
        Algo::LogpLevRec => binomial::gamma_splits(spec),
        // Not scatter algorithms; `CollectiveConfig::validate` refuses them.
        _ => Vec::new(),
    };
    in_issue_order(&spec.mesh, steps)
}

/// The actual messages for `dsts` (the source's own is never carried).
pub fn carry(spec: &Spec, dsts: impl IntoIterator<Item = usize>) -> Vec<Msg> {
    dsts.into_iter()
        .filter(|&d| d != spec.root)
        .map(|d| Msg {
            from: spec.root,
            to: d,
        })
        .collect()
}

fn direct(spec: &Spec) -> Vec<Superstep> {
    let sends = (0..spec.p())
        .filter(|&d| d != spec.root)
        .map(|d| Send::new(spec.root, d, spec.bytes, carry(spec, [d])))
        .collect();
    vec![Superstep {
        submachines: vec![Submachine::Rect(Rect::full(&spec.mesh))],
        splits: Vec::new(),
        sends,
    }]
}

/// The neighbour-to-neighbour broadcast along the XY spanning tree.
fn flood(spec: &Spec) -> Vec<Superstep> {
    let m = &spec.mesh;
    let (rs, cs) = m.coords(spec.root);
    let all = carry(spec, 0..spec.p());
    let children = |v: usize| -> Vec<usize> {
        let (r, c) = m.coords(v);
        let mut out = Vec::new();
        if r == rs {
            if c >= cs && c + 1 < m.cols {
                out.push(v + 1);
            }
            if c <= cs && c > 0 {
                out.push(v - 1);
            }
        }
        if r >= rs && r + 1 < m.rows {
            out.push(v + m.cols);
        }
        if r <= rs && r > 0 {
            out.push(v - m.cols);
        }
        out
    };
    let mut frontier = vec![spec.root];
    let mut steps = Vec::new();
    while !frontier.is_empty() {
        let sends: Vec<Send> = frontier
            .iter()
            .flat_map(|&v| children(v).into_iter().map(move |w| (v, w)))
            .map(|(v, w)| Send::new(v, w, spec.bytes, all.clone()))
            .collect();
        frontier = sends.iter().map(|s| s.dst).collect();
        steps.push(Superstep {
            submachines: vec![Submachine::Rect(Rect::full(m))],
            splits: Vec::new(),
            sends,
        });
    }
    steps
}

/// *2-lev-rec* inside `rect`, started by `holder`: the split into rows with
/// the sends to the row leaders, and the direct sends within each row.
fn rec2(spec: &Spec, rect: Rect, holder: usize) -> (Split, Vec<Send>, Vec<Rect>, Vec<Send>) {
    let m = &spec.mesh;
    let (hr, hc) = rect.local(m, holder);
    let rows = rect.rows_of();
    let leaders: Vec<usize> = rows.iter().map(|row| row.at(m, 0, hc)).collect();
    let to_leaders = rows
        .iter()
        .zip(&leaders)
        .enumerate()
        .filter(|&(i, _)| i != hr)
        .map(|(_, (row, &l))| Send::new(holder, l, spec.bytes, carry(spec, row.members(m))))
        .collect();
    let within = rows
        .iter()
        .zip(&leaders)
        .flat_map(|(row, &l)| {
            row.members(m)
                .into_iter()
                .filter(move |&d| d != l)
                .map(move |d| Send::new(l, d, spec.bytes, carry(spec, [d])))
        })
        .collect();
    let split = Split {
        whole: Submachine::Rect(rect),
        parts: rows.iter().map(|&r| Submachine::Rect(r)).collect(),
        leaders,
    };
    (split, to_leaders, rows, within)
}

fn two_lev_rec(spec: &Spec) -> Vec<Superstep> {
    let full = Rect::full(&spec.mesh);
    let (split, to_leaders, rows, within) = rec2(spec, full, spec.root);
    vec![
        Superstep {
            submachines: vec![Submachine::Rect(full)],
            splits: vec![split],
            sends: to_leaders,
        },
        Superstep {
            submachines: rows.into_iter().map(Submachine::Rect).collect(),
            splits: Vec::new(),
            sends: within,
        },
    ]
}

fn three_lev_sq(spec: &Spec) -> Vec<Superstep> {
    let m = &spec.mesh;
    let full = Rect::full(m);
    let blocks = square_blocks(m);
    let home = blocks
        .iter()
        .copied()
        .find(|b| b.contains(m, spec.root))
        .unwrap_or(full);
    let leaders: Vec<usize> = blocks
        .iter()
        .map(|b| b.mirror_of(m, &home, spec.root))
        .collect();
    let mut first = Superstep {
        submachines: vec![Submachine::Rect(full)],
        splits: vec![Split {
            whole: Submachine::Rect(full),
            parts: blocks.iter().map(|&b| Submachine::Rect(b)).collect(),
            leaders: leaders.clone(),
        }],
        sends: Vec::new(),
    };
    let mut second = Superstep::default();
    let mut third = Superstep::default();
    for (b, &l) in blocks.iter().zip(&leaders) {
        if l != spec.root {
            first.sends.push(Send::new(
                spec.root,
                l,
                spec.bytes,
                carry(spec, b.members(m)),
            ));
        }
        let (split, to_leaders, rows, within) = rec2(spec, *b, l);
        second.submachines.push(Submachine::Rect(*b));
        second.splits.push(split);
        second.sends.extend(to_leaders);
        third
            .submachines
            .extend(rows.into_iter().map(Submachine::Rect));
        third.sends.extend(within);
    }
    vec![first, second, third]
}
