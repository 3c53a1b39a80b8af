//! The view of `cpt`: one processor's communication phase table, a row per
//! phase; choosing a row moves the player to that phase. Under the table,
//! the pieces of the message the processor sends in the phase, each with
//! the offset at which it lands.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::cpt::{Cpt, CptRun, CptSettings};
use crate::core::words::plural_s;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::report::refused;
use crate::ui::player::controls;
use yew::prelude::*;

impl FigureView for Cpt {
    fn view(props: &FigureProps, ctx: &Ctx<CptRun>, s: &CptSettings, _: &Shared) -> Html {
        let p = Cpt::processor(s);
        plain_figure(props, ctx, "the schedule", |r| view(ctx, r, p))
    }
}

/// A table entry: the value, or −1 for "no partner" as the paper prints it.
fn entry(v: Option<u64>) -> String {
    v.map_or("−1".into(), |x| x.to_string())
}

fn view(ctx: &Ctx<CptRun>, r: &CptRun, p: usize) -> Html {
    if let Err(why) = &r.schedule {
        return refused(why);
    }
    let rows = r.table(p);
    let k = ctx.pos;
    let body = rows.iter().enumerate().map(|(i, row)| {
        let seek = ctx.player.seek.clone();
        let open = Callback::from(move |_: MouseEvent| seek.emit(i + 1));
        let s = row.send;
        let rc = row.receive;
        html! {
            <tr class={(k == i + 1).then_some("marked")}>
                <th scope="row">
                    <button type="button" class="row-pick" onclick={open}
                        aria-label={format!("show phase {}", i + 1)}>{i + 1}</button>
                </th>
                <td>{entry(s.map(|s| s.0 as u64))}</td><td>{entry(s.map(|s| s.1))}</td><td>{entry(s.map(|s| s.2))}</td>
                <td>{entry(rc.map(|r| r.0 as u64))}</td><td>{entry(rc.map(|r| r.1))}</td><td>{entry(rc.map(|r| r.2))}</td>
            </tr>
        }
    });
    let caption = caption(r, p, k);
    html! {
        <>
            <div class="table-scroll">
                <table class="data">
                    <caption>{format!("CPT of processor {p} under {}: one row per phase (choose a phase to show it)", r.variant.title())}</caption>
                    <thead><tr>
                        <th scope="col">{"phase"}</th>
                        <th scope="col">{"s_partner"}</th><th scope="col">{"s_len"}</th><th scope="col">{"s_offset"}</th>
                        <th scope="col">{"r_partner"}</th><th scope="col">{"r_len"}</th><th scope="col">{"r_offset"}</th>
                    </tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
            { phase(r, p, k) }
            { controls(&ctx.player, &caption, "phase") }
        </>
    }
}

/// Every transfer of phase `k`, the processor's own in bold: the whole
/// phase the row describes one line of.
fn phase(r: &CptRun, p: usize, k: usize) -> Html {
    let Some(ts) = k.checked_sub(1).and_then(|i| r.schedule.as_ref().ok()?.phases.get(i)) else {
        return html! {};
    };
    html! {
        <div class="pairs" tabindex="0" aria-label={format!("phase {k}: every transfer")}>
            <strong>{format!("Phase {k}, every processor: ")}</strong>
            { for ts.iter().enumerate().map(|(i, t)| {
                let text = format!(
                    "{}{} → {}: {} B at {}",
                    if i > 0 { "; " } else { "" },
                    t.src, t.dst, t.bytes, t.offset
                );
                if t.src == p || t.dst == p {
                    html! { <strong>{text}</strong> }
                } else {
                    html! { <span>{text}</span> }
                }
            }) }
        </div>
    }
}

/// What processor `p` does in phase `k`, and where the pieces of its
/// message go.
fn caption(r: &CptRun, p: usize, k: usize) -> String {
    let rows = r.table(p);
    let Some(row) = k.checked_sub(1).and_then(|i| rows.get(i)) else {
        return format!(
            "Processor {p} takes part in {} phases. Choose a phase, or step through them.",
            rows.len()
        );
    };
    let send = match row.send {
        None => format!("In phase {k} processor {p} sends nothing"),
        Some((to, len, off)) => {
            let pieces = r.pieces(p, to);
            let total: u64 = pieces.iter().map(|x| x.2).sum();
            let list: Vec<String> = pieces
                .iter()
                .map(|&(ph, o, b)| format!("phase {}: bytes {o}–{}", ph + 1, o + b.max(1) - 1))
                .collect();
            let whole = if pieces.len() > 1 {
                format!(
                    "; the message of {} goes in {} pieces ({}), and each lands at its offset, so the receiver needs no copy to reassemble it",
                    plural_s(total as usize, "byte"),
                    pieces.len(),
                    list.join(", ")
                )
            } else {
                " (the whole message)".into()
            };
            format!(
                "In phase {k} processor {p} sends {} to {to} from offset {off}{whole}",
                plural_s(len as usize, "byte")
            )
        }
    };
    let receive = match row.receive {
        None => "and receives nothing.".into(),
        Some((from, len, off)) => format!(
            "and receives {} from {from}, stored from offset {off} of that message.",
            plural_s(len as usize, "byte")
        ),
    };
    format!("{send}, {receive}")
}
