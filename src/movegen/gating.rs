//! Gating (`gating in ZONE`): a piece from the hand entering the square a
//! piece leaves in the same move, and the per-file rights that allow it.

use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Color, Geometry, Kind, Piece, Position, Square, reserve_key};
use crate::ir::RuleSet;

/// `gating`, compiled.
#[derive(Debug, Clone)]
pub(crate) struct CGating {
    /// `bit[color][square]`: the bit of [`Position::gates`] for the player's
    /// gating square (the bit of its file), 0 for any other square.
    pub bit: [Vec<u16>; 2],
    /// `square[color][file]`: the player's gating square on the file.
    pub square: [[Option<Square>; 16]; 2],
    /// The hand can fill again (`captures to hand`): the rights are kept
    /// while it is empty. Otherwise an empty hand ends them all.
    pub refills: bool,
}

impl CGating {
    /// The gating rule of `rules`, if it has one (its zone has at most one
    /// square per file for each player: lowering checked).
    pub fn new(rules: &RuleSet, geo: &Geometry) -> Option<CGating> {
        let zone = &rules.zones[rules.gating?];
        let mut g = CGating {
            bit: [vec![0; 256], vec![0; 256]],
            square: [[None; 16]; 2],
            refills: rules.captures_to_hand,
        };
        for color in Color::ALL {
            for &coord in &zone.squares[color] {
                let sq = geo.square(coord);
                let file = coord.0 as usize & 15;
                g.bit[color][sq as usize] = 1 << file;
                g.square[color][file] = Some(sq);
            }
        }
        Some(g)
    }

    /// May a piece from `us`'s hand enter `sq` when its piece leaves?
    #[inline(always)]
    pub fn open(&self, pos: &Position, us: Color, sq: Square) -> bool {
        pos.gates[us] & self.bit[us][sq as usize] != 0
    }
}

/// Does player `c` hold any piece in hand?
#[inline(always)]
fn holds(pos: &Position, c: Color) -> bool {
    pos.reserve[c].iter().any(|&n| n > 0)
}

impl Variant {
    /// The rights a position starts with: every gating square holding one
    /// of its player's pieces, while the player has a piece in hand (or the
    /// hand can fill).
    pub(crate) fn start_gates(&self, pos: &mut Position) {
        let Some(g) = &self.gating else { return };
        for c in Color::ALL {
            if !g.refills && !holds(pos, c) {
                continue;
            }
            for sq in pos.occ[c].iter() {
                pos.gates[c] |= g.bit[c][sq as usize];
            }
        }
    }

    /// The gating forms of the moves `out[start..]`: each move that leaves
    /// an open gating square of the mover (castling: the king's square or
    /// the partner's, when the other piece does not land there) once more
    /// per kind in hand, that piece entering the square.
    pub(super) fn add_gating(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        let Some(g) = &self.gating else { return };
        let us = pos.side;
        if pos.gates[us] == 0 || !holds(pos, us) {
            return;
        }
        let kinds = self.rules.pieces.len();
        let push = |out: &mut Vec<Move>, m: Move, flag: u8| {
            for k in Kind::first(kinds) {
                if pos.reserve[us][k] > 0 {
                    out.push(Move {
                        gate: 1 + k.index() as u8 + flag,
                        ..m
                    });
                }
            }
        };
        for i in start..out.len() {
            let m = out[i];
            match m.kind {
                MoveKind::Drop | MoveKind::Pass => {}
                MoveKind::Castle => {
                    let w = &self.wings[us][m.data as usize];
                    let vacated = |s: Square| s != m.to && s != w.partner_to;
                    if g.open(pos, us, m.from) && vacated(m.from) {
                        push(out, m, 0);
                    }
                    if g.open(pos, us, w.partner_from) && vacated(w.partner_from) {
                        push(out, m, Move::GATE_ON_PARTNER);
                    }
                }
                _ => {
                    if g.open(pos, us, m.from) {
                        push(out, m, 0);
                    }
                }
            }
        }
    }

    /// The square a gating move's piece enters.
    #[inline]
    pub(crate) fn gate_square(&self, color: Color, m: Move) -> Square {
        if m.gates_on_partner() && m.kind == MoveKind::Castle {
            self.wings[color][m.data as usize].partner_from
        } else {
            m.from
        }
    }

    /// The square a gating move's piece enters, for a move of either player
    /// (a castling move's player is the one whose wing starts on its square).
    pub fn gate_square_of(&self, m: Move) -> Square {
        let first = self.wings[Color::FIRST]
            .get(m.data as usize)
            .is_some_and(|w| w.king_from == m.from);
        let c = if first { Color::FIRST } else { Color::SECOND };
        if m.kind == MoveKind::Castle && self.wings[c].get(m.data as usize).is_none() {
            return m.from;
        }
        self.gate_square(c, m)
    }

    /// In [`Variant::make`], once the move's own pieces have moved: the
    /// gated piece enters, and the rights on the squares the move touched
    /// (left, landed on, captured on) are lost, as are all of the mover's
    /// when its hand is empty for good.
    pub(super) fn gate_make(&self, pos: &mut Position, m: Move, captured_sq: Square) {
        let Some(g) = &self.gating else { return };
        let keys = &self.keys;
        let us = pos.side;
        if let Some(kind) = m.gated() {
            let sq = self.gate_square(us, m);
            let p = Piece::new(kind, us);
            let n = pos.reserve[us][kind];
            if n > 0 && pos.board[sq as usize].is_none() {
                pos.hash ^= reserve_key(keys, p, n) ^ reserve_key(keys, p, n - 1);
                pos.reserve[us][kind] = n - 1;
                pos.put(sq, p, self.royal[kind], keys);
            }
        }
        let partner = match m.kind {
            MoveKind::Castle => self.wings[us][m.data as usize].partner_from,
            _ => m.from,
        };
        for c in Color::ALL {
            let b = &g.bit[c];
            let mut lost = pos.gates[c]
                & (b[m.from as usize]
                    | b[m.to as usize]
                    | b[partner as usize]
                    | b[captured_sq as usize]);
            if c == us && !g.refills && !holds(pos, us) {
                lost = pos.gates[c];
            }
            if lost != 0 {
                self.lose_gates(pos, c, lost);
            }
        }
    }

    /// Take the rights `lost` (bits of files) from player `c`.
    fn lose_gates(&self, pos: &mut Position, c: Color, lost: u16) {
        for f in 0..16 {
            if lost >> f & 1 != 0 {
                pos.hash ^= self.keys.gates[c.index() * 16 + f];
            }
        }
        pos.gates[c] &= !lost;
    }

    /// In [`Variant::unmake`], before the move's pieces go back: the gated
    /// piece returns to the hand.
    pub(super) fn gate_unmake(&self, pos: &mut Position, m: Move) {
        let Some(kind) = m.gated() else { return };
        let us = pos.side;
        let sq = self.gate_square(us, m);
        if pos.board[sq as usize] == Piece::new(kind, us) {
            pos.take(sq, &self.keys);
            pos.reserve[us][kind] += 1;
        }
    }
}
