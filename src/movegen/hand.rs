//! Hands (`captures to hand`): a captured piece goes to the captor's reserve
//! as its unpromoted kind; promoted pieces are marked so they revert.

use super::make::Undo;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Kind, Piece, Position, reserve_key};
use crate::ir::RuleSet;

/// `captures to hand`, compiled.
#[derive(Debug, Clone)]
pub(crate) struct CHand {
    /// `revert[kind]`: the kind a promoted (marked) piece of `kind` goes to
    /// the hand as: the first piece that promotes to `kind`, else `kind`.
    pub revert: Vec<Kind>,
    /// `demote[kind]`: the kind any piece of `kind` goes to the hand as: a
    /// `"+L"` piece as the piece with the plain letter `L`, else `kind`.
    pub demote: Vec<Kind>,
}

impl CHand {
    /// The hand rules of `rules`, if it has `captures to hand`.
    pub fn new(rules: &RuleSet) -> Option<CHand> {
        if !rules.captures_to_hand {
            return None;
        }
        let n = rules.pieces.len();
        let revert = (0..n)
            .map(|k| {
                let from = rules
                    .pieces
                    .iter()
                    .position(|p| p.promotion.as_ref().is_some_and(|pr| pr.to.contains(&k)));
                Kind::new(from.unwrap_or(k))
            })
            .collect();
        let demote = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let base = rules
                    .pieces
                    .iter()
                    .position(|q| p.plus && !q.plus && q.letter == p.letter);
                Kind::new(base.unwrap_or(k))
            })
            .collect();
        Some(CHand { revert, demote })
    }
}

/// `Undo::marks`: the moving piece was marked promoted.
const MOVER_MARKED: u8 = 1;
/// `Undo::marks`: the captured piece was marked promoted.
const CAPTURED_MARKED: u8 = 2;

impl Variant {
    /// Before a move changes the board: note and clear the promotion marks
    /// of the mover and of the piece it captures.
    #[inline]
    pub(super) fn hand_before(&self, pos: &mut Position, m: Move, undo: &mut Undo) {
        let capsq = match m.kind {
            MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::Promotion => m.to,
            MoveKind::EnPassant => match undo.ep_victim() {
                Some(s) => s,
                None => return,
            },
            MoveKind::Castle | MoveKind::Drop | MoveKind::Pass => return,
        };
        if pos.promoted.has(m.from) {
            undo.marks |= MOVER_MARKED;
            pos.promoted.clear(m.from);
        }
        if pos.promoted.has(capsq) {
            undo.marks |= CAPTURED_MARKED;
            pos.promoted.clear(capsq);
        }
    }

    /// After a move: the captured piece joins the mover's hand, and the
    /// mover's mark follows it (a promotion marks it).
    #[inline]
    pub(super) fn hand_after(&self, pos: &mut Position, m: Move, undo: &mut Undo) {
        let Some(h) = &self.hand else { return };
        let us = pos.side;
        if !undo.captured.is_none() {
            let k = undo.captured.kind();
            let kind = if undo.marks & CAPTURED_MARKED != 0 {
                h.revert[k.index()]
            } else {
                h.demote[k.index()]
            };
            let p = Piece::new(kind, us);
            let n = pos.reserve[us][kind];
            if n < 31 {
                pos.hash ^= reserve_key(&self.keys, p, n) ^ reserve_key(&self.keys, p, n + 1);
                pos.reserve[us][kind] = n + 1;
                undo.to_hand = kind;
            }
        }
        // A promotion marks the piece, but not into a `"+L"` kind, which
        // reverts by its kind.
        let promotes =
            m.kind == MoveKind::Promotion && h.demote[m.data as usize].index() == m.data as usize;
        let marked = undo.marks & MOVER_MARKED != 0 || promotes;
        if marked
            && m.kind != MoveKind::Drop
            && m.kind != MoveKind::Castle
            && !pos.board[m.to as usize].is_none()
        {
            pos.promoted.set(m.to);
        }
    }

    /// Take back what [`Variant::hand_after`] and [`Variant::hand_before`]
    /// did (the board is already restored).
    #[inline]
    pub(super) fn hand_unmake(&self, pos: &mut Position, m: Move, undo: &Undo) {
        let us = pos.side;
        if undo.to_hand != Piece::NO_KIND {
            pos.reserve[us][undo.to_hand] -= 1;
        }
        if matches!(m.kind, MoveKind::Castle | MoveKind::Drop | MoveKind::Pass) {
            return;
        }
        pos.promoted.clear(m.to);
        if undo.marks & MOVER_MARKED != 0 {
            pos.promoted.set(m.from);
        }
        if undo.marks & CAPTURED_MARKED != 0 {
            pos.promoted.set(undo.captured_sq);
        }
    }
}
