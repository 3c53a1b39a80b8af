//! The three drawings an exercise is answered on: a network (as the
//! animator lays it out), players around a ring, tables. Spots are
//! buttons; what is only drawn (links, switches, chords, arrows) is hidden
//! from screen readers, which hear each spot's name and marks instead.

use crate::book::exercises::board::{Board, NetDrawing, Shape, Spot, Table};
use yew::prelude::*;

/// How the spots are marked.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Look {
    /// What the step is about.
    pub on: Vec<Spot>,
    /// Answers of steps done: (spot, step number).
    pub done: Vec<(Spot, usize)>,
    /// The last step's answer, judged right.
    pub right: Vec<Spot>,
    /// The last answer, judged wrong, and the model's, when shown.
    pub wrong: Vec<Spot>,
    pub model: Vec<Spot>,
    /// Rows written into a table: ((table, row), values, judged wrong).
    pub rows: Vec<((usize, usize), Vec<usize>, bool)>,
    /// Text shown on spots in this step.
    pub shows: Vec<(Spot, String)>,
    /// Pairs built so far and a first end waiting for its partner.
    pub pairs: Vec<(usize, usize)>,
    pub pending: Option<usize>,
    /// Arrows of steps done on a network: (from, to, step).
    pub arrows: Vec<(usize, usize, usize)>,
}

/// What a drawing needs.
pub(super) struct Ctx<'a> {
    pub board: &'a Board,
    pub look: &'a Look,
    pub step: usize,
    /// The spot that takes Tab (the others are reached with arrows).
    pub tab_stop: Option<Spot>,
    pub id: &'a dyn Fn(Spot) -> String,
    pub on_point: &'a Callback<Spot>,
    pub on_focus: &'a Callback<Spot>,
    pub dom: &'a AttrValue,
}

/// Where each spot sits, for the arrow keys: layout units of the
/// network, the player's place on the ring, a table's (column, row).
pub(super) fn positions(b: &Board, spots: &[Spot]) -> Vec<(f64, f64)> {
    spots
        .iter()
        .map(|&s| match (&b.shape, s) {
            (Shape::Network(d), Spot::Node(p)) => d
                .procs
                .get(p)
                .map_or((0.0, 0.0), |&(x, y)| (x as f64, y as f64)),
            (Shape::Ring(n), Spot::Node(p)) => ring_at(p, *n),
            (Shape::Tables(ts), Spot::Cell { table, row, col }) => {
                let before: usize = ts[..table.min(ts.len())].iter().map(width).sum();
                ((before + table + col) as f64, row as f64)
            }
            _ => (0.0, 0.0),
        })
        .collect()
}

fn width(t: &Table) -> usize {
    t.cells.iter().map(Vec::len).max().unwrap_or(0)
}

/// Player `p` of `n` on a circle of radius 40 around (50, 50).
fn ring_at(p: usize, n: usize) -> (f64, f64) {
    let a = std::f64::consts::TAU * p as f64 / n.max(1) as f64 - std::f64::consts::FRAC_PI_2;
    (50.0 + 40.0 * a.cos(), 50.0 + 40.0 * a.sin())
}

/// The marks of a spot, as classes and as words.
fn marks(c: &Ctx, s: Spot) -> (Classes, Vec<String>) {
    let l = c.look;
    let mut class = classes!("spot");
    let mut words = Vec::new();
    if l.on.contains(&s) {
        class.push("on");
    }
    for &(x, k) in &l.done {
        if x == s {
            class.push("done");
            words.push(format!("chosen in step {k}"));
        }
    }
    if l.right.contains(&s) {
        class.push("right");
        words.push("right".into());
    }
    if l.wrong.contains(&s) {
        class.push("wrong");
        words.push("your answer, not the rule's".into());
    }
    if l.model.contains(&s) {
        class.push("model");
        words.push("the rule's choice".into());
    }
    if let Spot::Node(p) = s {
        if l.pending == Some(p) {
            class.push("pending");
            words.push("waiting for its partner".into());
        }
        if let Some(&(a, b)) = l.pairs.iter().find(|&&(a, b)| a == p || b == p) {
            class.push("paired");
            words.push(format!("paired {a}–{b}"));
        }
    }
    (class, words)
}

/// The badge a spot shows: ✓, ✗, the rule's ★ or a step number.
fn badge(c: &Ctx, s: Spot) -> Option<String> {
    let l = c.look;
    if l.wrong.contains(&s) {
        Some("✗".into())
    } else if l.model.contains(&s) {
        Some("★".into())
    } else if l.right.contains(&s) {
        Some("✓".into())
    } else {
        l.done
            .iter()
            .rev()
            .find(|d| d.0 == s)
            .map(|d| d.1.to_string())
    }
}

/// One spot as a button (or its text alone, when the step does not offer
/// it).
fn spot(c: &Ctx, s: Spot, text: String, name: String, style: Option<String>) -> Html {
    let (class, words) = marks(c, s);
    let badge = badge(c, s).map(|b| html! { <span class="badge" aria-hidden="true">{b}</span> });
    let offered = c
        .board
        .steps
        .get(c.step)
        .is_some_and(|f| f.value(s).is_some());
    if !offered {
        return html! { <span id={(c.id)(s)} {class} {style}>{text}{badge}</span> };
    }
    let label = if words.is_empty() {
        name
    } else {
        format!("{name}, {}", words.join(", "))
    };
    let onclick = c.on_point.reform(move |_: MouseEvent| s);
    let onfocus = c.on_focus.reform(move |_: FocusEvent| s);
    let tabindex = if c.tab_stop == Some(s) { "0" } else { "-1" };
    html! {
        <button type="button" id={(c.id)(s)} {class} {style} aria-label={label} {tabindex} {onclick} {onfocus}>
            {text}{badge}
        </button>
    }
}

/// The board's drawing.
pub(super) fn view(c: Ctx) -> Html {
    match &c.board.shape {
        Shape::Network(d) => network(&c, d),
        Shape::Ring(n) => ring(&c, *n),
        Shape::Tables(ts) => tables(&c, ts),
    }
}

fn pct(v: f64, of: f64) -> f64 {
    100.0 * v / of.max(1e-9)
}

fn network(c: &Ctx, d: &NetDrawing) -> Html {
    // The drawing is in thousandths of the layout's units.
    let u = |v: i64| v as f64 / 1000.0;
    let (w, h, r) = (u(d.width), u(d.height), u(d.radius));
    let marker = format!("{}-arrow", c.dom);
    let head = format!("url(#{marker})");
    let lines = d.links.iter().map(|&(x0, y0, x1, y1)| {
        html! { <line class="link" x1={u(x0).to_string()} y1={u(y0).to_string()} x2={u(x1).to_string()} y2={u(y1).to_string()} /> }
    });
    let switches = d.switches.iter().map(|&(x, y)| {
        html! { <rect class="switch" x={(u(x) - r).to_string()} y={(u(y) - r).to_string()} width={(2.0 * r).to_string()} height={(2.0 * r).to_string()} /> }
    });
    let xy = |p: usize| d.procs.get(p).map(|&(x, y)| (u(x), u(y)));
    let arrows = c.look.arrows.iter().filter_map(|&(a, b, _)| {
        let ((x0, y0), (x1, y1)) = (xy(a)?, xy(b)?);
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1e-9);
        let trim = 2.2 * r;
        let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
        Some(html! {
            <line class="step-arrow" x1={(x0 + ux * trim).to_string()} y1={(y0 + uy * trim).to_string()}
                x2={(x1 - ux * trim).to_string()} y2={(y1 - uy * trim).to_string()}
                marker-end={head.clone()} />
        })
    });
    let procs = d.procs.iter().enumerate().map(|(p, &(x, y))| {
        spot(
            c,
            Spot::Node(p),
            p.to_string(),
            format!("processor {p}"),
            Some(format!(
                "left:{:.3}%;top:{:.3}%",
                pct(u(x), w),
                pct(u(y), h)
            )),
        )
    });
    html! {
        // About 3 rem a processor, so a mesh is not drawn a screen tall.
        <div class="board-net" style={format!("aspect-ratio:{w:.3}/{h:.3};max-width:{:.1}rem", (3.0 * w).clamp(12.0, 40.0))}>
            <svg viewBox={format!("0 0 {w} {h}")} preserveAspectRatio="none" aria-hidden="true">
                <defs>
                    <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
                    </marker>
                </defs>
                { for lines }
                { for switches }
                { for arrows }
            </svg>
            { for procs }
        </div>
    }
}

fn ring(c: &Ctx, n: usize) -> Html {
    let chord = |a: usize, b: usize| {
        let ((x0, y0), (x1, y1)) = (ring_at(a, n), ring_at(b, n));
        html! { <line class="chord" x1={x0.to_string()} y1={y0.to_string()} x2={x1.to_string()} y2={y1.to_string()} /> }
    };
    let players = (0..n).map(|p| {
        let (x, y) = ring_at(p, n);
        spot(
            c,
            Spot::Node(p),
            p.to_string(),
            format!("player {p}"),
            Some(format!("left:{x:.3}%;top:{y:.3}%")),
        )
    });
    html! {
        <div class="board-net board-ring" style="aspect-ratio:1/1;max-width:20rem">
            <svg viewBox="0 0 100 100" aria-hidden="true">
                <circle class="ring" cx="50" cy="50" r="40" />
                { for c.look.pairs.iter().map(|&(a, b)| chord(a, b)) }
            </svg>
            { for players }
        </div>
    }
}

fn tables(c: &Ctx, ts: &[Table]) -> Html {
    let shown = |t: usize, r: usize, col: usize| -> (String, bool) {
        let written = c.look.rows.iter().rev().find(|(w, _, _)| *w == (t, r));
        if let Some((_, vals, wrong)) = written {
            return (
                vals.get(col).map_or(String::new(), usize::to_string),
                *wrong,
            );
        }
        let s = Spot::Cell {
            table: t,
            row: r,
            col,
        };
        if let Some((_, text)) = c.look.shows.iter().find(|x| x.0 == s) {
            return (text.clone(), false);
        }
        (ts[t].cells[r].get(col).cloned().unwrap_or_default(), false)
    };
    let one = |(t, table): (usize, &Table)| {
        let cols = width(table);
        let head = (0..cols).map(|j| html! { <th scope="col">{j}</th> });
        let rows = table.cells.iter().enumerate().map(|(r, _)| {
            let cells = (0..cols).map(|col| {
                let (text, wrong) = shown(t, r, col);
                let s = Spot::Cell {
                    table: t,
                    row: r,
                    col,
                };
                let name = format!(
                    "{}, row {r}, column {col}: {}",
                    table.title,
                    if text.is_empty() { "empty" } else { &text }
                );
                let inner = spot(c, s, text, name, None);
                html! { <td class={classes!(wrong.then_some("wrong-row"))}>{inner}</td> }
            });
            html! { <tr><th scope="row">{r}</th>{ for cells }</tr> }
        });
        html! {
            <table class="board-table">
                <caption>{table.title.clone()}</caption>
                <thead><tr><td></td>{ for head }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        }
    };
    html! { <div class="board-tables">{ for ts.iter().enumerate().map(one) }</div> }
}
