//! `collective`: paper 001's one-to-all (§3), all-to-one (§4) and
//! all-to-all (§5) algorithms for an R×C mesh, run on R·C ranks.
//!
//! The CLI's command builds the supersteps and checks delivery
//! (`commbook_api::collective`, the core's independent checker). A send
//! of a superstep carries actual messages of L bytes, each named by its
//! origin and final destination; the runner concatenates them into one
//! MPI message, and a rank that receives messages for others (a leader of
//! a submachine, or every rank of a broadcast) keeps them and forwards
//! the bytes it received in a later superstep. The messages that must
//! arrive follow from the operation alone: the root's message to every
//! other rank (scatter), every rank's to the root (gather), or every
//! ordered pair (all-to-all).

use super::{Message, Phase, Plan, Send, rank, sorted_messages, whole};
use crate::model::{self, Model};
use crate::preset::Preset;
use commbook_api::{self as api, ApiError, Args};
use commbook_core::mesh::config::parse_mesh;
use commbook_core::net::mesh::Mesh;

/// Builds the plan of `collective` with the CLI's options.
pub fn build(args: &Args, preset: Option<&Preset>) -> Result<Plan, ApiError> {
    let c = api::collective(args)?;
    let (rows, cols) = parse_mesh(&c.mesh)?;
    let p = rows * cols;
    let l = c.bytes;
    let phases = c
        .supersteps
        .iter()
        .map(|st| Phase {
            sends: st
                .iter()
                .map(|s| Send {
                    src: rank(s.src),
                    dst: rank(s.dst),
                    pieces: s
                        .origins
                        .iter()
                        .zip(&s.messages)
                        .map(|(&from, &to)| whole(from, to, l))
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let pairs: Vec<(usize, usize)> = match (c.op, c.root) {
        ("scatter", Some(root)) => (0..p).filter(|&j| j != root).map(|j| (root, j)).collect(),
        ("gather", Some(root)) => (0..p).filter(|&j| j != root).map(|j| (j, root)).collect(),
        _ => (0..p)
            .flat_map(|i| (0..p).filter(move |&j| j != i).map(move |j| (i, j)))
            .collect(),
    };
    let messages = pairs
        .into_iter()
        .map(|(i, j)| Message {
            origin: rank(i),
            dest: rank(j),
            bytes: l,
        })
        .collect();
    // The Delta model gives the time at which each superstep ends; a
    // superstep's share is the difference.
    let (cost, machine, source) = model::delta(preset);
    let triples: Vec<Vec<(usize, usize, u64)>> = c
        .supersteps
        .iter()
        .map(|st| st.iter().map(|s| (s.src, s.dst, s.bytes)).collect())
        .collect();
    let ends = cost.ends_us(&Mesh::new(rows, cols), triples.iter().map(Vec::as_slice));
    let phase_us = ends
        .iter()
        .scan(0.0, |before, &end| {
            let d = end - *before;
            *before = end;
            Some(d)
        })
        .collect();
    let section = match c.op {
        "scatter" => "§3",
        "gather" => "§4",
        _ => "§5",
    };
    Ok(Plan {
        command: "collective".into(),
        algo: c.algo.clone(),
        source: format!("{} {}, paper 001 {section}", c.op, c.algo),
        p,
        phases,
        messages: sorted_messages(messages),
        model: Model {
            formula: "the Intel Delta model per superstep (paper 001)".into(),
            machine,
            source,
            phase_us,
        },
        options: Default::default(),
    })
}
