//! Which rules of one piece can produce the same move, found at load time,
//! so that generation lists each move of a piece once (a piece's moves are
//! the union of its rules) without any work for pieces whose rules cannot
//! overlap.
//!
//! Two moves are the same move only if they are equal as [`Move`] values.
//! A landing made through the common path (plain move, capture, promotion)
//! is a function of (from, to); so is an en-passant capture; a move that
//! sets an en-passant square also carries the square it passed.

use super::generate::MoveSink;
use super::tables::{CFilter, CGuard, CHop, CRule, Variant, Vid};
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Kind, Piece, Square};
use crate::ir::Target;

/// Where one leaf rule (a ride or a hop) could put moves from one square, on
/// any board: squares by the kind of move made there.
struct Reach {
    /// Plain moves, captures and promotions.
    landing: Bitset,
    /// En-passant captures.
    en_passant: Bitset,
    /// Moves that set an en-passant square, and the step vector of their ride.
    sets_ep: Bitset,
    vid: Option<Vid>,
}

impl Variant {
    /// Per player and piece type: the squares from which two rules of the
    /// piece could produce the same move.
    pub(crate) fn compile_overlaps(&self) -> [Vec<Bitset>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (color, per_kind) in Color::ALL.into_iter().zip(out.iter_mut()) {
            for rules in &self.moves[color] {
                let mut leaves = Vec::new();
                let mut prefers = 0;
                collect_leaves(rules, &mut Vec::new(), &mut prefers, &mut leaves);
                let mut squares = Bitset::EMPTY;
                if leaves.len() >= 2 {
                    // Whether two rules can never both move does not depend
                    // on the square: decided once per pair, not per square
                    // (with nested `prefer` the test is as long as the nesting).
                    let apart = self.apart_pairs(&leaves, color);
                    for from in self.geo.valid.iter() {
                        let reach: Vec<Reach> = leaves
                            .iter()
                            .map(|(r, _)| self.reach(r, color, from))
                            .collect();
                        if any_overlap(&reach, &apart) {
                            squares.set(from);
                        }
                    }
                }
                per_kind.push(squares);
            }
        }
        out
    }

    /// For each pair `(i, j)`, `i < j`, of leaves (row by row): can the two
    /// never give the same move, whatever the square? They cannot if they sit
    /// in the two branches of one `prefer`, or if they are hops along one
    /// line whose screens no piece passes both of.
    fn apart_pairs(&self, leaves: &[(&CRule, Vec<(usize, bool)>)], color: Color) -> Vec<bool> {
        let screen = |r: &CRule| match r {
            CRule::Hop(CHop { vid, screen, .. }) => Some((*vid, *screen)),
            _ => None,
        };
        let mut out = Vec::with_capacity(leaves.len() * leaves.len() / 2);
        for (i, (ra, ba)) in leaves.iter().enumerate() {
            for (rb, bb) in &leaves[i + 1..] {
                let exclusive = ba.iter().any(|&(p, fb)| bb.contains(&(p, !fb)));
                let screens_apart = match (screen(ra), screen(rb)) {
                    (Some((va, sa)), Some((vb, sb))) => {
                        va == vb && !self.some_piece_passes_both(sa, sb, color)
                    }
                    _ => false,
                };
                out.push(exclusive || screens_apart);
            }
        }
        out
    }

    fn some_piece_passes_both(&self, a: CFilter, b: CFilter, color: Color) -> bool {
        Kind::first(self.rules.pieces.len()).any(|kind| {
            Color::ALL.into_iter().any(|c| {
                let p = Piece::new(kind, c);
                a.accepts(p, color) && b.accepts(p, color)
            })
        })
    }

    /// The squares a leaf rule could produce moves on from `from`, whatever
    /// stands on the board (guards on the start square are decided here).
    fn reach(&self, r: &CRule, color: Color, from: Square) -> Reach {
        let mut out = Reach {
            landing: Bitset::EMPTY,
            en_passant: Bitset::EMPTY,
            sets_ep: Bitset::EMPTY,
            vid: None,
        };
        let guards_may_hold = |guards: &[CGuard]| {
            guards.iter().all(|g| match *g {
                CGuard::FromIn(z) => self.zones[z][color].has(from),
                CGuard::FromNotIn(z) => !self.zones[z][color].has(from),
                CGuard::Within(z) => self.zones[z][color].has(from),
                CGuard::Occupied(_) | CGuard::Empty(_) | CGuard::Captures(_) => true,
            })
        };
        match r {
            CRule::Ride {
                vid,
                min,
                max,
                to,
                guards,
                sets_ep,
            } => {
                out.vid = Some(*vid);
                if !guards_may_hold(guards) {
                    return out;
                }
                for &t in self
                    .ride_ray(*vid, from, *max)
                    .iter()
                    .skip(*min as usize - 1)
                {
                    match to {
                        Target::EnPassant => out.en_passant.set(t),
                        Target::Enemy => out.landing.set(t),
                        Target::Empty | Target::NotFriend => {
                            if *sets_ep {
                                out.sets_ep.set(t);
                            }
                            if !*sets_ep || *to == Target::NotFriend {
                                out.landing.set(t);
                            }
                        }
                    }
                }
            }
            CRule::Hop(CHop { vid, guards, .. }) => {
                out.vid = Some(*vid);
                if !guards_may_hold(guards) {
                    return out;
                }
                for &t in self.ray(*vid, from).iter().skip(1) {
                    out.landing.set(t);
                }
            }
            CRule::Prefer { .. } => {}
        }
        out
    }
}

/// Could two of the leaves, not [`Variant::apart_pairs`], give the same move?
fn any_overlap(reach: &[Reach], apart: &[bool]) -> bool {
    let mut pair = 0;
    for (i, a) in reach.iter().enumerate() {
        for b in &reach[i + 1..] {
            let skip = apart[pair];
            pair += 1;
            if skip {
                continue;
            }
            if a.landing.intersects(&b.landing)
                || a.en_passant.intersects(&b.en_passant)
                || (a.vid == b.vid && a.sets_ep.intersects(&b.sets_ep))
            {
                return true;
            }
        }
    }
    false
}

/// The rides and hops of `rules`, each with the `prefer` branches it sits in.
fn collect_leaves<'r>(
    rules: &'r [CRule],
    path: &mut Vec<(usize, bool)>,
    prefers: &mut usize,
    out: &mut Vec<(&'r CRule, Vec<(usize, bool)>)>,
) {
    for r in rules {
        if let CRule::Prefer { first, fallback } = r {
            let id = *prefers;
            *prefers += 1;
            path.push((id, false));
            collect_leaves(first, path, prefers, out);
            path.pop();
            path.push((id, true));
            collect_leaves(fallback, path, prefers, out);
            path.pop();
        } else {
            out.push((r, path.clone()));
        }
    }
}

/// A sink that passes each move on once: for a piece standing on a square
/// from which its rules overlap. Moves whose value is a function of the
/// destination (plain moves, en-passant captures) are recognised by one bit
/// per square and kind; the others (promotions, moves that set an en-passant
/// square) by looking back over the piece's moves when the bit is set.
pub(crate) struct Dedup<'a, S: MoveSink> {
    inner: &'a mut S,
    mark: usize,
    /// Squares reached, per [`MoveKind`] (`Normal`, `SetsEnPassant`,
    /// `Promotion`, `EnPassant`).
    seen: [Bitset; 4],
    /// Moves offered, duplicates included (for `prefer`: did the first rules
    /// yield any move?).
    offered: usize,
}

impl<'a, S: MoveSink> Dedup<'a, S> {
    pub(crate) fn new(inner: &'a mut S) -> Self {
        Dedup {
            mark: inner.mark(),
            inner,
            seen: [Bitset::EMPTY; 4],
            offered: 0,
        }
    }
}

impl<S: MoveSink> MoveSink for Dedup<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.offered += 1;
        let (slot, by_square) = match m.kind {
            MoveKind::Normal => (0, true),
            MoveKind::SetsEnPassant => (1, false),
            MoveKind::Promotion => (2, false),
            MoveKind::EnPassant => (3, true),
            // Castling, drops and passes are not generated by piece rules.
            MoveKind::Castle | MoveKind::Drop | MoveKind::Pass => {
                self.inner.push(m);
                return;
            }
        };
        if self.seen[slot].has(m.to) {
            if by_square || self.inner.has_since(self.mark, m) {
                return;
            }
        } else {
            self.seen[slot].set(m.to);
        }
        self.inner.push(m);
    }

    #[inline]
    fn count(&self) -> usize {
        self.offered
    }

    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }

    fn mark(&self) -> usize {
        self.inner.mark()
    }

    fn has_since(&self, mark: usize, m: Move) -> bool {
        self.inner.has_since(mark, m)
    }
}
