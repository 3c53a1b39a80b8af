//! Every ℜ(K, P) with 1 ≤ K < P ≤ 64 (2016 problems): the tables by three
//! paths, the structure of Ps, the step counts of Theorem 3, and every
//! kind of schedule executed on data (one superblock, x = 1).

use crate::redist::exec::execute;
use crate::redist::scheme::{
    DegreeSplit, multiphase_factors, theorem3_hybrid_steps, theorem3_indirect_steps,
};
use crate::redist::shape::ceil_log2;
use crate::redist::tables::constructive;
use crate::redist::{ArrayConfig, Direction, Scheme, Shape, Tables, incremental, schedules};
use expect_test::expect;

fn all() -> impl Iterator<Item = Shape> {
    (2..=64).flat_map(|p| (1..p).map(move |k| Shape::new(k, p).unwrap()))
}

#[test]
fn tables_agree_by_three_paths() {
    for sh in all() {
        let t = Tables::new(&sh);
        assert_eq!(constructive(&sh), (t.sp.clone(), t.ds.clone()), "{sh:?}");
        assert_eq!(
            incremental::columns(&sh),
            (t.ps.clone(), t.ds.clone()),
            "{sh:?}"
        );
        for i in 0..sh.k {
            // Every row of Ps is a permutation of the processors (Theorem 1).
            let mut seen = vec![false; sh.p];
            for &v in t.ps.row(i) {
                assert!(
                    !std::mem::replace(&mut seen[v as usize], true),
                    "{sh:?} row {i}"
                );
            }
            for j in 0..sh.p {
                // Generalized circulant: the value depends only on the diagonal class.
                let alpha = (j / sh.g + sh.pp - (i / sh.g) % sh.pp) % sh.pp;
                let beta = (j % sh.g + sh.g - i % sh.g) % sh.g;
                assert_eq!(t.ps.get(i, j), sh.diagonal_dest(alpha, beta), "{sh:?}");
            }
        }
    }
}

#[test]
fn step_counts_of_theorem_3() {
    let mut idealised = 0;
    let mut hybrids = 0;
    for sh in all() {
        let steps = |s| schedules::row_moves(&sh, s).len();
        assert_eq!(steps(Scheme::Direct), sh.k, "{sh:?}");
        let indirect = steps(Scheme::Indirect);
        assert_eq!(indirect, theorem3_indirect_steps(&sh), "{sh:?}");
        assert!(indirect <= ceil_log2(sh.k) + 2, "{sh:?}");
        assert_eq!(
            steps(Scheme::Multiphase),
            multiphase_factors(sh.k).iter().sum::<usize>()
        );
        for d in 0..=sh.max_degree() {
            let n = steps(Scheme::Hybrid(d));
            assert_eq!(n, DegreeSplit::best(&sh, d).steps(), "{sh:?} d = {d}");
            let ideal = theorem3_hybrid_steps(sh.k, d);
            assert!(n >= ideal, "{sh:?} d = {d}");
            if sh.kp.is_power_of_two() || sh.g.is_power_of_two() {
                assert_eq!(n, ideal, "{sh:?} d = {d}");
            }
            hybrids += 1;
            idealised += usize::from(n > ideal);
        }
    }
    // How often Theorem 3's d + ⌈K/2^d⌉ is out of reach (K′ and G both
    // not powers of two).
    expect!["435 of 10860 hybrids take more than d + ⌈K/2^d⌉ steps"].assert_eq(&format!(
        "{idealised} of {hybrids} hybrids take more than d + ⌈K/2^d⌉ steps"
    ));
}

/// Every schedule kind on data, for every problem. Executing every hybrid
/// degree in both directions for P ≤ 64 takes about 10 s of CPU in a debug
/// build, so the full sweep of degrees runs for P ≤ 32 and the middle
/// degree stands for the others above (step counts are checked for every
/// degree above, and the property tests sample the rest).
#[test]
fn data_ends_in_place() {
    for sh in all() {
        let array = ArrayConfig {
            n: sh.cells(),
            x: 1,
        }
        .validate(&sh)
        .unwrap();
        let mut runs = vec![
            (Scheme::Direct, Direction::Up),
            (Scheme::Indirect, Direction::Up),
            (Scheme::Multiphase, Direction::Up),
            (Scheme::Direct, Direction::Down),
            (Scheme::Indirect, Direction::Down),
        ];
        let degrees = if sh.p <= 32 {
            1..sh.max_degree()
        } else {
            let mid = sh.max_degree() / 2;
            mid..(mid + 1).min(sh.max_degree())
        };
        runs.extend(degrees.map(|d| (Scheme::Hybrid(d), Direction::Up)));
        for (scheme, direction) in runs {
            let plan = schedules::plan(&sh, scheme, direction);
            if let Err(e) = execute(&plan, &array) {
                panic!("{sh:?} {scheme:?} {direction:?}: {e}");
            }
        }
    }
}

/// K ≥ P (§3.1: the redistribution becomes an all-to-all): identical rows
/// of Ps travel together, so the direct schedule takes P steps, in each of
/// which every processor sends to a different partner, and the indirect one
/// ⌈log P′⌉ + ⌈log G⌉ + 1.
#[test]
fn all_to_all_when_k_reaches_p() {
    for p in 1..=16 {
        for k in p..=3 * p {
            let sh = Shape::new(k, p).unwrap();
            assert_eq!(schedules::row_moves(&sh, Scheme::Direct).len(), p, "{sh:?}");
            assert_eq!(
                schedules::row_moves(&sh, Scheme::Indirect).len(),
                ceil_log2(sh.pp) + ceil_log2(sh.g) + 1,
                "{sh:?}"
            );
            let array = ArrayConfig {
                n: 2 * sh.cells() - 1,
                x: 1,
            }
            .validate(&sh)
            .unwrap();
            for scheme in [Scheme::Direct, Scheme::Indirect, Scheme::Multiphase] {
                for direction in [Direction::Up, Direction::Down] {
                    let plan = schedules::plan(&sh, scheme, direction);
                    if let Err(e) = execute(&plan, &array) {
                        panic!("{sh:?} {scheme:?} {direction:?}: {e}");
                    }
                }
            }
        }
    }
}
