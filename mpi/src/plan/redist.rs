//! `redist`: paper 003's block-cyclic redistribution cyclic(x) → cyclic(Kx)
//! (or back, `--direction down`) of an N-element array on P ranks, by the
//! direct, indirect, hybrid or multiphase schedule (§3.4, §4, Theorem 3).
//!
//! The CLI's command validates the options and executes the plan on data
//! (`commbook_api::redist`). The core describes one K × P superblock:
//! a step's message from processor j carries the blocks of some rows of
//! its column (global block indices within the superblock, `grid::listing`).
//! Every superblock moves the same way, so on the array the message carries
//! those blocks of every superblock that exists (the last may be partial),
//! x elements of 4 bytes each (the CLI's `ELEMENT_BYTES`). A block that
//! lands on a processor that is not its home has been relayed (indirect
//! and hybrid schedules) and travels on in a later step.
//!
//! The messages that must arrive follow from the two distributions: block g
//! starts on g mod P under cyclic(x) and ends on ⌊g/K⌋ mod P under
//! cyclic(Kx). A message is every block of one (start, home) pair in global
//! order; a block's offset is its place in that order. A block that starts
//! at home needs no message, unless the schedule moves it (the indirect
//! and hybrid schedules relay some blocks away and back): then it is part
//! of the rank's message to itself and must come back.

use super::{Message, Phase, Piece, Plan, Send, rank, sorted_messages};
use crate::model::{self, Model};
use crate::preset::Preset;
use commbook_api::{self as api, ApiError, Args};
use commbook_core::redist::cost::plan_cost;
use commbook_core::redist::grid::{home, listing};
use commbook_core::redist::{ArrayConfig, Direction, Scheme, Shape, schedules};
use std::collections::{BTreeMap, BTreeSet};

/// Bytes of one array element, as the CLI prices a redistribution
/// (`commbook_api::redist` uses 4, like Figure 20 of paper 003).
pub const ELEMENT_BYTES: u64 = 4;

/// Builds the plan of `redist` with the CLI's options.
pub fn build(args: &Args, preset: Option<&Preset>) -> Result<Plan, ApiError> {
    let r = api::redist(args)?;
    let sh = Shape::new(r.k, r.p)?;
    let scheme = Scheme::parse(&r.schedule)?.validate(&sh)?;
    let direction = Direction::parse(r.direction)?;
    let array = ArrayConfig { n: r.n, x: r.x }.validate(&sh)?;
    let plan = schedules::plan(&sh, scheme, direction);
    let steps = listing(&plan);
    let moved: BTreeSet<u32> = steps
        .iter()
        .flatten()
        .flat_map(|m| m.blocks.iter().copied())
        .collect();
    let layout = Layout::new(
        &sh,
        direction,
        r.n / r.x,
        r.x as u64 * ELEMENT_BYTES,
        &moved,
    );
    let phases = steps
        .iter()
        .map(|step| Phase {
            sends: step
                .iter()
                .map(|m| Send {
                    src: rank(m.src),
                    dst: rank(m.dst),
                    pieces: layout.pieces(&m.blocks),
                })
                .collect(),
        })
        .collect();
    // T_d + m·τ_d per step for its largest message, nothing for a step in
    // which no processor sends, as `plan_cost` sums it.
    let (gdm, source) = model::gdm(preset);
    let cost = plan_cost(&plan, &array, ELEMENT_BYTES, &gdm);
    let phase_us = cost
        .step_bytes
        .iter()
        .map(|&m| if m > 0 { gdm.step_us(m) } else { 0.0 })
        .collect();
    Ok(Plan {
        command: "redist".into(),
        algo: scheme.name(),
        source: format!(
            "ℜ(K = {}, P = {}) {}, the {} schedule of paper 003 (§3.4, §4, Theorem 3)",
            r.k,
            r.p,
            direction.name(),
            scheme.name()
        ),
        p: r.p,
        phases,
        messages: layout.messages(),
        model: Model {
            formula: "T_d + m·τ_d per step (paper 003 §3.2, GDM)".into(),
            machine: gdm.name.into(),
            source,
            phase_us,
        },
        options: Default::default(),
    })
}

/// Where every block of the array starts, ends, and sits in its message.
struct Layout {
    /// Blocks in a superblock, K·P.
    cells: usize,
    /// Bytes of one block (x elements).
    block_bytes: u64,
    /// For every global block g: (start, home, offset in its message), or
    /// `None` for a block that starts at home and never moves.
    blocks: Vec<Option<(u32, u32, u64)>>,
    /// Bytes of each (start, home) message.
    sizes: BTreeMap<(u32, u32), u64>,
}

impl Layout {
    /// `moved`: the superblock blocks some step carries (every superblock
    /// moves alike).
    fn new(
        sh: &Shape,
        direction: Direction,
        n_blocks: usize,
        block_bytes: u64,
        moved: &BTreeSet<u32>,
    ) -> Layout {
        let cells = sh.cells();
        let mut sizes = BTreeMap::new();
        let blocks = (0..n_blocks)
            .map(|g| {
                let b = (g % cells) as u32;
                // The superblock's start table: S (cyclic(x)) going up, R
                // (cyclic(Kx)) going down; the home is the other one.
                let start = match direction {
                    Direction::Up => sh.source(b as usize),
                    Direction::Down => sh.dest(b as usize),
                };
                let pair = (rank(start), rank(home(sh, direction, b)));
                if pair.0 == pair.1 && !moved.contains(&b) {
                    return None;
                }
                let size = sizes.entry(pair).or_insert(0);
                let offset = *size;
                *size += block_bytes;
                Some((pair.0, pair.1, offset))
            })
            .collect();
        Layout {
            cells,
            block_bytes,
            blocks,
            sizes,
        }
    }

    /// The pieces of a message carrying superblock blocks `rows`: those
    /// blocks of every superblock, superblock after superblock.
    fn pieces(&self, rows: &[u32]) -> Vec<Piece> {
        let superblocks = self.blocks.len().div_ceil(self.cells);
        (0..superblocks)
            .flat_map(|s| rows.iter().map(move |&b| s * self.cells + b as usize))
            .filter_map(|g| *self.blocks.get(g)?)
            .map(|(origin, dest, offset)| Piece {
                origin,
                dest,
                offset,
                len: self.block_bytes,
            })
            .collect()
    }

    fn messages(&self) -> Vec<Message> {
        sorted_messages(
            self.sizes
                .iter()
                .map(|(&(origin, dest), &bytes)| Message {
                    origin,
                    dest,
                    bytes,
                })
                .collect(),
        )
    }
}
