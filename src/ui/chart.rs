//! The chart component: the chart's SVG, hover targets laid over each data
//! point, the values as a table for screen readers and keyboards, and an
//! SVG download.

use crate::chart::{Chart, Hover, format_value, render};
use crate::ui::dom;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`ChartView`].
#[derive(Properties, PartialEq)]
pub struct ChartProps {
    pub chart: Rc<Chart>,
    /// File name offered for the SVG download.
    pub filename: AttrValue,
}

/// A chart.
#[component]
pub fn ChartView(props: &ChartProps) -> Html {
    let theme = use_context::<Theme>().unwrap_or(Theme::Light);
    let rendered = use_memo((props.chart.clone(), theme), |(c, t)| {
        render(c, &t.palette())
    });
    let tip = use_state(|| None::<Hover>);
    let r = &*rendered;
    let chart = &props.chart;
    let (w, h) = (chart.width as f64, chart.height as f64);
    let name = |h: &Hover| {
        chart
            .series
            .get(h.series)
            .map_or(String::new(), |s| s.name.clone())
    };
    let describe = |h: &Hover| {
        format!(
            "{}: {} = {}, {} = {}",
            name(h),
            chart.x_label,
            format_value(h.x),
            chart.y_label,
            format_value(h.y)
        )
    };
    let targets = r.hovers.iter().map(|h| {
        let (enter, leave) = {
            let (t1, t2, hv) = (tip.clone(), tip.clone(), h.clone());
            (Callback::from(move |_: MouseEvent| t1.set(Some(hv.clone()))), Callback::from(move |_: MouseEvent| t2.set(None)))
        };
        html! {
            <circle cx={h.px.to_string()} cy={h.py.to_string()} r="7" onmouseenter={enter} onmouseleave={leave}>
                <title>{describe(h)}</title>
            </circle>
        }
    });
    let tooltip = tip.as_ref().map(|p| {
        let style = format!(
            "left: {:.2}%; top: {:.2}%",
            p.px as f64 / w * 100.0,
            p.py as f64 / h * 100.0
        );
        html! { <div class="tooltip" style={style}>{describe(p)}</div> }
    });
    let download = {
        let (svg, name) = (r.svg.clone(), props.filename.to_string());
        Callback::from(move |_: MouseEvent| dom::download(&name, "image/svg+xml", &svg))
    };
    // The SVG is generated from numbers and labels the book
    // chose (text is escaped by `chart::svg`); nothing a reader typed reaches it.
    html! {
        <div class="chart">
            <div class="chart-area">
                <div class="plot" role="img" aria-label={format!("Chart: {}", chart.title)}>
                    { Html::from_html_unchecked(AttrValue::from(r.svg.clone())) }
                </div>
                <svg class="overlay" viewBox={format!("0 0 {w} {h}")} preserveAspectRatio="xMidYMid meet" aria-hidden="true">
                    { for targets }
                </svg>
                { for tooltip }
            </div>
            <div class="chart-tools">
                <button type="button" onclick={download}>{"Download SVG"}</button>
                <details>
                    <summary>{"Values as a table"}</summary>
                    <table>
                        <thead><tr><th>{"series"}</th><th>{chart.x_label.clone()}</th><th>{chart.y_label.clone()}</th></tr></thead>
                        <tbody>
                            { for r.hovers.iter().map(|h| html! {
                                <tr><td>{name(h)}</td><td>{format_value(h.x)}</td><td>{format_value(h.y)}</td></tr>
                            }) }
                        </tbody>
                    </table>
                </details>
            </div>
        </div>
    }
}
