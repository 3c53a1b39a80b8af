//! Chapter 8, *All-to-all by combining on coarse-grained meshes*: a
//! processor's partners in the butterfly, how many supersteps the combining
//! algorithms take, and when combining beats 1-lev-xor on the Delta.

use super::board::Board;
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, pick, stream};
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, CollectiveConfig, Op, Spec};
use crate::core::mesh::run;
use crate::core::net::TopologySpec;
use crate::core::words::plural;
use serde_json::json;

const CHAPTER: &str = "combining";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![bfly_partner(seed), supersteps(seed), combining_winner(seed)]
}

fn alltoall(algo: Algo, rows: usize, cols: usize, bytes: u64) -> Spec {
    CollectiveConfig {
        bytes,
        ..CollectiveConfig::new(Op::AllToAll, algo, rows, cols)
    }
    .validate()
    .expect("a valid all-to-all")
}

/// The combining figure that the chapter places for `algo`.
fn combining_link(algo: Algo, rows: usize, cols: usize, bytes: u64, step: usize) -> FigureLink {
    let id = match algo {
        Algo::TwoLevSq => "combine_sq",
        Algo::TwoLevCrInt => "combine_int",
        Algo::LogpLevBfly => "combine_bfly",
        _ => "combine_cr",
    };
    FigureLink::new(
        CHAPTER,
        id,
        &[
            kv("algo", algo.name()),
            kv("mesh", format!("{rows}x{cols}")),
            kv("bytes", bytes),
            kv("step", step),
        ],
    )
}

/// Do it yourself: one processor's partners in logp-lev-bfly.
fn bfly_partner(seed: u64) -> Exercise {
    let id = "bfly-partner";
    let mut rng = stream(seed, id);
    let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (8, 8)]);
    let p = rows * cols;
    let me = rng.below(p);
    let bytes = 64;
    let spec = alltoall(Algo::LogpLevBfly, rows, cols, bytes);
    let c = run(&spec);
    let mut steps = Vec::new();
    let mut partners = Vec::new();
    for (s, st) in c.supersteps.iter().enumerate() {
        let Some(send) = st.sends.iter().find(|x| x.src == me) else {
            break;
        };
        let Some(split) = st
            .splits
            .iter()
            .find(|sp| sp.whole.members(&spec.mesh).contains(&me))
        else {
            break;
        };
        let (a, b) = (split.parts[0], split.parts[1]);
        let (mine, other) = if a.members(&spec.mesh).contains(&me) {
            (a, b)
        } else {
            (b, a)
        };
        partners.push(send.dst);
        let mut notes = Vec::new();
        for q in split.whole.members(&spec.mesh) {
            if q == send.dst {
                continue;
            }
            let why = if q == me {
                "a processor does not send to itself".to_string()
            } else if mine.members(&spec.mesh).contains(&q) {
                format!("P{q} is in P{me}'s own half ({mine}); the send crosses to the other half")
            } else {
                format!("P{q} is in the other half ({other}), but not at P{me}'s offset in it")
            };
            notes.push((StepAnswer::Node(Some(q)), why));
        }
        steps.push(Step {
            model: ModelStep {
                prompt: format!(
                    "Superstep {}: P{me} works in the span {}. To whom does it send?",
                    s + 1,
                    split.whole
                ),
                answer: StepAnswer::Node(Some(send.dst)),
                rule: format!(
                    "logp-lev-bfly [001 §5.3]: halve the span {} (the first half the larger); each processor \
                     sends its partner at the same offset in the other half everything it holds for that \
                     half — for p a power of two, {me} ⊕ p/2^{} = {}.",
                    split.whole,
                    s + 1,
                    me ^ (p >> (s + 1))
                ),
                why: format!(
                    "{} is halved; P{me} stays in {mine} and sends P{} the {} it holds for {other}, {} bytes.",
                    split.whole,
                    send.dst,
                    plural(send.messages.len(), "message", "messages"),
                    send.bytes
                ),
            },
            notes,
            other: format!(
                "that processor is outside P{me}'s span {} in this superstep",
                split.whole
            ),
        });
    }
    let listed: Vec<String> = partners.iter().map(usize::to_string).collect();
    Exercise {
        id,
        title: format!("P{me}'s partners in the butterfly"),
        text: format!(
            "logp-lev-bfly performs all-to-all on the {rows} × {cols} mesh (p = {p}, processors in row-major \
             order) by halving: in each superstep every span of processors is cut in two, and each processor \
             sends its partner in the other half every message it holds for that half, its own and those it \
             received earlier [001 §5.3]. Name P{me}'s partner in each superstep."
        ),
        instance: json!({ "rows": rows, "cols": cols, "processor": me, "bytes": bytes }),
        choices: Vec::new(),
        answer: Answer::Steps({
            let about = vec![Some(me); steps.len()];
            Grader::new(steps).on(Board::network(TopologySpec::Mesh { rows, cols }, &about))
        }),
        explanation: format!(
            "P{me} sends to {}: log₂ p = {} supersteps, each carrying p/2 = {} messages, so every message \
             travels log₂ p times. Few set-ups, many bytes: the butterfly pays off only for small messages \
             [001 §5.3, Figure 9].",
            listed.join(", "),
            c.supersteps.len(),
            p / 2
        ),
        figure: combining_link(Algo::LogpLevBfly, rows, cols, bytes, 1),
    }
}

/// Numeric: supersteps of a combining algorithm.
fn supersteps(seed: u64) -> Exercise {
    let id = "supersteps";
    let mut rng = stream(seed, id);
    let algo = pick(
        &mut rng,
        &[
            Algo::TwoLevSq,
            Algo::TwoLevCr,
            Algo::TwoLevCrInt,
            Algo::LogpLevBfly,
        ],
    );
    let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (8, 8), (8, 16)]);
    let spec = alltoall(algo, rows, cols, 64);
    let c = run(&spec);
    let value = c.supersteps.len();
    let how = match algo {
        Algo::TwoLevSq => {
            "the 3-step algorithm on square submeshes: all-to-all inside each submesh by XOR \
                           rounds, one exchange between the submeshes' agents, all-to-all inside each submesh \
                           again"
        }
        Algo::TwoLevCr => {
            "the 2-step algorithm: all-to-all within every column by XOR rounds (combining the \
                           messages for one row), then within every row"
        }
        Algo::TwoLevCrInt => {
            "2-lev-c,r with its two steps interleaved: each column message is forwarded \
                              along the row as soon as it arrives"
        }
        _ => "the butterfly: every span of processors halved in each superstep",
    };
    Exercise {
        id,
        title: format!("Supersteps of {}", algo.name()),
        text: format!(
            "All-to-all on the {rows} × {cols} mesh by {} — {how} [001 §5.2-5.3]. XOR rounds over q processors \
             take q′ − 1 supersteps, q′ the next power of two. How many supersteps does it take?",
            algo.name()
        ),
        instance: json!({ "algo": algo.name(), "rows": rows, "cols": cols }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: value as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "{value} supersteps, with {} set-ups on the critical path. 1-lev-xor would take p − 1 = {} \
             supersteps of single messages: combining trades set-ups for bytes, since every message now \
             travels two or three times (log₂ p times in the butterfly) [001 §5.2-5.3].",
            c.setups(),
            rows * cols - 1
        ),
        figure: combining_link(algo, rows, cols, 64, value),
    }
}

/// Choice: 1-lev-xor or a combining algorithm on the Delta model.
fn combining_winner(seed: u64) -> Exercise {
    let id = "combining-winner";
    let mut rng = stream(seed, id);
    let model = DeltaCost::delta();
    let mut case = (Algo::TwoLevCr, 4, 4, 64u64, [0.0f64; 2]);
    for _ in 0..24 {
        let algo = pick(
            &mut rng,
            &[Algo::TwoLevSq, Algo::TwoLevCr, Algo::LogpLevBfly],
        );
        let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (8, 8)]);
        let bytes = pick(&mut rng, &[16, 64, 256, 1024, 4096]);
        let t =
            [Algo::Xor, algo].map(|a| model.collective_us(&run(&alltoall(a, rows, cols, bytes))));
        case = (algo, rows, cols, bytes, t);
        if clear_min(&t, 0.05).is_some() {
            break;
        }
    }
    let (algo, rows, cols, bytes, t) = case;
    let index = usize::from(t[1] < t[0]);
    Exercise {
        id,
        title: format!("1-lev-xor or {} at {bytes} bytes", algo.name()),
        text: format!(
            "Every processor of the {rows} × {cols} Intel Delta mesh sends {bytes} bytes to every other. On the \
             book's Delta model (set-ups per send and receive, per-byte rates, shared links), which is faster: \
             1-lev-xor, p − 1 permutations of single messages, or {}, which combines messages into fewer, \
             longer ones [001 §5.2-5.3]?",
            algo.name()
        ),
        instance: json!({ "rows": rows, "cols": cols, "bytes": bytes, "algo": algo.name() }),
        choices: vec!["1-lev-xor".into(), algo.name().to_string()],
        answer: Answer::Choice { index },
        explanation: format!(
            "1-lev-xor takes {:.2} ms and {} {:.2} ms. Combining pays fewer set-ups but moves every byte two \
             or more times, so it wins for small messages and loses once the bytes dominate; the crossover \
             moves to larger messages as the mesh grows [001 §5.3, Figures 9-11].",
            t[0] / 1000.0,
            algo.name(),
            t[1] / 1000.0
        ),
        figure: FigureLink::new(
            CHAPTER,
            "crossover",
            &[
                kv("mesh", format!("{rows}x{cols}")),
                kv("direct", "1-lev-xor"),
                kv("combining", algo.name()),
            ],
        ),
    }
}
