//! The animator's side panel as one HTML string: the legend of the link
//! colours and marks, the figures of the picked node or link
//! ([`crate::core::sim::inspect`]), and the run's counts at this cycle.
//! Every text is escaped; the colours are the drawing's own.

use super::Scene;
use super::draw::ramp;
use crate::chart::esc;
use crate::core::net::Vertex;
use crate::core::net::layout::Pick;
use crate::core::sim::config::{CM5_CYCLE_US, EDR_CYCLE_US, IPSC860_CYCLE_US};
use crate::core::sim::{Film, inspect};
use std::fmt::Write;

/// What the colours and marks mean.
const BANDS: [&str; 5] = [
    "unused so far",
    "up to ¼ of the busiest link's flits",
    "up to ½",
    "up to ¾",
    "more",
];

/// The panel's HTML.
pub fn html(tl: &Film, s: &Scene, delivered: usize) -> String {
    let mut h = String::from(r#"<ul class="legend">"#);
    for (name, colour) in BANDS.iter().zip(ramp(s.theme)) {
        let _ = write!(
            h,
            r#"<li><span class="swatch" style="background:{colour}"></span>{name}</li>"#
        );
    }
    h += if s.overview {
        "<li>thick: held by a packet. At this size flits, waiting heads and sending processors are not drawn (they would be specks): the figures and the caption count them.</li></ul>"
    } else {
        "<li>thick: held by a packet · bar: a head waits · squares: flits, heads larger · filled node: sending</li></ul>"
    };
    let (f, v) = (&*s.frame, &s.frame.view);
    let figures = s.selected.map(|p| match p {
        Pick::Link(l) => inspect::channel(tl, f, l),
        Pick::Node(i) => match s.layout.nodes[i].vertex {
            Vertex::Proc(p) => inspect::processor(tl, f, p),
            sw => inspect::switch(tl, f, sw),
        },
    });
    let (done, marks) = {
        let marks = tl.phase_marks();
        (marks.partition_point(|&m| m as u64 <= v.cycle), marks.len())
    };
    let phases = if tl.is_complete() {
        format!("{done} of {marks}")
    } else {
        format!("{done} ({marks} by the last cycle simulated so far)")
    };
    let time = match tl.spec() {
        crate::core::net::TopologySpec::FatTree { .. } => format!(
            "{:.1} µs on the CM-5 (a cycle is 0.2 µs, a 4-byte flit at 20 MB/s)",
            f.pos as f64 * CM5_CYCLE_US
        ),
        crate::core::net::TopologySpec::Hypercube { .. } => format!(
            "{:.1} µs on the iPSC/860 as the book models it (a cycle is 1.6 µs, a 4-byte flit at 0.4 µs a byte)",
            f.pos as f64 * IPSC860_CYCLE_US
        ),
        crate::core::net::TopologySpec::KaryTree { .. } => format!(
            "{:.2} µs on an InfiniBand EDR cluster as the book models it (a cycle is 5.12 ns, a 64-byte flit at 12.5 GB/s)",
            f.pos as f64 * EDR_CYCLE_US
        ),
        crate::core::net::TopologySpec::Mesh { .. } => {
            "in cycles only: the Delta preset's cycle has no published length".to_string()
        }
    };
    let mut counts = vec![
        ("time", time),
        (
            "messages delivered",
            format!("{} of {delivered}", v.delivered_messages),
        ),
        ("flits delivered", v.delivered_flits.to_string()),
        ("heads waiting now", v.waits.len().to_string()),
        ("flits moving this cycle", tl.activity(f.pos).to_string()),
        ("phases complete", phases),
    ];
    if let Some((m, _)) = &s.follow {
        counts.push(("followed", tl.whereabouts(f, *m)));
    }
    let (title, lines) = figures.unwrap_or_else(|| {
        let hint = "Click a node or a link, or choose one above, for its figures.";
        (hint.to_string(), Vec::new())
    });
    let _ = write!(
        h,
        r#"<p class="figures-title"><strong>{}</strong></p><dl class="stats">"#,
        esc(&title)
    );
    for (k, val) in lines
        .iter()
        .map(|(k, v)| (*k, v))
        .chain(counts.iter().map(|(k, v)| (*k, v)))
    {
        let _ = write!(h, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(val));
    }
    h + "</dl>"
}
