//! Simulator throughput: flit moves per second on the two workloads of
//! `commbook::core::sim::bench` (the browser times the same functions).
//!
//! Run with `cargo bench --profile bench-native --bench sim [-- WORD]`; with
//! a word, only the workloads whose name contains it.

use commbook::core::sim::bench;
use std::time::Instant;

fn main() {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    for w in [bench::mesh_xor_alltoall(), bench::fattree_alltoall()] {
        if !only.iter().all(|word| w.name.contains(word.as_str())) {
            continue;
        }
        let mut best = f64::INFINITY;
        let mut last = None;
        for _ in 0..3 {
            let t = Instant::now();
            last = bench::run(&w);
            best = best.min(t.elapsed().as_secs_f64());
        }
        match last {
            Some(r) => println!(
                "{}: {} cycles, {} flit moves, best of 3 {:.3} s = {:.1} M flit-moves/s",
                w.name,
                r.cycles,
                r.flit_moves,
                best,
                r.flit_moves as f64 / best / 1e6
            ),
            None => println!("{}: refused", w.name),
        }
    }
}
