//! What a piece does from where it stands, counted by the interpreter: its
//! pseudo-legal moves and the squares of a given set it attacks. Read by the
//! evaluation (mobility, and attacks near the enemy royal piece).

use super::generate::MoveSink;
use super::plain::Op;
use super::tables::{CHop, CRule, Variant};
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Piece, Position, Square};
use crate::ir::{HopShape, Target};

/// The moves and attacks of one piece.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Activity {
    /// Pseudo-legal destinations (a promotion counts once; en passant not at all).
    pub moves: u32,
    /// Squares of the given set the piece could capture on, were an enemy
    /// piece there (whatever stands there now).
    pub hits: u32,
    /// Enemy pieces of the given kinds it could capture.
    pub threats: u32,
}

impl Variant {
    /// The activity of the piece of player `color` on `from`, with its attacks
    /// counted on the squares of `zone`. Nothing is allocated.
    pub fn activity(&self, pos: &Position, color: Color, from: Square, zone: &Bitset) -> Activity {
        self.activity_in(pos, color, from, zone, 0)
    }

    /// [`Variant::activity`], with the enemy pieces it could capture whose
    /// kinds are in `victims` (one bit per kind) counted in
    /// [`Activity::threats`].
    pub fn activity_in(
        &self,
        pos: &Position,
        color: Color,
        from: Square,
        zone: &Bitset,
        victims: u32,
    ) -> Activity {
        let kind = pos.board[from as usize].kind();
        if let Some(a) = self.activity_by_sets(pos, color, kind, from, zone, victims) {
            return a;
        }
        let on = On { zone, victims };
        let rules = &self.moves[color][kind];
        let mut a = Activity::default();
        let mut seen = Seen::default();
        if self.overlaps[color][kind].has(from) {
            self.activity_of::<true>(pos, color, rules, from, on, &mut a, &mut seen);
        } else {
            // No move repeats: the counts add up rule by rule, plain runs
            // read from their per-square segments (`plain.rs`).
            for &op in &self.plain.ops[color][kind] {
                match op {
                    Op::Run(run) => {
                        let (moves, hits, threats) = self
                            .plain
                            .run_activity(pos, color, run, from, zone, victims);
                        a.moves += moves;
                        a.hits += hits;
                        a.threats += threats;
                    }
                    Op::Rule { index, .. } => {
                        let r = std::slice::from_ref(&rules[index as usize]);
                        self.activity_of::<false>(pos, color, r, from, on, &mut a, &mut seen);
                    }
                }
            }
        }
        if self.promotion[color][kind]
            .as_ref()
            .is_some_and(|p| p.irregular())
        {
            // An optional or `captured` promotion: the generator decides what
            // a landing in the zone yields (the plain move, a promotion, both
            // or nothing); each kind of move counts once per destination.
            let mut count = LandingCount::default();
            self.gen_piece(pos, color, from, kind, &mut count);
            a.moves = count.moves;
        }
        a
    }

    #[allow(clippy::too_many_arguments)]
    fn activity_of<const ONCE: bool>(
        &self,
        pos: &Position,
        us: Color,
        rules: &[CRule],
        from: Square,
        on: On,
        a: &mut Activity,
        seen: &mut Seen,
    ) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to,
                    guards,
                    sets_ep,
                } => {
                    if *to == Target::EnPassant
                        || (!guards.is_empty() && !self.guards_hold(pos, guards, from, us))
                    {
                        continue;
                    }
                    let lim = self.path_limits(guards, us);
                    let quiet = matches!(to, Target::Empty | Target::NotFriend);
                    let capture = matches!(to, Target::Enemy | Target::NotFriend);
                    for (i, &t) in self.ride_ray(*vid, from, *max).iter().enumerate() {
                        if !lim.inside(t) {
                            break;
                        }
                        let p = pos.board[t as usize];
                        let takes = p.is_none() || lim.takes(p, us);
                        if i + 1 >= *min as usize {
                            if capture && takes {
                                seen.hit::<ONCE>(t, p, us, on, a);
                            }
                            if p.is_none() {
                                if quiet {
                                    a.moves += seen.landing::<ONCE>(t, *sets_ep);
                                }
                            } else if capture && takes && p.color() != us {
                                a.moves += seen.landing::<ONCE>(t, false);
                            }
                        }
                        if !p.is_none() {
                            break;
                        }
                    }
                }
                CRule::Hop(CHop {
                    vid,
                    screen,
                    shape,
                    to,
                    guards,
                }) => {
                    if !guards.is_empty() && !self.guards_hold(pos, guards, from, us) {
                        continue;
                    }
                    let ray = self.ray(*vid, from);
                    let Some(si) = ray.iter().position(|&s| !pos.board[s as usize].is_none())
                    else {
                        continue;
                    };
                    let lim = self.path_limits(guards, us);
                    if !screen.accepts(pos.board[ray[si] as usize], us)
                        || !ray[..=si].iter().all(|&s| lim.inside(s))
                    {
                        continue;
                    }
                    let quiet = matches!(to, Target::Empty | Target::NotFriend);
                    let capture = matches!(to, Target::Enemy | Target::NotFriend);
                    for (j, &t) in ray[si + 1..].iter().enumerate() {
                        if !lim.inside(t) {
                            break;
                        }
                        let p = pos.board[t as usize];
                        let takes = p.is_none() || lim.takes(p, us);
                        if capture && takes {
                            seen.hit::<ONCE>(t, p, us, on, a);
                        }
                        if p.is_none() {
                            if quiet && *shape != HopShape::First {
                                a.moves += seen.landing::<ONCE>(t, false);
                            }
                        } else {
                            if capture && takes && p.color() != us {
                                a.moves += seen.landing::<ONCE>(t, false);
                            }
                            break;
                        }
                        if *shape == HopShape::Next && j == 0 {
                            break;
                        }
                    }
                }
                CRule::Prefer { first, fallback } => {
                    // Judged on the moves offered, repeated ones included.
                    let before = seen.offered;
                    let moves = a.moves;
                    self.activity_of::<ONCE>(pos, us, first, from, on, a, seen);
                    if a.moves == moves && seen.offered == before {
                        self.activity_of::<ONCE>(pos, us, fallback, from, on, a, seen);
                    }
                }
            }
        }
    }
}

/// Where [`Variant::activity_in`] counts attacks: the zone's squares and
/// the victims' kinds.
#[derive(Clone, Copy)]
struct On<'a> {
    zone: &'a Bitset,
    victims: u32,
}

/// Is `p` a piece of `us`'s enemy with a kind in `victims`?
#[inline(always)]
pub(crate) fn victim(p: Piece, us: Color, victims: u32) -> bool {
    !p.is_none() && p.color() != us && victims >> p.kind().index() & 1 != 0
}

/// What a piece whose rules overlap has counted already, so that each move
/// and each hit counts once (the generator lists each move once).
#[derive(Default)]
struct Seen {
    /// Plain moves, captures and promotions, by destination.
    landing: Bitset,
    /// Moves that set an en-passant square, by destination.
    sets_ep: Bitset,
    hits: Bitset,
    /// Moves offered, repeated ones included (for `prefer`).
    offered: u32,
}

impl Seen {
    /// 1 if a move to `t` was not counted yet (always 1 unless `ONCE`).
    #[inline(always)]
    fn landing<const ONCE: bool>(&mut self, t: Square, sets_ep: bool) -> u32 {
        if !ONCE {
            return 1;
        }
        self.offered += 1;
        let set = if sets_ep {
            &mut self.sets_ep
        } else {
            &mut self.landing
        };
        let new = !set.has(t);
        set.set(t);
        u32::from(new)
    }

    /// Count a capture that reaches `t`, where `p` stands, in `a`: a hit
    /// if `t` is in the zone, a threat if `p` is an enemy of a victim kind;
    /// unless counted already (only if `ONCE`).
    #[inline(always)]
    fn hit<const ONCE: bool>(&mut self, t: Square, p: Piece, us: Color, on: On, a: &mut Activity) {
        if ONCE {
            if self.hits.has(t) {
                return;
            }
            self.hits.set(t);
        }
        a.hits += u32::from(on.zone.has(t));
        a.threats += u32::from(victim(p, us, on.victims));
    }
}

/// Counts the moves of one piece as [`Activity::moves`] does: plain moves
/// and captures, and promotions once per destination; en passant not.
#[derive(Default)]
struct LandingCount {
    moves: u32,
    promoted: Bitset,
    offered: usize,
}

impl MoveSink for LandingCount {
    fn push(&mut self, m: Move) {
        self.offered += 1;
        match m.kind {
            MoveKind::Normal | MoveKind::SetsEnPassant => self.moves += 1,
            MoveKind::Promotion if !self.promoted.has(m.to) => {
                self.promoted.set(m.to);
                self.moves += 1;
            }
            _ => {}
        }
    }
    fn count(&self) -> usize {
        self.offered
    }
    fn mark(&self) -> usize {
        self.offered
    }
    fn has_since(&self, _: usize, _: Move) -> bool {
        false
    }
}
