//! Text to AST: the grammar, the parser, the syntax tree and its walker, and
//! diagnostics. Knows nothing of chess.

pub mod ast;
pub mod codes;
pub mod diagnostic;
pub mod parser;
pub mod visit;
