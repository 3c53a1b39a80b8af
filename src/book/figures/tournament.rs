//! `tournament`: balanced permutations of a k-processor array built round
//! by round (paper 001, §5.1): each round's matches become cycles, the
//! cycles one permutation and their reverses another, and the closing
//! permutations finish the family.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::mesh::tournament_view::{TournamentState, record};
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

/// Processors of the array.
pub const K: ParamSpec = ParamSpec {
    key: "k",
    label: "processors k",
    kind: ParamKind::Int {
        min: 1,
        max: 32,
        default: 8,
    },
};

crate::settings! {
    /// The array's length.
    pub struct TournamentSettings {
        pub k: usize = K => "at most 32; try 6, 7 or 9 for the dummy player and the middle processor",
    }
}

/// The tournament figure.
pub struct Tournament;

impl Figure for Tournament {
    const TITLE: &'static str = "Balanced permutations of a k-processor array, round by round";
    const UNIT: &'static str = "round";
    type Settings = TournamentSettings;
    type Key = usize;
    type Output = Trace<TournamentState>;

    fn key(s: &TournamentSettings) -> (usize, Vec<Notice>) {
        (s.k.max(1), Vec::new())
    }

    fn compute(k: &usize) -> Box<dyn Stepper<Output = Trace<TournamentState>>> {
        let k = *k;
        Box::new(Immediate::new(move || record(k)))
    }

    fn steps(t: &Trace<TournamentState>) -> usize {
        t.len()
    }
}
