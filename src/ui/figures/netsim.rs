//! The view of `netsim`: the recording handed to the network animator
//! (`ui::netview`), or why the run cannot be shown.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::ui::parts::standard::standard;
use crate::book::figures::netsim::{Netsim, NetsimSettings, SimRun};
use crate::ui::netview::NetAnimator;
use crate::ui::parts::report::{refused, settings};
use yew::prelude::*;

impl FigureView for Netsim {
    fn view(props: &FigureProps, ctx: &Ctx<SimRun>, _: &NetsimSettings, _: &Shared) -> Html {
        standard(props, ctx, settings(props, ctx), "the simulation", |run| match &run.0 {
            Err(why) => refused(why),
            Ok(r) => html! {
                <NetAnimator id={props.id.clone()} timeline={r.timeline.clone()} layout={r.layout.clone()}
                    delivered={r.delivered} player={ctx.player.clone()} />
            },
        })
    }
}
