#![cfg(not(target_arch = "wasm32"))]
//! The lab (chapter 12) against the command line: for generated matrices,
//! a complete exchange and a matrix written by hand, every row of the
//! lab's table has the phase count that `commbook schedule --algo <name>
//! --com FILE --seed S` prints for the same matrix, or the CLI's refusal;
//! the matrix and schedule exports read back.

use crate::common;

use commbook::book::figure::Figure;
use commbook::book::figures::lab::{Lab, LabKey, Source};
use commbook::book::lab::compare::{LabNet, Pricing, Table, candidates};
use commbook::book::lab::export::{phase_table, schedule_csv, schedule_json};
use commbook::book::lab::matrix::{Gen, csv, generate, json, link_form, read};
use commbook::core::cost::machine::Machine;
use commbook::core::step::run;
use std::rc::Rc;

fn table(source: Source, seed: u64, algo: &'static str) -> Table {
    let key = LabKey {
        source,
        seed,
        pricing: Pricing {
            name: "cm5",
            cost: Machine::Cm5.cost(),
        },
        net: LabNet::FatTree,
        algo,
    };
    run(Lab::compute(&key)).expect("a table")
}

fn cli_agrees(com_text: &str, seed: u64, t: &Table, tag: &str) {
    let dir = std::env::temp_dir().join(format!("commbook-lab-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.csv");
    std::fs::write(&file, com_text).unwrap();
    for row in &t.rows {
        let exchange = commbook::core::algo::cm5::exchange::Exchange::parse(&row.name).is_ok();
        let seed_opt = if exchange {
            String::new()
        } else {
            format!(" --seed {seed}")
        };
        let line = format!(
            "schedule --algo {} --com {}{seed_opt} --json",
            row.name,
            file.display()
        );
        let out = common::run(&line);
        match &row.result {
            Ok(f) => {
                assert!(
                    out.status.success(),
                    "{tag} {}: {}",
                    row.name,
                    String::from_utf8_lossy(&out.stderr)
                );
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(
                    v["phases"].as_array().unwrap().len(),
                    f.phases,
                    "{tag} {}",
                    row.name
                );
                assert_eq!(v["stats"]["phases"], f.phases, "{tag} {}", row.name);
            }
            Err(why) => {
                assert_eq!(out.status.code(), Some(2), "{tag} {}", row.name);
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(
                    err.contains(why.as_str()),
                    "{tag} {}: {err} vs {why}",
                    row.name
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_row_has_the_clis_phase_count() {
    for (kind, n, d, seed) in [
        (Gen::Nonuniform, 12, 3, 1),
        (Gen::Fig7, 16, 5, 4),
        (Gen::Mesh, 9, 1, 2),
        (Gen::Perm, 8, 1, 3),
    ] {
        let com = generate(kind, n, d, 512, seed).unwrap();
        let t = table(
            Source::Gen {
                kind,
                n,
                d,
                bytes: 512,
            },
            seed,
            "lp",
        );
        assert_eq!(t.rows.len(), 12, "{kind:?}");
        assert_eq!(*t.com, com);
        cli_agrees(&csv(&com), seed, &t, &format!("{kind:?}"));
    }
    // A complete exchange gets the seven exchanges too (REX on 8, a power of
    // two; chapter 14's Bruck, shift and linear on any p).
    let text = (0..8)
        .map(|i| {
            (0..8)
                .map(|j| if i == j { "0" } else { "64" })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";");
    let t = table(Source::Text(Rc::from(text.as_str())), 1, "rex");
    assert_eq!(t.rows.len(), 19);
    assert!(t.rows.iter().all(|r| r.result.is_ok()), "{:?}", t.rows);
    cli_agrees(&text.replace(';', "\n"), 1, &t, "exchange");
    let sel = t.selected.as_ref().unwrap();
    assert_eq!(
        sel.schedule.as_ref().unwrap().len(),
        3,
        "REX on 8: lg 8 steps"
    );
    assert!(sel.relayed);
}

#[test]
fn the_table_keeps_to_its_bounds_and_exports_read_back() {
    let com = generate(Gen::Nonuniform, 10, 3, 100, 7).unwrap();
    let t = table(Source::Text(Rc::from(link_form(&com).as_str())), 7, "rs-nh");
    for row in &t.rows {
        let f = row.result.as_ref().unwrap();
        assert!(
            f.load >= t.bound_bytes,
            "{}: {} < {}",
            row.name,
            f.load,
            t.bound_bytes
        );
        assert!(f.predicted_us > 0.0);
        assert!(f.cycles.is_ok(), "{}: {:?}", row.name, f.cycles);
    }
    assert_eq!(t.rows.iter().filter(|r| r.name == "lp").count(), 1);
    assert_eq!(read(&csv(&com)).unwrap(), com);
    assert_eq!(read(&json(&com)).unwrap(), com);
    let sel = t.selected.as_ref().unwrap();
    let s = sel.schedule.as_ref().unwrap();
    let exported: serde_json::Value =
        serde_json::from_str(&schedule_json(&t.com, sel, s, t.pricing)).unwrap();
    assert_eq!(exported["algo"], "rs-nh");
    assert_eq!(exported["phases"].as_array().unwrap().len(), s.len());
    let lines = schedule_csv(s).lines().count() - 1;
    assert_eq!(lines, s.phases.iter().map(Vec::len).sum::<usize>());
    assert!(phase_table(s).lines().count() > s.len());
    assert_eq!(candidates(&com).len(), 12);
}
