//! Reading the command line on rank 0 into a [`Job`] every rank receives.
//!
//! Flags are read as the book's CLI reads them (`--name value` or
//! `--name=value`, `--json` alone, `--com FILE` read from disk); the
//! runner's own options are taken out and the rest go, unchanged, to the
//! book's command (`commbook_api`), which checks them with its own
//! messages and rejects any it does not know.

use crate::exec::fault::At;
use crate::exec::{Rules, Sync, phase::PhaseRules};
use crate::plan::{self, Plan};
use crate::preset::Preset;
use crate::tuned::BaselineKind;
use crate::usage::USAGE;
use commbook_api::{ApiError, Args};
use flags::{Flags, count, sizes, sync, timeout};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

mod flags;

/// What every rank is to do.
#[derive(Debug, Serialize, Deserialize)]
pub enum Job {
    /// Print this (rank 0) and stop.
    Help(String),
    /// Bad input: rank 0 prints it, every rank exits with status 2.
    Fail(String),
    Run(Box<RunJob>),
    Calibrate(Calibrate),
    Table(Table),
}

/// A plan and how to run it.
#[derive(Debug, Serialize, Deserialize)]
pub struct RunJob {
    pub plan: Plan,
    pub settings: Settings,
}

/// The runner's options for a plan.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Settings {
    pub sync: Sync,
    pub repeat: usize,
    pub timeout_s: f64,
    pub json: bool,
    /// The collective that also moves the same messages (`--baseline`).
    pub baseline: Option<BaselineKind>,
    pub corrupt: Option<At>,
    pub stall: Option<At>,
}

impl Settings {
    pub fn rules(&self) -> Rules {
        Rules {
            sync: self.sync,
            repeat: self.repeat,
            phase: PhaseRules {
                timeout_s: self.timeout_s,
                corrupt: self.corrupt,
                stall: self.stall,
            },
        }
    }
}

/// `calibrate`'s options.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Calibrate {
    pub sizes: Vec<u64>,
    pub repeat: usize,
    pub peer: Option<u32>,
    /// Every rank in a pair at once (`--pairs all`), or rank 0 and the peer.
    pub all_pairs: bool,
    pub out: Option<String>,
    pub timeout_s: f64,
    pub json: bool,
}

/// `table`'s options.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    pub bytes: Vec<u64>,
    pub repeat: usize,
    pub preset: Option<Preset>,
    pub sync: Sync,
    pub timeout_s: f64,
}

/// The commands that run one of the book's schedules.
pub const RUN_COMMANDS: &[&str] = &["schedule", "exchange", "collective", "redist"];

/// Reads `argv` (without the program name) on rank 0.
pub fn job(argv: &[String]) -> Job {
    let Some(command) = argv.first().map(String::as_str) else {
        return Job::Help(USAGE.trim_end().into());
    };
    let flags = match Flags::parse(&argv[1..]) {
        Ok(f) => f,
        Err(e) => return Job::Fail(e),
    };
    let out = match command {
        "help" | "--help" | "-h" => return Job::Help(USAGE.trim_end().into()),
        "calibrate" => calibrate(flags).map(Job::Calibrate),
        "table" => table(flags).map(Job::Table),
        c if RUN_COMMANDS.contains(&c) => run(c, flags).map(|j| Job::Run(Box::new(j))),
        other => Err(format!(
            "unknown command '{other}'; available: {}, calibrate, table (see --help)",
            RUN_COMMANDS.join(", ")
        )),
    };
    out.unwrap_or_else(Job::Fail)
}

fn run(command: &str, mut flags: Flags) -> Result<RunJob, String> {
    let preset = flags.take("preset").map(|f| Preset::read(&f)).transpose()?;
    let settings = Settings {
        sync: sync(&mut flags)?,
        repeat: count(&mut flags, "repeat", 1, 10_000)?,
        timeout_s: timeout(&mut flags)?,
        json: flags.json,
        baseline: flags
            .take("baseline")
            .map(|b| BaselineKind::parse(&b))
            .transpose()?,
        corrupt: flags
            .take("corrupt")
            .map(|t| At::parse("corrupt", &t))
            .transpose()?,
        stall: flags
            .take("stall")
            .map(|t| At::parse("stall", &t))
            .transpose()?,
    };
    let mut args = Args::default();
    let mut given = Map::new();
    for (name, value) in flags.pairs {
        given.insert(name.clone(), Value::String(value.clone()));
        let value = if name == "com" {
            std::fs::read_to_string(&value)
                .map_err(|e| format!("cannot read matrix file {value}: {e}"))?
        } else {
            value
        };
        args.insert(&name, Value::String(value)).map_err(|e| e.0)?;
    }
    let mut plan = build(command, &args, preset.as_ref()).map_err(|e| e.0)?;
    args.finish(command).map_err(|e| e.0)?;
    plan.check_size()?;
    for at in [settings.corrupt, settings.stall].into_iter().flatten() {
        if at.phase > plan.phases.len() {
            return Err(format!(
                "phase {} does not exist: this schedule has {} phases",
                at.phase,
                plan.phases.len()
            ));
        }
    }
    if let Some(at) = settings.corrupt {
        let sends = &plan.phases[at.phase - 1].sends;
        if !sends.iter().any(|s| s.src == at.rank && !s.is_local()) {
            return Err(format!(
                "--corrupt {}:{}: rank {} sends nothing in phase {}",
                at.rank, at.phase, at.rank, at.phase
            ));
        }
    }
    if let Some(BaselineKind::Alltoall(f)) = settings.baseline
        && !plan.is_uniform_exchange()
    {
        return Err(format!(
            "--baseline alltoall:{} runs MPI_Alltoall, which moves one block of the same size between every \
                 pair of ranks; this {command} plan ({}) is not such a complete exchange: use --baseline alltoallv",
            f.word(),
            plan.algo
        ));
    }
    plan.options = given;
    Ok(RunJob { plan, settings })
}

/// The plan of one of the book's commands.
pub fn build(command: &str, args: &Args, preset: Option<&Preset>) -> Result<Plan, ApiError> {
    match command {
        "schedule" => plan::schedule::build(args, preset),
        "exchange" => plan::exchange::build(args, preset),
        "collective" => plan::collective::build(args, preset),
        "redist" => plan::redist::build(args, preset),
        other => Err(ApiError(format!("{other} runs no schedule"))),
    }
}

fn calibrate(mut flags: Flags) -> Result<Calibrate, String> {
    let c = Calibrate {
        sizes: match flags.take("sizes") {
            Some(s) => sizes("sizes", &s)?,
            None => crate::calibrate::SIZES.to_vec(),
        },
        repeat: count(&mut flags, "repeat", 50, 100_000)?,
        peer: flags
            .take("peer")
            .map(|p| {
                p.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("peer must be a rank (got {p})"))
            })
            .transpose()?,
        all_pairs: match flags.take("pairs").as_deref() {
            None | Some("one") => false,
            Some("all") => true,
            Some(other) => {
                return Err(format!(
                    "pairs = {other} is not allowed; expected one (rank 0 and the peer) or all (every rank at once)"
                ));
            }
        },
        out: flags.take("out"),
        timeout_s: timeout(&mut flags)?,
        json: flags.json,
    };
    if c.all_pairs && c.peer.is_some() {
        return Err("--peer is for --pairs one; with --pairs all every rank has a partner".into());
    }
    flags.done(
        "calibrate",
        "sizes, repeat, peer, pairs, out, timeout, json",
    )?;
    Ok(c)
}

fn table(mut flags: Flags) -> Result<Table, String> {
    let t = Table {
        bytes: match flags.take("bytes") {
            Some(s) => sizes("bytes", &s)?,
            None => vec![256, 1024, 4096, 16384],
        },
        repeat: count(&mut flags, "repeat", 20, 10_000)?,
        preset: flags.take("preset").map(|f| Preset::read(&f)).transpose()?,
        sync: sync(&mut flags)?,
        timeout_s: timeout(&mut flags)?,
    };
    if flags.json {
        return Err("table prints Markdown; --json is for the other commands".into());
    }
    flags.done("table", "bytes, repeat, preset, sync, timeout")?;
    Ok(t)
}
