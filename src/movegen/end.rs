//! How a game ends: checkmate, stalemate, repetition, the no-progress rule.

use super::tables::Variant;
use crate::board::Position;
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
}

impl Variant {
    /// Is the game over in `pos`? `history` holds the hashes of the earlier
    /// positions of the game (oldest first, `pos` itself excluded).
    pub fn game_end(&self, pos: &mut Position, history: &[u64]) -> Option<(Outcome, EndReason)> {
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
                (end.checkmate, EndReason::Checkmate)
            } else {
                (end.stalemate, EndReason::Stalemate)
            });
        }
        if let Some(outcome) = self.counting_end(pos) {
            return Some((outcome, EndReason::Counting));
        }
        if let Some((n, outcome)) = end.repetition {
            let seen = 1 + history.iter().filter(|&&h| h == pos.hash).count() as u32;
            if seen >= n {
                return Some((outcome, EndReason::Repetition));
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
