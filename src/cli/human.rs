//! Plain-text summaries for people reading a terminal.

use serde_json::Value;
use std::fmt::Write;

/// Largest matrix printed cell by cell.
const MAX_PRINTED_N: u64 = 40;

/// Most supersteps listed one per line.
const MAX_PRINTED_STEPS: usize = 40;

/// Renders a command's JSON response as text.
pub fn render(command: &str, out: &Value) -> String {
    match command {
        "com" => render_com(out),
        "schedule" => render_schedule(out),
        "collective" => render_collective(out),
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

fn render_collective(out: &Value) -> String {
    let steps = out["supersteps"].as_array().cloned().unwrap_or_default();
    let from = match (out["op"].as_str(), out["root"].as_u64()) {
        (Some("scatter"), Some(r)) => format!(" from P{r}"),
        (Some("gather"), Some(r)) => format!(" to P{r}"),
        _ => String::new(),
    };
    let mut s = format!(
        "{} by {} on a {} mesh{from}, L = {} bytes: {} superstep{}, {} set-up{} on the critical path, max_load {}, sum_load {}, predicted {:.2} ms on the Delta model\n",
        out["op"].as_str().unwrap_or("?"),
        out["algo"].as_str().unwrap_or("?"),
        out["mesh"].as_str().unwrap_or("?"),
        out["bytes"],
        steps.len(),
        if steps.len() == 1 { "" } else { "s" },
        out["setups"],
        if out["setups"].as_u64() == Some(1) {
            ""
        } else {
            "s"
        },
        out["max_load"],
        out["sum_load"],
        out["predicted_ms"].as_f64().unwrap_or(0.0),
    );
    for (k, step) in steps.iter().take(MAX_PRINTED_STEPS).enumerate() {
        let sends = step.as_array().cloned().unwrap_or_default();
        let messages: usize = sends
            .iter()
            .map(|t| t["messages"].as_array().map_or(0, Vec::len))
            .sum();
        let largest = sends
            .iter()
            .filter_map(|t| t["bytes"].as_u64())
            .max()
            .unwrap_or(0);
        let pairs: Vec<String> = sends
            .iter()
            .take(6)
            .map(|t| format!("{}→{}", t["src"], t["dst"]))
            .collect();
        let more = if sends.len() > 6 { " …" } else { "" };
        let _ = writeln!(
            s,
            "  superstep {:>3}: {} send{} carrying {messages} message{}, largest {largest} bytes: {}{more}",
            k + 1,
            sends.len(),
            if sends.len() == 1 { "" } else { "s" },
            if messages == 1 { "" } else { "s" },
            pairs.join(" "),
        );
    }
    if steps.len() > MAX_PRINTED_STEPS {
        let _ = writeln!(
            s,
            "  … {} more supersteps (use --json)",
            steps.len() - MAX_PRINTED_STEPS
        );
    }
    if let Some(perms) = out["permutations"].as_array() {
        let _ = writeln!(
            s,
            "  {} permutations (use --json for the arrays)",
            perms.len()
        );
    }
    s.pop();
    s
}
