//! The `gather` widget: an all-to-one of paper 001 (§4) beside its mirror
//! image, the scatter whose supersteps it runs backwards, with what each
//! costs on the Delta model.

use super::Key;
use super::common::{coll_drawing, legend, pick_root, send_list, svg};
use crate::book::coll_params;
use crate::book::params::{Notice, Values};
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Op, Spec as CollSpec};
use crate::core::mesh::view::{CollState, caption, record};
use crate::core::mesh::{self, Collective, scatter};
use crate::core::trace::Trace;
use crate::ui::widgets::figure::{self, Ctx};
use crate::ui::widgets::grid::{GridCell, GridProps, grid};
use std::rc::Rc;
use yew::prelude::*;

/// One side of the comparison.
pub struct Side {
    spec: CollSpec,
    pub(super) trace: Trace<CollState>,
    setups: usize,
    predicted_us: f64,
}

fn side(c: Collective) -> Side {
    Side {
        trace: record(&c.spec, &c.supersteps),
        setups: c.setups(),
        predicted_us: DeltaCost::delta().collective_us(&c),
        spec: c.spec,
    }
}

/// Reads the settings.
pub fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let (spec, notices) = coll_params::read(v, Op::Gather);
    (figure::Key::Mesh(Key::Gather(spec)), notices)
}

/// Runs the gather and its mirror: the scatter supersteps it reverses
/// (for γ < 0.5 a scatter the paper would not run, but the same cuts).
pub fn run(spec: CollSpec) -> [Side; 2] {
    let forward = Collective {
        spec: CollSpec {
            op: Op::Scatter,
            ..spec
        },
        supersteps: scatter::supersteps(&spec),
    };
    [side(mesh::run_rooted(&spec)), side(forward)]
}

/// The gather beside its mirror, with both costs.
pub fn view(ctx: &Ctx, sides: &[Side; 2]) -> (Html, String) {
    let [g, s] = sides;
    let (k, n) = (ctx.pos, g.trace.len());
    let st = g.trace.state_at(k);
    // Gather superstep k undoes scatter superstep n + 1 − k; before the
    // first, the gather starts where the scatter ends.
    let j = if k == 0 { n } else { n + 1 - k };
    let mut mirror = s.trace.state_at(j);
    if k == 0 {
        mirror.sends.clear();
        mirror.splits.clear();
    }
    let title = g.spec.title();
    let left = coll_drawing(
        &st,
        &g.spec,
        true,
        format!("{title} gather, after superstep {k} of {n}."),
    );
    let mirror_title = if k == 0 {
        format!("The scatter's end: superstep {n} done")
    } else {
        format!("Its mirror: scatter superstep {j}")
    };
    let right = coll_drawing(
        &mirror,
        &s.spec,
        true,
        format!("The mirror scatter at superstep {j}."),
    );
    let cell = |t: String| GridCell {
        text: t,
        ..Default::default()
    };
    let cells: Vec<GridCell> = [g, s]
        .iter()
        .flat_map(|x| {
            [
                cell(x.trace.len().to_string()),
                cell(x.setups.to_string()),
                cell(format!("{:.2} ms", x.predicted_us / 1000.0)),
            ]
        })
        .collect();
    let caption = caption(&g.spec, g.trace.events(k));
    let table = grid(&GridProps {
        rows: 2,
        cols: 3,
        cells: Rc::new(cells),
        row_labels: vec!["gather".to_string(), "scatter".to_string()],
        col_labels: vec![
            "supersteps".to_string(),
            "set-ups".to_string(),
            "Delta model".to_string(),
        ],
        caption: format!("{title}, L = {} bytes", g.spec.bytes).into(),
    });
    (
        html! {
            <>
                <div class="mesh-pair">
                    { svg(&format!("Gather into P{}: superstep {k} of {n}", g.spec.root), left.svg(420), Some(pick_root(ctx))) }
                    { svg(&mirror_title, right.svg(420), None) }
                </div>
                <div class="matrix-wrap">
                    { table }
                    <div class="matrix-side">{ legend() }{ send_list(&st, Op::Gather) }</div>
                </div>
            </>
        },
        caption,
    )
}
