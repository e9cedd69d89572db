//! Compile a [`RuleSet`] into the tables the interpreter runs on.

use crate::board::zobrist::Keys;
use crate::board::{Bitset, Geometry, MAX_KINDS, Piece, Position, Square};
use crate::ir::{
    DropEffect, Effect, Guard, HopShape, MoveRule, Owner, Requirement, RuleSet, Target, Vector,
};

/// Why a rule set could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// More piece types than the interpreter supports.
    #[error("too many piece types: {0} (at most {MAX_KINDS})")]
    TooManyPieces(usize),
    /// More castling wings than the interpreter supports.
    #[error("too many castling sides: {0} (at most 8)")]
    TooManyCastlingSides(usize),
    /// The board is larger than 256 squares.
    #[error("board too large: {0} squares (at most 256)")]
    BoardTooLarge(usize),
}

/// A compiled guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CGuard {
    FromIn(usize),
    FromNotIn(usize),
    Occupied(u16),
    Empty(u16),
}

/// A compiled movement rule for one player.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CRule {
    Ride {
        vid: u16,
        min: u8,
        /// 0 = unbounded
        max: u8,
        to: Target,
        guards: Vec<CGuard>,
        sets_ep: bool,
    },
    Hop {
        vid: u16,
        screen: CFilter,
        shape: HopShape,
        to: Target,
        guards: Vec<CGuard>,
    },
    Prefer {
        first: Vec<CRule>,
        fallback: Vec<CRule>,
    },
}

/// A compiled piece filter: owner relative to the mover, a set of kinds, negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CFilter {
    pub owner: Option<Owner>,
    /// 0 = any kind
    pub kinds: u32,
    pub negate: bool,
}

impl CFilter {
    /// Does piece `p` pass, for a mover of `color`?
    #[inline(always)]
    pub fn accepts(&self, p: Piece, color: usize) -> bool {
        let owner_ok = match self.owner {
            None => true,
            Some(Owner::Friend) => p.color() == color,
            Some(Owner::Enemy) => p.color() != color,
        };
        let kind_ok = self.kinds == 0 || self.kinds >> p.kind() & 1 != 0;
        (owner_ok && kind_ok) != self.negate
    }
}

/// A capturing hop, read backwards from the attacked square.
#[derive(Debug, Clone)]
pub(crate) struct HopAttack {
    pub kind: usize,
    pub rev: u16,
    pub screen: CFilter,
    pub shape: HopShape,
    pub guards: Vec<CGuard>,
    pub unless: Option<Vec<CRule>>,
}

/// An attack pattern: pieces in `mask` attack along vector `vid` (from the
/// attacked square back towards the attacker, `rev`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttackLine {
    pub rev: u16,
    pub mask: u32,
}

/// A capturing rule that needs the general (slow) attack test.
#[derive(Debug, Clone)]
pub(crate) struct SlowAttack {
    pub kind: usize,
    pub rev: u16,
    pub min: u8,
    pub max: u8,
    pub guards: Vec<CGuard>,
    /// The piece's preferred rules, if this rule is a fallback.
    pub unless: Option<Vec<CRule>>,
}

/// Attacks by one player.
#[derive(Debug, Clone, Default)]
pub(crate) struct Attacks {
    pub leaps: Vec<AttackLine>,
    pub slides: Vec<AttackLine>,
    pub slow: Vec<SlowAttack>,
    pub hops: Vec<HopAttack>,
}

/// One castling wing, compiled for one player.
#[derive(Debug, Clone)]
pub(crate) struct CWing {
    pub king_from: Square,
    pub partner_from: Square,
    pub partner_to: Square,
    /// (king destination, squares that must be empty, squares that must not be attacked
    /// before the move)
    pub dests: Vec<(Square, Bitset, Vec<Square>)>,
}

/// A drop rule compiled for one player.
#[derive(Debug, Clone)]
pub(crate) struct CDrop {
    pub kind: usize,
    /// Squares it may land on.
    pub squares: Bitset,
    /// (vector id, filter): the square there must hold a piece passing the filter;
    /// a filter of None means the square must exist and be empty.
    pub requires: Vec<(u16, Option<CFilter>)>,
    /// Relocations: (vector id to the piece, step vector id, steps, sets_ep).
    pub relocations: Vec<(u16, u16, u8, bool)>,
}

/// Where a piece promotes (its zone, for one player) and to what.
pub(crate) type PromotionTable = (Bitset, Vec<usize>);

/// A variant ready to play: the rule set and the tables compiled from it.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The rule set it was compiled from.
    pub rules: RuleSet,
    /// The board.
    pub geo: Geometry,
    /// Zobrist keys.
    pub keys: Keys,
    pub(crate) vectors: Vec<Vector>,
    rays: Vec<Square>,
    ray_index: Vec<(u32, u8)>,
    /// `moves[color][kind]`
    pub(crate) moves: [Vec<Vec<CRule>>; 2],
    pub(crate) attacks: [Attacks; 2],
    /// `zones[zone][color]`
    pub(crate) zones: Vec<[Bitset; 2]>,
    /// `wings[color][wing]`
    pub(crate) wings: [Vec<CWing>; 2],
    /// Castling rights kept when a move touches a square.
    pub(crate) castle_keep: Vec<u16>,
    /// `promotion[color][kind]`: zone squares and choices.
    pub(crate) promotion: [Vec<Option<PromotionTable>>; 2],
    /// `drops[color]`
    pub(crate) drops: [Vec<CDrop>; 2],
    /// `ep_captures[color]`: (kind, vector from the en-passant square back
    /// to the capturer, max steps) of every en-passant capture rule.
    pub(crate) ep_captures: [Vec<(usize, u16, u8)>; 2],
    /// `overlaps[color][kind]`: the squares from which two rules of the
    /// piece could produce the same move (generation then lists it once).
    pub(crate) overlaps: [Vec<Bitset>; 2],
    pub(crate) royal: Vec<bool>,
    pub(crate) resets_clock: Vec<bool>,
    /// Every capturing rule is a plain step, leap, slide or hop (no guards,
    /// no fallback), so only moves on lines through the royal piece can
    /// change whether it is attacked.
    pub(crate) line_legality: bool,
}

impl Variant {
    /// Compile a validated rule set.
    pub fn new(rules: RuleSet) -> Result<Variant, CompileError> {
        if rules.pieces.len() > MAX_KINDS {
            return Err(CompileError::TooManyPieces(rules.pieces.len()));
        }
        let cells = rules.board.files as usize * rules.board.ranks as usize;
        if cells > 256 {
            return Err(CompileError::BoardTooLarge(cells));
        }
        if let Some(c) = &rules.castling
            && c.sides.len() > 8
        {
            return Err(CompileError::TooManyCastlingSides(c.sides.len()));
        }
        let geo = Geometry::new(&rules.board);
        let keys = Keys::new(1 + 2 * rules.pieces.len());
        let mut v = Variant {
            geo,
            keys,
            vectors: Vec::new(),
            rays: Vec::new(),
            ray_index: Vec::new(),
            moves: [Vec::new(), Vec::new()],
            attacks: [Attacks::default(), Attacks::default()],
            zones: Vec::new(),
            wings: [Vec::new(), Vec::new()],
            castle_keep: vec![u16::MAX; 256],
            promotion: [Vec::new(), Vec::new()],
            drops: [Vec::new(), Vec::new()],
            ep_captures: [Vec::new(), Vec::new()],
            overlaps: [Vec::new(), Vec::new()],
            royal: rules.pieces.iter().map(|p| p.royal).collect(),
            resets_clock: rules.pieces.iter().map(|p| p.resets_clock).collect(),
            line_legality: true,
            rules,
        };
        v.compile_zones();
        for color in 0..2 {
            let frame = v.rules.players[color].frame;
            let mut per_kind = Vec::new();
            for kind in 0..v.rules.pieces.len() {
                let rules = v.rules.pieces[kind].moves.clone();
                let compiled = v.compile_rules(&rules, frame);
                per_kind.push(compiled);
            }
            v.moves[color] = per_kind;
            v.promotion[color] = v
                .rules
                .pieces
                .iter()
                .map(|p| {
                    p.promotion
                        .as_ref()
                        .map(|pr| (v.zones[pr.zone][color], pr.to.clone()))
                })
                .collect();
        }
        v.compile_drops();
        v.build_rays();
        v.overlaps = v.compile_overlaps();
        for color in 0..2 {
            v.attacks[color] = v.compile_attacks(color);
            let mut eps = Vec::new();
            for kind in 0..v.rules.pieces.len() {
                visit_all(&v.moves[color][kind], &mut |r| {
                    if let CRule::Ride {
                        vid,
                        max,
                        to: Target::EnPassant,
                        ..
                    } = r
                    {
                        eps.push((kind, v.neg(*vid), *max));
                    }
                });
            }
            v.ep_captures[color] = eps;
        }
        v.line_legality = v.attacks.iter().all(|a| {
            a.slow.is_empty()
                && a.hops
                    .iter()
                    .all(|h| h.guards.is_empty() && h.unless.is_none())
        });
        v.compile_castling();
        Ok(v)
    }

    fn compile_zones(&mut self) {
        let zones = self
            .rules
            .zones
            .iter()
            .map(|z| {
                let mut sets = [Bitset::EMPTY; 2];
                for (c, set) in sets.iter_mut().enumerate() {
                    for &coord in &z.squares[c] {
                        set.set(self.geo.square(coord));
                    }
                }
                sets
            })
            .collect();
        self.zones = zones;
    }

    /// The id of an absolute vector, adding it (and its negation) if new.
    fn vector_id(&mut self, v: Vector) -> u16 {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return i as u16;
        }
        self.vectors.push(v);
        let id = self.vectors.len() - 1;
        let neg = (-v.0, -v.1);
        if !self.vectors.contains(&neg) {
            self.vectors.push(neg);
        }
        id as u16
    }

    fn compile_rules(&mut self, rules: &[MoveRule], frame: crate::ir::Frame) -> Vec<CRule> {
        let mut out = Vec::new();
        for r in rules {
            match r {
                MoveRule::Ride(ride) => {
                    let vid = self.vector_id(frame.apply(ride.vector));
                    let guards = self.compile_guards(&ride.guards, frame);
                    out.push(CRule::Ride {
                        vid,
                        min: ride.min.max(1),
                        max: ride.max,
                        to: ride.to,
                        guards,
                        sets_ep: ride.effects.contains(&Effect::SetsEnPassant),
                    });
                }
                MoveRule::Hop(hop) => {
                    let vid = self.vector_id(frame.apply(hop.vector));
                    let guards = self.compile_guards(&hop.guards, frame);
                    let kinds = hop.screen.pieces.iter().fold(0u32, |m, &k| m | 1 << k);
                    out.push(CRule::Hop {
                        vid,
                        screen: CFilter {
                            owner: hop.screen.owner,
                            kinds,
                            negate: hop.screen.negate,
                        },
                        shape: hop.shape,
                        to: hop.to,
                        guards,
                    });
                }
                MoveRule::Prefer { first, fallback } => {
                    let first = self.compile_rules(first, frame);
                    let fallback = self.compile_rules(fallback, frame);
                    out.push(CRule::Prefer { first, fallback });
                }
            }
        }
        out
    }

    fn compile_drops(&mut self) {
        let defs = self.rules.drops.clone();
        for color in 0..2 {
            let frame = self.rules.players[color].frame;
            let mut out = Vec::new();
            for d in &defs {
                let squares = match d.zone {
                    Some(z) => self.zones[z][color],
                    None => self.geo.valid,
                };
                let requires = d
                    .requires
                    .iter()
                    .map(|r| match r {
                        Requirement::Piece(v, f) => (
                            self.vector_id(frame.apply(*v)),
                            Some(CFilter {
                                owner: f.owner,
                                kinds: f.pieces.iter().fold(0u32, |m, &k| m | 1 << k),
                                negate: f.negate,
                            }),
                        ),
                        Requirement::Empty(v) => (self.vector_id(frame.apply(*v)), None),
                    })
                    .collect();
                let relocations = d
                    .effects
                    .iter()
                    .map(|e| match *e {
                        DropEffect::Relocate {
                            at,
                            by,
                            steps,
                            sets_ep,
                        } => (
                            self.vector_id(frame.apply(at)),
                            self.vector_id(frame.apply(by)),
                            steps.max(1),
                            sets_ep,
                        ),
                    })
                    .collect();
                out.push(CDrop {
                    kind: d.piece,
                    squares,
                    requires,
                    relocations,
                });
            }
            self.drops[color] = out;
        }
    }

    fn compile_guards(&mut self, guards: &[Guard], frame: crate::ir::Frame) -> Vec<CGuard> {
        guards
            .iter()
            .map(|g| match *g {
                Guard::FromIn(z) => CGuard::FromIn(z),
                Guard::FromNotIn(z) => CGuard::FromNotIn(z),
                Guard::Occupied(v) => CGuard::Occupied(self.vector_id(frame.apply(v))),
                Guard::Empty(v) => CGuard::Empty(self.vector_id(frame.apply(v))),
            })
            .collect()
    }

    fn build_rays(&mut self) {
        let cells = self.geo.cells();
        self.ray_index = vec![(0, 0); self.vectors.len() * cells];
        for vid in 0..self.vectors.len() {
            let v = self.vectors[vid];
            for sq in 0..cells {
                let start = self.rays.len() as u32;
                let mut len = 0u8;
                if self.geo.is_valid(sq as u8) {
                    let mut cur = sq as u8;
                    while let Some(next) = self.geo.offset(cur, v) {
                        self.rays.push(next);
                        len += 1;
                        cur = next;
                    }
                }
                self.ray_index[vid * cells + sq] = (start, len);
            }
        }
    }

    /// The squares from `sq` along vector `vid`, nearest first, up to the edge or a hole.
    #[inline(always)]
    pub(crate) fn ray(&self, vid: u16, sq: Square) -> &[Square] {
        let (start, len) = self.ray_index[vid as usize * self.geo.cells() + sq as usize];
        &self.rays[start as usize..start as usize + len as usize]
    }

    /// The squares a rider with step `vid` may visit from `sq`: the ray, cut
    /// to `max` steps (0: unbounded).
    #[inline(always)]
    pub(crate) fn ride_ray(&self, vid: u16, sq: Square, max: u8) -> &[Square] {
        let ray = self.ray(vid, sq);
        if max == 0 {
            ray
        } else {
            &ray[..ray.len().min(max as usize)]
        }
    }

    /// The id of the negation of vector `vid`.
    pub(crate) fn neg_of(&self, vid: u16) -> u16 {
        self.neg(vid)
    }

    /// The id of the negation of vector `vid`.
    fn neg(&self, vid: u16) -> u16 {
        let (x, y) = self.vectors[vid as usize];
        self.vectors
            .iter()
            .position(|&w| w == (-x, -y))
            .unwrap_or(0) as u16
    }

    fn compile_attacks(&self, color: usize) -> Attacks {
        let mut a = Attacks::default();
        for kind in 0..self.rules.pieces.len() {
            let rules = self.moves[color][kind].clone();
            self.collect_attacks(&mut a, kind, &rules, None);
        }
        a
    }

    fn collect_attacks(
        &self,
        a: &mut Attacks,
        kind: usize,
        rules: &[CRule],
        unless: Option<&Vec<CRule>>,
    ) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to,
                    guards,
                    ..
                } => {
                    if !matches!(to, Target::Enemy | Target::NotFriend) {
                        continue;
                    }
                    let rev = self.neg(*vid);
                    let plain = guards.is_empty() && unless.is_none() && *min == 1;
                    let list = match (plain, *max) {
                        (true, 1) => Some(&mut a.leaps),
                        (true, 0) => Some(&mut a.slides),
                        _ => None,
                    };
                    match list {
                        Some(list) => match list.iter_mut().find(|l| l.rev == rev) {
                            Some(l) => l.mask |= 1 << kind,
                            None => list.push(AttackLine {
                                rev,
                                mask: 1 << kind,
                            }),
                        },
                        None => a.slow.push(SlowAttack {
                            kind,
                            rev,
                            min: *min,
                            max: *max,
                            guards: guards.clone(),
                            unless: unless.cloned(),
                        }),
                    }
                }
                CRule::Hop {
                    vid,
                    screen,
                    shape,
                    to,
                    guards,
                } => {
                    if matches!(to, Target::Enemy | Target::NotFriend) {
                        a.hops.push(HopAttack {
                            kind,
                            rev: self.neg(*vid),
                            screen: *screen,
                            shape: *shape,
                            guards: guards.clone(),
                            unless: unless.cloned(),
                        });
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.collect_attacks(a, kind, first, unless);
                    self.collect_attacks(a, kind, fallback, Some(first));
                }
            }
        }
    }

    fn compile_castling(&mut self) {
        let Some(c) = self.rules.castling.clone() else {
            return;
        };
        for color in 0..2 {
            for (w, side) in c.sides.iter().enumerate() {
                let kf = self.geo.square(side.king_from[color]);
                let pf = self.geo.square(side.partner_from[color]);
                let pt = self.geo.square(side.partner_to[color]);
                let mut dests = Vec::new();
                for &kt_coord in &side.king_to[color] {
                    let kt = self.geo.square(kt_coord);
                    let mut empty = Bitset::EMPTY;
                    for sq in self
                        .between_inclusive(kf, kt)
                        .into_iter()
                        .chain(self.between_inclusive(pf, pt))
                    {
                        if sq != kf && sq != pf {
                            empty.set(sq);
                        }
                    }
                    let mut safe: Vec<Square> = self.between_inclusive(kf, kt);
                    safe.retain(|&s| s != kt);
                    dests.push((kt, empty, safe));
                }
                let bit = color * 8 + w;
                self.castle_keep[kf as usize] &= !(1 << bit);
                self.castle_keep[pf as usize] &= !(1 << bit);
                self.wings[color].push(CWing {
                    king_from: kf,
                    partner_from: pf,
                    partner_to: pt,
                    dests,
                });
            }
        }
    }

    /// Squares on the straight rank/file/diagonal segment from a to b, both included.
    fn between_inclusive(&self, a: Square, b: Square) -> Vec<Square> {
        let (af, ar) = self.geo.coord(a);
        let (bf, br) = self.geo.coord(b);
        let df = (bf as i32 - af as i32).signum();
        let dr = (br as i32 - ar as i32).signum();
        let mut out = vec![a];
        let (mut f, mut r) = (af as i32, ar as i32);
        // Only straight lines (the lowering checks castling squares share a rank).
        let straight =
            af == bf || ar == br || (af as i32 - bf as i32).abs() == (ar as i32 - br as i32).abs();
        if !straight {
            out.push(b);
            return out;
        }
        while (f, r) != (bf as i32, br as i32) {
            f += df;
            r += dr;
            out.push(self.geo.square((f as u8, r as u8)));
        }
        out
    }

    /// The start position (before any option is applied).
    pub fn start_position(&self) -> Position {
        let mut pos = Position::empty();
        for &(color, kind, coord) in &self.rules.setup.placements {
            let sq = self.geo.square(coord);
            pos.put(sq, Piece::new(kind, color), self.royal[kind], &self.keys);
        }
        for &(color, kind, n) in &self.rules.setup.reserves {
            pos.reserve[color][kind] = pos.reserve[color][kind].saturating_add(n);
        }
        // Every castling wing whose pieces stand on their squares.
        for color in 0..2 {
            for w in 0..self.wings[color].len() {
                if self.castling_pieces_in_place(&pos, color, w) {
                    pos.castling |= 1 << (color * 8 + w);
                }
            }
        }
        pos.hash = pos.compute_hash(&self.keys);
        pos
    }

    /// Do the castling king and partner of `wing` stand on their start squares?
    pub fn castling_pieces_in_place(&self, pos: &Position, color: usize, wing: usize) -> bool {
        let Some(c) = &self.rules.castling else {
            return false;
        };
        let Some(w) = self.wings[color].get(wing) else {
            return false;
        };
        pos.board[w.king_from as usize] == Piece::new(c.king, color)
            && pos.board[w.partner_from as usize] == Piece::new(c.partner, color)
    }

    /// The piece type a drop move places (drop rules are the same list for both players).
    pub fn drop_piece(&self, m: super::Move) -> usize {
        self.drops[0].get(m.data as usize).map_or(0, |d| d.kind)
    }

    /// Number of castling wings per player.
    pub fn wing_count(&self) -> usize {
        self.wings[0].len()
    }

    /// The piece types' letters, upper case.
    pub fn letter(&self, kind: usize) -> char {
        self.rules.pieces[kind].letter
    }

    /// The piece type with this letter (either case).
    pub fn kind_of_letter(&self, c: char) -> Option<usize> {
        let up = c.to_ascii_uppercase();
        self.rules.pieces.iter().position(|p| p.letter == up)
    }

    /// Does this piece type promote (for this player)?
    #[inline]
    pub fn promotes(&self, color: usize, kind: usize) -> bool {
        self.promotion[color][kind].is_some()
    }

    /// Is this piece type royal?
    pub fn is_royal(&self, kind: usize) -> bool {
        self.royal[kind]
    }
}

impl Variant {
    /// The piece an en-passant capture on `ep` would take: the opponent's piece
    /// whose en-passant-setting move just passed over `ep` (the square right
    /// behind it), found by reading the rules backwards.
    pub fn ep_victim(&self, pos: &Position, ep: Square) -> Option<Square> {
        let them = 1 - pos.side;
        for (kind, rules) in self.moves[them].iter().enumerate() {
            let mut found = None;
            visit_rides(rules, &mut |vid, min, max, sets_ep| {
                if !sets_ep || found.is_some() {
                    return;
                }
                let Some(&victim) = self.ray(vid, ep).first() else {
                    return;
                };
                if pos.board[victim as usize] != Piece::new(kind, them) {
                    return;
                }
                let back = self.ray(self.neg(vid), victim);
                let longest = if max == 0 {
                    back.len()
                } else {
                    back.len().min(max as usize)
                };
                for n in (min.max(2) as usize)..=longest {
                    if back[..n].iter().all(|&s| pos.board[s as usize].is_none()) {
                        found = Some(victim);
                        return;
                    }
                }
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// Call `f` on every rule in `rules`, the insides of `prefer` included.
fn visit_all(rules: &[CRule], f: &mut impl FnMut(&CRule)) {
    for r in rules {
        f(r);
        if let CRule::Prefer { first, fallback } = r {
            visit_all(first, f);
            visit_all(fallback, f);
        }
    }
}

/// Call `f(vid, min, max, sets_ep)` for every ride in `rules`, fallbacks included.
fn visit_rides(rules: &[CRule], f: &mut impl FnMut(u16, u8, u8, bool)) {
    for r in rules {
        match r {
            CRule::Ride {
                vid,
                min,
                max,
                sets_ep,
                ..
            } => f(*vid, *min, *max, *sets_ep),
            CRule::Hop { .. } => {}
            CRule::Prefer { first, fallback } => {
                visit_rides(first, f);
                visit_rides(fallback, f);
            }
        }
    }
}

impl Variant {
    /// How many squares a piece of `kind` and `color` on `sq` could reach on
    /// an otherwise empty board (hops count their whole line: potential).
    pub fn empty_board_mobility(&self, color: usize, kind: usize, sq: Square) -> u32 {
        if !self.geo.is_valid(sq) {
            return 0;
        }
        let mut seen = Bitset::EMPTY;
        self.mark_reach(&self.moves[color][kind], sq, &mut seen);
        seen.count()
    }

    fn mark_reach(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid, min, max, to, ..
                } => {
                    if *to == Target::EnPassant {
                        continue;
                    }
                    for &t in self.ride_ray(*vid, sq, *max).iter().skip(*min as usize - 1) {
                        seen.set(t);
                    }
                }
                CRule::Hop { vid, .. } => {
                    for &t in self.ray(*vid, sq).iter().skip(1) {
                        seen.set(t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.mark_reach(first, sq, seen);
                    self.mark_reach(fallback, sq, seen);
                }
            }
        }
    }

    /// For a piece that promotes: the value gained by the best promotion, and
    /// per square the fewest non-capturing moves to the promotion zone on an
    /// empty board (-1 where it cannot get there).
    pub fn promotion_info(&self, color: usize, kind: usize) -> Option<(i32, Vec<i32>)> {
        let (zone, choices) = self.promotion[color][kind].as_ref()?;
        let value = |k: usize| self.rules.pieces[k].value;
        let gain = choices.iter().map(|&k| value(k)).max().unwrap_or(0) - value(kind);
        let cells = self.geo.cells();
        // Backwards breadth-first search from the zone over quiet single moves.
        let mut dist = vec![-1i32; cells];
        let mut frontier: Vec<Square> = zone.iter().collect();
        for &s in &frontier {
            dist[s as usize] = 0;
        }
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for from in 0..cells as u16 {
                let from = from as Square;
                if dist[from as usize] >= 0 || !self.geo.is_valid(from) {
                    continue;
                }
                let mut reach = Bitset::EMPTY;
                self.mark_quiet_reach(&self.moves[color][kind], from, &mut reach);
                if frontier.iter().any(|&t| reach.has(t)) {
                    dist[from as usize] = d;
                    next.push(from);
                }
            }
            frontier = next;
        }
        Some((gain, dist))
    }

    /// For a piece that promotes, standing on `sq`: the squares it lands on
    /// or passes over along every shortest run of non-capturing moves to
    /// the promotion zone on an empty board (`dist` from [`Self::promotion_info`]).
    pub fn promotion_path(&self, color: usize, kind: usize, sq: Square, dist: &[i32]) -> Bitset {
        let mut path = Bitset::EMPTY;
        let mut frontier = vec![sq];
        while let Some(from) = frontier.pop() {
            let d = dist[from as usize];
            if d <= 0 {
                continue;
            }
            self.quiet_runs(&self.moves[color][kind], from, &mut |ray, landing| {
                if dist[landing as usize] == d - 1 {
                    for &t in ray {
                        path.set(t);
                        if t == landing {
                            break;
                        }
                    }
                    frontier.push(landing);
                }
            });
        }
        path
    }

    /// Every non-capturing landing of `rules` from `sq` on an empty board,
    /// with the ray that leads to it.
    fn quiet_runs(&self, rules: &[CRule], sq: Square, f: &mut impl FnMut(&[Square], Square)) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to: Target::Empty | Target::NotFriend,
                    guards,
                    ..
                } if guards.iter().all(|g| !matches!(g, CGuard::Occupied(_))) => {
                    let ray = self.ride_ray(*vid, sq, *max);
                    for &t in ray.iter().skip(*min as usize - 1) {
                        f(ray, t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.quiet_runs(first, sq, f);
                    self.quiet_runs(fallback, sq, f);
                }
                _ => {}
            }
        }
    }

    /// The squares a piece of `kind` and `color` on `sq` could capture on,
    /// on an otherwise empty board (hops need a screen: none).
    pub fn empty_board_attacks(&self, color: usize, kind: usize, sq: Square) -> Bitset {
        let mut seen = Bitset::EMPTY;
        self.mark_attacks(&self.moves[color][kind], sq, &mut seen);
        seen
    }

    fn mark_attacks(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        for r in rules {
            match r {
                CRule::Ride {
                    vid,
                    min,
                    max,
                    to: Target::Enemy | Target::NotFriend,
                    ..
                } => {
                    for &t in self.ride_ray(*vid, sq, *max).iter().skip(*min as usize - 1) {
                        seen.set(t);
                    }
                }
                CRule::Prefer { first, fallback } => {
                    self.mark_attacks(first, sq, seen);
                    self.mark_attacks(fallback, sq, seen);
                }
                _ => {}
            }
        }
    }

    fn mark_quiet_reach(&self, rules: &[CRule], sq: Square, seen: &mut Bitset) {
        self.quiet_runs(rules, sq, &mut |_, t| seen.set(t));
    }

    /// Could a piece of `kind` in `color`'s reserve still be dropped some
    /// time: is there a drop rule for it with a square whose requirements on
    /// other pieces are met now? (Emptiness is not asked: squares free up.)
    pub fn can_still_drop(&self, pos: &Position, color: usize, kind: usize) -> bool {
        self.drops[color]
            .iter()
            .filter(|d| d.kind == kind)
            .any(|d| {
                d.squares.iter().any(|to| {
                    d.requires.iter().all(|&(vid, filter)| match filter {
                        Some(f) => self.ray(vid, to).first().is_some_and(|&s| {
                            let p = pos.board[s as usize];
                            !p.is_none() && f.accepts(p, color)
                        }),
                        None => true,
                    })
                })
            })
    }
}
