//! `pexbex`: PEX against BEX (paper 004 §4) on the simulated fat tree,
//! one exchange step at a time, with the contention model beside them.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::book::reports::{Report, pexbex_report};
use crate::core::sim::exchange;
use crate::core::step::{Stepper, map};

/// Processors: every step is simulated.
pub const P: ParamSpec = ParamSpec {
    key: "p",
    label: "processors p",
    kind: ParamKind::Int {
        min: 4,
        max: 64,
        default: 32,
    },
};
/// Bytes per message.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "bytes per message L",
    kind: ParamKind::Int {
        min: 16,
        max: 2048,
        default: 2048,
    },
};

crate::settings! {
    /// The exchange.
    pub struct PexbexSettings {
        pub p: usize = P => "a power of two, at most 64: every step is simulated",
        pub bytes: u64 = BYTES => "at most 2048 in the browser",
        pub seed: u64 = SEED,
    }
}

/// PEX against BEX.
pub struct Pexbex;

/// The exchange simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PexbexKey {
    pub p: usize,
    pub bytes: u64,
    pub seed: u64,
}

impl Figure for Pexbex {
    const TITLE: &'static str = "PEX against BEX on the simulated fat tree, step by step";
    type Settings = PexbexSettings;
    type Key = PexbexKey;
    type Output = Report;

    /// Paper 004 defines PEX and BEX (j ⊕ i) and their contention model
    /// for powers of two only: another p is lowered to one, with a notice.
    fn key(s: &PexbexSettings) -> (PexbexKey, Vec<Notice>) {
        let (p, bytes) = (s.p.max(2), s.bytes.max(1));
        let mut notes = Vec::new();
        let p = if p.is_power_of_two() {
            p
        } else {
            let down = 1 << p.ilog2();
            notes.push(Notice(format!(
                "p = {p} is not a power of two, which PEX, BEX and paper 004's model need; using p = {down}"
            )));
            down
        };
        let seed = s.seed;
        (PexbexKey { p, bytes, seed }, notes)
    }

    fn compute(x: &PexbexKey) -> Box<dyn Stepper<Output = Report>> {
        Box::new(map(exchange::run(x.p, x.bytes, x.seed), |s| {
            pexbex_report(&s)
        }))
    }

    fn steps(r: &Report) -> usize {
        r.steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pex_and_bex_take_a_power_of_two() {
        let s = PexbexSettings {
            p: 48,
            bytes: 64,
            seed: 1,
        };
        let (k, notes) = Pexbex::key(&s);
        assert_eq!(k.p, 32);
        assert!(notes[0].0.contains("not a power of two"), "{notes:?}");
        let r = crate::core::step::run(Pexbex::compute(&PexbexKey { p: 8, ..k }));
        assert_eq!((r.steps(), r.charts.len()), (7, 2));
        // The charts mark where the player is: step i of the exchange.
        assert_eq!((r.x_at(0), r.x_at(3), r.x_at(8)), (None, Some(3.0), None));
    }
}
