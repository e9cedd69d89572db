//! Self-play: the PGN it writes reads back (SAN replayed legally with
//! `parse_san`), a soak over every bundled variant: many very fast games
//! that must never play an illegal move and must always end; and runs on
//! several threads or in shards give the same games as one run on one.

use std::path::{Path, PathBuf};

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{parse_fen, parse_san};
use myriad::protocol::bundled;
use myriad::protocol::selfplay::{
    Config, GameResult, Record, decide_options, pgn, play_game, play_rounds, shard_rounds,
};
use myriad::search::{Limits, Searcher};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn config(limits: Limits, max_plies: usize, random_plies: usize) -> Config {
    Config {
        limits,
        max_plies,
        random_plies,
        seed: 0,
        hash_mb: 1,
        options: Vec::new(),
        vote_limits: Limits {
            depth: Some(2),
            ..Limits::default()
        },
        opponent: None,
        opponent_weights: None,
    }
}

/// The tags and SAN moves of each game in a PGN text.
type Tags = Vec<(String, String)>;

fn read_pgn(text: &str) -> Vec<(Tags, Vec<String>)> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((std::mem::take(&mut tags), std::mem::take(&mut moves)));
                in_moves = false;
            }
            let tag = tag.trim_end_matches(']');
            let (k, v) = tag.split_once(' ').expect("a tag has a value");
            tags.push((k.to_string(), v.trim_matches('"').to_string()));
        } else if !line.is_empty() {
            in_moves = true;
            for tok in line.split_whitespace() {
                let is_number =
                    tok.ends_with('.') && tok.trim_end_matches('.').parse::<u32>().is_ok();
                let is_result = matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*");
                if !is_number && !is_result {
                    moves.push(tok.to_string());
                }
            }
        }
    }
    if in_moves || !tags.is_empty() {
        games.push((tags, moves));
    }
    games
}

fn tag<'a>(tags: &'a [(String, String)], k: &str) -> &'a str {
    tags.iter()
        .find(|(t, _)| t == k)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no tag {k}"))
}

#[test]
fn pgn_reads_back_through_parse_san() {
    let game = load(&root().join("rules/chess.variant")).expect("loads");
    let v = &game.variant;
    let cfg = config(
        Limits {
            depth: Some(2),
            ..Limits::default()
        },
        120,
        4,
    );
    let mut searcher = Searcher::new(v, 1);
    let mut text = String::new();
    let mut records = Vec::new();
    for round in 1..=2 {
        let rec = play_game(&game, &mut searcher, &cfg, round, Vec::new(), Vec::new());
        text.push_str(&pgn(v, &rec, "2024.01.01"));
        records.push(rec);
    }
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2, "{text}");
    for ((tags, sans), rec) in games.iter().zip(&records) {
        assert_eq!(tag(tags, "Variant"), "Chess");
        assert_eq!(tag(tags, "Result"), rec.result.pgn());
        for k in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "SetUp",
            "Termination",
        ] {
            tag(tags, k);
        }
        let mut pos = parse_fen(v, tag(tags, "FEN")).expect("the FEN tag reads");
        assert_eq!(sans.len(), rec.moves.len());
        let mut history = Vec::new();
        for (san, &m) in sans.iter().zip(&rec.moves) {
            let parsed = parse_san(v, &pos, san).unwrap_or_else(|e| panic!("{san}: {e}"));
            assert_eq!(parsed, m, "{san}");
            history.push(pos.hash);
            v.make(&mut pos, parsed);
        }
        // The recorded end is the position's end (or the ply cap).
        match v.game_end(&mut pos, &history) {
            Some(_) => assert_ne!(rec.reason, "ply cap"),
            None => {
                assert_eq!(rec.reason, "ply cap");
                assert_eq!(rec.result, GameResult::Draw);
            }
        }
    }
}

/// Replay a record independently: every move legal, and the game over at its end.
fn replay(game: &Game, rec: &Record, cap: usize) {
    let v = &game.variant;
    let mut pos = parse_fen(v, &rec.start_fen).expect("start FEN");
    let mut history = Vec::new();
    for (i, &m) in rec.moves.iter().enumerate() {
        assert!(
            v.game_end(&mut pos, &history).is_none(),
            "{}: game {} went on after its end",
            v.rules.name,
            rec.round
        );
        let mut legal: Vec<Move> = Vec::new();
        v.legal_moves(&mut pos, &mut legal);
        assert!(
            legal.contains(&m),
            "{}: game {} ply {}: illegal move {}",
            v.rules.name,
            rec.round,
            i + 1,
            rec.san[i]
        );
        assert_eq!(parse_san(v, &pos, &rec.san[i]), Ok(m));
        history.push(pos.hash);
        v.make(&mut pos, m);
    }
    let ended = v.game_end(&mut pos, &history).is_some();
    assert!(
        ended || rec.moves.len() >= cap,
        "{}: game {} stopped without an end",
        v.rules.name,
        rec.round
    );
}

fn soak(path: &Path, games: usize) -> (String, [usize; 3]) {
    let base = load(path).expect("loads");
    let cap = 160;
    let mut tally = [0; 3];
    for round in 1..=games {
        // Options: every declared option cycles through its choices; odd
        // rounds let the engine vote on the options that have a vote.
        let mut cfg = config(
            Limits {
                depth: Some(2),
                nodes: Some(3000),
                ..Limits::default()
            },
            cap,
            6,
        );
        if round % 2 == 0 {
            cfg.options = base
                .variant
                .rules
                .options
                .iter()
                .map(|o| {
                    (
                        o.name.clone(),
                        o.choices[(round / 2) % o.choices.len()].clone(),
                    )
                })
                .collect();
        }
        let (values, votes) = decide_options(&base, &cfg).expect("options decided");
        let game = base.with_options(&values).expect("loads with options");
        let mut searcher = Searcher::new(&game.variant, 1);
        let explained = votes.iter().map(|d| d.explain(&base)).collect();
        let rec = play_game(&game, &mut searcher, &cfg, round, values, explained);
        replay(&game, &rec, cap);
        tally[match rec.result {
            GameResult::WhiteWins => 0,
            GameResult::BlackWins => 1,
            GameResult::Draw => 2,
        }] += 1;
    }
    (base.variant.rules.name.clone(), tally)
}

#[test]
fn soak_every_bundled_variant() {
    let variants = bundled::variants();
    assert!(variants.len() >= 9, "{variants:?}");
    // Two threads (the machine's cores), variants dealt out alternately.
    let results: Vec<(String, [usize; 3])> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let mine: Vec<PathBuf> = variants
                    .iter()
                    .skip(t)
                    .step_by(2)
                    .map(|(_, p)| p.clone())
                    .collect();
                s.spawn(move || mine.iter().map(|p| soak(p, 20)).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("soak thread"))
            .collect()
    });
    for (name, [w, b, d]) in &results {
        eprintln!("{name:<14} white {w:2}  black {b:2}  draws {d:2}");
        assert_eq!(w + b + d, 20);
    }
}

/// The games of `rounds` played on `threads` threads: (round, moves,
/// result, reason) in the order `play_rounds` hands them over.
fn run(
    game: &Game,
    cfg: &Config,
    rounds: &[usize],
    threads: usize,
) -> Vec<(usize, Vec<Move>, String, String)> {
    let mut out = Vec::new();
    play_rounds(game, cfg, rounds, threads, &[], &[], &mut |rec| {
        out.push((
            rec.round,
            rec.moves,
            rec.result.pgn().to_string(),
            rec.reason,
        ));
        Ok(())
    })
    .expect("the games are played");
    out
}

fn parallel_config() -> Config {
    // Depth-limited, so that a game depends on its round and seed only; the
    // second engine (another depth) makes the colours matter too.
    Config {
        seed: 7,
        opponent: Some(Limits {
            depth: Some(1),
            ..Limits::default()
        }),
        ..config(
            Limits {
                depth: Some(2),
                ..Limits::default()
            },
            40,
            4,
        )
    }
}

#[test]
fn concurrency_does_not_change_the_games() {
    let game = load(&root().join("rules/chess.variant")).expect("loads");
    let cfg = parallel_config();
    let rounds: Vec<usize> = (1..=6).collect();
    let one = run(&game, &cfg, &rounds, 1);
    let two = run(&game, &cfg, &rounds, 2);
    let three = run(&game, &cfg, &rounds, 3);
    assert_eq!(
        one.iter().map(|g| g.0).collect::<Vec<_>>(),
        rounds,
        "in round order"
    );
    assert_eq!(one, two);
    assert_eq!(one, three);
    // The games differ (their openings do), so equal runs say something.
    assert!(one.iter().skip(1).any(|g| g.1 != one[0].1), "{one:?}");
    // Another seed, other openings.
    let other = run(&game, &Config { seed: 8, ..cfg }, &rounds, 2);
    assert_ne!(one, other);
}

#[test]
fn shards_together_are_the_whole_run() {
    assert_eq!(shard_rounds(7, 1, 2), Ok(1..=3));
    assert_eq!(shard_rounds(7, 2, 2), Ok(4..=7));
    assert_eq!(shard_rounds(2, 3, 3), Ok(2..=2));
    let empty = shard_rounds(2, 1, 3).expect("a shard");
    assert_eq!(empty.count(), 0, "an empty shard");
    assert!(shard_rounds(7, 0, 2).is_err());
    assert!(shard_rounds(7, 3, 2).is_err());
    let game = load(&root().join("rules/chess.variant")).expect("loads");
    let cfg = parallel_config();
    let whole = run(&game, &cfg, &(1..=5).collect::<Vec<_>>(), 1);
    let mut merged = Vec::new();
    for k in 1..=2 {
        let rounds: Vec<usize> = shard_rounds(5, k, 2).expect("a shard").collect();
        merged.extend(run(&game, &cfg, &rounds, 2));
    }
    assert_eq!(merged, whole);
}

/// `myriad selfplay` end to end: the PGN of `--concurrency 2` is that of
/// `--concurrency 1`, and the shards' PGN files concatenated are the whole
/// run's (the Date tags aside, should the day change between runs).
#[test]
fn selfplay_cli_concurrency_and_shards() {
    let dir = std::env::temp_dir().join(format!("myriad-selfplay-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let play = |name: &str, extra: &[&str]| -> String {
        let path = dir.join(name);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
            .args([
                "selfplay",
                "rules/chess.variant",
                "--games",
                "5",
                "--depth",
                "2",
            ])
            .args([
                "--max-plies",
                "30",
                "--random-plies",
                "4",
                "--seed",
                "3",
                "--hash",
                "1",
            ])
            .arg("--pgn")
            .arg(&path)
            .args(extra)
            .current_dir(root())
            .output()
            .expect("myriad runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&path).expect("the PGN");
        text.lines()
            .filter(|l| !l.starts_with("[Date "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = play("one.pgn", &["--concurrency", "1"]);
    let two = play("two.pgn", &["--concurrency", "2"]);
    let first = play("first.pgn", &["--shard", "1/2", "--concurrency", "2"]);
    let second = play("second.pgn", &["--shard", "2/2", "--concurrency", "1"]);
    assert_eq!(one.matches("[Round ").count(), 5, "{one}");
    assert_eq!(one, two);
    assert_eq!(first.matches("[Round ").count(), 2, "{first}");
    assert_eq!(format!("{first}\n{second}"), one);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args([
            "selfplay",
            "rules/chess.variant",
            "--pgn",
            "/dev/null",
            "--shard",
            "3/2",
        ])
        .current_dir(root())
        .output()
        .expect("myriad runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("1 <= K <= M"));
    let _ = std::fs::remove_dir_all(&dir);
}
