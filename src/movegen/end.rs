//! How a game ends: checkmate, stalemate, repetition (and perpetual check),
//! the no-progress rule; outcomes decided by material points.

use super::tables::Variant;
use crate::board::{Color, Position};
use crate::ir::Outcome;

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check.
    Stalemate,
    /// The same position occurred the set number of times.
    Repetition,
    /// Too many plies without progress.
    NoProgress,
    /// A piece reached its zone (`reaches`).
    Reached,
    /// A player gave the N-th check (`checks`).
    Checks,
    /// A player has none of the pieces of an `extinct` rule left.
    Extinction,
    /// A player's royal piece was removed (by an `explosion`).
    RoyalLost,
    /// A player is bare (`bare`).
    Bare,
    /// Passes in a row (`passes N`).
    Passes,
    /// A pass while the pieces of the `end` block's `facing` faced each other.
    Facing,
    /// A count passed its limit (`counting`).
    Counting,
    /// A rule whose outcome is `points` ended the game: the material points
    /// decided it.
    Points,
    /// A repetition in which one player gave check with every move
    /// (`perpetual check`).
    PerpetualCheck,
}

impl Variant {
    /// Is the game over in `pos`? `history` holds the hashes of the earlier
    /// positions of the game (oldest first, `pos` itself excluded).
    pub fn game_end(&self, pos: &mut Position, history: &[u64]) -> Option<(Outcome, EndReason)> {
        let (o, why) = self.game_end_as_written(pos, history)?;
        Some(self.settle(o, why, pos))
    }

    /// An outcome `points` decided in `pos` (reason [`EndReason::Points`]);
    /// any other as it is.
    #[inline]
    pub fn settle(&self, o: Outcome, why: EndReason, pos: &Position) -> (Outcome, EndReason) {
        if o == Outcome::Points {
            (self.by_points(pos), EndReason::Points)
        } else {
            (o, why)
        }
    }

    /// The outcome `o` for the side to move in `pos`, `points` decided.
    #[inline]
    pub fn decide(&self, o: Outcome, pos: &Position) -> Outcome {
        if o == Outcome::Points {
            self.by_points(pos)
        } else {
            o
        }
    }

    /// The side to move's result by the `points` table: more points win,
    /// equal points (or no table) draw.
    pub fn by_points(&self, pos: &Position) -> Outcome {
        let Some(t) = &self.rules.end.points else {
            return Outcome::Draw;
        };
        let points = |c: Color| -> i64 {
            t.bonus[c]
                + pos.occ[c]
                    .iter()
                    .map(|sq| {
                        t.pieces
                            .get(pos.board[sq as usize].kind().index())
                            .copied()
                            .unwrap_or(0)
                    })
                    .sum::<i64>()
        };
        let (us, them) = (points(pos.side), points(pos.side.other()));
        match us.cmp(&them) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// A repetition ends the game, the repeated position having first stood
    /// `plies` plies ago; `o` is the `repetition` rule's outcome. With
    /// `perpetual check -> P`: if one player gave check with each of its
    /// moves since then and the other did not, P for that player.
    pub fn repetition_outcome(
        &self,
        pos: &Position,
        plies: usize,
        o: Outcome,
    ) -> (Outcome, EndReason) {
        let Some(p) = self.rules.end.perpetual else {
            return (o, EndReason::Repetition);
        };
        // Each player made half of the plies of the cycle.
        let moves = (plies / 2).max(1);
        let us = pos.side;
        let by = |c: Color| usize::from(pos.checking[c]) >= moves;
        match (by(us.other()), by(us)) {
            (true, false) => (super::goals::flip(p), EndReason::PerpetualCheck),
            (false, true) => (p, EndReason::PerpetualCheck),
            _ => (o, EndReason::Repetition),
        }
    }

    /// The outcome of a checkmate for the mated player to move: the
    /// `checkmate by drop` outcome if the last move dropped one of its
    /// pieces, else the `checkmate` one.
    #[inline]
    pub fn checkmate_outcome(&self, pos: &Position) -> Outcome {
        match &self.rules.end.drop_mate {
            Some((pieces, o)) if pieces.contains(&pos.dropped.index()) => *o,
            _ => self.rules.end.checkmate,
        }
    }

    /// [`Variant::game_end`] with the outcomes as the rules give them.
    fn game_end_as_written(
        &self,
        pos: &mut Position,
        history: &[u64],
    ) -> Option<(Outcome, EndReason)> {
        if let Some(end) = self.material_end(pos) {
            return Some(end);
        }
        if let Some(end) = self.goal_end(pos) {
            return Some(end);
        }
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        let end = &self.rules.end;
        if moves.is_empty() {
            return Some(if self.in_check(pos) {
                (self.checkmate_outcome(pos), EndReason::Checkmate)
            } else {
                (end.stalemate, EndReason::Stalemate)
            });
        }
        if let Some(outcome) = self.counting_end(pos) {
            return Some((outcome, EndReason::Counting));
        }
        if let Some((n, outcome)) = end.repetition {
            // The earlier occurrences, latest first: the N-th occurrence
            // closes a cycle back to the earliest of the N.
            let mut seen = 1;
            for (i, &h) in history.iter().enumerate().rev() {
                if h == pos.hash {
                    seen += 1;
                    if seen >= n {
                        return Some(self.repetition_outcome(pos, history.len() - i, outcome));
                    }
                }
            }
        }
        if let Some((n, outcome)) = end.no_progress
            && pos.halfmove >= 2 * n
        {
            return Some((outcome, EndReason::NoProgress));
        }
        None
    }
}
