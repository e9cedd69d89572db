//! Goals and position-level legality, end to end: a king reaching its zone
//! (kingofthehill, racingkings and its answered draw), the N-th check
//! (3check: the counter in FEN and in the hash), the flying general
//! (xiangqi), the reasons reported, and the search finding these ends.

mod common;

use myriad::ir::Outcome;
use myriad::load::{Game, load};
use myriad::movegen::EndReason;
use myriad::notation::{parse_fen, parse_move, write_fen};
use myriad::search::Score;

fn game(name: &str) -> Game {
    let path = format!("{}/rules/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    load(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Play `moves` from `fen`; the end state after the last one, and the FEN.
fn after(g: &Game, fen: &str, moves: &[&str]) -> (Option<(Outcome, EndReason)>, String) {
    let v = &g.variant;
    let mut pos = parse_fen(v, fen).unwrap_or_else(|e| panic!("{e}"));
    let mut history = Vec::new();
    for m in moves {
        let mv = parse_move(v, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        history.push(pos.hash);
        v.make(&mut pos, mv);
    }
    (v.game_end(&mut pos, &history), write_fen(v, &pos))
}

fn best(g: &Game, fen: &str, depth: u32) -> (String, Score) {
    common::best_move(&g.variant, fen, depth)
}

#[test]
fn a_king_on_the_hill_wins_for_its_owner() {
    let g = game("kingofthehill");
    let (end, _) = after(&g, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", &["e3e4"]);
    // Black is to move and has lost.
    assert_eq!(end, Some((Outcome::Loss, EndReason::Reached)));
    let (end, _) = after(&g, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", &["e3f4"]);
    assert_eq!(end, None);
}

#[test]
fn the_search_walks_onto_the_hill() {
    let g = game("kingofthehill");
    // One step from d4/e4, with a whole army on the board: at depth 2 the
    // king steps up (e4 is not covered by Black).
    let (m, s) = best(
        &g,
        "r1bqkbnr/pppp1ppp/2n5/4p3/8/4K3/PPPP1PPP/RNBQ1BNR w kq - 0 1",
        2,
    );
    assert_eq!((m.as_str(), s), ("e3e4", Score::Mate(1)));
}

#[test]
fn racing_kings_white_first_then_black_answers_for_a_draw() {
    let g = game("racingkings");
    let fen = "4K3/k7/8/8/8/8/8/8 b - - 0 1";
    let (end, _) = after(&g, fen, &[]);
    assert_eq!(end, None, "Black may still answer");
    let (end, _) = after(&g, fen, &["a7b8"]);
    assert_eq!(end, Some((Outcome::Draw, EndReason::Reached)));
    // Not answered: White, to move, has won.
    let (end, _) = after(&g, fen, &["a7a6"]);
    assert_eq!(end, Some((Outcome::Win, EndReason::Reached)));
    // Black first: won at once, White gets no answer.
    let (end, _) = after(&g, "8/k7/8/8/8/8/8/4K3 b - - 0 1", &["a7a8"]);
    assert_eq!(end, Some((Outcome::Loss, EndReason::Reached)));
}

#[test]
fn racing_kings_no_check_and_the_race_is_searched() {
    let g = game("racingkings");
    // White's king on g7 steps to the eighth rank; Black's on b6 is two
    // ranks from it and cannot answer: a win in one.
    let (m, s) = best(&g, "8/6K1/1k6/8/8/8/8/8 w - - 0 1", 3);
    assert!(m.starts_with("g7") && m.ends_with('8'), "{m}");
    assert_eq!(s, Score::Mate(1));
}

#[test]
fn three_checks_are_counted_in_fen_and_end_the_game() {
    let g = game("3check");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    let (end, fen) = after(&g, start, &["e2e4", "f7f6", "d1h5"]);
    assert_eq!(end, None);
    assert_eq!(
        fen,
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    let (end, fen) = after(
        &g,
        start,
        &[
            "e2e4", "f7f6", "d1h5", "g7g6", "h5g6", "h7g6", "b1c3", "e8f7", "f1c4",
        ],
    );
    assert_eq!(end, Some((Outcome::Loss, EndReason::Checks)));
    assert!(fen.contains(" 0+3 "), "{fen}");
    // The counters are part of the position: the same board with another
    // count hashes differently, and reading the FEN gives the played hash.
    let v = &g.variant;
    let a = parse_fen(v, "4k3/8/8/8/8/8/8/R3K3 w Q - 2+3 0 1").unwrap();
    let b = parse_fen(v, "4k3/8/8/8/8/8/8/R3K3 w Q - 1+3 0 1").unwrap();
    assert_ne!(a.hash, b.hash);
    assert_eq!(a.hash, a.compute_hash(&v.keys));
    let mut pos = parse_fen(v, start).unwrap();
    for m in ["e2e4", "f7f6", "d1h5"] {
        let mv = parse_move(v, &mut pos, m).unwrap();
        v.make(&mut pos, mv);
    }
    let read = parse_fen(v, &write_fen(v, &pos)).unwrap();
    assert_eq!(read, pos);
    // Counters beyond the game's N, or garbled, are refused.
    for bad in ["4+3", "3+x", "+"] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w Q - {bad} 0 1");
        assert!(parse_fen(v, &fen).is_err(), "{bad}");
    }
}

#[test]
fn the_search_gives_the_third_check() {
    let g = game("3check");
    // Two checks given (1+3): Bxf7+ is the third.
    let (m, s) = best(
        &g,
        "rnbqkbnr/ppppp2p/5pp1/8/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 1+3 0 4",
        2,
    );
    assert_eq!((m.as_str(), s), ("c4f7", Score::Mate(1)));
}

#[test]
fn xiangqi_stalemate_loses_and_the_generals_may_not_face() {
    let g = game("xiangqi");
    // Black's general on d10, hemmed in: e10 faces Red's general on e1,
    // d9 is covered by the chariot on a9, and nothing else of Black's can
    // move: stalemate, a loss for Black.
    let (end, _) = after(&g, "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", &[]);
    assert_eq!(end, Some((Outcome::Loss, EndReason::Stalemate)));
}
