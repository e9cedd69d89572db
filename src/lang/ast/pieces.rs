//! Syntax-tree nodes of pieces and their move rules.

use super::*;

/// `piece Name "L" [extends Other] { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// The name.
    pub name: Ident,
    /// The letter string.
    pub letter: StrLit,
    /// The piece it starts from.
    pub extends: Option<Ident>,
    /// The piece it replaces (and starts from).
    pub replaces: Option<Ident>,
    /// Its properties, in order.
    pub items: Vec<PieceItem>,
    /// The whole declaration.
    pub span: Span,
}

/// A property of a piece.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceItem {
    /// `royal`.
    Royal(Span),
    /// `not royal`.
    NotRoyal(Span),
    /// `value N`.
    Value(Number),
    /// `resets_clock`.
    ResetsClock(Span),
    /// `figure "name"`: how a board draws it.
    Figure(StrLit),
    /// `moves { }` or `moves += { }`.
    Moves {
        /// True for `+=`.
        append: bool,
        /// The rules.
        rules: Vec<MoveRule>,
        /// The whole block.
        span: Span,
    },
    /// `promote in ZONE to [captured] Piece+ [optional]`.
    Promote {
        /// The zone.
        zone: Ident,
        /// The choices.
        to: Vec<Ident>,
        /// `captured` and `optional`, if written.
        how: PromoteHow,
        /// The whole item.
        span: Span,
    },
    /// `uncapturable [by Piece+]`.
    Uncapturable {
        /// The pieces named after `by`; None: every piece.
        by: Option<Vec<Ident>>,
        /// The whole item.
        span: Span,
    },
    /// `never captures Piece+` or `never hops over Piece+`.
    Never {
        /// Which.
        what: Never,
        /// The pieces.
        pieces: Vec<Ident>,
        /// The whole item.
        span: Span,
    },
}

/// What a `never` item forbids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Never {
    /// `never captures`.
    Captures,
    /// `never hops over`.
    HopsOver,
}

/// The primitive of a move rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    /// `step`.
    Step,
    /// `slide`.
    Slide,
    /// `leap`.
    Leap,
}

/// `max N` or `exactly N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeSpec {
    /// `max N`.
    Max(Uint),
    /// `exactly N`.
    Exactly(Uint),
}

/// What a landing square may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// `empty`.
    Empty,
    /// `enemy`.
    Enemy,
    /// `not_friend`.
    NotFriend,
    /// `en_passant`.
    EnPassant,
}

/// A condition after `when`.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// `from [not] in ZONE`.
    From {
        /// True for `not in`.
        negated: bool,
        /// The zone.
        zone: Ident,
        /// The whole condition.
        span: Span,
    },
    /// `occupied (x,y)`.
    Occupied(Vector, Span),
    /// `empty (x,y)`.
    Empty(Vector, Span),
}

/// A modifier of a move rule.
#[derive(Debug, Clone, PartialEq)]
pub enum Modifier {
    /// `to KIND`.
    To(TargetKind, Span),
    /// `when COND and COND`.
    When(Vec<Condition>, Span),
    /// `sets en_passant`.
    SetsEnPassant(Span),
    /// `capturing FILTER`: only pieces passing the filter are captured.
    Capturing(Filter, Span),
    /// `within ZONE`: the move starts, passes and lands in the zone.
    Within(Ident, Span),
}

/// One move rule.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveRule {
    /// `step`, `slide` or `leap`.
    Ride(RideRule),
    /// `hop ...`.
    Hop(HopRule),
    /// `prefer { .. } else { .. }`.
    Prefer {
        /// The preferred rules.
        first: Vec<MoveRule>,
        /// The rules used when the first yield no move.
        fallback: Vec<MoveRule>,
        /// The whole rule.
        span: Span,
    },
}

/// Where a hop lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HopShapeKind {
    /// `first`.
    First,
    /// `next`.
    Next,
    /// `slide`.
    Slide,
}

/// An owner in a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerKind {
    /// `friend`.
    Friend,
    /// `enemy`.
    Enemy,
}

/// `any` or `[not] [friend|enemy] [Piece+]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    /// `not`.
    pub negate: bool,
    /// `friend` or `enemy`.
    pub owner: Option<OwnerKind>,
    /// Piece names.
    pub pieces: Vec<Ident>,
    /// The whole filter (`any` is the empty filter).
    pub span: Span,
}

/// `hop DIRS [over FILTER] then SHAPE modifier*`.
#[derive(Debug, Clone, PartialEq)]
pub struct HopRule {
    /// Directions and vectors.
    pub dirs: Vec<DirItem>,
    /// The screen filter.
    pub over: Option<Filter>,
    /// The landing shape.
    pub shape: HopShapeKind,
    /// Modifiers in order.
    pub modifiers: Vec<Modifier>,
    /// The whole rule.
    pub span: Span,
}

/// A step, slide or leap rule.
#[derive(Debug, Clone, PartialEq)]
pub struct RideRule {
    /// step, slide or leap.
    pub kind: MoveKind,
    /// Directions and vectors.
    pub dirs: Vec<DirItem>,
    /// `max N` / `exactly N` (slide only).
    pub range: Option<RangeSpec>,
    /// `sym` (leap only), with its span.
    pub sym: Option<Span>,
    /// Modifiers in order.
    pub modifiers: Vec<Modifier>,
    /// The whole rule.
    pub span: Span,
}

/// The two words that qualify a `promote` item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PromoteHow {
    /// `captured`: a choice is offered only while the player has fewer of it
    /// on the board than the setup places.
    pub captured: bool,
    /// `optional`: the unpromoted move stays legal where the piece could still move.
    pub optional: bool,
    /// `in or from`: a move that starts in the zone promotes too.
    pub leaving: bool,
}
