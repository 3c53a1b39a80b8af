//! Which key does what in the step player.

/// A player command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    TogglePlay,
    Next,
    Prev,
    First,
    Last,
    /// Ten steps forward or back.
    Jump(i32),
}

/// The action for a `KeyboardEvent.key`, if any. Space, ←/→, Home/End as the
/// book promises; PageUp/PageDown jump ten steps.
pub fn action_for(key: &str) -> Option<Action> {
    Some(match key {
        " " | "Spacebar" => Action::TogglePlay,
        "ArrowRight" => Action::Next,
        "ArrowLeft" => Action::Prev,
        "Home" => Action::First,
        "End" => Action::Last,
        "PageDown" => Action::Jump(10),
        "PageUp" => Action::Jump(-10),
        _ => return None,
    })
}

/// The position an action leads to from `pos` in `0..=len` (play toggling
/// does not move).
pub fn target(action: Action, pos: usize, len: usize) -> usize {
    match action {
        Action::TogglePlay => pos,
        Action::Next => (pos + 1).min(len),
        Action::Prev => pos.saturating_sub(1),
        Action::First => 0,
        Action::Last => len,
        Action::Jump(d) => (pos as i64 + d as i64).clamp(0, len as i64) as usize,
    }
}
