//! A watched run simulated in a Web Worker ([`RemoteRun`]): the page holds
//! only the film, which absorbs the chunks the worker sends
//! ([`crate::core::sim::FilmWork`] on its side); the page's thread is left
//! to play, and a run too large for two engines in one tab is watched too.
//! The browser's workers are `ui::film_worker`; natively there are none,
//! and a worker that cannot start or fails hands the run back to the page
//! ([`Filming`](super::film::Filming) simulates it there from the start).

use crate::core::net::TopologySpec;
use crate::core::sim::{Chunk, DiskFolder, Film, FilmJob, SimConfig, SimError, Simulator, Traffic};
use crate::core::step::Progress;
use std::rc::Rc;

/// Runs of at least this many flit moves (about half a second of
/// simulation in a browser) go to a worker when there is one: starting it
/// and loading the simulator there costs a few hundred milliseconds.
pub const WORKER_MOVES: u64 = 10_000_000;

/// What a film worker has sent the page.
pub enum Fed {
    /// A chunk's bytes, and the flits delivered of all the run delivers.
    Chunk(Vec<u8>, Progress),
    /// The simulator refused or stopped the run (its own reason).
    Refused(String),
    /// The worker could not start or failed: the page takes the run over.
    Broken(String),
    /// A group of checkpoints written to disk: its head
    /// ([`crate::core::sim::spill::SpillHead`] as bytes).
    Spilled(Vec<u8>),
    /// The disk refused checkpoints (the reason): seeks replay from
    /// memory.
    Unspilled(String),
}

/// A run in a worker: what it has sent since last asked. Dropping it
/// stops the worker.
pub trait Feed {
    fn take(&self) -> Vec<Fed>;
    /// Where the worker writes the run's checkpoints on disk, if it may.
    fn folder(&self) -> Option<Rc<dyn DiskFolder>> {
        None
    }
}

/// Where runs may be simulated off the page's thread.
pub trait FilmWorkers {
    /// Starts a worker on a job's bytes ([`FilmJob::to_bytes`]); `None` if
    /// none can be started here.
    fn start(&self, job: &[u8]) -> Option<Box<dyn Feed>>;
    /// The least flit moves of a run worth a worker.
    fn least_moves(&self) -> u64 {
        WORKER_MOVES
    }
}

thread_local! {
    static WORKERS: std::cell::RefCell<Option<Rc<dyn FilmWorkers>>> = const { std::cell::RefCell::new(None) };
}

/// Gives the animator workers to simulate its long runs in (once, in the
/// browser).
pub fn set_film_workers(w: Rc<dyn FilmWorkers>) {
    WORKERS.with(|s| *s.borrow_mut() = Some(w));
}

fn film_workers() -> Option<Rc<dyn FilmWorkers>> {
    WORKERS.with(|s| s.borrow().clone())
}

/// Where a run in a worker stands after the page has taken what it sent.
pub enum Heard {
    Going,
    Complete,
    Refused(String),
    /// The worker failed; the page must simulate the run itself.
    Broken(String),
}

/// A run simulated in a worker, watched on the page.
pub struct RemoteRun {
    film: Rc<Film>,
    feed: Box<dyn Feed>,
    /// The job, should the page have to take the run over.
    job: Vec<u8>,
    progress: Progress,
    moves: u64,
}

impl RemoteRun {
    /// Hands the run to a worker if there is one and the run is long
    /// enough to be worth it (`moves` flit moves, at least
    /// [`WORKER_MOVES`]); `None` otherwise. The page builds the film's
    /// own replaying engine meanwhile.
    pub fn start(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
        moves: u64,
    ) -> Result<Option<RemoteRun>, SimError> {
        let Some(workers) = film_workers().filter(|w| moves >= w.least_moves()) else {
            return Ok(None);
        };
        let job = FilmJob::encode(spec, cfg, traffic);
        let Some(feed) = workers.start(&job) else {
            return Ok(None);
        };
        // The film's own engine is built while the worker starts.
        let film = Film::watched(spec, Simulator::new(spec, cfg, traffic)?);
        if let Some(folder) = feed.folder() {
            film.set_disk_folder(folder);
        }
        Ok(Some(RemoteRun {
            film: Rc::new(film),
            feed,
            job,
            progress: Progress { done: 0, total: 1 },
            moves,
        }))
    }

    /// Takes in what the worker has sent.
    pub fn hear(&mut self) -> Heard {
        for fed in self.feed.take() {
            match fed {
                Fed::Chunk(bytes, progress) => match Chunk::from_bytes(&bytes) {
                    Ok(chunk) => {
                        self.progress = progress;
                        let last = chunk.is_last();
                        self.film.absorb(chunk);
                        if last {
                            return Heard::Complete;
                        }
                    }
                    Err(why) => {
                        return Heard::Broken(format!("the worker sent a bad chunk: {why}"));
                    }
                },
                Fed::Refused(why) => return Heard::Refused(why),
                Fed::Broken(why) => return Heard::Broken(why),
                Fed::Spilled(head) => {
                    if let Err(why) = self.film.spilled(&head) {
                        self.film
                            .disk_refused(format!("the worker sent a bad group head: {why}"));
                    }
                }
                Fed::Unspilled(why) => self.film.disk_refused(why),
            }
        }
        Heard::Going
    }

    /// The film so far.
    pub fn film(&self) -> Rc<Film> {
        self.film.clone()
    }

    /// The job, for the page to run it itself.
    pub fn job(&self) -> Result<FilmJob, String> {
        FilmJob::from_bytes(&self.job)
    }

    pub fn progress(&self) -> Progress {
        self.progress
    }

    pub fn flit_moves(&self) -> u64 {
        self.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::inputs::film::{Filming, SimRun};
    use crate::core::sim::{FilmWork, Sync};
    use std::cell::{Cell, RefCell};

    /// A worker that runs in the test's thread, a few chunks each time it
    /// is asked, through bytes as a real one does; `break_after` chunks
    /// it stops as a failed worker would.
    #[derive(Default)]
    struct InThread {
        break_after: Option<usize>,
        refuse: bool,
        /// Checkpoints for disk every so many moves; the disk refuses
        /// them after `full` groups.
        spill: Option<(u64, usize)>,
    }

    struct InThreadFeed {
        work: RefCell<FilmWork>,
        sent: Cell<usize>,
        break_after: Option<usize>,
        refuse: bool,
        full: usize,
        folder: Option<Rc<dyn DiskFolder>>,
    }

    thread_local! {
        /// The folders of checkpoints on disk dropped (deleted).
        static DELETED: Cell<usize> = const { Cell::new(0) };
    }

    struct Folder;

    impl DiskFolder for Folder {
        fn name(&self) -> String {
            "test".into()
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            DELETED.with(|d| d.set(d.get() + 1));
        }
    }

    impl FilmWorkers for InThread {
        fn start(&self, job: &[u8]) -> Option<Box<dyn Feed>> {
            let job = FilmJob::from_bytes(job).ok()?;
            let mut work = FilmWork::new(&job).ok()?.chunked(2_000, 300);
            if let Some((every, _)) = self.spill {
                work.spill_every(every);
            }
            Some(Box::new(InThreadFeed {
                work: RefCell::new(work),
                sent: Cell::new(0),
                break_after: self.break_after,
                refuse: self.refuse,
                full: self.spill.map_or(0, |(_, full)| full),
                folder: self.spill.map(|_| Rc::new(Folder) as Rc<dyn DiskFolder>),
            }))
        }
        fn least_moves(&self) -> u64 {
            0
        }
    }

    impl Feed for InThreadFeed {
        fn take(&self) -> Vec<Fed> {
            let mut out = Vec::new();
            let mut work = self.work.borrow_mut();
            while out.len() < 3 && !work.is_over() {
                if self.break_after == Some(self.sent.get()) {
                    out.push(Fed::Broken("stopped".into()));
                    break;
                }
                if let Some(chunk) = work.step() {
                    self.sent.set(self.sent.get() + 1);
                    // Groups written go before the chunk, as from a worker.
                    while let Some((head, _)) = work.next_group() {
                        if head.group as usize == self.full {
                            work.stop_spill();
                            out.push(Fed::Unspilled("the storage quota is full".into()));
                            break;
                        }
                        out.push(Fed::Spilled(head.to_bytes()));
                    }
                    out.push(Fed::Chunk(chunk.to_bytes(), work.progress()));
                }
            }
            if self.refuse && work.is_over() {
                out.push(Fed::Refused("too long".into()));
            }
            out
        }

        fn folder(&self) -> Option<Rc<dyn DiskFolder>> {
            self.folder.clone()
        }
    }

    fn case() -> (TopologySpec, SimConfig, Traffic) {
        let spec = TopologySpec::FatTree { procs: 16 };
        let mut t = crate::core::sim::bench::xor_alltoall(16, 64);
        t.sync = Sync::Loose;
        (spec, SimConfig::cm5(), t)
    }

    /// The film filmed with `workers`, stepped as the page steps it.
    fn filmed(workers: InThread) -> (SimRun, usize) {
        set_film_workers(Rc::new(workers));
        let (spec, cfg, t) = case();
        let mut run = Filming::new(spec, &cfg, &t).unwrap();
        let mut elsewhere = 0;
        while run.step() {
            elsewhere += run.elsewhere() as usize;
        }
        // A finished run stays finished (a stepper's finish steps again).
        assert!(!run.step());
        (run.finish(), elsewhere)
    }

    fn on_page() -> Rc<Film> {
        let (spec, cfg, t) = case();
        let run = crate::core::sim::WatchedRun::new(spec, &cfg, &t).unwrap();
        crate::core::step::run(Box::new(run)).unwrap()
    }

    fn film(r: SimRun) -> Rc<Film> {
        match r {
            SimRun::Ready(r) => r.film,
            _ => panic!("a film"),
        }
    }

    #[test]
    fn a_run_in_a_worker_films_what_the_page_would() {
        let (remote, elsewhere) = filmed(InThread::default());
        assert!(elsewhere > 3, "the steps took in chunks: {elsewhere}");
        let (remote, local) = (film(remote), on_page());
        assert!(remote.is_complete());
        assert_eq!(remote.to_bytes(), local.to_bytes());
        for pos in [0, 1, remote.cycles() / 3, remote.cycles()] {
            let (a, b) = (remote.frame(pos), local.frame(pos));
            assert_eq!(remote.caption(&a), local.caption(&b), "cycle {pos}");
        }
    }

    #[test]
    fn a_worker_that_fails_hands_the_run_to_the_page() {
        for after in [0, 2] {
            let (remote, _) = filmed(InThread {
                break_after: Some(after),
                ..InThread::default()
            });
            assert_eq!(
                film(remote).to_bytes(),
                on_page().to_bytes(),
                "broken after {after}"
            );
        }
    }

    #[test]
    fn a_run_the_worker_refuses_says_why() {
        let (out, _) = filmed(InThread {
            refuse: true,
            ..InThread::default()
        });
        assert!(matches!(out, SimRun::Ready(_)), "the last chunk came first");
        set_film_workers(Rc::new(InThread {
            break_after: Some(usize::MAX),
            refuse: true,
            ..InThread::default()
        }));
        let (spec, cfg, t) = case();
        let mut run = Filming::new(spec, &cfg, &t).unwrap();
        // A worker that says no before its last chunk.
        if let Filming::Remote(r, ..) = &mut run {
            r.feed = Box::new(Refusing);
        }
        while run.step() {}
        let SimRun::Refused(why) = run.finish() else {
            panic!("refused")
        };
        assert_eq!(why, "too long");
    }

    #[test]
    fn a_worker_that_writes_checkpoints_to_disk_tells_the_film_where_they_are() {
        let before = DELETED.with(|d| d.get());
        let (remote, _) = filmed(InThread {
            spill: Some((400, usize::MAX)),
            ..InThread::default()
        });
        let remote = film(remote);
        let used = remote.disk_use();
        assert!(used.checkpoints > 8 && used.bytes > 0, "{used:?}");
        assert_eq!(used.refused, None);
        assert!(
            remote.longest_replay() < 2_000,
            "{}",
            remote.longest_replay()
        );
        assert_eq!(
            remote.disk_folder().map(|f| f.name()).as_deref(),
            Some("test")
        );
        // The film shows what the page's own run shows.
        let local = on_page();
        assert_eq!(*remote.links(), *local.links());
        for pos in [1, remote.cycles() / 2, remote.cycles()] {
            let (a, b) = (remote.frame(pos), local.frame(pos));
            assert_eq!(remote.caption(&a), local.caption(&b), "cycle {pos}");
        }
        // The folder goes with the film.
        assert_eq!(DELETED.with(|d| d.get()), before);
        drop(remote);
        assert_eq!(DELETED.with(|d| d.get()), before + 1);
        // A full disk: the film says why, and keeps what was written.
        let (full, _) = filmed(InThread {
            spill: Some((400, 2)),
            ..InThread::default()
        });
        let used = film(full).disk_use();
        assert_eq!(used.checkpoints, 2 * crate::core::sim::spill::GROUP);
        assert_eq!(used.refused.as_deref(), Some("the storage quota is full"));
    }

    struct Refusing;

    impl Feed for Refusing {
        fn take(&self) -> Vec<Fed> {
            vec![Fed::Refused("too long".into())]
        }
    }
}
