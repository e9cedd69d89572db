//! `myriad perft` and `myriad moves`: count the legal move tree, list the
//! legal moves.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use myriad::movegen::{default_threads, perft_divide_threads, perft_threads};
use myriad::notation::move_to_string;

use super::args::GameArgs;
use super::{Failure, load_game, position};

/// Count the leaves at `depth`; with `divide`, below each root move too;
/// on `threads` threads (default: every core).
pub(super) fn perft(
    args: &GameArgs,
    depth: u32,
    divide: bool,
    threads: Option<u32>,
) -> Result<(), Failure> {
    let threads = threads.map_or_else(default_threads, |t| t as usize);
    let game = load_game(&args.rules)?;
    let v = &game.variant;
    let mut pos = position(&game, args.fen.as_deref())?;
    let start = Instant::now();
    let show_progress = std::io::stderr().is_terminal() && depth >= 5;
    // At depth 0 the tree is the root alone: no root move to divide by.
    let total: u64 = if depth > 0 && (divide || show_progress) {
        let entries = perft_divide_threads(v, &mut pos, depth, threads, |done, all| {
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
        if divide {
            println!();
        }
        perft_threads(v, &pos, depth, threads)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
    println!("nodes {total} time {secs:.3}s nps {nps:.0}");
    Ok(())
}

/// Print the legal moves, sorted, one per line.
pub(super) fn moves(args: &GameArgs) -> Result<(), Failure> {
    let game = load_game(&args.rules)?;
    let v = &game.variant;
    let mut pos = position(&game, args.fen.as_deref())?;
    let mut list = Vec::new();
    v.legal_moves(&mut pos, &mut list);
    let mut names: Vec<String> = list.iter().map(|&m| move_to_string(v, m)).collect();
    names.sort();
    for n in names {
        println!("{n}");
    }
    Ok(())
}
