//! The schedule verifier, independent of every algorithm.
//!
//! It knows nothing about how a schedule was made. Given the matrix and the
//! schedule it checks:
//! 1. every transfer names a message of the matrix, with at least one byte;
//! 2. the pieces of each message cover `0..bytes` exactly once (no gap, no
//!    overlap), so every message is delivered exactly once;
//! 3. where the schedule promises partial permutations, no processor sends
//!    two transfers or receives two in one phase (local copies, `src == dst`,
//!    use no port and are exempt);
//! 4. where it promises link-disjoint phases, no directed link carries two
//!    transfers of one phase under the given routing.

use crate::com::Com;
use crate::schedule::Schedule;
use crate::sorting::{key2, sort_by_u64};
use std::fmt;

/// A directed link, named by the routing that produced it.
pub type LinkId = u64;

/// Maps a message to the directed links it crosses, for check 4.
pub trait Routing {
    /// The links from `src` to `dst`, in order.
    fn links(&self, src: usize, dst: usize) -> Vec<LinkId>;
    /// A readable name for a link, for error messages.
    fn link_name(&self, link: LinkId) -> String {
        format!("link {link}")
    }
}

/// The first way in which a schedule fails its matrix or its promise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The schedule is for a different number of processors.
    WrongSize { schedule: usize, com: usize },
    /// A transfer for a pair the matrix has no message for.
    NoSuchMessage {
        phase: usize,
        src: usize,
        dst: usize,
    },
    /// A transfer of zero bytes.
    EmptyTransfer {
        phase: usize,
        src: usize,
        dst: usize,
    },
    /// Pieces of a message overlap, leave a gap, or run past its end.
    BadPieces {
        src: usize,
        dst: usize,
        covered: u64,
        bytes: u64,
        why: &'static str,
    },
    /// A message that is never (completely) delivered.
    Missing {
        src: usize,
        dst: usize,
        delivered: u64,
        bytes: u64,
    },
    /// A processor sends twice in a phase that promised a permutation.
    SendsTwice { phase: usize, node: usize },
    /// A processor receives twice in a phase that promised a permutation.
    ReceivesTwice { phase: usize, node: usize },
    /// Two transfers of a link-disjoint phase share a link.
    LinkShared {
        phase: usize,
        link: String,
        first: (usize, usize),
        second: (usize, usize),
    },
    /// Link-disjointness was promised but no routing was given to check it.
    NoRouting,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Violation::*;
        match self {
            WrongSize { schedule, com } => {
                write!(f, "schedule is for {schedule} processors, matrix has {com}")
            }
            NoSuchMessage { phase, src, dst } => {
                write!(
                    f,
                    "phase {phase}: {src} → {dst} is not a message of the matrix"
                )
            }
            EmptyTransfer { phase, src, dst } => {
                write!(f, "phase {phase}: {src} → {dst} transfers zero bytes")
            }
            BadPieces {
                src,
                dst,
                covered,
                bytes,
                why,
            } => write!(
                f,
                "message {src} → {dst}: pieces {why} ({covered} of {bytes} bytes covered)"
            ),
            Missing {
                src,
                dst,
                delivered,
                bytes,
            } => write!(
                f,
                "message {src} → {dst} is not delivered ({delivered} of {bytes} bytes)"
            ),
            SendsTwice { phase, node } => write!(f, "phase {phase}: processor {node} sends twice"),
            ReceivesTwice { phase, node } => {
                write!(f, "phase {phase}: processor {node} receives twice")
            }
            LinkShared {
                phase,
                link,
                first,
                second,
            } => write!(
                f,
                "phase {phase}: {} → {} and {} → {} both use {link}",
                first.0, first.1, second.0, second.1
            ),
            NoRouting => write!(
                f,
                "the schedule promises link-disjoint phases but no routing was given"
            ),
        }
    }
}

impl std::error::Error for Violation {}

/// Checks `schedule` against `com` and the schedule's promise. `routing` is
/// needed only when the schedule promises link-disjoint phases.
pub fn verify(
    com: &Com,
    schedule: &Schedule,
    routing: Option<&dyn Routing>,
) -> Result<(), Violation> {
    let n = com.n();
    if schedule.n != n {
        return Err(Violation::WrongSize {
            schedule: schedule.n,
            com: n,
        });
    }
    // Pieces per message, gathered over all phases: (offset, bytes).
    let mut pieces: Vec<(usize, usize, u64, u64)> = Vec::new();
    for (k, phase) in schedule.phases.iter().enumerate() {
        for t in phase {
            if t.src >= n || t.dst >= n || com.get(t.src, t.dst) == 0 {
                return Err(Violation::NoSuchMessage {
                    phase: k,
                    src: t.src,
                    dst: t.dst,
                });
            }
            if t.bytes == 0 {
                return Err(Violation::EmptyTransfer {
                    phase: k,
                    src: t.src,
                    dst: t.dst,
                });
            }
            pieces.push((t.src, t.dst, t.offset, t.bytes));
        }
        if schedule.promise.partial_permutation {
            check_ports(k, phase.iter().map(|t| (t.src, t.dst)), n)?;
        }
        if schedule.promise.link_disjoint {
            let routing = routing.ok_or(Violation::NoRouting)?;
            check_links(k, phase.iter().map(|t| (t.src, t.dst)), routing)?;
        }
    }
    // Lexicographic (src, dst, offset, bytes): stable sorts, least
    // significant field first.
    sort_by_u64(&mut pieces, |p| p.3);
    sort_by_u64(&mut pieces, |p| p.2);
    sort_by_u64(&mut pieces, |p| key2(p.0, p.1));
    let mut it = pieces.into_iter().peekable();
    for m in com.messages() {
        let mut covered = 0u64;
        while let Some(&(s, d, off, b)) = it.peek() {
            if (s, d) != (m.src, m.dst) {
                break;
            }
            it.next();
            let why = if off < covered {
                Some("overlap")
            } else if off > covered {
                Some("leave a gap")
            } else if off.checked_add(b).is_none_or(|end| end > m.bytes) {
                Some("run past the end")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(Violation::BadPieces {
                    src: s,
                    dst: d,
                    covered,
                    bytes: m.bytes,
                    why,
                });
            }
            covered = off + b;
        }
        if covered != m.bytes {
            return Err(Violation::Missing {
                src: m.src,
                dst: m.dst,
                delivered: covered,
                bytes: m.bytes,
            });
        }
    }
    Ok(())
}

fn check_ports(
    phase: usize,
    pairs: impl Iterator<Item = (usize, usize)>,
    n: usize,
) -> Result<(), Violation> {
    let mut sends = vec![false; n];
    let mut recvs = vec![false; n];
    for (s, d) in pairs.filter(|(s, d)| s != d) {
        if std::mem::replace(&mut sends[s], true) {
            return Err(Violation::SendsTwice { phase, node: s });
        }
        if std::mem::replace(&mut recvs[d], true) {
            return Err(Violation::ReceivesTwice { phase, node: d });
        }
    }
    Ok(())
}

fn check_links(
    phase: usize,
    pairs: impl Iterator<Item = (usize, usize)>,
    routing: &dyn Routing,
) -> Result<(), Violation> {
    let mut owner: std::collections::BTreeMap<LinkId, (usize, usize)> = Default::default();
    for (s, d) in pairs.filter(|(s, d)| s != d) {
        for link in routing.links(s, d) {
            if let Some(&first) = owner.get(&link) {
                return Err(Violation::LinkShared {
                    phase,
                    link: routing.link_name(link),
                    first,
                    second: (s, d),
                });
            }
            owner.insert(link, (s, d));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Promise, Transfer};

    fn com() -> Com {
        Com::from_rows(&[vec![0, 10, 0], vec![0, 0, 4], vec![6, 0, 0]]).unwrap()
    }

    fn sched(phases: Vec<Vec<Transfer>>) -> Schedule {
        Schedule {
            n: 3,
            phases,
            promise: Promise {
                partial_permutation: true,
                link_disjoint: false,
            },
        }
    }

    #[test]
    fn accepts_whole_and_split_messages() {
        let s = sched(vec![
            vec![Transfer::whole(0, 1, 10), Transfer::whole(1, 2, 4)],
            vec![Transfer {
                src: 2,
                dst: 0,
                bytes: 2,
                offset: 0,
            }],
            vec![Transfer {
                src: 2,
                dst: 0,
                bytes: 4,
                offset: 2,
            }],
        ]);
        assert_eq!(verify(&com(), &s, None), Ok(()));
    }

    #[test]
    fn catches_each_kind_of_mistake() {
        let c = com();
        let missing = sched(vec![vec![Transfer::whole(0, 1, 10)]]);
        assert!(matches!(
            verify(&c, &missing, None),
            Err(Violation::Missing { src: 1, dst: 2, .. })
        ));
        let twice = sched(vec![
            vec![
                Transfer::whole(0, 1, 10),
                Transfer::whole(1, 2, 4),
                Transfer::whole(2, 0, 6),
            ],
            vec![Transfer::whole(0, 1, 10)],
        ]);
        assert!(matches!(
            verify(&c, &twice, None),
            Err(Violation::BadPieces { why: "overlap", .. })
        ));
        let bogus = sched(vec![vec![Transfer::whole(1, 0, 1)]]);
        assert!(matches!(
            verify(&c, &bogus, None),
            Err(Violation::NoSuchMessage { .. })
        ));
        let gap = sched(vec![
            vec![Transfer::whole(0, 1, 10), Transfer::whole(1, 2, 4)],
            vec![Transfer {
                src: 2,
                dst: 0,
                bytes: 3,
                offset: 3,
            }],
        ]);
        assert!(matches!(
            verify(&c, &gap, None),
            Err(Violation::BadPieces {
                why: "leave a gap",
                ..
            })
        ));
        let c2 = Com::from_rows(&[vec![0, 1, 1], vec![0, 0, 0], vec![0, 0, 0]]).unwrap();
        let two_sends = sched(vec![vec![
            Transfer::whole(0, 1, 1),
            Transfer::whole(0, 2, 1),
        ]]);
        assert_eq!(
            verify(&c2, &two_sends, None),
            Err(Violation::SendsTwice { phase: 0, node: 0 })
        );
    }

    #[test]
    fn local_copies_use_no_port() {
        let c = Com::from_rows(&[vec![1, 1], vec![0, 0]]).unwrap();
        let s = Schedule {
            n: 2,
            phases: vec![vec![Transfer::whole(0, 0, 1), Transfer::whole(0, 1, 1)]],
            promise: Promise {
                partial_permutation: true,
                link_disjoint: false,
            },
        };
        assert_eq!(verify(&c, &s, None), Ok(()));
    }

    struct Line;
    impl Routing for Line {
        // Processors on a line; a message crosses every link between them.
        fn links(&self, s: usize, d: usize) -> Vec<LinkId> {
            if s < d {
                (s..d).map(|i| 2 * i as u64).collect()
            } else {
                (d..s).map(|i| 2 * i as u64 + 1).collect()
            }
        }
    }

    #[test]
    fn link_promise_needs_routing_and_is_checked() {
        let c = Com::from_rows(&[vec![0, 0, 1], vec![0, 0, 1], vec![0, 0, 0]]).unwrap();
        let mut s = Schedule {
            n: 3,
            phases: vec![
                vec![Transfer::whole(0, 2, 1)],
                vec![Transfer::whole(1, 2, 1)],
            ],
            promise: Promise {
                partial_permutation: true,
                link_disjoint: true,
            },
        };
        assert_eq!(verify(&c, &s, None), Err(Violation::NoRouting));
        assert_eq!(verify(&c, &s, Some(&Line)), Ok(()));
        s.promise.partial_permutation = false;
        s.phases = vec![vec![Transfer::whole(0, 2, 1), Transfer::whole(1, 2, 1)]];
        assert!(matches!(
            verify(&c, &s, Some(&Line)),
            Err(Violation::LinkShared { .. })
        ));
    }
}
