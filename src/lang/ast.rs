//! The typed syntax tree of a rule file. Every node carries its [`Span`].
//!
//! The AST says what was written, not what it means: names are unresolved,
//! squares are text, numbers may be out of range. [`crate::ir::lower`] checks
//! and resolves it.

use super::diagnostic::Span;

/// A word from the source: a name, a label, a square, a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The text.
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// A string literal, escapes resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrLit {
    /// The contents, without quotes.
    pub value: String,
    /// Where it is, quotes included.
    pub span: Span,
}

/// A whole number as written (saturated at `u64::MAX` if larger).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uint {
    /// The value.
    pub value: u64,
    /// Where it is.
    pub span: Span,
}

/// A decimal number, kept as text (`3.25`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number {
    /// The text.
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// A vector `(x, y)`; components saturate at the bounds of `i64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vector {
    /// Sideways component.
    pub x: i64,
    /// Forward component.
    pub y: i64,
    /// Where it is.
    pub span: Span,
}

/// One square, or a rectangle given by two corners.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareSet {
    /// `e4`.
    One(Ident),
    /// `a2..h2`.
    Range {
        /// First corner.
        from: Ident,
        /// Second corner.
        to: Ident,
        /// The whole range.
        span: Span,
    },
}

impl SquareSet {
    /// Where it is.
    pub fn span(&self) -> Span {
        match self {
            SquareSet::One(s) => s.span,
            SquareSet::Range { span, .. } => *span,
        }
    }
}

/// A rule file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    /// `import` statements, in order.
    pub imports: Vec<Import>,
    /// Games, in order.
    pub games: Vec<Game>,
}

/// `import "path"`.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    /// The path as written.
    pub path: StrLit,
    /// The whole statement.
    pub span: Span,
}

/// `game Name [extends Parent] { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// The name.
    pub name: Ident,
    /// The parent game, if any.
    pub extends: Option<Ident>,
    /// Its blocks, in order.
    pub items: Vec<GameItem>,
    /// The whole game.
    pub span: Span,
}

/// A block of a game.
#[derive(Debug, Clone, PartialEq)]
pub enum GameItem {
    /// `board { ... }`.
    Board(Board),
    /// `players { ... }`.
    Players(Players),
    /// `directions { ... }`.
    Directions(Vec<DirectionDef>),
    /// `zones { ... }`.
    Zones(Vec<ZoneDef>),
    /// `piece ... { ... }`.
    Piece(Piece),
    /// `castling { ... }`.
    Castling(Castling),
    /// `setup { ... }`.
    Setup(Setup),
    /// `end { ... }`.
    End(End),
    /// `test "..." { ... }`.
    Test(Test),
}

/// Labels of files or ranks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Labels {
    /// `a..h`.
    Range {
        /// First label.
        from: Ident,
        /// Last label.
        to: Ident,
    },
    /// `a b c`.
    List(Vec<Ident>),
}

/// `board { files ..  ranks ..  holes .. }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// File labels.
    pub files: Labels,
    /// Where the file labels are.
    pub files_span: Span,
    /// Rank labels.
    pub ranks: Labels,
    /// Where the rank labels are.
    pub ranks_span: Span,
    /// Missing squares.
    pub holes: Vec<SquareSet>,
    /// The whole block.
    pub span: Span,
}

/// `players { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Players {
    /// The players in order.
    pub players: Vec<Player>,
    /// The whole block.
    pub span: Span,
}

/// A frame written after a player's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    /// `mirror ranks`.
    MirrorRanks,
    /// `mirror files`.
    MirrorFiles,
    /// `mirror both`.
    MirrorBoth,
}

/// One player.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The name.
    pub name: Ident,
    /// The frame, if one was written.
    pub frame: Option<(FrameKind, Span)>,
    /// The whole declaration.
    pub span: Span,
}

/// A direction name or a vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirItem {
    /// A built-in direction or a direction set.
    Name(Ident),
    /// `(x, y)`.
    Vector(Vector),
}

/// `name = item+` in `directions`.
#[derive(Debug, Clone, PartialEq)]
pub struct DirectionDef {
    /// The name.
    pub name: Ident,
    /// Its members.
    pub items: Vec<DirItem>,
    /// The whole definition.
    pub span: Span,
}

/// Part of a region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegionItem {
    /// `rank 8` or `rank 1..3`.
    Ranks {
        /// First rank label.
        from: Ident,
        /// Last rank label, for a range.
        to: Option<Ident>,
        /// The whole item.
        span: Span,
    },
    /// `file a` or `file a..c`.
    Files {
        /// First file label.
        from: Ident,
        /// Last file label, for a range.
        to: Option<Ident>,
        /// The whole item.
        span: Span,
    },
    /// Squares.
    Squares(SquareSet),
}

/// A union of region items.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The parts.
    pub items: Vec<RegionItem>,
    /// The whole region.
    pub span: Span,
}

/// The body of a zone.
#[derive(Debug, Clone, PartialEq)]
pub enum ZoneBody {
    /// `= region`, from the first player's side.
    Shared(Region),
    /// `{ white: region  black: region }`.
    PerPlayer(Vec<(Ident, Region)>),
}

/// A zone definition.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneDef {
    /// The name.
    pub name: Ident,
    /// Its squares.
    pub body: ZoneBody,
    /// The whole definition.
    pub span: Span,
}

/// `piece Name "L" [extends Other] { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// The name.
    pub name: Ident,
    /// The letter string.
    pub letter: StrLit,
    /// The piece it starts from.
    pub extends: Option<Ident>,
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
    /// `value N`.
    Value(Number),
    /// `resets_clock`.
    ResetsClock(Span),
    /// `moves { }` or `moves += { }`.
    Moves {
        /// True for `+=`.
        append: bool,
        /// The rules.
        rules: Vec<MoveRule>,
        /// The whole block.
        span: Span,
    },
    /// `promote in ZONE to Piece+`.
    Promote {
        /// The zone.
        zone: Ident,
        /// The choices.
        to: Vec<Ident>,
        /// The whole item.
        span: Span,
    },
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
}

/// One move rule.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRule {
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
    /// The whole block.
    pub span: Span,
}

/// A game-ending condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndKind {
    /// `checkmate`.
    Checkmate,
    /// `stalemate`.
    Stalemate,
    /// `repetition N`.
    Repetition(Uint),
    /// `no_progress N`.
    NoProgress(Uint),
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
}

/// `COND -> OUTCOME`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndRule {
    /// The condition.
    pub kind: EndKind,
    /// The result.
    pub outcome: Outcome,
    /// The whole rule.
    pub span: Span,
}

/// `test "title" { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Test {
    /// The title.
    pub title: StrLit,
    /// The steps.
    pub steps: Vec<TestStep>,
    /// The whole test.
    pub span: Span,
}

/// One test step.
#[derive(Debug, Clone, PartialEq)]
pub enum TestStepKind {
    /// `fen "..."`.
    Fen(StrLit),
    /// `play MOVE+`.
    Play(Vec<Ident>),
    /// `perft D = N`.
    Perft {
        /// Depth.
        depth: Uint,
        /// Nodes.
        nodes: Uint,
    },
    /// `legal MOVE+`.
    Legal(Vec<Ident>),
    /// `illegal MOVE+`.
    Illegal(Vec<Ident>),
    /// `moves = N`.
    MoveCount(Uint),
    /// `check`.
    Check,
    /// `not check`.
    NotCheck,
    /// `checkmate`.
    Checkmate,
    /// `stalemate`.
    Stalemate,
}

/// A test step with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct TestStep {
    /// What it checks.
    pub kind: TestStepKind,
    /// The whole step.
    pub span: Span,
}
