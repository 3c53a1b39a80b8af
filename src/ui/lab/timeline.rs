//! A measured timeline (`commbook-timeline/1`, what `commbook-mpi --json`
//! writes) beside the model: phase by phase, the measured span, the lab's
//! τ + Mφ for the same phase on the chosen machine and the runner's own
//! model, with what does not match the selected schedule said.

use crate::book::lab::compare::Pricing;
use crate::book::lab::timeline::Timeline;
use crate::core::schedule::Schedule;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Phases listed in the table (the totals cover every phase).
const LISTED: usize = 200;

/// Props of [`TimelineImport`].
#[derive(Properties)]
pub struct TimelineProps {
    pub id: AttrValue,
    pub schedule: Rc<Schedule>,
    pub algo: &'static str,
    pub n: usize,
    pub pricing: Pricing,
}

impl PartialEq for TimelineProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.schedule, &o.schedule)
            && (self.algo, self.n, self.pricing, &self.id) == (o.algo, o.n, o.pricing, &o.id)
    }
}

/// Paste or upload a timeline; its table beside the model.
#[component]
pub fn TimelineImport(props: &TimelineProps) -> Html {
    let text = use_state(String::new);
    let read = use_state(|| None::<Result<Timeline, String>>);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<HtmlTextAreaElement>() {
                text.set(t.value());
            }
        })
    };
    let onclick = {
        let (text, read) = (text.clone(), read.clone());
        Callback::from(move |_: MouseEvent| read.set(Some(Timeline::read(&text))))
    };
    let onchange = {
        let (text, read) = (text.clone(), read.clone());
        Callback::from(move |e: Event| {
            let Some(file) = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                .and_then(|i| i.files())
                .and_then(|f| f.get(0))
            else {
                return;
            };
            let (text, read) = (text.clone(), read.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let body = wasm_bindgen_futures::JsFuture::from(file.text())
                    .await
                    .ok()
                    .and_then(|v| v.as_string())
                    .unwrap_or_default();
                read.set(Some(Timeline::read(&body)));
                text.set(body);
            });
        })
    };
    let id = format!("{}-timeline", props.id);
    html! {
        <div class="lab-timeline">
            <@{crate::ui::parts::frame::inner_heading()}>{"A measured run beside the model"}</@>
            <label for={id.clone()}>{"Paste a timeline (JSON, schema commbook-timeline/1, e.g. commbook-mpi schedule --algo … --com FILE --json) or upload it"}</label>
            <textarea id={id} class="lab-timeline-text" rows="3" spellcheck="false" value={(*text).clone()} {oninput} />
            <div class="lab-buttons">
                <button type="button" class="lab-timeline-read" {onclick}>{"Compare with the model"}</button>
                <input type="file" accept=".json,application/json" {onchange} aria-label="upload a timeline" />
            </div>
            <div aria-live="polite">
                { match &*read {
                    None => html! {},
                    Some(Err(why)) => html! { <p class="notices lab-error" role="alert">{why.clone()}</p> },
                    Some(Ok(t)) => table(t, props),
                } }
            </div>
        </div>
    }
}

fn table(t: &Timeline, p: &TimelineProps) -> Html {
    let mismatches = t.mismatches(p.algo, p.n, p.schedule.len());
    let model = |k: usize| {
        p.schedule
            .phases
            .get(k)
            .map(|ph| p.pricing.cost.transfers_us(ph))
    };
    let model_total: f64 = (0..t.phases.len()).filter_map(model).sum();
    let rows = t.phases.iter().take(LISTED).enumerate().map(|(k, ph)| {
        html! {
            <tr>
                <th scope="row">{ph.number}</th>
                <td class="num">{format!("{:.1}", ph.measured_us)}</td>
                <td class="num">{model(k).map_or("—".into(), |m| format!("{m:.1}"))}</td>
                <td class="num">{ph.runner_model_us.map_or("—".into(), |m| format!("{m:.1}"))}</td>
                <td class="num">{ph.bytes}</td>
                <td class="num">{ph.last_rank}</td>
            </tr>
        }
    });
    html! {
        <>
            { for mismatches.iter().map(|m| html! { <p class="notices" role="status">{format!("Note: {m}; the phases are compared in order all the same.")}</p> }) }
            <p class="lab-timeline-total">{format!(
                "{} phases on {} ranks: measured {:.1} µs in all, the model {:.1} µs on {}{}.",
                t.phases.len(), t.ranks, t.total_us(), model_total, p.pricing.name,
                match t.verified { Some(true) => "; every byte was checked", Some(false) => "; the runner found wrong bytes", None => "" }
            )}</p>
            <div class="table-scroll">
                <table class="data lab-timeline-table">
                    <caption>{"Each phase: measured span (last end − first start over the ranks), τ + Mφ of the same phase here, the runner's own model, bytes sent, the rank that finished last"}</caption>
                    <thead><tr>
                        <th scope="col">{"phase"}</th><th scope="col">{"measured µs"}</th><th scope="col">{"model µs (here)"}</th>
                        <th scope="col">{"runner's model µs"}</th><th scope="col">{"bytes"}</th><th scope="col">{"last rank"}</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </>
    }
}
