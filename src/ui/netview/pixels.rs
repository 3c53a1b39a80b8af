//! The overview of a large network, drawn pixel by pixel.
//!
//! The 1,024-node fat tree has 9,216 links, a few hundred pixels across:
//! stroked as canvas paths, its links cost the browser's rasteriser about
//! 25 ms a frame (measured in headless Chromium: the canvas hidden, the
//! frame's cost went with it), more than a frame. Here the links are
//! written into a pixel buffer in wasm (a line per link, hotter and held
//! links last, so on top) and handed over as one image, whose cost is the
//! picture's size, not the network's. Which pixels each link covers is
//! worked out once per size ([`Raster`]); a frame only colours them.

use super::draw::Frame;
use web_sys::{CanvasRenderingContext2d as Ctx, ImageData};

/// "#56B4E9" → its RGBA bytes (opaque) as one pixel of the picture
/// (wasm's memory is little-endian: the first byte is red); black if it
/// does not read.
fn rgba(hex: &str) -> u32 {
    let h = hex.trim_start_matches('#');
    let byte = |i: usize| {
        h.get(i..i + 2)
            .and_then(|s| u8::from_str_radix(s, 16).ok())
            .unwrap_or(0)
    };
    u32::from_le_bytes([byte(0), byte(2), byte(4), 255])
}

/// The pixels of every link's line at one size of the picture, worked out
/// once (a float step per pixel for 650,000 pixels was most of a frame)
/// and kept while the picture keeps its layout and size.
struct Raster {
    /// The layout's address, its link count, the size and the scale.
    key: (usize, usize, u32, u32, u64),
    /// Link `l`'s pixels are `dots[starts[l]..starts[l + 1]]`.
    starts: Vec<u32>,
    /// Pixel indices; bit 31 set when the pixel to the right is inside
    /// the picture, bit 30 when the one below is (a held link's line is
    /// two pixels wide).
    dots: Vec<u32>,
    /// The picture's pixels (RGBA, a word each: one store a pixel where
    /// four bytes copied were most of a frame in the book's build),
    /// reused from frame to frame, and the browser's image of them, which
    /// each frame's pixels are copied into.
    px: Vec<u32>,
    image: Option<(js_sys::Uint32Array, ImageData)>,
}

const RIGHT: u32 = 1 << 31;
const BELOW: u32 = 1 << 30;

thread_local! {
    static RASTER: std::cell::RefCell<Option<Raster>> = const { std::cell::RefCell::new(None) };
}

impl Raster {
    fn new(f: &Frame, key: (usize, usize, u32, u32, u64)) -> Raster {
        let (w, h) = (key.2 as i64, key.3 as i64);
        let mut starts = Vec::with_capacity(f.layout.links.len() + 1);
        let mut dots: Vec<u32> = Vec::new();
        for s in &f.layout.links {
            starts.push(dots.len() as u32);
            let Some(s) = s else { continue };
            let ((x0, y0), (x1, y1)) = (f.px(s.x0, s.y0), f.px(s.x1, s.y1));
            let n = (x1 - x0).abs().max((y1 - y0).abs()).ceil().max(1.0) as usize;
            let first = dots.len();
            for i in 0..=n {
                let t = i as f64 / n as f64;
                let (x, y) = ((x0 + (x1 - x0) * t) as i64, (y0 + (y1 - y0) * t) as i64);
                if (0..w).contains(&x) && (0..h).contains(&y) {
                    let mut d = (y * w + x) as u32;
                    if x + 1 < w {
                        d |= RIGHT;
                    }
                    if y + 1 < h {
                        d |= BELOW;
                    }
                    if dots.len() == first || dots.last() != Some(&d) {
                        dots.push(d);
                    }
                }
            }
        }
        starts.push(dots.len() as u32);
        let px = vec![0; key.2 as usize * key.3 as usize];
        let image = {
            let words = js_sys::Uint32Array::new_with_length(px.len() as u32);
            let bytes = js_sys::Uint8ClampedArray::new_with_byte_offset_and_length(
                &words.buffer(),
                0,
                4 * px.len() as u32,
            );
            ImageData::new_with_js_u8_clamped_array_and_sh(&bytes, key.2, key.3)
                .ok()
                .map(|img| (words, img))
        };
        Raster {
            key,
            starts,
            dots,
            px,
            image,
        }
    }
}

/// Draws the links (coloured by `key`: band × 2 + held, as [`super::draw`]
/// batches them; hotter and held links last, so on top) and the nodes
/// into the canvas, replacing its pixels.
pub fn overview(c: &Ctx, f: &Frame, (w, h): (u32, u32), key: &[u8], ramp: [&str; 5], node: &str) {
    let colours: Vec<u32> = ramp.iter().map(|s| rgba(s)).collect();
    // The links in drawing order: by key, then by number.
    let order = (0..10u8).flat_map(|k| {
        (0..f.layout.links.len()).filter(move |&l| key.get(l).copied().unwrap_or(0) == k)
    });
    let id = (
        std::ptr::from_ref(f.layout) as usize,
        f.layout.links.len(),
        w,
        h,
        f.scale.to_bits(),
    );
    RASTER.with_borrow_mut(|r| {
        if r.as_ref().is_none_or(|r| r.key != id) {
            // The old size's pixels go before the new ones are worked out
            // (at zoom 8 each is tens of megabytes).
            *r = None;
            *r = Some(Raster::new(f, id));
        }
        let Some(r) = r else { return };
        let px = &mut r.px;
        px.fill(0);
        let w = w as usize;
        for l in order {
            let k = key.get(l).copied().unwrap_or(0);
            let c = colours[k as usize / 2];
            let thick = k % 2 == 1;
            let (a, b) = (r.starts[l], r.starts[l + 1]);
            for &d in &r.dots[a as usize..b as usize] {
                let i = (d & !(RIGHT | BELOW)) as usize;
                px[i] = c;
                if thick {
                    if d & RIGHT != 0 {
                        px[i + 1] = c;
                    }
                    if d & BELOW != 0 {
                        px[i + w] = c;
                    }
                }
            }
        }
        let dark = rgba(node);
        let (wi, hi) = (w as i64, h as i64);
        for n in &f.layout.nodes {
            let (x, y) = f.px(n.x, n.y);
            let (x, y) = (x as i64, y as i64);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (x, y) = (x + dx, y + dy);
                if (0..wi).contains(&x) && (0..hi).contains(&y) {
                    px[(y * wi + x) as usize] = dark;
                }
            }
        }
        if let Some((words, img)) = &r.image {
            words.copy_from(px);
            let _ = c.put_image_data(img, 0.0, 0.0);
        }
    });
}
