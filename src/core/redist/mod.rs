//! Block-cyclic redistribution (paper 003: Lim, Bhat, Prasanna, *Efficient
//! Algorithms for Block-Cyclic Redistribution of Arrays*).
//!
//! ℜ_x(K, P) moves an array from cyclic(x) to cyclic(Kx) on P processors.
//! Every superblock of K·P blocks moves the same way, so one K × P table
//! describes everything: S (cyclic(x), row-major) must become R
//! (cyclic(Kx), column-major). The paper does it in three parts (Figure 4):
//! 1. **column transformations** S → S1 → S′, local to each processor
//!    (stage 1, eq. 4; stage 2, eqs. 8-9), after which the destination
//!    table Ps is a *generalized circulant matrix* (Theorem 1) whose entries
//!    Theorem 2 gives in closed form (eqs. 12-13, with nK′ − mP′ = 1);
//! 2. **row transformations** S′ → R′, the communication, by the direct,
//!    indirect or hybrid schedule of Theorem 3 (or the multiphase baseline);
//!    every step is a permutation, so no processor sends or receives twice;
//! 3. **column transformations** R′ → R by the table Dr.
//!
//! Modules, in the order a reader meets them:
//! - [`shape`]: K, P, G, K′, P′, n, m and the index arithmetic;
//! - [`tables`]: the ten tables of one superblock; [`incremental`]:
//!   Corollary 1 (with an erratum);
//! - [`scheme`], [`plan`], [`schedules`]: the schedules as lists of moves;
//! - [`grid`] and [`trace`]: the table view, step by step, with captions;
//! - [`array`](mod@array), [`machine`], [`exec`]: the moves executed on an N-element
//!   array in P memories;
//!   [`general`]: cyclic(x) → cyclic(y) through lcm(x, y); [`export`]: the
//!   direct schedule as a [`crate::schedule::Schedule`];
//! - [`cost`]: GDM predictions of actual plans, the best hybrid degree.
//!
//! Choices where the paper is silent or loose are documented where they are
//! made: K ≥ P ([`schedules`]), the hybrid's step count ([`scheme`]), the
//! dual ([`plan`]), Corollary 1 ([`incremental`]), partial superblocks
//! ([`array`](mod@array)), cyclic(x) → cyclic(y) ([`general`]).
//!
//! ```
//! use commbook_core::redist::{exec, schedules, trace, ArrayConfig, Direction, Scheme, Shape, Tables};
//! let sh = Shape::new(6, 9).unwrap();                       // ℜ(6, 9), Figures 7-11
//! let tables = Tables::new(&sh);
//! assert_eq!(tables.ps.row(0), &[0, 6, 3, 2, 8, 5, 1, 7, 4]);
//! let plan = schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up);
//! assert_eq!(plan.n_steps(), 4);                            // Figure 10: 1 + 3
//! let t = trace::record(&plan);                             // for the views
//! assert_eq!(t.final_state().grid.cells, tables.r.cells);
//! let array = ArrayConfig { n: 54 * 3, x: 3 }.validate(&sh).unwrap();
//! assert!(exec::execute(&plan, &array).is_ok());            // on data
//! ```

pub mod array;
mod captions;
pub mod cost;
pub mod error;
pub mod exec;
pub mod export;
pub mod general;
pub mod grid;
pub mod incremental;
pub mod machine;
pub mod plan;
pub mod schedules;
pub mod scheme;
pub mod shape;
pub mod sweep;
pub mod tables;
pub mod trace;
pub mod view;
pub mod winner;

#[cfg(test)]
mod tests;

pub use array::{Array, ArrayConfig};
pub use error::RedistError;
pub use scheme::{Direction, Scheme};
pub use shape::{RedistConfig, Shape};
pub use tables::{Table, Tables};
