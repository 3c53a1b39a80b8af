//! The network animator: a recorded simulation played cycle by cycle on a
//! drawing of its mesh or fat tree, with the figures of whatever node or
//! link the reader picks, and the shared step player.
//!
//! [`NetAnimator`] draws what the core recorded: the [`Frame`] at the
//! player's cycle, which the [`Film`] replays from its nearest checkpoint
//! (or, playing forward, from the cycle on screen), on the network's
//! [`Layout`], once per cycle shown. [`LivePicture`] draws the network
//! while a long run is still being simulated. Below the picture, the
//! busiest links of the run as a table ([`busiest`]). The player ticks at most 60 times a second and moves several
//! cycles per tick at higher speeds, so playback never asks for more than
//! 60 frames a second. Each draw's time is left in the canvas's
//! `data-draw-ms` attribute for the benchmarks.
//!
//! A node or link is picked by clicking the canvas or, from the keyboard,
//! from two lists ([`picker`]). Only the controls are Yew elements: the
//! legend and the figures are one HTML string, which costs far less code
//! (the site's size budget is tight).

mod busiest;
mod draw;
mod panel;
mod picker;
mod pixels;

use crate::core::net::layout::{Layout, Pick};
use crate::core::sim::{Film, Frame, SimView};
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
    pub film: Rc<Film>,
    pub layout: Rc<Layout>,
    pub player: PlayerHandle,
}

impl PartialEq for NetAnimatorProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.film, &o.film) && (&self.player, &self.id) == (&o.player, &o.id)
    }
}

/// What a paint needs; the animation loop reads the latest one.
#[derive(Clone)]
struct Scene {
    layout: Rc<Layout>,
    frame: Rc<Frame>,
    busiest: u64,
    selected: Option<Pick>,
    zoom: u32,
    theme: Theme,
    /// Drawn as links only (see [`draw::is_overview`]).
    overview: bool,
    /// The message followed, and the channels its packets hold.
    follow: Option<(u32, Rc<Vec<u32>>)>,
    /// Groups of checkpoints read back from disk so far (for the tests
    /// and the benchmarks).
    disk_reads: u64,
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
        view: &s.frame.view,
        busiest: s.busiest,
        selected: s.selected,
        follow: s.follow.as_ref().map_or(&[][..], |(_, held)| &held[..]),
        scale,
        dpr,
        theme: s.theme,
    };
    draw::draw(&ctx, &frame, w, h);
    let _ = canvas.set_attribute("data-draw-ms", &format!("{:.2}", dom::now_ms() - t0));
    // For the benchmarks: the cycle drawn, and this module's memory.
    let _ = canvas.set_attribute("data-pos", &s.frame.pos.to_string());
    let _ = canvas.set_attribute("data-disk-reads", &s.disk_reads.to_string());
    let mem = wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|m| {
            m.buffer()
                .unchecked_into::<js_sys::ArrayBuffer>()
                .byte_length()
        })
        .unwrap_or(0);
    let _ = canvas.set_attribute("data-wasm-bytes", &mem.to_string());
    let worker = crate::ui::film_worker::worker_peak_bytes();
    let _ = canvas.set_attribute("data-worker-wasm-bytes", &worker.to_string());
}

/// The animator.
#[component]
pub fn NetAnimator(props: &NetAnimatorProps) -> Html {
    let theme = use_context::<Theme>().unwrap_or(Theme::Light);
    let tl = &props.film;
    let pos = props.player.pos;
    let canvas = use_node_ref();
    let scene = use_mut_ref(|| None::<Scene>);
    let picked = use_state_eq(|| None::<Pick>);
    let zoom = use_state_eq(|| 1u32);
    let skip_idle = use_state_eq(|| true);
    let follow = use_state_eq(|| None::<u32>);
    // The frame at `pos`: the film replays it (forward from the cycle on
    // screen when playing, from a checkpoint when seeking).
    // A seek that a checkpoint on disk would shorten keeps the picture
    // on screen until that checkpoint is read (a few ms), then renders
    // again.
    let reread = use_force_update();
    let frame = match scene.borrow().as_ref() {
        Some(old) if Rc::ptr_eq(&old.layout, &props.layout) && old.frame.pos == pos => {
            old.frame.clone()
        }
        Some(old)
            if Rc::ptr_eq(&old.layout, &props.layout)
                && crate::ui::spill::read_for(
                    tl,
                    pos,
                    Callback::from(move |()| reread.force_update()),
                ) =>
        {
            old.frame.clone()
        }
        _ => Rc::new(tl.frame(pos)),
    };
    {
        let mut s = scene.borrow_mut();
        *s = Some(Scene {
            layout: props.layout.clone(),
            frame: frame.clone(),
            busiest: tl.busiest_link(),
            selected: *picked,
            zoom: *zoom,
            theme,
            overview: unit_css(&props.layout, *zoom) < draw::OVERVIEW_BELOW_PX,
            follow: follow.map(|m| (m, Rc::new(frame.held_by(m)))),
            disk_reads: tl.disk_use().reads,
        });
    }
    {
        let (canvas, scene) = (canvas.clone(), scene.clone());
        // The frame's address stands for the cycle (comparing states would
        // cost a deep comparison every render).
        let key = (Rc::as_ptr(&frame) as usize, *picked, *zoom, theme, *follow);
        use_effect_with(key, move |_| {
            if let (Some(el), Some(s)) = (canvas.cast::<HtmlCanvasElement>(), &*scene.borrow()) {
                paint(&el, s);
            }
        });
    }
    // While playing, a cycle in which no flit moves is passed over to the
    // next one in which something does (the step count stays the cycle).
    {
        let (pass, film) = (props.player.pass.clone(), tl.clone());
        let idle = props.player.playing && *skip_idle && pos > 0 && tl.activity(pos) == 0;
        use_effect_with((pos, idle), move |&(pos, idle)| {
            if idle {
                pass.emit(film.next_active(pos));
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
    let toggle_idle = {
        let skip = skip_idle.clone();
        Callback::from(move |_: Event| skip.set(!*skip))
    };
    // Following: the message of the packet holding the picked link.
    let holder = match s.selected {
        Some(Pick::Link(l)) => frame
            .view
            .owner
            .get(l as usize)
            .and_then(|&p| frame.message_of(p)),
        _ => None,
    };
    let follow_button = match (*follow, holder) {
        (Some(m), _) => {
            let f = follow.clone();
            let stop = Callback::from(move |_: MouseEvent| f.set(None));
            html! { <button type="button" onclick={stop}>{format!("stop following {}", tl.pair(m))}</button> }
        }
        (None, Some(m)) => {
            let f = follow.clone();
            let start = Callback::from(move |_: MouseEvent| f.set(Some(m)));
            html! { <button type="button" onclick={start}>{format!("follow message {}", tl.pair(m))}</button> }
        }
        _ => html! {},
    };
    let z = s.zoom;
    let css = unit_css(&s.layout, z);
    let style = format!(
        "width:{:.0}px{}",
        s.layout.width * css,
        if z == 1 { ";max-width:100%" } else { "" }
    );
    let label = format!(
        "{} at cycle {pos} of {}{}: {} of {} messages delivered.",
        tl.fabric().spec().name(),
        tl.cycles(),
        if tl.is_complete() {
            ""
        } else {
            " simulated so far"
        },
        frame.view.delivered_messages,
        tl.messages()
    );
    let side = panel::html(tl, &s, tl.messages());
    let idle_id = format!("{}-skip-idle", props.id);
    html! {
        <>
            <div class="matrix-wrap">
                <div class="netview">
                    <canvas ref={canvas} role="img" aria-label={label} {style} {onclick}></canvas>
                </div>
                <div class="matrix-side">
                    <div class="zoom" role="group" aria-label="zoom and jumps">
                        <button type="button" onclick={zoom_to((z / 2).max(1))} disabled={z <= 1}>{"zoom −"}</button>
                        <button type="button" onclick={zoom_to((z * 2).min(8))} disabled={z >= 8}>{"zoom +"}</button>
                        <button type="button" onclick={seek(tl.prev_phase(pos))} disabled={pos == 0}>{"◀ phase"}</button>
                        <button type="button" onclick={seek(tl.next_phase(pos))} disabled={pos >= tl.cycles()}>{"phase ▶"}</button>
                        <button type="button" onclick={seek(tl.next_active(pos))} disabled={pos >= tl.cycles()}>{"next activity ▶"}</button>
                    </div>
                    <label class="check" for={idle_id.clone()}>
                        <input type="checkbox" id={idle_id} checked={*skip_idle} onchange={toggle_idle} />
                        {" skip idle cycles while playing"}
                    </label>
                    { follow_button }
                    <picker::Picker id={props.id.clone()} film={tl.clone()} layout={s.layout.clone()} selected={s.selected} on_pick={on_pick.clone()} />
                    { Html::from_html_unchecked(AttrValue::from(side)) }
                </div>
            </div>
            { busiest::table(tl, &frame, s.selected, &on_pick) }
            <Controls player={props.player.clone()} caption={tl.caption(&frame)} unit="cycle" />
        </>
    }
}

/// Props of [`LivePicture`].
#[derive(Properties, Clone)]
pub struct LiveProps {
    pub view: Rc<SimView>,
    pub layout: Rc<Layout>,
    /// Messages in the run.
    pub messages: usize,
}

impl PartialEq for LiveProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.view, &o.view)
    }
}

/// The network as the simulation stands, while it goes on: the first
/// picture of a long run, refreshed a few times a second until the player
/// opens.
#[component]
pub fn LivePicture(props: &LiveProps) -> Html {
    let theme = use_context::<Theme>().unwrap_or(Theme::Light);
    let canvas = use_node_ref();
    let v = &props.view;
    let busiest = v.load[..v.links].iter().copied().max().unwrap_or(0).max(1) as u64;
    {
        let (canvas, layout, view) = (canvas.clone(), props.layout.clone(), v.clone());
        use_effect_with((Rc::as_ptr(&view) as usize, theme), move |_| {
            if let Some(el) = canvas.cast::<HtmlCanvasElement>() {
                let frame = Rc::new(Frame::live((*view).clone()));
                let s = Scene {
                    layout,
                    frame,
                    busiest,
                    selected: None,
                    zoom: 1,
                    theme,
                    overview: false,
                    follow: None,
                    disk_reads: 0,
                };
                paint(&el, &s);
            }
        });
    }
    let css = unit_css(&props.layout, 1);
    let style = format!("width:{:.0}px;max-width:100%", props.layout.width * css);
    let text = format!(
        "Simulating: cycle {}, {} of {} messages delivered, {} flits delivered. The player opens when the run is complete.",
        v.cycle, v.delivered_messages, props.messages, v.delivered_flits
    );
    html! {
        <div class="live">
            <p class="live-caption" aria-live="polite">{text.clone()}</p>
            <div class="netview">
                <canvas ref={canvas} role="img" aria-label={text} {style}></canvas>
            </div>
        </div>
    }
}
