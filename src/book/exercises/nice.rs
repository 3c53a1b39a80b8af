//! Chapter 4, *NICE: schedules for messages of any size*: RS_N's pairs in
//! one phase, how many phases it needs, and whether RS_NH's cutting pays.

use super::link::kv;
use super::masking::{self, Ev, Family, turns};
use super::{Answer, Exercise, FigureLink, figure_seed, pick, stream};
use crate::book::inputs::nice::NiceMatrix;
use crate::core::algo::rs::{self, CEntry, RsEvent, RsVariant, Verdict};
use crate::core::com::Com;
use crate::core::rng::Rng;
use serde_json::json;

const CHAPTER: &str = "nice";
/// The nice figure's default sizes: 1 … 10 units of 64 bytes.
const MAX: u64 = 10;
const UNIT: u64 = 64;

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![rs_n_phase(seed), rs_n_phases(seed), split_or_not(seed)]
}

/// A matrix of NICE's test set 1, as the `nice` figure builds it.
fn test_set(rng: &mut Rng, ns: &[usize], ds: &[usize]) -> (usize, usize, u64, NiceMatrix, Com) {
    let n = pick(rng, ns);
    let d = pick(rng, ds).min(n - 1);
    let s = figure_seed(rng);
    let (m, _) = NiceMatrix::check(n, d, MAX, UNIT, s);
    let com = m.generate();
    (n, d, s, m, com)
}

fn nice_link(id: &'static str, algo: &str, n: usize, d: usize, s: u64) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        id,
        &[
            kv("algo", algo),
            kv("n", n),
            kv("d", d),
            kv("max", MAX),
            kv("unit", UNIT),
            kv("seed", s),
        ],
    )
}

/// CCOM as a board's table, each entry "receiver:bytes".
fn ccom_table(ccom: &[Vec<CEntry>]) -> super::board::Table {
    super::board::Table {
        title: "CCOM (receiver:bytes)".into(),
        cells: ccom
            .iter()
            .map(|r| r.iter().map(|e| format!("{}:{}", e.dst, e.left)).collect())
            .collect(),
    }
}

fn ccom_text(ccom: &[Vec<CEntry>]) -> String {
    ccom.iter()
        .enumerate()
        .map(|(i, r)| {
            let v: Vec<String> = r.iter().map(|e| format!("{}:{}", e.dst, e.left)).collect();
            format!("  row {i:>2}: [{}]", v.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Do it yourself: RS_N's pairs in one phase.
fn rs_n_phase(seed: u64) -> Exercise {
    let id = "rs-n-phase";
    let mut rng = stream(seed, id);
    let (n, d, s, m, com) = test_set(&mut rng, &[6, 7, 8, 10], &[2, 3]);
    let want = 1 + rng.below(2);
    let (_, t) = rs::trace(&com, &m.config(RsVariant::N)).expect("RS_N accepts any matrix");
    let find =
        |want: &dyn Fn(&RsEvent) -> bool| (1..=t.len()).find(|&k| t.events(k).iter().any(want));
    let starts =
        |p: usize| find(&|e| matches!(e, RsEvent::PhaseStart { phase, .. } if *phase == p));
    // Phase 2 if there is one (with local copies a row may hold a single
    // message for others, and everything may fit in one phase).
    let (phase, start) = match (starts(want), starts(1)) {
        (Some(k), _) => (want, k),
        (None, Some(k)) => (1, k),
        (None, None) => (1, 0),
    };
    let end =
        find(&|e| matches!(e, RsEvent::PhaseEnd { phase: p } if *p == phase)).unwrap_or(start);
    let state = t.state_at(start);
    let evs: Vec<Ev> = (start..=end)
        .flat_map(|k| t.events(k))
        .filter_map(|e| match e {
            RsEvent::Turn { row } | RsEvent::NoPartner { row } => Some(Ev::Visit(*row)),
            RsEvent::Probe {
                row,
                dst,
                verdict: Verdict::NodeBusy { by },
                ..
            } => Some(Ev::Refused {
                row: *row,
                dst: *dst,
                by: *by,
            }),
            RsEvent::Chose { src, dst, .. } => Some(Ev::Chose {
                row: *src,
                dst: *dst,
            }),
            _ => None,
        })
        .collect();
    let offered = |r: usize| state.ccom[r].iter().map(|e| e.dst).collect::<Vec<_>>();
    let ts = turns(&evs, offered);
    let family = Family {
        name: "RS_N",
        list: "its CCOM entries, columns 0 to prt({x})",
        cite: "[002 §3.3, Figure 6]",
        round: "phase",
    };
    let claimed: Vec<String> = masking::claimed(&ts)
        .iter()
        .map(|(a, b)| format!("{a}→{b}"))
        .collect();
    Exercise {
        id,
        title: format!("RS_N's pairs in phase {phase}"),
        text: format!(
            "RS_N builds each phase as a partial permutation, free of node contention [002 §3.3, Figure 6]. \
             At the start of phase {phase}, CCOM for a matrix of NICE's test set 1 (n = {n}, about d = {d} \
             messages per processor, sizes in bytes after the colon) holds\n{}\nThe phase starts at row {} and \
             visits the rows that still have entries in cyclic order. Row by row, say where each row sends \
             (none if every receiver it has a message for is taken).",
            ccom_text(&state.ccom),
            state.start
        ),
        instance: json!({
            "n": n, "d": d, "max": MAX, "unit": UNIT, "seed": s, "phase": phase, "start": state.start,
            "ccom": state.ccom.iter().map(|r| r.iter().map(|e| json!([e.dst, e.left])).collect::<Vec<_>>()).collect::<Vec<_>>(),
        }),
        choices: Vec::new(),
        answer: Answer::Steps(masking::grader(&ts, n, &family).on(masking::board(
            ccom_table(&state.ccom),
            &ts,
            |_, text| text.split(':').next()?.parse().ok(),
        ))),
        explanation: format!(
            "Phase {phase} sends {}. RS_N looks only at receivers, never at sizes or links: the phase lasts as \
             long as its largest message, which is what RS_NH's cutting and RS_NL's link check address \
             [002 §3.3].",
            claimed.join(", ")
        ),
        figure: nice_link("rs_n", "rs-n", n, d, s),
    }
}

/// Numeric: how many phases RS_N needs.
fn rs_n_phases(seed: u64) -> Exercise {
    let id = "rs-n-phases";
    let mut rng = stream(seed, id);
    let (n, d, s, m, com) = test_set(&mut rng, &[16, 32, 64], &[3, 4, 6, 8]);
    let out = rs::schedule(&com, &m.config(RsVariant::N)).expect("RS_N accepts any matrix");
    let phases = out.schedule.len();
    // Local copies take no port: the bound counts messages to others.
    let (mut outs, mut ins) = (vec![0usize; n], vec![0usize; n]);
    for msg in com.messages().filter(|m| m.src != m.dst) {
        outs[msg.src] += 1;
        ins[msg.dst] += 1;
    }
    let busiest = outs.iter().chain(&ins).copied().max().unwrap_or(0);
    Exercise {
        id,
        title: "How many phases RS_N needs".into(),
        text: format!(
            "A matrix of NICE's test set 1 on n = {n} processors, about d = {d} messages per processor of \
             1 to {MAX} units of {UNIT} bytes (seed {s}), is scheduled by RS_N with the same seed. How many \
             phases does the schedule have?"
        ),
        instance: json!({ "n": n, "d": d, "max": MAX, "unit": UNIT, "seed": s }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: phases as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "{phases} phases. The busiest processor sends or receives {busiest} messages to or from others \
             (local copies need no port), so no schedule of partial permutations has fewer than {busiest} \
             phases; RS_N, a randomised greedy matching like \
             CGM, needs about d + log d [002 §3.3]. Sizes play no part in how many phases RS_N makes, only \
             in how long each lasts."
        ),
        figure: nice_link("rs_n", "rs-n", n, d, s),
    }
}

/// Choice: does RS_NH keep its split schedule?
fn split_or_not(seed: u64) -> Exercise {
    let id = "split-or-not";
    let mut rng = stream(seed, id);
    let (n, d, s, m, com) = test_set(&mut rng, &[8, 12, 16, 24], &[2, 3, 4, 6]);
    let (_, t) = rs::trace(&com, &m.config(RsVariant::Nh)).expect("RS_NH accepts any matrix");
    let kept = t.all_events().iter().rev().find_map(|e| match *e {
        RsEvent::Kept {
            split,
            split_total,
            plain_total,
        } => Some((split, split_total, plain_total)),
        _ => None,
    });
    let (split, split_total, plain_total) = kept.unwrap_or((false, 0, 0));
    Exercise {
        id,
        title: "Does cutting messages pay here?".into(),
        text: format!(
            "RS_NH chooses each phase's pairs as RS_N does, then cuts every chosen message to the phase's \
             cap ⌈h · mean⌉ of the chosen sizes (h = 1) and sends the rest later [002 §3.3]. The book's RS_NH \
             keeps the split schedule only if the sum over phases of the largest transfer is smaller than \
             RS_N's. On this matrix of test set 1 (n = {n}, d = {d}, sizes 1 to {MAX} units of {UNIT} bytes, \
             seed {s}), which schedule does RS_NH keep?"
        ),
        instance: json!({ "n": n, "d": d, "max": MAX, "unit": UNIT, "seed": s }),
        choices: vec![
            "the split schedule: its phases' largest transfers add up to less".into(),
            "RS_N's schedule: cutting does not shorten the phases here".into(),
        ],
        answer: Answer::Choice {
            index: usize::from(!split),
        },
        explanation: format!(
            "Cut, the phases' largest transfers add up to {split_total} bytes; uncut, to {plain_total} bytes, \
             so RS_NH keeps {}. A loosely synchronous phase lasts as long as its largest message, so cutting \
             the few large ones shortens the phases, but the pieces need phases of their own: with few \
             messages per processor the extra phases can cost more than the cut saves [002 §3.3, §6].",
            if split {
                "the split schedule"
            } else {
                "RS_N's"
            }
        ),
        figure: nice_link("rs_nh", "rs-nh", n, d, s),
    }
}
