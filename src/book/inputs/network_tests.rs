//! Tests of the simulation figures' settings and patterns.

use super::*;
use crate::core::redist::{Direction, schedules};

/// The animator's defaults.
fn req() -> SimRequest {
    SimRequest {
        net: Net::Mesh,
        rows: 4,
        cols: 4,
        arity: 4,
        levels: 3,
        pattern: Pattern::AllToAll,
        algo: NetAlgo::Schedule(Algo::Lp),
        collective: MeshAlgo::LogpLevRec,
        k: 4,
        redist: RedistScheme::Direct,
        degree: 1,
        d: 4,
        seed: 1,
        bytes: 64,
        pairs: String::new(),
        sync: Sync::Loose,
    }
}

#[test]
fn one_schedule_on_both_networks() {
    let fig7 = SimRequest {
        pattern: Pattern::Fig7,
        ..req()
    };
    let mesh = SimParams::read(&fig7).0;
    let tree = SimParams::read(&SimRequest {
        net: Net::FatTree,
        ..fig7
    })
    .0;
    assert_eq!(tree.spec, TopologySpec::FatTree { procs: 16 });
    assert_eq!(mesh.traffic(Sync::Loose), tree.traffic(Sync::Loose));
    assert_eq!(mesh.config(), SimConfig::delta());
    assert_eq!(tree.config().packet, SimConfig::cm5().packet);
    // All-to-all under LP: n − 1 phases of n messages.
    let all = SimParams::read(&req()).0.traffic(Sync::Loose);
    assert_eq!((all.phases, all.messages.len()), (15, 240));
    // AC releases everything at once.
    let ac = SimParams::read(&SimRequest {
        algo: NetAlgo::Schedule(Algo::Ac),
        ..req()
    })
    .0;
    assert_eq!(ac.traffic(Sync::Loose).sync, Sync::Free);
}

#[test]
fn corrections_come_with_notices() {
    let (p, notes) = SimParams::read(&SimRequest {
        rows: 1,
        cols: 1,
        ..req()
    });
    assert_eq!(p.spec.procs(), 2);
    assert!(notes[0].0.contains("at least 2 processors"));
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Fig7,
        d: 40,
        ..req()
    });
    assert_eq!(p.d, 3);
    assert!(notes[0].0.starts_with("d = 40 must be below"));
    let pairs = SimRequest {
        pattern: Pattern::Pairs,
        ..req()
    };
    let (p, notes) = SimParams::read(&SimRequest {
        pairs: "0:5, 3:99".into(),
        ..pairs.clone()
    });
    assert_eq!(p.pairs, vec![(0, 5)]);
    assert!(notes[0].0.contains("3:99 names a processor outside 0…15"));
    let (p, notes) = SimParams::read(&SimRequest {
        pairs: "x".into(),
        ..pairs
    });
    assert_eq!(p.pairs, vec![(0, 15)]);
    assert!(notes[0].0.starts_with("pairs: pair 'x'"));
}

#[test]
fn the_complete_exchanges_of_paper_004_as_phases() {
    let ex = |e, n: usize| SimRequest {
        net: Net::FatTree,
        rows: 1,
        cols: n,
        algo: NetAlgo::Exchange(e),
        ..req()
    };
    // PEX on 16: 15 steps, every processor sends one message a step.
    let (p, notes) = SimParams::read(&ex(Exchange::Pex, 16));
    assert!(notes.is_empty());
    let t = p.traffic(Sync::Loose);
    assert_eq!((t.phases, t.messages.len()), (15, 240));
    assert!(t.messages.iter().all(|m| m.bytes == 64));
    // REX: lg p steps of p/2 blocks, both ways.
    let t = SimParams::read(&ex(Exchange::Rex, 16))
        .0
        .traffic(Sync::Loose);
    assert_eq!((t.phases, t.messages.len()), (4, 64));
    assert!(t.messages.iter().all(|m| m.bytes == 64 * 8));
    // LEX is one way: p − 1 steps of p messages.
    let t = SimParams::read(&ex(Exchange::Lex, 16))
        .0
        .traffic(Sync::Loose);
    assert_eq!(t.messages.len(), 240);
    // REX needs a power of two; an exchange is an all-to-all.
    let (p, notes) = SimParams::read(&ex(Exchange::Rex, 12));
    assert_eq!(p.algo, NetAlgo::Exchange(Exchange::Lex));
    assert!(notes[0].0.starts_with("REX: "), "{notes:?}");
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Fig7,
        ..ex(Exchange::Bex, 16)
    });
    assert_eq!(p.pattern, Pattern::AllToAll);
    assert!(notes[0].0.starts_with("BEX is a complete exchange"));
    // Every option of the setting reads, and reads back.
    for a in NetAlgo::ALL {
        assert_eq!(NetAlgo::from_keyword(a.keyword()), Some(*a));
    }
}

#[test]
fn a_mesh_stops_at_the_deltas_size() {
    let (p, notes) = SimParams::read(&SimRequest {
        rows: 32,
        cols: 32,
        ..req()
    });
    assert_eq!(p.spec, TopologySpec::Mesh { rows: 16, cols: 32 });
    assert!(notes[0].0.starts_with("a mesh has at most 16 rows"));
    let (p, notes) = SimParams::read(&SimRequest {
        net: Net::FatTree,
        rows: 32,
        cols: 32,
        ..req()
    });
    assert_eq!(
        (p.spec, notes.len()),
        (TopologySpec::FatTree { procs: 1024 }, 0)
    );
}

#[test]
fn permutations_scatters_and_gathers_as_traffic() {
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Perm,
        ..req()
    });
    assert!(notes.is_empty());
    let t = p.traffic(Sync::Loose);
    let mut to: Vec<usize> = t.messages.iter().map(|m| m.dst).collect();
    let from: Vec<usize> = t.messages.iter().map(|m| m.src).collect();
    crate::core::sorting::sort_by_u64(&mut to, |&d| d as u64);
    to.dedup();
    assert_eq!(
        to.len(),
        t.messages.len(),
        "a permutation sends to each at most once"
    );
    assert!(from.iter().zip(&t.messages).all(|(&s, m)| s != m.dst));
    // Scatter: every processor but 0 ends up with a message of 64 bytes,
    // carried together by logp-lev-rec's supersteps (phases).
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Scatter,
        ..req()
    });
    assert!(notes.is_empty());
    let t = p.traffic(Sync::Barrier);
    assert!(t.phases >= 2);
    assert!(t.messages.iter().any(|m| m.src == 0));
    let moved: u64 = t.messages.iter().map(|m| m.bytes).sum();
    assert!(moved >= 15 * 64);
    // Gather has no broadcasts: a notice and 1-lev-dir, which sends
    // every message straight to 0 in one superstep.
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Gather,
        collective: MeshAlgo::SysBr,
        ..req()
    });
    assert!(notes[0].0.starts_with("gather: "), "{notes:?}");
    assert_eq!(p.collective, MeshAlgo::Dir);
    let t = p.traffic(Sync::Barrier);
    assert_eq!(t.messages.len(), 15);
    assert!(t.messages.iter().all(|m| m.dst == 0 && m.bytes == 64));
}

#[test]
fn a_redistribution_as_phases() {
    // K = 4 on 16 processors: the direct schedule's steps as phases,
    // each a partial permutation.
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Redist,
        ..req()
    });
    assert!(notes.is_empty());
    let t = p.traffic(Sync::Barrier);
    let sh = Shape::new(4, 16).unwrap();
    let plan = schedules::plan(&sh, Scheme::Direct, Direction::Up);
    assert_eq!(t.phases, plan.n_steps());
    for k in 0..t.phases {
        let mut ends: Vec<usize> = t
            .messages
            .iter()
            .filter(|m| m.phase == k)
            .map(|m| m.dst)
            .collect();
        let before = ends.len();
        crate::core::sorting::sort_by_u64(&mut ends, |&d| d as u64);
        ends.dedup();
        assert_eq!(ends.len(), before, "step {k} receives once per processor");
    }
    // The largest: K = 64 on the whole Delta, indirect (⌈log K⌉-ish
    // steps of many rows each).
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Redist,
        rows: 16,
        cols: 32,
        k: 64,
        redist: RedistScheme::Indirect,
        degree: 1,
        ..req()
    });
    assert!(notes.is_empty(), "{notes:?}");
    let plan = schedules::plan(
        &Shape::new(64, 512).unwrap(),
        Scheme::Indirect,
        Direction::Up,
    );
    assert_eq!(p.traffic(Sync::Barrier).phases, plan.n_steps());
    // The hybrid schedule of degree d, and a degree beyond the shape's
    // shift steps lowered with a notice (K = 8 on 16 processors: K′ = 8,
    // G = 1, so at most ⌈log 8⌉ = 3).
    let sh = Shape::new(8, 16).unwrap();
    for d in 1..=3 {
        let (p, notes) = SimParams::read(&SimRequest {
            pattern: Pattern::Redist,
            k: 8,
            redist: RedistScheme::Hybrid,
            degree: d,
            ..req()
        });
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(p.degree, d);
        let plan = schedules::plan(&sh, Scheme::Hybrid(d), Direction::Up);
        assert_eq!(p.traffic(Sync::Barrier).phases, plan.n_steps(), "d = {d}");
    }
    let max = sh.max_degree();
    let (p, notes) = SimParams::read(&SimRequest {
        pattern: Pattern::Redist,
        k: 8,
        redist: RedistScheme::Hybrid,
        degree: 12,
        ..req()
    });
    assert_eq!(p.degree, max);
    assert_eq!(notes.len(), 1);
    assert!(
        notes[0].0.starts_with(&format!(
            "degree: d = 12 is more than the {max} shift steps"
        )),
        "{notes:?}"
    );
}

/// The figures' and the lab's network choices name exactly the networks of
/// the core's one list (`net::NETWORKS`), so a network added there cannot
/// be forgotten by a figure or the lab (the lab adds "off").
#[test]
fn the_network_choices_are_the_cores_list() {
    use crate::book::lab::compare::LabNet;
    use crate::core::keyword::Keyword;
    use crate::core::net::NETWORKS;
    use std::collections::BTreeSet;
    let core: BTreeSet<&str> = NETWORKS.iter().map(|k| k.name).collect();
    let figures: BTreeSet<&str> = Net::ALL.iter().map(|n| n.keyword()).collect();
    assert_eq!(figures, core);
    let mut lab: BTreeSet<&str> = LabNet::ALL.iter().map(|n| n.keyword()).collect();
    assert!(lab.remove("off"), "the lab can switch the simulation off");
    assert_eq!(lab, core);
}

#[test]
fn a_kary_tree_has_its_own_size_and_machine() {
    let kary = |arity, levels| SimRequest {
        net: Net::Kary,
        arity,
        levels,
        ..req()
    };
    let (p, notes) = SimParams::read(&kary(4, 3));
    assert!(notes.is_empty());
    assert_eq!(p.spec, TopologySpec::KaryTree { k: 4, n: 3 });
    assert_eq!((p.rows, p.cols), (4, 16));
    assert_eq!(
        p.config(),
        SimConfig {
            seed: 1,
            ..SimConfig::edr()
        }
    );
    assert_eq!(p.traffic(Sync::Loose).messages.len(), 64 * 63);
    // rows and cols are the other networks' business.
    let (q, _) = SimParams::read(&SimRequest {
        rows: 2,
        cols: 3,
        ..kary(4, 3)
    });
    assert_eq!(q, p);
    let (p, notes) = SimParams::read(&kary(4, 6));
    assert_eq!(p.spec, TopologySpec::KaryTree { k: 4, n: 5 });
    assert_eq!((p.rows, p.cols), (16, 64));
    assert_eq!(
        notes[0].0,
        "a k-ary n-tree has at most 1024 processors here (the simulator's practical cap), and 4^6 = 4096 is more; using 5 levels of arity 4 = 1024 processors"
    );
    let (p, notes) = SimParams::read(&kary(32, 3));
    assert_eq!(p.spec, TopologySpec::KaryTree { k: 32, n: 2 });
    assert_eq!(notes.len(), 1);
    let (p, _) = SimParams::read(&kary(2, 1));
    assert_eq!(p.spec.procs(), 2);
}
