//! Evaluation terms checked against what a chess player knows by hand.

use myriad::eval::Eval;
use myriad::load::load;
use myriad::notation::parse_fen;

fn chess() -> myriad::load::Game {
    let root = env!("CARGO_MANIFEST_DIR");
    load(std::path::Path::new(&format!("{root}/rules/chess.variant")))
        .unwrap_or_else(|e| panic!("{}", e.rendered()))
}

/// Passed pawns, derived from the rules alone (promotion zone, pawn moves and
/// captures), agree with the textbook definition: no enemy pawn ahead on the
/// same or an adjacent file.
#[test]
fn passed_pawns_as_in_the_textbook() {
    let game = chess();
    let v = &game.variant;
    let eval = Eval::new(v);
    let sq = |s: &str| v.geo.parse_square(s).expect("square");
    // White pawns a5 b5 c4 e4 h2, black pawns d5 f4 g7. Passed: a5 and b5
    // (no black pawn on files a-c above), f4 (white's e4 stands level and
    // never captures backwards). Not passed: c4 and e4 (d5 ahead on the
    // next file), h2 (g7), d5 (c4 and e4), g7 (h2).
    let pos = parse_fen(v, "4k3/6p1/8/PP1p4/2P1Pp2/8/7P/4K3 w - - 0 1").expect("fen");
    let cases = [
        ("a5", true),
        ("b5", true),
        ("c4", false),
        ("e4", false),
        ("h2", false),
        ("d5", false),
        ("f4", true),
        ("g7", false),
    ];
    for (s, want) in cases {
        assert_eq!(eval.is_passed(&pos, sq(s)), Some(want), "{s}");
    }
    assert_eq!(
        eval.is_passed(&pos, sq("e1")),
        None,
        "a king does not promote"
    );
}

/// The evaluation of `fen` for the side to move with one weight set to
/// `value`, the others as the variant's.
fn eval_with(game: &myriad::load::Game, fen: &str, name: &str, value: i32) -> i32 {
    let v = &game.variant;
    let mut w = v.weights.clone();
    let i = myriad::eval::Weights::NAMES
        .iter()
        .position(|&n| n == name)
        .expect("weight");
    w.terms[i] = value;
    let pos = parse_fen(v, fen).expect("fen");
    Eval::with_weights(v, &w).evaluate(v, &pos)
}

/// `promoting_threat`: the pawn on e5 forks the knight on d6 and the bishop
/// on f6, two threats; the black pawns attack no white piece. A pawn
/// attacking a pawn does not count.
#[test]
fn a_pawn_fork_is_two_threats() {
    let game = chess();
    let fork = "r2qk2r/ppp2ppp/3n1b2/4P3/8/8/PPP2PPP/R2QK2R w KQkq - 0 1";
    let with = eval_with(&game, fork, "promoting_threat", 40);
    let without = eval_with(&game, fork, "promoting_threat", 0);
    assert_eq!(with - without, 80, "two threats of 40 for White, to move");
    // The same from Black's side: the threats count against it.
    let black = "r2qk2r/ppp2ppp/3n1b2/4P3/8/8/PPP2PPP/R2QK2R b KQkq - 0 1";
    let with = eval_with(&game, black, "promoting_threat", 40);
    let without = eval_with(&game, black, "promoting_threat", 0);
    assert_eq!(with - without, -80);
    // Pawns against a pawn: d5 and f5 attack e6, and e6 attacks both; no
    // threat counts.
    let pawns = "4k3/8/4p3/3P1P2/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        eval_with(&game, pawns, "promoting_threat", 40),
        eval_with(&game, pawns, "promoting_threat", 0)
    );
}

/// `royal_cover`: before the endgame, White's king on g1 has three pawns
/// next to it (f2, g2, h2), Black's on g8 none; in the endgame (queens
/// off) the term is gone.
#[test]
fn pawns_next_to_the_king_cover_it_before_the_endgame() {
    let game = chess();
    let middlegame = "3qr1k1/8/8/8/8/8/5PPP/3QR1K1 w - - 0 1";
    let with = eval_with(&game, middlegame, "royal_cover", 10);
    let without = eval_with(&game, middlegame, "royal_cover", 0);
    assert_eq!(with - without, 30);
    let endgame = "4r1k1/8/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    assert_eq!(
        eval_with(&game, endgame, "royal_cover", 10),
        eval_with(&game, endgame, "royal_cover", 0)
    );
}
