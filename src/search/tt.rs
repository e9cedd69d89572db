//! The transposition table: one entry per bucket, replaced by depth and age,
//! shared by the search threads without a lock.

use std::sync::atomic::{AtomicU64, Ordering};

use super::MATE_BOUND;
use crate::movegen::{Move, MoveKind};

/// A table that could not be allocated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TtError {
    /// The size does not fit in this machine's address space.
    #[error("a hash table of {mb} MB is too large for this machine")]
    TooLarge {
        /// Megabytes asked for.
        mb: usize,
    },
    /// More memory than the system has available right now.
    #[error(
        "a hash table of {mb} MB needs {need_mb} MB of memory, but only {available_mb} MB are available"
    )]
    Unavailable {
        /// Megabytes asked for.
        mb: usize,
        /// Megabytes the table takes.
        need_mb: usize,
        /// Megabytes the system reports available.
        available_mb: usize,
    },
    /// The allocator refused.
    #[error("a hash table of {mb} MB ({need_mb} MB of memory) could not be allocated")]
    Refused {
        /// Megabytes asked for.
        mb: usize,
        /// Megabytes the table takes.
        need_mb: usize,
    },
}

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

impl Bound {
    /// What a fail-soft search's `best` says of the position, searched with
    /// the window (`alpha`, `beta`).
    pub(super) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
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

impl Entry {
    /// The entry's score at `ply`, if its bound settles a search with the
    /// window (`alpha`, `beta`).
    #[inline]
    pub(super) fn cutoff(&self, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let s = from_tt(self.score, ply);
        match self.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }
}

/// One slot: three words written and read without a lock. `check` is the
/// key XOR-ed with both data words, so a slot another thread was writing
/// while this one read (a torn read: words from two different stores)
/// fails the key check and reads as empty, as a collision would. Aligned to
/// 32 bytes, so that no slot straddles two cache lines (the prefetch loads
/// one).
#[derive(Default)]
#[repr(align(32))]
struct Slot {
    check: AtomicU64,
    /// The move: from, to, kind, data, gate (8 bits each), bit 40 set when
    /// there is one.
    mv: AtomicU64,
    /// Score (low 32 bits), depth (16), bound (2), age (8), and bit 63 set
    /// when the slot is in use.
    info: AtomicU64,
}

const HAS_MOVE: u64 = 1 << 40;
const USED: u64 = 1 << 63;
const KINDS: [MoveKind; 7] = [
    MoveKind::Normal,
    MoveKind::SetsEnPassant,
    MoveKind::Promotion,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Drop,
    MoveKind::Pass,
];

fn pack_move(mv: Option<Move>) -> u64 {
    mv.map_or(0, |m| {
        HAS_MOVE
            | u64::from(m.from)
            | u64::from(m.to) << 8
            | (m.kind as u64) << 16
            | u64::from(m.data) << 24
            | u64::from(m.gate) << 32
    })
}

fn unpack_move(w: u64) -> Option<Move> {
    if w & HAS_MOVE == 0 {
        return None;
    }
    Some(Move {
        from: w as u8,
        to: (w >> 8) as u8,
        kind: *KINDS.get((w >> 16) as u8 as usize)?,
        data: (w >> 24) as u8,
        gate: (w >> 32) as u8,
    })
}

fn pack_info(score: i32, depth: i16, bound: Bound, age: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    USED | u64::from(score as u32) | u64::from(depth as u16) << 32 | b << 48 | u64::from(age) << 50
}

/// A fixed-size hash table of search results, shared by the search threads
/// (lockless: each slot is three words, the key XOR-ed with the two data
/// words, so a torn read fails the key check and reads as empty).
pub struct Tt {
    /// The slots, and before and after them up to a huge page's worth of
    /// padding (see [`HUGE_PAGE`]).
    entries: Vec<Slot>,
    /// Where the table starts in `entries`: the first slot at or past a
    /// huge page's boundary.
    base: usize,
    /// Slots in the table (a power of two).
    len: usize,
    age: u8,
}

/// The size of a huge page (x86-64 and most 64-bit Linux systems: 2 MB).
/// A table this large or larger starts at such a boundary and asks the
/// kernel for huge pages ([`advise_huge_pages`]): probes land at random
/// across the table, and with 4 KB pages nearly each one would also miss
/// the processor's address translation cache.
const HUGE_PAGE: usize = 2 << 20;

impl Tt {
    /// A table of about `mb` megabytes. Aborts if it cannot be allocated:
    /// for a size a user chose, use [`Tt::try_new`].
    pub fn new(mb: usize) -> Tt {
        let n = Self::entries_for(mb).unwrap_or(1 << 20);
        Self::fill(Vec::with_capacity(Self::padded(n)), n)
    }

    /// A table of about `mb` megabytes, or why it cannot be had: its size
    /// overflows, it is larger than the memory the system reports
    /// available (Linux: `MemAvailable` and free swap; so that a table the
    /// kernel would grant lazily does not end in the out-of-memory killer
    /// once it is filled), or the allocator refuses it.
    pub fn try_new(mb: usize) -> Result<Tt, TtError> {
        let n = Self::entries_for(mb).ok_or(TtError::TooLarge { mb })?;
        let bytes = n
            .checked_mul(std::mem::size_of::<Slot>())
            .ok_or(TtError::TooLarge { mb })?;
        let need_mb = bytes.div_ceil(1024 * 1024);
        if let Some(available_mb) = available_mb()
            && need_mb > available_mb
        {
            return Err(TtError::Unavailable {
                mb,
                need_mb,
                available_mb,
            });
        }
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(Self::padded(n))
            .map_err(|_| TtError::Refused { mb, need_mb })?;
        Ok(Self::fill(entries, n))
    }

    /// Slots to allocate for a table of `n`: room to start it at a huge
    /// page's boundary, where it is large enough to use huge pages.
    fn padded(n: usize) -> usize {
        let size = std::mem::size_of::<Slot>();
        if n * size >= HUGE_PAGE {
            n + HUGE_PAGE.div_ceil(size)
        } else {
            n
        }
    }

    /// The table of `n` slots in `entries` (empty, with the capacity
    /// [`Tt::padded`] asks for), asked to be backed by huge pages before
    /// its memory is first written, which is when the kernel places it.
    fn fill(mut entries: Vec<Slot>, n: usize) -> Tt {
        let size = std::mem::size_of::<Slot>();
        let start = entries.as_ptr() as usize;
        let cap = entries.capacity();
        let base = if cap > n {
            (start.next_multiple_of(HUGE_PAGE) - start)
                .div_ceil(size)
                .min(cap - n)
        } else {
            0
        };
        advise_huge_pages(start, cap * size);
        entries.resize_with(cap, Slot::default);
        Tt {
            entries,
            base,
            len: n,
            age: 0,
        }
    }

    /// Entries in a table of at most `mb` megabytes (the largest power of
    /// two that fits, at least 1024); None if the size overflows.
    fn entries_for(mb: usize) -> Option<usize> {
        let size = std::mem::size_of::<Slot>();
        let n = mb.max(1).checked_mul(1024 * 1024)? / size;
        Some((1usize << n.max(1).ilog2()).max(1024))
    }

    /// The table's size in megabytes of memory.
    pub fn memory_mb(&self) -> usize {
        (self.len * std::mem::size_of::<Slot>()).div_ceil(1024 * 1024)
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        for s in &mut self.entries {
            *s = Slot::default();
        }
        self.age = 0;
    }

    /// Start a new search (older entries become preferred victims).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        self.base + ((key as usize) & (self.len - 1))
    }

    /// What slot `i` holds, whatever its key (None: empty).
    #[inline]
    fn read(&self, i: usize) -> Option<Entry> {
        let s = &self.entries[i];
        let info = s.info.load(Ordering::Relaxed);
        if info & USED == 0 {
            return None;
        }
        let mv = s.mv.load(Ordering::Relaxed);
        let key = s.check.load(Ordering::Relaxed) ^ mv ^ info;
        let bound = match (info >> 48) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            key,
            mv: unpack_move(mv),
            score: info as u32 as i32,
            depth: (info >> 32) as u16 as i16,
            bound,
            age: (info >> 50) as u8,
        })
    }

    /// Ask the processor to start loading the slot of `key` into its
    /// cache, so that the probe of a position just reached (made a move
    /// ago, probed once the child node starts) finds it there rather than
    /// waiting on main memory. A hint only: it reads nothing and changes
    /// nothing the program can observe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(&self.entries[self.index(key)]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.read(self.index(key)).filter(|e| e.key == key)
    }

    /// Store a result (from any search thread).
    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let age = self.age;
        let old = self.read(i);
        let replace = match &old {
            None => true,
            Some(e) => e.key == key || e.age != age || depth as i16 >= e.depth,
        };
        if replace {
            let mv = mv.or_else(|| old.filter(|e| e.key == key).and_then(|e| e.mv));
            let mv = pack_move(mv);
            let info = pack_info(score, depth as i16, bound, age);
            let s = &self.entries[i];
            s.check.store(key ^ mv ^ info, Ordering::Relaxed);
            s.mv.store(mv, Ordering::Relaxed);
            s.info.store(info, Ordering::Relaxed);
        }
    }
}

/// Ask the kernel to back the pages of `len` bytes from address `start` (a
/// live allocation of this program, not yet written) with transparent huge
/// pages where it can: Linux's `madvise(MADV_HUGEPAGE)` on the whole 4 KB
/// pages inside the range. Advice only: if the kernel declines (huge pages
/// off, none free, another system) the table works the same, with more
/// address-translation misses. One of the library's two uses of `unsafe`
/// (the other is [`prefetch_line`]).
#[allow(unsafe_code)]
fn advise_huge_pages(start: usize, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let (from, to) = (start.next_multiple_of(PAGE), (start + len) / PAGE * PAGE);
        if to > from {
            // SAFETY: `madvise` with MADV_HUGEPAGE changes neither the
            // contents nor the validity of any mapping, only how the
            // kernel backs it; the range is whole pages inside memory
            // this program allocated and owns. Its result (an error where
            // the kernel has no transparent huge pages) is ignored on
            // purpose: the advice is optional.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// One of the two uses of `unsafe` in the library: the x86-64 prefetch instruction
/// (`_mm_prefetch`, unsafe only because it is a `target_feature` function;
/// SSE is part of every x86-64 target). It is given a reference, so the
/// address is always a live slot; and a prefetch cannot fault, write or
/// change what any load returns. The other is [`advise_huge_pages`].
#[inline(always)]
#[allow(unsafe_code)]
pub(super) fn prefetch_line<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is enabled on every x86-64 target, and a prefetch of any
    // address (here a live reference) is only a hint to the cache.
    unsafe {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(r).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

/// Memory available for a new allocation, megabytes, where the system says
/// (Linux `/proc/meminfo`: `MemAvailable` plus `SwapFree`).
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<usize> {
        let line = text.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    let kb = field("MemAvailable:")?.saturating_add(field("SwapFree:").unwrap_or(0));
    Some(kb / 1024)
}

/// A score as stored in the table: mate scores made relative to this node.
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table asked for a power of two of megabytes takes exactly that
    /// (32-byte slots, none across two cache lines); any other size, the
    /// largest power of two of slots that fits.
    #[test]
    fn the_table_takes_what_the_hash_option_says() {
        assert_eq!(std::mem::size_of::<Slot>(), 32);
        assert_eq!(std::mem::align_of::<Slot>(), 32);
        for (mb, slots, memory) in [
            (1, 1 << 15, 1),
            (16, 1 << 19, 16),
            (64, 1 << 21, 64),
            (100, 1 << 21, 64),
        ] {
            let t = Tt::try_new(mb).unwrap();
            assert_eq!((t.len, t.memory_mb()), (slots, memory), "{mb} MB");
        }
    }

    /// A table of at least a huge page starts on a huge page's boundary
    /// (or within a slot of it), inside its allocation; every key's slot is
    /// in the table, and a stored entry reads back.
    #[test]
    fn large_tables_start_on_a_huge_page_boundary() {
        for mb in [1, 2, 16] {
            let t = Tt::try_new(mb).unwrap();
            let size = std::mem::size_of::<Slot>();
            assert!(t.base + t.len <= t.entries.len(), "{mb} MB");
            let start = std::ptr::from_ref(&t.entries[t.base]) as usize;
            if t.len * size >= HUGE_PAGE {
                assert_eq!(
                    start % HUGE_PAGE,
                    0,
                    "{mb} MB: the table starts at {start:#x}"
                );
            } else {
                assert_eq!(t.base, 0, "{mb} MB");
            }
            for key in [0, 1, u64::MAX, t.len as u64 - 1, 0x1234_5678_9abc_def0] {
                assert!(t.index(key) >= t.base && t.index(key) < t.base + t.len);
                t.store(key, None, 17, 3, Bound::Exact);
                let e = t.probe(key).expect("the entry just stored");
                assert_eq!((e.key, e.score, e.depth), (key, 17, 3));
            }
        }
    }
}
