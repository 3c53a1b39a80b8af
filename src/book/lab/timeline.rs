//! A measured timeline, imported into the lab beside the model.
//!
//! The schema is `commbook-timeline/1`, what `commbook-mpi --json` writes
//! (README, "On a real cluster"). The lab needs only part of it, so a
//! timeline from any other tool can be written by hand:
//! `{"schema": "commbook-timeline/1", "phases": [{"phase": 1, "ranks":
//! [{"rank": 0, "start_s": 0.0, "end_s": 0.0012, "bytes_sent": 512,
//! "bytes_received": 256}, …]}, …]}`; `algo`, `ranks` (the rank count),
//! a phase's `model_us` and `span.median_s`, and `model.total_us` are read
//! when present. A phase's measured time is its span, the last end less
//! the first start over its ranks (`span.median_s` when the runner
//! repeated the schedule).

use serde::Deserialize;

/// The schema this reader takes.
pub const SCHEMA: &str = "commbook-timeline/1";

/// Most phases and ranks the lab draws (a timeline of the largest matrix).
pub const MAX_PHASES: usize = 100_000;

#[derive(Deserialize)]
struct Raw {
    schema: Option<String>,
    algo: Option<String>,
    ranks: Option<usize>,
    phases: Option<Vec<RawPhase>>,
    verified: Option<bool>,
}

#[derive(Deserialize)]
struct RawPhase {
    phase: Option<usize>,
    model_us: Option<f64>,
    span: Option<RawSpan>,
    ranks: Option<Vec<RawRank>>,
}

#[derive(Deserialize)]
struct RawSpan {
    median_s: Option<f64>,
}

#[derive(Deserialize)]
struct RawRank {
    rank: usize,
    start_s: f64,
    end_s: f64,
    #[serde(default)]
    bytes_sent: u64,
}

/// One measured phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    /// Numbered from 1, as the runner numbers them.
    pub number: usize,
    /// Measured span, µs.
    pub measured_us: f64,
    /// The runner's own model of the phase, µs, if it wrote one.
    pub runner_model_us: Option<f64>,
    /// Bytes sent by all ranks in the phase.
    pub bytes: u64,
    /// The rank that finished last, and when (µs from the phase's start).
    pub last_rank: usize,
    /// Each rank's (start, end) in µs from the timeline's start.
    pub ranks: Vec<(usize, f64, f64)>,
}

/// A timeline as the lab shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    pub algo: Option<String>,
    pub ranks: usize,
    pub phases: Vec<Phase>,
    /// The runner checked every byte and found it right.
    pub verified: Option<bool>,
}

impl Timeline {
    /// Reads a timeline; the error says what is missing or wrong.
    pub fn read(text: &str) -> Result<Timeline, String> {
        let raw: Raw = serde_json::from_str(text.trim())
            .map_err(|e| format!("the timeline is not valid JSON of schema {SCHEMA}: {e}"))?;
        match raw.schema.as_deref() {
            Some(SCHEMA) => {}
            Some(other) => {
                return Err(format!(
                    "the timeline's schema is \"{other}\"; the lab reads \"{SCHEMA}\""
                ));
            }
            None => {
                return Err(format!(
                    "the timeline has no \"schema\" (expected \"{SCHEMA}\")"
                ));
            }
        }
        let raw_phases = raw.phases.ok_or("the timeline has no \"phases\" list")?;
        if raw_phases.len() > MAX_PHASES {
            return Err(format!(
                "the timeline has {} phases; the lab reads at most {MAX_PHASES}",
                raw_phases.len()
            ));
        }
        let mut phases = Vec::with_capacity(raw_phases.len());
        let mut top_rank = 0;
        for (k, p) in raw_phases.into_iter().enumerate() {
            let number = p.phase.unwrap_or(k + 1);
            let ranks = p
                .ranks
                .ok_or_else(|| format!("phase {number} has no \"ranks\" list"))?;
            let mut lo = f64::INFINITY;
            let (mut hi, mut last, mut bytes) = (f64::NEG_INFINITY, 0, 0u64);
            let mut spans = Vec::with_capacity(ranks.len());
            for r in &ranks {
                if !(r.start_s.is_finite() && r.end_s.is_finite()) || r.end_s < r.start_s {
                    return Err(format!(
                        "phase {number}, rank {}: start_s {} and end_s {} are not a time span",
                        r.rank, r.start_s, r.end_s
                    ));
                }
                lo = lo.min(r.start_s);
                if r.end_s > hi {
                    (hi, last) = (r.end_s, r.rank);
                }
                bytes += r.bytes_sent;
                top_rank = top_rank.max(r.rank + 1);
                spans.push((r.rank, r.start_s * 1e6, r.end_s * 1e6));
            }
            let measured_s = match p.span.and_then(|s| s.median_s) {
                Some(s) if s.is_finite() && s >= 0.0 => s,
                _ if ranks.is_empty() => 0.0,
                _ => hi - lo,
            };
            phases.push(Phase {
                number,
                measured_us: measured_s * 1e6,
                runner_model_us: p.model_us.filter(|m| m.is_finite()),
                bytes,
                last_rank: last,
                ranks: spans,
            });
        }
        Ok(Timeline {
            algo: raw.algo,
            ranks: raw.ranks.unwrap_or(top_rank),
            phases,
            verified: raw.verified,
        })
    }

    /// Measured time over all phases, µs.
    pub fn total_us(&self) -> f64 {
        self.phases.iter().map(|p| p.measured_us).sum()
    }

    /// What does not match the schedule it is compared with: another
    /// algorithm, another number of processors or phases.
    pub fn mismatches(&self, algo: &str, n: usize, phases: usize) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(a) = self.algo.as_deref().filter(|a| *a != algo) {
            out.push(format!("the timeline ran {a}, the selected row is {algo}"));
        }
        if self.ranks != n {
            out.push(format!(
                "the timeline has {} ranks, the matrix {n} processors",
                self.ranks
            ));
        }
        if self.phases.len() != phases {
            out.push(format!(
                "the timeline has {} phases, the selected schedule {phases}",
                self.phases.len()
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_runners_output() {
        let t =
            Timeline::read(include_str!("../../../tests/fixtures/timeline-lp-nu8.json")).unwrap();
        assert_eq!(t.algo.as_deref(), Some("lp"));
        assert_eq!(t.ranks, 8);
        assert_eq!(t.verified, Some(true));
        assert!(!t.phases.is_empty());
        assert!(
            t.phases
                .iter()
                .all(|p| p.measured_us >= 0.0 && p.runner_model_us.is_some())
        );
        assert!(t.mismatches("lp", 8, t.phases.len()).is_empty());
        assert_eq!(t.mismatches("gs", 9, 1).len(), 3);
    }

    #[test]
    fn a_hand_written_timeline_and_bad_ones() {
        let t = Timeline::read(
            r#"{"schema":"commbook-timeline/1","phases":[{"ranks":[{"rank":0,"start_s":0,"end_s":0.002,"bytes_sent":5},{"rank":1,"start_s":0.001,"end_s":0.003}]}]}"#,
        )
        .unwrap();
        assert_eq!(t.ranks, 2);
        assert_eq!(t.phases[0].number, 1);
        assert!((t.phases[0].measured_us - 3000.0).abs() < 1e-6);
        assert_eq!((t.phases[0].bytes, t.phases[0].last_rank), (5, 1));
        let e = |s: &str| Timeline::read(s).unwrap_err();
        assert!(e("{").contains("not valid JSON"));
        assert!(e(r#"{"phases":[]}"#).contains("no \"schema\""));
        assert!(e(r#"{"schema":"x/2","phases":[]}"#).contains("\"x/2\""));
        assert!(e(r#"{"schema":"commbook-timeline/1"}"#).contains("no \"phases\""));
        assert!(
            e(r#"{"schema":"commbook-timeline/1","phases":[{"phase":3}]}"#)
                .contains("phase 3 has no")
        );
        let back = r#"{"schema":"commbook-timeline/1","phases":[{"ranks":[{"rank":0,"start_s":2,"end_s":1}]}]}"#;
        assert!(e(back).contains("not a time span"));
    }
}
