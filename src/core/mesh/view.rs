//! The step-by-step trace of a collective: what a mesh view draws at each
//! superstep, and the sentence under it.
//!
//! One trace step per superstep. Its events are a [`CollEvent::Begin`] (the
//! submachines working in it and the partitions made in it) and one
//! [`CollEvent::Send`] per send. [`CollState`] is what the view needs after
//! the step: the submachines as rectangles or index spans, the sends with
//! their sizes and carried messages, how many messages each processor holds
//! in transit and how many have reached it, the load of every link, and the
//! set-ups paid so far.
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::{view, trace};
//! let spec = CollectiveConfig::new(Op::Scatter, Algo::LogpLevSq, 2, 2).validate().unwrap();
//! let (c, t) = trace(&spec);
//! assert_eq!(t.len(), c.supersteps.len());
//! assert_eq!(t.initial().held[0], 3);                 // the source holds 3 messages
//! assert_eq!(t.final_state().arrived, vec![0, 1, 1, 1]);
//! assert_eq!(
//!     view::caption(&spec, t.events(1)),
//!     "Superstep 1: 1 submachine is cut in two; 1 send from 1 processor carries 2 messages (2048 bytes); 1 reaches its destination; busiest link 1 message."
//! );
//! ```

use super::collective::{Send, Split, Superstep};
use super::config::{Op, Spec};
use super::grid::Submachine;
use super::load::LinkLoads;
use crate::net::mesh::Mesh;
use crate::sorting::sort_usizes;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};
use crate::words::plural;

/// What happens in a superstep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollEvent {
    /// Superstep `step` (1-based) starts with these submachines and cuts.
    Begin {
        step: usize,
        submachines: Vec<Submachine>,
        splits: Vec<Split>,
    },
    /// A processor sends one (combined) message.
    Send(Send),
}

/// The view state after a superstep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollState {
    /// The mesh (for routes and drawing).
    pub mesh: Mesh,
    /// Whether sends copy (the broadcasts) rather than move messages.
    pub copies: bool,
    /// The current superstep (0 before the first).
    pub step: usize,
    /// Submachines of the current superstep: rectangles or index spans.
    pub submachines: Vec<Submachine>,
    /// Cuts (scatter) or merges (gather) of the current superstep.
    pub splits: Vec<Split>,
    /// Sends of the current superstep.
    pub sends: Vec<Send>,
    /// Actual messages each processor holds that are bound elsewhere.
    pub held: Vec<u32>,
    /// Actual messages that have reached their destination, per processor.
    pub arrived: Vec<u32>,
    /// Actual messages each processor must end up with.
    pub expected: Vec<u32>,
    /// Messages crossing each directed link (by link id) in this superstep.
    pub link_load: Vec<u32>,
    /// The largest of `link_load`.
    pub load: u32,
    /// Sends of each processor in this superstep.
    pub out: Vec<u32>,
    /// Receives of each processor in this superstep.
    pub inn: Vec<u32>,
    /// Set-ups on the critical path so far (see [`super::collective`]).
    pub setups: usize,
    /// The busiest processor's set-ups in this superstep.
    pub busiest: u32,
}

impl CollState {
    /// The state before the first superstep.
    pub fn initial(spec: &Spec) -> CollState {
        let p = spec.p();
        let (mut held, mut expected) = (vec![0; p], vec![0; p]);
        let others = (p - 1) as u32;
        match spec.op {
            Op::Scatter => {
                held[spec.root] = others;
                expected.fill(1);
                expected[spec.root] = 0;
            }
            Op::Gather => {
                held.fill(1);
                held[spec.root] = 0;
                expected[spec.root] = others;
            }
            Op::AllToAll => {
                held.fill(others);
                expected.fill(others);
            }
        }
        CollState {
            mesh: spec.mesh,
            copies: super::check::copies(spec.algo),
            step: 0,
            submachines: Vec::new(),
            splits: Vec::new(),
            sends: Vec::new(),
            held,
            arrived: vec![0; p],
            expected,
            link_load: vec![0; 4 * p],
            load: 0,
            out: vec![0; p],
            inn: vec![0; p],
            setups: 0,
            busiest: 0,
        }
    }

    /// Processors holding everything they should.
    pub fn done(&self) -> Vec<bool> {
        self.arrived
            .iter()
            .zip(&self.expected)
            .map(|(a, e)| a >= e)
            .collect()
    }
}

impl Replay for CollState {
    type Event = CollEvent;
    fn apply(&mut self, e: &CollEvent) {
        match e {
            CollEvent::Begin {
                step,
                submachines,
                splits,
            } => {
                self.step = *step;
                self.submachines = submachines.clone();
                self.splits = splits.clone();
                self.sends.clear();
                self.link_load.fill(0);
                self.out.fill(0);
                self.inn.fill(0);
                self.load = 0;
                self.busiest = 0;
            }
            CollEvent::Send(s) => {
                let n = s.messages.len() as u32;
                let mine = s.messages.iter().filter(|m| m.to == s.dst).count() as u32;
                if !self.copies {
                    self.held[s.src] = self.held[s.src].saturating_sub(n);
                }
                self.held[s.dst] += n - mine;
                self.arrived[s.dst] += mine;
                for l in self.mesh.xy_links(s.src, s.dst) {
                    let c = &mut self.link_load[l as usize];
                    *c += 1;
                    self.load = self.load.max(*c);
                }
                self.out[s.src] += 1;
                self.inn[s.dst] += 1;
                let b = self.out[s.src].max(self.inn[s.dst]);
                if b > self.busiest {
                    self.setups += (b - self.busiest) as usize;
                    self.busiest = b;
                }
                self.sends.push(s.clone());
            }
        }
    }
}

/// Records the trace of computed supersteps.
pub fn record(spec: &Spec, steps: &[Superstep]) -> Trace<CollState> {
    let mut rec = Recorder::new(
        CollState::initial(spec),
        snapshot_every(steps.len(), 8 * spec.p()),
    );
    for (i, st) in steps.iter().enumerate() {
        rec.event(CollEvent::Begin {
            step: i + 1,
            submachines: st.submachines.clone(),
            splits: st.splits.clone(),
        });
        for s in &st.sends {
            rec.event(CollEvent::Send(s.clone()));
        }
        rec.end_step();
    }
    rec.finish()
}

/// One sentence for a superstep, from its events.
pub fn caption(spec: &Spec, events: &[CollEvent]) -> String {
    let Some(CollEvent::Begin {
        step,
        submachines,
        splits,
    }) = events.first()
    else {
        return match spec.op {
            Op::Scatter => format!(
                "P{} holds a message of {} bytes for each of the other {} processors.",
                spec.root,
                spec.bytes,
                spec.p() - 1
            ),
            Op::Gather => format!(
                "Every other processor holds a message of {} bytes for P{}.",
                spec.bytes, spec.root
            ),
            Op::AllToAll => format!(
                "Every processor holds a message of {} bytes for each of the other {} processors.",
                spec.bytes,
                spec.p() - 1
            ),
        };
    };
    let sends: Vec<&Send> = events
        .iter()
        .filter_map(|e| match e {
            CollEvent::Send(s) => Some(s),
            _ => None,
        })
        .collect();
    let layout = if !splits.is_empty() {
        let parts: usize = splits.iter().map(|s| s.parts.len()).sum();
        let two = splits.iter().all(|s| s.parts.len() == 2);
        match (spec.op, two) {
            (Op::Gather, _) => format!(
                "{} merge into {}",
                plural(parts, "part", "parts"),
                plural(splits.len(), "submachine", "submachines")
            ),
            (_, true) => format!(
                "{} {} cut in two",
                plural(splits.len(), "submachine", "submachines"),
                if splits.len() == 1 { "is" } else { "are" }
            ),
            _ => format!(
                "{} {} cut into {parts} parts",
                plural(splits.len(), "submachine", "submachines"),
                if splits.len() == 1 { "is" } else { "are" }
            ),
        }
    } else if submachines.len() == 1 {
        "the whole mesh works as one machine".to_string()
    } else {
        format!(
            "{} work independently",
            plural(submachines.len(), "submachine", "submachines")
        )
    };
    let mut senders: Vec<usize> = sends.iter().map(|s| s.src).collect();
    sort_usizes(&mut senders);
    senders.dedup();
    let msgs: usize = sends.iter().map(|s| s.messages.len()).sum();
    let (lo, hi) = sends.iter().fold((u64::MAX, 0), |(lo, hi), s| {
        (lo.min(s.bytes), hi.max(s.bytes))
    });
    let size = if lo == hi {
        format!("{hi} bytes")
    } else {
        format!("{lo}–{hi} bytes")
    };
    let arrived: usize = sends
        .iter()
        .map(|s| s.messages.iter().filter(|m| m.to == s.dst).count())
        .sum();
    let load = LinkLoads::of(&spec.mesh, sends.iter().map(|s| (s.src, s.dst))).max();
    format!(
        "Superstep {step}: {layout}; {} from {} {} {} ({size}); {} {} destination; busiest link {}.",
        plural(sends.len(), "send", "sends"),
        plural(senders.len(), "processor", "processors"),
        if sends.len() == 1 { "carries" } else { "carry" },
        plural(msgs, "message", "messages"),
        arrived,
        if arrived == 1 {
            "reaches its"
        } else {
            "reach their"
        },
        plural(load as usize, "message", "messages"),
    )
}

/// The trace as text, one line per superstep: its cuts, then every send as
/// `src→dst:messages`, then the arrivals so far. For golden tests.
pub fn render(trace: &Trace<CollState>) -> String {
    let mut out = String::new();
    for pos in 1..=trace.len() {
        let st = trace.state_at(pos);
        let cuts: Vec<String> = st
            .splits
            .iter()
            .map(|s| {
                let parts: Vec<String> = s.parts.iter().map(|p| format!("[{p}]")).collect();
                format!("{}@{:?}", parts.join("+"), s.leaders)
            })
            .collect();
        let sends: Vec<String> = st
            .sends
            .iter()
            .map(|s| format!("{}→{}:{}", s.src, s.dst, s.messages.len()))
            .collect();
        let arrived: u32 = st.arrived.iter().sum();
        out.push_str(&format!(
            "{pos}: {}{} | arrived {arrived} | load {} | setups {}\n",
            if cuts.is_empty() {
                String::new()
            } else {
                format!("{} | ", cuts.join(" "))
            },
            sends.join(" "),
            st.load,
            st.setups
        ));
    }
    out
}
