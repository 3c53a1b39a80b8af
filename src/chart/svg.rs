//! Writes a [`Chart`] as SVG: axes with tick labels (linear or base-10
//! logarithmic), a light grid, lines and markers, a legend and a title.
//!
//! The book first drew its charts with plotters' SVG backend; in the release
//! build that cost 40 KB of the site's 400 KB gzipped budget (264.5 KB →
//! 224.2 KB without it, measured by `.ci/bench`), so this small writer,
//! which does only what the chapters need, replaced it.

use super::{Chart, Hover, LegendAt, Mark, Palette, Rendered, Scale, format_tick};
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

/// Escapes text for HTML and SVG.
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
    let (drawn, hidden) = draw(chart, pal);
    if hidden == 0 || chart.legend == LegendAt::Below {
        return drawn;
    }
    // Every corner of the plot holds data: the legend goes under it.
    let below = Chart {
        legend: LegendAt::Below,
        ..chart.clone()
    };
    draw(&below, pal).0
}

/// The chart with its legend where `chart.legend` says, and how many marks
/// of the data the legend hides.
fn draw(chart: &Chart, pal: &Palette) -> (Rendered, usize) {
    let (w, h) = (chart.width as f64, chart.height as f64);
    // A legend below the plot takes its height from the plot's.
    let below = match chart.legend {
        LegendAt::Below => Layout::of(chart).rows as f64 * 18.0 + 8.0,
        LegendAt::Inside => 0.0,
    };
    let bottom = BOTTOM + below;
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
        from: h - bottom,
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
            h - bottom,
            h - bottom + 16.0,
            format_tick(v)
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
            format_tick(v)
        );
    }
    let _ = write!(
        s,
        r#"<path d="M{LEFT} {TOP}V{:.1}H{:.1}" stroke="{fg}" fill="none"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="13" fill="{fg}">{}</text><text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle" font-size="13" fill="{fg}">{}</text>"#,
        h - bottom,
        w - RIGHT,
        (LEFT + w - RIGHT) / 2.0,
        h - 12.0 - below,
        esc(&chart.x_label),
        (TOP + h - bottom) / 2.0,
        esc(&chart.y_label)
    );
    // Where a stepped figure is, under the data.
    if let Some(cx) = chart.cursor.filter(|&c| c >= x0 && c <= x1) {
        let x = xa.px(cx);
        let _ = write!(
            s,
            r#"<path class="cursor" d="M{x:.1} {TOP}V{:.1}" stroke="{fg}" stroke-width="2" stroke-dasharray="5 4" stroke-opacity="0.55"/>"#,
            h - bottom
        );
    }
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
    let hidden = legend(&mut s, chart, pal, &hovers);
    s.push_str("</svg>");
    (Rendered { svg: s, hovers }, hidden)
}

/// How the legend's entries are laid out: one column inside the plot, as
/// many columns as fit below it.
struct Layout {
    /// Width of one entry.
    item: f64,
    cols: usize,
    rows: usize,
}

impl Layout {
    fn of(chart: &Chart) -> Layout {
        let longest = chart.series.iter().map(|s| s.name.chars().count()).max();
        let item = 36.0 + 6.6 * longest.unwrap_or(0) as f64;
        let count = chart.series.len();
        let cols = match chart.legend {
            LegendAt::Inside => 1,
            LegendAt::Below => {
                let room = chart.width as f64 - LEFT - RIGHT;
                ((room / (item + 12.0)).floor() as usize).clamp(1, count.max(1))
            }
        };
        Layout {
            item,
            cols,
            rows: count.div_ceil(cols),
        }
    }
}

/// Where the data is drawn: every point, and for lines a place every 8
/// pixels along each segment, so a legend does not hide a line that merely
/// crosses a corner between two points.
fn covered_marks(chart: &Chart, points: &[Hover]) -> Vec<(f64, f64)> {
    let mut marks: Vec<(f64, f64)> = points.iter().map(|p| (p.px as f64, p.py as f64)).collect();
    for w in points.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let line = chart
            .series
            .get(a.series)
            .is_some_and(|s| matches!(s.mark, Mark::Line | Mark::LinePoints));
        if a.series == b.series && line {
            let (dx, dy) = ((b.px - a.px) as f64, (b.py - a.py) as f64);
            let n = ((dx.hypot(dy) / 8.0).ceil() as usize).clamp(1, 200);
            for k in 1..n {
                let t = k as f64 / n as f64;
                marks.push((a.px as f64 + t * dx, a.py as f64 + t * dy));
            }
        }
    }
    marks
}

/// The legend under the plot, or inside it in the corner that hides the
/// least of the data (top-left on a tie): a line sample for computed
/// series, the marker for published ones. Returns how many marks of the
/// data it hides ([`covered_marks`]).
fn legend(s: &mut String, chart: &Chart, pal: &Palette, points: &[Hover]) -> usize {
    if chart.series.is_empty() {
        return 0;
    }
    let l = Layout::of(chart);
    let (w, h) = (chart.width as f64, chart.height as f64);
    let width = l.item * l.cols as f64 + 12.0 * (l.cols - 1) as f64;
    let height = 18.0 * l.rows as f64 + 6.0;
    let (x, y, hidden) = match chart.legend {
        LegendAt::Below => (LEFT, h - l.rows as f64 * 18.0 - 10.0, 0),
        LegendAt::Inside => {
            let corners = [
                (LEFT + 10.0, TOP + 8.0),
                (w - RIGHT - 10.0 - width, TOP + 8.0),
                (LEFT + 10.0, h - BOTTOM - 8.0 - height),
                (w - RIGHT - 10.0 - width, h - BOTTOM - 8.0 - height),
            ];
            let marks = covered_marks(chart, points);
            let hidden = |&(x, y): &(f64, f64)| {
                let (xs, ys) = (x - 6.0..x + width + 6.0, y - 6.0..y + height + 6.0);
                marks
                    .iter()
                    .filter(|p| xs.contains(&p.0) && ys.contains(&p.1))
                    .count()
            };
            corners
                .iter()
                .map(|c| (c.0, c.1, hidden(c)))
                .min_by_key(|c| c.2)
                .unwrap_or((corners[0].0, corners[0].1, 0))
        }
    };
    let _ = write!(
        s,
        r#"<rect x="{x}" y="{y}" width="{width:.0}" height="{height}" fill="{}" fill-opacity="0.92" stroke="{}"/>"#,
        pal.bg.hex(),
        pal.grid.hex()
    );
    for (k, series) in chart.series.iter().enumerate() {
        let x = x + (l.item + 12.0) * (k % l.cols) as f64;
        let cy = y + 12.0 + 18.0 * (k / l.cols) as f64;
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
    hidden
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_avoids_the_data() {
        // A cluster in the top-left corner and one point bottom-right: the
        // legend moves to another corner.
        let mut pts: Vec<(f64, f64)> = (0..10)
            .map(|i| (1.0 + i as f64 * 0.3, 10.0 - i as f64 * 0.05))
            .collect();
        pts.push((40.0, 0.0));
        let c = Chart::new("falling", "x", "y").with("a series", Mark::Points, 0, pts);
        let svg = render(&c, &Palette::light()).svg;
        let x: f64 = svg
            .split(r#"fill-opacity="0.92""#)
            .next()
            .and_then(|head| head.rsplit("<rect x=\"").next())
            .and_then(|tail| tail.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap();
        assert!(x > LEFT + 10.0, "legend at x = {x}");
        // A line crossing the top-left corner between its two points pushes
        // the legend away too.
        let c = Chart::new("falling", "x", "y").with(
            "a line with a long name",
            Mark::Line,
            0,
            vec![(0.0, 10.0), (10.0, 0.0)],
        );
        let svg = render(&c, &Palette::light()).svg;
        assert!(
            !svg.contains(&format!("<rect x=\"{}\"", LEFT + 10.0)),
            "the legend hides the line"
        );
        // With data in every corner it goes under the plot.
        let mut corners = vec![(0.0, 0.0), (20.0, 20.0)];
        corners.extend([(1.0, 1.0), (1.0, 19.0), (19.0, 1.0), (19.0, 19.0)]);
        let c = Chart::new("full", "x", "y").with("corners", Mark::Points, 0, corners);
        let svg = render(&c, &Palette::light()).svg;
        assert!(
            svg.contains(&format!("<rect x=\"{LEFT}\"")),
            "legend not below"
        );
        // A cursor inside the x range is drawn, one outside is not.
        let c = Chart::new("c", "x", "y").with("s", Mark::Points, 0, vec![(0.0, 0.0), (4.0, 1.0)]);
        let at = |x| {
            let c = Chart {
                cursor: Some(x),
                ..c.clone()
            };
            render(&c, &Palette::light())
                .svg
                .contains("class=\"cursor\"")
        };
        assert!(at(2.0) && !at(99.0));
        // With nothing in the way it stays top-left.
        let c =
            Chart::new("rising", "x", "y").with("s", Mark::Points, 0, vec![(0.0, 0.0), (1.0, 1.0)]);
        assert!(
            render(&c, &Palette::light())
                .svg
                .contains(&format!("<rect x=\"{}\"", LEFT + 10.0))
        );
    }

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
