//! `netsim`: the network animator. A schedule's messages (an all-to-all, a
//! Figure 7 matrix or explicit pairs) run through the cycle-level wormhole
//! simulator on the Delta's mesh, the CM-5's fat tree, the iPSC/860's
//! hypercube or a present-day k-ary n-tree; the recording is
//! played cycle by cycle. Runs the browser cannot hold are refused with
//! the reason, and the caps are said under the settings.

use crate::book::figure::{Figure, Limit};
use crate::book::inputs::film::{KeptFile, Piece, film_name, shelf, worth_keeping};
pub use crate::book::inputs::film::{
    Filming, KEEP_MOVES, Live, Ready, Shelf, Shelved, SimRun, WATCH_MAX_MESSAGES, forecast,
    seek_note, set_shelf,
};
use crate::book::inputs::network::{MESH_LIMITS, SYNC, SimParams};
use crate::book::params::Notice;
use crate::core::net::layout::Layout;
use crate::core::sim::{self, FilmOpener, Opened, Sync, Traffic};
use crate::core::step::{Progress, Stepper};
use std::rc::Rc;

crate::book::inputs::network::sim_settings! {
    /// The network, the messages, their schedule and how phases follow.
    pub struct NetsimSettings {
        pub sync: Sync = SYNC,
    }
    notes {
        net: "Delta on the mesh, CM-5 on the fat tree, iPSC/860 on the hypercube, an InfiniBand EDR cluster on the k-ary n-tree (kary)",
        rows: "the mesh up to 16 × 32 (the whole Delta), the fat tree and the hypercube up to 32 × 32 = 1,024 processors (the hypercube a power of two)",
        arity: "for the k-ary n-tree (net = kary), with levels instead of rows and columns: arity^levels processors, at most 1,024",
        bytes: "a run may hold at most 1 M messages and 15,000 M flit moves (a quarter of an hour or more in the browser): the 16 × 32 all-to-all up to 16 KB, the 1,024-node one up to 4 KB",
        pairs: "e.g. 0:5,3:12",
        collective: "for the scatter and gather messages: from and to processor 0",
        k: "for the redistribution: K × processors at most 65,536",
        degree: "the hybrid redistribution schedule's d, at most its shift steps",
    }
}

/// The network animator.
pub struct Netsim;


/// The run's stages: schedule the messages (one step: a few hundred ms for
/// the 1,024-node all-to-all), set the simulator up (one step), simulate.
enum Stage {
    Schedule(SimParams),
    Build(SimParams, Traffic),
    /// A run worth keeping, looked for on the shelf before it is run.
    Look(Box<Look>),
    /// A kept film being opened, a block of its file at a time.
    Open(Box<Open>),
    Run(Filming, Option<Shelved>),
    Opened(SimRun),
    Refused(String),
}

/// A run being looked for on the shelf.
struct Look {
    p: SimParams,
    traffic: Traffic,
    run: Filming,
    name: String,
}

impl Look {
    /// The next stage: still looking, the film being opened from the
    /// shelf, or the run (to be kept once done) if there is none.
    fn next(self) -> Stage {
        let found = match shelf() {
            Some(shelf) => shelf.find(&self.name),
            None => Some(None),
        };
        let Some(found) = found else {
            return Stage::Look(Box::new(self));
        };
        let Look {
            p,
            traffic,
            run,
            name,
        } = self;
        let Some(file) = found else {
            return Stage::Run(run, Some(Shelved { name, opened: None }));
        };
        // The run's own engines go before the film's is built.
        let layout = run.layout();
        drop(run);
        match FilmOpener::new(p.spec, &p.config(), &traffic) {
            Ok(opener) => Stage::Open(Box::new(Open {
                p,
                traffic,
                name,
                layout,
                file,
                opener,
            })),
            Err(_) => simulate_anew(p, traffic, name),
        }
    }
}

/// A kept film being opened ([`Stage::Open`]).
struct Open {
    p: SimParams,
    traffic: Traffic,
    name: String,
    layout: Rc<Layout>,
    file: Rc<dyn KeptFile>,
    opener: FilmOpener,
}

impl Open {
    /// The next stage: still opening, the film, or, if its file will not
    /// open, the run simulated again (and kept anew).
    fn next(mut self) -> Stage {
        let fed = match self.file.next() {
            Piece::Waiting => return Stage::Open(Box::new(self)),
            Piece::Bytes(b) => self.opener.feed(&b),
            Piece::End => {
                let Open {
                    p,
                    traffic,
                    name,
                    layout,
                    opener,
                    ..
                } = self;
                return match opener.finish() {
                    Ok(Opened {
                        film,
                        folder,
                        bytes,
                    }) => {
                        if let (Some(folder), Some(shelf)) = (folder, shelf()) {
                            film.set_disk_folder(shelf.kept_folder(&folder));
                        }
                        Stage::Opened(SimRun::Ready(Ready {
                            seeks: seek_note(&film),
                            film: Rc::new(film),
                            layout,
                            forecast: None,
                            shelved: Some(Shelved {
                                name,
                                opened: Some(bytes),
                            }),
                        }))
                    }
                    Err(_) => simulate_anew(p, traffic, name),
                };
            }
            Piece::Failed(why) => Err(why),
        };
        match fed {
            Ok(()) => Stage::Open(Box::new(self)),
            Err(_) => simulate_anew(self.p, self.traffic, self.name),
        }
    }
}

/// A kept film that will not open: the run simulated again (and kept
/// anew).
fn simulate_anew(p: SimParams, traffic: Traffic, name: String) -> Stage {
    match Filming::new(p.spec, &p.config(), &traffic) {
        Ok(run) => Stage::Run(run, Some(Shelved { name, opened: None })),
        Err(e) => Stage::Refused(e.to_string()),
    }
}

/// [`Netsim`]'s computation.
struct NetsimRun(Option<Stage>);

impl Stepper for NetsimRun {
    type Output = SimRun;

    fn step(&mut self) -> bool {
        let next = match self.0.take() {
            Some(Stage::Schedule(p)) => {
                let t = p.traffic(p.sync);
                Stage::Build(p, t)
            }
            Some(Stage::Build(p, t)) => {
                let cfg = p.config();
                match Filming::new(p.spec, &cfg, &t) {
                    Ok(run) if worth_keeping(&run) && shelf().is_some() => {
                        let name = film_name(&p);
                        Stage::Look(Box::new(Look {
                            p,
                            traffic: t,
                            run,
                            name,
                        }))
                    }
                    Ok(run) => Stage::Run(run, None),
                    Err(e) => Stage::Refused(sim::explain(&e, p.spec, &cfg, &t, Some(p.bytes))),
                }
            }
            Some(Stage::Look(look)) => (*look).next(),
            Some(Stage::Open(open)) => (*open).next(),
            Some(Stage::Run(mut run, shelved)) => {
                let more = run.step();
                self.0 = Some(Stage::Run(run, shelved));
                return more;
            }
            other => {
                self.0 = other;
                return false;
            }
        };
        self.0 = Some(next);
        true
    }

    /// Scheduling and set-up count as the first 5 %.
    fn progress(&self) -> Progress {
        match &self.0 {
            Some(Stage::Schedule(_)) => Progress { done: 0, total: 100 },
            Some(Stage::Build(..)) => Progress { done: 2, total: 100 },
            Some(Stage::Look(_) | Stage::Open(_)) => Progress { done: 4, total: 100 },
            Some(Stage::Run(run, _)) => {
                let f = run.progress().fraction();
                Progress {
                    done: 5 + (95.0 * f) as u64,
                    total: 100,
                }
            }
            _ => Progress { done: 1, total: 1 },
        }
    }

    fn preview(&self) -> Option<SimRun> {
        match &self.0 {
            Some(Stage::Run(run, _)) => run.preview(),
            _ => None,
        }
    }

    fn elsewhere(&self) -> bool {
        matches!(&self.0, Some(Stage::Run(run, _)) if run.elsewhere())
    }

    fn finish(mut self: Box<Self>) -> SimRun {
        while self.step() {}
        match self.0.take() {
            Some(Stage::Run(run, shelved)) => match run.finish() {
                SimRun::Ready(r) => SimRun::Ready(Ready { shelved, ..r }),
                other => other,
            },
            Some(Stage::Opened(run)) => run,
            Some(Stage::Refused(why)) => SimRun::Refused(why),
            _ => SimRun::Refused("the run stopped before it began".into()),
        }
    }
}

impl Figure for Netsim {
    const TITLE: &'static str =
        "Messages moving through a mesh, a fat tree, a hypercube or a k-ary n-tree, cycle by cycle";
    const UNIT: &'static str = "cycle";
    const LIMITS: &'static [Limit] = MESH_LIMITS;
    type Settings = NetsimSettings;
    type Key = SimParams;
    type Output = SimRun;

    fn key(s: &NetsimSettings) -> (SimParams, Vec<Notice>) {
        SimParams::read(&s.request(s.sync))
    }

    /// Scheduling, setting up and simulating each run in slices, with a
    /// live picture of the network while the simulation goes on.
    fn compute(p: &SimParams) -> Box<dyn Stepper<Output = SimRun>> {
        Box::new(NetsimRun(Some(Stage::Schedule(p.clone()))))
    }

    fn steps(r: &SimRun) -> usize {
        match r {
            SimRun::Ready(r) => r.film.cycles(),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::run;
    use crate::book::inputs::network::Net;
    use crate::book::params::pairs;

    #[test]
    fn the_animator_records_or_says_why_not() {
        let one = run::<Netsim>(&pairs(&[("rows", "1"), ("cols", "1")]));
        assert!(one.steps > 0);
        assert!(one.notices[0].0.contains("at least 2 processors"));
        let big = NetsimSettings {
            net: Net::FatTree,
            rows: 32,
            cols: 32,
            bytes: 8192,
            ..crate::book::settings::Settings::from_values(&Default::default())
        };
        let (key, _) = Netsim::key(&big);
        let out = crate::core::step::run(Netsim::compute(&key));
        let SimRun::Refused(why) = out else {
            panic!("a 1,024-node all-to-all of 8 KB is too much traffic")
        };
        assert!(why.contains("flit moves, above the limit"), "{why}");
        // 4 KB is 13,900 M moves, 8 KB 27,800 M: over the limit of 15,000 M.
        assert!(why.ends_with("with bytes = 4096 fits the limit."), "{why}");
    }

    #[test]
    fn a_long_run_is_forecast_before_it_is_simulated() {
        assert_eq!(forecast(500_000_000), None, "under 30 s at the faster pace");
        let f = forecast(1_214_000_000).unwrap();
        assert!(f.starts_with("This run makes 1214 M flit moves: 35 s to 2 min of simulation"), "{f}");
        // The whole Delta's all-to-all of 4 KB is watched with its forecast.
        let (key, _) = Netsim::key(&NetsimSettings {
            rows: 16,
            cols: 32,
            bytes: 4096,
            ..crate::book::settings::Settings::from_values(&Default::default())
        });
        let mut run = Netsim::compute(&key);
        let preview = loop {
            assert!(run.step());
            if let Some(p) = run.preview() {
                break p;
            }
        };
        let SimRun::Ready(r) = preview else { panic!("a watched film") };
        assert!(r.forecast.unwrap().starts_with("This run makes 1214 M flit moves"));
    }

    #[test]
    fn a_mesh_link_past_16_rows_opens_the_default_as_released() {
        use crate::book::params::Notice;
        let entry = crate::book::figures::find("netsim").unwrap();
        let open = |raw: &[(&str, &str)]| {
            let (v, n) = entry.read(&entry.defaults(), &pairs(raw), "netsim.");
            (v.int("rows"), n)
        };
        assert_eq!(
            open(&[("rows", "17")]),
            (4, vec![Notice("netsim.rows: 17 is outside 1…16; using 4".into())])
        );
        assert_eq!(open(&[("net", "fattree"), ("rows", "32")]), (32, vec![]));
        assert_eq!(open(&[("rows", "16")]), (16, vec![]));
    }

    #[test]
    fn a_kary_tree_is_animated_with_its_own_settings() {
        let r = run::<Netsim>(&pairs(&[
            ("net", "kary"),
            ("arity", "2"),
            ("levels", "3"),
            ("pattern", "perm"),
            ("bytes", "256"),
        ]));
        assert!(r.notices.is_empty(), "{:?}", r.notices);
        assert!(r.steps > 0);
        let r = run::<Netsim>(&pairs(&[("net", "kary"), ("arity", "4"), ("levels", "6"), ("pattern", "perm")]));
        assert!(r.notices[0].0.contains("using 5 levels of arity 4"), "{:?}", r.notices);
        // The defaults: the 64-processor 4-ary 3-tree.
        let entry = crate::book::figures::find("netsim").unwrap();
        let (v, n) = entry.read(&entry.defaults(), &pairs(&[("net", "kary")]), "netsim.");
        assert_eq!((v.int("arity"), v.int("levels"), n), (4, 3, vec![]));
    }

    #[test]
    fn a_complete_exchange_runs_on_the_fat_tree() {
        let r = run::<Netsim>(&pairs(&[("net", "fattree"), ("algo", "pex"), ("rows", "2"), ("cols", "4")]));
        assert!(r.notices.is_empty(), "{:?}", r.notices);
        assert!(r.steps > 0);
    }
}
