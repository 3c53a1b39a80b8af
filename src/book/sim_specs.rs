//! The widgets of the simulation chapter and their settings: the network
//! animator (`netsim`), paper 004's cluster experiments (`clusters`), PEX
//! against BEX step by step (`pexbex`) and the prediction beside the
//! simulation (`predict`).
//!
//! Like `widgets.rs`, which lists these in its catalogue, this file is also
//! compiled into `build.rs`, so it depends only on `super::params`.

use super::{D, ParamKind, ParamSpec, SEED, WidgetSpec};

/// Most rows and columns of a simulated mesh: the Delta's 16 × 32 (the fat
/// tree gets rows × columns processors). Scheduling an all-to-all among
/// more processors would hold the page for seconds; the timeline's own cap
/// on events decides what traffic fits.
pub const MAX_ROWS: i64 = 16;
/// See [`MAX_ROWS`].
pub const MAX_COLS: i64 = 32;

const NET: ParamSpec = ParamSpec {
    key: "net",
    label: "network",
    kind: ParamKind::Choice {
        options: &["mesh", "fattree"],
        default: "mesh",
    },
};
const ROWS: ParamSpec = ParamSpec {
    key: "rows",
    label: "rows",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_ROWS,
        default: 4,
    },
};
const COLS: ParamSpec = ParamSpec {
    key: "cols",
    label: "columns",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_COLS,
        default: 4,
    },
};
const PATTERN: ParamSpec = ParamSpec {
    key: "pattern",
    label: "messages",
    kind: ParamKind::Choice {
        options: &["alltoall", "fig7", "pairs"],
        default: "alltoall",
    },
};
const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "schedule",
    kind: ParamKind::Choice {
        options: &[
            "lp", "ac", "gm", "cgm", "rs-n", "rs-nl", "ls", "ps", "bs", "gs",
        ],
        default: "lp",
    },
};
const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "bytes per message",
    kind: ParamKind::Int {
        min: 1,
        max: 16_384,
        default: 64,
    },
};
const PAIRS: ParamSpec = ParamSpec {
    key: "pairs",
    label: "pairs s:d",
    kind: ParamKind::Text { max_len: 2000 },
};
const SYNC: ParamSpec = ParamSpec {
    key: "sync",
    label: "phases",
    kind: ParamKind::Choice {
        options: &["loose", "barrier"],
        default: "loose",
    },
};
/// The network animator.
pub const NETSIM: WidgetSpec = WidgetSpec {
    name: "netsim",
    title: "Messages moving through a mesh or a fat tree, cycle by cycle",
    params: &[NET, ROWS, COLS, PATTERN, ALGO, D, SEED, BYTES, PAIRS, SYNC],
};

/// Paper 004 §3.4-3.5.
pub const CLUSTERS: WidgetSpec = WidgetSpec {
    name: "clusters",
    title: "Contention between clusters of the CM-5 (paper 004 §3.4-3.5)",
    params: &[
        ParamSpec {
            key: "exp",
            label: "message set",
            kind: ParamKind::Choice {
                options: &["ds", "ds4", "ds16", "four", "sixteen", "sixtyfour"],
                default: "four",
            },
        },
        SEED,
    ],
};

/// PEX against BEX, step by step.
pub const PEXBEX: WidgetSpec = WidgetSpec {
    name: "pexbex",
    title: "PEX against BEX on the simulated fat tree, step by step",
    params: &[
        ParamSpec {
            key: "p",
            label: "processors p",
            kind: ParamKind::Int {
                min: 4,
                max: 64,
                default: 32,
            },
        },
        ParamSpec {
            key: "bytes",
            label: "bytes per message L",
            kind: ParamKind::Int {
                min: 16,
                max: 2048,
                default: 2048,
            },
        },
        SEED,
    ],
};

/// The analytic prediction beside the simulation.
pub const PREDICT: WidgetSpec = WidgetSpec {
    name: "predict",
    title: "Prediction and simulation of one schedule, phase by phase",
    params: &[NET, ROWS, COLS, PATTERN, ALGO, D, SEED, BYTES, PAIRS],
};
