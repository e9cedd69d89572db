//! Text forms of positions, moves and games: FEN, coordinate notation, SAN, PGN.

mod fen;
mod gates;
mod moves;
mod pgn;
mod san;

pub use fen::{FenError, FenField, check_position, diagram, parse_fen, write_fen};
pub(crate) use moves::gate_suffix;
pub use moves::{MoveError, move_to_string, parse_move};
pub use pgn::{MAX_PGN_BYTES, PgnGame, options_tag, read_pgn, write_pgn};
pub use san::{SanError, move_to_san, parse_san};
