//! The typed syntax tree of a rule file. Every node carries its [`Span`].
//!
//! The AST says what was written, not what it means: names are unresolved,
//! squares are text, numbers may be out of range. [`crate::ir::lower`] checks
//! and resolves it.
//!
//! This file holds the leaves (names, strings, numbers, vectors, squares), the
//! file and its games and macros, and the list of game blocks; the blocks'
//! own nodes are in the submodules, one topic each, all re-exported here.

use super::diagnostic::Span;

mod blocks;
mod board;
mod goals;
mod hand;
mod pieces;
mod test_blocks;
pub use blocks::*;
pub use board::*;
pub use goals::*;
pub use hand::*;
pub use pieces::*;
pub use test_blocks::*;

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
    /// `forbid { ... }`.
    Forbid(Forbid),
    /// `remove ...`: drop an inherited block.
    Remove(Remove),
    /// `must capture`.
    MustCapture(Span),
    /// `explosion { ... }`.
    Explosion(Explosion),
    /// `pass`: a player may pass instead of moving.
    Pass(Span),
    /// `captures to hand`: captured pieces go to the captor's reserve.
    CapturesToHand(Span),
    /// `gating in ZONE`: a piece from the hand may enter a square of the
    /// zone as its first occupant leaves it.
    Gating(Ident, Span),
}
