//! The `redist` figure: one superblock's table converted from S to R
//! (paper 003, Figure 4) by the column transformations, the chosen
//! schedule's communication steps and the final unpacking, one action per
//! step. The left table holds the blocks, shaded by the diagonal of G × G
//! submatrices of S′ they belong to; the right one a fact about each block
//! (its destination by default, which reads as P and then Ps), shaded by
//! where the block stands: at its owner, held by a relay, or waiting.

use super::super::figure::{self, Ctx, Parts};
use super::super::grid::{GridCell, GridProps, Tone, grid};
use super::{Figure, Key, Out, processors};
use crate::book::redist_params::{read_fact, read_table};
use crate::core::redist::plan::Plan;
use crate::core::redist::scheme::theorem3_steps;
use crate::core::redist::trace::{self, RedistState};
use crate::core::redist::view::{self, Fact};
use crate::core::trace::Trace;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// A plan and its trace.
pub struct TableRun {
    pub plan: Plan,
    pub trace: Trace<RedistState>,
}

fn note(key: &str) -> &'static str {
    match key {
        "k" | "p" => "at most 32 here: wider tables stop being readable",
        "d" => "used by the hybrid schedule only",
        "dir" => "up: cyclic(x) → cyclic(Kx); down: back again",
        "show" => {
            "dest reads as P, then Ps; start-slot as Ds; source and end-slot as Pr and Dr at R′"
        }
        _ => "",
    }
}

/// The table-conversion figure.
pub fn parts() -> Parts {
    super::parts(Figure {
        key: |v| {
            let (k, notices) = read_table(v);
            (figure::Key::Redist(Key::Tables(k)), notices)
        },
        start_at_end: false,
        note,
        what: "the tables",
        view: show,
    })
}

fn show(ctx: &Ctx, out: &Out) -> Html {
    match out {
        Out::Tables(run) => view(ctx, run, read_fact(&ctx.values)),
        _ => html! {},
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

fn view(ctx: &Ctx, run: &TableRun, fact: Fact) -> Html {
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
                        <ul class="pairs" aria-label="messages in this step">{ for messages }</ul>
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
