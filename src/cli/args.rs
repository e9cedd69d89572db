//! Argument groups shared by several subcommands: the game (rule file,
//! `--fen`, `--option`), the search limits and the hash size.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use myriad::search::Limits;

/// The deepest perft the command line accepts (see the library's
/// [`myriad::movegen::MAX_PERFT_DEPTH`] for why).
pub const MAX_PERFT_DEPTH: u32 = myriad::movegen::MAX_PERFT_DEPTH;

/// A `--option NAME=VALUE` setting, checked for its shape by clap; whether
/// the game declares the option is checked once the rule file is loaded.
#[derive(Clone, Debug)]
pub struct OptionSetting {
    /// As the user wrote it (error messages quote it).
    pub raw: String,
}

/// Clap's value parser for `--option`: `NAME=VALUE` with both parts present.
pub fn option_setting(s: &str) -> Result<OptionSetting, String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
            Ok(OptionSetting { raw: s.to_string() })
        }
        _ => Err(format!("expected NAME=VALUE, found `{s}`")),
    }
}

/// The rule file and its options.
#[derive(Args)]
pub struct RulesArgs {
    /// The rule file.
    pub rules: PathBuf,
    /// Set a declared option, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option_setting)]
    pub options: Vec<OptionSetting>,
}

impl RulesArgs {
    /// The settings as written, for [`myriad::load::Game::parse_options`].
    pub fn option_texts(&self) -> Vec<String> {
        self.options.iter().map(|o| o.raw.clone()).collect()
    }
}

/// A rule file, its options and a position in it.
#[derive(Args)]
pub struct GameArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The position (default: the variant's start), as FEN.
    #[arg(long)]
    pub fen: Option<String>,
}

/// How long to search: at least one of depth, time and nodes.
#[derive(Args)]
#[group(required = true, multiple = true)]
pub struct LimitArgs {
    /// Search to this depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    pub depth: Option<u32>,
    /// Think this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Stop after about this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
}

impl LimitArgs {
    /// The search limits these flags ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    /// The limits in words, for reports.
    pub fn describe(l: &Limits) -> String {
        match (l.depth, l.movetime, l.nodes) {
            (Some(d), _, _) => format!("depth {d}"),
            (_, Some(t), _) => format!("{} ms per move", t.as_millis()),
            (_, _, Some(n)) => format!("{n} nodes"),
            _ => "no limit".to_string(),
        }
    }
}

/// The transposition table size.
#[derive(Args)]
pub struct HashArgs {
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = myriad::search::params::DEFAULT_HASH_MB, value_parser = hash_mb())]
    pub hash: usize,
}

/// The largest `--hash`, megabytes (as UCI's `Hash`).
pub const MAX_HASH_MB: u64 = myriad::search::params::MAX_HASH_MB as u64;

/// Clap's value parser for a hash size: 1 to [`MAX_HASH_MB`] megabytes.
pub fn hash_mb() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_HASH_MB)
}

/// The search threads of `bestmove` and `analyze`.
#[derive(Args)]
pub struct SearchThreads {
    /// Search threads (Lazy SMP, sharing the table); 1 is deterministic.
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=myriad::search::params::MAX_THREADS as u64))]
    pub threads: usize,
}
