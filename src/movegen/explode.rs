//! Captures with side effects (`explosion`): the squares a capture clears,
//! their removal in make and return in unmake, and what a royal piece's
//! safety and loss mean when captures explode.

use super::Move;
use super::end::EndReason;
use super::tables::{CFilter, Variant};
use crate::board::{Bitset, Color, Piece, Position, Square};
use crate::ir::Outcome;

/// The most squares one explosion may clear besides the capture square
/// (the lowering's limit, `MAX_EXPLOSION`).
pub(crate) const MAX_BLAST: usize = 16;

/// An `explosion`, compiled.
#[derive(Debug, Clone)]
pub(crate) struct CExplosion {
    /// `around[color][sq]`: the squares around `sq` that a capture there by
    /// `color` reaches, in a fixed order (unmake relies on it).
    around: [Vec<Vec<Square>>; 2],
    /// The same squares as sets.
    zone: [Vec<Bitset>; 2],
    /// Which pieces there are removed, owner relative to the capturer.
    filter: CFilter,
}

/// What an explosion removed, for unmake: the pieces on the squares around
/// (bit `i` of `mask` for the `i`-th square), and whether the capturer went.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blast {
    exploded: bool,
    mask: u16,
    pieces: [Piece; MAX_BLAST],
}

impl Variant {
    /// Compile the `explosion` block, if any; vectors are registered, so
    /// this runs before the rays are built (the squares come from the
    /// geometry, not from rays).
    pub(super) fn compile_explosion(&mut self) -> Option<CExplosion> {
        let x = self.rules.explosion.clone()?;
        let mut around = [Vec::new(), Vec::new()];
        let mut zone = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            let frame = self.rules.players[color].frame;
            for sq in 0..self.geo.cells() {
                let sq = sq as Square;
                let mut list = Vec::new();
                let mut set = Bitset::EMPTY;
                if self.geo.is_valid(sq) {
                    for &v in &x.around {
                        if let Some(t) = self.geo.offset(sq, frame.apply(v))
                            && self.geo.is_valid(t)
                            && !set.has(t)
                        {
                            list.push(t);
                            set.set(t);
                        }
                    }
                }
                around[color].push(list);
                zone[color].push(set);
            }
        }
        Some(CExplosion {
            around,
            zone,
            filter: CFilter {
                owner: x.removes.owner,
                kinds: x.removes.pieces.iter().fold(0u32, |m, &k| m | 1 << k),
                negate: x.removes.negate,
            },
        })
    }

    /// After a capture by `us` landing on `to` (the capturer already there):
    /// remove the pieces around that pass the filter, then the capturer.
    pub(super) fn explode(&self, pos: &mut Position, us: Color, to: Square) -> Blast {
        let mut blast = Blast::default();
        let Some(x) = &self.explosion else {
            return blast;
        };
        for (i, &s) in x.around[us][to as usize].iter().enumerate() {
            let p = pos.board[s as usize];
            if !p.is_none() && x.filter.accepts(p, us) {
                blast.pieces[i] = pos.take(s, &self.keys);
                blast.mask |= 1 << i;
                self.touch_castling(pos, s);
            }
        }
        pos.take(to, &self.keys);
        blast.exploded = true;
        blast
    }

    /// Put back what [`Self::explode`] removed, except the capturer: the
    /// caller puts the moved piece back on its start square. Returns whether
    /// there was an explosion (the landing square is then empty).
    pub(super) fn unexplode(&self, pos: &mut Position, us: Color, to: Square, b: &Blast) -> bool {
        let Some(x) = &self.explosion else {
            return false;
        };
        if !b.exploded {
            return false;
        }
        for (i, &s) in x.around[us][to as usize].iter().enumerate() {
            if b.mask >> i & 1 != 0 {
                let p = b.pieces[i];
                pos.put(s, p, self.royal[p.kind()], &self.keys);
            }
        }
        true
    }

    /// Is `sq`, where a royal piece of the other player stands, attacked by
    /// `by`? When captures explode, a capture there that would also remove a
    /// royal piece of `by` (next to `sq`, of the kinds removed) is no threat.
    pub(crate) fn royal_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if let Some(x) = &self.explosion {
            let zone = &x.zone[by][sq as usize];
            if zone.intersects(&pos.royals[by])
                && pos.royals[by]
                    .iter()
                    .any(|s| zone.has(s) && x.filter.accepts(pos.board[s as usize], by))
            {
                return false;
            }
        }
        self.is_attacked(pos, sq, by)
    }

    /// Legality when captures explode, by a full make and unmake: the move
    /// may not remove a royal piece of the mover; if it removes one of the
    /// opponent's it is legal (the game is won); otherwise no royal piece of
    /// the mover may be attacked afterwards.
    #[cold]
    pub(super) fn is_legal_exploding(&self, pos: &mut Position, m: Move) -> bool {
        let us = pos.side;
        let them = us.other();
        let ours = pos.royals[us].count();
        let theirs = pos.royals[them].count();
        let undo = self.make(pos, m);
        let legal = if pos.royals[us].count() < ours {
            false
        } else if pos.royals[them].count() < theirs {
            true
        } else {
            !pos.royals[us]
                .iter()
                .any(|k| self.royal_attacked(pos, k, them))
        };
        self.unmake(pos, m, undo);
        legal
    }

    /// When captures explode, a player left without a royal piece (in a
    /// game that has royal pieces) has lost: the game is over, with the
    /// outcome for the side to move.
    pub(crate) fn royal_lost(&self, pos: &Position) -> Option<(Outcome, EndReason)> {
        self.explosion.as_ref()?;
        if !self.royal.iter().any(|&r| r) {
            return None;
        }
        let us = pos.side;
        if pos.royals[us].is_empty() {
            Some((Outcome::Loss, EndReason::RoyalLost))
        } else if pos.royals[us.other()].is_empty() {
            Some((Outcome::Win, EndReason::RoyalLost))
        } else {
            None
        }
    }
}
