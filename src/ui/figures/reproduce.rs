//! The view of `reproduce`: each recomputed table as a table of cells
//! (row, column, published, ours, difference, verdict), the reasons of the
//! explained cells numbered under it; the player walks the tables, and
//! each table's caption counts its verdicts.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::reproduce::{Reproduce, ReproduceSettings};
use crate::core::reproduce::{Table, Verdict, counts_line, summary_line};
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use yew::prelude::*;

impl FigureView for Reproduce {
    fn view(props: &FigureProps, ctx: &Ctx<Vec<Table>>, _: &ReproduceSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the tables", |t| view(ctx, t))
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
    let (lines, reasons) = t.lines();
    let rows = lines.iter().map(|l| {
        html! {
            <tr>
                <th scope="row">{l.label}</th>
                <td class="text">{l.cell.column.clone()}</td>
                <td>{l.cell.published.text()}</td>
                <td>{l.cell.ours.text()}</td>
                <td>{l.cell.difference_text()}</td>
                <td class="text">{verdict(&l.cell.verdict, l.reason)}</td>
            </tr>
        }
    });
    html! {
        <section class={classes!("repro-table", marked.then_some("marked"))} id={format!("table-{}", t.id)}>
            <@{crate::ui::parts::frame::inner_heading()}>{format!("Paper {}, {}: {}", t.paper, t.name, t.title)}</@>
            <p class="repro-method">
                <strong>{"Where: "}</strong>{t.source}{". "}
                <strong>{"Ours: "}</strong>{t.method.clone()}{". "}
                <strong>{"Tolerance: "}</strong>{t.tolerance.clone()}{"."}
            </p>
            <div class="table-scroll">
                <table class="data">
                    <caption>{counts_line(t.counts())}</caption>
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
            // "12 cells: 3 match, …" without its count of cells.
            let counts = counts_line(t.counts());
            let counts = counts.split_once(": ").map_or(counts.as_str(), |(_, c)| c);
            format!(
                "Table {k} of {}: paper {}, {} — {counts}{}.",
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
