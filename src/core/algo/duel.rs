//! GM and CGM side by side on one matrix (paper 000, §3.3 and §4), for a
//! single player that steps both.
//!
//! The two traces are merged on one work clock ([`Lockstep`]): a step costs
//! the matrix entries it probes (GM's zeros included), and each position of
//! the merged player advances whichever algorithm has done less work so
//! far. At any position both have spent about the same effort, so the
//! reader sees what the compaction buys: CGM finishes its permutations
//! while GM is still walking over zeros in its first few. Two independent
//! players would let a reader line up any step of one with any step of the
//! other, and hide exactly that.
//!
//! What the clock leaves out: CGM first compacts COM (Figure 5), reading
//! all n² entries once in a sequential program, or d entries per processor
//! when every processor compacts its own row. [`Duel::compaction_reads`]
//! reports the sequential figure beside the counters rather than charging
//! it to the clock, as §4 keeps it apart from the iterations.
//!
//! Both algorithms get the same seed. GM draws only its start rows; CGM
//! draws `Random_Swap` first and then its start rows, so the two start
//! their iterations at different rows.
//!
//! ```
//! use commbook_core::algo::duel::{self, DuelConfig};
//! use commbook_core::com::fig7::Fig7Config;
//! let com = Fig7Config::new(16, 4, 1).generate().unwrap();
//! let d = duel::run(&com, &DuelConfig::new(1));
//! assert_eq!(d.len(), d.gm.trace.len() + d.cgm.iterations.len());
//! let (gm, cgm) = d.states(d.len());
//! assert_eq!((gm.sent, cgm.sent), (com.len(), com.len()));
//! assert!(gm.probes > cgm.probes);                  // GM visits the zeros
//! ```

use super::ccom::RowOrder;
use super::cgm::{self, CgmEvent, CgmState, CgmTrace};
use super::gm::{self, GmEvent, GmState, GmTrace, Scan};
use crate::com::Com;
use crate::lockstep::{Lockstep, Side, step_work};

/// How the two algorithms run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// Seed of both algorithms' random draws.
    pub seed: u64,
    /// Where GM starts scanning each row.
    pub scan: Scan,
    /// Whether CGM shuffles CCOM's rows (`Random_Swap`).
    pub order: RowOrder,
}

impl DuelConfig {
    /// Figure 4 and Figure 6 as printed, with `seed`.
    pub fn new(seed: u64) -> Self {
        DuelConfig {
            seed,
            scan: Scan::FromZero,
            order: RowOrder::Shuffled,
        }
    }
}

/// Both recorded runs and the clock that merges them.
#[derive(Clone, Debug)]
pub struct Duel {
    /// GM on the matrix (side A of the clock).
    pub gm: GmTrace,
    /// CGM on the same matrix (side B); its compaction trace is not stepped.
    pub cgm: CgmTrace,
    /// The merged order of the two iteration traces.
    pub clock: Lockstep,
    n: usize,
}

/// Runs and records both algorithms on `com`.
pub fn run(com: &Com, cfg: &DuelConfig) -> Duel {
    let gm = gm::trace(com, cfg.scan, cfg.seed);
    let cgm = cgm::trace_ordered(com, cfg.seed, cfg.order);
    let clock = Lockstep::by_work(
        &step_work(&gm.trace, GmEvent::probes),
        &step_work(&cgm.iterations, CgmEvent::probes),
    );
    Duel {
        gm,
        cgm,
        clock,
        n: com.n(),
    }
}

impl Duel {
    /// Positions of the merged player.
    pub fn len(&self) -> usize {
        self.clock.len()
    }

    /// True when neither algorithm took a step (an empty matrix still has
    /// none: both end at once).
    pub fn is_empty(&self) -> bool {
        self.clock.is_empty()
    }

    /// The two states at merged position k.
    pub fn states(&self, k: usize) -> (GmState, CgmState) {
        let (a, b) = self.clock.at(k);
        (self.gm.trace.state_at(a), self.cgm.iterations.state_at(b))
    }

    /// Which algorithm took merged step k.
    pub fn mover(&self, k: usize) -> Option<Side> {
        self.clock.mover(k)
    }

    /// Entries of COM that CGM's compaction reads before its first
    /// iteration, in a sequential program: n².
    pub fn compaction_reads(&self) -> u64 {
        (self.n * self.n) as u64
    }

    /// One sentence for merged step k: the step of the algorithm that moved,
    /// and a note when that step was its last.
    pub fn caption(&self, k: usize) -> String {
        let (a, b) = self.clock.at(k);
        match self.mover(k) {
            None => "Both start from the same matrix: GM scans COM itself, CGM the compacted \
                     CCOM. Each step moves whichever has done less work (fewer probes) so far."
                .into(),
            Some(Side::A) => {
                let mut s = format!("GM: {}", gm::caption(self.gm.trace.events(a)));
                if a == self.gm.trace.len() {
                    s.push_str(&done("GM", &self.gm.run));
                }
                s
            }
            Some(Side::B) => {
                let mut s = format!("CGM: {}", cgm::caption(self.cgm.iterations.events(b)));
                if b == self.cgm.iterations.len() {
                    s.push_str(&done("CGM", &self.cgm.run));
                }
                s
            }
        }
    }
}

/// The note that closes an algorithm's last step.
fn done(name: &str, run: &super::Run) -> String {
    format!(
        " {name} is done: {} permutations after {} probes.",
        run.schedule.len(),
        run.probes
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;

    #[test]
    fn the_clock_interleaves_both_runs_to_their_ends() {
        let com = Fig7Config::new(32, 6, 3).generate().unwrap();
        let d = run(&com, &DuelConfig::new(5));
        assert_eq!(d.gm.run, gm::run(&com, Scan::FromZero, 5));
        assert_eq!(d.cgm.run, cgm::run(&com, 5));
        let (g, c) = d.states(d.len());
        assert_eq!(
            (g.phases, c.phases),
            (d.gm.run.schedule.len(), d.cgm.run.schedule.len())
        );
        assert_eq!((g.probes, c.probes), (d.gm.run.probes, d.cgm.run.probes));
        // At every position the one behind in work moves next, so the two
        // never differ by more than one step's work while both still run.
        let longest_gm_step = step_work(&d.gm.trace, GmEvent::probes)
            .into_iter()
            .max()
            .unwrap();
        for k in (0..d.len()).step_by(7) {
            let (g, c) = d.states(k);
            if c.sent < com.len() && g.sent < com.len() {
                assert!(
                    g.probes.abs_diff(c.probes) <= longest_gm_step,
                    "position {k}"
                );
            }
        }
        assert_eq!(d.compaction_reads(), 32 * 32);
    }

    #[test]
    fn captions_name_the_algorithm_that_moved() {
        let com = Fig7Config::new(8, 2, 1).generate().unwrap();
        let d = run(&com, &DuelConfig::new(2));
        assert!(d.caption(0).starts_with("Both start"));
        let both: Vec<String> = (1..=d.len()).map(|k| d.caption(k)).collect();
        assert!(
            both.iter()
                .all(|c| c.starts_with("GM: ") || c.starts_with("CGM: "))
        );
        assert_eq!(both.iter().filter(|c| c.contains("CGM is done")).count(), 1);
        assert!(
            both.last().unwrap().contains("GM is done"),
            "GM works longer"
        );
        // Figure 4's and Figure 6's first steps both start an iteration.
        assert!(both[0].contains("Iteration 1"), "{}", both[0]);
    }

    #[test]
    fn options_reach_both_algorithms() {
        let com = Fig7Config::new(24, 5, 2).generate().unwrap();
        let cfg = DuelConfig {
            seed: 4,
            scan: Scan::AfterRow,
            order: RowOrder::Sorted,
        };
        let d = run(&com, &cfg);
        assert_eq!(d.gm.run, gm::run(&com, Scan::AfterRow, 4));
        assert_eq!(d.cgm.run, cgm::run_ordered(&com, 4, RowOrder::Sorted));
    }

    #[test]
    fn every_iteration_is_maximal_so_2d_minus_1_phases_suffice() {
        // A message left out of an iteration shares its sender or its
        // receiver with one that was taken (its row found another free
        // receiver, or found this one taken). So each of the at most
        // 2d − 2 messages next to it must go first, one per iteration.
        for (n, d, s) in [(16, 4, 1), (24, 9, 2), (32, 16, 3), (40, 39, 4)] {
            let com = Fig7Config::new(n, d, s).generate().unwrap();
            let runs = [
                gm::run(&com, Scan::FromZero, s),
                gm::run(&com, Scan::AfterRow, s),
                cgm::run(&com, s),
                cgm::run_ordered(&com, s, RowOrder::Sorted),
            ];
            for r in runs {
                let mut left: Vec<(usize, usize)> =
                    com.messages().map(|m| (m.src, m.dst)).collect();
                for phase in &r.schedule.phases {
                    let busy = |p: usize, recv: bool| {
                        phase
                            .iter()
                            .any(|t| if recv { t.dst == p } else { t.src == p })
                    };
                    left.retain(|&(a, b)| !phase.iter().any(|t| (t.src, t.dst) == (a, b)));
                    assert!(left.iter().all(|&(a, b)| busy(a, false) || busy(b, true)));
                }
                assert!(r.schedule.len() < 2 * com.max_degree(), "n = {n}, d = {d}");
            }
        }
    }
}
