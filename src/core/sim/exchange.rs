//! PEX against BEX on the simulated CM-5, step by step (paper 004 §4.2,
//! §4.4): each step's exchanges are simulated on their own (all pairs at
//! once, every processor sending L bytes to its partner and receiving L
//! back) and set beside the contention model's prediction for the step.
//!
//! For each step the model's f(i) ([`crate::cost::fatload::link_load`]:
//! messages per link on the busiest bundle of links, an average) is shown
//! next to what the simulation saw: the most messages that crossed any one
//! link, which random up-routing can make larger than the average.

use super::runs::{Job, Runs};
use super::{SimConfig, SimResult, Traffic};
use crate::algo::cm5::order::Order;
use crate::cost::contention::ContentionCost;
use crate::cost::fatload::link_load;
use crate::net::TopologySpec;
use crate::step::{Stepper, map};

/// One step of one exchange.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepFigures {
    /// The model's f(i) (at least 1 once anything leaves a processor).
    pub f: f64,
    /// Messages on the busiest link in the simulation.
    pub busiest: f64,
    /// Simulated cycles of the step.
    pub cycles: u64,
    /// α + L·max(β_ex, f(i)·β_sat), in µs.
    pub model_us: f64,
}

/// Both exchanges, step by step.
#[derive(Clone, Debug, PartialEq)]
pub struct ExchangeSteps {
    pub p: usize,
    pub bytes: u64,
    pub pex: Vec<StepFigures>,
    pub bex: Vec<StepFigures>,
}

/// Both ways of every meeting of a step.
fn both_ways(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect()
}

/// Simulates every step of PEX and of BEX on p processors with `bytes`
/// per message; `seed` draws the up-routes.
pub fn run(p: usize, bytes: u64, seed: u64) -> impl Stepper<Output = ExchangeSteps> {
    let spec = TopologySpec::FatTree { procs: p };
    let orders = [Order::pex(p), Order::bex(p)];
    let steps: Vec<Vec<(usize, usize)>> = orders.iter().flat_map(|o| o.all()).collect();
    // Step k of either exchange draws its routes from seed + k, so PEX's
    // and BEX's k-th steps share their luck but steps differ from each other.
    let per_step = steps.len() / 2;
    let jobs: Vec<Job> = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cfg = SimConfig {
                seed: seed.wrapping_add((i % per_step.max(1)) as u64),
                ..SimConfig::cm5()
            };
            (spec, cfg, Traffic::pairs(p, &both_ways(s), bytes))
        })
        .collect();
    let links = spec.build().links();
    let flits = SimConfig::cm5().packet.flits(bytes).max(1);
    map(Runs::new(jobs), move |results| {
        let model = ContentionCost::cm5();
        let figures: Vec<StepFigures> = steps
            .iter()
            .zip(&results)
            .map(|(s, r)| {
                let f = link_load(p, both_ways(s)).max(1.0);
                let (cycles, busiest) = match r {
                    Ok(r) => (r.cycles, busiest(r, links) as f64 / flits as f64),
                    Err(_) => (0, 0.0),
                };
                StepFigures {
                    f,
                    busiest,
                    cycles,
                    model_us: model.step_us(bytes, f, true),
                }
            })
            .collect();
        let half = figures.len() / 2;
        ExchangeSteps {
            p,
            bytes,
            pex: figures[..half].to_vec(),
            bex: figures[half..].to_vec(),
        }
    })
}

/// Flits on the busiest link of a run.
fn busiest(r: &SimResult, links: usize) -> u64 {
    r.links[..links].iter().map(|l| l.busy).max().unwrap_or(0)
}

impl ExchangeSteps {
    /// Total simulated cycles of (PEX, BEX), steps one after another.
    pub fn totals(&self) -> (u64, u64) {
        let sum = |v: &[StepFigures]| v.iter().map(|s| s.cycles).sum();
        (sum(&self.pex), sum(&self.bex))
    }

    /// One sentence about step `k` (1-based; 0 for the whole run).
    pub fn caption(&self, k: usize) -> String {
        let us = |c: u64| c as f64 * super::config::CM5_CYCLE_US;
        let (Some(a), Some(b)) = (
            self.pex.get(k.wrapping_sub(1)),
            self.bex.get(k.wrapping_sub(1)),
        ) else {
            let (pex, bex) = self.totals();
            return format!(
                "Complete exchange of {} bytes on {} processors, each step simulated on its own: PEX takes {:.1} ms and BEX {:.1} ms in all.",
                self.bytes,
                self.p,
                us(pex) / 1000.0,
                us(bex) / 1000.0
            );
        };
        let why = if a.f > b.f {
            "BEX keeps some pairs inside their cluster, so fewer messages share the links between clusters"
        } else if a.f < b.f {
            "here BEX sends more messages across than PEX"
        } else {
            "the two load the busiest links alike"
        };
        let model = crate::cost::contention::ContentionCost::cm5();
        let predicted = |f: f64| model.step_us(self.bytes, f, true);
        format!(
            "Step {k}: PEX f = {:.2}, busiest link {:.2} messages, {:.0} µs (model {:.0} µs); BEX f = {:.2}, busiest link {:.2} messages, {:.0} µs (model {:.0} µs): {why}.",
            a.f,
            a.busiest,
            us(a.cycles),
            predicted(a.f),
            b.f,
            b.busiest,
            us(b.cycles),
            predicted(b.f)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run as finish;

    #[test]
    fn bex_relieves_the_late_steps_on_32() {
        let r = finish(Box::new(run(32, 1024, 1)));
        assert_eq!((r.pex.len(), r.bex.len()), (31, 31));
        // The model: 1 inside clusters of 16, then 2 for PEX and 1.75 for BEX.
        assert!(r.pex[..15].iter().all(|s| s.f == 1.0));
        assert!(r.pex[15..].iter().all(|s| s.f == 2.0));
        assert!(r.bex[16..].iter().all(|s| s.f == 1.75));
        // The simulation: late steps take longer than early ones; BEX's late
        // steps load the busiest links less and finish sooner, its early
        // steps (where two processors per cluster already cross) later.
        let sum = |v: &[StepFigures], r: std::ops::Range<usize>| {
            v[r].iter().map(|s| s.cycles).sum::<u64>()
        };
        let early = r.pex[..15].iter().map(|s| s.cycles).max().unwrap();
        assert!(r.pex[16..].iter().all(|s| s.cycles > early));
        assert!(sum(&r.bex, 16..31) < sum(&r.pex, 16..31));
        assert!(sum(&r.bex, 0..15) > sum(&r.pex, 0..15));
        let load = |v: &[StepFigures]| v[16..].iter().map(|s| s.busiest).sum::<f64>();
        assert!(load(&r.bex) < load(&r.pex));
        // Across clusters, random up-routes put at least the model's average
        // on the busiest link.
        assert!(r.pex[15..].iter().all(|s| s.busiest >= s.f));
        assert!(
            r.caption(20).starts_with("Step 20: PEX f = 2.00"),
            "{}",
            r.caption(20)
        );
        assert!(r.caption(0).contains("PEX takes"));
    }
}
