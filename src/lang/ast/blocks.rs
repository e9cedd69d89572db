//! Syntax-tree nodes of castling, the setup and the end conditions.

use super::*;

/// `castling { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Castling {
    /// The castling piece.
    pub king: Ident,
    /// Its partner.
    pub partner: Ident,
    /// The wings.
    pub sides: Vec<CastleSide>,
    /// The whole block.
    pub span: Span,
}

/// `side NAME { king SQ -> SQ | SQ  partner SQ -> SQ }`.
#[derive(Debug, Clone, PartialEq)]
pub struct CastleSide {
    /// The name.
    pub name: Ident,
    /// King start.
    pub king_from: Ident,
    /// King destinations.
    pub king_to: Vec<Ident>,
    /// Partner start.
    pub partner_from: Ident,
    /// Partner destination.
    pub partner_to: Ident,
    /// The whole side.
    pub span: Span,
}

/// `setup { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// One entry per player.
    pub players: Vec<SetupPlayer>,
    /// The whole block.
    pub span: Span,
}

/// One player's part of the setup.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupPlayer {
    /// The player.
    pub player: Ident,
    /// Placements or `mirror`.
    pub body: SetupBody,
    /// The whole entry.
    pub span: Span,
}

/// Placements or a mirror of the first player's.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupBody {
    /// `mirror`.
    Mirror(Span),
    /// `{ Piece sq ... }`.
    Placements(Vec<Placement>),
}

/// `Piece sq sq..sq`.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// The piece.
    pub piece: Ident,
    /// Its squares.
    pub squares: Vec<SquareSet>,
    /// The whole placement.
    pub span: Span,
}

/// `end { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct End {
    /// The conditions.
    pub rules: Vec<EndRule>,
    /// `points { ... }` tables, in order (one is allowed).
    pub points: Vec<PointsTable>,
    /// The whole block.
    pub span: Span,
}

/// A game-ending condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndKind {
    /// `checkmate`.
    Checkmate,
    /// `checkmate by drop P+`: a checkmate given by dropping one of these.
    DropMate(Vec<Ident>),
    /// `stalemate`.
    Stalemate,
    /// `repetition N`.
    Repetition(Uint),
    /// `no_progress N`.
    NoProgress(Uint),
    /// `checks N`: a player has given check N times.
    Checks(Uint),
    /// `PIECE... reaches ZONE`.
    Reach(Reach),
    /// `extinct all [except P+]` or `extinct P+`.
    Extinct(Extinct),
    /// `bare P+`: a player left with only pieces of these types.
    Bare(Vec<Ident>),
    /// `passes N`: N passes in a row.
    Passes(Uint),
    /// `facing PIECE... along DIRS`: while it holds, the side to move must
    /// end it or pass, and a pass ends the game.
    Facing {
        /// The piece types.
        pieces: Vec<Ident>,
        /// The lines.
        dirs: Vec<DirItem>,
    },
    /// `counting without P+ { board N  P K -> N ...  else N }`.
    Counting(Counting),
    /// `perpetual check`: a repetition in which one player checked with
    /// every move (the outcome is for that player).
    Perpetual,
}

/// `points { NAME N ... }`: material points of pieces, bonuses of players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsTable {
    /// `NAME N`, in order: a piece or a player, and its points.
    pub entries: Vec<(Ident, Number)>,
    /// The whole table.
    pub span: Span,
}

/// A `counting` rule, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counting {
    /// The pieces whose presence on the board stops the count.
    pub without: Vec<Ident>,
    /// `board N`: the limit while the counting player is not bare.
    pub board: Uint,
    /// `P K -> N`: the limit when the opponent has K or more of P.
    pub limits: Vec<(Ident, Uint, Uint)>,
    /// `else N`: the limit for a bare player otherwise.
    pub otherwise: Uint,
}

/// The pieces an `extinct` rule counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extinct {
    /// `all`: every piece type, less `pieces`; else only `pieces`.
    pub all: bool,
    /// The pieces named (after `except`, or alone).
    pub pieces: Vec<Ident>,
}

/// `remove ...`: what an inherited game declared, dropped.
#[derive(Debug, Clone, PartialEq)]
pub struct Remove {
    /// What is removed.
    pub what: RemoveWhat,
    /// The whole item.
    pub span: Span,
}

/// The thing a `remove` drops.
#[derive(Debug, Clone, PartialEq)]
pub enum RemoveWhat {
    /// `remove castling`.
    Castling,
    /// `remove end`.
    End,
    /// `remove must capture`.
    MustCapture,
    /// `remove piece A B`.
    Pieces(Vec<Ident>),
    /// `remove zone a b`.
    Zones(Vec<Ident>),
}

/// A result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `loss`.
    Loss,
    /// `win`.
    Win,
    /// `draw`.
    Draw,
    /// `points`: decided by the `points` table.
    Points,
}

/// `COND -> OUTCOME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndRule {
    /// The condition.
    pub kind: EndKind,
    /// The result.
    pub outcome: Outcome,
    /// The whole rule.
    pub span: Span,
}
