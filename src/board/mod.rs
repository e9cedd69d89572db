//! Board geometry and positions: squares, bitsets, piece codes, zobrist keys.

mod bitset;
mod castling;
mod geometry;
mod position;
pub mod zobrist;

pub use bitset::{Bitset, Narrow};
pub use castling::{CastlingRights, MAX_WINGS};
pub use geometry::Geometry;
pub use position::{
    Color, Kind, MAX_KINDS, Piece, Position, Square, checks_key, count_key, reserve_key,
};
