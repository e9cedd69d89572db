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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uint {
    /// The value (0 for a parameter).
    pub value: u64,
    /// Where it is.
    pub span: Span,
    /// `$N` inside a macro body: the parameter's name, without `$`. Macro
    /// expansion replaces it; it never reaches lowering.
    pub param: Option<String>,
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
    /// Macros (`define`), in order.
    pub defines: Vec<Define>,
}

/// `define NAME(P1, P2) { game_item* }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Define {
    /// The name.
    pub name: Ident,
    /// The parameters, without `$`.
    pub params: Vec<Ident>,
    /// The body.
    pub items: Vec<GameItem>,
    /// The whole definition.
    pub span: Span,
}

/// An argument of `use`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MacroArg {
    /// A name (or `$P` inside another macro).
    Name(Ident),
    /// A whole number.
    Number(Uint),
}

impl MacroArg {
    /// Where it is.
    pub fn span(&self) -> Span {
        match self {
            MacroArg::Name(i) => i.span,
            MacroArg::Number(n) => n.span,
        }
    }
}

/// `use NAME(arg, ...)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Use {
    /// The macro.
    pub name: Ident,
    /// The arguments.
    pub args: Vec<MacroArg>,
    /// The whole item.
    pub span: Span,
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
    /// `reserve { ... }`.
    Reserve(Reserve),
    /// `drop Piece { ... }`.
    Drop(Drop),
    /// `option NAME "prompt" { ... }`.
    Option(OptionDecl),
    /// `when OPTION == CHOICE { ... }`.
    When(When),
    /// `use NAME(args)`.
    Use(Use),
}

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
#[derive(Debug, Clone, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// `option NAME = VALUE ...`.
    Options(Vec<(Ident, Ident)>),
    /// `vote OPTION PLAYER CHOICE ... -> CHOICE|refused`.
    Vote {
        /// The option.
        option: Ident,
        /// (player, choice) in order.
        ballots: Vec<(Ident, Ident)>,
        /// The expected result; None for `refused`.
        expect: Option<Ident>,
    },
}

/// A test step with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct TestStep {
    /// What it checks.
    pub kind: TestStepKind,
    /// The whole step.
    pub span: Span,
}

// ============================================================================
// Walking names and numbers (macro substitution)
// ============================================================================

/// A place where a macro parameter `$P` may stand.
#[derive(Debug)]
pub enum Slot<'a> {
    /// A name.
    Name(&'a mut Ident),
    /// A whole number.
    Number(&'a mut Uint),
    /// An argument of `use`: a name or a number.
    Arg(&'a mut MacroArg),
}

/// Call `f` on every name, whole number and macro argument of `items`, in
/// source order. Labels, squares and moves are not visited (they cannot hold
/// a parameter).
pub fn walk_items(items: &mut [GameItem], f: &mut dyn FnMut(Slot<'_>)) {
    for item in items {
        walk_item(item, f);
    }
}

fn walk_filter(x: &mut Filter, f: &mut dyn FnMut(Slot<'_>)) {
    for p in &mut x.pieces {
        f(Slot::Name(p));
    }
}

fn walk_dir(d: &mut DirItem, f: &mut dyn FnMut(Slot<'_>)) {
    if let DirItem::Name(n) = d {
        f(Slot::Name(n));
    }
}

fn walk_modifiers(ms: &mut [Modifier], f: &mut dyn FnMut(Slot<'_>)) {
    for m in ms {
        if let Modifier::When(conds, _) = m {
            for c in conds {
                if let Condition::From { zone, .. } = c {
                    f(Slot::Name(zone));
                }
            }
        }
    }
}

fn walk_rule(r: &mut MoveRule, f: &mut dyn FnMut(Slot<'_>)) {
    match r {
        MoveRule::Ride(r) => {
            r.dirs.iter_mut().for_each(|d| walk_dir(d, f));
            match &mut r.range {
                Some(RangeSpec::Max(n) | RangeSpec::Exactly(n)) => f(Slot::Number(n)),
                None => {}
            }
            walk_modifiers(&mut r.modifiers, f);
        }
        MoveRule::Hop(h) => {
            h.dirs.iter_mut().for_each(|d| walk_dir(d, f));
            if let Some(o) = &mut h.over {
                walk_filter(o, f);
            }
            walk_modifiers(&mut h.modifiers, f);
        }
        MoveRule::Prefer {
            first, fallback, ..
        } => {
            first.iter_mut().for_each(|r| walk_rule(r, f));
            fallback.iter_mut().for_each(|r| walk_rule(r, f));
        }
    }
}

fn walk_item(item: &mut GameItem, f: &mut dyn FnMut(Slot<'_>)) {
    match item {
        GameItem::Board(_) => {}
        GameItem::Players(p) => {
            for pl in &mut p.players {
                f(Slot::Name(&mut pl.name));
            }
        }
        GameItem::Directions(defs) => {
            for d in defs {
                f(Slot::Name(&mut d.name));
                d.items.iter_mut().for_each(|i| walk_dir(i, f));
            }
        }
        GameItem::Zones(defs) => {
            for z in defs {
                f(Slot::Name(&mut z.name));
                if let ZoneBody::PerPlayer(parts) = &mut z.body {
                    for (player, _) in parts {
                        f(Slot::Name(player));
                    }
                }
            }
        }
        GameItem::Piece(p) => {
            f(Slot::Name(&mut p.name));
            if let Some(e) = &mut p.extends {
                f(Slot::Name(e));
            }
            if let Some(r) = &mut p.replaces {
                f(Slot::Name(r));
            }
            for it in &mut p.items {
                match it {
                    PieceItem::Moves { rules, .. } => {
                        rules.iter_mut().for_each(|r| walk_rule(r, f));
                    }
                    PieceItem::Promote { zone, to, .. } => {
                        f(Slot::Name(zone));
                        to.iter_mut().for_each(|t| f(Slot::Name(t)));
                    }
                    PieceItem::Royal(_) | PieceItem::Value(_) | PieceItem::ResetsClock(_) => {}
                }
            }
        }
        GameItem::Castling(c) => {
            f(Slot::Name(&mut c.king));
            f(Slot::Name(&mut c.partner));
            for s in &mut c.sides {
                f(Slot::Name(&mut s.name));
            }
        }
        GameItem::Setup(s) => {
            for p in &mut s.players {
                f(Slot::Name(&mut p.player));
                if let SetupBody::Placements(list) = &mut p.body {
                    for pl in list {
                        f(Slot::Name(&mut pl.piece));
                    }
                }
            }
        }
        GameItem::End(e) => {
            for r in &mut e.rules {
                match &mut r.kind {
                    EndKind::Repetition(n) | EndKind::NoProgress(n) => f(Slot::Number(n)),
                    EndKind::Checkmate | EndKind::Stalemate => {}
                }
            }
        }
        GameItem::Test(t) => {
            for s in &mut t.steps {
                match &mut s.kind {
                    TestStepKind::Perft { depth, nodes } => {
                        f(Slot::Number(depth));
                        f(Slot::Number(nodes));
                    }
                    TestStepKind::MoveCount(n) => f(Slot::Number(n)),
                    TestStepKind::Options(list) => {
                        for (a, b) in list {
                            f(Slot::Name(a));
                            f(Slot::Name(b));
                        }
                    }
                    TestStepKind::Vote {
                        option,
                        ballots,
                        expect,
                    } => {
                        f(Slot::Name(option));
                        for (a, b) in ballots {
                            f(Slot::Name(a));
                            f(Slot::Name(b));
                        }
                        if let Some(e) = expect {
                            f(Slot::Name(e));
                        }
                    }
                    _ => {}
                }
            }
        }
        GameItem::Reserve(r) => {
            for (player, entries) in &mut r.players {
                f(Slot::Name(player));
                for (piece, n) in entries {
                    f(Slot::Name(piece));
                    if let Some(n) = n {
                        f(Slot::Number(n));
                    }
                }
            }
        }
        GameItem::Drop(d) => {
            f(Slot::Name(&mut d.piece));
            for it in &mut d.items {
                match it {
                    DropItem::Zone(z, _) => f(Slot::Name(z)),
                    DropItem::RequireEmpty(..) => {}
                    DropItem::RequirePiece(filter, ..) => walk_filter(filter, f),
                    DropItem::Move { dir, steps, .. } => {
                        walk_dir(dir, f);
                        f(Slot::Number(steps));
                    }
                }
            }
        }
        GameItem::Option(o) => {
            f(Slot::Name(&mut o.name));
            o.choices.iter_mut().for_each(|c| f(Slot::Name(c)));
            if let Some(d) = &mut o.default {
                f(Slot::Name(d));
            }
            if let Some((voters, _)) = &mut o.vote {
                for v in voters {
                    f(Slot::Name(&mut v.player));
                    if let Some((p, c)) = &mut v.when {
                        f(Slot::Name(p));
                        f(Slot::Name(c));
                    }
                }
            }
            if let Some((a, b, _)) = &mut o.result {
                f(Slot::Name(a));
                f(Slot::Name(b));
            }
        }
        GameItem::When(w) => {
            f(Slot::Name(&mut w.option));
            f(Slot::Name(&mut w.choice));
            walk_items(&mut w.items, f);
        }
        GameItem::Use(u) => {
            f(Slot::Name(&mut u.name));
            u.args.iter_mut().for_each(|a| f(Slot::Arg(a)));
        }
    }
}
