//! Static exchange evaluation: what a move onto a square wins or loses once
//! both players have taken back on that square with their least valuable
//! piece each time, for any piece the rule file defines.
//!
//! The exchange is played out on the board itself (each capture lifts the
//! capturer from its square and puts it on the target, undone at the end),
//! and each side's next capturer is read with the attack test's own
//! patterns: leapers, sliders, guarded and limited rules and hoppers. So a
//! slider behind another (a battery) joins when the one in front has gone,
//! and a hopper's screen is whatever stands on its line at that moment: a
//! cannon whose screen was the piece that just took no longer attacks, one
//! whose line the capture opened does. As in every exchange evaluation,
//! pins and checks elsewhere are not looked at, a royal piece takes only
//! where the other side does not attack afterwards, and a capturer that would
//! promote on the square is valued as it stands.

use super::tables::Variant;
use super::{Move, MoveKind};
use crate::board::{Color, Kind, Piece, Position, Square};

/// The longest exchange played out; a longer one is cut there (each capture
/// lifts one piece, so only boards with more than this many attackers of
/// one square reach it).
const MAX_EXCHANGE: usize = 64;

impl Variant {
    /// The least valuable piece of player `by` that attacks `sq` (royal
    /// pieces last), by its square.
    pub fn least_attacker(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        value: &impl Fn(Kind) -> i32,
    ) -> Option<Square> {
        let mut best: Option<(i64, Square)> = None;
        let mut consider = |s: Square| {
            let k = pos.board[s as usize].kind();
            let key = if self.royal[k.index()] {
                i64::MAX
            } else {
                value(k) as i64
            };
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, s));
            }
        };
        self.leap_slide_attackers(pos, sq, by, &mut consider);
        let a = &self.attacks[by];
        for h in &a.hops {
            if let Some(s) = self.hop_attacker(pos, sq, by, h) {
                consider(s);
            }
        }
        for s in &a.slow {
            if let Some(s) = self.slow_attacker(pos, sq, by, s) {
                consider(s);
            }
        }
        best.map(|(_, s)| s)
    }

    /// The static exchange value of `m` for the side making it, in the
    /// units of `value`: what it captures, minus what the opponent then wins
    /// back on the square, and so on, each side free to stop. `None` where
    /// the move is not a plain move or capture onto its square (promotions,
    /// en passant, castling, drops, passes, gating, captures of one's own
    /// pieces) or captures do more than take the piece on the square
    /// (`explosion`): no answer rather than a wrong one. `pos` is the same
    /// afterwards.
    pub fn see(&self, pos: &mut Position, m: Move, value: impl Fn(Kind) -> i32) -> Option<i32> {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::SetsEnPassant)
            || m.gate != 0
            || self.explosion.is_some()
        {
            return None;
        }
        let mover = pos.board[m.from as usize];
        let victim = pos.board[m.to as usize];
        if mover.is_none() || (!victim.is_none() && victim.color() == mover.color()) {
            return None;
        }
        let to = m.to;
        let mut gain = [0i32; MAX_EXCHANGE + 1];
        // The squares lifted, with their pieces, to put back at the end.
        let mut lifted = [(0 as Square, Piece::NONE); MAX_EXCHANGE + 1];
        let mut n = 0;
        gain[0] = if victim.is_none() {
            0
        } else {
            value(victim.kind())
        };
        lift(pos, m.from, &mut lifted, &mut n);
        set(pos, to, mover);
        let mut on_square = mover;
        let mut side = mover.color().other();
        let mut d = 0;
        while d < MAX_EXCHANGE {
            let Some(from) = self.least_attacker(pos, to, side, &value) else {
                break;
            };
            d += 1;
            gain[d] = value(on_square.kind()) - gain[d - 1];
            let p = pos.board[from as usize];
            lift(pos, from, &mut lifted, &mut n);
            set(pos, to, p);
            if self.royal[p.kind().index()] && self.is_attacked(pos, to, side.other()) {
                // A royal piece cannot take into an attack: undone below
                // like the others, and it does not count.
                d -= 1;
                break;
            }
            on_square = p;
            side = side.other();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        for &(sq, p) in lifted[..n].iter().rev() {
            set(pos, sq, p);
        }
        set(pos, to, victim);
        Some(gain[0])
    }
}

/// Take the piece off `sq`, remembering it.
fn lift(
    pos: &mut Position,
    sq: Square,
    lifted: &mut [(Square, Piece); MAX_EXCHANGE + 1],
    n: &mut usize,
) {
    lifted[*n] = (sq, pos.board[sq as usize]);
    *n += 1;
    set(pos, sq, Piece::NONE);
}

/// Put `p` (or nothing) on `sq`, keeping the occupancy sets in step.
fn set(pos: &mut Position, sq: Square, p: Piece) {
    let old = pos.board[sq as usize];
    if !old.is_none() {
        pos.occ[old.color()].clear(sq);
    }
    pos.board[sq as usize] = p;
    if !p.is_none() {
        pos.occ[p.color()].set(sq);
    }
}
