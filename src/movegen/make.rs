//! Making and unmaking moves, with incremental hashing.

use super::explode::Blast;
use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::reserve_key;
use crate::board::{CastlingRights, Color, Kind, Piece, Position, Square};

/// What [`Variant::make`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    moved: Piece,
    pub(super) captured: Piece,
    pub(super) captured_sq: Square,
    castling: CastlingRights,
    ep: Option<(Square, Square)>,
    halfmove: u32,
    hash: u64,
    pawn_hash: u64,
    checks: [u8; 2],
    passes: u8,
    blast: Blast,
    count: (u16, u16),
    /// `captures to hand`: bit 0, the mover was marked promoted; bit 1, the
    /// captured piece was.
    pub(super) marks: u8,
    /// `captures to hand`: the kind the capture added to the mover's hand.
    pub(super) to_hand: Kind,
    checking: [u8; 2],
    dropped: Kind,
    gates: [u16; 2],
}

impl Undo {
    /// The square of the piece an en-passant capture takes, if one was set.
    #[inline(always)]
    pub(super) fn ep_victim(&self) -> Option<Square> {
        self.ep.map(|(_, v)| v)
    }
}

/// What [`Variant::unmake_null`] needs to take a null move back.
#[derive(Clone, Copy, Debug)]
pub struct NullUndo {
    ep: Option<(Square, Square)>,
    hash: u64,
    checking: [u8; 2],
    dropped: Kind,
}

impl Variant {
    /// Pass: the other side moves next, the en-passant square is gone, the
    /// board and the clocks are untouched (for null-move pruning).
    pub fn make_null(&self, pos: &mut Position) -> NullUndo {
        let undo = NullUndo {
            ep: pos.ep,
            hash: pos.hash,
            checking: pos.checking,
            dropped: pos.dropped,
        };
        pos.dropped = Piece::NO_KIND;
        // A null move gives no check.
        pos.checking[pos.side] = 0;
        if let Some((e, _)) = pos.ep.take() {
            pos.hash ^= self.keys.ep[e as usize];
        }
        pos.side = pos.side.other();
        pos.hash ^= self.keys.side;
        undo
    }

    /// Take back [`Variant::make_null`].
    pub fn unmake_null(&self, pos: &mut Position, undo: NullUndo) {
        pos.side = pos.side.other();
        pos.ep = undo.ep;
        pos.hash = undo.hash;
        pos.checking = undo.checking;
        pos.dropped = undo.dropped;
    }

    /// Play a (pseudo-)legal move. Returns what [`Variant::unmake`] needs.
    pub fn make(&self, pos: &mut Position, m: Move) -> Undo {
        let keys = &self.keys;
        let us = pos.side;
        let mut undo = Undo {
            moved: pos.board[m.from as usize],
            captured: Piece::NONE,
            captured_sq: m.to,
            castling: pos.castling,
            ep: pos.ep,
            halfmove: pos.halfmove,
            hash: pos.hash,
            pawn_hash: pos.pawn_hash,
            checks: pos.checks,
            passes: pos.passes,
            blast: Blast::default(),
            count: (pos.count_limit, pos.count_ply),
            marks: 0,
            to_hand: Piece::NO_KIND,
            checking: pos.checking,
            dropped: pos.dropped,
            gates: pos.gates,
        };
        pos.dropped = Piece::NO_KIND;
        if pos.passes != 0 {
            pos.hash ^= keys.passes[pos.passes as usize];
            pos.passes = 0;
        }
        if let Some((e, _)) = pos.ep.take() {
            pos.hash ^= keys.ep[e as usize];
        }
        let mut resets = false;
        if self.hand.is_some() {
            self.hand_before(pos, m, &mut undo);
        }
        match m.kind {
            MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::Promotion => {
                if !pos.board[m.to as usize].is_none() {
                    undo.captured = pos.take(m.to, keys);
                }
                let p = pos.take(m.from, keys);
                let placed = if m.kind == MoveKind::Promotion {
                    Piece::new(Kind::new(m.data as usize), us)
                } else {
                    p
                };
                pos.put(m.to, placed, self.royal[placed.kind()], keys);
                if self.explosion.is_some() && !undo.captured.is_none() {
                    undo.blast = self.explode(pos, us, m.to);
                }
                resets = self.resets_clock[p.kind()] || m.kind == MoveKind::Promotion;
                if m.kind == MoveKind::SetsEnPassant
                    && (self.ep_always[us] || self.ep_capturable(pos, m.data, us.other()))
                {
                    pos.ep = Some((m.data, m.to));
                    pos.hash ^= keys.ep[m.data as usize];
                }
            }
            MoveKind::EnPassant => {
                if let Some((_, victim)) = undo.ep {
                    undo.captured_sq = victim;
                    undo.captured = pos.take(victim, keys);
                }
                let p = pos.take(m.from, keys);
                pos.put(m.to, p, self.royal[p.kind()], keys);
                if self.explosion.is_some() && !undo.captured.is_none() {
                    undo.blast = self.explode(pos, us, m.to);
                }
            }
            MoveKind::Castle => {
                let wing = &self.wings[us][m.data as usize];
                let k = pos.take(m.from, keys);
                let r = pos.take(wing.partner_from, keys);
                pos.put(m.to, k, self.royal[k.kind()], keys);
                pos.put(wing.partner_to, r, self.royal[r.kind()], keys);
            }
            MoveKind::Drop => {
                let d = &self.drops[us][m.data as usize];
                let kind = d.kind;
                pos.dropped = kind;
                let p = Piece::new(kind, us);
                let n = pos.reserve[us][kind];
                pos.hash ^= reserve_key(keys, p, n) ^ reserve_key(keys, p, n - 1);
                pos.reserve[us][kind] = n - 1;
                for &r in &d.relocations {
                    if let Some((src, dst)) = self.relocation(pos, m.to, r) {
                        let q = pos.take(src, keys);
                        pos.put(dst, q, self.royal[q.kind()], keys);
                        self.touch_castling(pos, src);
                        self.touch_castling(pos, dst);
                        let passed = self.ray(self.neg_of(r.by), dst)[0];
                        if r.sets_ep
                            && r.steps >= 2
                            && (self.ep_always[us] || self.ep_capturable(pos, passed, us.other()))
                        {
                            pos.ep = Some((passed, dst));
                            pos.hash ^= keys.ep[passed as usize];
                        }
                    }
                }
                pos.put(m.to, p, self.royal[kind], keys);
                // A drop cannot be undone: it counts as progress.
                resets = true;
            }
            MoveKind::Pass => {
                let n = undo.passes.saturating_add(1);
                pos.passes = n;
                pos.hash ^= keys.passes[n as usize];
            }
        }
        let keep = self.castle_keep[m.from as usize].and(self.castle_keep[m.to as usize]);
        let lost = pos.castling.lost_to(keep);
        if !lost.is_empty() {
            for b in lost.indices() {
                pos.hash ^= keys.castling[b];
            }
            pos.castling = pos.castling.and(keep);
        }
        if self.hand.is_some() {
            self.hand_after(pos, m, &mut undo);
        }
        if self.gating.is_some() {
            self.gate_make(pos, m, undo.captured_sq);
        }
        if resets || !undo.captured.is_none() {
            pos.halfmove = 0;
        } else {
            pos.halfmove += 1;
        }
        if us == Color::SECOND {
            pos.fullmove += 1;
        }
        pos.side = us.other();
        pos.hash ^= keys.side;
        self.count_check(pos);
        if self.counting.is_some() {
            self.update_count(pos, undo.captured, m.kind == MoveKind::Promotion);
        }
        undo
    }

    /// Could a piece of `by` take en passant on `ep` (ignoring its own king's
    /// safety)? Only then is the square recorded, so that positions that differ
    /// only by an en-passant square nobody can use hash alike (FIDE's
    /// repetition rule), and FEN shows it only when it matters.
    pub(crate) fn ep_capturable(&self, pos: &Position, ep: Square, by: Color) -> bool {
        self.ep_captures[by].iter().any(|c| {
            for &s in self.ride_ray(c.back, ep, c.max) {
                let p = pos.board[s as usize];
                if !p.is_none() {
                    return p == Piece::new(c.kind, by);
                }
            }
            false
        })
    }

    /// Drop the castling rights that depend on a piece standing on `sq`.
    #[inline]
    pub(super) fn touch_castling(&self, pos: &mut Position, sq: Square) {
        let keep = self.castle_keep[sq as usize];
        let lost = pos.castling.lost_to(keep);
        if !lost.is_empty() {
            for b in lost.indices() {
                pos.hash ^= self.keys.castling[b];
            }
            pos.castling = pos.castling.and(keep);
        }
    }

    /// Take back a move made with [`Variant::make`].
    pub fn unmake(&self, pos: &mut Position, m: Move, undo: Undo) {
        let keys = &self.keys;
        pos.side = pos.side.other();
        let us = pos.side;
        if us == Color::SECOND {
            pos.fullmove -= 1;
        }
        if m.gate != 0 {
            self.gate_unmake(pos, m);
        }
        match m.kind {
            MoveKind::Castle => {
                let wing = &self.wings[us][m.data as usize];
                let k = pos.take(m.to, keys);
                let r = pos.take(wing.partner_to, keys);
                pos.put(m.from, k, self.royal[k.kind()], keys);
                pos.put(wing.partner_from, r, self.royal[r.kind()], keys);
            }
            MoveKind::Drop => {
                let d = &self.drops[us][m.data as usize];
                pos.take(m.to, keys);
                // Undo relocations in reverse: each piece goes back along its path.
                for &r in d.relocations.iter().rev() {
                    if let Some(&src) = self.ray(r.at, m.to).first()
                        && pos.board[src as usize].is_none()
                        && let Some(&dst) = self.ray(r.by, src).get(r.steps as usize - 1)
                        && !pos.board[dst as usize].is_none()
                    {
                        let q = pos.take(dst, keys);
                        pos.put(src, q, self.royal[q.kind()], keys);
                    }
                }
                pos.reserve[us][d.kind] += 1;
            }
            MoveKind::Pass => {}
            _ => {
                if !self.unexplode(pos, us, m.to, &undo.blast) {
                    pos.take(m.to, keys);
                }
                pos.put(m.from, undo.moved, self.royal[undo.moved.kind()], keys);
                if !undo.captured.is_none() {
                    pos.put(
                        undo.captured_sq,
                        undo.captured,
                        self.royal[undo.captured.kind()],
                        keys,
                    );
                }
            }
        }
        if self.hand.is_some() {
            self.hand_unmake(pos, m, &undo);
        }
        pos.castling = undo.castling;
        pos.ep = undo.ep;
        pos.halfmove = undo.halfmove;
        pos.checks = undo.checks;
        pos.passes = undo.passes;
        (pos.count_limit, pos.count_ply) = undo.count;
        pos.checking = undo.checking;
        pos.dropped = undo.dropped;
        pos.gates = undo.gates;
        pos.hash = undo.hash;
        pos.pawn_hash = undo.pawn_hash;
    }
}
