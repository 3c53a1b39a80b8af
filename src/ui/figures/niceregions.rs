//! The view of `niceregions`: the map of the scheme with the smallest
//! S/R + C for each reuse count (rows) and message unit (columns), the
//! scheduling costs S, and at the player's reuse count every scheme's
//! S/R + C at every unit.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::niceregions::{
    Niceregions, NiceregionsSettings, REUSES, RegionMap, SCHEMES, UNITS,
};
use crate::chart::format_value;
use crate::core::cost::machine::Machine;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::units::bytes;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Niceregions {
    fn view(props: &FigureProps, ctx: &Ctx<RegionMap>, _: &NiceregionsSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the costs", |m| view(ctx, m))
    }
}

fn view(ctx: &Ctx<RegionMap>, m: &RegionMap) -> Html {
    let row = ctx.pos.checked_sub(1);
    let cols = UNITS.len();
    let cells: Vec<GridCell> = (0..REUSES.len())
        .flat_map(|r| (0..cols).map(move |u| (r, u)))
        .map(|(r, u)| {
            let w = m.winner[r][u];
            GridCell {
                text: SCHEMES[w].label().to_string(),
                tone: Tone::group(w),
                marked: row == Some(r),
            }
        })
        .collect();
    let machine = match m.key.machine {
        Machine::Ipsc860 => "iPSC/860 (hypercube model)",
        _ => "CM-5 (simulated fat tree)",
    };
    let map = grid(&GridProps {
        rows: REUSES.len(),
        cols,
        cells: Rc::new(cells),
        // No-break spaces keep a label on one line on a phone.
        row_labels: REUSES.iter().map(|r| format!("R\u{a0}=\u{a0}{r}")).collect(),
        col_labels: UNITS.iter().map(|&u| bytes(u)).collect(),
        caption: format!(
            "Smallest S/R + C on the {machine}, {} processors, d = {}: rows are reuse counts R, columns message units",
            m.key.p, m.key.d
        )
        .into(),
    });
    let caption = match row {
        None => format!(
            "S is the scheduler's work at {} µs per matrix entry examined (AC: none; LP: n − 1 partners). Step through the reuse counts.",
            format_value(m.probe_us)
        ),
        Some(r) => {
            let wins: Vec<String> = (0..cols)
                .map(|u| format!("{} at {}", SCHEMES[m.winner[r][u]].label(), bytes(UNITS[u])))
                .collect();
            format!(
                "Used R = {} times, a schedule's S counts 1/{} per use: {}.",
                REUSES[r],
                REUSES[r],
                wins.join(", ")
            )
        }
    };
    let detail = row.map(|r| {
        html! {
            <div class="table-scroll">
                <table class="data">
                    <caption>{format!("S/R + C per use (µs) at R = {}; ★ the smallest in its column", REUSES[r])}</caption>
                    <thead><tr><th scope="col">{"scheme"}</th><th scope="col">{"S (µs)"}</th>
                        { for UNITS.iter().map(|&u| html! { <th scope="col">{bytes(u)}</th> }) }
                    </tr></thead>
                    <tbody>
                        { for SCHEMES.iter().enumerate().map(|(s, a)| html! {
                            <tr>
                                <th scope="row">{a.label()}</th>
                                <td>{format_value(m.s_us[s])}</td>
                                { for (0..cols).map(|u| html! {
                                    <td class={(m.winner[r][u] == s).then_some("tone-green")}>
                                        { if m.winner[r][u] == s { "★ " } else { "" } }
                                        { if m.c_us[u][s].is_finite() { format_value(m.per_use(r, u, s)) } else { "not a candidate".into() } }
                                    </td>
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        }
    });
    html! {
        <>
            <div class="table-scroll">{ map }</div>
            { for detail }
            { controls(&ctx.player, &caption, "reuse count") }
        </>
    }
}
