//! The view of `tournament`: the current round's permutations on the
//! k-array, with their link loads, and the table of the family so far.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::tournament::{Tournament, TournamentSettings};
use crate::chart::mesh::{Arrow, MeshDrawing, Region};
use crate::core::mesh::load::LinkLoads;
use crate::core::mesh::tournament_view::{TournamentEvent, TournamentState, caption};
use crate::core::net::mesh::Mesh;
use crate::core::trace::Trace;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::mesh::{mesh_figure, raw, sub, svg};
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Tournament {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<Trace<TournamentState>>,
        _: &TournamentSettings,
        _: &Shared,
    ) -> Html {
        mesh_figure(props, ctx, "the tournament", view)
    }
}

/// The k-array with the left half (the players), the right half (their
/// mirrors) and an odd k's middle processor tinted apart.
fn halves(k: usize) -> Vec<Region> {
    let part = |members: Vec<usize>, tone| Region {
        members,
        tone,
        outline: None,
        path: false,
    };
    let mut r = vec![
        part((0..k / 2).collect(), 0),
        part((k.div_ceil(2)..k).collect(), 1),
    ];
    if k % 2 == 1 {
        r.push(part(vec![k / 2], 2));
    }
    r
}

/// Permutation `index` (1-based) drawn on the array with its link loads.
fn array(k: usize, index: usize, perm: &[Option<usize>], load: u32) -> Html {
    let moves: Vec<(usize, usize)> = perm
        .iter()
        .enumerate()
        .filter_map(|(x, d)| d.filter(|&d| d != x).map(|d| (x, d)))
        .collect();
    let mut d = MeshDrawing::new(
        1,
        k,
        format!("Permutation {index} on the {k}-array, load {load}."),
    );
    d.regions = halves(k);
    d.links = LinkLoads::of(&Mesh::new(1, k), moves.iter().copied()).counts;
    d.arrows = moves
        .iter()
        .map(|&(x, y)| Arrow {
            src: x,
            dst: y,
            label: None,
            title: format!("P{x} → P{y}"),
        })
        .collect();
    d.numbers = true;
    d.ids = true;
    svg(
        &format!("Π{index}: load {load} (numbers: messages on each link and direction)"),
        d.svg(720),
        None,
    )
}

/// The current round's permutations on the array and the table so far.
fn view(ctx: &Ctx<Trace<TournamentState>>, t: &Trace<TournamentState>) -> (Html, String) {
    let pos = ctx.pos;
    let st = t.state_at(pos);
    let k = st.k;
    let new = t
        .events(pos)
        .iter()
        .filter(|e| matches!(e, TournamentEvent::Permutation { .. }))
        .count();
    let first_new = st.perms.len() - new;
    let arrays: Html = if new == 0 {
        let mut d = MeshDrawing::new(
            1,
            k,
            format!("The {k}-array: players on the left, their mirrors on the right."),
        );
        d.regions = halves(k);
        d.ids = true;
        svg(
            "The players (left half) and their mirrors x′ = k − 1 − x (right half)",
            d.svg(720),
            None,
        )
    } else {
        (first_new..st.perms.len())
            .map(|i| array(k, i + 1, &st.perms[i], st.loads[i]))
            .collect()
    };
    // While closing, `round` is one past the last round of matches.
    let closing_from = if st.closing {
        2 * (st.round - 1)
    } else {
        usize::MAX
    };
    let cells: Vec<GridCell> = st
        .perms
        .iter()
        .enumerate()
        .flat_map(|(i, perm)| {
            let tone = match i {
                _ if i >= closing_from => Tone::Green,
                _ if i % 2 == 0 => Tone::Blue,
                _ => Tone::Orange,
            };
            let marked = i >= first_new;
            perm.iter()
                .enumerate()
                .map(move |(x, d)| GridCell {
                    text: match d {
                        Some(d) if *d == x => "·".into(),
                        Some(d) => d.to_string(),
                        None => String::new(),
                    },
                    tone,
                    marked,
                })
                .chain([GridCell {
                    text: st.loads[i].to_string(),
                    tone: Tone::Plain,
                    marked,
                }])
                .collect::<Vec<_>>()
        })
        .collect();
    let mut col_labels: Vec<String> = (0..k).map(|x| x.to_string()).collect();
    col_labels.push("load".into());
    let caption = caption(k, t.events(pos));
    let table = grid(&GridProps {
        rows: st.perms.len(),
        cols: k + 1,
        cells: Rc::new(cells),
        row_labels: (1..=st.perms.len())
            .map(|i| format!("Π{i}"))
            .collect::<Vec<_>>(),
        col_labels,
        caption: "The permutations so far".into(),
    });
    (
        html! {
            <>
                <div class="mesh-stack">{ arrays }</div>
                if !st.perms.is_empty() {
                    { table }
                    { raw(sub("Each row says where every processor sends (· stays put). Blue: a round's cycles; orange: the same reversed; green: closing.")) }
                }
            </>
        },
        caption,
    )
}
