//! Rules for the whole side to move: compulsory captures (`must capture`)
//! and the end of the game by material: extinction (`extinct`), a bare
//! player (`bare`).

use super::end::EndReason;
use super::generate::Safety;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Color, Position};
use crate::ir::Outcome;

impl Variant {
    /// Does `m` capture (en passant included; castling never does)?
    #[inline(always)]
    pub fn is_capture(&self, pos: &Position, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Drop | MoveKind::Pass => false,
            _ => !pos.board[m.to as usize].is_none(),
        }
    }

    /// Keep only the captures among the legal moves `out[start..]`, if
    /// there is one (`must capture`).
    pub(crate) fn keep_captures(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        if out[start..].iter().any(|&m| self.is_capture(pos, m)) {
            let mut i = start;
            while i < out.len() {
                if self.is_capture(pos, out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// The number of legal moves among the pseudo-legal `moves` under
    /// `must capture`: the legal captures if there is one, else all.
    pub(crate) fn count_compulsory(&self, pos: &mut Position, moves: &[Move], s: &Safety) -> u64 {
        let (mut captures, mut all) = (0, 0);
        for &m in moves {
            if self.is_legal_fast(pos, m, s) {
                all += 1;
                captures += u64::from(self.is_capture(pos, m));
            }
        }
        if captures > 0 { captures } else { all }
    }

    /// Under `must capture`, is some pseudo-legal capture among `moves`
    /// legal? (Then only captures are.) False in games without the rule.
    pub(crate) fn captures_forced(&self, pos: &mut Position, moves: &[Move], s: &Safety) -> bool {
        self.rules.must_capture
            && moves
                .iter()
                .any(|&m| self.is_capture(pos, m) && self.is_legal_fast(pos, m, s))
    }

    /// Is the game over by an `extinct` or a `bare` rule? The outcome for
    /// the side to move.
    #[inline]
    pub fn extinction(&self, pos: &Position) -> Option<Outcome> {
        self.material_end(pos).map(|(o, _)| o)
    }

    /// Is the game over by an `extinct` rule (looked at first) or a `bare`
    /// rule? The outcome for the side to move, and which rule.
    #[inline]
    pub fn material_end(&self, pos: &Position) -> Option<(Outcome, EndReason)> {
        if let Some(o) = self.extinct_end(pos) {
            return Some(self.settle(o, EndReason::Extinction, pos));
        }
        if self.bare.is_empty() {
            return None;
        }
        self.bare_end(pos)
            .map(|o| self.settle(o, EndReason::Bare, pos))
    }

    /// The number of pieces of `c` (on the board and in hand) of the kinds
    /// in `mask`, counted up to 2.
    fn count_upto2(&self, pos: &Position, c: Color, mask: u32) -> u32 {
        let mut n = 0;
        for sq in pos.occ[c].iter() {
            if mask >> pos.board[sq as usize].kind().index() & 1 != 0 {
                n += 1;
                if n >= 2 {
                    return n;
                }
            }
        }
        for (k, &h) in pos.reserve[c].iter().enumerate() {
            if h > 0 && k < 32 && mask >> k & 1 != 0 {
                n += u32::from(h);
                if n >= 2 {
                    return 2;
                }
            }
        }
        n
    }

    /// A `bare` rule, as Fairy-Stockfish counts it: the player who just
    /// moved loses (the rule's outcome) if it is bare and the other is not;
    /// the player to move, if it is bare and the other has at least two
    /// pieces that count. With exactly one, the bared player answers: a move
    /// that bares the other leaves both bare, and the rule holds no more.
    fn bare_end(&self, pos: &Position) -> Option<Outcome> {
        let us = pos.side;
        for &(mask, outcome) in &self.bare {
            let ours = self.count_upto2(pos, us, mask);
            let theirs = self.count_upto2(pos, us.other(), mask);
            if theirs == 0 && ours >= 1 {
                return Some(flip(outcome));
            }
            if ours == 0 && theirs >= 2 {
                return Some(outcome);
            }
        }
        None
    }

    /// Has a player none of the pieces of an `extinct` rule left? The
    /// outcome for the side to move (the opponent is looked at first).
    fn extinct_end(&self, pos: &Position) -> Option<Outcome> {
        if self.extinct.is_empty() {
            return None;
        }
        let us = pos.side;
        for c in [us.other(), us] {
            for &(mask, outcome) in &self.extinct {
                let on_board = pos.occ[c]
                    .iter()
                    .any(|sq| mask >> pos.board[sq as usize].kind().index() & 1 != 0);
                let in_hand = pos.reserve[c]
                    .iter()
                    .enumerate()
                    .any(|(k, &n)| n > 0 && k < 32 && mask >> k & 1 != 0);
                if !on_board && !in_hand {
                    return Some(if c == us { outcome } else { flip(outcome) });
                }
            }
        }
        None
    }
}

/// The same outcome for the other player.
fn flip(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::Draw => Outcome::Draw,
        // Decided later, in the position where the game ends.
        Outcome::Points => Outcome::Points,
    }
}
