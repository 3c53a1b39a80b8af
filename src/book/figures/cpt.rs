//! `cpt`: NICE's communication phase table (paper 002, §4.1, Figures 8-9)
//! for one processor: per phase, whom it sends to and how much, from where
//! in the outgoing message (`s_partner`, `s_len`, `s_offset`), and whom it
//! receives from, how much, and where in the incoming message the piece
//! lands (`r_partner`, `r_len`, `r_offset`). The player walks the phases;
//! a row of the table opens its phase.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::inputs::nice::{D, MAX, N, NiceMatrix, UNIT, variant};
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::Algo;
use crate::core::algo::rs::{self, RsVariant};
use crate::core::com::Com;
use crate::core::schedule::{Schedule, Transfer};
use crate::core::step::{Immediate, Stepper};
use std::rc::Rc;

/// The schedulers whose tables are shown (RS_NH by default: its split
/// messages are what the offsets are for).
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "scheduler",
    kind: ParamKind::Choice {
        options: &[
            crate::core::algo::Algo::RsNh.word(),
            crate::core::algo::Algo::RsN.word(),
            crate::core::algo::Algo::RsNl.word(),
            crate::core::algo::Algo::RsNlh.word(),
        ],
        default: crate::core::algo::Algo::RsNh.word(),
    },
};
/// The processor whose table is shown.
pub const PROC: ParamSpec = ParamSpec {
    key: "proc",
    label: "processor",
    kind: ParamKind::Int {
        min: 0,
        max: 63,
        default: 0,
    },
};

crate::settings! {
    /// The matrix, the scheduler and the processor.
    pub struct CptSettings {
        pub algo: Algo = ALGO,
        pub proc: usize = PROC => "0 to n − 1: the processor whose table is shown",
        pub n: usize = N => "at most 64 here",
        pub d: usize = D,
        pub max: u64 = MAX,
        pub unit: u64 = UNIT,
        pub seed: u64 = SEED,
    }
}

/// The phase-table figure.
pub struct Cpt;

/// One row of a processor's CPT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CptRow {
    /// `(s_partner, s_len, s_offset)`, if the processor sends.
    pub send: Option<(usize, u64, u64)>,
    /// `(r_partner, r_len, r_offset)`, if it receives.
    pub receive: Option<(usize, u64, u64)>,
}

/// The schedule the tables are read from.
pub struct CptRun {
    pub com: Rc<Com>,
    pub variant: RsVariant,
    /// The schedule, or why the scheduler refused.
    pub schedule: Result<Schedule, String>,
}

impl CptRun {
    /// Processor `p`'s table, one row per phase.
    pub fn table(&self, p: usize) -> Vec<CptRow> {
        let Ok(s) = &self.schedule else {
            return Vec::new();
        };
        s.phases
            .iter()
            .map(|phase| {
                let mut row = CptRow::default();
                for t in phase {
                    let Transfer {
                        src,
                        dst,
                        bytes,
                        offset,
                    } = *t;
                    if src == p && row.send.is_none() {
                        row.send = Some((dst, bytes, offset));
                    }
                    if dst == p && row.receive.is_none() {
                        row.receive = Some((src, bytes, offset));
                    }
                }
                row
            })
            .collect()
    }

    /// The pieces of the message `src` → `dst`: (phase, offset, bytes).
    pub fn pieces(&self, src: usize, dst: usize) -> Vec<(usize, u64, u64)> {
        let Ok(s) = &self.schedule else {
            return Vec::new();
        };
        s.phases
            .iter()
            .enumerate()
            .flat_map(|(k, ph)| {
                ph.iter()
                    .filter(|t| (t.src, t.dst) == (src, dst))
                    .map(move |t| (k, t.offset, t.bytes))
            })
            .collect()
    }
}

impl Figure for Cpt {
    const TITLE: &'static str = "The communication phase table of one processor (NICE, paper 002 §4.1)";
    const UNIT: &'static str = "phase";
    type Settings = CptSettings;
    type Key = (NiceMatrix, RsVariant);
    type Output = CptRun;

    /// The processor only chooses which table is shown; one outside the
    /// matrix is processor 0, with a notice.
    fn key(s: &CptSettings) -> ((NiceMatrix, RsVariant), Vec<Notice>) {
        let (matrix, mut notices) = NiceMatrix::check(s.n, s.d, s.max, s.unit, s.seed);
        if s.proc >= matrix.0.n {
            notices.push(Notice(format!(
                "processor {} is not one of the {} processors (0 to {}); showing processor 0",
                s.proc,
                matrix.0.n,
                matrix.0.n - 1
            )));
        }
        ((matrix, variant(s.algo)), notices)
    }

    fn compute(&(matrix, v): &(NiceMatrix, RsVariant)) -> Box<dyn Stepper<Output = CptRun>> {
        Box::new(Immediate::new(move || {
            let com = matrix.generate();
            let schedule = rs::schedule(&com, &matrix.config(v))
                .map(|o| o.schedule)
                .map_err(|e| e.to_string());
            CptRun {
                com: Rc::new(com),
                variant: v,
                schedule,
            }
        }))
    }

    fn steps(r: &CptRun) -> usize {
        r.schedule.as_ref().map_or(0, Schedule::len)
    }
}

impl Cpt {
    /// The processor shown: the setting, or 0 when it is not a processor.
    pub fn processor(s: &CptSettings) -> usize {
        if s.proc < s.n.max(2) { s.proc } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_of_a_split_message_tile_it() {
        let s = CptSettings {
            algo: Algo::RsNh,
            proc: 3,
            n: 16,
            d: 4,
            max: 10,
            unit: 64,
            seed: 2,
        };
        let run = crate::core::step::run(Cpt::compute(&Cpt::key(&s).0));
        let rows = run.table(3);
        assert_eq!(rows.len(), Cpt::steps(&run));
        // Every message sent by 3 is covered, piece after piece.
        for (dst, bytes) in run.com.row(3) {
            let pieces = run.pieces(3, dst);
            let mut at = 0;
            for (_, offset, len) in &pieces {
                assert_eq!(*offset, at);
                at += len;
            }
            assert_eq!(at, bytes);
        }
        assert!(rows.iter().any(|r| r.send.is_some_and(|s| s.2 > 0)), "something was split");
    }
}
