//! Rules for the whole side to move: compulsory captures (`must capture`)
//! and the end of the game by extinction (`extinct`).

use super::generate::Safety;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::Position;
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

    /// Has a player none of the pieces of an `extinct` rule left? The
    /// outcome for the side to move (the opponent is looked at first).
    #[inline]
    pub fn extinction(&self, pos: &Position) -> Option<Outcome> {
        if self.extinct.is_empty() {
            return None;
        }
        let us = pos.side;
        for c in [1 - us, us] {
            for &(mask, outcome) in &self.extinct {
                let on_board = pos.occ[c]
                    .iter()
                    .any(|sq| mask >> pos.board[sq as usize].kind() & 1 != 0);
                let in_hand = pos.reserve[c]
                    .iter()
                    .enumerate()
                    .any(|(k, &n)| n > 0 && k < 32 && mask >> k & 1 != 0);
                if !on_board && !in_hand {
                    return Some(if c == us {
                        outcome
                    } else {
                        match outcome {
                            Outcome::Win => Outcome::Loss,
                            Outcome::Loss => Outcome::Win,
                            Outcome::Draw => Outcome::Draw,
                        }
                    });
                }
            }
        }
        None
    }
}
