#![cfg(not(target_arch = "wasm32"))]
//! The `exchange` command: JSON shape, paper 004's tables, and bad input.

use crate::common;

use common::{bad, json, run};
use serde_json::Value;

fn steps(v: &Value) -> Vec<Vec<(u64, u64)>> {
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn pex_rex_bex_print_tables_1_to_3() {
    let pex = json("exchange --algo pex --p 8 --json");
    assert_eq!(steps(&pex)[3], vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    assert_eq!(steps(&pex).len(), 7);
    let rex = json("exchange --algo rex --p 8 --json");
    assert_eq!(
        steps(&rex),
        vec![
            vec![(0, 4), (1, 5), (2, 6), (3, 7)],
            vec![(0, 2), (1, 3), (4, 6), (5, 7)],
            vec![(0, 1), (2, 3), (4, 5), (6, 7)],
        ]
    );
    let bex = json("exchange --algo bex --p 8 --json");
    assert_eq!(steps(&bex)[0], vec![(0, 7), (1, 2), (3, 4), (5, 6)]);
    for key in [
        "algo",
        "p",
        "bytes",
        "steps",
        "contention",
        "predicted_us",
        "formula_us",
    ] {
        assert!(bex.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn lex_sends_one_way_into_one_processor() {
    let lex = json("exchange --algo lex --p 4 --bytes 64 --json");
    assert_eq!(steps(&lex)[1], vec![(0, 1), (2, 1), (3, 1)]);
    assert_eq!(lex["contention"][0], 1.5);
    assert_eq!(lex["bytes"], 64);
}

#[test]
fn human_output_lists_steps() {
    let text = String::from_utf8(run("exchange --algo pex --p 4").stdout).unwrap();
    assert!(text.starts_with("pex on 4 processors: 3 steps"), "{text}");
    assert!(text.contains("step   1 (f = 0.5): 0↔1 2↔3"), "{text}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert_eq!(
        bad("exchange --algo rex --p 12"),
        "rex needs p to be a power of two from 2 to 1024 (got p = 12); try p = 16"
    );
    assert!(bad("exchange --algo fft --p 8").starts_with("unknown exchange 'fft'"));
    for line in [
        "exchange --algo pex --p 1",
        "exchange --algo pex --p 4096",
        "exchange --algo pex",
        "exchange --p 8",
        "exchange --algo pex --p 8 --bytes -3",
        "exchange --algo pex --p 8 --n 8",
    ] {
        bad(line);
    }
}
