//! Syntax-tree nodes of pieces in hand and of options: reserves, drops,
//! options and their votes, and `when` blocks.

use super::*;

/// `reserve { white: Piece N ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reserve {
    /// Per player: the player and its entries.
    pub players: Vec<(Ident, Vec<ReserveEntry>)>,
    /// The whole block.
    pub span: Span,
}

/// `Piece [N]` in a reserve.
pub type ReserveEntry = (Ident, Option<Uint>);

/// A part of a drop rule.
#[derive(Debug, Clone, PartialEq)]
pub enum DropItem {
    /// `in ZONE`.
    Zone(Ident, Span),
    /// `require empty at (x,y)`.
    RequireEmpty(Vector, Span),
    /// `require FILTER at (x,y)`.
    RequirePiece(Filter, Vector, Span),
    /// `max N per file`.
    PerFile(Uint, Span),
    /// `then move (x,y) DIR N [sets en_passant]`.
    Move {
        /// The square of the piece moved, relative to the drop square.
        at: Vector,
        /// Its direction.
        dir: DirItem,
        /// Number of steps.
        steps: Uint,
        /// `sets en_passant`.
        sets_ep: bool,
        /// The whole item.
        span: Span,
    },
}

/// `drop Piece { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Drop {
    /// The piece dropped.
    pub piece: Ident,
    /// Its parts, in order.
    pub items: Vec<DropItem>,
    /// The whole rule.
    pub span: Span,
}

/// `option NAME "prompt" { choices ..  default ..  vote { .. }  result .. }`.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionDecl {
    /// The name.
    pub name: Ident,
    /// The question.
    pub prompt: StrLit,
    /// The choices.
    pub choices: Vec<Ident>,
    /// `default A`.
    pub default: Option<Ident>,
    /// `vote { .. }`: voters and their conditions (earlier voter, choice), with the block's span.
    pub vote: Option<(Vec<Voter>, Span)>,
    /// `result any A else B`, with its span.
    pub result: Option<(Ident, Ident, Span)>,
    /// The whole declaration.
    pub span: Span,
}

/// A voter in `vote { .. }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Voter {
    /// The player.
    pub player: Ident,
    /// `when PLAYER == CHOICE`.
    pub when: Option<(Ident, Ident)>,
    /// The whole voter.
    pub span: Span,
}

/// `when OPTION == CHOICE { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct When {
    /// The option.
    pub option: Ident,
    /// The choice.
    pub choice: Ident,
    /// The blocks used with that choice.
    pub items: Vec<GameItem>,
    /// The whole block.
    pub span: Span,
}
