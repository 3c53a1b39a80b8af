//! Chapter 12, *The lab*: reading a matrix's lower bounds (the most bytes
//! and the most messages one processor has) and predicting which schedule
//! comes closest to the byte bound.

use super::board::{Board, Focus, Shape, Spot, Table};
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, figure_seed, pick, stream};
use crate::api::schedule_matrix;
use crate::book::lab::compare::{bound_bytes, port_load};
use crate::book::lab::matrix::{Gen, generate, link_form};
use crate::core::algo::RunOptions;
use crate::core::com::Com;
use crate::core::cost::machine::Machine;
use crate::core::rng::Rng;
use crate::core::schedule::{Promise, Schedule};
use serde_json::json;

const CHAPTER: &str = "lab";

/// The chapter's exercises for `seed`.
pub fn generate_all(seed: u64) -> Vec<Exercise> {
    vec![
        bound_bytes_q(seed),
        bound_phases_q(seed),
        phase_loads_q(seed),
        least_load_q(seed),
    ]
}

/// A small non-uniform matrix (NICE's first test set, its local copies
/// left out) and its seed.
fn instance(rng: &mut Rng) -> (Com, u64, usize, usize) {
    let n = pick(rng, &[5, 6, 7, 8]);
    let d = pick(rng, &[2, 3]);
    let s = figure_seed(rng);
    let made = generate(Gen::Nonuniform, n, d, 64, s).expect("small generator inputs are valid");
    let com = Com::from_messages(n, made.messages().filter(|m| m.src != m.dst).collect())
        .expect("a sub-matrix of a valid matrix");
    (com, s, n, d)
}

fn link(com: &Com, algo: &str) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        "lab",
        &[kv("com", link_form(com)), kv("algo", algo)],
    )
}

/// The sizes row by row, '.' for no message.
fn shown(com: &Com) -> String {
    let rows = com.to_rows();
    let width = com.max_bytes().to_string().len();
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let cells: Vec<String> = r
                .iter()
                .map(|&b| {
                    if b == 0 {
                        format!("{:>width$}", ".")
                    } else {
                        format!("{b:>width$}")
                    }
                })
                .collect();
            format!("  {i}: {}", cells.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The matrix in bytes with, phase by phase, the phase's pieces to point
/// at: each gives its own size (a cut message's piece shows "piece of
/// whole").
fn loads_board(com: &Com, phases: &[Vec<crate::core::schedule::Transfer>]) -> Board {
    let rows = com.to_rows();
    let table = Table {
        title: "COM (bytes)".into(),
        cells: rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&b| if b > 0 { b.to_string() } else { "·".into() })
                    .collect()
            })
            .collect(),
    };
    let steps = phases
        .iter()
        .enumerate()
        .map(|(k, ph)| {
            let at = |t: &crate::core::schedule::Transfer| Spot::Cell {
                table: 0,
                row: t.src,
                col: t.dst,
            };
            let mut f = Focus::one(
                ph.iter().map(at).collect(),
                ph.iter().map(|t| (at(t), t.bytes as usize)).collect(),
                format!("Point at one of phase {}'s pieces (outlined).", k + 1),
            );
            f.shows = ph
                .iter()
                .filter(|t| t.bytes != rows[t.src][t.dst])
                .map(|t| (at(t), format!("{} of {}", t.bytes, rows[t.src][t.dst])))
                .collect();
            f
        })
        .collect();
    Board {
        shape: Shape::Tables(vec![table]),
        steps,
    }
}

/// Numeric, step by step: each phase's port load in an RS_NH schedule.
fn phase_loads_q(seed: u64) -> Exercise {
    let id = "phase-loads";
    let mut rng = stream(seed, id);
    let (com, s, n, d) = instance(&mut rng);
    let phases = schedule_matrix(
        "rs-nh",
        &com,
        &RunOptions::new(s),
        Default::default(),
        "cm5",
        Machine::Cm5.cost(),
    )
    .map(|r| r.phases)
    .unwrap_or_default();
    let rule = "A phase's port load is the most bytes any one processor sends, or receives, in the phase: \
                ports work in parallel, each moving its own bytes one after another [002 §3.3]."
        .to_string();
    let steps = phases
        .iter()
        .enumerate()
        .map(|(k, ph)| {
            let one = Schedule { n, phases: vec![ph.clone()], promise: Promise::default() };
            let load = port_load(&one);
            let listed: Vec<String> = ph
                .iter()
                .map(|t| match t.offset {
                    0 => format!("{}→{} {} B", t.src, t.dst, t.bytes),
                    o => format!("{}→{} {} B from offset {o}", t.src, t.dst, t.bytes),
                })
                .collect();
            let all: u64 = ph.iter().map(|t| t.bytes).sum();
            let busiest = ph.iter().max_by_key(|t| t.bytes).map_or(0, |t| t.src);
            Step {
                model: ModelStep {
                    prompt: format!("Phase {}: {}. Its port load in bytes?", k + 1, listed.join(", ")),
                    answer: StepAnswer::Row(vec![load as usize]),
                    rule: rule.clone(),
                    why: format!(
                        "Phase {}: every processor sends and receives at most one piece, so the load is the largest, {load} bytes (processor {busiest} sends it).",
                        k + 1
                    ),
                },
                notes: (all != load)
                    .then(|| {
                        (
                            StepAnswer::Row(vec![all as usize]),
                            "that adds every transfer of the phase; the processors send at the same time".to_string(),
                        )
                    })
                    .into_iter()
                    .collect(),
                other: String::new(),
            }
        })
        .collect();
    Exercise {
        id,
        title: "Port load, phase by phase".into(),
        text: format!(
            "RS_NH (seed {s}) schedules this matrix ('.' for no message):\n{}\nFor each of its {} phases, type \
             the phase's port load in bytes: the most bytes one processor sends or receives in it.",
            shown(&com),
            phases.len()
        ),
        instance: json!({
            "com": com.to_rows(), "n": n, "d": d, "seed": s,
            "phases": phases.iter().map(|ph| ph.iter().map(|t| [t.src as u64, t.dst as u64, t.bytes]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        }),
        choices: Vec::new(),
        answer: Answer::Steps(Grader::new(steps).on(loads_board(&com, &phases))),
        explanation: format!(
            "The phases' loads add up to RS_NH's port load in the lab's table, {} bytes here against the bound of {}; \
             RS_NH cuts large messages so that no phase waits long for one of them [002 §3.3].",
            port_load(&Schedule {
                n,
                phases: phases.clone(),
                promise: Promise::default()
            }),
            bound_bytes(&com)
        ),
        figure: link(&com, "rs-nh"),
    }
}

/// Numeric: the most bytes one processor sends or receives.
fn bound_bytes_q(seed: u64) -> Exercise {
    let id = "bound-bytes";
    let mut rng = stream(seed, id);
    let (com, s, n, d) = instance(&mut rng);
    let bound = bound_bytes(&com);
    Exercise {
        id,
        title: "The port-load bound".into(),
        text: format!(
            "Entry (i, j) is the bytes processor i sends to j ('.' for none):\n{}\nEvery schedule moves a \
             processor's bytes through its one port one after another. What is the smallest port load (Σ over \
             phases of the most bytes one processor sends or receives in the phase) any schedule can have?",
            shown(&com)
        ),
        instance: json!({ "com": com.to_rows(), "n": n, "d": d, "seed": s }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: bound as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "The bound is the largest row or column sum: some processor must send or receive {bound} bytes in all, \
             and no phase lets it move more than its own port carries. The lab's table prints it in its caption \
             and the ratio of each row's port load to it [002 §3.3]."
        ),
        figure: link(&com, "rs-nh"),
    }
}

/// Numeric: the fewest phases of partial permutations.
fn bound_phases_q(seed: u64) -> Exercise {
    let id = "bound-phases";
    let mut rng = stream(seed, id);
    let (com, s, n, d) = instance(&mut rng);
    let bound = com.max_degree();
    Exercise {
        id,
        title: "The phase bound".into(),
        text: format!(
            "For this matrix ('.' for no message):\n{}\nIn a schedule of partial permutations each processor sends \
             at most one message and receives at most one per phase. How many phases does such a schedule need at \
             least?",
            shown(&com)
        ),
        instance: json!({ "com": com.to_rows(), "n": n, "d": d, "seed": s }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: bound as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "A processor with {bound} messages to send, or to receive, needs a phase for each of them: the bound is \
             the most non-zero entries in any row or column [000 §2.1]. GM and CGM reach it or come close; LP \
             always takes n − 1 phases (n for odd n) [000 §3.2]."
        ),
        figure: link(&com, "cgm"),
    }
}

/// Choice: which schedule has the smallest port load.
fn least_load_q(seed: u64) -> Exercise {
    let id = "least-load";
    let mut rng = stream(seed, id);
    let names = ["lp", "gm", "rs-n", "rs-nh"];
    let labels = ["LP", "GM", "RS_N", "RS_NH"];
    let mut case = None;
    for _ in 0..32 {
        let (com, s, n, d) = instance(&mut rng);
        let loads: Vec<f64> = names.iter().map(|a| load_of(&com, a, s) as f64).collect();
        let clear = clear_min(&loads, 0.0);
        case = Some((com, s, n, d, loads, clear));
        if clear.is_some() {
            break;
        }
    }
    let (com, s, n, d, loads, clear) = case.expect("the loop runs");
    let index = clear.unwrap_or(0);
    Exercise {
        id,
        title: "Closest to the bound".into(),
        text: format!(
            "For this matrix of message sizes ('.' for none):\n{}\nscheduled with seed {s}, which of LP, GM, RS_N \
             and RS_NH has the smallest port load (Σ over phases of the most bytes one processor sends or receives \
             in the phase)?",
            shown(&com)
        ),
        instance: json!({ "com": com.to_rows(), "n": n, "d": d, "seed": s }),
        choices: labels.iter().map(|l| l.to_string()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "Port loads: {}; the bound is {}. A phase costs as much as its largest message, so schedules that put \
             messages of similar size together, or cut large ones (RS_NH), waste least [002 §3.3]; LP pairs \
             processors by a fixed rule whatever the sizes [000 §3.2].",
            labels
                .iter()
                .zip(&loads)
                .map(|(l, x)| format!("{l} {x:.0}"))
                .collect::<Vec<_>>()
                .join(", "),
            bound_bytes(&com)
        ),
        figure: link(&com, names[index]),
    }
}

/// The port load of `algo`'s schedule of `com`, as the lab's table has it.
fn load_of(com: &Com, algo: &str, seed: u64) -> u64 {
    schedule_matrix(
        algo,
        com,
        &RunOptions::new(seed),
        Default::default(),
        "cm5",
        Machine::Cm5.cost(),
    )
    .map(|r| {
        port_load(&Schedule {
            n: com.n(),
            phases: r.phases,
            promise: Promise::default(),
        })
    })
    .unwrap_or(u64::MAX)
}
