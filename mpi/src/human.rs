//! The timeline as a summary for a terminal (the default; `--json` gives
//! the whole timeline).

use crate::timeline::Timeline;
use std::fmt::Write;

/// Phases listed before the rest are left to `--json`.
const MAX_PHASES: usize = 40;

/// Time in the unit that suits it.
pub fn time(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// The summary of a run.
pub fn render(t: &Timeline) -> String {
    let mut o = String::new();
    let hosts: Vec<&str> = t.hosts.iter().map(String::as_str).collect();
    let hosts = crate::calibrate::unique(&hosts);
    let _ = writeln!(o, "commbook-mpi {} {}: {}", t.command, t.algo, t.source);
    let _ = writeln!(
        o,
        "{} ranks on {} ({}), sync {}, {} repetition{}, {} phases",
        t.ranks,
        if hosts.len() == 1 {
            "1 host".to_string()
        } else {
            format!("{} hosts", hosts.len())
        },
        hosts.join(", "),
        t.sync,
        t.total.all_s.len(),
        if t.total.all_s.len() == 1 { "" } else { "s" },
        t.phases.len()
    );
    if t.verified {
        let _ = writeln!(
            o,
            "verified: {} messages, {} bytes, every byte in place ({} bytes sent per repetition)",
            t.messages, t.message_bytes, t.total_bytes
        );
    } else {
        let _ = writeln!(
            o,
            "NOT VERIFIED: {} problem{} (the first {} below)",
            t.problem_count,
            if t.problem_count == 1 { "" } else { "s" },
            t.problems.len()
        );
        for p in &t.problems {
            let _ = writeln!(o, "  {}", p["text"].as_str().unwrap_or_default());
        }
    }
    let _ = writeln!(
        o,
        "time: min {}, median {}; model {} ({}, machine {})",
        time(t.total.min_s),
        time(t.total.median_s),
        time(t.model.total_us * 1e-6),
        t.model.formula,
        t.model.machine
    );
    if let Some(b) = &t.baseline {
        let _ = writeln!(
            o,
            "baseline {}: min {}, median {}{}",
            b.name,
            time(b.total.min_s),
            time(b.total.median_s),
            if b.verified {
                ", verified"
            } else {
                ", NOT VERIFIED"
            }
        );
    }
    let _ = writeln!(
        o,
        "\nphase  sends   largest B   span min    span median  model"
    );
    for p in t.phases.iter().take(MAX_PHASES) {
        let _ = writeln!(
            o,
            "{:>5}  {:>5}  {:>10}   {:<11} {:<12} {}",
            p.phase,
            p.sends,
            p.max_bytes,
            time(p.span.min_s),
            time(p.span.median_s),
            time(p.model_us * 1e-6)
        );
    }
    if t.phases.len() > MAX_PHASES {
        let _ = writeln!(
            o,
            "  … {} more phases (--json lists them all)",
            t.phases.len() - MAX_PHASES
        );
    }
    o
}
