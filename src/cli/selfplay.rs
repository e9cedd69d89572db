//! `myriad selfplay`: the engine against itself (or against a second engine
//! of another depth) on several threads, or one shard of a run's games,
//! games written as PGN in round order, a tally printed.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;

use myriad::protocol::selfplay::{
    Config, GameResult, Tally, decide_options, first_engine_is_white, pgn, pgn_date, play_rounds,
    shard_rounds,
};
use myriad::search::Limits;

use super::args::{LimitArgs, OptionSetting, hash_mb, option_setting};
use super::{Failure, bad_input, print_warnings};

/// `myriad selfplay`'s flags.
#[derive(Args)]
pub(super) struct SelfplayArgs {
    /// The rule file.
    rules: PathBuf,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: usize,
    #[command(flatten)]
    limits: LimitArgs,
    /// Write the games here.
    #[arg(long)]
    pgn: PathBuf,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Play this many random plies first (seeded by the game number and --seed).
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Seed of the random opening plies: game i's opening depends on i and it
    /// (0: the openings selfplay has always played).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once, one thread each (default: the number of cores).
    /// With --depth or --nodes the games do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: Option<u64>,
    /// Play only shard K of M (K from 1): the K-th of M equal blocks of the
    /// --games rounds, numbered as in the whole run, so that the M shards'
    /// PGN files concatenated in order are the whole run's.
    #[arg(long, value_name = "K/M", value_parser = shard)]
    shard: Option<(usize, usize)>,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 16, value_parser = hash_mb())]
    hash: usize,
    /// A second engine searching to this depth plays against the first,
    /// colours alternating by game; prints the first engine's score.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    opponent_depth: Option<u32>,
    /// A second engine evaluating with other weights plays against the
    /// first, colours alternating by game, with the same limits unless
    /// --opponent-depth says otherwise: `builtin` for the built-in weights,
    /// or a weights file (as `myriad tune` writes). Prints the first
    /// engine's score: an A/B match of two sets of weights in any variant.
    #[arg(long, value_name = "FILE|builtin")]
    opponent_weights: Option<PathBuf>,
    /// Fix a declared option, NAME=VALUE (repeatable); options with a vote
    /// not fixed here are decided by the engine's vote.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = option_setting)]
    options: Vec<OptionSetting>,
}

/// Play the games, write the PGN, print the tally.
pub(super) fn selfplay(args: &SelfplayArgs) -> Result<(), Failure> {
    let limits = args.limits.limits();
    let base = myriad::load::load(&args.rules).map_err(|e| bad_input(e.rendered()))?;
    print_warnings(&base);
    let opponent_weights = match &args.opponent_weights {
        Some(p) => Some(read_weights(p, &base.variant).map_err(bad_input)?),
        None => None,
    };
    let opponent = match (args.opponent_depth, &opponent_weights) {
        (Some(d), _) => Some(Limits {
            depth: Some(d),
            ..Limits::default()
        }),
        (None, Some(_)) => Some(limits.clone()),
        (None, None) => None,
    };
    let texts: Vec<String> = args.options.iter().map(|o| o.raw.clone()).collect();
    let fixed = base.parse_options(&texts).map_err(bad_input)?;
    let vote_limits = Limits {
        depth: Some(limits.depth.unwrap_or(6).min(6)),
        movetime: limits.movetime.map(|t| t * 4),
        ..Limits::default()
    };
    let cfg = Config {
        limits,
        max_plies: args.max_plies,
        random_plies: args.random_plies,
        seed: args.seed,
        hash_mb: args.hash,
        options: fixed,
        vote_limits,
        opponent: opponent.clone(),
        opponent_weights,
    };
    let (values, votes) = decide_options(&base, &cfg).map_err(bad_input)?;
    let explained: Vec<String> = votes.iter().map(|d| d.explain(&base)).collect();
    for e in &explained {
        eprintln!("vote {e}");
    }
    let game = if values.is_empty() {
        base
    } else {
        base.with_options(&values)
            .map_err(|e| bad_input(e.rendered()))?
    };
    let v = &game.variant;
    let pgn_path = &args.pgn;
    let mut file = std::fs::File::create(pgn_path)
        .map_err(|e| bad_input(format!("{}: {e}", pgn_path.display())))?;
    let date = pgn_date();
    let games = args.games;
    let rounds: Vec<usize> = match args.shard {
        Some((k, m)) => shard_rounds(games, k, m).map_err(bad_input)?.collect(),
        None => (1..=games).collect(),
    };
    let threads = args.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |c| c as usize,
    );
    let mut tally = Tally::default();
    let mut first = [0u32; 3]; // wins, draws, losses of the first engine
    let tty = std::io::stderr().is_terminal();
    let mut done = 0;
    let total = rounds.len();
    play_rounds(&game, &cfg, &rounds, threads, &values, &explained, &mut |rec| {
        done += 1;
        tally.add(&rec);
        let round = rec.round;
        let white = first_engine_is_white(round);
        match (rec.result, white) {
            (GameResult::Draw, _) => first[1] += 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => first[0] += 1,
            _ => first[2] += 1,
        }
        file.write_all(pgn(v, &rec, &date).as_bytes())
            .map_err(|e| format!("{}: {e}", pgn_path.display()))?;
        let line = format!(
            "game {round}/{games} ({done}/{total}) {} ({}, {} plies)  white +{} black +{} draws {}",
            rec.result.pgn(),
            rec.reason,
            rec.moves.len(),
            tally.white,
            tally.black,
            tally.draws
        );
        if tty {
            eprint!("\r\x1b[2K{line}");
        } else {
            eprintln!("{line}");
        }
        Ok(())
    })
    .map_err(bad_input)?;
    if tty {
        eprintln!();
    }
    print!("{}", tally.table());
    if let Some(o) = &opponent {
        let n = first.iter().sum::<u32>().max(1);
        let weights = match &args.opponent_weights {
            Some(p) if p.as_os_str() == "builtin" => ", built-in weights",
            Some(_) => ", weights of --opponent-weights",
            None => "",
        };
        println!(
            "first engine ({}) against second ({}{weights}): +{} ={} -{}  score {:.1}%",
            LimitArgs::describe(&cfg.limits),
            LimitArgs::describe(o),
            first[0],
            first[1],
            first[2],
            (first[0] as f64 + first[1] as f64 / 2.0) * 100.0 / n as f64
        );
    }
    Ok(())
}

/// The weights of `--opponent-weights`: `builtin`, or a weights file
/// (at most 1 MiB), its mistakes named with their line.
fn read_weights(
    path: &std::path::Path,
    v: &myriad::movegen::Variant,
) -> Result<myriad::eval::Weights, String> {
    if path.as_os_str() == "builtin" {
        return Ok(myriad::eval::Weights::default());
    }
    let name = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("--opponent-weights {name}: {e}"))?
        .len();
    let most = myriad::load::WEIGHTS_MAX_BYTES;
    if size > most {
        return Err(format!(
            "--opponent-weights {name}: {size} bytes, more than a weights file may hold ({most})"
        ));
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--opponent-weights {name}: {e}"))?;
    myriad::eval::parse_weights(&text, v)
        .map_err(|(line, msg)| format!("{name}:{}: {msg}", line + 1))
}

/// `K/M` with 1 <= K <= M.
fn shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{s}: expected K/M, shard K of M, 1 <= K <= M (e.g. 2/8)");
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let m: usize = m.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > m {
        return Err(bad());
    }
    Ok((k, m))
}
