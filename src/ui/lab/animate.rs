//! The selected schedule on the network: started with the row for a small
//! schedule, on request for a large one (seconds of simulation), simulated
//! in slices with a live picture, then played and sought with chapter 10's
//! animator and its own player.

use crate::book::figures::netsim::SimRun;
use crate::book::lab::animate::animate;
use crate::book::lab::compare::Candidate;
use crate::core::com::Com;
use crate::core::net::TopologySpec;
use crate::core::schedule::Schedule;
use crate::ui::job::{JobState, job_progress, use_job};
use crate::ui::netview::{LivePicture, NetAnimator};
use crate::ui::parts::report::refused;
use crate::ui::player::use_growing_player;
use std::rc::Rc;
use yew::prelude::*;

/// Schedules of at most this many transfers are animated as soon as their
/// row is selected.
pub const AUTO_TRANSFERS: usize = 2_000;

/// Props of [`LabAnimator`].
#[derive(Properties, Clone)]
pub struct AnimProps {
    pub id: AttrValue,
    pub com: Rc<Com>,
    pub schedule: Rc<Schedule>,
    pub candidate: Candidate,
    pub net: Option<TopologySpec>,
    pub seed: u64,
}

impl PartialEq for AnimProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.schedule, &o.schedule)
            && Rc::ptr_eq(&self.com, &o.com)
            && (self.candidate, self.net, self.seed, &self.id)
                == (o.candidate, o.net, o.seed, &o.id)
    }
}

/// A button, then the animator once asked for.
#[component]
pub fn LabAnimator(props: &AnimProps) -> Html {
    // A small run opens at once with the row; a large one (seconds of
    // simulation) waits to be asked for.
    let on =
        use_state(|| props.schedule.phases.iter().map(Vec::len).sum::<usize>() <= AUTO_TRANSFERS);
    let Some(spec) = props.net else {
        return html! { <p class="lab-note">{"Simulation is off (the setting \u{201c}simulated on\u{201d})."}</p> };
    };
    if !*on {
        let onclick = {
            let on = on.clone();
            Callback::from(move |_: MouseEvent| on.set(true))
        };
        return html! {
            <p><button type="button" class="lab-watch" {onclick}>{format!("Watch {} on the network", props.candidate.label)}</button></p>
        };
    }
    let _ = spec;
    html! { <LabFilm ..props.clone() /> }
}

/// The run and its player.
#[component]
fn LabFilm(props: &AnimProps) -> Html {
    let p = props.clone();
    let key = (
        props.candidate.name,
        props.com.fingerprint(),
        props.schedule.len(),
        props.net,
        props.seed,
    );
    // Long runs are simulated in a worker while the page plays them.
    crate::ui::film_worker::install();
    let job = use_job(key, None, move |_| {
        let spec = p.net.unwrap_or(TopologySpec::FatTree { procs: p.com.n() });
        Box::new(animate(&p.candidate, &p.com, &p.schedule, spec, p.seed))
    });
    let cycles = |r: &SimRun| match r {
        SimRun::Ready(r) => r.film.cycles(),
        _ => 0,
    };
    // A run watched while it is simulated plays as it grows.
    let (len, growing) = match &job.state {
        JobState::Done(r) => (cycles(r), false),
        JobState::Running {
            preview: Some(r), ..
        } => (cycles(r), true),
        _ => (0, false),
    };
    let pos = use_state(|| 0usize);
    let on_seek = {
        let pos = pos.clone();
        Callback::from(move |k: usize| pos.set(k))
    };
    let player = use_growing_player(len, (*pos).min(len), on_seek, growing);
    let id: AttrValue = format!("{}-net", props.id).into();
    let body = |r: &SimRun| match r {
        SimRun::Refused(why) => refused(why),
        SimRun::Live(l) => html! {
            <LivePicture view={l.view.clone()} layout={l.layout.clone()} messages={l.messages} />
        },
        SimRun::Ready(r) => html! {
            <NetAnimator id={id.clone()} film={r.film.clone()} layout={r.layout.clone()} player={player.clone()} />
        },
    };
    let inner = match &job.state {
        JobState::Running {
            progress,
            elapsed_ms,
            preview,
            workers,
        } => html! {
            <>
                { job_progress(&crate::ui::job::JobProgressProps {
                    progress: *progress,
                    elapsed_ms: *elapsed_ms,
                    cancel: job.cancel.clone(),
                    what: "the run on the network".into(),
                    workers: *workers,
                }) }
                { preview.as_ref().map(|r| body(r)).unwrap_or_default() }
            </>
        },
        JobState::Cancelled => html! { <p class="notices" role="status">{"Stopped."}</p> },
        // The same shape as while running, so the film that played while
        // it was simulated is kept (its zoom and picked link with it), not
        // mounted again, when the run ends.
        JobState::Done(r) => html! { <>{ Html::default() }{ body(r) }</> },
    };
    // Keys here step the network's player, not the figure's (the phases)
    // around it.
    let onkeydown = {
        let keys = player.onkeydown.clone();
        Callback::from(move |e: KeyboardEvent| {
            keys.emit(e.clone());
            e.stop_propagation();
        })
    };
    html! {
        <div class="lab-net" id={format!("widget-{id}")} {onkeydown}>
            <@{crate::ui::parts::frame::inner_heading()}>{format!("{} on the network, cycle by cycle", props.candidate.label)}</@>
            {inner}
        </div>
    }
}
