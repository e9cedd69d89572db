//! The command line: the subcommands and their dispatch (clap derive); each
//! subcommand lives in its own file, the shared argument groups in [`args`].

mod args;
mod balance;
mod bench;
mod check;
mod diff;
mod fmt;
mod new;
mod perft;
mod play;
mod search;
mod selfplay;
mod serve;
mod tune;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use myriad::board::Position;
use myriad::lang::diagnostic::render_all;
use myriad::load::{Game, load};
use myriad::notation::parse_fen;

use args::{GameArgs, HashArgs, LimitArgs, MAX_PERFT_DEPTH, RulesArgs, SearchThreads};

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
        /// Also print what the compiler understood: the board, players,
        /// pieces with their resolved move rules, zones, castling, setup,
        /// options and end conditions.
        #[arg(long)]
        dump: bool,
        /// Exit 1 if a file that loads has warnings (lints).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Run the tests written inside rule files.
    Test {
        /// Rule files.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
    },
    // The author's workbench (issue 12).
    /// What a change to a rule file did: moves that appeared and vanished
    /// (by piece and rule), perft and rule differences. Exit 1 if any.
    Diff(diff::DiffArgs),
    /// Write NAME.variant here: a starter file extending a bundled game,
    /// with a sample piece and tests that pass.
    New(new::NewArgs),
    /// Is the game balanced: engine self-play from the start, under each
    /// outcome of the votes; White's score with its 95% interval, draws,
    /// game lengths, how games end, and (--values) piece values from the
    /// games; as text, and into --out as JSON, an SVG chart and the PGN.
    Balance(balance::BalanceArgs),
    /// Fit the engine's evaluation weights and piece values to the results
    /// of its own games (Texel's method) and write them to NAME.weights
    /// beside the rule file, which the engine reads whenever it loads it.
    Tune(tune::TuneArgs),
    /// Rewrite rule files in the one canonical layout (comments kept);
    /// `--check`: only list those that would change, exit 1 if any.
    Fmt(fmt::FmtArgs),
    /// Count the leaf nodes of the legal move tree.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// Show the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Threads to split the tree over (default: every core); the count
        /// is the same whatever it is.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
    },
    /// Search a position and print the best move.
    Bestmove {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        limits: LimitArgs,
        #[command(flatten)]
        hash: HashArgs,
        #[command(flatten)]
        threads: SearchThreads,
    },
    /// Speak UCI on stdin/stdout (UCI_Variant selects a bundled rule file).
    Uci,
    /// Analyse a position: search until interrupted (Ctrl-C) or to --depth.
    Analyze {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to play from it first, coordinate notation or SAN.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Stop after this depth.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
        depth: Option<u32>,
        #[command(flatten)]
        hash: HashArgs,
        #[command(flatten)]
        threads: SearchThreads,
    },
    /// Search fixed positions of every bundled variant to a fixed depth; ends
    /// with `nodes N` (the same on every run) and the speed.
    Bench(bench::BenchArgs),
    /// Play the engine against itself and write the games as PGN.
    Selfplay(selfplay::SelfplayArgs),
    /// List the legal moves, one per line, in coordinate notation.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Serve the browser page and its JSON API (docs/api.md) on
    /// http://127.0.0.1:8080: play and watch every bundled variant and the
    /// rule files given.
    Serve(serve::ServeArgs),
    /// Play a whole game in the terminal: against the engine (--human white
    /// or black), two people (both) or engine against engine (none). The
    /// vote is asked first; then type moves in SAN or coordinates (drops as
    /// E@g1) or commands: help, moves, undo, hint, fen, pgn, save FILE,
    /// load FILE, resign, draw, flip, board, quit. Reads stdin line by line,
    /// so it can be scripted; end of input ends it.
    Play(play::PlayArgs),
    /// Speak XBoard's engine protocol (CECP 2) on stdin/stdout: every bundled
    /// rule file is a variant, defined for the GUI (`xboard -fcp "myriad xboard"`).
    Xboard,
}

/// A failure: the message for stderr and the exit code.
struct Failure(String, u8);

fn bad_input(msg: impl std::fmt::Display) -> Failure {
    Failure(msg.to_string(), 2)
}

/// Run the CLI.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // A reader that stops early (`myriad moves ... | head`) ends the
    // process quietly, as it does any Unix filter, instead of a panic in
    // println!. UCI keeps Rust's default: a closed pipe there is an error
    // the protocol loop handles.
    if !matches!(cli.command, Command::Uci | Command::Xboard) {
        sigpipe::reset();
    }
    let result = match cli.command {
        Command::Check {
            rules,
            dump,
            deny_warnings,
        } => check::check(&rules, dump, deny_warnings),
        Command::Test { rules } => check::test(&rules),
        Command::Diff(a) => diff::diff(&a),
        Command::New(a) => new::new(&a),
        Command::Balance(a) => balance::balance(&a),
        Command::Tune(a) => tune::tune(&a),
        Command::Fmt(a) => fmt::fmt(&a),
        Command::Perft {
            game,
            depth,
            divide,
            threads,
        } => perft::perft(&game, depth, divide, threads),
        Command::Moves { game } => perft::moves(&game),
        Command::Bestmove {
            game,
            limits,
            hash,
            threads,
        } => search::bestmove(&game, &limits.limits(), hash.hash, threads.threads),
        Command::Uci => {
            myriad::protocol::uci::run_stdio();
            Ok(())
        }
        Command::Analyze {
            game,
            moves,
            depth,
            hash,
            threads,
        } => search::analyze(&game, &moves, depth, hash.hash, threads.threads),
        Command::Bench(a) => bench::bench(&a),
        Command::Selfplay(a) => selfplay::selfplay(&a),
        Command::Serve(a) => serve::serve(&a),
        Command::Play(a) => play::play(&a),
        Command::Xboard => {
            myriad::protocol::xboard::run_stdio();
            Ok(())
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
fn load_game(args: &RulesArgs) -> Result<Game, Failure> {
    let mut game = load(&args.rules).map_err(|e| bad_input(e.rendered()))?;
    if !args.options.is_empty() {
        let values = game
            .parse_options(&args.option_texts())
            .map_err(bad_input)?;
        game = game
            .with_options(&values)
            .map_err(|e| bad_input(e.rendered()))?;
    }
    print_warnings(&game);
    Ok(game)
}

/// Print a loaded game's warnings (lints) on stderr.
fn print_warnings(game: &Game) {
    if !game.warnings.is_empty() {
        eprintln!("{}", render_all(&game.warnings, &game.sources));
    }
}

/// The position to start from: `--fen`, or the start position with options applied.
fn position(game: &Game, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        Some(f) => parse_fen(&game.variant, f).map_err(|e| bad_input(format!("--fen: {e}"))),
        None => Ok(game.variant.start_position()),
    }
}
