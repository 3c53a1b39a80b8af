//! The view of `netsim`: the recording handed to the network animator
//! (`ui::netview`), or why the run cannot be shown.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::ui::parts::standard::standard;
use crate::book::figures::netsim::{Netsim, NetsimSettings, SimRun};
use crate::ui::films::FilmKeeper;
use crate::ui::spill::DiskNote;
use crate::ui::netview::{LivePicture, NetAnimator};
use crate::ui::parts::report::{refused, settings};
use yew::prelude::*;

impl FigureView for Netsim {
    fn view(props: &FigureProps, ctx: &Ctx<SimRun>, _: &NetsimSettings, _: &Shared) -> Html {
        // Films worth keeping are looked for, and kept, in the browser's
        // storage (in this module, which runs the simulations).
        crate::ui::films::install();
        // Long runs are simulated in a worker while the page plays them.
        crate::ui::film_worker::install();
        standard(props, ctx, settings(props, ctx), "the simulation", |run| match &**run {
            SimRun::Refused(why) => refused(why),
            SimRun::Live(l) => html! {
                <LivePicture view={l.view.clone()} layout={l.layout.clone()} messages={l.messages} />
            },
            SimRun::Ready(r) => html! {
                <>
                    if let (Some(f), false) = (&r.forecast, r.film.is_complete()) {
                        <p class="forecast" role="note">{f.clone()}</p>
                    }
                    <NetAnimator id={props.id.clone()} film={r.film.clone()} layout={r.layout.clone()}
                        player={ctx.player.clone()} />
                    if let Some(s) = &r.seeks {
                        <p class="seek-note" role="note">{s.clone()}</p>
                    }
                    // A finished film's keeper shows the note itself, so
                    // that it follows the film being kept.
                    if r.film.is_complete() {
                        <FilmKeeper film={r.film.clone()} shelved={r.shelved.clone()} />
                    } else {
                        <DiskNote film={r.film.clone()} used={r.film.disk_use()} />
                    }
                </>
            },
        })
    }
}
