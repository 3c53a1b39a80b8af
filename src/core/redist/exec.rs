//! Executing a plan on data: an N-element array in P simulated memories.
//!
//! Element g of the array carries the value g. Under cyclic(y) it lives on
//! processor (g/y) mod P at local index ((g/y)/P)·y + g mod y (§3.1); this
//! definition, in [`cyclic_local`], is all the final check relies on.
//!
//! A [`Machine`] holds each processor's memory as slots of `unit` elements,
//! K slots per superblock; the last superblock may be partial, and the
//! slots of blocks past the end of the array hold [`HOLE`]. A column move
//! permutes each processor's slots inside every superblock. A
//! communication step first *packs*: every processor whose `to[j] ≠ j`
//! copies the slots of the step's rows, superblock after superblock, into
//! one send buffer; then every buffer is delivered and *unpacked* into the
//! same slots at the receiver. A block that lands on a processor that does
//! not own it has been *relayed* and travels on in a later step. All reads
//! happen before all writes, so the order in which processors are visited
//! never matters.
//!
//! [`execute`] runs a whole plan and checks, step by step, that every
//! processor sends at most one message and receives at most one, and at the
//! end that every element is where cyclic(Kx) (or cyclic(x) for the dual)
//! puts it.
//!
//! ```
//! use commbook::core::redist::{exec, schedules, ArrayConfig, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! let array = ArrayConfig { n: 200, x: 2 }.validate(&sh).unwrap();
//! let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
//! let run = exec::execute(&plan, &array).unwrap();
//! assert_eq!(run.steps.len(), 4);
//! ```

use super::error::RedistError;
use super::plan::{Action, Plan};
use super::scheme::Direction;
use super::shape::Shape;
use std::fmt;

/// Largest array that is only priced (sums of bytes stay far from overflow).
pub const MAX_PRICED_ELEMENTS: u64 = 1 << 40;
/// The value of an empty slot (a block past the end of the array).
pub const HOLE: u32 = u32::MAX;
/// Largest array accepted, in element slots once padded to whole
/// superblocks (32 MB of memories).
pub const MAX_ELEMENTS: usize = 1 << 23;

/// The array a caller wants to redistribute: N elements, block size x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayConfig {
    pub n: usize,
    pub x: usize,
}

impl ArrayConfig {
    /// Checks N and x against the shape: x ≥ 1, N ≥ 1, x divides N (§3.1
    /// assumes it), and the padded array fits.
    pub fn validate(&self, sh: &Shape) -> Result<Array, RedistError> {
        let superblock = (self.x as u64).saturating_mul(sh.cells() as u64);
        check_array(self.n, self.x, "x", superblock, MAX_ELEMENTS as u64)
    }

    /// The same checks for an array that is only priced by
    /// [`super::cost`], never executed: N up to [`MAX_PRICED_ELEMENTS`].
    pub fn validate_for_cost(&self, sh: &Shape) -> Result<Array, RedistError> {
        let superblock = (self.x as u64).saturating_mul(sh.cells() as u64);
        check_array(self.n, self.x, "x", superblock, MAX_PRICED_ELEMENTS)
    }
}

/// Checks an array of `n` elements made of `unit`-element blocks, with
/// superblocks of `superblock` elements, at most `max` elements once padded.
pub(crate) fn check_array(
    n: usize,
    unit: usize,
    unit_name: &'static str,
    superblock: u64,
    max: u64,
) -> Result<Array, RedistError> {
    if unit == 0 {
        return Err(RedistError::Zero { name: unit_name });
    }
    if n == 0 {
        return Err(RedistError::Zero { name: "N" });
    }
    for (name, v) in [("N", n), (unit_name, unit)] {
        if v as u64 > max {
            return Err(RedistError::TooLarge {
                name,
                value: v as u64,
                max,
            });
        }
    }
    if !n.is_multiple_of(unit) {
        return Err(RedistError::NotMultiple {
            n: n as u64,
            unit: unit as u64,
            unit_name,
        });
    }
    let superblocks = (n as u64).div_ceil(superblock);
    let elements = superblocks.saturating_mul(superblock);
    if elements > max {
        return Err(RedistError::ArrayTooLarge { elements, max });
    }
    Ok(Array {
        n,
        x: unit,
        superblocks: superblocks as usize,
    })
}

/// A validated array: N elements in blocks of x, spread over `superblocks`
/// superblocks (the last possibly partial).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Array {
    pub n: usize,
    pub x: usize,
    pub superblocks: usize,
}

/// Each processor's local array under cyclic(y): the global indices it
/// holds, in local order (§3.1's definition, independent of any table).
pub fn cyclic_local(n: usize, y: usize, p: usize) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::with_capacity(n / p + y); p];
    for g in 0..n {
        let b = g / y;
        let local = (b / p) * y + g % y;
        let mem = &mut out[b % p];
        debug_assert_eq!(mem.len(), local);
        mem.push(g as u32);
    }
    out
}

/// P simulated memories.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// Processors.
    pub p: usize,
    /// Slots per superblock per processor.
    pub k: usize,
    /// Elements per slot.
    pub unit: usize,
    /// Superblocks.
    pub superblocks: usize,
    /// Every memory, one after the other: processor j's is
    /// `mem[j·len .. (j + 1)·len]` with `len = superblocks·k·unit`.
    pub mem: Vec<u32>,
}

/// One message actually sent in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sent {
    pub src: usize,
    pub dst: usize,
    /// Array elements carried (holes not counted).
    pub elements: usize,
}

/// Why an execution failed: a plan that is not a valid redistribution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecError {
    /// A processor sent two messages in one step.
    SendsTwice { step: usize, node: usize },
    /// A processor received two messages in one step.
    ReceivesTwice { step: usize, node: usize },
    /// An element is not where the target distribution puts it.
    Misplaced {
        node: usize,
        local: usize,
        found: u32,
        expected: u32,
    },
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecError::SendsTwice { step, node } => {
                write!(f, "step {step}: processor {node} sends twice")
            }
            ExecError::ReceivesTwice { step, node } => {
                write!(f, "step {step}: processor {node} receives twice")
            }
            ExecError::Misplaced {
                node,
                local,
                found,
                expected,
            } => write!(
                f,
                "processor {node}, local index {local}: found element {found}, expected {expected}"
            ),
        }
    }
}

impl std::error::Error for ExecError {}

impl Machine {
    /// The array laid out cyclic(`block`), in slots of `unit` elements, `k`
    /// slots per superblock.
    pub fn load(array: &Array, p: usize, k: usize, unit: usize, block: usize) -> Machine {
        let superblocks = array.n.div_ceil(p * k * unit);
        let len = superblocks * k * unit;
        let mut mem = vec![HOLE; p * len];
        for (j, local) in cyclic_local(array.n, block, p).into_iter().enumerate() {
            mem[j * len..j * len + local.len()].copy_from_slice(&local);
        }
        Machine {
            p,
            k,
            unit,
            superblocks,
            mem,
        }
    }

    /// Elements in one processor's memory.
    pub fn len(&self) -> usize {
        self.superblocks * self.k * self.unit
    }

    /// True when the memories hold nothing.
    pub fn is_empty(&self) -> bool {
        self.mem.is_empty()
    }

    /// Processor j's memory.
    pub fn memory(&self, j: usize) -> &[u32] {
        &self.mem[j * self.len()..(j + 1) * self.len()]
    }

    /// Reads the same memories as slots of another size (between the two
    /// phases of cyclic(x) → cyclic(y)); `k·unit` must stay the same.
    pub fn regroup(&mut self, k: usize, unit: usize) {
        debug_assert_eq!(k * unit, self.k * self.unit);
        self.k = k;
        self.unit = unit;
    }

    /// Where superblock c of processor j starts in `mem`.
    fn base(&self, j: usize, c: usize) -> usize {
        (j * self.superblocks + c) * self.k * self.unit
    }

    /// Applies one action; a communication step returns what was sent.
    pub fn apply(&mut self, action: &Action) -> Vec<Sent> {
        match action {
            Action::Columns(cm) => {
                self.permute_columns(&cm.from);
                Vec::new()
            }
            Action::Rows(rm) => self.communicate(&rm.rows, &rm.to),
        }
    }

    /// Every processor reorders its slots: slot r takes what slot
    /// `from[r·P + j]` held, in every superblock.
    fn permute_columns(&mut self, from: &[u32]) {
        let old = self.mem.clone();
        let u = self.unit;
        for j in 0..self.p {
            for c in 0..self.superblocks {
                let base = self.base(j, c);
                for r in 0..self.k {
                    let (dst, src) = (base + r * u, base + from[r * self.p + j] as usize * u);
                    if u == 1 {
                        self.mem[dst] = old[src];
                    } else {
                        self.mem[dst..dst + u].copy_from_slice(&old[src..src + u]);
                    }
                }
            }
        }
    }

    /// One communication step: pack, deliver, unpack (reads from the
    /// memories as they were before the step).
    fn communicate(&mut self, rows: &[u32], to: &[u32]) -> Vec<Sent> {
        let old = self.mem.clone();
        let u = self.unit;
        let mut buf = Vec::with_capacity(self.superblocks * rows.len() * u);
        let mut sent = Vec::new();
        for (src, &dst) in to.iter().enumerate() {
            let dst = dst as usize;
            if dst == src {
                continue;
            }
            buf.clear();
            for c in 0..self.superblocks {
                let base = self.base(src, c);
                for &r in rows {
                    let at = base + r as usize * u;
                    if u == 1 {
                        buf.push(old[at]);
                    } else {
                        buf.extend_from_slice(&old[at..at + u]);
                    }
                }
            }
            let mut next = 0;
            for c in 0..self.superblocks {
                let base = self.base(dst, c);
                for &r in rows {
                    let at = base + r as usize * u;
                    if u == 1 {
                        self.mem[at] = buf[next];
                    } else {
                        self.mem[at..at + u].copy_from_slice(&buf[next..next + u]);
                    }
                    next += u;
                }
            }
            let mut elements = 0;
            for &v in &buf {
                elements += usize::from(v != HOLE);
            }
            sent.push(Sent { src, dst, elements });
        }
        sent
    }

    /// Checks that the memories hold exactly cyclic(`block`) of `n`
    /// elements (and holes after each local array).
    pub fn check_cyclic(&self, n: usize, block: usize) -> Result<(), ExecError> {
        for (j, want) in cyclic_local(n, block, self.p).iter().enumerate() {
            let got = self.memory(j);
            let (head, tail) = got.split_at(want.len().min(got.len()));
            if head == want.as_slice() && tail.iter().all(|&v| v == HOLE) {
                continue;
            }
            let expected = want.iter().copied().chain(std::iter::repeat(HOLE));
            if let Some((local, (found, expected))) = got
                .iter()
                .copied()
                .zip(expected)
                .enumerate()
                .find(|(_, (f, e))| f != e)
            {
                return Err(ExecError::Misplaced {
                    node: j,
                    local,
                    found,
                    expected,
                });
            }
        }
        Ok(())
    }
}

/// Checks the one-port rule for one step's messages.
pub fn check_ports(step: usize, sent: &[Sent], p: usize) -> Result<(), ExecError> {
    let (mut sends, mut recvs) = (vec![false; p], vec![false; p]);
    for s in sent {
        if std::mem::replace(&mut sends[s.src], true) {
            return Err(ExecError::SendsTwice { step, node: s.src });
        }
        if std::mem::replace(&mut recvs[s.dst], true) {
            return Err(ExecError::ReceivesTwice { step, node: s.dst });
        }
    }
    Ok(())
}

/// A finished execution.
#[derive(Clone, Debug)]
pub struct Execution {
    /// The memories at the end.
    pub machine: Machine,
    /// What was sent in each communication step.
    pub steps: Vec<Vec<Sent>>,
}

/// Loads the array in the plan's starting distribution, runs every action
/// with the one-port check, and checks the final distribution.
pub fn execute(plan: &Plan, array: &Array) -> Result<Execution, ExecError> {
    let sh = &plan.shape;
    let (from, to) = match plan.direction {
        Direction::Up => (array.x, array.x * sh.k),
        Direction::Down => (array.x * sh.k, array.x),
    };
    let mut machine = Machine::load(array, sh.p, sh.k, array.x, from);
    let steps = run_actions(&mut machine, plan, 0)?;
    machine.check_cyclic(array.n, to)?;
    Ok(Execution { machine, steps })
}

/// Runs a plan's actions on a loaded machine; step numbers start after
/// `first_step`. Consecutive column moves are composed and applied as one
/// local permutation, as the paper does with the pointer table Ds (§4).
pub(crate) fn run_actions(
    machine: &mut Machine,
    plan: &Plan,
    first_step: usize,
) -> Result<Vec<Vec<Sent>>, ExecError> {
    let p = plan.shape.p;
    let mut steps = Vec::new();
    let mut pending: Option<Vec<u32>> = None;
    for a in &plan.actions {
        match a {
            Action::Columns(cm) => {
                pending = Some(match pending.take() {
                    None => cm.from.clone(),
                    Some(earlier) => cm
                        .from
                        .iter()
                        .enumerate()
                        .map(|(cell, &mid)| earlier[mid as usize * p + cell % p])
                        .collect(),
                });
            }
            Action::Rows(rm) => {
                if let Some(from) = pending.take() {
                    machine.permute_columns(&from);
                }
                let sent = machine.communicate(&rm.rows, &rm.to);
                check_ports(first_step + steps.len() + 1, &sent, machine.p)?;
                steps.push(sent);
            }
        }
    }
    if let Some(from) = pending {
        machine.permute_columns(&from);
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::redist::plan::Action;
    use crate::core::redist::{Scheme, schedules};

    #[test]
    fn refuses_bad_arrays() {
        let sh = Shape::new(6, 9).unwrap();
        let bad = |n, x| ArrayConfig { n, x }.validate(&sh).unwrap_err().to_string();
        assert_eq!(bad(10, 0), "x must be at least 1 (got x = 0)");
        assert_eq!(bad(0, 2), "N must be at least 1 (got N = 0)");
        assert!(bad(10, 4).starts_with("N must be a multiple of x = 4"));
        assert!(bad(MAX_ELEMENTS + 1, 1).contains("above the limit"));
        assert!(bad(1 << 20, 1 << 20).contains("padded"));
        assert!(bad(1, usize::MAX).contains("above the limit"));
        assert!(
            ArrayConfig { n: 1 << 30, x: 1 }
                .validate_for_cost(&sh)
                .is_ok()
        );
    }

    #[test]
    fn catches_broken_plans() {
        let sh = Shape::new(6, 9).unwrap();
        let array = ArrayConfig { n: 54 * 2, x: 1 }.validate(&sh).unwrap();
        let good = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
        // Two processors sending to the same one.
        let mut clash = good.clone();
        if let Some(Action::Rows(m)) = clash.actions.get_mut(3) {
            m.to[1] = m.to[0];
        }
        assert!(matches!(
            execute(&clash, &array),
            Err(ExecError::ReceivesTwice { step: 1, .. })
        ));
        // A forgotten unpack: blocks arrive but sit in the wrong slots.
        let mut lazy = good.clone();
        lazy.actions.pop();
        let err = execute(&lazy, &array).unwrap_err();
        assert!(matches!(err, ExecError::Misplaced { .. }), "{err}");
        assert!(err.to_string().starts_with("processor "), "{err}");
    }

    #[test]
    fn machine_reports_what_it_sent() {
        let sh = Shape::new(2, 3).unwrap();
        let array = ArrayConfig { n: 6 * 2 + 3, x: 1 }.validate(&sh).unwrap();
        let plan = schedules::plan(&sh, Scheme::Direct, Direction::Up);
        let run = execute(&plan, &array).unwrap();
        // Two full superblocks and half of a third: 15 elements; the two
        // processors that keep their block send nothing.
        let moved: usize = run.steps.iter().flatten().map(|s| s.elements).sum();
        let kept = 15 - moved;
        assert_eq!((run.steps.len(), kept), (2, 5));
        assert_eq!(run.machine.memory(0), [0, 1, 6, 7, 12, 13]);
    }
}
