//! The simulation chapter's figures as data, computed natively so the
//! browser only draws them (`ui::widgets::simfig`): what each figure's
//! settings ask for ([`key`]), the sliced computation ([`make`]), and its
//! result ([`FigOut`]).
//!
//! - `netsim`: a recorded run for the network animator ([`SimRun`]).
//! - Three stepped reports ([`Report`]: charts, a table with one row per
//!   step, and a caption per step): paper 004's cluster experiments
//!   (`clusters`, a step per message size), PEX against BEX (`pexbex`, a
//!   step per exchange step) and a schedule's prediction beside its
//!   simulation (`predict`, a step per phase).

use super::params::{Notice, Values};
use super::sim_params::SimParams;
use super::sim_reports::{Report, cluster_report, pexbex_report, predict_report};
use crate::core::net::layout::Layout;
use crate::core::sim::clusters::{self, Experiment};
use crate::core::sim::runs::Runs;
use crate::core::sim::{self as sim, Sync, Timeline, TimelineRun, exchange, predict};
use crate::core::step::{Stepper, map};
use std::rc::Rc;

/// Most flit moves a `predict` run may make in the browser (a few
/// seconds of simulation).
pub const MAX_BROWSER_MOVES: u64 = 40_000_000;

/// A finished recording, ready to play.
pub struct Ready {
    pub timeline: Rc<Timeline>,
    pub layout: Rc<Layout>,
    pub delivered: usize,
}

/// The animator's recording, or why there is none.
pub struct SimRun(pub Result<Ready, String>);

/// What a figure computes, from its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum FigKey {
    /// The animator's run.
    Anim(SimParams),
    Clusters(Experiment, u64),
    PexBex {
        p: usize,
        bytes: u64,
        seed: u64,
    },
    Predict(SimParams),
}

/// What a figure shows.
pub enum FigOut {
    Anim(SimRun),
    Report(Report),
}

impl FigOut {
    /// Steps of the figure's player.
    pub fn steps(&self) -> usize {
        match self {
            FigOut::Anim(SimRun(Ok(r))) => r.timeline.cycles(),
            FigOut::Anim(_) => 0,
            FigOut::Report(r) => r.steps(),
        }
    }
}

/// Reads a figure's settings. The four figures have different settings,
/// so the keys present say which figure this is.
pub fn key(v: &Values) -> (FigKey, Vec<Notice>) {
    let seed = v.int("seed").max(0) as u64;
    let has = |k| v.0.contains_key(k);
    if has("exp") {
        let exp = Experiment::parse(v.choice("exp")).unwrap_or(Experiment::Four);
        (FigKey::Clusters(exp, seed), Vec::new())
    } else if has("p") {
        let (p, bytes) = (v.int("p").max(2) as usize, v.int("bytes").max(1) as u64);
        // Paper 004 defines PEX and BEX (j ⊕ i) and their contention model
        // for powers of two only.
        let mut notes = Vec::new();
        let p = if p.is_power_of_two() {
            p
        } else {
            let down = 1 << p.ilog2();
            notes.push(Notice(format!(
                "p = {p} is not a power of two, which PEX, BEX and paper 004's model need; using p = {down}"
            )));
            down
        };
        (FigKey::PexBex { p, bytes, seed }, notes)
    } else {
        // Only the animator lets the reader choose how phases follow.
        let (p, notes) = SimParams::read(v);
        let k = if has("sync") {
            FigKey::Anim(p)
        } else {
            FigKey::Predict(p)
        };
        (k, notes)
    }
}

/// The computation of a figure, sliced. Scheduling the messages runs at
/// once (a few milliseconds even for 512 processors); the simulations run
/// in slices.
pub fn make(key: &FigKey) -> Box<dyn Stepper<Output = FigOut>> {
    make_into(key, std::convert::identity)
}

/// [`make`], with the result wrapped by `wrap` (the book's figures share
/// one result type, `ui::widgets::figure::Out`).
pub fn make_into<T: 'static>(key: &FigKey, wrap: fn(FigOut) -> T) -> Box<dyn Stepper<Output = T>> {
    match key.clone() {
        FigKey::Anim(p) => {
            let spec = p.spec;
            let run = TimelineRun::start(spec, p.config(), p.traffic(p.sync));
            Box::new(map(run, move |out| {
                wrap(FigOut::Anim(SimRun(match out {
                    Ok((r, tl)) => Ok(Ready {
                        timeline: Rc::new(tl),
                        layout: Rc::new(Layout::new(spec)),
                        delivered: r.delivered_messages,
                    }),
                    Err(e) => Err(e.to_string()),
                })))
            }))
        }
        FigKey::Clusters(exp, seed) => Box::new(map(clusters::run(exp, seed), move |rows| {
            wrap(FigOut::Report(cluster_report(exp, &rows)))
        })),
        FigKey::PexBex { p, bytes, seed } => {
            Box::new(map(exchange::run(p, bytes, seed), move |s| {
                wrap(FigOut::Report(pexbex_report(&s)))
            }))
        }
        FigKey::Predict(params) => {
            let (spec, cfg) = (params.spec, params.config());
            let traffic = params.traffic(Sync::Barrier);
            // Refused inputs come back from the run as an error; only the
            // browser's own cap is checked here.
            let moves = sim::check(spec, &cfg, &traffic).map_or(0, |c| c.1);
            let too_many = moves > MAX_BROWSER_MOVES;
            let jobs = if too_many {
                Vec::new()
            } else {
                vec![(spec, cfg, traffic.clone())]
            };
            Box::new(map(Runs::new(jobs), move |mut out| {
                wrap(FigOut::Report(match out.pop() {
                    Some(Ok(r)) => predict_report(&predict::compare(spec, &cfg, &traffic, &r)),
                    Some(Err(e)) => Report::refused(e.to_string()),
                    None => Report::refused(format!(
                        "This schedule needs {moves} flit moves; the browser stops at {MAX_BROWSER_MOVES}. Choose fewer processors or shorter messages."
                    )),
                }))
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::read;
    use crate::book::widgets::find;
    use crate::core::step::run;

    fn report(widget: &str, raw: &[(&str, &str)]) -> Report {
        let raw: Vec<(String, String)> = raw
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let (v, _) = read(find(widget).unwrap().params, &raw, "");
        match run(make(&key(&v).0)) {
            FigOut::Report(r) => r,
            FigOut::Anim(_) => panic!("{widget} is not a report"),
        }
    }

    #[test]
    fn pex_and_bex_take_a_power_of_two() {
        let raw = vec![("p".to_string(), "48".to_string())];
        let (v, _) = read(find("pexbex").unwrap().params, &raw, "");
        let (k, notes) = key(&v);
        assert!(matches!(k, FigKey::PexBex { p: 32, .. }), "{k:?}");
        assert!(notes[0].0.contains("not a power of two"), "{notes:?}");
    }

    #[test]
    fn each_figure_has_a_row_and_a_caption_per_step() {
        let c = report("clusters", &[("exp", "ds")]);
        assert_eq!(c.steps(), clusters::SIZES.len());
        assert_eq!(c.charts[0].0.series.len(), 3);
        let x = report("pexbex", &[("p", "8"), ("bytes", "64")]);
        assert_eq!((x.steps(), x.charts.len()), (7, 2));
        // The charts mark where the player is: step i of the exchange.
        assert_eq!((x.x_at(0), x.x_at(3), x.x_at(8)), (None, Some(3.0), None));
        assert_eq!(c.x_at(1), Some(clusters::SIZES[0] as f64));
        let p = report("predict", &[("rows", "2"), ("cols", "4")]);
        assert_eq!((p.steps(), p.unit, &p.refused), (7, "phase", &None));
        assert!(
            p.caption(0).starts_with("7 phases: τ + Mφ predicts"),
            "{}",
            p.caption(0)
        );
        // On the fat tree paper 004's model joins.
        let t = report(
            "predict",
            &[("net", "fattree"), ("rows", "2"), ("cols", "4")],
        );
        assert_eq!(t.charts[0].0.series.len(), 3);
        assert_eq!(p.charts[0].0.series.len(), 2);
    }

    #[test]
    fn the_animator_records_or_says_why_not() {
        let anim = |raw: &[(&str, &str)]| {
            let raw: Vec<(String, String)> = raw
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            let (v, _) = read(find("netsim").unwrap().params, &raw, "");
            let (k, notes) = key(&v);
            match run(make(&k)) {
                FigOut::Anim(SimRun(r)) => (r.map(|r| r.timeline.cycles()), notes),
                FigOut::Report(_) => panic!("netsim is the animator"),
            }
        };
        let (cycles, notes) = anim(&[("rows", "1"), ("cols", "1")]);
        assert!(cycles.unwrap() > 0);
        assert!(notes[0].0.contains("at least 2 processors"));
        let (refused, _) = anim(&[("rows", "16"), ("cols", "16"), ("bytes", "4096")]);
        assert!(
            refused
                .unwrap_err()
                .contains("recording every cycle would take")
        );
    }

    #[test]
    fn too_big_a_run_is_refused_with_a_reason() {
        let p = report(
            "predict",
            &[("rows", "16"), ("cols", "32"), ("bytes", "16384")],
        );
        let why = p.refused.clone().unwrap();
        assert!(why.contains("flit moves"), "{why}");
        assert_eq!(p.caption(0), why);
    }
}
