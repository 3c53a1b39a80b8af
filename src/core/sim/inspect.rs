//! The figures of one link, processor or switch at one frame of a
//! film: what the animator lists when a reader clicks something or
//! picks it from a list.
//!
//! Each function returns a title and `(name, value)` lines, read from the
//! [`SimView`] at the cycle and the run's totals; nothing is simulated
//! again.

use super::fabric::NONE;
use super::film::{Film, Frame, Tally};
use crate::net::Vertex;

/// A title and its `(name, value)` lines.
pub type Figures = (String, Vec<(&'static str, String)>);

/// Names of up to three packets, then "and k more".
fn some(names: Vec<String>) -> String {
    let k = names.len();
    if k == 0 {
        return "none".into();
    }
    let mut s = names[..k.min(3)].join(", ");
    if k > 3 {
        s += &format!(" and {} more", k - 3);
    }
    s
}

/// A channel (a link, or a processor's ejection port) at state `v`.
pub fn channel(tl: &Film, f: &Frame, ch: u32) -> Figures {
    let (fab, v) = (tl.fabric(), &f.view);
    let c = ch as usize;
    let load = v.load[c] as u64;
    let held = match v.owner[c] {
        NONE => "free".to_string(),
        p => tl.packet_name(f, p),
    };
    let waiting: Vec<String> = v
        .waits
        .iter()
        .filter(|w| w.channel == ch)
        .map(|w| tl.packet_name(f, w.packet))
        .collect();
    // The whole run's figures are known once it is simulated to the end.
    let total = tl.links().get(c).copied();
    let waited = match total {
        Some(t) => format!("{} so far, {} in the whole run", v.blocked[c], t.blocked),
        None => format!("{} so far", v.blocked[c]),
    };
    let mut lines = vec![
        ("carried so far", format!("{load} flits")),
        ("held by", held),
        ("heads waiting for it", some(waiting)),
        ("cycles with a head waiting", waited),
    ];
    if let Some(t) = total {
        lines.push(("whole run", format!("{} flits", t.busy)));
    }
    if c < v.links {
        let b = &v.buffers;
        lines.insert(
            1,
            (
                "buffer at its end",
                format!("{} of {} flits", b.len(c), b.depth()),
            ),
        );
    }
    (fab.describe(ch), lines)
}

/// Counts of messages by where they are.
fn statuses(t: Tally) -> String {
    let total = t.delivered + t.under_way + t.not_started;
    if total == 0 {
        return "none".into();
    }
    format!(
        "{} of {total} delivered, {} under way, {} not started",
        t.delivered, t.under_way, t.not_started
    )
}

/// A processor at state `v`.
pub fn processor(tl: &Film, f: &Frame, p: usize) -> Figures {
    let (fab, v) = (tl.fabric(), &f.view);
    let (sends, recvs) = tl.tally(f.pos, p);
    let (sends, recvs) = (statuses(sends), statuses(recvs));
    let port = v.ports[p];
    let injecting = if port.packet == NONE {
        "idle".to_string()
    } else {
        format!(
            "{}, flit {} of {} next",
            tl.packet_name(f, port.packet),
            port.next + 1,
            port.flits
        )
    };
    let eject = fab.links() + p;
    let title = match fab.spec() {
        crate::net::TopologySpec::Mesh { .. } => format!("processor {} (P{p})", fab.node_name(p)),
        crate::net::TopologySpec::Hypercube { procs } => format!(
            "processor P{p} (address {p:0width$b})",
            width = procs.trailing_zeros().max(1) as usize
        ),
        crate::net::TopologySpec::FatTree { .. } => format!("processor P{p}"),
        crate::net::TopologySpec::KaryTree { k, .. } => {
            format!("processor P{p} (under switch L1.{}.0)", p / k.max(1))
        }
    };
    let lines = vec![
        ("messages it sends", sends),
        ("messages it receives", recvs),
        ("injection port", injecting),
        ("flits received so far", v.load[eject].to_string()),
    ];
    (title, lines)
}

/// A fat-tree switch at state `v`: its outgoing links together.
pub fn switch(tl: &Film, f: &Frame, s: Vertex) -> Figures {
    let (net, v) = (tl.fabric().network(), &f.view);
    let out: Vec<usize> = (0..net.links())
        .filter(|&l| net.link_ends(l as u64).0 == s)
        .collect();
    let flits: u64 = out.iter().map(|&l| v.load[l] as u64).sum();
    let held = out.iter().filter(|&&l| v.owner[l] != NONE).count();
    let waiting = v
        .waits
        .iter()
        .filter(|w| out.contains(&(w.channel as usize)))
        .count();
    let title = match s {
        Vertex::Switch { level, node, index } => {
            format!("switch L{level}.{node}.{index} (level {level}, cluster {node})")
        }
        Vertex::Proc(p) => format!("P{p}"),
    };
    let lines = vec![
        ("links out", out.len().to_string()),
        ("flits sent on so far", flits.to_string()),
        ("links out held now", format!("{held} of {}", out.len())),
        ("heads waiting for them", waiting.to_string()),
    ];
    (title, lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::TopologySpec;
    use crate::sim::{Film, SimConfig, Traffic};

    #[test]
    fn a_shared_link_shows_its_holder_and_who_waits() {
        // 0 → 2 and 1 → 2 on a 1×3 mesh share the link (0,1)→(0,2).
        let spec = TopologySpec::Mesh { rows: 1, cols: 3 };
        let t = Traffic::pairs(3, &[(0, 2), (1, 2)], 200);
        let cfg = SimConfig {
            recv_limit: 2,
            ..SimConfig::delta()
        };
        let tl = Film::record(spec, &cfg, &t).unwrap();
        let link = 4; // east from processor 1
        let pos = (1..tl.cycles())
            .find(|&c| {
                let v = tl.frame(c).view;
                v.owner[link] != NONE && v.waits.iter().any(|w| w.channel == link as u32)
            })
            .expect("one packet waits for the other");
        let (title, lines) = channel(&tl, &tl.frame(pos), link as u32);
        assert_eq!(title, "link (0,1)→(0,2)");
        let get = |k: &str| lines.iter().find(|l| l.0 == k).unwrap().1.clone();
        assert!(get("held by").starts_with("packet "), "{lines:?}");
        assert!(get("heads waiting for it").starts_with("packet "));
        assert!(get("buffer at its end").ends_with("of 4 flits"));
        let (title, lines) = processor(&tl, &tl.frame(tl.cycles()), 2);
        assert_eq!(title, "processor (0,2) (P2)");
        assert_eq!(lines[1].1, "2 of 2 delivered, 0 under way, 0 not started");
        assert_eq!(lines[0].1, "none");
    }

    #[test]
    fn a_switch_sums_its_links() {
        let spec = TopologySpec::FatTree { procs: 16 };
        let t = Traffic::pairs(16, &[(0, 5)], 64);
        let tl = Film::record(spec, &SimConfig::cm5(), &t).unwrap();
        let v = tl.frame(tl.cycles());
        let top: Vec<Vertex> = (0..4)
            .map(|index| Vertex::Switch {
                level: 2,
                node: 0,
                index,
            })
            .collect();
        // Each packet climbed to level 2 through one of the four switches
        // (drawn at random) and came down from it.
        let sum: u64 = top
            .iter()
            .map(|&s| switch(&tl, &v, s).1[1].1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, SimConfig::cm5().packet.flits(64));
        assert!(switch(&tl, &v, top[0]).0.starts_with("switch L2.0.0"));
    }
}
