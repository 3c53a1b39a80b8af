//! Sends in words, for the lists beside the mesh figures: who sends to
//! whom, how much, and for (or from) which processors.
//!
//! ```
//! use commbook_core::mesh::describe::ranges;
//! assert_eq!(ranges(vec![3, 1, 2, 7]), "P1–P3, P7");
//! ```

use super::collective::Send;
use super::config::Op;
use crate::sorting::sort_usizes;

/// Processor ids as compact ranges, e.g. `P8–P15, P24`.
pub fn ranges(mut ids: Vec<usize>) -> String {
    sort_usizes(&mut ids);
    ids.dedup();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for id in ids {
        match runs.last_mut() {
            Some(r) if r.1 + 1 == id => r.1 = id,
            _ => runs.push((id, id)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match b - a {
            0 => format!("P{a}"),
            1 => format!("P{a}, P{b}"),
            _ => format!("P{a}–P{b}"),
        })
        .collect();
    runs.join(", ")
}

/// One send for a list beside the mesh: `P0 → P8: 8 messages (8192 bytes)
/// for P8–P15` (a gather names where its messages come from instead).
pub fn describe_send(op: Op, s: &Send) -> String {
    let n = s.messages.len();
    let (word, ids): (&str, Vec<usize>) = match op {
        Op::Gather => ("from", s.messages.iter().map(|m| m.from).collect()),
        _ => ("for", s.messages.iter().map(|m| m.to).collect()),
    };
    format!(
        "P{} → P{}: {} ({} bytes) {word} {}",
        s.src,
        s.dst,
        if n == 1 {
            "1 message".to_string()
        } else {
            format!("{n} messages")
        },
        s.bytes,
        ranges(ids)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::collective::Msg;

    #[test]
    fn sends_are_described_with_ranges() {
        assert_eq!(ranges(vec![9, 8, 10, 3, 12, 13, 8]), "P3, P8–P10, P12, P13");
        let msgs = (8..12).map(|to| Msg { from: 0, to }).collect();
        let s = Send::new(0, 8, 16, msgs);
        assert_eq!(
            describe_send(Op::Scatter, &s),
            "P0 → P8: 4 messages (64 bytes) for P8–P11"
        );
        let back = Send::new(8, 0, 16, vec![Msg { from: 8, to: 0 }]);
        assert_eq!(
            describe_send(Op::Gather, &back),
            "P8 → P0: 1 message (16 bytes) from P8"
        );
    }
}
