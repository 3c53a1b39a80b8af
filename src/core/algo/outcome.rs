//! What one run of a scheduler yields, whether or not it recorded a trace.

use crate::schedule::Schedule;
use crate::trace::{Replay, Trace};

/// A finished run: the schedule, the trace if one was recorded, and the
/// scheduling work.
#[derive(Clone)]
pub struct Outcome<S: Replay> {
    /// The phases chosen.
    pub schedule: Schedule,
    /// The recorded trace, if recording was asked for.
    pub trace: Option<Trace<S>>,
    /// Entries examined while scheduling (matrix, CCOM or partner lists).
    pub probes: u64,
}
