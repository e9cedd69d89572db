//! `myriad balance`: self-play per outcome of the votes, White's score with
//! its interval, draws, lengths, endings and (`--values`) piece values; the
//! report on stdout, progress on stderr, JSON, an SVG chart and the games'
//! PGN in `--out`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use myriad::play::MAX_GAME_PLIES;
use myriad::protocol::selfplay::{Config, pgn_date};
use myriad::search::Limits;
use myriad::workbench::balance::{
    BalanceConfig, BalanceReport, outcome_label, outcomes, play_games, report,
};
use myriad::workbench::balance_svg::svg;

use super::args::{OptionSetting, hash_mb, option_setting};
use super::{Failure, bad_input, print_warnings};

/// `myriad balance`'s flags.
#[derive(Args)]
pub(super) struct BalanceArgs {
    /// The rule file.
    rules: PathBuf,
    /// Games per outcome of the votes.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Think this many milliseconds per move (the default, 50, unless
    /// --depth or --nodes is given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    movetime: Option<u64>,
    /// Search every move to this depth (deterministic: game i is the same on
    /// every run).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    depth: Option<u32>,
    /// Stop each move's search after about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Games played at once, one thread each (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: Option<u64>,
    /// Fix a declared option, NAME=VALUE (repeatable); every option with a
    /// vote not fixed here is played under each of its choices.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option_setting)]
    options: Vec<OptionSetting>,
    /// Also estimate each piece's value from the games.
    #[arg(long)]
    values: bool,
    /// Write NAME.json, NAME.svg and NAME.pgn here (NAME: the rule file's
    /// name without `.variant`); made if missing.
    #[arg(long, value_name = "DIR", default_value = "balance")]
    out: PathBuf,
    /// Seed of the random opening plies (game i's opening depends on i and it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a game drawn after this many plies (reason `ply cap`).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=MAX_GAME_PLIES as u64))]
    max_plies: u64,
    /// Open each game with this many random plies, seeded by the game's
    /// number and --seed.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=40))]
    random_plies: u64,
    /// Transposition table size in megabytes, per thread.
    #[arg(long, default_value_t = 16, value_parser = hash_mb())]
    hash: usize,
}

/// The default time per move, milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 50;

/// Run the games of every outcome, print the report, write the files.
pub(super) fn balance(a: &BalanceArgs) -> Result<(), Failure> {
    let movetime = match (a.movetime, a.depth, a.nodes) {
        (None, None, None) => Some(DEFAULT_MOVETIME_MS),
        (t, _, _) => t,
    };
    let limits = Limits {
        depth: a.depth,
        nodes: a.nodes,
        movetime: movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let base = myriad::load::load(&a.rules).map_err(|e| bad_input(e.rendered()))?;
    print_warnings(&base);
    let texts: Vec<String> = a.options.iter().map(|o| o.raw.clone()).collect();
    let fixed = base.parse_options(&texts).map_err(bad_input)?;
    let plan = outcomes(&base, &fixed).map_err(bad_input)?;
    // Every outcome's game, lowered with its options before any is played.
    let mut lowered = Vec::with_capacity(plan.len());
    for options in &plan {
        lowered.push(if options.is_empty() {
            None
        } else {
            Some(
                base.with_options(options)
                    .map_err(|e| bad_input(e.rendered()))?,
            )
        });
    }
    // The output is made ready before the games, not after an hour of them.
    let stem = a
        .rules
        .file_stem()
        .map_or_else(|| "balance".into(), |s| s.to_string_lossy().into_owned());
    let [json, svg_path, pgn_path] =
        ["json", "svg", "pgn"].map(|e| a.out.join(format!("{stem}.{e}")));
    prepare_out(&a.out, &[&json, &svg_path, &pgn_path])?;
    let concurrency = a.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |c| c as usize,
    );
    let cfg = BalanceConfig {
        selfplay: Config {
            limits: limits.clone(),
            max_plies: a.max_plies as usize,
            random_plies: a.random_plies as usize,
            seed: a.seed,
            hash_mb: a.hash,
            options: Vec::new(),
            vote_limits: Limits::default(),
            opponent: None,
            opponent_weights: None,
        },
        date: pgn_date(),
        games: a.games as usize,
        concurrency,
        values: a.values,
    };
    let tty = std::io::stderr().is_terminal();
    let mut pgn_text = String::new();
    let mut rep = BalanceReport {
        variant: base.variant.rules.name.clone(),
        rules: a.rules.display().to_string(),
        games_per_outcome: cfg.games,
        limits: describe(&limits),
        max_plies: cfg.selfplay.max_plies,
        random_plies: cfg.selfplay.random_plies,
        seed: a.seed,
        concurrency,
        outcomes: Vec::new(),
    };
    for (options, game) in plan.iter().zip(&lowered) {
        let game = game.as_ref().unwrap_or(&base);
        let label = outcome_label(options);
        let games = play_games(game, options, &cfg, &mut |run, g| {
            let score = (run.white as f64 + run.draws as f64 / 2.0) / run.done.max(1) as f64;
            let line = format!(
                "{label}: game {}/{}  white +{} black +{} draws {}  score {score:.3}  (game {}: {} {}, {} plies)",
                run.done,
                run.total,
                run.white,
                run.black,
                run.draws,
                g.round,
                g.result.pgn(),
                g.reason,
                g.plies
            );
            if tty {
                eprint!("\r\x1b[2K{line}");
            } else {
                eprintln!("{line}");
            }
        })
        .map_err(bad_input)?;
        if tty {
            eprintln!();
        }
        for g in &games {
            pgn_text.push_str(&g.pgn);
            pgn_text.push('\n');
        }
        rep.outcomes.push(report(
            game,
            options,
            &games,
            cfg.selfplay.max_plies,
            a.values,
        ));
        // Written after each outcome, so a long run cut short keeps its
        // finished outcomes.
        let text = serde_json::to_string_pretty(&rep).map_err(bad_input)?;
        write(&json, &(text + "\n"))?;
        write(&svg_path, &svg(&rep))?;
        write(&pgn_path, &pgn_text)?;
    }
    print!("{}", rep.text());
    println!(
        "\nwrote {}, {} and {}",
        json.display(),
        svg_path.display(),
        pgn_path.display()
    );
    Ok(())
}

/// Make `dir` if missing; fail now if it is not a directory or one of
/// `files` in it is.
fn prepare_out(dir: &Path, files: &[&Path]) -> Result<(), Failure> {
    if dir.exists() && !dir.is_dir() {
        return Err(bad_input(format!(
            "--out {}: not a directory",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| bad_input(format!("--out {}: {e}", dir.display())))?;
    for f in files {
        if f.is_dir() {
            return Err(bad_input(format!("{}: is a directory", f.display())));
        }
    }
    Ok(())
}

fn write(p: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(p, text).map_err(|e| bad_input(format!("{}: {e}", p.display())))
}

/// The limits in words: `50 ms per move`, `depth 2`, `depth 3, 20 ms per move`.
fn describe(l: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = l.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = l.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = l.movetime {
        parts.push(format!("{} ms per move", t.as_millis()));
    }
    parts.join(", ")
}
