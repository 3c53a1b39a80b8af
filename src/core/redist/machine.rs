//! P simulated memories, and how a plan's moves act on them.
//!
//! A [`Machine`] holds each processor's memory as slots of `unit` elements,
//! K slots per superblock; the slots of blocks past the end of the array
//! hold [`HOLE`]. A column move permutes each processor's slots inside every
//! superblock. A communication step first *packs*: every processor whose
//! `to[j] ≠ j` copies the slots of the step's rows, superblock after
//! superblock, into one send buffer; the buffer is delivered and *unpacked*
//! into the same slots at the receiver. A block that lands on a processor
//! that does not own it has been *relayed* and travels on in a later step.
//! Every read is from the memories as they were before the step, so the
//! order in which processors are visited never matters.
//!
//! ```
//! use commbook_core::redist::{machine::Machine, ArrayConfig, Shape};
//! let sh = Shape::new(2, 3).unwrap();
//! let array = ArrayConfig { n: 6, x: 1 }.validate(&sh).unwrap();
//! let m = Machine::load(&array, 3, 2, 1, 1); // cyclic(1): p0 holds 0 and 3
//! assert_eq!(m.memory(0), [0, 3]);
//! ```

use super::array::{Array, cyclic_local};
use super::exec::ExecError;
use super::plan::Action;

/// The value of an empty slot (a block past the end of the array).
pub const HOLE: u32 = u32::MAX;

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
    /// Sender.
    pub src: usize,
    /// Receiver.
    pub dst: usize,
    /// Array elements carried (holes not counted).
    pub elements: usize,
}

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
    pub(crate) fn permute_columns(&mut self, from: &[u32]) {
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
    pub(crate) fn communicate(&mut self, rows: &[u32], to: &[u32]) -> Vec<Sent> {
        let u = self.unit;
        // Pack every send buffer first...
        let mut packed = Vec::new();
        for (src, &dst) in to.iter().enumerate() {
            if dst as usize == src {
                continue;
            }
            let mut buf = Vec::with_capacity(self.superblocks * rows.len() * u);
            for c in 0..self.superblocks {
                let base = self.base(src, c);
                for &r in rows {
                    let at = base + r as usize * u;
                    if u == 1 {
                        buf.push(self.mem[at]);
                    } else {
                        buf.extend_from_slice(&self.mem[at..at + u]);
                    }
                }
            }
            packed.push((src, dst as usize, buf));
        }
        // ...then deliver and unpack them.
        let mut sent = Vec::with_capacity(packed.len());
        for (src, dst, buf) in packed {
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
