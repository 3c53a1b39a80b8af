//! The view of `cross`: each product Πᵢ × Π′ⱼ on the mesh beside its two
//! factors on their arrays, with the link loads on one scale.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::cross::{Cross, CrossRun, CrossSettings};
use crate::chart::mesh::{Arrow, MeshDrawing};
use crate::core::mesh::cross_view::caption;
use crate::core::mesh::load::LinkLoads;
use crate::core::net::mesh::Mesh;
use crate::ui::parts::mesh::{mesh_figure, svg};
use yew::prelude::*;

impl FigureView for Cross {
    fn view(props: &FigureProps, ctx: &Ctx<CrossRun>, _: &CrossSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the products", view)
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
fn view(ctx: &Ctx<CrossRun>, run: &CrossRun) -> (Html, String) {
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
