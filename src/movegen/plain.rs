//! Plain rides compiled per square: the steps, leaps and slides without
//! guards, minimum or en-passant mark, looked up by square at run time
//! instead of interpreted rule by rule.
//!
//! Most rules of most pieces are plain (every rule of a knight, bishop,
//! rook, queen or king, a pawn's steps and captures). For each piece, its
//! rules in order become a list of [`Op`]s: a run of consecutive plain
//! rides is one [`Op::Run`], whose segments (a ray cut to the rule's range,
//! and what it may land on) are listed per square at load time, empty rays
//! left out; every other rule stays an [`Op::Rule`] for the interpreter.
//! Moves come out in the same order as the rules produce them.

use super::activity::victim;
use super::generate::MoveSink;
use super::sets::SetTables;
use super::tables::{CGuard, CRule, Variant, Vid};
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Kind, Position, Square};
use crate::ir::Target;

/// One piece's rules, plain runs merged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    /// A run of plain rides: its index in [`Plain::index`]'s runs.
    Run(u32),
    /// Any other rule, for the interpreter.
    Rule {
        /// Its index in the piece's rules.
        index: u16,
        /// The squares it may start from, as far as its guards on the start
        /// square say (`when from in`, `within`) and its first step exists:
        /// from elsewhere it yields nothing, and is not asked.
        from: Bitset,
        /// It lands only on the en-passant square: with none, not asked.
        ep: bool,
    },
}

/// A ray segment of a plain ride from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seg {
    /// Where its squares start in [`Plain::squares`].
    pub(super) start: u32,
    /// How many (the ray cut to the rule's `max` and its `within` zone).
    pub(super) len: u8,
    /// What it may land on, and how.
    pub(super) how: How,
    /// The vector it rides along (for one-square segments merged into
    /// leaps, the first one's).
    pub(super) vid: Vid,
}

/// How a segment's moves are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum How {
    /// To empty squares and the first enemy piece.
    NotFriend,
    /// To empty squares only.
    Empty,
    /// To the first piece, if an enemy.
    Enemy,
    /// The general ride: a minimum distance, or a move that sets the
    /// en-passant square.
    Ride { to: Target, min: u8, sets_ep: bool },
    /// Single squares, each its own step or leap, to an empty square or an
    /// enemy piece (consecutive one-square segments merged: a knight's
    /// eight leaps are one segment).
    LeapsNotFriend,
    /// Single squares, each to an empty square only.
    LeapsEmpty,
    /// Single squares, each to an enemy piece only.
    LeapsEnemy,
}

impl How {
    /// The merged form of one-square segments of this kind, if any.
    fn leaps(self) -> Option<How> {
        match self {
            How::NotFriend => Some(How::LeapsNotFriend),
            How::Empty => Some(How::LeapsEmpty),
            How::Enemy => Some(How::LeapsEnemy),
            _ => None,
        }
    }
}

/// The plain-ride tables of a variant.
#[derive(Debug, Clone, Default)]
pub(crate) struct Plain {
    /// `ops[color][kind]`
    pub ops: [Vec<Vec<Op>>; 2],
    pub(super) segs: Vec<Seg>,
    /// The segments' squares.
    pub(super) squares: Vec<Square>,
    /// `index[run * cells + square]`: (first segment, count).
    pub(super) index: Vec<(u32, u16)>,
    /// `reach[run * cells + square]`: every square of those segments.
    pub(super) reach: Vec<Bitset>,
    pub(super) cells: usize,
    /// The same segments as sets of squares, for counting by set
    /// operations (`sets.rs`).
    pub(super) sets: SetTables,
}

/// Is this rule a plain ride: a ride whose guards look only at where it
/// starts and the zone it stays in, so that they are settled per square at
/// load time?
fn is_plain(r: &CRule) -> bool {
    match r {
        CRule::Ride { to, guards, .. } => {
            *to != Target::EnPassant
                && guards.iter().all(|g| {
                    matches!(
                        g,
                        CGuard::FromIn(_) | CGuard::FromNotIn(_) | CGuard::Within(_)
                    )
                })
        }
        _ => false,
    }
}

/// Do the start-square guards of a plain ride hold on `sq`?
fn starts_on(v: &Variant, guards: &[CGuard], color: Color, sq: Square) -> bool {
    guards.iter().all(|g| match *g {
        CGuard::FromIn(z) | CGuard::Within(z) => v.zones[z][color].has(sq),
        CGuard::FromNotIn(z) => !v.zones[z][color].has(sq),
        _ => true,
    })
}

/// The squares from which rule `r` of a player of `color` may yield a move:
/// those its start-square guards allow, and for a ride or hop, those with a
/// square in its direction.
fn starts(v: &Variant, r: &CRule, color: Color) -> Bitset {
    let mut set = Bitset::EMPTY;
    let (guards, vid) = match r {
        CRule::Ride { guards, vid, .. } => (guards, Some(*vid)),
        CRule::Hop(h) => (&h.guards, Some(h.vid)),
        CRule::Prefer { .. } => (&Vec::new(), None),
    };
    'square: for sq in 0..v.geo.cells() {
        let sq = sq as Square;
        if !v.geo.is_valid(sq) || vid.is_some_and(|d| v.ray(d, sq).is_empty()) {
            continue;
        }
        for g in guards {
            let ok = match *g {
                CGuard::FromIn(z) | CGuard::Within(z) => v.zones[z][color].has(sq),
                CGuard::FromNotIn(z) => !v.zones[z][color].has(sq),
                _ => true,
            };
            if !ok {
                continue 'square;
            }
        }
        set.set(sq);
    }
    set
}

impl Plain {
    /// Compile the plain runs of every piece (after the rays are built).
    pub(crate) fn new(v: &Variant) -> Plain {
        let cells = v.geo.cells();
        let mut p = Plain {
            cells,
            ..Plain::default()
        };
        for color in Color::ALL {
            for rules in &v.moves[color] {
                let mut ops = Vec::new();
                let mut i = 0;
                while i < rules.len() {
                    if !is_plain(&rules[i]) {
                        ops.push(Op::Rule {
                            index: i as u16,
                            from: starts(v, &rules[i], color),
                            ep: matches!(
                                rules[i],
                                CRule::Ride {
                                    to: Target::EnPassant,
                                    ..
                                }
                            ),
                        });
                        i += 1;
                        continue;
                    }
                    let end = (i..rules.len())
                        .find(|&j| !is_plain(&rules[j]))
                        .unwrap_or(rules.len());
                    ops.push(Op::Run(p.add_run(v, &rules[i..end], color)));
                    i = end;
                }
                p.ops[color].push(ops);
            }
        }
        p
    }

    /// Add the segments of these plain rides from every square; the run's index.
    fn add_run(&mut self, v: &Variant, rides: &[CRule], color: Color) -> u32 {
        let run = (self.index.len() / self.cells.max(1)) as u32;
        for sq in 0..self.cells {
            let sq = sq as Square;
            let first = self.segs.len() as u32;
            for r in rides {
                let CRule::Ride {
                    vid,
                    min,
                    max,
                    to,
                    ref guards,
                    sets_ep,
                } = *r
                else {
                    continue;
                };
                if !starts_on(v, guards, color, sq) {
                    continue;
                }
                let lim = v.path_limits(guards, color);
                let ray = v.ride_ray(vid, sq, max);
                let len = ray.iter().take_while(|&&t| lim.inside(t)).count();
                if len == 0 || len < min as usize {
                    continue;
                }
                let how = match (to, min, sets_ep) {
                    (_, 2.., _) | (_, _, true) => How::Ride { to, min, sets_ep },
                    (Target::Empty, ..) => How::Empty,
                    (Target::Enemy, ..) => How::Enemy,
                    _ => How::NotFriend,
                };
                let leaps = if len == 1 { how.leaps() } else { None };
                let in_square = self.segs.len() as u32 > first;
                let end = self.squares.len() as u32;
                match self.segs.last_mut() {
                    // A one-square segment after one of the same kind: merged.
                    Some(last)
                        if leaps.is_some()
                            && in_square
                            && last.start + last.len as u32 == end
                            && (last.how == how && last.len == 1 || Some(last.how) == leaps)
                            && last.len < u8::MAX =>
                    {
                        last.how = leaps.unwrap_or(how);
                        last.len += 1;
                    }
                    _ => self.segs.push(Seg {
                        start: self.squares.len() as u32,
                        len: len as u8,
                        how,
                        vid,
                    }),
                }
                self.squares.extend_from_slice(&ray[..len]);
            }
            let count = (self.segs.len() as u32 - first) as u16;
            self.index.push((first, count));
            let mut reach = Bitset::EMPTY;
            for seg in &self.segs[first as usize..] {
                for &t in &self.squares[seg.start as usize..seg.start as usize + seg.len as usize] {
                    reach.set(t);
                }
            }
            self.reach.push(reach);
        }
        run
    }
}

impl Variant {
    /// The moves of the piece `kind` of player `us` on `from`, by its ops.
    #[inline(always)]
    pub(crate) fn gen_ops<S: MoveSink>(
        &self,
        pos: &Position,
        us: Color,
        from: Square,
        kind: Kind,
        out: &mut S,
    ) {
        let rules = &self.moves[us][kind];
        let promotes = self.promotion[us][kind].is_some();
        for &op in &self.plain.ops[us][kind] {
            if out.done() {
                return;
            }
            match op {
                Op::Run(run) => {
                    if promotes {
                        self.gen_run::<S, true>(pos, us, run, from, kind, out);
                    } else {
                        self.gen_run::<S, false>(pos, us, run, from, kind, out);
                    }
                }
                Op::Rule { index, from: f, ep } => {
                    if f.has(from) && (!ep || pos.ep.is_some()) {
                        let r = std::slice::from_ref(&rules[index as usize]);
                        self.gen_rules(pos, us, r, from, kind, out);
                    }
                }
            }
        }
    }

    /// The moves of one plain run from `from`.
    #[inline(always)]
    fn gen_run<S: MoveSink, const PROMOTES: bool>(
        &self,
        pos: &Position,
        us: Color,
        run: u32,
        from: Square,
        kind: Kind,
        out: &mut S,
    ) {
        let plain = &self.plain;
        let (first, count) = plain.index[run as usize * plain.cells + from as usize];
        let board = &pos.board;
        let land = |t: Square, out: &mut S| {
            if PROMOTES {
                self.push_landing(pos, us, from, t, kind, out);
            } else {
                out.push(Move::normal(from, t));
            }
        };
        // Quiet moves of a piece that cannot promote, for a sink that drops them.
        let skip_quiet = S::NOISY_ONLY && !PROMOTES;
        for seg in &plain.segs[first as usize..first as usize + count as usize] {
            let ray = &plain.squares[seg.start as usize..seg.start as usize + seg.len as usize];
            match seg.how {
                How::LeapsNotFriend => {
                    for &t in ray {
                        let p = board[t as usize];
                        if p.is_none() {
                            if !skip_quiet {
                                land(t, out);
                            }
                        } else if p.color() != us {
                            land(t, out);
                        }
                    }
                }
                How::LeapsEmpty | How::Empty if skip_quiet => {}
                How::LeapsEmpty => {
                    for &t in ray {
                        if board[t as usize].is_none() {
                            land(t, out);
                        }
                    }
                }
                How::LeapsEnemy => {
                    for &t in ray {
                        let p = board[t as usize];
                        if !p.is_none() && p.color() != us {
                            land(t, out);
                        }
                    }
                }
                How::NotFriend => {
                    for &t in ray {
                        let p = board[t as usize];
                        if p.is_none() {
                            if !skip_quiet {
                                land(t, out);
                            }
                        } else {
                            if p.color() != us {
                                land(t, out);
                            }
                            break;
                        }
                    }
                }
                How::Empty => {
                    for &t in ray {
                        if !board[t as usize].is_none() {
                            break;
                        }
                        land(t, out);
                    }
                }
                How::Enemy => {
                    for &t in ray {
                        let p = board[t as usize];
                        if !p.is_none() {
                            if p.color() != us {
                                land(t, out);
                            }
                            break;
                        }
                    }
                }
                How::Ride { to, min, sets_ep } => {
                    for (i, &t) in ray.iter().enumerate() {
                        let p = board[t as usize];
                        let reached = i + 1 >= min as usize;
                        if p.is_none() {
                            if reached && to != Target::Enemy && !skip_quiet {
                                if sets_ep {
                                    out.push(Move {
                                        from,
                                        to: t,
                                        kind: MoveKind::SetsEnPassant,
                                        data: ray[i - usize::from(i > 0)],
                                        gate: 0,
                                    });
                                } else {
                                    land(t, out);
                                }
                            }
                        } else {
                            if reached && p.color() != us && to != Target::Empty {
                                land(t, out);
                            }
                            break;
                        }
                    }
                }
            }
        }
    }
}

impl Plain {
    /// The pseudo-legal moves, the hits on `zone` and the threats to
    /// `victims` of one plain run from `from`, counted as
    /// [`Variant::activity_in`] counts a ride (each move once per rule; a
    /// plain ride captures any enemy piece, so a hit is any square of `zone`
    /// the ride could land on with a capture, a threat any enemy piece of a
    /// victim kind there).
    #[inline]
    pub(crate) fn run_activity(
        &self,
        pos: &Position,
        us: Color,
        run: u32,
        from: Square,
        zone: &Bitset,
        victims: u32,
    ) -> (u32, u32, u32) {
        let at = run as usize * self.cells + from as usize;
        if victims != 0 || self.reach[at].intersects(zone) {
            self.count_run::<true>(pos, us, at, zone, victims)
        } else {
            self.count_run::<false>(pos, us, at, zone, 0)
        }
    }

    /// [`Plain::run_activity`] at `index[at]`; hits counted only if `HITS`
    /// (else the run reaches no square of `zone` and there are no victims).
    #[inline(always)]
    fn count_run<const HITS: bool>(
        &self,
        pos: &Position,
        us: Color,
        at: usize,
        zone: &Bitset,
        victims: u32,
    ) -> (u32, u32, u32) {
        let (first, count) = self.index[at];
        let board = &pos.board;
        let mut threats = 0u32;
        let mut hit = |t: Square| {
            if HITS {
                threats += u32::from(victim(board[t as usize], us, victims));
                u32::from(zone.has(t))
            } else {
                0
            }
        };
        let (mut moves, mut hits) = (0u32, 0u32);
        let enemy = |t: Square| {
            let p = board[t as usize];
            !p.is_none() && p.color() != us
        };
        for seg in &self.segs[first as usize..first as usize + count as usize] {
            let ray = &self.squares[seg.start as usize..seg.start as usize + seg.len as usize];
            match seg.how {
                How::LeapsNotFriend => {
                    for &t in ray {
                        let p = board[t as usize];
                        hits += hit(t);
                        moves += u32::from(p.is_none() || p.color() != us);
                    }
                }
                How::LeapsEmpty => {
                    for &t in ray {
                        moves += u32::from(board[t as usize].is_none());
                    }
                }
                How::LeapsEnemy => {
                    for &t in ray {
                        hits += hit(t);
                        moves += u32::from(enemy(t));
                    }
                }
                How::NotFriend => {
                    for &t in ray {
                        let p = board[t as usize];
                        hits += hit(t);
                        if p.is_none() {
                            moves += 1;
                        } else {
                            moves += u32::from(p.color() != us);
                            break;
                        }
                    }
                }
                How::Empty => {
                    for &t in ray {
                        if !board[t as usize].is_none() {
                            break;
                        }
                        moves += 1;
                    }
                }
                How::Enemy => {
                    for &t in ray {
                        let p = board[t as usize];
                        hits += hit(t);
                        if !p.is_none() {
                            moves += u32::from(p.color() != us);
                            break;
                        }
                    }
                }
                How::Ride { to, min, .. } => {
                    let quiet = matches!(to, Target::Empty | Target::NotFriend);
                    let capture = matches!(to, Target::Enemy | Target::NotFriend);
                    for (i, &t) in ray.iter().enumerate() {
                        let p = board[t as usize];
                        if i + 1 >= min as usize {
                            if capture {
                                hits += hit(t);
                            }
                            if p.is_none() {
                                moves += u32::from(quiet);
                            } else if capture && p.color() != us {
                                moves += 1;
                            }
                        }
                        if !p.is_none() {
                            break;
                        }
                    }
                }
            }
        }
        (moves, hits, threats)
    }
}
