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

use super::Move;
use super::generate::MoveSink;
use super::tables::{CGuard, CRule, Variant};
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
    /// Where its squares start in the variant's rays.
    start: u32,
    /// How many (the ray cut to the rule's `max`).
    len: u8,
    /// What it may land on: empty, enemy, or either.
    to: Target,
}

/// The plain-ride tables of a variant.
#[derive(Debug, Clone, Default)]
pub(crate) struct Plain {
    /// `ops[color][kind]`
    pub ops: [Vec<Vec<Op>>; 2],
    segs: Vec<Seg>,
    /// `index[run * cells + square]`: (first segment, count).
    index: Vec<(u32, u16)>,
    cells: usize,
}

/// Is this rule a plain ride?
fn is_plain(r: &CRule) -> bool {
    matches!(
        r,
        CRule::Ride {
            min: 0 | 1,
            to: Target::Empty | Target::Enemy | Target::NotFriend,
            guards,
            sets_ep: false,
            ..
        } if guards.is_empty()
    )
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
                    ops.push(Op::Run(p.add_run(v, &rules[i..end])));
                    i = end;
                }
                p.ops[color].push(ops);
            }
        }
        p
    }

    /// Add the segments of these plain rides from every square; the run's index.
    fn add_run(&mut self, v: &Variant, rides: &[CRule]) -> u32 {
        let run = (self.index.len() / self.cells.max(1)) as u32;
        for sq in 0..self.cells {
            let first = self.segs.len() as u32;
            for r in rides {
                if let CRule::Ride { vid, max, to, .. } = *r {
                    let ray = v.ride_ray(vid, sq as Square, max);
                    if ray.is_empty() {
                        continue;
                    }
                    let (start, _) = v.ray_index[vid.index() * self.cells + sq];
                    self.segs.push(Seg {
                        start,
                        len: ray.len() as u8,
                        to,
                    });
                }
            }
            let count = (self.segs.len() as u32 - first) as u16;
            self.index.push((first, count));
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
        for seg in &plain.segs[first as usize..first as usize + count as usize] {
            let ray = &self.rays[seg.start as usize..seg.start as usize + seg.len as usize];
            match seg.to {
                Target::NotFriend => {
                    for &t in ray {
                        let p = board[t as usize];
                        if p.is_none() {
                            land(t, out);
                        } else {
                            if p.color() != us {
                                land(t, out);
                            }
                            break;
                        }
                    }
                }
                Target::Empty => {
                    for &t in ray {
                        if !board[t as usize].is_none() {
                            break;
                        }
                        land(t, out);
                    }
                }
                _ => {
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
            }
        }
    }
}
