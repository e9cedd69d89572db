//! Text forms of positions and moves: FEN and coordinate notation.

mod fen;
mod moves;

pub use fen::{FenError, diagram, parse_fen, write_fen};
pub use moves::{MoveError, move_to_string, parse_move};
