//! `calibrate`: a ping-pong between rank 0 and a peer over message sizes,
//! fitted to the book's τ + Mφ (paper 000 §2.1) and written as a machine
//! preset ([`crate::preset`]).
//!
//! For each size, after three warm-up round trips, rank 0 times `repeat`
//! round trips; the peer sends back the very bytes it received, and rank 0
//! checks them against the pattern. One-way time is half the fastest round
//! trip: other work on the machine only ever adds time (a loaded test
//! machine once gave a median whose fit had a negative τ), and the preset
//! should describe the network, not its neighbours. The fit is the core's
//! `PermCost::fit`, which minimises relative error so small and large
//! messages count alike (as the book fits paper 000's Table 1). The peer
//! is the last rank by default: with mpirun's usual placement by slot that
//! is the rank on another node, if any.
//!
//! With `--pairs all` every rank r below P/2 ping-pongs with r + P/2 at the
//! same time, and each size's time is the median over the pairs: the
//! machine as loaded as during a complete exchange, where every rank sends
//! and receives at once (on a node with fewer cores than ranks, the ranks
//! also take turns on the cores, which a lone pair does not see).

use crate::exec::wait::{Pending, wait_all};
use crate::options::Calibrate;
use crate::preset::{Point, Preset};
use crate::timeline::Summary;
use crate::{EXIT_USAGE, EXIT_WRONG, pattern, share};
use commbook_core::cost::perm::PermCost;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// The sizes measured unless `--sizes` says otherwise, bytes.
pub const SIZES: &[u64] = &[8, 64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576];

/// Warm-up round trips before the timed ones.
const WARM_UP: usize = 3;

/// Runs the calibration on every rank; rank 0 prints. Returns the exit
/// status.
pub fn run(world: &SimpleCommunicator, c: &Calibrate) -> i32 {
    match measure(world, c) {
        Err(e) => {
            if world.rank() == 0 {
                crate::say(&format!("commbook-mpi: error: {e}"));
            }
            crate::together(world);
            EXIT_USAGE
        }
        Ok(None) => 0,
        Ok(Some((_, false))) => {
            crate::say("commbook-mpi: the bytes the peer echoed differ from those sent");
            EXIT_WRONG
        }
        Ok(Some((preset, true))) => report(&preset, c),
    }
}

/// The preset on rank 0 (`None` elsewhere), with whether every echo came
/// back intact, or why none can be measured.
pub fn measure(
    world: &SimpleCommunicator,
    c: &Calibrate,
) -> Result<Option<(Preset, bool)>, String> {
    let size = world.size() as u32;
    if size < 2 {
        return Err("calibrate needs at least 2 ranks: mpirun -np 2 commbook-mpi calibrate".into());
    }
    let peer = c.peer.unwrap_or(size - 1);
    if peer == 0 || peer >= size {
        return Err(format!(
            "peer must be a rank from 1 to {} (got {peer})",
            size - 1
        ));
    }
    let mut distinct = c.sizes.clone();
    distinct.dedup();
    if distinct.len() < 2 {
        return Err("calibrate needs at least two different sizes (e.g. --sizes 8,65536)".into());
    }
    let me = world.rank() as u32;
    let role = role(me, size, peer, c.all_pairs);
    let mut mine = Vec::new();
    let mut echo_ok = true;
    for &bytes in &c.sizes {
        let mut out = vec![0u8; bytes as usize];
        let mut back = vec![0u8; bytes as usize];
        let mut rtts = Vec::with_capacity(c.repeat);
        if let Role::Ping(other) = role {
            pattern::fill(me, other, 0, &mut out);
        }
        for i in 0..WARM_UP + c.repeat {
            let t = mpi::time();
            match role {
                Role::Ping(other) => trip(world, other, Some(&out), &mut back, c.timeout_s),
                Role::Pong(other) => trip(world, other, None, &mut back, c.timeout_s),
                Role::Idle => {}
            }
            if i >= WARM_UP {
                rtts.push(mpi::time() - t);
            }
        }
        if let Role::Ping(other) = role {
            echo_ok &= pattern::first_mismatch(me, other, 0, &back).is_none();
            mine.push(Summary::of(&rtts).min_s / 2.0 * 1e6);
        }
    }
    let host = mpi::environment::processor_name().unwrap_or_default();
    let pinged = matches!(role, Role::Ping(_)).then_some((mine, echo_ok));
    let Some(all) = share::gather(world, &(host, pinged)) else {
        return Ok(None);
    };
    // Each size's one-way time: the median over the pairs that measured it.
    let pingers: Vec<&(Vec<f64>, bool)> = all.iter().filter_map(|(_, p)| p.as_ref()).collect();
    let points: Vec<Point> = c
        .sizes
        .iter()
        .enumerate()
        .map(|(i, &bytes)| {
            let v: Vec<f64> = pingers.iter().map(|p| p.0[i]).collect();
            Point {
                bytes,
                one_way_us: Summary::of(&v).median_s,
            }
        })
        .collect();
    let echo_ok = pingers.iter().all(|p| p.1);
    let pts: Vec<(u64, f64)> = points.iter().map(|p| (p.bytes, p.one_way_us)).collect();
    let fit = PermCost::fit(&pts)
        .ok_or("the ping-pong times admit no fit of τ + Mφ; measure more sizes")?;
    let hosts: Vec<&str> = all.iter().map(|(h, _)| h.as_str()).collect();
    let (title, how) = if c.all_pairs {
        let half = size / 2;
        (
            format!(
                "this cluster, {} concurrent pairs ({})",
                half,
                unique(&hosts).join(", ")
            ),
            format!(
                "ping-pongs of every rank r < {half} with r + {half} at once ({size} ranks on {}), the median over the pairs of half the fastest round trip",
                unique(&hosts).join(", ")
            ),
        )
    } else {
        let (a, b) = (hosts[0], hosts[peer as usize]);
        (
            format!("this cluster ({a} to {b})"),
            format!(
                "ping-pong between rank 0 ({a}) and rank {peer} ({b}) of {size}, half the fastest round trip"
            ),
        )
    };
    let source = format!(
        "commbook-mpi calibrate: {how}, {} round trips per size; τ + Mφ fitted by relative least squares",
        c.repeat
    );
    Ok(Some((Preset::new(fit, title, source, points), echo_ok)))
}

/// What a rank does in the ping-pong.
#[derive(Clone, Copy)]
enum Role {
    /// Sends and times, with this partner.
    Ping(u32),
    /// Echoes its partner's message.
    Pong(u32),
    Idle,
}

/// Rank 0 with `peer`, or (all pairs) every rank r below half the ranks
/// with r + half, all at once.
fn role(me: u32, size: u32, peer: u32, all: bool) -> Role {
    let half = size / 2;
    match (all, me) {
        (true, r) if r < half => Role::Ping(r + half),
        (true, r) if r < 2 * half => Role::Pong(r - half),
        (true, _) => Role::Idle,
        (false, 0) => Role::Ping(peer),
        (false, r) if r == peer => Role::Pong(0),
        (false, _) => Role::Idle,
    }
}

/// The names in first-seen order, once each.
pub fn unique<'a>(names: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for n in names {
        if !out.contains(n) {
            out.push(n);
        }
    }
    out
}

/// One round trip: rank 0 sends `out` and receives the echo into `back`;
/// the peer receives into `back` and sends it back.
fn trip(
    world: &SimpleCommunicator,
    other: u32,
    out: Option<&[u8]>,
    back: &mut [u8],
    timeout_s: f64,
) {
    let since = mpi::time();
    let proc = world.process_at_rank(other as i32);
    match out {
        Some(out) => mpi::request::scope(|scope| {
            let mut p = [
                Pending {
                    req: Some(proc.immediate_receive_into(scope, back)),
                    peer: other,
                    receive: true,
                    count: 0,
                },
                Pending {
                    req: Some(proc.immediate_send(scope, out)),
                    peer: other,
                    receive: false,
                    count: 0,
                },
            ];
            wait_all(world, &mut p, since, timeout_s, "the ping-pong");
        }),
        None => {
            mpi::request::scope(|scope| {
                let mut p = [Pending {
                    req: Some(proc.immediate_receive_into(scope, &mut *back)),
                    peer: other,
                    receive: true,
                    count: 0,
                }];
                wait_all(world, &mut p, since, timeout_s, "the ping-pong");
            });
            mpi::request::scope(|scope| {
                let mut p = [Pending {
                    req: Some(proc.immediate_send(scope, &*back)),
                    peer: other,
                    receive: false,
                    count: 0,
                }];
                wait_all(world, &mut p, since, timeout_s, "the ping-pong");
            });
        }
    }
}

/// Prints the preset (and writes it), rank 0.
fn report(p: &Preset, c: &Calibrate) -> i32 {
    if p.tau_us <= 0.0 || p.phi_us_per_byte <= 0.0 {
        crate::say(&format!(
            "commbook-mpi: the fit gave τ = {:.4} µs and φ = {:.3e} µs/byte, which no model can use; measure more sizes (--sizes) or round trips (--repeat)",
            p.tau_us, p.phi_us_per_byte
        ));
        return EXIT_WRONG;
    }
    let json = serde_json::to_string_pretty(p).expect("presets serialise");
    if let Some(path) = &c.out
        && let Err(e) = std::fs::write(path, format!("{json}\n"))
    {
        crate::say(&format!("commbook-mpi: error: cannot write {path}: {e}"));
        return EXIT_USAGE;
    }
    if c.json {
        println!("{json}");
        return 0;
    }
    println!("{}", p.source);
    println!("{:>10}  {:>14}  {:>14}", "bytes", "one-way", "τ + M·φ");
    for pt in &p.points {
        let fit = p.cost().phase_us(pt.bytes);
        println!(
            "{:>10}  {:>11.2} µs  {:>11.2} µs",
            pt.bytes, pt.one_way_us, fit
        );
    }
    println!(
        "τ = {:.3} µs, φ = {:.3e} µs/byte (1/φ = {:.1} MB/s)",
        p.tau_us, p.phi_us_per_byte, p.bandwidth_mb_s
    );
    match &c.out {
        Some(path) => println!("preset written to {path}; price a run on it with --preset {path}"),
        None => {
            println!("write the preset with --out FILE, then price a run on it with --preset FILE")
        }
    }
    println!(
        "chapter 11's advisor on this machine (after the book's address): {}",
        p.advisor
    );
    println!("  or in the chapter itself: {}", p.chapter_link());
    0
}
