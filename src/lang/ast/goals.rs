//! Syntax-tree nodes of the goals a player reaches and of position-level
//! legality: `reaches` and `checks` end conditions, the `forbid` block.

use super::*;

/// `PIECE... reaches ZONE -> O [answered -> O]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The piece types that count.
    pub pieces: Vec<Ident>,
    /// The zone they reach (each player's own squares of it).
    pub zone: Ident,
    /// `answered -> O`: the result when the second player answers the first
    /// player's arrival by arriving too.
    pub answered: Option<Outcome>,
}

/// `forbid { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Forbid {
    /// The conditions.
    pub rules: Vec<ForbidRule>,
    /// The whole block.
    pub span: Span,
}

/// One condition that makes a move illegal if it holds afterwards.
#[derive(Debug, Clone, PartialEq)]
pub enum ForbidKind {
    /// `check`: the move gives check.
    Check,
    /// `facing PIECE... along DIRS`.
    Facing {
        /// The piece types.
        pieces: Vec<Ident>,
        /// The lines.
        dirs: Vec<DirItem>,
    },
}

/// A condition with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct ForbidRule {
    /// The condition.
    pub kind: ForbidKind,
    /// The whole condition.
    pub span: Span,
}

/// `explosion { around DIRS [removes FILTER] }`: captures with side effects.
#[derive(Debug, Clone, PartialEq)]
pub struct Explosion {
    /// The squares around the capture square, as vectors from it.
    pub around: Vec<DirItem>,
    /// Which pieces there are removed (`None`: every piece).
    pub removes: Option<Filter>,
    /// The whole block.
    pub span: Span,
}
