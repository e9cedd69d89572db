//! Hands (`captures to hand`, rules/crazyhouse.variant, shogi and
//! minishogi): the FEN after
//! captures, drops and promotions, against native Fairy-Stockfish's `d`
//! answers to the same moves (its `Fen:` lines are copied below), and
//! make/unmake restoring the hand and the promotion marks.

use myriad::load::{Game, load};
use myriad::movegen::Move;
use myriad::notation::{move_to_string, parse_fen, parse_move, write_fen};

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

fn bundled(name: &str) -> Game {
    let path = format!("{}/rules/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    load(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{}", e.rendered()))
}

#[test]
fn shogi_start_and_promoted_captures_as_fairy_stockfish() {
    let g = bundled("shogi");
    // FSF: position startpos; d
    assert_eq!(
        after(&g, None, &[]),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    );
    // FSF: position startpos moves c3c4 g7g6 b2h8+ g9h8 B@e5 a7a6 e5c7+ (the
    // bishops traded, one dropped back and promoted as it takes in the zone)
    assert_eq!(
        after(
            &g,
            None,
            &["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5", "a7a6", "e5c7+"]
        ),
        "lnsgkg1nl/1r5s1/1p+Bppp1pp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Pb] b - - 0 4"
    );
    // FSF: position fen 4k4/7+r1/9/9/9/9/9/7R1/4K4[] w - - 0 1 moves h2h8+ e9d9:
    // the dragon taken goes to the hand as a rook.
    assert_eq!(
        after(
            &g,
            Some("4k4/7+r1/9/9/9/9/9/7R1/4K4[] w - - 0 1"),
            &["h2h8+", "e9d9"]
        ),
        "3k5/7+R1/9/9/9/9/9/9/4K4[R] w - - 1 2"
    );
    // FSF: ... i7i8 (a pawn move keeps the half-move clock running in shogi).
    assert_eq!(
        after(&g, Some("7pk/7b1/7GP/9/9/9/9/9/1K7[] w - - 0 1"), &["i7i8"]),
        "7pk/7bP/7G1/9/9/9/9/9/1K7[] b - - 1 1"
    );
}

#[test]
fn minishogi_start_and_a_pawn_promoting_as_it_takes() {
    let g = bundled("minishogi");
    // FSF: position startpos moves a2a3 e4e3 a3a4 e3e2 a4a5+
    assert_eq!(after(&g, None, &[]), "rbsgk/4p/5/P4/KGSBR[] w - - 0 1");
    assert_eq!(
        after(&g, None, &["a2a3", "e4e3", "a3a4", "e3e2", "a4a5+"]),
        "+Pbsgk/5/5/4p/KGSBR[R] b - - 0 3"
    );
}

#[test]
fn shogi_moves_write_and_read_back_and_make_unmake_restores() {
    let g = bundled("shogi");
    let v = &g.variant;
    // random-5 of rules/perft/shogi.perft, as FSF printed it: promoted
    // pieces of both sides, pieces in both hands.
    let fen =
        "pr1g2sp1/l7g/+P1n1+Np2l/1B1k2p1p/3pp2P1/n1P1PbP1P/LP3G1RL/2SP2G2/3K2S2[NPPSp] w - - 3 48";
    let mut pos = parse_fen(v, fen).expect("fen");
    assert_eq!(write_fen(v, &pos), fen);
    let mut moves: Vec<Move> = Vec::new();
    v.legal_moves(&mut pos, &mut moves);
    assert!(moves.len() > 100);
    let texts: Vec<String> = moves.iter().map(|&m| move_to_string(v, m)).collect();
    // Drops are written `P@e5`, promotions with `+` alone.
    assert!(texts.iter().any(|t| t.starts_with("N@")));
    assert!(texts.iter().any(|t| t.ends_with('+')));
    for (&m, t) in moves.iter().zip(&texts) {
        assert_eq!(parse_move(v, &mut pos, t).expect("reads back"), m, "{t}");
        let before = pos.clone();
        let u = v.make(&mut pos, m);
        assert_eq!(pos.hash, pos.compute_hash(&v.keys), "{t}");
        v.unmake(&mut pos, m, u);
        assert_eq!(pos, before, "{t}");
    }
}

#[test]
fn the_engine_values_pieces_in_hand() {
    let g = bundled("shogi");
    let v = &g.variant;
    let eval = myriad::eval::Eval::new(v);
    let score = |fen: &str| eval.evaluate(v, &parse_fen(v, fen).expect("fen"));
    // The same board, White (to move) with a gold in hand, with none, and
    // with Black holding it: the gold is worth something to its holder.
    let board = "4k4/9/9/9/9/9/9/9/4K4";
    let mine = score(&format!("{board}[G] w - - 0 1"));
    let none = score(&format!("{board}[] w - - 0 1"));
    let theirs = score(&format!("{board}[g] w - - 0 1"));
    assert!(mine > none && none > theirs, "{mine} {none} {theirs}");
}
