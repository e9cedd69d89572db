//! The command line: clap derive, one function per subcommand.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};

use myriad::board::Position;
use myriad::lang::diagnostic::render_all;
use myriad::load::{Game, load};
use myriad::movegen::{perft, perft_divide};
use myriad::notation::{move_to_string, parse_fen, parse_san, write_fen};
use myriad::protocol::info_line;
use myriad::search::{Limits, Searcher};
use myriad::testing::run_tests;

/// Chess variants as rule files: check them, test them, count their moves.
#[derive(Parser)]
#[command(name = "myriad", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse, validate and lint rule files; errors as file:line:col.
    Check {
        /// Rule files.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
    /// Run the tests written inside rule files.
    Test {
        /// Rule files.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        /// The rule file.
        rules: PathBuf,
        /// Start from this position instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Show the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Set a declared option, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Search a position and print the best move.
    Bestmove {
        /// The rule file.
        rules: PathBuf,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Search to this depth.
        #[arg(long)]
        depth: Option<u32>,
        /// Think this many milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Stop after about this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Transposition table size in megabytes.
        #[arg(long, default_value_t = myriad::search::params::DEFAULT_HASH_MB)]
        hash: usize,
        /// Set a declared option, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Speak UCI on stdin/stdout (UCI_Variant selects a bundled rule file).
    Uci,
    /// Analyse a position: search until interrupted (Ctrl-C) or to --depth.
    Analyze {
        /// The rule file.
        rules: PathBuf,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from it first, coordinate notation or SAN.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Stop after this depth.
        #[arg(long)]
        depth: Option<u32>,
        /// Transposition table size in megabytes.
        #[arg(long, default_value_t = myriad::search::params::DEFAULT_HASH_MB)]
        hash: usize,
        /// Set a declared option, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Search fixed positions of every bundled variant to a fixed depth; ends
    /// with `nodes N` (the same on every run) and the speed.
    Bench {
        /// Search depth.
        #[arg(long, default_value_t = 9)]
        depth: u32,
        /// A bench file instead of the bundled rules/bench.txt.
        #[arg(long)]
        file: Option<PathBuf>,
        /// Transposition table size in megabytes.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Play the engine against itself and write the games as PGN.
    Selfplay {
        /// The rule file.
        rules: PathBuf,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Think this many milliseconds per move.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search to this depth per move.
        #[arg(long)]
        depth: Option<u32>,
        /// Stop each search after about this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// Write the games here.
        #[arg(long)]
        pgn: PathBuf,
        /// Adjudicate a draw after this many plies.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// Play this many random plies first (seeded by the game number).
        #[arg(long, default_value_t = 2)]
        random_plies: usize,
        /// Transposition table size in megabytes.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// A second engine searching to this depth plays against the first,
        /// colours alternating by game; prints the first engine's score.
        #[arg(long)]
        opponent_depth: Option<u32>,
        /// Fix a declared option, NAME=VALUE (repeatable); options with a vote
        /// not fixed here are decided by the engine's vote.
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// List the legal moves, one per line, in coordinate notation.
    Moves {
        /// The rule file.
        rules: PathBuf,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Set a declared option, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
}

/// A failure: the message for stderr and the exit code.
struct Failure(String, u8);

fn bad_input(msg: impl std::fmt::Display) -> Failure {
    Failure(msg.to_string(), 2)
}

/// Run the CLI.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { rules } => check(&rules),
        Command::Test { rules } => test(&rules),
        Command::Perft {
            rules,
            fen,
            depth,
            divide,
            options,
        } => run_perft(&rules, fen.as_deref(), depth, divide, &options),
        Command::Moves {
            rules,
            fen,
            options,
        } => moves(&rules, fen.as_deref(), &options),
        Command::Bestmove {
            rules,
            fen,
            depth,
            movetime,
            nodes,
            hash,
            options,
        } => {
            let limits = fixed_limits(depth, nodes, movetime);
            bestmove(&rules, fen.as_deref(), &options, &limits, hash)
        }
        Command::Uci => {
            myriad::protocol::uci::run_stdio();
            Ok(())
        }
        Command::Analyze {
            rules,
            fen,
            moves,
            depth,
            hash,
            options,
        } => analyze(&rules, fen.as_deref(), &moves, depth, hash, &options),
        Command::Bench { depth, file, hash } => bench(depth, file.as_deref(), hash),
        Command::Selfplay {
            rules,
            games,
            movetime,
            depth,
            nodes,
            pgn,
            max_plies,
            random_plies,
            hash,
            opponent_depth,
            options,
        } => {
            let limits = fixed_limits(depth, nodes, movetime);
            let opponent = opponent_depth.map(|d| Limits {
                depth: Some(d),
                ..Limits::default()
            });
            selfplay(
                &rules,
                games,
                limits,
                opponent,
                &pgn,
                max_plies,
                random_plies,
                hash,
                &options,
            )
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg, code)) => {
            let msg = msg.trim_end();
            if !msg.is_empty() {
                eprintln!("{msg}");
            }
            ExitCode::from(code)
        }
    }
}

/// Load a rule file, with `--option NAME=VALUE` settings applied.
fn load_game(path: &Path, options: &[String]) -> Result<Game, Failure> {
    let mut game = load(path).map_err(|e| bad_input(e.rendered))?;
    if !options.is_empty() {
        let values = game.parse_options(options).map_err(bad_input)?;
        game = game
            .with_options(&values)
            .map_err(|e| bad_input(e.rendered))?;
    }
    if !game.warnings.is_empty() {
        eprintln!("{}", render_all(&game.warnings, &game.sources));
    }
    Ok(game)
}

/// The position to start from: `--fen`, or the start position with options applied.
fn position(game: &Game, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        Some(f) => parse_fen(&game.variant, f).map_err(|e| bad_input(format!("--fen: {e}"))),
        None => Ok(game.variant.start_position()),
    }
}

fn check(paths: &[PathBuf]) -> Result<(), Failure> {
    let mut failed = false;
    for p in paths {
        match load(p) {
            Ok(game) => {
                if !game.warnings.is_empty() {
                    eprintln!("{}", render_all(&game.warnings, &game.sources));
                }
                let r = &game.variant.rules;
                println!(
                    "{}: ok (game {}, {} pieces, {}x{} board, {} tests)",
                    p.display(),
                    r.name,
                    r.pieces.len(),
                    r.board.files,
                    r.board.ranks,
                    r.tests.len()
                );
            }
            Err(e) => {
                eprintln!("{}", e.rendered.trim_end());
                failed = true;
            }
        }
    }
    if failed {
        Err(Failure(String::new(), 2))
    } else {
        Ok(())
    }
}

fn test(paths: &[PathBuf]) -> Result<(), Failure> {
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for p in paths {
        let game = match load(p) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{}", e.rendered.trim_end());
                broken += 1;
                continue;
            }
        };
        for r in run_tests(&game) {
            if r.failures.is_empty() {
                passed += 1;
                println!("ok    {}: {}", p.display(), r.name);
            } else {
                failed += 1;
                println!("FAIL  {}: {}", p.display(), r.name);
                println!("{}", render_all(&r.failures, &game.sources));
            }
        }
    }
    println!("\n{passed} passed, {failed} failed");
    match (broken, failed) {
        (0, 0) => Ok(()),
        (0, _) => Err(Failure(String::new(), 1)),
        _ => Err(Failure(
            format!("{broken} rule file(s) could not be loaded"),
            2,
        )),
    }
}

fn run_perft(
    path: &Path,
    fen: Option<&str>,
    depth: u32,
    divide: bool,
    options: &[String],
) -> Result<(), Failure> {
    let game = load_game(path, options)?;
    let v = &game.variant;
    let mut pos = position(&game, fen)?;
    let start = Instant::now();
    let show_progress = std::io::stderr().is_terminal() && depth >= 5;
    let total: u64 = if divide || show_progress {
        let entries = perft_divide(v, &mut pos, depth, |done, all| {
            if show_progress {
                eprint!("\rperft: {done}/{all} root moves");
                let _ = std::io::stderr().flush();
            }
        });
        if show_progress {
            eprint!("\r\x1b[2K");
        }
        if divide {
            let mut lines: Vec<(String, u64)> = entries
                .iter()
                .map(|e| (move_to_string(v, e.mv), e.nodes))
                .collect();
            lines.sort();
            for (m, n) in &lines {
                println!("{m}: {n}");
            }
            println!();
        }
        entries.iter().map(|e| e.nodes).sum()
    } else {
        perft(v, &mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    println!("nodes {total} time {secs:.3}s nps {nps:.0}");
    Ok(())
}

fn bestmove(
    path: &Path,
    fen: Option<&str>,
    options: &[String],
    limits: &Limits,
    hash: usize,
) -> Result<(), Failure> {
    if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
        return Err(bad_input(
            "bestmove: give --depth N, --movetime MS or --nodes N",
        ));
    }
    let game = load_game(path, options)?;
    let v = &game.variant;
    let pos = position(&game, fen)?;
    let mut searcher = Searcher::new(v, hash);
    let result = searcher.search(v, &pos, &[], limits, &mut |info| {
        println!("{}", info_line(v, info))
    });
    match result.best {
        Some(m) => println!("bestmove {}", move_to_string(v, m)),
        None => println!("bestmove (none)"),
    }
    Ok(())
}

fn moves(path: &Path, fen: Option<&str>, options: &[String]) -> Result<(), Failure> {
    let game = load_game(path, options)?;
    let v = &game.variant;
    let mut pos = position(&game, fen)?;
    let mut list = Vec::new();
    v.legal_moves(&mut pos, &mut list);
    let mut names: Vec<String> = list.iter().map(|&m| move_to_string(v, m)).collect();
    names.sort();
    for n in names {
        println!("{n}");
    }
    Ok(())
}

fn analyze(
    path: &Path,
    fen: Option<&str>,
    moves: &[String],
    depth: Option<u32>,
    hash: usize,
    options: &[String],
) -> Result<(), Failure> {
    let game = load_game(path, options)?;
    let v = &game.variant;
    let mut pos = position(&game, fen)?;
    let mut history = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let m = parse_san(v, &pos, text)
            .map_err(|e| bad_input(format!("--moves: move {}: {e}", i + 1)))?;
        history.push(pos.hash);
        v.make(&mut pos, m);
    }
    println!("info string {} {}", v.rules.name, write_fen(v, &pos));
    let limits = Limits {
        depth,
        // Without a depth cap: until interrupted (the search stops at its
        // deepest depth and then waits, so leave that case finite).
        infinite: false,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(v, hash);
    let result = searcher.search(v, &pos, &history, &limits, &mut |info| {
        println!("{}", info_line(v, info));
        let _ = std::io::stdout().flush();
    });
    match result.best {
        Some(m) => println!("bestmove {}", move_to_string(v, m)),
        None => println!("bestmove (none)"),
    }
    Ok(())
}

fn bench(depth: u32, file: Option<&Path>, hash: usize) -> Result<(), Failure> {
    use myriad::protocol::bench::{BENCH_POSITIONS, parse_bench, run_bench};
    let (text, dir) = match file {
        Some(f) => (
            std::fs::read_to_string(f).map_err(|e| bad_input(format!("{}: {e}", f.display())))?,
            f.parent().map(Path::to_path_buf).unwrap_or_default(),
        ),
        None => (
            BENCH_POSITIONS.to_string(),
            myriad::protocol::bundled::rules_dir().ok_or_else(|| {
                bad_input("bench: the rules directory was not found (set MYRIAD_RULES)")
            })?,
        ),
    };
    let entries = parse_bench(&text).map_err(bad_input)?;
    let start = Instant::now();
    let mut n = 0;
    let lines = run_bench(&entries, &dir, depth, hash, &mut |l| {
        n += 1;
        let what = match &l.entry.fen {
            Some(f) => f.clone(),
            None => format!("start {}", l.entry.options.join(" ")),
        };
        println!(
            "{n:3} {:<14} nodes {:>10} time {:>6}ms best {:<6} {}",
            l.game,
            l.nodes,
            l.time.as_millis(),
            l.best,
            what.trim_end()
        );
    })
    .map_err(bad_input)?;
    let total: u64 = lines.iter().map(|l| l.nodes).sum();
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    println!("nodes {total} time {secs:.3}s nps {nps:.0}");
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn selfplay(
    path: &Path,
    games: usize,
    limits: Limits,
    opponent: Option<Limits>,
    pgn_path: &Path,
    max_plies: usize,
    random_plies: usize,
    hash: usize,
    options: &[String],
) -> Result<(), Failure> {
    use myriad::protocol::selfplay::{
        Config, GameResult, Tally, decide_options, first_engine_is_white, pgn, pgn_date,
        play_game_between,
    };
    if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
        return Err(bad_input(
            "selfplay: give --movetime MS, --depth N or --nodes N",
        ));
    }
    let base = load_game(path, &[])?;
    let fixed = base.parse_options(options).map_err(bad_input)?;
    let vote_limits = Limits {
        depth: Some(limits.depth.unwrap_or(6).min(6)),
        movetime: limits.movetime.map(|t| t * 4),
        ..Limits::default()
    };
    let cfg = Config {
        limits,
        max_plies,
        random_plies,
        hash_mb: hash,
        options: fixed,
        vote_limits,
        opponent: opponent.clone(),
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
            .map_err(|e| bad_input(e.rendered))?
    };
    let v = &game.variant;
    let mut file = std::fs::File::create(pgn_path)
        .map_err(|e| bad_input(format!("{}: {e}", pgn_path.display())))?;
    let date = pgn_date();
    let mut searcher = Searcher::new(v, hash);
    let mut second = opponent.as_ref().map(|_| Searcher::new(v, hash));
    let mut tally = Tally::default();
    let mut first = [0u32; 3]; // wins, draws, losses of the first engine
    let tty = std::io::stderr().is_terminal();
    for round in 1..=games {
        let rec = play_game_between(
            &game,
            &mut searcher,
            second.as_mut(),
            &cfg,
            round,
            values.clone(),
            explained.clone(),
        );
        tally.add(&rec);
        let white = first_engine_is_white(round);
        match (rec.result, white) {
            (GameResult::Draw, _) => first[1] += 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => first[0] += 1,
            _ => first[2] += 1,
        }
        file.write_all(pgn(v, &rec, &date).as_bytes())
            .map_err(|e| bad_input(format!("{}: {e}", pgn_path.display())))?;
        let line = format!(
            "game {round}/{games} {} ({}, {} plies)  white +{} black +{} draws {}",
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
    }
    if tty {
        eprintln!();
    }
    print!("{}", tally.table());
    if let Some(o) = &opponent {
        let n = first.iter().sum::<u32>().max(1);
        println!(
            "first engine ({}) against second ({}): +{} ={} -{}  score {:.1}%",
            describe_limits(&cfg.limits),
            describe_limits(o),
            first[0],
            first[1],
            first[2],
            (first[0] as f64 + first[1] as f64 / 2.0) * 100.0 / n as f64
        );
    }
    Ok(())
}

fn describe_limits(l: &Limits) -> String {
    match (l.depth, l.movetime, l.nodes) {
        (Some(d), _, _) => format!("depth {d}"),
        (_, Some(t), _) => format!("{} ms per move", t.as_millis()),
        (_, _, Some(n)) => format!("{n} nodes"),
        _ => "no limit".to_string(),
    }
}

/// Search limits from the `--depth`, `--nodes` and `--movetime` flags.
fn fixed_limits(depth: Option<u32>, nodes: Option<u64>, movetime_ms: Option<u64>) -> Limits {
    Limits {
        depth,
        nodes,
        movetime: movetime_ms.map(Duration::from_millis),
        ..Limits::default()
    }
}
