//! Syntax-tree nodes of the tests written inside a game (`test` blocks).

use super::*;

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
    /// `fen is "..."`: the current position, as FEN, is this one.
    FenIs(StrLit),
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
    /// `extinct`.
    Extinct,
    /// `bare`.
    Bare,
    /// `counting`.
    Counting,
    /// `result O`: the game is over with O for the side to move.
    Result(Outcome),
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
