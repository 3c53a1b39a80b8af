//! All-to-all algorithms that combine messages (paper 001, §5.2-5.3).
//!
//! - *2-lev-c,r* (the 2-step algorithm): S_i is column i, T_j is row j, and
//!   P_ij = (row j, column i) is the one processor in both. Step 1 is
//!   all-to-all within every column: (r, c) sends (r′, c) the C messages it
//!   has for row r′ (effective size C·L). Step 2 is all-to-all within every
//!   row: (r, c) sends (r, c′) the R messages of column c for (r, c′). Both
//!   steps use *1-lev-xor* (one superstep per XOR round): (R′ − 1) + (C′ − 1)
//!   supersteps, R′ and C′ the next powers of two.
//! - *2-lev-c,r-int*: the variant of Thakur and Choudhary (\[12\]) in which (r, c) does not wait for
//!   all of step 1 but forwards each arriving column message at once as
//!   separate messages of L bytes within its row. Superstep t holds XOR
//!   round t of the columns and the row sends of what arrived in round
//!   t − 1 (in superstep 1: the processor's own messages for its row).
//! - *2-lev-sq* (the 3-step algorithm): square submeshes S_0 … S_{m−1}
//!   ([`super::grid::square_blocks`]). *Agent* a(j, i) is the processor of
//!   S_j at local index i mod |S_j| (on a square mesh: P_i of S_j, as in the
//!   paper). Step 1, all-to-all in each submesh: x sends a(j, i) its
//!   messages for S_i. Step 2, one-to-one: a(j, i) sends a(i, j) all
//!   messages from S_j to S_i (p·L bytes on a square mesh). Step 3,
//!   all-to-all in each submesh: a(i, j) delivers. Steps 1 and 3 use XOR
//!   rounds on local indices, as *2-lev-c,r* does (the paper does not say
//!   which 1-level algorithm it used). When a submesh has fewer processors
//!   than there are submeshes (non-square shapes), an agent serves several
//!   S_i and step 2 is no longer a permutation.
//! - *logp-lev-bfly*: the butterfly. In each superstep every span of the
//!   row-major order is halved (first half the larger) and each processor
//!   sends its partner in the other half everything it holds for that half;
//!   then both halves go on. For p a power of two the partner is P_{i ⊕ p/2ᵏ}
//!   and every send carries p/2 messages; otherwise the extra processor of
//!   the larger half sends to the last of the other.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::run;
//! let spec = CollectiveConfig::new(Op::AllToAll, Algo::TwoLevCr, 4, 4).validate().unwrap();
//! let c = run(&spec);
//! assert_eq!(c.supersteps.len(), 3 + 3);
//! assert_eq!(c.supersteps[0].sends[0].bytes, 4 * 1024);   // √p·L
//! ```

use super::alltoall::whole;
use super::collective::{Msg, Send, Split, Superstep};
use super::config::Spec;
use super::grid::{Order, Rect, Submachine, square_blocks};

/// *2-lev-c,r*, or *2-lev-c,r-int* when `interleave`.
pub fn two_lev_cr(spec: &Spec, interleave: bool) -> Vec<Superstep> {
    let (rows, cols) = (spec.mesh.rows, spec.mesh.cols);
    let at = |r: usize, c: usize| r * cols + c;
    let full = Rect::full(&spec.mesh);
    let columns: Vec<Submachine> = full.cols_of().into_iter().map(Submachine::Rect).collect();
    let row_subs: Vec<Submachine> = full.rows_of().into_iter().map(Submachine::Rect).collect();
    let column_round = |t: usize| -> Vec<Send> {
        (0..rows)
            .filter(|&r| r ^ t < rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| {
                let msgs = (0..cols)
                    .map(|c2| Msg {
                        from: at(r, c),
                        to: at(r ^ t, c2),
                    })
                    .collect();
                Send::new(at(r, c), at(r ^ t, c), spec.bytes, msgs)
            })
            .collect()
    };
    let r_top = rows.next_power_of_two();
    if !interleave {
        let mut steps: Vec<Superstep> = (1..r_top)
            .map(|t| Superstep {
                submachines: columns.clone(),
                splits: Vec::new(),
                sends: column_round(t),
            })
            .collect();
        steps.extend((1..cols.next_power_of_two()).map(|t| {
            Superstep {
                submachines: row_subs.clone(),
                splits: Vec::new(),
                sends: (0..rows)
                    .flat_map(|r| (0..cols).map(move |c| (r, c)))
                    .filter(|&(_, c)| c ^ t < cols)
                    .map(|(r, c)| {
                        let msgs = (0..rows)
                            .map(|r2| Msg {
                                from: at(r2, c),
                                to: at(r, c ^ t),
                            })
                            .collect();
                        Send::new(at(r, c), at(r, c ^ t), spec.bytes, msgs)
                    })
                    .collect(),
            }
        }));
        return steps;
    }
    // Interleaved: superstep t = column round t + row forwarding of round t − 1.
    let both: Vec<Submachine> = columns.iter().chain(&row_subs).copied().collect();
    (1..=r_top)
        .map(|t| {
            let mut sends = if t < r_top {
                column_round(t)
            } else {
                Vec::new()
            };
            for r in 0..rows {
                let from_row = if t == 1 { r } else { r ^ (t - 1) };
                if from_row >= rows {
                    continue;
                }
                for c in 0..cols {
                    let origin = at(from_row, c);
                    sends.extend((0..cols).filter(|&c2| c2 != c).map(|c2| {
                        Send::new(
                            at(r, c),
                            at(r, c2),
                            spec.bytes,
                            vec![Msg {
                                from: origin,
                                to: at(r, c2),
                            }],
                        )
                    }));
                }
            }
            Superstep {
                submachines: both.clone(),
                splits: Vec::new(),
                sends,
            }
        })
        .collect()
}

/// *2-lev-sq*, the 3-step algorithm.
pub fn two_lev_sq(spec: &Spec) -> Vec<Superstep> {
    let m = &spec.mesh;
    let blocks = square_blocks(m);
    let members: Vec<Vec<usize>> = blocks.iter().map(|b| b.members(m)).collect();
    let nb = blocks.len();
    // served[j][v]: the destination submeshes i whose agent in S_j is local v.
    let served: Vec<Vec<Vec<usize>>> = members
        .iter()
        .map(|mem| {
            let mut s = vec![Vec::new(); mem.len()];
            for i in 0..nb {
                s[i % mem.len()].push(i);
            }
            s
        })
        .collect();
    let agent = |j: usize, i: usize| members[j][i % members[j].len()];
    let subs: Vec<Submachine> = blocks.iter().map(|&b| Submachine::Rect(b)).collect();
    let top = members
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .next_power_of_two();
    // XOR rounds within every submesh; `payload(j, u, v)` is what local u
    // sends local v of S_j.
    let rounds = |payload: &dyn Fn(usize, usize, usize) -> Vec<Msg>| -> Vec<Superstep> {
        (1..top)
            .map(|t| Superstep {
                submachines: subs.clone(),
                splits: Vec::new(),
                sends: (0..nb)
                    .flat_map(|j| (0..members[j].len()).map(move |u| (j, u)))
                    .filter(|&(j, u)| u ^ t < members[j].len())
                    .filter_map(|(j, u)| {
                        let msgs = payload(j, u, u ^ t);
                        let (x, y) = (members[j][u], members[j][u ^ t]);
                        (!msgs.is_empty()).then(|| Send::new(x, y, spec.bytes, msgs))
                    })
                    .collect(),
            })
            .collect()
    };
    // The messages between x and every member of the submeshes `groups`
    // (x itself excepted), from x (step 1) or to x (step 3).
    let bundle = |x: usize, groups: &[usize], from_x: bool| -> Vec<Msg> {
        groups
            .iter()
            .flat_map(|&g| members[g].iter())
            .filter(|&&y| y != x)
            .map(|&y| {
                if from_x {
                    Msg { from: x, to: y }
                } else {
                    Msg { from: y, to: x }
                }
            })
            .collect()
    };
    // Step 1: x = local u of S_j gives agent v its messages for the S_i v serves.
    let mut steps = rounds(&|j, u, v| bundle(members[j][u], &served[j][v], true));
    let exchange = (0..nb)
        .flat_map(|j| (0..nb).filter(move |&i| i != j).map(move |i| (j, i)))
        .map(|(j, i)| {
            let msgs = members[j]
                .iter()
                .flat_map(|&y| members[i].iter().map(move |&z| Msg { from: y, to: z }))
                .collect();
            Send::new(agent(j, i), agent(i, j), spec.bytes, msgs)
        })
        .collect();
    steps.push(Superstep {
        submachines: whole(spec),
        splits: Vec::new(),
        sends: exchange,
    });
    // Step 3: agent u of S_i gives z = local v what every S_j it serves sent z.
    steps.extend(rounds(&|i, u, v| {
        bundle(members[i][v], &served[i][u], false)
    }));
    steps
}

/// *logp-lev-bfly*.
pub fn butterfly(spec: &Spec) -> Vec<Superstep> {
    let p = spec.p();
    let mut held: Vec<Vec<Msg>> = (0..p)
        .map(|s| {
            (0..p)
                .filter(|&d| d != s)
                .map(|d| Msg { from: s, to: d })
                .collect()
        })
        .collect();
    let span = |lo, hi| Submachine::Span {
        order: Order::RowMajor,
        lo,
        hi,
    };
    let mut spans = vec![(0, p)];
    let mut steps = Vec::new();
    while !spans.is_empty() {
        let mut step = Superstep::default();
        let mut next = Vec::new();
        for &(lo, hi) in &spans {
            let h = (hi - lo).div_ceil(2);
            let mid = lo + h;
            step.submachines.push(span(lo, hi));
            step.splits.push(Split {
                whole: span(lo, hi),
                parts: vec![span(lo, mid), span(mid, hi)],
                leaders: Vec::new(),
            });
            for (i, mine) in held.iter_mut().enumerate().take(hi).skip(lo) {
                let (partner, there) = if i < mid {
                    (mid + (i - lo).min(hi - mid - 1), mid..hi)
                } else {
                    (lo + (i - mid), lo..mid)
                };
                let (go, stay): (Vec<Msg>, Vec<Msg>) =
                    mine.iter().partition(|m| there.contains(&m.to));
                *mine = stay;
                if !go.is_empty() {
                    step.sends.push(Send::new(i, partner, spec.bytes, go));
                }
            }
            next.extend(
                [(lo, mid), (mid, hi)]
                    .into_iter()
                    .filter(|(a, b)| b - a >= 2),
            );
        }
        for s in &step.sends {
            held[s.dst].extend(s.messages.iter().filter(|m| m.to != s.dst));
        }
        spans = next;
        steps.push(step);
    }
    steps
}

#[cfg(test)]
mod tests {
    use crate::mesh::config::{Algo, CollectiveConfig, Op};
    use crate::mesh::run;

    fn run_on(algo: Algo, r: usize, c: usize) -> crate::mesh::Collective {
        run(&CollectiveConfig::new(Op::AllToAll, algo, r, c)
            .validate()
            .unwrap())
    }

    #[test]
    fn shapes_of_the_steps_on_16x16() {
        let l = 1024;
        let sq = run_on(Algo::TwoLevSq, 16, 16);
        assert_eq!(sq.supersteps.len(), 15 + 1 + 15);
        // √p·L, or one message less towards the agent for the own submesh.
        assert!(
            sq.supersteps[0]
                .sends
                .iter()
                .all(|s| s.bytes == 16 * l || s.bytes == 15 * l)
        );
        assert!(sq.supersteps[15].sends.iter().all(|s| s.bytes == 256 * l));
        assert_eq!(sq.supersteps[15].sends.len(), 256 - 16);
        let cr = run_on(Algo::TwoLevCr, 16, 16);
        assert_eq!(cr.setups(), 30);
        let int = run_on(Algo::TwoLevCrInt, 16, 16);
        assert_eq!(int.supersteps.len(), 16);
        let bf = run_on(Algo::LogpLevBfly, 16, 16);
        assert_eq!(bf.supersteps.len(), 8);
        assert!(
            bf.supersteps
                .iter()
                .flat_map(|s| &s.sends)
                .all(|s| s.bytes == 128 * l)
        );
    }
}
