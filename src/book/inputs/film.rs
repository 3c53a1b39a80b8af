//! A simulation filmed for the network animator (`netsim`, and the lab's
//! animator): watched while it runs or run to its end ([`Filming`]), what
//! the figure shows of it ([`SimRun`]), what a reader is told before a long
//! run ([`forecast`]), and the shelf films are kept on between visits
//! ([`Shelf`], in the browser `ui::films`).

use super::film_remote::{Heard, RemoteRun};
use crate::book::inputs::network::SimParams;
use crate::core::net::TopologySpec;
use crate::core::net::layout::Layout;
use crate::core::sim::{
    DiskFolder, Film, FilmRun, SimConfig, SimError, SimView, Traffic, WatchedRun,
};
use crate::core::step::{Progress, Stepper};
use std::rc::Rc;

/// A finished run, ready to play (or one being watched as it is
/// simulated).
pub struct Ready {
    pub film: Rc<Film>,
    pub layout: Rc<Layout>,
    /// Whether and how the film is kept between visits.
    pub shelved: Option<Shelved>,
    /// While a long run is simulated, how long it may take ([`forecast`]).
    pub forecast: Option<String>,
    /// Once it is complete, how long a seek may take if that is more than
    /// the animator's 50 ms ([`seek_note`]).
    pub seeks: Option<String>,
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
/// [`KEEP_MOVES`]). A kept film is opened a piece at a time
/// ([`FilmOpener`](crate::core::sim::FilmOpener)), so even the 1,024-node
/// all-to-all's (a million messages) takes the page no more memory than
/// simulating it.
pub(crate) fn worth_keeping(run: &Filming) -> bool {
    run.flit_moves() >= KEEP_MOVES
}

/// What reading a kept film's file has given so far
/// ([`KeptFile::next`]).
pub enum Piece {
    /// The next bytes are being read: ask again.
    Waiting,
    Bytes(Vec<u8>),
    /// Every byte was given.
    End,
    Failed(String),
}

/// A kept film's file, read a block at a time.
pub trait KeptFile {
    /// The next bytes of the file (the next block is read meanwhile).
    fn next(&self) -> Piece;
}

/// Where finished films are kept between visits: the browser's
/// origin-private file system (`ui::films`); natively there is none.
pub trait Shelf {
    /// The film called `name`: `None` while it is being looked for (ask
    /// again), `Some(None)` if there is none or it cannot be read, else
    /// its file ([`Film::pieces`]'s bytes).
    fn find(&self, name: &str) -> Option<Option<Rc<dyn KeptFile>>>;

    /// The folder of a kept film's checkpoints on disk (named in its
    /// file), to be held by the film opened from it.
    fn kept_folder(&self, folder: &str) -> Rc<dyn DiskFolder>;
}

thread_local! {
    static SHELF: std::cell::RefCell<Option<Rc<dyn Shelf>>> = const { std::cell::RefCell::new(None) };
}

/// Gives the animator a shelf of kept films (once, in the browser).
pub fn set_shelf(shelf: Rc<dyn Shelf>) {
    SHELF.with(|s| *s.borrow_mut() = Some(shelf));
}

pub(crate) fn shelf() -> Option<Rc<dyn Shelf>> {
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

/// Flit moves a seek may replay and still be shown within about 50 ms
/// (with restoring and painting) at the faster browser pace the book
/// measured ([`BROWSER_MOVES_PER_S`]).
const QUICK_REPLAY: u64 = 1_500_000;

/// What a reader is told of a film whose seeks may be slow: one whose
/// checkpoints, kept within their memory, lie more than [`QUICK_REPLAY`]
/// flit moves apart (the longest runs: the 1,024-node all-to-all from
/// 256 B on).
pub fn seek_note(film: &Film) -> Option<String> {
    let most = film.longest_replay();
    let (slow, fast) = BROWSER_MOVES_PER_S;
    let span = |s: f64| match s {
        s if s < 1.0 => format!("{} ms", (s * 100.0).round() as u64 * 10),
        s if s < 90.0 => format!("{s:.1} s"),
        s => format!("{} min", (s / 60.0).round() as u64),
    };
    (most > QUICK_REPLAY).then(|| {
        format!(
            "A seek in this run can take {} to {}: it replays from the nearest checkpoint, and this run's checkpoints, \
             kept in memory, lie up to {:.1} M flit moves apart. Playing on from the cycle shown is not slowed.",
            span(most as f64 / fast),
            span(most as f64 / slow),
            most as f64 / 1e6
        )
    })
}

/// Runs of at most this many messages are watched while they are
/// simulated on the page's own thread (every run is, in a film worker):
/// the film plays every cycle simulated so far while the rest is
/// simulated. Watching keeps a second engine to replay the film (about
/// 100 bytes a message): the whole Delta's all-to-all (261,632 messages)
/// is watched; the 1,024-node fat tree's (1,047,552) would need 100 MB
/// more in the page, so without a worker its player opens when the run is
/// complete.
pub const WATCH_MAX_MESSAGES: usize = 262_144;

/// A run being filmed: simulated in a Web Worker and watched on the page
/// (long runs, where the browser has workers), watched while it is
/// simulated on the page, or, past [`WATCH_MAX_MESSAGES`] without a
/// worker, filmed to the end with a live picture.
pub enum Filming {
    Remote(Box<RemoteRun>, Rc<Layout>, Option<String>),
    Watch(Box<WatchedRun>, Rc<Layout>),
    Run(Box<FilmRun>, Rc<Layout>, usize),
}

impl Filming {
    /// Starts filming `traffic` on `spec`.
    pub fn new(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<Filming, SimError> {
        let layout = Rc::new(Layout::new(spec));
        let (_, moves) = crate::core::sim::check(spec, cfg, traffic)?;
        if let Some(remote) = RemoteRun::start(spec, cfg, traffic, moves)? {
            return Ok(Filming::Remote(Box::new(remote), layout, None));
        }
        Filming::on_page(spec, cfg, traffic, layout)
    }

    /// The run simulated on the page's thread.
    fn on_page(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
        layout: Rc<Layout>,
    ) -> Result<Filming, SimError> {
        let m = traffic.messages.len();
        Ok(if m <= WATCH_MAX_MESSAGES {
            Filming::Watch(Box::new(WatchedRun::new(spec, cfg, traffic)?), layout)
        } else {
            Filming::Run(Box::new(FilmRun::new(spec, cfg, traffic)?), layout, m)
        })
    }

    pub fn step(&mut self) -> bool {
        match self {
            // Over: a finished run's steps (its finish steps again) hear
            // nothing more.
            Filming::Remote(r, _, refused) if refused.is_some() || r.film().is_complete() => false,
            Filming::Remote(r, layout, refused) => match r.hear() {
                Heard::Going => true,
                Heard::Complete => false,
                Heard::Refused(why) => {
                    *refused = Some(why);
                    false
                }
                Heard::Broken(_) => {
                    // The page takes the run over, from its first cycle.
                    let taken = r.job().and_then(|j| {
                        Filming::on_page(j.spec, &j.cfg, &j.traffic, layout.clone())
                            .map_err(|e| e.to_string())
                    });
                    match taken {
                        Ok(run) => {
                            *self = run;
                            true
                        }
                        Err(why) => {
                            *refused = Some(why);
                            false
                        }
                    }
                }
            },
            Filming::Watch(w, _) => w.step(),
            Filming::Run(r, ..) => r.step(),
        }
    }

    /// Whether a worker simulates the run (the page only takes in what it
    /// sends).
    pub fn elsewhere(&self) -> bool {
        matches!(self, Filming::Remote(..))
    }

    pub fn progress(&self) -> Progress {
        match self {
            Filming::Remote(r, ..) => r.progress(),
            Filming::Watch(w, _) => w.progress(),
            Filming::Run(r, ..) => r.progress(),
        }
    }

    /// The film so far (once it has a cycle), or the network as it stands.
    pub fn preview(&self) -> Option<SimRun> {
        let growing = |film: Rc<Film>, layout: &Rc<Layout>, moves| {
            (film.cycles() > 0).then(|| {
                SimRun::Ready(Ready {
                    film,
                    layout: layout.clone(),
                    shelved: None,
                    forecast: forecast(moves),
                    seeks: None,
                })
            })
        };
        match self {
            Filming::Remote(r, layout, _) => growing(r.film(), layout, r.flit_moves()),
            Filming::Watch(w, layout) => growing(w.film(), layout, w.flit_moves()),
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
            Filming::Remote(_, l, _) | Filming::Watch(_, l) | Filming::Run(_, l, _) => l.clone(),
        }
    }

    /// Flit moves the whole run makes.
    pub fn flit_moves(&self) -> u64 {
        match self {
            Filming::Remote(r, ..) => r.flit_moves(),
            Filming::Watch(w, _) => w.flit_moves(),
            Filming::Run(r, ..) => r.flit_moves(),
        }
    }

    /// The whole film, or why there is none.
    pub fn finish(self) -> SimRun {
        let (film, layout) = match self {
            Filming::Remote(r, layout, refused) => match refused {
                Some(why) => return SimRun::Refused(why),
                None if r.film().is_complete() => (Ok(r.film()), layout),
                None => return SimRun::Refused("the run stopped before it ended".into()),
            },
            Filming::Watch(w, layout) => (w.finish(), layout),
            Filming::Run(r, layout, _) => (r.finish().map(Rc::new), layout),
        };
        match film {
            Ok(film) => SimRun::Ready(Ready {
                seeks: seek_note(&film),
                film,
                layout,
                shelved: None,
                forecast: None,
            }),
            Err(e) => SimRun::Refused(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::sim::bench::xor_alltoall;

    /// A film of the 64-node fat tree's all-to-all of 256 B (2.4 M flit
    /// moves) with checkpoints every `every` moves.
    fn film(every: u64) -> Film {
        let spec = TopologySpec::FatTree { procs: 64 };
        let run = FilmRun::new(spec, &SimConfig::cm5(), &xor_alltoall(64, 256))
            .unwrap()
            .with_spacing(every, u64::MAX);
        crate::core::step::run(Box::new(run)).unwrap()
    }

    #[test]
    fn a_film_whose_seeks_may_be_slow_says_so() {
        let sparse = film(u64::MAX);
        let total: u64 = (1..=sparse.cycles())
            .map(|p| sparse.activity(p) as u64)
            .sum();
        assert_eq!(
            sparse.longest_replay(),
            total,
            "one checkpoint: the whole run"
        );
        let note = seek_note(&sparse).expect("a note");
        assert!(note.starts_with("A seek in this run can take "), "{note}");
        assert!(
            note.contains(&format!(
                "lie up to {:.1} M flit moves apart",
                total as f64 / 1e6
            )),
            "{note}"
        );
        let dense = film(200_000);
        assert!(
            dense.longest_replay() < 400_000,
            "{}",
            dense.longest_replay()
        );
        assert_eq!(seek_note(&dense), None);
    }
}
