//! Property tests over random problems (fixed seeds, so a failure is
//! reproduced by rerunning the test; proptest also stores the shrunk case
//! under `proptest-regressions/`).

use crate::cost::gdm::{Corollary2, Gdm};
use crate::redist::cost::plan_cost;
use crate::redist::exec::execute;
use crate::redist::general::GeneralConfig;
use crate::redist::grid::listing;
use crate::redist::shape::ceil_log2;
use crate::redist::{ArrayConfig, Direction, Scheme, Shape, Tables, export, schedules, trace};
use crate::verify::verify;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

/// K and P (K ≥ P allowed), a block size, an array length in blocks, a
/// scheme selector and a direction.
fn problem(max: usize) -> impl Strategy<Value = (Shape, usize, usize, Scheme, Direction)> {
    (
        1..=max,
        1..=max,
        1usize..=3,
        any::<u32>(),
        0usize..4,
        any::<bool>(),
    )
        .prop_map(move |(k, p, x, blocks, which, down)| {
            let sh = Shape::new(k, p).unwrap();
            let blocks = 1 + blocks as usize % (3 * sh.cells());
            let scheme = match which {
                0 => Scheme::Direct,
                1 => Scheme::Indirect,
                2 => Scheme::Multiphase,
                _ => Scheme::Hybrid(blocks % (sh.max_degree() + 1)),
            };
            let direction = if down { Direction::Down } else { Direction::Up };
            (sh, x, blocks * x, scheme, direction)
        })
}

proptest! {
    #![proptest_config(config(1000, 3_001))]

    /// Any schedule, either direction, partial superblocks: one message per
    /// processor per step, every element where the target distribution puts
    /// it, and the table trace ends on the target table.
    #[test]
    fn every_plan_moves_the_data((sh, x, n, scheme, direction) in problem(40)) {
        let plan = schedules::plan(&sh, scheme, direction);
        let array = ArrayConfig { n, x }.validate(&sh).unwrap();
        let run = execute(&plan, &array);
        prop_assert!(run.is_ok(), "{:?}", run.err());
        let run = run.unwrap();
        prop_assert_eq!(run.steps.len(), plan.n_steps());
        let t = Tables::new(&sh);
        let target = match direction {
            Direction::Up => &t.r,
            Direction::Down => &t.s,
        };
        let tr = trace::record(&plan);
        prop_assert_eq!(&tr.final_state().grid.cells, &target.cells);
        // The trace and the listing agree step by step.
        let steps = listing(&plan);
        let mut k = 0;
        for pos in 1..=tr.len() {
            if let Some(trace::RedistEvent::Send { messages, .. }) = tr.events(pos).first() {
                prop_assert_eq!(messages, &steps[k]);
                k += 1;
            }
        }
        prop_assert_eq!(k, steps.len());
    }
}

proptest! {
    #![proptest_config(config(3000, 3_002))]

    /// The direct schedule, exported as a `Schedule`, passes the independent
    /// verifier; schedules that relay are not exported.
    #[test]
    fn direct_schedules_pass_the_verifier((sh, x, n, scheme, direction) in problem(24)) {
        let array = ArrayConfig { n, x }.validate(&sh).unwrap();
        let direct = schedules::plan(&sh, Scheme::Direct, direction);
        let exported = export::to_schedule(&direct, &array, 4);
        prop_assert!(exported.is_some());
        let (com, schedule) = exported.unwrap();
        prop_assert_eq!(verify(&com, &schedule, None), Ok(()));
        prop_assert_eq!(schedule.len(), sh.k.min(sh.p));
        let other = schedules::plan(&sh, scheme, direction);
        let relays = other.n_steps() > 0
            && trace::record(&other).all_events().iter().any(|e| {
                matches!(e, trace::RedistEvent::Send { relayed, .. } if *relayed > 0)
            });
        prop_assert_eq!(export::to_schedule(&other, &array, 4).is_none(), relays);
    }
}

proptest! {
    #![proptest_config(config(1000, 3_003))]

    /// cyclic(x) → cyclic(y) through lcm(x, y): the data ends in cyclic(y),
    /// and each phase stays within Theorem 3's ⌈log K⌉ + 2 (K < P).
    #[test]
    fn cyclic_x_to_cyclic_y(
        x in 1usize..=12,
        y in 1usize..=12,
        p in 1usize..=16,
        copies in 1usize..=40,
        which in 0usize..4,
    ) {
        let l = x / crate::redist::shape::gcd(x, y) * y;
        let problem = GeneralConfig { x, y, p, n: l * copies }.validate().unwrap();
        let scheme = [Scheme::Direct, Scheme::Indirect, Scheme::Hybrid(1), Scheme::Multiphase][which];
        let run = problem.execute(scheme);
        prop_assert!(run.is_ok(), "{:?}", run.err());
        prop_assert_eq!(run.unwrap().steps.len(), problem.n_steps(scheme));
        let bound = |k: usize| if k == 1 { 0 } else { ceil_log2(k) + 2 };
        if l / x < p && l / y < p {
            prop_assert!(
                problem.n_steps(Scheme::Indirect) <= bound(l / x) + bound(l / y),
                "x = {}, y = {}, P = {}", x, y, p
            );
        }
    }
}

proptest! {
    #![proptest_config(config(500, 3_004))]

    /// With K a power of two below P and N filling whole superblocks, the
    /// plans' exact GDM costs match Corollary 2: the direct and hybrid
    /// formulas exactly, the indirect one minus one start-up and half a
    /// local array (Corollary 2 charges the ⌈log K⌉ + 2 bound; the schedule
    /// takes ⌈log K′⌉ + ⌈log G⌉ + 1 = log K + 1 steps).
    #[test]
    fn plan_costs_match_corollary_2(
        log_k in 1u32..=5,
        extra_p in 1usize..=40,
        x in 1usize..=4,
        supers in 1usize..=3,
        d in 0usize..=5,
    ) {
        let k = 1usize << log_k;
        let p = k + extra_p;
        let sh = Shape::new(k, p).unwrap();
        let n = supers * sh.cells() * x;
        let array = ArrayConfig { n, x }.validate(&sh).unwrap();
        let gdm = Gdm::T3D;
        let c2 = Corollary2 { n: n as f64, p, k, b: 4.0 };
        let cost = |s| plan_cost(&schedules::plan(&sh, s, Direction::Up), &array, 4, &gdm).us;
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-6 * b.max(1.0);
        prop_assert!(close(cost(Scheme::Direct), c2.direct_us(&gdm)));
        let d = d.min(sh.max_degree());
        prop_assert!(close(cost(Scheme::Hybrid(d)), c2.hybrid_us(&gdm, d)));
        let half = n as f64 / (2 * p) as f64 * 4.0 * gdm.tau_d_us_per_byte;
        prop_assert!(close(cost(Scheme::Indirect), c2.indirect_us(&gdm) - gdm.t_d_us - half));
    }
}
