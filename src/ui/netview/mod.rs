//! The network animator: a recorded simulation played cycle by cycle on a
//! drawing of its mesh or fat tree, with the figures of whatever node or
//! link the reader picks, and the shared step player.
//!
//! [`NetAnimator`] draws what the core recorded: the [`SimView`] at the
//! player's cycle (replaying the timeline's events, one cycle at a time
//! while playing forward) on the network's [`Layout`], once per cycle
//! shown. The player ticks at most 60 times a second and moves several
//! cycles per tick at higher speeds, so playback never asks for more than
//! 60 frames a second. Each draw's time is left in the canvas's
//! `data-draw-ms` attribute for the benchmarks.
//!
//! A node or link is picked by clicking the canvas or, from the keyboard,
//! from two lists ([`picker`]). Only the controls are Yew elements: the
//! legend and the figures are one HTML string, which costs far less code
//! (the site's size budget is tight).

mod draw;
mod panel;
mod picker;

use crate::core::net::layout::{Layout, Pick};
use crate::core::sim::{self, SimView, Timeline};
use crate::core::trace::Replay;
use crate::ui::dom;
use crate::ui::player::{Controls, PlayerHandle};
use crate::ui::theme::Theme;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

/// Largest side of the canvas in backing pixels.
const MAX_BACKING: f64 = 4096.0;
/// Widest the picture is drawn at zoom 1, in CSS pixels.
const FIT_CSS: f64 = 560.0;
/// Most CSS pixels per layout unit at zoom 1 (small meshes stay small).
const MAX_UNIT_CSS: f64 = 90.0;

/// Props of [`NetAnimator`].
#[derive(Properties, Clone)]
pub struct NetAnimatorProps {
    /// The figure's id (prefix of the lists' DOM ids).
    pub id: AttrValue,
    pub timeline: Rc<Timeline>,
    pub layout: Rc<Layout>,
    /// Messages the run delivered.
    pub delivered: usize,
    pub player: PlayerHandle,
}

impl PartialEq for NetAnimatorProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.timeline, &o.timeline) && (&self.player, &self.id) == (&o.player, &o.id)
    }
}

/// What a paint needs; the animation loop reads the latest one.
#[derive(Clone)]
struct Scene {
    layout: Rc<Layout>,
    view: Rc<SimView>,
    busiest: u64,
    selected: Option<Pick>,
    zoom: u32,
    theme: Theme,
}

/// CSS pixels per layout unit at zoom `z`.
fn unit_css(layout: &Layout, z: u32) -> f64 {
    (FIT_CSS / layout.width.max(layout.height)).min(MAX_UNIT_CSS) * z as f64
}

fn paint(canvas: &HtmlCanvasElement, s: &Scene) {
    let t0 = dom::now_ms();
    let css = unit_css(&s.layout, s.zoom);
    let ratio = dom::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    let longest = s.layout.width.max(s.layout.height) * css;
    let dpr = ratio.min(MAX_BACKING / longest.max(1.0));
    let scale = css * dpr;
    let (w, h) = (
        (s.layout.width * scale).ceil(),
        (s.layout.height * scale).ceil(),
    );
    if canvas.width() != w as u32 || canvas.height() != h as u32 {
        canvas.set_width(w as u32);
        canvas.set_height(h as u32);
    }
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let frame = draw::Frame {
        layout: &s.layout,
        view: &s.view,
        busiest: s.busiest,
        selected: s.selected,
        scale,
        dpr,
        theme: s.theme,
    };
    draw::draw(&ctx, &frame, w, h);
    let _ = canvas.set_attribute("data-draw-ms", &format!("{:.2}", dom::now_ms() - t0));
}

/// The animator.
#[component]
pub fn NetAnimator(props: &NetAnimatorProps) -> Html {
    let theme = use_context::<Theme>().unwrap_or(Theme::Light);
    let tl = &props.timeline;
    let pos = props.player.pos;
    let canvas = use_node_ref();
    let scene = use_mut_ref(|| None::<Scene>);
    let picked = use_state_eq(|| None::<Pick>);
    let zoom = use_state_eq(|| 1u32);
    // The state at `pos`: one cycle forward applies that cycle's events to
    // the state on screen; any other move seeks from a keyframe.
    let view = match scene.borrow().as_ref() {
        Some(old) if !Rc::ptr_eq(&old.layout, &props.layout) => Rc::new(tl.state_at(pos)),
        Some(old) if old.view.cycle as usize == pos => old.view.clone(),
        Some(old) if old.view.cycle as usize + 1 == pos => {
            let mut v = (*old.view).clone();
            for e in tl.events(pos) {
                v.apply(e);
            }
            Rc::new(v)
        }
        _ => Rc::new(tl.state_at(pos)),
    };
    {
        let mut s = scene.borrow_mut();
        *s = Some(Scene {
            layout: props.layout.clone(),
            view: view.clone(),
            busiest: tl.busiest_link(),
            selected: *picked,
            zoom: *zoom,
            theme,
        });
    }
    {
        let (canvas, scene) = (canvas.clone(), scene.clone());
        // The state's address stands for the cycle (comparing states would
        // cost a deep comparison every render).
        let key = (Rc::as_ptr(&view) as usize, *picked, *zoom, theme);
        use_effect_with(key, move |_| {
            if let (Some(el), Some(s)) = (canvas.cast::<HtmlCanvasElement>(), &*scene.borrow()) {
                paint(&el, s);
            }
        });
    }
    let s = scene.borrow().clone().expect("the scene was just set");
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |p: Option<Pick>| picked.set(p))
    };
    let onclick = {
        let (canvas, layout, cb) = (canvas.clone(), props.layout.clone(), on_pick.clone());
        Callback::from(move |e: MouseEvent| {
            if let Some(el) = canvas.cast::<HtmlCanvasElement>() {
                let r = el.get_bounding_client_rect();
                let per_unit = r.width() / layout.width;
                if per_unit > 0.0 {
                    let x = (e.client_x() as f64 - r.left()) / per_unit;
                    let y = (e.client_y() as f64 - r.top()) / per_unit;
                    cb.emit(layout.pick(x, y, 8.0 / per_unit));
                }
            }
        })
    };
    let zoom_to = |z: u32| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set(z))
    };
    let seek = |to: usize| {
        let cb = props.player.seek.clone();
        Callback::from(move |_: MouseEvent| cb.emit(to))
    };
    let z = s.zoom;
    let css = unit_css(&s.layout, z);
    let style = format!(
        "width:{:.0}px{}",
        s.layout.width * css,
        if z == 1 { ";max-width:100%" } else { "" }
    );
    let label = format!(
        "{} at cycle {pos} of {}: {} of {} messages delivered.",
        tl.fabric().spec().name(),
        tl.cycles(),
        view.delivered_messages,
        props.delivered
    );
    let side = panel::html(tl, &s, props.delivered);
    html! {
        <>
            <div class="matrix-wrap">
                <div class="netview">
                    <canvas ref={canvas} role="img" aria-label={label} {style} {onclick}></canvas>
                </div>
                <div class="matrix-side">
                    <div class="zoom" role="group" aria-label="zoom">
                        <button type="button" onclick={zoom_to((z / 2).max(1))} disabled={z <= 1}>{"zoom −"}</button>
                        <button type="button" onclick={zoom_to((z * 2).min(8))} disabled={z >= 8}>{"zoom +"}</button>
                        <button type="button" onclick={seek(tl.prev_phase(pos))} disabled={pos == 0}>{"◀ phase"}</button>
                        <button type="button" onclick={seek(tl.next_phase(pos))} disabled={pos >= tl.cycles()}>{"phase ▶"}</button>
                    </div>
                    { picker::lists(&props.id, tl, &s.layout, s.selected, &on_pick) }
                    { Html::from_html_unchecked(AttrValue::from(side)) }
                </div>
            </div>
            <Controls player={props.player.clone()} caption={sim::caption(tl, pos)} unit="cycle" />
        </>
    }
}
