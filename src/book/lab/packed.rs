//! A schedule's phases packed for the trip from a Web Worker to the page:
//! every number as a LEB128 varint (phases, then per phase its length and
//! per transfer src, dst, bytes, offset), the bytes written as base64 in
//! one JSON string. The 1,024-processor all-to-all's million transfers
//! take about 8 MB this way and are read in tens of milliseconds; as JSON
//! objects they took 45 MB and most of a second of the page's thread.

use crate::core::schedule::Transfer;
use serde::{Deserialize, Deserializer, Serializer};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The phases as base64 of varints.
pub fn pack(phases: &[Vec<Transfer>]) -> String {
    let mut raw = Vec::with_capacity(phases.iter().map(Vec::len).sum::<usize>() * 6 + 8);
    push_varint(&mut raw, phases.len() as u64);
    for phase in phases {
        push_varint(&mut raw, phase.len() as u64);
        for t in phase {
            for v in [t.src as u64, t.dst as u64, t.bytes, t.offset] {
                push_varint(&mut raw, v);
            }
        }
    }
    let mut s = String::with_capacity(raw.len().div_ceil(3) * 4);
    for chunk in raw.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= chunk.len() {
                s.push(ALPHABET[(n >> (18 - 6 * k)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

fn sextet(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// Reads what [`pack`] wrote; `None` if it is not such a text.
pub fn unpack(text: &str) -> Option<Vec<Vec<Transfer>>> {
    let t = text.trim_end_matches('=').as_bytes();
    let mut raw = Vec::with_capacity(t.len() * 3 / 4);
    for chunk in t.chunks(4) {
        let mut n = 0u32;
        for (k, &c) in chunk.iter().enumerate() {
            n |= sextet(c)? << (18 - 6 * k);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        raw.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    let mut at = 0;
    let mut next = || -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *raw.get(at)?;
            at += 1;
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return Some(v);
            }
        }
        None
    };
    let count = next()? as usize;
    let mut phases = Vec::with_capacity(count.min(1 << 20));
    for _ in 0..count {
        let len = next()? as usize;
        let mut phase = Vec::with_capacity(len.min(1 << 20));
        for _ in 0..len {
            let (src, dst, bytes, offset) = (next()? as usize, next()? as usize, next()?, next()?);
            phase.push(Transfer {
                src,
                dst,
                bytes,
                offset,
            });
        }
        phases.push(phase);
    }
    Some(phases)
}

/// `#[serde(with = "packed")]` for a field of phases.
pub fn serialize<S: Serializer>(phases: &[Vec<Transfer>], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&pack(phases))
}

/// See [`serialize`].
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Transfer>>, D::Error> {
    let text = String::deserialize(d)?;
    unpack(&text).ok_or_else(|| serde::de::Error::custom("the packed phases could not be read"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_round_trip() {
        for phases in [
            vec![],
            vec![vec![]],
            vec![
                vec![Transfer {
                    src: 0,
                    dst: 1023,
                    bytes: 1 << 40,
                    offset: 300,
                }],
                vec![Transfer::whole(5, 6, 64)],
            ],
            (0..7)
                .map(|k| {
                    (0..k * 3)
                        .map(|i| Transfer {
                            src: i,
                            dst: i + k,
                            bytes: (i * 977) as u64,
                            offset: k as u64,
                        })
                        .collect()
                })
                .collect(),
        ] {
            assert_eq!(unpack(&pack(&phases)).unwrap(), phases);
        }
        assert!(unpack("!!").is_none());
        assert!(unpack("AQ").is_none(), "one phase announced, none given");
    }
}
