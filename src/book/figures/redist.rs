//! `redist`: one superblock's table converted from S to R (paper 003,
//! Figure 4) by the column transformations, the chosen schedule's
//! communication steps and the final unpacking, one action per step.

use crate::book::figure::Figure;
use crate::book::inputs::redist::{MAX_TABLE, SchemeName, choice, int, shape};
use crate::book::params::Notice;
use crate::core::redist::plan::Plan;
use crate::core::redist::trace::{self, RedistState};
use crate::core::redist::view::Fact;
use crate::core::redist::{Direction, Scheme, Shape, schedules};
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

crate::settings! {
    /// The problem ℜ(K, P), the schedule, and what the right table shows.
    pub struct RedistSettings {
        pub k: usize = int("k", "expansion factor K", 1, MAX_TABLE, 6) => "at most 32 here: wider tables stop being readable",
        pub p: usize = int("p", "processors P", 1, MAX_TABLE, 9) => "at most 32 here: wider tables stop being readable",
        pub schedule: SchemeName = choice("schedule", "schedule", SchemeName::WORDS),
        pub d: usize = int("d", "hybrid degree d", 0, 12, 1) => "used by the hybrid schedule only",
        pub dir: Direction = choice("dir", "direction", Direction::WORDS) => "up: cyclic(x) → cyclic(Kx); down: back again",
        pub show: Fact = choice(
            "show",
            "right table shows",
            Fact::WORDS,
        ) => "dest reads as P, then Ps; start-slot as Ds; source and end-slot as Pr and Dr at R′",
    }
}

/// The table-conversion figure.
pub struct Redist;

/// What the figure computes: one plan and its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableKey {
    pub shape: Shape,
    pub scheme: Scheme,
    pub direction: Direction,
}

/// A plan and its trace.
pub struct TableRun {
    pub plan: Plan,
    pub trace: Trace<RedistState>,
}

impl Figure for Redist {
    const TITLE: &'static str = "Table conversion S → S′ → R′ → R (paper 003)";
    type Settings = RedistSettings;
    type Key = TableKey;
    type Output = TableRun;

    /// A hybrid degree above the indirect schedule's shift steps is
    /// lowered to them, with a notice.
    fn key(s: &RedistSettings) -> (TableKey, Vec<Notice>) {
        let shape = shape(s.k, s.p);
        let mut notices = Vec::new();
        let max = shape.max_degree();
        if s.schedule == SchemeName::Hybrid && s.d > max {
            notices.push(Notice(format!(
                "d = {} is more than the {max} shift step{} of the indirect schedule for \
                 K = {}, P = {} (⌈log K′⌉ + ⌈log G⌉); using d = {max}",
                s.d,
                if max == 1 { "" } else { "s" },
                shape.k,
                shape.p
            )));
        }
        let key = TableKey {
            shape,
            scheme: s.schedule.scheme(s.d.min(max)),
            direction: s.dir,
        };
        (key, notices)
    }

    fn compute(k: &TableKey) -> Box<dyn Stepper<Output = TableRun>> {
        let k = *k;
        Box::new(Immediate::new(move || {
            let plan = schedules::plan(&k.shape, k.scheme, k.direction);
            let trace = trace::record(&plan);
            TableRun { plan, trace }
        }))
    }

    fn steps(r: &TableRun) -> usize {
        r.trace.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::pairs;
    use crate::book::figures::checks::run;


    #[test]
    fn a_hybrid_degree_beyond_the_shift_steps_is_lowered() {
        let s = RedistSettings {
            k: 6,
            p: 9,
            schedule: SchemeName::Hybrid,
            d: 7,
            dir: Direction::Down,
            show: Fact::EndSlot,
        };
        let (key, notices) = Redist::key(&s);
        assert_eq!(key.shape, Shape::new(6, 9).unwrap());
        assert_eq!((key.scheme, key.direction), (Scheme::Hybrid(3), Direction::Down));
        assert!(notices[0].0.starts_with("d = 7 is more than the 3 shift steps"));
        assert!(run::<Redist>(&pairs(&[])).steps > 0);
    }
}
