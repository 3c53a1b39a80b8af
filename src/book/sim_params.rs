//! The settings of the simulation widgets (`netsim`, `predict`): a
//! network, the messages, the schedule that orders them, and how its
//! phases follow one another; read from a widget's values with notices for
//! what had to be corrected, and turned into the simulator's inputs.
//!
//! The schedule is the same on both networks: switching between the mesh
//! and the fat tree keeps the processors (rows × columns) and the messages,
//! so a reader sees one schedule meet two machines. The machine preset
//! follows the network: the Intel Delta on the mesh, the CM-5 on the fat
//! tree ([`SimConfig::delta`], [`SimConfig::cm5`]).

use super::params::{Notice, Values};
use crate::core::algo::{self, Algo};
use crate::core::com::fig7::Fig7Config;
use crate::core::com::{Com, Message};
use crate::core::net::TopologySpec;
use crate::core::sim::{SimConfig, Sync, Traffic};
use crate::core::words::plural;

/// Where the messages come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every processor sends to every other (complete exchange).
    AllToAll,
    /// A d-regular matrix from paper 000's Figure 7 generator.
    Fig7,
    /// Explicit pairs, all in one phase, sent at once.
    Pairs,
}

/// Validated settings of a simulation widget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimParams {
    pub spec: TopologySpec,
    pub rows: usize,
    pub cols: usize,
    pub pattern: Pattern,
    pub algo: Algo,
    pub d: usize,
    pub seed: u64,
    pub bytes: u64,
    pub pairs: Vec<(usize, usize)>,
    pub sync: Sync,
}

impl SimParams {
    /// Reads the values, fixing what single-value checks cannot see: a
    /// network of one processor, d ≥ n, pairs that do not parse or name
    /// processors the network lacks.
    pub fn read(values: &Values) -> (SimParams, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut rows = values.int("rows").max(1) as usize;
        let cols = values.int("cols").max(1) as usize;
        if rows * cols < 2 {
            notices.push(Notice(
                "a network needs at least 2 processors; using 2 rows".into(),
            ));
            rows = 2;
        }
        let n = rows * cols;
        let spec = match values.choice("net") {
            "fattree" => TopologySpec::FatTree { procs: n },
            _ => TopologySpec::Mesh { rows, cols },
        };
        let pattern = match values.choice("pattern") {
            "fig7" => Pattern::Fig7,
            "pairs" => Pattern::Pairs,
            _ => Pattern::AllToAll,
        };
        let algo = Algo::parse(values.choice("algo")).unwrap_or(Algo::Lp);
        let mut d = values.int("d").max(1) as usize;
        if pattern == Pattern::Fig7 && d >= n {
            let fixed = (n - 1).min(3);
            notices.push(Notice(format!(
                "d = {d} must be below the {n} processors; using d = {fixed}"
            )));
            d = fixed;
        }
        let pairs = if pattern == Pattern::Pairs {
            read_pairs(values.text("pairs"), n, &mut notices)
        } else {
            Vec::new()
        };
        let sync = match values.choice("sync") {
            "barrier" => Sync::Barrier,
            _ => Sync::Loose,
        };
        let p = SimParams {
            spec,
            rows,
            cols,
            pattern,
            algo,
            d,
            seed: values.int("seed").max(0) as u64,
            bytes: values.int("bytes").max(1) as u64,
            pairs,
            sync,
        };
        (p, notices)
    }

    /// The machine preset of the network.
    pub fn config(&self) -> SimConfig {
        match self.spec {
            TopologySpec::Mesh { .. } => SimConfig::delta(),
            TopologySpec::FatTree { .. } => SimConfig {
                seed: self.seed,
                ..SimConfig::cm5()
            },
        }
    }

    /// The messages as the schedule orders them (runs the scheduler).
    /// AC has no phases: every message is released at once.
    pub fn traffic(&self, sync: Sync) -> Traffic {
        let n = self.spec.procs();
        let com = match self.pattern {
            Pattern::Pairs => return Traffic::pairs(n, &self.pairs, self.bytes),
            Pattern::AllToAll => {
                let all = (0..n)
                    .flat_map(|s| (0..n).filter(move |&d| d != s).map(move |d| (s, d)))
                    .map(|(src, dst)| Message {
                        src,
                        dst,
                        bytes: self.bytes,
                    })
                    .collect();
                Com::from_messages(n, all)
            }
            Pattern::Fig7 => Fig7Config::new(n, self.d, self.seed)
                .generate()
                .and_then(|c| {
                    let m = c.messages().map(|m| Message {
                        bytes: self.bytes,
                        ..m
                    });
                    Com::from_messages(n, m.collect())
                }),
        };
        let Ok(com) = com else {
            return Traffic::pairs(n, &[], self.bytes);
        };
        if self.algo == Algo::Ac {
            return Traffic::free(&com);
        }
        Traffic::from_schedule(&algo::run(self.algo, &com, self.seed).schedule, sync)
    }
}

/// Pairs written `s:d,…`; bad text or unknown processors give a notice and
/// fall back to one message from the first processor to the last.
fn read_pairs(text: &str, n: usize, notices: &mut Vec<Notice>) -> Vec<(usize, usize)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::{Value, read};
    use crate::book::widgets::find;

    fn values(pairs: &[(&str, &str)]) -> Values {
        let raw: Vec<(String, String)> = pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        read(find("netsim").unwrap().params, &raw, "").0
    }

    #[test]
    fn one_schedule_on_both_networks() {
        let mesh = SimParams::read(&values(&[("pattern", "fig7")])).0;
        let mut v = values(&[("pattern", "fig7")]);
        v.set("net", Value::Choice("fattree"));
        let tree = SimParams::read(&v).0;
        assert_eq!(tree.spec, TopologySpec::FatTree { procs: 16 });
        assert_eq!(mesh.traffic(Sync::Loose), tree.traffic(Sync::Loose));
        assert_eq!(mesh.config(), SimConfig::delta());
        assert_eq!(tree.config().packet, SimConfig::cm5().packet);
        // All-to-all under LP: n − 1 phases of n messages.
        let all = SimParams::read(&values(&[])).0.traffic(Sync::Loose);
        assert_eq!((all.phases, all.messages.len()), (15, 240));
        // AC releases everything at once.
        let ac = SimParams::read(&values(&[("algo", "ac")])).0;
        assert_eq!(ac.traffic(Sync::Loose).sync, Sync::Free);
    }

    #[test]
    fn corrections_come_with_notices() {
        let (p, notes) = SimParams::read(&values(&[("rows", "1"), ("cols", "1")]));
        assert_eq!(p.spec.procs(), 2);
        assert!(notes[0].0.contains("at least 2 processors"));
        let (p, notes) = SimParams::read(&values(&[("pattern", "fig7"), ("d", "40")]));
        assert_eq!(p.d, 3);
        assert!(notes[0].0.starts_with("d = 40 must be below"));
        let (p, notes) = SimParams::read(&values(&[("pattern", "pairs"), ("pairs", "0:5, 3:99")]));
        assert_eq!(p.pairs, vec![(0, 5)]);
        assert!(notes[0].0.contains("3:99 names a processor outside 0…15"));
        let (p, notes) = SimParams::read(&values(&[("pattern", "pairs"), ("pairs", "x")]));
        assert_eq!(p.pairs, vec![(0, 15)]);
        assert!(notes[0].0.starts_with("pairs: pair 'x'"));
    }
}
