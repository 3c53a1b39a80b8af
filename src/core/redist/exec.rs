//! Executing a plan on data, with its checks.
//!
//! [`execute`] loads an N-element array in the plan's starting distribution
//! into a [`Machine`], runs every action, checks after every communication
//! step that each processor sent at most one message and received at most
//! one, and checks at the end that every element is where cyclic(Kx) (or
//! cyclic(x), for the dual) puts it according to
//! [`cyclic_local`](super::array::cyclic_local) alone.
//!
//! ```
//! use commbook_core::redist::{exec, schedules, ArrayConfig, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! let array = ArrayConfig { n: 200, x: 2 }.validate(&sh).unwrap();
//! let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
//! let run = exec::execute(&plan, &array).unwrap();
//! assert_eq!(run.steps.len(), 4);
//! ```

use super::array::Array;
use super::machine::{Machine, Sent};
use super::plan::{Action, Plan};
use super::scheme::Direction;
use std::fmt;

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
    use crate::redist::plan::Action;
    use crate::redist::{ArrayConfig, Scheme, Shape, schedules};

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
