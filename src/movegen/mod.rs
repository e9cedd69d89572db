//! The move-generation interpreter: the IR compiled into per-square tables at
//! load time, then pseudo-legal generation, legality, make/unmake and perft.

mod activity;
mod analysis;
mod attack;
mod compile;
mod compulsory;
mod counting;
mod end;
mod exchange;
mod explode;
mod gating;
mod generate;
mod goals;
mod hand;
mod lines;
mod make;
mod overlap;
mod perft;
mod plain;
mod probe;
mod reach;
mod sets;
mod tables;

pub use activity::Activity;
pub use end::EndReason;
pub use make::{NullUndo, Undo};
pub use perft::{
    DivideEntry, MAX_PERFT_DEPTH, default_threads, perft, perft_divide, perft_divide_threads,
    perft_threads,
};
pub use tables::{CompileError, Variant};

use crate::board::Square;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A move that sets an en-passant square (`data`).
    SetsEnPassant,
    /// A move that promotes to piece type `data`.
    Promotion,
    /// An en-passant capture.
    EnPassant,
    /// Castling on wing `data`; from/to are the royal piece's squares.
    Castle,
    /// A drop from the reserve onto `to` by the mover's drop rule number
    /// `data` ([`Variant::drop_piece`] says which piece type it places).
    Drop,
    /// A pass (`pass`): nothing moves. From and to are the same square: the
    /// mover's royal piece, or its first piece if it has not exactly one.
    Pass,
}

/// A move, five bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Start square (the drop square for drops).
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Kind.
    pub kind: MoveKind,
    /// Kind-dependent: ep square, promotion piece, castling wing, dropped piece.
    pub data: u8,
    /// `gating`: 0 for none, else the piece from the hand that enters the
    /// square the move leaves, as `1 + kind`, plus [`Move::GATE_ON_PARTNER`]
    /// when a castling move gates on its partner's square, not the king's.
    pub gate: u8,
}

impl Move {
    /// [`Move::gate`]'s flag: the piece enters on the castling partner's square.
    pub const GATE_ON_PARTNER: u8 = 64;

    /// A plain move.
    #[inline(always)]
    pub fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, 0)
    }

    /// A move without gating.
    #[inline(always)]
    pub fn new(from: Square, to: Square, kind: MoveKind, data: u8) -> Move {
        Move {
            from,
            to,
            kind,
            data,
            gate: 0,
        }
    }

    /// The piece type that enters by gating, if any.
    #[inline(always)]
    pub fn gated(self) -> Option<crate::board::Kind> {
        (self.gate != 0).then(|| crate::board::Kind::new(((self.gate - 1) & 63) as usize))
    }

    /// Does the gated piece enter on the castling partner's square?
    #[inline(always)]
    pub fn gates_on_partner(self) -> bool {
        self.gate & Move::GATE_ON_PARTNER != 0
    }

    /// The move as one number (its five bytes), equal for equal moves and
    /// different for different ones: for comparing many moves with a few
    /// in one integer comparison each.
    #[inline(always)]
    pub fn key(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 8
            | (self.kind as u64) << 16
            | u64::from(self.data) << 24
            | u64::from(self.gate) << 32
    }

    /// [`Move::key`] of a move if any, else a number no move has.
    #[inline(always)]
    pub fn key_of(m: Option<Move>) -> u64 {
        m.map_or(u64::MAX, Move::key)
    }
}
