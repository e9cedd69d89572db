//! What the evaluation and the legality facts read from the move sets of
//! `sets.rs` on boards of one word: a piece's activity (moves and attacks)
//! by popcount, all of a side's pieces in one pass, and the pins and slider
//! checks on the royal piece by a bit scan per line.

use super::{Occupancy, each, words};
use crate::board::{Bitset, Color, Kind, Position, Square};
use crate::movegen::activity::Activity;
use crate::movegen::tables::Variant;

impl Variant {
    /// The activity of the piece of `color` and `kind` on `from`, read from
    /// its sets where the board is one word and the piece's moves from
    /// there all read as slides and leaps (else None).
    #[inline(always)]
    pub(in crate::movegen) fn activity_by_sets(
        &self,
        pos: &Position,
        color: Color,
        kind: Kind,
        from: Square,
        zone: &Bitset,
        victims: u32,
    ) -> Option<Activity> {
        let sets = &self.plain.sets;
        (sets.words == 1 && sets.by_sets[color][kind].has(from)).then(|| {
            let o = Occupancy::<1>::new(pos, color);
            let z = words::<1>(zone);
            sets.activity::<1>(pos, &o, color, kind, from, &z, victims)
        })
    }

    /// The activity of each piece of `color` whose kind `wanted` accepts,
    /// handed to `f` with its kind: as [`Variant::activity`] gives it, the
    /// board read once for all the pieces that read as sets.
    #[inline]
    pub fn each_activity(
        &self,
        pos: &Position,
        color: Color,
        zone: &Bitset,
        victims: impl Fn(Kind) -> u32,
        wanted: impl Fn(Kind) -> bool,
        mut f: impl FnMut(Kind, Activity),
    ) {
        let sets = &self.plain.sets;
        if sets.words != 1 {
            for sq in pos.occ[color].iter() {
                let kind = pos.board[sq as usize].kind();
                if wanted(kind) {
                    f(kind, self.activity_in(pos, color, sq, zone, victims(kind)));
                }
            }
            return;
        }
        let o = Occupancy::<1>::new(pos, color);
        let z = words::<1>(zone);
        each(words::<1>(&pos.occ[color]), |sq| {
            let kind = pos.board[sq as usize].kind();
            if !wanted(kind) {
                return;
            }
            let victims = victims(kind);
            let a = if sets.by_sets[color][kind].has(sq) {
                sets.activity::<1>(pos, &o, color, kind, sq, &z, victims)
            } else {
                self.activity_in(pos, color, sq, zone, victims)
            };
            f(kind, a);
        });
    }

    /// With `us`'s single royal piece on `k`, on a board of one word and
    /// an opponent whose attacks are plain leaps and slides: the pieces of
    /// `us` pinned to it (alone between it and an enemy slider that moves
    /// along that line), and whether an enemy slider attacks it, read with
    /// a bit scan per line; None where that does not apply. Reads
    /// `pos.occ`, which must be exactly the pieces on the board.
    #[inline]
    pub(in crate::movegen) fn pins_by_sets(
        &self,
        pos: &Position,
        k: Square,
        us: Color,
    ) -> Option<(Bitset, bool)> {
        let sets = &self.plain.sets;
        let them = us.other();
        let a = &self.attacks[them];
        if sets.words != 1 || !a.hops.is_empty() || !a.slow.is_empty() {
            return None;
        }
        let lines = sets.lines[them].as_ref()?;
        let all = pos.occ[us].0[0] | pos.occ[them].0[0];
        let own = pos.occ[us].0[0];
        let first = |b: u64, ascending: bool| {
            if ascending {
                b.trailing_zeros() as usize
            } else {
                63 - b.leading_zeros() as usize
            }
        };
        let mut pinned = Bitset::EMPTY;
        let mut check = false;
        for (s, kinds) in lines {
            let ray = sets.past::<1>(s.index, k as usize)[0];
            let b = ray & all;
            if b == 0 {
                continue;
            }
            let f = first(b, s.ascending);
            if own >> f & 1 == 0 {
                check |= kinds >> pos.board[f].kind().index() & 1 != 0;
                continue;
            }
            let beyond = sets.past::<1>(s.index, f)[0] & all;
            if beyond == 0 {
                continue;
            }
            let g = first(beyond, s.ascending);
            if own >> g & 1 == 0 && kinds >> pos.board[g].kind().index() & 1 != 0 {
                pinned.set(f as Square);
            }
        }
        Some((pinned, check))
    }
}
