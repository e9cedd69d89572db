//! When a search stops: the limits a caller sets (depth, nodes, time, clock,
//! infinite, root moves) and the time manager that turns a clock into soft
//! and hard time budgets.

use super::params;
use crate::movegen::Move;
use std::time::Duration;

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think this long.
    pub movetime: Option<Duration>,
    /// Play on a clock.
    pub clock: Option<Clock>,
    /// Until stopped: no time limit and no early end on a found mate (the
    /// search still returns at the depth limit; waiting for `stop` after it
    /// is the protocol's business).
    pub infinite: bool,
    /// Search only these root moves (UCI `searchmoves`); empty: all. Moves
    /// that are not legal in the position are ignored.
    pub searchmoves: Vec<Move>,
}

/// The mover's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
}

/// (soft, hard) time limits.
pub(super) fn time_budget(l: &Limits) -> (Option<Duration>, Option<Duration>) {
    if l.infinite {
        return (None, None);
    }
    if let Some(t) = l.movetime {
        return (Some(t * 2), Some(t));
    }
    if let Some(c) = l.clock {
        let mtg = c.movestogo.unwrap_or(params::MOVES_TO_GO).clamp(1, 50);
        let base = c.time / mtg + c.inc * 3 / 4;
        let hard = (base * 3).min(c.time / 3).max(Duration::from_millis(5));
        let soft = base.min(hard);
        return (Some(soft), Some(hard));
    }
    (None, None)
}
