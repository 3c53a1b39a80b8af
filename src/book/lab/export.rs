//! The lab's exports of the selected schedule: the CLI's JSON, a CSV of
//! its transfers, NICE's communication phase table (paper 002 §4.1), and
//! the phase view as an SVG picture.

use super::compare::{Pricing, Selected};
use crate::api::ScheduleResponse;
use crate::core::com::Com;
use crate::core::schedule::Schedule;
use crate::core::stats::ScheduleStats;
use std::fmt::Write;

/// `commbook schedule --json`'s output for the same matrix and algorithm.
pub fn schedule_json(com: &Com, sel: &Selected, schedule: &Schedule, pricing: Pricing) -> String {
    let r = ScheduleResponse {
        algo: sel.candidate.name,
        n: schedule.n,
        topology: sel.topology.clone(),
        relayed: sel.relayed,
        stats: ScheduleStats::priced(com, schedule, sel.probes, pricing.name, pricing.cost),
        phases: schedule.phases.clone(),
    };
    // Serialising plain data cannot fail.
    serde_json::to_string_pretty(&r).unwrap_or_default() + "\n"
}

/// One line per transfer: `phase,src,dst,bytes,offset` (phases from 1).
pub fn schedule_csv(schedule: &Schedule) -> String {
    let mut s = String::from("phase,src,dst,bytes,offset\n");
    for (k, phase) in schedule.phases.iter().enumerate() {
        for t in phase {
            let _ = writeln!(s, "{},{},{},{},{}", k + 1, t.src, t.dst, t.bytes, t.offset);
        }
    }
    s
}

/// NICE's communication phase table of every processor: per processor and
/// phase, whom it sends to (`s_partner`, `s_len`, `s_offset`: where the
/// piece starts in the outgoing message) and whom it receives from
/// (`r_partner`, `r_len`, `r_offset`: where the piece lands), paper 002
/// §4.1. A schedule whose phases are not permutations (AC, LEX) gives a
/// processor several lines in a phase.
pub fn phase_table(schedule: &Schedule) -> String {
    let n = schedule.n;
    let mut s = String::from("processor,phase,s_partner,s_len,s_offset,r_partner,r_len,r_offset\n");
    let mut sends = vec![Vec::new(); n];
    let mut recvs = vec![Vec::new(); n];
    for (k, phase) in schedule.phases.iter().enumerate() {
        sends
            .iter_mut()
            .chain(recvs.iter_mut())
            .for_each(Vec::clear);
        for t in phase {
            sends[t.src].push((t.dst, t.bytes, t.offset));
            recvs[t.dst].push((t.src, t.bytes, t.offset));
        }
        for p in 0..n {
            let lines = sends[p].len().max(recvs[p].len()).max(1);
            for i in 0..lines {
                let cell = |v: Option<&(usize, u64, u64)>| match v {
                    Some((q, len, off)) => format!("{q},{len},{off}"),
                    None => "-,0,0".to_string(),
                };
                let _ = writeln!(
                    s,
                    "{p},{},{},{}",
                    k + 1,
                    cell(sends[p].get(i)),
                    cell(recvs[p].get(i))
                );
            }
        }
    }
    s
}

/// The phase view as SVG: the matrix, each message a cell (grey), the
/// transfers of phase `k` (from 1; 0 shows none) in blue, with a title.
/// The palette is the book's colour-blind-safe one.
pub fn phase_svg(com: &Com, schedule: &Schedule, label: &str, k: usize) -> String {
    let n = com.n().max(1);
    let cell = (640.0 / n as f64).clamp(0.625, 40.0);
    let side = cell * n as f64;
    let (w, h) = (side + 20.0, side + 64.0);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    );
    let title = match k {
        0 => format!(
            "{label}: {} phases, {} messages on {n} processors",
            schedule.len(),
            com.len()
        ),
        k => format!(
            "{label}: phase {k} of {}, {} transfers",
            schedule.len(),
            schedule.phases.get(k - 1).map_or(0, Vec::len)
        ),
    };
    let _ = writeln!(
        s,
        "<text x=\"10\" y=\"24\" font-size=\"16\">{}</text>",
        escape(&title)
    );
    let _ = writeln!(
        s,
        "<text x=\"10\" y=\"44\" font-size=\"12\" fill=\"#555555\">row: sender, column: receiver; blue: this phase</text>"
    );
    let _ = writeln!(
        s,
        "<rect x=\"10\" y=\"54\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"#999999\"/>"
    );
    let rect = |s: &mut String, i: usize, j: usize, fill: &str| {
        let _ = writeln!(
            s,
            "<rect x=\"{:.3}\" y=\"{:.3}\" width=\"{cell:.3}\" height=\"{cell:.3}\" fill=\"{fill}\"/>",
            10.0 + j as f64 * cell,
            54.0 + i as f64 * cell
        );
    };
    for m in com.messages() {
        rect(&mut s, m.src, m.dst, "#cccccc");
    }
    if let Some(phase) = k.checked_sub(1).and_then(|i| schedule.phases.get(i)) {
        for t in phase {
            rect(&mut s, t.src, t.dst, "#0072b2");
        }
    }
    s.push_str("</svg>\n");
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
