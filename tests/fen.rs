//! A FEN that cannot be read names the field at fault, as a value tests and
//! front ends can match on, and the message says what was expected.

use myriad::load::load;
use myriad::notation::{FenField, parse_fen};

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
