//! `netsim`: the network animator. A schedule's messages (an all-to-all, a
//! Figure 7 matrix or explicit pairs) run through the cycle-level wormhole
//! simulator on the Delta's mesh or the CM-5's fat tree; the recording is
//! played cycle by cycle. Runs the browser cannot hold are refused with
//! the reason, and the caps are said under the settings.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::{D, SEED};
use crate::book::inputs::network::{
    ALGO, BYTES, COLS, NET, Net, PAIRS, PATTERN, Pattern, ROWS, SimRequest, SYNC, SimParams,
};
use crate::book::params::Notice;
use crate::core::algo::Algo;
use crate::core::net::layout::Layout;
use crate::core::sim::{Sync, Timeline, TimelineRun};
use crate::core::step::{Stepper, map};
use std::rc::Rc;

crate::settings! {
    /// The network, the messages, their schedule and how phases follow.
    pub struct NetsimSettings {
        pub net: Net = NET,
        pub rows: usize = ROWS,
        pub cols: usize = COLS,
        pub pattern: Pattern = PATTERN,
        pub algo: Algo = ALGO,
        pub d: usize = D,
        pub seed: u64 = SEED,
        pub bytes: u64 = BYTES,
        pub pairs: String = PAIRS,
        pub sync: Sync = SYNC,
    }
}

/// The network animator.
pub struct Netsim;

/// A finished recording, ready to play.
pub struct Ready {
    pub timeline: Rc<Timeline>,
    pub layout: Rc<Layout>,
    pub delivered: usize,
}

/// The animator's recording, or why there is none.
pub struct SimRun(pub Result<Ready, String>);

impl Figure for Netsim {
    const TITLE: &'static str = "Messages moving through a mesh or a fat tree, cycle by cycle";
    const UNIT: &'static str = "cycle";
    const NOTES: &'static [(&'static str, &'static str)] = &[
        ("net", "Delta on the mesh, CM-5 on the fat tree"),
        (
            "rows",
            "at most 16 (columns 32); an all-to-all is recorded up to 128 processors; a few pairs fit on the whole 16 × 32 Delta",
        ),
        ("bytes", "a recording holds at most 4 M events and 1 M cycles"),
        ("pairs", "e.g. 0:5,3:12"),
    ];
    type Settings = NetsimSettings;
    type Key = SimParams;
    type Output = SimRun;

    fn key(s: &NetsimSettings) -> (SimParams, Vec<Notice>) {
        SimParams::read(&SimRequest {
            net: s.net,
            rows: s.rows,
            cols: s.cols,
            pattern: s.pattern,
            algo: s.algo,
            d: s.d,
            seed: s.seed,
            bytes: s.bytes,
            pairs: &s.pairs,
            sync: s.sync,
        })
    }

    /// Scheduling the messages runs at once (a few milliseconds even for
    /// 512 processors); the simulation runs in slices.
    fn compute(p: &SimParams) -> Box<dyn Stepper<Output = SimRun>> {
        let spec = p.spec;
        let run = TimelineRun::start(spec, p.config(), p.traffic(p.sync));
        Box::new(map(run, move |out| {
            SimRun(match out {
                Ok((r, tl)) => Ok(Ready {
                    timeline: Rc::new(tl),
                    layout: Rc::new(Layout::new(spec)),
                    delivered: r.delivered_messages,
                }),
                Err(e) => Err(e.to_string()),
            })
        }))
    }

    fn steps(r: &SimRun) -> usize {
        match &r.0 {
            Ok(r) => r.timeline.cycles(),
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::pairs;
    use crate::book::figures::checks::run;


    #[test]
    fn the_animator_records_or_says_why_not() {
        let one = run::<Netsim>(&pairs(&[("rows", "1"), ("cols", "1")]));
        assert!(one.steps > 0);
        assert!(one.notices[0].0.contains("at least 2 processors"));
        let big = NetsimSettings {
            rows: 16,
            cols: 16,
            bytes: 4096,
            ..crate::book::settings::Settings::from_values(&Default::default())
        };
        let (key, _) = Netsim::key(&big);
        let out = crate::core::step::run(Netsim::compute(&key));
        let why = out.0.err().unwrap();
        assert!(why.contains("recording every cycle would take"), "{why}");
    }
}
