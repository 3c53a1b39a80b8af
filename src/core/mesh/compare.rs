//! The five message-combining scatters side by side on one mesh (paper
//! 001, §3.2): the same source, γ and L, each algorithm's trace, and what
//! they cost, so a view can show all five at the same superstep.
//!
//! ```
//! use commbook_core::mesh::compare::five;
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! let runs = five(&CollectiveConfig::new(Op::Scatter, Algo::Dir, 4, 4)).unwrap();
//! let steps: Vec<usize> = runs.iter().map(|r| r.trace.len()).collect();
//! assert_eq!(steps, [1, 2, 3, 4, 7]);     // 1-lev-dir … logp-lev-rec(0.75)
//! ```

use super::config::{Algo, CollectiveConfig, CollectiveError, Spec};
use super::figures::ALGOS;
use super::trace_rooted;
use super::view::{CollState, caption};
use crate::cost::delta::DeltaCost;
use crate::trace::Trace;

/// One algorithm's run.
#[derive(Clone, Debug)]
pub struct Run {
    /// What ran.
    pub spec: Spec,
    /// Its superstep-by-superstep trace.
    pub trace: Trace<CollState>,
    /// Set-ups on the critical path.
    pub setups: usize,
    /// The largest effective message, in bytes.
    pub largest: u64,
    /// The Delta model's prediction, in µs.
    pub predicted_us: f64,
}

/// Runs the five algorithms of [`ALGOS`] with `base`'s operation, mesh,
/// root and L; `base.gamma` goes to *logp-lev-rec* only (its default when
/// `None`), and `base.algo` is ignored.
pub fn five(base: &CollectiveConfig) -> Result<Vec<Run>, CollectiveError> {
    ALGOS
        .iter()
        .map(|&algo| {
            let gamma = if algo == Algo::LogpLevRec {
                base.gamma
            } else {
                None
            };
            let spec = CollectiveConfig {
                algo,
                gamma,
                ..*base
            }
            .validate()?;
            let (c, trace) = trace_rooted(&spec);
            Ok(Run {
                setups: c.setups(),
                largest: c
                    .supersteps
                    .iter()
                    .flat_map(|s| &s.sends)
                    .map(|s| s.bytes)
                    .max()
                    .unwrap_or(0),
                predicted_us: DeltaCost::delta().collective_us(&c),
                spec,
                trace,
            })
        })
        .collect()
}

/// Steps of the race: the longest run's supersteps.
pub fn len(runs: &[Run]) -> usize {
    runs.iter().map(|r| r.trace.len()).max().unwrap_or(0)
}

/// One sentence for superstep `k` of all five runs.
pub fn race_caption(runs: &[Run], k: usize) -> String {
    let Some(first) = runs.first() else {
        return String::new();
    };
    if k == 0 {
        return format!(
            "{} All five start from the same state.",
            caption(&first.spec, &[])
        );
    }
    let others = first.spec.p() - 1;
    let parts: Vec<String> = runs
        .iter()
        .map(|r| {
            let n = r.trace.len();
            if k > n {
                let s = if n == 1 { "" } else { "s" };
                return format!("{} done after {n} superstep{s}", r.spec.title());
            }
            let st = r.trace.state_at(k);
            let got: u32 = st.arrived.iter().sum();
            let s = if st.sends.len() == 1 { "" } else { "s" };
            format!(
                "{} {} send{s}, {got} of {others} delivered",
                r.spec.title(),
                st.sends.len()
            )
        })
        .collect();
    format!("Superstep {k}: {}.", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::config::Op;

    #[test]
    fn the_race_on_four_by_four() {
        let mut base = CollectiveConfig::new(Op::Scatter, Algo::Dir, 4, 4);
        base.gamma = Some(0.5);
        let runs = five(&base).unwrap();
        assert_eq!(len(&runs), 4);
        assert_eq!(runs[4].spec.title(), "logp-lev-rec(0.5)");
        assert_eq!(
            runs.iter().map(|r| r.setups).collect::<Vec<_>>(),
            [15, 6, 5, 4, 4]
        );
        assert_eq!(runs[0].largest, 1024);
        assert_eq!(runs[3].largest, 8 * 1024);
        assert_eq!(
            race_caption(&runs, 2),
            "Superstep 2: 1-lev-dir done after 1 superstep; 2-lev-rec 12 sends, 15 of 15 delivered; \
             3-lev-sq 4 sends, 7 of 15 delivered; logp-lev-sq 2 sends, 3 of 15 delivered; \
             logp-lev-rec(0.5) 2 sends, 3 of 15 delivered."
        );
        assert!(race_caption(&runs, 0).ends_with("All five start from the same state."));
    }

    #[test]
    fn gathers_count_what_reached_the_destination() {
        let runs = five(&CollectiveConfig::new(Op::Gather, Algo::Dir, 2, 2)).unwrap();
        assert!(race_caption(&runs, 1).contains("1-lev-dir 3 sends, 3 of 3 delivered"));
        let bad = CollectiveConfig {
            root: Some(9),
            ..CollectiveConfig::new(Op::Scatter, Algo::Dir, 2, 2)
        };
        assert!(five(&bad).is_err());
    }
}
