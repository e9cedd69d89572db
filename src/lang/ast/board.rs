//! Syntax-tree nodes of the board and the players, directions and zones.

use super::*;

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
