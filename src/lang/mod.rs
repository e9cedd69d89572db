//! Text to AST: the grammar, the parser and diagnostics. Knows nothing of chess.

pub mod ast;
pub mod codes;
pub mod diagnostic;
pub mod parser;
