//! The chart component: the chart's SVG, hover targets laid over each data
//! point, the values as a table for screen readers and keyboards, and an
//! SVG download.

use crate::chart::{Chart, Hover, esc, format_value, render};
use crate::ui::dom;
use crate::ui::theme::Theme;
use std::rc::Rc;
use wasm_bindgen::JsCast;
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
    // The data point under the pointer, by its index in `rendered.hovers`.
    let tip = use_state(|| None::<usize>);
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
    // The drawing, the hover targets and the table are markup strings (far
    // less wasm than the same elements in `html!`); the chart area finds
    // the target under the pointer by its `data-i`. The SVG is generated
    // from numbers and labels the book chose, and every text is escaped.
    let targets: String = r
        .hovers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            format!(
                r#"<circle cx="{}" cy="{}" r="7" data-i="{i}"><title>{}</title></circle>"#,
                h.px,
                h.py,
                esc(&describe(h))
            )
        })
        .collect();
    let area = format!(
        r#"<div class="plot" role="img" aria-label="{}">{}</div><svg class="overlay" viewBox="0 0 {w} {h}" preserveAspectRatio="xMidYMid meet" aria-hidden="true">{targets}</svg>"#,
        esc(&format!("Chart: {}", chart.title)),
        r.svg
    );
    let target = |e: &MouseEvent| -> Option<usize> {
        let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
        el.closest("circle[data-i]")
            .ok()??
            .get_attribute("data-i")?
            .parse()
            .ok()
    };
    let over = {
        let tip = tip.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = target(&e) {
                tip.set(Some(i));
            }
        })
    };
    let out = {
        let tip = tip.clone();
        Callback::from(move |e: MouseEvent| {
            if target(&e).is_some() {
                tip.set(None);
            }
        })
    };
    let tooltip = tip.and_then(|i| r.hovers.get(i)).map(|p| {
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
    let rows: String = r
        .hovers
        .iter()
        .map(|h| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&name(h)),
                format_value(h.x),
                format_value(h.y)
            )
        })
        .collect();
    let table = format!(
        "<summary>Values as a table</summary><table><thead><tr><th>series</th><th>{}</th><th>{}</th></tr></thead><tbody>{rows}</tbody></table>",
        esc(&chart.x_label),
        esc(&chart.y_label)
    );
    html! {
        <div class="chart">
            <div class="chart-area" onmouseover={over} onmouseout={out}>
                { Html::from_html_unchecked(AttrValue::from(area)) }
                { for tooltip }
            </div>
            <div class="chart-tools">
                <button type="button" onclick={download}>{"Download SVG"}</button>
                <details>{ Html::from_html_unchecked(AttrValue::from(table)) }</details>
            </div>
        </div>
    }
}
