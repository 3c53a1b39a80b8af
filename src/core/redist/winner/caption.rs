//! The sentences and labels of a [`WinnerMap`]: what wins where, row by
//! row, and numbers short enough for a table heading.

use super::{OCTAVES, WinnerMap};
pub use crate::words::count;

/// A count in at most four characters for a column heading: 864, 16K,
/// 1.0M, 67M, 4.3G.
pub fn short_count(n: usize) -> String {
    let x = n as f64;
    let (v, unit) = match n {
        0..1_000 => return n.to_string(),
        1_000..1_000_000 => (x / 1e3, "K"),
        1_000_000..1_000_000_000 => (x / 1e6, "M"),
        _ => (x / 1e9, "G"),
    };
    if v < 9.95 {
        format!("{v:.1}{unit}")
    } else {
        format!("{v:.0}{unit}")
    }
}

/// A parameter with at most three decimals: 40, 17.5, 0.469.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A ratio R in bytes, to three significant digits.
pub fn bytes(r: f64) -> String {
    if r >= 100.0 {
        format!("{} B", count(r.round() as usize))
    } else if r >= 10.0 {
        format!("{r:.1} B")
    } else {
        format!("{r:.2} B")
    }
}

/// How row `row` relates to the machine's R: "R", "2R", "R/4", …
pub fn row_label(row: usize) -> String {
    match row as i32 - OCTAVES {
        0 => "R".to_string(),
        s if s > 0 => format!("{}R", 1u64 << s),
        s => format!("R/{}", 1u64 << -s),
    }
}

/// For the SP-2 of Figure 20, the panel of that figure whose ratio row
/// `row` has: (a) R, (b) 2R, (c) R/2, (d) R/4.
pub fn figure20_panel(map: &WinnerMap, row: usize) -> Option<char> {
    if map.config.gdm.name != "sp2-fig20" {
        return None;
    }
    match row as i32 - OCTAVES {
        0 => Some('a'),
        1 => Some('b'),
        -1 => Some('c'),
        -2 => Some('d'),
        _ => None,
    }
}

/// Who wins along N at ratio `r`, as a clause.
pub(super) fn runs(map: &WinnerMap, r: f64) -> String {
    let parts: Vec<String> = map
        .runs(r)
        .iter()
        .map(|&(n, c)| {
            let name = map.contenders[c].scheme.name();
            if n == 0 {
                format!("{name} is fastest from the smallest array")
            } else {
                format!("{name} from N = {}", count(map.ns[n]))
            }
        })
        .collect();
    parts.join(", ")
}

/// The caption at player position `pos`: 0 is the machine as it is, and
/// 1..=rows steps through the map's rows from R/2^OCTAVES upwards.
pub fn caption(map: &WinnerMap, pos: usize) -> String {
    let m = &map.config.gdm;
    let (k, p) = (map.config.k, map.config.p);
    let last = count(map.ns[map.ns.len() - 1]);
    if pos == 0 {
        let r = map.ratio(OCTAVES as usize);
        return format!(
            "ℜ({k}, {p}) on {}: T_d = {} µs, τ_d = {} ns/byte, so R = T_d/τ_d = {}. \
             Arrays of {} to {last} elements of {} bytes: {}. Step forward to sweep R \
             from R/{} to {}R.",
            m.title(),
            num(m.t_d_us),
            num(m.tau_d_us_per_byte * 1000.0),
            bytes(r),
            count(map.ns[0]),
            map.config.b,
            runs(map, r),
            1 << OCTAVES,
            1 << OCTAVES
        );
    }
    let row = (pos - 1).min(map.rows() - 1);
    let r = map.ratio(row);
    let panel = figure20_panel(map, row).map_or(String::new(), |c| format!(" (Figure 20({c}))"));
    format!(
        "R = {}{panel} = {}: T_d stays {} µs and τ_d becomes {} ns/byte. {}.",
        row_label(row),
        bytes(r),
        num(m.t_d_us),
        num(m.t_d_us / r * 1000.0),
        capitalise(&runs(map, r))
    )
}

/// Upper-cases the first letter of a sentence made of scheme names (all
/// ASCII); ASCII-only so the book's wasm carries no Unicode case tables.
fn capitalise(s: &str) -> String {
    let mut s = s.to_string();
    if let Some(first) = s.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    s
}
