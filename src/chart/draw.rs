//! The plotters calls behind [`super::render`]. Kept apart because plotters'
//! coordinate types differ for linear and log axes, so the drawing code is
//! generic and instantiated once per scale combination.

use super::{Chart, Hover, Mark, Palette, Rendered, Scale, format_value};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;

pub fn render(chart: &Chart, pal: &Palette) -> Result<Rendered, String> {
    let mut svg = String::new();
    let hovers = {
        let root =
            SVGBackend::with_string(&mut svg, (chart.width, chart.height)).into_drawing_area();
        root.fill(&pal.bg).map_err(|e| e.to_string())?;
        let ((x0, x1), (y0, y1)) = chart.ranges();
        match (chart.x_scale, chart.y_scale) {
            (Scale::Linear, Scale::Linear) => plot(&root, chart, pal, x0..x1, y0..y1),
            (Scale::Log, Scale::Linear) => plot(&root, chart, pal, (x0..x1).log_scale(), y0..y1),
            (Scale::Linear, Scale::Log) => plot(&root, chart, pal, x0..x1, (y0..y1).log_scale()),
            (Scale::Log, Scale::Log) => plot(
                &root,
                chart,
                pal,
                (x0..x1).log_scale(),
                (y0..y1).log_scale(),
            ),
        }?
    };
    Ok(Rendered { svg, hovers })
}

fn plot<'b, X, Y>(
    root: &DrawingArea<SVGBackend<'b>, Shift>,
    chart: &Chart,
    pal: &Palette,
    xr: X,
    yr: Y,
) -> Result<Vec<Hover>, String>
where
    X: AsRangedCoord<Value = f64>,
    Y: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let err = |e: DrawingAreaErrorKind<_>| e.to_string();
    let text = |size| ("sans-serif", size).into_font().color(&pal.fg);
    let mut ctx = ChartBuilder::on(root)
        .caption(&chart.title, text(18))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(xr, yr)
        .map_err(err)?;
    ctx.configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .axis_desc_style(text(14))
        .label_style(text(12))
        .axis_style(pal.fg)
        .bold_line_style(pal.grid)
        .light_line_style(pal.bg)
        .x_label_formatter(&|v| format_value(*v))
        .y_label_formatter(&|v| format_value(*v))
        .draw()
        .map_err(err)?;

    let mut hovers = Vec::new();
    for (k, s) in chart.series.iter().enumerate() {
        let pts = chart.drawable(s);
        let color = pal.color(s.style);
        let style = s.style;
        let line = matches!(s.mark, Mark::Line | Mark::LinePoints);
        let marks = matches!(s.mark, Mark::Points | Mark::LinePoints);
        if line {
            ctx.draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
                .map_err(err)?;
        }
        for &(x, y) in &pts {
            let (px, py) = ctx.backend_coord(&(x, y));
            if marks {
                // Markers are drawn in pixels on the root area (see `marker`).
                root.draw(&marker((px, py), style, color)).map_err(err)?;
            }
            hovers.push(Hover {
                px,
                py,
                series: k,
                x,
                y,
            });
        }
    }
    let (xs, ys) = ctx.plotting_area().get_pixel_range();
    legend(root, chart, pal, (xs.start + 10, ys.start + 8))?;
    root.present().map_err(|e| e.to_string())?;
    Ok(hovers)
}

/// The legend, drawn by hand in the corner of the plotting area: a line
/// sample for computed series, the marker for published ones.
fn legend(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &Chart,
    pal: &Palette,
    at: (i32, i32),
) -> Result<(), String> {
    if chart.series.is_empty() {
        return Ok(());
    }
    let err = |e: DrawingAreaErrorKind<_>| e.to_string();
    let row = 18;
    let width = 34
        + 7 * chart
            .series
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(0) as i32;
    let height = row * chart.series.len() as i32 + 6;
    let (x, y) = at;
    root.draw(&Rectangle::new(
        [(x, y), (x + width, y + height)],
        pal.bg.mix(0.92).filled(),
    ))
    .map_err(err)?;
    root.draw(&Rectangle::new([(x, y), (x + width, y + height)], pal.grid))
        .map_err(err)?;
    for (k, s) in chart.series.iter().enumerate() {
        let cy = y + 12 + row * k as i32;
        let color = pal.color(s.style);
        if matches!(s.mark, Mark::Line | Mark::LinePoints) {
            root.draw(&PathElement::new(
                vec![(x + 6, cy), (x + 24, cy)],
                color.stroke_width(2),
            ))
            .map_err(err)?;
        }
        if matches!(s.mark, Mark::Points | Mark::LinePoints) {
            root.draw(&marker((x + 15, cy), s.style, color))
                .map_err(err)?;
        }
        let font = ("sans-serif", 12).into_font().color(&pal.fg);
        root.draw(&Text::new(s.name.clone(), (x + 30, cy - 7), font))
            .map_err(err)?;
    }
    Ok(())
}

/// A marker centred on pixel `at`; the shape follows the style so series
/// differ by more than colour. Each shape is one outline path in pixels,
/// which keeps every marker the same element type.
fn marker(at: (i32, i32), style: usize, color: RGBColor) -> PathElement<(i32, i32)> {
    let shape: &[(i32, i32)] = match style % 4 {
        0 => &[
            (0, -4),
            (3, -3),
            (4, 0),
            (3, 3),
            (0, 4),
            (-3, 3),
            (-4, 0),
            (-3, -3),
            (0, -4),
        ],
        1 => &[(0, -5), (5, 4), (-5, 4), (0, -5)],
        2 => &[(-4, -4), (4, -4), (4, 4), (-4, 4), (-4, -4)],
        _ => &[(-4, -4), (4, 4), (0, 0), (4, -4), (-4, 4)],
    };
    let path = shape
        .iter()
        .map(|&(dx, dy)| (at.0 + dx, at.1 + dy))
        .collect::<Vec<_>>();
    PathElement::new(path, color.stroke_width(2))
}
