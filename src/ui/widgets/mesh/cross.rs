//! The `cross` widget: balanced permutations of an R×C mesh as cross
//! products Πᵢ × Π′ⱼ of the arrays' balanced permutations (paper 001,
//! §5.1), one product at a time, with the link loads of each.

use super::Key;
use super::common::svg;
use crate::book::params::{Notice, Values};
use crate::chart::mesh::{Arrow, MeshDrawing};
use crate::core::mesh::cross_view::{CrossState, caption, record};
use crate::core::mesh::load::LinkLoads;
use crate::core::net::mesh::Mesh;
use crate::core::trace::Trace;
use crate::ui::widgets::figure::{self, Ctx};
use yew::prelude::*;

/// Notes under the settings.
pub const NOTES: &[(&str, &str)] = &[("rows", "at most 16"), ("cols", "at most 16")];

/// Reads the settings.
pub fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let m = Mesh::new(v.int("rows").max(1) as usize, v.int("cols").max(2) as usize);
    (figure::Key::Mesh(Key::Cross(m)), Vec::new())
}

/// The products' trace and the largest load of any of them (the heat map's
/// fixed scale).
pub struct CrossRun {
    pub(super) trace: Trace<CrossState>,
    max_load: u32,
}

/// Records every product.
pub fn run(m: Mesh) -> CrossRun {
    let trace = record(&m);
    CrossRun {
        max_load: trace.final_state().loads.max_load,
        trace,
    }
}

fn arrows(perm: &[Option<usize>]) -> Vec<Arrow> {
    perm.iter()
        .enumerate()
        .filter_map(|(x, d)| {
            d.filter(|&d| d != x).map(|d| Arrow {
                src: x,
                dst: d,
                label: None,
                title: format!("P{x} → P{d}"),
            })
        })
        .collect()
}

/// A factor on its own array (a column for the rows, a row for the columns).
fn factor(name: String, perm: &[Option<usize>], rows: usize, cols: usize) -> Html {
    let mut d = MeshDrawing::new(rows, cols, name.clone());
    d.arrows = arrows(perm);
    d.links = LinkLoads::of(
        &Mesh::new(rows, cols),
        d.arrows.iter().map(|a| (a.src, a.dst)),
    )
    .counts;
    d.numbers = true;
    d.ids = true;
    svg(&name, d.svg(480), None)
}

/// The product on the mesh beside its two factors.
pub fn view(ctx: &Ctx, run: &CrossRun) -> (Html, String) {
    let st = run.trace.state_at(ctx.pos);
    let m = st.mesh;
    let p = m.rows * m.cols;
    let mut d = MeshDrawing::new(
        m.rows,
        m.cols,
        format!(
            "A {}×{} mesh, product {} of {}.",
            m.rows,
            m.cols,
            ctx.pos,
            run.trace.len()
        ),
    );
    d.links = st.loads.link_load.clone();
    d.heat_max = run.max_load;
    d.ids = p <= 64;
    let factors = st.product.as_ref().map(|e| {
        // Arrows only where they stay readable.
        if p <= 16 {
            d.arrows = arrows(&e.perm);
        }
        html! {
            <>
                { factor(format!("Π′{} on the {}-array (every row): load {}", e.j + 1, m.cols, e.factor_loads.1), &e.cols, 1, m.cols) }
                { factor(format!("Π{} on the {}-array (every column): load {}", e.i + 1, m.rows, e.factor_loads.0), &e.rows, m.rows, 1) }
            </>
        }
    });
    let caption = caption(&m, &st);
    (
        html! {
            <>
                <div class="matrix-wrap">
                    { svg(&format!("The product on the mesh: link loads (the thickest links carry {} messages)", run.max_load), d.svg(480), None) }
                    <div class="mesh-factors">{ for factors }</div>
                </div>
            </>
        },
        caption,
    )
}
