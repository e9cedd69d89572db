//! A 256-bit set of squares: enough for any board up to 16x16.

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitset(pub [u64; 4]);

impl Bitset {
    /// The empty set.
    pub const EMPTY: Bitset = Bitset([0; 4]);

    /// Is `sq` in the set?
    #[inline(always)]
    pub fn has(&self, sq: u8) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }

    /// Add `sq`.
    #[inline(always)]
    pub fn set(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] |= 1u64 << (sq & 63);
    }

    /// Remove `sq`.
    #[inline(always)]
    pub fn clear(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] &= !(1u64 << (sq & 63));
    }

    /// Number of squares in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// True if no square is set.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The squares, in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> BitsetIter {
        let w = &self.0;
        let last = if w[3] != 0 {
            3
        } else if w[2] != 0 {
            2
        } else {
            usize::from(w[1] != 0)
        };
        BitsetIter {
            words: self.0,
            word: 0,
            last,
            cur: self.0[0],
        }
    }

    /// Do the two sets share a square?
    #[inline(always)]
    pub fn intersects(&self, other: &Bitset) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(&self, other: &Bitset) -> Bitset {
        let mut r = *self;
        for i in 0..4 {
            r.0[i] &= other.0[i];
        }
        r
    }

    /// Union.
    pub fn or(&self, other: &Bitset) -> Bitset {
        let mut r = *self;
        for i in 0..4 {
            r.0[i] |= other.0[i];
        }
        r
    }
}

impl std::fmt::Debug for Bitset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the squares of a [`Bitset`].
pub struct BitsetIter {
    words: [u64; 4],
    /// The word being read...
    word: usize,
    /// The last word with a square.
    last: usize,
    /// ...and its squares not yet returned (kept apart from `words`, so
    /// that the common step touches no array).
    cur: u64,
}

impl Iterator for BitsetIter {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        loop {
            if self.cur != 0 {
                let t = self.cur.trailing_zeros();
                self.cur &= self.cur - 1;
                return Some((self.word as u32 * 64 + t) as u8);
            }
            if self.word >= self.last {
                return None;
            }
            self.word += 1;
            self.cur = self.words[self.word];
        }
    }
}

/// The first `N` words of a set, for a board of at most `64 * N` squares:
/// the operations of [`Bitset`] on `N` words, so that code monomorphised
/// per board width (one word for 8x8) does a quarter of the work.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Narrow<const N: usize>(pub [u64; N]);

impl<const N: usize> Narrow<N> {
    /// The empty set.
    pub const EMPTY: Self = Narrow([0; N]);

    /// The squares of `b` (which must lie in the first `N` words).
    #[inline(always)]
    pub fn of(b: &Bitset) -> Self {
        Narrow(std::array::from_fn(|i| b.0[i]))
    }

    /// The word of `sq` (a square of these `N` words: with one word, the
    /// first, with no bounds check).
    #[inline(always)]
    fn word(sq: u8) -> usize {
        if N == 1 { 0 } else { (sq >> 6) as usize }
    }

    /// Is `sq` in the set?
    #[inline(always)]
    pub fn has(&self, sq: u8) -> bool {
        self.0[Self::word(sq)] >> (sq & 63) & 1 != 0
    }

    /// Add `sq`.
    #[inline(always)]
    pub fn set(&mut self, sq: u8) {
        self.0[Self::word(sq)] |= 1u64 << (sq & 63);
    }

    /// Add `sq` if `yes`, without a branch.
    #[inline(always)]
    pub fn set_if(&mut self, sq: u8, yes: bool) {
        self.0[Self::word(sq)] |= u64::from(yes) << (sq & 63);
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(&self, other: &Self) -> Self {
        Narrow(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Do the two sets share a square?
    #[inline(always)]
    pub fn intersects(&self, other: &Self) -> bool {
        (0..N).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The squares, in increasing order.
    #[inline(always)]
    pub fn iter(&self) -> NarrowIter<N> {
        NarrowIter {
            words: self.0,
            word: 0,
            cur: self.0[0],
        }
    }
}

/// Iterator over the squares of a [`Narrow`] set.
pub struct NarrowIter<const N: usize> {
    words: [u64; N],
    word: usize,
    cur: u64,
}

impl<const N: usize> Iterator for NarrowIter<N> {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        loop {
            if self.cur != 0 {
                let t = self.cur.trailing_zeros();
                self.cur &= self.cur - 1;
                return Some((self.word as u32 * 64 + t) as u8);
            }
            if self.word + 1 >= N {
                return None;
            }
            self.word += 1;
            self.cur = self.words[self.word];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_agrees_with_bitset() {
        let mut a = Bitset::EMPTY;
        let mut b = Bitset::EMPTY;
        for sq in [0u8, 5, 63, 64, 100, 127] {
            a.set(sq);
        }
        for sq in [5u8, 64, 126] {
            b.set(sq);
        }
        let (na, nb) = (Narrow::<2>::of(&a), Narrow::<2>::of(&b));
        assert_eq!(na.iter().collect::<Vec<_>>(), a.iter().collect::<Vec<_>>());
        assert_eq!(na.count(), 6);
        assert_eq!(na.and(&nb).iter().collect::<Vec<_>>(), vec![5, 64]);
        assert!(na.intersects(&nb) && na.has(127) && !na.has(126));
        // One word: the squares of the first 64 only.
        assert_eq!(
            Narrow::<1>::of(&a).iter().collect::<Vec<_>>(),
            vec![0, 5, 63]
        );
        let mut e = Narrow::<3>::EMPTY;
        assert_eq!(e.iter().next(), None);
        e.set(150);
        assert_eq!(e.iter().collect::<Vec<_>>(), vec![150]);
    }
}
