//! A game in progress, for front ends that let people play: the start
//! position, the moves played with their SAN and the positions after them,
//! moves read in coordinate notation or SAN, undo, and how the game ended.

use crate::board::{Color, Position};
use crate::ir::Outcome;
use crate::movegen::{EndReason, Move, MoveKind, Variant};
use crate::notation::{move_to_san, move_to_string, parse_fen, parse_san, write_fen};

/// The most moves one game keeps (an input bound: every move keeps a position).
pub const MAX_GAME_PLIES: usize = 5000;

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// White (player 0) won.
    WhiteWins,
    /// Black (player 1) won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl GameResult {
    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// The result when the game ends with `outcome` for the side to move.
pub fn result_of(outcome: Outcome, side_to_move: Color) -> GameResult {
    let winner = match outcome {
        // `points` is decided before a result is read (`Variant::settle`).
        Outcome::Draw | Outcome::Points => return GameResult::Draw,
        Outcome::Win => side_to_move,
        Outcome::Loss => side_to_move.other(),
    };
    if winner == Color::FIRST {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

/// Why a game ended, as PGN's `ResultReason` and the API write it.
pub fn reason_text(r: EndReason) -> &'static str {
    match r {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "repetition",
        EndReason::NoProgress => "no progress",
        EndReason::Reached => "zone reached",
        EndReason::Checks => "check count",
        EndReason::Extinction => "extinction",
        EndReason::RoyalLost => "royal piece lost",
        EndReason::Bare => "bare king",
        EndReason::Counting => "counting",
        EndReason::Passes => "passes",
        EndReason::Facing => "pass while facing",
        EndReason::Points => "material points",
        EndReason::PerpetualCheck => "perpetual check",
    }
}

/// One move played.
#[derive(Debug, Clone)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Coordinate notation.
    pub text: String,
    /// SAN (in the position before it).
    pub san: String,
    /// The position after it.
    pub after: Position,
    /// Its FEN.
    pub fen: String,
}

/// A game: a start position and the moves played from it.
#[derive(Debug, Clone)]
pub struct Match {
    /// The start position.
    pub start: Position,
    /// The moves, in order.
    pub played: Vec<Played>,
}

impl Match {
    /// A game from `start`.
    pub fn new(start: Position) -> Match {
        Match {
            start,
            played: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.played.last().map_or(&self.start, |p| &p.after)
    }

    /// The hashes of the positions before the current one, oldest first
    /// (what [`Variant::game_end`] and the search take as history).
    pub fn history(&self) -> Vec<u64> {
        let mut h = Vec::with_capacity(self.played.len());
        if !self.played.is_empty() {
            h.push(self.start.hash);
            h.extend(
                self.played[..self.played.len() - 1]
                    .iter()
                    .map(|p| p.after.hash),
            );
        }
        h
    }

    /// The legal moves, sorted by their coordinate notation (as `myriad
    /// moves` prints them), with that notation.
    pub fn legal(&self, v: &Variant) -> Vec<(Move, String)> {
        let mut pos = self.position().clone();
        let mut list = Vec::new();
        v.legal_moves(&mut pos, &mut list);
        let mut out: Vec<(Move, String)> = list
            .into_iter()
            .map(|m| (m, move_to_string(v, m)))
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    }

    /// How the game has ended, if it has: the result and why.
    pub fn end(&self, v: &Variant) -> Option<(GameResult, EndReason)> {
        let mut pos = self.position().clone();
        let (outcome, why) = v.game_end(&mut pos, &self.history())?;
        Some((result_of(outcome, pos.side), why))
    }

    /// Read a move (SAN or coordinate notation) legal in the current position.
    pub fn read(&self, v: &Variant, text: &str) -> Result<Move, String> {
        parse_san(v, self.position(), text).map_err(|e| e.to_string())
    }

    /// Play a legal move (not checked: use [`Match::read`] or [`Match::legal`]).
    pub fn play(&mut self, v: &Variant, mv: Move) {
        let before = self.position();
        let san = move_to_san(v, before, mv);
        let mut after = before.clone();
        v.make(&mut after, mv);
        let fen = write_fen(v, &after);
        self.played.push(Played {
            mv,
            text: move_to_string(v, mv),
            san,
            after,
            fen,
        });
    }

    /// Read and play a move, unless the game is over or the move is not legal.
    pub fn play_text(&mut self, v: &Variant, text: &str) -> Result<Move, String> {
        if let Some((r, why)) = self.end(v) {
            return Err(format!(
                "the game is over ({}, {})",
                r.pgn(),
                reason_text(why)
            ));
        }
        if self.played.len() >= MAX_GAME_PLIES {
            return Err(format!("a game keeps at most {MAX_GAME_PLIES} moves"));
        }
        let mv = self.read(v, text)?;
        self.play(v, mv);
        Ok(mv)
    }

    /// Take back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.played.pop().is_some()
    }

    /// The same game under another compiled variant (rules reloaded): the
    /// current position must read as a FEN of `v`, or the reason it does
    /// not. If every earlier position reads too, the moves are kept (read
    /// again under `v`); otherwise the game starts from the current position.
    pub fn under(&self, old: &Variant, v: &Variant) -> Result<(Match, bool), String> {
        let current = parse_fen(v, &write_fen(old, self.position())).map_err(|e| e.to_string())?;
        let again = || -> Option<Match> {
            let mut m = Match::new(parse_fen(v, &write_fen(old, &self.start)).ok()?);
            for p in &self.played {
                let mv = m.legal(v).into_iter().find(|(_, t)| *t == p.text)?.0;
                m.play(v, mv);
            }
            (m.position() == &current).then_some(m)
        };
        Ok(match again() {
            Some(m) => (m, true),
            None => (Match::new(current), false),
        })
    }

    /// The last move, if any.
    pub fn last(&self) -> Option<&Played> {
        self.played.last()
    }
}

/// Where a move goes from and to, as square names: `from` is None for a
/// drop; for castling both are the royal piece's squares.
pub fn move_squares(v: &Variant, m: Move) -> (Option<String>, String) {
    let from = (m.kind != MoveKind::Drop).then(|| v.geo.name(m.from));
    (from, v.geo.name(m.to))
}
