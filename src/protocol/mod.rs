//! Protocols and reports: the only layer that formats search output.

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
