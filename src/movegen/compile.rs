//! Compile a [`RuleSet`] into the tables of `tables.rs`: vectors and rays,
//! move, drop and guard rules per player, attack patterns, castling wings,
//! promotion zones, and the overlaps that could yield one move twice.

use crate::board::zobrist::Keys;
use crate::board::{
    Bitset, CastlingRights, Color, Geometry, Kind, MAX_KINDS, MAX_WINGS, Piece, Square,
};
use crate::ir::{DropEffect, Effect, Guard, MoveRule, Requirement, RuleSet, Target, Vector};

use super::tables::*;

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
            && c.sides.len() > MAX_WINGS
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
            castle_keep: vec![CastlingRights::ALL; 256],
            promotion: [Vec::new(), Vec::new()],
            drops: [Vec::new(), Vec::new()],
            ep_captures: [Vec::new(), Vec::new()],
            overlaps: [Vec::new(), Vec::new()],
            royal: rules.pieces.iter().map(|p| p.royal).collect(),
            resets_clock: rules.pieces.iter().map(|p| p.resets_clock).collect(),
            line_legality: true,
            goals: Default::default(),
            extinct: rules
                .end
                .extinct
                .iter()
                .map(|e| (e.pieces.iter().fold(0u32, |m, &k| m | 1 << k), e.outcome))
                .collect(),
            bare: rules
                .end
                .bare
                .iter()
                .map(|e| (e.pieces.iter().fold(0u32, |m, &k| m | 1 << k), e.outcome))
                .collect(),
            counting: rules
                .end
                .counting
                .as_ref()
                .map(|(c, o)| super::counting::CCounting::new(c, *o)),
            explosion: None,
            ep_always: [false; 2],
            hand: super::hand::CHand::new(&rules),
            gating: None,
            plain: Default::default(),
            lines: None,
            reach: Default::default(),
            weights: Default::default(),
            rules,
        };
        v.compile_zones();
        v.gating = super::gating::CGating::new(&v.rules, &v.geo);
        for color in Color::ALL {
            let frame = v.rules.players[color].frame;
            let mut per_kind = Vec::new();
            for kind in 0..v.rules.pieces.len() {
                let rules = v.rules.pieces[kind].moves.clone();
                let compiled = v.compile_rules(&rules, frame);
                per_kind.push(compiled);
            }
            v.moves[color] = per_kind;
        }
        v.compile_drops();
        v.goals = v.compile_goals();
        v.explosion = v.compile_explosion();
        // A player left without a royal piece has lost: an end checked at every node.
        v.goals.ends |= v.explosion.is_some();
        v.build_rays();
        for color in 0..2 {
            v.promotion[color] = (0..v.rules.pieces.len())
                .map(|kind| v.compile_promotion(color, kind))
                .collect();
        }
        for color in Color::ALL {
            for kind in Kind::first(v.rules.pieces.len()) {
                if v.promotes(color, kind) {
                    let code = Piece::new(kind, color).0 as usize * 256;
                    let (pawn, piece) = (&mut v.keys.pawn, &v.keys.piece);
                    pawn[code..code + 256].copy_from_slice(&piece[code..code + 256]);
                }
            }
        }
        v.overlaps = v.compile_overlaps();
        for color in Color::ALL {
            v.attacks[color] = v.compile_attacks(color);
            let mut eps = Vec::new();
            for kind in Kind::first(v.rules.pieces.len()) {
                visit_all(&v.moves[color][kind], &mut |r| {
                    if let CRule::Ride {
                        vid,
                        max,
                        to: Target::EnPassant,
                        ..
                    } = r
                    {
                        eps.push(EpCapture {
                            kind,
                            back: v.neg(*vid),
                            max: *max,
                        });
                    }
                });
            }
            v.ep_captures[color] = eps;
            let mut ep_vectors = Vec::new();
            for rules in &v.moves[color] {
                super::tables::visit_rides(rules, &mut |vid, _, _, sets_ep| {
                    if sets_ep && !ep_vectors.contains(&vid) {
                        ep_vectors.push(vid);
                    }
                });
            }
            v.ep_always[color] = ep_vectors.len() > 1;
        }
        v.line_legality = v.attacks.iter().all(|a| {
            a.slow.is_empty()
                && a.hops
                    .iter()
                    .all(|h| h.guards.is_empty() && h.unless.is_none())
        });
        v.compile_castling();
        v.plain = super::plain::Plain::new(&v);
        v.plain.sets = super::sets::SetTables::new(&v);
        v.lines = super::lines::Lines::new(&v);
        v.reach = super::reach::Reach::new(&v);
        Ok(v)
    }

    /// The promotion table of `kind` for `color` (after its moves are compiled:
    /// `optional` asks where the piece could still move).
    fn compile_promotion(&self, color: usize, kind: usize) -> Option<PromotionTable> {
        let pr = self.rules.pieces[kind].promotion.as_ref()?;
        let zone = self.zones[pr.zone][color];
        let mut stay = Bitset::EMPTY;
        if pr.optional {
            // A move leaving the zone may end anywhere.
            let ends = if pr.leaving { self.geo.valid } else { zone };
            for s in ends.iter() {
                if self.empty_board_mobility(Color::from_bit(color), Kind::new(kind), s) > 0 {
                    stay.set(s);
                }
            }
        }
        let limit = pr.captured.then(|| {
            let mut limit = [0u8; MAX_KINDS];
            for &(c, k, _) in &self.rules.setup.placements {
                if c == color && k < MAX_KINDS {
                    limit[k] = limit[k].saturating_add(1);
                }
            }
            limit
        });
        Some(PromotionTable {
            zone,
            choices: pr.to.clone(),
            stay,
            limit,
            leaving: pr.leaving,
        })
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
    pub(super) fn vector_id(&mut self, v: Vector) -> Vid {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return Vid::new(i);
        }
        self.vectors.push(v);
        let id = self.vectors.len() - 1;
        let neg = (-v.0, -v.1);
        if !self.vectors.contains(&neg) {
            self.vectors.push(neg);
        }
        Vid::new(id)
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
                    out.push(CRule::Hop(CHop {
                        vid,
                        screen: CFilter {
                            owner: hop.screen.owner,
                            kinds,
                            negate: hop.screen.negate,
                        },
                        shape: hop.shape,
                        to: hop.to,
                        guards,
                    }));
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
        for color in Color::ALL {
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
                        Requirement::Piece(v, f) => DropNeed {
                            at: self.vector_id(frame.apply(*v)),
                            filter: Some(CFilter {
                                owner: f.owner,
                                kinds: f.pieces.iter().fold(0u32, |m, &k| m | 1 << k),
                                negate: f.negate,
                            }),
                        },
                        Requirement::Empty(v) => DropNeed {
                            at: self.vector_id(frame.apply(*v)),
                            filter: None,
                        },
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
                        } => Relocation {
                            at: self.vector_id(frame.apply(at)),
                            by: self.vector_id(frame.apply(by)),
                            steps: steps.max(1),
                            sets_ep,
                        },
                    })
                    .collect();
                out.push(CDrop {
                    kind: Kind::new(d.piece),
                    squares,
                    requires,
                    per_file: d.per_file,
                    relocations,
                });
            }
            self.drops[color] = out;
        }
    }

    fn compile_guards(&mut self, guards: &[Guard], frame: crate::ir::Frame) -> Vec<CGuard> {
        guards
            .iter()
            .map(|g| match g {
                Guard::FromIn(z) => CGuard::FromIn(*z),
                Guard::FromNotIn(z) => CGuard::FromNotIn(*z),
                Guard::Occupied(v) => CGuard::Occupied(self.vector_id(frame.apply(*v))),
                Guard::Empty(v) => CGuard::Empty(self.vector_id(frame.apply(*v))),
                Guard::Within(z) => CGuard::Within(*z),
                Guard::Captures(f) => CGuard::Captures(CFilter {
                    owner: f.owner,
                    kinds: f.pieces.iter().fold(0u32, |m, &k| m | 1 << k),
                    negate: f.negate,
                }),
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

    fn compile_attacks(&self, color: Color) -> Attacks {
        let mut a = Attacks::default();
        for kind in Kind::first(self.rules.pieces.len()) {
            let rules = self.moves[color][kind].clone();
            self.collect_attacks(&mut a, kind, &rules, None);
        }
        a
    }

    fn collect_attacks(
        &self,
        a: &mut Attacks,
        kind: Kind,
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
                            Some(l) => l.mask |= 1 << kind.index(),
                            None => list.push(AttackLine {
                                rev,
                                mask: 1 << kind.index(),
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
                CRule::Hop(CHop {
                    vid,
                    screen,
                    shape,
                    to,
                    guards,
                }) => {
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
        for color in Color::ALL {
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
                    // A piece that is not royal castles through attacked squares.
                    if !self.royal[c.king] {
                        safe.clear();
                    }
                    dests.push(CastleDest {
                        king_to: kt,
                        empty,
                        safe,
                    });
                }
                self.castle_keep[kf as usize].revoke(color, w);
                self.castle_keep[pf as usize].revoke(color, w);
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
}
