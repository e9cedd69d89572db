//! `myriad bestmove` and `myriad analyze`: search a position and print the
//! search reports as UCI `info` lines, then the best move.

use std::io::Write;

use myriad::movegen::Variant;
use myriad::notation::{move_to_string, parse_san, write_fen};
use myriad::protocol::info_line;
use myriad::protocol::selfplay::game_over_line;
use myriad::search::{Limits, Searcher};

use super::args::GameArgs;
use super::{Failure, bad_input, load_game, position};

/// A searcher with a table of `hash` MB, or the message why it cannot be had.
pub(super) fn new_searcher(v: &Variant, hash: usize) -> Result<Searcher, Failure> {
    Searcher::try_new(v, hash).map_err(|e| bad_input(format!("--hash {hash}: {e}")))
}

/// Search the position within `limits` and print the best move.
pub(super) fn bestmove(
    args: &GameArgs,
    limits: &Limits,
    hash: usize,
    threads: usize,
) -> Result<(), Failure> {
    let game = load_game(&args.rules)?;
    let v = &game.variant;
    let pos = position(&game, args.fen.as_deref())?;
    let mut searcher = new_searcher(v, hash)?;
    searcher.set_threads(threads);
    let result = searcher.search(v, &pos, &[], limits, &mut |info| {
        println!("{}", info_line(v, info))
    });
    match result.best {
        Some(m) => println!("bestmove {}", move_to_string(v, m)),
        None => {
            if let Some(line) = game_over_line(v, &pos, &[]) {
                println!("{line}");
            }
            println!("bestmove (none)")
        }
    }
    Ok(())
}

/// Play `moves` from the position, then search to `depth` (or until
/// interrupted), printing every iteration.
pub(super) fn analyze(
    args: &GameArgs,
    moves: &[String],
    depth: Option<u32>,
    hash: usize,
    threads: usize,
) -> Result<(), Failure> {
    let game = load_game(&args.rules)?;
    let v = &game.variant;
    let mut pos = position(&game, args.fen.as_deref())?;
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
    let mut searcher = new_searcher(v, hash)?;
    searcher.set_threads(threads);
    let result = searcher.search(v, &pos, &history, &limits, &mut |info| {
        println!("{}", info_line(v, info));
        let _ = std::io::stdout().flush();
    });
    match result.best {
        Some(m) => println!("bestmove {}", move_to_string(v, m)),
        None => {
            if let Some(line) = game_over_line(v, &pos, &history) {
                println!("{line}");
            }
            println!("bestmove (none)")
        }
    }
    Ok(())
}
