//! The native command-line interface: `commbook <command> [options] [--json]`.
//!
//! Options are `--name value` pairs handed to the shared commands in
//! [`crate::api`]; `--com FILE` is read from disk first. With `--json` the
//! response is printed as JSON on stdout; without it, a short human-readable
//! summary. Bad input prints one line on stderr and exits with code 2.

mod human;
mod quiz;
mod reproduce;

use crate::api::{ApiError, Args};
use serde_json::Value;

/// Exit code for bad input.
pub const EXIT_USAGE: i32 = 2;

const USAGE: &str = "\
commbook: communication schedules from the command line

usage: commbook <command> [--option value ...] [--json]

commands:
  com       generate a communication matrix
            --gen fig7 --n N --d D [--seed S] [--swap rows|cols|both] [--rounds R] [--bytes B]
            --gen random --n N --d D [--seed S] [--bytes B]
            --gen nonuniform --n N --d D [--seed S] [--unit B] [--max M]   (NICE test set 1)
            --gen mesh --n N [--seed S] [--points P] [--unit B]          (NICE test set 2)
  schedule  schedule a matrix with one algorithm
            --algo ac|lp|gm|cgm|rs-n|rs-nl|rs-nh|rs-nlh|ls|ps|bs|gs (--gen ... | --com FILE)
            --algo lex|pex|rex|bex|bruck|shift|linear --com FILE  (a complete exchange: every pair, one size)
            [--seed S] [--machine M]  machines: cm5 cm5-p2p delta ipsc860 sp2 t3d cluster edr
            [--scan zero|after-row]  (gm only: where each row's scan starts)
            [--topology mesh:RxC|fattree:N|hypercube:N|kary:K:N] (rs-nl, rs-nlh) [--split H] (rs-nh, rs-nlh)
  exchange  a complete exchange (paper 004's, or chapter 14's MPI algorithms) on the CM-5 model
            --algo lex|pex|rex|bex|bruck|shift|linear --p P [--bytes L]
  redist    block-cyclic redistribution cyclic(x) → cyclic(Kx) on P processors
            --k K --p P --schedule direct|indirect|hybrid:D|multiphase
            [--x X] [--n N] [--direction up|down]
  collective  scatter, gather or all-to-all on an R×C mesh (paper 001)
            --op scatter|gather|alltoall --algo NAME --mesh RxC [--root R] [--gamma G] [--bytes L]
            scatter: 1-lev-dir 1-lev-sys-br 1-lev-our-br 2-lev-rec 3-lev-sq logp-lev-sq logp-lev-rec
            gather: the same without the two broadcasts; logp-lev-rec(0.6) also sets gamma
            alltoall: 1-lev-dir 1-lev-lin 1-lev-xor 1-lev-bal 2-lev-sq 2-lev-c,r 2-lev-c,r-int logp-lev-bfly
  simulate  send messages through the cycle-level network simulator
            --topology mesh:RxC|fattree:N|hypercube:N|kary:K:N (--pairs \"s:d,...\" | --algo NAME (--gen ... | --com FILE))
            [--bytes L] [--sync loose|barrier|free] [--machine delta|cm5|ipsc860|edr] [--startup C] [--gap C]
            [--buffer B] [--sends K] [--receives K] [--routing random|adaptive|static]
            [--claim start|arrival] [--seed S]
  figures   the book's figures: name, title, chapter, embed link and every setting
            [--name NAME]
  quiz      a chapter's exercises with their answers, explanations and figure links,
            the same instances as ?ex.seed=S in the chapter's link
            --chapter SLUG [--seed S]   (S from 0 to 4294967295, default 1)
            --chapter SLUG --check CODE   regrade a student's completion code
            [--chapter SLUG] --grade FILE   regrade a class: a CSV of name,code lines
            (without --chapter, each code is regraded for the chapter it names)
            chapters: permutations compaction cgm nice cm5 scatter tournament
            combining redistribution simulation choosing lab today appendix
  reproduce every printed table of the five papers recomputed: published, ours,
            difference and verdict per cell; exit status 1 if a cell differs
            without an explanation  [--paper 000|001|002|003|004] [--table ID]

--com FILE reads a matrix as CSV rows or JSON ({\"n\", \"sizes\"}).
--json prints JSON on stdout; without it a summary is printed.
";

/// Runs the CLI on `argv` (without the program name), printing to
/// stdout/stderr; returns the exit code.
pub fn main(argv: &[String]) -> i32 {
    use std::io::Write;
    let (result, status) = if argv.first().map(String::as_str) == Some("reproduce") {
        match reproduce::run(&argv[1..]) {
            Ok((text, code)) => (Ok(text), code),
            Err(e) => (Err(e), EXIT_USAGE),
        }
    } else {
        (run(argv), 0)
    };
    match result {
        Ok(text) => {
            // A reader that stops early (`commbook … | head`) closes the pipe;
            // that is not an error worth a panic or a message.
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{text}").and_then(|_| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("commbook: error: cannot write the output: {e}");
                    1
                }
                _ => status,
            }
        }
        Err(e) => {
            eprintln!("commbook: error: {e}");
            EXIT_USAGE
        }
    }
}

/// Runs the CLI and returns what it would print on stdout.
pub fn run(argv: &[String]) -> Result<String, ApiError> {
    let Some(command) = argv.first() else {
        return Ok(USAGE.trim_end().to_string());
    };
    if matches!(command.as_str(), "help" | "--help" | "-h") {
        return Ok(USAGE.trim_end().to_string());
    }
    if command == "reproduce" {
        return reproduce::run(&argv[1..]).map(|(text, _)| text);
    }
    if command.starts_with('-') {
        return Err(ApiError(format!(
            "the command comes first (one of {}), then options; got {command}",
            crate::book::commands::names().join(", ")
        )));
    }
    let (args, json) = parse_flags(&argv[1..])?;
    let out = crate::book::commands::run(command, &args)?;
    if json {
        serde_json::to_string(&out).map_err(|e| ApiError(format!("internal error: {e}")))
    } else {
        Ok(human::render(command, &out))
    }
}

fn parse_flags(flags: &[String]) -> Result<(Args, bool), ApiError> {
    let mut args = Args::default();
    let mut json = false;
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        let Some(name) = flag.strip_prefix("--").filter(|s| !s.is_empty()) else {
            return Err(ApiError(format!(
                "expected an option like --n, got '{flag}'"
            )));
        };
        if name == "json" {
            json = true;
            continue;
        }
        if name == "help" {
            return Err(ApiError(format!("--help goes first; usage:\n{USAGE}")));
        }
        let (name, value) = match name.split_once('=') {
            Some((k, v)) => (k, v.to_string()),
            None => {
                let v = it
                    .next()
                    .ok_or_else(|| ApiError(format!("--{name} needs a value")))?;
                (name, v.clone())
            }
        };
        let value = if name == "com" {
            std::fs::read_to_string(&value)
                .map_err(|e| ApiError(format!("cannot read matrix file {value}: {e}")))?
        } else if name == "grade" {
            std::fs::read_to_string(&value)
                .map_err(|e| ApiError(format!("cannot read class file {value}: {e}")))?
        } else {
            value
        };
        args.insert(name, Value::String(value))?;
    }
    Ok((args, json))
}
