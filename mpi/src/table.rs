//! `table`: the README's measurement in one command. On the ranks it is
//! given (P of them), for each message size L: LEX, PEX, REX and BEX (paper
//! 004 §4) run and verified, each beside the book's contention model
//! priced on this machine (a preset from `--preset`, or measured first by
//! `calibrate --pairs all`), and PEX beside `MPI_Alltoallv` moving the same
//! blocks. Printed as Markdown.

use crate::options::{Calibrate, Settings, Table, build};
use crate::plan::Plan;
use crate::preset::Preset;
use crate::timeline::Timeline;
use crate::tuned::BaselineKind;
use crate::{EXIT_USAGE, calibrate, human::time, run, share};
use commbook_api::Args;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde_json::Value;
use std::fmt::Write;

const ALGOS: [&str; 4] = ["lex", "pex", "rex", "bex"];

/// One measured cell.
struct Row {
    bytes: u64,
    algo: &'static str,
    t: Timeline,
}

/// Runs the table on every rank; rank 0 prints it. Returns the exit status.
pub fn run(world: &SimpleCommunicator, t: &Table) -> i32 {
    let me = world.rank();
    let preset = match &t.preset {
        Some(p) => Some(p.clone()),
        None => {
            let c = Calibrate {
                sizes: calibrate::SIZES.to_vec(),
                repeat: 50,
                peer: None,
                all_pairs: true,
                out: None,
                timeout_s: t.timeout_s,
                json: false,
            };
            match calibrate::measure(world, &c) {
                Ok(p) => p.map(|(p, _)| p),
                Err(e) => {
                    if me == 0 {
                        crate::say(&format!("commbook-mpi: error: {e}"));
                    }
                    crate::together(world);
                    return EXIT_USAGE;
                }
            }
        }
    };
    let p = world.size() as usize;
    let mut rows = Vec::new();
    let mut ok = true;
    for &bytes in &t.bytes {
        for algo in ALGOS {
            let plan: Result<Plan, String> = share::broadcast(
                world,
                (me == 0).then(|| plan(algo, p, bytes, preset.as_ref())),
            );
            let plan = match plan {
                Ok(plan) => plan,
                // REX needs a power of two; the others still run.
                Err(_) if algo == "rex" => continue,
                Err(e) => {
                    if me == 0 {
                        crate::say(&format!("commbook-mpi: error: {e}"));
                    }
                    crate::together(world);
                    return EXIT_USAGE;
                }
            };
            let settings = Settings {
                sync: t.sync,
                repeat: t.repeat,
                timeout_s: t.timeout_s,
                json: false,
                baseline: (algo == "pex").then_some(BaselineKind::Alltoallv),
                corrupt: None,
                stall: None,
            };
            if let Some(tl) = run::execute(world, &plan, &settings) {
                ok &= tl.verified && tl.baseline.as_ref().is_none_or(|b| b.verified);
                rows.push(Row { bytes, algo, t: tl });
            }
        }
    }
    if me == 0 {
        print!("{}", markdown(&rows, preset.as_ref(), t));
    }
    run::status(world, ok)
}

fn plan(algo: &str, p: usize, bytes: u64, preset: Option<&Preset>) -> Result<Plan, String> {
    let mut args = Args::default();
    for (k, v) in [
        ("algo", algo.to_string()),
        ("p", p.to_string()),
        ("bytes", bytes.to_string()),
    ] {
        args.insert(k, Value::String(v)).map_err(|e| e.0)?;
    }
    build("exchange", &args, preset).map_err(|e| e.0)
}

fn markdown(rows: &[Row], preset: Option<&Preset>, t: &Table) -> String {
    let mut o = String::new();
    let Some(first) = rows.first() else {
        return "no exchange could run on this many ranks\n".into();
    };
    let hosts: Vec<&str> = first.t.hosts.iter().map(String::as_str).collect();
    let hosts = calibrate::unique(&hosts);
    let _ = writeln!(
        o,
        "{} ranks on {}, sync {}, {} repetitions per cell (min and median of the whole exchange).",
        first.t.ranks,
        hosts.join(", "),
        t.sync.name(),
        t.repeat
    );
    if let Some(p) = preset {
        let _ = writeln!(
            o,
            "Model: paper 004's α + L·max(β, f(i)·β_sat), rescaled as chapter 11 does to τ = {:.2} µs and 1/φ = {:.0} MB/s measured by ping-pong.",
            p.tau_us, p.bandwidth_mb_s
        );
    }
    let _ = writeln!(
        o,
        "\n| L (bytes) | exchange | steps | measured min | measured median | model | median / model |"
    );
    let _ = writeln!(o, "|---:|---|---:|---:|---:|---:|---:|");
    for r in rows {
        let model_s = r.t.model.total_us * 1e-6;
        let _ = writeln!(
            o,
            "| {} | {}{} | {} | {} | {} | {} | {:.1} |",
            r.bytes,
            r.algo.to_ascii_uppercase(),
            if r.t.verified { "" } else { " (NOT VERIFIED)" },
            r.t.phases.len(),
            time(r.t.total.min_s),
            time(r.t.total.median_s),
            time(model_s),
            r.t.total.median_s / model_s
        );
    }
    let _ = writeln!(
        o,
        "\n| L (bytes) | PEX median | MPI_Alltoallv median | PEX / Alltoallv | PEX min | MPI_Alltoallv min |"
    );
    let _ = writeln!(o, "|---:|---:|---:|---:|---:|---:|");
    for r in rows.iter().filter(|r| r.algo == "pex") {
        let Some(b) = &r.t.baseline else { continue };
        let _ = writeln!(
            o,
            "| {} | {} | {} | {:.2} | {} | {} |",
            r.bytes,
            time(r.t.total.median_s),
            time(b.total.median_s),
            r.t.total.median_s / b.total.median_s,
            time(r.t.total.min_s),
            time(b.total.min_s)
        );
    }
    o
}
