//! Plain-text summaries for people reading a terminal.

use serde_json::Value;
use std::fmt::Write;

/// Largest matrix printed cell by cell.
const MAX_PRINTED_N: u64 = 40;

/// Renders a command's JSON response as text.
pub fn render(command: &str, out: &Value) -> String {
    match command {
        "com" => render_com(out),
        "schedule" => render_schedule(out),
        "simulate" => render_simulate(out),
        _ => out.to_string(),
    }
}

fn render_com(out: &Value) -> String {
    let n = out["n"].as_u64().unwrap_or(0);
    let rows = out["sizes"].as_array().cloned().unwrap_or_default();
    let msgs: usize = rows
        .iter()
        .map(|r| {
            r.as_array()
                .map_or(0, |r| r.iter().filter(|x| x.as_u64() > Some(0)).count())
        })
        .sum();
    let mut s = format!("COM: {n} processors, {msgs} messages\n");
    if n <= MAX_PRINTED_N {
        for r in &rows {
            let line: Vec<&str> = r
                .as_array()
                .into_iter()
                .flatten()
                .map(|x| if x.as_u64() > Some(0) { "1" } else { "." })
                .collect();
            let _ = writeln!(s, "  {}", line.join(" "));
        }
        s.push_str("(1 = a message, . = none; use --json for sizes in bytes)");
    } else {
        s.push_str("(too large to print; use --json)");
    }
    s
}

fn render_schedule(out: &Value) -> String {
    let st = &out["stats"];
    let mut s = format!(
        "{}: {} phases ({} busy) for {} messages; lower bound {} phases; {} probes; predicted {:.1} µs on the CM-5 model\n",
        out["algo"].as_str().unwrap_or("?"),
        st["phases"],
        st["busy_phases"],
        st["messages"],
        st["lower_bound"],
        st["probes"],
        st["predicted_us"].as_f64().unwrap_or(0.0),
    );
    for (k, phase) in out["phases"].as_array().into_iter().flatten().enumerate() {
        let pairs: Vec<String> = phase
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| format!("{}→{}", t["src"], t["dst"]))
            .collect();
        let _ = writeln!(
            s,
            "  phase {:>3}: {}",
            k + 1,
            if pairs.is_empty() {
                "(nothing to send)".into()
            } else {
                pairs.join(" ")
            }
        );
    }
    s.pop();
    s
}

/// Phases listed one by one before the rest is summed up.
const MAX_PRINTED_PHASES: usize = 20;

fn render_simulate(out: &Value) -> String {
    let phases = out["phases"].as_array().cloned().unwrap_or_default();
    let messages: u64 = phases.iter().filter_map(|p| p["messages"].as_u64()).sum();
    let mut s = format!(
        "{} cycles; {} of {messages} messages delivered; {} flits injected, {} delivered\n",
        out["cycles"], out["delivered_messages"], out["injected_flits"], out["delivered_flits"],
    );
    for p in phases.iter().take(MAX_PRINTED_PHASES) {
        let cycle = |k: &str| p[k].as_u64().map_or("-".to_string(), |c| c.to_string());
        let _ = writeln!(
            s,
            "  phase {:>3}: {} message{}, cycles {}–{}, latency max {} mean {:.1}",
            p["phase"].as_u64().unwrap_or(0) + 1,
            p["messages"],
            if p["messages"].as_u64() == Some(1) {
                ""
            } else {
                "s"
            },
            cycle("released_at"),
            cycle("finished_at"),
            p["max_latency"],
            p["mean_latency"].as_f64().unwrap_or(0.0),
        );
    }
    if phases.len() > MAX_PRINTED_PHASES {
        let _ = writeln!(s, "  … {} more phases", phases.len() - MAX_PRINTED_PHASES);
    }
    let mut links: Vec<(&String, u64, u64)> = out["links"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| {
            let busy = v["busy"].as_u64().unwrap_or(0);
            (k, busy, v["blocked"].as_u64().unwrap_or(0))
        })
        .collect();
    links.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
    let top: Vec<String> = links
        .iter()
        .take(5)
        .map(|(k, busy, blocked)| format!("{k} busy {busy}, blocked {blocked}"))
        .collect();
    let _ = write!(s, "  busiest links: {}", top.join("; "));
    s
}
