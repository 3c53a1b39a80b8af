//! A cycle-level wormhole network simulator for the mesh, the fat trees and
//! the hypercube.
//!
//! The machines of the papers, flit by flit: the Intel Delta's 2-D mesh
//! with XY wormhole routing and 512-byte packets (paper 001 §2), the
//! CM-5's 4-ary fat tree with randomised up-routing and 20-byte packets
//! (paper 004 §2), the iPSC/860's hypercube with e-cube routes; and a
//! present-day InfiniBand cluster's k-ary n-tree with static d-mod-k
//! up*/down* routes ([`SimConfig::edr`]). Messages come from any [`Schedule`](crate::schedule::Schedule),
//! from free injection (paper 000's AC) or from explicit pairs
//! ([`Traffic`]).
//!
//! # The model
//! - A message becomes packets ([`PacketFormat`]), a packet becomes flits.
//!   The head flit acquires one channel per hop, the tail frees it
//!   (wormhole); a packet's flits follow each other through the channels
//!   its head acquired.
//! - A link direction carries at most one flit per cycle into a FIFO input
//!   buffer of `buffer` flits at its far end. A flit may cross if that
//!   buffer had room at the start of the cycle (credits return after one
//!   cycle, so a depth of 2 or more sustains a flit per cycle).
//! - A free channel goes to the requesting head nearest its round-robin
//!   pointer ([`arbiter`]).
//! - A processor starts at most `send_limit` messages at a time and takes
//!   at most `recv_limit` at a time, pays `startup` cycles per message and
//!   `packet_gap` idle cycles between packets, and injects and ejects at
//!   most one flit per cycle ([`source`]).
//! - Every cycle reads only the previous cycle's state (ReadInputs →
//!   Evaluate → WriteOutputs, [`engine`]), so visiting order never changes
//!   the result, and the only randomness is one seeded [`Rng`](crate::rng::Rng).
//!
//! # Latency of a message alone in the network
//! A message of L bytes released at cycle t, crossing H links, with no
//! other traffic, finishes at t + S + H + F(L) + G·(P(L) − 1), where S is
//! the start-up, F(L) its flits ([`PacketFormat::flits`]), P(L) its
//! packets and G the gap between packets (0 on the Delta preset): its head
//! leaves at t + S, moves one hop per cycle and needs one more cycle to be
//! ejected, and the other flits follow one per cycle, with G idle cycles
//! between packets (the buffer depth must be at least 2). On the fat trees
//! (the CM-5's and the k-ary n-tree) H = 2·(level of the smallest cluster
//! holding both ends), whichever way up is taken. [`uncontended_latency`] computes it; the tests check it
//! exactly on both topologies.
//!
//! # Choices where the papers are silent
//! - Flit widths, buffer depths, the Delta's start-up and the CM-5's
//!   per-packet gap ([`config`]).
//! - Up-routing: paper 004 says the way up is free, chosen at random
//!   (§3.4) to balance load on the fly (§2). The CM-5 preset uses
//!   [`UpRouting::Random`] (one draw per hop from the seed);
//!   [`UpRouting::Adaptive`] draws among the up-links free this cycle, and
//!   [`UpRouting::Static`] is the d-mod-k route a compile-time scheduler
//!   assumes.
//! - Receive slots are claimed at start ([`RecvPolicy::Reserve`]), which
//!   cannot deadlock; [`RecvPolicy::OnArrival`] can, and shows the watchdog.
//! - Local copies (src = dst) take no time and no slot.
//!
//! # Use
//! [`simulate`] runs the fast path (no recording) and returns a
//! [`SimResult`]; [`simulate_with_timeline`] also records a [`Timeline`]
//! of every event (small runs: the golden tests and the film's oracle);
//! [`Film`] keeps a run of any size as checkpoints and replays any cycle
//! on demand, for the animator ([`film`]); [`Simulator`] is the same run
//! as a [`Stepper`](crate::step::Stepper) for the browser, a batch of
//! cycles per step.
//!
//! ```
//! use commbook_core::net::TopologySpec;
//! use commbook_core::sim::{self, SimConfig, Traffic};
//! let spec = TopologySpec::Mesh { rows: 2, cols: 2 };
//! let cfg = SimConfig::delta();
//! let traffic = Traffic::pairs(4, &[(0, 3)], 100);
//! let (result, timeline) = sim::simulate_with_timeline(spec, &cfg, &traffic).unwrap();
//! // 100 start-up cycles + 2 hops + ⌈(100 + 30) / 16⌉ = 9 flits.
//! assert_eq!(result.messages[0].latency, Some(100 + 2 + 9));
//! assert_eq!((result.injected_flits, result.delivered_flits), (9, 9));
//! assert_eq!(timeline.cycles() as u64, result.cycles);
//! assert_eq!(timeline.state_at(timeline.cycles()).delivered_messages, 1);
//! ```

pub mod arbiter;
pub mod bench;
pub mod bitset;
pub mod buffers;
pub(crate) mod checkpoint;
mod checkpoint_codec;
mod checkpoint_store;
pub mod clusters;
pub mod config;
mod drain;
pub mod engine;
pub mod error;
pub mod exchange;
pub mod fabric;
pub mod film;
mod film_chunk;
mod film_job;
mod film_run;
mod fused;
mod grow;
pub mod inspect;
pub mod port;
pub mod predict;
pub mod randperm;
mod reference;
mod release;
pub mod runs;
pub mod simulator;
mod sleep;
pub mod source;
pub mod spill;
pub mod stats;
mod stream;
pub mod timeline;
pub mod traffic;
mod varint;
pub mod view;
pub mod watchdog;

#[cfg(test)]
mod equality;
#[cfg(test)]
mod film_tests;
#[cfg(test)]
mod hypercube_tests;
#[cfg(test)]
mod kary_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod repro004;
#[cfg(test)]
mod spill_tests;
#[cfg(test)]
mod tests;

pub use buffers::Flit;
pub use config::{PacketFormat, RecvPolicy, SimConfig, SimError, UpRouting};
pub use stats::{LinkStats, MessageStats, Outcome, PhaseStats, SimResult};
pub use timeline::{TIMELINE_MAX_CYCLES, TIMELINE_MAX_EVENTS, Timeline, caption, timeline_events};
pub use traffic::{SimMessage, Sync, Traffic};
pub use view::{MsgStatus, SimEvent, SimView};
pub use watchdog::Deadlock;

pub use film::{Chunk, DiskFolder, DiskUse, Film, FilmOpener, FilmPieces, Frame, Opened};
pub use film_job::{FilmJob, FilmWork};
pub use film_run::{FilmRun, WatchedRun};
pub use simulator::{SimOutput, Simulator};

use crate::net::TopologySpec;
use crate::trace::snapshot_every;
use fabric::Fabric;

/// Most messages one run accepts.
pub const MAX_MESSAGES: usize = 1 << 20;
/// Most flit moves one run accepts: about six minutes natively and a
/// quarter of an hour or more in a browser, where the animator simulates
/// it in a worker while it plays. Enough for the 1,024-node CM-5's
/// all-to-all of 4 KB (13,900 M; 8 KB is 27,800 M). A run this long keeps
/// its checkpoints far apart within their memory, so a seek replays more:
/// the animator says so ([`Film::longest_replay`]).
pub const MAX_FLIT_MOVES: u64 = 15_000_000_000;

/// S + H + F(L) + G·(P(L) − 1): the cycles a message of `bytes` bytes
/// takes over `hops` links with the network to itself.
pub fn uncontended_latency(cfg: &SimConfig, hops: u64, bytes: u64) -> u64 {
    let gaps = cfg.packet_gap as u64 * (cfg.packet.packets(bytes) - 1);
    cfg.startup as u64 + hops + cfg.packet.flits(bytes) + gaps
}

/// Checks a run's inputs; returns the fabric and the exact number of flit
/// moves the run will make (every flit crosses each link of its route and
/// then its ejection channel).
pub fn check(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
) -> Result<(Fabric, u64), SimError> {
    cfg.validate()?;
    let fab = Fabric::new(spec);
    let procs = fab.procs();
    if traffic.n != procs {
        return Err(SimError::WrongSize {
            traffic: traffic.n,
            procs,
        });
    }
    if traffic.messages.len() > MAX_MESSAGES {
        return Err(SimError::TooManyMessages {
            messages: traffic.messages.len(),
            max: MAX_MESSAGES,
        });
    }
    let moves = flit_moves(&fab, cfg, traffic, (1, 1))?;
    if moves > MAX_FLIT_MOVES {
        return Err(SimError::TooMuchTraffic {
            moves,
            max: MAX_FLIT_MOVES,
        });
    }
    Ok((fab, moves))
}

/// The flit moves of `traffic` with every message's size scaled by
/// `num / den` (every flit crosses each link of its route and then its
/// ejection channel), or the first message naming a processor outside the
/// network.
fn flit_moves(
    fab: &Fabric,
    cfg: &SimConfig,
    traffic: &Traffic,
    (num, den): (u64, u64),
) -> Result<u64, SimError> {
    let procs = fab.procs();
    let mut moves = 0u64;
    for m in &traffic.messages {
        if m.src >= procs || m.dst >= procs {
            let (src, dst) = (m.src, m.dst);
            return Err(SimError::NoSuchNode { src, dst, procs });
        }
        if m.src != m.dst {
            let bytes = (m.bytes as u128 * num as u128 / den.max(1) as u128) as u64;
            let per_flit = fab.hops(m.src, m.dst) as u64 + 1;
            moves = moves.saturating_add(cfg.packet.flits(bytes).saturating_mul(per_flit));
        }
    }
    Ok(moves)
}

/// The largest of `bytes`/2, `bytes`/4, … down to 1 at which `traffic`
/// keeps within [`MAX_FLIT_MOVES`], every message's size scaled by the
/// same factor (the figures size their messages from one setting, as
/// whole multiples of it), or `None` when even that is too much: what a
/// refusal suggests instead.
pub fn fitting_size(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
    bytes: u64,
) -> Option<u64> {
    let fab = Fabric::new(spec);
    std::iter::successors((bytes > 1).then_some(bytes / 2), |&b| {
        (b > 1).then_some(b / 2)
    })
    .find(|&b| flit_moves(&fab, cfg, traffic, (b, bytes)).is_ok_and(|m| m <= MAX_FLIT_MOVES))
}

/// `e` in words; when the traffic is too much and its messages are sized
/// from a setting of `bytes`, followed by the largest size that fits
/// ([`fitting_size`]).
pub fn explain(
    e: &SimError,
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
    bytes: Option<u64>,
) -> String {
    let fits = match (e, bytes) {
        (SimError::TooMuchTraffic { .. }, Some(bytes)) => fitting_size(spec, cfg, traffic, bytes),
        _ => None,
    };
    match fits {
        Some(b) => format!("{e}. The same run with bytes = {b} fits the limit."),
        None => e.to_string(),
    }
}

/// Runs a simulation without recording (the fast path).
pub fn simulate(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
) -> Result<SimResult, SimError> {
    let sim = Simulator::new(spec, cfg, traffic)?.streaming();
    Ok(crate::step::run(Box::new(sim)).result)
}

/// [`simulate`] on the reference loop (see [`Simulator::reference`]).
pub fn simulate_reference(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
) -> Result<SimResult, SimError> {
    let sim = Simulator::reference(spec, cfg, traffic)?;
    Ok(crate::step::run(Box::new(sim)).result)
}

/// Runs a simulation and records its timeline. The run is made twice:
/// once fast, to learn its length and choose the keyframe spacing, then
/// recorded.
pub fn simulate_with_timeline(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
) -> Result<(SimResult, Timeline), SimError> {
    let (fab, _) = check(spec, cfg, traffic)?;
    timeline::check_timeline(&fab, cfg, traffic)?;
    let cycles = simulate(spec, cfg, traffic)?.cycles;
    if cycles > TIMELINE_MAX_CYCLES {
        let (what, got, max) = ("cycles", cycles, TIMELINE_MAX_CYCLES);
        return Err(SimError::TimelineTooBig { what, got, max });
    }
    let weight = SimView::new(fab.links(), fab.procs(), cfg.buffer as usize, 0).weight()
        + traffic.messages.len();
    let every = snapshot_every(cycles as usize, weight);
    let sim = Simulator::recording(spec, cfg, traffic, every)?;
    let out = crate::step::run(Box::new(sim));
    let timeline = out
        .timeline
        .expect("a recording simulator yields a timeline");
    Ok((out.result, timeline))
}
#[cfg(test)]
mod today_tests;
