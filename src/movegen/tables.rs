//! The compiled tables the interpreter runs on: the [`Variant`] and the
//! per-rule, per-square structures that generation, attack tests and make
//! read, with the queries over them the rest of the crate uses. Built by
//! `compile.rs`; the evaluation's empty-board analysis is in `analysis.rs`.

use crate::board::zobrist::Keys;
use crate::board::{
    Bitset, CastlingRights, Color, Geometry, Kind, MAX_KINDS, MAX_WINGS, Piece, Position, Square,
};
use crate::ir::{HopShape, Outcome, Owner, RuleSet, Target, Vector};

/// Why a rule set could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// More piece types than the interpreter supports.
    #[error("too many piece types: {0} (at most {MAX_KINDS})")]
    TooManyPieces(usize),
    /// More castling wings than the interpreter supports.
    #[error("too many castling sides: {0} (at most {MAX_WINGS})")]
    TooManyCastlingSides(usize),
    /// The board is larger than 256 squares.
    #[error("board too large: {0} squares (at most 256)")]
    BoardTooLarge(usize),
}

/// A vector id: the index of a vector (a step) in the variant's table of
/// vectors, which the rays are indexed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Vid(pub u16);

impl Vid {
    /// The id of the vector at `index`.
    #[inline(always)]
    pub fn new(index: usize) -> Vid {
        Vid(index as u16)
    }

    /// Its index in the table of vectors.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A compiled guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CGuard {
    FromIn(usize),
    FromNotIn(usize),
    Occupied(Vid),
    Empty(Vid),
    /// The start, the squares passed and the landing square are in the zone.
    Within(usize),
    /// A capture only of a piece that passes the filter.
    Captures(CFilter),
}

/// What a rule's guards say about the squares it passes and lands on:
/// the zone it stays within, and the pieces it may capture.
#[derive(Clone, Copy, Default)]
pub(crate) struct PathLimits<'a> {
    pub within: Option<&'a Bitset>,
    pub captures: Option<CFilter>,
}

impl PathLimits<'_> {
    /// May the move pass or land on `sq`?
    #[inline(always)]
    pub fn inside(&self, sq: Square) -> bool {
        self.within.is_none_or(|z| z.has(sq))
    }

    /// May it capture `p` (a piece of the opponent of `color`)?
    #[inline(always)]
    pub fn takes(&self, p: Piece, color: Color) -> bool {
        self.captures.is_none_or(|f| f.accepts(p, color))
    }
}

/// A compiled movement rule for one player.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CRule {
    Ride {
        vid: Vid,
        min: u8,
        /// 0 = unbounded
        max: u8,
        to: Target,
        guards: Vec<CGuard>,
        sets_ep: bool,
    },
    Hop(CHop),
    Prefer {
        first: Vec<CRule>,
        fallback: Vec<CRule>,
    },
}

/// A compiled hop: along vector `vid` to the first piece, which must pass
/// `screen`, then landing beyond it by `shape`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CHop {
    pub vid: Vid,
    pub screen: CFilter,
    pub shape: HopShape,
    pub to: Target,
    pub guards: Vec<CGuard>,
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
    pub fn accepts(&self, p: Piece, color: Color) -> bool {
        let owner_ok = match self.owner {
            None => true,
            Some(Owner::Friend) => p.color() == color,
            Some(Owner::Enemy) => p.color() != color,
        };
        let kind_ok = self.kinds == 0 || self.kinds >> p.kind().index() & 1 != 0;
        (owner_ok && kind_ok) != self.negate
    }
}

/// A capturing hop, read backwards from the attacked square.
#[derive(Debug, Clone)]
pub(crate) struct HopAttack {
    pub kind: Kind,
    pub rev: Vid,
    pub screen: CFilter,
    pub shape: HopShape,
    pub guards: Vec<CGuard>,
    pub unless: Option<Vec<CRule>>,
}

/// An attack pattern: pieces in `mask` attack along vector `vid` (from the
/// attacked square back towards the attacker, `rev`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttackLine {
    pub rev: Vid,
    pub mask: u32,
}

/// A capturing rule that needs the general (slow) attack test.
#[derive(Debug, Clone)]
pub(crate) struct SlowAttack {
    pub kind: Kind,
    pub rev: Vid,
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
    /// Where the royal piece may go, each with its conditions.
    pub dests: Vec<CastleDest>,
}

/// One destination of a castling wing.
#[derive(Debug, Clone)]
pub(crate) struct CastleDest {
    /// The royal piece's destination.
    pub king_to: Square,
    /// Squares that must be empty.
    pub empty: Bitset,
    /// Squares that must not be attacked before the move (its start and
    /// the squares it passes over).
    pub safe: Vec<Square>,
}

/// A drop rule compiled for one player.
#[derive(Debug, Clone)]
pub(crate) struct CDrop {
    pub kind: Kind,
    /// Squares it may land on.
    pub squares: Bitset,
    /// What the squares around the drop square must hold.
    pub requires: Vec<DropNeed>,
    /// `max N per file`: not on a file where N of the mover's pieces of
    /// this kind stand.
    pub per_file: Option<u8>,
    /// Pieces the drop pushes along.
    pub relocations: Vec<Relocation>,
}

/// A drop's requirement on one square near the drop square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DropNeed {
    /// The vector from the drop square to the square.
    pub at: Vid,
    /// The square must hold a piece passing this filter; None: the square
    /// must exist and be empty.
    pub filter: Option<CFilter>,
}

/// A piece a drop pushes: the one at vector `at` from the drop square moves
/// `steps` steps of vector `by`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Relocation {
    pub at: Vid,
    pub by: Vid,
    pub steps: u8,
    /// A push of two or more steps sets the en-passant square.
    pub sets_ep: bool,
}

/// An en-passant capture rule of one player, read backwards: a piece of
/// `kind` captures en passant from up to `max` steps (0: unbounded) of
/// vector `back` from the en-passant square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EpCapture {
    pub kind: Kind,
    pub back: Vid,
    pub max: u8,
}

/// Where a piece promotes (its zone, for one player) and to what.
#[derive(Debug, Clone)]
pub(crate) struct PromotionTable {
    /// The zone's squares for this player.
    pub zone: Bitset,
    /// The choices, in file order.
    pub choices: Vec<usize>,
    /// The zone squares where the unpromoted move is legal too (`optional`,
    /// where the piece could still move; empty otherwise).
    pub stay: Bitset,
    /// `captured`: per piece type, how many the setup places for this player;
    /// a choice is offered only while the player has fewer on the board.
    pub limit: Option<[u8; MAX_KINDS]>,
    /// `in or from`: a move that starts in the zone promotes too.
    pub leaving: bool,
}

impl PromotionTable {
    /// Does a move landing here yield other than one move per choice (the
    /// unpromoted move, or a choice left out), or does a move promote by
    /// where it starts?
    #[inline(always)]
    pub fn irregular(&self) -> bool {
        self.limit.is_some() || !self.stay.is_empty() || self.leaving
    }
}

/// A variant ready to play: the rule set and the tables compiled from it.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The rule set it was compiled from.
    pub rules: RuleSet,
    /// The board.
    pub geo: Geometry,
    /// Zobrist keys.
    pub keys: Keys,
    /// The engine's evaluation weights: the defaults, or those of the
    /// `.weights` file beside the rule file (see [`crate::eval::Weights`]).
    pub weights: crate::eval::Weights,
    pub(crate) vectors: Vec<Vector>,
    pub(super) rays: Vec<Square>,
    pub(super) ray_index: Vec<(u32, u8)>,
    /// `moves[color][kind]`
    pub(crate) moves: [Vec<Vec<CRule>>; 2],
    pub(crate) attacks: [Attacks; 2],
    /// `zones[zone][color]`
    pub(crate) zones: Vec<[Bitset; 2]>,
    /// `wings[color][wing]`
    pub(crate) wings: [Vec<CWing>; 2],
    /// Castling rights kept when a move touches a square.
    pub(crate) castle_keep: Vec<CastlingRights>,
    /// `promotion[color][kind]`: zone squares and choices.
    pub(crate) promotion: [Vec<Option<PromotionTable>>; 2],
    /// `drops[color]`
    pub(crate) drops: [Vec<CDrop>; 2],
    /// `ep_captures[color]`: every en-passant capture rule,
    /// to the capturer, max steps) of every en-passant capture rule.
    pub(crate) ep_captures: [Vec<EpCapture>; 2],
    /// `overlaps[color][kind]`: the squares from which two rules of the
    /// piece could produce the same move (generation then lists it once).
    pub(crate) overlaps: [Vec<Bitset>; 2],
    pub(crate) royal: Vec<bool>,
    pub(crate) resets_clock: Vec<bool>,
    /// Every capturing rule is a plain step, leap, slide or hop (no guards,
    /// no fallback), so only moves on lines through the royal piece can
    /// change whether it is attacked.
    pub(crate) line_legality: bool,
    /// Goals (`reaches`, `checks`) and `forbid` conditions.
    pub(crate) goals: super::goals::Goals,
    /// The `extinct` rules: a mask of the piece kinds counted, and the
    /// outcome for the player who has none of them.
    pub(crate) extinct: Vec<(u32, Outcome)>,
    /// Captures that remove more (`explosion`).
    pub(crate) explosion: Option<super::explode::CExplosion>,
    /// The `bare` rules: a mask of the piece kinds that keep a player from
    /// being bare, and the outcome for the bared player.
    pub(crate) bare: Vec<(u32, Outcome)>,
    /// The `counting` rule, compiled.
    pub(crate) counting: Option<super::counting::CCounting>,
    /// `ep_always[color]`: this player's en-passant-setting rides go along
    /// more than one vector, so the square passed does not tell where the
    /// piece landed. Such a move then always records the square (capture
    /// possible or not), and FEN writes it with the piece's square, as
    /// Fairy-Stockfish does for its pawns that are not chess pawns.
    pub(crate) ep_always: [bool; 2],
    /// `captures to hand`, compiled.
    pub(crate) hand: Option<super::hand::CHand>,
    /// `gating`, compiled.
    pub(crate) gating: Option<super::gating::CGating>,
    /// The plain rides, per square (`plain.rs`).
    pub(crate) plain: super::plain::Plain,
    /// The opponent's attack lines through each square (`lines.rs`).
    pub(crate) lines: Option<super::lines::Lines>,
    /// The attack test's lists per square (`reach.rs`).
    pub(crate) reach: super::reach::Reach,
}

impl Variant {
    /// The path limits of a rule with these guards, for a mover of `color`.
    #[inline]
    pub(crate) fn path_limits(&self, guards: &[CGuard], color: Color) -> PathLimits<'_> {
        let mut l = PathLimits::default();
        for g in guards {
            match *g {
                CGuard::Within(z) => l.within = Some(&self.zones[z][color]),
                CGuard::Captures(f) => l.captures = Some(f),
                _ => {}
            }
        }
        l
    }

    /// The squares from `sq` along vector `vid`, nearest first, up to the edge or a hole.
    #[inline(always)]
    pub(crate) fn ray(&self, vid: Vid, sq: Square) -> &[Square] {
        let (start, len) = self.ray_index[vid.index() * self.geo.cells() + sq as usize];
        &self.rays[start as usize..start as usize + len as usize]
    }

    /// The squares a rider with step `vid` may visit from `sq`: the ray, cut
    /// to `max` steps (0: unbounded).
    #[inline(always)]
    pub(crate) fn ride_ray(&self, vid: Vid, sq: Square, max: u8) -> &[Square] {
        let ray = self.ray(vid, sq);
        if max == 0 {
            ray
        } else {
            &ray[..ray.len().min(max as usize)]
        }
    }

    /// The id of the negation of vector `vid`.
    pub(crate) fn neg_of(&self, vid: Vid) -> Vid {
        self.neg(vid)
    }

    /// The id of the negation of vector `vid`.
    pub(super) fn neg(&self, vid: Vid) -> Vid {
        let (x, y) = self.vectors[vid.index()];
        self.vectors
            .iter()
            .position(|&w| w == (-x, -y))
            .map_or(Vid(0), Vid::new)
    }

    /// The start position (before any option is applied).
    pub fn start_position(&self) -> Position {
        let mut pos = Position::empty();
        for &(color, kind, coord) in &self.rules.setup.placements {
            let sq = self.geo.square(coord);
            pos.put(
                sq,
                Piece::new(Kind::new(kind), Color::from_bit(color)),
                self.royal[kind],
                &self.keys,
            );
        }
        for &(color, kind, n) in &self.rules.setup.reserves {
            pos.reserve[color][kind] = pos.reserve[color][kind].saturating_add(n);
        }
        self.start_gates(&mut pos);
        // Every castling wing whose pieces stand on their squares.
        for color in Color::ALL {
            for w in 0..self.wings[color].len() {
                if self.castling_pieces_in_place(&pos, color, w) {
                    pos.castling.grant(color, w);
                }
            }
        }
        pos.hash = pos.compute_hash(&self.keys);
        pos.pawn_hash = pos.compute_pawn_hash(&self.keys);
        pos
    }

    /// Do the castling king and partner of `wing` stand on their start squares?
    pub fn castling_pieces_in_place(&self, pos: &Position, color: Color, wing: usize) -> bool {
        let Some(c) = &self.rules.castling else {
            return false;
        };
        let Some(w) = self.wings[color].get(wing) else {
            return false;
        };
        pos.board[w.king_from as usize] == Piece::new(Kind::new(c.king), color)
            && pos.board[w.partner_from as usize] == Piece::new(Kind::new(c.partner), color)
    }

    /// The piece type a drop move places (drop rules are the same list for both players).
    pub fn drop_piece(&self, m: super::Move) -> Kind {
        self.drops[0]
            .get(m.data as usize)
            .map_or(Kind::new(0), |d| d.kind)
    }

    /// Number of castling wings per player.
    pub fn wing_count(&self) -> usize {
        self.wings[0].len()
    }

    /// The piece types' letters, upper case.
    pub fn letter(&self, kind: Kind) -> char {
        self.rules.pieces[kind].letter
    }

    /// The letter of a piece type as a player's piece is written (FEN,
    /// diagrams, boards): upper case for the first player, lower for the second.
    pub fn letter_of(&self, kind: Kind, color: Color) -> char {
        let l = self.letter(kind);
        if color == Color::FIRST {
            l
        } else {
            l.to_ascii_lowercase()
        }
    }

    /// How FEN and moves write the piece type, upper case: its letter, or
    /// `+` and the letter for a `"+L"` piece.
    pub fn symbol(&self, kind: Kind) -> String {
        let p = &self.rules.pieces[kind];
        if p.plus {
            format!("+{}", p.letter)
        } else {
            p.letter.to_string()
        }
    }

    /// How FEN writes a player's piece of this type: [`Variant::symbol`] in
    /// the player's case (`+P`, `+p`).
    pub fn symbol_of(&self, kind: Kind, color: Color) -> String {
        let l = self.letter_of(kind, color);
        if self.rules.pieces[kind].plus {
            format!("+{l}")
        } else {
            l.to_string()
        }
    }

    /// The piece type with this letter (either case), not a `"+L"` one.
    pub fn kind_of_letter(&self, c: char) -> Option<Kind> {
        self.kind_of_symbol(false, c)
    }

    /// The piece type written with this letter (either case), after a `+`
    /// (`plus`) or not.
    pub fn kind_of_symbol(&self, plus: bool, c: char) -> Option<Kind> {
        let up = c.to_ascii_uppercase();
        self.rules
            .pieces
            .iter()
            .position(|p| p.letter == up && p.plus == plus)
            .map(Kind::new)
    }

    /// Does this piece type promote (for this player)?
    #[inline]
    pub fn promotes(&self, color: Color, kind: Kind) -> bool {
        self.promotion[color][kind].is_some()
    }

    /// Is this piece type royal?
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.royal[kind]
    }
}

impl Variant {
    /// The piece an en-passant capture on `ep` would take: the opponent's piece
    /// whose en-passant-setting move just passed over `ep` (the square right
    /// behind it), found by reading the rules backwards.
    pub fn ep_victim(&self, pos: &Position, ep: Square) -> Option<Square> {
        self.ep_victim_where(pos, ep, None)
    }

    /// Can the piece on `victim` have just passed over `ep`?
    pub fn ep_victim_from(&self, pos: &Position, ep: Square, victim: Square) -> bool {
        self.ep_victim_where(pos, ep, Some(victim)).is_some()
    }

    /// [`Self::ep_victim`], the victim's square given or not.
    fn ep_victim_where(&self, pos: &Position, ep: Square, only: Option<Square>) -> Option<Square> {
        let them = pos.side.other();
        for (kind, rules) in Kind::first(MAX_KINDS).zip(self.moves[them].iter()) {
            let mut found = None;
            visit_rides(rules, &mut |vid, min, max, sets_ep| {
                if !sets_ep || found.is_some() {
                    return;
                }
                let Some(&victim) = self.ray(vid, ep).first() else {
                    return;
                };
                if only.is_some_and(|o| o != victim)
                    || pos.board[victim as usize] != Piece::new(kind, them)
                {
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
pub(super) fn visit_all(rules: &[CRule], f: &mut impl FnMut(&CRule)) {
    for r in rules {
        f(r);
        if let CRule::Prefer { first, fallback } = r {
            visit_all(first, f);
            visit_all(fallback, f);
        }
    }
}

/// Call `f(vid, min, max, sets_ep)` for every ride in `rules`, fallbacks included.
pub(crate) fn visit_rides(rules: &[CRule], f: &mut impl FnMut(Vid, u8, u8, bool)) {
    for r in rules {
        match r {
            CRule::Ride {
                vid,
                min,
                max,
                sets_ep,
                ..
            } => f(*vid, *min, *max, *sets_ep),
            CRule::Hop(_) => {}
            CRule::Prefer { first, fallback } => {
                visit_rides(first, f);
                visit_rides(fallback, f);
            }
        }
    }
}
