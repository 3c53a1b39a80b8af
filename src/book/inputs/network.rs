//! The settings of the simulation figures (`netsim`, `predict`): a
//! network, the messages, the schedule that orders them, and how its
//! phases follow one another; checked together with notices for
//! what had to be corrected, and turned into the simulator's inputs.
//!
//! The schedule is the same on both networks: switching between the mesh
//! and the fat tree keeps the processors (rows × columns) and the messages,
//! so a reader sees one schedule meet two machines. The machine preset
//! follows the network: the Intel Delta on the mesh, the CM-5 on the fat
//! tree ([`SimConfig::delta`], [`SimConfig::cm5`]).

use crate::book::figure::Limit;
use crate::book::inputs::collective::ROOTED_ALGOS;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::{self, Algo};
use crate::core::com::fig7::Fig7Config;
use crate::core::com::{Com, Message};
use crate::core::keyword::Keyword;
use crate::core::mesh::{self, Algo as MeshAlgo, CollectiveConfig, Op, Spec};
use crate::core::net::TopologySpec;
use crate::core::redist::{Direction, Scheme, Shape, schedules};
use crate::core::rng::Rng;
use crate::core::schedule::{Promise, Schedule, Transfer};
use crate::core::sim::{SimConfig, Sync, Traffic};
use crate::core::words::plural;

/// Most rows of the settings: 32 × 32 gives the fat tree 1,024
/// processors (paper 004 measured up to 512); a mesh stops at
/// [`MESH_MAX_ROWS`]. What traffic fits is the simulator's own limits'
/// affair (messages, flit moves).
pub const MAX_ROWS: i64 = 32;
/// Most rows of a simulated mesh: the Delta's 16 × 32.
pub const MESH_MAX_ROWS: usize = 16;
/// A link's rows past [`MESH_MAX_ROWS`] on a mesh read as a value out of
/// range (the default and a notice), as they did when 16 was every
/// network's limit: a released link opens the same view.
pub const MESH_LIMITS: &[Limit] = &[Limit {
    key: "rows",
    when: ("net", "mesh"),
    max: MESH_MAX_ROWS as i64,
}];
/// See [`MAX_ROWS`].
pub const MAX_COLS: i64 = 32;

/// The network simulated.
pub const NET: ParamSpec = ParamSpec {
    key: "net",
    label: "network",
    kind: ParamKind::Choice {
        options: &["mesh", "fattree"],
        default: "mesh",
    },
};
/// Rows of the mesh (the fat tree has rows × columns processors).
pub const ROWS: ParamSpec = ParamSpec {
    key: "rows",
    label: "rows",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_ROWS,
        default: 4,
    },
};
/// Columns of the mesh.
pub const COLS: ParamSpec = ParamSpec {
    key: "cols",
    label: "columns",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_COLS,
        default: 4,
    },
};
/// Where the messages come from.
pub const PATTERN: ParamSpec = ParamSpec {
    key: "pattern",
    label: "messages",
    kind: ParamKind::Choice {
        options: &[
            "alltoall", "fig7", "pairs", "perm", "scatter", "gather", "redist",
        ],
        default: "alltoall",
    },
};
/// The schedule that orders them.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "schedule",
    kind: ParamKind::Choice {
        options: &[
            "lp", "ac", "gm", "cgm", "rs-n", "rs-nl", "ls", "ps", "bs", "gs", "lex", "pex", "rex",
            "bex",
        ],
        default: "lp",
    },
};
/// Bytes of every message.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "bytes per message",
    kind: ParamKind::Int {
        min: 1,
        max: 16_384,
        default: 64,
    },
};
/// The algorithm of a scatter or a gather (paper 001 §3-4).
pub const COLLECTIVE: ParamSpec = ParamSpec {
    key: "collective",
    label: "scatter/gather algorithm",
    kind: ParamKind::Choice {
        options: ROOTED_ALGOS,
        default: "logp-lev-rec",
    },
};
/// K of a redistribution cyclic(x) → cyclic(Kx) among the processors.
pub const K: ParamSpec = ParamSpec {
    key: "k",
    label: "redistribution K",
    kind: ParamKind::Int {
        min: 2,
        max: 64,
        default: 4,
    },
};
/// The schedule of a redistribution (paper 003 Theorem 3 and the baseline).
pub const REDIST: ParamSpec = ParamSpec {
    key: "redist",
    label: "redistribution schedule",
    kind: ParamKind::Choice {
        options: &["direct", "indirect", "multiphase"],
        default: "direct",
    },
};
/// Explicit pairs, `s:d,…`.
pub const PAIRS: ParamSpec = ParamSpec {
    key: "pairs",
    label: "pairs s:d",
    kind: ParamKind::Text { max_len: 2000 },
};
/// How phases follow one another (the animator only).
pub const SYNC: ParamSpec = ParamSpec {
    key: "sync",
    label: "phases",
    kind: ParamKind::Choice {
        options: &["loose", "barrier"],
        default: "loose",
    },
};

/// Which network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Net {
    /// The Intel Delta's 2-D mesh with XY routing.
    Mesh,
    /// The CM-5's 4-ary fat tree.
    FatTree,
}

impl Keyword for Net {
    const ALL: &'static [Self] = &[Net::Mesh, Net::FatTree];
    fn keyword(self) -> &'static str {
        match self {
            Net::Mesh => "mesh",
            Net::FatTree => "fattree",
        }
    }
}

impl Keyword for Pattern {
    const ALL: &'static [Self] = &[
        Pattern::AllToAll,
        Pattern::Fig7,
        Pattern::Pairs,
        Pattern::Perm,
        Pattern::Scatter,
        Pattern::Gather,
        Pattern::Redist,
    ];
    fn keyword(self) -> &'static str {
        match self {
            Pattern::AllToAll => "alltoall",
            Pattern::Fig7 => "fig7",
            Pattern::Pairs => "pairs",
            Pattern::Perm => "perm",
            Pattern::Scatter => "scatter",
            Pattern::Gather => "gather",
            Pattern::Redist => "redist",
        }
    }
}

/// The schedule of a simulation: one of the book's schedulers, or one of
/// paper 004's complete exchanges (for an all-to-all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetAlgo {
    Schedule(Algo),
    Exchange(Exchange),
}

impl Keyword for NetAlgo {
    const ALL: &'static [Self] = &[
        NetAlgo::Schedule(Algo::Lp),
        NetAlgo::Schedule(Algo::Ac),
        NetAlgo::Schedule(Algo::Gm),
        NetAlgo::Schedule(Algo::Cgm),
        NetAlgo::Schedule(Algo::RsN),
        NetAlgo::Schedule(Algo::RsNl),
        NetAlgo::Schedule(Algo::Ls),
        NetAlgo::Schedule(Algo::Ps),
        NetAlgo::Schedule(Algo::Bs),
        NetAlgo::Schedule(Algo::Gs),
        NetAlgo::Exchange(Exchange::Lex),
        NetAlgo::Exchange(Exchange::Pex),
        NetAlgo::Exchange(Exchange::Rex),
        NetAlgo::Exchange(Exchange::Bex),
    ];
    fn keyword(self) -> &'static str {
        match self {
            NetAlgo::Schedule(a) => a.keyword(),
            NetAlgo::Exchange(e) => e.name(),
        }
    }
}

/// A redistribution schedule of paper 003.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedistScheme {
    Direct,
    Indirect,
    Multiphase,
}

impl Keyword for RedistScheme {
    const ALL: &'static [Self] = &[
        RedistScheme::Direct,
        RedistScheme::Indirect,
        RedistScheme::Multiphase,
    ];
    fn keyword(self) -> &'static str {
        match self {
            RedistScheme::Direct => "direct",
            RedistScheme::Indirect => "indirect",
            RedistScheme::Multiphase => "multiphase",
        }
    }
}

impl RedistScheme {
    fn scheme(self) -> Scheme {
        match self {
            RedistScheme::Direct => Scheme::Direct,
            RedistScheme::Indirect => Scheme::Indirect,
            RedistScheme::Multiphase => Scheme::Multiphase,
        }
    }
}

crate::keyword_settings!(Net, Pattern, NetAlgo, RedistScheme);

/// A simulation as the settings describe it, before the checks that need
/// several of them.
#[derive(Clone, Debug, PartialEq)]
pub struct SimRequest<'a> {
    pub net: Net,
    pub rows: usize,
    pub cols: usize,
    pub pattern: Pattern,
    pub algo: NetAlgo,
    pub collective: MeshAlgo,
    pub k: usize,
    pub redist: RedistScheme,
    pub d: usize,
    pub seed: u64,
    pub bytes: u64,
    pub pairs: &'a str,
    pub sync: Sync,
}

/// Where the messages come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every processor sends to every other (complete exchange).
    AllToAll,
    /// A d-regular matrix from paper 000's Figure 7 generator.
    Fig7,
    /// Explicit pairs, all in one phase, sent at once.
    Pairs,
    /// A random permutation drawn from the seed, all at once.
    Perm,
    /// Processor 0 sends a message to every other, by a paper 001
    /// algorithm (its supersteps are the phases).
    Scatter,
    /// Every processor sends a message to processor 0, likewise.
    Gather,
    /// A block-cyclic redistribution cyclic(x) → cyclic(Kx) (paper 003):
    /// each communication step of its schedule is a phase.
    Redist,
}

/// Validated settings of a simulation figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimParams {
    pub spec: TopologySpec,
    pub rows: usize,
    pub cols: usize,
    pub pattern: Pattern,
    pub algo: NetAlgo,
    pub collective: MeshAlgo,
    pub k: usize,
    pub redist: RedistScheme,
    pub d: usize,
    pub seed: u64,
    pub bytes: u64,
    pub pairs: Vec<(usize, usize)>,
    pub sync: Sync,
}

impl SimParams {
    /// Checks the request, fixing what single-value checks cannot see: a
    /// network of one processor, d ≥ n, pairs that do not parse or name
    /// processors the network lacks.
    pub fn read(r: &SimRequest) -> (SimParams, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut rows = r.rows.max(1);
        let cols = r.cols.max(1);
        if rows * cols < 2 {
            notices.push(Notice(
                "a network needs at least 2 processors; using 2 rows".into(),
            ));
            rows = 2;
        }
        if r.net == Net::Mesh && rows > MESH_MAX_ROWS {
            notices.push(Notice(format!(
                "a mesh has at most {MESH_MAX_ROWS} rows (the Intel Delta is 16 × 32); using {MESH_MAX_ROWS}"
            )));
            rows = MESH_MAX_ROWS;
        }
        let n = rows * cols;
        let spec = match r.net {
            Net::FatTree => TopologySpec::FatTree { procs: n },
            Net::Mesh => TopologySpec::Mesh { rows, cols },
        };
        let (mut pattern, mut algo) = (r.pattern, r.algo);
        if let NetAlgo::Exchange(e) = algo {
            if pattern != Pattern::AllToAll {
                notices.push(Notice(format!(
                    "{} is a complete exchange: every processor sends to every other; showing the all-to-all",
                    e.title()
                )));
                pattern = Pattern::AllToAll;
            }
            if let Err(why) = ExchangePlan::new(e, n) {
                notices.push(Notice(format!("{}: {why}; using LEX", e.title())));
                algo = NetAlgo::Exchange(Exchange::Lex);
            }
        }
        let mut d = r.d.max(1);
        if pattern == Pattern::Fig7 && d >= n {
            let fixed = (n - 1).min(3);
            notices.push(Notice(format!(
                "d = {d} must be below the {n} processors; using d = {fixed}"
            )));
            d = fixed;
        }
        let mut collective = r.collective;
        if matches!(pattern, Pattern::Scatter | Pattern::Gather) {
            let op = if pattern == Pattern::Scatter {
                Op::Scatter
            } else {
                Op::Gather
            };
            if let Err(why) = collective_spec(op, collective, rows, cols, r.bytes.max(1)) {
                notices.push(Notice(format!(
                    "{}: {why}; using 1-lev-dir",
                    pattern.keyword()
                )));
                collective = MeshAlgo::Dir;
            }
        }
        let mut k = r.k.max(2);
        if pattern == Pattern::Redist
            && let Err(why) = Shape::new(k, n)
        {
            let fixed = 2;
            notices.push(Notice(format!("redist: {why}; using K = {fixed}")));
            k = fixed;
        }
        let pairs = if pattern == Pattern::Pairs {
            read_pairs(r.pairs, n, &mut notices)
        } else {
            Vec::new()
        };
        let sync = match r.sync {
            Sync::Barrier => Sync::Barrier,
            _ => Sync::Loose,
        };
        let p = SimParams {
            spec,
            rows,
            cols,
            pattern,
            algo,
            collective,
            k,
            redist: r.redist,
            d,
            seed: r.seed,
            bytes: r.bytes.max(1),
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
            Pattern::Perm => {
                let mut to: Vec<usize> = (0..n).collect();
                Rng::new(self.seed).shuffle(&mut to);
                let pairs: Vec<(usize, usize)> =
                    to.into_iter().enumerate().filter(|(s, d)| s != d).collect();
                return Traffic::pairs(n, &pairs, self.bytes);
            }
            Pattern::Redist => return redist_traffic(self.k, n, self.redist, self.bytes, sync),
            Pattern::Scatter | Pattern::Gather => {
                let op = if self.pattern == Pattern::Scatter {
                    Op::Scatter
                } else {
                    Op::Gather
                };
                return collective_traffic(
                    op,
                    self.collective,
                    self.rows,
                    self.cols,
                    self.bytes,
                    sync,
                );
            }
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
        match self.algo {
            NetAlgo::Schedule(Algo::Ac) => Traffic::free(&com),
            NetAlgo::Schedule(a) => {
                Traffic::from_schedule(&algo::run(a, &com, self.seed).schedule, sync)
            }
            NetAlgo::Exchange(e) => exchange_traffic(e, n, self.bytes, sync),
        }
    }
}

/// Phases of transfers on n processors as traffic.
fn phased(n: usize, phases: Vec<Vec<Transfer>>, sync: Sync) -> Traffic {
    let schedule = Schedule {
        n,
        phases,
        promise: Promise::default(),
    };
    Traffic::from_schedule(&schedule, sync)
}

/// A scatter or gather request from processor 0 on the rows × columns
/// layout, checked.
fn collective_spec(
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
fn collective_traffic(
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
fn redist_traffic(k: usize, n: usize, scheme: RedistScheme, bytes: u64, sync: Sync) -> Traffic {
    let Ok(sh) = Shape::new(k, n) else {
        return Traffic::pairs(n, &[], bytes);
    };
    let plan = schedules::plan(&sh, scheme.scheme(), Direction::Up);
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
/// both ways (LEX's one way), REX's messages p/2 blocks long [004 §4].
fn exchange_traffic(e: Exchange, n: usize, bytes: u64, sync: Sync) -> Traffic {
    let Ok(plan) = ExchangePlan::new(e, n) else {
        return Traffic::pairs(n, &[], bytes);
    };
    let size = bytes.saturating_mul(plan.blocks as u64);
    let phases = plan
        .steps
        .iter()
        .map(|pairs| {
            pairs
                .iter()
                .flat_map(|&(a, b)| {
                    let back = plan.is_exchange().then_some((b, a));
                    std::iter::once((a, b)).chain(back)
                })
                .map(|(s, d)| Transfer::whole(s, d, size))
                .collect()
        })
        .collect();
    phased(n, phases, sync)
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

    /// The animator's defaults.
    fn req() -> SimRequest<'static> {
        SimRequest {
            net: Net::Mesh,
            rows: 4,
            cols: 4,
            pattern: Pattern::AllToAll,
            algo: NetAlgo::Schedule(Algo::Lp),
            collective: MeshAlgo::LogpLevRec,
            k: 4,
            redist: RedistScheme::Direct,
            d: 4,
            seed: 1,
            bytes: 64,
            pairs: "",
            sync: Sync::Loose,
        }
    }

    #[test]
    fn one_schedule_on_both_networks() {
        let fig7 = SimRequest {
            pattern: Pattern::Fig7,
            ..req()
        };
        let mesh = SimParams::read(&fig7).0;
        let tree = SimParams::read(&SimRequest {
            net: Net::FatTree,
            ..fig7
        })
        .0;
        assert_eq!(tree.spec, TopologySpec::FatTree { procs: 16 });
        assert_eq!(mesh.traffic(Sync::Loose), tree.traffic(Sync::Loose));
        assert_eq!(mesh.config(), SimConfig::delta());
        assert_eq!(tree.config().packet, SimConfig::cm5().packet);
        // All-to-all under LP: n − 1 phases of n messages.
        let all = SimParams::read(&req()).0.traffic(Sync::Loose);
        assert_eq!((all.phases, all.messages.len()), (15, 240));
        // AC releases everything at once.
        let ac = SimParams::read(&SimRequest {
            algo: NetAlgo::Schedule(Algo::Ac),
            ..req()
        })
        .0;
        assert_eq!(ac.traffic(Sync::Loose).sync, Sync::Free);
    }

    #[test]
    fn corrections_come_with_notices() {
        let (p, notes) = SimParams::read(&SimRequest {
            rows: 1,
            cols: 1,
            ..req()
        });
        assert_eq!(p.spec.procs(), 2);
        assert!(notes[0].0.contains("at least 2 processors"));
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Fig7,
            d: 40,
            ..req()
        });
        assert_eq!(p.d, 3);
        assert!(notes[0].0.starts_with("d = 40 must be below"));
        let pairs = SimRequest {
            pattern: Pattern::Pairs,
            ..req()
        };
        let (p, notes) = SimParams::read(&SimRequest {
            pairs: "0:5, 3:99",
            ..pairs.clone()
        });
        assert_eq!(p.pairs, vec![(0, 5)]);
        assert!(notes[0].0.contains("3:99 names a processor outside 0…15"));
        let (p, notes) = SimParams::read(&SimRequest {
            pairs: "x",
            ..pairs
        });
        assert_eq!(p.pairs, vec![(0, 15)]);
        assert!(notes[0].0.starts_with("pairs: pair 'x'"));
    }

    #[test]
    fn the_complete_exchanges_of_paper_004_as_phases() {
        let ex = |e, n: usize| SimRequest {
            net: Net::FatTree,
            rows: 1,
            cols: n,
            algo: NetAlgo::Exchange(e),
            ..req()
        };
        // PEX on 16: 15 steps, every processor sends one message a step.
        let (p, notes) = SimParams::read(&ex(Exchange::Pex, 16));
        assert!(notes.is_empty());
        let t = p.traffic(Sync::Loose);
        assert_eq!((t.phases, t.messages.len()), (15, 240));
        assert!(t.messages.iter().all(|m| m.bytes == 64));
        // REX: lg p steps of p/2 blocks, both ways.
        let t = SimParams::read(&ex(Exchange::Rex, 16))
            .0
            .traffic(Sync::Loose);
        assert_eq!((t.phases, t.messages.len()), (4, 64));
        assert!(t.messages.iter().all(|m| m.bytes == 64 * 8));
        // LEX is one way: p − 1 steps of p messages.
        let t = SimParams::read(&ex(Exchange::Lex, 16))
            .0
            .traffic(Sync::Loose);
        assert_eq!(t.messages.len(), 240);
        // REX needs a power of two; an exchange is an all-to-all.
        let (p, notes) = SimParams::read(&ex(Exchange::Rex, 12));
        assert_eq!(p.algo, NetAlgo::Exchange(Exchange::Lex));
        assert!(notes[0].0.starts_with("REX: "), "{notes:?}");
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Fig7,
            ..ex(Exchange::Bex, 16)
        });
        assert_eq!(p.pattern, Pattern::AllToAll);
        assert!(notes[0].0.starts_with("BEX is a complete exchange"));
        // Every option of the setting reads, and reads back.
        for a in NetAlgo::ALL {
            assert_eq!(NetAlgo::from_keyword(a.keyword()), Some(*a));
        }
    }

    #[test]
    fn a_mesh_stops_at_the_deltas_size() {
        let (p, notes) = SimParams::read(&SimRequest {
            rows: 32,
            cols: 32,
            ..req()
        });
        assert_eq!(p.spec, TopologySpec::Mesh { rows: 16, cols: 32 });
        assert!(notes[0].0.starts_with("a mesh has at most 16 rows"));
        let (p, notes) = SimParams::read(&SimRequest {
            net: Net::FatTree,
            rows: 32,
            cols: 32,
            ..req()
        });
        assert_eq!(
            (p.spec, notes.len()),
            (TopologySpec::FatTree { procs: 1024 }, 0)
        );
    }

    #[test]
    fn permutations_scatters_and_gathers_as_traffic() {
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Perm,
            ..req()
        });
        assert!(notes.is_empty());
        let t = p.traffic(Sync::Loose);
        let mut to: Vec<usize> = t.messages.iter().map(|m| m.dst).collect();
        let from: Vec<usize> = t.messages.iter().map(|m| m.src).collect();
        crate::core::sorting::sort_by_u64(&mut to, |&d| d as u64);
        to.dedup();
        assert_eq!(
            to.len(),
            t.messages.len(),
            "a permutation sends to each at most once"
        );
        assert!(from.iter().zip(&t.messages).all(|(&s, m)| s != m.dst));
        // Scatter: every processor but 0 ends up with a message of 64 bytes,
        // carried together by logp-lev-rec's supersteps (phases).
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Scatter,
            ..req()
        });
        assert!(notes.is_empty());
        let t = p.traffic(Sync::Barrier);
        assert!(t.phases >= 2);
        assert!(t.messages.iter().any(|m| m.src == 0));
        let moved: u64 = t.messages.iter().map(|m| m.bytes).sum();
        assert!(moved >= 15 * 64);
        // Gather has no broadcasts: a notice and 1-lev-dir, which sends
        // every message straight to 0 in one superstep.
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Gather,
            collective: MeshAlgo::SysBr,
            ..req()
        });
        assert!(notes[0].0.starts_with("gather: "), "{notes:?}");
        assert_eq!(p.collective, MeshAlgo::Dir);
        let t = p.traffic(Sync::Barrier);
        assert_eq!(t.messages.len(), 15);
        assert!(t.messages.iter().all(|m| m.dst == 0 && m.bytes == 64));
    }

    #[test]
    fn a_redistribution_as_phases() {
        // K = 4 on 16 processors: the direct schedule's steps as phases,
        // each a partial permutation.
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Redist,
            ..req()
        });
        assert!(notes.is_empty());
        let t = p.traffic(Sync::Barrier);
        let sh = Shape::new(4, 16).unwrap();
        let plan = schedules::plan(&sh, Scheme::Direct, Direction::Up);
        assert_eq!(t.phases, plan.n_steps());
        for k in 0..t.phases {
            let mut ends: Vec<usize> = t
                .messages
                .iter()
                .filter(|m| m.phase == k)
                .map(|m| m.dst)
                .collect();
            let before = ends.len();
            crate::core::sorting::sort_by_u64(&mut ends, |&d| d as u64);
            ends.dedup();
            assert_eq!(ends.len(), before, "step {k} receives once per processor");
        }
        // The largest: K = 64 on the whole Delta, indirect (⌈log K⌉-ish
        // steps of many rows each).
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Redist,
            rows: 16,
            cols: 32,
            k: 64,
            redist: RedistScheme::Indirect,
            ..req()
        });
        assert!(notes.is_empty(), "{notes:?}");
        let plan = schedules::plan(
            &Shape::new(64, 512).unwrap(),
            Scheme::Indirect,
            Direction::Up,
        );
        assert_eq!(p.traffic(Sync::Barrier).phases, plan.n_steps());
    }
}
