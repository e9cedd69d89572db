//! Move ordering: the table move first, then captures that do not lose
//! material by MVV-LVA, killers, quiet moves by history, and last the
//! captures the static exchange evaluation says lose; moves are picked
//! best-first from their scores.

use super::*;

impl Run<'_> {
    /// Score `moves` for [`pick`]. With `exchange`, a capture by a piece
    /// worth more than its victim is looked at by the static exchange
    /// evaluation and goes after the quiet moves if it loses (quiescence
    /// prunes those instead, so it does not ask).
    pub(super) fn score_moves(
        &self,
        pos: &mut Position,
        moves: &[Move],
        scores: &mut Vec<i32>,
        tt_move: Option<Move>,
        ply: usize,
        exchange: bool,
    ) {
        scores.clear();
        let killers = self.killers[ply.min(params::MAX_PLY)];
        for &m in moves {
            let s = if Some(m) == tt_move {
                1 << 30
            } else if !is_quiet(pos, m) {
                let victim = self.captured_value(pos, m);
                let promo = if m.kind == MoveKind::Promotion {
                    self.eval.value(Kind::new(m.data as usize))
                } else {
                    0
                };
                let attacker = self.value_at(pos, m.from);
                let mvv_lva = (victim + promo) * 16 - attacker / 16;
                if exchange && attacker > victim + promo && self.loses_exchange(pos, m) {
                    mvv_lva - (1 << 24)
                } else {
                    (1 << 24) + mvv_lva
                }
            } else if killers[0] == Some(m) {
                (1 << 23) + 1
            } else if killers[1] == Some(m) {
                1 << 23
            } else {
                self.history[m.from as usize * 256 + m.to as usize]
            };
            scores.push(s);
        }
    }

    /// Does `m` lose material by the static exchange evaluation? (No when
    /// it cannot say.)
    #[inline]
    pub(super) fn loses_exchange(&self, pos: &mut Position, m: Move) -> bool {
        self.v
            .see(pos, m, |k| self.eval.value(k))
            .is_some_and(|s| s < 0)
    }

    /// The value of the piece `m` captures (0 for none).
    #[inline]
    pub(super) fn captured_value(&self, pos: &Position, m: Move) -> i32 {
        match m.kind {
            MoveKind::EnPassant => pos.ep.map_or(0, |(_, s)| self.value_at(pos, s)),
            MoveKind::Pass => 0,
            _ => self.value_at(pos, m.to),
        }
    }

    pub(super) fn value_at(&self, pos: &Position, sq: u8) -> i32 {
        let p = pos.board[sq as usize];
        if p.is_none() {
            0
        } else {
            self.eval.value(p.kind())
        }
    }
}

/// Captures, promotions and en passant are not quiet.
#[inline]
pub(super) fn is_quiet(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::EnPassant | MoveKind::Promotion => false,
        MoveKind::Drop | MoveKind::Castle | MoveKind::Pass => true,
        _ => pos.board[m.to as usize].is_none(),
    }
}

/// Move the best-scored remaining move to position `i`.
#[inline]
pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    // The first of the best (ties keep the earlier move), without bounds checks.
    let rest = &scores[i..moves.len()];
    let (mut best, mut top) = (i, rest[0]);
    for (j, &s) in (i + 1..).zip(&rest[1..]) {
        if s > top {
            (best, top) = (j, s);
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
