//! Options some algorithms need beyond the matrix and the seed: the
//! topology of RS_NL/RS_NLH and the split factor of RS_NH/RS_NLH.

use super::cm5::{self, Cm5Algo};
use super::rs::{self, RsConfig, RsError, RsVariant};
use super::{Algo, Run};
use crate::com::Com;
use crate::net::TopologySpec;

/// How to run an algorithm: the seed, and the options only some use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunOptions {
    /// Feeds the randomised algorithms.
    pub seed: u64,
    /// RS_NL/RS_NLH: the network; `None` means the fat tree of n processors.
    pub topology: Option<TopologySpec>,
    /// RS_NH/RS_NLH: the split factor h; `None` means the default.
    pub split: Option<f64>,
}

impl RunOptions {
    /// Just a seed.
    pub fn new(seed: u64) -> Self {
        RunOptions {
            seed,
            topology: None,
            split: None,
        }
    }

    /// Checks the options against `algo` and the matrix.
    pub fn validate(&self, algo: Algo, com: &Com) -> Result<(), RsError> {
        match rs_variant(algo) {
            Some(v) => self.rs_config(v).validate(com),
            None if self.topology.is_some() => Err(RsError::TopologyUnused {
                variant: algo.name(),
            }),
            None if self.split.is_some() => Err(RsError::SplitUnused {
                variant: algo.name(),
            }),
            None => Ok(()),
        }
    }

    fn rs_config(&self, variant: RsVariant) -> RsConfig {
        RsConfig {
            variant,
            seed: self.seed,
            topology: self.topology,
            split: self.split,
        }
    }

    /// The network whose links `algo` keeps apart on n processors, if any:
    /// what the verifier must route on.
    pub fn routing_topology(&self, algo: Algo, n: usize) -> Option<TopologySpec> {
        rs_variant(algo).and_then(|v| self.rs_config(v).topology(n))
    }
}

/// The RS variant behind an algorithm name, if it is one.
pub fn rs_variant(algo: Algo) -> Option<RsVariant> {
    match algo {
        Algo::RsN => Some(RsVariant::N),
        Algo::RsNl => Some(RsVariant::Nl),
        Algo::RsNh => Some(RsVariant::Nh),
        Algo::RsNlh => Some(RsVariant::Nlh),
        _ => None,
    }
}

/// The paper 004 scheduler behind an algorithm name, if it is one.
pub fn cm5_algo(algo: Algo) -> Option<Cm5Algo> {
    match algo {
        Algo::Ls => Some(Cm5Algo::Ls),
        Algo::Ps => Some(Cm5Algo::Ps),
        Algo::Bs => Some(Cm5Algo::Bs),
        Algo::Gs => Some(Cm5Algo::Gs),
        _ => None,
    }
}

/// Runs `algo` with options, after checking them.
pub fn run_with(algo: Algo, com: &Com, opts: &RunOptions) -> Result<Run, RsError> {
    opts.validate(algo, com)?;
    Ok(match rs_variant(algo) {
        Some(v) => run_rs(com, &opts.rs_config(v)),
        None => super::run(algo, com, opts.seed),
    })
}

/// Runs an RS variant whose configuration has been validated.
pub(super) fn run_rs(com: &Com, cfg: &RsConfig) -> Run {
    let out = crate::step::run(Box::new(rs::Rs::new(com, cfg, false)));
    Run {
        schedule: out.schedule,
        probes: out.probes,
    }
}

/// Runs LS, PS, BS or GS.
pub(super) fn run_cm5(algo: Cm5Algo, com: &Com) -> Run {
    let out = cm5::schedule(algo, com);
    Run {
        schedule: out.schedule,
        probes: out.probes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn every_algorithm_runs_and_options_are_checked() {
        let com = crate::com::nonuniform::NonuniformConfig::new(8, 3, 1)
            .generate()
            .unwrap();
        for &a in Algo::ALL {
            let run = run_with(a, &com, &RunOptions::new(3)).unwrap();
            assert_eq!(run, super::super::run(a, &com, 3), "{a:?}");
            let net = RunOptions::new(3).routing_topology(a, 8).map(|t| t.build());
            let routing = net.as_deref().map(crate::net::StaticRouting);
            assert_eq!(
                verify(&com, &run.schedule, routing.as_ref().map(|r| r as _)),
                Ok(()),
                "{a:?}"
            );
        }
        let mesh = RunOptions {
            topology: Some(TopologySpec::Mesh { rows: 2, cols: 4 }),
            ..RunOptions::new(0)
        };
        assert!(run_with(Algo::RsNl, &com, &mesh).is_ok());
        assert_eq!(
            run_with(Algo::Gs, &com, &mesh).unwrap_err().to_string(),
            "gs does not look at links; a topology is for rs-nl and rs-nlh"
        );
        let split = RunOptions {
            split: Some(2.0),
            ..RunOptions::new(0)
        };
        assert!(run_with(Algo::Lp, &com, &split).is_err());
        assert!(run_with(Algo::RsNlh, &com, &split).is_ok());
    }
}
