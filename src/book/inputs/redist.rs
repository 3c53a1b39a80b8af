//! What chapter 9's redistribution figures share (paper 003): the limits
//! on K and P, the shape they make, the machine of the GDM model, and the
//! schedule named in a link.

use crate::book::params::{ParamKind, ParamSpec};
use crate::core::redist::view::Fact;
use crate::core::redist::{Scheme, Shape};

/// Largest K and P of the table figure: wider tables stop being
/// readable, and the trace of a direct schedule has K steps.
pub const MAX_TABLE: u64 = 32;
/// Largest K and P of the priced figures: every K prices every
/// schedule's exact plan, about a second in the browser at P = 128.
pub const MAX_PRICED: u64 = 128;
/// Bytes per array element in the priced figures (Figure 20's 4).
pub const ELEMENT_BYTES: u64 = 4;

/// The GDM presets (`core::cost::gdm::Gdm::PRESETS`).
pub const MACHINES: &[&str] = &crate::core::cost::gdm::Gdm::WORDS;
/// The machine, the SP-2 of §5 by default.
pub const MACHINE: ParamSpec = ParamSpec {
    key: "machine",
    label: "machine",
    kind: ParamKind::Choice {
        options: MACHINES,
        default: "sp2",
    },
};

/// A whole-number setting (declared as a command's whole-number option is).
pub use crate::api::options::whole as int;

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

/// The shape ℜ(K, P); the ranges keep it valid, and the worked example
/// ℜ(6, 9) stands in should a caller pass anything else.
pub fn shape(k: usize, p: usize) -> Shape {
    Shape::new(k.max(1), p.max(1))
        .or_else(|_| Shape::new(6, 9))
        .expect("ℜ(6, 9) is valid")
}

crate::core::keyword_enum! {
    /// The schedule a link names (a hybrid's degree is a setting of its own).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SchemeName {
        Direct = "direct",
        Indirect = "indirect",
        Hybrid = "hybrid",
        Multiphase = "multiphase",
    }
}

impl SchemeName {
    /// The core's scheme, with hybrid degree `d`.
    pub fn scheme(self, d: usize) -> Scheme {
        match self {
            SchemeName::Direct => Scheme::Direct,
            SchemeName::Indirect => Scheme::Indirect,
            SchemeName::Hybrid => Scheme::Hybrid(d),
            SchemeName::Multiphase => Scheme::Multiphase,
        }
    }
}

crate::keyword_settings!(whole: SchemeName, Fact);
