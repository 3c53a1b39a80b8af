//! The settings of the simulation figures (`netsim`, `predict`): a
//! network, the messages, the schedule that orders them, and how its
//! phases follow one another; checked together with notices for
//! what had to be corrected, and turned into the simulator's inputs.
//!
//! The schedule is the same on every network: switching between the mesh,
//! the fat tree and the hypercube keeps the processors (rows × columns) and
//! the messages, so a reader sees one schedule meet three machines. The
//! k-ary n-tree (`net=kary`) has its own size, `arity`^`levels` processors
//! (drawn as rows × columns of powers of k where a scatter needs a
//! shape). The machine preset follows the network: the Intel Delta on the
//! mesh, the CM-5 on the fat tree, the iPSC/860 on the hypercube, an
//! InfiniBand EDR cluster on the k-ary n-tree ([`SimConfig::preset`]).

use crate::book::inputs::patterns::{
    collective_spec, collective_traffic, exchange_traffic, read_pairs, redist_traffic,
};
use crate::book::params::Notice;
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::{self, Algo};
use crate::core::com::fig7::Fig7Config;
use crate::core::com::{Com, Message};
use crate::core::keyword::Keyword;
use crate::core::mesh::{Algo as MeshAlgo, Op};
use crate::core::net::TopologySpec;
use crate::core::net::hypercube::power_of_two_below;
use crate::core::net::kary;
use crate::core::redist::{Scheme, Shape};
use crate::core::rng::Rng;
use crate::core::sim::{SimConfig, Sync, Traffic};

pub use super::network_params::*;

crate::core::keyword_enum! {
    /// Which network.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Net {
        /// The Intel Delta's 2-D mesh with XY routing.
        Mesh = "mesh",
        /// The CM-5's 4-ary fat tree.
        FatTree = "fattree",
        /// The iPSC/860's hypercube with e-cube routing (rows × columns
        /// must be a power of two).
        Hypercube = "hypercube",
        /// A k-ary n-tree, today's InfiniBand cluster (`arity`^`levels`
        /// processors).
        Kary = "kary",
    }
}

/// The schedule of a simulation: one of the book's schedulers, or one of
/// the complete exchanges (paper 004's and chapter 14's, for an all-to-all).
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
        NetAlgo::Exchange(Exchange::Bruck),
        NetAlgo::Exchange(Exchange::Shift),
        NetAlgo::Exchange(Exchange::Linear),
    ];
    fn keyword(self) -> &'static str {
        match self {
            NetAlgo::Schedule(a) => a.keyword(),
            NetAlgo::Exchange(e) => e.name(),
        }
    }
}

crate::core::keyword_enum! {
    /// A redistribution schedule of paper 003.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum RedistScheme {
        Direct = "direct",
        Indirect = "indirect",
        /// With the degree of the setting `degree`.
        Hybrid = "hybrid",
        Multiphase = "multiphase",
    }
}

impl RedistScheme {
    /// The core's scheme, with hybrid degree `d`.
    pub(super) fn scheme(self, d: usize) -> Scheme {
        match self {
            RedistScheme::Direct => Scheme::Direct,
            RedistScheme::Indirect => Scheme::Indirect,
            RedistScheme::Hybrid => Scheme::Hybrid(d),
            RedistScheme::Multiphase => Scheme::Multiphase,
        }
    }
}

crate::keyword_settings!(whole: Net, Pattern, NetAlgo, RedistScheme);

/// Declares a figure's settings with the simulation's shared settings
/// (network, messages, schedule: declared once, here) followed by the
/// figure's own, and `request`, which reads the shared ones into a
/// [`SimRequest`] with the phases' synchronisation.
macro_rules! sim_settings {
    // The struct alone: the shared settings, each with the note the figure
    // writes under it (`notes { rows: "…" }`, looked up by key while
    // compiling), then its own (`SimRequest` itself is declared so, with
    // `sync`).
    (@struct $(#[$meta:meta])* pub struct $name:ident { $($own:tt)* } notes [$($nk:ident : $nt:expr),*]) => {
        $crate::settings!(@munch ($(#[$meta])* pub struct $name) [
            pub net: $crate::book::inputs::network::Net = $crate::book::inputs::network::NET => ($crate::book::notes::note_for("net", &[$((stringify!($nk), $nt)),*])),
            pub rows: usize = $crate::book::inputs::network::ROWS => ($crate::book::notes::note_for("rows", &[$((stringify!($nk), $nt)),*])),
            pub cols: usize = $crate::book::inputs::network::COLS => ($crate::book::notes::note_for("cols", &[$((stringify!($nk), $nt)),*])),
            pub arity: usize = $crate::book::inputs::network::ARITY => ($crate::book::notes::note_for("arity", &[$((stringify!($nk), $nt)),*])),
            pub levels: usize = $crate::book::inputs::network::LEVELS => ($crate::book::notes::note_for("levels", &[$((stringify!($nk), $nt)),*])),
            pub pattern: $crate::book::inputs::network::Pattern = $crate::book::inputs::network::PATTERN => ($crate::book::notes::note_for("pattern", &[$((stringify!($nk), $nt)),*])),
            pub algo: $crate::book::inputs::network::NetAlgo = $crate::book::inputs::network::ALGO => ($crate::book::notes::note_for("algo", &[$((stringify!($nk), $nt)),*])),
            pub collective: $crate::core::mesh::Algo = $crate::book::inputs::network::COLLECTIVE => ($crate::book::notes::note_for("collective", &[$((stringify!($nk), $nt)),*])),
            pub k: usize = $crate::book::inputs::network::K => ($crate::book::notes::note_for("k", &[$((stringify!($nk), $nt)),*])),
            pub redist: $crate::book::inputs::network::RedistScheme = $crate::book::inputs::network::REDIST => ($crate::book::notes::note_for("redist", &[$((stringify!($nk), $nt)),*])),
            pub degree: usize = $crate::book::inputs::network::DEGREE => ($crate::book::notes::note_for("degree", &[$((stringify!($nk), $nt)),*])),
            pub d: usize = $crate::book::inputs::matrix::D => ($crate::book::notes::note_for("d", &[$((stringify!($nk), $nt)),*])),
            pub seed: u64 = $crate::book::inputs::matrix::SEED => ($crate::book::notes::note_for("seed", &[$((stringify!($nk), $nt)),*])),
            pub bytes: u64 = $crate::book::inputs::network::BYTES => ($crate::book::notes::note_for("bytes", &[$((stringify!($nk), $nt)),*])),
            pub pairs: String = $crate::book::inputs::network::PAIRS => ($crate::book::notes::note_for("pairs", &[$((stringify!($nk), $nt)),*])),
        ] $($own)*);

        // A note under a key that is not one of the shared settings would
        // be dropped: it fails to compile instead.
        const _: () = assert!(
            $crate::book::notes::notes_known(
                &[$((stringify!($nk), $nt)),*],
                $crate::book::inputs::network::SHARED_PARAMS,
            ),
            "sim_settings!: a note is written under a setting that is not shared"
        );
    };
    ($(#[$meta:meta])* pub struct $name:ident { $($own:tt)* } $(notes { $($nk:ident : $nt:expr),* $(,)? })?) => {
        $crate::book::inputs::network::sim_settings!(@struct $(#[$meta])* pub struct $name { $($own)* } notes [$($($nk : $nt),*)?]);

        impl $name {
            /// The simulation these settings ask for, its phases
            /// following one another as `sync` says.
            pub fn request(&self, sync: $crate::core::sim::Sync) -> $crate::book::inputs::network::SimRequest {
                $crate::book::inputs::network::SimRequest {
                    net: self.net,
                    rows: self.rows,
                    cols: self.cols,
                    arity: self.arity,
                    levels: self.levels,
                    pattern: self.pattern,
                    algo: self.algo,
                    collective: self.collective,
                    k: self.k,
                    redist: self.redist,
                    degree: self.degree,
                    d: self.d,
                    seed: self.seed,
                    bytes: self.bytes,
                    pairs: self.pairs.clone(),
                    sync,
                }
            }
        }
    };
}
pub(crate) use sim_settings;

sim_settings! {
    @struct
    /// A simulation as the settings describe it, before the checks that
    /// need several of them: the shared group itself, with the phases'
    /// synchronisation (netsim's `sync` setting; predict always uses
    /// barriers).
    pub struct SimRequest {
        pub sync: Sync = SYNC,
    }
    notes []
}

/// The settings `sim_settings!` shares (`SimRequest`'s, less its own
/// `sync`, the last).
pub const SHARED_PARAMS: &[crate::book::params::ParamSpec] =
    match <SimRequest as crate::book::settings::Settings>::PARAMS.split_last() {
        Some((_, shared)) => shared,
        None => &[],
    };

crate::core::keyword_enum! {
    /// Where the messages come from.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Pattern {
        /// Every processor sends to every other (complete exchange).
        AllToAll = "alltoall",
        /// A d-regular matrix from paper 000's Figure 7 generator.
        Fig7 = "fig7",
        /// Explicit pairs, all in one phase, sent at once.
        Pairs = "pairs",
        /// A random permutation drawn from the seed, all at once.
        Perm = "perm",
        /// Processor 0 sends a message to every other, by a paper 001
        /// algorithm (its supersteps are the phases).
        Scatter = "scatter",
        /// Every processor sends a message to processor 0, likewise.
        Gather = "gather",
        /// A block-cyclic redistribution cyclic(x) → cyclic(Kx) (paper
        /// 003): each communication step of its schedule is a phase.
        Redist = "redist",
    }
}

/// The largest power of two of processors within rows × cols, as rows′ ×
/// cols′ with cols′ the largest power of two up to cols (so rows′ < 2·rows).
pub fn hypercube_shape(rows: usize, cols: usize) -> (usize, usize) {
    let n = power_of_two_below(rows * cols);
    let c = power_of_two_below(cols);
    (n / c, c)
}

/// A k-ary n-tree's k^n processors as rows × columns for the patterns
/// that read a shape (a scatter's submachines): k^⌊n/2⌋ × k^⌈n/2⌉.
pub fn kary_shape(k: usize, n: usize) -> (usize, usize) {
    (kary::procs_of(k, n / 2), kary::procs_of(k, n.div_ceil(2)))
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
    /// The hybrid schedule's degree, within the shape's maximum (0 for
    /// the other schedules and patterns).
    pub degree: usize,
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
        let mut cols = r.cols.max(1);
        let (mut arity, mut levels) = (r.arity, r.levels);
        if r.net == Net::Kary {
            if !kary::fits(arity, levels) {
                let (k, n) = kary::fitted(arity, levels);
                notices.push(Notice(format!(
                    "a k-ary n-tree has at most {} processors here (the simulator's practical cap), and {arity}^{levels} = {} is more; using {n} level{} of arity {k} = {} processors",
                    kary::MAX_KARY_PROCS,
                    kary::procs_of(arity, levels),
                    if n == 1 { "" } else { "s" },
                    kary::procs_of(k, n)
                )));
                (arity, levels) = (k, n);
            }
            (rows, cols) = kary_shape(arity, levels);
        }
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
        if r.net == Net::Hypercube && !(rows * cols).is_power_of_two() {
            // The largest power of two of processors within the request,
            // as rows × columns of powers of two (what a scatter's
            // submachines and the drawing read).
            let (r2, c2) = hypercube_shape(rows, cols);
            notices.push(Notice(format!(
                "a hypercube needs a power of two of processors, and {rows} × {cols} = {} is not; using {r2} × {c2} = {}",
                rows * cols,
                r2 * c2
            )));
            (rows, cols) = (r2, c2);
        }
        let n = rows * cols;
        let spec = match r.net {
            Net::FatTree => TopologySpec::FatTree { procs: n },
            Net::Mesh => TopologySpec::Mesh { rows, cols },
            Net::Hypercube => TopologySpec::Hypercube { procs: n },
            Net::Kary => TopologySpec::KaryTree {
                k: arity,
                n: levels,
            },
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
        let mut degree = 0;
        if pattern == Pattern::Redist
            && r.redist == RedistScheme::Hybrid
            && let Ok(shape) = Shape::new(k, n)
        {
            let max = shape.max_degree();
            degree = r.degree.max(1);
            if degree > max {
                notices.push(Notice(format!(
                    "degree: d = {degree} is more than the {max} shift step{} of the indirect \
                     schedule for K = {k} on {n} processors (⌈log K′⌉ + ⌈log G⌉); using d = {max}",
                    if max == 1 { "" } else { "s" },
                )));
                degree = max;
            }
        }
        let pairs = if pattern == Pattern::Pairs {
            read_pairs(&r.pairs, n, &mut notices)
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
            degree,
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
        SimConfig::seeded(self.spec, self.seed)
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
            Pattern::Redist => {
                return redist_traffic(
                    self.k,
                    n,
                    self.redist.scheme(self.degree),
                    self.bytes,
                    sync,
                );
            }
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

#[cfg(test)]
#[path = "network_tests.rs"]
mod tests;
