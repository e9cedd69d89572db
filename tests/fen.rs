//! A FEN that cannot be read names the field at fault, as a value tests and
//! front ends can match on, and the message says what was expected.

use myriad::load::load;
use myriad::notation::{FenField, parse_fen, parse_move, write_fen};

#[test]
fn each_bad_field_is_named() {
    let root = env!("CARGO_MANIFEST_DIR");
    let game = load(std::path::Path::new(&format!("{root}/rules/chess.variant"))).unwrap();
    let v = &game.variant;
    let cases = [
        ("", FenField::Board),
        ("8/8/8/8/8/8/8 w - - 0 1", FenField::Board),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", FenField::Rank(1)),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenField::SideToMove),
        ("4k3/8/8/8/8/8/8/4K3 w Z - 0 1", FenField::Castling),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenField::EnPassant),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", FenField::HalfmoveClock),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 x", FenField::MoveNumber),
        // The side not to move is in check.
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenField::Position),
    ];
    for (fen, field) in cases {
        let e = parse_fen(v, fen).expect_err(fen);
        assert_eq!(e.field, field, "{fen}: {e}");
        assert!(
            e.to_string().starts_with(&format!("bad FEN: {field}: ")),
            "{e}"
        );
    }
    assert_eq!(FenField::Rank(3).to_string(), "rank 3");
}

/// Fairy-Stockfish's en-passant field with the square of the piece that
/// passed (`d3c4`, either order) is read; a square that piece cannot have
/// come from is refused, naming the field.
#[test]
fn two_square_en_passant_field() {
    let root = env!("CARGO_MANIFEST_DIR");
    let game = load(std::path::Path::new(&format!(
        "{root}/rules/berolina.variant"
    )))
    .unwrap();
    let v = &game.variant;
    for fen in [
        "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1",
        "4k3/8/8/8/2Pp4/8/8/4K3 b - c4d3 0 1",
    ] {
        let pos = parse_fen(v, fen).expect(fen);
        assert!(pos.ep.is_some(), "{fen}");
    }
    let e = parse_fen(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3e5 0 1").expect_err("e5 is empty");
    assert_eq!(e.field, FenField::EnPassant, "{e}");
    let e = parse_fen(v, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3d4 0 1").expect_err("d4 is black's");
    assert_eq!(e.field, FenField::EnPassant, "{e}");
    assert!(e.to_string().contains("no piece on d4"), "{e}");
}

/// Where the square passed does not tell where the piece landed (Berolina
/// pawns step two squares along either diagonal), the en-passant field is
/// written after every such double step, capture possible or not, with the
/// piece's square, as Fairy-Stockfish writes it (found by
/// scripts/fsf-fen-check.py); chess's field stays as it was.
#[test]
fn en_passant_field_after_every_ambiguous_double_step() {
    let root = env!("CARGO_MANIFEST_DIR");
    let after = |file: &str, fen: &str, mv: &str| {
        let game = load(std::path::Path::new(&format!("{root}/rules/{file}"))).unwrap();
        let v = &game.variant;
        let mut pos = parse_fen(v, fen).unwrap();
        let m = parse_move(v, &mut pos, mv).unwrap();
        v.make(&mut pos, m);
        let written = write_fen(v, &pos);
        let back = parse_fen(v, &written).unwrap();
        assert_eq!(write_fen(v, &back), written, "round trip");
        written
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        after("berolina.variant", start, "b2d4"),
        "rnbqkbnr/pppppppp/8/8/3P4/8/P1PPPPPP/RNBQKBNR b KQkq c3d4 0 1"
    );
    let black = "rnbqkbnr/pppppppp/8/8/8/4P3/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        after("berolina.variant", black, "b7d5"),
        "rnbqkbnr/p1pppppp/8/3p4/8/4P3/PPP1PPPP/RNBQKBNR w KQkq d5c6 0 2"
    );
    assert_eq!(
        after("chess.variant", start, "e2e4"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}
