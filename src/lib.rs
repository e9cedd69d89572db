//! Myriad: chess variants as rule files, one generic interpreter.
#![warn(missing_docs)]

pub mod board;
pub mod ir;
pub mod lang;
pub mod load;
pub mod movegen;
pub mod notation;
pub mod testing;
