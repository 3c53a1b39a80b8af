//! The delivery checker, independent of every collective algorithm.
//!
//! It knows only the operation and reads the supersteps as data. It starts
//! from who holds which actual message (scatter: the root holds one for each
//! other processor; gather: each other processor holds one for the root;
//! all-to-all: every processor holds one for every other) and replays:
//! 1. every send names two different processors and carries at least one
//!    message, with `bytes = L · messages`;
//! 2. a processor sends only messages it holds at the start of the superstep
//!    (what arrives in a superstep can be forwarded only in a later one);
//! 3. without copies, a message moves: it leaves its sender, is sent at
//!    most once per superstep, and is never sent on once it has reached its
//!    destination; with copies (the broadcasts), no processor receives the
//!    same message twice;
//! 4. at the end every message has reached its destination exactly once
//!    (for all-to-all: every ordered pair is covered exactly once).

use super::collective::{Msg, Superstep};
use super::config::{Algo, Op, Spec};
use std::fmt;

/// The first thing wrong with a list of supersteps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// A send whose endpoints are not two different processors.
    BadEndpoints { step: usize, src: usize, dst: usize },
    /// A send with no message, or whose size is not L times its messages.
    BadSize { step: usize, src: usize, dst: usize },
    /// A message that is not one of the operation's messages.
    NoSuchMessage { step: usize, msg: Msg },
    /// A processor sends a message it does not hold.
    NotHeld { step: usize, src: usize, msg: Msg },
    /// A message sent twice in one superstep, or received twice.
    Twice { step: usize, msg: Msg },
    /// A message sent on after it reached its destination.
    LeftDestination { step: usize, msg: Msg },
    /// A message that never reached its destination.
    Missing { msg: Msg },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CheckError::*;
        let m = |m: &Msg| format!("{} → {}", m.from, m.to);
        match self {
            BadEndpoints { step, src, dst } => {
                write!(
                    f,
                    "superstep {step}: send {src} → {dst} is not between two processors"
                )
            }
            BadSize { step, src, dst } => {
                write!(f, "superstep {step}: send {src} → {dst} has the wrong size")
            }
            NoSuchMessage { step, msg } => {
                write!(
                    f,
                    "superstep {step}: {} is not a message of this operation",
                    m(msg)
                )
            }
            NotHeld { step, src, msg } => {
                write!(
                    f,
                    "superstep {step}: {src} sends {} without holding it",
                    m(msg)
                )
            }
            Twice { step, msg } => write!(f, "superstep {step}: {} travels twice", m(msg)),
            LeftDestination { step, msg } => {
                write!(f, "superstep {step}: {} leaves its destination", m(msg))
            }
            Missing { msg } => write!(f, "{} never reaches its destination", m(msg)),
        }
    }
}

impl std::error::Error for CheckError {}

/// Whether an algorithm copies messages (a broadcast) instead of moving them.
pub fn copies(algo: Algo) -> bool {
    matches!(algo, Algo::SysBr | Algo::OurBr)
}

/// Dense numbering of the operation's messages.
struct Keys {
    op: Op,
    root: usize,
    p: usize,
}

impl Keys {
    fn len(&self) -> usize {
        match self.op {
            Op::AllToAll => self.p * self.p,
            _ => self.p,
        }
    }

    fn key(&self, m: Msg) -> Option<usize> {
        let ok = m.from < self.p && m.to < self.p && m.from != m.to;
        match self.op {
            Op::Scatter if ok && m.from == self.root => Some(m.to),
            Op::Gather if ok && m.to == self.root => Some(m.from),
            Op::AllToAll if ok => Some(m.from * self.p + m.to),
            _ => None,
        }
    }

    fn all(&self) -> Vec<Msg> {
        let (p, r) = (self.p, self.root);
        match self.op {
            Op::Scatter => (0..p)
                .filter(|&d| d != r)
                .map(|d| Msg { from: r, to: d })
                .collect(),
            Op::Gather => (0..p)
                .filter(|&s| s != r)
                .map(|s| Msg { from: s, to: r })
                .collect(),
            Op::AllToAll => (0..p)
                .flat_map(|s| {
                    (0..p)
                        .filter(move |&d| d != s)
                        .map(move |d| Msg { from: s, to: d })
                })
                .collect(),
        }
    }
}

/// Checks that `steps` perform `spec.op` (see the module docs).
pub fn check(spec: &Spec, steps: &[Superstep]) -> Result<(), CheckError> {
    let p = spec.p();
    let keys = Keys {
        op: spec.op,
        root: spec.root,
        p,
    };
    let copy = copies(spec.algo);
    let all = keys.all();
    // Without copies: where each message is. With copies: who holds it.
    let mut at = vec![usize::MAX; keys.len()];
    let mut holds = vec![false; if copy { keys.len() * p } else { 0 }];
    for m in &all {
        let k = keys.key(*m).unwrap_or(0);
        at[k] = m.from;
        if copy {
            holds[k * p + m.from] = true;
        }
    }
    let mut arrived = vec![0u32; keys.len()];
    let mut moved_in = vec![usize::MAX; keys.len()];
    for (i, step) in steps.iter().enumerate() {
        let step_no = i + 1;
        let mut moves = Vec::new();
        for s in &step.sends {
            let (src, dst) = (s.src, s.dst);
            if src >= p || dst >= p || src == dst {
                return Err(CheckError::BadEndpoints {
                    step: step_no,
                    src,
                    dst,
                });
            }
            if s.messages.is_empty() || s.bytes != spec.bytes * s.messages.len() as u64 {
                return Err(CheckError::BadSize {
                    step: step_no,
                    src,
                    dst,
                });
            }
            for &msg in &s.messages {
                let k = keys
                    .key(msg)
                    .ok_or(CheckError::NoSuchMessage { step: step_no, msg })?;
                let held = if copy {
                    holds[k * p + src]
                } else {
                    at[k] == src
                };
                if !held {
                    return Err(CheckError::NotHeld {
                        step: step_no,
                        src,
                        msg,
                    });
                }
                if !copy && src == msg.to {
                    return Err(CheckError::LeftDestination { step: step_no, msg });
                }
                if !copy && std::mem::replace(&mut moved_in[k], i) == i {
                    return Err(CheckError::Twice { step: step_no, msg });
                }
                moves.push((k, msg, dst));
            }
        }
        for (k, msg, dst) in moves {
            if copy {
                if std::mem::replace(&mut holds[k * p + dst], true) {
                    return Err(CheckError::Twice { step: step_no, msg });
                }
            } else {
                at[k] = dst;
            }
            if dst == msg.to {
                arrived[k] += 1;
            }
        }
    }
    for m in all {
        let k = keys.key(m).unwrap_or(0);
        if arrived[k] != 1 || (!copy && at[k] != m.to) {
            return Err(CheckError::Missing { msg: m });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::collective::Send;
    use crate::mesh::config::CollectiveConfig;

    fn spec(op: Op, algo: Algo) -> Spec {
        CollectiveConfig::new(op, algo, 1, 3).validate().unwrap()
    }

    fn step(sends: Vec<Send>) -> Superstep {
        Superstep {
            sends,
            ..Default::default()
        }
    }

    #[test]
    fn catches_each_kind_of_mistake() {
        let s = spec(Op::Scatter, Algo::Dir);
        let msg = |to| Msg { from: 0, to };
        let send = |a, b, ms: Vec<Msg>| Send::new(a, b, 1024, ms);
        let good = vec![
            step(vec![send(0, 1, vec![msg(1), msg(2)])]),
            step(vec![send(1, 2, vec![msg(2)])]),
        ];
        assert_eq!(check(&s, &good), Ok(()));
        // Forwarding in the same superstep it arrives.
        let early = vec![step(vec![
            send(0, 1, vec![msg(1), msg(2)]),
            send(1, 2, vec![msg(2)]),
        ])];
        assert!(matches!(check(&s, &early), Err(CheckError::NotHeld { .. })));
        let missing = vec![step(vec![send(0, 1, vec![msg(1)])])];
        assert!(matches!(
            check(&s, &missing),
            Err(CheckError::Missing { .. })
        ));
        let twice = vec![step(vec![
            send(0, 1, vec![msg(1)]),
            send(0, 2, vec![msg(1), msg(2)]),
        ])];
        assert!(matches!(check(&s, &twice), Err(CheckError::Twice { .. })));
        let mut bad = send(0, 1, vec![msg(1)]);
        bad.bytes = 7;
        assert!(matches!(
            check(&s, &[step(vec![bad])]),
            Err(CheckError::BadSize { .. })
        ));
        let foreign = vec![step(vec![send(0, 1, vec![Msg { from: 1, to: 2 }])])];
        assert!(matches!(
            check(&s, &foreign),
            Err(CheckError::NoSuchMessage { .. })
        ));
        let back = vec![
            step(vec![send(0, 1, vec![msg(1)]), send(0, 2, vec![msg(2)])]),
            step(vec![send(1, 2, vec![msg(1)])]),
        ];
        assert!(matches!(
            check(&s, &back),
            Err(CheckError::LeftDestination { .. })
        ));
    }

    #[test]
    fn broadcasts_may_copy_but_not_twice() {
        let s = spec(Op::Scatter, Algo::OurBr);
        let all = vec![Msg { from: 0, to: 1 }, Msg { from: 0, to: 2 }];
        let send = |a, b| Send::new(a, b, 1024, all.clone());
        assert_eq!(
            check(&s, &[step(vec![send(0, 1)]), step(vec![send(1, 2)])]),
            Ok(())
        );
        let again = [step(vec![send(0, 1), send(0, 2)]), step(vec![send(1, 2)])];
        assert!(matches!(check(&s, &again), Err(CheckError::Twice { .. })));
    }
}
