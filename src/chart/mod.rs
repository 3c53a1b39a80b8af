//! Charts for the chapters' plots, written as SVG (see `svg.rs` for why the
//! book draws them itself rather than through plotters).
//!
//! A [`Chart`] describes axes (linear or logarithmic) and series: lines for
//! values the book computes live, markers for values a paper printed, so a
//! reader can see at a glance which is which. [`render`] returns the SVG and
//! the pixel position of every data point, so the UI can lay hover targets
//! over it without redoing plotters' layout. Native code, tested natively;
//! the UI only places the string and the hover targets.

pub mod mesh;
pub mod palette;
mod svg;
pub mod tree;

pub use palette::Palette;
pub use svg::esc;

/// How an axis maps values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Base-10 logarithmic; values ≤ 0 are left out of the plot.
    Log,
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A line through the points (computed values).
    Line,
    /// Markers only (published values).
    Points,
    /// A line with markers.
    LinePoints,
}

/// One named series of (x, y) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub mark: Mark,
    /// Index into the palette's series colours (and marker shapes).
    pub style: usize,
}

/// Where the legend goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LegendAt {
    /// In the plot's top-left corner (where rising lines leave room).
    #[default]
    Inside,
    /// Under the plot, which shrinks to make room: for charts whose data
    /// fill every corner.
    Below,
}

/// A chart description.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_scale: Scale,
    pub y_scale: Scale,
    pub series: Vec<Series>,
    pub width: u32,
    pub height: u32,
    pub legend: LegendAt,
    /// An x value to mark with a vertical line: where a stepped figure is.
    pub cursor: Option<f64>,
}

/// A data point as drawn: its position in SVG pixels and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub px: i32,
    pub py: i32,
    pub series: usize,
    pub x: f64,
    pub y: f64,
}

/// The drawn chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Rendered {
    pub svg: String,
    pub hovers: Vec<Hover>,
}

impl Chart {
    /// A chart with no series yet, 640×400 pixels.
    pub fn new(title: &str, x_label: &str, y_label: &str) -> Self {
        Chart {
            title: title.into(),
            x_label: x_label.into(),
            y_label: y_label.into(),
            x_scale: Scale::Linear,
            y_scale: Scale::Linear,
            series: Vec::new(),
            width: 640,
            height: 400,
            legend: LegendAt::Inside,
            cursor: None,
        }
    }

    /// Adds a series.
    pub fn with(mut self, name: &str, mark: Mark, style: usize, points: Vec<(f64, f64)>) -> Self {
        self.series.push(Series {
            name: name.into(),
            points,
            mark,
            style,
        });
        self
    }

    /// The points that can be drawn (finite, and positive on log axes).
    pub fn drawable(&self, s: &Series) -> Vec<(f64, f64)> {
        let ok = |v: f64, sc: Scale| v.is_finite() && (sc == Scale::Linear || v > 0.0);
        s.points
            .iter()
            .copied()
            .filter(|&(x, y)| ok(x, self.x_scale) && ok(y, self.y_scale))
            .collect()
    }

    /// The axis ranges: the data's extent with a margin (multiplicative on
    /// log axes), or a unit range when there is no data.
    pub fn ranges(&self) -> ((f64, f64), (f64, f64)) {
        let pts: Vec<(f64, f64)> = self.series.iter().flat_map(|s| self.drawable(s)).collect();
        let span = |vals: Vec<f64>, sc: Scale| {
            let lo = vals.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            match sc {
                _ if !lo.is_finite() => {
                    if sc == Scale::Log {
                        (1.0, 10.0)
                    } else {
                        (0.0, 1.0)
                    }
                }
                Scale::Log => {
                    let (lo, hi) = if lo == hi {
                        (lo / 2.0, hi * 2.0)
                    } else {
                        (lo, hi)
                    };
                    (lo / 1.3, hi * 1.3)
                }
                Scale::Linear => {
                    let pad = if hi > lo {
                        (hi - lo) * 0.06
                    } else {
                        hi.abs().max(1.0) * 0.5
                    };
                    let lo = if lo >= 0.0 && lo - pad < 0.0 {
                        0.0
                    } else {
                        lo - pad
                    };
                    (lo, hi + pad)
                }
            }
        };
        (
            span(pts.iter().map(|p| p.0).collect(), self.x_scale),
            span(pts.iter().map(|p| p.1).collect(), self.y_scale),
        )
    }
}

/// Draws the chart with the given colours.
pub fn render(chart: &Chart, palette: &Palette) -> Rendered {
    svg::render(chart, palette)
}

/// Formats a value for axis labels, tooltips and tables: integers plainly,
/// others with three significant digits, very large or small in e-notation.
pub fn format_value(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let a = v.abs();
    if v.fract() == 0.0 && a < 1e7 {
        format!("{v:.0}")
    } else if (1e-3..1e7).contains(&a) {
        let digits = (2 - a.log10().floor() as i32).max(0) as usize;
        format!("{v:.digits$}")
    } else {
        format!("{v:.2e}")
    }
}

/// An axis tick: like [`format_value`] without trailing zeros, and 10 000
/// and more with a metric suffix (100k, 2.5M, 10M), so a long axis keeps
/// short, uniform labels instead of switching to 1.00e7 part-way.
pub fn format_tick(v: f64) -> String {
    let a = v.abs();
    if !(1e4..1e15).contains(&a) {
        let text = format_value(v);
        // Ticks are round numbers: 0.5, not 0.500.
        if text.contains('.') && !text.contains('e') {
            return text.trim_end_matches('0').trim_end_matches('.').to_string();
        }
        return text;
    }
    let (scale, suffix) = match a {
        a if a >= 1e12 => (1e12, "T"),
        a if a >= 1e9 => (1e9, "G"),
        a if a >= 1e6 => (1e6, "M"),
        _ => (1e3, "k"),
    };
    let m = v / scale;
    // Up to three significant digits, without trailing zeros.
    let text = format!("{m:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_have_short_uniform_labels() {
        assert_eq!(format_tick(100_000.0), "100k");
        assert_eq!(format_tick(1e6), "1M");
        assert_eq!(format_tick(1e7), "10M");
        assert_eq!(format_tick(2.5e6), "2.5M");
        assert_eq!(format_tick(-20_000.0), "-20k");
        assert_eq!(format_tick(5000.0), "5000");
        assert_eq!(format_tick(0.5), "0.5");
        assert_eq!(format_tick(0.0), "0");
    }

    fn sample(x: Scale, y: Scale) -> Chart {
        let mut c = Chart::new("Cost <of> a phase", "message size (bytes)", "time (µs)")
            .with(
                "model",
                Mark::Line,
                0,
                vec![(16.0, 200.0), (1024.0, 420.0), (262144.0, 55000.0)],
            )
            .with(
                "Table 1",
                Mark::Points,
                1,
                vec![(16.0, 211.0), (262144.0, 55833.0), (-1.0, 5.0)],
            );
        c.x_scale = x;
        c.y_scale = y;
        c
    }

    #[test]
    fn renders_every_scale_combination() {
        for (x, y) in [
            (Scale::Linear, Scale::Linear),
            (Scale::Log, Scale::Log),
            (Scale::Log, Scale::Linear),
            (Scale::Linear, Scale::Log),
        ] {
            let r = render(&sample(x, y), &Palette::light());
            assert!(r.svg.starts_with("<svg"), "{}", &r.svg[..40]);
            assert!(
                r.svg.contains("Cost &lt;of&gt; a phase"),
                "titles are escaped"
            );
            // The negative x point is dropped on a log x axis only.
            let expect = if x == Scale::Log { 5 } else { 6 };
            assert_eq!(r.hovers.len(), expect, "{x:?} {y:?}");
            for h in &r.hovers {
                assert!(
                    (0..640).contains(&h.px) && (0..400).contains(&h.py),
                    "{h:?}"
                );
            }
        }
    }

    #[test]
    fn larger_values_sit_higher_and_further_right() {
        let r = render(&sample(Scale::Log, Scale::Log), &Palette::dark());
        let a = &r.hovers[0];
        let b = &r.hovers[2];
        assert!(b.px > a.px && b.py < a.py, "{a:?} {b:?}");
    }

    #[test]
    fn a_legend_below_shrinks_the_plot_instead_of_the_page() {
        let inside = render(&sample(Scale::Log, Scale::Log), &Palette::light());
        let below = render(
            &Chart {
                legend: LegendAt::Below,
                ..sample(Scale::Log, Scale::Log)
            },
            &Palette::light(),
        );
        assert!(below.svg.contains(r#"height="400""#) && below.svg.contains("Table 1"));
        // Both series fit on one row: the plot loses 26 px at the bottom.
        let lowest = |r: &Rendered| r.hovers.iter().map(|h| h.py).max().unwrap();
        assert!(lowest(&below) < lowest(&inside) && lowest(&inside) - lowest(&below) < 30);
        assert_eq!(below.hovers[0].px, inside.hovers[0].px);
    }

    #[test]
    fn empty_chart_still_draws_axes() {
        let r = render(&Chart::new("Nothing yet", "x", "y"), &Palette::light());
        assert!(r.svg.contains("Nothing yet") && r.hovers.is_empty());
    }

    #[test]
    fn values_format_compactly() {
        assert_eq!(format_value(1024.0), "1024");
        assert_eq!(format_value(0.2112), "0.211");
        assert_eq!(format_value(55.8333), "55.8");
        assert_eq!(format_value(1.5e9), "1.50e9");
    }
}
