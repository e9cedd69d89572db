//! Is a square attacked? Answered by walking lines back from the square, using
//! the attack patterns compiled from every capturing rule.

use super::generate::AnyMove;
use super::tables::{AttackLine, CGuard, CRule, HopAttack, SlowAttack, Variant};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::ir::HopShape;

impl Variant {
    /// Is `sq` attacked by a piece of player `by`? Reads `pos.board` and
    /// `pos.occ`, which must be exactly the pieces on the board (sliders'
    /// lines are read from it by a bit scan on boards of one word).
    #[inline]
    pub fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool {
        let a = &self.attacks[by];
        if self.leaps_or_slides_attack(pos, sq, by) {
            return true;
        }
        if !a.hops.is_empty() && self.is_attacked_by_hop(pos, sq, by) {
            return true;
        }
        if !a.slow.is_empty() {
            return self.is_attacked_slow(pos, sq, by);
        }
        false
    }

    /// Is `sq` attacked by a slider of `by` along line `l`?
    #[inline(always)]
    pub(super) fn slide_attacks(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        l: &AttackLine,
    ) -> bool {
        for &s in self.ray(l.rev, sq) {
            let p = pos.board[s as usize];
            if !p.is_none() {
                return p.color() == by && l.mask >> p.kind().index() & 1 != 0;
            }
        }
        false
    }

    /// Hops read backwards: from `sq`, past empty squares to the screen, then
    /// past empty squares to the hopper (for `next`, the screen must be adjacent).
    fn is_attacked_by_hop(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.hopper_in_reach(pos, sq, by)
            && self.attacks[by]
                .hops
                .iter()
                .any(|h| self.hop_attacks(pos, sq, by, h))
    }

    /// Is `sq` attacked by a hopper of `by` by hop `h`?
    #[inline]
    pub(super) fn hop_attacks(&self, pos: &Position, sq: Square, by: Color, h: &HopAttack) -> bool {
        self.hop_attacker(pos, sq, by, h).is_some()
    }

    /// The square of the hopper of `by` attacking `sq` by hop `h`, if any.
    pub(super) fn hop_attacker(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        h: &HopAttack,
    ) -> Option<Square> {
        let ray = self.ray(h.rev, sq);
        let si = ray.iter().position(|&s| !pos.board[s as usize].is_none())?;
        if h.shape == HopShape::Next && si != 0 {
            return None;
        }
        let &hopper_sq = ray[si + 1..]
            .iter()
            .find(|&&s| !pos.board[s as usize].is_none())?;
        (pos.board[hopper_sq as usize] == Piece::new(h.kind, by)
            && h.screen.accepts(pos.board[ray[si] as usize], by)
            && self.guards_hold(pos, &h.guards, hopper_sq, by)
            && self.path_allows(pos, &h.guards, sq, ray, hopper_sq, by)
            && h.unless
                .as_ref()
                .is_none_or(|first| !self.rules_yield(pos, first, hopper_sq, h.kind, by)))
        .then_some(hopper_sq)
    }

    #[cold]
    fn is_attacked_slow(&self, pos: &Position, sq: Square, by: Color) -> bool {
        self.attacks[by]
            .slow
            .iter()
            .any(|s| self.slow_attacker(pos, sq, by, s).is_some())
    }

    /// The square of the piece of `by` attacking `sq` by the guarded or
    /// limited rule `s`, if any.
    pub(super) fn slow_attacker(
        &self,
        pos: &Position,
        sq: Square,
        by: Color,
        s: &SlowAttack,
    ) -> Option<Square> {
        let ray = self.ray(s.rev, sq);
        for (i, &from) in ray.iter().enumerate() {
            let p = pos.board[from as usize];
            if p.is_none() {
                continue;
            }
            let dist = i + 1;
            return (p == Piece::new(s.kind, by)
                && dist >= s.min as usize
                && (s.max == 0 || dist <= s.max as usize)
                && self.guards_hold(pos, &s.guards, from, by)
                && self.path_allows(pos, &s.guards, sq, ray, from, by)
                && s.unless
                    .as_ref()
                    .is_none_or(|first| !self.rules_yield(pos, first, from, s.kind, by)))
            .then_some(from);
        }
        None
    }

    /// Read backwards from the attacked square `sq` along `ray` to the
    /// attacker on `from`: do `within` and `capturing` let the attack be?
    /// The squares from `sq` to `from` must be in the zone, and the piece on
    /// `sq`, if any, one the rule may capture.
    fn path_allows(
        &self,
        pos: &Position,
        guards: &[CGuard],
        sq: Square,
        ray: &[Square],
        from: Square,
        by: Color,
    ) -> bool {
        if guards.is_empty() {
            return true;
        }
        let lim = self.path_limits(guards, by);
        let victim = pos.board[sq as usize];
        if !victim.is_none() && !lim.takes(victim, by) {
            return false;
        }
        lim.within.is_none()
            || (lim.inside(sq)
                && ray
                    .iter()
                    .take_while(|&&s| s != from)
                    .all(|&s| lim.inside(s)))
    }

    /// Do all guards hold for a piece of `color` on `from`?
    #[inline]
    pub(crate) fn guards_hold(
        &self,
        pos: &Position,
        guards: &[CGuard],
        from: Square,
        color: Color,
    ) -> bool {
        guards.iter().all(|g| match *g {
            CGuard::FromIn(z) => self.zones[z][color].has(from),
            CGuard::FromNotIn(z) => !self.zones[z][color].has(from),
            CGuard::Occupied(v) => self
                .ray(v, from)
                .first()
                .is_some_and(|&s| !pos.board[s as usize].is_none()),
            CGuard::Empty(v) => self
                .ray(v, from)
                .first()
                .is_none_or(|&s| pos.board[s as usize].is_none()),
            CGuard::Within(z) => self.zones[z][color].has(from),
            CGuard::Captures(_) => true,
        })
    }

    /// Does any of `rules` give the piece `kind` of `color` on `from` a pseudo-legal move?
    pub(crate) fn rules_yield(
        &self,
        pos: &Position,
        rules: &[CRule],
        from: Square,
        kind: Kind,
        color: Color,
    ) -> bool {
        let mut any = AnyMove::default();
        self.gen_rules(pos, color, rules, from, kind, &mut any);
        any.0
    }

    /// Is the side to move in check (any of its royal pieces attacked)?
    pub fn in_check(&self, pos: &Position) -> bool {
        let us = pos.side;
        pos.royals[us]
            .iter()
            .any(|k| self.royal_attacked(pos, k, us.other()))
    }
}
