//! Legality through attack lines: which of the opponent's sliding and
//! hopping attack lines through the royal piece a move touches, from a table
//! made at load time, so that a move off every such line is legal without a
//! look, and one on some is checked on those lines alone.
//!
//! Used where the opponent has hoppers (whose attacks a move can open by
//! adding a screen as well as by leaving one) and every capturing rule is a
//! plain step, leap, slide or hop (`line_legality`); with sliders alone, the
//! pin mask of [`super::generate::Safety`] does the same more cheaply.

use super::generate::Safety;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Piece, Position, Square};

/// The boards up to this many squares get a table (2 x squares^2 masks).
const MAX_CELLS: usize = 128;

/// `masks[by][k * cells + sq]`: the attack lines of player `by` (slides
/// first, then hops, by index) along which `sq` lies as seen from `k`.
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    cells: usize,
    masks: [Vec<u64>; 2],
    /// `on[by][k]`: the squares on some line of `by` through `k`.
    on: [Vec<Bitset>; 2],
}

impl Lines {
    /// The table, if the variant qualifies: plain capturing rules, an
    /// opponent with hoppers, at most 64 lines, a board of at most 128 squares.
    pub(crate) fn new(v: &Variant) -> Option<Lines> {
        let cells = v.geo.cells();
        let qualifies = v.line_legality
            && cells <= MAX_CELLS
            && v.attacks.iter().any(|a| !a.hops.is_empty())
            && v.attacks
                .iter()
                .all(|a| a.slides.len() + a.hops.len() <= 64);
        if !qualifies {
            return None;
        }
        let mut masks = [vec![0u64; cells * cells], vec![0u64; cells * cells]];
        for by in Color::ALL {
            let a = &v.attacks[by];
            let revs = a
                .slides
                .iter()
                .map(|l| l.rev)
                .chain(a.hops.iter().map(|h| h.rev));
            for (i, rev) in revs.enumerate() {
                for k in 0..cells {
                    for &sq in v.ray(rev, k as Square) {
                        masks[by][k * cells + sq as usize] |= 1 << i;
                    }
                }
            }
        }
        let on = std::array::from_fn(|by| {
            masks[by]
                .chunks(cells)
                .map(|row| {
                    let mut b = Bitset::EMPTY;
                    for (sq, &l) in row.iter().enumerate() {
                        if l != 0 {
                            b.set(sq as Square);
                        }
                    }
                    b
                })
                .collect()
        });
        Some(Lines { cells, masks, on })
    }

    /// The lines of `by` through `k` on which `sq` lies.
    #[inline(always)]
    pub(crate) fn through(&self, by: Color, k: Square, sq: Square) -> u64 {
        self.masks[by][k as usize * self.cells + sq as usize]
    }
}

impl Variant {
    /// Is the ordinary move `m` (a step, slide, leap, hop or promotion, not
    /// by the royal piece on `k`, which is not in check) legal? Only the
    /// opponent's lines through `k` that it leaves or enters can change, so
    /// it is played on the board array and those lines alone are looked at.
    #[inline]
    pub(crate) fn safe_on_lines(
        &self,
        pos: &mut Position,
        m: Move,
        k: Square,
        lines: &Lines,
    ) -> bool {
        let us = pos.side;
        let them = us.other();
        let mask = lines.through(them, k, m.from) | lines.through(them, k, m.to);
        if mask == 0 {
            return true;
        }
        let saved_from = pos.board[m.from as usize];
        let saved_to = pos.board[m.to as usize];
        pos.board[m.from as usize] = Piece::NONE;
        pos.board[m.to as usize] = if m.kind == MoveKind::Promotion {
            Piece::new(crate::board::Kind::new(m.data as usize), us)
        } else {
            saved_from
        };
        let attacked = self.attacked_on_lines(pos, k, them, mask);
        pos.board[m.to as usize] = saved_to;
        pos.board[m.from as usize] = saved_from;
        !attacked
    }

    /// Is `sq` attacked by `by` along one of the lines in `mask` (indices as
    /// in [`Lines`])?
    fn attacked_on_lines(&self, pos: &Position, sq: Square, by: Color, mut mask: u64) -> bool {
        let a = &self.attacks[by];
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let hit = match a.slides.get(i) {
                Some(l) => self.slide_attacks(pos, sq, by, l),
                None => self.hop_attacks(pos, sq, by, &a.hops[i - a.slides.len()]),
            };
            if hit {
                return true;
            }
        }
        false
    }
}

/// A node's facts for telling at a glance that an ordinary move is legal.
#[derive(Clone, Copy)]
pub(crate) struct QuickLegality<'a> {
    king: Square,
    them: Color,
    pinned: &'a Bitset,
    /// With enemy hoppers: the table of their lines.
    lines: Option<&'a Lines>,
}

impl<'a> QuickLegality<'a> {
    /// The royal piece's square.
    #[inline(always)]
    pub(crate) fn king(&self) -> Square {
        self.king
    }

    /// With enemy hoppers: the squares on their lines through the royal piece.
    #[inline(always)]
    pub(crate) fn on_lines(&self) -> Option<&'a Bitset> {
        self.lines.map(|l| &l.on[self.them][self.king as usize])
    }

    /// Is an ordinary move from `from` (not the royal piece) clear of pins
    /// (with hoppers: is `from` on no line of theirs through the royal
    /// piece)? Its destination is still to be looked at with hoppers.
    #[inline(always)]
    pub(crate) fn clear_from(&self, from: Square) -> bool {
        match self.lines {
            None => !self.pinned.has(from),
            Some(l) => l.through(self.them, self.king, from) == 0,
        }
    }

    /// Is `m` an ordinary move (one piece from one square to another, no
    /// side effect on a third) and not of the royal piece?
    #[inline(always)]
    pub(crate) fn ordinary(&self, m: Move) -> bool {
        m.from != self.king
            && matches!(
                m.kind,
                MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::Promotion
            )
    }

    /// Is `m` surely legal: an ordinary move, not of the royal piece, and
    /// not of a pinned piece (with hoppers: on no line of theirs through
    /// the royal piece)? False says nothing: ask the full test.
    #[inline(always)]
    pub(crate) fn clear(&self, m: Move) -> bool {
        self.ordinary(m)
            && self.clear_from(m.from)
            && self
                .lines
                .is_none_or(|l| l.through(self.them, self.king, m.to) == 0)
    }
}

impl Variant {
    /// Where the node allows it, the cheap sufficient test of
    /// [`QuickLegality::clear`]: a single royal piece not in check, every
    /// capturing rule plain, no condition on the position after the move.
    #[inline]
    pub(crate) fn quick_legality<'a>(
        &'a self,
        pos: &Position,
        s: &'a Safety,
    ) -> Option<QuickLegality<'a>> {
        let king = s.king?;
        if !self.line_legality
            || s.in_check
            || s.standoff
            || self.explosion.is_some()
            || self.goals.forbids
        {
            return None;
        }
        let them = pos.side.other();
        let lines = if self.attacks[them].hops.is_empty() {
            None
        } else {
            Some(self.lines.as_ref()?)
        };
        Some(QuickLegality {
            king,
            them,
            pinned: &s.pinned,
            lines,
        })
    }
}
