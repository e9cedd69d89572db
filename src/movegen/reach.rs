//! The attack test's tables per square: for each square and attacking
//! player, the squares a leaper could attack it from (the kinds that do,
//! merged per square) and the rays a slider could come along, so that
//! [`Variant::is_attacked`] reads one short list instead of every rule's
//! vector.

use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Piece, Position, Square};

/// A square a leaper could attack from, with the kinds that attack from it.
#[derive(Debug, Clone, Copy)]
struct LeapFrom {
    sq: Square,
    mask: u32,
}

/// A ray a slider could attack along: squares in [`Reach::squares`].
#[derive(Debug, Clone, Copy)]
struct SlideFrom {
    start: u32,
    len: u8,
    mask: u32,
    /// On a board of 64 squares or fewer, whose ray runs through
    /// increasing or decreasing square numbers: its squares as one word,
    /// so that its first piece is a bit scan away (0: walk it).
    word: u64,
    /// `word` runs through increasing square numbers.
    up: bool,
}

/// The first piece on slide `s`, whose squares read as one word, among
/// the pieces `all`: its square, or one past the board's 64 (which holds
/// nothing) if there is none. No branch: which way the ray runs and
/// whether it holds a piece are not predictable.
#[inline(always)]
fn first_on(s: &SlideFrom, all: u64) -> usize {
    let b = s.word & all;
    // Empty: 64 one way, 127 the other.
    let up = b.trailing_zeros();
    let down = 63 ^ b.leading_zeros();
    (down ^ ((up ^ down) & u32::from(s.up).wrapping_neg())) as usize
}

/// Is `p` a piece of `by` of one of the kinds in `mask`? (No branch; an
/// empty square is none.)
#[inline(always)]
fn of_kinds(p: Piece, by: Color, mask: u32) -> bool {
    !p.is_none() & (p.color() == by) & (mask >> (p.kind().index() & 31) & 1 != 0)
}

/// Every piece on the board as one word (boards of 64 squares or fewer).
#[inline(always)]
fn all_word(pos: &Position) -> u64 {
    pos.occ[0].0[0] | pos.occ[1].0[0]
}

/// `index[by][sq]`: the leaps and slides of player `by` onto `sq`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reach {
    index: [Vec<(u32, u16, u32, u16)>; 2],
    leaps: Vec<LeapFrom>,
    slides: Vec<SlideFrom>,
    squares: Vec<Square>,
    /// `hop_from[by][sq]`: every square a hopper of `by` could attack `sq`
    /// from (the hop rays read back from `sq`).
    hop_from: [Vec<Bitset>; 2],
    /// The kinds of `by` that capture by a hop, one bit each.
    hop_kinds: [u64; 2],
    /// `leap_from[by][sq]`: every square a leaper of `by` could attack
    /// `sq` from.
    leap_from: [Vec<Bitset>; 2],
    /// `check_from[by][kind * cells + sq]`: every square from which a
    /// piece of `by` and `kind` could attack `sq` (its leaps, slides and
    /// hops read back from `sq`, whatever stands between).
    check_from: [Vec<Bitset>; 2],
    /// `lines_from[by][sq]`: the squares of every slide and hop ray of `by`
    /// read back from `sq`: where a piece leaving may open an attack on it.
    lines_from: [Vec<Bitset>; 2],
    cells: usize,
    /// Whether [`Variant::may_give_check`] can look: every capturing rule
    /// plain, no explosion, no gating.
    check_glance: bool,
}

impl Reach {
    /// Built from the compiled attack lines (after the rays).
    pub(crate) fn new(v: &Variant) -> Reach {
        let mut r = Reach::default();
        let cells = v.geo.cells();
        let kinds = v.rules.pieces.len();
        r.cells = cells;
        r.check_glance = v.line_legality && v.explosion.is_none() && v.gating.is_none();
        for by in Color::ALL {
            let a = &v.attacks[by];
            r.check_from[by] = vec![Bitset::EMPTY; kinds * cells];
            r.lines_from[by] = vec![Bitset::EMPTY; cells];
            r.hop_kinds[by] = a.hops.iter().fold(0, |m, h| m | 1 << h.kind.index());
            for sq in 0..cells {
                let sq = sq as Square;
                let leaps_at = r.leaps.len() as u32;
                for l in &a.leaps {
                    if let Some(&s) = v.ray(l.rev, sq).first() {
                        match r.leaps[leaps_at as usize..].iter_mut().find(|e| e.sq == s) {
                            Some(e) => e.mask |= l.mask,
                            None => r.leaps.push(LeapFrom {
                                sq: s,
                                mask: l.mask,
                            }),
                        }
                    }
                }
                let mut leap_from = Bitset::EMPTY;
                for e in &r.leaps[leaps_at as usize..] {
                    leap_from.set(e.sq);
                }
                r.leap_from[by].push(leap_from);
                let slides_at = r.slides.len() as u32;
                for l in &a.slides {
                    let ray = v.ray(l.rev, sq);
                    if ray.is_empty() {
                        continue;
                    }
                    let up = ray.windows(2).all(|w| w[0] < w[1]);
                    let down = ray.windows(2).all(|w| w[0] > w[1]);
                    r.slides.push(SlideFrom {
                        start: r.squares.len() as u32,
                        len: ray.len() as u8,
                        mask: l.mask,
                        word: if cells <= 64 && (up || down) {
                            ray.iter().fold(0, |w, &t| w | 1u64 << t)
                        } else {
                            0
                        },
                        up,
                    });
                    r.squares.extend_from_slice(ray);
                }
                let mut from = Bitset::EMPTY;
                for h in &a.hops {
                    for &s in v.ray(h.rev, sq) {
                        from.set(s);
                        r.check_from[by][h.kind.index() * cells + sq as usize].set(s);
                    }
                }
                let mut lines = from;
                for l in &a.slides {
                    for &s in v.ray(l.rev, sq) {
                        lines.set(s);
                    }
                }
                r.lines_from[by][sq as usize] = lines;
                for (lines, reach) in [(&a.leaps, 1), (&a.slides, usize::MAX)] {
                    for l in lines {
                        for &s in v.ray(l.rev, sq).iter().take(reach) {
                            for k in 0..kinds {
                                if l.mask >> k & 1 != 0 {
                                    r.check_from[by][k * cells + sq as usize].set(s);
                                }
                            }
                        }
                    }
                }
                r.hop_from[by].push(from);
                r.index[by].push((
                    leaps_at,
                    (r.leaps.len() as u32 - leaps_at) as u16,
                    slides_at,
                    (r.slides.len() as u32 - slides_at) as u16,
                ));
            }
        }
        r
    }
}

impl Variant {
    /// Could the pseudo-legal move `m` of the side to move attack a royal
    /// piece of the opponent, none of which is attacked now? False when it
    /// surely cannot: an ordinary move (one piece from one square to
    /// another) of a variant whose capturing rules are all plain, whose
    /// piece does not land where its kind (after promotion) could attack a
    /// royal piece from, does not leave a line a slider or hopper could
    /// attack one along, and does not enter a hop line (a new screen).
    #[inline]
    pub fn may_give_check(&self, pos: &Position, m: Move) -> bool {
        let r = &self.reach;
        if !r.check_glance
            || !matches!(
                m.kind,
                MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::Promotion
            )
        {
            return true;
        }
        let us = pos.side;
        let kind = if m.kind == MoveKind::Promotion {
            m.data as usize
        } else {
            pos.board[m.from as usize].kind().index()
        };
        let from = &r.check_from[us][kind * r.cells..(kind + 1) * r.cells];
        pos.royals[us.other()].iter().any(|k| {
            from[k as usize].has(m.to)
                || r.lines_from[us][k as usize].has(m.from)
                || r.hop_from[us][k as usize].has(m.to)
        })
    }

    /// Could a hopper of `by` attack `sq` at all: does one stand on a hop
    /// ray read back from `sq`? Reads `pos.occ[by]`, which must hold every
    /// piece of `by` on the board (it may hold more).
    #[inline(always)]
    pub(super) fn hopper_in_reach(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let r = &self.reach;
        pos.occ[by]
            .and(&r.hop_from[by][sq as usize])
            .iter()
            .any(|s| {
                let p = pos.board[s as usize];
                !p.is_none() && p.color() == by && r.hop_kinds[by] >> p.kind().index() & 1 != 0
            })
    }

    /// Is `sq` attacked by a leaper or slider of player `by`?
    #[inline(always)]
    pub(super) fn leaps_or_slides_attack(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.leaps_attack(pos, sq, by) || self.slides_attack(pos, sq, by)
    }

    /// Is `sq` attacked by a leaper of player `by`? Reads `pos.occ[by]`,
    /// which must hold every piece of `by` on the board (it may hold more).
    #[inline(always)]
    pub(super) fn leaps_attack(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let r = &self.reach;
        if !pos.occ[by].intersects(&r.leap_from[by][sq as usize]) {
            return false;
        }
        let (l0, nl, _, _) = r.index[by][sq as usize];
        r.leaps[l0 as usize..l0 as usize + nl as usize]
            .iter()
            .any(|e| of_kinds(pos.board[e.sq as usize], by, e.mask))
    }

    /// Is `sq` attacked by a slider of player `by`? On boards of one word
    /// reads `pos.occ`, which must be exactly the pieces on the board.
    #[inline(always)]
    fn slides_attack(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let r = &self.reach;
        let (_, _, s0, ns) = r.index[by][sq as usize];
        let all = all_word(pos);
        for s in &r.slides[s0 as usize..s0 as usize + ns as usize] {
            if s.word != 0 {
                if of_kinds(pos.board[first_on(s, all)], by, s.mask) {
                    return true;
                }
                continue;
            }
            for &t in &r.squares[s.start as usize..s.start as usize + s.len as usize] {
                let p = pos.board[t as usize];
                if !p.is_none() {
                    if p.color() == by && s.mask >> p.kind().index() & 1 != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }
}

impl Variant {
    /// Every leaper and slider of player `by` attacking `sq`, by its square
    /// (for the exchange evaluation; a square may come twice). Reads
    /// `pos.occ`, which must be exactly the pieces on the board.
    pub(super) fn leap_slide_attackers(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        mut f: impl FnMut(Square),
    ) {
        let r = &self.reach;
        let (l0, nl, s0, ns) = r.index[by][sq as usize];
        for e in &r.leaps[l0 as usize..l0 as usize + nl as usize] {
            if of_kinds(pos.board[e.sq as usize], by, e.mask) {
                f(e.sq);
            }
        }
        let all = all_word(pos);
        for s in &r.slides[s0 as usize..s0 as usize + ns as usize] {
            if s.word != 0 {
                let t = first_on(s, all);
                if of_kinds(pos.board[t], by, s.mask) {
                    f(t as Square);
                }
                continue;
            }
            for &t in &r.squares[s.start as usize..s.start as usize + s.len as usize] {
                let p = pos.board[t as usize];
                if !p.is_none() {
                    if p.color() == by && s.mask >> p.kind().index() & 1 != 0 {
                        f(t);
                    }
                    break;
                }
            }
        }
    }
}
