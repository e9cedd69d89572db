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
