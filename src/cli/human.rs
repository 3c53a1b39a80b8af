//! Plain-text summaries for people reading a terminal.

use crate::core::algo::cm5::exchange::Exchange;
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
        "exchange" => render_exchange(out),
        "redist" => render_redist(out),
        "collective" => render_collective(out),
        "simulate" => render_simulate(out),
        "figures" => render_figures(out),
        "quiz" => super::quiz::render(out),
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

/// Phases printed one per line before the rest is summarised.
const MAX_PRINTED_PHASES: usize = 64;
/// Transfers spelled out per phase line.
const MAX_PRINTED_PAIRS: usize = 16;

fn render_schedule(out: &Value) -> String {
    let st = &out["stats"];
    let mut s = format!(
        "{}: {} phases ({} busy) for {} messages; lower bound {} phases; {} probes; predicted {:.1} µs on {}\n",
        out["algo"].as_str().unwrap_or("?"),
        st["phases"],
        st["busy_phases"],
        st["messages"],
        st["lower_bound"],
        st["probes"],
        st["predicted_us"].as_f64().unwrap_or(0.0),
        st["machine"].as_str().unwrap_or("?"),
    );
    let phases = out["phases"].as_array().cloned().unwrap_or_default();
    for (k, phase) in phases.iter().take(MAX_PRINTED_PHASES).enumerate() {
        let transfers = phase.as_array().cloned().unwrap_or_default();
        let mut pairs: Vec<String> = transfers
            .iter()
            .take(MAX_PRINTED_PAIRS)
            .map(|t| match t["offset"].as_u64() {
                Some(off) if off > 0 => format!("{}→{}@{off}", t["src"], t["dst"]),
                _ => format!("{}→{}", t["src"], t["dst"]),
            })
            .collect();
        if transfers.len() > MAX_PRINTED_PAIRS {
            pairs.push(format!("… {} more", transfers.len() - MAX_PRINTED_PAIRS));
        }
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
    if phases.len() > MAX_PRINTED_PHASES {
        let _ = writeln!(
            s,
            "  … {} more phases (use --json for all)",
            phases.len() - MAX_PRINTED_PHASES
        );
    }
    s.pop();
    s
}

fn render_exchange(out: &Value) -> String {
    let algo = out["algo"].as_str().unwrap_or("?");
    let steps = out["steps"].as_array().cloned().unwrap_or_default();
    // PEX, REX and BEX meet in exchanges; the others send one way.
    let exchange = Exchange::parse(algo).ok();
    let arrow = if matches!(
        exchange,
        Some(Exchange::Pex | Exchange::Rex | Exchange::Bex)
    ) {
        "↔"
    } else {
        "→"
    };
    let formula = if exchange.is_some_and(|e| Exchange::PAPER.contains(&e)) {
        "paper's formula"
    } else {
        "contention-free α-β cost"
    };
    let mut s = format!(
        "{algo} on {} processors: {} steps; predicted {:.0} µs for {}-byte blocks on the CM-5 model ({formula} {:.0} µs)\n",
        out["p"],
        steps.len(),
        out["predicted_us"].as_f64().unwrap_or(0.0),
        out["bytes"],
        out["formula_us"].as_f64().unwrap_or(0.0),
    );
    let f = out["contention"].as_array().cloned().unwrap_or_default();
    for (k, step) in steps.iter().enumerate() {
        let pairs: Vec<String> = step
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| format!("{}{arrow}{}", p[0], p[1]))
            .collect();
        let _ = writeln!(
            s,
            "  step {:>3} (f = {}): {}",
            k + 1,
            f.get(k).and_then(Value::as_f64).unwrap_or(0.0),
            pairs.join(" ")
        );
    }
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

/// Simulated phases listed one by one before the rest is summed up.
const MAX_SIM_PHASES: usize = 20;

fn render_simulate(out: &Value) -> String {
    let phases = out["phases"].as_array().cloned().unwrap_or_default();
    let messages: u64 = phases.iter().filter_map(|p| p["messages"].as_u64()).sum();
    let mut s: String = out["notices"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str())
        .map(|n| format!("note: {n}\n"))
        .collect();
    let _ = writeln!(
        s,
        "{} cycles; {} of {messages} messages delivered; {} flits injected, {} delivered",
        out["cycles"], out["delivered_messages"], out["injected_flits"], out["delivered_flits"],
    );
    for p in phases.iter().take(MAX_SIM_PHASES) {
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
    if phases.len() > MAX_SIM_PHASES {
        let _ = writeln!(s, "  … {} more phases", phases.len() - MAX_SIM_PHASES);
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
    // Busiest first, then most blocked: stable sorts, the minor key first.
    commbook_core::sorting::sort_by_u64(&mut links, |l| u64::MAX - l.2);
    commbook_core::sorting::sort_by_u64(&mut links, |l| u64::MAX - l.1);
    let top: Vec<String> = links
        .iter()
        .take(5)
        .map(|(k, busy, blocked)| format!("{k} busy {busy}, blocked {blocked}"))
        .collect();
    let _ = write!(s, "  busiest links: {}", top.join("; "));
    s
}

fn render_figures(out: &Value) -> String {
    let mut s = String::new();
    let empty = Vec::new();
    for f in out["figures"].as_array().unwrap_or(&empty) {
        let chapter = f["chapter"]
            .as_str()
            .map_or(String::new(), |c| format!(" (chapter {c})"));
        let _ = writeln!(
            s,
            "{}: {}{chapter}",
            f["name"].as_str().unwrap_or(""),
            f["title"].as_str().unwrap_or("")
        );
        for p in f["settings"].as_array().unwrap_or(&empty) {
            let what = match p["kind"].as_str().unwrap_or("") {
                "choice" => p["options"]
                    .as_array()
                    .map(|o| {
                        o.iter()
                            .filter_map(Value::as_str)
                            .collect::<Vec<_>>()
                            .join("|")
                    })
                    .unwrap_or_default(),
                "text" => "text".to_string(),
                _ => format!("{}…{}", p["min"], p["max"]),
            };
            let default = p["default"]
                .as_str()
                .map_or(String::new(), |d| format!(" = {d}"));
            let _ = writeln!(
                s,
                "  {:<9} {what}{default}",
                p["key"].as_str().unwrap_or("")
            );
        }
    }
    s
}
