//! Figures that describe a schedule, for the CLI, the JS API and the book.

use crate::com::Com;
use crate::cost::machine::Machine;
use crate::cost::perm::PermCost;
use crate::schedule::Schedule;
use serde::Serialize;

/// Summary figures of one schedule of one matrix.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScheduleStats {
    /// Phases, empty ones included.
    pub phases: usize,
    /// Communication steps the processors walk through (here: phases).
    pub steps: usize,
    /// Phases in which something travels.
    pub busy_phases: usize,
    /// Scheduling work: matrix entries the algorithm examined.
    pub probes: u64,
    /// Messages in the matrix.
    pub messages: usize,
    /// The most messages one processor sends or receives: no schedule of
    /// partial permutations has fewer phases.
    pub lower_bound: usize,
    /// Largest transfer of each phase, in bytes.
    pub phase_max_bytes: Vec<u64>,
    /// The machine preset the prediction uses (see [`Machine`]), or
    /// `custom` for a measured one.
    pub machine: &'static str,
    /// Predicted time under τ + Mφ on that machine, in µs.
    pub predicted_us: f64,
}

impl ScheduleStats {
    /// Computes the figures, predicting time with the CM-5 fit of Table 1.
    pub fn of(com: &Com, schedule: &Schedule, probes: u64) -> Self {
        ScheduleStats::on(com, schedule, probes, Machine::Cm5)
    }

    /// Computes the figures, predicting time on `machine`.
    pub fn on(com: &Com, schedule: &Schedule, probes: u64, machine: Machine) -> Self {
        ScheduleStats::priced(com, schedule, probes, machine.name(), machine.cost())
    }

    /// Computes the figures, predicting time by `cost`, a machine called
    /// `name` (`custom` for a measured preset, see `cost::preset`).
    pub fn priced(
        com: &Com,
        schedule: &Schedule,
        probes: u64,
        name: &'static str,
        cost: PermCost,
    ) -> Self {
        ScheduleStats {
            phases: schedule.len(),
            steps: schedule.len(),
            busy_phases: schedule.busy_phases(),
            probes,
            messages: com.len(),
            lower_bound: com.max_degree(),
            phase_max_bytes: schedule.phase_max_bytes(),
            machine: name,
            predicted_us: cost.schedule_us(schedule),
        }
    }
}
