//! Text forms of positions and moves: FEN, coordinate notation and SAN.

mod fen;
mod moves;
mod san;

pub use fen::{FenError, FenField, check_position, diagram, parse_fen, write_fen};
pub use moves::{MoveError, move_to_string, parse_move};
pub use san::{SanError, move_to_san, parse_san};
