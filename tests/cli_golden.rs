//! Every CLI command's output, byte for byte, against a golden file
//! recorded before the command layer moved into its own crate and the
//! settings were retyped (issue 27: "a golden file of CLI outputs for
//! every command taken before the change"): text and `--json` outputs,
//! exit statuses and error lines. `COMMBOOK_RECORD_GOLDEN=1 cargo test
//! --test native cli_golden` rewrites the file, which a commit must then
//! justify: the outputs are a promise to scripts that read them.

use std::path::Path;
use std::process::Command;

/// The command lines: every command, as text and as JSON, and bad input.
const LINES: &[&str] = &[
    "",
    "--help",
    "bogus",
    "com --gen fig7 --n 8 --d 2 --seed 1",
    "com --gen fig7 --n 8 --d 2 --seed 1 --json",
    "com --gen nonuniform --n 6 --d 2 --seed 3 --json",
    "com --gen mesh --n 6 --seed 2 --json",
    "com --gen fig7 --n 4 --d 9",
    "schedule --algo cgm --gen fig7 --n 8 --d 3 --seed 2",
    "schedule --algo gm --gen random --n 8 --d 2 --seed 4 --scan after-row --json",
    "schedule --algo rs-nlh --gen nonuniform --n 8 --d 3 --seed 2 --topology mesh:2x4 --json",
    "schedule --algo lp --gen random --n 6 --d 2 --machine delta --json",
    "schedule --algo lp --n 8",
    "schedule --algo zz --gen fig7 --n 8 --d 2",
    "exchange --algo bex --p 8 --bytes 64",
    "exchange --algo rex --p 8 --json",
    "exchange --algo zex --p 8",
    "exchange --algo bruck --p 6 --bytes 64",
    "exchange --algo shift --p 5 --json",
    "exchange --algo linear --p 1",
    "redist --k 4 --p 6 --schedule indirect",
    "redist --k 6 --p 9 --schedule hybrid:2 --json",
    "redist --k 1 --p 6 --schedule direct",
    "collective --op scatter --algo 2-lev-rec --mesh 4x4",
    "collective --op alltoall --algo logp-lev-bfly --mesh 4x4 --bytes 256 --json",
    "collective --op gather --algo 1-lev-dir --mesh 3x3 --json",
    "simulate --topology mesh:4x4 --pairs 0:5,3:12 --bytes 64",
    "simulate --topology fattree:16 --algo cgm --gen fig7 --n 16 --d 2 --json",
    "simulate --topology hypercube:8 --pairs 0:7,1:6 --json",
    "simulate --topology kary:2:3 --pairs 0:7,1:6 --json",
    "simulate --topology ring:8 --pairs 0:1",
    "figures --name lp",
    "figures --name advisor --json",
    "figures --name nope",
    "quiz --chapter permutations --seed 3",
    "quiz --chapter redistribution --seed 5 --json",
    "quiz --chapter nowhere",
    "reproduce --table 001-fig9",
    "reproduce --table 000-t1 --json",
];

/// One command line's outcome, as the golden file writes it.
fn outcome(line: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(line.split_whitespace())
        .output()
        .expect("the binary runs");
    format!(
        "$ commbook {line}\nexit {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().map_or("signal".into(), |c| c.to_string()),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn every_command_prints_what_it_printed_before() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cli.txt");
    let now: Vec<String> = LINES.iter().map(|l| outcome(l)).collect();
    if std::env::var_os("COMMBOOK_RECORD_GOLDEN").is_some() {
        std::fs::write(&file, now.join("\n=====\n")).expect("writing the golden file");
        return;
    }
    let golden = std::fs::read_to_string(&file).expect("tests/golden/cli.txt");
    let before: Vec<&str> = golden.split("\n=====\n").collect();
    assert_eq!(
        before.len(),
        LINES.len(),
        "the golden file has one outcome per line"
    );
    for (was, is) in before.iter().zip(&now) {
        assert_eq!(*was, is.as_str(), "a command's output changed");
    }
}
