//! A watched run handed to a Web Worker: what to simulate as bytes
//! ([`FilmJob`]), and the worker's side of the run ([`FilmWork`]), which
//! simulates it and hands back its [`Chunk`]s as bytes for the page's
//! [`Film`](super::Film) to absorb.
//!
//! The page keeps only the film (one replaying engine and the
//! checkpoints); the running engine lives in the worker's own memory and
//! its own thread, so the page stays free to play while the run goes on,
//! and a run too large for two engines in one tab (the 1,024-node
//! all-to-all) can be watched too.
//!
//! The job's bytes are the book's varints: a check word, the network's
//! name (`fattree:1024`), the machine's parameters, and the messages in
//! phase order (each phase as the step from the one before). Reading them
//! checks every count against the bytes left and every word against its
//! list, and the simulator checks the rest, so bytes that are not a job
//! are an error, never a panic.

use super::config::{PacketFormat, RecvPolicy, SimConfig, UpRouting};
use super::film_chunk::In;
use super::film_run::{CHUNK_CYCLES, CHUNK_MOVES, FilmRun};
use super::spill::{SpillHead, Spiller};
use super::traffic::{SimMessage, Sync, Traffic};
use super::varint::Writer;
use super::{Chunk, SimError};
use crate::keyword::Keyword;
use crate::net::TopologySpec;
use crate::step::Progress;

/// What a job's bytes start with.
const MAGIC: &[u8; 8] = b"cbjob001";

/// A run to simulate elsewhere: the network, the machine, the messages.
#[derive(Clone, Debug, PartialEq)]
pub struct FilmJob {
    pub spec: TopologySpec,
    pub cfg: SimConfig,
    pub traffic: Traffic,
}

impl FilmJob {
    /// The job as bytes (about four bytes a message).
    pub fn to_bytes(&self) -> Vec<u8> {
        FilmJob::encode(self.spec, &self.cfg, &self.traffic)
    }

    /// The bytes of the job of `traffic` on `spec` (without a copy of the
    /// traffic).
    pub fn encode(spec: TopologySpec, c: &SimConfig, t: &Traffic) -> Vec<u8> {
        let mut w = Writer::default();
        w.bytes.extend_from_slice(MAGIC);
        let name = spec.name();
        w.u(name.len() as u64);
        w.bytes.extend_from_slice(name.as_bytes());
        for x in [
            c.packet.data_bytes,
            c.packet.header_bytes,
            c.packet.flit_bytes,
            c.startup,
            c.packet_gap,
            c.buffer,
            c.send_limit,
            c.recv_limit,
        ] {
            w.u(x as u64);
        }
        word(&mut w, c.up_routing.word());
        word(&mut w, c.recv_policy.word());
        w.u(c.seed);
        w.u(t.n as u64);
        w.u(t.phases as u64);
        word(&mut w, t.sync.word());
        w.u(t.messages.len() as u64);
        let mut phase = 0;
        for m in &t.messages {
            w.u(m.src as u64);
            w.u(m.dst as u64);
            w.u(m.bytes);
            // Messages come in phase order; a phase out of order is
            // written as a step back, which the reader refuses.
            w.i(m.phase as i64 - phase as i64);
            phase = m.phase;
        }
        w.bytes
    }

    /// What [`FilmJob::to_bytes`] wrote, or why `bytes` are not a job.
    pub fn from_bytes(bytes: &[u8]) -> Result<FilmJob, String> {
        if bytes.get(..MAGIC.len()) != Some(MAGIC) {
            return Err("these bytes are not a simulation job of this book".into());
        }
        let mut r = In::new(&bytes[MAGIC.len()..]);
        let n = r.count()?;
        let name = std::str::from_utf8(r.bytes(n)?).map_err(|_| "a job's network is not text")?;
        let spec = TopologySpec::parse(name)?;
        let mut x = || -> Result<u32, String> { r.u32() };
        let packet = PacketFormat {
            data_bytes: x()?,
            header_bytes: x()?,
            flit_bytes: x()?,
        };
        let (startup, packet_gap, buffer, send_limit, recv_limit) = (x()?, x()?, x()?, x()?, x()?);
        let cfg = SimConfig {
            packet,
            startup,
            packet_gap,
            buffer,
            send_limit,
            recv_limit,
            up_routing: keyword::<UpRouting>(&mut r, "up-routing")?,
            recv_policy: keyword::<RecvPolicy>(&mut r, "receive policy")?,
            seed: r.u()?,
        };
        let n = usize::try_from(r.u()?).map_err(|_| "a job's processors do not fit")?;
        let phases = r.count()?;
        let sync = keyword::<Sync>(&mut r, "synchronisation")?;
        let count = r.count()?;
        let mut messages = Vec::with_capacity(count);
        let mut phase = 0usize;
        for _ in 0..count {
            let (src, dst, bytes) = (r.u()? as usize, r.u()? as usize, r.u()?);
            let step = zigzag(r.u()?);
            phase = usize::try_from(step)
                .ok()
                .and_then(|s| phase.checked_add(s))
                .filter(|&p| p < phases.max(1))
                .ok_or("a job's messages are not in phase order")?;
            messages.push(SimMessage {
                src,
                dst,
                bytes,
                phase,
            });
        }
        r.done()?;
        Ok(FilmJob {
            spec,
            cfg,
            traffic: Traffic {
                n,
                messages,
                phases,
                sync,
            },
        })
    }
}

fn word(w: &mut Writer, s: &str) {
    w.u(s.len() as u64);
    w.bytes.extend_from_slice(s.as_bytes());
}

fn keyword<K: Keyword>(r: &mut In, what: &str) -> Result<K, String> {
    let n = r.count()?;
    let s = std::str::from_utf8(r.bytes(n)?).map_err(|_| format!("a job's {what} is not text"))?;
    K::from_keyword(s).ok_or_else(|| format!("a job's {what} {s:?} is not one the book knows"))
}

fn zigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

/// The worker's side of a watched run: the run, and when its next chunk
/// is due (every [`CHUNK_MOVES`] flit moves or [`CHUNK_CYCLES`] cycles,
/// and the first as soon as there is a cycle to show).
pub struct FilmWork {
    run: FilmRun,
    /// Moves and cycle at the last chunk.
    last: (u64, u64),
    every: (u64, u64),
    sent_first: bool,
    over: bool,
}

impl FilmWork {
    /// The run of `job`, or why the simulator refuses it.
    pub fn new(job: &FilmJob) -> Result<FilmWork, SimError> {
        Ok(FilmWork::of(FilmRun::journaled(
            job.spec,
            &job.cfg,
            &job.traffic,
        )?))
    }

    pub(super) fn of(run: FilmRun) -> FilmWork {
        FilmWork {
            run,
            last: (0, 0),
            every: (CHUNK_MOVES, CHUNK_CYCLES),
            sent_first: false,
            over: false,
        }
    }

    /// Chunks every `moves` flit moves or `cycles` cycles.
    pub fn chunked(mut self, moves: u64, cycles: u64) -> Self {
        self.every = (moves.max(1), cycles.max(1));
        self
    }

    pub(super) fn run_mut(&mut self) -> &mut FilmRun {
        &mut self.run
    }

    pub(super) fn run(&self) -> &FilmRun {
        &self.run
    }

    /// Simulates a batch of cycles; returns the chunk that became due, if
    /// one did (the last one once the run is over, then nothing more).
    pub fn step(&mut self) -> Option<Chunk> {
        if self.over {
            return None;
        }
        let more = crate::step::Stepper::step(&mut self.run);
        let (moved, now) = (self.run.moved(), self.run.cycle());
        let due = !more
            || !self.sent_first
            || moved - self.last.0 >= self.every.0
            || now - self.last.1 >= self.every.1;
        self.over = !more;
        if self.over {
            self.run.flush_spill();
        }
        if !due {
            return None;
        }
        self.sent_first = true;
        self.last = (moved, now);
        Some(self.run.chunk())
    }

    /// Takes checkpoints for disk ([`super::spill`]) every `moves` flit
    /// moves ([`super::spill::SPILL_MOVES`] in the browser) where those in memory lie
    /// farther apart; call before the first step.
    pub fn spill_every(&mut self, moves: u64) {
        self.run.spill = Some(Spiller::new(moves));
    }

    /// The next group of checkpoints to write to disk (its head, as bytes
    /// for the page, and the file's bytes), oldest first; take them all
    /// after each chunk, and before sending it.
    pub fn next_group(&mut self) -> Option<(SpillHead, Vec<u8>)> {
        self.run.spill.as_mut()?.next_group()
    }

    /// Once, when the film has written as much to disk as one film may:
    /// why the rest of the run keeps its checkpoints in memory only.
    pub fn spill_full(&mut self) -> Option<String> {
        self.run.spill.as_mut()?.full()
    }

    /// The disk refused a group: no more are taken.
    pub fn stop_spill(&mut self) {
        if let Some(s) = &mut self.run.spill {
            s.stop();
        }
    }

    /// Whether the run is over (its last chunk taken).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Why the run failed, once it is over, if it did.
    pub fn failure(&mut self) -> Option<SimError> {
        self.run.failed.take()
    }

    /// Flits delivered of all the run delivers.
    pub fn progress(&self) -> Progress {
        crate::step::Stepper::progress(&self.run)
    }

    /// Flit moves the whole run makes.
    pub fn flit_moves(&self) -> u64 {
        self.run.flit_moves()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::bench::xor_alltoall;

    fn job() -> FilmJob {
        let mut traffic = xor_alltoall(16, 200);
        traffic.messages[3].bytes = 0;
        FilmJob {
            spec: TopologySpec::FatTree { procs: 16 },
            cfg: SimConfig {
                up_routing: UpRouting::Adaptive,
                seed: 77,
                ..SimConfig::cm5()
            },
            traffic,
        }
    }

    #[test]
    fn a_job_reads_back_as_written() {
        let j = job();
        assert_eq!(FilmJob::from_bytes(&j.to_bytes()), Ok(j.clone()));
        let mesh = FilmJob {
            spec: TopologySpec::Mesh { rows: 2, cols: 3 },
            cfg: SimConfig::delta(),
            traffic: Traffic::pairs(6, &[(0, 5), (5, 0)], 9000),
        };
        assert_eq!(FilmJob::from_bytes(&mesh.to_bytes()), Ok(mesh));
    }

    #[test]
    fn bytes_that_are_not_a_job_are_refused() {
        let bytes = job().to_bytes();
        assert!(FilmJob::from_bytes(b"junk").is_err());
        for cut in [8, 20, bytes.len() / 2, bytes.len() - 1] {
            assert!(FilmJob::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(FilmJob::from_bytes(&longer).is_err());
        // A hypercube of 12 is no network.
        let mut odd = job();
        odd.spec = TopologySpec::Hypercube { procs: 12 };
        let e = FilmJob::from_bytes(&odd.to_bytes()).unwrap_err();
        assert!(e.contains("hypercube:12"), "{e}");
        // Messages out of phase order.
        let mut back = job();
        back.traffic.messages.swap(0, 40);
        assert!(FilmJob::from_bytes(&back.to_bytes()).is_err());
        // Any byte changed is an error or another job, never a panic.
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x5a;
            let _ = FilmJob::from_bytes(&b);
        }
    }
}
