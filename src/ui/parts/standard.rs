//! The frame every figure's view starts from: [`standard`] puts a figure's
//! settings row and, once its computation is done, its drawing inside the
//! frame, with the progress bar and Cancel while it runs and a "stopped"
//! note after a cancel; [`plain_figure`] does the same with a row of every
//! setting.

use crate::book::params::Notice;
use crate::core::step::Progress;
use crate::ui::figures::host::{Ctx, FigureProps, RunState};
use crate::ui::job::{JobProgressProps, job_progress};
use crate::ui::parts::frame::{self, FrameProps};
use crate::ui::parts::matrix_figure::settings_row;
use std::rc::Rc;
use yew::prelude::*;

/// The usual figure: its frame, the settings, then the computation's
/// progress, a "stopped" note after a cancel, or the finished view.
pub fn standard<T>(
    props: &FigureProps,
    ctx: &Ctx<T>,
    settings: Html,
    what: &'static str,
    view: impl FnOnce(&Rc<T>) -> Html,
) -> Html {
    let (body, running) = match &ctx.phase {
        RunState::Running {
            progress,
            elapsed_ms,
            preview,
            workers,
        } => (
            preview.as_ref().map(view),
            Some((*progress, *elapsed_ms, *workers)),
        ),
        RunState::Cancelled => (None, None),
        RunState::Done(out) => (Some(view(out)), None),
    };
    let common = Common {
        notices: ctx.notices.clone(),
        onkeydown: ctx.player.onkeydown.clone(),
        cancel: ctx.cancel.clone(),
        rerun: ctx.rerun.clone(),
    };
    framed(props, common, settings, what, body, running)
}

/// What [`framed`] needs of a figure's context, whatever its result type.
struct Common {
    notices: Vec<Notice>,
    onkeydown: Callback<KeyboardEvent>,
    cancel: Callback<()>,
    rerun: Callback<()>,
}

/// The body of [`standard`], compiled once for every figure.
fn framed(
    props: &FigureProps,
    c: Common,
    settings: Html,
    what: &'static str,
    body: Option<Html>,
    running: Option<(Progress, f64, usize)>,
) -> Html {
    let body = match (body, running) {
        // A preview under the progress bar while the work goes on.
        (Some(view), Some((progress, elapsed_ms, workers))) => html! {
            <>
                { job_progress(&JobProgressProps { progress, elapsed_ms, cancel: c.cancel, what: what.into(), workers }) }
                { view }
            </>
        },
        // The same shape as above, so a view shown under the progress bar
        // (a film that plays while it is simulated) is kept, not mounted
        // again, when the work is done.
        (Some(view), None) => html! { <>{ Html::default() }{ view }</> },
        (None, Some((progress, elapsed_ms, workers))) => html! {
            { job_progress(&JobProgressProps { progress, elapsed_ms, cancel: c.cancel, what: what.into(), workers }) }
        },
        (None, None) => {
            let again = c.rerun.reform(|_: MouseEvent| ());
            html! {
                <div class="job" role="status">
                    <span>{"Stopped before the end. Smaller settings finish sooner."}</span>
                    <button type="button" onclick={again}>{"Run again"}</button>
                </div>
            }
        }
    };
    frame::frame(&FrameProps {
        id: props.id.clone(),
        title: props.entry.title.into(),
        caption: props.caption.clone(),
        notices: c.notices,
        onkeydown: Some(c.onkeydown),
        children: html! { <>{ settings }{ body }</> },
    })
}

/// The usual figure without a matrix to edit: a row with every setting
/// (the catalogue's note under each), then `view` once the computation
/// (`what`) is done.
pub fn plain_figure<T>(
    props: &FigureProps,
    ctx: &Ctx<T>,
    what: &'static str,
    view: impl FnOnce(&Rc<T>) -> Html,
) -> Html {
    let settings = settings_row(props, &ctx.values, &ctx.set_values, &|k| {
        props.entry.note(k).into()
    });
    standard(props, ctx, settings, what, view)
}
