//! The settings of the simulation figures (`netsim`, `predict`), one
//! [`ParamSpec`] each, with their ranges: what a link may say. What they
//! mean together is `network.rs`'s affair.

use super::network::{Net, Pattern, RedistScheme};
use crate::book::figure::Limit;
use crate::book::inputs::collective::ROOTED_ALGOS;
use crate::book::params::{ParamKind, ParamSpec};
use crate::core::algo::Algo;
use crate::core::algo::cm5::exchange::Exchange;

/// Most rows of the settings: 32 × 32 gives the fat tree 1,024
/// processors (paper 004 measured up to 512); a mesh stops at
/// [`MESH_MAX_ROWS`]. What traffic fits is the simulator's own limits'
/// affair (messages, flit moves).
pub const MAX_ROWS: u64 = 32;
/// Most rows of a simulated mesh: the Delta's 16 × 32.
pub const MESH_MAX_ROWS: usize = 16;
/// A link's rows past [`MESH_MAX_ROWS`] on a mesh read as a value out of
/// range (the default and a notice), as they did when 16 was every
/// network's limit: a released link opens the same view.
pub const MESH_LIMITS: &[Limit] = &[Limit::new(&ROWS, &NET, "mesh", MESH_MAX_ROWS as u64)];
/// See [`MAX_ROWS`].
pub const MAX_COLS: u64 = 32;

/// The network simulated.
pub const NET: ParamSpec = ParamSpec {
    key: "net",
    label: "network",
    kind: ParamKind::Choice {
        options: Net::WORDS,
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
/// Arity k of a k-ary n-tree (`net=kary`): links down and up per switch.
/// The mesh, the fat tree and the hypercube read `rows` and `cols`
/// instead.
pub const ARITY: ParamSpec = ParamSpec {
    key: "arity",
    label: "tree arity k",
    kind: ParamKind::Int {
        min: 2,
        max: 32,
        default: 4,
    },
};
/// Levels n of a k-ary n-tree: k^n processors, at most
/// [`crate::core::net::kary::MAX_KARY_PROCS`] (fewer levels, with a
/// notice, past that).
pub const LEVELS: ParamSpec = ParamSpec {
    key: "levels",
    label: "tree levels n",
    kind: ParamKind::Int {
        min: 1,
        max: 10,
        default: 3,
    },
};
/// Where the messages come from.
pub const PATTERN: ParamSpec = ParamSpec {
    key: "pattern",
    label: "messages",
    kind: ParamKind::Choice {
        options: Pattern::WORDS,
        default: "alltoall",
    },
};
/// The schedule that orders them.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "schedule",
    kind: ParamKind::Choice {
        // The schedulers of a matrix, then the complete exchanges (paper
        // 004's, then chapter 14's).
        options: &[
            Algo::Lp.word(),
            Algo::Ac.word(),
            Algo::Gm.word(),
            Algo::Cgm.word(),
            Algo::RsN.word(),
            Algo::RsNl.word(),
            Algo::Ls.word(),
            Algo::Ps.word(),
            Algo::Bs.word(),
            Algo::Gs.word(),
            Exchange::Lex.word(),
            Exchange::Pex.word(),
            Exchange::Rex.word(),
            Exchange::Bex.word(),
            Exchange::Bruck.word(),
            Exchange::Shift.word(),
            Exchange::Linear.word(),
        ],
        default: Algo::Lp.word(),
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
        options: RedistScheme::WORDS,
        default: "direct",
    },
};
/// The hybrid schedule's degree of indirection d (paper 003 Theorem 3
/// (iii)); at most ⌈log K′⌉ + ⌈log G⌉ for the shape, lowered with a notice.
pub const DEGREE: ParamSpec = ParamSpec {
    key: "degree",
    label: "hybrid degree d",
    kind: ParamKind::Int {
        min: 1,
        max: 12,
        default: 1,
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
        options: &[
            crate::core::sim::Sync::Loose.word(),
            crate::core::sim::Sync::Barrier.word(),
        ],
        default: crate::core::sim::Sync::Loose.word(),
    },
};
