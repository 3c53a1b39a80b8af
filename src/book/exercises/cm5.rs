//! Chapter 5, *Scheduling on the CM-5*: a processor's partners in PEX, BEX
//! or REX, which complete exchange wins, and the contention f(i) of a step.

use super::board::Board;
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, number, pick, stream};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::cm5::order::Order;
use crate::core::cost::contention::ContentionCost;
use crate::core::net::TopologySpec;
use serde_json::json;

const CHAPTER: &str = "cm5";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![
        exchange_partners(seed),
        exchange_winner(seed),
        contention(seed),
    ]
}

/// The exchanges figure of `ex` (its id is the exchange's name).
fn exchanges_link(ex: Exchange, p: usize, bytes: u64, step: usize) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        ex.name(),
        &[
            kv("algo", ex.name()),
            kv("p", p),
            kv("bytes", bytes),
            kv("step", step),
        ],
    )
}

/// What the rule says in step k, and what it gives for processor `me`.
fn rule_of(ex: Exchange, p: usize, k: usize, me: usize, partner: Option<usize>) -> String {
    let to = partner.map_or("none".to_string(), |j| format!("P{j}"));
    match ex {
        Exchange::Pex => format!(
            "PEX [004 §4.2]: {}; for P{me}, {me} ⊕ {k} gives {to}.",
            Order::pex(p).rule(k)
        ),
        Exchange::Bex => {
            let v = (me + 1) % p;
            format!(
                "BEX [004 §4.4]: {}; P{me} has v = {v}, and v ⊕ {k} = {} is the virtual number of {to}.",
                Order::bex(p).rule(k),
                v ^ k
            )
        }
        _ => format!(
            "REX [004 §4.3]: in step {k} processor j exchanges with j ⊕ p/2^{k} = j ⊕ {}, across the cut \
             that halves its group; for P{me} that is {to}.",
            p >> k
        ),
    }
}

/// Do it yourself: one processor's partners, step by step.
fn exchange_partners(seed: u64) -> Exercise {
    let id = "exchange-partners";
    let mut rng = stream(seed, id);
    let ex = pick(&mut rng, &[Exchange::Pex, Exchange::Bex, Exchange::Rex]);
    let p = pick(&mut rng, &[8, 16]);
    let me = rng.below(p);
    let plan = ExchangePlan::new(ex, p).expect("p = 8 or 16: a power of two");
    let mut steps = Vec::new();
    let mut partners = Vec::new();
    for (i, pairs) in plan.steps.iter().enumerate() {
        let k = i + 1;
        let partner_of = |x: usize| {
            pairs
                .iter()
                .find_map(|&(a, b)| (a == x).then_some(b).or((b == x).then_some(a)))
        };
        let partner = partner_of(me);
        partners.push(partner);
        let mut notes = vec![(
            StepAnswer::Node(Some(me)),
            "a processor does not exchange with itself".to_string(),
        )];
        for x in (0..p).filter(|&x| x != me && Some(x) != partner) {
            let mut why = match partner_of(x) {
                Some(y) => format!("in step {k} P{x} exchanges with P{y}"),
                None => format!("P{x} is idle in step {k}"),
            };
            if ex == Exchange::Bex && x == me ^ k {
                why.push_str(&format!(
                    "; {x} = {me} ⊕ {k} is PEX's partner, but BEX pairs the virtual numbers \
                     v = (i + 1) mod p"
                ));
            }
            notes.push((StepAnswer::Node(Some(x)), why));
        }
        let why = match partner {
            Some(j) => format!("In step {k} P{me} exchanges its block with P{j}."),
            None => format!("P{me} is idle in step {k}."),
        };
        steps.push(Step {
            model: ModelStep {
                prompt: format!("Step {k}: with whom does P{me} exchange?"),
                answer: StepAnswer::Node(partner),
                rule: rule_of(ex, p, k, me, partner),
                why,
            },
            notes,
            other: format!("there is no processor with that number (p = {p})"),
        });
    }
    let how = match ex {
        Exchange::Pex => "PEX, the pairwise exchange: in step i (1 ≤ i ≤ p − 1) processor j exchanges with j ⊕ i \
                          [004 §4.2, Table 1]"
            .to_string(),
        Exchange::Bex => "BEX, the balanced exchange: PEX on virtual numbers v = (j + 1) mod p, so in step i the \
                          processor with virtual number v exchanges with the one whose virtual number is v ⊕ i \
                          [004 §4.4, Table 3]"
            .to_string(),
        _ => "REX, the recursive exchange: in step i (1 ≤ i ≤ lg p) processor j exchanges with j ⊕ p/2^i and sends \
              every block it holds for the other half [004 §4.3, Table 2]"
            .to_string(),
    };
    let listed: Vec<String> = partners
        .iter()
        .map(|p| p.map_or("none".into(), |j| j.to_string()))
        .collect();
    Exercise {
        id,
        title: format!("P{me}'s partners in {}", ex.title()),
        text: format!(
            "A complete exchange on p = {p} processors of the CM-5 by {how}. Name P{me}'s partner in each of \
             the {} steps.",
            plan.steps.len()
        ),
        instance: json!({ "algo": ex.name(), "p": p, "processor": me }),
        choices: Vec::new(),
        answer: Answer::Steps({
            let about = vec![Some(me); steps.len()];
            Grader::new(steps).on(Board::network(TopologySpec::FatTree { procs: p }, &about))
        }),
        explanation: format!(
            "P{me} meets {} in that order. {}",
            listed.join(", "),
            match ex {
                Exchange::Rex =>
                    "REX needs only lg p steps, but every block may travel up to lg p times and \
                                  each step carries p/2 blocks [004 §4.3].",
                Exchange::Bex =>
                    "Shifting the numbers by one mixes pairs inside a cluster of the fat tree \
                                  with pairs across it in every step, which spreads the load on the upper \
                                  links [004 §4.4].",
                _ =>
                    "Step i pairs processors that differ in the bits of i, so the late steps all cross the top \
                      of the fat tree at once [004 §4.2].",
            }
        ),
        figure: exchanges_link(ex, p, 256, 1),
    }
}

/// Choice: which exchange the contention model predicts fastest.
fn exchange_winner(seed: u64) -> Exercise {
    let id = "exchange-winner";
    let mut rng = stream(seed, id);
    let model = ContentionCost::cm5();
    let times = |p: usize, bytes: u64| -> Vec<f64> {
        Exchange::PAPER
            .iter()
            .map(|&e| {
                ExchangePlan::new(e, p)
                    .expect("p a power of two from 16 to 64")
                    .predicted_us(&model, bytes)
            })
            .collect()
    };
    let (mut p, mut bytes, mut t) = (32, 4096, Vec::new());
    for _ in 0..32 {
        p = pick(&mut rng, &[16, 32, 64]);
        bytes = pick(&mut rng, &[16, 64, 256, 1024, 4096, 16384]);
        t = times(p, bytes);
        if clear_min(&t, 0.01).is_some() {
            break;
        }
    }
    let index = clear_min(&t, 0.0).unwrap_or(0);
    let listed: Vec<String> = Exchange::PAPER
        .iter()
        .zip(&t)
        .map(|(e, us)| format!("{} {:.1} ms", e.title(), us / 1000.0))
        .collect();
    let winner = Exchange::PAPER[index];
    Exercise {
        id,
        title: format!("Which complete exchange wins at {bytes} bytes"),
        text: format!(
            "Every one of p = {p} processors of the CM-5 sends a block of {bytes} bytes to every other. Under \
             paper 004's contention model, each step costs α + L·max(β_ex, f(i)·β_sat) with f(i) the messages \
             sharing the busiest link [004 §4] (one-way LEX steps use β_s); α = {:.0} µs, β_s = {} µs/B, \
             β_ex = {} µs/B and β_sat = {} µs/B. Which exchange is fastest?",
            model.alpha_us, model.beta_s_us, model.beta_ex_us, model.beta_sat_us
        ),
        instance: json!({ "p": p, "bytes": bytes }),
        choices: Exchange::PAPER
            .iter()
            .map(|e| e.title().to_string())
            .collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{} wins: {}. REX has only lg p start-ups but moves p/2 blocks per step, so it wins for small \
             blocks; for large ones the bytes dominate, and BEX, which keeps the busiest links at or below \
             PEX's load, is best; LEX funnels p − 1 messages into one processor per step and is far behind \
             [004 §4.5].",
            winner.title(),
            listed.join(", ")
        ),
        figure: exchanges_link(winner, p, bytes, 1),
    }
}

/// Numeric: f(i) of one step of PEX or BEX.
fn contention(seed: u64) -> Exercise {
    let id = "contention";
    let mut rng = stream(seed, id);
    let ex = pick(&mut rng, &[Exchange::Pex, Exchange::Bex]);
    let p = pick(&mut rng, &[32, 64]);
    let plan = ExchangePlan::new(ex, p).expect("p a power of two");
    let f = plan.contention();
    let k = 1 + rng.below(plan.steps.len());
    let value = f[k - 1];
    let pairs: Vec<String> = plan.steps[k - 1]
        .iter()
        .map(|(a, b)| format!("{a}↔{b}"))
        .collect();
    Exercise {
        id,
        title: format!("Contention in step {k} of {}", ex.title()),
        text: format!(
            "On the CM-5's 4-ary fat tree with p = {p} processors, step {k} of {} pairs {} [004 §4]. f(i) is \
             the number of messages per link on the busiest channel (the bundle of links leaving a node of the \
             tree upwards, or entering it downwards): a processor has 2 links up, a cluster of 4 has 4, a \
             cluster of 16 has 8 [004 §2]. What is f({k})?",
            ex.title(),
            pairs.join(", ")
        ),
        instance: json!({ "algo": ex.name(), "p": p, "step": k, "pairs": plan.steps[k - 1] }),
        choices: Vec::new(),
        answer: Answer::Number {
            value,
            tolerance: 0.0,
        },
        explanation: format!(
            "f({k}) = {}. A pair inside a cluster of 4 climbs one level, inside a cluster of 16 two; the busiest \
             bundle divides its messages among its links. PEX's first 15 steps stay inside clusters of 16 \
             (f ≤ 1) and every later step sends all 16 processors of a cluster across, 16 messages on 8 links \
             (f = 2); BEX mixes near and far pairs so that most late steps load the top links less [004 §4.2, \
             §4.4]. Above 1, the step costs α + L·f·β_sat instead of α + L·β_ex.",
            number(value)
        ),
        figure: exchanges_link(ex, p, 256, k),
    }
}
