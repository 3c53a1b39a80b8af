//! Chapter 11, *Choosing a schedule*: the advisor's recommendation for an
//! irregular pattern and for a complete exchange, and its predicted time
//! for a redistribution.

use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, pick, stream};
use crate::core::cost::advise::{Priced, Workload, rank};
use crate::core::cost::machine::Machine;
use serde_json::json;

const CHAPTER: &str = "choosing";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![
        advise_irregular(seed),
        advise_exchange(seed),
        advise_time(seed),
    ]
}

/// µs or ms, as the advisor writes times.
fn ms(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

fn machine_text(m: Machine) -> String {
    let c = m.cost();
    format!(
        "{} (τ = {:.1} µs, 1/φ = {:.1} MB/s)",
        m.title(),
        c.tau_us,
        c.bandwidth_mb_s()
    )
}

/// Every candidate with its time and reason, cheapest first.
fn ranking(r: &[Priced]) -> String {
    r.iter()
        .map(|c| format!("{} {} ({})", c.algo, ms(c.us), c.why))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The candidates' times in the order of `names`.
fn times(r: &[Priced], names: &[&str]) -> Vec<f64> {
    names
        .iter()
        .map(|n| {
            r.iter()
                .find(|c| c.algo == *n)
                .map_or(f64::INFINITY, |c| c.us)
        })
        .collect()
}

fn advisor_link(id: &'static str, m: Machine, settings: &[(&'static str, String)]) -> FigureLink {
    let mut all = vec![kv("machine", m.name())];
    all.extend_from_slice(settings);
    FigureLink::new(CHAPTER, id, &all)
}

/// Choice: LP or CGM for an irregular pattern.
fn advise_irregular(seed: u64) -> Exercise {
    let id = "advise-irregular";
    let mut rng = stream(seed, id);
    let names = ["LP", "CGM"];
    let mut case = None;
    for _ in 0..32 {
        let m = pick(
            &mut rng,
            &[
                Machine::Cm5,
                Machine::Delta,
                Machine::Sp2,
                Machine::T3d,
                Machine::Cluster,
            ],
        );
        let p = pick(&mut rng, &[16, 32, 64, 128]);
        let d = pick(&mut rng, &[2, 4, 8, 16]).min(p - 1);
        let bytes = pick(&mut rng, &[64, 1024, 16384, 262_144]);
        let reuse = pick(&mut rng, &[1, 10, 100]);
        let r = rank(m.cost(), Workload::Irregular { p, d, bytes, reuse });
        let clear = clear_min(&times(&r, &names), 0.02).is_some();
        case = Some((m, p, d, bytes, reuse, r));
        if clear {
            break;
        }
    }
    let (m, p, d, bytes, reuse, r) = case.expect("the loop runs");
    let index = clear_min(&times(&r, &names), 0.0).unwrap_or(0);
    Exercise {
        id,
        title: format!("LP or CGM ({})", m.name()),
        text: format!(
            "Machine: {}. Every one of p = {p} processors sends d = {d} messages of {bytes} bytes to others (an \
             irregular pattern such as Figure 7's), and the schedule is used {reuse} time{}. Chapter 11's \
             advisor prices LP and CGM by paper 000's model, T_LP = p·τ + C1·d·M·φ against \
             T_CGM = C2·d·p·ln d / reuse + C3·d·(τ + M·φ) [000 §5.1]. Which does it recommend?",
            machine_text(m),
            if reuse == 1 { "" } else { "s" }
        ),
        instance: json!({ "machine": m.name(), "p": p, "d": d, "bytes": bytes, "reuse": reuse }),
        choices: names.iter().map(|s| s.to_string()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}. LP's p start-ups dominate when messages are short and few; CGM's scheduling is shared by the \
             reuses, so a pattern used many times favours it even on a fast machine [000 §5.1, eqs. 5-6].",
            ranking(&r)
        ),
        figure: advisor_link(
            "advisor_cm5",
            m,
            &[
                kv("pattern", "irregular"),
                kv("p", p),
                kv("d", d),
                kv("bytes", bytes),
                kv("reuse", reuse),
            ],
        ),
    }
}

/// Choice: the complete exchange the advisor recommends.
fn advise_exchange(seed: u64) -> Exercise {
    let id = "advise-exchange";
    let mut rng = stream(seed, id);
    let names = ["LEX", "PEX", "REX", "BEX"];
    let mut case = None;
    for _ in 0..32 {
        let m = pick(
            &mut rng,
            &[
                Machine::Cm5PointToPoint,
                Machine::Sp2,
                Machine::Cluster,
                Machine::T3d,
            ],
        );
        let p = pick(&mut rng, &[16, 32, 64, 128, 256]);
        let bytes = pick(&mut rng, &[16, 256, 4096, 65536]);
        let r = rank(m.cost(), Workload::Exchange { p, bytes });
        let clear = clear_min(&times(&r, &names), 0.02).is_some();
        case = Some((m, p, bytes, r));
        if clear {
            break;
        }
    }
    let (m, p, bytes, r) = case.expect("the loop runs");
    let index = clear_min(&times(&r, &names), 0.0).unwrap_or(0);
    Exercise {
        id,
        title: format!("A complete exchange ({})", m.name()),
        text: format!(
            "Machine: {}, with a fat tree like the CM-5's. Every one of p = {p} processors sends {bytes} \
             bytes to every other. The advisor prices LEX, PEX, REX and BEX by paper 004's contention model \
             α + L·max(β_ex, f(i)·β_sat), with α = τ and the CM-5's per-byte rates scaled to this machine's φ \
             [004 §4]. Which exchange does it recommend?",
            machine_text(m)
        ),
        instance: json!({ "machine": m.name(), "p": p, "bytes": bytes }),
        choices: names.iter().map(|s| s.to_string()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}. The ratio τ/φ decides: where start-ups are dear against bytes, REX's lg p steps win; where \
             bytes are dear, the p − 1 steps of PEX or BEX that move each block once are better, BEX ahead \
             when it keeps the upper links less loaded [004 §4.5].",
            ranking(&r)
        ),
        figure: advisor_link(
            "advisor_cluster",
            m,
            &[kv("pattern", "exchange"), kv("p", p), kv("bytes", bytes)],
        ),
    }
}

/// Numeric: the advisor's predicted time of a redistribution.
fn advise_time(seed: u64) -> Exercise {
    let id = "advise-time";
    let mut rng = stream(seed, id);
    let m = pick(&mut rng, &[Machine::Sp2, Machine::T3d, Machine::Cluster]);
    let p = pick(&mut rng, &[16, 32, 64]);
    let k = pick(&mut rng, &[3, 4, 7, 8, 12, 31]);
    let bytes = pick(&mut rng, &[4096, 65536, 1_048_576]);
    let r = rank(m.cost(), Workload::Redist { k, p, bytes });
    let best = r.first().cloned().unwrap_or(Priced {
        algo: String::new(),
        us: 0.0,
        chapter: "redistribution",
        why: String::new(),
    });
    Exercise {
        id,
        title: format!("The best redistribution's time ({})", m.name()),
        text: format!(
            "An array of {bytes} bytes per processor goes from cyclic(x) to cyclic({k}x) on p = {p} processors; \
             machine: {}. Paper 003's GDM model charges a step T_d + m·τ_d (here T_d = τ and τ_d = φ) for its largest \
             message m, and Corollary 2 gives the direct, indirect and hybrid schedules' times [003 §5]. What \
             does chapter 11's advisor predict for the fastest schedule, in µs (within 2 %)?",
            machine_text(m)
        ),
        instance: json!({ "machine": m.name(), "p": p, "k": k, "bytes": bytes }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: best.us,
            tolerance: 0.02,
        },
        explanation: format!(
            "The advisor ranks {}. The direct schedule takes K steps (P when K ≥ P) of short messages; the \
             indirect one about log K steps of long ones; a hybrid of degree d sits between, and the best d \
             depends on T_d/τ_d [003 §4-5, Corollary 2].",
            ranking(&r)
        ),
        figure: advisor_link(
            "advisor_t3d",
            m,
            &[
                kv("pattern", "redist"),
                kv("p", p),
                kv("k", k),
                kv("bytes", bytes),
            ],
        ),
    }
}
