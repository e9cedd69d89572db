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

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc_ms: u64, movestogo: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                inc: Duration::from_millis(inc_ms),
                movestogo,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn movetime_is_the_hard_limit() {
        let l = Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        let ms = Duration::from_millis;
        assert_eq!(time_budget(&l), (Some(ms(600)), Some(ms(300))));
        let inf = Limits {
            infinite: true,
            ..l
        };
        assert_eq!(time_budget(&inf), (None, None));
    }

    #[test]
    fn a_clock_is_spread_over_moves_to_go() {
        // 5 s + 50 ms: 5000 / 20 + 50 * 3/4 = 287.5 ms soft; hard three
        // times that, under a third of the clock.
        let (soft, hard) = time_budget(&clock(5000, 50, None));
        assert_eq!(soft, Some(Duration::from_micros(287_500)));
        assert_eq!(hard, Some(Duration::from_micros(862_500)));
        // Ten moves to the control: a tenth each (500 ms + 37.5 ms).
        let (soft, _) = time_budget(&clock(5000, 50, Some(10)));
        assert_eq!(soft, Some(Duration::from_micros(537_500)));
    }

    #[test]
    fn the_hard_limit_never_takes_more_than_a_third_of_the_clock() {
        for ms in [1u64, 7, 40, 300, 1000, 60_000] {
            for inc in [0u64, 10, 1000] {
                for mtg in [None, Some(1), Some(3), Some(40)] {
                    let (soft, hard) = time_budget(&clock(ms, inc, mtg));
                    let (soft, hard) = (soft.unwrap(), hard.unwrap());
                    let third = Duration::from_millis(ms) / 3;
                    assert!(
                        hard <= third.max(Duration::from_millis(5)),
                        "{ms} {inc} {mtg:?}"
                    );
                    assert!(soft <= hard, "{ms} {inc} {mtg:?}");
                }
            }
        }
    }
}
