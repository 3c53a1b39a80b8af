//! Chapter 3, *GM and CGM, iteration by iteration*: the pairs of a GM and
//! of a CGM iteration, how many permutations CGM needs, and when CGM beats
//! LP.

use super::compaction::{ccom_text, cgm_turns, small_matrix};
use super::link::kv;
use super::masking::{self, Ev, Family, turns};
use super::{Answer, Exercise, FigureLink, clear_min, com_table, matrix_text, pick, stream};
use crate::core::algo::cgm;
use crate::core::algo::gm::{self, GmEvent, Scan};
use crate::core::cost::breakeven::LpCgmModel;
use serde_json::json;

const CHAPTER: &str = "cgm";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![
        gm_pairs(seed),
        cgm_pairs(seed),
        cgm_phases(seed),
        breakeven(seed),
    ]
}

fn duel_link(n: usize, d: usize, s: u64) -> FigureLink {
    FigureLink::new(CHAPTER, "gmcgm", &[kv("n", n), kv("d", d), kv("seed", s)])
}

fn pairs_text(pairs: &[(usize, usize)]) -> String {
    let v: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}→{b}")).collect();
    v.join(", ")
}

/// Do it yourself: GM's pairs in one iteration.
fn gm_pairs(seed: u64) -> Exercise {
    let id = "gm-pairs";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[6, 7, 8], &[2, 3]);
    let iter = 1 + rng.below(2);
    let t = gm::trace(&com, Scan::FromZero, s);
    let find = |want: &dyn Fn(&GmEvent) -> bool| {
        (1..=t.trace.len()).find(|&k| t.trace.events(k).iter().any(want))
    };
    let start = find(&|e| matches!(e, GmEvent::Start { iter: i, .. } if *i == iter))
        .expect("d ≥ 2 messages per row: at least two iterations");
    let end = find(&|e| matches!(e, GmEvent::End { iter: i, .. } if *i == iter)).unwrap_or(start);
    let state = t.trace.state_at(start);
    let rows: Vec<Vec<u64>> = (0..n)
        .map(|i| (0..n).map(|j| state.com[i * n + j] as u64).collect())
        .collect();
    let evs: Vec<Ev> = (start..=end)
        .flat_map(|k| t.trace.events(k))
        .filter_map(|e| match *e {
            GmEvent::Zeros { row, .. } | GmEvent::GiveUp { row } => Some(Ev::Visit(row)),
            GmEvent::Probe {
                row,
                col,
                taken_by: Some(by),
            } => Some(Ev::Refused { row, dst: col, by }),
            GmEvent::Chose { row, col, .. } => Some(Ev::Chose { row, dst: col }),
            _ => None,
        })
        .collect();
    let offered = |r: usize| (0..n).filter(|&y| state.com[r * n + y]).collect::<Vec<_>>();
    let ts = turns(&evs, offered);
    let family = Family {
        name: "GM",
        list: "the columns y with COM({x}, y) = 1, from column 0",
        cite: "[000 §3.3, Figure 4]",
        round: "iteration",
    };
    let claimed = masking::claimed(&ts);
    let x = state.x.unwrap_or(0);
    Exercise {
        id,
        title: format!("GM's pairs in iteration {iter}"),
        text: format!(
            "Global masking (GM) builds each permutation straight from COM [000 §3.3, Figure 4]. At the start \
             of iteration {iter}, what is left of a Figure 7 matrix (n = {n}, d = {d}) is\n{}\nThe iteration \
             clears sendl and recvl to −1 and starts at row {x}, then visits rows {x}, {}, … in cyclic order. \
             Row by row, say where each row sends: GM scans its row from column 0 and claims the first message \
             whose receiver is still free.",
            matrix_text(&rows),
            (x + 1) % n
        ),
        instance: json!({ "n": n, "d": d, "seed": s, "iteration": iter, "com": rows, "start": x }),
        choices: Vec::new(),
        answer: Answer::Steps(masking::grader(&ts, n, &family).on(masking::board(
            com_table(&rows),
            &ts,
            |col, _| Some(col),
        ))),
        explanation: format!(
            "Iteration {iter} ends with the permutation {}. Every column GM passes is a probe: zeros are wasted \
             visits and taken receivers are collisions, which is the O(n²) cost per iteration that CGM's \
             compaction removes [000 §3.3, §4].",
            pairs_text(&claimed)
        ),
        figure: FigureLink::new(
            CHAPTER,
            "gmcgm",
            &[kv("n", n), kv("d", d), kv("seed", s), kv("scan", "zero")],
        ),
    }
}

/// Do it yourself: CGM's pairs in one iteration.
fn cgm_pairs(seed: u64) -> Exercise {
    let id = "cgm-pairs";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[6, 8, 10], &[2, 3, 4]);
    let iter = 1 + rng.below(2);
    let t = cgm::trace(&com, s);
    let (state, ts) = cgm_turns(&t, iter).expect("d ≥ 2 messages per row: at least two iterations");
    let rows = super::compaction::ccom_rows(&state);
    let family = Family {
        name: "CGM",
        list: "its active entries CCOM({x}, 0..pvt({x}))",
        cite: "[000 §4, Figure 6]",
        round: "iteration",
    };
    let x = state.x.unwrap_or(0);
    let claimed = masking::claimed(&ts);
    Exercise {
        id,
        title: format!("CGM's pairs in iteration {iter}"),
        text: format!(
            "Compact global masking (CGM) searches only the active part of each row of CCOM [000 §4, \
             Figure 6]. At the start of iteration {iter}, CCOM for a Figure 7 matrix (n = {n}, d = {d}) holds\n{}\n\
             The iteration starts at row {x} and visits the rows in cyclic order. Row by row, say where each \
             row sends (none if all its receivers are taken, or if it has nothing left).",
            ccom_text(&rows)
        ),
        instance: json!({ "n": n, "d": d, "seed": s, "iteration": iter, "ccom": rows, "start": x }),
        choices: Vec::new(),
        answer: Answer::Steps(masking::grader(&ts, n, &family).on(masking::board(
            super::compaction::ccom_table(&rows),
            &ts,
            |_, text| text.parse().ok(),
        ))),
        explanation: format!(
            "Iteration {iter} ends with the permutation {}. CGM examines only live entries, so each probe \
             either claims a message or collides with a receiver claimed earlier in the iteration; about \
             n ln d + n probes per iteration instead of GM's n² [000 §4, eq. 1].",
            pairs_text(&claimed)
        ),
        figure: duel_link(n, d, s),
    }
}

/// Numeric: how many permutations CGM needs.
fn cgm_phases(seed: u64) -> Exercise {
    let id = "cgm-phases";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[16, 32, 64], &[3, 4, 6, 8, 12]);
    let run = cgm::run(&com, s);
    let phases = run.schedule.len();
    let estimate = d as f64 + (d as f64).log2();
    Exercise {
        id,
        title: "How many permutations CGM needs".into(),
        text: format!(
            "A Figure 7 matrix on n = {n} processors, each sending and receiving d = {d} messages (figure \
             seed {s}), is scheduled by CGM with the same seed. How many permutations will CGM need?"
        ),
        instance: json!({ "n": n, "d": d, "seed": s }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: phases as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "CGM needs {phases}. No processor sends or receives twice in a permutation, so at least d = {d} \
             are needed [000 §2.1]; greedy matchings never need more than 2d − 1 = {}; and the paper expects \
             about d + log₂ d ≈ {estimate:.1} [000 §4, eq. 4], which its Table 4 and the book's \
             recomputation confirm.",
            2 * d - 1
        ),
        figure: duel_link(n.min(128), d.min(64), s),
    }
}

/// Choice: LP or CGM on the CM-5 model of §5.1.
fn breakeven(seed: u64) -> Exercise {
    let id = "breakeven";
    let mut rng = stream(seed, id);
    let m = LpCgmModel::fitted();
    let (mut d, mut bytes) = (4usize, 1024u64);
    for _ in 0..32 {
        d = pick(&mut rng, &[2, 4, 8, 12, 16, 24]);
        bytes = pick(&mut rng, &[16, 64, 256, 1024, 4096, 16384, 65536]);
        let (lp, cg) = (
            m.lp_us(d as f64, bytes as f64),
            m.cgm_us(d as f64, bytes as f64),
        );
        if clear_min(&[lp, cg], 0.02).is_some() {
            break;
        }
    }
    let (lp, cg) = (
        m.lp_us(d as f64, bytes as f64),
        m.cgm_us(d as f64, bytes as f64),
    );
    let index = usize::from(cg <= lp);
    let winner = if index == 1 { "CGM" } else { "LP" };
    Exercise {
        id,
        title: "LP or CGM on the CM-5".into(),
        text: format!(
            "On the 32-node CM-5 every processor sends d = {d} messages of {bytes} bytes, and the schedule is \
             used once. Paper 000 models LP as n·τ + C1·d·M·φ and CGM as C2·d·n·ln d + C3·d·(τ + M·φ) \
             [000 §5.1]; the book fits the constants to Tables 1-3 (C1 ≈ {:.2}, C2 ≈ {:.1} µs, C3 ≈ {:.2}, \
             τ ≈ {:.0} µs, 1/φ ≈ {:.2} MB/s). Which is faster, scheduling included?",
            m.c1,
            m.c2_us,
            m.c3,
            m.cost.tau_us,
            m.cost.bandwidth_mb_s()
        ),
        instance: json!({ "n": m.n, "d": d, "bytes": bytes, "reuse": 1 }),
        choices: vec!["LP".into(), "CGM".into()],
        answer: Answer::Choice { index },
        explanation: format!(
            "{winner}: LP takes {:.2} ms and CGM {:.2} ms. LP pays τ in every step, n·τ in the model, however \
             sparse COM is; CGM pays for scheduling (C2·d·n·ln d = {:.2} ms here) but then only about d phases. For \
             small messages CGM wins while d·ln d stays below about τ/C2 (eq. 5); for large ones, while \
             ln d stays below (C1 − C3)/C2 · Mφ/n (eq. 6) [000 §5.1].",
            lp / 1000.0,
            cg / 1000.0,
            m.c2_us * d as f64 * m.n as f64 * (d as f64).ln() / 1000.0
        ),
        figure: FigureLink::new(CHAPTER, "breakeven", &[kv("n", m.n), kv("reuse", 1)]),
    }
}
