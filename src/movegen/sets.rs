//! Moves counted by set operations: the plain segments of `plain.rs` as
//! sets of squares, so that where a piece may go is a few ANDs per ray
//! (the first piece on a ray found by a bit scan, the squares past it cut
//! off with the ray's own set) rather than a walk square by square.
//!
//! Perft's last ply counts the moves of every piece that qualifies this way
//! (ordinary moves, clear of pins and of the opponent's lines through the
//! royal piece, with no promotion, en-passant or other interpreted rule in
//! reach) without listing them. The evaluation's mobility reads a piece's
//! moves and attacks from the same sets on boards of 64 squares or fewer
//! (where a ray is cut at its first piece by bit arithmetic alone), and the
//! safety facts find the pins on the royal piece by a bit scan per line
//! (both in `sets/reads.rs`).
//! The sets are as wide as the board needs:
//! one 64-bit word per 64 squares, chosen at load time, the code
//! monomorphised per width.

use super::Move;
use super::activity::Activity;
use super::generate::Safety;
use super::lines::QuickLegality;
use super::plain::{How, Op};
use super::tables::{CGuard, CHop, CRule, Variant, Vid};
use crate::board::{Bitset, Color, Kind, Narrow, Position, Square};
use crate::ir::{HopShape, Target};

mod reads;

/// How one entry is read as sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Single squares, each a step or leap.
    Leaps,
    /// A ray, its squares past the first piece cut off.
    Ray,
    /// A hop over the first piece on the ray (any piece screens), landing as the shape says.
    Hop(HopShape),
}

/// How one segment or entry is read as sets.
#[derive(Debug, Clone, Copy)]
struct SegSet {
    shape: Shape,
    /// For a ray or hop, its vector's slot in [`SetTables::beyond`].
    slot: u16,
    /// The ray runs towards higher square numbers.
    ascending: bool,
    /// It lands only from a minimum distance on (in `moves`).
    min: bool,
    /// What it may land on.
    to: Target,
}

/// A vector's rays as sets: its slot in [`SetTables::beyond`] and their way.
#[derive(Debug, Clone, Copy)]
struct Slot {
    index: u16,
    ascending: bool,
}

/// The plain segments as sets, and where each piece's moves may be read
/// from them.
#[derive(Debug, Clone, Default)]
pub(super) struct SetTables {
    /// 64-bit words per set: the board's squares / 64, rounded up.
    words: usize,
    cells: usize,
    /// Per segment of [`crate::movegen::plain::Plain::segs`]: its squares, then those it may land
    /// on (from its minimum distance on), `words` each.
    masks: Vec<u64>,
    segs: Vec<SegSet>,
    /// `beyond[(slot * cells + sq) * words..]`: the squares past `sq` along
    /// the slot's vector, up to the edge or a hole.
    beyond: Vec<u64>,
    /// Per vector: its slot, if its rays read as sets (each runs one way,
    /// and the squares past any of its squares are the rest of it).
    slots: Vec<Option<Option<Slot>>>,
    /// `settable[color][kind]`: the squares from which the piece's moves are
    /// all read as sets: every rule a plain run or a hop that reads as
    /// sets, no other rule that applies there (but en passant, see
    /// `ep_from`), no promotion in reach, no two rules making the same move.
    settable: [Vec<Bitset>; 2],
    /// `by_sets[color][kind]`: the settable squares from which the piece
    /// has no hop: its activity (moves and hits, `activity.rs`) is read
    /// from its sets on boards of one word.
    by_sets: [Vec<Bitset>; 2],
    /// `ep_from[color][kind]`: the squares from which an en-passant rule of
    /// the piece starts; while there is an en-passant square, the piece's
    /// moves from there are listed by the generator.
    ep_from: [Vec<Bitset>; 2],
    /// Piece types per player.
    kinds: usize,
    /// `piece_at[(color * kinds + kind) * cells + sq]`: (first, count) of
    /// the piece's moves from a settable square in `moves`: its leaps
    /// merged into one set per target, then its rays and hops.
    piece_at: Vec<(u32, u32)>,
    moves: Vec<SegSet>,
    /// Per entry of `moves`: its squares, then those it may land on.
    move_masks: Vec<u64>,
    /// `lines[by]`: the slots of the lines along which `by` slides or hops
    /// onto a square (reversed: read from the square), each with the kinds
    /// that slide or hop along it (one bit each), if all read as sets.
    lines: [Option<Vec<(Slot, u64)>>; 2],
    /// On boards of one word, the pieces whose moves are plain leaps and
    /// rays, compiled further for the evaluation (`sets/reads.rs`).
    word: reads::WordTables,
}

/// The board as sets, `N` words each, from the mover's side.
struct Occupancy<const N: usize> {
    all: [u64; N],
    empty: [u64; N],
    enemy: [u64; N],
    not_friend: [u64; N],
}

impl<const N: usize> Occupancy<N> {
    /// The board of `pos` seen by `us`.
    #[inline(always)]
    fn new(pos: &Position, us: Color) -> Self {
        let own = words::<N>(&pos.occ[us]);
        let enemy = words::<N>(&pos.occ[us.other()]);
        let all = std::array::from_fn(|i| own[i] | enemy[i]);
        Occupancy {
            all,
            empty: std::array::from_fn(|i| !all[i]),
            enemy,
            not_friend: std::array::from_fn(|i| !own[i]),
        }
    }

    #[inline(always)]
    fn allowed(&self, to: Target) -> &[u64; N] {
        match to {
            Target::Empty => &self.empty,
            Target::Enemy => &self.enemy,
            _ => &self.not_friend,
        }
    }
}

/// The first `N` words of a set.
#[inline(always)]
fn words<const N: usize>(b: &Bitset) -> [u64; N] {
    std::array::from_fn(|i| b.0[i])
}

#[inline(always)]
fn count<const N: usize>(s: &[u64; N]) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

#[inline(always)]
fn and<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    std::array::from_fn(|i| a[i] & b[i])
}

/// The lowest (`ascending`) or highest square of a non-empty set.
#[inline(always)]
fn first_of<const N: usize>(s: &[u64; N], ascending: bool) -> Option<usize> {
    if ascending {
        (0..N)
            .find(|&i| s[i] != 0)
            .map(|i| i * 64 + s[i].trailing_zeros() as usize)
    } else {
        (0..N)
            .rev()
            .find(|&i| s[i] != 0)
            .map(|i| i * 64 + 63 - s[i].leading_zeros() as usize)
    }
}

/// Each square of a set, lowest first.
#[inline(always)]
fn each<const N: usize>(s: [u64; N], mut f: impl FnMut(Square)) {
    for (i, mut w) in s.into_iter().enumerate() {
        while w != 0 {
            f((i * 64 + w.trailing_zeros() as usize) as Square);
            w &= w - 1;
        }
    }
}

/// Is `sq` in the set?
#[inline(always)]
fn has<const N: usize>(s: &[u64; N], sq: Square) -> bool {
    s[sq as usize / 64] >> (sq % 64) & 1 != 0
}

/// The set of these squares.
fn set_of(squares: &[Square]) -> Bitset {
    let mut b = Bitset::EMPTY;
    for &s in squares {
        b.set(s);
    }
    b
}

/// The set of these words (at most four).
fn bitset(w: &[u64]) -> Bitset {
    Bitset(std::array::from_fn(|i| w.get(i).copied().unwrap_or(0)))
}

/// The hop of a rule that reads as sets: any piece screens, and its only
/// guards are on the start square (settled by the rule's `from`).
fn plain_hop(r: &CRule) -> Option<&CHop> {
    match r {
        CRule::Hop(h)
            if h.to != Target::EnPassant
                && h.screen.owner.is_none()
                && h.screen.kinds == 0
                && !h.screen.negate
                && h.guards
                    .iter()
                    .all(|g| matches!(g, CGuard::FromIn(_) | CGuard::FromNotIn(_))) =>
        {
            Some(h)
        }
        _ => None,
    }
}

impl SetTables {
    /// The tables of the variant's plain segments (after `plain` is built).
    pub(super) fn new(v: &Variant) -> SetTables {
        let p = &v.plain;
        let cells = p.cells;
        let words = cells.div_ceil(64).clamp(1, 4);
        let mut t = SetTables {
            words,
            cells,
            slots: vec![None; v.vectors.len()],
            ..SetTables::default()
        };
        let mut seg_ok = Vec::with_capacity(p.segs.len());
        for seg in &p.segs {
            let squares = &p.squares[seg.start as usize..seg.start as usize + seg.len as usize];
            let (to, ray, min) = match seg.how {
                How::LeapsNotFriend => (Target::NotFriend, false, 1),
                How::LeapsEmpty => (Target::Empty, false, 1),
                How::LeapsEnemy => (Target::Enemy, false, 1),
                How::NotFriend => (Target::NotFriend, true, 1),
                How::Empty => (Target::Empty, true, 1),
                How::Enemy => (Target::Enemy, true, 1),
                How::Ride { to, min, .. } => (to, true, min.max(1) as usize),
            };
            let mask = set_of(squares);
            let land = set_of(&squares[(min - 1).min(squares.len())..]);
            let mut e = SegSet {
                shape: Shape::Leaps,
                slot: 0,
                ascending: true,
                min: mask != land,
                to,
            };
            let mut ok = to != Target::EnPassant;
            if ray {
                // A segment is its ray cut to the rule's range: it reads as
                // a set where the whole ray does.
                match t.slot(v, seg.vid) {
                    Some(s) => {
                        e.shape = Shape::Ray;
                        e.slot = s.index;
                        e.ascending = s.ascending;
                    }
                    None => ok = false,
                }
            }
            t.masks.extend_from_slice(&mask.0[..words]);
            t.masks.extend_from_slice(&land.0[..words]);
            t.segs.push(e);
            seg_ok.push(ok);
        }
        // `run_ok[run * cells + sq]`: every segment of the run from `sq`
        // reads as sets.
        let run_ok: Vec<bool> = p
            .index
            .iter()
            .map(|&(first, n)| {
                seg_ok[first as usize..first as usize + n as usize]
                    .iter()
                    .all(|&o| o)
            })
            .collect();
        t.kinds = p.ops[0].len();
        for color in Color::ALL {
            for (k, ops) in p.ops[color].iter().enumerate() {
                let kind = Kind::new(k);
                let mut settable = Bitset::EMPTY;
                let mut by_sets = Bitset::EMPTY;
                let mut ep_from = Bitset::EMPTY;
                for sq in 0..cells {
                    let sq = sq as Square;
                    let ok = t.settable_at(v, &run_ok, color, kind, ops, sq, &mut ep_from);
                    let first = t.moves.len();
                    t.add_piece_square(v, color, kind, ops, ok, sq);
                    if ok {
                        settable.set(sq);
                        if t.moves[first..]
                            .iter()
                            .all(|e| !matches!(e.shape, Shape::Hop(_)))
                        {
                            by_sets.set(sq);
                        }
                    }
                }
                t.settable[color].push(settable);
                t.by_sets[color].push(by_sets);
                t.ep_from[color].push(ep_from);
            }
        }
        for by in Color::ALL {
            let a = &v.attacks[by];
            let revs = a
                .slides
                .iter()
                .map(|l| (l.rev, u64::from(l.mask)))
                .chain(a.hops.iter().map(|h| (h.rev, 1u64 << h.kind.index())));
            let mut lines = Some(Vec::new());
            for (rev, kinds) in revs {
                match (t.slot(v, rev), &mut lines) {
                    (Some(s), Some(l)) => {
                        match l
                            .iter_mut()
                            .find(|(o, _): &&mut (Slot, u64)| o.index == s.index)
                        {
                            Some((_, k)) => *k |= kinds,
                            None => l.push((s, kinds)),
                        }
                    }
                    _ => lines = None,
                }
            }
            t.lines[by] = lines;
        }
        t.word = reads::WordTables::new(&t);
        t
    }

    /// The slot of vector `vid`, made on first use; `None` if its rays do
    /// not read as sets.
    fn slot(&mut self, v: &Variant, vid: Vid) -> Option<Slot> {
        if let Some(s) = self.slots[vid.index()] {
            return s;
        }
        let rays: Vec<&[Square]> = (0..self.cells).map(|sq| v.ray(vid, sq as Square)).collect();
        let ascending = rays
            .iter()
            .find(|r| r.len() > 1)
            .is_none_or(|r| r[1] > r[0]);
        let ok = rays.iter().all(|r| {
            r.windows(2).all(|w| (w[1] > w[0]) == ascending)
                && r.iter()
                    .enumerate()
                    .all(|(i, &s)| set_of(rays[s as usize]) == set_of(&r[i + 1..]))
        });
        let slot = ok.then(|| {
            let index = (self.beyond.len() / (self.cells * self.words).max(1)) as u16;
            for r in &rays {
                self.beyond.extend_from_slice(&set_of(r).0[..self.words]);
            }
            Slot { index, ascending }
        });
        self.slots[vid.index()] = Some(slot);
        slot
    }

    /// May the moves of the piece with these ops on `sq` be read as sets?
    /// Adds `sq` to `ep_from` if an en-passant rule starts there.
    #[allow(clippy::too_many_arguments)]
    fn settable_at(
        &mut self,
        v: &Variant,
        run_ok: &[bool],
        color: Color,
        kind: Kind,
        ops: &[Op],
        sq: Square,
        ep_from: &mut Bitset,
    ) -> bool {
        if !v.geo.is_valid(sq) || v.overlaps[color][kind].has(sq) {
            return false;
        }
        let promotion = v.promotion[color][kind].as_ref();
        let reaches_zone = |reach: &Bitset| promotion.is_some_and(|pr| reach.intersects(&pr.zone));
        let mut ok = promotion.is_none_or(|pr| !(pr.leaving && pr.zone.has(sq)));
        let p = &v.plain;
        for &op in ops {
            match op {
                Op::Run(run) => {
                    let at = run as usize * self.cells + sq as usize;
                    ok &= run_ok[at] && !reaches_zone(&p.reach[at]);
                }
                Op::Rule { from, .. } if !from.has(sq) => {}
                Op::Rule { ep: true, .. } => ep_from.set(sq),
                Op::Rule { index, .. } => match plain_hop(&v.moves[color][kind][index as usize]) {
                    Some(h) => {
                        ok &= self.slot(v, h.vid).is_some()
                            && !reaches_zone(&set_of(v.ray(h.vid, sq)));
                    }
                    None => ok = false,
                },
            }
        }
        ok
    }

    /// List the moves of the piece with these ops from `sq`, if settable.
    fn add_piece_square(
        &mut self,
        v: &Variant,
        color: Color,
        kind: Kind,
        ops: &[Op],
        settable: bool,
        sq: Square,
    ) {
        let first = self.moves.len() as u32;
        let w = self.words;
        let p = &v.plain;
        if settable {
            let mut leaps = [Bitset::EMPTY; 3];
            let mut rays = Vec::new();
            for &op in ops {
                match op {
                    Op::Run(run) => {
                        let (f, n) = p.index[run as usize * self.cells + sq as usize];
                        for i in f as usize..f as usize + n as usize {
                            let s = self.segs[i];
                            let m = &self.masks[i * 2 * w..(i + 1) * 2 * w];
                            if s.shape == Shape::Leaps {
                                let c = match s.to {
                                    Target::Empty => 0,
                                    Target::Enemy => 1,
                                    _ => 2,
                                };
                                leaps[c] = leaps[c].or(&bitset(&m[..w]));
                            } else {
                                rays.push((s, bitset(&m[..w]), bitset(&m[w..])));
                            }
                        }
                    }
                    Op::Rule {
                        from,
                        ep: false,
                        index,
                    } if from.has(sq) => {
                        if let Some(h) = plain_hop(&v.moves[color][kind][index as usize])
                            && let Some(s) = self.slot(v, h.vid)
                        {
                            let mask = set_of(v.ray(h.vid, sq));
                            let e = SegSet {
                                shape: Shape::Hop(h.shape),
                                slot: s.index,
                                ascending: s.ascending,
                                min: false,
                                to: h.to,
                            };
                            rays.push((e, mask, mask));
                        }
                    }
                    Op::Rule { .. } => {}
                }
            }
            for (c, l) in leaps.iter().enumerate() {
                if !l.is_empty() {
                    self.move_masks.extend_from_slice(&l.0[..w]);
                    self.move_masks.extend_from_slice(&l.0[..w]);
                    self.moves.push(SegSet {
                        shape: Shape::Leaps,
                        slot: 0,
                        ascending: true,
                        min: false,
                        to: [Target::Empty, Target::Enemy, Target::NotFriend][c],
                    });
                }
            }
            for (e, mask, land) in rays {
                self.move_masks.extend_from_slice(&mask.0[..w]);
                self.move_masks.extend_from_slice(&land.0[..w]);
                self.moves.push(e);
            }
        }
        self.piece_at.push((first, self.moves.len() as u32 - first));
    }

    /// The squares past `sq` along the ray of `slot`.
    #[inline(always)]
    fn past<const N: usize>(&self, slot: u16, sq: usize) -> [u64; N] {
        let at = (slot as usize * self.cells + sq) * N;
        let w = &self.beyond[at..at + N];
        std::array::from_fn(|j| w[j])
    }

    /// The squares of ray `ray` (of `slot`) up to and including the first
    /// piece on it.
    #[inline(always)]
    fn cut<const N: usize>(&self, ray: [u64; N], e: &SegSet, all: &[u64; N]) -> [u64; N] {
        if N == 1 {
            // One word: the squares up to the first piece by bit arithmetic
            // (the ray's squares are in order along it).
            let b = ray[0] & all[0];
            if b == 0 {
                return ray;
            }
            let upto = if e.ascending {
                b ^ (b - 1)
            } else {
                u64::MAX << (63 - b.leading_zeros())
            };
            return std::array::from_fn(|_| ray[0] & upto);
        }
        match first_of(&and(&ray, all), e.ascending) {
            None => ray,
            Some(b) => {
                let past = self.past::<N>(e.slot, b);
                std::array::from_fn(|j| ray[j] & !past[j])
            }
        }
    }

    /// The squares entry `e`, whose squares are `mask` and landing squares
    /// `land`, may land on, whatever stands there: for leaps all, for a
    /// ray those up to and including the first piece, for a hop those its
    /// shape says past the first piece.
    #[inline(always)]
    fn visits<const N: usize>(
        &self,
        e: &SegSet,
        mask: [u64; N],
        land: &[u64],
        all: &[u64; N],
    ) -> [u64; N] {
        let v = match e.shape {
            Shape::Leaps => return mask,
            Shape::Ray => self.cut(mask, e, all),
            Shape::Hop(shape) => {
                let Some(screen) = first_of(&and(&mask, all), e.ascending) else {
                    return [0; N];
                };
                let after = self.past::<N>(e.slot, screen);
                let one = |sq: Option<usize>| {
                    let mut r = [0u64; N];
                    if let Some(sq) = sq {
                        r[sq / 64] |= 1 << (sq % 64);
                    }
                    r
                };
                match shape {
                    HopShape::Slide => self.cut(after, e, all),
                    HopShape::First => one(first_of(&and(&after, all), e.ascending)),
                    HopShape::Next => one(first_of(&after, e.ascending)),
                }
            }
        };
        if e.min {
            std::array::from_fn(|j| v[j] & land[j])
        } else {
            v
        }
    }

    /// Where the piece of `color` and `kind` on `from` (a settable square) may move.
    #[inline(always)]
    fn targets<const N: usize>(
        &self,
        color: Color,
        kind: Kind,
        from: Square,
        o: &Occupancy<N>,
    ) -> [u64; N] {
        let mut acc = [0u64; N];
        let at = (color.index() * self.kinds + kind.index()) * self.cells + from as usize;
        let (first, n) = self.piece_at[at];
        let (first, n) = (first as usize, n as usize);
        let metas = &self.moves[first..first + n];
        let masks = &self.move_masks[first * 2 * N..(first + n) * 2 * N];
        for (e, m) in metas.iter().zip(masks.chunks_exact(2 * N)) {
            let v = self.visits::<N>(e, std::array::from_fn(|j| m[j]), &m[N..], &o.all);
            let allowed = o.allowed(e.to);
            for j in 0..N {
                acc[j] |= v[j] & allowed[j];
            }
        }
        acc
    }

    /// The activity of the piece of `color` and `kind` on `from` (a square
    /// of `by_sets`): its moves, the squares of `zone` it visits by a rule
    /// that may capture (were an enemy piece there), and the enemy pieces
    /// of the kinds in `victims` it could capture, as
    /// [`Variant::activity_in`] counts them.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn activity<const N: usize>(
        &self,
        pos: &Position,
        o: &Occupancy<N>,
        color: Color,
        kind: Kind,
        from: Square,
        zone: &[u64; N],
        victims: u32,
    ) -> Activity {
        let (mut moves, mut hits) = ([0u64; N], [0u64; N]);
        let at = (color.index() * self.kinds + kind.index()) * self.cells + from as usize;
        let (first, n) = self.piece_at[at];
        let (first, n) = (first as usize, n as usize);
        let metas = &self.moves[first..first + n];
        let masks = &self.move_masks[first * 2 * N..(first + n) * 2 * N];
        for (e, m) in metas.iter().zip(masks.chunks_exact(2 * N)) {
            let v = self.visits::<N>(e, std::array::from_fn(|j| m[j]), &m[N..], &o.all);
            let allowed = o.allowed(e.to);
            let captures = e.to != Target::Empty;
            for j in 0..N {
                moves[j] |= v[j] & allowed[j];
                if captures {
                    hits[j] |= v[j];
                }
            }
        }
        let mut threats = 0;
        if victims != 0 {
            each(and(&hits, &o.enemy), |t| {
                threats += victims >> pos.board[t as usize].kind().index() & 1;
            });
        }
        Activity {
            moves: count(&moves),
            hits: count(&and(&hits, zone)),
            threats,
        }
    }

    /// With the pieces `all`: the squares on the lines of `by` through `k`
    /// up to and including the second piece met from `k` (the screen and
    /// the hopper of a hop attack, the first for a slide): a move that
    /// neither leaves nor enters one cannot open an attack on `k`. A line
    /// with no piece of `by` of a kind that slides or hops along it is left
    /// out: no move of the other side puts one there. `None` if some line
    /// does not read as sets.
    #[inline(always)]
    fn near_lines<const N: usize>(
        &self,
        pos: &Position,
        by: Color,
        k: Square,
        o: &Occupancy<N>,
    ) -> Option<[u64; N]> {
        let all = &o.all;
        let mut near = [0u64; N];
        for (s, kinds) in self.lines[by].as_ref()? {
            let ray = self.past::<N>(s.index, k as usize);
            let mut armed = false;
            each(and(&ray, &o.enemy), |sq| {
                armed |= kinds >> pos.board[sq as usize].kind().index() & 1 != 0;
            });
            if !armed {
                continue;
            }
            let e = SegSet {
                shape: Shape::Ray,
                slot: s.index,
                ascending: s.ascending,
                min: false,
                to: Target::NotFriend,
            };
            let v = match first_of(&and(&ray, all), s.ascending) {
                None => ray,
                Some(b) => {
                    let rest = self.past::<N>(s.index, b);
                    let upto = self.cut(rest, &e, all);
                    std::array::from_fn(|j| (ray[j] & !rest[j]) | upto[j])
                }
            };
            for j in 0..N {
                near[j] |= v[j];
            }
        }
        Some(near)
    }
}

impl Variant {
    /// The number of legal moves of the side to move, the pieces that
    /// allow it counted by sets and the rest listed in `buf` and tested;
    /// `None` where the node does not allow it (no glance legality, or
    /// gating).
    pub(super) fn count_by_sets(
        &self,
        pos: &mut Position,
        buf: &mut Vec<Move>,
        s: &Safety,
    ) -> Option<u64> {
        if self.gating.is_some() {
            return None;
        }
        let q = self.quick_legality(pos, s)?;
        Some(match self.plain.sets.words {
            1 => self.count_sets::<1>(pos, buf, s, q),
            2 => self.count_sets::<2>(pos, buf, s, q),
            3 => self.count_sets::<3>(pos, buf, s, q),
            _ => self.count_sets::<4>(pos, buf, s, q),
        })
    }

    fn count_sets<const N: usize>(
        &self,
        pos: &mut Position,
        buf: &mut Vec<Move>,
        s: &Safety,
        q: QuickLegality,
    ) -> u64 {
        let us = pos.side;
        let sets = &self.plain.sets;
        let o = Occupancy::<N>::new(pos, us);
        let king = q.king();
        // With enemy hoppers: the squares a move must leave or enter to
        // matter, this node's (else the table's, every square of a line).
        let near = q.on_lines().map(|on| {
            sets.near_lines::<N>(pos, us.other(), king, &o)
                .unwrap_or_else(|| words::<N>(on))
        });
        let clear_from = |from: Square| match &near {
            None => q.clear_from(from),
            Some(near) => !has(near, from),
        };
        let ep = pos.ep.is_some();
        let mut n = 0u64;
        buf.clear();
        for from in Narrow::<N>::of(&pos.occ[us]).iter() {
            let kind = pos.board[from as usize].kind();
            if from != king
                && sets.settable[us][kind].has(from)
                && !(ep && sets.ep_from[us][kind].has(from))
                && clear_from(from)
            {
                let t = sets.targets::<N>(us, kind, from, &o);
                match &near {
                    None => n += u64::from(count(&t)),
                    Some(near) => {
                        let off: [u64; N] = std::array::from_fn(|j| t[j] & !near[j]);
                        n += u64::from(count(&off));
                        each(and(&t, near), |to| {
                            n += u64::from(self.is_legal_fast(pos, Move::normal(from, to), s));
                        });
                    }
                }
            } else {
                self.gen_piece(pos, us, from, kind, buf);
            }
        }
        self.gen_beyond_pieces(pos, buf, 0);
        for &m in buf.iter() {
            let clear = match &near {
                None => q.clear(m),
                Some(near) => q.ordinary(m) && !has(near, m.from) && !has(near, m.to),
            };
            n += u64::from(clear || self.is_legal_fast(pos, m, s));
        }
        n
    }
}
