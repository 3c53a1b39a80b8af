#![cfg(not(target_arch = "wasm32"))]
//! The exercises of issue 16 over many seeds: every answer is what the core
//! computes (recomputed here another way, from the instance the exercise
//! states), every do-it-yourself grader accepts its own model steps and
//! rejects a wrong one with the rule and the model step, the same seed
//! gives the same questions, and every figure link opens a figure of its
//! chapter with settings the figure accepts.

use commbook::book::exercises::{
    self, Answer, CHAPTERS, Exercise, Kind, StepAnswer, Verdict, generate,
};
use commbook::book::figures::read_settings;
use commbook::book::route::Route;
use commbook::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use commbook::core::algo::pairing::Pairing;
use commbook::core::algo::rs::{RsConfig, RsVariant};
use commbook::core::algo::{cgm, lp, rs};
use commbook::core::com::Com;
use commbook::core::com::fig7::Fig7Config;
use commbook::core::com::nonuniform::NonuniformConfig;
use commbook::core::cost::advise::{Workload, rank};
use commbook::core::cost::breakeven::LpCgmModel;
use commbook::core::cost::contention::ContentionCost;
use commbook::core::cost::delta::DeltaCost;
use commbook::core::cost::fatload::link_load;
use commbook::core::cost::gdm::Gdm;
use commbook::core::cost::machine::Machine;
use commbook::core::cost::perm::PermCost;
use commbook::core::mesh::config::{Algo, CollectiveConfig, Op};
use commbook::core::mesh::load::{LinkLoads, LoadSummary, permutation_loads};
use commbook::core::mesh::{compare, perms, run};
use commbook::core::net::mesh::Mesh;
use commbook::core::redist::cost::plan_cost;
use commbook::core::redist::scheme::DegreeSplit;
use commbook::core::redist::{ArrayConfig, Direction, Scheme, Shape, Tables, schedules, tables};
use commbook::core::reproduce::{self, Selection};
use commbook::core::sim::{SimConfig, uncontended_latency};
use commbook::core::verify::verify;
use proptest::prelude::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------
// Reading an exercise.

fn u(v: &Value, key: &str) -> usize {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("instance has no whole number '{key}': {v}")) as usize
}

fn steps(e: &Exercise) -> Vec<StepAnswer> {
    e.grader()
        .expect("a do-it-yourself exercise")
        .steps()
        .iter()
        .map(|s| s.answer.clone())
        .collect()
}

fn number(e: &Exercise) -> f64 {
    match e.answer {
        Answer::Number { value, .. } => value,
        _ => panic!("{} is not numeric", e.id),
    }
}

fn choice(e: &Exercise) -> &str {
    match e.answer {
        Answer::Choice { index } => &e.choices[index],
        _ => panic!("{} is not a choice", e.id),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

fn node(x: Option<usize>) -> StepAnswer {
    StepAnswer::Node(x)
}

fn fig7(v: &Value) -> Com {
    Fig7Config::new(u(v, "n"), u(v, "d"), v["seed"].as_u64().unwrap())
        .generate()
        .unwrap()
}

fn rows_of(v: &Value) -> Vec<Vec<usize>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as usize)
                .collect()
        })
        .collect()
}

/// One iteration of a greedy row-by-row matching, written out here: rows in
/// cyclic order from `start`, each claiming the first candidate whose
/// receiver is free. Returns, per visited row, its choice, and the
/// candidates examined.
fn greedy(offers: &[Vec<usize>], order: &[usize]) -> (Vec<Option<usize>>, usize) {
    let n = offers.len();
    let mut taken = vec![false; n.max(1) * 4];
    let (mut out, mut probes) = (Vec::new(), 0);
    for &x in order {
        let mut got = None;
        for &y in &offers[x] {
            probes += 1;
            if !taken[y] {
                taken[y] = true;
                got = Some(y);
                break;
            }
        }
        out.push(got);
    }
    (out, probes)
}

fn cyclic(start: usize, n: usize) -> Vec<usize> {
    (0..n).map(|i| (start + i) % n).collect()
}

// ---------------------------------------------------------------------------
// Every answer, recomputed.

fn check_answer(slug: &str, e: &Exercise) {
    let v = &e.instance;
    match (slug, e.id) {
        ("permutations", "lp-partners") => {
            let (n, me) = (u(v, "n"), u(v, "processor"));
            let pg = Pairing::for_n(n);
            let want: Vec<StepAnswer> = (1..=pg.steps()).map(|k| node(pg.partner(me, k))).collect();
            assert_eq!(steps(e), want);
        }
        ("permutations", "lp-idle") => {
            let com = fig7(v);
            let n = com.n();
            let pg = Pairing::for_n(n);
            let slots: usize = (1..=pg.steps()).map(|k| 2 * pg.pairs(k).len()).sum();
            let sent = com.messages().filter(|m| m.src != m.dst).count();
            assert_eq!(number(e) as usize, slots - sent);
        }
        ("permutations", "phase-cost") => {
            let c = PermCost::cm5_table1();
            let want =
                u(v, "phases") as f64 * (c.tau_us + c.phi_us_per_byte * u(v, "bytes") as f64);
            assert!(close(number(e), want));
        }
        ("permutations", "lp-steps") => {
            let com = fig7(v);
            let s = lp::schedule(&com);
            assert_eq!(verify(&com, &s, None), Ok(()));
            let n = com.n();
            assert_eq!(
                choice(e),
                (if n.is_multiple_of(2) { n - 1 } else { n }).to_string()
            );
        }
        ("compaction", "ccom-fill") => {
            let ccom = rows_of(&v["ccom"]);
            for (step, claim) in steps(e).iter().zip(rows_of(&v["claims"])) {
                let (row, z, y) = (claim[0], claim[1], claim[2]);
                let mut r = ccom[row].clone();
                assert_eq!(r[z], y);
                let last = r.pop().unwrap();
                if z < r.len() {
                    r[z] = last;
                }
                assert_eq!(step, &StepAnswer::Row(r));
            }
        }
        ("compaction", "cgm-probes") => {
            let ccom = rows_of(&v["ccom"]);
            let (_, probes) = greedy(&ccom, &cyclic(u(v, "start"), ccom.len()));
            assert_eq!(number(e) as usize, probes);
        }
        ("compaction", "random-swap") => {
            use commbook::core::algo::ccom::RowOrder;
            let com = fig7(v);
            let s = v["seed"].as_u64().unwrap();
            let (on, off) = (
                cgm::run_ordered(&com, s, RowOrder::Shuffled).probes,
                cgm::run_ordered(&com, s, RowOrder::Sorted).probes,
            );
            let want = if off > on {
                "more probes"
            } else if off < on {
                "fewer probes"
            } else {
                "the same number"
            };
            assert_eq!(choice(e), want);
        }
        ("cgm", "gm-pairs") => {
            let com = rows_of(&v["com"]);
            let n = com.len();
            let offers: Vec<Vec<usize>> = com
                .iter()
                .map(|r| (0..n).filter(|&y| r[y] > 0).collect())
                .collect();
            let (want, _) = greedy(&offers, &cyclic(u(v, "start"), n));
            assert_eq!(steps(e), want.into_iter().map(node).collect::<Vec<_>>());
            check_phase(v, &fig7(v), &steps(e), n, |com, s| {
                commbook::core::algo::gm::run(com, commbook::core::algo::gm::Scan::FromZero, s)
                    .schedule
            });
        }
        ("cgm", "cgm-pairs") => {
            let ccom = rows_of(&v["ccom"]);
            let (want, _) = greedy(&ccom, &cyclic(u(v, "start"), ccom.len()));
            assert_eq!(steps(e), want.into_iter().map(node).collect::<Vec<_>>());
            check_phase(v, &fig7(v), &steps(e), ccom.len(), |com, s| {
                cgm::run(com, s).schedule
            });
        }
        ("cgm", "cgm-phases") => {
            let com = fig7(v);
            let s = cgm::run(&com, v["seed"].as_u64().unwrap()).schedule;
            assert_eq!(verify(&com, &s, None), Ok(()));
            assert_eq!(number(e) as usize, s.len());
            assert!(s.len() >= u(v, "d") && s.len() < 2 * u(v, "d"));
        }
        ("cgm", "breakeven") => {
            let m = LpCgmModel::fitted();
            let (d, b) = (u(v, "d") as f64, u(v, "bytes") as f64);
            let want = if m.cgm_us(d, b) <= m.lp_us(d, b) {
                "CGM"
            } else {
                "LP"
            };
            assert_eq!(choice(e), want);
        }
        ("nice", "rs-n-phase") => {
            let ccom: Vec<Vec<usize>> = v["ccom"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    r.as_array()
                        .unwrap()
                        .iter()
                        .map(|p| p[0].as_u64().unwrap() as usize)
                        .collect()
                })
                .collect();
            let n = ccom.len();
            let order: Vec<usize> = cyclic(u(v, "start"), n)
                .into_iter()
                .filter(|&r| !ccom[r].is_empty())
                .collect();
            let (want, _) = greedy(&ccom, &order);
            assert_eq!(steps(e), want.iter().copied().map(node).collect::<Vec<_>>());
            // The same pairs form that phase of RS_N's schedule.
            let com = nonuniform(v);
            let s = rs::schedule(&com, &RsConfig::new(RsVariant::N, seed(v)))
                .unwrap()
                .schedule;
            let phase: BTreeSet<(usize, usize)> = s.phases[u(v, "phase") - 1]
                .iter()
                .filter(|t| t.src != t.dst)
                .map(|t| (t.src, t.dst))
                .collect();
            let mine: BTreeSet<(usize, usize)> = order
                .iter()
                .zip(&want)
                .filter_map(|(&x, y)| y.map(|y| (x, y)))
                .collect();
            assert_eq!(phase, mine);
        }
        ("nice", "rs-n-phases") => {
            let com = nonuniform(v);
            let s = rs::schedule(&com, &RsConfig::new(RsVariant::N, seed(v)))
                .unwrap()
                .schedule;
            assert_eq!(verify(&com, &s, None), Ok(()));
            assert_eq!(number(e) as usize, s.len());
        }
        ("nice", "split-or-not") => {
            let com = nonuniform(v);
            let total = |variant| {
                let s = rs::schedule(&com, &RsConfig::new(variant, seed(v)))
                    .unwrap()
                    .schedule;
                assert_eq!(verify(&com, &s, None), Ok(()));
                s.phase_max_network_bytes().iter().sum::<u64>()
            };
            let (nh, n) = (total(RsVariant::Nh), total(RsVariant::N));
            assert!(nh <= n);
            assert!(e.accepts_choice(if nh < n { 0 } else { 1 }), "{nh} {n}");
        }
        ("cm5", "exchange-partners") => {
            let (p, me) = (u(v, "p"), u(v, "processor"));
            let want: Vec<StepAnswer> = match v["algo"].as_str().unwrap() {
                "pex" => (1..p).map(|k| node(Some(me ^ k))).collect(),
                "bex" => (1..p)
                    .map(|k| {
                        // Virtual numbers v = (i + 1) mod p meet v ⊕ k.
                        let w = ((me + 1) % p) ^ k;
                        node(Some((w + p - 1) % p))
                    })
                    .collect(),
                _ => (1..=p.ilog2() as usize)
                    .map(|k| node(Some(me ^ (p >> k))))
                    .collect(),
            };
            assert_eq!(steps(e), want);
        }
        ("cm5", "exchange-winner") => {
            let m = ContentionCost::cm5();
            let (p, b) = (u(v, "p"), u(v, "bytes") as u64);
            let t: Vec<f64> = Exchange::PAPER
                .iter()
                .map(|&x| ExchangePlan::new(x, p).unwrap().predicted_us(&m, b))
                .collect();
            let best = (0..4).min_by(|&a, &c| t[a].total_cmp(&t[c])).unwrap();
            assert_eq!(choice(e), Exchange::PAPER[best].title());
        }
        ("today", "bruck-step") => {
            // Before step k the block at position q has moved by the low
            // k − 1 binary digits of q: from r − (q mod 2^(k−1)), bound for
            // that processor + q.
            let (p, r) = (u(v, "p"), u(v, "processor"));
            let lg = (usize::BITS - (p - 1).leading_zeros()) as usize;
            let want: Vec<StepAnswer> = (1..=lg)
                .map(|k| {
                    let bit = 1 << (k - 1);
                    StepAnswer::Row(
                        (0..p)
                            .filter(|q| q & bit != 0)
                            .map(|q| (r + p - q % bit + q) % p)
                            .collect(),
                    )
                })
                .collect();
            assert_eq!(steps(e), want);
        }
        ("today", "alltoall-steps") => {
            let p = u(v, "p");
            let want = match v["algo"].as_str().unwrap() {
                "bruck" => (usize::BITS - (p - 1).leading_zeros()) as f64,
                _ => (p - 1) as f64,
            };
            assert_eq!(number(e), want);
        }
        ("today", "alltoall-choice") => {
            let (p, b) = (u(v, "p"), u(v, "bytes") as u64);
            let want = match v["library"].as_str().unwrap() {
                // MPICH's rule as Thakur, Rabenseifner and Gropp state it.
                "mpich" if b <= 256 && p >= 8 => "Bruck's",
                "mpich" if b <= 32768 => "every send at once (linear, isend-irecv)",
                "mpich" if p.is_power_of_two() => "pairwise exchange by XOR (PEX)",
                "mpich" => "the shift (r → r + i)",
                _ => match commbook::core::algo::cm5::libraries::open_mpi_number(p, b) {
                    1 | 4 => "every send at once (linear, isend-irecv)",
                    3 => "Bruck's",
                    _ => "the shift (r → r + i)",
                },
            };
            assert_eq!(choice(e), want);
        }
        ("cm5", "contention") => {
            let pairs: Vec<(usize, usize)> = v["pairs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p[0].as_u64().unwrap() as usize,
                        p[1].as_u64().unwrap() as usize,
                    )
                })
                .collect();
            let both = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]);
            assert!(close(number(e), link_load(u(v, "p"), both)));
        }
        ("scatter", "binomial-child") => {
            let (rows, cols, root) = (u(v, "rows"), u(v, "cols"), u(v, "root"));
            assert_eq!(steps(e), halving_children(rows, cols, root));
        }
        ("scatter", "setups") => {
            let (algo, _) = Algo::parse(v["algo"].as_str().unwrap()).unwrap();
            let spec = CollectiveConfig::new(Op::Scatter, algo, u(v, "rows"), u(v, "cols"))
                .validate()
                .unwrap();
            let c = run(&spec);
            assert_eq!(number(e) as usize, c.setups());
            if algo == Algo::LogpLevSq {
                let lg = |x: usize| x.next_power_of_two().ilog2() as usize;
                assert_eq!(c.setups(), lg(u(v, "rows")) + lg(u(v, "cols")));
            }
            if algo == Algo::Dir {
                assert_eq!(c.setups(), u(v, "rows") * u(v, "cols") - 1);
            }
        }
        ("scatter", "scatter-winner") => {
            let cfg = CollectiveConfig {
                bytes: u(v, "bytes") as u64,
                ..CollectiveConfig::new(Op::Scatter, Algo::Dir, u(v, "rows"), u(v, "cols"))
            };
            let runs = compare::five(&cfg).unwrap();
            let d = DeltaCost::delta();
            let t: Vec<f64> = runs
                .iter()
                .map(|r| d.collective_us(&run(&r.spec)))
                .collect();
            let best = (0..t.len()).min_by(|&a, &b| t[a].total_cmp(&t[b])).unwrap();
            assert_eq!(choice(e), runs[best].spec.title());
        }
        ("tournament", "tournament-round") => {
            let m = u(v, "players");
            let last = m - 1;
            let want: Vec<StepAnswer> = (1..m)
                .map(|r| {
                    let mut pairs = vec![(r - 1, last)];
                    for i in 0..last {
                        let j = (2 * (r - 1) + last - i % last) % last;
                        if i < j && j != r - 1 {
                            pairs.push((i, j));
                        }
                    }
                    StepAnswer::Pairs(pairs).normalized()
                })
                .collect();
            assert_eq!(steps(e), want);
        }
        ("tournament", "load") => {
            let (max, sum) = mesh_loads(u(v, "rows"), u(v, "cols"));
            let s = ["linear", "XOR", "balanced"]
                .iter()
                .position(|x| *x == v["scheme"])
                .unwrap();
            let want = if v["measure"] == "sum_load" {
                sum[s] as f64
            } else {
                max[s] as f64
            };
            assert_eq!(number(e), want);
        }
        ("tournament", "load-winner") => {
            let (_, sum) = mesh_loads(u(v, "rows"), u(v, "cols"));
            let names = ["linear", "XOR", "balanced"];
            let (lo, hi) = (
                (0..3).min_by_key(|&i| sum[i]).unwrap(),
                (0..3).max_by_key(|&i| sum[i]).unwrap(),
            );
            assert!(choice(e) == names[lo] || choice(e) == names[hi]);
            let want = if e.title.contains("largest") { hi } else { lo };
            assert_eq!(choice(e), names[want]);
        }
        ("combining", "bfly-partner") => {
            let (p, me) = (u(v, "rows") * u(v, "cols"), u(v, "processor"));
            let want: Vec<StepAnswer> = (1..=p.ilog2() as usize)
                .map(|s| node(Some(me ^ (p >> s))))
                .collect();
            assert_eq!(steps(e), want);
        }
        ("combining", "supersteps") => {
            let (algo, _) = Algo::parse(v["algo"].as_str().unwrap()).unwrap();
            let (r, c) = (u(v, "rows"), u(v, "cols"));
            let spec = CollectiveConfig::new(Op::AllToAll, algo, r, c)
                .validate()
                .unwrap();
            let len = run(&spec).supersteps.len();
            assert_eq!(number(e) as usize, len);
            match algo {
                Algo::TwoLevCr => assert_eq!(len, (r - 1) + (c - 1)),
                Algo::LogpLevBfly => assert_eq!(len, (r * c).ilog2() as usize),
                _ => {}
            }
        }
        ("combining", "combining-winner") => {
            let (algo, _) = Algo::parse(v["algo"].as_str().unwrap()).unwrap();
            let t = [Algo::Xor, algo].map(|a| {
                let cfg = CollectiveConfig {
                    bytes: u(v, "bytes") as u64,
                    ..CollectiveConfig::new(Op::AllToAll, a, u(v, "rows"), u(v, "cols"))
                };
                DeltaCost::delta().collective_us(&run(&cfg.validate().unwrap()))
            });
            let want = if t[1] < t[0] {
                algo.name()
            } else {
                "1-lev-xor"
            };
            assert_eq!(choice(e), want);
        }
        ("redistribution", "table-row") => {
            let (k, p) = (u(v, "k"), u(v, "p"));
            let sh = Shape::new(k, p).unwrap();
            // S′ by performing the moves of eqs. 4, 8 and 9 (not Theorem 2).
            let (sp, _) = tables::constructive(&sh);
            let want: Vec<StepAnswer> = (0..k)
                .map(|i| {
                    let row: Vec<usize> = sp.row(i).iter().map(|&c| c as usize).collect();
                    if v["fill"] == "Rp" {
                        let mut rp = vec![usize::MAX; p];
                        for &b in &row {
                            rp[b / k] = b;
                        }
                        StepAnswer::Row(rp)
                    } else {
                        StepAnswer::Row(row)
                    }
                })
                .collect();
            assert_eq!(steps(e), want);
            assert_eq!(Tables::new(&sh).sp, sp);
        }
        ("redistribution", "hybrid-steps") => {
            let sh = Shape::new(u(v, "k"), u(v, "p")).unwrap();
            let d = u(v, "d");
            assert_eq!(number(e) as usize, DegreeSplit::best(&sh, d).steps());
            let plan = schedules::plan(&sh, Scheme::Hybrid(d), Direction::Up);
            assert_eq!(number(e) as usize, plan.n_steps());
        }
        ("redistribution", "direct-or-indirect") => {
            let sh = Shape::new(u(v, "k"), u(v, "p")).unwrap();
            let array = ArrayConfig { n: u(v, "n"), x: 1 }
                .validate_for_cost(&sh)
                .unwrap();
            let gdm = Gdm::preset(v["machine"].as_str().unwrap()).unwrap();
            let t = [Scheme::Direct, Scheme::Indirect]
                .map(|s| plan_cost(&schedules::plan(&sh, s, Direction::Up), &array, 4, &gdm).us);
            assert_eq!(choice(e), if t[1] < t[0] { "indirect" } else { "direct" });
        }
        ("simulation", "xy-hop") => {
            let mesh = Mesh::new(u(v, "rows"), u(v, "cols"));
            let path = mesh.path(u(v, "src"), u(v, "dst"));
            let want: Vec<StepAnswer> = path[1..].iter().map(|&p| node(Some(p))).collect();
            assert_eq!(steps(e), want);
        }
        ("simulation", "latency") => {
            let mesh = Mesh::new(u(v, "rows"), u(v, "cols"));
            let hops = mesh.hops(u(v, "src"), u(v, "dst")) as u64;
            let want = uncontended_latency(&SimConfig::delta(), hops, u(v, "bytes") as u64);
            assert_eq!(number(e) as u64, want);
        }
        ("simulation", "busiest-link") => {
            use commbook::core::net::Network;
            let mesh = Mesh::new(u(v, "rows"), u(v, "cols"));
            let pairs: Vec<(usize, usize)> = v["pairs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p[0].as_u64().unwrap() as usize,
                        p[1].as_u64().unwrap() as usize,
                    )
                })
                .collect();
            let loads = LinkLoads::of(&mesh, pairs);
            let top = loads.max();
            let best: Vec<usize> = (0..loads.counts.len())
                .filter(|&l| loads.counts[l] == top)
                .collect();
            assert_eq!(best.len(), 1, "a unique busiest link");
            assert_eq!(choice(e), mesh.link_label(best[0] as _));
        }
        ("lab", _) => {
            let rows: Vec<Vec<u64>> = serde_json::from_value(v["com"].clone()).unwrap();
            let n = rows.len();
            let off = |i: usize, j: usize| if i == j { 0 } else { rows[i][j] };
            match e.id {
                "bound-bytes" => {
                    // The largest row or column sum, written out.
                    let row_max = (0..n)
                        .map(|i| (0..n).map(|j| off(i, j)).sum::<u64>())
                        .max()
                        .unwrap();
                    let col_max = (0..n)
                        .map(|j| (0..n).map(|i| off(i, j)).sum::<u64>())
                        .max()
                        .unwrap();
                    assert_eq!(number(e), row_max.max(col_max) as f64);
                }
                "phase-loads" => {
                    // Each phase's busiest port, from the phases as listed.
                    let phases: Vec<Vec<[u64; 3]>> =
                        serde_json::from_value(v["phases"].clone()).unwrap();
                    let want: Vec<StepAnswer> = phases
                        .iter()
                        .map(|ph| {
                            let mut port = BTreeMap::new();
                            for &[a, b, bytes] in ph.iter().filter(|t| t[0] != t[1]) {
                                *port.entry((0, a)).or_insert(0u64) += bytes;
                                *port.entry((1, b)).or_insert(0u64) += bytes;
                            }
                            StepAnswer::Row(
                                vec![port.values().copied().max().unwrap_or(0) as usize],
                            )
                        })
                        .collect();
                    assert_eq!(steps(e), want);
                }
                "bound-phases" => {
                    let deg = |f: &dyn Fn(usize, usize) -> u64| {
                        (0..n)
                            .map(|i| (0..n).filter(|&j| f(i, j) > 0).count())
                            .max()
                            .unwrap()
                    };
                    let want = deg(&off).max(deg(&|i, j| off(j, i)));
                    assert_eq!(number(e), want as f64);
                }
                _ => {
                    // Each scheduler run through the CLI's function; the
                    // load summed phase by phase over both port sides.
                    let com = Com::from_rows(&rows).unwrap();
                    let seed = v["seed"].as_u64().unwrap();
                    let load = |algo: &str| -> u64 {
                        let r = commbook::api::schedule_matrix(
                            algo,
                            &com,
                            &commbook::core::algo::RunOptions::new(seed),
                            Default::default(),
                            "cm5",
                            Machine::Cm5.cost(),
                        )
                        .unwrap();
                        r.phases
                            .iter()
                            .map(|ph| {
                                let mut port = std::collections::HashMap::new();
                                for t in ph.iter().filter(|t| t.src != t.dst) {
                                    *port.entry((0, t.src)).or_insert(0) += t.bytes;
                                    *port.entry((1, t.dst)).or_insert(0) += t.bytes;
                                }
                                port.values().copied().max().unwrap_or(0)
                            })
                            .sum()
                    };
                    let all: Vec<(String, u64)> = ["lp", "gm", "rs-n", "rs-nh"]
                        .iter()
                        .map(|a| (a.to_ascii_uppercase().replace('-', "_"), load(a)))
                        .collect();
                    let best = all.iter().map(|x| x.1).min().unwrap();
                    let winners: Vec<&String> =
                        all.iter().filter(|x| x.1 == best).map(|x| &x.0).collect();
                    assert_eq!(winners.len(), 1, "a clear winner: {all:?}");
                    assert_eq!(&choice(e), winners[0]);
                }
            }
        }
        ("choosing", "advise-irregular" | "advise-exchange" | "advise-time") => {
            let m = Machine::parse(v["machine"].as_str().unwrap()).unwrap();
            let b = u(v, "bytes") as u64;
            let w = match e.id {
                "advise-irregular" => Workload::Irregular {
                    p: u(v, "p"),
                    d: u(v, "d"),
                    bytes: b,
                    reuse: u(v, "reuse") as u64,
                },
                "advise-exchange" => Workload::Exchange {
                    p: u(v, "p"),
                    bytes: b,
                },
                _ => Workload::Redist {
                    k: u(v, "k"),
                    p: u(v, "p"),
                    bytes: b,
                },
            };
            let mut r = rank(m.cost(), w);
            if e.id == "advise-exchange" {
                // The question offers paper 004's four; the advisor also
                // prices chapter 14's three.
                r.retain(|c| ["LEX", "PEX", "REX", "BEX"].contains(&c.algo.as_str()));
            }
            if e.kind() == Kind::Numeric {
                assert!(close(number(e), r[0].us));
            } else {
                assert_eq!(choice(e), r[0].algo);
            }
        }
        ("appendix", _) => {
            let t = recomputed(v["table"].as_str().unwrap());
            let column = v["column"].as_str().unwrap();
            let gap = |c: &reproduce::Cell| {
                let (p, o) = (c.published.number().unwrap(), c.ours.number().unwrap());
                (o / p).max(p / o)
            };
            match e.id {
                "largest-gap" => {
                    let rows: Vec<(&str, f64)> = t
                        .rows
                        .iter()
                        .filter_map(|r| {
                            let c = r.cells.iter().find(|c| c.column == column)?;
                            c.published.number()?;
                            Some((r.label.as_str(), gap(c)))
                        })
                        .collect();
                    let best = rows.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
                    assert_eq!(choice(e), best.0);
                }
                _ => {
                    let row = t.rows.iter().find(|r| r.label == v["row"]).unwrap();
                    let cell = row.cells.iter().find(|c| c.column == column).unwrap();
                    if e.id == "verdict" {
                        assert_eq!(choice(e), cell.verdict.word());
                    } else {
                        assert!(close(number(e), cell.ours.number().unwrap()));
                    }
                }
            }
        }
        (slug, id) => panic!("no recomputation for {slug}/{id}: add one here"),
    }
}

/// A table of the appendix, recomputed once per test run.
fn recomputed(id: &str) -> reproduce::Table {
    use std::sync::{Mutex, OnceLock};
    static DONE: OnceLock<Mutex<BTreeMap<String, reproduce::Table>>> = OnceLock::new();
    let mut done = DONE.get_or_init(Default::default).lock().unwrap();
    done.entry(id.to_string())
        .or_insert_with(|| {
            reproduce::reproduce(&Selection {
                paper: None,
                table: Some(id.into()),
            })
            .unwrap()
            .pop()
            .unwrap()
        })
        .clone()
}

fn seed(v: &Value) -> u64 {
    v["seed"].as_u64().unwrap()
}

fn nonuniform(v: &Value) -> Com {
    NonuniformConfig {
        max: u(v, "max") as u64,
        unit: u(v, "unit") as u64,
        ..NonuniformConfig::new(u(v, "n"), u(v, "d"), seed(v))
    }
    .generate()
    .unwrap()
}

/// The pairs a GM or CGM iteration claims are that phase of its schedule.
fn check_phase(
    v: &Value,
    com: &Com,
    answers: &[StepAnswer],
    n: usize,
    schedule: impl Fn(&Com, u64) -> commbook::core::schedule::Schedule,
) {
    let s = schedule(com, seed(v));
    assert_eq!(verify(com, &s, None), Ok(()));
    let phase: BTreeSet<(usize, usize)> = s.phases[u(v, "iteration") - 1]
        .iter()
        .map(|t| (t.src, t.dst))
        .collect();
    let mine: BTreeSet<(usize, usize)> = cyclic(u(v, "start"), n)
        .into_iter()
        .zip(answers)
        .filter_map(|(x, a)| match a {
            StepAnswer::Node(Some(y)) => Some((x, *y)),
            _ => None,
        })
        .collect();
    assert_eq!(phase, mine);
}

/// The children of `root` in logp-lev-sq, by halving rectangles here.
fn halving_children(rows: usize, cols: usize, root: usize) -> Vec<StepAnswer> {
    let (mut r0, mut c0, mut h, mut w) = (0, 0, rows, cols);
    let (rr, rc) = (root / cols, root % cols);
    let mut out = Vec::new();
    while h * w >= 2 {
        // Cut across the longer side; the first half takes the extra line.
        let (a, b) = if w >= h {
            let k = w.div_ceil(2);
            ((r0, c0, h, k), (r0, c0 + k, h, w - k))
        } else {
            let k = h.div_ceil(2);
            ((r0, c0, k, w), (r0 + k, c0, h - k, w))
        };
        let inside = |x: (usize, usize, usize, usize)| {
            (x.0..x.0 + x.2).contains(&rr) && (x.1..x.1 + x.3).contains(&rc)
        };
        let (mine, other) = if inside(a) { (a, b) } else { (b, a) };
        let (i, j) = (rr - mine.0, rc - mine.1);
        let leader = (other.0 + i.min(other.2 - 1)) * cols + other.1 + j.min(other.3 - 1);
        out.push(StepAnswer::Node(Some(leader)));
        (r0, c0, h, w) = mine;
    }
    out
}

/// max_load and sum_load of linear, XOR and balanced permutations.
fn mesh_loads(rows: usize, cols: usize) -> ([u32; 3], [u64; 3]) {
    let mesh = Mesh::new(rows, cols);
    let p = rows * cols;
    let all = [perms::linear(p), perms::xor(p), perms::balanced(&mesh)];
    let s = all.map(|perms| LoadSummary::of(permutation_loads(&mesh, &perms)));
    (s.map(|x| x.max_load), s.map(|x| x.sum_load))
}

// ---------------------------------------------------------------------------
// Graders.

/// An answer of the same form as `a` that is not `a`.
fn perturb(a: &StepAnswer) -> StepAnswer {
    match a {
        StepAnswer::Node(Some(x)) => StepAnswer::Node(Some(x + 1)),
        StepAnswer::Node(None) => StepAnswer::Node(Some(0)),
        StepAnswer::Pairs(ps) if ps.len() > 1 => StepAnswer::Pairs(ps[1..].to_vec()),
        StepAnswer::Pairs(ps) => {
            let (a, b) = ps.first().copied().unwrap_or((0, 1));
            StepAnswer::Pairs(vec![(a, b + 1)])
        }
        StepAnswer::Row(r) => {
            let mut r = r.clone();
            if r.is_empty() {
                r.push(0);
            } else {
                r[0] += 1;
            }
            StepAnswer::Row(r)
        }
    }
}

fn check_grader(e: &Exercise) {
    let g = e.grader().unwrap();
    assert!(!g.is_empty(), "{} has no steps", e.id);
    for (i, step) in g.steps().iter().enumerate() {
        assert!(!step.prompt.is_empty() && !step.rule.is_empty() && !step.why.is_empty());
        assert_eq!(
            g.check(i, &step.answer),
            Verdict::Correct,
            "{} step {i}",
            e.id
        );
        // The model answer typed back in.
        let typed = g.parse(i, &step.answer.to_string()).unwrap();
        assert_eq!(g.check(i, &typed), Verdict::Correct, "{} step {i}", e.id);
        let wrong = perturb(&step.answer);
        assert_ne!(wrong.normalized(), step.answer);
        match g.check(i, &wrong) {
            Verdict::Wrong { rule, yours, model } => {
                assert_eq!(model, *step, "{} step {i}", e.id);
                assert_eq!(rule, step.rule);
                assert!(
                    yours.starts_with(&format!("you answered {}", wrong.normalized())),
                    "{}: {yours}",
                    e.id
                );
                assert!(yours.len() > "you answered ".len() + 3, "{}: {yours}", e.id);
            }
            other => panic!("{} step {i}: {other:?}", e.id),
        }
    }
    assert_eq!(
        g.check(g.len(), &g.steps()[0].answer),
        Verdict::NoSuchStep { steps: g.len() }
    );
}

// ---------------------------------------------------------------------------
// Figure links against the chapters.

/// (slug → figure id → figure name) from `chapters/*.md`.
fn chapter_figures() -> BTreeMap<String, BTreeMap<String, String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/chapters");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(slug) = name
            .strip_suffix(".md")
            .and_then(|s| s.split_once('-'))
            .filter(|(num, _)| num.chars().all(|c| c.is_ascii_digit()))
            .map(|(_, slug)| slug.to_string())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let mut figures = BTreeMap::new();
        let mut kind: Option<String> = None;
        for line in text.lines() {
            if let Some(k) = line.strip_prefix("```figure ") {
                kind = Some(k.trim().to_string());
            } else if line.trim() == "```" {
                kind = None;
            } else if let (Some(k), Some(id)) = (&kind, line.strip_prefix("id:")) {
                figures.insert(id.trim().to_string(), k.clone());
            }
        }
        out.insert(slug, figures);
    }
    out
}

fn check_link(e: &Exercise, chapters: &BTreeMap<String, BTreeMap<String, String>>) {
    let l = &e.figure;
    let figures = chapters
        .get(l.chapter)
        .unwrap_or_else(|| panic!("{}: no chapter '{}'", e.id, l.chapter));
    let kind = figures
        .get(l.id)
        .unwrap_or_else(|| panic!("{}: chapter {} has no figure '{}'", e.id, l.chapter, l.id));
    let raw: Vec<(String, String)> = l
        .settings
        .iter()
        .filter(|(k, _)| *k != "step")
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let notices = read_settings(kind, &raw).expect("a figure of the catalogue");
    assert!(notices.is_empty(), "{} → {}: {notices:?}", e.id, l.href());
    match Route::parse(&l.href()) {
        Route::Chapter { slug, query } => {
            assert_eq!(slug, l.chapter);
            assert!(!query.is_empty());
            for (k, _) in &query {
                assert!(k.starts_with(&format!("{}.", l.id)), "{}", l.href());
            }
            let back: Vec<(String, String)> = l
                .settings
                .iter()
                .map(|(k, v)| (format!("{}.{k}", l.id), v.clone()))
                .collect();
            assert_eq!(query, back);
        }
        other => panic!("{}: {other:?}", l.href()),
    }
}

// ---------------------------------------------------------------------------

fn all(seed: u64) -> Vec<(&'static str, Vec<Exercise>)> {
    CHAPTERS
        .iter()
        .map(|(slug, _)| (*slug, generate(slug, seed).unwrap()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_answer_is_what_the_core_computes(seed in 0u64..=u32::MAX as u64) {
        for (slug, list) in all(seed) {
            for e in &list {
                check_answer(slug, e);
                match &e.answer {
                    Answer::Number { value, tolerance } => {
                        prop_assert!(value.is_finite() && *tolerance >= 0.0);
                        prop_assert!(e.accepts_number(*value));
                        prop_assert!(!e.accepts_number(value + 1.0 + value.abs() * (tolerance + 0.01)));
                    }
                    Answer::Choice { index } => {
                        prop_assert!(*index < e.choices.len() && e.choices.len() >= 2);
                        let distinct: BTreeSet<&String> = e.choices.iter().collect();
                        prop_assert_eq!(distinct.len(), e.choices.len(), "{}: repeated choices", e.id);
                    }
                    Answer::Steps(_) => prop_assert!(e.choices.is_empty()),
                }
            }
        }
    }

    #[test]
    fn graders_accept_the_model_and_reject_a_wrong_step(seed in 0u64..=u32::MAX as u64) {
        for (_, list) in all(seed) {
            for e in list.iter().filter(|e| e.kind() == Kind::DoIt) {
                check_grader(e);
            }
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn a_seed_gives_the_same_questions(seed in 0u64..=u32::MAX as u64, other in 0u64..=u32::MAX as u64) {
        let a = all(seed);
        prop_assert_eq!(&a, &all(seed));
        if seed != other {
            let b = all(other);
            let differ = a.iter().zip(&b).filter(|(x, y)| x.1 != y.1).count();
            // Each chapter's instances come from 32-bit draws: two seeds
            // give the same set for a chapter very rarely, never for all.
            prop_assert!(differ >= CHAPTERS.len() - 2, "{} of {} chapters differ", differ, CHAPTERS.len());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn figure_links_open_a_figure_of_their_chapter(seed in 0u64..=u32::MAX as u64) {
        let chapters = chapter_figures();
        for (_, list) in all(seed) {
            for e in &list {
                check_link(e, &chapters);
            }
        }
    }
}

#[test]
fn every_chapter_has_three_exercises_of_two_kinds() {
    let chapters = chapter_figures();
    let slugs: Vec<&str> = CHAPTERS.iter().map(|(s, _)| *s).collect();
    // Every chapter of the book (the appendix included) has exercises.
    for slug in chapters.keys() {
        assert!(
            slugs.contains(&slug.as_str()),
            "chapter {slug} has no exercises"
        );
    }
    for seed in [0, 1, 7, 4_294_967_295] {
        for (slug, list) in all(seed) {
            assert!(list.len() >= 3, "{slug}");
            let kinds: BTreeSet<&str> = list.iter().map(|e| e.kind().name()).collect();
            assert!(kinds.len() >= 2, "{slug}: {kinds:?}");
            let has_doit = list.iter().any(|e| e.kind() == Kind::DoIt);
            assert_eq!(has_doit, !matches!(slug, "choosing" | "appendix"), "{slug}");
            let ids: BTreeSet<&str> = list.iter().map(|e| e.id).collect();
            assert_eq!(ids.len(), list.len(), "{slug}: ids repeat");
            for e in &list {
                assert!(!e.title.is_empty() && !e.text.is_empty() && !e.explanation.is_empty());
                assert!(
                    e.explanation.contains('['),
                    "{slug}/{}: the explanation cites nothing",
                    e.id
                );
                assert!(e.instance.is_object(), "{slug}/{}", e.id);
            }
        }
    }
    // The ids are the same for every seed.
    let ids = |s| -> Vec<Vec<&str>> {
        all(s)
            .iter()
            .map(|(_, l)| l.iter().map(|e| e.id).collect())
            .collect()
    };
    assert_eq!(ids(1), ids(2));
}

#[test]
fn different_seeds_give_different_instances_in_every_chapter() {
    for (slug, _) in CHAPTERS {
        let distinct: BTreeSet<String> = (0..12)
            .map(|s| {
                format!(
                    "{:?}",
                    generate(slug, s)
                        .unwrap()
                        .iter()
                        .map(|e| &e.instance)
                        .collect::<Vec<_>>()
                )
            })
            .collect();
        assert!(
            distinct.len() >= 6,
            "{slug}: {} distinct of 12",
            distinct.len()
        );
    }
}

#[test]
fn unknown_chapters_are_refused_with_the_list() {
    let e = exercises::generate("glossary", 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "unknown chapter 'glossary'; the chapters are {}",
            exercises::slugs().join(", ")
        )
    );
}
