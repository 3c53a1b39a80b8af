use super::order::Order;
use super::*;
use crate::algo::lp;
use crate::com::nonuniform::NonuniformConfig;
use crate::verify::verify;
use expect_test::expect;

const ALL: [Cm5Algo; 4] = [Cm5Algo::Ls, Cm5Algo::Ps, Cm5Algo::Bs, Cm5Algo::Gs];

fn render(trace: &Trace<Cm5State>) -> String {
    (1..=trace.len())
        .map(|k| format!("{k}: {}\n", caption(trace.events(k))))
        .collect()
}

fn pairs_of(s: &Schedule) -> Vec<Vec<(usize, usize)>> {
    s.phases
        .iter()
        .map(|ph| {
            let mut v: Vec<(usize, usize)> = ph
                .iter()
                .map(|t| (t.src.min(t.dst), t.src.max(t.dst)))
                .collect();
            crate::sorting::sort_by_u64(&mut v, |&(a, b)| crate::sorting::key2(a, b));
            v.dedup();
            v
        })
        .collect()
}

#[test]
fn complete_exchanges_follow_their_orders() {
    for p in [2, 4, 8, 16, 32] {
        let all = complete(p, 64).unwrap();
        for (algo, order) in [(Cm5Algo::Ps, Order::pex(p)), (Cm5Algo::Bs, Order::bex(p))] {
            let s = schedule(algo, &all).schedule;
            assert_eq!(verify(&all, &s, None), Ok(()));
            assert_eq!(pairs_of(&s), order.all(), "{algo:?} p={p}");
        }
        let lex = schedule(Cm5Algo::Ls, &all).schedule;
        assert_eq!(verify(&all, &lex, None), Ok(()));
        assert_eq!(lex.len(), p);
        assert!(lex.phases.iter().all(|ph| ph.len() == p - 1));
    }
}

#[test]
fn greedy_on_a_complete_exchange_is_pex() {
    // §5: "For a complete exchange operation this algorithm creates the
    // same communication schedule as pairwise exchange."
    for p in [2, 4, 8, 16, 32, 64] {
        let all = complete(p, 16).unwrap();
        let gs = schedule(Cm5Algo::Gs, &all).schedule;
        assert_eq!(pairs_of(&gs), Order::pex(p).all(), "p={p}");
    }
}

#[test]
fn ps_is_lp() {
    for seed in 0..5 {
        let com = NonuniformConfig::new(16, 5, seed).generate().unwrap();
        assert_eq!(schedule(Cm5Algo::Ps, &com).schedule, lp::schedule(&com));
    }
}

#[test]
fn greedy_needs_fewer_steps_on_sparse_patterns() {
    let com = NonuniformConfig::new(32, 3, 2).generate().unwrap();
    let gs = schedule(Cm5Algo::Gs, &com).schedule;
    let ps = schedule(Cm5Algo::Ps, &com).schedule;
    assert!(gs.len() < ps.len() / 2, "{} vs {}", gs.len(), ps.len());
    assert_eq!(verify(&com, &gs, None), Ok(()));
}

#[test]
fn traces_replay_to_the_schedules() {
    let com = NonuniformConfig::new(12, 4, 7).generate().unwrap();
    for algo in ALL {
        let (s, t) = trace(algo, &com);
        assert_eq!(s, schedule(algo, &com).schedule);
        assert_eq!(verify(&com, &s, None), Ok(()));
        assert_eq!(t.len(), s.len());
        for (k, phase) in s.phases.iter().enumerate() {
            assert_eq!(&t.state_at(k + 1).sends, phase, "{algo:?} step {}", k + 1);
        }
        assert_eq!(t.final_state().delivered, com.len());
    }
}

#[test]
fn golden_traces() {
    let com = Com::from_rows(&[
        vec![0, 4, 4, 0],
        vec![4, 0, 0, 0],
        vec![0, 0, 0, 4],
        vec![0, 4, 0, 0],
    ])
    .unwrap();
    let text: String = ALL
        .iter()
        .map(|&a| format!("{a:?}\n{}", render(&trace(a, &com).1)))
        .collect();
    expect![[r#"
        Ls
        1: Step 1: every processor with a message for P0 sends it. 1 message travels.
        2: Step 2: every processor with a message for P1 sends it. 2 messages travel.
        3: Step 3: every processor with a message for P2 sends it. 1 message travels.
        4: Step 4: every processor with a message for P3 sends it. 1 message travels.
        Ps
        1: Step 1: each processor i pairs with i ⊕ 1. 2 pairs meet and 3 messages travel; 1 send slot goes unused.
        2: Step 2: each processor i pairs with i ⊕ 2. 2 pairs meet and 2 messages travel; 2 send slots go unused.
        3: Step 3: each processor i pairs with i ⊕ 3. 2 pairs meet and 0 messages travel; 4 send slots go unused.
        Bs
        1: Step 1: virtual number v = (i + 1) mod p pairs with v ⊕ 1. 2 pairs meet and 0 messages travel; 4 send slots go unused.
        2: Step 2: virtual number v = (i + 1) mod p pairs with v ⊕ 2. 2 pairs meet and 2 messages travel; 2 send slots go unused.
        3: Step 3: virtual number v = (i + 1) mod p pairs with v ⊕ 3. 2 pairs meet and 3 messages travel; 1 send slot goes unused.
        Gs
        1: Step 1: each processor in turn pairs with the lowest-numbered free processor it still needs. 2 pairs meet and 3 messages travel; 1 wanted partner was already taken; 1 send slot goes unused.
        2: Step 2: each processor in turn pairs with the lowest-numbered free processor it still needs. 2 pairs meet and 2 messages travel; 2 send slots go unused.
    "#]]
    .assert_eq(&text);
}

#[test]
fn empty_local_and_single() {
    let local = Com::from_rows(&[vec![2, 0, 0], vec![0, 0, 1], vec![0, 0, 3]]).unwrap();
    for algo in ALL {
        let s = schedule(algo, &local).schedule;
        assert_eq!(verify(&local, &s, None), Ok(()), "{algo:?}");
        let one = Com::from_rows(&[vec![5]]).unwrap();
        assert_eq!(schedule(algo, &one).schedule.len(), 1, "{algo:?}");
        assert_eq!(
            schedule(Cm5Algo::Gs, &Com::empty(4).unwrap())
                .schedule
                .len(),
            0
        );
    }
    assert!(complete(4, 0).is_err());
    assert!(complete(0, 4).is_err());
}
