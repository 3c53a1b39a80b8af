//! Property tests over random inputs: schedules always verify, generators
//! keep their promises, and nothing a person can type makes the book panic.
#![cfg(not(target_arch = "wasm32"))]

use commbook::book::figures::{CATALOGUE, read_settings};
use commbook::book::inputs::matrix::{apply_flips, parse_flips};
use commbook::book::params::{parse_step, read};
use commbook::book::route::Route;
use commbook::core::algo::lp;
use commbook::core::com::fig7::{Fig7Config, SwapMode};
use commbook::core::com::{Com, Message, import};
use commbook::core::verify::verify;
use proptest::prelude::*;

/// A random matrix: n in 1..40, each entry present with probability
/// `density`, sizes from 1 byte to 1 MB, self-messages allowed.
fn matrix() -> impl Strategy<Value = Com> {
    (1usize..40, 0.0f64..1.0, any::<u64>()).prop_map(|(n, density, seed)| {
        let mut rng = commbook::core::rng::Rng::new(seed);
        let mut ms = Vec::new();
        for src in 0..n {
            for dst in 0..n {
                if rng.unit() < density {
                    ms.push(Message {
                        src,
                        dst,
                        bytes: 1 + rng.below(1 << 20) as u64,
                    });
                }
            }
        }
        Com::from_messages(n, ms).expect("generated in range")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn lp_schedules_always_verify(com in matrix()) {
        let (s, trace) = lp::trace(&com);
        prop_assert_eq!(verify(&com, &s, None), Ok(()));
        let n = com.n();
        let steps = if n.is_power_of_two() || n % 2 == 0 { n - 1 } else { n };
        let has_local = (0..n).any(|i| com.get(i, i) > 0);
        prop_assert_eq!(s.len(), steps.max(has_local as usize));
        prop_assert_eq!(trace.final_state().delivered, com.len());
        for k in 0..s.len() {
            prop_assert_eq!(&trace.state_at(k + 1).sends, &s.phases[k]);
        }
    }

    #[test]
    fn figure7_is_d_regular_and_reproducible(n in 2usize..80, d_frac in 0.0f64..1.0, seed: u64, mode in 0usize..3, rounds in proptest::option::of(0usize..500)) {
        let d = 1 + ((n - 2) as f64 * d_frac) as usize;
        let mode = [SwapMode::Rows, SwapMode::Cols, SwapMode::Both][mode];
        let cfg = Fig7Config { mode, rounds, ..Fig7Config::new(n, d, seed) };
        let com = cfg.generate().unwrap();
        prop_assert!(com.out_degrees().iter().all(|&x| x == d));
        prop_assert!(com.in_degrees().iter().all(|&x| x == d));
        prop_assert_eq!(com.max_degree(), d);
        let (again, trace) = cfg.trace().unwrap();
        prop_assert_eq!(&again, &com);
        prop_assert_eq!(trace.final_state().to_com(), com);
    }

    #[test]
    fn routes_never_panic_and_round_trip(s in ".{0,200}") {
        let r = Route::parse(&s);
        // Whatever came in, writing it back and parsing again is stable.
        prop_assert_eq!(Route::parse(&r.to_hash()), r);
    }

    #[test]
    fn figure_settings_from_urls_never_panic(key in "[a-z]{1,6}", value in ".{0,40}", w in 0usize..64, known in any::<bool>()) {
        let entry = &CATALOGUE[w % CATALOGUE.len()];
        // Half the time a key the figure has, so values reach its reading.
        let key = if known { entry.params[w % entry.params.len()].key.to_string() } else { key };
        let raw = [(key.clone(), value.clone())];
        let (values, _) = read(entry.params, &raw, "x.");
        prop_assert_eq!(values.0.len(), entry.params.len());
        prop_assert!(read_settings(entry.name, &raw).is_some());
        let _ = parse_step(Some(&value), 10, 0, "x.");
    }

    #[test]
    fn pasted_matrices_never_panic(text in "[0-9 ,;\\-\\n\\[\\]{}:\"a-z.]{0,300}") {
        let _ = import::parse(&text);
    }

    #[test]
    fn edits_never_panic_and_stay_inside(text in "[0-9., ]{0,80}", n in 1usize..20) {
        let (flips, _) = parse_flips(&text, n);
        prop_assert!(flips.iter().all(|&(i, j)| i < n && j < n));
        let com = Com::empty(n).unwrap();
        prop_assert_eq!(apply_flips(&com, &flips).len(), flips.len());
    }
}
