//! `redist_winner`: Figure 20's question answered with exact plans: the
//! predicted time of direct, indirect, one hybrid and multiphase against
//! the array size N at one ratio R = T_d/τ_d, and a map naming the fastest
//! of every schedule (every hybrid degree included) for each R and N.

use crate::book::figure::Figure;
use crate::book::inputs::redist::{ELEMENT_BYTES, MACHINES, MAX_PRICED, int, shape};
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::gdm::Gdm;
use crate::core::redist::winner::{Pricing, WinnerConfig, WinnerMap};
use crate::core::step::{Immediate, Stepper};

/// The machine, Figure 20's SP-2 by default.
pub const MACHINE: ParamSpec = ParamSpec {
    key: "machine",
    label: "machine",
    kind: ParamKind::Choice {
        options: MACHINES,
        default: "sp2-fig20",
    },
};

crate::settings! {
    /// The problem, the machine and the hybrid the chart draws.
    pub struct RedistWinnerSettings {
        pub k: usize = int("k", "expansion factor K", 1, MAX_PRICED, 128) => "at most 128 here (Figure 20: K = P = 128)",
        pub p: usize = int("p", "processors P", 1, MAX_PRICED, 128) => "at most 128 here (Figure 20: K = P = 128)",
        pub machine: Gdm = MACHINE => "sets T_d and the middle row's R",
        pub d: usize = int("d", "hybrid degree drawn", 1, 12, 2) => "the hybrid drawn in the chart (Figure 20: d = 2)",
    }
}

/// The winner figure.
pub struct RedistWinner;

impl RedistWinner {
    /// The hybrid degree the chart draws: the setting brought inside
    /// 1 … (indirect − 1), or `None` when K and P leave no degree strictly
    /// between direct and indirect; with a notice when it had to move.
    pub fn degree(s: &RedistWinnerSettings) -> (Option<usize>, Option<Notice>) {
        let shape = shape(s.k, s.p);
        let want = s.d.max(1);
        let top = shape.max_degree().saturating_sub(1);
        if top == 0 {
            let note = Notice(format!(
                "K = {}, P = {} leave no hybrid between direct and indirect (the indirect schedule \
                 has {} shift step{}); drawing no hybrid",
                shape.k,
                shape.p,
                shape.max_degree(),
                if shape.max_degree() == 1 { "" } else { "s" }
            ));
            (None, Some(note))
        } else if want > top {
            let note = Notice(format!(
                "d = {want}: hybrids for K = {}, P = {} run from d = 1 to {top} (d = {} is the \
                 indirect schedule); using d = {top}",
                shape.k,
                shape.p,
                top + 1
            ));
            (Some(top), Some(note))
        } else {
            (Some(want), None)
        }
    }
}

impl Figure for RedistWinner {
    const TITLE: &'static str = "Which schedule wins as T_d/τ_d changes (Figure 20's question)";
    const UNIT: &'static str = "ratio";
    type Settings = RedistWinnerSettings;
    /// The map does not depend on the hybrid drawn.
    type Key = WinnerConfig;
    type Output = WinnerMap;

    fn key(s: &RedistWinnerSettings) -> (WinnerConfig, Vec<Notice>) {
        let shape = shape(s.k, s.p);
        let config = WinnerConfig {
            k: shape.k,
            p: shape.p,
            b: ELEMENT_BYTES,
            gdm: s.machine,
        };
        (config, Self::degree(s).1.into_iter().collect())
    }

    fn compute(config: &WinnerConfig) -> Box<dyn Stepper<Output = WinnerMap>> {
        let config = *config;
        match Pricing::new(config) {
            Ok(p) => Box::new(p),
            Err(_) => Box::new(Immediate::new(move || WinnerMap {
                config,
                ns: Vec::new(),
                contenders: Vec::new(),
            })),
        }
    }

    fn steps(m: &WinnerMap) -> usize {
        if m.contenders.is_empty() { 0 } else { m.rows() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(k: usize, p: usize, d: usize) -> RedistWinnerSettings {
        RedistWinnerSettings {
            k,
            p,
            machine: Gdm::SP2_FIG20,
            d,
        }
    }

    #[test]
    fn the_degree_drawn_stays_between_direct_and_indirect() {
        let (w, notices) = RedistWinner::key(&settings(128, 128, 2));
        assert!(notices.is_empty());
        assert_eq!((w.k, w.p, w.gdm), (128, 128, Gdm::SP2_FIG20));
        assert_eq!(RedistWinner::degree(&settings(128, 128, 2)).0, Some(2));
        let (d, note) = RedistWinner::degree(&settings(6, 9, 9));
        assert_eq!(d, Some(2));
        assert!(note.unwrap().0.contains("d = 3 is the indirect schedule"));
        assert_eq!(RedistWinner::degree(&settings(5, 7, 2)), (Some(2), None));
        let (d, note) = RedistWinner::degree(&settings(2, 3, 2));
        assert_eq!(d, None);
        assert!(note.unwrap().0.contains("no hybrid"));
    }
}
