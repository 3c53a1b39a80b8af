//! The settings of chapter 9's redistribution figures, read into the
//! core's inputs. Single values are already checked against their ranges
//! (`widgets::redist`); what is checked here needs two of them, such as a
//! hybrid degree against the shift steps K and P allow.

use super::params::{Notice, Values};
use crate::core::cost::gdm::Gdm;
use crate::core::redist::sweep::SweepConfig;
use crate::core::redist::view::Fact;
use crate::core::redist::winner::WinnerConfig;
use crate::core::redist::{Direction, Scheme, Shape};

/// Bytes per array element in the priced figures (Figure 20's 4).
pub const ELEMENT_BYTES: u64 = 4;

/// What the table figure computes: one plan and its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableKey {
    pub shape: Shape,
    pub scheme: Scheme,
    pub direction: Direction,
}

/// A shape from the K and P settings; the ranges keep it valid, and the
/// worked example stands in should a caller pass anything else.
fn shape(values: &Values) -> Shape {
    let (k, p) = (values.int("k").max(1), values.int("p").max(1));
    Shape::new(k as usize, p as usize)
        .or_else(|_| Shape::new(6, 9))
        .expect("ℜ(6, 9) is valid")
}

/// Reads the table figure's settings. A hybrid degree above the indirect
/// schedule's shift steps is lowered to them, with a notice.
pub fn read_table(values: &Values) -> (TableKey, Vec<Notice>) {
    let shape = shape(values);
    let mut notices = Vec::new();
    let scheme = match values.choice("schedule") {
        "indirect" => Scheme::Indirect,
        "multiphase" => Scheme::Multiphase,
        "hybrid" => {
            let d = values.int("d").max(0) as usize;
            let max = shape.max_degree();
            if d > max {
                notices.push(Notice(format!(
                    "d = {d} is more than the {max} shift step{} of the indirect schedule for \
                     K = {}, P = {} (⌈log K′⌉ + ⌈log G⌉); using d = {max}",
                    if max == 1 { "" } else { "s" },
                    shape.k,
                    shape.p
                )));
            }
            Scheme::Hybrid(d.min(max))
        }
        _ => Scheme::Direct,
    };
    let direction = match values.choice("dir") {
        "down" => Direction::Down,
        _ => Direction::Up,
    };
    (
        TableKey {
            shape,
            scheme,
            direction,
        },
        notices,
    )
}

/// Which fact the table figure's right-hand table shows.
pub fn read_fact(values: &Values) -> Fact {
    match values.choice("show") {
        "source" => Fact::Source,
        "start-slot" => Fact::StartSlot,
        "end-slot" => Fact::EndSlot,
        _ => Fact::Dest,
    }
}

fn machine(values: &Values) -> Gdm {
    Gdm::preset(values.choice("machine")).unwrap_or(Gdm::SP2)
}

/// Reads the sweep figure's settings.
pub fn read_sweep(values: &Values) -> (SweepConfig, Vec<Notice>) {
    let config = SweepConfig {
        p: values.int("p").max(2) as usize,
        n: values.int("n").max(1) as usize,
        b: ELEMENT_BYTES,
        gdm: machine(values),
    };
    (config, Vec::new())
}

/// What the winner figure computes, and the hybrid degree it draws
/// (`None` when K and P leave no degree strictly between direct and
/// indirect).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinnerKey {
    pub config: WinnerConfig,
    pub d: Option<usize>,
}

/// Reads the winner figure's settings; a degree outside 1 … (indirect − 1)
/// is brought inside, with a notice.
pub fn read_winner(values: &Values) -> (WinnerKey, Vec<Notice>) {
    let shape = shape(values);
    let mut notices = Vec::new();
    let want = values.int("d").max(1) as usize;
    let top = shape.max_degree().saturating_sub(1);
    let d = if top == 0 {
        notices.push(Notice(format!(
            "K = {}, P = {} leave no hybrid between direct and indirect (the indirect schedule \
             has {} shift step{}); drawing no hybrid",
            shape.k,
            shape.p,
            shape.max_degree(),
            if shape.max_degree() == 1 { "" } else { "s" }
        )));
        None
    } else if want > top {
        notices.push(Notice(format!(
            "d = {want}: hybrids for K = {}, P = {} run from d = 1 to {top} (d = {} is the \
             indirect schedule); using d = {top}",
            shape.k,
            shape.p,
            top + 1
        )));
        Some(top)
    } else {
        Some(want)
    };
    let config = WinnerConfig {
        k: shape.k,
        p: shape.p,
        b: ELEMENT_BYTES,
        gdm: machine(values),
    };
    (WinnerKey { config, d }, notices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::read;
    use crate::book::widgets::find;

    fn values(widget: &str, raw: &[(&str, &str)]) -> Values {
        let spec = find(widget).unwrap();
        let raw: Vec<(String, String)> = raw
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let (v, notices) = read(spec.params, &raw, "");
        assert!(notices.is_empty(), "{notices:?}");
        v
    }

    #[test]
    fn table_settings() {
        let (key, notices) = read_table(&values("redist", &[]));
        assert!(notices.is_empty());
        assert_eq!(key.shape, Shape::new(6, 9).unwrap());
        assert_eq!((key.scheme, key.direction), (Scheme::Direct, Direction::Up));
        let (key, notices) = read_table(&values(
            "redist",
            &[("schedule", "hybrid"), ("d", "7"), ("dir", "down")],
        ));
        assert_eq!(key.scheme, Scheme::Hybrid(3));
        assert_eq!(key.direction, Direction::Down);
        assert!(
            notices[0]
                .0
                .starts_with("d = 7 is more than the 3 shift steps")
        );
        assert_eq!(
            read_fact(&values("redist", &[("show", "end-slot")])),
            Fact::EndSlot
        );
    }

    #[test]
    fn sweep_and_winner_settings() {
        let (c, notices) = read_sweep(&values("redist_sweep", &[("machine", "t3d")]));
        assert!(notices.is_empty());
        assert_eq!((c.p, c.n, c.gdm), (64, 400_000, Gdm::T3D));
        let (w, notices) = read_winner(&values("redist_winner", &[]));
        assert!(notices.is_empty());
        assert_eq!((w.config.k, w.config.p, w.d), (128, 128, Some(2)));
        assert_eq!(w.config.gdm, Gdm::SP2_FIG20);
        let (w, notices) = read_winner(&values(
            "redist_winner",
            &[("k", "6"), ("p", "9"), ("d", "9")],
        ));
        assert_eq!(w.d, Some(2));
        assert!(
            notices[0].0.contains("d = 3 is the indirect schedule"),
            "{notices:?}"
        );
        let (w, notices) = read_winner(&values("redist_winner", &[("k", "5"), ("p", "7")]));
        assert_eq!(w.d, Some(2));
        assert!(notices.is_empty());
        let (w, notices) = read_winner(&values("redist_winner", &[("k", "2"), ("p", "3")]));
        assert_eq!(w.d, None);
        assert!(notices[0].0.contains("no hybrid"));
    }
}
