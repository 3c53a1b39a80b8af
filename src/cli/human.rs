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
        "redist" => render_redist(out),
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
    write_steps(&mut s, &out["phases"], "phase ", "(nothing to send)", |t| {
        format!("{}→{}", t["src"], t["dst"])
    });
    s.pop();
    s
}

/// One line per step: its number, then every transfer as `item` writes it.
fn write_steps(
    s: &mut String,
    steps: &Value,
    label: &str,
    empty: &str,
    item: impl Fn(&Value) -> String,
) {
    for (k, step) in steps.as_array().into_iter().flatten().enumerate() {
        let items: Vec<String> = step.as_array().into_iter().flatten().map(&item).collect();
        let body = if items.is_empty() {
            empty.to_string()
        } else {
            items.join(" ")
        };
        let _ = writeln!(s, "  {label}{:>3}: {body}", k + 1);
    }
}

/// Largest superblock whose Ps table and steps are printed in full.
const MAX_PRINTED_CELLS: u64 = 600;

fn render_redist(out: &Value) -> String {
    let num = |key: &str| out[key].as_u64().unwrap_or(0);
    let (k, p) = (num("k"), num("p"));
    let arrow = if out["direction"] == "down" {
        "cyclic(Kx) → cyclic(x)"
    } else {
        "cyclic(x) → cyclic(Kx)"
    };
    let mut s = format!(
        "ℜ(K = {k}, P = {p}), {arrow}, G = {}: {} schedule, {} communication step{}\n",
        num("g"),
        out["schedule"].as_str().unwrap_or("?"),
        num("n_steps"),
        if num("n_steps") == 1 { "" } else { "s" },
    );
    let predicted: Vec<String> = out["predicted_us"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(m, us)| format!("{m} {:.1} µs", us.as_f64().unwrap_or(0.0)))
        .collect();
    let _ = writeln!(
        s,
        "N = {} elements in blocks of x = {}; GDM prediction (4-byte elements): {}",
        num("n"),
        num("x"),
        predicted.join(", ")
    );
    if k * p > MAX_PRINTED_CELLS {
        s.push_str("(superblock too large to print; use --json for the tables and steps)");
        return s;
    }
    s.push_str("Ps (destination of each block after the column transformations):\n");
    for row in out["tables"]["Ps"].as_array().into_iter().flatten() {
        let cells: Vec<String> = row
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| format!("{:>3}", c.as_u64().unwrap_or(0)))
            .collect();
        let _ = writeln!(s, " {}", cells.join(""));
    }
    s.push_str("steps (src→dst[blocks of the superblock]):\n");
    write_steps(&mut s, &out["steps"], "", "(all local)", |m| {
        let blocks: Vec<String> = m["blocks"]
            .as_array()
            .into_iter()
            .flatten()
            .map(Value::to_string)
            .collect();
        format!("{}→{}[{}]", m["src"], m["dst"], blocks.join(","))
    });
    s.pop();
    s
}
