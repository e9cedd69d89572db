//! The transposition table: one entry per bucket, replaced by depth and age.

use crate::movegen::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this (a beta cutoff).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Full hash, to detect index collisions.
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// Score, mate scores relative to this node.
    pub score: i32,
    /// Depth searched.
    pub depth: i16,
    /// Bound type.
    pub bound: Bound,
    /// Search generation, for replacement.
    pub age: u8,
}

/// A fixed-size hash table of search results.
pub struct Tt {
    entries: Vec<Option<Entry>>,
    age: u8,
}

impl Tt {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Tt {
        let size = std::mem::size_of::<Option<Entry>>();
        let n = (mb.max(1) * 1024 * 1024 / size).next_power_of_two() / 2;
        Tt {
            entries: vec![None; n.max(1024)],
            age: 0,
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.age = 0;
    }

    /// Start a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    /// Store a result.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let age = self.age;
        let replace = match &self.entries[i] {
            None => true,
            Some(e) => e.key == key || e.age != age || depth as i16 >= e.depth,
        };
        if replace {
            let mv = mv.or_else(|| self.entries[i].filter(|e| e.key == key).and_then(|e| e.mv));
            self.entries[i] = Some(Entry {
                key,
                mv,
                score,
                depth: depth as i16,
                bound,
                age,
            });
        }
    }
}
