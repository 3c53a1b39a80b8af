//! The view of `redist`: one superblock's table converted from S to R
//! (paper 003, Figure 4), one action per step. The left table holds the
//! blocks, shaded by the diagonal of G × G submatrices of S′ they belong
//! to; the right one a fact about each block (its destination by default,
//! which reads as P and then Ps), shaded by where the block stands: at its
//! owner, held by a relay, or waiting.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::redist::{Redist, RedistSettings, TableRun};
use crate::core::redist::scheme::theorem3_steps;
use crate::core::redist::trace;
use crate::core::redist::view::{self, Fact};
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::redist::{processors, redist_figure};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Redist {
    fn view(props: &FigureProps, ctx: &Ctx<TableRun>, s: &RedistSettings, _: &Shared) -> Html {
        let fact = s.show;
        redist_figure(props, ctx, "the tables", |run| view(ctx, run, fact))
    }
}

fn fact_heading(fact: Fact) -> &'static str {
    match fact {
        Fact::Dest => "Processor each block must reach",
        Fact::Source => "Processor each block started on",
        Fact::StartSlot => "Slot each block started in",
        Fact::EndSlot => "Slot each block will end in",
    }
}

fn view(ctx: &Ctx<TableRun>, run: &TableRun, fact: Fact) -> Html {
    let pos = ctx.pos;
    let st = run.trace.state_at(pos);
    let sh = st.shape;
    let (k, p) = (sh.k, sh.p);
    let cells = |f: &dyn Fn(usize, usize) -> GridCell| {
        Rc::new(
            (0..k * p)
                .map(|c| f(c / p, c % p))
                .collect::<Vec<GridCell>>(),
        )
    };
    let blocks = cells(&|r, j| GridCell {
        text: st.grid.get(r, j).to_string(),
        tone: Tone::group(st.family(r, j)),
        marked: st.changed[r * p + j],
    });
    let facts = cells(&|r, j| GridCell {
        text: st.fact(r, j, fact).to_string(),
        tone: if st.at_home(r, j) {
            Tone::Sky
        } else if st.relayed(r, j) {
            Tone::Orange
        } else {
            Tone::Plain
        },
        marked: st.changed[r * p + j],
    });
    let name = view::table_name(&run.plan, &run.trace, pos);
    let paper = view::paper_name(&run.plan, &run.trace, pos, fact)
        .map_or(String::new(), |n| format!(": this is {n}"));
    let rows: Vec<String> = (0..k).map(|r| r.to_string()).collect();
    let messages = st.messages.iter().map(|m| {
        let relayed = st
            .rows
            .iter()
            .filter(|&&r| st.relayed(r as usize, m.dst))
            .count();
        let list: Vec<String> = m.blocks.iter().map(u32::to_string).collect();
        let relay = match relayed {
            0 => String::new(),
            n if n == m.blocks.len() => " (all relayed)".into(),
            n => format!(" ({n} relayed)"),
        };
        html! { <li>{format!("p{} → p{}: {}{relay}", m.src, m.dst, list.join(", "))}</li> }
    });
    let theorem = theorem3_steps(&sh, run.plan.scheme)
        .map_or("none (K ≥ P: an all-to-all)".to_string(), |s| {
            s.to_string()
        });
    let key = Rc::new(vec![
        GridCell {
            text: "at its owner".into(),
            tone: Tone::Sky,
            marked: false,
        },
        GridCell {
            text: "held by a relay".into(),
            tone: Tone::Orange,
            marked: false,
        },
        GridCell {
            text: "waiting".into(),
            tone: Tone::Plain,
            marked: false,
        },
        GridCell {
            text: "moved in this step".into(),
            tone: Tone::Plain,
            marked: true,
        },
    ]);
    let caption = trace::caption(&run.plan, run.trace.events(pos));
    let table = grid(&GridProps {
        rows: k,
        cols: p,
        cells: blocks,
        row_labels: rows.clone(),
        col_labels: processors(p),
        caption: format!("Blocks: {name} (shade: diagonal of G × G submatrices of S′)").into(),
    });
    let table2 = grid(&GridProps {
        rows: k,
        cols: p,
        cells: facts,
        row_labels: rows,
        col_labels: processors(p),
        caption: format!("{}{paper}", fact_heading(fact)).into(),
    });
    let table3 = grid(&GridProps {
        rows: 1,
        cols: 4,
        cells: key,
        caption: "Key to the right-hand table".into(),
        row_labels: Vec::new(),
        col_labels: Vec::new(),
    });
    html! {
        <>
            <div class="matrix-wrap">
                { table }
                { table2 }
            </div>
            <div class="matrix-wrap">
                <div class="matrix-side">
                    { table3 }
                    if !st.messages.is_empty() {
                        <p><strong>{"Messages in this step (each processor sends one):"}</strong></p>
                        <ul class="pairs" tabindex="0" aria-label="messages in this step">{ for messages }</ul>
                    }
                </div>
                <dl class="stats matrix-side">
                    <dt>{"G = gcd(K, P), K′, P′"}</dt><dd>{format!("{}, {}, {}", sh.g, sh.kp, sh.pp)}</dd>
                    <dt>{"n, m with nK′ − mP′ = 1"}</dt><dd>{format!("{}, {}", sh.n, sh.m)}</dd>
                    <dt>{"steps of this plan"}</dt><dd>{run.plan.n_steps()}</dd>
                    <dt>{"Theorem 3's count"}</dt><dd>{theorem}</dd>
                    <dt>{"communication steps so far"}</dt><dd>{st.comm_steps}</dd>
                </dl>
            </div>
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}
