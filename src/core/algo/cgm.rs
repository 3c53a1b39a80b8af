//! Compact global masking, CGM (paper 000, §4, Figure 6): the iterations
//! over CCOM that decompose COM into partial permutations.
//!
//! After [`super::ccom`] has compacted COM, each iteration (one permutation)
//! does:
//! 1. set `sendl` and `recvl` to −1 and pick a random start row x;
//! 2. visit the n rows x, x + 1, … (mod n); in row x look along
//!    `CCOM(x, 0..=pvt(x))` for the first entry y whose receiver is free
//!    (`recvl(y) = −1`), claim it (`sendl(x) = y`, `recvl(y) = x`), and fill
//!    the hole it leaves with the row's last active entry:
//!    `CCOM(x, z) = CCOM(x, pvt(x))`, `CCOM(x, pvt(x)) = −1`, `pvt(x) −= 1`;
//! 3. send the permutation `sendl`.
//!
//! until every message is sent. The active part of each row therefore stays
//! contiguous and is never walked past, so an iteration costs about
//! n ln d + n probes instead of GM's n² (eq. 1), and the paper expects about
//! d + log₂ d iterations (eq. 4). Table 4 reproduces (see
//! `tests/repro_000.rs`).
//!
//! Probe counting, as §4 counts "tries": one probe per active CCOM entry
//! examined. A row that finds a free receiver at column z pays z + 1; a row
//! whose receivers are all taken pays `pvt(x) + 1`; an empty row pays
//! nothing (the −1 cells are never touched). So the first iteration of a
//! d-regular matrix costs about Σ min(n / (n − j), d) ≈ n ln d + n.
//!
//! Choices where the paper is open:
//! - One seeded [`Rng`] drives both `Random_Swap` (first, row by row) and the
//!   start rows (one draw per iteration); a seed fixes the whole run.
//! - A self-message `COM(i, i)` is an entry like any other (see
//!   [`super::masking`]).
//! - The trace has one step per probe so a reader can watch the search:
//!   a step that finds a free receiver also holds the claim and the hole
//!   filled from `pvt`; a row whose last probe collides gives up in that
//!   step; rows with nothing left are noted in the next step (they cost no
//!   probe). Each iteration also has a start step and an end step that
//!   shows the permutation. That is about 2 500 steps for n = 64, d = 16,
//!   12 000 for n = 128, d = 32 and 60 000 for n = 256, d = 64 (built in
//!   milliseconds; [`run`] is the fast path without a trace).
//!
//! ```
//! use commbook_core::{algo::cgm, com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 1, 1, 0],
//!     vec![1, 0, 1, 0],
//!     vec![0, 0, 0, 1],
//!     vec![1, 1, 0, 0],
//! ]).unwrap();
//! let run = cgm::run(&com, 5);
//! assert!(run.schedule.len() >= 2);                // rows send 2: at least 2 permutations
//! assert!(verify(&com, &run.schedule, None).is_ok());
//! let t = cgm::trace(&com, 5);
//! assert_eq!(t.run, run);                          // the trace is of the same run
//! assert!(t.iterations.final_state().pvt.iter().all(|&p| p == -1));
//! ```

use super::Run;
use super::ccom::{Ccom, CcomState, RowOrder};
pub use super::cgm_events::{CgmEvent, CgmState, caption};
use super::masking::{Masks, NONE, RowSearch, iterate};
use super::sink::{Off, Sink};
use crate::com::Com;
use crate::rng::Rng;
use crate::trace::{Recorder, Trace, snapshot_every};

/// Figure 6, step 2(c): search row x of CCOM from column 0 to `pvt(x)`.
impl RowSearch<CgmEvent> for Ccom {
    #[inline(always)]
    fn visit<K: Sink<CgmEvent>>(&mut self, masks: &mut Masks, x: usize, sink: &mut K) -> u64 {
        let len = self.len[x] as usize;
        if len == 0 {
            sink.emit(|| CgmEvent::Skip { row: x });
            return 0;
        }
        let base = x * self.width();
        let mut found = None;
        for (z, &y) in self.dest[base..base + len].iter().enumerate() {
            let by = masks.recvl[y as usize];
            let taken_by = (by != NONE).then_some(by as usize);
            sink.emit(|| CgmEvent::Probe {
                row: x,
                z,
                y: y as usize,
                taken_by,
            });
            if by == NONE {
                found = Some(z);
                break;
            }
            if z + 1 < len {
                sink.end_step();
            }
        }
        let probes = found.map_or(len, |z| z + 1);
        match found {
            Some(z) => claim_and_fill(self, masks, x, z, sink),
            None => sink.emit(|| CgmEvent::GiveUp { row: x }),
        }
        sink.end_step();
        probes as u64
    }
}

/// Step 2(c)ii: claim `CCOM(x, z)` and move the last active entry into its
/// hole.
#[inline(always)]
fn claim_and_fill<K: Sink<CgmEvent>>(
    t: &mut Ccom,
    m: &mut Masks,
    x: usize,
    z: usize,
    sink: &mut K,
) {
    let base = x * t.width();
    let last = t.len[x] as usize - 1;
    let (y, bytes) = (t.dest[base + z], t.bytes_at(x, z));
    m.claim(x, y, bytes);
    t.dest[base + z] = t.dest[base + last];
    if t.uniform.is_none() {
        t.bytes[base + z] = t.bytes[base + last];
    }
    t.dest[base + last] = NONE;
    t.len[x] -= 1;
    let y = y as usize;
    sink.emit(|| CgmEvent::Chose {
        row: x,
        z,
        y,
        bytes,
    });
    let moved = (z != last).then(|| t.dest[base + z] as usize);
    sink.emit(|| CgmEvent::Fill {
        row: x,
        hole: z,
        from: last,
        moved,
    });
}

/// Runs CGM (compaction, then iterations) without recording.
pub fn run(com: &Com, seed: u64) -> Run {
    run_ordered(com, seed, RowOrder::Shuffled)
}

/// Like [`run`], with CCOM's rows left in `order` ([`RowOrder::Sorted`]
/// skips `Random_Swap`, to show what the shuffle buys).
pub fn run_ordered(com: &Com, seed: u64, order: RowOrder) -> Run {
    let mut rng = Rng::new(seed);
    let mut t = Ccom::build(com, &mut rng, order, &mut Off);
    let (n, active) = (t.n(), t.active());
    iterate(&mut t, n, active, &mut rng, &mut Off)
}

/// Probes of a CGM run over `messages` messages that found their receiver
/// taken (collisions, §4): every other probe claims a message.
pub fn collisions(run: &Run, messages: usize) -> u64 {
    run.probes.saturating_sub(messages as u64)
}

/// A recorded CGM run: the compaction and the iterations as two traces.
#[derive(Clone, Debug)]
pub struct CgmTrace {
    /// The schedule and probe count, identical to [`run`] with the same seed.
    pub run: Run,
    /// Figure 5: COM → CCOM, two steps per row.
    pub compaction: Trace<CcomState>,
    /// Figure 6: the iterations, one step per probe (see the module docs).
    pub iterations: Trace<CgmState>,
}

/// Runs CGM and records both halves.
pub fn trace(com: &Com, seed: u64) -> CgmTrace {
    trace_ordered(com, seed, RowOrder::Shuffled)
}

/// Like [`trace`], with CCOM's rows left in `order`.
pub fn trace_ordered(com: &Com, seed: u64, order: RowOrder) -> CgmTrace {
    let mut rng = Rng::new(seed);
    let (mut t, compaction) = super::ccom::trace_ordered(com, &mut rng, order);
    let initial = CgmState::new(&t);
    // Rough step count: ~ messages · (1 + ln d) probes.
    let steps = t.active() * 4 + 2;
    let mut rec = Recorder::new(initial, snapshot_every(steps, 2 * t.active() + 4 * t.n()));
    let (n, active) = (t.n(), t.active());
    let run = iterate(&mut t, n, active, &mut rng, &mut rec);
    CgmTrace {
        run,
        compaction,
        iterations: rec.finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::masking;
    use crate::com::fig7::Fig7Config;
    use crate::verify::verify;

    #[test]
    fn trace_replays_to_the_schedule() {
        let com = Fig7Config::new(20, 6, 4).generate().unwrap();
        let t = trace(&com, 9);
        assert_eq!(t.run, run(&com, 9));
        assert_eq!(verify(&com, &t.run.schedule, None), Ok(()));
        assert_eq!(
            masking::permutations(t.iterations.all_events()),
            masking::phase_pairs(&t.run.schedule)
        );
        let last = t.iterations.final_state();
        assert_eq!(last.probes, t.run.probes);
        assert_eq!(last.sent, com.len());
        assert_eq!(last.phases, t.run.schedule.len());
        // A probe either claims a message or collides.
        assert_eq!(last.probes, last.collisions + com.len() as u64);
        assert_eq!(collisions(&t.run, com.len()), last.collisions);
        let steps: u64 = (1..=t.iterations.len())
            .flat_map(|k| t.iterations.events(k))
            .map(CgmEvent::probes)
            .sum();
        assert_eq!(steps, t.run.probes);
        assert!(last.ccom.iter().all(|&c| c == -1));
        // Seeking back reproduces a state met on the way.
        let mid = t.iterations.len() / 2;
        assert_eq!(t.iterations.state_at(mid), t.iterations.state_at(mid));
    }

    #[test]
    fn phases_at_least_lower_bound_and_seed_matters() {
        let com = Fig7Config::new(32, 8, 2).generate().unwrap();
        let a = run(&com, 1);
        assert!(a.schedule.len() >= com.max_degree());
        assert_eq!(verify(&com, &a.schedule, None), Ok(()));
        assert_ne!(a.schedule, run(&com, 2).schedule);
        let empty = Com::empty(5).unwrap();
        let e = run(&empty, 1);
        assert_eq!((e.schedule.len(), e.probes), (0, 0));
    }

    #[test]
    fn random_swap_saves_collisions() {
        // Sorted rows all try their lowest-numbered receivers first; the
        // shuffle spreads the first tries and so saves probes (§4).
        let (mut shuffled, mut sorted, mut phases) = (0, 0, [0, 0]);
        for s in 0..6 {
            let com = Fig7Config::new(128, 32, s).generate().unwrap();
            let a = run(&com, s + 1000);
            let b = run_ordered(&com, s + 1000, RowOrder::Sorted);
            assert_eq!(verify(&com, &b.schedule, None), Ok(()));
            let t = trace_ordered(&com, s + 1000, RowOrder::Sorted);
            assert_eq!(t.run, b);
            shuffled += a.probes;
            sorted += b.probes;
            phases[0] += a.schedule.len();
            phases[1] += b.schedule.len();
        }
        assert!(sorted > 3 * shuffled / 2, "{sorted} vs {shuffled}");
        // …while the number of permutations hardly moves.
        assert!(phases[1] * 100 < phases[0] * 105, "{phases:?}");
    }
}
