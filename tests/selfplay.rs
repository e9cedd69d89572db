//! Self-play: the PGN it writes reads back (SAN replayed legally with
//! `parse_san`), and a soak over every bundled variant: many very fast games
//! that must never play an illegal move and must always end.

use std::path::{Path, PathBuf};

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{parse_fen, parse_san};
use myriad::protocol::bundled;
use myriad::protocol::selfplay::{Config, GameResult, Record, decide_options, pgn, play_game};
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
