//! The timeline of a run as JSON, schema `commbook-timeline/1`, for the
//! book's lab to import beside the model's prediction and the simulator's.
//!
//! Times are seconds from the start of the repetition (a barrier), by
//! each rank's `MPI_Wtime`. One repetition is shown rank by rank: the one
//! whose total is the median; every repetition's total and every phase's
//! span (last end − first start over the ranks) are summarised. The
//! schema is documented in `mpi/README.md`.

use crate::exec::phase::PhaseTime;
use crate::exec::problem::Problem;
use crate::options::Settings;
use crate::plan::Plan;
use commbook_core::sorting::{f64_key, sort_by_u64};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The schema name of every timeline.
pub const SCHEMA: &str = "commbook-timeline/1";

/// What one rank sends rank 0 after a run.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct RankReport {
    pub host: String,
    /// Per repetition, per phase: start, end, sent, received.
    pub times: Vec<Vec<(f64, f64, u64, u64)>>,
    pub problems: Vec<Problem>,
    pub problem_count: u64,
    /// The baseline's seconds per repetition, and its problems.
    pub baseline: Option<(Vec<f64>, Vec<Problem>)>,
}

impl RankReport {
    pub fn times_of(times: &[Vec<PhaseTime>]) -> Vec<Vec<(f64, f64, u64, u64)>> {
        times
            .iter()
            .map(|rep| {
                rep.iter()
                    .map(|t| (t.start, t.end, t.sent, t.received))
                    .collect()
            })
            .collect()
    }
}

/// Min, median and every value, seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub min_s: f64,
    pub median_s: f64,
    pub all_s: Vec<f64>,
}

impl Summary {
    pub fn of(v: &[f64]) -> Summary {
        let mut s = v.to_vec();
        sort_by_u64(&mut s, |&x| f64_key(x));
        Summary {
            min_s: s.first().copied().unwrap_or(0.0),
            median_s: s.get(s.len().saturating_sub(1) / 2).copied().unwrap_or(0.0),
            all_s: v.to_vec(),
        }
    }
}

/// One rank in one phase of the shown repetition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankPhase {
    pub rank: usize,
    pub start_s: f64,
    pub end_s: f64,
    pub bytes_sent: u64,
    pub bytes_received: u64,
}

/// One phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseLine {
    /// Numbered from 1.
    pub phase: usize,
    /// MPI messages in the phase (local copies included).
    pub sends: usize,
    /// The largest of them, bytes.
    pub max_bytes: u64,
    /// The model's time for the phase, µs.
    pub model_us: f64,
    /// Last end − first start over the ranks, per repetition.
    pub span: Summary,
    /// The shown repetition, rank by rank.
    pub ranks: Vec<RankPhase>,
}

/// The model's prediction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelLine {
    pub formula: String,
    pub machine: String,
    pub source: String,
    pub total_us: f64,
}

/// The baseline: the same messages moved by one MPI collective.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    pub name: String,
    pub total: Summary,
    pub verified: bool,
}

/// A whole run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timeline {
    pub schema: String,
    pub command: String,
    pub algo: String,
    pub source: String,
    pub options: Map<String, Value>,
    pub ranks: usize,
    pub hosts: Vec<String>,
    pub sync: String,
    /// Messages that had to arrive, and their bytes.
    pub messages: usize,
    pub message_bytes: u64,
    /// Bytes sent over the network in one repetition (relays count again).
    pub total_bytes: u64,
    /// Repetitions run (`--repeat`).
    pub repeat: usize,
    /// Every repetition's total: last end over the ranks.
    pub total: Summary,
    /// Which repetition `phases[].ranks` shows (from 0).
    pub shown: usize,
    pub phases: Vec<PhaseLine>,
    pub model: ModelLine,
    pub verified: bool,
    pub problem_count: u64,
    /// The first problems (at most 20), as sentences in `text`.
    pub problems: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<Baseline>,
}

/// Problems kept in a timeline.
pub const MAX_PROBLEMS: usize = 20;

/// Builds the timeline on rank 0 from every rank's report.
pub fn build(plan: &Plan, settings: &Settings, reports: &[RankReport]) -> Timeline {
    let reps = settings.repeat;
    let totals: Vec<f64> = (0..reps)
        .map(|rep| {
            reports
                .iter()
                .filter_map(|r| r.times[rep].last().map(|t| t.1))
                .fold(0.0, f64::max)
        })
        .collect();
    let total = Summary::of(&totals);
    let shown = totals
        .iter()
        .position(|&t| t == total.median_s)
        .unwrap_or(0);
    let phases = plan
        .phases
        .iter()
        .enumerate()
        .map(|(k, ph)| {
            let spans: Vec<f64> = (0..reps)
                .map(|rep| {
                    let ts = reports.iter().map(|r| r.times[rep][k]);
                    let first = ts.clone().map(|t| t.0).fold(f64::INFINITY, f64::min);
                    let last = ts.map(|t| t.1).fold(0.0, f64::max);
                    (last - first).max(0.0)
                })
                .collect();
            PhaseLine {
                phase: k + 1,
                sends: ph.sends.len(),
                max_bytes: ph.sends.iter().map(|s| s.bytes()).max().unwrap_or(0),
                model_us: plan.model.phase_us.get(k).copied().unwrap_or(0.0),
                span: Summary::of(&spans),
                ranks: reports
                    .iter()
                    .enumerate()
                    .map(|(rank, r)| {
                        let t = r.times[shown][k];
                        RankPhase {
                            rank,
                            start_s: t.0,
                            end_s: t.1,
                            bytes_sent: t.2,
                            bytes_received: t.3,
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    let problem_count = reports.iter().map(|r| r.problem_count).sum();
    let problems = reports
        .iter()
        .flat_map(|r| &r.problems)
        .take(MAX_PROBLEMS)
        .map(problem_json)
        .collect();
    let baseline = baseline(reports, settings);
    Timeline {
        schema: SCHEMA.into(),
        command: plan.command.clone(),
        algo: plan.algo.clone(),
        source: plan.source.clone(),
        options: plan.options.clone(),
        ranks: plan.p,
        hosts: reports.iter().map(|r| r.host.clone()).collect(),
        sync: settings.sync.name().into(),
        messages: plan.messages.len(),
        message_bytes: plan.messages.iter().map(|m| m.bytes).sum(),
        total_bytes: plan.network_bytes(),
        repeat: reps,
        total,
        shown,
        phases,
        model: ModelLine {
            formula: plan.model.formula.clone(),
            machine: plan.model.machine.clone(),
            source: plan.model.source.clone(),
            total_us: plan.model.total_us(),
        },
        verified: problem_count == 0,
        problem_count,
        problems,
        baseline,
    }
}

/// A problem as JSON, with its sentence.
fn problem_json(p: &Problem) -> Value {
    let mut v = serde_json::to_value(p).expect("problems serialise");
    if let Value::Object(m) = &mut v {
        m.insert("text".into(), Value::String(p.to_string()));
    }
    v
}

fn baseline(reports: &[RankReport], settings: &Settings) -> Option<Baseline> {
    let all: Vec<&(Vec<f64>, Vec<Problem>)> =
        reports.iter().filter_map(|r| r.baseline.as_ref()).collect();
    let first = all.first()?;
    // A repetition lasts as long as its slowest rank.
    let per_rep: Vec<f64> = (0..first.0.len())
        .map(|i| all.iter().map(|b| b.0[i]).fold(0.0, f64::max))
        .collect();
    Some(Baseline {
        name: settings.baseline.map_or("", |b| b.title()).into(),
        total: Summary::of(&per_rep),
        verified: all.iter().all(|b| b.1.is_empty()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_takes_the_lower_median() {
        let s = Summary::of(&[3.0, 1.0, 2.0, 4.0]);
        assert_eq!((s.min_s, s.median_s), (1.0, 2.0));
        assert_eq!(s.all_s, [3.0, 1.0, 2.0, 4.0]);
        assert_eq!(Summary::of(&[5.0]).median_s, 5.0);
    }
}
