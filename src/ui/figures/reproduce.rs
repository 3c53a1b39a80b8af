//! The view of `reproduce`: each recomputed table as a table of cells
//! (row, column, published, ours, difference, verdict), the reasons of the
//! explained cells numbered under it; the player walks the tables, and
//! each table's caption counts its verdicts.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::reproduce::{Reproduce, ReproduceSettings};
use crate::core::reproduce::{Cell, Table, Value, Verdict, fmt_num, summary_line};
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use yew::prelude::*;

impl FigureView for Reproduce {
    fn view(props: &FigureProps, ctx: &Ctx<Vec<Table>>, _: &ReproduceSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the tables", |t| view(ctx, t))
    }
}

fn value(v: &Value) -> String {
    match v {
        Value::Number(x) => fmt_num(*x),
        Value::Text(s) => s.clone(),
    }
}

fn difference(c: &Cell) -> String {
    match (c.difference(), c.ratio()) {
        (Some(d), Some(r)) => format!("{} (×{})", fmt_num(d), fmt_num(r)),
        (Some(d), None) => fmt_num(d),
        _ if c.published == c.ours => "same".into(),
        _ => "differs".into(),
    }
}

/// The verdict cell: a mark (hidden from screen readers, which read the
/// word) and the word, coloured; an explained cell points to its reason.
fn verdict(v: &Verdict, reason: Option<usize>) -> Html {
    let class = match v {
        Verdict::Matches | Verdict::Within => "verdict verdict-holds",
        Verdict::Explained(_) => "verdict verdict-explained",
        Verdict::Differs => "verdict verdict-differs",
    };
    let word = match reason {
        Some(k) => format!("{} [{k}]", v.word()),
        None => v.word().to_string(),
    };
    html! { <span class={class}><span aria-hidden="true">{v.mark()}{" "}</span>{word}</span> }
}

fn table_view(t: &Table, marked: bool) -> Html {
    let mut reasons: Vec<&str> = Vec::new();
    let mut label = "";
    let rows: Vec<Html> = t
        .rows
        .iter()
        .flat_map(|row| {
            if !row.label.is_empty() {
                label = &row.label;
            }
            let label = label.to_string();
            row.cells
                .iter()
                .map(|c| {
                    let reason = match &c.verdict {
                        Verdict::Explained(why) => Some(
                            reasons.iter().position(|r| *r == why).unwrap_or_else(|| {
                                reasons.push(why);
                                reasons.len() - 1
                            }) + 1,
                        ),
                        _ => None,
                    };
                    html! {
                        <tr>
                            <th scope="row">{label.clone()}</th>
                            <td class="text">{c.column.clone()}</td>
                            <td>{value(&c.published)}</td>
                            <td>{value(&c.ours)}</td>
                            <td>{difference(c)}</td>
                            <td class="text">{verdict(&c.verdict, reason)}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let [m, w, e, d] = t.counts();
    html! {
        <section class={classes!("repro-table", marked.then_some("marked"))} id={format!("table-{}", t.id)}>
            <h3>{format!("Paper {}, {}: {}", t.paper, t.name, t.title)}</h3>
            <p class="repro-method">
                <strong>{"Where: "}</strong>{t.source}{". "}
                <strong>{"Ours: "}</strong>{t.method.clone()}{". "}
                <strong>{"Tolerance: "}</strong>{t.tolerance.clone()}{"."}
            </p>
            <div class="table-scroll">
                <table class="data">
                    <caption>{format!("{} cells: {m} match, {w} within tolerance, {e} explained, {d} differ", m + w + e + d)}</caption>
                    <thead><tr>
                        <th scope="col">{"row"}</th><th scope="col">{"column"}</th>
                        <th scope="col">{"published"}</th><th scope="col">{"ours"}</th>
                        <th scope="col">{"ours − published (×)"}</th><th scope="col">{"verdict"}</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if !reasons.is_empty() {
                <ol class="repro-reasons">
                    { for reasons.iter().map(|r| html! { <li>{r.to_string()}</li> }) }
                </ol>
            }
        </section>
    }
}

fn view(ctx: &Ctx<Vec<Table>>, tables: &[Table]) -> Html {
    let k = ctx.pos.min(tables.len());
    let caption = match k.checked_sub(1).and_then(|i| tables.get(i)) {
        None => format!(
            "{} table{} to show; step forward to add them one by one. In all: {}.",
            tables.len(),
            if tables.len() == 1 { "" } else { "s" },
            summary_line(tables)
        ),
        Some(t) => {
            let [m, w, e, d] = t.counts();
            format!(
                "Table {k} of {}: paper {}, {} — {m} match, {w} within tolerance, {e} explained, {d} differ{}.",
                tables.len(),
                t.paper,
                t.name,
                if k == tables.len() {
                    format!(". In all: {}", summary_line(tables))
                } else {
                    String::new()
                }
            )
        }
    };
    html! {
        <>
            { for tables.iter().take(k).enumerate().map(|(i, t)| table_view(t, i + 1 == k && k < tables.len())) }
            { controls(&ctx.player, &caption, "table") }
        </>
    }
}
