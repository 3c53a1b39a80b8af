//! Writes a [`Chart`] as SVG: axes with tick labels (linear or base-10
//! logarithmic), a light grid, lines and markers, a legend and a title.
//!
//! The book first drew its charts with plotters' SVG backend; in the release
//! build that cost 40 KB of the site's 400 KB gzipped budget (264.5 KB →
//! 224.2 KB without it, measured by `.ci/bench`), so this small writer,
//! which does only what the chapters need, replaced it.

use super::{Chart, Hover, Mark, Palette, Rendered, Scale, format_value};
use std::fmt::Write;

const LEFT: f64 = 72.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 52.0;

/// Maps data values on one axis to pixels.
struct Axis {
    scale: Scale,
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
}

impl Axis {
    fn t(&self, v: f64) -> f64 {
        match self.scale {
            Scale::Linear => (v - self.lo) / (self.hi - self.lo),
            Scale::Log => (v.log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10()),
        }
    }

    fn px(&self, v: f64) -> f64 {
        self.from + (self.to - self.from) * self.t(v)
    }

    /// Tick positions: "nice" steps of 1, 2 or 5 × 10^k on a linear axis;
    /// powers of ten on a log axis (with 2 and 5 between when the range is
    /// under two decades).
    fn ticks(&self) -> Vec<f64> {
        match self.scale {
            Scale::Linear => {
                let raw = (self.hi - self.lo) / 6.0;
                let mag = 10f64.powf(raw.log10().floor());
                let step = [1.0, 2.0, 5.0, 10.0]
                    .iter()
                    .map(|m| m * mag)
                    .find(|s| *s >= raw)
                    .unwrap_or(10.0 * mag);
                let first = (self.lo / step).ceil() as i64;
                let last = (self.hi / step).floor() as i64;
                (first..=last).map(|k| k as f64 * step).collect()
            }
            Scale::Log => {
                let (a, b) = (
                    self.lo.log10().ceil() as i32,
                    self.hi.log10().floor() as i32,
                );
                let mults: &[f64] = if b - a < 2 { &[1.0, 2.0, 5.0] } else { &[1.0] };
                (a - 1..=b)
                    .flat_map(|e| mults.iter().map(move |m| m * 10f64.powi(e)))
                    .filter(|v| *v >= self.lo && *v <= self.hi)
                    .collect()
            }
        }
    }
}

/// Escapes text for SVG or HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The outline of marker `style` centred at (x, y), as SVG path data; the
/// shape varies with the style so series differ by more than colour.
fn marker_path(x: f64, y: f64, style: usize) -> String {
    match style % 4 {
        0 => format!("M{:.1} {y:.1}a4 4 0 1 0 8 0a4 4 0 1 0 -8 0", x - 4.0),
        1 => format!(
            "M{x:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
            y - 5.0,
            x + 5.0,
            y + 4.0,
            x - 5.0,
            y + 4.0
        ),
        2 => format!("M{:.1} {:.1}h8v8h-8Z", x - 4.0, y - 4.0),
        _ => format!(
            "M{:.1} {:.1}l8 8M{:.1} {:.1}l8 -8",
            x - 4.0,
            y - 4.0,
            x - 4.0,
            y + 4.0
        ),
    }
}

pub fn render(chart: &Chart, pal: &Palette) -> Rendered {
    let (w, h) = (chart.width as f64, chart.height as f64);
    let ((x0, x1), (y0, y1)) = chart.ranges();
    let xa = Axis {
        scale: chart.x_scale,
        lo: x0,
        hi: x1,
        from: LEFT,
        to: w - RIGHT,
    };
    let ya = Axis {
        scale: chart.y_scale,
        lo: y0,
        hi: y1,
        from: h - BOTTOM,
        to: TOP,
    };
    let (fg, grid, bg) = (pal.fg.hex(), pal.grid.hex(), pal.bg.hex());
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12"><rect width="{w}" height="{h}" fill="{bg}"/>"#
    );
    let _ = write!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="16" fill="{fg}">{}</text>"#,
        w / 2.0,
        esc(&chart.title)
    );
    // Grid and tick labels.
    for v in xa.ticks() {
        let x = xa.px(v);
        let _ = write!(
            s,
            r#"<path d="M{x:.1} {TOP}V{:.1}" stroke="{grid}"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="{fg}">{}</text>"#,
            h - BOTTOM,
            h - BOTTOM + 16.0,
            format_value(v)
        );
    }
    for v in ya.ticks() {
        let y = ya.px(v);
        let _ = write!(
            s,
            r#"<path d="M{LEFT} {y:.1}H{:.1}" stroke="{grid}"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="{fg}">{}</text>"#,
            w - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            format_value(v)
        );
    }
    let _ = write!(
        s,
        r#"<path d="M{LEFT} {TOP}V{:.1}H{:.1}" stroke="{fg}" fill="none"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="13" fill="{fg}">{}</text><text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle" font-size="13" fill="{fg}">{}</text>"#,
        h - BOTTOM,
        w - RIGHT,
        (LEFT + w - RIGHT) / 2.0,
        h - 12.0,
        esc(&chart.x_label),
        (TOP + h - BOTTOM) / 2.0,
        esc(&chart.y_label)
    );
    // Series.
    let mut hovers = Vec::new();
    for (k, series) in chart.series.iter().enumerate() {
        let color = pal.color(series.style).hex();
        let pts: Vec<(f64, f64, f64, f64)> = chart
            .drawable(series)
            .into_iter()
            .map(|(x, y)| (xa.px(x), ya.px(y), x, y))
            .collect();
        if matches!(series.mark, Mark::Line | Mark::LinePoints) && pts.len() > 1 {
            let d: Vec<String> = pts
                .iter()
                .map(|p| format!("{:.1},{:.1}", p.0, p.1))
                .collect();
            let _ = write!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
                d.join(" ")
            );
        }
        for &(px, py, x, y) in &pts {
            if matches!(series.mark, Mark::Points | Mark::LinePoints) {
                let _ = write!(
                    s,
                    r#"<path d="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
                    marker_path(px, py, series.style)
                );
            }
            hovers.push(Hover {
                px: px.round() as i32,
                py: py.round() as i32,
                series: k,
                x,
                y,
            });
        }
    }
    legend(&mut s, chart, pal);
    s.push_str("</svg>");
    Rendered { svg: s, hovers }
}

/// The legend in the plot's top-left corner: a line sample for computed
/// series, the marker for published ones.
fn legend(s: &mut String, chart: &Chart, pal: &Palette) {
    if chart.series.is_empty() {
        return;
    }
    let (x, y) = (LEFT + 10.0, TOP + 8.0);
    let width = 36.0
        + 6.6
            * chart
                .series
                .iter()
                .map(|s| s.name.chars().count())
                .max()
                .unwrap_or(0) as f64;
    let height = 18.0 * chart.series.len() as f64 + 6.0;
    let _ = write!(
        s,
        r#"<rect x="{x}" y="{y}" width="{width:.0}" height="{height}" fill="{}" fill-opacity="0.92" stroke="{}"/>"#,
        pal.bg.hex(),
        pal.grid.hex()
    );
    for (k, series) in chart.series.iter().enumerate() {
        let cy = y + 12.0 + 18.0 * k as f64;
        let color = pal.color(series.style).hex();
        if matches!(series.mark, Mark::Line | Mark::LinePoints) {
            let _ = write!(
                s,
                r#"<path d="M{:.1} {cy:.1}h18" stroke="{color}" stroke-width="2"/>"#,
                x + 6.0
            );
        }
        if matches!(series.mark, Mark::Points | Mark::LinePoints) {
            let _ = write!(
                s,
                r#"<path d="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
                marker_path(x + 15.0, cy, series.style)
            );
        }
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" fill="{}">{}</text>"#,
            x + 30.0,
            cy + 4.0,
            pal.fg.hex(),
            esc(&series.name)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_ticks_are_round_numbers() {
        let a = Axis {
            scale: Scale::Linear,
            lo: 0.0,
            hi: 37.0,
            from: 0.0,
            to: 100.0,
        };
        assert_eq!(a.ticks(), vec![0.0, 10.0, 20.0, 30.0]);
        let a = Axis {
            scale: Scale::Linear,
            lo: 0.13,
            hi: 0.61,
            from: 0.0,
            to: 100.0,
        };
        let t = a.ticks();
        assert!(t.len() >= 4 && t.len() <= 7, "{t:?}");
    }

    #[test]
    fn log_ticks_are_powers_of_ten_or_finer_on_short_ranges() {
        let a = Axis {
            scale: Scale::Log,
            lo: 12.0,
            hi: 300_000.0,
            from: 0.0,
            to: 100.0,
        };
        assert_eq!(a.ticks(), vec![100.0, 1000.0, 10_000.0, 100_000.0]);
        let a = Axis {
            scale: Scale::Log,
            lo: 150.0,
            hi: 900.0,
            from: 0.0,
            to: 100.0,
        };
        assert_eq!(a.ticks(), vec![200.0, 500.0]);
    }
}
