//! Asynchronous communication, AC (paper 000, §3.1, Figure 2).
//!
//! The baseline that does no scheduling at all. Every processor
//! 1. allocates buffers and posts a receive for each message it expects,
//! 2. sends all of its messages at once, without waiting for anybody,
//! 3. checks and confirms what has arrived.
//!
//! The schedule is therefore a single phase holding every message, and its
//! [`Promise`] claims nothing: a processor may send and receive many
//! messages in that phase, and the network sorts out the contention. That is
//! cheap when d is small and degrades as d grows (Tables 2-3: at d = 24 and
//! 64 KB, AC takes 5× as long as GM or CGM), and with little buffer space it
//! can even deadlock, which the paper avoids with strip mining; the book's
//! model assumes buffers are big enough.
//!
//! AC examines no matrix entry to schedule, so its probe count is 0 (the
//! `comp` row of Tables 2-3 is 0 for AC). Its trace has three steps, one per
//! line of Figure 2, each with one event per processor or message.
//!
//! ```
//! use commbook_core::{algo::ac, com::Com, verify::verify};
//! let com = Com::from_rows(&[vec![0, 4, 4], vec![4, 0, 0], vec![4, 0, 0]]).unwrap();
//! let (run, trace) = ac::trace(&com);
//! assert_eq!(run.schedule.len(), 1);                // one unscheduled phase
//! assert_eq!(run.schedule.phases[0].len(), 4);      // holding every message
//! assert!(!run.schedule.promise.partial_permutation);
//! assert!(verify(&com, &run.schedule, None).is_ok());
//! assert_eq!(trace.len(), 3);                       // post, send, confirm
//! assert_eq!(trace.final_state().confirmed, vec![2, 1, 1]);
//! ```

use super::Run;
use super::sink::{Off, Sink};
use crate::com::Com;
use crate::schedule::{Promise, Schedule, Transfer};
use crate::trace::{Recorder, Replay, Trace};

/// What AC did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AcEvent {
    /// `node` allocates `bytes` of buffer and posts receives from `from`.
    Post {
        node: usize,
        from: Vec<usize>,
        bytes: u64,
    },
    /// A message leaves its sender.
    Send(Transfer),
    /// `node` checks and confirms its `count` incoming messages.
    Confirm { node: usize, count: usize },
}

/// Which line of Figure 2 the processors have finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AcStage {
    /// Nothing done yet.
    #[default]
    Start,
    /// Line 1: buffers allocated, receives posted.
    Posted,
    /// Line 2: every message sent.
    Sent,
    /// Line 3: every message confirmed.
    Confirmed,
}

/// The view state of AC.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AcState {
    /// The last line of Figure 2 carried out.
    pub stage: AcStage,
    /// Receives posted by each processor.
    pub posted: Vec<usize>,
    /// Buffer bytes allocated by each processor.
    pub buffer_bytes: Vec<u64>,
    /// Messages sent by each processor.
    pub sent: Vec<usize>,
    /// Messages in the network or in a buffer, not yet confirmed, per receiver.
    pub pending: Vec<usize>,
    /// Messages confirmed by each processor.
    pub confirmed: Vec<usize>,
}

impl Replay for AcState {
    type Event = AcEvent;
    fn apply(&mut self, e: &AcEvent) {
        match e {
            AcEvent::Post { node, from, bytes } => {
                self.stage = AcStage::Posted;
                self.posted[*node] = from.len();
                self.buffer_bytes[*node] = *bytes;
            }
            AcEvent::Send(t) => {
                self.stage = AcStage::Sent;
                self.sent[t.src] += 1;
                self.pending[t.dst] += 1;
            }
            AcEvent::Confirm { node, count } => {
                self.stage = AcStage::Confirmed;
                self.pending[*node] -= count;
                self.confirmed[*node] += count;
            }
        }
    }
}

fn run_with<K: Sink<AcEvent>>(com: &Com, sink: &mut K) -> Run {
    let n = com.n();
    if K::ON {
        let mut from = vec![Vec::new(); n];
        let mut bytes = vec![0u64; n];
        for m in com.messages() {
            from[m.dst].push(m.src);
            bytes[m.dst] += m.bytes;
        }
        for (node, (from, bytes)) in from.into_iter().zip(bytes).enumerate() {
            sink.emit(|| AcEvent::Post { node, from, bytes });
        }
        sink.end_step();
    }
    let phase: Vec<Transfer> = com
        .messages()
        .map(|m| Transfer::whole(m.src, m.dst, m.bytes))
        .collect();
    if K::ON {
        for t in &phase {
            sink.emit(|| AcEvent::Send(*t));
        }
        sink.end_step();
        for (node, count) in com.in_degrees().into_iter().enumerate() {
            sink.emit(|| AcEvent::Confirm { node, count });
        }
        sink.end_step();
    }
    Run {
        schedule: Schedule {
            n,
            phases: vec![phase],
            promise: Promise::default(),
        },
        probes: 0,
    }
}

/// Runs AC without recording.
pub fn run(com: &Com) -> Run {
    run_with(com, &mut Off)
}

/// Runs AC and records the three lines of Figure 2 as three steps.
pub fn trace(com: &Com) -> (Run, Trace<AcState>) {
    let n = com.n();
    let initial = AcState {
        stage: AcStage::Start,
        posted: vec![0; n],
        buffer_bytes: vec![0; n],
        sent: vec![0; n],
        pending: vec![0; n],
        confirmed: vec![0; n],
    };
    let mut rec = Recorder::new(initial, 1);
    let run = run_with(com, &mut rec);
    (run, rec.finish())
}

/// One sentence for an AC step.
pub fn caption(events: &[AcEvent]) -> String {
    match events.first() {
        None => "Before communication: nothing posted, nothing sent.".into(),
        Some(AcEvent::Post { .. }) => {
            let (total, most) = events.iter().fold((0, 0), |(t, m), e| match e {
                AcEvent::Post { from, .. } => (t + from.len(), m.max(from.len())),
                _ => (t, m),
            });
            format!(
                "Every processor allocates buffers and posts its receives: {total} in all, at most {most} at one processor."
            )
        }
        Some(AcEvent::Send(_)) => {
            let mut per_dst = std::collections::BTreeMap::new();
            for e in events {
                if let AcEvent::Send(t) = e {
                    *per_dst.entry(t.dst).or_insert(0usize) += 1;
                }
            }
            let most = per_dst.values().copied().max().unwrap_or(0);
            format!(
                "Every processor sends all its messages at once, without waiting: {} messages in the network, up to {most} converging on one receiver.",
                events.len()
            )
        }
        Some(AcEvent::Confirm { .. }) => {
            let total: usize = events
                .iter()
                .map(|e| match e {
                    AcEvent::Confirm { count, .. } => *count,
                    _ => 0,
                })
                .sum();
            format!("Every processor checks and confirms its incoming messages: {total} delivered.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;
    use crate::verify::verify;
    use expect_test::expect;

    #[test]
    fn golden_trace() {
        let com = Com::from_rows(&[vec![0, 4, 4], vec![4, 0, 0], vec![4, 0, 0]]).unwrap();
        let (_, t) = trace(&com);
        let text = super::super::render(&t, caption);
        expect![[r#"
            0: Before communication: nothing posted, nothing sent.
            1: Every processor allocates buffers and posts its receives: 4 in all, at most 2 at one processor.
            2: Every processor sends all its messages at once, without waiting: 4 messages in the network, up to 2 converging on one receiver.
            3: Every processor checks and confirms its incoming messages: 4 delivered.
        "#]].assert_eq(&text);
    }

    #[test]
    fn trace_replays_to_the_schedule() {
        let com = Fig7Config::new(16, 4, 3).generate().unwrap();
        let (r, t) = trace(&com);
        assert_eq!(r, run(&com));
        assert_eq!(verify(&com, &r.schedule, None), Ok(()));
        let sends: Vec<Transfer> = t
            .events(2)
            .iter()
            .filter_map(|e| match e {
                AcEvent::Send(t) => Some(*t),
                _ => None,
            })
            .collect();
        assert_eq!(sends, r.schedule.phases[0]);
        let end = t.final_state();
        assert_eq!(end.confirmed, com.in_degrees());
        assert_eq!(end.sent, com.out_degrees());
        assert!(end.pending.iter().all(|&p| p == 0));
        assert_eq!(t.state_at(2).pending, com.in_degrees());
    }
}
