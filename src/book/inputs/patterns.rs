//! The messages of a simulation figure's patterns as [`Traffic`]: typed
//! pairs, and the phases of paper 004's complete exchanges, paper 001's
//! scatters and gathers and paper 003's redistributions.

use crate::book::params::Notice;
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::mesh::{self, Algo as MeshAlgo, CollectiveConfig, Op, Spec};
use crate::core::redist::{Direction, Scheme, Shape, schedules};
use crate::core::schedule::{Promise, Schedule, Transfer};
use crate::core::sim::{Sync, Traffic};
use crate::core::words::plural;

/// Phases of transfers on n processors as traffic.
pub(super) fn phased(n: usize, phases: Vec<Vec<Transfer>>, sync: Sync) -> Traffic {
    let schedule = Schedule {
        n,
        phases,
        promise: Promise::default(),
    };
    Traffic::from_schedule(&schedule, sync)
}

/// A scatter or gather request from processor 0 on the rows × columns
/// layout, checked.
pub(super) fn collective_spec(
    op: Op,
    algo: MeshAlgo,
    rows: usize,
    cols: usize,
    bytes: u64,
) -> Result<Spec, String> {
    let mut c = CollectiveConfig::new(op, algo, rows, cols);
    c.bytes = bytes;
    c.validate().map_err(|e| e.to_string())
}

/// A scatter or gather of paper 001 as phases, one per superstep, each
/// send as big as the messages it carries together [001 §3-4]. On the fat
/// tree the same sends meet another network.
pub(super) fn collective_traffic(
    op: Op,
    algo: MeshAlgo,
    rows: usize,
    cols: usize,
    bytes: u64,
    sync: Sync,
) -> Traffic {
    let n = rows * cols;
    let Ok(spec) = collective_spec(op, algo, rows, cols, bytes) else {
        return Traffic::pairs(n, &[], bytes);
    };
    let phases = mesh::run_rooted(&spec)
        .supersteps
        .iter()
        .map(|s| {
            s.sends
                .iter()
                .map(|m| Transfer::whole(m.src, m.dst, m.bytes))
                .collect()
        })
        .collect();
    phased(n, phases, sync)
}

/// A redistribution cyclic(x) → cyclic(Kx) on n processors as phases,
/// one per communication step (row transformation) of its schedule: column
/// j's blocks of the step's rows go to processor `to[j]`, `bytes` per block
/// [003 §3, Figure 4].
pub(super) fn redist_traffic(
    k: usize,
    n: usize,
    scheme: Scheme,
    bytes: u64,
    sync: Sync,
) -> Traffic {
    let Ok(sh) = Shape::new(k, n) else {
        return Traffic::pairs(n, &[], bytes);
    };
    let plan = schedules::plan(&sh, scheme, Direction::Up);
    let phases = plan
        .row_moves()
        .map(|m| {
            let size = bytes.saturating_mul(m.rows.len() as u64);
            (0..m.to.len())
                .filter(|&j| m.to[j] as usize != j)
                .map(|j| Transfer::whole(j, m.to[j] as usize, size))
                .collect()
        })
        .collect();
    phased(n, phases, sync)
}

/// A complete exchange of paper 004 as phases: one per step, each meeting
/// both ways (LEX's one way), REX's messages p/2 blocks long [004 §4]
/// (`ExchangePlan::schedule`).
pub(super) fn exchange_traffic(e: Exchange, n: usize, bytes: u64, sync: Sync) -> Traffic {
    match ExchangePlan::new(e, n) {
        Ok(plan) => Traffic::from_schedule(&plan.schedule(bytes), sync),
        Err(_) => Traffic::pairs(n, &[], bytes),
    }
}

/// Pairs written `s:d,…`; bad text or unknown processors give a notice and
/// fall back to one message from the first processor to the last.
pub(super) fn read_pairs(text: &str, n: usize, notices: &mut Vec<Notice>) -> Vec<(usize, usize)> {
    let fallback = vec![(0, n - 1)];
    if text.trim().is_empty() {
        return fallback;
    }
    match Traffic::parse_pairs(text) {
        Err(why) => {
            notices.push(Notice(format!("pairs: {why}; sending 0:{} instead", n - 1)));
            fallback
        }
        Ok(pairs) => {
            let (ok, bad): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|&(s, d)| s < n && d < n);
            if !bad.is_empty() {
                let (s, d) = bad[0];
                let what = if ok.is_empty() {
                    format!("sending 0:{} instead", n - 1)
                } else {
                    format!("leaving out {}", plural(bad.len(), "pair", "pairs"))
                };
                notices.push(Notice(format!(
                    "pairs: {s}:{d} names a processor outside 0…{}; {what}",
                    n - 1
                )));
            }
            if ok.is_empty() { fallback } else { ok }
        }
    }
}
