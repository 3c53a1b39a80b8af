//! The selected row: its schedule phase by phase (the figure's player), the
//! phase as a picture (the same SVG the export writes) and as a list, one
//! entry edited by hand, the exports, the animator and the timeline.

use super::animate::LabAnimator;
use super::timeline::TimelineImport;
use crate::book::figures::lab::{LabOut, LabSettings};
use crate::book::lab::compare::Table;
use crate::book::lab::export::{phase_svg, phase_table, schedule_csv, schedule_json};
use crate::book::lab::matrix::{LINK_MAX_CHARS, csv, json, link_form};
use crate::book::route::Route;
use crate::core::schedule::Schedule;
use crate::core::words::plural_s;
use crate::ui::dom::download;
use crate::ui::figures::host::{Ctx, FigureProps};
use crate::ui::parts::copy_link::CopyLink;
use crate::ui::parts::report::refused;
use crate::ui::player::controls;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Largest matrix drawn as a picture on the page (a cell per message).
pub const PICTURE_MAX_N: usize = 128;
/// Transfers listed per phase.
const LISTED: usize = 48;

/// The selected schedule, or why there is none.
pub fn view(
    props: &FigureProps,
    ctx: &Ctx<LabOut>,
    s: &LabSettings,
    t: &Table,
    set_com: &Callback<String>,
) -> Html {
    let edit =
        html! { <CellEdit id={props.id.clone()} com={t.com.clone()} set_com={set_com.clone()} /> };
    let matrix_exports = exports_matrix(t, s.com.trim().is_empty().then_some(set_com));
    let Some(sel) = &t.selected else {
        return html! { <>{edit}{matrix_exports}</> };
    };
    let fallback = t
        .fallback
        .as_ref()
        .map(|why| html! { <p class="notices" role="status">{why.clone()}</p> });
    let label = sel.candidate.label;
    let schedule = match &sel.schedule {
        Ok(s) => s.clone(),
        Err(why) => {
            return html! { <>{refused(&format!("{label}: {why}"))}{edit}{matrix_exports}</> };
        }
    };
    let k = ctx.pos;
    let phase = k.checked_sub(1).and_then(|i| schedule.phases.get(i));
    let caption = match phase {
        None => format!(
            "{label}: {} for {}; step through them with → (or the buttons)",
            plural_s(schedule.len(), "phase"),
            plural_s(t.com.len(), "message")
        ),
        Some(ts) => format!(
            "{label}, phase {k} of {}: {}; τ + Mφ prices it at {:.0} µs",
            schedule.len(),
            plural_s(ts.len(), "transfer"),
            t.pricing.cost.transfers_us(ts)
        ),
    };
    let picture = if t.com.n() <= PICTURE_MAX_N {
        let svg = phase_svg(&t.com, &schedule, label, k);
        html! { <div class="lab-picture" role="img" aria-label={caption.clone()}>{Html::from_html_unchecked(AttrValue::from(svg))}</div> }
    } else {
        html! { <p class="lab-note">{format!("The picture is drawn up to {PICTURE_MAX_N} processors; export it as SVG below.")}</p> }
    };
    let list = phase.map(|ts| {
        let more = ts.len().saturating_sub(LISTED);
        html! {
            <p class="pairs lab-transfers" tabindex="0">
                { for ts.iter().take(LISTED).map(|t| html! { <span>{format!("{}→{} {} B{} ", t.src, t.dst, t.bytes, if t.offset > 0 { format!(" at {}", t.offset) } else { String::new() })}</span> }) }
                if more > 0 { <span>{format!("… and {more} more")}</span> }
            </p>
        }
    });
    let exports = exports_schedule(t, sel, &schedule, k);
    html! {
        <section class="lab-selected" aria-label={format!("the {label} schedule")}>
            <@{crate::ui::parts::frame::inner_heading()}>{format!("{label}, phase by phase")}</@>
            {fallback}
            {picture}
            {list}
            { controls(&ctx.player, &caption, "phase") }
            {exports}
            {edit}
            {matrix_exports}
            <LabAnimator key={sel.candidate.name} id={props.id.clone()} com={t.com.clone()} schedule={schedule.clone()}
                candidate={sel.candidate} net={t.net} seed={t.seed} />
            <TimelineImport id={props.id.clone()} schedule={schedule} algo={sel.candidate.name}
                n={t.com.n()} pricing={t.pricing} />
        </section>
    }
}

fn button(
    label: &'static str,
    class: &'static str,
    file: String,
    mime: &'static str,
    make: impl Fn() -> String + 'static,
) -> Html {
    let onclick = Callback::from(move |_: MouseEvent| download(&file, mime, &make()));
    html! { <button type="button" class={class} {onclick}>{label}</button> }
}

/// The matrix's exports; for a generated matrix (`to_editor`), a button
/// that makes it the reader's own, to edit.
fn exports_matrix(t: &Table, to_editor: Option<&Callback<String>>) -> Html {
    let (a, b, c) = (t.com.clone(), t.com.clone(), t.com.clone());
    // Each entry takes a character and a separator at least: a matrix that
    // cannot fit a link is not written out on every render to find out.
    let n = t.com.n();
    let link = (2 * n * n <= LINK_MAX_CHARS + 1)
        .then(|| link_form(&c))
        .filter(|l| l.len() <= LINK_MAX_CHARS)
        .map(|form| {
            let query = vec![("lab.com".to_string(), form)];
            Route::Chapter {
                slug: "lab".into(),
                query,
            }
            .to_hash()
        });
    let own = to_editor.map(|set| {
        let (set, com) = (set.clone(), t.com.clone());
        let onclick = Callback::from(move |_: MouseEvent| set.emit(link_form(&com)));
        html! { <button type="button" class="lab-to-editor" {onclick}>{"Put it in the editor"}</button> }
    });
    html! {
        <div class="lab-exports" role="group" aria-label="export the matrix">
            <span>{"Matrix: "}</span>
            { button("CSV", "lab-export-com-csv", "matrix.csv".into(), "text/csv", move || csv(&a)) }
            { button("JSON (the CLI's)", "lab-export-com-json", "matrix.json".into(), "application/json", move || json(&b)) }
            { own.unwrap_or_default() }
            if let Some(hash) = link {
                <CopyLink {hash} what="this matrix in the lab" />
            }
        </div>
    }
}

fn exports_schedule(
    t: &Table,
    sel: &crate::book::lab::compare::Selected,
    schedule: &Rc<Schedule>,
    k: usize,
) -> Html {
    let name = sel.candidate.name;
    let (com, pricing) = (t.com.clone(), t.pricing);
    let (s1, s2, s3, s4) = (
        schedule.clone(),
        schedule.clone(),
        schedule.clone(),
        schedule.clone(),
    );
    let (sel1, com2) = (sel.clone(), com.clone());
    let label = sel.candidate.label;
    html! {
        <div class="lab-exports" role="group" aria-label="export the schedule">
            <span>{format!("{label}: ")}</span>
            { button("schedule JSON (the CLI's)", "lab-export-json", format!("schedule-{name}.json"), "application/json",
                move || schedule_json(&com, &sel1, &s1, pricing)) }
            { button("transfers CSV", "lab-export-csv", format!("schedule-{name}.csv"), "text/csv", move || schedule_csv(&s2)) }
            { button("phase table (CPT) CSV", "lab-export-cpt", format!("phase-table-{name}.csv"), "text/csv", move || phase_table(&s3)) }
            { button("this phase as SVG", "lab-export-svg", format!("{name}-phase-{k}.svg"), "image/svg+xml",
                move || phase_svg(&com2, &s4, label, k)) }
        </div>
    }
}

/// Props of [`CellEdit`].
#[derive(Properties)]
pub struct CellProps {
    pub id: AttrValue,
    pub com: Rc<crate::core::com::Com>,
    pub set_com: Callback<String>,
}

impl PartialEq for CellProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.com, &o.com) && self.id == o.id
    }
}

/// One entry set by hand: row, column, bytes.
#[component]
pub fn CellEdit(props: &CellProps) -> Html {
    let (row, col, bytes) = (use_node_ref(), use_node_ref(), use_node_ref());
    let said = use_state(|| None::<String>);
    let onclick = {
        let (row, col, bytes, said) = (row.clone(), col.clone(), bytes.clone(), said.clone());
        let (com, set_com) = (props.com.clone(), props.set_com.clone());
        Callback::from(move |_: MouseEvent| {
            let num = |r: &NodeRef| {
                r.cast::<HtmlInputElement>()
                    .map(|i| i.value())
                    .unwrap_or_default()
            };
            let n = com.n();
            let parse = |what: &str, text: String, max: u64| -> Result<u64, String> {
                text.trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|v| *v <= max)
                    .ok_or_else(|| {
                        format!(
                            "{what} must be a whole number from 0 to {max} (got '{}')",
                            text.trim()
                        )
                    })
            };
            let result = (|| {
                let i = parse("the row", num(&row), n as u64 - 1)? as usize;
                let j = parse("the column", num(&col), n as u64 - 1)? as usize;
                let b = parse("the size", num(&bytes), crate::core::com::MAX_BYTES)?;
                com.with_entry(i, j, b)
                    .map_err(|e| e.to_string())
                    .map(|c| (i, j, b, c))
            })();
            match result {
                Ok((i, j, b, c)) => {
                    set_com.emit(link_form(&c));
                    said.set(Some(format!("Entry ({i}, {j}) is now {b} bytes.")));
                }
                Err(why) => said.set(Some(why)),
            }
        })
    };
    let id = |s: &str| format!("{}-cell-{s}", props.id);
    html! {
        <div class="lab-cell" role="group" aria-label="edit one entry">
            <span>{"Edit one entry: "}</span>
            <label for={id("row")}>{"row "}</label><input id={id("row")} ref={row} type="number" min="0" class="lab-cell-row" />
            <label for={id("col")}>{" column "}</label><input id={id("col")} ref={col} type="number" min="0" class="lab-cell-col" />
            <label for={id("bytes")}>{" bytes "}</label><input id={id("bytes")} ref={bytes} type="number" min="0" class="lab-cell-bytes" />
            <button type="button" class="lab-cell-set" {onclick}>{"Set"}</button>
            <span aria-live="polite" class="lab-cell-said">{(*said).clone().unwrap_or_default()}</span>
        </div>
    }
}
