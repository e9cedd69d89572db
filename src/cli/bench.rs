//! `myriad bench`: fixed-depth searches of fixed positions, a deterministic
//! node signature and the speed.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use myriad::protocol::bench::{BENCH_POSITIONS, parse_bench, run_bench};

use super::args::hash_mb;
use super::{Failure, bad_input};

/// `myriad bench`'s flags.
#[derive(Args)]
pub(super) struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = 9,
          value_parser = clap::value_parser!(u32).range(1..=myriad::search::params::MAX_PLY as i64))]
    depth: u32,
    /// A bench file instead of the bundled rules/bench.txt.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 16, value_parser = hash_mb())]
    hash: usize,
}

/// Run the bench and print one line per position, then the total.
pub(super) fn bench(args: &BenchArgs) -> Result<(), Failure> {
    let (text, dir) = match &args.file {
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
    let lines = run_bench(&entries, &dir, args.depth, args.hash, &mut |l| {
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
