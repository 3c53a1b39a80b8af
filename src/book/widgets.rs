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
        params: &[
            ParamSpec {
                key: "tau",
                label: "τ (µs)",
                kind: ParamKind::Number {
                    min: 0.0,
                    max: 5000.0,
                    default: None,
                },
            },
            ParamSpec {
                key: "bw",
                label: "bandwidth 1/φ (MB/s)",
                kind: ParamKind::Number {
                    min: 0.01,
                    max: 100_000.0,
                    default: None,
                },
            },
        ],
    },
    sim_specs::NETSIM,
    sim_specs::CLUSTERS,
    sim_specs::PEXBEX,
    sim_specs::PREDICT,
];

/// Looks a widget up by name.
pub fn find(name: &str) -> Option<&'static WidgetSpec> {
    WIDGETS.iter().find(|w| w.name == name)
}

/// The widget names, for messages.
pub fn names() -> Vec<&'static str> {
    WIDGETS.iter().map(|w| w.name).collect()
}
