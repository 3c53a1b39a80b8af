//! Chapter 10, *Watching messages move*: a packet's XY route hop by hop,
//! the latency of a message alone in the network, and the busiest link of a
//! few messages, all from the cycle-level simulator's network.

use super::board::Board;
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, pick, stream};
use crate::core::net::mesh::{DIRS, Mesh};
use crate::core::net::{TopologySpec, Vertex};
use crate::core::rng::Rng;
use crate::core::sim::{self, SimConfig, Traffic};
use crate::core::verify::LinkId;
use serde_json::json;

const CHAPTER: &str = "simulation";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![xy_hop(seed), latency(seed), busiest_link(seed)]
}

fn netsim_link(rows: usize, cols: usize, pairs: &[(usize, usize)], bytes: u64) -> FigureLink {
    let pairs: Vec<String> = pairs.iter().map(|(s, d)| format!("{s}:{d}")).collect();
    FigureLink::new(
        CHAPTER,
        "netsim",
        &[
            kv("net", "mesh"),
            kv("rows", rows),
            kv("cols", cols),
            kv("pattern", "pairs"),
            kv("pairs", pairs.join(",")),
            kv("bytes", bytes),
        ],
    )
}

/// Two processors at least `hops` apart.
fn far_pair(rng: &mut Rng, mesh: &Mesh, hops: usize) -> (usize, usize) {
    let p = mesh.rows * mesh.cols;
    loop {
        let (s, d) = (rng.below(p), rng.below(p));
        if mesh.hops(s, d) >= hops {
            return (s, d);
        }
    }
}

fn at(mesh: &Mesh, p: usize) -> String {
    let (r, c) = mesh.coords(p);
    format!("P{p} ({r}, {c})")
}

/// Do it yourself: route one packet hop by hop.
fn xy_hop(seed: u64) -> Exercise {
    let id = "xy-hop";
    let mut rng = stream(seed, id);
    let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (8, 8), (3, 5), (6, 6)]);
    let mesh = Mesh::new(rows, cols);
    let (src, dst) = far_pair(&mut rng, &mesh, 3);
    let spec = TopologySpec::Mesh { rows, cols };
    let net = spec.build();
    // The simulator's own routing (the mesh has no choice to make).
    let route = net.route_with(src, dst, &mut |_| 0);
    let (rd, cd) = mesh.coords(dst);
    let mut steps = Vec::new();
    let mut path = vec![src];
    for &l in &route {
        let (Vertex::Proc(a), Vertex::Proc(b)) = net.link_ends(l) else {
            continue;
        };
        path.push(b);
        let (ra, ca) = mesh.coords(a);
        let mut notes = Vec::new();
        for (dir, way) in DIRS.iter().enumerate() {
            let Some(q) = mesh.neighbour(a, dir) else {
                continue;
            };
            if q == b {
                continue;
            }
            let (rq, _) = mesh.coords(q);
            let why = if ca != cd && rq != ra {
                format!(
                    "going {way} changes the row while the column ({ca}) still differs from the \
                     destination's ({cd}): XY routing corrects the column first"
                )
            } else if mesh.hops(q, dst) > mesh.hops(a, dst) {
                format!("going {way} moves away from the destination")
            } else {
                format!("going {way} is not the XY route")
            };
            notes.push((StepAnswer::Node(Some(q)), why));
        }
        notes.push((
            StepAnswer::Node(None),
            format!(
                "the packet is at {}, not yet at its destination",
                at(&mesh, a)
            ),
        ));
        let dir = (0..4)
            .find(|&d| mesh.neighbour(a, d) == Some(b))
            .unwrap_or(0);
        let rule = if ca != cd {
            format!(
                "XY routing, the simulator's dimension-order routing (chapter 10): the column comes first; the head at column {ca} must reach column {cd}, \
                 so it moves {} along row {ra}.",
                DIRS[dir]
            )
        } else {
            format!(
                "XY routing, the simulator's dimension-order routing (chapter 10): the column ({ca}) is right, so the head moves {} along column {ca} \
                 towards row {rd}.",
                DIRS[dir]
            )
        };
        steps.push(Step {
            model: ModelStep {
                prompt: format!(
                    "The head flit is at {}. Which processor does it move to next?",
                    at(&mesh, a)
                ),
                answer: StepAnswer::Node(Some(b)),
                rule,
                why: format!(
                    "From {} the head takes the link {} to {}.",
                    at(&mesh, a),
                    net.link_label(l),
                    at(&mesh, b)
                ),
            },
            notes,
            other: format!("that processor is not a neighbour of {}", at(&mesh, a)),
        });
    }
    let listed: Vec<String> = path.iter().map(usize::to_string).collect();
    Exercise {
        id,
        title: format!("Route P{src} → P{dst} hop by hop"),
        text: format!(
            "A packet goes from {} to {} on the {rows} × {cols} mesh of the simulator (processor r·{cols} + c \
             at row r, column c), a wormhole-routed mesh like the Delta's [001 §2]. The simulator routes in \
             dimension order (XY): the head flit first moves along its row until it reaches the destination's \
             column, then along that column. Name the processor it reaches at each hop.",
            at(&mesh, src),
            at(&mesh, dst)
        ),
        instance: json!({ "rows": rows, "cols": cols, "src": src, "dst": dst }),
        choices: Vec::new(),
        answer: Answer::Steps({
            let about: Vec<Option<usize>> =
                path.iter().take(steps.len()).map(|&a| Some(a)).collect();
            Grader::new(steps).on(Board::network(spec, &about))
        }),
        explanation: format!(
            "The route is {} ({} hops, the Manhattan distance). The route is fixed by the two ends, minimal and \
             deadlock-free; it is also why two messages whose routes share a link contend even when their ends \
             differ: link contention, which RS_NL avoids by construction [002 §2-3].",
            listed.join(" → "),
            route.len()
        ),
        figure: netsim_link(rows, cols, &[(src, dst)], 64),
    }
}

/// Numeric: the latency of one message with the network to itself.
fn latency(seed: u64) -> Exercise {
    let id = "latency";
    let mut rng = stream(seed, id);
    let (rows, cols) = pick(&mut rng, &[(4, 4), (4, 8), (8, 8)]);
    let mesh = Mesh::new(rows, cols);
    let (src, dst) = far_pair(&mut rng, &mesh, 2);
    let bytes = pick(&mut rng, &[16, 64, 256, 1024, 4096]);
    let cfg = SimConfig::delta();
    let spec = TopologySpec::Mesh { rows, cols };
    let result = sim::simulate(
        spec,
        &cfg,
        &Traffic::pairs(rows * cols, &[(src, dst)], bytes),
    )
    .expect("one small message on a small mesh");
    let cycles = result.messages[0].latency.unwrap_or(result.cycles);
    let f = &cfg.packet;
    let (hops, flits, packets) = (mesh.hops(src, dst), f.flits(bytes), f.packets(bytes));
    Exercise {
        id,
        title: format!("One {bytes}-byte message alone on the mesh"),
        text: format!(
            "The simulator's Delta preset cuts a message into packets of at most {} data bytes plus a {}-byte \
             header, and packets into {}-byte flits; a link carries one flit per cycle, and a message pays a \
             software start-up of {} cycles before its head leaves [001 §2]. P{src} sends {bytes} bytes to \
             P{dst} on the {rows} × {cols} mesh, {hops} hops away by XY routing, with nothing else in the \
             network. How many cycles after its release has the message arrived?",
            f.data_bytes, f.header_bytes, f.flit_bytes, cfg.startup
        ),
        instance: json!({ "rows": rows, "cols": cols, "src": src, "dst": dst, "bytes": bytes }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: cycles as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "{cycles} cycles: the start-up S = {}, then the head moves one hop per cycle (H = {hops}), and the \
             message's {flits} flits ({packets} packet{}) follow it one per cycle, the last one ejected at the \
             destination: S + H + F(L) = {} + {hops} + {flits}. Wormhole routing pipelines the flits, so \
             distance adds only H cycles, not H times the message [001 §2].",
            cfg.startup,
            if packets == 1 { "" } else { "s" },
            cfg.startup
        ),
        figure: netsim_link(rows, cols, &[(src, dst)], bytes),
    }
}

/// Choice: the busiest link of a few messages.
fn busiest_link(seed: u64) -> Exercise {
    let id = "busiest-link";
    let mut rng = stream(seed, id);
    let (rows, cols) = (4, 4);
    let mesh = Mesh::new(rows, cols);
    let spec = TopologySpec::Mesh { rows, cols };
    let net = spec.build();
    let cfg = SimConfig::delta();
    let bytes = 64;
    let links = net.links();
    let mut case = (Vec::new(), Vec::new());
    for _ in 0..64 {
        let count = 3 + rng.below(3);
        let pairs: Vec<(usize, usize)> = (0..count).map(|_| far_pair(&mut rng, &mesh, 2)).collect();
        let result = sim::simulate(spec, &cfg, &Traffic::pairs(rows * cols, &pairs, bytes))
            .expect("a few small messages");
        let busy: Vec<u64> = result.links[..links].iter().map(|l| l.busy).collect();
        let top = busy.iter().copied().max().unwrap_or(0);
        let unique = busy.iter().filter(|&&b| b == top).count() == 1;
        let others = busy.iter().filter(|&&b| b > 0 && b < top).count();
        case = (pairs, busy);
        if unique && others >= 3 {
            break;
        }
    }
    let (pairs, busy) = case;
    // The busiest link, then the next busiest as distractors.
    let mut order: Vec<usize> = (0..links).filter(|&l| busy[l] > 0).collect();
    crate::core::sorting::sort_by_u64(&mut order, |&l| u64::MAX - busy[l]);
    let shown: Vec<usize> = order.iter().copied().take(4).collect();
    let mut choices_at = shown.clone();
    crate::core::sorting::sort_by_u64(&mut choices_at, |&l| l as u64);
    let best = shown.first().copied().unwrap_or(0);
    let index = choices_at.iter().position(|&l| l == best).unwrap_or(0);
    let label = |l: usize| net.link_label(l as LinkId);
    let listed: Vec<String> = pairs.iter().map(|(s, d)| format!("{s}→{d}")).collect();
    let counts: Vec<String> = shown
        .iter()
        .map(|&l| format!("{} {} cycles", label(l), busy[l]))
        .collect();
    Exercise {
        id,
        title: "Which link is busiest?".into(),
        text: format!(
            "On the 4 × 4 mesh of the simulator (processor 4r + c at (r, c)), these messages of {bytes} bytes \
             start at once: {}. Every message follows its XY route (along the row first, then the column, as \
             the simulator routes the Delta's wormhole mesh [001 §2]). Which directed link carries flits for the most cycles?",
            listed.join(", ")
        ),
        instance: json!({ "rows": rows, "cols": cols, "pairs": pairs, "bytes": bytes }),
        choices: choices_at.iter().map(|&l| label(l)).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "The simulator counts {}. A link is busy for as many cycles as the flits of the messages whose \
             routes cross it, so the busiest one lies on the most routes; those messages also wait for each \
             other there, which is link contention [002 §2].",
            counts.join(", ")
        ),
        figure: netsim_link(rows, cols, &pairs, bytes),
    }
}
