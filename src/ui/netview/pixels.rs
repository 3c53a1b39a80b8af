//! The overview of a large network, drawn pixel by pixel.
//!
//! The 1,024-node fat tree has 9,216 links, a few hundred pixels across:
//! stroked as canvas paths, its links cost the browser's rasteriser about
//! 25 ms a frame (measured in headless Chromium: the canvas hidden, the
//! frame's cost went with it), more than a frame. Here the links are
//! written into a pixel buffer in wasm (a line per link, hotter and held
//! links last, so on top) and handed over as one image, whose cost is the
//! picture's size, not the network's.

use super::draw::Frame;
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d as Ctx, ImageData};

/// "#56B4E9" → its RGBA bytes (opaque); black if it does not read.
fn rgba(hex: &str) -> [u8; 4] {
    let h = hex.trim_start_matches('#');
    let byte = |i: usize| {
        h.get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .unwrap_or(0)
    };
    [byte(0), byte(2), byte(4), 255]
}

/// A picture of `w` × `h` pixels.
struct Picture {
    w: i64,
    h: i64,
    px: Vec<u8>,
}

impl Picture {
    fn dot(&mut self, x: i64, y: i64, c: [u8; 4]) {
        if (0..self.w).contains(&x) && (0..self.h).contains(&y) {
            let i = 4 * (y * self.w + x) as usize;
            self.px[i..i + 4].copy_from_slice(&c);
        }
    }

    /// A line from (x0, y0) to (x1, y1), `thick` pixels wide (1 or 2).
    fn line(&mut self, (x0, y0): (f64, f64), (x1, y1): (f64, f64), c: [u8; 4], thick: bool) {
        let n = (x1 - x0).abs().max((y1 - y0).abs()).ceil().max(1.0) as usize;
        for i in 0..=n {
            let t = i as f64 / n as f64;
            let (x, y) = ((x0 + (x1 - x0) * t) as i64, (y0 + (y1 - y0) * t) as i64);
            self.dot(x, y, c);
            if thick {
                self.dot(x + 1, y, c);
                self.dot(x, y + 1, c);
            }
        }
    }
}

/// Draws the links (coloured by `key`: band × 2 + held, as [`super::draw`]
/// batches them) and the nodes into the canvas, replacing its pixels.
pub fn overview(c: &Ctx, f: &Frame, (w, h): (u32, u32), key: &[u8], ramp: [&str; 5], node: &str) {
    let mut p = Picture {
        w: w as i64,
        h: h as i64,
        px: vec![0; 4 * w as usize * h as usize],
    };
    let colours: Vec<[u8; 4]> = ramp.iter().map(|s| rgba(s)).collect();
    for k in 0..10u8 {
        for (l, s) in f.layout.links.iter().enumerate() {
            if key.get(l) == Some(&k)
                && let Some(s) = s
            {
                p.line(
                    f.px(s.x0, s.y0),
                    f.px(s.x1, s.y1),
                    colours[k as usize / 2],
                    k % 2 == 1,
                );
            }
        }
    }
    let dark = rgba(node);
    for n in &f.layout.nodes {
        let (x, y) = f.px(n.x, n.y);
        let (x, y) = (x as i64, y as i64);
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            p.dot(x + dx, y + dy, dark);
        }
    }
    if let Ok(img) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&p.px), w, h) {
        let _ = c.put_image_data(&img, 0.0, 0.0);
    }
}
