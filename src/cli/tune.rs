//! `myriad tune`: self-play games, then the evaluation's weights and piece
//! values fitted to their results (`myriad::workbench::tune`), written to
//! the `.weights` file beside the rule file, which the engine then reads
//! whenever it loads that file.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use myriad::eval::{Eval, Weights};
use myriad::protocol::selfplay::{Config, play_rounds};
use myriad::search::Limits;
use myriad::workbench::tune::{Params, Sample, fit_k, local_search, loss, read_positions, samples};
use myriad::workbench::tune_squares::fit_squares;

use super::args::{OptionSetting, hash_mb, option_setting};
use super::{Failure, bad_input, print_warnings};

/// `myriad tune`'s flags.
#[derive(Args)]
pub(super) struct TuneArgs {
    /// The rule file (its declared options at their defaults unless
    /// --option fixes them).
    rules: PathBuf,
    /// Self-play games to take positions from.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Search each move of the games to this depth (the default, 5, unless
    /// --nodes is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    depth: Option<u32>,
    /// Stop each move's search after about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Open each game with this many random plies (seeded by the game's
    /// number and --seed); positions are taken after them and four more.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=40))]
    random_plies: u64,
    /// Seed of the random opening plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a game drawn after this many plies.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    max_plies: u64,
    /// Threads for the games and the fitting (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: Option<u64>,
    /// Passes of the local search at most (0: fit the square tables only).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    passes: u64,
    /// Also fit a middlegame and an endgame square table per piece, by
    /// gradient descent after the local search (best with many labelled
    /// positions: tens of thousands).
    #[arg(long)]
    squares: bool,
    /// Epochs of the square tables' descent at most.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    epochs: u64,
    /// Fit to the labelled positions of this file instead of playing games:
    /// one per line, `FEN ; LABEL`, the label the first player's expected
    /// score (0 to 1) or a result (1-0, 1/2-1/2, 0-1).
    #[arg(long, value_name = "FILE")]
    positions: Option<PathBuf>,
    /// Write the weights here (default: beside the rule file, NAME.weights).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Start from the built-in weights, not from the .weights file beside
    /// the rule file.
    #[arg(long)]
    fresh: bool,
    /// Transposition table size in megabytes, per thread.
    #[arg(long, default_value_t = 16, value_parser = hash_mb())]
    hash: usize,
    /// Play the games with a declared option fixed, NAME=VALUE (repeatable),
    /// e.g. `extra=yes` so that an extra piece is in the games and its value
    /// is fitted; the weights are written for the rule file, whatever options.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option_setting)]
    options: Vec<OptionSetting>,
}

/// Play, fit, write.
pub(super) fn tune(a: &TuneArgs) -> Result<(), Failure> {
    let started = Instant::now();
    let base = myriad::load::load(&a.rules).map_err(|e| bad_input(e.rendered()))?;
    print_warnings(&base);
    let texts: Vec<String> = a.options.iter().map(|o| o.raw.clone()).collect();
    let fixed = base.parse_options(&texts).map_err(bad_input)?;
    let game = if fixed.is_empty() {
        base
    } else {
        base.with_options(&fixed)
            .map_err(|e| bad_input(e.rendered()))?
    };
    let v = &game.variant;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| a.rules.with_extension("weights"));
    // The output must be writable before an hour of games, not after.
    let existed = out.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&out)
        .map_err(|e| bad_input(format!("{}: {e}", out.display())))?;
    if !existed {
        // An empty file would stand for the built-in weights; none is clearer.
        let _ = std::fs::remove_file(&out);
    }
    let threads = a.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |c| c as usize,
    );
    let limits = Limits {
        depth: a.depth.or(if a.nodes.is_none() { Some(5) } else { None }),
        nodes: a.nodes,
        movetime: None::<Duration>,
        ..Limits::default()
    };
    let cfg = Config {
        limits: limits.clone(),
        max_plies: a.max_plies as usize,
        random_plies: a.random_plies as usize,
        seed: a.seed,
        hash_mb: a.hash,
        options: fixed.clone(),
        vote_limits: Limits::default(),
        opponent: None,
        opponent_weights: None,
    };
    let mut data: Vec<Sample> = Vec::new();
    if let Some(file) = &a.positions {
        let text = std::fs::read_to_string(file)
            .map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
        data =
            read_positions(v, &text).map_err(|e| bad_input(format!("{}: {e}", file.display())))?;
        eprintln!("positions {} from {}", data.len(), file.display());
    } else {
        let rounds: Vec<usize> = (1..=a.games as usize).collect();
        let skip = a.random_plies as usize + 4;
        let mut played = 0;
        play_rounds(&game, &cfg, &rounds, threads, &[], &[], &mut |rec| {
            played += 1;
            data.extend(samples(v, &rec, skip)?);
            if played % 50 == 0 || played == rounds.len() {
                eprintln!("games {played}/{}  positions {}", rounds.len(), data.len());
            }
            Ok(())
        })
        .map_err(bad_input)?;
    }
    if data.is_empty() {
        return Err(bad_input(
            "no positions to fit to: the games ended before any quiet position after the opening plies",
        ));
    }
    let start = if a.fresh {
        Weights::default()
    } else {
        v.weights.clone()
    };
    let mut params = Params::new(v, &start);
    let k = fit_k(v, &Eval::with_weights(v, &params.weights), &data, threads);
    let before = loss(
        v,
        &Eval::with_weights(v, &params.weights),
        &data,
        k,
        threads,
    );
    eprintln!("k {k:.3}  loss {before:.6}  ({} positions)", data.len());
    let after = local_search(
        v,
        &mut params,
        &data,
        k,
        a.passes as usize,
        threads,
        &mut |p| {
            let moved: Vec<String> = p.moved.iter().map(|(n, x)| format!("{n} {x}")).collect();
            eprintln!(
                "pass {}  loss {:.6}  {}",
                p.number,
                p.loss,
                moved.join(", ")
            );
        },
    );
    let after = if !a.squares {
        after
    } else {
        let fitted = fit_squares(v, &params.weights, &data, k, a.epochs as usize, &mut |e| {
            eprintln!(
                "epoch {}  loss {:.6}  held out {:.6}",
                e.number, e.fitted, e.held_out
            );
        });
        eprintln!(
            "square tables of epoch {}: held-out loss {:.6} -> {:.6}",
            fitted.epoch, fitted.held_out.0, fitted.held_out.1
        );
        params.weights = fitted.weights;
        loss(
            v,
            &Eval::with_weights(v, &params.weights),
            &data,
            k,
            threads,
        )
    };
    let limit = match (limits.depth, limits.nodes) {
        (_, Some(n)) => format!("--nodes {n}"),
        (Some(d), _) => format!("--depth {d}"),
        _ => String::new(),
    };
    let with: String = fixed
        .iter()
        .map(|(n, x)| format!(", --option {n}={x}"))
        .collect();
    let source = match &a.positions {
        Some(file) => format!("the labelled positions of {}", file.display()),
        None => format!(
            "{} self-play games ({limit}{with}, {} random plies, seed {})",
            a.games, a.random_plies, a.seed
        ),
    };
    let header = format!(
        "Engine weights for {} ({}), written by `myriad tune`:\n\
         {source}, {} positions,\n\
         k {k:.3}, loss {before:.6} -> {after:.6}, {:.0} s.\n\
         Delete this file to use the built-in weights.",
        v.rules.name,
        a.rules.display(),
        data.len(),
        started.elapsed().as_secs_f64(),
    );
    let text = myriad::eval::weights_text(&params.weights, &header, v);
    std::fs::write(&out, &text).map_err(|e| bad_input(format!("{}: {e}", out.display())))?;
    println!("{text}");
    eprintln!("wrote {}", out.display());
    Ok(())
}
