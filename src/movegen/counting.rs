//! The counting rules (`counting`): limits by material, start and end.
//!
//! How a move starts or restarts a count and when it ends the game, as
//! Fairy-Stockfish's makruk counting.

use super::tables::Variant;
use crate::board::{Color, Piece, Position, count_key};
use crate::ir::{CountingDef, Outcome};

/// A `counting` rule, compiled.
#[derive(Debug, Clone)]
pub(crate) struct CCounting {
    /// Kinds whose presence on the board stops the count.
    without: Vec<usize>,
    /// The limit (full moves) for a player with more than one piece.
    board: u32,
    /// `(kind, at least, limit)` for a player with one piece, in order.
    limits: Vec<(usize, u32, u32)>,
    /// The limit for a player with one piece otherwise.
    otherwise: u32,
    /// The outcome for the side to move when a count passes its limit.
    outcome: Outcome,
}

impl CCounting {
    pub(crate) fn new(c: &CountingDef, outcome: Outcome) -> CCounting {
        CCounting {
            without: c.without.clone(),
            board: c.board,
            limits: c.limits.clone(),
            otherwise: c.otherwise,
            outcome,
        }
    }
}

/// The pieces of `c` on the board of kind `k`.
fn kind_count(pos: &Position, c: Color, k: usize) -> u32 {
    pos.occ[c]
        .iter()
        .filter(|&sq| pos.board[sq as usize].kind().index() == k)
        .count() as u32
}

impl Variant {
    /// Is a piece that stops the count on the board?
    fn count_blocked(&self, cc: &CCounting, pos: &Position) -> bool {
        Color::ALL.into_iter().any(|c| {
            pos.occ[c]
                .iter()
                .any(|sq| cc.without.contains(&pos.board[sq as usize].kind().index()))
        })
    }

    /// The limit, in full moves, of a count by `c` (0: `c` may not count).
    fn count_limit(&self, cc: &CCounting, pos: &Position, c: Color) -> u32 {
        let them = c.other();
        if self.count_blocked(cc, pos) || pos.occ[them].count() == 1 {
            return 0;
        }
        if pos.occ[c].count() > 1 {
            return cc.board;
        }
        cc.limits
            .iter()
            .find(|&&(k, n, _)| kind_count(pos, them, k) >= n)
            .map_or(cc.otherwise, |&(_, _, l)| l)
    }

    /// After a move (the side to move already the next player): count the
    /// ply, and start or restart a count as Fairy-Stockfish does.
    pub(super) fn update_count(&self, pos: &mut Position, captured: Piece, promoted: bool) {
        let Some(cc) = &self.counting else { return };
        let stm = pos.side;
        let mover = stm.other();
        let old = pos.count_limit;
        if pos.count_limit != 0 {
            pos.count_ply = pos.count_ply.saturating_add(1);
        }
        let all = pos.occ[Color::FIRST].count() + pos.occ[Color::SECOND].count();
        // A bare player took the last piece that stopped the count.
        if !captured.is_none() && cc.without.contains(&captured.kind().index()) {
            let l = self.count_limit(cc, pos, mover);
            if pos.occ[mover].count() == 1 && l != 0 {
                pos.count_limit = clamp(2 * l);
                pos.count_ply = clamp(2 * all - 1);
            }
        }
        let restart = (!captured.is_none() || promoted) && pos.occ[stm].count() == 1;
        if pos.count_limit == 0 || restart {
            let l = self.count_limit(cc, pos, stm);
            if l != 0 {
                pos.count_limit = clamp(2 * l);
                pos.count_ply = if pos.occ[stm].count() > 1 {
                    0
                } else {
                    clamp(2 * all)
                };
            }
        }
        if pos.count_limit != old {
            pos.hash ^= count_key(old) ^ count_key(pos.count_limit);
        }
    }

    /// Has a count passed its limit with the side to move not mated? The
    /// outcome for the side to move.
    pub fn counting_end(&self, pos: &mut Position) -> Option<Outcome> {
        let cc = self.counting.as_ref()?;
        if pos.count_limit == 0 || pos.count_ply <= pos.count_limit {
            return None;
        }
        if self.in_check(pos) && !self.has_legal_move(pos) {
            return None;
        }
        Some(self.decide(cc.outcome, pos))
    }
}

/// A ply count as stored.
fn clamp(n: u32) -> u16 {
    n.min(u32::from(u16::MAX)) as u16
}
