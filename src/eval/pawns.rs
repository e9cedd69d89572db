//! The part of the evaluation that the promoting pieces alone decide (the
//! passed ones and their bonuses, doubled, isolated and supported ones, and
//! the squares they attack, counted), computed once per arrangement of
//! them and kept in a small table by [`Position::pawn_hash`]: most nodes of
//! a search share their parent's promoting pieces.

use super::Eval;
use crate::board::{Bitset, Color, Narrow, Position};

/// What the promoting pieces alone decide, per player.
#[derive(Debug, Clone, Copy, Default)]
pub struct PawnEntry {
    /// [`Position::pawn_hash`] with its low bit set (0: an empty slot).
    key: u64,
    /// Passed bonuses, doubled, isolated and supported pieces, summed.
    pub(super) score: [i32; 2],
    /// The passed promoting pieces.
    pub(super) passed: [Bitset; 2],
    /// How many promoting pieces attack each square (by one capturing
    /// step), in binary: bit `j` of a square's count is in `hits[color][j]`.
    pub(super) hits: [[Bitset; 3]; 2],
    /// Some square is attacked by more than 7 of them: `hits` cannot say.
    pub(super) overflow: bool,
}

/// Entries of a [`PawnCache`] (a power of two).
const PAWN_CACHE_ENTRIES: usize = 1 << 12;

/// A search thread's cache of the promoting pieces' part of the
/// evaluation, by [`Position::pawn_hash`].
#[derive(Clone)]
pub struct PawnCache(Vec<PawnEntry>);

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache(vec![PawnEntry::default(); PAWN_CACHE_ENTRIES])
    }
}

impl PawnCache {
    /// Forget every entry (after the weights change).
    pub fn clear(&mut self) {
        self.0.iter_mut().for_each(|e| *e = PawnEntry::default());
    }
}

impl Eval {
    /// The promoting pieces' entry of `pos`, whose promoting pieces are
    /// `promoting`: from `cache` where it holds it, else computed (and
    /// kept there).
    #[inline(always)]
    pub(super) fn pawn_entry<const N: usize>(
        &self,
        pos: &Position,
        promoting: &[Narrow<N>; 2],
        cache: Option<&mut PawnCache>,
    ) -> PawnEntry {
        let Some(cache) = cache.filter(|_| self.pawn_cache_ok) else {
            return self.pawn_entry_of(pos, promoting);
        };
        let key = pos.pawn_hash | 1;
        let slot = &mut cache.0[pos.pawn_hash as usize & (PAWN_CACHE_ENTRIES - 1)];
        if slot.key != key {
            *slot = self.pawn_entry_of(pos, promoting);
            slot.key = key;
        }
        *slot
    }

    /// The promoting pieces' entry of `pos`, computed.
    fn pawn_entry_of<const N: usize>(
        &self,
        pos: &Position,
        promoting: &[Narrow<N>; 2],
    ) -> PawnEntry {
        let set = |b: &Bitset| Narrow::<N>::of(b);
        let mut e = PawnEntry::default();
        for color in Color::ALL {
            let them = color.other();
            let table = &self.promoting_at[color];
            let mut score = 0;
            let mut passed = Narrow::<N>::EMPTY;
            let mut hits = [Narrow::<N>::EMPTY; 3];
            for sq in promoting[color].iter() {
                let kind = pos.board[sq as usize].kind();
                let at = &table[kind.index() * self.cells + sq as usize];
                if !set(&at.stoppers).intersects(&promoting[them]) {
                    score += at.bonus;
                    passed.set(sq);
                }
                // Structure: doubled and isolated.
                if set(&self.same_file[sq as usize]).intersects(&promoting[color]) {
                    score += self.promoting_doubled;
                }
                if !set(&self.next_files[sq as usize]).intersects(&promoting[color]) {
                    score += self.promoting_isolated;
                }
                // Support: own promoting pieces this one could capture on.
                let attacks = set(&at.attacks);
                score += attacks.and(&promoting[color]).count() as i32 * self.promoting_supported;
                // The squares attacked, added to the counts bit by bit.
                let mut carry = attacks;
                for h in &mut hits {
                    let next = h.and(&carry);
                    *h = Narrow(std::array::from_fn(|i| h.0[i] ^ carry.0[i]));
                    carry = next;
                }
                e.overflow |= carry != Narrow::EMPTY;
            }
            e.score[color] = score;
            e.passed[color] = wide(&passed);
            e.hits[color] = hits.map(|h| wide(&h));
        }
        e
    }
}

/// A set of `N` words as a full set.
#[inline(always)]
fn wide<const N: usize>(s: &Narrow<N>) -> Bitset {
    Bitset(std::array::from_fn(|i| if i < N { s.0[i] } else { 0 }))
}
