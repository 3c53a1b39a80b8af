//! Painting one frame of the network on a 2-D canvas.
//!
//! A canvas, not SVG: a 16×16 mesh has 960 links and up to a few thousand
//! flits in flight, redrawn every frame while flits glide between cycles;
//! rebuilding that many SVG elements 60 times a second is far slower than
//! stroking a few batched paths (see the measurements in the chapter's
//! report). Links are batched by colour and thickness, so a frame is about
//! twenty strokes and fills whatever the network's size.
//!
//! What a frame shows, colour-blind-safe and told apart by shape as well
//! as colour:
//! - each link coloured by the flits it has carried so far, in five bands
//!   relative to the run's busiest link (grey = unused); a link held by a
//!   packet (a head acquired it, the tail has not passed) is drawn thick;
//! - a bar across the start of a link where a head waits for it, and a
//!   ring around a processor whose receive slot a head waits for;
//! - flits as small squares in the links' input buffers, heads larger, and
//!   a flit handed to its processor in the last cycle halfway into it;
//! - processors as squares, filled while their injection port sends;
//!   switches as smaller squares; the selection with a heavy outline.

use crate::core::net::layout::{Layout, Pick, Seg};
use crate::core::sim::SimView;
use crate::core::sim::fabric::NONE;
use crate::ui::theme::Theme;
use web_sys::CanvasRenderingContext2d as Ctx;

/// The load bands, light theme: unused, then ≤ ¼, ≤ ½, ≤ ¾, ≤ all of the
/// busiest link's flits (Okabe-Ito sky blue, bluish green, orange,
/// vermillion).
pub const RAMP_LIGHT: [&str; 5] = ["#c9d0d8", "#56B4E9", "#009E73", "#E69F00", "#D55E00"];
/// The load bands, dark theme.
pub const RAMP_DARK: [&str; 5] = ["#3a424d", "#56B4E9", "#009E73", "#E69F00", "#D55E00"];

/// The band of a link that carried `load` flits when the busiest carried
/// `top` over the whole run.
pub fn band(load: u32, top: u64) -> usize {
    if load == 0 {
        0
    } else {
        ((4 * load as u64).div_ceil(top.max(1)) as usize).clamp(1, 4)
    }
}

/// The ramp of a theme.
pub fn ramp(theme: Theme) -> [&'static str; 5] {
    match theme {
        Theme::Light => RAMP_LIGHT,
        Theme::Dark => RAMP_DARK,
    }
}

/// Everything one frame needs.
pub struct Frame<'a> {
    pub layout: &'a Layout,
    pub view: &'a SimView,
    /// Flits on the run's busiest link (the top of the load scale).
    pub busiest: u64,
    pub selected: Option<Pick>,
    /// Channels held by the message the reader follows.
    pub follow: &'a [u32],
    /// Backing pixels per layout unit.
    pub scale: f64,
    /// Backing pixels per CSS pixel.
    pub dpr: f64,
    pub theme: Theme,
}

impl Frame<'_> {
    pub(super) fn px(&self, x: f64, y: f64) -> (f64, f64) {
        (x * self.scale, y * self.scale)
    }

    fn line(&self, c: &Ctx, s: &Seg) {
        let (a, b) = self.px(s.x0, s.y0);
        c.move_to(a, b);
        let (a, b) = self.px(s.x1, s.y1);
        c.line_to(a, b);
    }

    fn square(&self, c: &Ctx, (x, y): (f64, f64), half: f64) {
        let (x, y) = self.px(x, y);
        c.rect(x - half, y - half, 2.0 * half, 2.0 * half);
    }
}

/// Paints the frame on a canvas of `w` × `h` backing pixels.
pub fn draw(c: &Ctx, f: &Frame, w: f64, h: f64) {
    let (fg, soft, wait) = match f.theme {
        Theme::Light => ("#1b1f24", "#4a5360", "#CC79A7"),
        Theme::Dark => ("#e6e9ed", "#aab3bf", "#CC79A7"),
    };
    let ramp = ramp(f.theme);
    let v = f.view;
    let links = &f.layout.links;
    let d = f.dpr;
    c.clear_rect(0.0, 0.0, w, h);
    let stroke = |style: &str, width: f64| {
        c.set_stroke_style_str(style);
        c.set_line_width(width * d);
        c.stroke();
    };
    // The selection's outline goes under everything else.
    if let Some(Pick::Link(l)) = f.selected
        && let Some(Some(s)) = links.get(l as usize)
    {
        c.begin_path();
        f.line(c, s);
        stroke(fg, 7.0);
    }
    // Links in ten batches: five bands, thin or held.
    let key: Vec<u8> = (0..links.len())
        .map(|l| {
            let held = v.owner[l] != NONE;
            (band(v.load[l], f.busiest) * 2 + held as usize) as u8
        })
        .collect();
    if is_overview(f) {
        super::pixels::overview(c, f, (w as u32, h as u32), &key, ramp, soft);
        outline(c, f, fg);
        followed(c, f, wait);
        return;
    }
    for k in 0..10u8 {
        c.begin_path();
        let mut any = false;
        for (l, s) in links.iter().enumerate() {
            if key[l] == k
                && let Some(s) = s
            {
                f.line(c, s);
                any = true;
            }
        }
        if any {
            stroke(ramp[k as usize / 2], if k % 2 == 1 { 4.0 } else { 1.6 });
        }
    }
    // Heads waiting: a bar across the link's start, or a ring at the
    // processor whose receive slot they wait for.
    c.begin_path();
    let r = f.layout.radius * f.scale;
    for wt in &v.waits {
        let ch = wt.channel as usize;
        match links.get(ch) {
            Some(Some(s)) => {
                let (dx, dy) = (s.x1 - s.x0, s.y1 - s.y0);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9) * f.scale;
                let (nx, ny) = (-dy * f.scale / len * 5.0 * d, dx * f.scale / len * 5.0 * d);
                let (x, y) = f.px(s.x0, s.y0);
                c.move_to(x - nx, y - ny);
                c.line_to(x + nx, y + ny);
            }
            _ => {
                if let Some(n) = ch
                    .checked_sub(links.len())
                    .and_then(|p| f.layout.nodes.get(p))
                {
                    let (x, y) = f.px(n.x, n.y);
                    c.rect(
                        x - r - 3.0 * d,
                        y - r - 3.0 * d,
                        2.0 * r + 6.0 * d,
                        2.0 * r + 6.0 * d,
                    );
                }
            }
        }
    }
    stroke(wait, 3.0);
    // Processors (filled while sending) and switches.
    let half = r.max(2.0 * d);
    let procs = v.ports.len();
    for sending in [false, true] {
        c.begin_path();
        for (p, n) in f.layout.nodes.iter().enumerate().take(procs) {
            if (v.ports[p].packet != NONE) == sending {
                f.square(c, (n.x, n.y), half);
            }
        }
        if sending {
            c.set_fill_style_str(fg);
            c.fill();
        } else {
            stroke(soft, 1.5);
        }
    }
    c.begin_path();
    for n in &f.layout.nodes[procs..] {
        f.square(c, (n.x, n.y), 0.7 * half);
    }
    c.set_fill_style_str(soft);
    c.fill();
    flits(c, f, fg);
    if let Some(Pick::Node(i)) = f.selected
        && let Some(n) = f.layout.nodes.get(i)
    {
        c.begin_path();
        f.square(c, (n.x, n.y), half + 4.0 * d);
        stroke(fg, 3.0);
    }
    followed(c, f, wait);
}

/// The links the followed message holds, in the colour of waiting
/// (reddish purple) and thicker than a held link, over everything.
fn followed(c: &Ctx, f: &Frame, colour: &str) {
    if f.follow.is_empty() {
        return;
    }
    c.begin_path();
    for &l in f.follow {
        if let Some(Some(s)) = f.layout.links.get(l as usize) {
            f.line(c, s);
        }
    }
    c.set_stroke_style_str(colour);
    c.set_line_width(5.0 * f.dpr);
    c.stroke();
}

/// The selection over an overview: the picked link, or a ring round the
/// picked node.
fn outline(c: &Ctx, f: &Frame, fg: &str) {
    c.begin_path();
    match f.selected {
        Some(Pick::Link(l)) => {
            if let Some(Some(s)) = f.layout.links.get(l as usize) {
                f.line(c, s);
            }
        }
        Some(Pick::Node(i)) => {
            if let Some(n) = f.layout.nodes.get(i) {
                f.square(c, (n.x, n.y), 6.0 * f.dpr);
            }
        }
        None => return,
    }
    c.set_stroke_style_str(fg);
    c.set_line_width(3.0 * f.dpr);
    c.stroke();
}

/// Fewer than this many CSS pixels per layout unit (about one node's
/// spacing) draws an overview: nodes a few pixels apart (the 1,024-node
/// fat tree at any zoom) would make flits and waiting heads tens of
/// thousands of overlapping specks, and stroking that many links costs
/// more than a frame, so the links alone are drawn, pixel by pixel
/// ([`super::pixels`]); the figures and the caption still count flits and
/// waits.
pub const OVERVIEW_BELOW_PX: f64 = 6.0;

/// True when the frame is drawn as an overview (see [`draw`]).
pub fn is_overview(f: &Frame) -> bool {
    f.scale / f.dpr.max(1e-9) < OVERVIEW_BELOW_PX
}

/// The flits: in the links' buffers, and those handed to a processor in
/// the last cycle halfway into it.
fn flits(c: &Ctx, f: &Frame, fg: &str) {
    let v = f.view;
    let links = &f.layout.links;
    let d = f.dpr;
    let step = 5.0 * d / f.scale;
    let mut spots = Vec::new();
    for (l, s) in links.iter().enumerate() {
        let Some(s) = s else { continue };
        let span = ((s.x1 - s.x0).powi(2) + (s.y1 - s.y0).powi(2))
            .sqrt()
            .max(1e-9);
        for (j, fl) in v.buffers.iter(l).enumerate() {
            let t = (1.0 - (j as f64 + 0.5) * step / span).max(0.0);
            spots.push((s.at(t), fl.is_head()));
        }
    }
    for &(fl, from, to) in &v.moves {
        let p = (to as usize).wrapping_sub(links.len());
        if let (Some(n), Some(Some(s))) = (f.layout.nodes.get(p), links.get(from as usize)) {
            let (x, y) = s.at(1.0);
            spots.push((((x + n.x) / 2.0, (y + n.y) / 2.0), fl.is_head()));
        }
    }
    c.set_fill_style_str(fg);
    for head in [false, true] {
        c.begin_path();
        for &(at, h) in &spots {
            if h == head {
                f.square(c, at, if head { 2.8 * d } else { 1.5 * d });
            }
        }
        c.fill();
    }
}
