//! Hands (`captures to hand`, rules/crazyhouse.variant): the FEN after
//! captures, drops and promotions, against native Fairy-Stockfish's `d`
//! answers to the same moves (its `Fen:` lines are copied below), and
//! make/unmake restoring the hand and the promotion marks.

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{parse_fen, parse_move, write_fen};

fn crazyhouse() -> Game {
    load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/crazyhouse.variant"
    )))
    .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// The FEN after `moves` from `fen` (None: the start).
fn after(g: &Game, fen: Option<&str>, moves: &[&str]) -> String {
    let v = &g.variant;
    let mut pos = fen.map_or_else(|| v.start_position(), |f| parse_fen(v, f).expect("fen"));
    for m in moves {
        let mv = parse_move(v, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        v.make(&mut pos, mv);
    }
    write_fen(v, &pos)
}

#[test]
fn start_writes_an_empty_hand() {
    let g = crazyhouse();
    assert_eq!(
        after(&g, None, &[]),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
}

#[test]
fn captures_and_drops_as_fairy_stockfish() {
    let g = crazyhouse();
    // FSF: position startpos moves e2e4 d7d5 e4d5 d8d5 P@e4
    assert_eq!(
        after(&g, None, &["e2e4", "d7d5", "e4d5", "d8d5", "P@e4"]),
        "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"
    );
}

#[test]
fn promoted_pieces_are_marked_and_return_as_pawns() {
    let g = crazyhouse();
    // FSF: position fen 4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1 moves b7b8q
    assert_eq!(
        after(&g, Some("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"), &["b7b8q"]),
        "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    // FSF: position fen Q~3k3/8/8/8/8/8/r7/7K[] b - - 0 1 moves a2a8 h1g1 P@e5
    assert_eq!(
        after(
            &g,
            Some("Q~3k3/8/8/8/8/8/r7/7K[] b - - 0 1"),
            &["a2a8", "h1g1", "P@e5"]
        ),
        "r3k3/8/8/4p3/8/8/8/6K1[] w - - 0 3"
    );
}

#[test]
fn make_unmake_restores_hands_and_marks() {
    let g = crazyhouse();
    let v = &g.variant;
    // A marked queen moving and taken, pieces in both hands (random-10 of
    // rules/perft/crazyhouse.perft, as FSF printed it).
    let fen = "N~1Q~1rk2/5Pqp/1pP4P/1P2p1nP/2Bp1N2/1p1pPRR1/1bRnNPB1/q1BK4[p] b - - 1 52";
    let mut pos = parse_fen(v, fen).expect("fen");
    assert_eq!(write_fen(v, &pos), fen);
    let mut moves: Vec<Move> = Vec::new();
    v.legal_moves(&mut pos, &mut moves);
    assert!(moves.len() > 10);
    for &m in &moves {
        let before = pos.clone();
        let u = v.make(&mut pos, m);
        assert_eq!(pos.hash, pos.compute_hash(&v.keys));
        v.unmake(&mut pos, m, u);
        assert_eq!(pos, before);
    }
}
