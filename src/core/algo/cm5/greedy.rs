//! GS, greedy scheduling (paper 004 §5): each step, the processors in
//! order of their numbers pick the lowest-numbered processor they still
//! need to communicate with that is not yet taken in this step.
//!
//! "Need to communicate" is symmetric: i and j need each other while a
//! message i → j or j → i is unsent, and when they meet both directions
//! travel. Processor i, if still free, scans its remaining partners in
//! increasing order and pairs with the first free one; a partner below i
//! is then always taken already (it would have chosen i otherwise). Each
//! step is therefore a maximal matching of the remaining needs. On a
//! complete exchange with p a power of two this gives exactly PEX's
//! i ⊕ k order (a test checks it); on an irregular pattern it skips the
//! pairs with nothing to say, which PS cannot.

use crate::com::Com;
use crate::sorting::{key2, sort_by_u64};
use std::collections::BTreeSet;

/// The partners each processor still needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partners(Vec<BTreeSet<usize>>);

impl Partners {
    /// Needs of `com`, local copies excluded.
    pub fn of(com: &Com) -> Partners {
        let mut need = vec![BTreeSet::new(); com.n()];
        for m in com.messages().filter(|m| m.src != m.dst) {
            need[m.src].insert(m.dst);
            need[m.dst].insert(m.src);
        }
        Partners(need)
    }

    /// True when nobody needs anybody.
    pub fn is_done(&self) -> bool {
        self.0.iter().all(BTreeSet::is_empty)
    }

    /// One greedy step: returns its pairs (a < b) and the partner-list
    /// entries examined, and removes the pairs from the needs. Every
    /// partner found taken is pushed on `passes` as (node, wanted, by).
    pub fn match_step(
        &mut self,
        passes: &mut Vec<(usize, usize, usize)>,
    ) -> (Vec<(usize, usize)>, u64) {
        let n = self.0.len();
        let mut mate: Vec<Option<usize>> = vec![None; n];
        let mut pairs = Vec::new();
        let mut probes = 0;
        for i in 0..n {
            if mate[i].is_some() {
                continue;
            }
            for &j in &self.0[i] {
                probes += 1;
                match mate[j] {
                    Some(by) => passes.push((i, j, by)),
                    None => {
                        mate[i] = Some(j);
                        mate[j] = Some(i);
                        pairs.push((i.min(j), i.max(j)));
                        break;
                    }
                }
            }
        }
        for &(a, b) in &pairs {
            self.0[a].remove(&b);
            self.0[b].remove(&a);
        }
        sort_by_u64(&mut pairs, |&(a, b)| key2(a, b));
        (pairs, probes)
    }
}
