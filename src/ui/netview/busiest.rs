//! The run's busiest links as a table under the picture: what the colours
//! say, in words a screen reader can read, and a way to pick each link
//! from the keyboard (the picture outlines the picked link).

use crate::core::net::layout::Pick;
use crate::core::sim::fabric::NONE;
use crate::core::sim::{Film, Frame};
use yew::prelude::*;

/// Rows of the table.
const ROWS: usize = 8;

/// The table at `f`, its rows the links that carry the most flits over
/// the whole run.
pub fn table(
    film: &Film,
    f: &Frame,
    selected: Option<Pick>,
    on_pick: &Callback<Option<Pick>>,
) -> Html {
    if !film.is_complete() {
        return html! {
            <p class="busiest-note">{format!("The run's {ROWS} busiest links are listed here once the whole run is simulated.")}</p>
        };
    }
    let v = &f.view;
    let links = film.links();
    let rows = film
        .busiest(ROWS)
        .into_iter()
        .filter(|&c| links[c as usize].busy > 0)
        .map(|c| {
            let total = links[c as usize];
            let name = film.fabric().describe(c);
            let on = selected == Some(Pick::Link(c));
            let pick = {
                let cb = on_pick.clone();
                Callback::from(move |_: MouseEvent| cb.emit(if on { None } else { Some(Pick::Link(c)) }))
            };
            let held = match v.owner[c as usize] {
                NONE => "free".to_string(),
                p => film.packet_name(f, p),
            };
            html! {
                <tr class={classes!(on.then_some("picked"))}>
                    <th scope="row">
                        <button type="button" class="linklike" aria-pressed={on.to_string()} onclick={pick}>{name}</button>
                    </th>
                    <td>{total.busy}</td>
                    <td>{v.load[c as usize]}</td>
                    <td>{format!("{} of {}", v.blocked[c as usize], total.blocked)}</td>
                    <td>{held}</td>
                </tr>
            }
        })
        .collect::<Html>();
    html! {
        <table class="data busiest">
            <caption>{format!("The run's {ROWS} busiest links (choose one to outline it in the picture)")}</caption>
            <thead>
                <tr>
                    <th scope="col">{"link"}</th>
                    <th scope="col">{"flits, whole run"}</th>
                    <th scope="col">{"flits so far"}</th>
                    <th scope="col">{"cycles a head waited, so far of all"}</th>
                    <th scope="col">{"held now by"}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}
