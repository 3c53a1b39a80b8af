//! A matrix drawn on a canvas, one coloured cell per entry: a
//! communication matrix, CCOM, a link-load map. Rows × columns, any shape.
//!
//! The view takes a class per cell (message, delivered, in this phase, …) and
//! paints an RGBA buffer in one pass, so a 1024×1024 matrix draws as fast as
//! a 16×16 one; colours come from the theme's CSS variables, so the figure
//! follows the light/dark switch and the print stylesheet. Clicks and hovers
//! are mapped back to (row, column). A keyboard path to the same edits is
//! offered by the figures beside the canvas.

use crate::chart::esc;
use crate::ui::theme::Theme;
use std::rc::Rc;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

/// What a cell shows. The discriminant indexes [`CSS_VARS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    /// A message not yet sent.
    Msg = 1,
    /// A message already delivered.
    Done = 2,
    /// A message sent in the current step.
    Now = 3,
    /// A pair that meets in this step with nothing to send.
    Idle = 4,
    /// A message the reader added by hand.
    Edit = 5,
    /// The entry being examined right now.
    Probe = 6,
}

/// The CSS variable holding each cell class's colour.
pub const CSS_VARS: [&str; 7] = [
    "--cell-empty",
    "--cell-msg",
    "--cell-done",
    "--cell-now",
    "--cell-idle",
    "--cell-edit",
    "--cell-probe",
];

/// Largest drawn size of the canvas in CSS pixels.
const MAX_CSS_PX: usize = 480;

/// Props of [`MatrixView`].
#[derive(Properties, PartialEq)]
pub struct MatrixProps {
    pub rows: usize,
    pub cols: usize,
    /// rows·cols cell classes, row-major.
    pub cells: Rc<Vec<Cell>>,
    pub theme: Theme,
    /// Reported when a cell is clicked.
    #[prop_or_default]
    pub on_click: Option<Callback<(usize, usize)>>,
    /// Reported when the pointer moves over a cell (None when it leaves).
    #[prop_or_default]
    pub on_hover: Option<Callback<Option<(usize, usize)>>>,
    /// A text summary for screen readers.
    pub label: AttrValue,
}

/// Pixels per cell: the longer side fills about 480 px, at least 1 px a cell.
pub fn cell_px(rows: usize, cols: usize) -> usize {
    (MAX_CSS_PX / rows.max(cols).max(1)).max(1)
}

fn parse_hex(s: &str) -> [u8; 3] {
    let s = s.trim().trim_start_matches('#');
    let h = |i: usize| {
        s.get(i..i + 2)
            .and_then(|x| u8::from_str_radix(x, 16).ok())
            .unwrap_or(128)
    };
    if s.len() >= 6 {
        [h(0), h(2), h(4)]
    } else {
        [128, 128, 128]
    }
}

fn draw(canvas: &HtmlCanvasElement, rows: usize, cols: usize, cells: &[Cell]) {
    let c = cell_px(rows, cols);
    let (w, h) = (cols * c, rows * c);
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let Some(style) = web_sys::window().and_then(|w| w.get_computed_style(canvas).ok().flatten())
    else {
        return;
    };
    let Ok(Some(ctx)) = canvas.get_context("2d") else {
        return;
    };
    let Ok(ctx) = ctx.dyn_into::<CanvasRenderingContext2d>() else {
        return;
    };
    // The canvas reads any CSS colour (`#fff` after minification, a name,
    // `rgb(…)`) and gives it back as `#rrggbb`; one it cannot read leaves
    // the grey set first.
    let colour = |var: &str| {
        ctx.set_fill_style_str("#808080");
        ctx.set_fill_style_str(style.get_property_value(var).unwrap_or_default().trim());
        parse_hex(&ctx.fill_style().as_string().unwrap_or_default())
    };
    let palette: Vec<[u8; 3]> = CSS_VARS.iter().map(|v| colour(v)).collect();
    let grid = colour("--cell-grid");
    let lines = c >= 5;
    let mut buf = vec![255u8; w * h * 4];
    for y in 0..h {
        let (row, yin) = (y / c, y % c);
        for x in 0..w {
            let (col, xin) = (x / c, x % c);
            let rgb = if lines && (xin == 0 || yin == 0) {
                grid
            } else {
                palette[cells.get(row * cols + col).copied().unwrap_or(Cell::Empty) as usize]
            };
            let k = (y * w + x) * 4;
            buf[k..k + 3].copy_from_slice(&rgb);
        }
    }
    if let Ok(img) =
        web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(&buf), w as u32, h as u32)
    {
        let _ = ctx.put_image_data(&img, 0.0, 0.0);
    }
}

fn cell_at(
    canvas: &HtmlCanvasElement,
    rows: usize,
    cols: usize,
    e: &MouseEvent,
) -> Option<(usize, usize)> {
    let rect = canvas.get_bounding_client_rect();
    let (w, h) = (rect.width(), rect.height());
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    let x = (e.client_x() as f64 - rect.left()) / w;
    let y = (e.client_y() as f64 - rect.top()) / h;
    if !(0.0..1.0).contains(&x) || !(0.0..1.0).contains(&y) {
        return None;
    }
    Some(((y * rows as f64) as usize, (x * cols as f64) as usize))
}

/// The matrix canvas.
#[component]
pub fn MatrixView(props: &MatrixProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (props.rows, props.cols, props.cells.clone(), props.theme),
            move |(r, c, cells, _)| {
                if let Some(el) = canvas.cast::<HtmlCanvasElement>() {
                    draw(&el, *r, *c, cells);
                }
            },
        );
    }
    let (rows, cols) = (props.rows, props.cols);
    let onclick = props.on_click.clone().map(|cb| {
        let canvas = canvas.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(cell) = canvas
                .cast::<HtmlCanvasElement>()
                .and_then(|c| cell_at(&c, rows, cols, &e))
            {
                cb.emit(cell);
            }
        })
    });
    let onmousemove = props.on_hover.clone().map(|cb| {
        let canvas = canvas.clone();
        Callback::from(move |e: MouseEvent| {
            cb.emit(
                canvas
                    .cast::<HtmlCanvasElement>()
                    .and_then(|c| cell_at(&c, rows, cols, &e)),
            );
        })
    });
    let onmouseleave = props
        .on_hover
        .clone()
        .map(|cb| Callback::from(move |_: MouseEvent| cb.emit(None)));
    let css = (cols * cell_px(rows, cols)).min(MAX_CSS_PX);
    // Row numbers on the left, column numbers on top, so captions such as
    // "swap rows 11 and 8" can be found without counting cells.
    let top = Html::from_html_unchecked(AttrValue::from(ticks(cols, "left")));
    let left = Html::from_html_unchecked(AttrValue::from(ticks(rows, "top")));
    html! {
        <div class="matrix">
            <div class="mx-corner" aria-hidden="true"></div>
            <div class="mx-top" aria-hidden="true">{top}</div>
            <div class="mx-left" aria-hidden="true">{left}</div>
            <canvas ref={canvas} role="img" aria-label={props.label.clone()}
                style={format!("width: {css}px")} {onclick} {onmousemove} {onmouseleave}></canvas>
        </div>
    }
}

/// Index labels along one side of `count` cells: every s-th index, with s a
/// power of two chosen so that at most 16 labels show. `side` is the CSS
/// property that places them (`left` for columns, `top` for rows).
fn ticks(count: usize, side: &str) -> String {
    let mut step = 1;
    while count > 16 * step {
        step *= 2;
    }
    (0..count)
        .step_by(step)
        .map(|i| {
            format!(
                r#"<span style="{side}:{:.3}%">{i}</span>"#,
                (i as f64 + 0.5) * 100.0 / count as f64
            )
        })
        .collect()
}

/// Props of [`Legend`].
#[derive(Properties, PartialEq)]
pub struct LegendProps {
    pub items: Vec<(Cell, &'static str)>,
}

/// Swatches naming what each colour means.
#[component]
pub fn Legend(props: &LegendProps) -> Html {
    swatches(&props.items)
}

/// The legend's markup, for callers that need no component of their own
/// (written as a string: far less wasm than `html!` and a component).
pub fn swatches(items: &[(Cell, &str)]) -> Html {
    let class = |c: Cell| match c {
        Cell::Empty => "empty",
        Cell::Msg => "msg",
        Cell::Done => "done",
        Cell::Now => "now",
        Cell::Idle => "idle",
        Cell::Edit => "edit",
        Cell::Probe => "probe",
    };
    let li: String = items
        .iter()
        .map(|(c, text)| {
            format!(
                r#"<li><span class="swatch {}" aria-hidden="true"></span>{}</li>"#,
                class(*c),
                esc(text)
            )
        })
        .collect();
    Html::from_html_unchecked(AttrValue::from(format!(r#"<ul class="legend">{li}</ul>"#)))
}
