//! `remove`, `not royal`, `must capture` and `extinct` beyond the bundled
//! rule files: each kind of `remove`, the errors, and a child game undoing
//! its parent's rules.

use myriad::load::{Game, load_source};
use myriad::notation::parse_fen;

/// Load `body` as a game extending a bundled rule file.
fn game(import: &str, body: &str) -> Result<Game, String> {
    let name = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/test.variant");
    let src = format!("import \"{import}\"\n{body}");
    load_source(name, &src).map_err(|e| e.rendered())
}

/// The error of a file that must not load.
fn error(import: &str, body: &str) -> String {
    match game(import, body) {
        Ok(_) => panic!("loaded, but it is broken: {body}"),
        Err(e) => e,
    }
}

fn moves(g: &Game, fen: &str) -> usize {
    let v = &g.variant;
    let mut pos = parse_fen(v, fen).expect("fen");
    let mut out = Vec::new();
    v.legal_moves(&mut pos, &mut out);
    out.len()
}

#[test]
fn remove_must_capture_and_end() {
    let g = game(
        "losers.variant",
        "game Calm extends Losers { remove must capture  remove end }",
    )
    .expect("loads");
    let r = &g.variant.rules;
    assert!(!r.must_capture);
    assert!(r.end.extinct.is_empty());
    // After 1.e4 d5 every orthodox move is legal again: 31.
    assert_eq!(
        moves(
            &g,
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
        ),
        31
    );
}

#[test]
fn remove_zone_leaves_its_uses_unknown() {
    let e = error(
        "chess.variant",
        "game NoStart extends Chess { remove zone pawn_start }",
    );
    assert!(e.contains("unknown zone `pawn_start`"), "{e}");
}

#[test]
fn remove_piece_leaves_its_uses_unknown() {
    let e = error(
        "chess.variant",
        "game NoKnights extends Chess { remove piece Knight }",
    );
    assert!(e.contains("unknown piece `Knight`"), "{e}");
}

#[test]
fn removing_twice_is_an_error() {
    let e = error(
        "antichess.variant",
        "game Again extends Antichess { remove castling }",
    );
    assert!(
        e.contains("nothing to remove: no `castling` is inherited"),
        "{e}"
    );
}

#[test]
fn extinct_names_known_pieces() {
    let e = error(
        "chess.variant",
        "game X extends Chess { end { extinct Camel -> loss } }",
    );
    assert!(e.contains("unknown piece `Camel`"), "{e}");
}

#[test]
fn a_royal_game_still_needs_royal_pieces_without_extinct() {
    let e = error(
        "chess.variant",
        "game X extends Chess { setup { white { King e1 }  black { Rook a8 } } }",
    );
    assert!(e.contains("has no royal piece"), "{e}");
}

#[test]
fn extinct_of_one_type_and_royal_back() {
    // Giveaway's king made royal again: check is back, castling through an
    // attacked square is refused, and losing the queen ends the game.
    let g = game(
        "giveaway.variant",
        "game Y extends Giveaway {
           piece King \"K\" extends King { royal }
           piece Pawn \"P\" extends Pawn { promote in promotion to Queen Rook Bishop Knight }
           remove must capture
           end { extinct Queen -> loss }
         }",
    )
    .expect("loads");
    // The rook on f8 attacks f1 and f2: the king has d1 d2 e2 and the long
    // castling, the rook a2..a8 and b1 c1 d1 (10), the queen h2..h8, g1 f1
    // and the long diagonal to a8 (16): 30.
    assert_eq!(moves(&g, "q3kr2/8/8/8/8/8/8/R3K2Q w Q - 0 1"), 30);
    // No white queen: the game is over, White has lost.
    assert_eq!(moves(&g, "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), 0);
}
