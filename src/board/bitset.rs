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
