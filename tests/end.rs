//! Game end per the rule file: checkmate, stalemate, threefold repetition, the
//! 50-move rule (chess.variant: `repetition 3 -> draw`, `no_progress 50 -> draw`).

use myriad::ir::Outcome;
use myriad::load::{Game, load};
use myriad::movegen::EndReason;
use myriad::notation::{parse_fen, parse_move};

fn chess() -> Game {
    load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/chess.variant"
    )))
    .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Play moves from `fen`, keeping the hash history; return the end state after each.
fn play(game: &Game, fen: Option<&str>, moves: &[&str]) -> Vec<Option<(Outcome, EndReason)>> {
    let v = &game.variant;
    let mut pos = fen.map_or_else(|| v.start_position(), |f| parse_fen(v, f).expect("fen"));
    let mut history = Vec::new();
    let mut ends = Vec::new();
    for m in moves {
        let mv = parse_move(v, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        history.push(pos.hash);
        v.make(&mut pos, mv);
        ends.push(v.game_end(&mut pos, &history));
    }
    ends
}

#[test]
fn threefold_repetition_is_a_draw() {
    let g = chess();
    // The start position occurs after moves 4 and 8 again: the third time ends it.
    let ends = play(
        &g,
        None,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    );
    assert!(ends[..7].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(ends[7], Some((Outcome::Draw, EndReason::Repetition)));
}

#[test]
fn fifty_moves_without_progress_is_a_draw() {
    let g = chess();
    // Half-move clock at 99: one more quiet move makes 100 plies = 50 moves.
    let ends = play(&g, Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a2"]);
    assert_eq!(ends[0], Some((Outcome::Draw, EndReason::NoProgress)));
    // A pawn move resets the clock.
    let ends = play(&g, Some("4k3/8/8/8/8/8/P7/4K3 w - - 99 80"), &["a2a3"]);
    assert_eq!(ends[0], None);
}

#[test]
fn checkmate_and_stalemate() {
    let g = chess();
    let ends = play(&g, None, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(ends[3], Some((Outcome::Loss, EndReason::Checkmate)));
    let ends = play(&g, Some("7k/8/4Q3/6K1/8/8/8/8 w - - 0 1"), &["e6f7"]);
    assert_eq!(ends[0], Some((Outcome::Draw, EndReason::Stalemate)));
}

#[test]
fn an_unusable_en_passant_square_does_not_break_a_repetition() {
    let g = chess();
    // 1.e4 leaves no usable en-passant square (no black pawn beside e4). The
    // position after it (Black to move) returns after ply 5 (3.Ng1) and ply 9
    // (5.Ng1): the third occurrence ends the game. Had e3 been recorded after
    // 1.e4, the first occurrence would hash differently and no draw would come.
    let ends = play(
        &g,
        None,
        &[
            "e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1",
        ],
    );
    assert!(ends[..8].iter().all(Option::is_none), "{ends:?}");
    assert_eq!(ends[8], Some((Outcome::Draw, EndReason::Repetition)));
}

fn makruk() -> Game {
    load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/makruk.variant"
    )))
    .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Makruk's counting (`counting without Pawn { ... } -> draw`), as
/// Fairy-Stockfish: the FENs below are its `d` after the same moves.
#[test]
fn makruk_counting_starts_and_ends_the_game() {
    let g = makruk();
    let v = &g.variant;
    let fen_after = |fen: &str, moves: &[&str]| {
        let mut pos = parse_fen(v, fen).expect("fen");
        for m in moves {
            let mv = parse_move(v, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            v.make(&mut pos, mv);
        }
        myriad::notation::write_fen(v, &pos)
    };
    // King and rook against a bare king: the count starts after White's
    // move, from the three pieces (6 plies), limit one rook's 16 moves.
    let start = "4k3/8/8/8/8/8/R7/3K4 w - - 0 1";
    assert_eq!(
        fen_after(start, &["a2a3"]),
        "4k3/8/8/8/8/R7/8/3K4 b - 32 6 1"
    );
    assert_eq!(
        fen_after(start, &["a2a3", "e8e7", "a3a4"]),
        "8/4k3/8/8/R7/8/8/3K4 b - 32 8 2"
    );
    // The count in the FEN is read back and goes on.
    let counting = "4k3/8/8/8/8/8/R7/3K4 b - 32 31 1";
    assert_eq!(fen_after(counting, &[]), counting);
    assert_eq!(
        fen_after(counting, &["e8e7"]),
        "8/4k3/8/8/8/8/R7/3K4 w - 32 32 2"
    );
    // One ply more than the limit: a draw.
    let ends = play(&g, Some("4k3/8/8/8/8/8/R7/3K4 b - 32 32 1"), &["e8e7"]);
    assert_eq!(ends, [Some((Outcome::Draw, EndReason::Counting))]);
    let ends = play(&g, Some(counting), &["e8e7"]);
    assert_eq!(ends, [None]);
    // Past the limit, a mate still counts.
    let ends = play(&g, Some("k7/8/1K6/8/8/8/8/7R w - 32 40 1"), &["h1h8"]);
    assert_eq!(ends, [Some((Outcome::Loss, EndReason::Checkmate))]);
    // Board's honour: no pawn left, both with more than a king: 64 moves,
    // counted from 0 by the side to move.
    assert_eq!(
        fen_after("4k3/4r3/8/8/8/8/R7/3K4 w - - 0 1", &["a2a3"]),
        "4k3/4r3/8/8/8/R7/8/3K4 b - 128 0 1"
    );
}
