//! The view of `irregular`: the pattern as a matrix (messages delivered,
//! sent in this step, still waiting, and meetings with nothing to send),
//! the step's caption from the trace, and the four schedulers' steps and
//! model times on the same pattern.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::irregular::{Irregular, IrregularRun, IrregularSettings};
use crate::chart::format_value;
use crate::core::algo::cm5::{Cm5Event, caption};
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::matrix::{Cell, MatrixView, swatches};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Irregular {
    fn view(props: &FigureProps, ctx: &Ctx<IrregularRun>, _: &IrregularSettings, shared: &Shared) -> Html {
        let theme = shared.theme;
        plain_figure(props, ctx, "the schedules", |r| view(ctx, r, theme))
    }
}

fn view(ctx: &Ctx<IrregularRun>, r: &IrregularRun, theme: Theme) -> Html {
    let p = r.com.n();
    let k = ctx.pos.min(r.trace.len());
    let mut cells = vec![Cell::Empty; p * p];
    for m in r.com.messages() {
        cells[m.src * p + m.dst] = Cell::Msg;
    }
    for i in 1..=k {
        for e in r.trace.events(i) {
            match *e {
                Cm5Event::Send(t) => {
                    cells[t.src * p + t.dst] = if i == k { Cell::Now } else { Cell::Done };
                }
                Cm5Event::Idle { src, dst } if i == k => cells[src * p + dst] = Cell::Idle,
                _ => {}
            }
        }
    }
    let st = r.trace.state_at(k);
    let text = if k == 0 {
        format!(
            "{} messages of {} bytes among {p} processors ({} % of the pairs). Step to schedule them with {}.",
            r.com.len(),
            r.key.bytes,
            r.key.density,
            r.key.algo.title()
        )
    } else {
        caption(r.trace.events(k))
    };
    let label = format!(
        "The pattern, {p} by {p}: {} of {} messages delivered after step {k}, {} send slots wasted so far.",
        st.delivered,
        r.com.len(),
        st.idle_total
    );
    html! {
        <>
            <div class="matrix-wrap">
                <div class="matrix-col">
                    <MatrixView rows={p} cols={p} cells={Rc::new(cells)} {theme} label={label.clone()} />
                    { swatches(&[(Cell::Msg, "waiting"), (Cell::Now, "sent in this step"),
                        (Cell::Done, "delivered"), (Cell::Idle, "meeting with nothing to send")]) }
                    <p class="pairs" tabindex="0">{label}</p>
                </div>
                <div class="matrix-side table-scroll">
                    <table class="data">
                        <caption>{"The four schedulers on this pattern, under paper 004's contention model"}</caption>
                        <thead><tr><th scope="col">{"scheduler"}</th><th scope="col">{"steps"}</th>
                            <th scope="col">{"steps with a message"}</th><th scope="col">{"model (ms)"}</th></tr></thead>
                        <tbody>
                            { for r.summaries.iter().map(|s| html! {
                                <tr class={(s.algo == r.key.algo).then_some("marked")}>
                                    <th scope="row">{s.algo.title()}</th><td>{s.steps}</td>
                                    <td>{s.busy_steps}</td><td>{format_value(s.model_ms)}</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            </div>
            { controls(&ctx.player, &text, "step") }
        </>
    }
}
