//! Diagnostic codes: one stable name per kind of problem, which tests and
//! tools match on instead of the wording of a message.
//!
//! A code is kebab-case (`unknown-name`, `off-board`), never renumbered or
//! reused; messages may be reworded freely, codes may not change.

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $text:literal,)*) => {
        /// The kind of a [`super::diagnostic::Diagnostic`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code as written in docs and tests.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $text,)*
                }
            }
        }
    };
}

codes! {
    /// The text does not follow the grammar.
    Syntax = "syntax",
    /// Nesting deeper than the language allows: blocks, `when` through
    /// macros, macros inside macros, `extends` chains.
    TooDeep = "too-deep",
    /// A macro parameter (`$x`) outside a macro, or a macro used wrongly
    /// (wrong number or kind of arguments, an unknown parameter, expanding
    /// past the budget).
    Macro = "macro",
    /// A file that cannot be read or imported (missing, too large, a cycle
    /// of imports).
    Import = "import",
    /// A name that is not declared: piece, direction, zone, option, player,
    /// game, choice; the help suggests the closest one.
    UnknownName = "unknown-name",
    /// A block the game needs and does not have (`board`, `players`,
    /// `setup`, ...), or a file without any game.
    MissingBlock = "missing-block",
    /// Something given twice where once is meant.
    Duplicate = "duplicate",
    /// A game, piece or direction set defined through itself.
    Cycle = "cycle",
    /// The board's files and ranks: empty, too many, badly ordered.
    BoardSize = "board-size",
    /// A square, file or rank that is not on the board.
    OffBoard = "off-board",
    /// A square or range that is (or covers) a hole in the board.
    Hole = "hole",
    /// A number outside the range it may take.
    OutOfRange = "out-of-range",
    /// A piece value that is not a number of pawns with at most two decimals.
    BadNumber = "bad-number",
    /// A piece letter that is not one ASCII letter, or is used twice.
    BadLetter = "bad-letter",
    /// A piece figure that is not a short lower-case name (`figure "cannon"`).
    BadFigure = "bad-figure",
    /// A game without exactly two players.
    Players = "players",
    /// A move rule that cannot mean anything (a zero or too long vector, a
    /// redefined built-in direction, `moves +=` with nothing to add to, a
    /// hop setting en passant, `then move` with several directions).
    BadRule = "bad-rule",
    /// Promotion to a royal piece.
    Promotion = "promotion",
    /// Castling that cannot be played as written.
    Castling = "castling",
    /// A `remove` of something the parent game does not declare, or in a
    /// game that extends none.
    Remove = "remove",
    /// A start position that cannot be played (two pieces on a square, no
    /// royal piece, the side not to move in check, nothing to mirror).
    ImpossibleSetup = "impossible-setup",
    /// An option whose vote and result do not go together.
    Vote = "vote",
    /// A `test` block whose steps are out of order or whose FEN is bad.
    Test = "test",
    /// The rules cannot be compiled (more piece types or castling sides
    /// than the interpreter supports).
    Compile = "compile",
    /// The `.weights` file beside a rule file (the engine's evaluation
    /// weights, written by `myriad tune`) cannot be read or says something
    /// that is not a weight.
    Weights = "weights",
    /// Warning: a direction set or zone that nothing uses, or an option
    /// that no `when` reads (each only where the loaded file declares it).
    Unused = "unused",
    /// Warning: a zone without squares.
    EmptyZone = "empty-zone",
    /// Warning: a piece without moves, or a rule that can never move (from
    /// no square of the board does it give a move).
    NeverMoves = "never-moves",
    /// Warning: a piece that can never enter the game (no setup, no
    /// reserve, no promotion leads to it).
    NeverEnters = "never-enters",
    /// A `test` block's expectation that did not hold (from `myriad test`).
    TestFailed = "test-failed",
    /// A condition that can never happen in this game: counting checks or
    /// forbidding check where no piece is royal.
    Unreachable = "unreachable",
    /// A `captured` promotion to a piece the setup never places.
    CapturedPromotion = "captured-promotion",
    /// Warning: a `test` block with only `fen`, `play` and `option` steps,
    /// nothing it checks.
    AssertsNothing = "asserts-nothing",
    /// A `gating` zone with two squares of one player on one file (the
    /// FEN names gating rights by file).
    GatingZone = "gating-zone",
}
