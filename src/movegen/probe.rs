//! Is a given move one the generator lists? Asked of a move from elsewhere
//! (the transposition table's), found by generating only its piece's moves,
//! so that the search can try it before generating the rest.

use super::generate::MoveSink;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::Position;

impl Variant {
    /// Is `m` among the moves [`Variant::pseudo_moves`] lists in `pos`,
    /// found from its piece's moves alone? False, whatever the answer would
    /// be, for the moves whose generation needs more than the piece: drops,
    /// castling, passes and gated moves, and in variants with gating.
    pub fn generates_by_piece(&self, pos: &Position, m: Move) -> bool {
        if self.gating.is_some()
            || m.gate != 0
            || matches!(m.kind, MoveKind::Drop | MoveKind::Castle | MoveKind::Pass)
        {
            return false;
        }
        let us = pos.side;
        let p = pos.board[m.from as usize];
        if p.is_none() || p.color() != us {
            return false;
        }
        let mut find = Find {
            target: m,
            found: false,
            offered: 0,
        };
        self.gen_piece(pos, us, m.from, p.kind(), &mut find);
        find.found
    }
}

/// A sink that only watches for one move.
struct Find {
    target: Move,
    found: bool,
    /// Moves offered (for `prefer`: did the first rules yield any?).
    offered: usize,
}

impl MoveSink for Find {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.offered += 1;
        self.found |= m == self.target;
    }
    #[inline(always)]
    fn count(&self) -> usize {
        self.offered
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.found
    }
    fn mark(&self) -> usize {
        self.offered
    }
    fn has_since(&self, _: usize, _: Move) -> bool {
        false
    }
}
