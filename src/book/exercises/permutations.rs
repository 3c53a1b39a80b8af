//! Chapter 1, *Permutations as a communication primitive*: LP's partners
//! step by step, the send slots LP wastes, the τ + Mφ cost of phases, and
//! how many steps LP takes.

use super::board::{Board, Focus, Shape, Spot};
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, com_table, figure_seed, matrix_text, pick, stream};
use crate::core::algo::lp::{self, LpEvent};
use crate::core::algo::pairing::Pairing;
use crate::core::com::Com;
use crate::core::com::fig7::Fig7Config;
use crate::core::cost::perm::PermCost;
use crate::core::published::ranka94::TABLE1;
use serde_json::json;

const CHAPTER: &str = "permutations";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![
        lp_partners(seed),
        lp_idle(seed),
        phase_cost(seed),
        lp_steps(seed),
    ]
}

/// A Figure 7 matrix (n, d, figure seed) drawn from `rng`.
fn matrix(rng: &mut crate::core::rng::Rng, ns: &[usize], ds: &[usize]) -> (usize, usize, u64, Com) {
    let n = pick(rng, ns);
    let d = pick(rng, ds).min(n - 1);
    let s = figure_seed(rng);
    let com = Fig7Config::new(n, d, s)
        .generate()
        .expect("1 ≤ d < n and n small: a valid Figure 7 setting");
    (n, d, s, com)
}

fn lp_link(n: usize, d: usize, s: u64, step: usize) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        "lp",
        &[kv("n", n), kv("d", d), kv("seed", s), kv("step", step)],
    )
}

/// How the pairing is made, for the question text.
fn pairing_rule(n: usize) -> String {
    match Pairing::for_n(n) {
        Pairing::Xor { .. } => format!(
            "n = {n} is a power of two, so in step k processor i meets i ⊕ k (bitwise exclusive or) [000 §3.2]"
        ),
        Pairing::Circle { m, .. } if m > n => format!(
            "n = {n} is odd, so the book pairs by the circle method with an imaginary processor {last}: in \
             step k, with r = k − 1, processor r would meet the imaginary one and sits the step out, and every \
             other i meets the j ≠ i with i + j ≡ 2r (mod {last}) (paper 000 §3.2 leaves n that are not powers \
             of two open; chapter 1 explains the choice)",
            last = m - 1,
        ),
        Pairing::Circle { m, .. } => format!(
            "n = {n} is not a power of two, so the book pairs by the circle method: in step k, with r = k − 1, \
             processor {last} meets r and every other i meets the j ≠ i with i + j ≡ 2r (mod {last}) (paper \
             000 §3.2 leaves n that are not powers of two open; chapter 1 explains the choice)",
            last = m - 1,
        ),
    }
}

/// COM with P`me`'s row and column to point at: a cell of either names
/// the other processor of a pair (P`me` meets a processor whether it
/// sends to it or receives from it).
fn partner_board(rows: &[Vec<u64>], me: usize, steps: usize) -> Board {
    let n = rows.len();
    let picks: Vec<(Spot, usize)> = (0..n)
        .map(|col| {
            (
                Spot::Cell {
                    table: 0,
                    row: me,
                    col,
                },
                col,
            )
        })
        .chain((0..n).filter(|&r| r != me).map(|row| {
            (
                Spot::Cell {
                    table: 0,
                    row,
                    col: me,
                },
                row,
            )
        }))
        .collect();
    let on: Vec<Spot> = picks.iter().map(|p| p.0).collect();
    let focus = Focus::one(
        on,
        picks,
        format!(
            "Point at a cell of P{me}'s row or column: it names the processor P{me} meets, or choose none."
        ),
    );
    Board {
        shape: Shape::Tables(vec![com_table(rows)]),
        steps: vec![focus; steps],
    }
}

/// Do it yourself: follow one processor through LP's steps.
fn lp_partners(seed: u64) -> Exercise {
    let id = "lp-partners";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = matrix(&mut rng, &[5, 6, 7, 8, 10, 12], &[2, 3]);
    let me = rng.below(n);
    let (_, trace) = lp::trace(&com);
    let pairing = Pairing::for_n(n);
    let mut steps = Vec::new();
    let mut partners = Vec::new();
    for k in 1..=trace.len() {
        let events = trace.events(k);
        let pairs = match events.first() {
            Some(LpEvent::Meet { pairs, .. }) => pairs.clone(),
            _ => Vec::new(),
        };
        let partner_of = |x: usize| {
            pairs
                .iter()
                .find_map(|&(a, b)| (a == x).then_some(b).or((b == x).then_some(a)))
        };
        let partner = partner_of(me);
        partners.push(partner);
        let sends = events
            .iter()
            .any(|e| matches!(e, LpEvent::Send(t) if t.src == me && t.dst != me));
        let why = match partner {
            Some(j) if sends => format!("In step {k} P{me} meets P{j} and sends it its message."),
            Some(j) => {
                format!("In step {k} P{me} meets P{j}, but COM({me}, {j}) = 0: the slot is wasted.")
            }
            None => {
                format!("In step {k} P{me} sits out: its partner would be the imaginary processor.")
            }
        };
        let mut notes = vec![(
            StepAnswer::Node(Some(me)),
            "a processor never meets itself".to_string(),
        )];
        for x in (0..n).filter(|&x| x != me && Some(x) != partner) {
            let why = match partner_of(x) {
                Some(y) => format!("in step {k} P{x} meets P{y}"),
                None => format!("P{x} sits out step {k}"),
            };
            notes.push((StepAnswer::Node(Some(x)), why));
        }
        if let Some(j) = partner {
            notes.push((
                StepAnswer::Node(None),
                format!("P{me} does not sit out step {k}: it meets P{j}"),
            ));
        }
        steps.push(Step {
            model: ModelStep {
                prompt: format!("Step {k}: whom does P{me} meet (or none, if it sits out)?"),
                answer: StepAnswer::Node(partner),
                rule: format!("LP step {k} [000 §3.2]: {}.", pairing.rule(k)),
                why,
            },
            notes,
            other: format!("there is no processor with that number (n = {n})"),
        });
    }
    let listed: Vec<String> = partners
        .iter()
        .enumerate()
        .map(|(k, p)| match p {
            Some(j) => format!("step {}: {j}", k + 1),
            None => format!("step {}: none", k + 1),
        })
        .collect();
    Exercise {
        id,
        title: format!("LP's partners of P{me}"),
        text: format!(
            "Linear permutation (LP) walks a fixed order of pairwise exchanges, the same whatever COM holds: \
             {}. Follow processor P{me} through the {} steps of LP on n = {n} processors and name its \
             partner in each step (none if it sits the step out).",
            pairing_rule(n),
            trace.len()
        ),
        instance: json!({ "n": n, "d": d, "seed": s, "processor": me, "com": com.to_rows() }),
        choices: Vec::new(),
        answer: Answer::Steps(Grader::new(steps).on(partner_board(
            &com.to_rows(),
            me,
            trace.len(),
        ))),
        explanation: format!(
            "P{me} meets every other processor exactly once ({}), because the steps of LP split the \
             complete graph on {n} processors into matchings [000 §3.2]. That is why LP needs no \
             scheduling at all, and also why it pays for {} steps however few messages COM holds.",
            listed.join(", "),
            trace.len()
        ),
        figure: lp_link(n, d, s, 1),
    }
}

/// Numeric: the send slots LP wastes on a d-regular matrix.
fn lp_idle(seed: u64) -> Exercise {
    let id = "lp-idle";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = matrix(&mut rng, &[8, 9, 12, 16], &[2, 3, 4, 5]);
    let (schedule, trace) = lp::trace(&com);
    let idle = trace.final_state().idle_total;
    let slots: usize = (1..=trace.len())
        .flat_map(|k| trace.events(k))
        .map(|e| match e {
            LpEvent::Meet { pairs, .. } => 2 * pairs.len(),
            _ => 0,
        })
        .sum();
    let local = (0..n).filter(|&i| com.get(i, i) > 0).count();
    let sent = com.len() - local;
    let local_note = if local > 0 {
        format!(
            " ({local} of the {} messages go from a processor to itself: local copies that use no slot)",
            com.len()
        )
    } else {
        String::new()
    };
    Exercise {
        id,
        title: "Send slots LP wastes".into(),
        text: format!(
            "A Figure 7 matrix on n = {n} processors in which every processor sends {d} messages and receives {d} \
             [000 §5]:\n{}\nLP runs its {} steps whatever COM holds, and in every step each processor that \
             meets a partner may send it one message [000 §3.2]. Over the whole schedule, in how many \
             (sender, partner) meetings does the sender have nothing for its partner?",
            matrix_text(&com.to_rows()),
            schedule.len()
        ),
        instance: json!({ "n": n, "d": d, "seed": s, "com": com.to_rows() }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: idle as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "Every processor meets every other once, so the {} steps hold {slots} send slots; {sent} of them \
             carry a message{local_note}, and the other {idle} are wasted. A schedule of about d phases \
             would waste almost none: this is the n·τ that LP pays beside d·Mφ [000 §5.1].",
            schedule.len()
        ),
        figure: lp_link(n, d, s, trace.len()),
    }
}

/// Numeric: the τ + Mφ time of a few phases on the CM-5 fit.
fn phase_cost(seed: u64) -> Exercise {
    let id = "phase-cost";
    let mut rng = stream(seed, id);
    let bytes = pick(&mut rng, &[256u64, 1024, 4096, 16384, 65536]);
    let phases = 2 + rng.below(7);
    let fit = PermCost::cm5_table1();
    let one = fit.phase_us(bytes);
    let total = phases as f64 * one;
    Exercise {
        id,
        title: "The cost of permutation phases".into(),
        text: format!(
            "Paper 000 charges one permutation phase τ + M·φ, where M is the phase's largest message \
             [000 §2.1], and chapter 1 fits τ and φ to the CM-5's measured permutations of Table 1: \
             τ ≈ {:.1} µs and 1/φ ≈ {:.3} MB/s. How long do {phases} phases take whose largest messages \
             are all {bytes} bytes, in µs (within 2 %)?",
            fit.tau_us,
            fit.bandwidth_mb_s()
        ),
        instance: json!({ "phases": phases, "bytes": bytes, "tau_us": fit.tau_us, "phi_us_per_byte": fit.phi_us_per_byte }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: total,
            tolerance: 0.02,
        },
        explanation: format!(
            "One phase costs τ + M·φ = {:.1} + {bytes} × {:.4} = {:.1} µs, and phases run one after another, \
             so {phases} of them take {:.0} µs [000 §2.1]. The start-up τ is paid in every phase: it is {:.0} % \
             of this total, which is why the number of phases matters for small messages.",
            fit.tau_us,
            fit.phi_us_per_byte,
            one,
            total,
            100.0 * fit.tau_us / one
        ),
        figure: FigureLink::new(CHAPTER, "cost", &[kv("step", TABLE1.len())]),
    }
}

/// Choice: how many steps LP takes.
fn lp_steps(seed: u64) -> Exercise {
    let id = "lp-steps";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = matrix(&mut rng, &[6, 7, 8, 9, 11, 12, 16], &[2, 3]);
    let steps = lp::schedule(&com).len();
    let mut values = vec![n - 1, n, n + 1, d];
    values.dedup();
    crate::core::sorting::sort_usizes(&mut values);
    values.dedup();
    let index = values.iter().position(|&v| v == steps).unwrap_or(0);
    Exercise {
        id,
        title: "How many steps LP takes".into(),
        text: format!(
            "COM has n = {n} processors, each sending {d} messages. How many steps does linear permutation \
             (LP) take on it [000 §3.2]?"
        ),
        instance: json!({ "n": n, "d": d, "seed": s }),
        choices: values.iter().map(usize::to_string).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "LP takes {steps} steps: it meets every pair once, in n − 1 steps when n is even (a perfect \
             matching per step) and n when n is odd (one processor sits out each step); d does not \
             matter, which is exactly LP's weakness on sparse matrices [000 §3.2, §5.1]."
        ),
        figure: lp_link(n, d, s, steps),
    }
}
