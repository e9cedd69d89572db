//! Move ordering: the table move first, then captures that do not lose
//! material by MVV-LVA, killers, the countermove, quiet moves by history
//! (by origin and destination, plus continuation history: by piece and
//! destination after each of the two moves before), and last the captures
//! the static exchange evaluation says lose; moves are picked best-first
//! from their scores.

use super::*;

/// A move's slot in the history and countermove tables: by origin and
/// destination.
#[inline(always)]
pub(super) fn slot(m: Move) -> usize {
    m.from as usize * 256 + m.to as usize
}

impl Run<'_> {
    /// The piece-and-destination key of `m` in `pos`, before it is made
    /// ([`Worker::moved`]): the moving (or dropped) piece of the side to
    /// move, and the destination.
    #[inline(always)]
    pub(super) fn move_key(&self, pos: &Position, m: Move) -> u32 {
        let kind = match m.kind {
            MoveKind::Drop => m.data as usize,
            _ => {
                let p = pos.board[m.from as usize];
                if p.is_none() { 0 } else { p.kind().index() }
            }
        };
        let piece = kind * 2 + pos.side.index();
        (piece * self.v.geo.cells() + m.to as usize) as u32
    }

    /// The continuation-history entry of a move with key `key` after one
    /// with key `prev`.
    #[inline(always)]
    pub(super) fn cont_slot(&self, prev: u32, key: u32) -> usize {
        (prev as usize * self.cont_stride + key as usize) & (self.cont.len() - 1)
    }

    /// The keys of the moves one and two plies before the node at `ply`
    /// ([`NO_KEY`] where there is none: the root, a null move).
    #[inline(always)]
    pub(super) fn prev_keys(&self, ply: usize) -> [u32; 2] {
        let at = |back: usize| ply.checked_sub(back).map_or(NO_KEY, |p| self.moved[p]);
        [at(1), at(2)]
    }

    /// A quiet move's history: by origin and destination, and after each
    /// of the two moves before it (`prev`, [`Run::prev_keys`]).
    #[inline(always)]
    pub(super) fn quiet_history(&self, m: Move, key: u32, prev: [u32; 2]) -> i32 {
        let mut h = self.history[slot(m)];
        for p in prev {
            if p != NO_KEY {
                h += i32::from(self.cont[self.cont_slot(p, key)]);
            }
        }
        h
    }

    /// Score `moves` for [`pick`] or [`Run::pick_exchange`]: the table
    /// move, captures and promotions by MVV-LVA, killers, the countermove
    /// (the quiet move that last refuted the move before), quiet moves by
    /// history.
    pub(super) fn score_moves(
        &self,
        pos: &mut Position,
        moves: &[Move],
        scores: &mut Vec<i32>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        scores.clear();
        let killers = self.killers[ply.min(params::MAX_PLY)];
        let counter = self
            .previous_move(ply.min(params::MAX_PLY))
            .and_then(|p| self.counters[slot(p)]);
        let tt_key = Move::key_of(tt_move);
        let killer_keys = [Move::key_of(killers[0]), Move::key_of(killers[1])];
        let counter_key = Move::key_of(counter);
        let prev = self.prev_keys(ply.min(params::MAX_PLY));
        for &m in moves {
            let key = m.key();
            let s = if key == tt_key {
                TT_MOVE
            } else if !is_quiet(pos, m) {
                GOOD_CAPTURE + self.mvv_lva(pos, m).0
            } else if key == killer_keys[0] {
                KILLER + 1
            } else if key == killer_keys[1] {
                KILLER
            } else if key == counter_key {
                KILLER - 1
            } else {
                self.quiet_history(m, self.move_key(pos, m), prev)
            };
            scores.push(s);
        }
    }

    /// MVV-LVA of a capture or promotion, and whether its attacker is worth
    /// more than what it wins (the static exchange evaluation then decides
    /// whether it loses).
    #[inline]
    fn mvv_lva(&self, pos: &Position, m: Move) -> (i32, bool) {
        let victim = self.captured_value(pos, m);
        let promo = if m.kind == MoveKind::Promotion {
            self.eval.value(Kind::new(m.data as usize))
        } else {
            0
        };
        let attacker = self.value_at(pos, m.from);
        (
            (victim + promo) * 16 - attacker / 16,
            attacker > victim + promo,
        )
    }

    /// Move the best remaining move to position `i`, as [`pick`] does,
    /// after asking the static exchange evaluation about captures by a
    /// piece worth more than its victim, lazily: only when such a capture
    /// comes up as the best. One that loses goes after the quiet moves and
    /// the best is sought again. The order is the one scoring every capture
    /// first would give (a losing capture's score only falls, so the move
    /// chosen is the first of the best of the final scores), with no
    /// evaluation spent on captures a cut-off never reaches.
    pub(super) fn pick_exchange(
        &self,
        pos: &mut Position,
        moves: &mut [Move],
        scores: &mut [i32],
        i: usize,
    ) {
        loop {
            let best = best_index(scores, moves.len(), i);
            let s = scores[best];
            if (GOOD_CAPTURE..TT_MOVE).contains(&s) {
                let m = moves[best];
                let (mvv_lva, risky) = self.mvv_lva(pos, m);
                if risky && self.loses_exchange(pos, m) {
                    scores[best] = mvv_lva - GOOD_CAPTURE;
                    continue;
                }
            }
            moves.swap(i, best);
            scores.swap(i, best);
            return;
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

/// Score of the table move.
pub(super) const TT_MOVE: i32 = 1 << 30;
/// Captures and promotions not known to lose: this plus MVV-LVA.
const GOOD_CAPTURE: i32 = 1 << 24;
/// The second killer (the first is one more).
const KILLER: i32 = 1 << 23;

/// Move the best-scored remaining move to position `i`.
#[inline]
pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let best = best_index(scores, moves.len(), i);
    moves.swap(i, best);
    scores.swap(i, best);
}

/// The first of the best scores in `scores[i..len]` (ties keep the earlier
/// move).
#[inline]
fn best_index(scores: &[i32], len: usize, i: usize) -> usize {
    // The best score (a reduction the compiler does several lanes at a
    // time), then the first move that has it.
    let rest = &scores[i..len];
    let top = rest.iter().fold(i32::MIN, |a, &s| a.max(s));
    i + rest.iter().position(|&s| s == top).unwrap_or(0)
}
