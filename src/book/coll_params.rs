//! Settings of the mesh-collective figures (chapter 6): algorithm, mesh,
//! root, γ and L, checked by the core's `CollectiveConfig::validate`.
//!
//! Each value is already in range when it arrives (the parameter specs see
//! to that); what a single parameter cannot check is how they combine: a
//! root past the last processor of the mesh, or a 1×1 mesh. Those fall back
//! with a notice saying what was used instead.

use super::params::{Notice, Values};
use crate::core::mesh::config::{Algo, CollectiveConfig, CollectiveError, Op, Spec};
use crate::core::net::mesh::Mesh;

/// The request the settings describe, for operation `op`. γ is passed to
/// *logp-lev-rec* only (other algorithms have none); an `algo` setting
/// that is absent or not an algorithm of `op` gives the first of them.
pub fn config(values: &Values, op: Op) -> CollectiveConfig {
    // A choice is a bare name: `Algo::parse`'s `logp-lev-rec(γ)` form is
    // for the command line.
    let algo = Algo::named(values.choice("algo"))
        .filter(|a| op.algos().contains(a))
        .unwrap_or(op.algos()[0]);
    let mut cfg = CollectiveConfig::new(
        op,
        algo,
        values.int("rows").max(1) as usize,
        values.int("cols").max(1) as usize,
    );
    cfg.root = Some(values.int("root").max(0) as usize);
    cfg.gamma = (algo == Algo::LogpLevRec)
        .then(|| values.number("gamma"))
        .flatten();
    cfg.bytes = values.int("bytes").max(1) as u64;
    cfg
}

/// Validates `cfg`, fixing what can be fixed: a root outside the mesh
/// becomes P0, a single processor becomes a 1×2 mesh; anything else falls
/// back to 1-lev-dir on a 2×2 mesh. Each fix comes with a notice.
pub fn validate(mut cfg: CollectiveConfig) -> (Spec, Vec<Notice>) {
    let mut notices = Vec::new();
    // Each fix below removes one reason to refuse, so three rounds suffice.
    for _ in 0..3 {
        match cfg.validate() {
            Ok(spec) => return (spec, notices),
            Err(CollectiveError::BadRoot { root, p }) => {
                notices.push(Notice(format!(
                    "root {root} is not a processor of the {}×{} mesh (0 to {}); using 0",
                    cfg.rows,
                    cfg.cols,
                    p - 1
                )));
                cfg.root = None;
            }
            Err(CollectiveError::TooSmall { .. }) => {
                notices.push(Notice(format!(
                    "a {}×{} mesh has a single processor; using 1×2",
                    cfg.rows, cfg.cols
                )));
                (cfg.rows, cfg.cols) = (1, 2);
            }
            Err(e) => {
                notices.push(Notice(format!("{e}; using 1-lev-dir on 2×2")));
                cfg = CollectiveConfig::new(cfg.op, Algo::Dir, 2, 2);
            }
        }
    }
    let fallback = Spec {
        op: cfg.op,
        algo: Algo::Dir,
        mesh: Mesh::new(2, 2),
        root: 0,
        gamma: 0.0,
        bytes: 1024,
    };
    (fallback, notices)
}

/// The validated request for `op`, with notices for what was fixed.
pub fn read(values: &Values, op: Op) -> (Spec, Vec<Notice>) {
    validate(config(values, op))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::Value;

    fn values(pairs: &[(&'static str, Value)]) -> Values {
        let mut v = Values::default();
        for (k, x) in pairs {
            v.set(k, x.clone());
        }
        v
    }

    #[test]
    fn good_settings_pass_through() {
        let v = values(&[
            ("algo", Value::Choice("logp-lev-rec")),
            ("rows", Value::Int(16)),
            ("cols", Value::Int(16)),
            ("root", Value::Int(17)),
            ("gamma", Value::Number(Some(0.75))),
            ("bytes", Value::Int(16)),
        ]);
        let (spec, notes) = read(&v, Op::Scatter);
        assert!(notes.is_empty());
        assert_eq!(
            (spec.root, spec.gamma, spec.bytes, spec.p()),
            (17, 0.75, 16, 256)
        );
        // γ is dropped for algorithms without one.
        let mut w = v.clone();
        w.set("algo", Value::Choice("2-lev-rec"));
        assert_eq!(read(&w, Op::Scatter).0.gamma, 0.0);
        // A scatter algorithm a gather lacks gives the gather's first.
        w.set("algo", Value::Choice("1-lev-our-br"));
        assert_eq!(read(&w, Op::Gather).0.algo, Algo::Dir);
    }

    #[test]
    fn combinations_fall_back_with_notices() {
        let v = values(&[
            ("rows", Value::Int(2)),
            ("cols", Value::Int(2)),
            ("root", Value::Int(9)),
            ("bytes", Value::Int(8)),
        ]);
        let (spec, notes) = read(&v, Op::Scatter);
        assert_eq!(spec.root, 0);
        assert_eq!(
            notes[0].0,
            "root 9 is not a processor of the 2×2 mesh (0 to 3); using 0"
        );
        let one = values(&[
            ("rows", Value::Int(1)),
            ("cols", Value::Int(1)),
            ("bytes", Value::Int(8)),
        ]);
        let (spec, notes) = read(&one, Op::Gather);
        assert_eq!(spec.p(), 2);
        assert_eq!(notes[0].0, "a 1×1 mesh has a single processor; using 1×2");
        let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::LogpLevRec, 2, 2);
        cfg.gamma = Some(0.2);
        let (spec, notes) = validate(cfg);
        assert_eq!(spec.algo, Algo::Dir);
        assert!(
            notes[0].0.starts_with("gamma must be at least 0.5"),
            "{notes:?}"
        );
    }
}
