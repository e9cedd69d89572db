//! Protocols and reports: the only layer that formats search output.
//!
//! - [`uci`]: the UCI engine protocol over stdin/stdout.
//! - [`selfplay`]: engine-against-itself games written as PGN.
//! - [`bench`](mod@bench): a fixed, deterministic search benchmark.
//! - [`vote`]: how the engine decides a pre-game option (a vote).
//! - [`bundled`]: where the bundled rule files are found.
//! - [`xboard`]: XBoard's engine protocol (CECP 2), engine-defined variants.

pub mod bench;
pub mod bundled;
pub mod selfplay;
pub mod uci;
pub mod uci_error;
pub mod vote;
pub mod xboard;

use crate::movegen::Variant;
use crate::notation::move_to_string;
use crate::search::{Info, Score};

/// A search report as a UCI `info` line.
pub fn info_line(v: &Variant, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let ms = info.time.as_millis().max(1);
    let nps = info.nodes as u128 * 1000 / ms;
    let pv: Vec<String> = info.pv.iter().map(|&m| move_to_string(v, m)).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        score,
        info.nodes,
        nps,
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// A score as one number, centipawns, mates beyond every centipawn score
/// (for comparing scores, e.g. in a vote).
pub fn score_value(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => crate::search::MATE - m,
        Score::Mate(m) => -crate::search::MATE - m,
    }
}

/// A score as UCI writes it: `cp 35`, `mate -3`.
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}
