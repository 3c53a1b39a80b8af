//! Small helpers for the sentences captions are made of.

/// `n` followed by the singular or the plural noun: `plural(1, "step",
/// "steps")` is "1 step", `plural(3, "step", "steps")` "3 steps".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` followed by `word`, with an "s" unless n is 1.
pub fn plural_s(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A count with thin spaces between groups of three digits: 1 048 576.
pub fn count(n: usize) -> String {
    count_u64(n as u64)
}

/// [`count`] of a 64-bit number (a `usize` is 32 bits in the browser's
/// wasm, so flit moves past 4,294 M must not pass through one).
pub fn count_u64(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{202f}');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singular_only_for_one() {
        assert_eq!(plural(1, "match", "matches"), "1 match");
        assert_eq!(plural(0, "match", "matches"), "0 matches");
        assert_eq!(plural_s(1, "block"), "1 block");
        assert_eq!(plural_s(2, "block"), "2 blocks");
    }
}
