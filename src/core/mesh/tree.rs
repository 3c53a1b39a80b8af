//! The tree a one-to-all's sends draw, and why paper 001 (§3.1) names its
//! log p-level algorithms after the binomial heap.
//!
//! Join every processor to the processor it received its messages from:
//! because a scatter delivers each processor's data by exactly one chain of
//! sends, the edges form a tree rooted at the source. *1-lev-dir* gives a
//! star; *2-lev-rec* a tree of depth two; the halving algorithms, which cut
//! every submachine in two each superstep, give the binomial tree B_k for
//! p = 2^k: the root's children head B_{k−1}, …, B_0, and depth d holds
//! C(k, d) processors. A γ-split with γ > 0.5 gives a lopsided tree
//! (more supersteps, a longer chain through the source).
//!
//! A gather's sends draw the same tree with the edges reversed: each
//! processor's parent is the processor it sent its collected messages to.
//! Its supersteps are read last to first so that the mirror image of a
//! scatter gives exactly the scatter's tree.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::{run, tree::SendTree};
//! let spec = CollectiveConfig::new(Op::Scatter, Algo::LogpLevSq, 4, 4).validate().unwrap();
//! let t = SendTree::of(&run(&spec)).unwrap();
//! assert_eq!(t.depth_counts(), vec![1, 4, 6, 4, 1]); // C(4, d)
//! ```

use super::collective::Collective;
use super::config::Op;

/// The send tree of a scatter or a gather.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SendTree {
    /// The source of the scatter (destination of the gather).
    pub root: usize,
    /// Each processor's parent (`None` for the root).
    pub parent: Vec<Option<usize>>,
    /// The superstep (1-based, in the operation's own order) of the edge
    /// into each processor; 0 for the root.
    pub step: Vec<usize>,
    /// Each processor's children, in the order the scatter sends to them.
    pub children: Vec<Vec<usize>>,
}

impl SendTree {
    /// The tree of a scatter or gather; `None` for all-to-all, whose sends
    /// do not form a tree.
    pub fn of(c: &Collective) -> Option<SendTree> {
        let p = c.spec.p();
        let root = c.spec.root;
        let mut t = SendTree {
            root,
            parent: vec![None; p],
            step: vec![0; p],
            children: vec![Vec::new(); p],
        };
        // (superstep, parent, child) for every send, in scatter order.
        let edges: Vec<(usize, usize, usize)> = match c.spec.op {
            Op::AllToAll => return None,
            Op::Scatter => c
                .supersteps
                .iter()
                .enumerate()
                .flat_map(|(k, st)| st.sends.iter().map(move |s| (k + 1, s.src, s.dst)))
                .collect(),
            Op::Gather => c
                .supersteps
                .iter()
                .enumerate()
                .rev()
                .flat_map(|(k, st)| st.sends.iter().map(move |s| (k + 1, s.dst, s.src)))
                .collect(),
        };
        for (step, from, to) in edges {
            // The first delivery counts (a broadcast reaches each processor once anyway).
            if to != root && t.parent[to].is_none() {
                t.parent[to] = Some(from);
                t.step[to] = step;
                t.children[from].push(to);
            }
        }
        Some(t)
    }

    /// Processors in depth-first order from the root, children in order.
    fn preorder(&self) -> Vec<usize> {
        let mut order = Vec::with_capacity(self.parent.len());
        let mut stack = vec![self.root];
        while let Some(v) = stack.pop() {
            order.push(v);
            stack.extend(self.children[v].iter().rev());
        }
        order
    }

    /// Each processor's distance from the root (0 for processors the tree
    /// does not reach, which no complete scatter has).
    pub fn depth(&self) -> Vec<usize> {
        let mut d = vec![0; self.parent.len()];
        for v in self.preorder() {
            if let Some(u) = self.parent[v] {
                d[v] = d[u] + 1;
            }
        }
        d
    }

    /// How many processors sit at each depth.
    pub fn depth_counts(&self) -> Vec<usize> {
        let mut counts = Vec::new();
        for d in self.depth() {
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    }

    /// A drawing: `(column, depth)` for each processor. Leaves take
    /// consecutive columns in depth-first order and a parent stands above
    /// its first child, which draws B_k the way textbooks do (the root above
    /// its largest subtree). The width is [`SendTree::leaves`].
    pub fn layout(&self) -> Vec<(usize, usize)> {
        let depth = self.depth();
        let mut at = vec![(0, 0); self.parent.len()];
        let mut next = 0;
        for v in self.preorder() {
            at[v] = (next, depth[v]);
            if self.children[v].is_empty() {
                next += 1;
            }
        }
        at
    }

    /// Number of leaves (the width of [`SendTree::layout`]).
    pub fn leaves(&self) -> usize {
        self.preorder()
            .iter()
            .filter(|&&v| self.children[v].is_empty())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::config::{Algo, CollectiveConfig};
    use crate::mesh::run;

    fn tree(op: Op, algo: Algo, r: usize, c: usize, gamma: Option<f64>) -> SendTree {
        let mut cfg = CollectiveConfig::new(op, algo, r, c);
        cfg.gamma = gamma;
        SendTree::of(&run(&cfg.validate().unwrap())).unwrap()
    }

    fn binomial(k: usize) -> Vec<usize> {
        let mut row = vec![1usize];
        for _ in 0..k {
            let mut next = vec![1; row.len() + 1];
            for i in 1..row.len() {
                next[i] = row[i - 1] + row[i];
            }
            row = next;
        }
        row
    }

    #[test]
    fn halving_draws_a_binomial_tree() {
        for (r, c, k) in [(2, 2, 2), (4, 4, 4), (8, 16, 7), (16, 16, 8)] {
            for (algo, gamma) in [(Algo::LogpLevSq, None), (Algo::LogpLevRec, Some(0.5))] {
                let t = tree(Op::Scatter, algo, r, c, gamma);
                assert_eq!(t.depth_counts(), binomial(k), "{r}x{c} {algo:?}");
                assert_eq!(t.leaves(), 1 << (k - 1));
                // The root's children head B_{k−1}, …, B_0: one per superstep.
                assert_eq!(t.children[0].len(), k);
                let steps: Vec<usize> = t.children[0].iter().map(|&v| t.step[v]).collect();
                assert_eq!(steps, (1..=k).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn other_shapes() {
        assert_eq!(
            tree(Op::Scatter, Algo::Dir, 4, 4, None).depth_counts(),
            [1, 15]
        );
        // 2-lev-rec: 3 leaders and the source's own row at depth 1.
        assert_eq!(
            tree(Op::Scatter, Algo::TwoLevRec, 4, 4, None).depth_counts(),
            [1, 6, 9]
        );
        // γ = 0.75 on 256: 16 supersteps, so the source has 16 children.
        let t = tree(Op::Scatter, Algo::LogpLevRec, 16, 16, Some(0.75));
        assert_eq!(t.children[0].len(), 16);
        assert_eq!(t.depth_counts().iter().sum::<usize>(), 256);
        let at = t.layout();
        assert_eq!(at[0], (0, 0));
        assert!(at.iter().all(|&(x, _)| x < t.leaves()));
    }

    #[test]
    fn a_gather_draws_its_scatters_tree() {
        for &algo in Op::Gather.algos() {
            let gamma = (algo == Algo::LogpLevRec).then_some(0.75);
            let s = tree(Op::Scatter, algo, 4, 8, gamma);
            let g = tree(Op::Gather, algo, 4, 8, gamma);
            assert_eq!(s.parent, g.parent, "{algo:?}");
            assert_eq!(s.layout(), g.layout(), "{algo:?}");
        }
        let mut cfg = CollectiveConfig::new(Op::AllToAll, Algo::Xor, 2, 2);
        cfg.bytes = 1;
        assert!(SendTree::of(&run(&cfg.validate().unwrap())).is_none());
    }
}
