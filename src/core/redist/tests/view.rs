//! The table view: facts, relays, families and table names (see [`super::super::view`]).

use crate::redist::plan::Plan;
use crate::redist::trace::RedistEvent;
use crate::redist::view::*;
use crate::redist::{Direction, Scheme, Shape, Tables, schedules, trace};

fn names(plan: &Plan) -> Vec<String> {
    let t = trace::record(plan);
    (0..=t.len()).map(|p| table_name(plan, &t, p)).collect()
}

#[test]
fn facts_read_the_papers_tables() {
    for (k, p) in [(6, 9), (5, 7), (4, 8), (12, 8)] {
        let sh = Shape::new(k, p).unwrap();
        let tables = Tables::new(&sh);
        let plan = schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up);
        let t = trace::record(&plan);
        let at = |pos: usize, fact: Fact| {
            let st = t.state_at(pos);
            (0..k)
                .flat_map(|r| (0..p).map(move |j| (r, j)))
                .map(|(r, j)| st.fact(r, j, fact) as u32)
                .collect::<Vec<_>>()
        };
        let last_send = t.len() - 1;
        assert_eq!(at(0, Fact::Dest), tables.p.cells, "P");
        assert_eq!(at(3, Fact::Dest), tables.ps.cells, "Ps");
        assert_eq!(at(3, Fact::StartSlot), tables.ds.cells, "Ds");
        assert_eq!(at(last_send, Fact::Source), tables.pr.cells, "Pr");
        assert_eq!(at(last_send, Fact::EndSlot), tables.dr.cells, "Dr");
        assert_eq!(paper_name(&plan, &t, last_send, Fact::Dest), None);
        assert_eq!(paper_name(&plan, &t, last_send, Fact::EndSlot), Some("Dr"));
    }
}

#[test]
fn relays_appear_only_between_shifts_and_delivery() {
    let sh = Shape::new(6, 9).unwrap();
    let relayed = |scheme| {
        let t = trace::record(&schedules::plan(&sh, scheme, Direction::Up));
        (0..=t.len())
            .map(|pos| {
                let st = t.state_at(pos);
                (0..54).filter(|&c| st.relayed(c / 9, c % 9)).count()
            })
            .collect::<Vec<_>>()
    };
    // The direct schedule never parks a block; the indirect one parks
    // blocks after each shift and delivers them all in its last step.
    assert_eq!(relayed(Scheme::Direct), [0; 11]);
    assert_eq!(relayed(Scheme::Indirect), [0, 0, 0, 0, 24, 27, 30, 0, 0]);
    // After the first shift the relays are exactly the blocks that the
    // step's caption counts as relayed.
    let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
    let t = trace::record(&plan);
    let Some(RedistEvent::Send { relayed, .. }) = t.events(4).first() else {
        panic!("step 4 is the first shift");
    };
    assert_eq!(*relayed, 24);
}

#[test]
fn families_are_the_diagonals_of_s_prime() {
    let sh = Shape::new(6, 9).unwrap();
    let t = trace::record(&schedules::plan(&sh, Scheme::Direct, Direction::Up));
    let sp = t.state_at(3);
    for r in 0..6 {
        for j in 0..9 {
            assert_eq!(sp.family(r, j), sh.diagonal(r, j));
        }
    }
    // A block keeps its family wherever it goes.
    let end = t.final_state();
    let b = end.grid.get(0, 0) as usize;
    assert_eq!(end.family(0, 0), sh.diagonal(sh.row_in_sp(b), b % 9));
}

/// Every setting the table figure accepts (K, P ≤ 32, every schedule,
/// both directions) names every position and reads every cell.
#[test]
fn every_figure_setting_reads_cleanly() {
    for p in 1..=32 {
        for k in 1..=32 {
            let sh = Shape::new(k, p).unwrap();
            let mut schemes = vec![Scheme::Direct, Scheme::Indirect, Scheme::Multiphase];
            schemes.push(Scheme::Hybrid(sh.max_degree() / 2));
            for scheme in schemes {
                for dir in [Direction::Up, Direction::Down] {
                    let plan = schedules::plan(&sh, scheme, dir);
                    let t = trace::record(&plan);
                    let last = t.final_state();
                    assert!((0..k * p).all(|c| last.at_home(c / p, c % p)));
                    for pos in [0, t.len() / 2, t.len()] {
                        let st = t.state_at(pos);
                        assert!(!table_name(&plan, &t, pos).is_empty());
                        for c in 0..k * p {
                            let (r, j) = (c / p, c % p);
                            assert!(
                                st.fact(r, j, Fact::Dest) < p && st.fact(r, j, Fact::EndSlot) < k
                            );
                            assert!(st.family(r, j) < sh.pp);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn names_follow_figure_4_both_ways() {
    let sh = Shape::new(6, 9).unwrap();
    let up = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
    assert_eq!(
        names(&up),
        [
            "S",
            "S1",
            "S1 with its submatrix rows on diagonals",
            "S′",
            "between S′ and R′, after step 1",
            "between S′ and R′, after step 2",
            "between S′ and R′, after step 3",
            "R′",
            "R"
        ]
    );
    let down = names(&up.reversed());
    assert_eq!(down.first().map(String::as_str), Some("R"));
    assert_eq!(down[1], "R′");
    assert_eq!(down.last().map(String::as_str), Some("S"));
    let multi = names(&schedules::plan(&sh, Scheme::Multiphase, Direction::Up));
    assert!(
        multi.contains(&"phase 1 of 2: cyclic(2x) order".to_string()),
        "{multi:?}"
    );
    assert_eq!(multi.last().map(String::as_str), Some("phase 2 of 2: R"));
}

/// The multiphase baseline's intermediate tables are named and captioned
/// as such, not as the end of the redistribution.
#[test]
fn multiphase_captions_name_the_intermediate_distribution() {
    let sh = Shape::new(6, 9).unwrap();
    for (dir, wanted) in [
        (Direction::Up, "cyclic(2x) order, where phase 2 starts"),
        (
            Direction::Down,
            "cyclic(2x) order, where the next phase starts",
        ),
    ] {
        let plan = schedules::plan(&sh, Scheme::Multiphase, dir);
        let t = trace::record(&plan);
        let captions: Vec<String> = (1..=t.len())
            .map(|pos| trace::caption(&plan, t.events(pos)))
            .collect();
        let hits = captions.iter().filter(|c| c.contains(wanted)).count();
        assert_eq!(hits, 1, "{dir:?}: {captions:#?}");
        let complete = captions
            .iter()
            .filter(|c| c.contains("complete") || c.contains("(table S)"))
            .count();
        assert_eq!(complete, 1, "{dir:?}: only the last step finishes");
    }
}
