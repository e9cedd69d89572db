//! Goals and position-level legality at run time: a piece reaching its zone,
//! the N-th check, and the `forbid` conditions a move may not leave behind.

use super::end::EndReason;
use super::generate::Safety;
use super::tables::{Variant, Vid};
use super::{Move, MoveKind};
use crate::board::{Bitset, Color, Position, checks_key};
use crate::ir::{ForbidDef, Outcome};

/// A `reaches` condition, compiled.
#[derive(Debug, Clone)]
pub(crate) struct CReach {
    /// Bit `k` set for each piece type `k` that counts.
    mask: u64,
    /// Each player's squares of the zone.
    zone: [Bitset; 2],
    /// The result for the player who got there.
    outcome: Outcome,
    /// The result when the second player answers the first's arrival.
    answered: Option<Outcome>,
}

/// A `facing` condition, compiled: lines in both directions.
#[derive(Debug, Clone)]
pub(crate) struct CFacing {
    mask: u64,
    vids: Vec<Vid>,
}

/// The goals and `forbid` conditions of a variant.
#[derive(Debug, Clone, Default)]
pub(crate) struct Goals {
    reach: Vec<CReach>,
    /// `checks N`: N and the result for the player who gave them.
    pub(crate) checks: Option<(u8, Outcome)>,
    /// A move may not give check.
    forbid_check: bool,
    facing: Vec<CFacing>,
    /// Any position-level end (`reaches`, `checks`): checked at every node.
    pub(crate) ends: bool,
    /// Any `forbid` condition: checked for every move.
    pub(crate) forbids: bool,
    /// `passes N -> O`.
    passes: Option<(u8, Outcome)>,
    /// `perpetual check`: `make` counts each player's checks in a row.
    pub(crate) perpetual: bool,
    /// `facing ... -> O` in `end`: while it holds, a move must end it (a
    /// pass may not, and ends the game with O for the side to move then).
    standoff: Option<(CFacing, Outcome)>,
}

pub(super) fn flip(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::Draw => Outcome::Draw,
        // Decided later, in the position where the game ends.
        Outcome::Points => Outcome::Points,
    }
}

fn mask_of(kinds: &[usize]) -> u64 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

impl Variant {
    /// Compile the goals; vectors of `facing` are registered, so this runs
    /// before the rays are built.
    pub(super) fn compile_goals(&mut self) -> Goals {
        let end = self.rules.end.clone();
        let reach: Vec<CReach> = end
            .reach
            .iter()
            .map(|r| CReach {
                mask: mask_of(&r.pieces),
                zone: self.zones[r.zone],
                outcome: r.outcome,
                answered: r.answered,
            })
            .collect();
        let mut facing = Vec::new();
        let mut forbid_check = false;
        for f in self.rules.forbid.clone() {
            match f {
                ForbidDef::Check => forbid_check = true,
                ForbidDef::Facing { pieces, dirs } => {
                    facing.push(self.compile_facing(&pieces, &dirs))
                }
            }
        }
        let standoff = match &end.facing {
            Some((ForbidDef::Facing { pieces, dirs }, o)) => {
                Some((self.compile_facing(pieces, dirs), *o))
            }
            _ => None,
        };
        let passes = end.passes.map(|(n, o)| (n.min(255) as u8, o));
        Goals {
            ends: !reach.is_empty()
                || end.checks.is_some()
                || passes.is_some()
                || standoff.is_some(),
            passes,
            perpetual: end.perpetual.is_some(),
            standoff,
            forbids: forbid_check || !facing.is_empty(),
            reach,
            checks: end.checks.map(|(n, o)| (n as u8, o)),
            forbid_check,
            facing,
        }
    }

    /// A `facing` condition's lines, both ways, in the first player's frame.
    fn compile_facing(&mut self, pieces: &[usize], dirs: &[crate::ir::Vector]) -> CFacing {
        let frame = self.rules.players[0].frame;
        let mut vids = Vec::new();
        for &d in dirs {
            let (x, y) = frame.apply(d);
            for v in [(x, y), (-x, -y)] {
                let id = self.vector_id(v);
                if !vids.contains(&id) {
                    vids.push(id);
                }
            }
        }
        CFacing {
            mask: mask_of(pieces),
            vids,
        }
    }

    /// Does the `end` block's `facing` condition hold in `pos`?
    #[inline]
    pub(crate) fn standoff(&self, pos: &Position) -> bool {
        self.goals
            .standoff
            .as_ref()
            .is_some_and(|(f, _)| self.facing(pos, f))
    }

    /// Has `c` a piece of the condition's types on its squares of the zone?
    fn reached(&self, pos: &Position, r: &CReach, c: Color) -> bool {
        r.zone[c].iter().any(|sq| {
            let p = pos.board[sq as usize];
            !p.is_none() && p.color() == c && r.mask >> p.kind().index() & 1 != 0
        })
    }

    /// Can the side to move bring a piece of the condition's types onto its
    /// squares of the zone with a legal move?
    fn can_answer(&self, pos: &mut Position, r: &CReach) -> bool {
        let mut moves = Vec::new();
        self.pseudo_moves(pos, &mut moves);
        let s = self.safety(pos);
        let us = pos.side;
        moves.into_iter().any(|m| {
            !matches!(m.kind, MoveKind::Drop | MoveKind::Pass)
                && r.mask >> pos.board[m.from as usize].kind().index() & 1 != 0
                && r.zone[us].has(m.to)
                && self.is_legal_fast(pos, m, &s)
        })
    }

    /// Is the game over by a goal (`reaches`, `checks`) in `pos`? The
    /// outcome is for the side to move. Such a position has no legal moves.
    pub fn goal_end(&self, pos: &mut Position) -> Option<(Outcome, EndReason)> {
        if !self.goals.ends {
            return None;
        }
        let (o, why) = self.goal_end_as_written(pos)?;
        Some(self.settle(o, why, pos))
    }

    /// [`Variant::goal_end`] with the outcome as the rule gives it.
    fn goal_end_as_written(&self, pos: &mut Position) -> Option<(Outcome, EndReason)> {
        if let Some(end) = self.royal_lost(pos) {
            return Some(end);
        }
        if let Some((n, o)) = self.goals.passes
            && pos.passes >= n
        {
            return Some((o, EndReason::Passes));
        }
        // A pass while the pieces faced each other: they still do.
        if pos.passes > 0
            && let Some((f, o)) = &self.goals.standoff
            && self.facing(pos, f)
        {
            return Some((*o, EndReason::Facing));
        }
        let stm = pos.side;
        let mover = stm.other();
        if let Some((n, o)) = self.goals.checks
            && pos.checks[mover] >= n
        {
            return Some((flip(o), EndReason::Checks));
        }
        for r in &self.goals.reach {
            let here = self.reached(pos, r, stm);
            let there = self.reached(pos, r, mover);
            if let Some(a) = r.answered
                && here
            {
                // The side to move got there first and the other side has
                // had its answer: answered (the first player to move again,
                // both there), or not.
                return Some(if there && stm == Color::FIRST {
                    (flip(a), EndReason::Reached)
                } else {
                    (r.outcome, EndReason::Reached)
                });
            }
            if there {
                if r.answered.is_some() && mover == Color::FIRST && self.can_answer(pos, r) {
                    continue;
                }
                return Some((flip(r.outcome), EndReason::Reached));
            }
        }
        None
    }

    /// After `make`: count the check the move gave, if the game counts them.
    #[inline]
    pub(super) fn count_check(&self, pos: &mut Position) {
        if self.goals.perpetual {
            let mover = pos.side.other();
            let n = pos.checking[mover];
            pos.checking[mover] = if self.in_check(pos) {
                n.saturating_add(1)
            } else {
                0
            };
        }
        if self.goals.checks.is_some() && self.in_check(pos) {
            let mover = pos.side.other();
            let n = pos.checks[mover];
            if n < u8::MAX {
                pos.hash ^= checks_key(&self.keys, mover, n) ^ checks_key(&self.keys, mover, n + 1);
                pos.checks[mover] = n + 1;
            }
        }
    }

    /// Would a `forbid` condition hold after `m`?
    pub(super) fn forbidden_after(&self, pos: &mut Position, m: Move) -> bool {
        let undo = self.make(pos, m);
        let bad = (self.goals.forbid_check && self.in_check(pos))
            || self.goals.facing.iter().any(|f| self.facing(pos, f));
        self.unmake(pos, m, undo);
        bad
    }

    /// Do two pieces of the condition's types, one of each player, face each
    /// other along one of its lines with nothing between?
    fn facing(&self, pos: &Position, f: &CFacing) -> bool {
        pos.occ[Color::FIRST].iter().any(|sq| {
            f.mask >> pos.board[sq as usize].kind().index() & 1 != 0
                && f.vids.iter().any(|&vid| {
                    self.ray(vid, sq)
                        .iter()
                        .map(|&t| pos.board[t as usize])
                        .find(|p| !p.is_none())
                        .is_some_and(|p| {
                            p.color() == Color::SECOND && f.mask >> p.kind().index() & 1 != 0
                        })
                })
        })
    }

    /// Legal as far as the royal pieces go, and no `forbid` condition after.
    #[inline]
    pub(crate) fn is_legal_fast(&self, pos: &mut Position, m: Move, s: &Safety) -> bool {
        if s.standoff {
            // While the pieces face each other a pass is always legal (it
            // ends the game); any other move must end the facing.
            if m.kind == MoveKind::Pass {
                return true;
            }
            if self.standoff_after(pos, m) {
                return false;
            }
        }
        self.is_safe_fast(pos, m, s) && !(self.goals.forbids && self.forbidden_after(pos, m))
    }

    /// Does the `end` block's `facing` condition still hold after `m`?
    fn standoff_after(&self, pos: &mut Position, m: Move) -> bool {
        let undo = self.make(pos, m);
        let still = self.standoff(pos);
        self.unmake(pos, m, undo);
        still
    }
}
