//! Timings of the fast path, the trace and the checker, printed rather than
//! asserted: `cargo test --profile bench-native --lib mesh::bench -- --ignored --nocapture`.

use super::config::{CollectiveConfig, Op};
use super::{check::check, run, trace};
use crate::cost::delta::DeltaCost;
use std::time::Instant;

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed().as_secs_f64() * 1000.0)
}

#[test]
#[ignore]
fn bench_collectives() {
    for (op, shape) in [
        (Op::Scatter, (64, 64)),
        (Op::Gather, (64, 64)),
        (Op::AllToAll, (16, 16)),
        (Op::AllToAll, (32, 32)),
    ] {
        for &algo in op.algos() {
            let Ok(spec) = CollectiveConfig::new(op, algo, shape.0, shape.1).validate() else {
                continue;
            };
            let (c, run_ms) = time(|| run(&spec));
            let (_, check_ms) = time(|| check(&spec, &c.supersteps));
            let (_, cost_ms) = time(|| DeltaCost::delta().collective_us(&c));
            let trace_ms = if spec.p() <= 256 {
                time(|| trace(&spec)).1
            } else {
                f64::NAN
            };
            println!(
                "{:>8} {:<14} {}x{}: {:>8} sends, run {run_ms:8.2} ms, check {check_ms:8.2} ms, Delta model {cost_ms:8.2} ms, trace {trace_ms:8.2} ms",
                op.name(),
                spec.title(),
                shape.0,
                shape.1,
                c.sends()
            );
        }
    }
}
