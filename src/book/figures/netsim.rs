//! `netsim`: the network animator. A schedule's messages (an all-to-all, a
//! Figure 7 matrix or explicit pairs) run through the cycle-level wormhole
//! simulator on the Delta's mesh, the CM-5's fat tree, the iPSC/860's
//! hypercube or a present-day k-ary n-tree; the recording is
//! played cycle by cycle. Runs the browser cannot hold are refused with
//! the reason, and the caps are said under the settings.

use crate::book::figure::{Figure, Limit};
use crate::book::inputs::network::{MESH_LIMITS, SYNC, SimParams};
use crate::book::params::Notice;
use crate::core::net::layout::Layout;
use crate::core::net::TopologySpec;
use crate::core::sim::{self, Film, FilmRun, SimConfig, SimError, SimView, Sync, Traffic, WatchedRun};
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
        bytes: "a run may hold at most 1 M messages and 1,500 M flit moves (about two minutes in the browser): the 16 × 32 all-to-all up to 4 KB, the 1,024-node one up to 256 B",
        pairs: "e.g. 0:5,3:12",
        collective: "for the scatter and gather messages: from and to processor 0",
        k: "for the redistribution: K × processors at most 65,536",
        degree: "the hybrid redistribution schedule's d, at most its shift steps",
    }
}

/// The network animator.
pub struct Netsim;

/// A finished run, ready to play (or one being watched as it is
/// simulated).
pub struct Ready {
    pub film: Rc<Film>,
    pub layout: Rc<Layout>,
    /// Whether and how the film is kept between visits.
    pub shelved: Option<Shelved>,
    /// While a long run is simulated, how long it may take ([`forecast`]).
    pub forecast: Option<String>,
}

/// A film worth keeping between visits: its name on the [`Shelf`], and
/// whether it was opened from there (its bytes) instead of simulated.
#[derive(Clone, Debug, PartialEq)]
pub struct Shelved {
    pub name: String,
    pub opened: Option<usize>,
}

/// Runs of at least this many flit moves (about a second of simulation in
/// a browser, or more) are kept between visits, if the browser lets the
/// book keep them: opening one again costs a read instead of the run.
pub const KEEP_MOVES: u64 = 20_000_000;

/// Whether a run's film is kept between visits: a long run (at least
/// [`KEEP_MOVES`]) of at most [`WATCH_MAX_MESSAGES`] messages. Opening a
/// kept film holds its bytes beside the engine that replays it: for the
/// 1,024-node all-to-all of 64 B (43 MB of film, a million messages) the
/// page reached 241 MB, past the animator's 200 MB, so a film of more
/// messages is simulated again instead.
fn worth_keeping(run: &Filming, t: &Traffic) -> bool {
    run.flit_moves() >= KEEP_MOVES && t.messages.len() <= WATCH_MAX_MESSAGES
}

/// Where finished films are kept between visits: the browser's
/// origin-private file system (`ui::films`); natively there is none.
pub trait Shelf {
    /// The film called `name`: `None` while it is being looked for (ask
    /// again), `Some(None)` if there is none or it cannot be read, else
    /// its bytes ([`Film::to_bytes`]).
    fn find(&self, name: &str) -> Option<Option<Rc<Vec<u8>>>>;
}

thread_local! {
    static SHELF: std::cell::RefCell<Option<Rc<dyn Shelf>>> = const { std::cell::RefCell::new(None) };
}

/// Gives the animator a shelf of kept films (once, in the browser).
pub fn set_shelf(shelf: Rc<dyn Shelf>) {
    SHELF.with(|s| *s.borrow_mut() = Some(shelf));
}

fn shelf() -> Option<Rc<dyn Shelf>> {
    SHELF.with(|s| s.borrow().clone())
}

/// The name a run's film is kept under: a hash of its settings (the shelf
/// adds the build's).
pub fn film_name(p: &SimParams) -> String {
    let h = crate::core::fnv::fnv64(format!("netsim {p:?}").as_bytes());
    format!("{h:016x}")
}

/// The run so far, shown while it goes on.
pub struct Live {
    pub view: Rc<SimView>,
    pub layout: Rc<Layout>,
    /// Messages in the run.
    pub messages: usize,
}

/// The animator's run, the run so far, or why there is none.
pub enum SimRun {
    Ready(Ready),
    Live(Live),
    Refused(String),
}

/// Flit moves a second that the book's simulator made in headless
/// Chromium on a two-core machine (2026-11-26 to 29: the 1,024-node fat
/// tree's all-to-all about 13 M, the whole Delta's 20 to 34 M): the range
/// a forecast is given in.
const BROWSER_MOVES_PER_S: (f64, f64) = (12e6, 35e6);

/// What a reader is told before a long run (one of more than about 30 s
/// at the faster pace): its flit moves and the time they took here.
pub fn forecast(moves: u64) -> Option<String> {
    let (slow, fast) = BROWSER_MOVES_PER_S;
    let (least, most) = (moves as f64 / fast, moves as f64 / slow);
    let span = |s: f64| match s {
        s if s < 90.0 => format!("{} s", (s / 5.0).round() as u64 * 5),
        s => format!("{} min", (s / 60.0).round() as u64),
    };
    (least >= 30.0).then(|| {
        format!(
            "This run makes {} M flit moves: {} to {} of simulation at the pace the book measured in a browser \
             (12 to 35 M moves a second on a two-core machine). It plays as it goes; Cancel stops it.",
            (moves as f64 / 1e6).round() as u64,
            span(least),
            span(most)
        )
    })
}

/// Runs of at most this many messages are watched while they are
/// simulated: the film plays every cycle simulated so far while the rest
/// is simulated. Watching keeps a second engine to replay the film (about
/// 100 bytes a message): the whole Delta's all-to-all (261,632 messages)
/// is watched; the 1,024-node fat tree's (1,047,552) would need 100 MB
/// more, so its player opens when the run is complete.
pub const WATCH_MAX_MESSAGES: usize = 262_144;

/// A run being filmed: watched while it is simulated, or, past
/// [`WATCH_MAX_MESSAGES`], filmed to the end with a live picture.
pub enum Filming {
    Watch(Box<WatchedRun>, Rc<Layout>),
    Run(Box<FilmRun>, Rc<Layout>, usize),
}

impl Filming {
    /// Starts filming `traffic` on `spec`.
    pub fn new(spec: TopologySpec, cfg: &SimConfig, traffic: &Traffic) -> Result<Filming, SimError> {
        let layout = Rc::new(Layout::new(spec));
        let m = traffic.messages.len();
        Ok(if m <= WATCH_MAX_MESSAGES {
            Filming::Watch(Box::new(WatchedRun::new(spec, cfg, traffic)?), layout)
        } else {
            Filming::Run(Box::new(FilmRun::new(spec, cfg, traffic)?), layout, m)
        })
    }

    pub fn step(&mut self) -> bool {
        match self {
            Filming::Watch(w, _) => w.step(),
            Filming::Run(r, ..) => r.step(),
        }
    }

    pub fn progress(&self) -> Progress {
        match self {
            Filming::Watch(w, _) => w.progress(),
            Filming::Run(r, ..) => r.progress(),
        }
    }

    /// The film so far (once it has a cycle), or the network as it stands.
    pub fn preview(&self) -> Option<SimRun> {
        match self {
            Filming::Watch(w, layout) => {
                let film = w.film();
                (film.cycles() > 0).then(|| {
                    SimRun::Ready(Ready {
                        film,
                        layout: layout.clone(),
                        shelved: None,
                        forecast: forecast(w.flit_moves()),
                    })
                })
            }
            Filming::Run(r, layout, m) => Some(SimRun::Live(Live {
                view: Rc::new(r.preview()),
                layout: layout.clone(),
                messages: *m,
            })),
        }
    }

    /// The network's drawing.
    pub fn layout(&self) -> Rc<Layout> {
        match self {
            Filming::Watch(_, l) | Filming::Run(_, l, _) => l.clone(),
        }
    }

    /// Flit moves the whole run makes.
    pub fn flit_moves(&self) -> u64 {
        match self {
            Filming::Watch(w, _) => w.flit_moves(),
            Filming::Run(r, ..) => r.flit_moves(),
        }
    }

    /// The whole film, or why there is none.
    pub fn finish(self) -> SimRun {
        let (film, layout) = match self {
            Filming::Watch(w, layout) => (w.finish(), layout),
            Filming::Run(r, layout, _) => (r.finish().map(Rc::new), layout),
        };
        match film {
            Ok(film) => SimRun::Ready(Ready {
                film,
                layout,
                shelved: None,
                forecast: None,
            }),
            Err(e) => SimRun::Refused(e.to_string()),
        }
    }
}

/// The run's stages: schedule the messages (one step: a few hundred ms for
/// the 1,024-node all-to-all), set the simulator up (one step), simulate.
enum Stage {
    Schedule(SimParams),
    Build(SimParams, Traffic),
    /// A run worth keeping, looked for on the shelf before it is run.
    Look(Box<Look>),
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
    /// The next stage: still looking, the film opened from the shelf, or
    /// the run (to be kept once done) if there is none or it will not open.
    fn next(self) -> Stage {
        let found = match shelf() {
            Some(shelf) => shelf.find(&self.name),
            None => Some(None),
        };
        let Look {
            p,
            traffic,
            run,
            name,
        } = self;
        match found {
            None => Stage::Look(Box::new(Look {
                p,
                traffic,
                run,
                name,
            })),
            Some(Some(bytes)) => {
                // The run's own engines go before the film's is built.
                let layout = run.layout();
                drop(run);
                match Film::open(p.spec, &p.config(), &traffic, &bytes) {
                    Ok(film) => Stage::Opened(SimRun::Ready(Ready {
                        film: Rc::new(film),
                        layout,
                        forecast: None,
                        shelved: Some(Shelved {
                            name,
                            opened: Some(bytes.len()),
                        }),
                    })),
                    // A film that will not open is simulated again (and
                    // kept anew).
                    Err(_) => match Filming::new(p.spec, &p.config(), &traffic) {
                        Ok(run) => Stage::Run(run, Some(Shelved { name, opened: None })),
                        Err(e) => Stage::Refused(e.to_string()),
                    },
                }
            }
            Some(None) => Stage::Run(run, Some(Shelved { name, opened: None })),
        }
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
                    Ok(run) if worth_keeping(&run, &t) && shelf().is_some() => {
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
            Some(Stage::Look(_)) => Progress { done: 4, total: 100 },
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
            bytes: 1024,
            ..crate::book::settings::Settings::from_values(&Default::default())
        };
        let (key, _) = Netsim::key(&big);
        let out = crate::core::step::run(Netsim::compute(&key));
        let SimRun::Refused(why) = out else {
            panic!("a 1,024-node all-to-all of 1 KB is too much traffic")
        };
        assert!(why.contains("flit moves, above the limit"), "{why}");
        // 256 B is 866 M moves, 512 B 1,733 M: over the limit of 1,500 M.
        assert!(why.ends_with("with bytes = 256 fits the limit."), "{why}");
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
