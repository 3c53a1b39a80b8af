//! The catalogue of widgets a chapter may place with a ```` ```widget NAME ````
//! block, and the parameters each accepts.
//!
//! Like `params.rs`, this file is also compiled into `build.rs`, which
//! rejects chapters that name an unknown widget or give a bad default, so it
//! depends only on `super::params`.

use super::params::{ParamKind, ParamSpec};

#[path = "sim_specs.rs"]
pub mod sim_specs;

/// Largest n the matrix widgets accept: above this a trace of the whole
/// construction no longer fits comfortably in a browser tab.
pub const MAX_BROWSER_N: i64 = 1024;

/// A widget kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WidgetSpec {
    /// The name after ```` ```widget ````, in URLs (`#/embed/NAME`) and in code.
    pub name: &'static str,
    /// A heading for the embed view and the widget's frame.
    pub title: &'static str,
    pub params: &'static [ParamSpec],
}

const N: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: MAX_BROWSER_N,
        default: 16,
    },
};
const D: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_BROWSER_N - 1,
        default: 4,
    },
};
const SEED: ParamSpec = ParamSpec {
    key: "seed",
    label: "seed",
    kind: ParamKind::Int {
        min: 0,
        max: 4_294_967_295,
        default: 1,
    },
};
const SWAP: ParamSpec = ParamSpec {
    key: "swap",
    label: "swap",
    kind: ParamKind::Choice {
        options: &["both", "rows", "cols"],
        default: "both",
    },
};
/// Cells the reader toggled after generation, as `i.j` items joined by `,`.
const FLIP: ParamSpec = ParamSpec {
    key: "flip",
    label: "edited cells",
    kind: ParamKind::Text { max_len: 4000 },
};

/// Every widget the book knows.
pub const WIDGETS: &[WidgetSpec] = &[
    WidgetSpec {
        name: "com",
        title: "The communication matrix COM (Figure 7 generator)",
        params: &[N, D, SEED, SWAP, FLIP],
    },
    WidgetSpec {
        name: "lp",
        title: "Linear permutation (LP), step by step",
        params: &[N, D, SEED, SWAP, FLIP],
    },
    WidgetSpec {
        name: "cost",
        title: "The τ + Mφ model against the CM-5 (Table 1 of paper 000)",
        params: &[TAU, BW],
    },
    // Chapters 2 and 3 (paper 000: compaction, GM and CGM, Table 4, eqs. 5-6).
    WidgetSpec {
        name: "ccom",
        title: "COM → CCOM: the compaction of Figure 5",
        params: &[N_TABLE, D, SEED, SWAP, SHUFFLE, FLIP],
    },
    WidgetSpec {
        name: "gmcgm",
        title: "GM and CGM on one matrix, on one clock",
        params: &[N_TABLE, D_GM, SEED, SWAP, SCAN, SHUFFLE, FLIP],
    },
    WidgetSpec {
        name: "phases",
        title: "Permutations against density: Table 4 recomputed",
        params: &[
            ParamSpec {
                key: "n",
                label: "processors n",
                kind: ParamKind::Choice {
                    options: &["32", "128", "512"],
                    default: "32",
                },
            },
            ParamSpec {
                key: "samples",
                label: "matrices per density",
                kind: ParamKind::Int {
                    min: 1,
                    max: 300,
                    default: 20,
                },
            },
            ParamSpec {
                key: "gm",
                label: "also run GM",
                kind: ParamKind::Choice {
                    options: &["off", "zero", "after-row", "both"],
                    default: "both",
                },
            },
            ParamSpec {
                key: "plot",
                label: "plot",
                kind: ParamKind::Choice {
                    options: &["phases", "extra", "work"],
                    default: "phases",
                },
            },
        ],
    },
    WidgetSpec {
        name: "breakeven",
        title: "When CGM beats LP: equations 5 and 6",
        params: &[
            ParamSpec {
                key: "n",
                label: "processors n",
                kind: ParamKind::Int {
                    min: 2,
                    max: 4096,
                    default: 32,
                },
            },
            TAU,
            BW,
            constant("c1", "C1 (LP's data term)", 0.0, 100.0),
            constant("c2", "C2 (µs per d·n·ln d)", 0.001, 10_000.0),
            constant("c3", "C3 (CGM's permutations)", 0.0, 100.0),
            ParamSpec {
                key: "reuse",
                label: "schedule used r times",
                kind: ParamKind::Int {
                    min: 1,
                    max: 1_000_000,
                    default: 1,
                },
            },
        ],
    },
    // Chapters 6 and 7 (paper 001): mesh collectives and balanced permutations.
    WidgetSpec {
        name: "scatter",
        title: "One-to-all on a mesh, superstep by superstep",
        params: &[SCATTER_ALGO, ROWS, COLS, ROOT, SCATTER_GAMMA, BYTES],
    },
    WidgetSpec {
        name: "scatter5",
        title: "Five scatters side by side",
        params: &[ROWS, COLS, ROOT, SCATTER_GAMMA, BYTES],
    },
    WidgetSpec {
        name: "delta",
        title: "Set-ups and time on the Delta model (Figures 2, 5 and 6 of paper 001)",
        params: &[
            ParamSpec {
                key: "figure",
                label: "figure",
                kind: ParamKind::Choice {
                    options: &["2", "5", "6"],
                    default: "2",
                },
            },
            ParamSpec {
                key: "mesh",
                label: "mesh",
                kind: ParamKind::Choice {
                    options: &["4x4", "4x8", "8x8", "8x16", "16x16", "16x32"],
                    default: "16x16",
                },
            },
        ],
    },
    WidgetSpec {
        name: "gather",
        title: "All-to-one: the mirror image of a scatter",
        params: &[GATHER_ALGO, ROWS, COLS, ROOT, GATHER_GAMMA, BYTES],
    },
    WidgetSpec {
        name: "tournament",
        title: "Balanced permutations of a k-processor array, round by round",
        params: &[ParamSpec {
            key: "k",
            label: "processors k",
            kind: ParamKind::Int {
                min: 1,
                max: 32,
                default: 8,
            },
        }],
    },
    WidgetSpec {
        name: "cross",
        title: "The cross product of balanced permutations on a mesh",
        params: &[
            ROWS,
            ParamSpec {
                key: "cols",
                label: "columns C",
                kind: ParamKind::Int {
                    min: 2,
                    max: 16,
                    default: 8,
                },
            },
        ],
    },
    // Chapter 9: block-cyclic redistribution (paper 003).
    WidgetSpec {
        name: "redist",
        title: "Table conversion S → S′ → R′ → R (paper 003)",
        params: &[
            redist::int("k", "expansion factor K", 1, redist::MAX_TABLE, 6),
            redist::int("p", "processors P", 1, redist::MAX_TABLE, 9),
            redist::choice(
                "schedule",
                "schedule",
                &["direct", "indirect", "hybrid", "multiphase"],
            ),
            redist::int("d", "hybrid degree d", 0, 12, 1),
            redist::choice("dir", "direction", &["up", "down"]),
            redist::choice(
                "show",
                "right table shows",
                &["dest", "source", "start-slot", "end-slot"],
            ),
        ],
    },
    WidgetSpec {
        name: "redist_sweep",
        title: "Steps and predicted times as K varies (GDM model)",
        params: &[
            redist::int("p", "processors P", 2, redist::MAX_PRICED, 64),
            redist::int(
                "n",
                "array elements N (4 bytes each)",
                1,
                1_000_000_000,
                400_000,
            ),
            redist::MACHINE,
        ],
    },
    WidgetSpec {
        name: "redist_winner",
        title: "Which schedule wins as T_d/τ_d changes (Figure 20's question)",
        params: &[
            redist::int("k", "expansion factor K", 1, redist::MAX_PRICED, 128),
            redist::int("p", "processors P", 1, redist::MAX_PRICED, 128),
            ParamSpec {
                key: "machine",
                label: "machine",
                kind: ParamKind::Choice {
                    options: redist::MACHINES,
                    default: "sp2-fig20",
                },
            },
            redist::int("d", "hybrid degree drawn", 1, 12, 2),
        ],
    },
    WidgetSpec {
        name: "links",
        title: "Link loads of linear, XOR and balanced permutations",
        params: &[ROWS, COLS],
    },
    sim_specs::NETSIM,
    sim_specs::CLUSTERS,
    sim_specs::PEXBEX,
    sim_specs::PREDICT,
];

/// n for the figures that print CCOM as numbers or trace GM probe by probe.
const N_TABLE: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: 128,
        default: 16,
    },
};
/// d for the GM/CGM figure: GM's trace at n = 128, d = 64 has 226 000 steps.
const D_GM: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: 64,
        default: 4,
    },
};
const SHUFFLE: ParamSpec = ParamSpec {
    key: "shuffle",
    label: "Random_Swap",
    kind: ParamKind::Choice {
        options: &["on", "off"],
        default: "on",
    },
};
const SCAN: ParamSpec = ParamSpec {
    key: "scan",
    label: "GM scans row x from",
    kind: ParamKind::Choice {
        options: &["zero", "after-row"],
        default: "zero",
    },
};
const TAU: ParamSpec = ParamSpec {
    key: "tau",
    label: "τ (µs)",
    kind: ParamKind::Number {
        min: 0.0,
        max: 5000.0,
        default: None,
    },
};
const BW: ParamSpec = ParamSpec {
    key: "bw",
    label: "bandwidth 1/φ (MB/s)",
    kind: ParamKind::Number {
        min: 0.01,
        max: 100_000.0,
        default: None,
    },
};

/// A model constant that defaults to its fitted value.
const fn constant(key: &'static str, label: &'static str, min: f64, max: f64) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Number {
            min,
            max,
            default: None,
        },
    }
}

/// Parameters of the redistribution figures (chapter 9).
#[path = "redist_specs.rs"]
pub mod redist;

/// Looks a widget up by name.
pub fn find(name: &str) -> Option<&'static WidgetSpec> {
    WIDGETS.iter().find(|w| w.name == name)
}

/// The widget names, for messages.
pub fn names() -> Vec<&'static str> {
    WIDGETS.iter().map(|w| w.name).collect()
}

// Settings of the mesh figures (chapters 6 and 7). Meshes stop at 16×32,
// the Intel Delta's own shape: 512 processors keep every trace and drawing
// of these figures well under a tenth of a second.
const ROWS: ParamSpec = ParamSpec {
    key: "rows",
    label: "rows R",
    kind: ParamKind::Int {
        min: 1,
        max: 16,
        default: 4,
    },
};
const COLS: ParamSpec = ParamSpec {
    key: "cols",
    label: "columns C",
    kind: ParamKind::Int {
        min: 1,
        max: 32,
        default: 4,
    },
};
const ROOT: ParamSpec = ParamSpec {
    key: "root",
    label: "root processor",
    kind: ParamKind::Int {
        min: 0,
        max: 511,
        default: 0,
    },
};
const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "message size L (bytes)",
    kind: ParamKind::Int {
        min: 1,
        max: 1_048_576,
        default: 1024,
    },
};
const SCATTER_ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "algorithm",
    kind: ParamKind::Choice {
        options: &[
            "1-lev-dir",
            "1-lev-sys-br",
            "1-lev-our-br",
            "2-lev-rec",
            "3-lev-sq",
            "logp-lev-sq",
            "logp-lev-rec",
        ],
        default: "logp-lev-rec",
    },
};
const GATHER_ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "algorithm",
    kind: ParamKind::Choice {
        options: &[
            "1-lev-dir",
            "2-lev-rec",
            "3-lev-sq",
            "logp-lev-sq",
            "logp-lev-rec",
        ],
        default: "logp-lev-rec",
    },
};
const SCATTER_GAMMA: ParamSpec = ParamSpec {
    key: "gamma",
    label: "γ (logp-lev-rec)",
    kind: ParamKind::Number {
        min: 0.5,
        max: 0.99,
        default: Some(0.75),
    },
};
const GATHER_GAMMA: ParamSpec = ParamSpec {
    key: "gamma",
    label: "γ (logp-lev-rec)",
    kind: ParamKind::Number {
        min: 0.01,
        max: 0.99,
        default: Some(0.6),
    },
};
