//! Chapter 6, *Binomial-heap scatter*: the root's children in logp-lev-sq,
//! set-ups on the critical path, and which scatter the Delta model favours.

use super::board::Board;
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, pick, stream};
use crate::core::mesh::compare::five;
use crate::core::mesh::config::{Algo, CollectiveConfig, Op};
use crate::core::mesh::run_rooted;
use crate::core::net::TopologySpec;
use crate::core::words::plural;
use serde_json::json;

const CHAPTER: &str = "scatter";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![binomial_child(seed), setups(seed), scatter_winner(seed)]
}

fn scatter_link(algo: &str, rows: usize, cols: usize, root: usize) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        "scatter",
        &[
            kv("algo", algo),
            kv("rows", rows),
            kv("cols", cols),
            kv("root", root),
        ],
    )
}

/// Do it yourself: the root's child in every superstep of logp-lev-sq.
fn binomial_child(seed: u64) -> Exercise {
    let id = "binomial-child";
    let mut rng = stream(seed, id);
    let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (2, 8), (8, 4), (8, 8), (3, 5)]);
    let root = rng.below(rows * cols);
    let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::LogpLevSq, rows, cols);
    cfg.root = Some(root);
    let spec = cfg
        .validate()
        .expect("a mesh of 2 to 64 processors and a root inside");
    let c = run_rooted(&spec);
    let mesh = spec.mesh;
    let mut steps = Vec::new();
    let mut children = Vec::new();
    for (s, st) in c.supersteps.iter().enumerate() {
        let Some(split) = st
            .splits
            .iter()
            .find(|sp| sp.leaders.first() == Some(&root))
        else {
            break;
        };
        let Some(send) = st.sends.iter().find(|x| x.src == root) else {
            break;
        };
        let child = send.dst;
        children.push(child);
        let (mine, other) = (split.parts[0], split.parts[1]);
        let in_whole = split.whole.members(&mesh);
        let mut notes = Vec::new();
        for q in in_whole.iter().copied().filter(|&q| q != child) {
            let why = if mine.members(&mesh).contains(&q) {
                format!(
                    "P{q} lies in the root's own half ({mine}); the send goes to the other half"
                )
            } else {
                format!(
                    "P{q} lies in the other half ({other}), but not at the root's position in it"
                )
            };
            notes.push((StepAnswer::Node(Some(q)), why));
        }
        notes.push((
            StepAnswer::Node(None),
            format!(
                "the root still holds {} processors' messages, so it cuts again",
                split.whole.len()
            ),
        ));
        let (r, col) = mesh.coords(root);
        let (cr, cc) = mesh.coords(child);
        steps.push(Step {
            model: ModelStep {
                prompt: format!(
                    "Superstep {}: the root P{root} at ({r}, {col}) holds the messages of {}. Which processor \
                     receives the other half's messages?",
                    s + 1,
                    split.whole
                ),
                answer: StepAnswer::Node(Some(child)),
                rule: format!(
                    "logp-lev-sq [001 §3.1-3.2]: cut {} across its longer side (vertically on a square), the \
                     first half taking the extra row or column; the holder sends the other half's {} messages \
                     to the processor that sits in that half where the holder sits in its own (the same row or \
                     column offset, clamped to the half).",
                    split.whole,
                    other.len()
                ),
                why: format!(
                    "{} is cut into {mine} (with the root) and {other}; P{child} at ({cr}, {cc}) sits in \
                     {other} where the root sits in {mine}, and the send carries {} of {} bytes.",
                    split.whole,
                    plural(send.messages.len(), "message", "messages"),
                    spec.bytes
                ),
            },
            notes,
            other: format!(
                "that processor is outside the root's submachine {} in this superstep",
                split.whole
            ),
        });
    }
    let listed: Vec<String> = children.iter().map(usize::to_string).collect();
    Exercise {
        id,
        title: format!("The children of P{root} in logp-lev-sq"),
        text: format!(
            "logp-lev-sq scatters from P{root} on the {rows} × {cols} mesh (processors numbered row by row, \
             P = r·{cols} + c): in every superstep each holder cuts its rectangle in two across the longer side \
             and sends the other half's messages, as one long message, to that half's leader, which then \
             holds them [001 §3.1-3.2]. The sends draw a binomial heap. Follow the root: name the processor it \
             sends to in each superstep."
        ),
        instance: json!({ "rows": rows, "cols": cols, "root": root, "bytes": spec.bytes }),
        choices: Vec::new(),
        answer: Answer::Steps({
            let about = vec![Some(root); steps.len()];
            Grader::new(steps).on(Board::network(TopologySpec::Mesh { rows, cols }, &about))
        }),
        explanation: format!(
            "The root's children are {}: halves of {}, {}, … processors, so the root sends ⌈log₂ R⌉ + ⌈log₂ C⌉ \
             times and every processor receives exactly once. Each send stays in the root's row or column, \
             and the tree's depth is the number of set-ups a processor waits for [001 §3.2, Figure 1].",
            listed.join(", "),
            (rows * cols).div_ceil(2),
            (rows * cols).div_ceil(4)
        ),
        figure: scatter_link("logp-lev-sq", rows, cols, root),
    }
}

/// Numeric: set-ups on the critical path of one scatter.
fn setups(seed: u64) -> Exercise {
    let id = "setups";
    let mut rng = stream(seed, id);
    let algo = pick(
        &mut rng,
        &[
            Algo::Dir,
            Algo::TwoLevRec,
            Algo::ThreeLevSq,
            Algo::LogpLevSq,
            Algo::LogpLevRec,
        ],
    );
    let (rows, cols) = pick(&mut rng, &[(4, 4), (8, 8), (4, 8), (16, 16), (16, 8)]);
    let spec = CollectiveConfig::new(Op::Scatter, algo, rows, cols)
        .validate()
        .expect("a valid scatter");
    let c = run_rooted(&spec);
    let value = c.setups();
    Exercise {
        id,
        title: format!("Set-ups of {}", spec.title()),
        text: format!(
            "P0 scatters a message to every processor of the {rows} × {cols} mesh by {} [001 §3]. A send costs \
             its sender one set-up and its receiver one; a processor pays its set-ups of a superstep one after \
             another, and the superstep waits for its busiest processor. How many set-ups lie on the critical \
             path (the sum over supersteps of the largest number of sends or receives of one processor)?",
            spec.title()
        ),
        instance: json!({ "algo": spec.title(), "rows": rows, "cols": cols, "root": 0 }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: value as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "{} set-ups in {} supersteps. 1-lev-dir pays p − 1 at the source; 2-lev-rec sends to the rows' \
             leaders, then along each row; 3-lev-sq adds a level of square submeshes; the binomial heap of \
             logp-lev-sq needs one per halving; logp-lev-rec(γ) keeps the fraction γ with the source, so the \
             source sends more often but its receivers get smaller parts [001 §3.2, Figure 5].",
            value,
            c.supersteps.len()
        ),
        figure: scatter_link(spec.algo.name(), rows, cols, 0),
    }
}

/// Choice: the fastest of the five scatters on the Delta model.
fn scatter_winner(seed: u64) -> Exercise {
    let id = "scatter-winner";
    let mut rng = stream(seed, id);
    let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::Dir, 4, 4);
    let mut runs = Vec::new();
    for _ in 0..32 {
        let (rows, cols) = pick(&mut rng, &[(4, 4), (8, 8), (4, 8), (8, 16), (16, 16)]);
        cfg = CollectiveConfig {
            bytes: pick(&mut rng, &[16, 256, 1024, 4096, 16384]),
            ..CollectiveConfig::new(Op::Scatter, Algo::Dir, rows, cols)
        };
        runs = five(&cfg).expect("valid scatters");
        let t: Vec<f64> = runs.iter().map(|r| r.predicted_us).collect();
        if clear_min(&t, 0.02).is_some() {
            break;
        }
    }
    let t: Vec<f64> = runs.iter().map(|r| r.predicted_us).collect();
    let index = clear_min(&t, 0.0).unwrap_or(0);
    let listed: Vec<String> = runs
        .iter()
        .map(|r| {
            format!(
                "{} {:.2} ms ({} set-ups)",
                r.spec.title(),
                r.predicted_us / 1000.0,
                r.setups
            )
        })
        .collect();
    Exercise {
        id,
        title: format!("The fastest scatter at {} bytes", cfg.bytes),
        text: format!(
            "P0 scatters {} bytes to every processor of the {} × {} Intel Delta mesh. On the book's model of the \
             Delta (set-ups larger for sending than receiving, per-byte rates, shared links, loosely \
             synchronous supersteps), which of the five scatters of paper 001 is fastest [001 §3.2]?",
            cfg.bytes, cfg.rows, cfg.cols
        ),
        instance: json!({ "rows": cfg.rows, "cols": cfg.cols, "bytes": cfg.bytes, "root": 0 }),
        choices: runs.iter().map(|r| r.spec.title()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}. Small messages reward few set-ups (the binomial algorithms), large ones reward moving few \
             bytes more than once (direct sends); logp-lev-rec(0.75) keeps three quarters with the source so \
             that the source, which sends faster than its receivers receive, runs ahead [001 §3.2, Figure 2].",
            listed.join("; ")
        ),
        figure: FigureLink::new(
            CHAPTER,
            "scatter5",
            &[
                kv("rows", cfg.rows),
                kv("cols", cfg.cols),
                kv("bytes", cfg.bytes),
            ],
        ),
    }
}
