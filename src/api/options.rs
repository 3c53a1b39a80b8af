//! The commands' options, declared as the figures' settings are: each a
//! [`ParamSpec`] with its key, label, kind, range and default, read by
//! [`Args::get`](super::Args::get) through the same checker as a figure's
//! settings ([`crate::params::check`]); only the wording differs (an error
//! here, a notice on the page).
//!
//! An option whose range depends on another (an exchange's block size on
//! p) is built by a function here, so the range is still written once.
//! A required option's default is never used: [`Args::need`] reports it
//! missing with its range.
//!
//! [`Args::need`]: super::Args::need

use crate::core::algo::cm5;
use crate::core::algo::gm_scan::Scan;
use crate::core::com::fig7::MAX_ROUNDS;
use crate::core::com::fig7::SwapMode;
use crate::core::com::unstructured::MAX_POINTS;
use crate::core::com::{MAX_BYTES, MAX_N};
use crate::core::keyword::Keyword;
use crate::core::redist::Direction;
use crate::core::sim::config::{MAX_BUFFER, MAX_RECV_LIMIT, MAX_SEND_LIMIT, MAX_STARTUP};
use crate::core::sim::{RecvPolicy, Sync, UpRouting};
use crate::params::{ParamKind, ParamSpec};
use crate::simulate_cmd::SimMachine;

/// A whole-number option or setting (the figures declare theirs with it too).
pub const fn whole(
    key: &'static str,
    label: &'static str,
    min: u64,
    max: u64,
    default: u64,
) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Int { min, max, default },
    }
}

/// A choice among the words of type `T` (its `WORDS`), the first the
/// default; [`Args::word`](super::Args::word) reads it as a `T`.
pub const fn choice<T: Keyword>(
    key: &'static str,
    label: &'static str,
    words: &'static [&'static str],
) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Choice {
            options: words,
            default: words[0],
        },
    }
}

/// A text option (a name, a list, a form such as `mesh:16x32`), read by
/// its command; a command line has no length limit of its own.
pub const fn text(key: &'static str, label: &'static str) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Text {
            max_len: usize::MAX,
        },
    }
}

/// The seed of every random choice; any 64-bit number.
pub const SEED: ParamSpec = whole("seed", "seed", 0, u64::MAX, 1);
/// Processors of a matrix (required).
pub const N: ParamSpec = whole("n", "processors n", 1, MAX_N as u64, 1);
/// Messages per processor of a generated matrix (required).
pub const D: ParamSpec = whole("d", "messages per processor d", 1, MAX_N as u64, 1);
/// Bytes of each generated message.
pub const GEN_BYTES: ParamSpec = whole("bytes", "bytes per message", 1, MAX_BYTES, 1);
/// Figure 7's swap rounds (the generator's own count when absent).
pub const ROUNDS: ParamSpec = whole("rounds", "swap rounds", 0, MAX_ROUNDS as u64, 0);
/// The non-uniform generator's unit and largest multiple of it.
pub const UNIT: ParamSpec = whole("unit", "bytes per unit", 1, MAX_BYTES, 1);
/// The non-uniform generator's largest size.
pub const MAX_SIZE: ParamSpec = whole("max", "largest size", 1, u64::MAX, 1);
/// Points of an unstructured mesh.
pub const POINTS: ParamSpec = whole("points", "mesh points", 1, MAX_POINTS as u64, 1);
/// A redistribution's sizes (K, P required; x and N from them).
pub const fn size(key: &'static str, label: &'static str) -> ParamSpec {
    whole(key, label, 0, u64::MAX, 1)
}
/// The root of a collective (the algorithm's own when absent).
pub const ROOT: ParamSpec = whole("root", "root", 0, u64::MAX, 0);
/// Bytes of a collective's block.
pub const COLLECTIVE_BYTES: ParamSpec = whole("bytes", "bytes per block", 0, u64::MAX, 0);
/// Processors of a complete exchange (required).
pub const EXCHANGE_P: ParamSpec = whole("p", "processors p", 2, cm5::rex::MAX_P as u64, 2);
/// Bytes of each block of a complete exchange of `p` processors: p blocks
/// must fit the largest message.
pub const fn exchange_bytes(p: u64) -> ParamSpec {
    whole("bytes", "block size L (bytes)", 0, MAX_BYTES / p, 256)
}
/// A simulated machine's start-up and packet gap, in cycles.
pub const STARTUP: ParamSpec = whole("startup", "start-up (cycles)", 0, MAX_STARTUP as u64, 0);
/// The packet gap, in cycles.
pub const GAP: ParamSpec = whole("gap", "packet gap (cycles)", 0, MAX_STARTUP as u64, 0);
/// Input buffer depth, in flits.
pub const BUFFER: ParamSpec = whole("buffer", "buffer (flits)", 1, MAX_BUFFER as u64, 1);
/// Messages a processor sends at once.
pub const SENDS: ParamSpec = whole("sends", "sends at once", 1, MAX_SEND_LIMIT as u64, 1);
/// Messages a processor receives at once.
pub const RECEIVES: ParamSpec = whole("receives", "receives at once", 1, MAX_RECV_LIMIT as u64, 1);
/// Bytes of each message of simulated pairs.
pub const PAIR_BYTES: ParamSpec = whole(
    "bytes",
    "bytes per message",
    0,
    MAX_BYTES,
    super::simulate_cmd::DEFAULT_BYTES,
);
/// Bytes of every message of a simulated schedule (the matrix's own when
/// absent).
pub const SCHEDULE_BYTES: ParamSpec = whole("bytes", "bytes per message", 1, MAX_BYTES, 1);
/// The simulated machine (the network's own when absent).
pub const MACHINE: ParamSpec = choice::<SimMachine>("machine", "machine", SimMachine::WORDS);
/// How a fat-tree switch picks an up-link (the machine's when absent).
pub const ROUTING: ParamSpec = choice::<UpRouting>("routing", "up-routing", UpRouting::WORDS);
/// When a message claims a receive slot (the machine's when absent).
pub const CLAIM: ParamSpec =
    choice::<RecvPolicy>("claim", "receive slot claimed", RecvPolicy::WORDS);
/// When a phase's messages are released (loosely when absent).
pub const SYNC: ParamSpec = choice::<Sync>("sync", "phases", Sync::WORDS);

// Text options: each command's own parser reads them and says what is
// wrong with a value (a name, a list, a form).
/// `algo`: algorithm.
pub const ALGO: ParamSpec = text("algo", "algorithm");
/// `machine`: machine the schedule is priced on.
pub const COST_MACHINE: ParamSpec = text("machine", "machine the schedule is priced on");
/// `direction`: direction.
pub const DIRECTION: ParamSpec = choice::<Direction>("direction", "direction", Direction::WORDS);
/// `gamma`: γ of a tuned collective.
pub const GAMMA: ParamSpec = text("gamma", "γ of a tuned collective");
/// `gen`: generator.
pub const GEN: ParamSpec = text("gen", "generator");
/// `mesh`: mesh RxC.
pub const MESH: ParamSpec = text("mesh", "mesh RxC");
/// `op`: collective operation.
pub const OP: ParamSpec = text("op", "collective operation");
/// `pairs`: pairs src:dst.
pub const PAIRS: ParamSpec = text("pairs", "pairs src:dst");
/// `scan`: GM scan.
pub const SCAN: ParamSpec = choice::<Scan>("scan", "GM scan", Scan::WORDS);
/// `schedule`: redistribution schedule.
pub const SCHEDULE: ParamSpec = text("schedule", "redistribution schedule");
/// `split`: split of a mesh.
pub const SPLIT: ParamSpec = text("split", "split of a mesh");
/// `swap`: swap mode.
pub const SWAP: ParamSpec = choice::<SwapMode>("swap", "swap mode", SwapMode::WORDS);
/// `topology`: network.
pub const TOPOLOGY: ParamSpec = text("topology", "network");
