//! Why a simulation was refused: each message says what was wrong and what
//! would be accepted.

use super::config::MAX_PACKET_FLITS;
use crate::words::count_u64;
use std::fmt;

/// Why a simulation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// A parameter outside its range.
    Param {
        name: &'static str,
        got: u64,
        min: u64,
        max: u64,
    },
    /// A full packet would need more than [`MAX_PACKET_FLITS`] flits.
    PacketTooLong { flits: u64 },
    /// The traffic is for another number of processors.
    WrongSize { traffic: usize, procs: usize },
    /// A message names a processor the network does not have.
    NoSuchNode {
        src: usize,
        dst: usize,
        procs: usize,
    },
    /// More messages than the simulator accepts.
    TooManyMessages { messages: usize, max: usize },
    /// More flit moves than the simulator accepts.
    TooMuchTraffic { moves: u64, max: u64 },
    /// The run is too long to record as a timeline.
    TimelineTooBig {
        what: &'static str,
        got: u64,
        max: u64,
    },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Param {
                name,
                got,
                min,
                max,
            } => write!(f, "{name} must be between {min} and {max} (got {got})"),
            SimError::PacketTooLong { flits } => write!(
                f,
                "a full packet would be {flits} flits, above the limit of {MAX_PACKET_FLITS}; use larger flits or smaller packets"
            ),
            SimError::WrongSize { traffic, procs } => write!(
                f,
                "the traffic is for {traffic} processors but the network has {procs}; use a topology with {traffic} processors"
            ),
            SimError::NoSuchNode { src, dst, procs } => write!(
                f,
                "message {src} → {dst} names a processor outside 0..{procs}"
            ),
            SimError::TooManyMessages { messages, max } => write!(
                f,
                "{messages} messages is above the limit of {max}; simulate fewer processors or a sparser matrix"
            ),
            SimError::TooMuchTraffic { moves, max } => write!(
                f,
                "the traffic needs {} flit moves, above the limit of {} (about six minutes natively, a quarter of an hour or more in a browser); use fewer processors or fewer or shorter messages",
                count_u64(*moves),
                count_u64(*max)
            ),
            SimError::TimelineTooBig { what, got, max } => write!(
                f,
                "recording every cycle would take {} {what}, above the limit of {}; use fewer processors or fewer or shorter messages (a run without a recording, as the command line and the JS API make, has no such limit)",
                count_u64(*got),
                count_u64(*max)
            ),
        }
    }
}

impl std::error::Error for SimError {}
