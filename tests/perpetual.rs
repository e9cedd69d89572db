//! Perpetual check in the search: a move that repeats a position for the
//! third time while the opponent has checked with every move since it first
//! stood wins (the checker loses), where a plain repetition is a draw.

use myriad::load::load;
use myriad::movegen::{EndReason, Variant};
use myriad::notation::{move_to_string, parse_fen, parse_move};
use myriad::search::{Limits, Score, Searcher};

/// The xiangqi game: Red's chariot checks from h10 and h9 in turn, Black's
/// general steps e10-e9 and back; 7 plies, Black to move.
const FEN: &str = "4k4/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1";
const MOVES: &[&str] = &[
    "h9h10", "e10e9", "h10h9", "e9e10", "h9h10", "e10e9", "h10h9",
];

fn best(rules: &std::path::Path) -> (String, Score, Variant) {
    let game = load(rules).unwrap_or_else(|e| panic!("{}", e.rendered()));
    let v = game.variant;
    let mut pos = parse_fen(&v, FEN).unwrap();
    let mut history = Vec::new();
    for m in MOVES {
        let mv = parse_move(&v, &mut pos, m).unwrap();
        history.push(pos.hash);
        v.make(&mut pos, mv);
    }
    let mut s = Searcher::new(&v, 16);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = s.search(&v, &pos, &history, &limits, &mut |_| {});
    (move_to_string(&v, r.best.expect("a move")), r.score, v)
}

#[test]
fn the_search_wins_by_the_perpetual_check_rule() {
    // e9e10 brings back the start position a third time, Red to move; each
    // of Red's 4 moves since it first stood gave check: Red has lost. For
    // Black that is a win at once (mate score, 1 move).
    let root = env!("CARGO_MANIFEST_DIR");
    let (m, s, _) = best(&std::path::Path::new(root).join("rules/xiangqi.variant"));
    assert_eq!((m.as_str(), s), ("e9e10", Score::Mate(1)));
}

#[test]
fn without_the_rule_the_repetition_is_a_draw() {
    // The same rules without `perpetual check`: e9e10 is a plain draw (a
    // score of 0), still Black's best against a chariot.
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/xiangqi.variant")).unwrap();
    let text = text.replace("perpetual check -> loss", "");
    let dir = std::env::temp_dir().join(format!("myriad-perpetual-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("xiangqi.variant");
    std::fs::write(&path, text).unwrap();
    let (m, s, v) = best(&path);
    assert_eq!((m.as_str(), s), ("e9e10", Score::Cp(0)));
    // And the game ends there by repetition.
    let mut pos = parse_fen(&v, FEN).unwrap();
    let mut history = Vec::new();
    for m in MOVES.iter().chain(["e9e10"].iter()) {
        let mv = parse_move(&v, &mut pos, m).unwrap();
        history.push(pos.hash);
        v.make(&mut pos, mv);
    }
    assert_eq!(
        v.game_end(&mut pos, &history).map(|(_, r)| r),
        Some(EndReason::Repetition)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
