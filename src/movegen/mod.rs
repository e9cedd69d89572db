//! The move-generation interpreter.
