//! The typed errors of the UCI front end (why a command failed).
//!
//! Each is written as the one `info string error: ...` line the engine
//! answers with ([`super::uci`]); the game in progress is kept.

use crate::load::LoadError;
use crate::notation::{FenError, MoveError};
use crate::search::TtError;

/// A UCI command that failed, and why.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// `UCI_Variant` names a bundled file that is not there.
    #[error("no bundled rule file `{0}` (rules directory not found?)")]
    NoBundledFile(String),
    /// The rule file does not load (rendered diagnostics).
    #[error("{}", .0.rendered())]
    Load(Box<LoadError>),
    /// `setoption` without `name`.
    #[error("setoption: expected `setoption name NAME [value VALUE]`")]
    SetoptionSyntax,
    /// A `Hash` size out of range.
    #[error("setoption Hash: `{value}` is not 1..{max}")]
    HashRange {
        /// The value given.
        value: String,
        /// The largest size, MB.
        max: usize,
    },
    /// A `Threads` count out of range.
    #[error("setoption Threads: `{value}` is not 1..{max}")]
    ThreadsRange {
        /// The value given.
        value: String,
        /// The most threads.
        max: usize,
    },
    /// A new table of the asked size could not be had.
    #[error("setoption Hash: {err}; the table stays at {kept_mb} MB")]
    HashAlloc {
        /// Why not.
        err: TtError,
        /// The size kept, MB.
        kept_mb: usize,
    },
    /// `UCI_Variant` names no bundled variant.
    #[error("setoption UCI_Variant: unknown variant `{value}` (known: {known})")]
    UnknownVariant {
        /// The value given.
        value: String,
        /// The bundled names, comma separated.
        known: String,
    },
    /// An option neither the engine nor the rule file has.
    #[error("setoption: unknown option `{0}`")]
    UnknownOption(String),
    /// A value that is not one of a rule-file option's choices.
    #[error("setoption {name}: `{value}` is not a choice (choices: {choices})")]
    NotAChoice {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// Its choices, comma separated.
        choices: String,
    },
    /// A command that needs a variant before one is loaded.
    #[error("{0}: no variant loaded")]
    NoVariant(&'static str),
    /// `position` not followed by `startpos` or `fen FEN`.
    #[error("position: expected `position startpos|fen FEN [moves ...]`")]
    PositionSyntax,
    /// `position fen` with a bad FEN.
    #[error("position: {0}")]
    Fen(FenError),
    /// A move of `position ... moves` that is not legal (1-based index).
    #[error("position: move {index}: {err}")]
    Move {
        /// Which move, from 1.
        index: usize,
        /// Why.
        err: MoveError,
    },
}

/// A command line that is skipped before it is read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Longer than the limit.
    #[error("a line longer than {0} bytes (ignored)")]
    TooLong(usize),
    /// Not UTF-8.
    #[error("a line that is not UTF-8 (ignored)")]
    NotUtf8,
}
