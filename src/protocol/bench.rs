//! A fixed search benchmark: positions of every bundled variant searched to
//! a fixed depth, each with a cleared searcher, so the node count is the same
//! on every run (a signature of the search) and the speed comparable.
//!
//! The positions are data, `rules/bench.txt` (compiled in; another file may
//! be given): one per line, `rule file | NAME=VALUE ... | start or FEN`,
//! the rule file relative to the bench file's directory.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::load::{Game, load};
use crate::notation::{FenError, parse_fen};
use crate::search::{Limits, Searcher, TtError};

/// The bundled bench positions.
pub const BENCH_POSITIONS: &str = include_str!("../../rules/bench.txt");

/// One bench position.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchEntry {
    /// The rule file, as written.
    pub rules: String,
    /// Option settings `NAME=VALUE`.
    pub options: Vec<String>,
    /// A FEN, or None for the start position.
    pub fen: Option<String>,
}

/// The result of one position.
#[derive(Debug, Clone)]
pub struct BenchLine {
    /// The position.
    pub entry: BenchEntry,
    /// The game's name.
    pub game: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The best move found (coordinate notation).
    pub best: String,
}

/// Why a bench file could not be read or run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A line is not `rule file | options | start or FEN`.
    #[error("bench line {line}: expected `rule file | options | start or FEN`")]
    Line {
        /// 1-based line number.
        line: usize,
    },
    /// A rule file failed to load (the rendered diagnostics).
    #[error("{0}")]
    Load(String),
    /// An option setting was refused.
    #[error("{0}")]
    Option(String),
    /// The hash table could not be allocated.
    #[error("--hash: {0}")]
    Hash(#[from] TtError),
    /// A FEN of the bench file was refused.
    #[error("{rules}: {error}")]
    Fen {
        /// The rule file, as written.
        rules: String,
        /// What was wrong with the FEN.
        error: FenError,
    },
}

/// Read a bench file; errors name the line.
pub fn parse_bench(text: &str) -> Result<Vec<BenchEntry>, BenchError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let [rules, options, position] = cols[..] else {
            return Err(BenchError::Line { line: i + 1 });
        };
        out.push(BenchEntry {
            rules: rules.to_string(),
            options: options.split_whitespace().map(str::to_string).collect(),
            fen: (position != "start").then(|| position.to_string()),
        });
    }
    Ok(out)
}

/// Search every entry to `depth` (rule files relative to `dir`), reporting each
/// position as it is done.
pub fn run_bench(
    entries: &[BenchEntry],
    dir: &Path,
    depth: u32,
    hash_mb: usize,
    report: &mut dyn FnMut(&BenchLine),
) -> Result<Vec<BenchLine>, BenchError> {
    let mut out = Vec::new();
    let mut cache: Vec<((String, Vec<String>), Game)> = Vec::new();
    for e in entries {
        let key = (e.rules.clone(), e.options.clone());
        let idx = match cache.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let path = dir.join(&e.rules);
                let mut game = load(&path).map_err(|err| BenchError::Load(err.rendered()))?;
                if !e.options.is_empty() {
                    let values = game.parse_options(&e.options).map_err(BenchError::Option)?;
                    game = game
                        .with_options(&values)
                        .map_err(|err| BenchError::Load(err.rendered()))?;
                }
                cache.push((key, game));
                cache.len() - 1
            }
        };
        let game = &cache[idx].1;
        let v = &game.variant;
        let pos = match &e.fen {
            Some(f) => parse_fen(v, f).map_err(|error| BenchError::Fen {
                rules: e.rules.clone(),
                error,
            })?,
            None => v.start_position(),
        };
        let mut searcher = Searcher::try_new(v, hash_mb)?;
        searcher.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let start = Instant::now();
        let r = searcher.search(v, &pos, &[], &limits, &mut |_| {});
        let line = BenchLine {
            entry: e.clone(),
            game: v.rules.name.clone(),
            nodes: r.nodes,
            time: start.elapsed(),
            best: r.best.map_or_else(
                || "(none)".to_string(),
                |m| crate::notation::move_to_string(v, m),
            ),
        };
        report(&line);
        out.push(line);
    }
    Ok(out)
}
