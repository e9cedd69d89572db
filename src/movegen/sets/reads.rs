//! What the evaluation and the legality facts read from the move sets of
//! `sets.rs` on boards of one word: a piece's activity (moves and attacks)
//! by popcount, all of a side's pieces in one pass, and the pins and slider
//! checks on the royal piece by a bit scan per line.

use super::{Occupancy, SetTables, Shape, each, words};
use crate::board::{Bitset, Color, Kind, Position, Square};
use crate::ir::Target;
use crate::movegen::activity::Activity;
use crate::movegen::tables::Variant;

/// On a board of one word, a piece's moves from one square when every one
/// is a leap or a ray onto an empty square or an enemy piece, from the
/// first square on: its leaps as one word, and where its rays start in
/// [`WordTables::rays`].
#[derive(Debug, Clone, Copy, Default)]
struct WordPiece {
    /// It qualifies (else the other fields are empty).
    ok: bool,
    /// Every square it leaps to.
    leaps: u64,
    /// Its rays: `rays[first..first + n]`.
    first: u32,
    n: u8,
}

/// The pieces' moves compiled to words, for their activity: one word for
/// the leaps and a bit scan per ray, with nothing to interpret per entry.
#[derive(Debug, Clone, Default)]
pub(super) struct WordTables {
    /// Per (color, kind, square) as `SetTables::piece_at`; empty where
    /// the board is more than one word.
    at: Vec<WordPiece>,
    /// Each ray: its squares, and whether they run towards higher numbers.
    rays: Vec<(u64, bool)>,
}

impl WordTables {
    /// Compiled from the move sets' entries, on boards of one word.
    pub(super) fn new(t: &SetTables) -> WordTables {
        let mut w = WordTables::default();
        if t.words != 1 {
            return w;
        }
        for &(first, n) in &t.piece_at {
            let (first, n) = (first as usize, n as usize);
            let entries = &t.moves[first..first + n];
            let ok = n > 0
                && entries.iter().all(|e| {
                    matches!(e.shape, Shape::Leaps | Shape::Ray)
                        && !e.min
                        && e.to == Target::NotFriend
                });
            let mut p = WordPiece {
                ok,
                first: w.rays.len() as u32,
                ..WordPiece::default()
            };
            if ok {
                for (i, e) in entries.iter().enumerate() {
                    let mask = t.move_masks[(first + i) * 2];
                    match e.shape {
                        Shape::Leaps => p.leaps |= mask,
                        _ => {
                            w.rays.push((mask, e.ascending));
                            p.n += 1;
                        }
                    }
                }
            }
            w.at.push(p);
        }
        w
    }
}

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
            let at = (color.index() * sets.kinds + kind.index()) * sets.cells + sq as usize;
            let a = if let Some(p) = sets.word.at.get(at).filter(|p| p.ok) {
                word_activity(pos, &o, p, &sets.word.rays, z[0], victims)
            } else if sets.by_sets[color][kind].has(sq) {
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

/// The activity of a piece compiled to words (`p`), as
/// `SetTables::activity` counts it: every square it leaps to, and each
/// ray's squares up to and including its first piece (a bit scan, with no
/// branch: an empty ray's scan keeps the whole ray).
#[inline(always)]
fn word_activity(
    pos: &Position,
    o: &Occupancy<1>,
    p: &WordPiece,
    rays: &[(u64, bool)],
    zone: u64,
    victims: u32,
) -> Activity {
    let all = o.all[0];
    let mut reach = p.leaps;
    for &(mask, ascending) in &rays[p.first as usize..p.first as usize + p.n as usize] {
        let b = mask & all;
        let up = b ^ b.wrapping_sub(1);
        let down = u64::MAX << (63 - (b | 1).leading_zeros());
        // Either way, chosen without a branch.
        let upto = down ^ ((up ^ down) & u64::from(ascending).wrapping_neg());
        reach |= mask & upto;
    }
    let mut threats = 0;
    if victims != 0 {
        each([reach & o.enemy[0]], |t| {
            threats += victims >> pos.board[t as usize].kind().index() & 1;
        });
    }
    Activity {
        moves: (reach & o.not_friend[0]).count_ones(),
        hits: (reach & zone).count_ones(),
        threats,
    }
}
