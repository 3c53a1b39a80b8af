//! The step player shared by every figure with a trace.
//!
//! [`use_player`] owns what is the player's own (playing or not, speed, the
//! timer) and leaves the position with the figure, which keeps it in the URL.
//! It returns a [`PlayerHandle`]: the figure attaches `onkeydown` to its
//! figure so the keys work wherever focus is inside the figure, and renders
//! [`Controls`] for the buttons, scrubber, speed and the caption, which is
//! read out by screen readers through an aria-live region. Stepping back is
//! as quick as forward because traces are precomputed.

mod frames;
mod icons;
pub mod keys;

use crate::ui::dom;
use frames::FrameLoop;
use keys::Action;
use yew::prelude::*;

/// Playback speeds, in steps per second. The fast ones are for long traces
/// such as a simulation's cycles: above 60 steps per second the player
/// still ticks at most 60 times a second and moves several steps per tick.
pub const SPEEDS: [f64; 10] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 240.0, 960.0];
const DEFAULT_SPEED: usize = 2;

/// The speed a figure whose steps are called `unit` starts playing at, if
/// not the player's own: a simulation's cycles are many and short, so its
/// recording starts at 60 cycles a second.
pub fn start_speed(unit: &str) -> Option<usize> {
    (unit == "cycle").then_some(7)
}

/// The timer's period in ms and the steps it moves per tick at `rate`
/// steps per second.
pub fn tick(rate: f64) -> (f64, usize) {
    let ms = (1000.0 / rate).max(1000.0 / 60.0);
    (ms, ((rate * ms / 1000.0).round() as usize).max(1))
}

/// What a figure holds of its player.
#[derive(Clone)]
pub struct PlayerHandle {
    pub len: usize,
    pub pos: usize,
    pub playing: bool,
    pub speed: usize,
    /// Whether the trace is still growing (a simulation watched while it
    /// runs): playing waits at its end instead of stopping.
    pub growing: bool,
    pub seek: Callback<usize>,
    /// Moves the position without pausing (a figure passing over what is
    /// not worth a frame, such as a simulation's idle cycles).
    pub pass: Callback<usize>,
    pub act: Callback<Action>,
    pub set_speed: Callback<usize>,
    /// Attach to the figure's figure: Space, ←/→, Home/End, PageUp/PageDown.
    pub onkeydown: Callback<KeyboardEvent>,
}

impl PartialEq for PlayerHandle {
    fn eq(&self, o: &Self) -> bool {
        (self.len, self.pos, self.playing, self.speed, self.growing)
            == (o.len, o.pos, o.playing, o.speed, o.growing)
    }
}

/// The latest values, for the timer and key callbacks created earlier.
struct Live {
    len: usize,
    pos: usize,
    growing: bool,
    on_seek: Callback<usize>,
}

/// Player state for a trace of `len` steps at position `pos`; `on_seek` moves
/// the figure's position.
#[hook]
pub fn use_player(len: usize, pos: usize, on_seek: Callback<usize>) -> PlayerHandle {
    use_growing_player(len, pos, on_seek, false)
}

/// [`use_player`] for a trace that may still be `growing`: playing waits
/// at its end for the next steps, and starts there rather than over.
#[hook]
pub fn use_growing_player(
    len: usize,
    pos: usize,
    on_seek: Callback<usize>,
    growing: bool,
) -> PlayerHandle {
    let playing = use_state_eq(|| false);
    let speed = use_state_eq(|| DEFAULT_SPEED);
    let live = use_mut_ref(|| Live {
        len,
        pos,
        growing,
        on_seek: on_seek.clone(),
    });
    *live.borrow_mut() = Live {
        len,
        pos,
        growing,
        on_seek: on_seek.clone(),
    };

    // Stop at the end, and when the trace shrinks under the cursor.
    if *playing && pos >= len && !growing {
        playing.set(false);
    }

    {
        let live = live.clone();
        let playing_handle = playing.clone();
        use_effect_with((*playing, *speed), move |&(on, speed)| {
            let timer = on.then(|| {
                let (ms, stride) = tick(SPEEDS[speed.min(SPEEDS.len() - 1)]);
                // Time since the last tick; a tick is due when a period
                // has passed (every frame at 60 steps a second and more).
                let (mut last, mut due) = (None::<f64>, 0.0);
                FrameLoop::new(move |t| {
                    due += last.map_or(0.0, |l| t - l);
                    last = Some(t);
                    if due + 1.0 < ms {
                        return;
                    }
                    due = (due - ms).clamp(0.0, ms);
                    let l = live.borrow();
                    if l.pos >= l.len {
                        // A growing trace's end is where playing waits.
                        if !l.growing {
                            playing_handle.set(false);
                        }
                    } else {
                        l.on_seek.emit((l.pos + stride).min(l.len));
                    }
                })
            });
            move || drop(timer)
        });
    }

    let act = {
        let live = live.clone();
        let playing = playing.clone();
        Callback::from(move |a: Action| {
            let l = live.borrow();
            match a {
                Action::TogglePlay => {
                    if *playing {
                        playing.set(false);
                    } else if l.len > 0 {
                        // Playing from the end starts over, as media players
                        // do (a growing trace's end waits for more instead).
                        if l.pos >= l.len && !l.growing {
                            l.on_seek.emit(0);
                        }
                        playing.set(true);
                    }
                }
                other => {
                    playing.set(false);
                    l.on_seek.emit(keys::target(other, l.pos, l.len));
                }
            }
        })
    };

    let onkeydown = {
        let act = act.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() || dom::is_typing_target(e.target()) {
                return;
            }
            let Some(a) = keys::action_for(&e.key()) else {
                return;
            };
            if a == Action::TogglePlay && dom::is_button_target(e.target()) {
                return; // Space already presses the focused button.
            }
            e.prevent_default();
            e.stop_propagation();
            act.emit(a);
        })
    };

    let seek = {
        let playing = playing.clone();
        let live = live.clone();
        Callback::from(move |p: usize| {
            playing.set(false);
            let l = live.borrow();
            l.on_seek.emit(p.min(l.len));
        })
    };
    let pass = {
        let live = live.clone();
        Callback::from(move |p: usize| {
            let l = live.borrow();
            l.on_seek.emit(p.min(l.len));
        })
    };
    let set_speed = {
        let speed = speed.clone();
        Callback::from(move |s: usize| speed.set(s.min(SPEEDS.len() - 1)))
    };

    PlayerHandle {
        len,
        pos,
        playing: *playing,
        speed: *speed,
        growing,
        seek,
        pass,
        act,
        set_speed,
        onkeydown,
    }
}

/// Props of the player's controls.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub player: PlayerHandle,
    /// The sentence describing the current step.
    pub caption: AttrValue,
    /// What one step is called ("step", "phase", "cycle").
    #[prop_or(AttrValue::Static("step"))]
    pub unit: AttrValue,
}

/// Buttons, scrubber, speed and caption.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    controls(&props.player, &props.caption, &props.unit)
}

/// The controls, for a figure that draws them itself rather than mounting
/// [`Controls`]: one component type less costs its own copy of Yew's
/// lifecycle code less in the wasm.
pub fn controls(p: &PlayerHandle, caption: &str, unit: &str) -> Html {
    let act = |a: Action| {
        let cb = p.act.clone();
        Callback::from(move |_: MouseEvent| cb.emit(a))
    };
    let on_scrub = {
        let seek = p.seek.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<usize>() {
                seek.emit(v);
            }
        })
    };
    let on_speed = {
        let set = p.set_speed.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = sel.value().parse::<usize>() {
                set.emit(v);
            }
        })
    };
    let at_start = p.pos == 0;
    let at_end = p.pos >= p.len;
    let so_far = if p.growing { " simulated so far" } else { "" };
    html! {
        <div class="player">
            <div class="player-buttons" role="toolbar" aria-label={format!("{unit} player")}>
                <button type="button" onclick={act(Action::First)} disabled={at_start}
                    aria-label="First step (Home)" title="First (Home)">{icons::first()}</button>
                <button type="button" onclick={act(Action::Prev)} disabled={at_start}
                    aria-label="Previous step (←)" title="Back (←)">{icons::prev()}</button>
                <button type="button" class="play" onclick={act(Action::TogglePlay)} disabled={p.len == 0}
                    aria-pressed={if p.playing { "true" } else { "false" }}
                    aria-label={if p.playing { "Pause (Space)" } else { "Play (Space)" }}
                    title="Play / pause (Space)">
                    { if p.playing { icons::pause() } else { icons::play() } }
                    { if p.playing { " Pause" } else { " Play" } }
                </button>
                <button type="button" onclick={act(Action::Next)} disabled={at_end}
                    aria-label="Next step (→)" title="Forward (→)">{icons::next()}</button>
                <button type="button" onclick={act(Action::Last)} disabled={at_end}
                    aria-label="Last step (End)" title="Last (End)">{icons::last()}</button>
                <span class="position" aria-hidden="true">{format!("{unit} {} / {}{so_far}", p.pos, p.len)}</span>
                <input class="scrubber" type="range" min="0" max={p.len.to_string()} value={p.pos.to_string()}
                    aria-label={format!("{unit} position")} aria-valuetext={format!("{unit} {} of {}{so_far}", p.pos, p.len)}
                    oninput={on_scrub} />
                <label class="speed">{"speed"}
                    <select onchange={on_speed} aria-label="playback speed">
                        { for SPEEDS.iter().enumerate().map(|(i, s)| html! {
                            <option value={i.to_string()} selected={i == p.speed}>{format!("{s}/s")}</option>
                        }) }
                    </select>
                </label>
            </div>
            <p class="caption" aria-live="polite" aria-atomic="true">{caption.to_string()}</p>
            <p class="hint">{"Keys while the figure has focus: Space play/pause, ← → step, PgUp/PgDn ten steps, Home/End first/last."}</p>
        </div>
    }
}
