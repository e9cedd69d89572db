//! Myriad: chess variants as rule files, one generic interpreter.
//!
//! A variant is a text file (`rules/*.variant`) in Myriad's rule language.
//! [`load`] parses it ([`lang`]), resolves and validates it into a rule set
//! ([`ir`]), and compiles that into the tables of the move-generation
//! interpreter ([`movegen`]), which knows nothing of any particular game.
//!
//! ```
//! use myriad::load::load;
//! use myriad::movegen::perft;
//! use myriad::notation::{move_to_string, parse_fen, parse_move, write_fen};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let root = env!("CARGO_MANIFEST_DIR");
//! // Load a rule file: errors come back rendered with file:line:col.
//! let game = load(std::path::Path::new(&format!("{root}/rules/chess.variant")))?;
//! let v = &game.variant;
//!
//! // Positions are read and written as FEN; moves in coordinate notation.
//! let mut pos = v.start_position();
//! assert_eq!(perft(v, &mut pos, 3), 8902);
//! let m = parse_move(v, &mut pos, "e2e4")?;
//! v.make(&mut pos, m);
//! // No black pawn can take on e3, so no en-passant square is recorded.
//! assert_eq!(write_fen(v, &pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//!
//! // Legal moves of the side to move.
//! let mut moves = Vec::new();
//! v.legal_moves(&mut pos, &mut moves);
//! assert_eq!(moves.len(), 20);
//! assert!(moves.iter().any(|&m| move_to_string(v, m) == "e7e5"));
//!
//! // Any FEN of the variant: holes are `*`, reserves follow in brackets.
//! let mut kiwipete = parse_fen(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! assert_eq!(perft(v, &mut kiwipete, 2), 2039);
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

pub mod board;
pub mod eval;
pub mod ir;
pub mod lang;
pub mod load;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod protocol;
pub mod search;
pub mod server;
pub mod testing;
pub mod workbench;
