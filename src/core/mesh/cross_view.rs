//! Balanced permutations of an R×C mesh, one cross product at a time
//! (paper 001, §5.1; see [`super::perms::balanced_products`]).
//!
//! Step s shows the s-th product Πᵢ × Π′ⱼ: the row factor Πᵢ (a balanced
//! permutation of the R-array, fixed points included), the column factor
//! Π′ⱼ (of the C-array), the product, in which processor (r, c) sends to
//! (Πᵢ(r), Π′ⱼ(c)), its link loads under XY routing, and the running
//! max_load and sum_load. XY routing first moves a message along its row,
//! where the processors of every row follow Π′ⱼ, then along its
//! destination's column, where they follow Πᵢ; row and column links are
//! different links, so load(Πᵢ × Π′ⱼ) = max(load(Πᵢ), load(Π′ⱼ)).
//!
//! ```
//! use commbook_core::mesh::cross_view::record;
//! use commbook_core::net::mesh::Mesh;
//! let t = record(&Mesh::new(4, 8));
//! assert_eq!(t.len(), 4 * 8);
//! let end = t.final_state();
//! assert_eq!((end.loads.max_load, end.loads.sum_load), (2, 64)); // ⌈8/4⌉, 32 products of load 2
//! ```

use super::load::{Running, permutation_load};
use super::perms::{Perm, balanced_products};
use super::tournament::{Tournament, drop_fixed};
use crate::net::mesh::Mesh;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

/// One product of the cross product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    /// 1-based position among the products, and their number.
    pub index: usize,
    /// How many products there are.
    pub of: usize,
    /// Factor indices (0-based) into the R-array's and the C-array's
    /// families.
    pub i: usize,
    /// See `i`.
    pub j: usize,
    /// Πᵢ on the R-array, fixed points included.
    pub rows: Perm,
    /// Π′ⱼ on the C-array, fixed points included.
    pub cols: Perm,
    /// load(Πᵢ) on the R-array and load(Π′ⱼ) on the C-array.
    pub factor_loads: (u32, u32),
    /// The product on the mesh (fixed points dropped).
    pub perm: Perm,
}

/// The view after a product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossState {
    /// The mesh.
    pub mesh: Mesh,
    /// The current product (`None` before the first).
    pub product: Option<Product>,
    /// Its link loads, and max_load and sum_load so far.
    pub loads: Running,
}

impl Replay for CrossState {
    type Event = Product;
    fn apply(&mut self, e: &Product) {
        self.loads.push(&self.mesh, Some(&e.perm));
        self.product = Some(e.clone());
    }
}

/// Records every product for `mesh`.
pub fn record(mesh: &Mesh) -> Trace<CrossState> {
    let (rows, cols) = (
        Tournament::new(mesh.rows).family(),
        Tournament::new(mesh.cols).family(),
    );
    let (row_array, col_array) = (Mesh::new(1, mesh.rows), Mesh::new(1, mesh.cols));
    let products = balanced_products(mesh);
    let of = products.len();
    let p = mesh.rows * mesh.cols;
    let mut rec = Recorder::new(
        CrossState {
            mesh: *mesh,
            product: None,
            loads: Running {
                link_load: vec![0; 4 * p],
                ..Running::default()
            },
        },
        snapshot_every(of, 6 * p),
    );
    for (k, ((i, j), perm)) in products.into_iter().enumerate() {
        rec.event(Product {
            index: k + 1,
            of,
            i,
            j,
            factor_loads: (
                permutation_load(&row_array, &drop_fixed(&rows[i])),
                permutation_load(&col_array, &drop_fixed(&cols[j])),
            ),
            rows: rows[i].clone(),
            cols: cols[j].clone(),
            perm,
        });
        rec.end_step();
    }
    rec.finish()
}

/// One sentence for a step.
pub fn caption(mesh: &Mesh, state: &CrossState) -> String {
    let (r, c) = (mesh.rows, mesh.cols);
    let Some(e) = &state.product else {
        return format!(
            "The balanced permutations of the {r}-array and of the {c}-array, crossed: \
             in Πᵢ × Π′ⱼ processor (r, c) sends to (Πᵢ(r), Π′ⱼ(c))."
        );
    };
    let (a, b) = e.factor_loads;
    format!(
        "Product {} of {}: Π{} × Π′{}. Rows move by Π′{} (load {b} on the {c}-array), columns by Π{} \
         (load {a} on the {r}-array); XY routing keeps the two on different links, so the load is \
         max({a}, {b}) = {}. So far max_load {} and sum_load {}.",
        e.index,
        e.of,
        e.i + 1,
        e.j + 1,
        e.j + 1,
        e.i + 1,
        state.loads.load,
        state.loads.max_load,
        state.loads.sum_load
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_product_loads_the_larger_factor() {
        for (r, c) in [(4, 8), (5, 6), (3, 7), (8, 8), (1, 5)] {
            let t = record(&Mesh::new(r, c));
            for pos in 1..=t.len() {
                let st = t.state_at(pos);
                let e = st.product.clone().unwrap();
                assert_eq!(
                    st.loads.load,
                    e.factor_loads.0.max(e.factor_loads.1),
                    "{r}x{c} {pos}"
                );
            }
        }
    }

    #[test]
    fn captions() {
        let m = Mesh::new(4, 8);
        let t = record(&m);
        assert!(
            caption(&m, &t.state_at(0)).starts_with("The balanced permutations of the 4-array")
        );
        assert_eq!(
            caption(&m, &t.state_at(1)),
            "Product 1 of 32: Π1 × Π′1. Rows move by Π′1 (load 2 on the 8-array), columns by Π1 \
             (load 1 on the 4-array); XY routing keeps the two on different links, so the load is \
             max(1, 2) = 2. So far max_load 2 and sum_load 2."
        );
    }
}
