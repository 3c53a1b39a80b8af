//! Inputs that cannot act, skipped until they can (the fast loop's main
//! saving: on the benchmark cases about half of all visits of the
//! reference loop find an input that does nothing).
//!
//! Two kinds of input sleep, and each wakes on the one event that can
//! change what it does:
//! - a *connected* input whose next buffer was full at the start of the
//!   cycle: only its own packet feeds that buffer, so it can move again
//!   exactly when that buffer's oldest flit leaves ([`Engine::wake_full`]);
//! - a *head* waiting for a channel another packet holds, when its choice
//!   of channel is fixed (every routing but adaptive up-routing, which may
//!   turn to another up-link): it asks again exactly when the holder's tail
//!   frees the channel ([`Engine::wake_waiters`]).
//!
//! A sleeping head would, in the reference loop, have counted its channel
//! as blocked every cycle. Those cycles are owed instead: from `since[o]`
//! while any head sleeps on `o`, and paid when they wake
//! ([`Engine::blocked_count`] reads a channel's count including what is
//! owed). Waking an input early is always safe (it looks and sleeps again),
//! so a restored checkpoint simply wakes everything ([`Engine::wake_all`]).

use super::config::UpRouting;
use super::engine::Engine;
use super::fabric::NONE;

impl Engine {
    /// The head at input `i` waits for channel `o`, which another packet
    /// holds (its wait for this cycle already counted): it sleeps until
    /// `o` is freed, unless adaptive routing may send it elsewhere sooner.
    #[inline(always)]
    pub(super) fn sleep_on(&mut self, i: u32, o: u32) {
        if self.cfg.up_routing == UpRouting::Adaptive {
            return;
        }
        let o = o as usize;
        if self.sleep_head[o] == NONE {
            // This cycle's wait is counted; the owed ones start with the next.
            self.since[o] = self.now + 1;
        }
        self.sleep_next[i as usize] = self.sleep_head[o];
        self.sleep_head[o] = i;
        self.asleep.insert(i as usize);
    }

    /// Connected input `i` found its next buffer `c` full at the start of
    /// the cycle: it sleeps until that buffer gives up a flit, unless the
    /// flit already left in this cycle (the fused pass pops as it goes), so
    /// the wake has passed and it looks again next cycle.
    #[inline(always)]
    pub(super) fn sleep_full(&mut self, i: usize, c: u32) {
        if self.bufs.popped_at(c as usize) != self.now {
            self.asleep.insert(i);
            self.full_sleeper[c as usize] = i as u32;
            self.full_watch.insert(c as usize);
        }
    }

    /// Channel `o` was freed in this cycle: the heads sleeping on it ask
    /// again next cycle, and their owed waits are counted.
    #[inline(always)]
    pub(super) fn wake_waiters(&mut self, o: u32) {
        let o = o as usize;
        let mut w = self.sleep_head[o];
        if w == NONE {
            return;
        }
        self.blocked[o] += self.now + 1 - self.since[o];
        self.sleep_head[o] = NONE;
        while w != NONE {
            self.asleep.remove(w as usize);
            w = std::mem::replace(&mut self.sleep_next[w as usize], NONE);
        }
    }

    /// Buffer `b` gave up a flit in this cycle: the input feeding it, if
    /// asleep because it was full, moves again next cycle.
    #[inline(always)]
    pub(super) fn wake_full(&mut self, b: usize) {
        if self.full_watch.contains(b) {
            self.asleep.remove(self.full_sleeper[b] as usize);
            self.full_sleeper[b] = NONE;
            self.full_watch.remove(b);
        }
    }

    /// Channel `o`'s cycles blocked so far, including those owed to
    /// sleeping heads (what the reference loop would have counted).
    #[inline]
    pub(crate) fn blocked_count(&self, o: usize) -> u64 {
        let owed = if self.sleep_head[o] == NONE {
            0
        } else {
            self.now - self.since[o]
        };
        self.blocked[o] + owed
    }

    /// Every channel's [`Engine::blocked_count`].
    pub(crate) fn blocked_counts(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.blocked.len()).map(|o| self.blocked_count(o))
    }

    /// Wakes every input, forgets what is owed and rebuilds the fast
    /// loop's set of connected inputs (the caller has just put the true
    /// counts in `blocked` and the connections in `conn`: a checkpoint
    /// restored).
    pub(crate) fn wake_all(&mut self) {
        self.asleep.clear();
        self.src.ask_all_ports();
        self.sleep_head.fill(NONE);
        self.sleep_next.fill(NONE);
        self.full_sleeper.fill(NONE);
        self.full_watch.clear();
        // A stamp from a later cycle could match one replayed again.
        self.bufs.forget_pops();
        self.relink();
        // The frozen packets' state was overwritten with the rest.
        self.forget_streams();
    }
}
