//! Parameters of the redistribution figures (chapter 9), and the helpers
//! their catalogue entries are written with.
//!
//! Like `widgets.rs`, this file is also compiled into `build.rs`, so it
//! depends only on `super::params`.

use super::{ParamKind, ParamSpec};

/// Largest K and P of the table figure: wider tables stop being
/// readable, and the trace of a direct schedule has K steps.
pub const MAX_TABLE: i64 = 32;
/// Largest K and P of the priced figures: every K prices every
/// schedule's exact plan, about a second in the browser at P = 128.
pub const MAX_PRICED: i64 = 128;
/// The GDM presets (`core::cost::gdm::Gdm::PRESETS`).
pub const MACHINES: &[&str] = &["sp2", "t3d", "sp2-fig20", "modern"];
/// The machine, the SP-2 of §5 by default.
pub const MACHINE: ParamSpec = ParamSpec {
    key: "machine",
    label: "machine",
    kind: ParamKind::Choice {
        options: MACHINES,
        default: "sp2",
    },
};

/// A whole-number parameter.
pub const fn int(
    key: &'static str,
    label: &'static str,
    min: i64,
    max: i64,
    default: i64,
) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Int { min, max, default },
    }
}

/// A choice whose first option is the default.
pub const fn choice(
    key: &'static str,
    label: &'static str,
    options: &'static [&'static str],
) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Choice {
            options,
            default: options[0],
        },
    }
}
