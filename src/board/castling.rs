//! Castling rights: which wings each player may still castle on.

use super::Color;

/// The most castling wings a player can have.
pub const MAX_WINGS: usize = 8;

/// A set of castling rights, one per (player, wing). Also used as a mask of
/// the rights a square keeps when a move touches it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u16);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// Every right (as a mask: keeps everything).
    pub const ALL: CastlingRights = CastlingRights(u16::MAX);
    /// How many distinct rights there are (one zobrist key each).
    pub const COUNT: usize = 2 * MAX_WINGS;

    #[inline(always)]
    fn bit(color: Color, wing: usize) -> u16 {
        debug_assert!(wing < MAX_WINGS);
        1 << (color.index() * MAX_WINGS + wing)
    }

    /// The single right of `color` on `wing`.
    #[inline]
    pub fn one(color: Color, wing: usize) -> CastlingRights {
        CastlingRights(Self::bit(color, wing))
    }

    /// May `color` still castle on `wing`?
    #[inline]
    pub fn has(self, color: Color, wing: usize) -> bool {
        self.0 & Self::bit(color, wing) != 0
    }

    /// Give `color` the right on `wing`.
    #[inline]
    pub fn grant(&mut self, color: Color, wing: usize) {
        self.0 |= Self::bit(color, wing);
    }

    /// Take `color`'s right on `wing` away.
    #[inline]
    pub fn revoke(&mut self, color: Color, wing: usize) {
        self.0 &= !Self::bit(color, wing);
    }

    /// Does `color` have any right left?
    #[inline]
    pub fn any_for(self, color: Color) -> bool {
        self.0 >> (color.index() * MAX_WINGS) & 0xff != 0
    }

    /// The rights in both sets.
    #[inline(always)]
    pub fn and(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & other.0)
    }

    /// The rights in `self` that `keep` does not keep.
    #[inline(always)]
    pub fn lost_to(self, keep: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !keep.0)
    }

    /// No right at all?
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Each right in the set, as an index below [`Self::COUNT`] (for zobrist keys).
    #[inline]
    pub fn indices(self) -> impl Iterator<Item = usize> {
        let bits = self.0;
        (0..Self::COUNT).filter(move |&b| bits >> b & 1 != 0)
    }
}
