#![cfg(not(target_arch = "wasm32"))]
//! Timings of the redistribution core, for the README's budgets; ignored by
//! default. Run with
//! `cargo test --profile bench-native --test bench_redist -- --ignored --nocapture`.

use commbook::core::redist::{
    ArrayConfig, Direction, Scheme, Shape, Tables, exec, grid, schedules, trace,
};
use std::time::{Duration, Instant};

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
#[ignore]
fn timings() {
    for (k, p, supers) in [(6, 9, 1), (63, 64, 2048), (255, 256, 128)] {
        let sh = Shape::new(k, p).unwrap();
        let n = sh.cells() * supers;
        let array = ArrayConfig { n, x: 1 }.validate(&sh).unwrap();
        let tables = best_of(5, || drop(Tables::new(&sh)));
        println!("K = {k}, P = {p}, N = {n}: tables {tables:?}");
        for scheme in [Scheme::Direct, Scheme::Indirect, Scheme::Multiphase] {
            let plan = schedules::plan(&sh, scheme, Direction::Up);
            let build = best_of(5, || drop(schedules::plan(&sh, scheme, Direction::Up)));
            let record = best_of(3, || drop(trace::record(&plan)));
            let list = best_of(3, || drop(grid::listing(&plan)));
            let run = best_of(3, || drop(exec::execute(&plan, &array).unwrap()));
            let sent: usize = exec::execute(&plan, &array)
                .unwrap()
                .steps
                .iter()
                .flatten()
                .map(|s| s.elements)
                .sum();
            println!(
                "  {:<10} {:>3} steps: plan {build:?}, trace {record:?}, listing {list:?}, \
                 execute {run:?} ({:.1} M elements sent)",
                scheme.name(),
                plan.n_steps(),
                sent as f64 / 1e6
            );
        }
    }
}

#[test]
#[ignore]
fn exhaustive_sweep() {
    let t = Instant::now();
    let mut plans = 0;
    for p in 2..=64 {
        for k in 1..p {
            let sh = Shape::new(k, p).unwrap();
            let array = ArrayConfig {
                n: sh.cells(),
                x: 1,
            }
            .validate(&sh)
            .unwrap();
            for d in 0..=sh.max_degree() {
                for direction in [Direction::Up, Direction::Down] {
                    let plan = schedules::plan(&sh, Scheme::Hybrid(d), direction);
                    exec::execute(&plan, &array).unwrap();
                    plans += 1;
                }
            }
        }
    }
    println!(
        "every hybrid degree, both directions, 1 ≤ K < P ≤ 64: {plans} plans executed in {:?}",
        t.elapsed()
    );
}
